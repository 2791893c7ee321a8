"""The values of an experiment's report, computed once from its store.

Per data set: each scheme's mean and standard deviation of the AUC over
runs x folds, and Nadeau and Bengio's corrected resampled t-test against
the baseline, marked as WEKA's Experimenter marks it (``v`` significantly
better, ``*`` significantly worse), beside the Bayesian correlated t-test's
P(worse), P(equivalent), P(better) with the plan's region of practical
equivalence (``rope``); the same for each reduction against its own learner
alone, where the plan holds it. Across data sets: average ranks, the
Friedman test with Iman and Davenport's correction, Nemenyi's critical
difference and Holm's procedure on the ranks (Demsar 2006); the Wilcoxon
signed-rank test with Holm against the baseline, against the own learner and
for all pairs, with effect sizes, and the Bayesian signed-rank test, which
Benavoli et al. (JMLR 2016, 2017) recommend because the rank tests' verdict
on A against B moves with the other schemes in the pool; the groups the
critical-difference diagram joins, by Wilcoxon-Holm and by Nemenyi; and
win/tie/loss counts by the per-data-set tests. A summary: the data sets'
rows, class balance and missing values, and the wall time. Costs: training
and ranking seconds and pairs. The renderer (:mod:`.report`) computes
nothing.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from weka_ranking.experiments import ranks
from weka_ranking.experiments.plan import ExperimentPlan
from weka_ranking.stats import (
    bayesian_correlated_t,
    bayesian_signed_rank,
    corrected_resampled_t,
    holm,
    rank_biserial,
    wilcoxon_signed_rank,
)

# The tests a critical-difference diagram may join schemes by (the first the
# default), and how the diagram names each.
GROUPINGS = {
    "wilcoxon-holm": "the Wilcoxon signed-rank test with Holm's procedure over all "
    "pairs",
    "nemenyi": "Nemenyi's test",
}


def _cells(records: list[dict]) -> dict[tuple[str, str], list[dict]]:
    """Records by (data set, scheme), in (run, fold) order; errors left out."""
    cells: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in records:
        if "error" not in r:
            cells[r["dataset"], r["scheme_name"]].append(r)
    for records_of_cell in cells.values():
        records_of_cell.sort(key=lambda r: (r["run"], r["fold"]))
    return cells


def mark(p: float, difference: float, significance: float) -> str:
    """WEKA's Experimenter mark: ``v`` significantly better, ``*`` worse, else none."""
    if p >= significance or difference == 0:
        return ""
    return "v" if difference > 0 else "*"


def paired(plan: ExperimentPlan, cell: list[dict], other: list[dict]) -> dict[str, Any]:
    """One scheme's folds against another's on one data set: both tests' values.

    The corrected resampled t-test (t, p, WEKA's mark) and the Bayesian
    correlated t-test's [P(worse), P(equivalent), P(better)] within the plan's
    rope, from the same folds; the difference of the means.
    """
    aucs, others = [r["auc"] for r in cell], [r["auc"] for r in other]
    ratio = sum(r["n_test"] for r in cell) / sum(r["n_train"] for r in cell)
    t, p = corrected_resampled_t(aucs, others, ratio)
    difference = statistics.fmean(aucs) - statistics.fmean(others)
    return {
        "t": t,
        "p": p,
        "difference": difference,
        "mark": mark(p, difference, plan.significance),
        "bayes": list(bayesian_correlated_t(aucs, others, ratio, plan.rope)),
    }


def own_learners(plan: ExperimentPlan) -> dict[str, str]:
    """Each reduction scheme's learner alone in the plan (its name), where there is one.

    A reduction's question is whether it ranks better than the WEKA learner it
    votes with (docs/choosing.md); a peer or a learner alone has none.
    """
    alone = {s.learner: s.name for s in plan.schemes if s.is_learner_alone}
    return {
        s.name: alone[s.learner]
        for s in plan.schemes
        if not s.is_learner_alone and s.learner in alone
    }


def compute(
    plan: ExperimentPlan,
    records: list[dict],
    described: dict[str, dict] | None = None,
    runs: list[dict] | None = None,
) -> dict[str, Any]:
    """Every number and verdict of the report, as plain values.

    ``described``: each data set's ``missing`` values (cells), where its file
    could be read; ``runs``: the store's notes of its invocations (their
    seconds are the wall time).
    """
    cells = _cells(records)
    schemes = [s.name for s in plan.schemes]
    datasets = [d.name for d in plan.data]
    expected = plan.runs * plan.folds
    errors = sorted(
        {(r["dataset"], r["scheme_name"], r["error"]) for r in records if "error" in r}
    )
    learners = own_learners(plan)
    peers = {s.name for s in plan.schemes if s.peer is not None}
    per_dataset = []
    for dataset in datasets:
        base = cells.get((dataset, plan.baseline), [])
        firsts = {
            r["positive"]
            for r in records
            if r["dataset"] == dataset and "positive" in r
        }
        row: dict[str, Any] = {
            "dataset": dataset,
            "ranks_first": firsts.pop() if len(firsts) == 1 else None,
            "cells": {},
        }
        for scheme in schemes:
            cell = cells.get((dataset, scheme), [])
            aucs = [r["auc"] for r in cell]
            entry: dict[str, Any] = {
                "n": len(aucs),
                "complete": len(aucs) == expected,
                "mean": statistics.fmean(aucs) if aucs else None,
                "sd": statistics.stdev(aucs) if len(aucs) > 1 else None,
                "train_seconds": statistics.fmean(r["train_seconds"] for r in cell)
                if cell
                else None,
                "rank_seconds": statistics.fmean(r["rank_seconds"] for r in cell)
                if cell
                else None,
                "pairs": statistics.fmean(r["n_pairs"] for r in cell) if cell else None,
                # A peer's memory is Python's: the JVM's peak does not count it.
                "peak_heap_mb": None
                if scheme in peers
                else max(
                    (r["peak_heap_mb"] for r in cell if "peak_heap_mb" in r),
                    default=None,
                ),
            }
            if scheme != plan.baseline and len(cell) == len(base) == expected:
                entry |= paired(plan, cell, base)
            alone = cells.get((dataset, learners.get(scheme, "")), [])
            if scheme in learners and len(cell) == len(alone) == expected:
                entry["alone"] = paired(plan, cell, alone)
            row["cells"][scheme] = entry
        per_dataset.append(row)
    complete = [
        row for row in per_dataset if all(row["cells"][s]["complete"] for s in schemes)
    ]
    values: dict[str, Any] = {
        "plan": plan.to_dict(),
        "summary": _summary(plan, records, described or {}, runs or []),
        "own_learners": learners,
        "schemes": schemes,
        "datasets": datasets,
        "per_dataset": per_dataset,
        "errors": [list(e) for e in errors],
        "complete_datasets": [row["dataset"] for row in complete],
        "win_tie_loss": {
            s: {
                "win": sum(row["cells"][s].get("mark") == "v" for row in complete),
                "tie": sum(row["cells"][s].get("mark") == "" for row in complete),
                "loss": sum(row["cells"][s].get("mark") == "*" for row in complete),
            }
            for s in schemes
            if s != plan.baseline
        },
    }
    values["across"] = _across(plan, schemes, complete)
    return values


def _summary(
    plan: ExperimentPlan, records: list[dict], described: dict, runs: list[dict]
) -> dict[str, Any]:
    """The data sets' rows, positives and missing values; the seconds spent.

    Rows and positives are counted from the test folds of the first run of
    the first scheme that finished one (each row is in one test fold);
    ``wall_seconds`` adds up the seconds of the ``runs_timed`` invocations that
    noted them as they ended (of the ``runs_started``: one stopped by Ctrl-C or
    a lost machine notes none), ``unit_seconds`` the units' training and
    ranking seconds (over all workers); ``cpu_seconds`` and ``cpu_wall_seconds``
    the process's CPU seconds and the wall of the runs that noted both (the
    local executor's: its workers are its threads), whose ratio is the cores
    the units kept busy; ``compiler_seconds``, the JVM's compiler's part of
    that CPU, and ``units_alone``, the units run one at a time as their cell
    filled the cores alone (``runner.Pacer``); each left out where no run
    noted it.
    """
    rows = []
    for spec in plan.data:
        folds_of: dict[tuple[str, int], list[dict]] = defaultdict(list)
        for r in records:
            if r["dataset"] == spec.name and "labels" in r:
                folds_of[r["scheme_name"], r["run"]].append(r)
        whole = [c for c in folds_of.values() if len(c) == plan.folds]
        labels = [v for r in whole[0] for v in r["labels"]] if whole else []
        rows.append(
            {
                "dataset": spec.name,
                "rows": len(labels) or None,
                "positives": sum(labels) if labels else None,
                "missing": described.get(spec.name, {}).get("missing"),
                "cells": described.get(spec.name, {}).get("cells"),
            }
        )
    finished = [r for r in records if "error" not in r]
    noted_cpu = [n for n in runs if "cpu_seconds" in n]
    cpu = {  # only where a run noted it: a store from before reads as it did
        "cpu_seconds": sum(n["cpu_seconds"] for n in noted_cpu),
        "cpu_wall_seconds": sum(n["seconds"] for n in noted_cpu),
    }
    for key in ("compiler_seconds", "units_alone"):
        if any(key in n for n in noted_cpu):
            cpu[key] = sum(n.get(key, 0) for n in noted_cpu)
    return {
        "datasets": rows,
        "wall_seconds": sum(n["seconds"] for n in runs if "seconds" in n),
        "runs_timed": sum("seconds" in n for n in runs),
        "runs_started": sum("pending" in n for n in runs),
        "unit_seconds": sum(r["train_seconds"] + r["rank_seconds"] for r in finished),
        "units": len(finished),
        "failed": len(records) - len(finished),
        **(cpu if noted_cpu else {}),
    }


def signed_rank_family(
    plan: ExperimentPlan,
    means: dict[str, list[float]],
    pairs: list[tuple[str, str]],
    bayesian: bool = True,
) -> list[dict[str, Any]]:
    """Wilcoxon's test of each pair (a against b) over the data sets, Holm over them.

    ``means[s]`` is scheme s's mean AUC on each data set, in one order. Each
    entry: W+ (the ranks of a's gains), n, p, Holm's p over the family, and the
    effect sizes: the mean and median of a - b and the rank-biserial
    correlation; with ``bayesian``, the Bayesian signed-rank test's [P(a
    worse), P(equivalent), P(a better)] within the plan's rope.
    """
    entries = []
    for a, b in pairs:
        differences = [x - y for x, y in zip(means[a], means[b], strict=True)]
        w_plus, n, p = wilcoxon_signed_rank(differences)
        entry = {
            "a": a,
            "b": b,
            "w_plus": w_plus,
            "n": n,
            "p": p,
            "mean_difference": statistics.fmean(differences),
            "median_difference": statistics.median(differences),
            "rank_biserial": rank_biserial(w_plus, n),
        }
        if bayesian:
            entry["bayes"] = list(bayesian_signed_rank(differences, plan.rope))
        entries.append(entry)
    for entry, adjusted in zip(entries, holm([e["p"] for e in entries]), strict=True):
        entry["p_holm"] = adjusted
        entry["rejected"] = adjusted < plan.significance
    return entries


def groups(order: list[str], joined: Callable[[str, str], bool]) -> list[list[str]]:
    """Maximal runs of schemes (in rank order) that ``joined`` says are not told apart.

    A run is joined when every pair in it is; a run inside another is left out.

    >>> ranks = {"a": 1.0, "b": 1.5, "c": 2.4, "d": 3.9}
    >>> groups(list(ranks), lambda x, y: abs(ranks[x] - ranks[y]) <= 1.0)
    [['a', 'b'], ['b', 'c']]
    """
    runs: list[tuple[int, int]] = []
    for start in range(len(order)):
        end = start
        while end + 1 < len(order) and all(
            joined(order[i], order[end + 1]) for i in range(start, end + 1)
        ):
            end += 1
        if end > start and not any(s <= start and end <= e for s, e in runs):
            runs.append((start, end))
    return [order[start : end + 1] for start, end in runs]


def _across(plan: ExperimentPlan, schemes: list[str], complete: list[dict]) -> dict:
    """Ranks, Friedman and post-hoc tests over the data sets every scheme finished."""
    n, k = len(complete), len(schemes)
    if n < 2 or k < 2:
        return {"n": n, "k": k, "enough": False}
    table = [[row["cells"][s]["mean"] for s in schemes] for row in complete]
    average = ranks.average_ranks(table)
    control = schemes.index(plan.baseline)
    cd = ranks.critical_difference(k, n, plan.significance)
    against = ranks.holm_against_control(average, control, n)
    means = {s: [row[j] for row in table] for j, s in enumerate(schemes)}
    all_pairs = signed_rank_family(
        plan,
        means,
        [(schemes[i], schemes[j]) for i in range(k) for j in range(i + 1, k)],
        bayesian=False,
    )
    apart = {frozenset((e["a"], e["b"])) for e in all_pairs if e["rejected"]}
    order = sorted(schemes, key=lambda s: average[schemes.index(s)])
    rank_of = dict(zip(schemes, average, strict=True))
    return {
        "n": n,
        "k": k,
        "enough": True,
        "average_ranks": dict(zip(schemes, average, strict=True)),
        "friedman": ranks.friedman(table),
        "critical_difference": cd,
        "nemenyi_q": ranks.nemenyi_q(k, plan.significance),
        "nemenyi_pairs": [
            {
                "a": schemes[i],
                "b": schemes[j],
                "difference": average[i] - average[j],
                "significant": abs(average[i] - average[j]) > cd,
            }
            for i in range(k)
            for j in range(i + 1, k)
        ],
        "holm": [
            {
                **entry,
                "scheme": schemes[entry["scheme"]],
                "rejected": entry["p_holm"] < plan.significance,
            }
            for entry in against
        ],
        "wilcoxon_baseline": signed_rank_family(
            plan, means, [(s, plan.baseline) for s in schemes if s != plan.baseline]
        ),
        "wilcoxon_own_learner": signed_rank_family(
            plan, means, list(own_learners(plan).items())
        ),
        "wilcoxon_pairs": all_pairs,
        "groups": {
            "wilcoxon-holm": groups(order, lambda a, b: frozenset((a, b)) not in apart),
            "nemenyi": groups(order, lambda a, b: abs(rank_of[a] - rank_of[b]) <= cd),
        },
    }
