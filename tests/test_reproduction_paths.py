"""The reproduction takes each fast path where it applies, declines it elsewhere.

Every model the reproduction's own units fit (``run_unit``, one fold of each
unit of glass) is recorded as the meta-classifier will train it: Logistic
from the rows on all pairs and on each member's sampled pairs, WEKA's own
Logistic on pairs of one class (the one-order variant: the intercept alone
separates them, and the model says so); J48 and NaiveBayes from the rows on
all pairs only; SMO on the pair instances by WEKA's SMO (``-smo-solver
pairs``). Each model is asked how it will be trained, then skipped; Logistic
on all pairs and on one-order pairs is trained, to see what it declines.
"""

import pytest

from weka_ranking import bridge
from weka_ranking.errors import WekaError
from weka_ranking.model import RankingReduction
from weka_ranking.studies.monograph import run
from weka_ranking.studies.monograph.plan import build_plan

TASK = "glass"


class Recorded(RankingReduction):
    """The reproduction's estimator, each fit recorded: its path, its declines."""

    fits: list[dict] = []

    def _fit_instances(self, instances, data, rank_first, grouped=False):
        reduction = self._reduction(rank_first, grouped)
        fit = {
            "params": self.get_params(),
            "one_order": bool(self._variant_options),
            "from_rows": bridge.training_footprint(reduction, instances)["from_rows"],
        }
        Recorded.fits.append(fit)
        trained = self.base == "Logistic" and (
            fit["one_order"] or self.pairs_per_instance == "all"
        )
        if not trained:
            raise WekaError("asked, not trained, in this test")
        super()._fit_instances(instances, data, rank_first, grouped)
        fit["declined"] = self.declined_
        return self


class RecordedOneOrder(Recorded):
    _variant_options = ("-one-order",)


@pytest.fixture(scope="module")
def fits(weka):
    """Every model of one fold of each of glass's units, as the reproduction fits it."""
    patch = pytest.MonkeyPatch()
    patch.setattr(run, "RankingReduction", Recorded)
    patch.setattr(run, "OneOrderReduction", RecordedOneOrder)
    Recorded.fits = []
    try:
        units, _ = build_plan((TASK,))
        for unit in units:
            if unit.fold == 0:
                run.run_unit(unit)
    finally:
        patch.undo()
    return Recorded.fits


def of(fits, learner, pointwise=None, sampled=None, one_order=None):
    out = [
        f
        for f in fits
        if f["params"]["base"] == learner
        and (pointwise is None or (f["params"]["ranker"] == "pointwise") == pointwise)
        and (sampled is None or (f["params"]["pairs_per_instance"] != "all") == sampled)
        and (one_order is None or f["one_order"] == one_order)
    ]
    assert out, (learner, pointwise, sampled, one_order)
    return out


def test_logistic_is_trained_from_the_rows_on_all_pairs_and_sampled_pairs(fits):
    for sampled in (False, True):
        for fit in of(fits, "Logistic", pointwise=False, sampled=sampled):
            assert fit["from_rows"], fit["params"]
    for fit in of(fits, "Logistic", pointwise=True):
        assert not fit["from_rows"]  # the learner alone has no pairs


def test_logistic_declines_what_it_must_and_says_so(fits):
    # One-order pairs: one class, every member declined, in the model's words.
    for fit in of(fits, "Logistic", pointwise=False, one_order=True):
        (line,) = fit["declined"]
        voters = fit["params"]["voters"]
        members = "member" if voters == 1 else "members"
        assert f"for {voters} of {voters} {members} (its pairs are of one class" in line
    # Elsewhere a member declines only where its pairs are separable.
    two_orders = of(fits, "Logistic", pointwise=False, sampled=False, one_order=False)
    for fit in two_orders:
        for line in fit["declined"]:
            assert "(its pairs are separable" in line, line
    assert any(not fit["declined"] for fit in two_orders)


@pytest.mark.parametrize("learner", ["J48", "NaiveBayes"])
def test_trees_and_naive_bayes_are_trained_from_the_rows_on_all_pairs_only(
    learner, fits
):
    assert all(f["from_rows"] for f in of(fits, learner, False, sampled=False))
    assert not any(f["from_rows"] for f in of(fits, learner, False, sampled=True))


def test_smo_is_wekas_on_the_pair_instances(fits):
    for fit in of(fits, "SMO", pointwise=False):
        assert fit["params"]["smo_solver"] == "pairs"
        assert not fit["from_rows"]
