"""AUC-Train pairs: counts, labels, balance and the sampling of Algorithm 3."""

import numpy as np
import pytest

from weka_ranking.pairs import (
    all_pairs,
    count_all_pairs,
    ordered_pairs_block,
    sample_pairs,
)

Y = np.array([1, 0, 0, 1, 0, 0, 0])  # positives 0, 3; negatives 1, 2, 4, 5, 6


def test_all_pairs_hand_computed():
    pairs = all_pairs(Y)
    assert len(pairs) == count_all_pairs(Y) == 2 * 2 * 5
    expected = [(a, b, 1) for a in (0, 3) for b in (1, 2, 4, 5, 6)] + [
        (a, b, 0) for a in (1, 2, 4, 5, 6) for b in (0, 3)
    ]
    assert list(zip(pairs.left, pairs.right, pairs.label)) == expected


def test_all_pairs_are_mixed_balanced_and_labelled_by_the_first():
    y = np.random.default_rng(0).integers(0, 2, 60)
    pairs = all_pairs(y)
    assert (y[pairs.left] != y[pairs.right]).all()
    assert (pairs.label == y[pairs.left]).all()
    assert pairs.label.sum() * 2 == len(pairs)
    assert len(set(zip(pairs.left, pairs.right))) == len(pairs)


@pytest.mark.parametrize("p", [1, 2, 4])
def test_sample_p_per_instance_without_replacement(p):
    pairs = sample_pairs(Y, p, np.random.default_rng(1))
    for a in range(len(Y)):
        partners = pairs.right[pairs.left == a]
        others = 5 if Y[a] == 1 else 2
        assert len(partners) == min(p, others)
        assert len(set(partners)) == len(partners)
        assert (Y[partners] != Y[a]).all()
    assert (pairs.label == Y[pairs.left]).all()


def test_sample_takes_all_when_fewer_than_p():
    sampled = sample_pairs(Y, 100, np.random.default_rng(1))
    full = all_pairs(Y)
    assert sorted(zip(sampled.left, sampled.right)) == sorted(
        zip(full.left, full.right)
    )


def test_sample_is_seeded_and_uniform():
    y = np.array([1] + [0] * 10)
    first = sample_pairs(y, 3, np.random.default_rng(7))
    again = sample_pairs(y, 3, np.random.default_rng(7))
    assert (first.right == again.right).all()
    counts = np.zeros(11)
    rng = np.random.default_rng(3)
    for _ in range(2000):
        counts[sample_pairs(y, 3, rng).right[:3]] += 1
    # Each negative is drawn with probability 3/10: about 600 times in 2000.
    assert np.all(np.abs(counts[1:] - 600) < 100)


def test_one_class_is_refused():
    with pytest.raises(ValueError, match="one class only"):
        all_pairs(np.zeros(5, dtype=int))
    with pytest.raises(ValueError, match="one class only"):
        sample_pairs(np.ones(5, dtype=int), 1, np.random.default_rng(0))


def test_ordered_pairs_block_skips_the_diagonal():
    left, right = ordered_pairs_block(4, 1, 3)
    assert list(zip(left, right)) == [(1, 0), (1, 2), (1, 3), (2, 0), (2, 1), (2, 3)]
