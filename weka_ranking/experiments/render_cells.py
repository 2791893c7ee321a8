"""The report's sections read from ``reproduction.json``'s cells: the folds
sorted by class and what they leak, every cell's verdict, and the study in
WEKA's Experimenter."""

from __future__ import annotations

import statistics

from weka_ranking import load_task
from weka_ranking.experiments.plan import FOLDS, SEED
from weka_ranking.folds import weka_folds


def _number(x: float | None, digits: int = 5) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def class_blocks(task: str) -> dict:
    """Whether every WEKA test fold of the task is one block per class, and
    which class comes first in them."""
    data = load_task(task)
    firsts, sorted_folds = set(), 0
    for _, test in weka_folds(data.y, FOLDS, SEED):
        labels = data.y[test]
        changes = int((labels[1:] != labels[:-1]).sum())
        sorted_folds += changes <= 1
        firsts.add(data.class_values[int(data.class_index[test][0])])
    return {"sorted_folds": sorted_folds, "first": sorted(firsts)}


def folds_section(cells: list[dict], tasks: list[str]) -> str:
    """The first fact about the published numbers, with its numbers."""
    blocks = {task: class_blocks(task) for task in tasks}
    ranking = [c for c in cells if c["config"] != "base" and c["leakage"] is not None]
    leaks = [c["leakage"] for c in ranking]
    lines = [
        "## First: WEKA's test folds are sorted by class",
        "",
        "WEKA's stratified cross-validation (`Instances.stratify`) leaves every "
        "test fold as one block per class. Computed here on the folds of seed 1:",
        "",
        "| task | test folds that are one block per class | first block |",
        "|---|---|---|",
    ]
    for task, b in blocks.items():
        lines.append(
            f"| {task} | {b['sorted_folds']}/{FOLDS} | {', '.join(b['first'])} |"
        )
    lines += [
        "",
        "So a ranking that leaves equal scores in the fold's order breaks them by "
        "the true label: a comparator that answers every pair alike gives each fold "
        "an AUC of exactly 0 or 1. An AUC computed from such a list (rather than "
        "from the scores, where ties count one half) gains from the order alone.",
    ]
    if leaks:
        largest = max(ranking, key=lambda c: abs(c["leakage"]))
        lines += [
            "",
            f"Over the {len(leaks)} ranking cells (the file's class 0 first, correct "
            "tournament), equal degrees in the fold's order minus ties one half: "
            f"mean {statistics.fmean(leaks):+.4f}, "
            f"{sum(abs(x) > 0.01 for x in leaks)} cells over 0.01, the largest "
            f"{largest['leakage']:+.4f} ({largest['learner']} {largest['task']} "
            f"{largest['config']}). Every cell's number is in `reproduction.json` "
            "(`leakage`) and the table below.",
        ]
    return "\n".join(lines)


def cells_section(cells: list[dict]) -> str:
    """Every published cell: its numbers and its computed verdict."""
    lines = [
        "## Every published cell, judged",
        "",
        "Deterministic cells (base, original) by exact match of mean and variance "
        "to 5 decimals under the declared readings; sampled cells (star, "
        "double_star) by where the published mean falls in the distribution of "
        "the sampler seeds' means (|z| <= 2), under the correct protocol (ties one "
        "half) and under the monograph's as we read it (the file's class 0 first, "
        "equal degrees in the fold's order). Ours = the correct protocol; leakage "
        "= fold order minus ties one half. From `reproduction.json`.",
        "",
        "| learner | task | config | published | ours | monograph's protocol | "
        "Experimenter | seeds (mean ± sd) | leakage | verdict |",
        "|---" * 10 + "|",
    ]
    for c in cells:
        seeds = c["seed_aucs"]
        spread = (
            f"{statistics.fmean(seeds):.4f} ± {statistics.stdev(seeds):.4f} "
            f"({len(seeds)})"
            if len(seeds) > 1
            else "-"
        )
        experimenter = c["experimenter_auc"]
        lines.append(
            f"| {c['learner']} | {c['task']} | {c['config']} | "
            f"{c['published_auc']:.5f} ({c['published_variance']:.5f}) | "
            f"{_number(c['auc'])} ({_number(c['variance'])}) | "
            f"{_number(c['monograph_protocol_auc'])} | "
            f"{_number(experimenter and experimenter['mean'])} | {spread} | "
            f"{_number(c['leakage'], 4)} | {c['verdict']} |"
        )
    counts: dict[str, int] = {}
    for c in cells:
        key = c["verdict"].split(":")[0].split(" (")[0]
        counts[key] = counts.get(key, 0) + 1
    lines += ["", "Verdicts: " + "; ".join(f"{k}: {v}" for k, v in counts.items())]
    return "\n".join(lines)


def experimenter_section(cells: list[dict]) -> str:
    """The study in WEKA's Experimenter: which reading it gives, cell by cell."""
    run = [c for c in cells if c["experimenter_auc"] or c["experimenter_positions_auc"]]
    if not run:
        return ""
    lines = [
        "## The study in WEKA's Experimenter",
        "",
        "Every cell run by `weka.experiment.Experiment` in a plain JVM (WEKA's "
        "jars and the installed package only): run 1, 10-fold cross-validation, "
        "IR class = the class that ranks first, the scheme the store records for "
        "the cell. Read two ways: the ranking's scores as they are (WEKA's AUC "
        "counts equal scores one half) and as rank positions (`-positions`, equal "
        "degrees in the fold's order).",
        "",
        "| reading | cells run | ten fold AUCs equal to the store's | "
        "published mean and variance exactly (5 decimals) |",
        "|---|---|---|---|",
    ]
    for reading, key in (
        ("scores (ties one half)", "experimenter_auc"),
        ("positions (fold order)", "experimenter_positions_auc"),
    ):
        done = [c for c in cells if c[key]]
        exact = [
            c
            for c in done
            if (round(c[key]["mean"], 5), round(c[key]["variance"], 5))
            == (c["published_auc"], c["published_variance"])
        ]
        lines.append(
            f"| {reading} | {len(done)} | "
            f"{sum(c[key]['equals_store'] for c in done)} | {len(exact)}: "
            + (
                ", ".join(f"{c['learner']} {c['task']} {c['config']}" for c in exact)
                or "none"
            )
            + " |"
        )
    return "\n".join(lines)
