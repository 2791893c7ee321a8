"""The reports' comparisons equal independent implementations and hand counts.

The Bayesian correlated t-test and signed-rank test equal baycomp's (the
authors' package, Benavoli et al.) and the posterior written with scipy's
Student t; the Wilcoxon signed-rank test with Holm equals scipy's exact test
and Holm counted by hand; the report's values and Markdown come from records
in an engine's store, with no JVM.

baycomp is not in the test extra: its wheel (1.0.3) installs a top-level
package named ``tests``, which hides this repository's ``tests`` (a namespace
package) from every test that imports a sibling module by it. The comparisons
with baycomp run where it is installed by hand, in a venv made for them.
"""

import math
import random

import numpy as np
import pytest

from weka_ranking.experiments import ResultStore, analysis
from weka_ranking.experiments.plan import DataSpec, ExperimentPlan, plan_from_flags
from weka_ranking.experiments.report import to_markdown
from weka_ranking.stats import (
    bayesian_correlated_t,
    bayesian_signed_rank,
    corrected_resampled_t,
    rank_biserial,
    wilcoxon_signed_rank,
)

pytestmark = pytest.mark.fast


def _folds(seed: int, k: int = 30, shift: float = 0.01) -> tuple[list, list]:
    rng = random.Random(seed)
    y = [rng.uniform(0.7, 0.9) for _ in range(k)]
    return [b + rng.gauss(shift, 0.02) for b in y], y


@pytest.mark.parametrize("seed, rope", [(1, 0.01), (2, 0.0), (3, 0.05)])
def test_the_correlated_t_posterior_is_scipys_student_t(seed, rope):
    stats = pytest.importorskip("scipy.stats")
    x, y = _folds(seed)
    ratio = 1 / 9  # 10-fold: rho = 1/10, rho / (1 - rho) = 1/9
    t, _ = corrected_resampled_t(x, y, ratio)
    d = np.subtract(x, y)
    scale = math.sqrt((1 / len(d) + ratio) * d.var(ddof=1))
    posterior = stats.t(len(d) - 1, loc=d.mean(), scale=scale)
    expected = (posterior.cdf(-rope), posterior.sf(rope))
    worse, same, better = bayesian_correlated_t(x, y, ratio, rope)
    assert (worse, better) == pytest.approx(expected, abs=1e-12)
    assert worse + same + better == pytest.approx(1, abs=1e-15)
    assert d.mean() / scale == pytest.approx(t)  # the same mean and error


@pytest.mark.parametrize("seed", [4, 5])
def test_the_correlated_t_test_equals_baycomps(seed):
    single = pytest.importorskip("baycomp.single")
    x, y = _folds(seed)  # 3 runs of 10 folds: baycomp's n_test / n_train 1/9
    expected = single.CorrelatedTTest.probs(np.array(y), np.array(x), 0.01, runs=3)
    ours = bayesian_correlated_t(x, y, 1 / 9, 0.01)
    assert ours == pytest.approx(expected, abs=1e-12)


def test_the_correlated_t_test_without_spread_is_where_its_mean_is():
    assert bayesian_correlated_t([0.8] * 5, [0.75] * 5, 1 / 4, 0.01) == (0, 0, 1)
    assert bayesian_correlated_t([0.8] * 5, [0.805] * 5, 1 / 4, 0.01) == (0, 1, 0)


@pytest.mark.parametrize("seed, rope", [(1, 0.01), (2, 0.0), (3, 0.02)])
def test_the_signed_rank_test_equals_baycomps_draw_for_draw(seed, rope):
    multiple = pytest.importorskip("baycomp.multiple")
    rng = random.Random(seed)
    differences = [rng.gauss(0.01, 0.02) for _ in range(12)] + [0.0]
    base = np.full(len(differences), 0.8)
    expected = multiple.SignedRankTest.probs(
        base, base + differences, rope, nsamples=5000, random_state=seed
    )
    if rope == 0:  # baycomp gives (P(worse), P(better)) without a rope
        expected = (expected[0], 0.0, expected[1])
    ours = bayesian_signed_rank(differences, rope, samples=5000, seed=seed)
    assert ours == pytest.approx(expected, abs=1e-12)


def test_the_signed_rank_test_of_one_difference_by_hand():
    # One difference d with rope < d < 2 rope, beside the prior's 0 (weight
    # 1/2): of the pairs' means only d's with itself is above the rope, so
    # "better" holds the most where w_d^2 > 1/2, and w_d ~ Beta(1, 1/2):
    # P(w_d > 1/sqrt 2) = (1 - 1/sqrt 2)^(1/2).
    worse, same, better = bayesian_signed_rank([0.015], 0.01, seed=7)
    assert worse == 0
    assert better == pytest.approx(math.sqrt(1 - 1 / math.sqrt(2)), abs=0.01)
    assert same == pytest.approx(1 - better, abs=1e-12)


def test_the_signed_rank_test_is_deterministic_and_mirrors_its_sign():
    differences = [0.02, -0.01, 0.03, 0.004, 0.015, -0.002]
    first = bayesian_signed_rank(differences, 0.01)
    assert bayesian_signed_rank(differences, 0.01) == first
    mirrored = bayesian_signed_rank([-d for d in differences], 0.01)
    assert mirrored == first[::-1]


@pytest.mark.parametrize("n", [30, 40])
def test_wilcoxon_beyond_24_differences_equals_scipys_exact_test(n):
    stats = pytest.importorskip("scipy.stats")
    rng = random.Random(n)
    differences = [rng.gauss(0.005, 0.02) for _ in range(n)]
    w_plus, count, p = wilcoxon_signed_rank(differences)
    assert count == n
    assert p == pytest.approx(
        stats.wilcoxon(differences, method="exact").pvalue, rel=1e-9
    )
    assert rank_biserial(w_plus, n) == pytest.approx(
        (2 * w_plus - n * (n + 1) / 2) / (n * (n + 1) / 2)
    )


def _plan(schemes: list[str], data: int = 6) -> ExperimentPlan:
    plan = plan_from_flags(["hepatitis"], schemes, folds=2, runs=1)
    specs = tuple(DataSpec(f"set{i}", "hepatitis") for i in range(data))
    return ExperimentPlan(specs, plan.schemes, folds=2, runs=1, rope=0.01)


SCHEMES = ["J48 --ranker pointwise", "J48 --pairs 1 --voters 3", "xgboost"]


def _store(tmp_path, plan: ExperimentPlan, seed: int = 1) -> list[dict]:
    """An engine's store of fake fold records: the renderer's input, no JVM."""
    rng = random.Random(seed)
    store = ResultStore(tmp_path)
    for unit in plan.units():
        labels = [1, 0, 1, 0, 0, 1]
        record = {
            "dataset": unit.data.name,
            "scheme_name": unit.scheme.name,
            "run": unit.run,
            "fold": unit.fold,
            "folds": unit.folds,
            "auc": rng.uniform(0.6, 0.95),
            "n_train": 6,
            "n_test": 6,
            "n_pairs": 9,
            "train_seconds": 0.5,
            "rank_seconds": 0.1,
            "peak_heap_mb": 12.0,
            "positive": "bad",
            "scores": [rng.random() for _ in labels],
            "labels": labels,
        }
        store.append(unit.key, [record])
    return store.records()


def test_wilcoxon_holm_of_the_report_equals_scipy_and_holm_by_hand(tmp_path):
    stats = pytest.importorskip("scipy.stats")
    plan = _plan(SCHEMES)
    values = analysis.compute(plan, _store(tmp_path, plan))
    means = {
        s: [row["cells"][s]["mean"] for row in values["per_dataset"]]
        for s in values["schemes"]
    }
    family = values["across"]["wilcoxon_pairs"]
    p = [
        stats.wilcoxon(means[e["a"]], means[e["b"]], method="exact").pvalue
        for e in family
    ]
    assert [e["p"] for e in family] == pytest.approx(p, rel=1e-9)
    order = sorted(range(3), key=lambda i: p[i])  # Holm: m - i times, monotone
    by_hand = [0.0] * 3
    running = 0.0
    for step, i in enumerate(order):
        running = max(running, min(1, (3 - step) * p[i]))
        by_hand[i] = running
    assert [e["p_holm"] for e in family] == pytest.approx(by_hand)


def test_the_report_renders_the_new_sections_from_a_store(tmp_path):
    plan = _plan(SCHEMES)
    records = _store(tmp_path, plan)
    values = analysis.compute(
        plan,
        records,
        {"set0": {"missing": 3, "cells": 300}},
        # One run stopped; the other noted its wall and its units' CPU.
        [{"pending": 9}, {"pending": 4}, {"seconds": 90, "cpu_seconds": 150}],
    )
    reduction, alone = plan.schemes[1].name, plan.schemes[0].name
    assert values["own_learners"] == {reduction: alone}
    cell = values["per_dataset"][0]["cells"][reduction]
    assert sum(cell["bayes"]) == pytest.approx(1)
    assert cell["alone"] == {k: cell[k] for k in cell["alone"]}  # its learner: base
    assert values["per_dataset"][0]["cells"]["xgboost"]["peak_heap_mb"] is None
    across = values["across"]
    assert [e["a"] for e in across["wilcoxon_own_learner"]] == [reduction]
    assert len(across["wilcoxon_pairs"]) == 3
    assert set(across["groups"]) == set(analysis.GROUPINGS)
    summary = values["summary"]
    assert summary["datasets"][0] == {
        "dataset": "set0", "rows": 12, "positives": 6, "missing": 3, "cells": 300
    }  # fmt: skip
    assert summary["wall_seconds"] == 90 and summary["units"] == len(records)
    text = to_markdown(values)
    for section in (
        "## Summary",
        "| set0 | 12 | 6 (50%) | 3 (1.0%) |",
        "### set0 (bad first)",
        "P(worse) / P(equivalent) / P(better)",
        f"### Against {alone}",
        "### Each reduction against its own learner alone",
        "### All pairs",
        "wall time 1.5 min over the 1 run(s) of this folder that noted their end "
        "(1 more stopped before they could); the process's CPU over them 2.5 min "
        "(1.7 cores kept busy on average)",
    ):
        assert section in text, section
    costs = text.split("## Costs")[1]
    assert "| set0 | xgboost | 0.500 | 0.100 | 9 | - |" in costs


def test_the_summary_says_the_compilers_cpu_and_the_units_run_alone(tmp_path):
    """Where a run noted them; a run that did not leaves both out."""
    plan = _plan(SCHEMES)
    records = _store(tmp_path, plan)
    noted = {"seconds": 90, "cpu_seconds": 150}
    runs = [noted, {**noted, "compiler_seconds": 40.5, "units_alone": 7}]
    summary = analysis.compute(plan, records, {}, runs)["summary"]
    assert (summary["compiler_seconds"], summary["units_alone"]) == (40.5, 7)
    assert (summary["cpu_seconds"], summary["cpu_wall_seconds"]) == (300, 180)
    before = to_markdown(analysis.compute(plan, records, {}, [noted]))
    assert "compiler" not in before and "one at a time" not in before
    text = to_markdown(analysis.compute(plan, records, {}, runs))
    assert (
        "(the units' own threads kept 1.4 cores busy on average, the JVM's "
        "compiler threads 0.2 more); "
        "7 units "
        "ran one at a time, their data set and scheme keeping the cores busy alone"
    ) in text


def test_report_refuses_a_grouping_it_does_not_know_naming_the_flag(tmp_path, capsys):
    from weka_ranking import cli
    from weka_ranking.experiments.experiment import plan_note

    plan = _plan(SCHEMES, data=2)
    _store(tmp_path, plan)
    ResultStore(tmp_path).add_run(plan_note(plan))
    assert cli.main(["report", str(tmp_path), "--grouping", "nemenyx"]) == 1
    said = capsys.readouterr().err.strip()
    assert said == (
        "weka-ranking: error: --grouping nemenyx: choose from wilcoxon-holm, nemenyi"
    )
    assert not (tmp_path / "report.md").exists()
