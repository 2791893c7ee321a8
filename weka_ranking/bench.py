"""Benchmarks: rates and ratios measured side by side in one run.

Each section measures the package beside a reference doing the same work:
the Java kernels' plain loop over data already on the JVM (the limit of the
bridge), tournament beside QuickSort as n grows, and the rankers people
would pick instead (XGBoost's and LightGBM's pairwise/lambdarank rankers)
on the same WEKA folds. Numbers on a shared machine vary; ratios measured in
one run are what to compare.
"""

from __future__ import annotations

import logging
import math
import os
import platform
import statistics
import subprocess
import time
from collections.abc import Callable

import numpy as np

from weka_ranking import bridge, jvm, load_task
from weka_ranking.data import Dataset
from weka_ranking.evaluation import cross_validate
from weka_ranking.folds import weka_folds
from weka_ranking.learners import NAMED_LEARNERS
from weka_ranking.metrics import auc
from weka_ranking.model import RankingReduction

logger = logging.getLogger(__name__)

SECTIONS = ("bridge", "memory", "rankers", "training", "competitors")
EXTRA_TASKS = {
    "spambase": ("spambase.arff", "1"),
    "kr-vs-kp": ("kr.vs.kp.arff", "nowin"),
    "sick": ("sick.arff", "sick"),
}


def extra_task(name: str) -> Dataset:
    from weka_ranking._resources import project_dir
    from weka_ranking.data import load_arff

    file, positive = EXTRA_TASKS[name]
    return load_arff(project_dir("arff_data") / file, positive=positive)


def _side_by_side(repeats: int, *runs: Callable[[], float]) -> list[float]:
    """Best time of each run, after three warm-ups each (the JIT compiles the
    loops), taken in turns so that the machine's load falls on all of them
    alike, each from a collected heap so that no run pays for another's
    garbage."""
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
    data = extra_task("spambase")
    model = RankingReduction("J48", pairs_per_instance=1).fit(data)
    test = data.subset(np.random.default_rng(1).choice(len(data), n, replace=False))
    instances = bridge.to_instances(
        test, bridge.empty_header(model.weka_model_.getTrainingHeader())
    )
    Bench = bridge.bench_class()
    reduction = model.weka_model_
    members = reduction.getMembers()
    pair_header = reduction.getPairHeader()
    api, in_java, plain = _side_by_side(
        repeats,
        lambda: _timed(lambda: model.ranking(test)),
        lambda: Bench.rankNanos(reduction, instances) / 1e9,
        lambda: Bench.plainTournamentNanos(members, pair_header, instances) / 1e9,
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
    """Peak JVM heap and time of training the meta-classifier, in a JVM of its
    own (``wekaranking.Bench``), so that nothing else shares its heap."""
    command = [
        "java",
        f"-Xmx{heap}",
        "-cp",
        os.pathsep.join([*jvm.weka_classpath(), str(jvm.compiled_classes())]),
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
    """J48 on kr-vs-kp's full pair set (5.1 million pairs): pair views in heaps
    of 4 and 3 GB beside dense pair copies, as before the views, in 4 and 16 GB.
    The peak heap is the most in use in the 4 GB run (at most the heap, by
    definition); the peak live data, what was left after collections."""
    from weka_ranking._resources import project_dir

    path = project_dir("arff_data") / EXTRA_TASKS["kr-vs-kp"][0]
    options = ["-P", "all", "-I", "1", "-rank-first", EXTRA_TASKS["kr-vs-kp"][1]]
    runs = {
        "views": peak_heap(path, options, "4g"),
        "views_3g": peak_heap(path, options, "3g"),
        "dense_4g": peak_heap(path, options, "4g", dense=True),
        "dense": peak_heap(path, options, "16g", dense=True),
    }
    return {
        "peak_heap_mb_kr_vs_kp_j48": runs["views"].get("peak_heap_mb"),
        "peak_live_mb_kr_vs_kp_j48": runs["views"].get("peak_live_mb"),
        "peak_live_mb_kr_vs_kp_j48_dense": runs["dense"].get("peak_live_mb"),
        "memory": runs,
    }


def _replicated(data: Dataset, n: int, seed: int) -> Dataset:
    rows = np.random.default_rng(seed).integers(0, len(data), n)
    return data.subset(rows)


def ranker_growth(
    sizes=(1_000, 10_000, 100_000), tournament_up_to: int = 10_000
) -> dict:
    """Wall time and comparator calls of tournament and QuickSort as n grows."""
    data = extra_task("spambase")
    model = RankingReduction("J48", pairs_per_instance=1, voters=1).fit(data)
    rows = []
    for n in sizes:
        test = _replicated(data, n, n)
        for ranker in ("tournament", "quicksort"):
            if ranker == "tournament" and n > tournament_up_to:
                continue
            model.set_params(ranker=ranker)
            started = time.perf_counter()
            ranking = model.ranking(test)
            seconds = time.perf_counter() - started
            rows.append(
                {
                    "n": n,
                    "ranker": ranker,
                    "seconds": seconds,
                    "comparisons": ranking.comparisons,
                    "comparisons_per_2nlnn": ranking.comparisons
                    / (2 * n * math.log(n)),
                    "auc": auc(test.y, ranking.scores),
                }
            )
    quick = {r["n"]: r["seconds"] for r in rows if r["ranker"] == "quicksort"}
    return {
        "data": "spambase rows drawn with replacement",
        "learner": "J48, 1 pair, 1 voter",
        "rows": rows,
        "quicksort_100k_seconds": quick.get(100_000),
    }


def training_times(include_large: bool = True) -> dict:
    """Training on every full pair set (the `original` configuration), whole data."""
    from weka_ranking.data import STUDY_TASKS
    from weka_ranking.experiments.plan import SLOW_CELLS

    rows = []
    tasks = [(name, load_task(name)) for name in STUDY_TASKS]
    if include_large:
        tasks.append(("kr-vs-kp", extra_task("kr-vs-kp")))
    for name, data in tasks:
        for learner in NAMED_LEARNERS:
            if (learner, name, "original") in SLOW_CELLS or (
                name == "kr-vs-kp" and learner != "J48"
            ):
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
    left_out = sorted(f"{learner} {task}" for learner, task, _ in SLOW_CELLS)
    return {"rows": rows, "left_out": left_out}


def _ranker_scores(kind: str, train: Dataset, test: Dataset, seed: int, pairs: int):
    group = [len(train)]
    if kind == "xgboost":
        import xgboost

        matrix = xgboost.DMatrix(train.X, label=train.y, missing=np.nan)
        matrix.set_group(group)
        params = {
            "objective": "rank:pairwise",
            "lambdarank_num_pair_per_sample": pairs,
            "lambdarank_pair_method": "mean",
            "seed": seed,
            "nthread": 1,
            "verbosity": 0,
        }
        booster = xgboost.train(params, matrix, num_boost_round=100)
        return booster.predict(xgboost.DMatrix(test.X, missing=np.nan))
    import lightgbm

    dataset = lightgbm.Dataset(
        train.X,
        label=train.y,
        group=group,
        categorical_feature=[i for i, a in enumerate(train.attributes) if a.is_nominal]
        or "auto",
    )
    params = {
        "objective": "lambdarank",
        "seed": seed,
        "num_threads": 1,
        "verbosity": -1,
        "min_data_in_leaf": 5,
    }
    booster = lightgbm.train(params, dataset, num_boost_round=100)
    return booster.predict(test.X)


def competitors(tasks: tuple[str, ...] | None = None) -> dict:
    """XGBoost rank:pairwise and LightGBM lambdarank beside the reduction."""
    from weka_ranking.data import STUDY_TASKS

    names = tasks or (*STUDY_TASKS, *EXTRA_TASKS)
    rows = []
    for name in names:
        data = load_task(name) if name in STUDY_TASKS else extra_task(name)
        folds = list(weka_folds(data.y, 10, 1))
        for kind in ("xgboost", "lightgbm"):
            aucs = []
            started = time.perf_counter()
            for train, test in folds:
                scores = _ranker_scores(
                    kind, data.subset(train), data.subset(test), 1, 10
                )
                aucs.append(auc(data.y[test], scores))
            rows.append(
                {
                    "task": name,
                    "ranker": kind,
                    "mean_auc": statistics.fmean(aucs),
                    "seconds": time.perf_counter() - started,
                }
            )
        for learner in ("J48", "Logistic"):
            model = RankingReduction(
                learner, pairs_per_instance=1, voters=10, ranker="quicksort"
            )
            result = cross_validate(model, data)
            rows.append(
                {
                    "task": name,
                    "ranker": f"reduction {learner} star quicksort",
                    "mean_auc": result.mean_auc,
                    "seconds": result.seconds,
                }
            )
    return {"rows": rows}


def machine() -> str:
    return (
        f"{platform.machine()}, {os.cpu_count()} cores, "
        f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') >> 30} GiB, "
        f"Python {platform.python_version()}, Java {bridge.java_version()}, "
        f"WEKA {bridge.weka_version()}, JVM heap {bridge.free_heap()[1] >> 20} MB"
    )


def run(
    sections: tuple[str, ...] = SECTIONS,
    include_large: bool = True,
    progress: Callable[[str], None] | None = None,
) -> dict:
    """Every section asked for, measured now, in this process."""
    jvm.start()
    results: dict = {"machine": machine()}
    steps = {
        "bridge": lambda: results.update(bridge_rates()),
        "memory": lambda: results.update(memory()),
        "rankers": lambda: results.update(ranker_growth()),
        "training": lambda: results.update(training=training_times(include_large)),
        "competitors": lambda: results.update(competitors=competitors()),
    }
    for section in sections:
        if progress:
            progress(section)
        steps[section]()
    return results


def _table(rows: list[dict], columns: list[tuple[str, str, str]]) -> list[str]:
    lines = [
        "| " + " | ".join(title for title, _, _ in columns) + " |",
        "|---" * len(columns) + "|",
    ]
    for row in rows:
        cells = []
        for _, key, fmt in columns:
            value = row.get(key)
            cells.append("-" if value is None else format(value, fmt))
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def to_markdown(results: dict, command: str) -> str:
    """The benchmark results as the page docs/benchmarks.md."""
    lines = [
        "# Benchmarks",
        "",
        f"Measured by `{command}` in one run on: {results['machine']}.",
        "",
        "Rates are best-of-repeats, taken in turns with the reference so that the "
        "machine's load falls on both alike; compare the ratios, not the absolute "
        "numbers, across runs.",
        "",
    ]
    if "pair_scoring_ratio_to_java" in results:
        r = results
        lines += [
            "## Pair scoring: the Python API against Java",
            "",
            f"A tournament of {r['scoring_data']}: {r['scoring_pairs']:,} pairs. The "
            "meta-classifier's "
            "own `rank` called from Java shows what crossing the bridge costs; the "
            "plain Java loop (a DenseInstance per pair) is the tournament as one "
            "would write it without pair views.",
            "",
            "| path | pairs/s | ratio of the API to it |",
            "|---|---|---|",
            f"| Python API, `ranking` | {r['pair_scoring_rate']:,.0f} | |",
            f"| `rank` called from Java | {r['pair_scoring_rate_rank_in_java']:,.0f} | "
            f"{r['pair_scoring_ratio_to_rank_in_java']:.2f} |",
            f"| plain Java loop | {r['pair_scoring_rate_java']:,.0f} | "
            f"{r['pair_scoring_ratio_to_java']:.2f} |",
            f"| Python API, {r['threads']} JVM threads | "
            f"{r['pair_scoring_rate_threads']:,.0f} | |",
            "",
        ]
    if "memory" in results:
        runs = results["memory"]
        lines += [
            "## Memory: J48 on kr-vs-kp's full pair set",
            "",
            "Training the meta-classifier (`-P all -I 1`, J48) on all "
            f"{runs['views'].get('pairs', 0):,} pairs of kr-vs-kp, each run in a JVM "
            "of its own. Peak heap: the most in use, sampled every 20 ms (never more "
            "than -Xmx); peak live: the most left after a garbage collection, what "
            "the training really holds.",
            "",
            "| pair instances | -Xmx | peak heap (MB) | peak live (MB) | seconds |",
            "|---|---|---|---|---|",
        ]
        for key, label in (
            ("views", "views of the base rows"),
            ("views_3g", "views of the base rows"),
            ("dense_4g", "dense copies (before)"),
            ("dense", "dense copies (before)"),
        ):
            run = runs[key]
            if "error" in run:
                lines.append(
                    f"| {label} | {run['heap']} | fails: {' '.join(run['error'])} | | |"
                )
            else:
                lines.append(
                    f"| {label} | {run['heap']} | {run['peak_heap_mb']:,} | "
                    f"{run['peak_live_mb']:,} | {run['seconds']:.1f} |"
                )
        lines.append("")
    if "rows" in results:
        lines += [
            "## Tournament and QuickSort as n grows",
            "",
            f"{results['learner']} trained on spambase, ranking {results['data']}. "
            "Tournament asks n(n-1) comparisons; QuickSort about 2 n ln n, one batch "
            "per recursion level.",
            "",
        ]
        lines += _table(
            results["rows"],
            [
                ("n", "n", ","),
                ("ranker", "ranker", ""),
                ("seconds", "seconds", ".2f"),
                ("comparisons", "comparisons", ","),
                ("/ (2 n ln n)", "comparisons_per_2nlnn", ".2f"),
                ("AUC", "auc", ".4f"),
            ],
        )
        lines.append("")
    if "training" in results:
        lines += ["## Training on the full pair set (`original`), whole data set", ""]
        lines += _table(
            results["training"]["rows"],
            [
                ("task", "task", ""),
                ("learner", "learner", ""),
                ("pairs", "pairs", ","),
                ("seconds", "seconds", ".1f"),
            ],
        )
        lines += [
            "",
            "Left out for their cost (hours for SMO on these pair sets): "
            + ", ".join(results["training"]["left_out"])
            + ".",
            "",
        ]
    if "competitors" in results:
        lines += [
            "## The rankers people would pick instead, on the same folds",
            "",
            "WEKA's 10 folds (seed 1). XGBoost `rank:pairwise` with "
            "`lambdarank_num_pair_per_sample` 10 (the same idea as pairs per "
            "instance) and LightGBM `lambdarank`, 100 rounds, one thread, through "
            "their native training APIs (the models XGBRanker and LGBMRanker wrap), "
            "the training fold as one query; beside the reduction with 1 pair per "
            "instance, 10 voters, QuickSort. Mean AUC over the folds, wall seconds "
            "for all 10 folds.",
            "",
        ]
        lines += _table(
            results["competitors"]["rows"],
            [
                ("task", "task", ""),
                ("ranker", "ranker", ""),
                ("mean AUC", "mean_auc", ".4f"),
                ("seconds", "seconds", ".1f"),
            ],
        )
        lines.append("")
    return "\n".join(lines)
