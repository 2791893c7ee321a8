"""An experiment's report: the values of :mod:`.analysis` rendered, never computed.

``write_report`` writes, into the experiment's folder and atomically:
``values.json`` (every number), ``report.md`` (the tables), ``results.arff``
(WEKA's Experimenter results file), and, with matplotlib, the figures: a
critical-difference diagram (Demsar 2006) whose groups are Wilcoxon-Holm's
(or Nemenyi's), the Bayesian signed-rank tests' probabilities as bars, and
the ROC curves of one data set, each fold's read on its own scale.
"""

from __future__ import annotations

import importlib.util
import io
import json
import logging
import math
import textwrap
import warnings
from pathlib import Path

import numpy as np

from weka_ranking.atomic import write_atomically, write_bytes
from weka_ranking.errors import ParameterError, WekaRankingError, WekaRankingWarning
from weka_ranking.experiments import analysis
from weka_ranking.experiments.plan import ExperimentPlan
from weka_ranking.experiments.registration import rule_record, rule_section
from weka_ranking.experiments.store import ResultStore, check_report_folder
from weka_ranking.experiments.weka_results import results_arff

logger = logging.getLogger(__name__)

# The files write_report writes whether or not matplotlib draws the figures: a
# folder holding one is an earlier report's, written again.
REPORT_FILES = ("report.md", "values.json", "results.arff")


def number(value: float | None, digits: int = 4) -> str:
    """A value with ``digits`` decimals; ``-`` for none or NaN."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.{digits}f}"


def _p(value: float) -> str:
    return f"{value:.2g}" if value >= 1e-4 else f"{value:.1e}"


def markdown_table(head: list[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table's lines: the head, its rule, a line a row.

    A ``|`` in a cell (a scheme named ``a|b``) is escaped, not a column's end.
    """

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    return [line(head), "|" + "---|" * len(head), *map(line, rows)]


def _bayes(probabilities: list[float] | None) -> str:
    """P(worse) / P(equivalent) / P(better), two decimals each."""
    if probabilities is None:
        return "-"
    return " / ".join(f"{p:.2f}" for p in probabilities)


def _duration(seconds: float) -> str:
    hours, rest = divmod(round(seconds), 3600)
    return f"{hours} h {rest // 60:02d} min" if hours else f"{rest / 60:.1f} min"


def _summary(values: dict) -> list[str]:
    summary = values["summary"]
    rows = []
    for d in summary["datasets"]:
        rows.append(
            [
                d["dataset"],
                str(d["rows"] or "-"),
                f"{d['positives']} ({d['positives'] / d['rows']:.0%})"
                if d["rows"]
                else "-",
                "-"
                if d["missing"] is None
                else f"{d['missing']:,} ({d['missing'] / d['cells']:.1%})"
                if d["missing"]
                else "none",
            ]
        )
    untimed = summary["runs_started"] - summary["runs_timed"]
    cpu, cpu_wall = summary.get("cpu_seconds", 0), summary.get("cpu_wall_seconds", 0)
    compiling = summary.get("compiler_seconds")
    alone = summary.get("units_alone")
    busy = ""
    if cpu_wall > 0:
        # Split as the run's last line splits it: the units' own threads, then
        # the compiler's (a new user read one figure there and another here).
        cores = (
            f"the units' own threads kept {(cpu - compiling) / cpu_wall:.1f} cores "
            f"busy on average, the JVM's compiler threads {compiling / cpu_wall:.1f} "
            "more"
            if compiling
            else f"{cpu / cpu_wall:.1f} cores kept busy on average"
        )
        busy = f"; the process's CPU over them {_duration(cpu)} ({cores})"
        if alone:
            busy += (
                f"; {alone:,} units ran one at a time, their data set and scheme "
                "keeping the cores busy alone"
            )
    return [
        "## Summary",
        "",
        f"{summary['units']:,} units finished ({summary['failed']} failed); wall "
        f"time {_duration(summary['wall_seconds'])} over the "
        f"{summary['runs_timed']} run(s) of this folder that noted their end"
        + (f" ({untimed} more stopped before they could)" if untimed > 0 else "")
        + busy
        + f", {_duration(summary['unit_seconds'])} of training and ranking summed over "
        "the units. Rows and the class that ranks first counted from the test "
        "folds; missing values are the feature cells the file leaves out.",
        "",
        *markdown_table(
            ["data set", "rows", "ranks first (share)", "missing values"], rows
        ),
        "",
    ]


def _schemes(values: dict) -> list[str]:
    """What each scheme ran, as its units' records spell it (WEKA's options)."""
    ran = values.get("schemes_as_run")
    if not ran:
        return []
    rows = []
    for name, spelt in ran.items():
        more = f" (and {len(spelt) - 1} more)" if len(spelt) > 1 else ""
        rows.append([f"`{name}`", f"`{spelt[0]}`{more}"])
    return [
        "## Schemes",
        "",
        "Each scheme as its units ran it (their records' `scheme`): a WEKA "
        "scheme's classname and options, every option at its value (`-R "
        "pointwise`: the learner alone, `-P` and `-I` unused), `-rank-first` the "
        "class that ranks first, by its 1-based place in the class as the unit "
        "ran it, made two-valued where the file's has more (a data set's own "
        "where they differ: `and N more`); a peer's estimator and parameters.",
        "",
        *markdown_table(["scheme", "as run"], rows),
        "",
    ]


def _per_dataset(values: dict) -> list[str]:
    plan, schemes, base = values["plan"], values["schemes"], values["plan"]["baseline"]
    alone = values["own_learners"]
    lines = [
        "## Per data set",
        "",
        f"Mean (standard deviation) of the AUC over runs x folds. Against the "
        f"baseline **{base}**: the difference of the means; `v` significantly "
        f"better, `*` significantly worse by the corrected resampled t-test "
        f"(Nadeau and Bengio; WEKA's PairedCorrectedTTester) at "
        f"{plan['significance']}, with its p; and the Bayesian correlated t-test's "
        f"P(worse) / P(equivalent) / P(better) (Corani and Benavoli 2015), "
        f"equivalent meaning within the rope of +-{plan['rope']} AUC. "
        + (
            "The last columns test each reduction the same way against its own "
            "learner alone."
            if alone
            else ""
        ),
        "",
    ]
    for row in values["per_dataset"]:
        first = row.get("ranks_first")
        lines += [f"### {row['dataset']}" + (f" ({first} first)" if first else ""), ""]
        head = ["scheme", "AUC", f"- {base}", "p", "Bayes vs " + base]
        if alone:
            head += ["own learner", "- it", "p", "Bayes vs it"]
        rows = []
        for scheme in schemes:
            cell = row["cells"][scheme]
            text = f"{number(cell['mean'])} ({number(cell['sd'], 3)})"
            if not cell["complete"]:
                text += f" [{cell['n']} folds]"
            cells = [scheme, text, *_versus(cell, "baseline" if scheme != base else "")]
            if alone:
                if scheme in alone:
                    cells += [alone[scheme], *_versus(cell.get("alone") or {}, "it")]
                else:
                    cells += ["", "", "", ""]
            rows.append(cells)
        lines += markdown_table(head, rows) + [""]
    wtl = values["win_tie_loss"]
    lines += [
        "(v/ /*) against the baseline: "
        + "; ".join(
            f"{s}: ({wtl[s]['win']}/{wtl[s]['tie']}/{wtl[s]['loss']})" for s in wtl
        ),
        "",
    ]
    return lines


def _versus(test: dict, against: str) -> list[str]:
    """The difference, the t-test's p and mark, and the Bayesian probabilities."""
    if not against:
        return ["", "", ""]
    if "p" not in test:
        return ["-", "-", "-"]
    mark = f" {test['mark']}" if test["mark"] else ""
    return [f"{test['difference']:+.4f}", _p(test["p"]) + mark, _bayes(test["bayes"])]


def _signed_rank_table(entries: list[dict], significance: float) -> list[str]:
    return markdown_table(
        [
            "scheme",
            "against",
            "mean diff.",
            "median diff.",
            "r",
            "W+ (n)",
            "p",
            "Holm's p",
            f"rejected at {significance}",
            "P(worse) / P(equiv.) / P(better)",
        ],
        [
            [
                e["a"],
                e["b"],
                f"{e['mean_difference']:+.4f}",
                f"{e['median_difference']:+.4f}",
                f"{e['rank_biserial']:+.2f}",
                f"{e['w_plus']:g} ({e['n']})",
                _p(e["p"]),
                _p(e["p_holm"]),
                "yes" if e["rejected"] else "no",
                _bayes(e.get("bayes")),
            ]
            for e in entries
        ],
    )


def _across(values: dict) -> list[str]:
    plan, base = values["plan"], values["plan"]["baseline"]
    significance = plan["significance"]
    across = values["across"]
    lines = ["## Across data sets", ""]
    if not across["enough"]:
        return lines + [
            f"{across['n']} data set(s) finished by every scheme: at least two are "
            "needed to compare across data sets.",
            "",
        ]
    friedman = across["friedman"]
    n = across["n"]
    lines += [
        f"Over the {n} data sets every scheme finished. The Wilcoxon signed-rank "
        "test of the schemes' mean AUCs, with Holm's procedure, against the "
        "baseline, against each reduction's own learner and for all pairs, as "
        "Benavoli, Corani and Mangili (JMLR 2016) recommend: its verdict on two "
        "schemes does not depend on the others in the pool, as the mean-rank "
        "tests' does. Effect sizes: the mean and median difference of the mean "
        "AUCs and the matched-pairs rank-biserial correlation r (+1: better on "
        "every data set). Beside it the Bayesian signed-rank test (Benavoli et "
        f"al., JMLR 2017; rope +-{plan['rope']} AUC, prior 0.5 at 0, 50,000 "
        "draws seeded 1): the share of the posterior's draws in which worse, "
        f"equivalent or better is the most probable. With {n} data sets the "
        f"smallest p the exact test can give is {_p(2 / 2**n)}.",
        "",
        f"### Against {base}",
        "",
        *_signed_rank_table(across["wilcoxon_baseline"], significance),
        "",
    ]
    if across["wilcoxon_own_learner"]:
        lines += [
            "### Each reduction against its own learner alone",
            "",
            *_signed_rank_table(across["wilcoxon_own_learner"], significance),
            "",
        ]
    pairs = across["wilcoxon_pairs"]
    apart = [p for p in pairs if p["rejected"]]
    lines += [
        "### All pairs",
        "",
        f"{len(apart)} of the {len(pairs)} pairs told apart after Holm at "
        f"{significance}"
        + (
            ": "
            + ", ".join(f"{p['a']} vs {p['b']} (p {_p(p['p_holm'])})" for p in apart)
            if apart
            else ""
        )
        + " (every pair's test is in values.json).",
        "",
        "### Average ranks and the Friedman test",
        "",
        "Demsar (JMLR 2006): average ranks (1 the best), the Friedman test and "
        "Iman and Davenport's F, Nemenyi's critical difference for all pairs, and "
        "Holm's procedure on the rank differences against the baseline (z > 0: a "
        "worse average rank than the baseline's).",
        "",
    ]
    ordered = sorted(across["average_ranks"].items(), key=lambda kv: kv[1])
    lines += markdown_table(
        ["scheme", "average rank"], [[s, f"{r:.2f}"] for s, r in ordered]
    )
    lines += [
        "",
        f"Friedman chi-squared {friedman['chi2']:.3f} "
        f"(p {_p(friedman['chi2_p'])}); "
        f"Iman-Davenport F({friedman['f_df1']}, {friedman['f_df2']}) = "
        f"{friedman['f']:.3f} (p {_p(friedman['f_p'])}).",
        "",
        f"Nemenyi: critical difference {across['critical_difference']:.3f} "
        f"(q = {across['nemenyi_q']:.3f}, alpha {significance}); pairs whose "
        "average ranks differ by more: "
        + (
            ", ".join(
                f"{p['a']} vs {p['b']} ({p['difference']:+.2f})"
                for p in across["nemenyi_pairs"]
                if p["significant"]
            )
            or "none"
        )
        + ".",
        "",
    ]
    lines += markdown_table(
        ["against " + base, "z", "p", "Holm's p", f"rejected at {significance}"],
        [
            [
                h["scheme"],
                f"{h['z']:+.3f}",
                _p(h["p"]),
                _p(h["p_holm"]),
                "yes" if h["rejected"] else "no",
            ]  # fmt: skip
            for h in across["holm"]
        ],
    )
    return lines + [""]


def to_markdown(
    values: dict,
    command: str = "",
    figures: dict | None = None,
    figures_left_out: str = "",
) -> str:
    """The report's Markdown from its values (and the figures' file names).

    ``figures_left_out``: why the figures were not drawn, said where they would be.
    """
    plan, schemes = values["plan"], values["schemes"]
    lines = [
        "# Ranking experiment",
        "",
        f"{len(values['datasets'])} data sets x {len(schemes)} schemes, "
        f"{plan['runs']} run(s) of {plan['folds']}-fold cross-validation on WEKA's "
        "own folds (run r seeded r, as WEKA's Experimenter). The measure is the "
        "AUC of each test fold (equal scores counted one half, as WEKA's "
        "`Area_under_ROC`), the class that ranks first as the positive class.",
        "",
    ]
    if command:
        lines += ["Made by:", "", "```", command, "```", ""]
    lines += _summary(values) + _schemes(values)
    if values.get("registration"):
        lines += rule_section(values["registration"])
    lines += _per_dataset(values) + _across(values)
    if figures:
        lines += ["## Figures", ""]
        lines += [f"![{title}]({name})" for title, name in figures.items()] + [""]
    elif figures_left_out:
        lines += ["## Figures", "", figures_left_out, ""]
    lines += [
        "## Costs",
        "",
        "Means per fold: training and ranking seconds, pairs; the largest peak "
        "of the JVM's heap over a unit (its pools' peaks summed, garbage not yet "
        "collected included: an upper bound of what the unit needed, which "
        "moves with the collector). A peer's memory is Python's, which is not "
        "counted: `-` there.",
    ]
    lines += [""]
    rows = []
    for row in values["per_dataset"]:
        for scheme in schemes:
            cell = row["cells"][scheme]
            if cell["n"]:
                rows.append(
                    [
                        row["dataset"],
                        scheme,
                        number(cell["train_seconds"], 3),
                        number(cell["rank_seconds"], 3),
                        f"{cell['pairs']:,.0f}",
                        number(cell.get("peak_heap_mb"), 0),
                    ]
                )
    lines += markdown_table(
        ["data set", "scheme", "train s", "rank s", "pairs", "peak heap MB"], rows
    )
    if values["errors"]:
        lines += ["", "## Units that failed", ""]
        lines += [f"- {d}, {s}: {e}" for d, s, e in values["errors"]]
    return "\n".join(lines) + "\n"


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _critical_difference_figure(values: dict, path: Path, grouping: str) -> None:
    """Average ranks on an axis, each label on its own line, joined groups as bars.

    The figure's width is the axis's plus the longest label on each side, so
    that neither labels nor ticks overlap at any number of schemes.
    """
    plt = _pyplot()
    across = values["across"]
    ranks = sorted(across["average_ranks"].items(), key=lambda kv: kv[1])
    position = {scheme: i for i, (scheme, _) in enumerate(ranks)}
    k, cd = across["k"], across["critical_difference"]
    joined = [(position[g[0]], position[g[-1]]) for g in across["groups"][grouping]]
    half = (k + 1) // 2
    labels = [f"{scheme} ({rank:.2f})" for scheme, rank in ranks]
    text_inches = 0.4 + 0.062 * max(len(label) for label in labels)
    axis_inches = max(4.5, 0.22 * k)
    depth = 0.4 + 0.3 * len(joined)
    rows = 1.6 + depth + half
    width = axis_inches + 2 * text_inches
    title = textwrap.wrap(
        f"Average ranks over {across['n']} data sets (1 = best). Joined: not told "
        f"apart by {analysis.GROUPINGS[grouping]} at {values['plan']['significance']}",
        int(width * 12),  # characters of 9 points an inch, with room
    )
    top = 0.25 + 0.2 * len(title)
    height = top + 0.24 * rows
    figure = plt.figure(figsize=(width, height))
    axes = figure.add_axes(
        (text_inches / width, 0.02, axis_inches / width, 1 - (top + 0.05) / height)
    )
    axes.set_xlim(0.5, k + 0.5)
    axes.set_ylim(-(depth + half + 0.3), 1.6)
    axes.hlines(0, 1, k, color="black")
    step = 1 if k <= 15 else 2 if k <= 30 else 5
    for tick in range(1, k + 1):
        axes.vlines(tick, -0.1, 0.1, color="black")
        if (tick - 1) % step == 0:
            axes.text(tick, 0.2, str(tick), ha="center", va="bottom", fontsize=8)
    if grouping == "nemenyi":
        axes.hlines(1.2, 1, 1 + cd, color="red", linewidth=2)
        axes.text(1 + cd / 2, 1.3, f"CD = {cd:.2f}", ha="center", color="red")
    for level, (start, end) in enumerate(joined):
        y = -0.35 - 0.3 * level
        left, right = ranks[start][1] - 0.05, ranks[end][1] + 0.05
        axes.hlines(y, left, right, color="black", linewidth=3)
    for i, label in enumerate(labels):
        left = i < half
        y = -(depth + (i if left else k - 1 - i) + 0.5)
        edge = 0.5 if left else k + 0.5
        rank = ranks[i][1]
        axes.plot([rank, rank, edge], [0, y, y], color="gray", linewidth=0.8)
        axes.text(
            edge - 0.1 if left else edge + 0.1,
            y,
            label,
            ha="right" if left else "left",
            va="center",
            fontsize=8,
            clip_on=False,
        )
    axes.axis("off")
    figure.suptitle("\n".join(title), fontsize=9, y=1 - 0.1 / height, va="top")
    _save(figure, path)


def _save(figure, path: Path) -> None:
    """The figure as a PNG, written as the report's other files are.

    Whole or not at all, and not through a link planted in the folder.
    """
    png = io.BytesIO()
    figure.savefig(png, format="png", dpi=110)
    _pyplot().close(figure)
    write_bytes(path, png.getvalue(), follow_links=False)


def roc_points(labels: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, ...]:
    """(false positive rate, true positive rate) at each distinct score."""
    order = np.argsort(-scores, kind="stable")
    labels, scores = labels[order], scores[order]
    ends = np.r_[np.flatnonzero(np.diff(scores) != 0), len(scores) - 1]
    tp, fp = np.cumsum(labels)[ends], np.cumsum(1 - labels)[ends]
    return np.r_[0, fp / max(fp[-1], 1)], np.r_[0, tp / max(tp[-1], 1)]


def vertical_average(
    curves: list[tuple[np.ndarray, np.ndarray]], grid: np.ndarray
) -> np.ndarray:
    """The mean true positive rate of ``curves`` at each false positive rate given.

    Fawcett's vertical averaging (2006): each fold's curve is read on its own
    scale, so folds whose scores are not comparable are never pooled. Between
    two points a curve is the straight line that ties count (one half).

    >>> vertical_average([(np.array([0, 0, 1]), np.array([0, 1, 1])),
    ...                   (np.array([0, 1]), np.array([0, 1]))], np.array([0.5]))
    array([0.75])
    """
    rates = []
    for fpr, tpr in curves:
        # At a false positive rate the curve rises through, its highest point.
        last = np.r_[np.diff(fpr) != 0, True]
        rates.append(np.interp(grid, fpr[last], tpr[last]))
    return np.mean(rates, axis=0)


def colours(k: int) -> list[tuple[float, ...]]:
    """``k`` colours none of which repeats: tab10 or tab20 up to 20, else turbo."""
    plt = _pyplot()
    if k <= 10:
        return [plt.get_cmap("tab10")(i) for i in range(k)]
    if k <= 20:
        return [plt.get_cmap("tab20")(i) for i in range(k)]
    return [plt.get_cmap("turbo")(x) for x in np.linspace(0.02, 0.98, k)]


def _roc_figure(records: list[dict], values: dict, dataset: str, path: Path) -> None:
    """Each scheme's folds' curves, vertically averaged; its mean fold AUC named."""
    plt = _pyplot()
    schemes = values["schemes"]
    row = next(r for r in values["per_dataset"] if r["dataset"] == dataset)
    grid = np.linspace(0, 1, 201)
    figure, axes = plt.subplots(figsize=(9, 5.5))
    styles = ("-", "--", "-.", ":")
    for i, (scheme, colour) in enumerate(zip(schemes, colours(len(schemes)))):
        folds = [
            r
            for r in records
            if r.get("dataset") == dataset
            and r.get("scheme_name") == scheme
            and "scores" in r
        ]
        if not folds:
            continue
        curves = [
            roc_points(np.asarray(r["labels"], float), np.asarray(r["scores"]))
            for r in folds
        ]
        axes.plot(
            grid,
            vertical_average(curves, grid),
            color=colour,
            linestyle=styles[i % len(styles)],
            linewidth=1.2,
            label=f"{scheme} (AUC {number(row['cells'][scheme]['mean'], 3)})",
        )
    axes.plot([0, 1], [0, 1], color="gray", linestyle=":", linewidth=0.8)
    axes.set_xlabel("false positive rate")
    axes.set_ylabel("true positive rate")
    axes.set_title(
        f"{dataset}: each fold's curve, averaged vertically (folds not pooled); "
        "AUC: the folds' mean",
        fontsize=9,
    )
    axes.set_aspect("equal")
    if axes.get_legend_handles_labels()[0]:
        axes.legend(
            fontsize=7, loc="center left", bbox_to_anchor=(1.02, 0.5), frameon=False
        )
    else:
        axes.text(0.5, 0.5, "no unit finished", ha="center")
    figure.tight_layout()
    _save(figure, path)


def _bayesian_figure(values: dict, path: Path) -> None:
    """The Bayesian signed-rank test's three probabilities, a bar a comparison."""
    plt = _pyplot()
    across, rope = values["across"], values["plan"]["rope"]
    families = [
        (f"against {values['plan']['baseline']}", across["wilcoxon_baseline"]),
        ("against its own learner alone", across["wilcoxon_own_learner"]),
    ]
    families = [(title, entries) for title, entries in families if entries]
    heights = [0.6 + 0.22 * len(entries) for _, entries in families]
    tall = 1.2 + sum(heights)
    figure, panels = plt.subplots(
        len(families),
        1,
        figsize=(8, tall),
        gridspec_kw={"height_ratios": heights},
        squeeze=False,
    )
    parts = (("worse", "#d62728"), ("equivalent", "#bbbbbb"), ("better", "#2ca02c"))
    for axes, (title, entries) in zip(panels[:, 0], families, strict=True):
        names = [e["a"] for e in entries]
        left = np.zeros(len(entries))
        for j, (label, colour) in enumerate(parts):
            share = np.array([e["bayes"][j] for e in entries])
            axes.barh(names, share, left=left, color=colour, label=label)
            left += share
        axes.set_xlim(0, 1)
        axes.invert_yaxis()
        axes.tick_params(axis="y", labelsize=7)
        axes.set_title(title, fontsize=9)
    panels[-1, 0].set_xlabel(
        f"P(worse) / P(equivalent, within +-{rope} AUC) / P(better): Bayesian "
        "signed-rank test over the data sets",
        fontsize=8,
    )
    # The legend in a strip of its own above the first panel's title.
    handles, labels = panels[0, 0].get_legend_handles_labels()
    figure.legend(handles, labels, fontsize=7, ncol=3, loc="upper center")
    figure.tight_layout(rect=(0, 0, 1, 1 - 0.3 / tall))
    _save(figure, path)


def describe_data(plan: ExperimentPlan) -> dict[str, dict]:
    """Each data set's missing values (and feature cells), where its file reads.

    The data sets are read as the units read them (once a process); one that
    no longer reads (a file moved) is left out, and the report says ``-``.
    """
    described = {}
    for spec in plan.data:
        try:
            # What the data's reading warns of, the units' reading said.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", WekaRankingWarning)
                data = spec.load()
        except (WekaRankingError, OSError) as err:
            logger.warning("%s: missing values not counted: %s", spec.name, err)
            continue
        described[spec.name] = {
            "missing": int(np.isnan(data.X).sum()),
            "cells": int(data.X.size),
        }
    return described


def schemes_as_run(plan: ExperimentPlan, records: list[dict]) -> dict[str, list[str]]:
    """Each scheme's spellings in its records (``scheme``), first seen first.

    What ran, not today's spelling of the plan: a store written by an older
    version reports the options it ran with.
    """
    spelt: dict[str, dict[str, None]] = {s.name: {} for s in plan.schemes}
    for record in records:
        if "scheme" in record and record.get("scheme_name") in spelt:
            spelt[record["scheme_name"]][record["scheme"]] = None
    return {name: list(ways) for name, ways in spelt.items() if ways}


def write_report(
    plan: ExperimentPlan,
    store: str | Path,
    command: str = "",
    out: str | Path | None = None,
    grouping: str = "wilcoxon-holm",
) -> Path:
    """Compute the values from the store in ``store``; write the report to ``out``.

    ``out`` defaults to the store's folder; a folder of other files is refused
    (:func:`.store.check_report_folder`). ``grouping``: the test whose groups
    the critical-difference diagram joins, ``wilcoxon-holm`` (the default) or
    ``nemenyi``.
    """
    if grouping not in analysis.GROUPINGS:
        raise ParameterError(
            "grouping", grouping, f"choose from {', '.join(analysis.GROUPINGS)}"
        )
    folder = Path(out or store)
    check_report_folder(folder, REPORT_FILES)
    keys = {unit.key for unit in plan.units()}
    results = ResultStore(store)
    records = [r for r in results.records() if r["unit"] in keys]
    folder.mkdir(parents=True, exist_ok=True)
    values = analysis.compute(plan, records, describe_data(plan), results.runs())
    values["critical_difference_groups"] = grouping
    values["registration"] = rule_record(store, records)
    values["schemes_as_run"] = schemes_as_run(plan, records)
    figures: dict[str, str] = {}
    left_out = ""
    if importlib.util.find_spec("matplotlib") is None:
        need = "they need matplotlib (pip install 'weka-ranking[figures]')"
        logger.warning("%s: figures left out: %s", folder, need)
        left_out = (
            f"Left out: {need}; `weka-ranking report` draws them once it is installed."
        )
    else:
        if values["across"]["enough"]:
            _critical_difference_figure(
                values, folder / "critical-difference.png", grouping
            )
            figures[f"critical difference ({grouping})"] = "critical-difference.png"
            _bayesian_figure(values, folder / "bayesian.png")
            figures["Bayesian signed-rank tests"] = "bayesian.png"
        roc = plan.roc_data or plan.data[0].name
        _roc_figure(records, values, roc, folder / "roc.png")
        figures[f"ROC curves of {roc}"] = "roc.png"
    write_atomically(
        folder / "values.json", json.dumps(values, indent=1) + "\n", follow_links=False
    )
    write_atomically(
        folder / "results.arff", results_arff(plan, records), follow_links=False
    )
    report = folder / "report.md"
    write_atomically(
        report, to_markdown(values, command, figures, left_out), follow_links=False
    )
    return report
