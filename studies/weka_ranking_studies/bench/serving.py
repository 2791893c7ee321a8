"""Serving and workers: the default beside J48 alone, measured side by side in one run.

Three timings a user of the default meets, each beside its reference, taken
in turns so that the machine's load falls on both alike:

- ``predict_proba`` of one row and of 1,000 rows, the default (J48, 2 pairs
  per instance, 10 voters; its flattened trees kept with the model) against
  J48 alone (the goal: one row within 2 times J48 alone's);
- the default's training on 1 thread and on 2 (``threads``; the members
  trained at once);
- ``weka-ranking experiment`` of a small plan with ``--jobs 1`` and
  ``--jobs 2`` (wall and CPU seconds of the processes, the workers' included).

Run it as ``python -m weka_ranking_studies.bench.serving``; it prints one
JSON object, the load averages included.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import numpy as np

from weka_ranking import jvm
from weka_ranking.data import Dataset, synthetic
from weka_ranking.model import RankingReduction

# Rows of the synthetic training set (20 numeric features): the default trains
# in seconds, J48 alone in well under one.
TRAINING_ROWS = 6000
# The experiment: two of the package's tasks, J48 alone and the default.
PLAN = ["--data", "breast-cancer", "--data", "hepatitis"] + [
    "--scheme",
    "J48 --ranker pointwise",
    "--scheme",
    "J48",
    "--runs",
    "2",
]


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def _cpu_seconds() -> float:
    """This process's CPU seconds, the JVM's threads included."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _in_turns(repeats: int, *calls: Callable[[], object]) -> list[tuple[float, float]]:
    """Median wall seconds and mean CPU seconds of each call, taken in turns.

    After a warm-up. The CPU seconds are the process's, the JVM's threads
    included (its scoring threads and its collector's): on a loaded machine the
    wall time of a call is mostly the wait for a core.
    """
    for _ in range(20):
        for call in calls:
            call()
    wall: list[list[float]] = [[] for _ in calls]
    cpu = [0.0 for _ in calls]
    for _ in range(repeats):
        for k, call in enumerate(calls):
            started, used = time.perf_counter(), time.process_time()
            call()
            wall[k].append(time.perf_counter() - started)
            cpu[k] += time.process_time() - used
    return [(float(np.median(w)), c / repeats) for w, c in zip(wall, cpu)]


def _ms(timing: tuple[float, float]) -> dict:
    return {"wall_ms": timing[0] * 1e3, "cpu_ms": timing[1] * 1e3}


def predict_proba_timings(train: Dataset, test: Dataset) -> dict:
    """One-row and 1,000-row ``predict_proba``: the default against J48 alone."""
    default = RankingReduction().fit(train)
    alone = RankingReduction(ranker="pointwise").fit(train)
    one, thousand = test.X[:1], test.X[:1000]
    load = _load()
    row = _in_turns(
        500, lambda: default.predict_proba(one), lambda: alone.predict_proba(one)
    )
    rows = _in_turns(
        20,
        lambda: default.predict_proba(thousand),
        lambda: alone.predict_proba(thousand),
    )
    return {
        "predict_proba_one_row": {"default": _ms(row[0]), "j48_alone": _ms(row[1])},
        "predict_proba_one_row_ratio": {
            "wall": row[0][0] / row[1][0],
            "cpu": row[0][1] / row[1][1],
        },
        "predict_proba_1000_rows": {
            "default": _ms(rows[0]),
            "j48_alone": _ms(rows[1]),
        },
        "predict_proba_1000_rows_ratio": {
            "wall": rows[0][0] / rows[1][0],
            "cpu": rows[0][1] / rows[1][1],
        },
        "predict_proba_load": [load, _load()],
    }


def training_timings(train: Dataset, repeats: int = 2) -> dict:
    """The default's training on 1 thread and on 2, in turns: wall and CPU seconds."""
    load = _load()
    wall: dict[int, list[float]] = {1: [], 2: []}
    cpu: dict[int, list[float]] = {1: [], 2: []}
    scores = {}
    for _ in range(repeats):
        for threads in (1, 2):
            started, used = time.perf_counter(), _cpu_seconds()
            model = RankingReduction(threads=threads).fit(train)
            wall[threads].append(time.perf_counter() - started)
            cpu[threads].append(_cpu_seconds() - used)
            scores[threads] = model.decision_function(train).tobytes()
    best = {t: min(w) for t, w in wall.items()}
    return {
        "training_rows": len(train),
        "training_wall_seconds": {str(t): best[t] for t in best},
        "training_cpu_seconds": {str(t): min(c) for t, c in cpu.items()},
        "training_two_thread_speedup": best[1] / best[2],
        "training_same_scores": scores[1] == scores[2],
        "training_load": [load, _load()],
    }


def _experiment(jobs: int) -> tuple[float, float]:
    """Wall and CPU seconds of ``weka-ranking experiment --jobs N`` on the plan."""
    with tempfile.TemporaryDirectory() as folder:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "weka_ranking", "experiment", "--quiet", *PLAN]
            + ["--out", folder, "--jobs", str(jobs)],
            check=True,
        )
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def experiment_timings(repeats: int = 2) -> dict:
    """``experiment --jobs 1`` and ``--jobs 2`` in turns: wall and CPU seconds."""
    load = _load()
    wall: dict[int, list[float]] = {1: [], 2: []}
    cpu: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(repeats):
        for jobs in (1, 2):
            seconds, used = _experiment(jobs)
            wall[jobs].append(seconds)
            cpu[jobs].append(used)
    return {
        "experiment_plan": " ".join(PLAN),
        "experiment_wall_seconds": {str(j): min(w) for j, w in wall.items()},
        "experiment_cpu_seconds": {str(j): min(c) for j, c in cpu.items()},
        "experiment_two_job_speedup": min(wall[1]) / min(wall[2]),
        "experiment_load": [load, _load()],
    }


def measure() -> dict:
    """Every timing of this bench, with the cores and the load averages."""
    jvm.start()
    data = synthetic(TRAINING_ROWS + 1000, seed=7)
    train = data.subset(np.arange(TRAINING_ROWS))
    test = data.subset(np.arange(TRAINING_ROWS, TRAINING_ROWS + 1000))
    return {
        "cores": os.cpu_count(),
        **predict_proba_timings(train, test),
        **training_timings(train),
        **experiment_timings(),
    }


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1))
