"""The benchmark results as the page ``docs/benchmarks.md``, from values.

:func:`values` computes every number the page states from a run's results into
a plain dict; :func:`render` fills the Markdown templates in ``templates/``
with them, formatting numbers and joining table rows and nothing more.
"""

from __future__ import annotations

from importlib import resources
from string import Template

# The memory runs in the page's order, each with what its pair instances are.
MEMORY_RUNS = (
    ("views", "views of the base rows"),
    ("views_3g", "views of the base rows"),
    ("dense_4g", "dense copies (before)"),
    ("dense", "dense copies (before)"),
)
# Table columns: title, the row's key, the number's format.
TRAINING_COLUMNS = (
    ("task", "task", ""),
    ("learner", "learner", ""),
    ("pairs", "pairs", ","),
    ("seconds", "seconds", ".1f"),
)
HEAP_ESTIMATE_COLUMNS = (
    ("learner", "learner", ""),
    ("task", "task", ""),
    ("pairs", "pairs", ","),
    ("estimate (MB)", "estimate_mb", ",.0f"),
    ("needed (MB)", "needed_mb", ",.0f"),
    ("smallest -Xmx (MB)", "smallest_heap_mb", ","),
    ("live after GC (MB)", "peak_live_mb", ","),
    ("estimate / needed", "ratio", ".2f"),
)
COLLECTOR_COLUMNS = (
    ("learner", "learner", ""),
    ("task", "task", ""),
    ("pairs", "pairs", ","),
    ("collector", "collector", ""),
    ("seconds", "seconds", ".1f"),
    ("CPU seconds", "cpu_seconds", ".1f"),
    ("peak heap (MB)", "peak_heap_mb", ",.0f"),
)
COMPETITOR_COLUMNS = (
    ("task", "task", ""),
    ("ranker", "ranker", ""),
    ("mean AUC", "mean_auc", ".4f"),
    ("seconds", "seconds", ".1f"),
)
DEFAULT_SPEED_COLUMNS = (
    ("rows", "rows", ","),
    ("features", "features", ""),
    ("training rows", "training_rows", ","),
    ("pairs per instance", "pairs_per_instance", ""),
    ("J48 alone (s)", "j48_alone_seconds", ".2f"),
    ("default (s)", "default_seconds", ".2f"),
    ("default / J48", "default_over_j48", ".1f"),
    ("J48 alone CPU (s)", "j48_alone_cpu_seconds", ".2f"),
    ("default CPU (s)", "default_cpu_seconds", ".2f"),
    ("CPU default / J48", "default_over_j48_cpu", ".1f"),
    ("tuned XGBoost (s)", "tuned_xgboost_seconds", ".2f"),
    ("tuned XGBoost CPU (s)", "tuned_xgboost_cpu_seconds", ".2f"),
    ("member's pairs", "member_pairs", ","),
    ("member from rows (s)", "member_from_rows_seconds", ".2f"),
    ("member on pairs (s)", "member_on_pairs_seconds", ".2f"),
    ("same member", "member_same_model", ""),
    ("load before", "load_before", ".1f"),
    ("load after", "load_after", ".1f"),
)
SERVING_COLUMNS = (
    ("timing", "timing", ""),
    ("first", "first", ".2f"),
    ("second", "second", ".2f"),
    ("first / second (wall)", "wall_ratio", ".2f"),
    ("first / second (CPU)", "cpu_ratio", ".2f"),
    ("load before", "load_before", ".1f"),
    ("load after", "load_after", ".1f"),
)
ESTIMATE_COLUMNS = (
    ("scheme", "scheme", ""),
    ("priced (s)", "priced", ".1f"),
    ("run (s)", "run", ".1f"),
)
ROW_LEARNER_COLUMNS = (
    ("task", "task", ""),
    ("training rows", "train_rows", ","),
    ("learner", "learner", ""),
    ("alone (s)", "alone_seconds", ".3f"),
    ("10 members from rows (s)", "from_rows_seconds", ".3f"),
    ("10 members on pairs (s)", "on_pairs_seconds", ".3f"),
    ("from rows / alone", "from_rows_over_alone", ".1f"),
    ("on pairs / alone", "on_pairs_over_alone", ".1f"),
    ("same members", "same_members", ""),
    ("default in WEKA (s)", "default_in_weka_seconds", ".3f"),
    ("default in WEKA / alone", "default_in_weka_over_alone", ".1f"),
    ("fit, default (s)", "api_fit_default_seconds", ".3f"),
    ("fit, alone (s)", "api_fit_alone_seconds", ".3f"),
    ("fit ratio", "api_fit_ratio", ".1f"),
    ("AUC, default", "auc_default", ".4f"),
    ("AUC, alone", "auc_alone", ".4f"),
)
TOURNAMENT_MISSING_COLUMNS = (
    ("rows", "n", ","),
    ("share missing", "share_missing", ".0%"),
    ("walked (s)", "walked_seconds", ".2f"),
    ("asked (s)", "asked_seconds", ".2f"),
    ("asked / walked", "speedup", ".1f"),
    ("walked CPU (s)", "walked_cpu_seconds", ".2f"),
    ("asked CPU (s)", "asked_cpu_seconds", ".2f"),
    ("CPU asked / walked", "cpu_speedup", ".1f"),
    ("same degrees", "same_degrees", ""),
    ("load, lowest", "load_low", ".1f"),
    ("load, highest", "load_high", ".1f"),
)

# Each section of the page and the bench section (``--sections``) that makes it.
MADE_BY = {
    "scoring": "bridge",
    "memory": "memory",
    "scale": "scale",
    "training": "training",
    "competitors": "competitors",
    "workers": "workers",
    "reproduction": "reproduction",
    "default_speed": "default",
    "row_learners": "row-learners",
    "tournament_missing": "tournament-missing",
    "serving": "serving",
    "estimate": "estimate",
}


def template(name: str) -> Template:
    """The Markdown template ``templates/name``."""
    text = resources.files(__package__).joinpath("templates", name).read_text()
    return Template(text)


def cells(rows: list[dict], columns: tuple[tuple[str, str, str], ...]) -> list[dict]:
    """The rows cut to the table's columns, ``None`` where a row has no value."""
    return [{key: row.get(key) for _, key, _ in columns} for row in rows]


def table(rows: list[dict], columns: tuple[tuple[str, str, str], ...]) -> str:
    """A Markdown table of ``rows``, ``-`` for a missing value."""
    lines = [
        "| " + " | ".join(title for title, _, _ in columns) + " |",
        "|---" * len(columns) + "|",
    ]
    for row in rows:
        formatted = []
        for _, key, fmt in columns:
            value = row.get(key)
            formatted.append("-" if value is None else format(value, fmt))
        lines.append("| " + " | ".join(formatted) + " |")
    return "\n".join(lines)


def _scoring(r: dict) -> dict:
    return {
        "data": r["scoring_data"],
        "pairs": r["scoring_pairs"],
        "rate": r["pair_scoring_rate"],
        "rate_rank_in_java": r["pair_scoring_rate_rank_in_java"],
        "ratio_to_rank_in_java": r["pair_scoring_ratio_to_rank_in_java"],
        "rate_java": r["pair_scoring_rate_java"],
        "ratio_to_java": r["pair_scoring_ratio_to_java"],
        "threads": r["threads"],
        "rate_threads": r["pair_scoring_rate_threads"],
    }


def _memory(runs: dict, estimates: list[dict], collectors: list[dict]) -> dict:
    """The memory runs, each with its measures or the error it failed with."""
    rows = []
    for key, label in MEMORY_RUNS:
        run = runs[key]
        row = {"label": label, "heap": run["heap"]}
        if "error" in run:
            row["error"] = " ".join(run["error"])
        else:
            row |= {k: run[k] for k in ("peak_heap_mb", "peak_live_mb", "seconds")}
        rows.append(row)
    return {
        "pairs": runs["views"].get("pairs", 0),
        "runs": rows,
        "estimates": cells(estimates, HEAP_ESTIMATE_COLUMNS),
        "collectors": cells(collectors, COLLECTOR_COLUMNS),
    }


def _scale(r: dict) -> dict:
    return {
        "cores": r["growth_with_n"]["cores"],
        "voters": r["growth_with_n"]["voters"],
        "quicksort_1m_seconds": r["quicksort_1m_seconds"],
        "tournament_linear_1m_seconds": r["tournament_linear_1m_seconds"],
        "bruteforce_rate": r["tournament_bruteforce_pairs_per_second"],
        "speedup": r["tournament_bruteforce_speedup_all_cores"],
    }


def values(results: dict, command: str) -> dict:
    """Every number the page states, ``None`` for a section the run left out."""
    training = results.get("training")
    competitors = results.get("competitors")
    measured = results.get("measured", {})
    return {
        "command": command,
        "machine": results["machine"],
        "measured": {key: measured.get(made_by) for key, made_by in MADE_BY.items()},
        "scoring": _scoring(results)
        if "pair_scoring_ratio_to_java" in results
        else None,
        "memory": _memory(
            results["memory"], results["heap_estimate"], results["collectors"]
        )
        if "memory" in results
        else None,
        "scale": _scale(results) if "growth_with_n" in results else None,
        "training": None
        if training is None
        else {
            "rows": cells(training["rows"], TRAINING_COLUMNS),
            "left_out": list(training["left_out"]),
        },
        "competitors": None
        if competitors is None
        else {"rows": cells(competitors["rows"], COMPETITOR_COLUMNS)},
        "workers": _workers(results) if "experiment_units" in results else None,
        "reproduction": results.get("reproduction_estimate"),
        "default_speed": _default_speed(results["default_speed"])
        if "default_speed" in results
        else None,
        "row_learners": _row_learners(results["row_learners"])
        if "row_learners" in results
        else None,
        "tournament_missing": _tournament_missing(results["tournament_missing"])
        if "tournament_missing" in results
        else None,
        "serving": _serving(results["serving"]) if "serving" in results else None,
        "estimate": _estimate(results) if "estimate_seconds" in results else None,
    }


def _serving(s: dict) -> dict:
    """The serving bench's timings as the rows of its table: wall and CPU of each."""
    one, thousand = s["predict_proba_one_row"], s["predict_proba_1000_rows"]
    wall, cpu = s["training_wall_seconds"], s["training_cpu_seconds"]
    jobs_wall, jobs_cpu = s["experiment_wall_seconds"], s["experiment_cpu_seconds"]
    same = "the same scores" if s["training_same_scores"] else "DIFFERENT scores"

    def ms(timing: dict) -> tuple[float, float]:
        return timing["wall_ms"], timing["cpu_ms"]

    timings = [
        ("`predict_proba`, one row: the default, J48 alone (ms)",
         ms(one["default"]), ms(one["j48_alone"]), s["predict_proba_load"]),
        ("`predict_proba`, 1,000 rows: the default, J48 alone (ms)",
         ms(thousand["default"]), ms(thousand["j48_alone"]), s["predict_proba_load"]),
        (f"the default's training: 1 thread, 2 threads (s; {same})",
         (wall["1"], cpu["1"]), (wall["2"], cpu["2"]), s["training_load"]),
        ("`experiment`: `--jobs 1`, `--jobs 2` (s)",
         (jobs_wall["1"], jobs_cpu["1"]), (jobs_wall["2"], jobs_cpu["2"]),
         s["experiment_load"]),
    ]  # fmt: skip
    rows = [
        {
            "timing": timing,
            "first": first[0],
            "second": second[0],
            "wall_ratio": first[0] / second[0],
            "cpu_ratio": first[1] / second[1],
            "load_before": load[0],
            "load_after": load[1],
        }
        for timing, first, second, load in timings
    ]
    return {
        "cores": s["cores"],
        "training_rows": s["training_rows"],
        "experiment_plan": s["experiment_plan"],
        "rows": rows,
    }


def _estimate(r: dict) -> dict:
    """The estimate bench's plan, its estimate against its run, scheme by scheme."""
    measured = r["estimate_measured_schemes"]
    return {
        "plan": r["estimate_plan"],
        "units": r["estimate_units"],
        "jobs": r["estimate_jobs"],
        "estimated": r["estimate_seconds"],
        "measured": r["estimate_measured_wall_seconds"],
        "ratio": r["estimate_ratio"],
        "within": r["estimate_within_goal"],
        "command": r["estimate_command_seconds"],
        "pilot": r["estimate_pilot_seconds"],
        "fixed": r["estimate_fixed_seconds"],
        "measured_fixed": r["estimate_measured_fixed_seconds"],
        "warming": r["estimate_warming_seconds"],
        "load": list(r["estimate_load"]),
        "schemes": [
            {"scheme": name, "priced": priced, "run": measured.get(name)}
            for name, priced in r["estimate_schemes"].items()
        ],
    }


def _yes(same: bool) -> str:
    return "yes" if same else "NO"


def _default_speed(r: dict) -> dict:
    rows = []
    for row in r["rows"]:
        before, after = row["load_average"]
        rows.append(
            row
            | {
                "member_same_model": _yes(row["member_same_model"]),
                "load_before": before,
                "load_after": after,
            }
        )
    return {"cpus": r["cpus"], "rows": cells(rows, DEFAULT_SPEED_COLUMNS)}


def _row_learners(r: dict) -> dict:
    rows = [
        row | {"same_members": f"{row['same_member_texts']} of {row['members']}"}
        for row in r["rows"]
    ]
    before, after = r["load_average"]
    return {
        "rows": cells(rows, ROW_LEARNER_COLUMNS),
        "load_before": before,
        "load_after": after,
    }


def _tournament_missing(r: dict) -> dict:
    side = r["side_by_side"]
    loads = [
        load
        for runs in side["runs"].values()
        for run in runs
        for load in run["load_average"]
    ]
    row = side | {
        "same_degrees": _yes(side["same_degrees"]),
        "load_low": min(loads),
        "load_high": max(loads),
    }
    key = r.get("key")
    return {
        "train_n": r["train_n"],
        "voters": r["voters"],
        "threads": r["threads"],
        "runs": len(side["runs"]["walked"]),
        "rows": cells([row], TOURNAMENT_MISSING_COLUMNS),
        "key": None
        if key is None
        else {
            "n": key["n"],
            "share_missing": key["share_missing"],
            "seconds": key["seconds"],
            "cpu_seconds": key["process_cpu_seconds"],
            "load_low": min(key["load_average"]),
            "load_high": max(key["load_average"]),
        },
    }


def _workers(results: dict) -> dict:
    simulated = results["experiment_simulated_seconds"]
    one = simulated["1"]
    return {
        "units": results["experiment_units"],
        "one_worker": results["experiment_one_worker_seconds"],
        "two_workers": results["experiment_two_worker_seconds"],
        "speedup": results["experiment_two_worker_speedup"],
        "unit_total": results["experiment_unit_seconds_total"],
        "longest": results["experiment_longest_unit_seconds"],
        "simulated": [
            {"workers": int(w), "seconds": s, "speedup": one / s}
            for w, s in simulated.items()
        ],
    }


def _reproduction(r: dict) -> str:
    """The reproduction section: its estimates against the goals, and how priced."""

    def minutes(seconds: float) -> str:
        return f"{seconds / 60:.1f}"

    rows = []
    for name, flags in (("default", ""), ("include_slow", " --include-slow")):
        plan = r["plans"][name]
        priced = plan["priced_from"]
        verdict = "under" if plan["meets_goal"] else "NOT under"
        rows.append(
            f"| `reproduce{flags}` | {plan['units']:,} | {priced['rerun']:,} | "
            f"{priced['committed']:,} | {priced['main_variant']:,} | "
            f"{minutes(plan['unit_seconds_total'])} | "
            f"{plan['longest_unit_seconds']:.0f} | "
            f"{minutes(plan['estimate_seconds'])} | "
            f"{verdict} {minutes(plan['goal_seconds'])} |"
        )
    return template("reproduction.md").substitute(
        workers=r["workers"], rows="\n".join(rows)
    )


def _tournament_missing_section(t: dict) -> str:
    """The missing-value tournament: both paths side by side, then the key alone."""
    key = t["key"]
    said = (
        "The key was left out (`--no-large`)."
        if key is None
        else f"The key, {key['n']:,} rows with {key['share_missing']:.0%} missing, "
        f"walked alone (asking would take some 1,000 s): {key['seconds']:.1f} s, "
        f"{key['cpu_seconds']:.1f} process CPU seconds, at load "
        f"{key['load_low']:.1f} to {key['load_high']:.1f}."
    )
    return template("tournament-missing.md").substitute(
        train_n=f"{t['train_n']:,}",
        voters=t["voters"],
        threads=t["threads"],
        runs=t["runs"],
        table=table(t["rows"], TOURNAMENT_MISSING_COLUMNS),
        key=said,
    )


def _memory_row(run: dict) -> str:
    if "error" in run:
        return f"| {run['label']} | {run['heap']} | fails: {run['error']} | | |"
    return (
        f"| {run['label']} | {run['heap']} | {run['peak_heap_mb']:,} | "
        f"{run['peak_live_mb']:,} | {run['seconds']:.1f} |"
    )


def _run_said(v: dict, key: str) -> str:
    """Which run measured the page's section ``key``: its command, when, the machine.

    Said in each section, as a page may join sections of several runs.
    """
    times = v["measured"].get(key)
    when = ""
    if times is not None:
        started, finished = (t[:16].split("T") for t in times)
        end = finished[1] if finished[0] == started[0] else " ".join(finished)
        when = f", {started[0]} {started[1]}-{end} UTC"
    return f"Measured by `{v['command']}`{when}, on {v['machine']}."


def _with_run(section: str, v: dict, key: str) -> str:
    """The section with the line of the run that measured it under its heading."""
    heading, body = section.split("\n\n", 1)
    return f"{heading}\n\n{_run_said(v, key)}\n\n{body}"


def render(v: dict) -> str:
    """The page: the templates filled with :func:`values`' values."""
    return "\n".join(
        [
            template("benchmarks.md").substitute(),
            *(_with_run(section, v, key) for key, section in _sections(v)),
        ]
    )


def _sections(v: dict) -> list[tuple[str, str]]:
    """The page's sections the run measured, each with its key in :data:`MADE_BY`."""
    sections: list[tuple[str, str]] = []
    if (s := v["scoring"]) is not None:
        sections.append(
            (
                "scoring",
                template("scoring.md").substitute(
                    data=s["data"],
                    pairs=f"{s['pairs']:,}",
                    rate=f"{s['rate']:,.0f}",
                    rate_rank_in_java=f"{s['rate_rank_in_java']:,.0f}",
                    ratio_to_rank_in_java=f"{s['ratio_to_rank_in_java']:.2f}",
                    rate_java=f"{s['rate_java']:,.0f}",
                    ratio_to_java=f"{s['ratio_to_java']:.2f}",
                    threads=s["threads"],
                    rate_threads=f"{s['rate_threads']:,.0f}",
                ),
            )
        )
    if (m := v["memory"]) is not None:
        sections.append(
            (
                "memory",
                template("memory.md").substitute(
                    pairs=f"{m['pairs']:,}",
                    rows="\n".join(_memory_row(run) for run in m["runs"]),
                    estimates=table(m["estimates"], HEAP_ESTIMATE_COLUMNS),
                    collectors=table(m["collectors"], COLLECTOR_COLUMNS),
                ),
            )
        )
    if (s := v["scale"]) is not None:
        sections.append(
            (
                "scale",
                template("scale-summary.md").substitute(
                    cores=s["cores"],
                    voters=s["voters"],
                    quicksort_1m_seconds=f"{s['quicksort_1m_seconds']:.1f}",
                    tournament_linear_1m_seconds=f"{s['tournament_linear_1m_seconds']:.1f}",
                    bruteforce_rate=f"{s['bruteforce_rate']:,.0f}",
                    speedup=f"{s['speedup']:.2f}",
                ),
            )
        )
    if (t := v["training"]) is not None:
        sections.append(
            (
                "training",
                template("training.md").substitute(
                    table=table(t["rows"], TRAINING_COLUMNS),
                    left_out=", ".join(t["left_out"]),
                ),
            )
        )
    if (c := v["competitors"]) is not None:
        sections.append(
            (
                "competitors",
                template("competitors.md").substitute(
                    table=table(c["rows"], COMPETITOR_COLUMNS)
                ),
            )
        )
    if (w := v["workers"]) is not None:
        sections.append(
            (
                "workers",
                template("workers.md").substitute(
                    units=w["units"],
                    one_worker=f"{w['one_worker']:.1f}",
                    two_workers=f"{w['two_workers']:.1f}",
                    speedup=f"{w['speedup']:.2f}",
                    unit_total=f"{w['unit_total']:.1f}",
                    longest=f"{w['longest']:.2f}",
                    simulated="\n".join(
                        f"| {r['workers']} | {r['seconds']:.1f} | {r['speedup']:.1f} |"
                        for r in w["simulated"]
                    ),
                ),
            )
        )
    if (r := v["reproduction"]) is not None:
        sections.append(("reproduction", _reproduction(r)))
    if (d := v["default_speed"]) is not None:
        sections.append(
            (
                "default_speed",
                template("default-speed.md").substitute(
                    cpus=d["cpus"], table=table(d["rows"], DEFAULT_SPEED_COLUMNS)
                ),
            )
        )
    if (r := v["row_learners"]) is not None:
        sections.append(
            (
                "row_learners",
                template("row-learners.md").substitute(
                    table=table(r["rows"], ROW_LEARNER_COLUMNS),
                    load_before=f"{r['load_before']:.1f}",
                    load_after=f"{r['load_after']:.1f}",
                ),
            )
        )
    if (t := v["tournament_missing"]) is not None:
        sections.append(("tournament_missing", _tournament_missing_section(t)))
    if (s := v["serving"]) is not None:
        sections.append(
            (
                "serving",
                template("serving.md").substitute(
                    cores=s["cores"],
                    training_rows=f"{s['training_rows']:,}",
                    experiment_plan=s["experiment_plan"],
                    table=table(s["rows"], SERVING_COLUMNS),
                ),
            )
        )
    if (e := v["estimate"]) is not None:
        sections.append(
            (
                "estimate",
                template("estimate.md").substitute(
                    plan=e["plan"],
                    units=e["units"],
                    workers=f"{e['jobs']} worker{'s' if e['jobs'] > 1 else ''}",
                    estimated=f"{e['estimated']:.1f}",
                    measured=f"{e['measured']:.1f}",
                    ratio=f"{e['ratio']:.2f}",
                    within="met" if e["within"] else "NOT met",
                    command=f"{e['command']:.1f}",
                    pilot=f"{e['pilot']:.1f}",
                    fixed=f"{e['fixed']:.1f}",
                    measured_fixed=f"{e['measured_fixed']:.1f}",
                    warming=f"{e['warming']:.1f}",
                    load=", ".join(f"{x:.1f}" for x in e["load"]),
                    table=table(e["schemes"], ESTIMATE_COLUMNS),
                ),
            )
        )
    return sections


def to_markdown(results: dict, command: str) -> str:
    """The benchmark results as the page docs/benchmarks.md."""
    return render(values(results, command))
