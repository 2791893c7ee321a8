"""The reproduction's wall time on two workers, estimated from recorded unit costs.

Nothing is run: a unit's cost is what its records say its models took to
train and rank (a model's ``train_seconds`` once, a committee's largest
for ``voters``, every record's ``rank_seconds``). Each unit of the plan is
priced from a rerun on a path the committed store lacks where one recorded
it (``CHECKS``, the stores of the path checks: from the rows, the row kernel;
an SMO unit only where its cell takes the row kernel), else from the
committed store (WEKA's path), else from its main variant (a cell never
run). The plan is then
replayed in its order on the first free worker (:func:`runner.makespan`),
without the run's work around the models (data, folds, records, worker
start-up): the estimate is of the models' time under the load the costs
were recorded at.

``weka-ranking reproduce --estimate`` prints it; the bench reads it from there.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from weka_ranking.experiments import ResultStore
from weka_ranking.experiments.runner import makespan
from weka_ranking_studies import DOCS
from weka_ranking_studies.monograph.plan import (
    ROW_KERNEL_PATH,
    WEKA_PATH,
    Unit,
    build_plan,
    smo_solver,
)

# The goals of issue 32, on two workers (two cores).
WORKERS = 2
GOAL_SECONDS = {"default": 20 * 60, "include_slow": 60 * 60}
# Stores of reruns on the current code's paths, beside the committed one.
CHECKS = (
    "reproduction-checks/smo-row-kernel",
    "reproduction-checks/plan",
    "reproduction-checks/pair-order",
    "reproduction-checks/whole-run",
)


def unit_costs(records: list[dict]) -> dict[str, tuple[float, frozenset[str]]]:
    """Each unit's training and ranking seconds, and the paths its records name.

    A model is trained once and ranked by each ranker (its records repeat its
    ``train_seconds``); ``voters`` trains one committee, its smaller
    committees its first members (their ``train_seconds`` are parts of it).
    """
    trained: dict[str, dict[str, float]] = defaultdict(dict)
    ranked: dict[str, float] = defaultdict(float)
    paths: dict[str, set[str]] = defaultdict(set)
    families = {}
    for record in records:
        unit = record["unit"]
        families[unit] = record.get("family")
        config = record.get("config", "")
        trained[unit][config] = max(
            trained[unit].get(config, 0.0), record.get("train_seconds", 0.0)
        )
        ranked[unit] += record.get("rank_seconds", 0.0)
        paths[unit].add(record.get("train_path", WEKA_PATH))
    return {
        unit: (
            (max(by.values()) if families[unit] == "voters" else sum(by.values()))
            + ranked[unit],
            frozenset(paths[unit]),
        )
        for unit, by in trained.items()
    }


def _new_path(unit: Unit, paths: frozenset[str]) -> bool:
    """Whether a rerun's unit took a path the committed store lacks, as the plan does.

    A rerun on WEKA's path tells nothing the committed store does not (its
    seconds differ by the load they were taken at); an SMO unit on the row
    kernel counts only where its cell takes it.
    """
    if paths == {WEKA_PATH}:
        return False
    return unit.learner != "SMO" or smo_solver(unit) == ROW_KERNEL_PATH


def estimate(
    folder: str | Path | None = None,
    workers: int = WORKERS,
    checks: Sequence[str | Path] | None = None,
) -> dict:
    """The default and ``--include-slow`` plans' wall seconds on ``workers`` workers.

    ``folder`` holds the committed store (default ``docs/``); ``checks`` are
    the reruns' stores (default its sub-folders ``CHECKS``).
    """
    folder = Path(folder) if folder else DOCS
    committed = unit_costs(ResultStore(folder).records())
    reruns: dict[str, tuple[float, frozenset[str]]] = {}
    for check in checks if checks is not None else [folder / c for c in CHECKS]:
        if ResultStore(check).exists():
            reruns.update(unit_costs(ResultStore(check).records()))
    plans = {}
    for name, include_slow in (("default", False), ("include_slow", True)):
        units, _ = build_plan(include_slow=include_slow)
        durations, priced = [], {"rerun": 0, "committed": 0, "main_variant": 0}
        for unit in units:
            rerun = reruns.get(unit.key)
            if rerun and _new_path(unit, rerun[1]):
                durations.append(rerun[0])
                priced["rerun"] += 1
            elif unit.key in committed:
                durations.append(committed[unit.key][0])
                priced["committed"] += 1
            else:
                main = unit.key.replace(unit.variant, "main", 1)
                durations.append(committed[main][0])
                priced["main_variant"] += 1
        seconds = makespan(durations, workers)
        on_goal_workers = makespan(durations, WORKERS)
        plans[name] = {
            "units": len(units),
            "priced_from": priced,
            "unit_seconds_total": sum(durations),
            "longest_unit_seconds": max(durations),
            "estimate_seconds": seconds,
            "goal_seconds": GOAL_SECONDS[name],
            "meets_goal": on_goal_workers < GOAL_SECONDS[name],
        }
    return {
        "reproduce_default_wall_seconds": plans["default"]["estimate_seconds"],
        "reproduce_include_slow_wall_seconds": plans["include_slow"][
            "estimate_seconds"
        ],
        "reproduction_estimate": {"workers": workers, "plans": plans},
    }


def lines(values: dict) -> list[str]:
    """The estimate in words, one line a plan."""
    r = values["reproduction_estimate"]
    out = []
    for name, flags in (("default", ""), ("include_slow", " --include-slow")):
        plan = r["plans"][name]
        priced = plan["priced_from"]
        out.append(
            f"reproduce{flags}: about {plan['estimate_seconds'] / 60:.1f} min on "
            f"{r['workers']} workers, estimated from the recorded costs (the "
            f"project's goal, under {plan['goal_seconds'] / 60:.0f} on {WORKERS}: "
            f"{'met' if plan['meets_goal'] else 'NOT met'}); {plan['units']} units, "
            f"{plan['unit_seconds_total'] / 60:.1f} min of models, the longest "
            f"{plan['longest_unit_seconds']:.0f} s; each unit priced from a rerun "
            f"on its fast path ({priced['rerun']}), else from the committed store "
            f"({priced['committed']}, WEKA's path), else from its cell's main "
            f"variant ({priced['main_variant']}, cells the store lacks)"
        )
    return out
