"""The reproduction report rendered; nothing computed here.

Markdown from the values of :mod:`.values` and the templates of :mod:`.templates`.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

from weka_ranking.atomic import write_atomically
from weka_ranking.errors import DataError
from weka_ranking.experiments import ResultStore
from weka_ranking.experiments.registration import rule_section
from weka_ranking.experiments.store import check_report_folder
from weka_ranking_studies.monograph import harness
from weka_ranking_studies.monograph import templates as T
from weka_ranking_studies.monograph.config import PUBLISHED, RANKING
from weka_ranking_studies.monograph.plan import RANKERS
from weka_ranking_studies.monograph.values import build

logger = logging.getLogger(__name__)

TABLE_NUMBERS = {"J48": 5, "NaiveBayes": 6, "Logistic": 7, "SMO": 8}


def _f(x: float | None, digits: int = 5, sign: str = "") -> str:
    return "-" if x is None or x != x else f"{x:{sign}.{digits}f}"


def _table(head: list[str], rows: list[str]) -> str:
    return "\n".join(["| " + " | ".join(head) + " |", "|---" * len(head) + "|", *rows])


def _mean_variance(mean: float | None, variance: float | None) -> str:
    return "-" if mean is None else f"{_f(mean)} ({_f(variance)})"


def _interval(pair: list[float] | None, digits: int = 4) -> str:
    return "-" if not pair else f"[{_f(pair[0], digits)}, {_f(pair[1], digits)}]"


def _anchor(title: str) -> str:
    """The link to a heading of the page, as GitHub makes it."""
    words = title.lstrip("#").strip().lower()
    return "#" + re.sub(r"[^\w\- ]", "", words).replace(" ", "-")


def _intro(values: dict) -> str:
    parts = [T.TITLE]
    counts = values["overview"]
    if counts["cells"]:
        sampled = ""
        if counts["sampled"]:
            sampled = T.OVERVIEW_SAMPLED.format(
                **counts, folds_link=_anchor(T.FOLDS_TITLE)
            )
        open_sentence = ""
        if counts["open_jobs"]:
            unestimated = counts["open_unestimated"]
            if unestimated == counts["open_jobs"]:
                estimate = "none estimated (no harness run of theirs to pace them)"
            else:
                estimate = (
                    f"estimated {harness.duration(counts['open_seconds'])} in all "
                    "at the harness's pace on this machine"
                    + (f", {unestimated} without an estimate" if unestimated else "")
                )
            open_sentence = T.OVERVIEW_OPEN.format(
                **counts, open_estimate=estimate, open_link=_anchor(T.OPEN_TITLE)
            )
        overview = T.OVERVIEW.format(
            **counts,
            open_sentence=open_sentence,
            deterministic=values["cell_counts"]["deterministic"],
            exact_expected=values["cell_counts"]["exact_expected"],
            sampled_sentence=sampled,
            main_link=_anchor(T.MAIN_TITLE),
            readings_link=_anchor(T.READINGS_TITLE),
            summary_link=_anchor(T.SUMMARY_TITLE),
        )
        parts.append(overview)
    return "\n\n".join([*parts, T.INTRO.format(**values["protocol"])])


def _main(values: dict) -> str:
    rows = [
        T.MAIN_ROW.format(
            **r
            | {
                "published": _mean_variance(*r["published"]),
                "reproduced": "-"
                if r["reproduced"] is None
                else _mean_variance(*r["reproduced"])
                if r["reproduced"][1] is not None
                else _f(r["reproduced"][0]),
            }
        )
        for r in values["main"]
    ]
    return "\n\n".join([T.MAIN_TITLE, T.MAIN_TEXT, _table(T.MAIN_HEAD, rows)])


def _readings(values: dict) -> str:
    rows = [
        T.READINGS_ROW.format(
            **r | {"time": "-" if r["seconds"] is None else _f(r["seconds"], 0)}
        )
        for r in values["readings"]
    ]
    text = T.READINGS_TEXT.format(
        jar_sha256=values["jar_sha256"],
        exact_expected=values["cell_counts"]["exact_expected"],
        exact_expected_all=values["cell_counts"]["exact_expected_all"],
        exact=values["overview"]["exact"],
        **values["harness_check"],
    )
    parts = [
        T.READINGS_TITLE,
        text,
        _table(T.READINGS_HEAD, rows),
        T.READINGS_TIERS.format(open_link=_anchor(T.OPEN_TITLE)),
    ]
    for config in ("base", "original"):
        keys = [r["key"] for r in values["readings"] if r["config"] == config]
        cells = [
            c for c in values["cells"] if c["config"] == config and c.get("readings")
        ]
        if cells:
            parts.append(
                _table(
                    ["learner", "task", "config", *keys],
                    [
                        f"| {c['learner']} | {c['task']} | {config} | "
                        + " | ".join(c["tier_by_reading"].get(k, "-") for k in keys)
                        + " |"
                        for c in cells
                    ],
                )
            )
    return "\n\n".join(parts)


def _left_open(values: dict) -> str:
    rows = [
        T.OPEN_ROW.format(
            **r
            | {
                "readings": ", ".join(r["readings"]),
                "folds_kept": f"{r['folds_kept']} of {values['protocol']['folds']}",
                "estimated": harness.duration(r["seconds"]),
                "basis": (
                    "no cost recorded"
                    if r["store_seconds"] is None
                    else f"{r['store_seconds']:.0f} s"
                    + (
                        ""
                        if r["pace"] is None
                        else f" x {r['pace']:.2f} (pace on {r['paced_on']})"
                    )
                )
                + (f"; left out of the study's run: {r['slow']}" if r["slow"] else ""),
            }
        )
        for r in values["left_open"]
    ]
    text = T.OPEN_TEXT.format(**values["protocol"])
    table = _table(T.OPEN_HEAD, rows) if rows else T.OPEN_NONE
    return "\n\n".join([T.OPEN_TITLE, text, table])


def _provenance(values: dict) -> str:
    prov = values["provenance"]
    lines = []
    if prov["runs"]:
        lines += [
            T.PROVENANCE_TITLE,
            "",
            T.PROVENANCE.format(
                software="; ".join(
                    ", ".join(f"{k} {v}" for k, v in s.items())
                    for s in prov["software"]
                ),
                machine="; ".join(prov["machines"]),
                runs=len(prov["runs"]),
                commit_count=len(prov["commits"]),
                commits=", ".join(c[:10] for c in prov["commits"]),
                minutes=prov["minutes"],
                untimed=prov["untimed"],
            ),
            "",
            _table(
                T.PROVENANCE_HEAD,
                [
                    T.PROVENANCE_ROW.format(
                        **r,
                        time="not recorded"
                        if r["minutes"] is None
                        else _f(r["minutes"], 1),
                    )
                    for r in prov["runs"]
                ],
            ),
        ]
    return "\n".join(lines)


def _summary(values: dict) -> str:
    rows = [
        T.SUMMARY_ROW.format(
            **c
            | {
                "evidence": T.CONCLUSIONS[c["id"]][2].format(
                    **c["evidence"] | values["protocol"]
                ),
                "words": T.SUMMARY_WORDS.format(**c["words"]) if c["words"] else "-",
            }
        )
        for c in values["conclusions"]
    ]
    if not rows:
        return ""
    return "\n\n".join([T.SUMMARY_TITLE, T.SUMMARY, _table(T.SUMMARY_HEAD, rows)])


def _rules(values: dict) -> str:
    r = values["rules"]
    plan = values["plan"]
    history = plan["history"]
    dates = T.RULES_DATES.format(**history, declared=plan["declared"])
    table = _table(
        T.RULES_HISTORY_HEAD,
        [T.RULES_HISTORY_ROW.format(**rule) for rule in history["rule"]],
    )
    return (
        "\n\n".join([T.RULES_TITLE, dates, table])
        + "\n\n"
        + T.RULES.format(
            decimals=r["DECIMALS"],
            rounding=r["ROUNDING"],
            level=r["LEVEL"],
            alpha=r["ALPHA"],
            close=r["CLOSE"],
            **values["protocol"],
        )
    )


def _registration(values: dict) -> str:
    """When the rule was recorded against the first unit, as the store shows it."""
    given = values["registration"]
    if given["rule"]:
        return "\n".join(rule_section(given["rule"])).rstrip()
    return "\n\n".join([T.UNREGISTERED_TITLE, T.UNREGISTERED.format(**given)])


def _named_cell(cell: dict | None) -> str:
    if cell is None:
        return "none"
    return f"{cell['learner']} {cell['task']} {cell['config']} ({cell['leakage']:+.5f})"


def _folds(values: dict) -> str:
    rows = [
        T.FOLDS_ROW.format(**b, first=", ".join(b["first_block"]))
        for b in values["folds"]
    ]
    text = T.FOLDS_TEXT.format(
        sorted=values["sorted_folds"], total=values["total_folds"]
    )
    parts = [T.FOLDS_TITLE, text, _table(T.FOLDS_HEAD, rows)]
    leak = values["leakage"]
    if leak["cells"]:
        parts += [
            T.LEAKAGE.format(
                **leak
                | {
                    "gain_tasks": ", ".join(leak["gain_tasks"]) or "no task",
                    "gain_cell": _named_cell(leak["largest_gain"]),
                    "loss_cell": _named_cell(leak["largest_loss"]),
                }
            ),
            _table(
                T.LEAKAGE_HEAD,
                [
                    T.LEAKAGE_ROW.format(**t, first=", ".join(t["first_block"]))
                    for t in leak["by_task"]
                ],
            ),
        ]
    flagship = values["flagship"]
    if "j48_yeast" in flagship:
        j = flagship["j48_yeast"]
        parts.append(T.J48_YEAST.format(**j, first=", ".join(j["first_block"])))
    if "naive_bayes" in flagship:
        nb = flagship["naive_bayes"]
        constants = "; ".join(
            f"{b['task']} {b['constant_auc']:.3f}" for b in values["folds"]
        )
        parts += [
            T.NAIVE_BAYES.format(**nb, constant_tasks=constants),
            _table(
                T.NAIVE_BAYES_HEAD,
                [
                    T.NAIVE_BAYES_ROW.format(**r | {"fold_order": _f(r["fold_order"])})
                    for r in nb["rows"]
                ],
            ),
        ]
    return "\n\n".join(parts)


def _verdict(cell: dict) -> str:
    verdict = cell["verdict"]
    if cell.get("tier_readings"):
        verdict += f" ({', '.join(cell['tier_readings'])})"
    if "exact_by_chance" in cell:
        verdict += f"; by chance {cell['exact_by_chance']:.1e}"
    return verdict


def _seeds(seeds: dict | None) -> str:
    if not seeds:
        return "-"
    return f"{_interval(seeds['prediction_interval'])} {seeds['verdict']}"


def _cells(values: dict) -> str:
    rows = []
    counts: dict[str, int] = {}
    for c in values["cells"]:
        counts[c["verdict"].split(":")[0]] = (
            counts.get(c["verdict"].split(":")[0], 0) + 1
        )
        wekas = c.get("experimenter_auc")
        leak = (
            f"{c['leakage']:+.4f} {c['leakage_sign']}"
            if c.get("leakage") is not None
            else "-"
        )
        rows.append(
            T.CELLS_ROW.format(
                learner=c["learner"],
                task=c["task"],
                config=c["config"],
                published=_mean_variance(c["published_auc"], c["published_variance"]),
                ours=_mean_variance(c["auc"], c["variance"]),
                interval=_interval(c.get("interval")),
                monograph=_f(c.get("monograph_protocol_auc")),
                experimenter=_f(wekas and wekas["mean"]),
                seeds=_seeds(c.get("seeds")),
                monograph_seeds=_seeds(c.get("seeds_monograph_protocol")),
                leakage=leak,
                first=", ".join(c["first_block"]),
                verdict=_verdict(c),
            )
        )
    return "\n\n".join(
        [
            T.CELLS_TITLE,
            T.CELLS_TEXT,
            _table(T.CELLS_HEAD, rows),
            T.CELLS_COUNTS.format(
                **values["cell_counts"]
                | {
                    "counts": "; ".join(
                        f"{k}: {v}" for k, v in values["cell_counts"]["counts"].items()
                    )
                }
            ),
        ]
    )


def _table_cell(cell: dict | None) -> str:
    if cell is None or cell["auc"] is None:
        return "not run | " + (
            _mean_variance(cell["published_auc"], cell["published_variance"])
            if cell
            else "-"
        )
    pub = _mean_variance(cell["published_auc"], cell["published_variance"])
    if not cell["published_inside_interval"]:
        pub = f"**{pub}**"
    return f"{_f(cell['auc'])} {_interval(cell['interval'])} | {pub}"


def _tables(values: dict) -> str:
    by = {(c["learner"], c["task"], c["config"]): c for c in values["cells"]}
    learners = list(dict.fromkeys(c["learner"] for c in values["cells"]))
    tasks = list(dict.fromkeys(c["task"] for c in values["cells"]))
    head = ["task"] + [f"{c} {w}" for c in PUBLISHED for w in ("ours", "pub")]
    out = [T.TABLES_TITLE, T.TABLES_TEXT.format(level=values["rules"]["LEVEL"])]
    for learner in learners:
        rows = [
            f"| {task} | "
            + " | ".join(_table_cell(by.get((learner, task, c))) for c in PUBLISHED)
            + " |"
            for task in tasks
        ]
        out += [
            T.TABLE_TITLE.format(number=TABLE_NUMBERS[learner], learner=learner),
            _table(head, rows),
        ]
    return "\n\n".join(out)


def _hypotheses(values: dict) -> str:
    rows = [T.HYPOTHESES_ROW.format(**r) for r in values["hypotheses"]]
    if not rows:
        return ""
    declared = {
        r["hypothesis"]: T.HYPOTHESIS_ITEM.format(
            **r, label=T.AFTER_THE_FACT if r["after_the_fact"] else ""
        )
        for r in values["hypotheses"]
    }
    return "\n\n".join(
        [
            T.HYPOTHESES_TITLE,
            T.HYPOTHESES_TEXT,
            "\n".join(declared.values()),
            _table(T.HYPOTHESES_HEAD, rows),
        ]
    )


def _details(values: dict) -> str:
    parts = []
    tests = values["finding_tests"]
    if tests:
        marks = {1: "better", -1: "worse", 0: "no different"}
        rows = [
            T.TESTS_ROW.format(**t, mark=marks[t["significance_holm"]]) for t in tests
        ]
        parts += [
            T.TESTS_TITLE,
            T.TESTS_TEXT.format(level=values["rules"]["LEVEL"], **values["protocol"]),
            _table(T.TESTS_HEAD, rows),
        ]
    curves = values["curves"]
    if curves:
        sweep = values["sweep"]
        rows = [
            T.CURVES_ROW.format(
                learner=c["learner"],
                task=c["task"],
                v_rho=c["voters"]["rho"],
                v_p=c["voters"]["p_value"],
                v_p_holm=c["voters"]["p_holm"],
                v_spread=c["voters"]["spread"],
                p_spread=c["pairs"]["spread"],
                p_rho=c["pairs"]["rho"],
            )
            for c in curves
        ]
        parts += [
            T.CURVES_TITLE,
            T.CURVES_TEXT.format(first=sweep[0], last=sweep[-1]),
            _table(T.CURVES_HEAD, rows),
        ]
    imbalance = next(
        (
            c["evidence"]["tasks"]
            for c in values["conclusions"]
            if "tasks" in c["evidence"]
        ),
        None,
    )
    if imbalance:
        parts += [
            T.IMBALANCE_TITLE,
            T.IMBALANCE_TEXT,
            _table(T.IMBALANCE_HEAD, [T.IMBALANCE_ROW.format(**b) for b in imbalance]),
        ]
    return "\n\n".join(parts)


def _experimenter(values: dict) -> str:
    rows = [
        T.EXPERIMENTER_ROW.format(
            **e, count=len(e["exact"]), names=", ".join(e["exact"]) or "none"
        )
        for e in values["experimenter"]
    ]
    if not rows:
        return ""
    return "\n\n".join(
        [
            T.EXPERIMENTER_TITLE,
            T.EXPERIMENTER_TEXT.format(**values["protocol"]),
            _table(T.EXPERIMENTER_HEAD, rows),
        ]
    )


def _class_order(values: dict) -> str:
    base = [
        c for c in values["cells"] if c["config"] == "base" and c["auc"] is not None
    ]
    if not base:
        return ""
    learners = list(dict.fromkeys(c["learner"] for c in base))
    orders = {b["task"]: b["class_values"] for b in values["folds"]}
    rows = []
    for task in dict.fromkeys(c["task"] for c in base):
        row = []
        for learner in learners:
            cell = next(
                (c for c in base if (c["learner"], c["task"]) == (learner, task)), None
            )
            row.append(
                "-"
                if cell is None
                else f"{cell['tier']}"
                + (
                    f": {', '.join(cell['tier_readings'])}"
                    if cell["tier_readings"]
                    else ""
                )
            )
        rows.append(
            f"| {task} | {{{', '.join(orders[task])}}} | " + " | ".join(row) + " |"
        )
    differ = [
        c
        for c in base
        if {"minority", "swapped"} <= set(c.get("readings", {}))
        and c["readings"]["minority"] != c["readings"]["swapped"]
    ]
    text = T.CLASS_ORDER_TEXT.format(
        swapped_learners=", ".join(dict.fromkeys(c["learner"] for c in differ))
        or "no learner",
        swapped_cells=", ".join(f"{c['learner']} {c['task']}" for c in differ)
        or "none",
    )
    return "\n\n".join(
        [
            T.CLASS_ORDER_TITLE,
            text,
            _table(["task", "our declared order", *learners], rows),
        ]
    )


def _rankers(values: dict) -> str:
    head = ["learner", "task"] + [f"{c} {r}" for c in RANKING for r in RANKERS]
    rows = [
        f"| {r['learner']} | {r['task']} | "
        + " | ".join(_f(r["means"][f"{c}/{k}"], 4) for c in RANKING for k in RANKERS)
        + " |"
        for r in values["rankers"]
    ]
    return "\n\n".join([T.RANKERS_TITLE, T.RANKERS_TEXT, _table(head, rows)])


def _costs(values: dict) -> str:
    keys = (
        "original_train",
        "star_train",
        "double_star_train",
        "tournament_rank",
        "quicksort_rank",
    )

    def cost(row: dict, key: str) -> str:
        path = row.get("paths", {}).get(key)
        text = _f(row[key], 1)
        return T.COST_OTHER_PATH.format(seconds=text, paths=path) if path else text

    rows = [
        f"| {r['learner']} | {r['task']} | {_f(r['original_pairs'], 0)} | "
        + " | ".join(cost(r, k) for k in keys)
        + " |"
        for r in values["costs"]
    ]
    parts = [T.COSTS_TITLE, T.COSTS_TEXT, _table(T.COSTS_HEAD, rows)]
    other = [r[k] for r in values["costs"] for k in r.get("paths", {})]
    if other:
        parts.append(T.COSTS_OTHER_PATHS.format(cells=len(other), seconds=sum(other)))
    return "\n\n".join(parts)


def _conditioning(values: dict) -> str:
    rows = values["conditioning"]
    if not rows:
        return ""
    names = [k for k in rows[0] if k not in ("task", "largest_coefficient")]
    lines = [
        f"| {row['task']} | {row['largest_coefficient']:,.0f} | "
        + " | ".join(f"{row[k]:.5f}" for k in names)
        + " |"
        for row in rows
    ]
    return "\n\n".join(
        [
            T.CONDITIONING_TITLE,
            T.CONDITIONING_TEXT,
            _table(["task", "largest coefficient", *names], lines),
        ]
    )


def to_markdown(values: dict, figures: list[str] | None = None) -> str:
    """The report page, from :func:`.values.compute`'s values."""
    parts = [
        _intro(values),
        _main(values),
        _summary(values),
        _readings(values),
        _left_open(values),
        _rules(values),
        _registration(values),
        _provenance(values),
        _folds(values),
        _cells(values),
        _tables(values),
        _hypotheses(values),
        _details(values),
        _experimenter(values),
        _class_order(values),
        _rankers(values),
        _costs(values),
    ]
    if figures:
        parts.append(
            "\n\n".join(
                [T.FIGURES_TITLE, T.FIGURES_TEXT.format(level=values["rules"]["LEVEL"])]
                + [f"![{Path(f).stem}]({f})" for f in figures]
            )
        )
    parts.append(_conditioning(values))
    if values["errors"]:
        parts.append(
            T.ERRORS_TITLE
            + "\n\n"
            + "\n".join(
                T.ERROR_ROW.format(**e | {"variant": e["variant"] or "main"})
                for e in values["errors"]
            )
        )
    return "\n\n".join(part for part in parts if part) + "\n"


def _beside_published(values: dict, config: str) -> str:
    cells = [c for c in values["cells"] if c["config"] == config]
    learners = list(dict.fromkeys(c["learner"] for c in cells))
    by = {(c["learner"], c["task"]): c for c in cells}
    rows = []
    for task in dict.fromkeys(c["task"] for c in cells):
        row = []
        for learner in learners:
            c = by.get((learner, task))
            if c is None:
                row += ["-", "-", "-"]
                continue
            row += [
                _mean_variance(c["auc"], c["variance"])
                if c["auc"] is not None
                else c["verdict"],
                _mean_variance(c["published_auc"], c["published_variance"]),
                c["tier"] or "-",
            ]
        rows.append(f"| {task} | " + " | ".join(row) + " |")
    head = ["task"] + [f"{lr} {w}" for lr in learners for w in ("ours", "pub", "tier")]
    return _table(head, rows)


def original_markdown(values: dict) -> str:
    """The base column and the `original` table, from the values."""
    return T.ORIGINAL_PAGE.format(
        base=_beside_published(values, "base"),
        original=_beside_published(values, "original"),
    )


# The files write_report writes whether or not matplotlib draws the figures.
REPORT_FILES = ("reproduction.json", "reproduction.md", "original.md")


def write_report(store_folder: Path, out_folder: Path) -> Path:
    """Compute the values of a store (:func:`.values.build`) and write the report.

    Writes ``reproduction.json``, ``reproduction.md``, ``original.md`` and, with
    matplotlib, the figures into out_folder: a store's, an earlier report's or an
    empty one (a folder of other files is refused).
    """
    check_report_folder(out_folder, REPORT_FILES)
    if not ResultStore(store_folder).exists():
        raise DataError(
            f"{store_folder}: no results.jsonl here: give the folder a reproduction "
            "wrote into (its --out)"
        )
    _, values = build(store_folder)
    out_folder.mkdir(parents=True, exist_ok=True)
    figures: list[str] = []
    try:
        from weka_ranking_studies.monograph.figures import write_figures

        written = write_figures(values, out_folder / "figures")
        figures = [str(p.relative_to(out_folder)) for p in written]
    except ImportError:
        logger.warning(
            "matplotlib is not installed: figures skipped "
            "(pip install 'weka-ranking[figures]')"
        )
    write_atomically(
        out_folder / "reproduction.json",
        json.dumps(values, indent=1, sort_keys=True) + "\n",
    )
    path = out_folder / "reproduction.md"
    write_atomically(path, to_markdown(values, figures))
    write_atomically(out_folder / "original.md", original_markdown(values))
    return path
