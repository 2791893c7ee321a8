"""Benchmarks: rates and ratios measured side by side in one run.

Each section measures the package beside a reference doing the same work:
the Java kernels' plain loop over data already on the JVM (the limit of the
bridge), the rankers' growth with n, p and voters (``scale``), and the rankers people
would pick instead (XGBoost's and LightGBM's pairwise/lambdarank rankers)
on the same WEKA folds. Numbers on a shared machine vary; ratios measured in
one run are what to compare.
"""

from __future__ import annotations

import logging
import math
import os
import subprocess
import time
from collections.abc import Callable

import numpy as np

from weka_ranking import bridge, environment, jvm
from weka_ranking.environment import software_versions
from weka_ranking.evaluation import cross_validate
from weka_ranking.learners import NAMED_LEARNERS
from weka_ranking.model import RankingReduction
from weka_ranking.peers import LightGBMRanker, XGBoostRanker
from weka_ranking.studies.bench import scale
from weka_ranking.tasks import BENCH_TASKS, STUDY_TASKS, TASKS, load_task
from weka_ranking.tuning import GridSearch

logger = logging.getLogger(__name__)

SECTIONS = ("bridge", "memory", "scale", "training", "competitors")


def _side_by_side(repeats: int, *runs: Callable[[], float]) -> list[float]:
    """Best time of each run, taken in turns so that load falls on all alike.

    After three warm-ups each (the JIT compiles the loops), each from a
    collected heap so that no run pays for another's garbage.
    """
    for _ in range(3):
        for run in runs:
            run()
    best = [math.inf] * len(runs)
    for _ in range(repeats):
        for i, run in enumerate(runs):
            bridge.collect_garbage()
            best[i] = min(best[i], run())
    return best


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def bridge_rates(n: int = 1000, repeats: int = 5) -> dict:
    """Pair scoring in a tournament of n rows (n(n-1) pairs), three ways.

    Through the Python API (``RankingReduction.ranking``); the meta-classifier's
    own ``rank`` called from Java, so that the ratio is what the bridge costs;
    and the tournament written as a plain Java loop that builds a
    DenseInstance per pair, the way one would without pair views.
    """
    data = load_task("spambase")
    model = RankingReduction("J48", pairs_per_instance=1).fit(data)
    test = data.subset(np.random.default_rng(1).choice(len(data), n, replace=False))
    reduction = model.weka_model_
    instances = bridge.instances_like(test, reduction)
    api, in_java, plain = _side_by_side(
        repeats,
        lambda: _timed(lambda: model.ranking(test)),
        lambda: bridge.bench_rank_seconds(reduction, instances),
        lambda: bridge.bench_plain_tournament_seconds(reduction, instances),
    )
    threads = os.cpu_count() or 1
    model.set_params(threads=threads)
    (threaded,) = _side_by_side(repeats, lambda: _timed(lambda: model.ranking(test)))
    pairs = n * (n - 1)
    return {
        "scoring_pairs": pairs,
        "scoring_data": f"{n} spambase rows (57 attributes), J48 committee of 1",
        "pair_scoring_rate": pairs / api,
        "pair_scoring_rate_rank_in_java": pairs / in_java,
        "pair_scoring_rate_java": pairs / plain,
        "pair_scoring_ratio_to_rank_in_java": in_java / api,
        "pair_scoring_ratio_to_java": plain / api,
        "pair_scoring_rate_threads": pairs / threaded,
        "threads": threads,
    }


def peak_heap(
    path, options: list[str], heap: str, dense: bool = False, timeout: float = 900
) -> dict:
    """Peak JVM heap and time of training the meta-classifier, in a JVM of its own.

    ``wekaranking.Bench`` runs it there, so that nothing else shares its heap.
    """
    command = [
        "java",
        f"-Xmx{heap}",
        "-cp",
        os.pathsep.join(jvm.classpath()),
        "wekaranking.Bench",
        *(["dense"] if dense else []),
        str(path),
        *options,
    ]
    try:
        result = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return {"heap": heap, "error": [f"not done in {timeout} s"]}
    if result.returncode != 0:
        return {"heap": heap, "error": result.stderr.strip().splitlines()[-1:]}
    peak_mb, seconds, pairs, live_mb = result.stdout.split()[-4:]
    return {
        "heap": heap,
        "peak_heap_mb": int(peak_mb),
        "peak_live_mb": int(live_mb),
        "seconds": float(seconds),
        "pairs": int(pairs),
    }


def memory() -> dict:
    """J48 on kr-vs-kp's full pair set (5.1 million pairs), in four heaps.

    Pair views in heaps of 4 and 3 GB beside dense pair copies, as before the
    views, in 4 and 16 GB. The peak heap is the most in use in the 4 GB run
    (at most the heap, by definition); the peak live data, what was left after
    collections.
    """
    task = BENCH_TASKS["kr-vs-kp"]
    options = ["-P", "all", "-I", "1", "-rank-first", task.positive]
    runs = {
        "views": peak_heap(task.path, options, "4g"),
        "views_3g": peak_heap(task.path, options, "3g"),
        "dense_4g": peak_heap(task.path, options, "4g", dense=True),
        "dense": peak_heap(task.path, options, "16g", dense=True),
    }
    return {
        "peak_heap_mb_kr_vs_kp_j48": runs["views"].get("peak_heap_mb"),
        "peak_live_mb_kr_vs_kp_j48": runs["views"].get("peak_live_mb"),
        "peak_live_mb_kr_vs_kp_j48_dense": runs["dense"].get("peak_live_mb"),
        "memory": runs,
    }


# SMO's optimiser grows about quadratically with its training set: on more
# pairs than this a fit takes minutes (the reproduction measures those cells).
SMO_MAX_PAIRS = 20_000


def training_times(include_large: bool = True) -> dict:
    """Training on every full pair set (the `original` configuration), whole data."""
    rows, left_out = [], []
    tasks = [(name, load_task(name)) for name in STUDY_TASKS]
    if include_large:
        tasks.append(("kr-vs-kp", load_task("kr-vs-kp")))
    for name, data in tasks:
        positives = int(data.y.sum())
        # AUC-Train's full pair set: P x N in both orders.
        pairs = 2 * positives * (len(data) - positives)
        for learner in NAMED_LEARNERS:
            if name == "kr-vs-kp" and learner != "J48":
                continue
            if learner == "SMO" and pairs > SMO_MAX_PAIRS:
                left_out.append(f"SMO {name} ({pairs:,} pairs, over {SMO_MAX_PAIRS:,})")
                continue
            model = RankingReduction(learner)
            seconds = _timed(lambda: model.fit(data))
            rows.append(
                {
                    "task": name,
                    "learner": learner,
                    "pairs": model.n_pairs_[0],
                    "seconds": seconds,
                }
            )
    return {"rows": rows, "left_out": sorted(left_out)}


# The peers as a user would set them: XGBoost's and LightGBM's classifiers
# (binary objective) and rankers (XGBoost rank:pairwise with 10 pairs per
# instance, the reduction's idea; LightGBM lambdarank with its truncation at
# the query's size, the whole training fold), each tuned modestly: the grid
# and the rounds (up to 300, every 10) chosen by AUC on an inner validation
# split (20%, stratified) of the training fold, then refitted on all of it.
XGBOOST_GRID = {"max_depth": [3, 6], "min_child_weight": [1, 5], "learning_rate": [0.1]}
LIGHTGBM_GRID = {
    "num_leaves": [15, 31],
    "min_data_in_leaf": [5, 20],
    "learning_rate": [0.1],
}
PEERS = {
    "xgboost classifier": lambda: GridSearch(
        XGBoostRanker("binary:logistic", rounds=300), XGBOOST_GRID
    ),
    "xgboost rank:pairwise": lambda: GridSearch(
        XGBoostRanker("rank:pairwise", rounds=300, pairs=10), XGBOOST_GRID
    ),
    "lightgbm classifier": lambda: GridSearch(
        LightGBMRanker("binary", rounds=300), LIGHTGBM_GRID
    ),
    "lightgbm lambdarank": lambda: GridSearch(
        LightGBMRanker("lambdarank", rounds=300, truncation_level="query"),
        LIGHTGBM_GRID,
    ),
    # The reduction, its learner and ranker chosen the same way.
    "reduction, chosen on validation": lambda: GridSearch(
        RankingReduction(pairs_per_instance=1, voters=10),
        {"base": ["J48", "Logistic"], "ranker": ["quicksort", "tournament"]},
    ),
}


def competitors(tasks: tuple[str, ...] | None = None) -> dict:
    """The peers beside the reduction, through the same evaluation loop.

    On the same WEKA folds (10, seed 1).
    """
    rows = []
    for name in tasks or tuple(TASKS):
        data = load_task(name)
        for label, make in PEERS.items():
            result = cross_validate(make(), data)
            rows.append(
                {
                    "task": name,
                    "ranker": label,
                    "scheme": result.scheme,
                    "chosen": [f.scheme.split(" grid: ")[0] for f in result.folds],
                    "mean_auc": result.mean_auc,
                    "seconds": result.seconds,
                }
            )
    return {"rows": rows}


def machine() -> str:
    """The machine, the software and the JVM heap of this run, in one line."""
    versions = software_versions()
    return (
        f"{environment.machine()}, Python {versions['python']}, Java "
        f"{versions['java']}, WEKA {versions['weka']}, JVM heap "
        f"{bridge.free_heap()[1] >> 20} MB"
    )


def run(
    sections: tuple[str, ...] = SECTIONS,
    include_large: bool = True,
    progress: Callable[[str], None] | None = None,
) -> dict:
    """Every section asked for, measured now, in this process."""
    sections = sections or SECTIONS
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        raise ValueError(
            f"sections={','.join(unknown)}: unknown; choose from {', '.join(SECTIONS)}"
        )
    jvm.start()
    results: dict = {"machine": machine()}
    steps = {
        "bridge": lambda: results.update(bridge_rates()),
        "memory": lambda: results.update(memory()),
        "scale": lambda: results.update(
            # Without the largest: all pairs of 50,000 rows, over a billion.
            scale.measure(
                all_pairs_rows=scale.ALL_PAIRS_ROWS[: None if include_large else -1]
            )
        ),
        "training": lambda: results.update(training=training_times(include_large)),
        "competitors": lambda: results.update(competitors=competitors()),
    }
    for section in sections:
        if progress:
            progress(section)
        steps[section]()
    return results
