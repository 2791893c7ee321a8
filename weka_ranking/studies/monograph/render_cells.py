"""The report's sections read from ``reproduction.json``'s cells: the folds
sorted by class and what they leak, every cell's verdict, and the study in
WEKA's Experimenter."""

from __future__ import annotations

import statistics

from weka_ranking.folds import weka_folds
from weka_ranking.studies.monograph.plan import FOLDS, SEED
from weka_ranking.studies.monograph.render_hypotheses import section
from weka_ranking.tasks import load_task


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


def tests_section(tests: list[dict]) -> str:
    """The monograph's findings by the corrected resampled t-test."""
    if not tests:
        return ""
    lines = section(
        "The published findings, tested as the Experimenter tests",
        "Each finding's configurations against the learner alone by Nadeau and "
        "Bengio's corrected resampled t-test (WEKA's `PairedCorrectedTTester`, "
        "significance 0.05) over 10 runs of 10-fold cross-validation in WEKA's "
        "Experimenter (the monograph's class 0 first, the correct tournament, "
        "scores as they are), with the 95% interval of the difference in mean "
        "AUC, instead of a count of wins.",
        ["finding", "learner", "task", "config", "AUC", "learner alone",
         "difference (95% interval)", "t", "p", ""],
        [],
    )  # fmt: skip
    for t in tests:  # in the findings' order (corrected_tests)
        mark = {1: "better", -1: "worse", 0: ""}[t["significance"]]
        difference = t["auc"] - t["base_auc"]
        lines.append(
            f"| {t['finding']} | {t['learner']} | {t['task']} | {t['config']} | "
            f"{t['auc']:.4f} | {t['base_auc']:.4f} | {difference:+.4f} "
            f"({t['difference_low']:+.4f}, {t['difference_high']:+.4f}) | "
            f"{t['t']:+.2f} | {t['p']:.4f} | {mark} |"
        )
    lines.append("")
    for finding in dict.fromkeys(t["finding"] for t in tests):
        rows = [t for t in tests if t["finding"] == finding]
        counts = {
            name: sum(t["significance"] == value for t in rows)
            for name, value in (("better", 1), ("worse", -1), ("no different", 0))
        }
        below = sum(t["auc"] < 0.5 for t in rows)
        claimed = rows[0]["claimed_difference"]
        inside = sum(
            t["difference_low"] <= claimed <= t["difference_high"]
            for t in rows
            if claimed is not None
        )
        lines.append(
            f"- **{finding}**: of {len(rows)} comparisons, "
            + ", ".join(f"{n} {name}" for name, n in counts.items())
            + f"; mean AUC below 0.5 in {below}"
            + (f"; {claimed:+.2f} inside the interval in {inside}" if claimed else "")
            + "."
        )
    return "\n".join(lines)


def class_order_section(cells: list[dict], class_values: dict[str, tuple]) -> str:
    """Which declaration order of the class values gives each published base
    cell exactly: the evidence for each task's class order."""
    base = [c for c in cells if c["config"] == "base" and c["auc"] is not None]
    if not base:
        return ""
    learners = list(dict.fromkeys(c["learner"] for c in base))
    lines = section(
        "The class order of each task, with its evidence",
        "The learner alone, run with the two class values declared in our order "
        "and in the other (`classes-swapped`): the same instances and labels, but "
        "a learner's arithmetic may run in another order (Logistic's optimiser, "
        "SMO's). Each cell: the orders that give the published mean and variance "
        "exactly (5 decimals).",
        ["task", "our declared order", *learners],
        [],
    )
    for task in dict.fromkeys(c["task"] for c in base):
        row = []
        for learner in learners:
            cell = next(
                (c for c in base if (c["learner"], c["task"]) == (learner, task)), None
            )
            exact = cell["exact_match"] if cell else []
            row.append(
                " and ".join(
                    "swapped" if "swapped" in name else "ours" for name in exact
                )
                or "neither"
            )
        order = ", ".join(class_values.get(task, ()))
        lines.append(f"| {task} | {{{order}}} | " + " | ".join(row) + " |")
    return "\n".join(lines)


def conditioning_section(rows: list[dict]) -> str:
    """Logistic's `original` fits against changes that are none in exact
    arithmetic (``docs/tools/conditioning.py`` measures them)."""
    if not rows:
        return ""
    names = [k for k in rows[0] if k not in ("task", "largest_coefficient")]
    lines = section(
        "Numerical conditioning: Logistic on all pairs",
        "The largest coefficient of the Logistic member over the 10 folds, and "
        "the mean AUC (correct tournament) under changes that leave the problem "
        "the same in exact arithmetic (the ridge is a regulariser too small to "
        "matter where the fit is well posed). Where a nearly separable pair set "
        "lets the coefficients grow large, the ridge moves the AUC: there the "
        "fifth decimal of a cell depends on where the optimiser stopped, not on "
        "the method. Measured by `python docs/tools/conditioning.py`.",
        ["task", "largest coefficient", *names],
        [],
    )
    for row in rows:
        values = " | ".join(f"{row[k]:.5f}" for k in names)
        lines.append(
            f"| {row['task']} | {row['largest_coefficient']:,.0f} | {values} |"
        )
    return "\n".join(lines)
