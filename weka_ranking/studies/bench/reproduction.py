"""The monograph's reproduction, its wall time: measured where recorded, else estimated.

Nothing is run here: a reproduction takes many minutes, so the numbers come
from a store (the committed one, ``docs/``). A unit's cost is what its
records say its models took to train and rank (``train_seconds`` of each
model trained once: a committee's largest for ``voters``, each
configuration's for the others; every record's ``rank_seconds``). The
store's last run of a whole plan measured its wall time; what its units'
costs leave of it is the reproduction's own work around the models (data,
folds, records, store), spread evenly over its units (without such a run,
nothing: a lower bound). The estimate of
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


def _flag(argv: list[str], name: str) -> tuple[str, ...] | None:
    """A comma-separated flag's values in a command line, None when absent."""
    if name not in argv or argv.index(name) + 1 >= len(argv):
        return None
    return tuple(argv[argv.index(name) + 1].split(","))


def run_plan(argv: list[str]) -> list[Unit]:
    """The units a ``weka-ranking reproduce`` command line plans."""
    units, _ = build_plan(
        _flag(argv, "--tasks"),
        _flag(argv, "--learners"),
        "--quick" in argv,
        "--include-slow" in argv,
    )
    return units


def whole_runs(runs: list[dict]) -> list[dict]:
    """The store's runs that ran their whole plan and recorded their wall time.

    A run's finish is the one whose seconds lead from its start to its end.
    """
    finishes = [r for r in runs if "finished" in r]
    out = []
    for run in runs:
        if "started" not in run or run.get("pending") != run.get("units"):
            continue
        start = _time(run["started"])
        for end in finishes:
            if abs(start + end["seconds"] - _time(end["finished"])) < 90:
                out.append({**run, "seconds": end["seconds"]})
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
    how it was made, with the measured run it is calibrated on: the store's
    last run of a whole plan whose units are all in the store; without one,
    nothing is added to the units' costs, and the estimate is a lower bound).
    """
    folder = Path(folder) if folder else project_dir("docs")
    store = ResultStore(folder)
    costs = unit_costs(store.records())
    calibrations = [
        (run, plan)
        for run in whole_runs(store.runs())
        if len(plan := run_plan(run.get("argv", []))) == run["units"]
        and all(u.key in costs for u in plan)
    ]
    run, overhead = None, 0.0
    if calibrations:
        run, plan = calibrations[-1]
        # The run's work beyond its models, per unit: its wall time on its
        # workers less its units' costs replayed there, shared by the units
        # each worker ran.
        replayed = makespan([costs[u.key] for u in plan], run["jobs"])
        overhead = max(0.0, run["seconds"] - replayed) * run["jobs"] / len(plan)
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
    measured = None
    if run is not None:
        words = ["weka-ranking", *run["argv"][1:]]
        measured = {
            "command": " ".join(
                "DIR" if i and words[i - 1] == "--out" else word
                for i, word in enumerate(words)
            ),
            "started": run["started"],
            "jobs": run["jobs"],
            "units": run["units"],
            "seconds": run["seconds"],
        }
    return {
        "reproduce_default_wall_seconds": plans["default"]["estimate_seconds"],
        "reproduce_include_slow_wall_seconds": plans["include_slow"][
            "estimate_seconds"
        ],
        "reproduction": {
            "store": folder.name if folder == project_dir("docs") else str(folder),
            "workers": workers,
            "measured_run": measured,
            "overhead_per_unit_seconds": overhead,
            "plans": plans,
        },
    }
