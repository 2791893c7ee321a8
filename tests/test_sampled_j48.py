"""J48 trained from the rows on a member's sampled pairs is WEKA's J48 on them.

``PairListJ48`` trains the default's members (``-P 2``, ten voters) without
making a pair: C4.5's tree grown, collapsed and pruned over the member's pair
list as row numbers. These tests train J48 both ways on the pairs a member's
generator draws (``SampledPairsTraining``) and ask for the same text and the
same class distribution, to the bit, for every pair where no value is
missing, and for the same tree within 1e-11 where C4.5's fractional weights
are added in another order; and they check what goes to WEKA's own path.
"""

import dataclasses

import jpype
import numpy as np
import pytest

from tests.test_product_j48 import (
    MISSING,
    OPTIONS,
    assert_same_model,
    assert_same_tree,
    holes,
    sample,
    tied,
    without_missing,
)
from weka_ranking import RankingReduction, bridge, load_task
from weka_ranking._resources import project_dir
from weka_ranking.data import Dataset, synthetic


def compare(
    data: Dataset,
    options: str = "",
    per_instance: int = 2,
    seed: int = 1,
    threads: int = 1,
):
    """J48 on one member's sampled pairs, from the rows and on the pairs."""
    classifier = bridge.make_classifier("J48", bridge.split_options(options))
    both = jpype.JClass("wekaranking.harness.SampledPairsTraining")
    instances = bridge.to_instances(data)
    return both.compare(
        classifier, instances, data.positive, per_instance, seed, threads
    )


def mixed(n: int = 150) -> Dataset:
    """credit-g's rows: nominal and numeric attributes, some values made missing."""
    data = sample(load_task(project_dir("arff_data") / "credit-g.arff"), n)
    return holes(data, 0.1)


@pytest.mark.parametrize("options", OPTIONS)
def test_sampled_pairs_give_wekas_tree_to_the_bit(options, weka):
    assert_same_model(compare(load_task("glass"), options))


@pytest.mark.parametrize(
    ("per_instance", "seed"), [(1, 1), (2, 7), (3, 2), (5, 11), (8, 3)]
)
def test_every_pairs_per_instance_and_seed(per_instance, seed, weka):
    data = without_missing(mixed(200))
    assert_same_model(compare(data, "", per_instance, seed))
    assert_same_model(compare(tied(150), "-M 1", per_instance, seed))


def test_a_deep_tree_raises_subtrees_alike(weka):
    result = compare(synthetic(400, features=8, seed=3), "-M 1", per_instance=4)
    assert_same_model(result)
    assert str(result.onPairsModel).count(":") > 30


def test_raising_through_attributes_with_and_without_missing_values(weka):
    # One feature holed: a raised subtree's pairs go down splits on it (with
    # C4.5's fractions) and on the complete ones (the fractions never read).
    data = synthetic(400, features=6, seed=5)
    X = data.X.copy()
    X[np.random.default_rng(2).random(len(X)) < 0.1, 0] = np.nan
    result = compare(dataclasses.replace(data, X=X), "-M 1", per_instance=4)
    assert_same_tree(result)
    tree = str(result.onPairsModel)
    assert "first_x1 " in tree or "second_x1 " in tree
    assert tree.count(":") > 30


def test_candidates_passed_over_on_a_bound_leave_c45s_choice(weka):
    # Classes in blocks of ten rows along x1: the gain rises and falls from
    # block to block, so ranges of candidates are passed over on a bound of
    # their gains (the corners of their class counts' box) beside ranges that
    # hold the best; a bound from the ranges' ends alone would choose another
    # split here. x3 holds values 1e-6 apart (no split point between them)
    # among values farther apart: the scan reads those values, not its marks.
    data = synthetic(300, features=5, seed=6)
    X = data.X.copy()
    X[:, 0] = np.arange(300) // 2
    X[:, 2] = np.round(X[:, 2], 1) + (np.arange(300) % 3) * 1e-6
    y = ((np.arange(300) // 10) % 2).astype(data.y.dtype)
    block = dataclasses.replace(data, X=X, y=y)
    for per_instance in (1, 4):
        result = compare(block, "-M 1", per_instance=per_instance, seed=3)
        assert_same_model(result)
        tree = str(result.onPairsModel)
        assert "first_x1 " in tree or "second_x1 " in tree


@pytest.mark.parametrize("seed", [1, 2])
def test_a_split_point_moved_to_zero_is_the_pairs_first_zero(seed, weka):
    # x1 holds -0.0 and 0.0 in the rows' order at random: C4.5 moves the
    # split point between 0 and 1 to the zero its scan of the member's pairs
    # meets first, printed "-0" or "0"; the other features hold no zero, and
    # their pairs are not read for one.
    data = synthetic(200, features=5, seed=8)
    rng = np.random.default_rng(7)
    X = data.X.copy()
    X[:, 0] = rng.choice([-1.0, -0.0, 0.0, 1.0], len(X))
    y = ((X[:, 0] > 0) ^ (rng.random(len(X)) < 0.1)).astype(data.y.dtype)
    result = compare(dataclasses.replace(data, X=X, y=y), "-M 1", seed=seed)
    assert_same_model(result)
    tree = str(result.onPairsModel)
    assert "x1 <= -0\n" in tree


def test_sides_holding_every_row_give_wekas_tree(weka):
    # As many pairs per instance as rows: every row is on both sides of the
    # pairs (at -P 2 only on the first), and both sides take the sorted lists
    # made once for every member (RowRanks.everyRowSorted).
    data = without_missing(mixed(120))
    result = compare(data, per_instance=len(data))
    assert result.fromRows
    assert_same_model(result)


@pytest.mark.parametrize("share", [0, 0.03], ids=["complete", "missing"])
def test_the_tree_does_not_depend_on_the_threads(share, weka):
    # 1,200 rows, 2,400 pairs: the root's attributes are weighed on two threads.
    data = holes(synthetic(1200, seed=4), share)
    one, two = (compare(data, threads=threads) for threads in (1, 2))
    assert one.fromRows and two.fromRows
    assert str(one.fromRowsModel) == str(two.fromRowsModel)
    assert str(one.fromRowsModel).count(":") > 10


@pytest.mark.parametrize("data", MISSING[:4] + MISSING[5:])
def test_missing_values_give_wekas_tree(data, weka):
    data = data()
    assert np.isnan(data.X).any()
    assert_same_tree(compare(data))


@pytest.mark.parametrize("options", OPTIONS)
def test_missing_values_under_every_option_it_honours(options, weka):
    assert_same_tree(compare(mixed(), options, per_instance=3, seed=5))


def test_a_rows_many_pairs_with_missing_values_give_wekas_tree(weka):
    # -P 8: a row on about eight pairs a side, its entry in a sorted list
    # standing for them all; a split on the other side parts them, and the
    # pairs missing a tested value carry fractions, summed row by row.
    result = compare(mixed(200), "-M 1", per_instance=8, seed=4)
    assert_same_tree(result)
    assert str(result.onPairsModel).count(":") > 20


@pytest.mark.parametrize("options", ["-B", "-L"])
def test_options_it_cannot_honour_go_to_wekas_path(options, weka):
    result = compare(load_task("glass"), options)
    assert not result.fromRows
    assert result.pairs > 0


def test_the_default_members_are_the_trees_from_the_rows(weka):
    # The default: -P 2 and ten voters; each member's tree from the rows.
    data = without_missing(mixed(200))
    model = RankingReduction("J48", voters=3).fit(data)
    from_rows = model.weka_model_.trainingFootprint(bridge.to_instances(data))[5]
    assert from_rows == 1
    members = [str(m.toString()) for m in model.weka_model_.getMembers()]
    seeds = list(model.member_seeds_)
    for member, seed in zip(members, seeds, strict=True):
        result = compare(data, seed=seed)
        assert_same_model(result)
        assert member == str(result.onPairsModel)
    assert len(set(members)) > 1  # each member its own sample
