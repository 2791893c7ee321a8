"""The estimator contract, checked on every ranker alike."""

import inspect
import pickle
import re

import numpy as np
import pytest

from weka_ranking import RankingReduction, clone
from weka_ranking.cli import build_parser
from weka_ranking.estimator import NotFittedError
from weka_ranking.params import PARAMETERS, RANKERS


def configured(ranker):
    if ranker == "pointwise":
        return RankingReduction("NaiveBayes", ranker=ranker)
    return RankingReduction(
        "J48", pairs_per_instance=2, voters=3, ranker=ranker, seed=4
    )


@pytest.fixture(scope="module")
def halves(breast_cancer):
    return breast_cancer.subset(np.arange(0, 150)), breast_cancer.subset(
        np.arange(150, 286)
    )


@pytest.mark.parametrize("ranker", RANKERS)
class TestEveryRanker:
    def test_params_round_trip_and_clone(self, ranker):
        model = configured(ranker)
        copy = clone(model)
        assert copy is not model and copy.get_params() == model.get_params()
        assert RankingReduction(**model.get_params()).get_params() == model.get_params()
        assert pickle.loads(pickle.dumps(model)).get_params() == model.get_params()

    def test_unfitted_state(self, ranker, halves):
        model = configured(ranker)
        assert not [name for name in vars(model) if name.endswith("_")]
        assert repr(model).startswith("RankingReduction(")
        with pytest.raises(NotFittedError, match="not fitted"):
            model.rank(halves[1])

    def test_fit_returns_self_and_leaves_input_unchanged(self, ranker, halves):
        train, _ = halves
        X, y = train.X.copy(), train.y.copy()
        model = configured(ranker)
        assert model.fit(train) is model
        np.testing.assert_array_equal(train.X, X)
        np.testing.assert_array_equal(train.y, y)

    def test_refit_and_seed_determinism(self, ranker, halves):
        first, second = halves
        model = configured(ranker).fit(first)
        scores = model.scores(second)
        model.fit(second).fit(first)
        np.testing.assert_array_equal(model.scores(second), scores)
        np.testing.assert_array_equal(
            configured(ranker).fit(first).scores(second), scores
        )

    def test_options_round_trip(self, ranker):
        model = configured(ranker)
        assert (
            RankingReduction.from_options(model.to_options()).get_params()
            == model.get_params()
        )

    def test_rank_is_a_permutation_ordered_by_score(self, ranker, halves):
        train, test = halves
        ranking = configured(ranker).fit(train).ranking(test)
        assert sorted(ranking.order.tolist()) == list(range(len(test)))
        ordered = ranking.scores[ranking.order]
        assert np.all(np.diff(ordered) <= 0)


def test_seed_changes_the_sample(halves):
    train, test = halves
    one = RankingReduction("J48", pairs_per_instance=1, voters=5, seed=1).fit(train)
    two = RankingReduction("J48", pairs_per_instance=1, voters=5, seed=2).fit(train)
    assert one.member_seeds_ == [1, 2, 3, 4, 5] and two.member_seeds_ == [2, 3, 4, 5, 6]
    assert not np.array_equal(one.scores(test), two.scores(test))


def test_member_results_do_not_depend_on_committee_size(halves):
    # Member i is seeded seed + i, so a 3-member committee's members are the
    # first three of a 5-member one.
    train, _ = halves
    small = RankingReduction("J48", pairs_per_instance=1, voters=3).fit(train)
    large = RankingReduction("J48", pairs_per_instance=1, voters=5).fit(train)
    for a, b in zip(small.members_, large.members_):
        assert str(a.toString()) == str(b.toString())


def test_identical_members_are_refused(halves):
    with pytest.raises(ValueError, match="identical J48 members"):
        RankingReduction("J48", voters=3).fit(halves[0])


def test_randomizable_learner_may_vote_on_all_pairs(halves):
    model = RankingReduction(
        "weka.classifiers.trees.RandomTree", voters=2, ranker="quicksort"
    ).fit(halves[0].subset(np.arange(60)))
    assert len(model.members_) == 2


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"voters": 0}, "voters=0: must be an integer >= 1"),
        (
            {"pairs_per_instance": 0},
            "pairs_per_instance=0: must be 'all' or an integer >= 1",
        ),
        ({"pairs_per_instance": "some"}, "pairs_per_instance='some': must be"),
        ({"ranker": "bubble"}, "ranker='bubble': must be one of"),
        ({"ties": "first"}, "ties='first': must be one of"),
        ({"seed": 1.5}, "seed=1.5: must be an integer"),
        ({"base": "C4.5x"}, "WEKA classifier"),
        ({"base": "Nope"}, "unknown learner 'Nope'"),
        ({"ranker": "pointwise", "voters": 3}, "apply to the pairwise rankers"),
    ],
)
def test_bad_parameters_are_named(params, message, halves):
    with pytest.raises(Exception, match=re.escape(message)):
        RankingReduction(**params).fit(halves[0])


def test_one_class_training_data_is_refused(breast_cancer):
    one_class = breast_cancer.subset(np.flatnonzero(breast_cancer.y == 0))
    with pytest.raises(ValueError, match="one class only"):
        RankingReduction("J48").fit(one_class)


def test_arrays_are_accepted():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(80, 3))
    y = (X[:, 0] + 0.1 * rng.normal(size=80) > 0).astype(int)
    model = RankingReduction("Logistic", ranker="quicksort").fit(X, y)
    order = model.rank(X)
    assert y[order[:20]].mean() > 0.9


def test_docstring_signature_table_and_cli_agree():
    signature = [p for p in inspect.signature(RankingReduction.__init__).parameters][1:]
    table = [p.name for p in PARAMETERS]
    documented = re.findall(r"^    (\w+) : ", RankingReduction.__doc__, re.MULTILINE)
    cv = build_parser()._subparsers._group_actions[0].choices["cv"]
    flags = {a.dest for a in cv._actions}
    assert signature == table
    assert documented[: len(table)] == table
    assert set(table) <= flags


def test_sub_committee_equals_fitting_fewer_voters(halves):
    train, test = halves
    large = RankingReduction("J48", pairs_per_instance=1, voters=7).fit(train)
    small = RankingReduction("J48", pairs_per_instance=1, voters=4).fit(train)
    sub = large.sub_committee(4)
    assert sub.voters == 4 and sub.n_pairs_ == small.n_pairs_
    np.testing.assert_array_equal(sub.scores(test), small.scores(test))
    assert len(large.members_) == 7  # the original is untouched


@pytest.mark.parametrize("ranker", ["tournament", "quicksort"])
def test_threads_do_not_change_results(halves, ranker):
    train, test = halves
    one = RankingReduction("Logistic", pairs_per_instance=2, voters=3, ranker=ranker)
    scores = one.fit(train).scores(test)
    for threads in (2, 3):
        model = clone(one).set_params(threads=threads).fit(train)
        np.testing.assert_array_equal(model.scores(test), scores)
