"""The values of an experiment's report, computed once from its store.

Per data set: each scheme's mean and standard deviation of the AUC over
runs x folds, and Nadeau and Bengio's corrected resampled t-test against
the baseline, marked as WEKA's Experimenter marks it (``v`` significantly
better, ``*`` significantly worse). Across data sets: average ranks, the
Friedman test with Iman and Davenport's correction, Nemenyi's critical
difference and Holm's procedure against the baseline, and win/tie/loss
counts by the per-data-set tests. Costs: training and ranking seconds and
pairs. The renderer (:mod:`.report`) computes nothing.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any

from weka_ranking.experiments import ranks
from weka_ranking.experiments.plan import ExperimentPlan
from weka_ranking.stats import corrected_resampled_t


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


def compute(plan: ExperimentPlan, records: list[dict]) -> dict[str, Any]:
    """Every number and verdict of the report, as plain values."""
    cells = _cells(records)
    schemes = [s.name for s in plan.schemes]
    datasets = [d.name for d in plan.data]
    expected = plan.runs * plan.folds
    errors = sorted(
        {(r["dataset"], r["scheme_name"], r["error"]) for r in records if "error" in r}
    )
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
                "peak_heap_mb": max(
                    (r["peak_heap_mb"] for r in cell if "peak_heap_mb" in r),
                    default=None,
                ),
            }
            if scheme != plan.baseline and len(cell) == len(base) == expected:
                ratio = sum(r["n_test"] for r in cell) / sum(r["n_train"] for r in cell)
                t, p = corrected_resampled_t(aucs, [r["auc"] for r in base], ratio)
                difference = entry["mean"] - statistics.fmean(r["auc"] for r in base)
                entry |= {
                    "t": t,
                    "p": p,
                    "difference": difference,
                    "mark": mark(p, difference, plan.significance),
                }
            row["cells"][scheme] = entry
        per_dataset.append(row)
    complete = [
        row for row in per_dataset if all(row["cells"][s]["complete"] for s in schemes)
    ]
    values: dict[str, Any] = {
        "plan": plan.to_dict(),
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
    }
