"""AUC-Train pairs of the Java class, against the Python oracle.

Counts, labels, balance, the sampling of Algorithm 3, and equality with the Python
oracle (sampled pairs included).
"""

import java_method as java
import numpy as np
import pytest
import reference

Y = np.array([1, 0, 0, 1, 0, 0, 0])  # positives 0, 3; negatives 1, 2, 4, 5, 6


def test_all_pairs_hand_computed(weka):
    expected = [(a, b, 1) for a in (0, 3) for b in (1, 2, 4, 5, 6)] + [
        (a, b, 0) for a in (1, 2, 4, 5, 6) for b in (0, 3)
    ]
    assert java.pairs(Y) == expected


def test_all_pairs_are_mixed_balanced_and_labelled_by_the_first(weka):
    y = np.random.default_rng(0).integers(0, 2, 60)
    left, right, label = map(np.array, zip(*java.pairs(y)))
    assert len(left) == 2 * y.sum() * (len(y) - y.sum())
    assert (y[left] != y[right]).all()
    assert (label == y[left]).all()
    assert label.sum() * 2 == len(left)
    assert len(set(zip(left, right))) == len(left)


@pytest.mark.parametrize("p", [1, 2, 4])
def test_sample_p_per_instance_without_replacement(weka, p):
    left, right, label = map(np.array, zip(*java.pairs(Y, p, seed=1)))
    for a in range(len(Y)):
        partners = right[left == a]
        others = 5 if Y[a] == 1 else 2
        assert len(partners) == min(p, others)
        assert len(set(partners)) == len(partners)
        assert (Y[partners] != Y[a]).all()
    assert (label == Y[left]).all()


def test_sample_takes_all_when_fewer_than_p(weka):
    assert java.pairs(Y, 100, seed=1) == java.pairs(Y)


def test_sample_is_seeded_and_uniform(weka):
    y = np.array([1] + [0] * 10)
    assert java.pairs(y, 3, seed=7) == java.pairs(y, 3, seed=7)
    counts = np.zeros(11)
    for seed in range(2000):
        counts[[b for a, b, _ in java.pairs(y, 3, seed)[:3]]] += 1
    # Each negative is drawn with probability 3/10: about 600 times in 2000.
    assert np.all(np.abs(counts[1:] - 600) < 100)


def test_groups_pair_within_a_query_by_grade(weka):
    grades = [2, 0, 1, 1, 0]
    groups = [7, 7, 7, 8, 8]
    assert java.pairs(grades, groups=groups) == [
        (0, 1, 1),
        (0, 2, 1),
        (2, 0, 0),
        (2, 1, 1),
        (3, 4, 1),
        (1, 0, 0),
        (1, 2, 0),
        (4, 3, 0),
    ]
    assert java.pairs(grades, groups=groups, one_order=True) == [
        (0, 1, 1),
        (0, 2, 1),
        (2, 1, 1),
        (3, 4, 1),
    ]


@pytest.mark.parametrize("case", range(20))
def test_java_pairs_equal_the_oracle(weka, case):
    rng = np.random.default_rng(case)
    n = int(rng.integers(2, 40))
    grades = rng.integers(0, 3 if case % 2 else 2, n)
    groups = rng.integers(0, 4, n) if case % 2 else None
    for p in ("all", 1, 2, 5):
        for one_order in (False, True):
            assert java.pairs(grades, p, case, groups, one_order) == reference.pairs(
                grades, p, case, groups, one_order
            )


def counted(pairs, n):
    """[side][label][row]: how many of the pairs hold each row on each side."""
    times = np.zeros((2, 2, n), dtype=int)
    for a, b, label in pairs:
        times[0, label, a] += 1
        times[1, label, b] += 1
    return times


@pytest.mark.parametrize("case", range(12))
def test_multiplicities_count_the_pairs_the_same_draws_make(weka, case):
    """Counted, not listed, from the same draws: runs of rows, three grades, groups."""
    rng = np.random.default_rng(case)
    n = int(rng.integers(2, 60))
    grades = rng.integers(0, 3 if case % 2 else 2, n)
    groups = rng.integers(0, 4, n) if case % 3 == 1 else None
    for p in ("all", 1, 2, 5):
        for one_order in (False, True):
            np.testing.assert_array_equal(
                java.multiplicities(grades, p, case, groups, one_order),
                counted(java.pairs(grades, p, case, groups, one_order), n),
            )


def test_missing_grades_are_labelled_and_kept_as_the_comparisons_say(weka):
    """A NaN grade is below nothing and above nothing: each pair as > and < say."""
    grades = np.array([2.0, np.nan, 0.0, 1.0, np.nan, 2.0, 0.0])
    both = java.pairs(grades)
    assert all(label == int(grades[a] > grades[b]) for a, b, label in both)
    assert java.pairs(grades, one_order=True) == [
        (a, b, label) for a, b, label in both if not grades[a] < grades[b]
    ]
    np.testing.assert_array_equal(
        java.multiplicities(grades, one_order=True),
        counted(java.pairs(grades, one_order=True), len(grades)),
    )
