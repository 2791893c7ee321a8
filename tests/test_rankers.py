"""The Java rankers on fake comparators.

Checked against hand-computed results and the Python oracles.
"""

import math

import java_method as java
import numpy as np
import pytest
import reference

from weka_ranking import bridge


def by_hidden_score(hidden):
    """A consistent, transitive comparator: x beats x' when its score is higher."""
    hidden = np.asarray(hidden)
    return java.comparator(lambda left, right: hidden[left] > hidden[right])


def from_table(table):
    """A comparator from an explicit matrix: table[x][x'] = c(x, x')."""
    table = np.asarray(table, dtype=bool)
    return java.comparator(lambda left, right: table[left, right])


# Four items; c is inconsistent on (0, 1): both beat each other.
TABLE = [
    [0, 1, 1, 1],
    [1, 0, 0, 1],
    [0, 1, 0, 1],
    [0, 0, 0, 0],
]


def test_tournament_hand_computed(weka):
    # As first element: row sums 3, 2, 2, 0 over n - 1 = 3 opponents.
    scores, comparisons = java.tournament(4, from_table(TABLE), both_orders=False)
    assert scores.tolist() == [1.0, 2 / 3, 2 / 3, 0.0] and comparisons == 12
    # Both orders: the row sums plus the column's "not beaten", 3 - (1, 2, 1, 3),
    # over 2(n - 1) = 6. Row 1, beaten by 0 and 2 as second element, falls below 2.
    scores, comparisons = java.tournament(4, from_table(TABLE))
    assert scores.tolist() == [5 / 6, 3 / 6, 4 / 6, 0.0] and comparisons == 12


def test_as_printed_hand_computed(weka):
    # score[a] += 1 where c(a, b) = 1, else score[b] -= 1, pair by pair:
    # row 0: s0 += 3; row 1: s1 += 2, s2 -= 1; row 2: s0 -= 1, s2 += 2;
    # row 3 (loses all): s0, s1, s2 -= 1 each.
    raw = np.array([1, 1, 0, 0])
    scores, _ = java.as_printed(4, from_table(TABLE))
    assert scores.tolist() == ((raw + 3) / 6).tolist()


def test_as_printed_flattens_a_consistent_comparator(weka):
    # The monograph's else branch gives every item of a consistent order the
    # same score: the order it produces is only its tie rule.
    scores, _ = java.as_printed(6, by_hidden_score([5, 1, 4, 2, 6, 3]))
    assert np.all(scores == 0.5)


@pytest.mark.parametrize("n", [1, 2, 3, 50, 2000])
def test_quicksort_and_tournament_sort_a_consistent_comparator(weka, n):
    hidden = np.random.default_rng(n).permutation(n)
    expected = np.argsort(-hidden).tolist()
    quick, _ = java.quicksort(n, by_hidden_score(hidden), 1)
    assert bridge.order(quick, "stable", 1).tolist() == expected
    degree, _ = java.tournament(n, by_hidden_score(hidden))
    assert bridge.order(degree, "stable", 1).tolist() == expected


def test_quicksort_batches_per_level_and_counts_comparisons(weka):
    n = 10000
    compare = by_hidden_score(np.random.default_rng(0).random(n))
    _, comparisons = java.quicksort(n, compare, 5)
    assert comparisons == sum(compare.calls)
    # Randomized QuickSort asks about 2 n ln n; asking both ways doubles it.
    assert 1.4 < comparisons / (2 * n * math.log(n)) < 2.4
    # One batch per recursion level: O(log n), not O(n).
    assert len(compare.calls) < 8 * math.log2(n)


def test_quicksort_groups_mutual_wins(weka):
    # Every pair "yes" both ways: one tie group, found in one level.
    compare = java.comparator(lambda left, right: np.ones(len(left), bool))
    scores, comparisons = java.quicksort(3000, compare, 0)
    assert comparisons == 2 * 2999 and len(set(scores)) == 1


def test_quicksort_groups_what_the_comparator_cannot_tell_apart(weka):
    # Mixed pairs only: x beats y exactly when x is positive and y negative,
    # and "no" both ways within a class. Without tie groups this is quadratic.
    n = 4000
    y = np.random.default_rng(3).integers(0, 2, n)
    compare = java.comparator(lambda left, right: (y[left] == 1) & (y[right] == 0))
    scores, comparisons = java.quicksort(n, compare, 0)
    assert comparisons < 20 * n
    assert len(set(scores)) == 2  # two tie groups
    assert scores[y == 1].min() > scores[y == 0].max()


def test_tie_rules(weka):
    scores = np.array([0.5, 1.0, 0.5, 0.5, 0.0])
    assert bridge.order(scores, "stable", 4).tolist() == [1, 0, 2, 3, 4]
    shuffled = bridge.order(scores, "random", 4)
    assert shuffled[0] == 1 and shuffled[-1] == 4
    assert sorted(shuffled[1:4].tolist()) == [0, 2, 3]
    assert shuffled.tolist() == bridge.order(scores, "random", 4).tolist()
    for seed in range(20):
        assert bridge.order(scores, "random", seed).tolist() == reference.order(
            scores, "random", seed
        )


def test_tournament_batches_bound_memory(weka):
    n = 1500
    compare = by_hidden_score(np.arange(n))
    java.tournament(n, compare)
    assert max(compare.calls) <= 1 << 20 and sum(compare.calls) == n * (n - 1)


@pytest.mark.parametrize("both_orders", [True, False], ids=["both-orders", "first"])
@pytest.mark.parametrize("case", range(12))
def test_java_rankers_equal_the_oracles(weka, case, both_orders):
    rng = np.random.default_rng(case)
    n = int(rng.integers(1, 60))
    table = rng.random((n, n)) > (0.5 if case % 3 else 0.1)

    def answer(left, right):
        return table[left, right]

    compare = java.comparator(answer)
    assert java.tournament(n, compare, both_orders)[0].tolist() == pytest.approx(
        reference.tournament(n, answer, both_orders).tolist()
    )
    assert java.as_printed(n, compare)[0].tolist() == pytest.approx(
        reference.as_printed(n, answer).tolist()
    )
    scores, comparisons = java.quicksort(n, compare, case)
    expected, expected_comparisons = reference.quicksort(n, answer, case)
    assert scores.tolist() == pytest.approx(expected.tolist())
    assert comparisons == expected_comparisons
