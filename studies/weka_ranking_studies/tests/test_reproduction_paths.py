"""The reproduction takes each fast path where it applies, declines it elsewhere.

Every model the reproduction's own units fit (``run_unit``, one fold of each
unit of glass) is recorded as the meta-classifier will train it: Logistic
from the rows on all pairs and on each member's sampled pairs, WEKA's own
Logistic on pairs of one class (the one-order variant: the intercept alone
separates them, and the model says so); J48 and NaiveBayes from the rows on
all pairs and on sampled pairs (since 0.2.0); SMO with the row kernel in the
cells ``SMO_SOLVER_BY_CELL`` gives it (checked record by record against the
committed store), on the pair instances by WEKA's SMO elsewhere. Each model
is asked how it will be trained, then skipped; Logistic on all pairs and on
one-order pairs is trained, to see what it declines. Each record's
``train_path`` is the path Java says the model takes, and the training-time
conclusion, the estimate and the comparison of a rerun with the store read it.
"""

from dataclasses import replace
from pathlib import Path

import pytest

from weka_ranking import bridge
from weka_ranking._resources import project_dir
from weka_ranking.errors import WekaError
from weka_ranking.experiments import ResultStore
from weka_ranking_studies.monograph import compare, estimate, plan, run
from weka_ranking_studies.monograph.aggregate import Results
from weka_ranking_studies.monograph.plan import build_plan
from weka_ranking_studies.monograph.values import cost_evidence

TASK = "glass"
GOLDEN = Path(__file__).parent / "golden"


class Recorded(run.MonographReduction):
    """The reproduction's estimator, each fit recorded: its path, its declines."""

    fits: list[dict] = []
    unit: plan.Unit | None = None

    def _fit_instances(self, instances, data, rank_first, grouped=False):
        reduction = self._reduction(rank_first, grouped)
        fit = {
            "params": self.get_params(),
            "unit": Recorded.unit,
            "one_order": "-one-order" in self._variant_options,
            "from_rows": bridge.training_footprint(reduction, instances)["from_rows"],
        }
        Recorded.fits.append(fit)
        trained = self.base == "Logistic" and (
            fit["one_order"] or self.pairs_per_instance == "all"
        )
        if not trained:
            self.declined_ = ()  # the path it would take, declining nothing
            fit["train_path"] = run.train_path(self)
            raise WekaError("asked, not trained, in this test")
        super()._fit_instances(instances, data, rank_first, grouped)
        fit["declined"] = self.declined_
        fit["train_path"] = run.train_path(self)
        return self


class RecordedOneOrder(Recorded):
    _variant_options = run.OneOrderReduction._variant_options


@pytest.fixture(scope="module")
def fits(weka):
    """Every model of one fold of each of glass's units, as the reproduction fits it."""
    patch = pytest.MonkeyPatch()
    patch.setattr(run, "MonographReduction", Recorded)
    patch.setattr(run, "OneOrderReduction", RecordedOneOrder)
    Recorded.fits = []
    try:
        units, _ = build_plan((TASK,))
        for unit in units:
            if unit.fold == 0:
                Recorded.unit = unit
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
def test_trees_and_naive_bayes_are_trained_from_the_rows_on_all_and_sampled_pairs(
    learner, fits
):
    assert all(f["from_rows"] for f in of(fits, learner, False, sampled=False))
    assert all(f["from_rows"] for f in of(fits, learner, False, sampled=True))


def _cell(unit: plan.Unit) -> plan.Cell:
    return unit.variant or "main", unit.task, unit.family


def test_smo_takes_the_row_kernel_where_the_table_says_and_wekas_path_elsewhere(fits):
    solvers = set()
    for fit in of(fits, "SMO", pointwise=False):
        wanted = plan.SMO_SOLVER_BY_CELL.get(_cell(fit["unit"]), ("pairs", ""))[0]
        assert fit["params"]["smo_solver"] == wanted, fit["unit"].key
        assert fit["train_path"] == ("row-kernel" if wanted == "row-kernel" else "weka")
        assert not fit["from_rows"]  # WEKA's SMO either way, its kernel aside
        solvers.add(wanted)
    # The row kernel is WEKA's to the bit, and every cell was checked on it.
    assert solvers == {"row-kernel"}


def test_each_records_train_path_is_the_path_java_takes(fits):
    # Java's footprint says whether a model is trained from the rows; a
    # committee whose every member then declined (one-order pairs: one class)
    # is WEKA's.
    every_member_declined = 0
    for fit in fits:
        if fit["params"]["base"] == "SMO":
            continue
        voters = fit["params"]["voters"]
        declined = any(
            f"for {voters} of {voters} member" in line
            for line in fit.get("declined", ())
        )
        every_member_declined += declined
        assert (fit["train_path"] == "rows") == (fit["from_rows"] and not declined), (
            fit["unit"].key
        )
    assert every_member_declined


def test_the_smo_table_names_every_cell_of_pairs_with_its_reason():
    units, _ = build_plan(learners=("SMO",), include_slow=True)
    cells = {_cell(u) for u in units if u.family != "base"}
    assert set(plan.SMO_SOLVER_BY_CELL) == cells
    for cell, (solver, reason) in plan.SMO_SOLVER_BY_CELL.items():
        assert solver in ("pairs", "row-kernel"), cell
        assert reason, cell


def _record(unit, config="original", ranker="tournament", auc=0.75, **more):
    return {"unit": unit, "config": config, "ranker": ranker, "auc": auc, **more}


@pytest.mark.fast
def test_compare_lists_each_changed_cell_and_handles_a_partial_rerun():
    a, b = "main/glass/SMO/original[]/0", "main/glass/SMO/original[]/1"
    c = "main/yeast/SMO/original[]/0"
    reference = [_record(a), _record(a, ranker="quicksort"), _record(b), _record(c)]
    # A partial rerun: glass's fold 1 not run, yeast's fold 0 changed.
    rerun = [_record(a), _record(a, ranker="quicksort"), _record(c, auc=0.5)]
    cells = compare.compare(reference, rerun)
    glass, yeast = (
        cells["SMO", "main", "glass", "original"],
        cells["SMO", "main", "yeast", "original"],
    )
    assert glass.equal and glass.records == 2
    assert (len(glass.folds_compared), len(glass.folds_reference)) == (1, 2)
    assert not yeast.equal and "auc 0.75 -> 0.5" in yeast.differing[0]
    # A record of a compared unit the rerun lacks is a change, not a pass.
    assert not compare.compare(reference, rerun[:1])[
        "SMO", "main", "glass", "original"
    ].equal
    # Another ranker's path counts its comparisons otherwise: the same ranking.
    recounted = compare.compare(
        [_record(a, comparisons=462)], [_record(a, comparisons=0)]
    )["SMO", "main", "glass", "original"]
    assert recounted.same_ranking and not recounted.equal
    (line,) = compare.lines({("J48", "main", "glass", "original"): recounted})
    assert line.startswith("ranking  J48 main glass original") and "462 -> 0" in line
    lines = compare.lines(cells)
    assert lines[0].startswith("equal    SMO main glass original: 1 of 2 folds")
    assert lines[1].startswith("CHANGED  SMO main yeast original")


@pytest.mark.parametrize(
    ("store", "key"),
    [
        # The golden store's cells; the committed store's (seconds to read) slow.
        pytest.param(
            GOLDEN / "store",
            ("", "J48", "glass", "original", "tournament"),
            marks=pytest.mark.fast,
        ),
        pytest.param(
            project_dir("docs"),
            ("", "SMO", "breast-cancer", "original", "tournament"),
            marks=pytest.mark.slow,
        ),
    ],
    ids=["golden", "committed"],
)
def test_the_cost_conclusion_leaves_out_cells_trained_on_a_faster_path(store, key):
    results = Results.from_store(store)
    cells = [(learner, task) for learner in results.learners for task in results.tasks]
    before = cost_evidence(results, cells)
    assert before["other_paths"] == 0 and before["left_out"] == ""
    results.cells[key] = replace(results.cells[key], train_paths=("row-kernel",))
    after = cost_evidence(results, cells)
    assert (after["n"], after["other_paths"]) == (before["n"] - 1, 1)
    assert "1 cells trained on a faster path left out" in after["left_out"]


@pytest.mark.fast
def test_the_estimate_prices_an_smo_unit_from_a_rerun_only_on_its_cells_solver(
    tmp_path, monkeypatch
):
    docs = project_dir("docs")
    unit = "main/glass/SMO/original[]/0"
    committed = ResultStore(docs).records()
    (record,) = [
        r for r in committed if r["unit"] == unit and r["ranker"] == "tournament"
    ]

    class CommittedReadOnce(ResultStore):
        """The committed store's records as read above (seconds a reading)."""

        def records(self) -> list[dict]:
            return committed if self.folder == docs else super().records()

    monkeypatch.setattr(estimate, "ResultStore", CommittedReadOnce)
    check = ResultStore(tmp_path / "check")
    check.append(unit, [{**record, "train_seconds": 1e6, "train_path": "row-kernel"}])
    cell = ("main", "glass", "original")
    for solver, priced in (("pairs", 0), ("row-kernel", 1)):
        monkeypatch.setitem(plan.SMO_SOLVER_BY_CELL, cell, (solver, "test"))
        values = estimate.estimate(docs, checks=(tmp_path / "check",))
        default = values["reproduction_estimate"]["plans"]["default"]
        assert default["priced_from"]["rerun"] == priced
        assert (default["longest_unit_seconds"] >= 1e6) == bool(priced)
    assert default["estimate_seconds"] >= default["longest_unit_seconds"]


def test_the_cost_table_marks_a_cost_of_a_faster_path_and_sums_them_apart():
    from weka_ranking_studies.monograph import values
    from weka_ranking_studies.monograph.report import to_markdown

    results = Results.from_store(GOLDEN / "store")
    key = ("", "J48", "glass", "original", "tournament")
    seconds = results.cells[key].train_seconds
    results.cells[key] = replace(results.cells[key], train_paths=("rows", "weka"))
    text = to_markdown(values.compute(results))
    assert "| J48 | glass | " in text
    assert f"{seconds:.1f} (rows+weka) |" in text
    assert (
        "On the faster paths (not WEKA's costs, not in the training-time "
        f"conclusion): 1 cells, {seconds:.1f} training seconds in all." in text
    )
    assert "cheaper; median star / original" in text
    assert "1 cells trained on a faster path left out" in text
