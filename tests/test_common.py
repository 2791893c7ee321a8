"""The ranker contract, checked on every ranker alike, then the reduction's own."""

import inspect
import pickle
import re

import numpy as np
import pytest

from weka_ranking import RankingReduction, clone
from weka_ranking.cli import build_parser
from weka_ranking.estimator import NotFittedError
from weka_ranking.params import PARAMETERS, RANKERS
from weka_ranking.tuning import GridSearch


def configured(ranker):
    if ranker == "pointwise":
        return RankingReduction("NaiveBayes", ranker=ranker)
    return RankingReduction(
        "J48", pairs_per_instance=2, voters=3, ranker=ranker, seed=4
    )


def _xgboost():
    from weka_ranking.peers import XGBoostRanker

    pytest.importorskip("xgboost")
    return XGBoostRanker("binary:logistic", rounds=20, max_depth=3, seed=3)


def _lightgbm():
    from weka_ranking.peers import LightGBMRanker

    pytest.importorskip("lightgbm")
    return LightGBMRanker("binary", rounds=20, min_data_in_leaf=5, seed=3)


def grouped(seed):
    """Query-grouped arrays: 4 queries of 15 documents, grades 0-2."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(60, 4))
    grades = np.digitize(X[:, 0] + 0.5 * rng.normal(size=60), [0.3, 1.0])
    return X, grades, np.repeat(np.arange(4), 15)


# Every ranker class of the package: its maker, and whether it ranks queries
# (the studies' query rankers meet the same contract: studies/tests/).
RANKER_CASES = {
    **{f"reduction-{r}": (lambda r=r: configured(r), False) for r in RANKERS},
    "grid-search": (
        lambda: GridSearch(
            RankingReduction("J48", pairs_per_instance=1, voters=2),
            {"ranker": ["tournament", "quicksort"]},
            seed=2,
        ),
        False,
    ),
    "xgboost": (_xgboost, False),
    "lightgbm": (_lightgbm, False),
}


@pytest.fixture(scope="module")
def halves(breast_cancer):
    return breast_cancer.subset(np.arange(0, 150)), breast_cancer.subset(
        np.arange(150, 286)
    )


class Case:
    """A ranker of one class, two training sets A and B, and the data to rank.

    A and B come with their fit arguments.
    """

    def __init__(self, make, queries, halves):
        self.make = make
        if queries:
            (XA, yA, gA), (XB, yB, gB) = grouped(1), grouped(2)
            held_out = grouped(3)
            self.A = ((XA, yA), {"group": gA, "validation": held_out})
            self.B = ((XB, yB), {"group": gB, "validation": held_out})
            self.test = ((held_out[0],), {"group": held_out[2]})
        else:
            self.A = ((halves[0],), {})
            self.B = ((halves[1].subset(np.arange(100)),), {})
            self.test = ((halves[1],), {})

    def fit(self, model, which):
        args, kwargs = which
        return model.fit(*args, **kwargs)

    def scores(self, model):
        args, kwargs = self.test
        return model.decision_function(*args, **kwargs)


@pytest.fixture(params=list(RANKER_CASES))
def case(request, halves, weka):
    return Case(*RANKER_CASES[request.param], halves)


class TestEveryRanker:
    def test_params_round_trip_and_clone(self, case):
        model = case.make()
        params = model.get_params(deep=False)
        copy = clone(model)
        assert copy is not model and copy.get_params(deep=False).keys() == params.keys()
        assert type(model)(**params).get_params(deep=False) == params
        unpickled = pickle.loads(pickle.dumps(model))
        assert repr(unpickled) == repr(model)

    def test_unfitted_state(self, case):
        model = case.make()
        assert not [name for name in vars(model) if name.endswith("_")]
        assert repr(model).startswith(type(model).__name__ + "(")
        with pytest.raises(NotFittedError, match="not fitted"):
            case.scores(model)

    def test_fit_returns_self_and_leaves_input_unchanged(self, case):
        args, kwargs = case.A
        arrays = [a for a in (*args, *kwargs.values()) if isinstance(a, np.ndarray)]
        arrays += [a.X for a in args if hasattr(a, "X")]
        arrays += [a.y for a in args if hasattr(a, "y")]
        copies = [a.copy() for a in arrays]
        model = case.make()
        assert case.fit(model, case.A) is model
        for array, copy in zip(arrays, copies):
            np.testing.assert_array_equal(array, copy)

    def test_refit_and_seed_determinism(self, case):
        model = case.fit(case.make(), case.A)
        scores = case.scores(model)
        case.fit(case.fit(model, case.B), case.A)
        np.testing.assert_array_equal(case.scores(model), scores)
        np.testing.assert_array_equal(
            case.scores(case.fit(case.make(), case.A)), scores
        )


@pytest.mark.parametrize("ranker", RANKERS)
def test_threads_do_not_change_results(halves, ranker):
    train, test = halves
    one = configured(ranker).fit(train)
    for threads in (2, 3):
        model = clone(one).set_params(threads=threads).fit(train)
        assert [str(m) for m in model.members_] == [str(m) for m in one.members_]
        np.testing.assert_array_equal(model.scores(test), one.scores(test))


@pytest.mark.parametrize("ranker", RANKERS)
def test_options_round_trip(ranker):
    model = configured(ranker)
    assert (
        RankingReduction.from_options(model.to_options()).get_params()
        == model.get_params()
    )


@pytest.mark.parametrize("ranker", RANKERS)
def test_rank_is_a_permutation_ordered_by_score(ranker, halves):
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
        RankingReduction("J48", pairs_per_instance="all", voters=3).fit(halves[0])


def test_randomizable_learner_may_vote_on_all_pairs(halves):
    model = RankingReduction(
        "weka.classifiers.trees.RandomTree",
        pairs_per_instance="all",
        voters=2,
        ranker="quicksort",
    ).fit(halves[0].subset(np.arange(60)))
    assert len(model.members_) == 2


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
    # The threshold a single instance is cut at, derived on the first ask, is
    # the one training with 4 voters learned.
    np.testing.assert_array_equal(sub.predict_proba(test), small.predict_proba(test))
    assert len(large.members_) == 7  # the original is untouched
