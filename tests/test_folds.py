"""Folds identical to WEKA's crossValidateModel, and java.util.Random reproduced.

``cross_validate``'s seed seeds the folds as ``cv --seed`` does.
"""

import json

import numpy as np
import pytest

from tests.conftest import ids, with_row_ids
from weka_ranking import RankingReduction, bridge, cross_validate, load_task
from weka_ranking.cli import main
from weka_ranking.folds import JavaRandom, weka_folds


@pytest.mark.parametrize("seed", [0, 1, 42, -7, 2**40 + 3])
def test_java_random_matches_java(weka, seed):
    java = weka("java.util.Random")(seed)
    ours = JavaRandom(seed)
    bounds = [1, 2, 3, 5, 7, 8, 10, 64, 100, 286, 1000, 2**30 + 1, 2**31 - 1]
    for bound in bounds * 20:
        assert ours.next_int(bound) == java.nextInt(bound)


@pytest.mark.parametrize(
    ("task", "folds", "seed"),
    [
        ("breast-cancer", 10, 1),
        ("vehicle", 10, 1),
        ("yeast", 10, 1),
        ("hepatitis", 3, 42),
        ("glass", 7, 5),
    ],
)
def test_folds_equal_wekas(weka, task, folds, seed):
    data = load_task(task)
    instances = bridge.to_instances(with_row_ids(data))
    # Evaluation.crossValidateModel's own sequence, on the JVM.
    copy = weka("weka.core.Instances")(instances)
    random = weka("java.util.Random")(seed)
    copy.randomize(random)
    copy.stratify(folds)
    for i, (train, test) in enumerate(weka_folds(data.y, folds, seed)):
        assert ids(copy.trainCV(folds, i, random)) == train.tolist()
        assert ids(copy.testCV(folds, i)) == test.tolist()


def test_folds_partition_the_data():
    y = np.array([0, 1] * 20 + [0] * 13)
    tests = [test for _, test in weka_folds(y, 10, 3)]
    assert sorted(np.concatenate(tests).tolist()) == list(range(len(y)))
    for train, test in weka_folds(y, 10, 3):
        assert set(train).isdisjoint(test) and len(train) + len(test) == len(y)


def test_folds_out_of_range():
    with pytest.raises(ValueError, match="folds must be between 2 and 4"):
        list(weka_folds(np.array([0, 1, 0, 1]), 5))


def test_cross_validate_seeds_the_folds_like_cv_seed(capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    assert main(["cv", "hepatitis", "--pairs", "1", "--seed", "5", "--json"]) == 0
    cli_aucs = json.loads(capsys.readouterr().out)["fold_aucs"]
    model = RankingReduction("J48", pairs_per_instance=1, seed=5)
    assert cross_validate(model, load_task("hepatitis")).fold_aucs == cli_aucs
