"""The report's sections on the hypotheses and the findings: words for the
verdicts that :mod:`.hypotheses` computes."""

from __future__ import annotations

from math import nan

from weka_ranking.studies.monograph import hypotheses as h
from weka_ranking.studies.monograph.aggregate import (
    FILE_CLASS_0,
    RANKING_CONFIGS,
    Results,
)

HYPOTHESES_TEXT = """\
Each reading is run on the same folds and compared with the published
ranking cells (original, star, double_star) of each learner: how many it
reproduces within 0.02, and its mean absolute difference. H1: the else
branch of Algorithm 4 as printed. H2: the class order of the binarised
data (which class is the monograph's class 0, ranked first): here the
other class ranks first; H2': the first class value declared in the file
ranks first (no-recurrence-events, van, DIE, headlamps, CYT). H3: the
direction of the AUC. H4: how ties of
equal scores are broken (one half, the fold's order, random). H5: pairs
built in one order only."""


def number(x: float, digits: int = 5) -> str:
    return "n/a" if x != x else f"{x:.{digits}f}"


def _listed(scores: dict) -> str:
    return "; ".join(f"{learner} {score}" for learner, score in scores.items())


def _supported(verdict: dict, learners) -> str:
    shown = verdict["supported_for"]
    if len(shown) == len(learners):
        return "supported for every learner tested"
    if not shown:
        return "not supported for any learner tested"
    return "supported for " + ", ".join(shown) + " only"


def hypotheses_section(r: Results) -> str:
    lines = [
        "## The anomalies: hypotheses tested",
        "",
        HYPOTHESES_TEXT,
        "",
        "Each cell of the table: cells within 0.02 / cells compared (cells "
        "expected within 0.02 by chance: the reading's values against the other "
        "published ranking cells) / mean absolute difference.",
        "",
        "| reading | "
        + " | ".join(f"{lr} within (chance) / mean abs diff" for lr in r.learners)
        + " |",
        "|---" * (1 + len(r.learners)) + "|",
    ]
    for reading, scores in h.table(r):
        cells = [
            f"{s.within}/{s.total} ({h.expected_by_chance(r, lr, reading):.1f}) / "
            f"{s.mean_diff:.3f}"
            if s.total
            else "-"
            for lr, s in scores.items()
        ]
        lines.append(f"| {reading.name} | " + " | ".join(cells) + " |")
    lines += ["", "Closest reading per learner (lowest mean absolute difference):", ""]
    lines += [
        f"- {lr}: {name} ({mean:.3f})" for lr, (mean, name) in h.closest(r).items()
    ]
    return "\n".join(lines) + "\n\n" + _verdicts(r)


def _verdicts(r: Results) -> str:
    verdicts = h.verdicts(r)
    order, printed = verdicts["file_order"], verdicts["as_printed"]
    learners = list(order["scores"])
    lines = ["### Verdicts", ""]
    lines.append(
        "- **H2' and H4 (the file's first class value ranks first, equal degrees "
        f"keep the fold's order): {_supported(order, learners)}**, against the "
        "correct tournament with ties one half. This reading reproduces "
        f"{_listed(order['scores'])}, against {_listed(order['against'])}. J48's "
        "degrees tie often, so the tie rule moves its numbers most."
    )
    lines.append(
        "- **H1 (the else branch of Algorithm 4 as printed), tested under the same "
        f"class order and tie rule: {_supported(printed, learners)}.** It gives "
        f"{_listed(printed['scores'])}. As printed, the rule scores every pair of "
        "a consistent comparator as a draw (a test shows it), so its order is the "
        "tie rule's."
    )
    if "constant" in verdicts:
        constant = verdicts["constant"]
        word = "fits" if constant["supported"] else "does not fit"
        lines.append(
            f"- **H6, NaiveBayes: a constant comparator {word} its published ranking "
            "cells better than the correct tournament and the reversed AUC.** If "
            "every pair gets the same answer, every degree ties and the order is the "
            "fold's: WEKA's stratified order puts one class's block first, so the AUC "
            "is 0 or 1 depending only on the task. With the file's class 0 ranked "
            f"first: {constant['score']}; correct tournament {constant['reference']}; "
            f"reversed AUC {constant['reversed']} (table below). What would make "
            "NaiveBayes' pair classifier answer one class cannot be told from the "
            "text."
        )
        lines += ["", *_naive_bayes_table(r), ""]
    for title, prefix in (
        ("H3 (AUC direction)", "H3"),
        ("H5 (pairs of one order)", "H5"),
    ):
        best = max(
            (
                s.within
                for reading, scores in h.table(r)
                for s in scores.values()
                if reading.name.startswith(prefix)
            ),
            default=0,
        )
        word = "not supported" if best <= 1 else "supported in part"
        lines.append(
            f"- **{title}: {word}**: at most {best} published cell(s) of any learner "
            f"within {h.CLOSE} (table above)."
        )
    exact, differing = h.base_column(r)
    lines.append(
        f"- **The base column** is WEKA's own: {len(exact)} published base means "
        "equal ours to 5 decimals"
        + (f"; not {', '.join(differing)}" if differing else "")
        + "."
    )
    return "\n".join(lines)


def _naive_bayes_table(r: Results) -> list[str]:
    lines = [
        "| task | config | published | ours: tournament, ties 1/2 | as printed, "
        "file's class 0 first, fold order | constant comparator (H6) |",
        "|---|---|---|---|---|---|",
    ]
    for task in r.tasks:
        for config in RANKING_CONFIGS:
            published = r.published.get(("NaiveBayes", task, config))
            ours = r.cell("NaiveBayes", task, config)
            printed = r.cell(
                "NaiveBayes", task, config, "tournament-as-printed", FILE_CLASS_0
            )
            constant = h.value(r, "NaiveBayes", task, config, h.READINGS[-1])
            if published and ours and printed:
                lines.append(
                    f"| {task} | {config} | {published[0]:.5f} | "
                    f"{ours.mean['auc']:.5f} | {printed.mean['auc_stable']:.5f} | "
                    f"{number(nan if constant is None else constant)} |"
                )
    return lines


def findings_section(r: Results, minority_share: dict[str, float]) -> str:
    found = h.findings(r, minority_share)
    lines = [
        "## The findings that compare no two means, described",
        "",
        "Counts over learner x task cells, not tests: the spread of a sweep and "
        "the ordering of gains by imbalance have no paired t-test. The findings "
        "that compare means are tested in the section above.",
        "",
    ]
    calmer = found["calmer"]
    if calmer["total"]:
        lines.append(
            f"- **{h.word(calmer['agree'], calmer['total'])}: voting varies less than "
            "more pairs per instance.** Over the sweeps 1..20 the mean AUC spreads "
            "less (population standard deviation) for voters than for pairs in "
            f"{calmer['agree']} of {calmer['total']} learner x task cells."
        )
    if "imbalance" in found:
        imbalance = found["imbalance"]
        gains = "; ".join(
            f"{task} (minority {minority_share[task]:.0%}): {gain:+.3f}"
            for task, gain in imbalance["gains"].items()
        )
        word = "Confirmed" if imbalance["confirmed"] else "Refuted"
        lines.append(
            f"- **{word}: the reduction helps most on the most imbalanced set.** "
            "Gain of the best ranking configuration over the learner alone, averaged "
            f"over learners, most imbalanced first: {gains}. The largest is "
            f"{imbalance['largest']}'s."
        )
    return "\n".join(lines)


def section(title: str, text: str, columns: list[str], rows: list[str]) -> list[str]:
    """A report section: its title, its explanation, and a table."""
    return [
        f"## {title}",
        "",
        text,
        "",
        "| " + " | ".join(columns) + " |",
        "|---" * len(columns) + "|",
        *rows,
    ]


def _row(row: dict, cells: list[str]) -> str:
    """A table row of a cell (learner, task, config) and its columns."""
    head = [row["learner"], row["task"], row["config"]]
    return "| " + " | ".join(head + cells) + " |"


def exact_section(r: Results) -> str:
    rows = h.exact_matches(r)
    exact = [row for row in rows if row["exact"]]
    lines = [
        "## Deterministic cells, exact to 5 decimals",
        "",
        "The learner alone and `original` (all pairs, one voter, by the "
        "tournaments) involve no sampling: one number each, judged by exact match "
        "of the published mean and variance. `original` is read three ways, "
        "declared up front: "
        + "; ".join(f"{x.name}" for x in h.EXACT_READINGS)
        + f". {len(exact)} of {len(rows)} cells are reproduced exactly.",
        "",
        "| learner | task | config | published | ours, each reading | exact under |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        ours = "; ".join(f"{m:.5f} ({v:.5f})" for m, v in row["ours"].values())
        pub = f"{row['published'][0]:.5f} ({row['published'][1]:.5f})"
        exact = ", ".join(row["exact"]) or "**none: unexplained**"
        lines.append(_row(row, [pub, ours, exact]))
    return "\n".join(lines)


def leakage_section(r: Results) -> str:
    rows = h.leakage(r)
    if not rows:
        return ""
    lines = section(
        "Label leakage: equal degrees left in the fold's order",
        "WEKA's stratified test folds are sorted by class (one block a class), so "
        "a ranking that leaves equal degrees in the fold's order breaks them by "
        "the true label. Each cell: the mean AUC with ties in the fold's order "
        "minus the mean AUC with ties one half (correct tournament), in our class "
        "order and in the file's.",
        ["learner", "task", "config", "our class order", "the file's class 0 first"],
        [
            _row(row, [f"{row[k]:+.5f}" if k in row else "-" for k in ("ours", "file")])
            for row in rows
        ],
    )
    largest = max(rows, key=lambda row: abs(row.get("file", 0.0)))
    lines += [
        "",
        f"The largest, {largest['learner']} {largest['task']} {largest['config']}: "
        f"{largest.get('file', 0.0):+.5f} AUC from the order of the fold alone.",
    ]
    return "\n".join(lines)


def _seed_cells(x: dict | None) -> list[str]:
    if x is None:
        return ["-", "-", "-"]
    spread = f"{x['mean']:.4f} ± {x['sd']:.4f} [{x['min']:.4f}, {x['max']:.4f}]"
    return [spread, f"{x['z']:+.1f}", f"{x['within']}/{x['seeds']}"]


def seeds_section(r: Results) -> str:
    rows = h.seed_spread(r)
    if not rows:
        return ""
    return "\n".join(
        section(
            "Sampled cells against their seed distribution",
            "Star (1 pair per instance, 10 voters) and double_star (10 pairs per "
            "instance, 1 voter) sample their pairs: each is rerun with sampler seeds "
            f"{h.SAMPLER_SEEDS[0]} to {h.SAMPLER_SEEDS[-1]} on the same folds. Per "
            "reading: the seeds' mean AUC ± standard deviation [range], where the "
            "published number falls (z, in seed standard deviations) and how many "
            "seeds bring the cell within 0.02 of it. A single seed's verdict is "
            "worth what this spread allows.",
            ["learner", "task", "config", "published"]
            + [
                f"{reading}: {c}"
                for reading in ("ours", "H2'+H4")
                for c in ("mean ± sd [range]", "z", "within")
            ],
            [
                _row(
                    row,
                    [f"{row['published']:.5f}"]
                    + _seed_cells(row.get("ours"))
                    + _seed_cells(row.get("file_order")),
                )
                for row in rows
            ],
        )
    )
