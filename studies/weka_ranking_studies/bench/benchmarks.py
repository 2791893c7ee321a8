"""Benchmarks: rates and ratios measured side by side in one run.

Each section measures the package beside a reference doing the same work:
the Java kernels' plain loop over data already on the JVM (the limit of the
bridge), the rankers' growth with n, p and voters (``scale``), and the rankers people
would pick instead (XGBoost's and LightGBM's pairwise/lambdarank rankers)
on the same WEKA folds. Numbers on a shared machine vary; ratios measured in
one run are what to compare.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from collections.abc import Callable

import numpy as np

from weka_ranking import bridge, environment, jvm
from weka_ranking.data import Dataset
from weka_ranking.environment import software_versions
from weka_ranking.errors import WekaRankingError
from weka_ranking.evaluation import cross_validate
from weka_ranking.experiments.registration import utc_now
from weka_ranking.folds import weka_folds
from weka_ranking.learners import NAMED_LEARNERS
from weka_ranking.metrics import auc
from weka_ranking.model import RankingReduction
from weka_ranking.params import SMO_SOLVERS
from weka_ranking.peers import LightGBMRanker, XGBoostRanker
from weka_ranking.tasks import BENCH_TASKS, STUDY_TASKS, TASKS, load_task
from weka_ranking.tuning import GridSearch
from weka_ranking_studies import java
from weka_ranking_studies.bench import (
    default_speed,
    estimate,
    row_learners,
    scale,
    serving,
    tournament_missing,
    workers,
)
from weka_ranking_studies.bench.timing import side_by_side, timed

logger = logging.getLogger(__name__)

SECTIONS = (
    "bridge",
    "memory",
    "scale",
    "training",
    "competitors",
    "workers",
    "reproduction",
    "estimate",
    "serving",
    "default",
    "row-learners",
    "tournament-missing",
)


def bridge_rates(n: int = 1000, repeats: int = 5) -> dict:
    """Pair scoring in a tournament of n rows (n(n-1) pairs), three ways.

    Through the Python API (``RankingReduction.ranking``); the meta-classifier's
    own ``rank`` called from Java, so that the ratio is what the bridge costs;
    and the tournament written as a plain Java loop that builds a
    DenseInstance per pair, the way one would without pair views.
    """
    data = load_task("spambase")
    model = RankingReduction(
        "J48", pairs_per_instance=1, voters=1, pair_features="concat"
    ).fit(data)
    test = data.subset(np.random.default_rng(1).choice(len(data), n, replace=False))
    reduction = model.weka_model_
    instances = bridge.instances_like(test, reduction)
    api, in_java, plain = side_by_side(
        repeats,
        lambda: timed(lambda: model.ranking(test)),
        lambda: java.bench_rank_seconds(reduction, instances),
        lambda: java.bench_plain_tournament_seconds(reduction, instances),
    )
    threads = os.cpu_count() or 1
    model.set_params(threads=threads)
    (threaded,) = side_by_side(repeats, lambda: timed(lambda: model.ranking(test)))
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
    path,
    options: list[str],
    heap: str,
    dense: bool = False,
    timeout: float = 900,
    jvm_options: tuple[str, ...] = jvm.JVM_OPTIONS,
) -> dict:
    """Peak JVM heap and time of training the meta-classifier, in a JVM of its own.

    ``Bench`` (the studies' Java) runs it there, so that nothing else shares its heap,
    with the options the package starts its JVM with (its collector) unless
    told others. Heap sizes are above what was in use before training; the
    estimate is the meta-classifier's own (``trainingFootprint``).
    """
    command = [
        *jvm.java_argv(java.classpath(), f"-Xmx{heap}", *jvm_options),
        java.BENCH,
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
    measured = dict(
        item.split("=") for item in result.stdout.strip().splitlines()[-1].split()
    )
    return {
        "heap": heap,
        "peak_heap_mb": int(measured["peak_heap_bytes"]) >> 20,
        "peak_live_mb": int(measured["peak_live_bytes"]) >> 20,
        "before_mb": int(measured["before_bytes"]) / (1 << 20),
        "estimate_mb": int(measured["estimate_bytes"]) / (1 << 20),
        "seconds": float(measured["seconds"]),
        "cpu_seconds": float(measured["cpu_seconds"]),
        "pairs": int(measured["pairs"]),
    }


def smallest_heap(
    path,
    options: list[str],
    start_mb: int,
    jvm_options: tuple[str, ...] = jvm.JVM_OPTIONS,
    tolerance: float = 0.05,
    timeout: float = 900,
) -> dict:
    """The smallest -Xmx, in MB and to within ``tolerance``, that trains it.

    What the heap check must foresee: the peak of what training holds live,
    the collector's headroom included. Doubling or halving from ``start_mb``
    until one run trains and one runs out (or takes over ``timeout`` seconds:
    near its limit a collector can spend minutes freeing little), then
    bisecting; the result is the run at the smallest heap that trained, with
    ``needed_mb``, that heap less what was in use before training, and the
    runs it took.
    """
    trained, failed, heap_mb, runs = None, None, max(start_mb, 16), 0
    while True:
        run = peak_heap(
            path, options, f"{heap_mb}m", timeout=timeout, jvm_options=jvm_options
        )
        runs += 1
        if "error" in run:
            failed = heap_mb
        else:
            trained, run_at = heap_mb, run
        if trained is None:
            if heap_mb >= 1 << 16:
                raise RuntimeError(f"{path} {options} did not train in 64 GB: {run}")
            heap_mb *= 2
        elif failed is None:
            heap_mb //= 2
            if heap_mb < 16:
                break
        elif trained - failed <= max(1, tolerance * failed):
            break
        else:
            heap_mb = (trained + failed) // 2
    return {
        **run_at,
        "smallest_heap_mb": trained,
        "needed_mb": trained - run_at["before_mb"],
        "runs": runs,
    }


# Training one member on the pair instances (the general path), per learner: a
# nominal task and a numeric one, which the estimate's constants were fitted
# to, and sick (mixed, with missing values), held out; pairs per instance
# chosen so that a run takes seconds (SMO's and Logistic's optimisers grow
# faster than the pairs).
LEARNER_RUNS = (
    ("J48", "kr-vs-kp", 50),
    ("J48", "kr-vs-kp", 150),
    ("J48", "spambase", 4),
    ("J48", "spambase", 10),
    ("NaiveBayes", "kr-vs-kp", 150),
    ("NaiveBayes", "spambase", 30),
    ("Logistic", "kr-vs-kp", 5),
    ("Logistic", "kr-vs-kp", 15),
    ("Logistic", "spambase", 5),
    ("SMO", "kr-vs-kp", 2),
    ("SMO", "kr-vs-kp", 5),
    ("SMO", "spambase", 2),
    ("J48", "sick", 20),
    ("NaiveBayes", "sick", 50),
    ("Logistic", "sick", 5),
    ("SMO", "sick", 2),
)


def _one_member(learner: str, name: str, p: int) -> tuple:
    """A bench task and the options that train one member of the learner on it."""
    task = BENCH_TASKS[name]
    options = ["-P", str(p), "-I", "1", "-pair-features", "concat", "-num-slots", "1"]
    options.append("-rank-first")
    return task, options + [task.positive, "-W", NAMED_LEARNERS[learner]]


def learner_footprints(runs=LEARNER_RUNS) -> list[dict]:
    """The heap estimate beside the heap each learner needed, one member.

    ``needed_mb``: the smallest heap that trained it in at most four times
    its time in a 4 GB heap (and 30 s), less what was in use before;
    ``ratio``: the estimate over that (the check must not let an
    out-of-memory through: at least 1 is safe, within 1.5 is the goal).
    """
    rows = []
    for learner, name, p in runs:
        task, options = _one_member(learner, name, p)
        probe = peak_heap(task.path, options, "4g")
        if "error" in probe:
            rows.append({"learner": learner, "task": name, "p": p, **probe})
            continue
        start = int(probe["before_mb"] + max(probe["estimate_mb"], 8))
        found = smallest_heap(
            task.path, options, start, timeout=4 * probe["seconds"] + 30
        )
        rows.append(
            {
                "learner": learner,
                "task": name,
                "p": p,
                "pairs": found["pairs"],
                "estimate_mb": found["estimate_mb"],
                "smallest_heap_mb": found["smallest_heap_mb"],
                "needed_mb": found["needed_mb"],
                "peak_live_mb": found["peak_live_mb"],
                "ratio": found["estimate_mb"] / found["needed_mb"],
            }
        )
    return rows


# The collectors compared for the package's JVM: the JVM's default and the
# throughput collector, on J48 (copies of the views at every tree level, short
# sorting arrays) and Logistic (dense copies, then an optimiser's small arrays).
COLLECTORS = ("-XX:+UseG1GC", "-XX:+UseParallelGC")
COLLECTOR_RUNS = (
    ("J48", "kr-vs-kp", 150),
    ("J48", "spambase", 10),
    ("Logistic", "spambase", 20),
)


def collectors(runs=COLLECTOR_RUNS, repeats: int = 3) -> list[dict]:
    """Training time and heap of one member under each collector, in turns.

    In a 1 GB heap, the median over ``repeats`` runs of the wall seconds, the
    CPU seconds of all the JVM's threads (the collector's among them: on a
    shared machine, the fairer measure) and the peak heap in use.
    """
    rows = []
    for learner, name, p in runs:
        task, options = _one_member(learner, name, p)
        measured: dict[str, list[dict]] = {gc: [] for gc in COLLECTORS}
        for _ in range(repeats):
            for gc in COLLECTORS:
                measured[gc].append(
                    peak_heap(task.path, options, "1g", jvm_options=(gc,))
                )
        for gc, runs_of_gc in measured.items():
            row = {"learner": learner, "task": name, "collector": gc}
            failed = [r for r in runs_of_gc if "error" in r]
            if failed:
                rows.append(row | {"error": failed[0]["error"]})
                continue
            row["pairs"] = runs_of_gc[0]["pairs"]
            for key in ("seconds", "cpu_seconds", "peak_heap_mb"):
                row[key] = float(np.median([r[key] for r in runs_of_gc]))
            rows.append(row)
    return rows


def memory() -> dict:
    """The heap estimate per learner, the collectors, J48 on kr-vs-kp's pairs.

    Per learner: :func:`learner_footprints`; the collectors: :func:`collectors`.
    Then J48 on all 5.1 million pairs
    of kr-vs-kp: pair views in heaps of 4 and 3 GB beside dense pair copies,
    as before the views, in 4 and 16 GB. The peak heap is the most in use in
    the 4 GB run (at most the heap, by definition); the peak live data, the
    most in use after a collection.
    """
    task = BENCH_TASKS["kr-vs-kp"]
    options = ["-P", "all", "-I", "1", "-pair-features", "concat"]
    options += ["-rank-first", task.positive]
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
        "heap_estimate": learner_footprints(),
        "collectors": collectors(),
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
            model = RankingReduction(
                learner, pairs_per_instance="all", voters=1, pair_features="concat"
            )
            seconds = timed(lambda: model.fit(data))
            rows.append(
                {
                    "task": name,
                    "learner": learner,
                    "pairs": model.n_pairs_[0],
                    "seconds": seconds,
                }
            )
    return {"rows": rows, "left_out": sorted(left_out)}


def smo_all_pairs_fold(data: Dataset | None = None, fold: int = 0) -> dict:
    """SMO on all pairs of one fold by each ``-smo-solver``, side by side in one run.

    WEKA's fold ``fold`` of ten (seed 1) of breast-cancer, unless ``data`` is
    given (then the headline keys are None): one member trained by WEKA's SMO
    on the pair instances (``pairs``), by WEKA's SMO with the row kernel and
    by the differences solver, each timed in Java (the member's seconds),
    then the test rows ranked; a solver's ranking is the same when every
    test score equals WEKA's path's.
    """
    headline = data is None
    data = data if data is not None else load_task("breast-cancer")
    for index, (train, test) in enumerate(weka_folds(data.y, 10, 1)):
        if index == fold:
            break
    load_before = os.getloadavg()[0]
    solvers: dict = {}
    for solver in SMO_SOLVERS:
        java.collect_garbage()
        model = RankingReduction(
            "SMO",
            pairs_per_instance="all",
            voters=1,
            pair_features="concat",
            smo_solver=solver,
        ).fit(data.subset(train))
        scores = np.asarray(model.ranking(data.subset(test)).scores)
        solvers[solver] = {
            "seconds": model.member_seconds_[0],
            "auc": auc(data.y[test], scores),
            "scores": scores.tolist(),
        }
    for result in solvers.values():
        result["same_ranking"] = result["scores"] == solvers["pairs"]["scores"]
    keys = {
        "smo_all_pairs_breast_cancer_fold_seconds": solvers["differences"]["seconds"],
        "smo_all_pairs_breast_cancer_fold_row_kernel_seconds": solvers["row-kernel"][
            "seconds"
        ],
        "smo_all_pairs_breast_cancer_fold_general_seconds": solvers["pairs"]["seconds"],
    }
    return {
        **{key: value if headline else None for key, value in keys.items()},
        "smo_all_pairs_fold": {
            "data": data.source,
            "fold": fold,
            "pairs": model.n_pairs_[0],
            "solvers": solvers,
            "load_average": [load_before, os.getloadavg()[0]],
        },
    }


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
        RankingReduction(pairs_per_instance=1, voters=10, pair_features="concat"),
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


def reproduction_estimate() -> dict:
    """The monograph's reproduction: its wall time on 2 workers, an estimate.

    Asked of its own command (``weka-ranking reproduce --estimate json``),
    which prices each unit from the recorded costs: a study does not import
    another, and the bench reads the study as a user would.
    """
    command = [sys.executable, "-m", "weka_ranking", "reproduce", "--estimate", "json"]
    answer = subprocess.run(command, capture_output=True, text=True, check=False)
    if answer.returncode:
        raise WekaRankingError(
            f"weka-ranking reproduce --estimate json: exit {answer.returncode}: "
            + answer.stderr.strip()
        )
    return json.loads(answer.stdout)


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
        "training": lambda: results.update(
            training=training_times(include_large), **smo_all_pairs_fold()
        ),
        "competitors": lambda: results.update(competitors=competitors()),
        "workers": lambda: results.update(workers.measure()),
        "reproduction": lambda: results.update(reproduction_estimate()),
        "estimate": lambda: results.update(estimate.measure()),
        "serving": lambda: results.update(serving=serving.measure()),
        "default": lambda: results.update(default_speed=default_speed.default_speed()),
        "row-learners": lambda: results.update(
            row_learners=row_learners.row_learners()
        ),
        # Without the key: the tournament of 200,000 rows.
        "tournament-missing": lambda: results.update(
            tournament_missing=tournament_missing.measure(
                key_n=200_000 if include_large else None
            )
        ),
    }
    # When each section ran, for the page to say which run made it: a page
    # may join sections of several runs (docs/benchmarks.md).
    measured = results.setdefault("measured", {})
    for section in sections:
        if progress:
            progress(section)
        started = utc_now()
        steps[section]()
        measured[section] = [started, utc_now()]
    return results
