"""How an experiment scales out: 1 and 2 workers measured, 100 simulated.

One small plan (the monograph's five tasks, J48 and NaiveBayes alone and
under the reduction, 2 runs of 10 folds) runs on a local Dask cluster of one
worker, then of two, each into a fresh store; the ratio of their wall
times is the measured speed-up. The units' own recorded seconds then
replay the plan on 100 simulated workers, each unit given to the first
free worker in the plan's order (the Dask scheduler's greedy rule, without
its overheads): a lower bound of the wall time, and no run can be shorter
than its longest unit.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from weka_ranking.experiments import ResultStore
from weka_ranking.experiments.experiment import run_experiment
from weka_ranking.experiments.plan import plan_from_flags
from weka_ranking.experiments.runner import makespan
from weka_ranking.tasks import STUDY_TASKS

# Configurations named, not left to the defaults (which may change).
SCHEMES = (
    "J48 --ranker pointwise",
    "J48 --pairs 1 --voters 10 --pair-features concat",
    "NaiveBayes --ranker pointwise",
    "NaiveBayes --pairs all --voters 1 --pair-features concat",
)
SIMULATED_WORKERS = (1, 2, 10, 100)


def measure(runs: int = 2) -> dict:
    """Wall seconds on 1 and 2 Dask workers, and the simulated larger clusters."""
    plan = plan_from_flags(list(STUDY_TASKS), list(SCHEMES), runs=runs)
    walls = {}
    with tempfile.TemporaryDirectory() as folder:
        for workers in (1, 2):
            store = Path(folder) / f"workers-{workers}"
            started = time.perf_counter()
            run_experiment(plan, store, jobs=workers, executor="dask")
            walls[workers] = time.perf_counter() - started
        records = ResultStore(Path(folder) / "workers-1").records()
    by_key = {r["unit"]: r["train_seconds"] + r["rank_seconds"] for r in records}
    durations = [by_key[u.key] for u in plan.units()]
    simulated = {w: makespan(durations, w) for w in SIMULATED_WORKERS}
    return {
        "experiment_units": len(durations),
        "experiment_one_worker_seconds": walls[1],
        "experiment_two_worker_seconds": walls[2],
        "experiment_two_worker_speedup": walls[1] / walls[2],
        "experiment_unit_seconds_total": sum(durations),
        "experiment_longest_unit_seconds": max(durations),
        "experiment_simulated_seconds": {str(w): s for w, s in simulated.items()},
        "experiment_simulated_speedup_100": simulated[1] / simulated[100],
    }
