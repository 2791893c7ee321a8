"""An experiment's report: the values of :mod:`.analysis` rendered, never computed.

``write_report`` writes, into the experiment's folder and atomically:
``values.json`` (every number), ``report.md`` (the tables), ``results.arff``
(WEKA's Experimenter results file), and, with matplotlib, the figures: a
critical-difference diagram (Demsar 2006) and the ROC curves of one data set.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import math
from pathlib import Path

import numpy as np

from weka_ranking.atomic import write_atomically
from weka_ranking.experiments import analysis
from weka_ranking.experiments.plan import ExperimentPlan
from weka_ranking.experiments.registration import rule_record, rule_section
from weka_ranking.experiments.store import ResultStore
from weka_ranking.experiments.weka_results import results_arff

logger = logging.getLogger(__name__)


def number(value: float | None, digits: int = 4) -> str:
    """A value with ``digits`` decimals; ``-`` for none or NaN."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.{digits}f}"


def _p(value: float) -> str:
    return f"{value:.2g}" if value >= 1e-4 else f"{value:.1e}"


def markdown_table(head: list[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table's lines: the head, its rule, a line a row."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def to_markdown(values: dict, command: str = "", figures: dict | None = None) -> str:
    """The report's Markdown from its values (and the figures' file names)."""
    plan, schemes, base = values["plan"], values["schemes"], values["plan"]["baseline"]
    significance = plan["significance"]
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
    if values.get("registration"):
        lines += rule_section(values["registration"])
    lines += [
        "## Per data set",
        "",
        f"Mean (standard deviation) over runs x folds. Against the baseline "
        f"**{base}**: `v` significantly better, `*` significantly worse, by the "
        f"corrected resampled t-test (Nadeau and Bengio; WEKA's "
        f"PairedCorrectedTTester) at {significance}.",
        "",
    ]
    rows = []
    for row in values["per_dataset"]:
        cells = [row["dataset"], str(row.get("ranks_first") or "-")]
        for scheme in schemes:
            cell = row["cells"][scheme]
            text = (
                f"{number(cell['mean'])} ({number(cell['sd'], 3)})"
                f"{' ' + cell['mark'] if cell.get('mark') else ''}"
            )
            if not cell["complete"]:
                text += f" [{cell['n']} folds]"
            cells.append(text)
        rows.append(cells)
    lines += markdown_table(["data set", "ranks first", *schemes], rows)
    wtl = values["win_tie_loss"]
    lines += [
        "",
        "(v/ /*) against the baseline: "
        + "; ".join(
            f"{s}: ({wtl[s]['win']}/{wtl[s]['tie']}/{wtl[s]['loss']})" for s in wtl
        ),
        "",
    ]
    across = values["across"]
    lines += ["## Across data sets", ""]
    if not across["enough"]:
        lines += [
            f"{across['n']} data set(s) finished by every scheme: at least two are "
            "needed to compare across data sets.",
            "",
        ]
    else:
        friedman = across["friedman"]
        lines += [
            f"Over the {across['n']} data sets every scheme finished (Demsar, JMLR "
            "2006): average ranks (1 the best), the Friedman test and Iman and "
            "Davenport's F, Nemenyi's critical difference for all pairs, and "
            "Holm's procedure against the baseline (z > 0: a worse average rank "
            "than the baseline's).",
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
        lines.append("")
    if figures:
        lines += ["## Figures", ""]
        lines += [f"![{title}]({name})" for title, name in figures.items()] + [""]
    lines += [
        "## Costs",
        "",
        "Means per fold: training and ranking seconds, pairs; the largest peak "
        "of the JVM's heap over a unit (its pools' peaks summed, garbage not yet "
        "collected included: an upper bound of what the unit needed, which "
        "moves with the collector; the peers' memory is Python's, not counted).",
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


def cliques(ranks: list[tuple[str, float]], cd: float) -> list[tuple[int, int]]:
    """Maximal runs of schemes (by rank order) whose ranks lie within ``cd``.

    >>> cliques([("a", 1.0), ("b", 1.5), ("c", 2.4), ("d", 3.9)], 1.0)
    [(0, 1), (1, 2)]
    """
    runs = []
    for start in range(len(ranks)):
        end = start
        while end + 1 < len(ranks) and ranks[end + 1][1] - ranks[start][1] <= cd:
            end += 1
        if end > start and not any(s <= start and end <= e for s, e in runs):
            runs.append((start, end))
    return runs


def _critical_difference_figure(values: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    across = values["across"]
    ranks = sorted(across["average_ranks"].items(), key=lambda kv: kv[1])
    k, cd = across["k"], across["critical_difference"]
    half = (k + 1) // 2
    figure, axes = plt.subplots(figsize=(9, 1.6 + 0.32 * half))
    axes.set_xlim(1 - 0.9 * k / 4, k + 0.9 * k / 4)
    axes.set_ylim(-(half + 1.5), 1.6)
    axes.hlines(0, 1, k, color="black")
    for tick in range(1, k + 1):
        axes.vlines(tick, -0.1, 0.1, color="black")
        axes.text(tick, 0.2, str(tick), ha="center", va="bottom")
    axes.hlines(1.2, 1, 1 + cd, color="red", linewidth=2)
    axes.text(1 + cd / 2, 1.3, f"CD = {cd:.2f}", ha="center", color="red")
    for i, (scheme, rank) in enumerate(ranks):
        left = i < half
        y = -(i + 1) if left else -(k - i)
        edge = 1 - 0.1 if left else k + 0.1
        axes.plot([rank, rank, edge], [0, y, y], color="gray", linewidth=0.8)
        axes.text(
            edge - 0.05 if left else edge + 0.05,
            y,
            f"{scheme} ({rank:.2f})",
            ha="right" if left else "left",
            va="center",
            fontsize=8,
        )
    for level, (start, end) in enumerate(cliques(ranks, cd)):
        y = -0.35 - 0.2 * level
        axes.hlines(
            y, ranks[start][1] - 0.03, ranks[end][1] + 0.03, color="black", linewidth=3
        )
    axes.axis("off")
    axes.set_title(
        f"Average ranks over {across['n']} data sets (1 = best). Joined: not told "
        f"apart by Nemenyi's test at {values['plan']['significance']}",
        fontsize=9,
    )
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def roc_points(labels: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, ...]:
    """(false positive rate, true positive rate) at each distinct score."""
    order = np.argsort(-scores, kind="stable")
    labels, scores = labels[order], scores[order]
    ends = np.r_[np.flatnonzero(np.diff(scores) != 0), len(scores) - 1]
    tp, fp = np.cumsum(labels)[ends], np.cumsum(1 - labels)[ends]
    return np.r_[0, fp / max(fp[-1], 1)], np.r_[0, tp / max(tp[-1], 1)]


def _roc_figure(records: list[dict], dataset: str, schemes: list[str], path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(5.5, 5.5))
    for scheme in schemes:
        cell = [
            r
            for r in records
            if r.get("dataset") == dataset
            and r.get("scheme_name") == scheme
            and r.get("run") == 1
            and "scores" in r
        ]
        if not cell:
            continue
        labels = np.concatenate([r["labels"] for r in cell]).astype(float)
        scores = np.concatenate([r["scores"] for r in cell])
        fpr, tpr = roc_points(labels, scores)
        axes.plot(fpr, tpr, label=scheme, linewidth=1)
    axes.plot([0, 1], [0, 1], color="gray", linestyle=":")
    axes.set_xlabel("false positive rate")
    axes.set_ylabel("true positive rate")
    axes.set_title(f"{dataset}: run 1, the test folds pooled")
    if axes.get_legend_handles_labels()[0]:
        axes.legend(fontsize=7, loc="lower right")
    else:
        axes.text(0.5, 0.5, "no unit of run 1 finished", ha="center")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def write_report(
    plan: ExperimentPlan,
    store: str | Path,
    command: str = "",
    out: str | Path | None = None,
) -> Path:
    """Compute the values from the store in ``store``; write the report to ``out``.

    ``out`` defaults to the store's folder.
    """
    keys = {unit.key for unit in plan.units()}
    records = [r for r in ResultStore(store).records() if r["unit"] in keys]
    folder = Path(out or store)
    folder.mkdir(parents=True, exist_ok=True)
    values = analysis.compute(plan, records)
    values["registration"] = rule_record(store, records)
    figures: dict[str, str] = {}
    if importlib.util.find_spec("matplotlib") is None:
        logger.warning(
            "%s: figures left out: they need matplotlib "
            "(pip install 'weka-ranking[figures]')",
            folder,
        )
    else:
        if values["across"]["enough"]:
            _critical_difference_figure(values, folder / "critical-difference.png")
            figures["critical difference"] = "critical-difference.png"
        roc = plan.roc_data or plan.data[0].name
        _roc_figure(records, roc, values["schemes"], folder / "roc.png")
        figures[f"ROC curves of {roc}"] = "roc.png"
    write_atomically(
        folder / "values.json", json.dumps(values, indent=1) + "\n", follow_links=False
    )
    write_atomically(
        folder / "results.arff", results_arff(plan, records), follow_links=False
    )
    report = folder / "report.md"
    write_atomically(report, to_markdown(values, command, figures), follow_links=False)
    return report
