"""The tree tournament with missing values: walked from the rows, or asked.

A J48 committee of 10 (1 pair per instance, trained on 20,000 synthetic
rows, as the scale bench's) ranks synthetic rows of which a share has one
value missing (a column drawn at random a row). Rows with a missing value
where a tree splits are walked fractionally by WEKA; the exact tournament
(``TreeTournament``) either counts their pairs from the rows with J48's
arithmetic (``FractionalPairs``: now) or asks the members each of their
pairs one by one (before). Side by side in one run, in turns, at a size
where asking finishes; the degrees of the two are compared there. Then the
key, 200,000 rows with 1 % missing, the new path alone (asking would take
some 1,000 s). Wall and process CPU seconds (the JVM runs in this process:
its threads, compiler and collector included), with the load average
around each run, since the machine may be shared.

Run: ``weka-ranking bench --sections tournament-missing`` (``--no-large``
leaves the key out).
"""

from __future__ import annotations

import os
import time

import numpy as np

from weka_ranking.data import synthetic
from weka_ranking.model import RankingReduction
from weka_ranking_studies import java

TRAIN_N = 20_000
VOTERS = 10


def with_missing(n: int, share: float, seed: int = 3) -> np.ndarray:
    """Synthetic rows with one value missing in a share of them, a column each."""
    X = np.array(synthetic(n, seed=seed).X, dtype=np.float64)
    rng = np.random.default_rng(seed)
    rows = rng.choice(n, int(round(share * n)), replace=False)
    X[rows, rng.integers(0, X.shape[1], len(rows))] = np.nan
    return X


def _run(reduction, rows: np.ndarray, walk: bool, threads: int) -> dict:
    """One tournament, its wall and process CPU and the load around it."""
    java.collect_garbage()
    load = os.getloadavg()[0]
    cpu = time.process_time()
    wall = time.perf_counter()
    out = java.bench_missing_tournament(reduction, rows, threads, walk)
    out["seconds"] = time.perf_counter() - wall
    out["process_cpu_seconds"] = time.process_time() - cpu
    out["load_average"] = [load, os.getloadavg()[0]]
    return out


def measure(
    side_by_side_n: int = 20_000,
    side_by_side_share: float = 0.01,
    key_n: int | None = 200_000,
    key_share: float = 0.01,
    train_n: int = TRAIN_N,
    repeats: int = 2,
    threads: int = 2,
    warm_ups: int = 1,
) -> dict:
    """Both paths side by side on ``side_by_side_n`` rows, then the key alone.

    After ``warm_ups`` untimed runs of each (the JIT compiles the walk's loops:
    a cold first run took three times a warm one's), ``repeats`` in turns.
    """
    started = time.perf_counter()
    model = RankingReduction(
        "J48",
        pairs_per_instance=1,
        voters=VOTERS,
        pair_features="concat",
        threads=threads,
    ).fit(synthetic(train_n, seed=2))
    train_seconds = time.perf_counter() - started
    reduction = model.weka_model_
    rows = with_missing(side_by_side_n, side_by_side_share)
    for _ in range(warm_ups):
        for walk in (True, False):
            java.bench_missing_tournament(reduction, rows, threads, walk)
    runs: dict[str, list[dict]] = {"walked": [], "asked": []}
    for _ in range(repeats):  # in turns, so that a change of load hits both
        for name, walk in (("walked", True), ("asked", False)):
            runs[name].append(_run(reduction, rows, walk, threads))
    same = all(
        np.array_equal(w["scores"], a["scores"])
        for w, a in zip(runs["walked"], runs["asked"], strict=True)
    )

    def summary(run: dict) -> dict:
        return {k: v for k, v in run.items() if k != "scores"}

    def median(name: str, key: str) -> float:
        return float(np.median([run[key] for run in runs[name]]))

    out = {
        "train_n": train_n,
        "voters": VOTERS,
        "threads": threads,
        "train_seconds": train_seconds,
        "side_by_side": {
            "n": side_by_side_n,
            "share_missing": side_by_side_share,
            "runs": {name: [summary(r) for r in rs] for name, rs in runs.items()},
            "walked_seconds": median("walked", "seconds"),
            "asked_seconds": median("asked", "seconds"),
            "walked_cpu_seconds": median("walked", "process_cpu_seconds"),
            "asked_cpu_seconds": median("asked", "process_cpu_seconds"),
            "same_degrees": same,
        },
    }
    side = out["side_by_side"]
    side["speedup"] = side["asked_seconds"] / side["walked_seconds"]
    side["cpu_speedup"] = side["asked_cpu_seconds"] / side["walked_cpu_seconds"]
    if key_n:
        key = _run(reduction, with_missing(key_n, key_share), True, threads)
        out["key"] = {"n": key_n, "share_missing": key_share, **summary(key)}
        out["tournament_j48x10_200k_1pct_missing_seconds"] = key["seconds"]
    return out
