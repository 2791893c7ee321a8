"""The committed study results against a fresh run of the study.

The reproduction store (docs/results.jsonl.gz): its deterministic cells (the
learner alone; all pairs, one voter, ranked by the tournaments) must come out
the same from today's code. The XHITS study's values (docs/xhits.json): the
same, to a linear-algebra library's rounding. Slow: run with
``python -m pytest -m slow``.
"""

import json

import numpy as np
import pytest

from weka_ranking._resources import project_dir
from weka_ranking.experiments import ResultStore
from weka_ranking_studies.monograph.plan import build_plan
from weka_ranking_studies.monograph.run import run_unit
from weka_ranking_studies.xhits.study import Plan, run

DETERMINISTIC = {"pointwise", "tournament", "tournament-as-printed"}
KINDS = ("auc", "auc_stable", "auc_random")


@pytest.mark.slow
@pytest.mark.parametrize("task", ["hepatitis", "glass", "breast-cancer"])
def test_deterministic_cells_of_the_committed_store_come_out_the_same(task, weka):
    committed = {}
    for record in ResultStore(project_dir("docs")).records():
        if record.get("ranker") in DETERMINISTIC:
            key = (record["unit"], record["config"], record["ranker"])
            committed[key] = record
    units, _ = build_plan((task,), ("J48", "NaiveBayes", "Logistic"))
    units = [u for u in units if u.family in ("base", "original")]
    compared = 0
    for unit in units:
        for record in run_unit(unit):
            if record["ranker"] not in DETERMINISTIC:
                continue
            old = committed[(unit.key, record["config"], record["ranker"])]
            assert [record[k] for k in KINDS] == [old[k] for k in KINDS], unit.key
            compared += 1
    assert compared >= 3 * 10 * 3  # three learners' base and original, ten folds


@pytest.mark.slow
def test_every_logistic_cell_of_glass_comes_out_the_same_from_the_rows(weka):
    # Logistic trains from the rows on all pairs and on every member's sampled
    # pairs (ProductLogistic), and declines to WEKA's path where a member's
    # pairs are separable (glass has such folds and members) or of one class
    # (one-order): every record of every family, variant and ranker, quicksort
    # included, is the committed store's.
    committed = {
        (r["unit"], r["config"], r["ranker"]): r
        for r in ResultStore(project_dir("docs")).records()
        if r["learner"] == "Logistic" and r["task"] == "glass"
    }
    units, _ = build_plan(("glass",), ("Logistic",))
    compared = 0
    for unit in units:
        for record in run_unit(unit):
            old = committed[(unit.key, record["config"], record["ranker"])]
            assert [record[k] for k in (*KINDS, "n_pairs")] == [
                old[k] for k in (*KINDS, "n_pairs")
            ], (unit.key, record["config"], record["ranker"])
            compared += 1
    assert compared == len(committed)


def numbers(values) -> list[float]:
    """Every number of a JSON value, in order."""
    if isinstance(values, dict):
        return [x for key in values for x in numbers(values[key])]
    if isinstance(values, list):
        return [x for item in values for x in numbers(item)]
    return [values] if isinstance(values, int | float) else []


@pytest.mark.slow
def test_the_committed_xhits_study_is_what_run_gives():
    """XHITS: the committed values (docs/xhits.json) are what run gives."""
    committed = json.loads((project_dir("docs") / "xhits.json").read_text())
    values = json.loads(json.dumps(run(Plan())))
    assert values.keys() == committed.keys()
    # another linear-algebra library may round the learned F differently
    np.testing.assert_allclose(numbers(values), numbers(committed), rtol=1e-6)
