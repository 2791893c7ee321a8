"""The monograph's reproduction, its wall time: measured where recorded, else estimated.

Nothing is run here: a reproduction takes many minutes, so the numbers come
from a store (the committed one, ``docs/``). A unit's cost is what its
records say its models took to train and rank (``train_seconds`` of each
model trained once: a committee's largest for ``voters``, each
configuration's for the others; every record's ``rank_seconds``). The
store's last run of the whole default plan measured its wall time; what its
units' costs leave of it is the reproduction's own work around the models
(data, folds, records, store), spread evenly over its units. The estimate of
a plan on ``workers`` workers replays its units, each its cost plus that
share, in the plan's order on the first free worker (:func:`makespan`, the
local executor's rule). A unit the store lacks (a slow cell never run) is
given its ``main`` variant's cost, and counted.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from pathlib import Path

from weka_ranking._resources import project_dir
from weka_ranking.experiments import ResultStore
from weka_ranking.studies.bench.workers import makespan
from weka_ranking.studies.monograph.plan import Unit, build_plan

# The goals of issue 32, on two workers (two cores).
WORKERS = 2
GOAL_SECONDS = {"default": 20 * 60, "include_slow": 60 * 60}
# A run of the whole plan passes none of these.
PARTIAL_FLAGS = ("--tasks", "--learners", "--quick", "--include-slow")


def unit_costs(records: list[dict]) -> dict[str, float]:
    """Each unit's training and ranking seconds, from its records.

    A model is trained once and ranked by each ranker (its records repeat its
    ``train_seconds``); ``voters`` trains one committee, its smaller
    committees its first members (their ``train_seconds`` are parts of it).
    """
    trained: dict[str, dict[str, float]] = defaultdict(dict)
    ranked: dict[str, float] = defaultdict(float)
    families = {}
    for record in records:
        unit = record["unit"]
        families[unit] = record.get("family")
        config = record.get("config", "")
        trained[unit][config] = max(
            trained[unit].get(config, 0.0), record.get("train_seconds", 0.0)
        )
        ranked[unit] += record.get("rank_seconds", 0.0)
    return {
        unit: (max(by.values()) if families[unit] == "voters" else sum(by.values()))
        + ranked[unit]
        for unit, by in trained.items()
    }


def _time(text: str) -> float:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S%z").timestamp()


def whole_default_runs(runs: list[dict], plan_units: int) -> list[dict]:
    """The store's runs of the whole default plan that recorded their wall time.

    A run's finish is the one whose seconds lead from its start to its end.
    """
    finishes = [r for r in runs if "finished" in r]
    out = []
    for run in runs:
        argv = run.get("argv", [])
        if "started" not in run or any(flag in argv for flag in PARTIAL_FLAGS):
            continue
        if run.get("pending") != plan_units or run.get("units") != plan_units:
            continue
        start = _time(run["started"])
        for end in finishes:
            if abs(start + end["seconds"] - _time(end["finished"])) < 90:
                out.append(
                    {
                        "started": run["started"],
                        "jobs": run["jobs"],
                        "units": plan_units,
                        "seconds": end["seconds"],
                        "git_sha": run.get("git_sha"),
                    }
                )
                break
    return out


def _durations(units: list[Unit], costs: dict[str, float]) -> tuple[list[float], int]:
    """Each unit's recorded cost; a unit never run, its main variant's."""
    out, borrowed = [], 0
    for unit in units:
        if unit.key in costs:
            out.append(costs[unit.key])
        else:
            out.append(costs[unit.key.replace(unit.variant, "main", 1)])
            borrowed += 1
    return out, borrowed


def measure(folder: str | Path | None = None, workers: int = WORKERS) -> dict:
    """The reproduction's wall time, default and ``--include-slow``, on ``workers``.

    The keys hold the estimate on ``workers`` workers (``reproduction`` says
    how it was made, with the measured run it is calibrated on).
    """
    folder = Path(folder) if folder else project_dir("docs")
    store = ResultStore(folder)
    costs = unit_costs(store.records())
    default, _ = build_plan()
    measured = whole_default_runs(store.runs(), len(default))
    if not measured:
        raise ValueError(
            f"{store.folder}: no run of the whole default plan recorded its wall "
            "time; run `weka-ranking reproduce` into it"
        )
    run = measured[-1]
    # The run's work beyond its models, per unit: its wall time on its workers
    # less its units' costs replayed there, shared by the units each worker ran.
    default_durations, _ = _durations(default, costs)
    replayed = makespan(default_durations, run["jobs"])
    overhead = max(0.0, run["seconds"] - replayed) * run["jobs"] / len(default)
    plans = {}
    for name, include_slow in (("default", False), ("include_slow", True)):
        units, _ = build_plan(include_slow=include_slow)
        durations, borrowed = _durations(units, costs)
        seconds = makespan([d + overhead for d in durations], workers)
        plans[name] = {
            "units": len(units),
            "borrowed_units": borrowed,
            "unit_seconds_total": sum(durations),
            "longest_unit_seconds": max(durations),
            "estimate_seconds": seconds,
            "goal_seconds": GOAL_SECONDS[name],
            "meets_goal": seconds < GOAL_SECONDS[name],
        }
    return {
        "reproduce_default_wall_seconds": plans["default"]["estimate_seconds"],
        "reproduce_include_slow_wall_seconds": plans["include_slow"][
            "estimate_seconds"
        ],
        "reproduction": {
            "store": folder.name if folder == project_dir("docs") else str(folder),
            "workers": workers,
            "measured_run": run,
            "overhead_per_unit_seconds": overhead,
            "plans": plans,
        },
    }
