"""Rankers on fake comparators: no JVM needed."""

import math

import numpy as np
import pytest

from weka_ranking.rankers import (
    as_printed_scores,
    order_by_scores,
    quicksort,
    rank_pairwise,
    tournament_scores,
)


def by_hidden_score(hidden):
    """A consistent, transitive comparator: x beats x' when its score is higher."""
    hidden = np.asarray(hidden)
    calls = []

    def compare(left, right):
        calls.append(len(left))
        return hidden[left] > hidden[right]

    compare.calls = calls
    return compare


def from_table(table):
    """A comparator from an explicit matrix: table[x][x'] = c(x, x')."""
    table = np.asarray(table, dtype=bool)
    return lambda left, right: table[left, right]


# Four items; c is inconsistent on (0, 1): both beat each other.
TABLE = [
    [0, 1, 1, 1],
    [1, 0, 0, 1],
    [0, 1, 0, 1],
    [0, 0, 0, 0],
]


def test_tournament_hand_computed():
    # Degrees: row sums 3, 2, 2, 0 over n - 1 = 3 opponents.
    assert tournament_scores(4, from_table(TABLE)).tolist() == [1.0, 2 / 3, 2 / 3, 0.0]


def test_as_printed_hand_computed():
    # score[a] += 1 where c(a, b) = 1, else score[b] -= 1, pair by pair:
    # row 0: s0 += 3; row 1: s1 += 2, s2 -= 1; row 2: s0 -= 1, s2 += 2;
    # row 3 (loses all): s0, s1, s2 -= 1 each.
    raw = np.array([1, 1, 0, 0])
    assert as_printed_scores(4, from_table(TABLE)).tolist() == ((raw + 3) / 6).tolist()


def test_as_printed_flattens_a_consistent_comparator():
    # The monograph's else branch gives every item of a consistent order the
    # same score: the order it produces is only its tie rule.
    scores = as_printed_scores(6, by_hidden_score([5, 1, 4, 2, 6, 3]))
    assert np.all(scores == 0.5)


@pytest.mark.parametrize("n", [1, 2, 3, 50, 3000])
def test_quicksort_and_tournament_sort_a_consistent_comparator(n):
    hidden = np.random.default_rng(n).permutation(n)
    expected = np.argsort(-hidden)
    quick = quicksort(n, by_hidden_score(hidden), np.random.default_rng(1))
    assert quick.order.tolist() == expected.tolist()
    if n <= 3000:
        order = order_by_scores(
            tournament_scores(n, by_hidden_score(hidden)), "stable", None
        )
        assert order.tolist() == expected.tolist()


def test_quicksort_batches_per_level_and_counts_comparisons():
    n = 10000
    compare = by_hidden_score(np.random.default_rng(0).random(n))
    ranking = quicksort(n, compare, np.random.default_rng(5))
    assert ranking.comparisons == sum(compare.calls)
    # Randomized QuickSort asks about 2 n ln n; asking both ways doubles it.
    assert 1.4 < ranking.comparisons / (2 * n * math.log(n)) < 2.4
    # One batch per recursion level: O(log n), not O(n).
    assert len(compare.calls) < 8 * math.log2(n)


def test_quicksort_groups_mutual_wins():
    # Every pair "yes" both ways: one tie group, found in one level.
    ranking = quicksort(
        3000, lambda left, right: np.ones(len(left), bool), np.random.default_rng(0)
    )
    assert ranking.comparisons == 2 * 2999 and len(set(ranking.scores)) == 1


def test_quicksort_groups_what_the_comparator_cannot_tell_apart():
    # Mixed pairs only: x beats y exactly when x is positive and y negative,
    # and "no" both ways within a class. Without tie groups this is quadratic.
    n = 4000
    y = np.random.default_rng(3).integers(0, 2, n)

    def compare(left, right):
        return (y[left] == 1) & (y[right] == 0)

    ranking = quicksort(n, compare, np.random.default_rng(0))
    assert ranking.comparisons < 20 * n
    assert set(y[ranking.order[: y.sum()]]) == {1}
    assert len(set(ranking.scores)) == 2  # two tie groups
    assert ranking.scores[y == 1].min() > ranking.scores[y == 0].max()


def test_quicksort_is_seeded():
    table = np.random.default_rng(2).random((40, 40)) > 0.5  # inconsistent
    first = quicksort(40, from_table(table), np.random.default_rng(9)).order
    again = quicksort(40, from_table(table), np.random.default_rng(9)).order
    assert first.tolist() == again.tolist()
    assert sorted(first.tolist()) == list(range(40))


def test_tie_rules():
    scores = np.array([0.5, 1.0, 0.5, 0.5, 0.0])
    assert order_by_scores(scores, "stable", None).tolist() == [1, 0, 2, 3, 4]
    shuffled = order_by_scores(scores, "random", np.random.default_rng(4))
    assert shuffled[0] == 1 and shuffled[-1] == 4
    assert sorted(shuffled[1:4].tolist()) == [0, 2, 3]
    again = order_by_scores(scores, "random", np.random.default_rng(4))
    assert shuffled.tolist() == again.tolist()


def test_tournament_batches_bound_memory():
    n = 500
    compare = by_hidden_score(np.arange(n))
    tournament_scores(n, compare, batch=10_000)
    assert max(compare.calls) <= 10_000 and sum(compare.calls) == n * (n - 1)


def test_rank_pairwise_reports_comparisons():
    ranking = rank_pairwise("tournament", 5, by_hidden_score(range(5)), "stable", None)
    assert ranking.comparisons == 20 and ranking.order.tolist() == [4, 3, 2, 1, 0]
