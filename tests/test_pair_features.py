"""Pair features and pair order, against WEKA on the materialised pairs.

Each mode of ``pair_features`` (concat, difference, both) and each
``pair_order`` (blocks, interleaved) is rebuilt here in plain Python: the
pairs in order (``reference.pairs``, interleaved here), each pair's values as
the mode defines them, a fresh WEKA learner trained on those instances and
asked every pair of a test set with its own ``classifyInstance``. The
meta-classifier, whatever fast paths it takes, must give the same model and
the same scores for every ranker.
"""

import numpy as np
import pytest
import reference

from weka_ranking import RankingReduction, bridge, load_task
from weka_ranking.errors import ParameterError
from weka_ranking.folds import weka_folds
from weka_ranking.learners import classname

MODES = ["concat", "difference", "both"]
ORDERS = ["blocks", "interleaved"]
LEARNERS = ["J48", "NaiveBayes", "Logistic", "SMO"]
# Every pair, one member: what the fast paths and interleaving apply to.
ALL_PAIRS = {"pairs_per_instance": "all", "voters": 1}


def layout(attributes, mode):
    """(source, feature) of each pair attribute, as the modes are documented."""
    keeps_sides = [
        j for j, a in enumerate(attributes) if mode != "difference" or a.is_nominal
    ]
    numeric = [j for j, a in enumerate(attributes) if not a.is_nominal]
    out = [("first", j) for j in keeps_sides] + [("second", j) for j in keeps_sides]
    return out + ([("diff", j) for j in numeric] if mode != "concat" else [])


def pair_values(a, b, attributes_layout):
    values = {"first": lambda j: a[j], "second": lambda j: b[j]}
    values["diff"] = lambda j: a[j] - b[j]
    return [values[source](j) for source, j in attributes_layout]


def interleaved(pairs):
    """Each pair whose first element has the higher grade, then its mirror."""
    return [p for a, b, y in pairs if y == 1 for p in ((a, b, 1), (b, a, 0))]


def split(task="hepatitis", n_train=70, n_test=24):
    """A small training set and test set (hepatitis: nominal, numeric, missing)."""
    data = load_task(task)
    train, test = next(iter(weka_folds(data.y, 3, 1)))
    return data.subset(train[:n_train]), data.subset(test[:n_test])


def materialised(weka, header, rows, pairs, attributes_layout):
    """WEKA Instances of these pairs, dense, on the model's pair header."""
    instances = weka("weka.core.Instances")(header, len(pairs))
    for a, b, y in pairs:
        values = pair_values(rows[a], rows[b], attributes_layout) + [float(y)]
        instances.add(weka("weka.core.DenseInstance")(1.0, values))
    return instances


def answers(weka, member, header, rows, attributes_layout):
    """The member's own answer on every ordered pair of the rows."""
    n = len(rows)
    wins = np.zeros((n, n), dtype=bool)
    for a in range(n):
        for b in range(n):
            if a != b:
                values = pair_values(rows[a], rows[b], attributes_layout) + [np.nan]
                pair = weka("weka.core.DenseInstance")(1.0, values)
                pair.setDataset(header)
                wins[a, b] = member.classifyInstance(pair) == 1.0
    return wins


def reference_scores(wins, ranker, seed):
    n = len(wins)

    def compare(left, right):
        return wins[np.asarray(left), np.asarray(right)]

    if ranker == "tournament":
        return reference.tournament(n, compare)
    if ranker == "tournament-as-printed":
        return reference.as_printed(n, compare)
    return reference.quicksort(n, compare, seed)[0]


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("learner", LEARNERS)
def test_each_mode_and_order_equals_the_materialised_reference(
    learner, mode, order, weka
):
    """The model and every ranker's scores, against WEKA on the pairs themselves."""
    train, test = split()
    model = RankingReduction(learner, pair_features=mode, pair_order=order, **ALL_PAIRS)
    model.fit(train)
    header = model.weka_model_.getPairHeader()
    attributes_layout = layout(train.attributes, mode)
    names = [str(header.attribute(k).name()) for k in range(header.numAttributes() - 1)]
    assert names == [f"{s}_{train.attributes[j].name}" for s, j in attributes_layout]
    for k, (source, j) in enumerate(attributes_layout):
        assert bool(header.attribute(k).isNominal()) == (
            source != "diff" and train.attributes[j].is_nominal
        )

    pairs = reference.pairs(train.y)
    if order == "interleaved":
        pairs = interleaved(pairs)
        assert sorted(pairs) == sorted(reference.pairs(train.y))
    own = weka("weka.classifiers.AbstractClassifier").forName(classname(learner), None)
    own.buildClassifier(materialised(weka, header, train.X, pairs, attributes_layout))
    assert str(model.members_[0]) == str(own)

    wins = answers(weka, own, header, test.X, attributes_layout)
    for ranker in ("tournament", "tournament-as-printed", "quicksort"):
        model.set_params(ranker=ranker)
        np.testing.assert_array_equal(
            model.scores(test), reference_scores(wins, ranker, model.seed), ranker
        )


@pytest.mark.parametrize("mode", MODES)
def test_sampled_pairs_of_a_committee_equal_the_reference(mode, weka):
    """Member i trains on its own sample, and with WEKA's -S, from seed + i."""
    train, test = split(n_test=16)
    model = RankingReduction(
        "REPTree", pairs_per_instance=3, voters=3, pair_features=mode
    )
    model.fit(train)
    header = model.weka_model_.getPairHeader()
    attributes_layout = layout(train.attributes, mode)
    votes = 0
    for i, member in enumerate(model.members_):
        pairs = reference.pairs(train.y, 3, seed=model.seed + i)
        own = weka("weka.classifiers.trees.REPTree")()
        own.setSeed(model.seed + i)
        own.buildClassifier(
            materialised(weka, header, train.X, pairs, attributes_layout)
        )
        assert str(member) == str(own)
        votes = votes + answers(weka, own, header, test.X, attributes_layout)
    expected = reference.tournament(len(test), lambda a, b: (2 * votes > 3)[a, b])
    np.testing.assert_array_equal(model.scores(test), expected)


def fast_and_general(model, data):
    """The ranking with every exact form, and with the members asked every pair."""
    fast = model.ranking(data)
    model.weka_model_.setAdditiveTournament(False)
    try:
        general = model.ranking(data)
    finally:
        model.weka_model_.setAdditiveTournament(True)
    return fast, general


@pytest.mark.parametrize("mode", ["difference", "both"])  # concat: its own tests
@pytest.mark.parametrize(
    ("learner", "additive"),
    [("Logistic", True), ("SMO", True), ("NaiveBayes", False)],
)
@pytest.mark.parametrize("task", ["glass", "hepatitis"])
def test_additive_forms_are_exact_under_each_mode(task, learner, additive, mode, weka):
    """A linear member is additive in a - b too; NaiveBayes' density of a - b is not.

    glass has no missing value, so the form decides nearly every pair itself;
    hepatitis has missing values, whose differences the member fills in.
    """
    data = load_task(task)
    train, test = next(iter(weka_folds(data.y, 3, 1)))
    model = RankingReduction(learner, pair_features=mode, **ALL_PAIRS)
    model.fit(data.subset(train))
    fast, general = fast_and_general(model, data.subset(test))
    np.testing.assert_array_equal(fast.scores, general.scores)
    n = len(test)
    assert general.comparisons == n * (n - 1)
    if task == "glass" and additive:
        assert fast.comparisons < n * (n - 1) / 10
    if not additive:
        assert fast.comparisons == n * (n - 1)
        declined = [str(line) for line in model.weka_model_.declined()]
        assert any("NaiveBayes' additive form" in line for line in declined)


@pytest.mark.parametrize("ranker", ["tournament", "quicksort"])
@pytest.mark.parametrize("learner", ["Logistic", "SMO"])
def test_additive_members_of_a_committee_vote_as_asked_on_differences(
    learner, ranker, weka
):
    data = load_task("hepatitis")
    train, test = next(iter(weka_folds(data.y, 3, 1)))
    model = RankingReduction(
        learner, pairs_per_instance=2, voters=3, ranker=ranker, pair_features="both"
    ).fit(data.subset(train))
    fast, general = fast_and_general(model, data.subset(test))
    np.testing.assert_array_equal(fast.scores, general.scores)
    assert fast.comparisons == general.comparisons
    assert len(np.unique(fast.scores)) > 5


@pytest.mark.parametrize("mode", ["difference", "both"])
def test_tree_tournament_and_row_path_are_declined_visibly(mode, weka):
    train, test = split("glass", 120, 40)
    model = RankingReduction("J48", pairs_per_instance=2, voters=3, pair_features=mode)
    model.fit(train)
    fast, general = fast_and_general(model, test)
    np.testing.assert_array_equal(fast.scores, general.scores)
    assert fast.comparisons == general.comparisons  # no exact tournament
    text = str(model.weka_model_)
    assert "Declined: the tree committee's exact tournament" in text
    assert f"pair features {mode}" in text

    assert model.declined_ == tuple(
        line.removeprefix("Declined: ")
        for line in text.splitlines()
        if line.startswith("Declined: ")
    )
    alone = RankingReduction("J48", pair_features=mode, **ALL_PAIRS).fit(train)
    assert "Declined: training J48 from the rows" in str(alone.weka_model_)
    concat = RankingReduction("J48", pair_features="concat", **ALL_PAIRS).fit(train)
    assert "Declined" not in str(concat.weka_model_) and concat.declined_ == ()


@pytest.mark.parametrize("learner", ["J48", "NaiveBayes"])
def test_row_trained_learners_give_the_same_model_in_either_order(learner, weka):
    """Blocks trains from the rows; interleaved on the pairs: the same model here.

    Why the default order can stay blocks without moving the cells that J48
    and NaiveBayes train from the rows (where their builders accept the data);
    the row path is still declined for interleaved, as it reproduces the
    blocks' sums only.
    """
    data = load_task("glass")  # numeric: the row path takes it in blocks
    blocks = RankingReduction(learner, pair_features="concat", **ALL_PAIRS).fit(data)
    interleaved_model = RankingReduction(
        learner, pair_features="concat", pair_order="interleaved", **ALL_PAIRS
    ).fit(data)
    assert str(blocks.members_[0]) == str(interleaved_model.members_[0])
    np.testing.assert_array_equal(blocks.scores(data), interleaved_model.scores(data))
    assert interleaved_model.declined_ and not blocks.declined_


def test_interleaved_order_declines_the_row_path(weka):
    train, _ = split()
    model = RankingReduction(
        "NaiveBayes", pair_features="concat", pair_order="interleaved", **ALL_PAIRS
    ).fit(train)
    assert "pair order interleaved" in str(model.weka_model_)
    assert "Declined: training NaiveBayes from the rows" in str(model.weka_model_)


@pytest.mark.parametrize(
    "params",
    [
        {"pairs_per_instance": 2, "pair_order": "interleaved"},
        {"pair_features": "sum"},
        {"pair_order": "mixed"},
    ],
)
def test_bad_pair_options_name_the_parameter(params, weka):
    name = next(k for k in params if k.startswith("pair_"))
    with pytest.raises(ParameterError, match=name):
        RankingReduction(**params).validate()


def test_one_order_refuses_interleaving_in_wekas_words(weka):
    reduction = bridge.make_reduction(
        bridge.split_options("-one-order -pair-order interleaved")
    )
    with pytest.raises(ParameterError, match="-one-order"):
        bridge.check_options(reduction)


def test_the_options_round_trip_through_weka(weka):
    model = RankingReduction(
        "Logistic", pair_features="both", pair_order="interleaved", **ALL_PAIRS
    )
    options = model.to_options()
    assert "-pair-features both -pair-order interleaved" in options
    back = RankingReduction.from_options(options)
    assert (back.pair_features, back.pair_order) == ("both", "interleaved")
    # written at its default too: a text without it is one stored before the
    # default changed, and means concat (params.stored_scheme)
    default = RankingReduction("Logistic")
    assert f"-pair-features {default.pair_features}" in default.to_options()
    assert "-pair-order" not in default.to_options()
