"""One additive member's O(n log n) tournament equals the brute-force one.

For a single additive member (Logistic, NaiveBayes) the degrees are exactly the
brute-force tournament's, ties included.
"""

import numpy as np
import pytest

from weka_ranking import RankingReduction, load_task
from weka_ranking.folds import weka_folds

QUADRATIC = "weka.classifiers.functions.supportVector.PolyKernel -E 2"
# One member on the rows side by side: the additive form's own case.
ONE_MEMBER = {"voters": 1, "pair_features": "concat"}


class FirstElement(RankingReduction):
    """The degree as first element (the monograph study's ``-first-element``)."""

    _variant_options = ("-first-element",)


def degrees_both_ways(model, data):
    fast = model.ranking(data)
    model.weka_model_.setAdditiveTournament(False)
    try:
        brute = model.ranking(data)
    finally:
        model.weka_model_.setAdditiveTournament(True)
    return fast, brute


@pytest.mark.parametrize("reduction", [RankingReduction, FirstElement])
@pytest.mark.parametrize("learner", ["Logistic", "NaiveBayes", "SMO"])
@pytest.mark.parametrize(
    ("task", "pairs"),
    # hepatitis (missing values, nominal and numeric attributes) for every learner
    # in the default suite; the other sets, the same check, slow.
    [
        ("hepatitis", "all"),
        *(
            pytest.param(task, pairs, marks=pytest.mark.slow)
            for task, pairs in [("breast-cancer", 3), ("glass", "all"), ("vehicle", 2)]
        ),
    ],
)
def test_additive_degrees_equal_the_brute_force_tournament(
    reduction, learner, task, pairs, weka
):
    data = load_task(task)  # missing values, nominal and numeric attributes
    train, test = next(iter(weka_folds(data.y, 3, 1)))
    model = reduction(learner, pairs_per_instance=pairs, **ONE_MEMBER)
    fast, brute = degrees_both_ways(model.fit(data.subset(train)), data.subset(test))
    np.testing.assert_array_equal(fast.scores, brute.scores)
    n = len(test)
    assert brute.comparisons == n * (n - 1)
    assert fast.comparisons < n * (n - 1) / 10  # only pairs at the margin asked
    assert len(np.unique(fast.scores)) > 1


@pytest.mark.parametrize("learner", ["Logistic", "NaiveBayes"])
def test_equal_rows_tie_as_in_the_brute_force_tournament(learner, weka):
    data = load_task("breast-cancer")  # all nominal: many rows alike
    model = RankingReduction(learner, pairs_per_instance=2, **ONE_MEMBER).fit(data)
    fast, brute = degrees_both_ways(model, data)
    np.testing.assert_array_equal(fast.scores, brute.scores)
    assert len(np.unique(fast.scores)) < len(data)  # ties present


@pytest.mark.parametrize("learner", ["Logistic", "NaiveBayes", "SMO"])
@pytest.mark.parametrize("ranker", ["tournament", "tournament-as-printed", "quicksort"])
def test_additive_members_of_a_committee_vote_as_the_members_do(learner, ranker, weka):
    data = load_task("hepatitis")  # missing values, nominal and numeric attributes
    train, test = next(iter(weka_folds(data.y, 3, 1)))
    model = RankingReduction(learner, pairs_per_instance=2, voters=5, ranker=ranker)
    fast, brute = degrees_both_ways(model.fit(data.subset(train)), data.subset(test))
    np.testing.assert_array_equal(fast.scores, brute.scores)
    assert fast.comparisons == brute.comparisons
    assert len(np.unique(fast.scores)) > 5


def test_other_learners_and_committees_ask_every_pair(weka):
    data = load_task("glass")
    for model in (
        RankingReduction("Logistic", pairs_per_instance=2, voters=3),
        RankingReduction(
            "NaiveBayes", base_options="-D", pairs_per_instance=2, **ONE_MEMBER
        ),
        RankingReduction(
            "SMO",
            base_options=f'-K "{QUADRATIC}"',
            pairs_per_instance=1,
            **ONE_MEMBER,
        ),
    ):
        n = len(data)
        assert model.fit(data).ranking(data).comparisons == n * (n - 1)


class NoAdditive(RankingReduction):
    """Every pair asked of the members themselves (``-no-additive``)."""

    _variant_options = ("-no-additive",)


@pytest.mark.parametrize("learner", ["Logistic", "NaiveBayes"])
def test_members_asked_at_the_margin_on_two_threads_vote_as_when_always_asked(
    learner, weka
):
    """A form leaves equal rows' pairs to its member, copied while the threads score.

    On all pairs a member's form of two equal rows is 0 up to rounding, so
    the reference sample's own degrees (100 x 100 pairs, two scoring
    threads) ask each such pair of the member itself: the first thread asks
    the original while the second copies it, when it first needs it. The
    threshold learned from those degrees is the one learned asking every pair
    (the members copied before the threads start).
    """
    data = load_task("breast-cancer")  # all nominal: many rows alike
    params = {"pairs_per_instance": "all", "voters": 1, "threads": 2}
    fast = RankingReduction(learner, **params).fit(data)
    asked = NoAdditive(learner, **params).fit(data)
    assert fast.reference_threshold_ == asked.reference_threshold_
    assert 0 < fast.reference_threshold_ < 1
