"""J48 trained on all pairs from the rows is WEKA's J48 on the materialised pairs.

``ProductJ48`` never makes a pair: it grows, collapses and prunes C4.5's tree
from counts over the rows. These tests train J48 both ways on the same data
and ask for the same text (``toString``: every split, split point and leaf
count) and the same class distribution, to the bit, for every pair; and they
check that the options and data it cannot honour go to WEKA's own path.
"""

import dataclasses

import jpype
import numpy as np
import pytest

from weka_ranking import RankingReduction, bridge, load_task
from weka_ranking._resources import project_dir
from weka_ranking.data import Dataset, synthetic
from weka_ranking.tasks import diabetes_zeros_missing


def compare(data: Dataset, options: str = "", learner: str = "J48"):
    """J48 trained from the rows and on the pairs (``AllPairsTraining``)."""
    classifier = bridge.make_classifier(learner, bridge.split_options(options))
    instances = bridge.to_instances(data)
    both = jpype.JClass("wekaranking.harness.AllPairsTraining")
    return both.compare(classifier, instances, data.positive)


def sample(data: Dataset, n: int, seed: int = 1) -> Dataset:
    rng = np.random.default_rng(seed)
    return data.subset(np.sort(rng.choice(len(data.y), n, replace=False)))


def without_missing(data: Dataset) -> Dataset:
    return data.subset(np.flatnonzero(~np.isnan(data.X).any(axis=1)))


def tied(n: int) -> Dataset:
    """Numeric values with many ties and values closer than C4.5's 1e-5 gap."""
    data = synthetic(n, features=6, seed=5)
    X = np.round(data.X, 1)
    X[::7, 0] += 4e-6  # within 1e-5 of a neighbour: no split point between them
    return dataclasses.replace(data, X=X)


def holes(data: Dataset, share: float, seed: int = 1) -> Dataset:
    """The data with a share of its values, drawn at random, made missing."""
    X = data.X.copy()
    X[np.random.default_rng(seed).random(X.shape) < share] = np.nan
    return dataclasses.replace(data, X=X)


def assert_same_model(result) -> None:
    assert result.fromRows
    assert str(result.fromRowsModel) == str(result.onPairsModel)
    assert result.differing == 0
    assert result.pairs > 0


OPTIONS = [
    "",
    "-U",
    "-C 0.1 -M 5",
    "-M 1",
    "-S",
    "-O",
    "-J",
    "-A",
    "-doNotMakeSplitPointActualValue",
    "-U -O -M 3",
]


@pytest.mark.parametrize("options", OPTIONS)
def test_j48_from_rows_is_wekas_j48_on_the_pairs(options, weka):
    assert_same_model(compare(load_task("glass"), options))


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(lambda: sample(load_task("vehicle"), 160), id="vehicle"),
        pytest.param(lambda: sample(load_task("yeast"), 160), id="yeast"),
        pytest.param(lambda: sample(load_task("kr-vs-kp"), 220), id="kr-vs-kp"),
        pytest.param(
            lambda: without_missing(load_task("breast-cancer")), id="breast-cancer"
        ),
        pytest.param(lambda: tied(240), id="ties"),
    ],
)
def test_the_same_tree_on_nominal_numeric_and_tied_data(data, weka):
    result = compare(data())
    assert_same_model(result)
    assert "<=" in str(result.onPairsModel) or "=" in str(result.onPairsModel)


def test_a_tree_with_many_leaves_and_raised_subtrees_is_the_same(weka):
    # Enough rows for a deep tree, where subtree raising and collapsing act.
    result = compare(tied(400), "-M 1")
    assert_same_model(result)
    assert str(result.onPairsModel).count(":") > 30


@pytest.mark.parametrize("share", [0, 0.03], ids=["complete", "missing"])
def test_the_tree_does_not_depend_on_the_threads(share, weka):
    # 1,200 rows: the root's attributes are weighed on two threads.
    data = holes(synthetic(1200, seed=4), share)
    both = jpype.JClass("wekaranking.harness.AllPairsTraining")
    trees = [
        both.fromRows(
            bridge.make_classifier("J48", []),
            bridge.to_instances(data),
            data.positive,
            threads,
        ).toString()
        for threads in (1, 2)
    ]
    assert str(trees[0]) == str(trees[1])
    assert str(trees[0]).count(":") > 10


@pytest.mark.parametrize("options", ["-B", "-L"])
def test_options_it_cannot_honour_go_to_wekas_path(options, weka):
    result = compare(sample(load_task("glass"), 80), options)
    assert not result.fromRows


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ("-R", "Model selection method not implemented"),
        ("-U -S", "Subtree raising does not need to be unset"),
        ("-C 2", "Confidence has to be greater than zero and smaller than one"),
    ],
)
def test_what_wekas_j48_refuses_it_refuses_itself(options, refusal, weka):
    # The refusal is WEKA's own words, whichever path the pairs took.
    with pytest.raises(Exception, match=refusal):
        compare(sample(load_task("glass"), 80), options)


def assert_same_tree(result) -> None:
    """The same tree, distribution for distribution, where weights are fractions.

    WEKA adds the fractions of pairs missing a tested value one pair at a
    time, in the order its sort leaves them; the rows add them a side at a
    time and multiply the sides' sums. They agree to the last bits, not to
    the bit: every split, split point and leaf class is the same text, a
    leaf's weight prints within a hundredth (one on a half may round either
    way), and no pair's class probability differs by more than 1e-11.
    """
    assert result.fromRows
    both = jpype.JClass("wekaranking.harness.AllPairsTraining")
    assert both.sameTree(result.fromRowsModel, result.onPairsModel)
    assert result.largestDifference < 1e-11
    assert result.pairs > 0


MISSING = [
    pytest.param(lambda: load_task("hepatitis"), id="hepatitis"),
    pytest.param(lambda: load_task("breast-cancer"), id="breast-cancer"),
    pytest.param(lambda: load_task(project_dir("arff_data") / "vote.arff"), id="vote"),
    pytest.param(
        lambda: load_task(project_dir("arff_data") / "labor.arff"), id="labor"
    ),
    pytest.param(
        lambda: sample(diabetes_zeros_missing(), 260),
        id="diabetes-zeros-missing",
    ),
    pytest.param(
        lambda: sample(
            holes(load_task(project_dir("arff_data") / "credit-g.arff"), 0.2), 200
        ),
        id="credit-g-holes",
    ),
    pytest.param(
        lambda: holes(synthetic(100, features=6, seed=5), 0.4), id="many-missing"
    ),
]


@pytest.mark.parametrize("data", MISSING)
def test_missing_values_give_wekas_tree_from_the_rows(data, weka):
    data = data()
    assert np.isnan(data.X).any()
    result = compare(data)
    assert_same_tree(result)
    assert ":" in str(result.onPairsModel)


@pytest.mark.parametrize("options", OPTIONS)
def test_missing_values_under_every_option_it_honours(options, weka):
    # labor: 57 rows, a third of their values missing.
    data = load_task(project_dir("arff_data") / "labor.arff")
    assert_same_tree(compare(data, options))


def test_a_deep_tree_with_many_missing_values_raises_subtrees_alike(weka):
    # Subtree raising sends a node's pairs anew through the raised branch,
    # with fractions from the distribution they make there.
    result = compare(holes(tied(150), 0.25, seed=3), "-M 1")
    assert_same_tree(result)
    assert str(result.onPairsModel).count(":") > 30


@pytest.mark.parametrize("data", MISSING[:2])
def test_complete_rows_stay_wekas_tree_to_the_bit(data, weka):
    # Without a missing value every weight is 1: the integer path, bit for bit.
    assert_same_model(compare(without_missing(data())))


def test_the_meta_classifiers_members_are_the_trees_from_the_rows(weka):
    data = load_task("glass")
    model = RankingReduction(
        "J48", pairs_per_instance="all", voters=1, pair_features="concat"
    ).fit(data)
    (member,) = model.weka_model_.getMembers()
    result = compare(data)
    assert_same_model(result)
    assert str(member.toString()) == str(result.onPairsModel)


def test_sampled_pairs_give_each_member_its_own_tree(weka):
    data = load_task("glass")
    model = RankingReduction(
        "J48", pairs_per_instance=3, voters=2, pair_features="concat"
    ).fit(data)
    first, second = (str(m.toString()) for m in model.weka_model_.getMembers())
    assert first != second  # each its own sample (tests/test_sampled_j48.py)


@pytest.mark.slow
def test_diabetes_with_its_zeros_missing_is_wekas_tree(weka):
    # All 768 rows: 268,000 pairs materialised for WEKA's J48, about a minute.
    assert_same_tree(compare(diabetes_zeros_missing()))


@pytest.mark.slow
def test_kr_vs_kp_all_pairs_is_wekas_tree(weka):
    # 5,097,126 pairs materialised for WEKA's J48: about a minute and 4 GB.
    assert_same_model(compare(load_task("kr-vs-kp")))


def test_a_refused_option_is_said_before_the_heap_is_counted(weka):
    # All pairs and -C 2: J48's own refusal, not a heap estimate for pairs.
    from weka_ranking.errors import WekaError

    with pytest.raises(WekaError, match="J48 -C 2': Confidence has to be greater"):
        RankingReduction("J48", base_options="-C 2").fit(load_task("glass"))
