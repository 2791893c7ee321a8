"""UnsharedRandom, the members' generator, against java.util.Random.

A member's pairs are drawn from ``new Random(seed + i)``; the meta-classifier
draws them from ``UnsharedRandom``, whose seed is a plain field, not an
atomic one. Its every draw must be Random's, or the members would change.
"""

import jpype
import numpy as np
import pytest

from weka_ranking import bridge, load_task

PACKAGE = "weka.classifiers.meta.rankingreduction"


def generators(weka, seed):
    return (
        jpype.JClass("java.util.Random")(seed),
        jpype.JClass(f"{PACKAGE}.UnsharedRandom")(seed),
    )


def bounds(seed):
    """Small bounds (the default's partners), powers of two, and large ones.

    Bounds just above 2^30 reject about half of next(31)'s values, so
    nextInt's loop of draws again is taken often.
    """
    rng = np.random.default_rng(seed)
    return np.concatenate(
        [
            rng.integers(1, 5000, 4000),
            2 ** rng.integers(0, 31, 500),
            2**30 + rng.integers(1, 2**30 - 1, 1000),
            np.full(100, 2**31 - 1),
        ]
    ).astype(np.int32)


@pytest.mark.parametrize("seed", [0, 1, 2, 10, -7, 2**40 + 3])
def test_bounded_draws_are_randoms(seed, weka):
    sequences = weka("wekaranking.harness.RandomSequences")
    wanted = bounds(abs(seed) % 1000)
    java_random, unshared = generators(weka, seed)
    expected = np.asarray(sequences.bounded(java_random, wanted))
    got = np.asarray(sequences.bounded(unshared, wanted))
    np.testing.assert_array_equal(got, expected)
    assert (got < wanted).all()


@pytest.mark.parametrize("seed", [1, 123456789])
def test_every_kind_of_draw_is_randoms(seed, weka):
    sequences = weka("wekaranking.harness.RandomSequences")
    java_random, unshared = generators(weka, seed)
    np.testing.assert_array_equal(
        np.asarray(sequences.mixed(unshared, 4000)),
        np.asarray(sequences.mixed(java_random, 4000)),
    )


def test_the_meta_classifiers_members_are_drawn_as_with_random(weka):
    """The ten members of the default from the rows: their pairs as Random's."""
    data = load_task("hepatitis")
    instances = bridge.to_instances(data)
    task = jpype.JClass(f"{PACKAGE}.RankingTask").of(instances, data.positive, "")
    training = jpype.JClass(f"{PACKAGE}.PairTraining")(instances, task, 2, False)
    for seed in range(1, 11):
        java_random, unshared = generators(weka, seed)
        wanted, got = training.pairList(java_random), training.pairList(unshared)
        for field in ("first", "second", "label"):
            np.testing.assert_array_equal(
                np.asarray(getattr(got, field)), np.asarray(getattr(wanted, field))
            )
