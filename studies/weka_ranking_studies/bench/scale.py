"""How the reduction's cost grows with n, p and the committee's size.

n is the number of instances ranked, p the pairs per instance; measured on
synthetic instances that are all distinct (a user's million rows are; rows
drawn with replacement would let the comparator's ties do the work).
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable

import numpy as np

from weka_ranking import bridge
from weka_ranking.data import Dataset, synthetic
from weka_ranking.evaluation import cross_validate
from weka_ranking.folds import weka_folds
from weka_ranking.metrics import auc
from weka_ranking.model import RankingReduction
from weka_ranking.tasks import TASKS, bundled_file, diabetes_zeros_missing, load_task
from weka_ranking_studies import java

SIZES = (300, 1_000, 10_000, 100_000, 1_000_000)
PAIRS = (1, 2, 5, 10, 20)
VOTERS = (1, 2, 5, 10, 20)
LEARNERS = ("J48", "NaiveBayes", "Logistic", "SMO")
# Rows of the synthetic sets J48 is trained on with all pairs, from the rows.
ALL_PAIRS_ROWS = (10_000, 20_000, 50_000)
# The learners trained on all of kr-vs-kp's pairs both ways: key, classname.
ALL_PAIRS_LEARNERS = (
    ("j48", "weka.classifiers.trees.J48"),
    ("naive_bayes", "weka.classifiers.bayes.NaiveBayes"),
)
# NaiveBayes on all pairs from the rows, numeric attributes: the synthetic
# set's rows and features, and the tasks (study tasks with a numeric
# attribute, then bundled files) on which its two sum orders are compared.
NAIVE_BAYES = "weka.classifiers.bayes.NaiveBayes"
NAIVE_BAYES_ROWS = 20_000
NAIVE_BAYES_FEATURES = 16
SUM_ORDER_TASKS = ("glass", "vehicle", "yeast", "hepatitis", "diabetes", "ionosphere")


def _fitted(learner: str, train_n: int, **params) -> tuple[RankingReduction, float]:
    params = {"voters": 1, "pair_features": "concat", **params}
    model = RankingReduction(learner, pairs_per_instance=1, **params)
    started = time.perf_counter()
    model.fit(synthetic(train_n, seed=2))
    return model, time.perf_counter() - started


def _ranked(
    model: RankingReduction,
    test: Dataset,
    ranker: str,
    threads: int,
    exact: bool = True,
) -> dict:
    model.set_params(ranker=ranker, threads=threads)
    # Off: the brute force asks every pair even where an exact form applies.
    java.set_exact_forms(model.weka_model_, exact)
    started = time.perf_counter()
    ranking = model.ranking(test)
    seconds = time.perf_counter() - started
    n = len(test)
    return {
        "n": n,
        "ranker": ranker,
        "threads": threads,
        "seconds": seconds,
        "comparisons": ranking.comparisons,
        "comparisons_per_2nlnn": ranking.comparisons / (2 * n * math.log(n)),
        "answers_per_second": ranking.comparisons / seconds,
        "auc": auc(test.y, ranking.scores),
    }


def growth_with_n(
    sizes: tuple[int, ...] = SIZES,
    train_n: int = 20_000,
    voters: int = 10,
    brute_force_up_to: int = 1_000,
) -> dict:
    """Ranking time as n grows, for three ways of ranking.

    QuickSort with a J48 committee (1 pair per instance), the exact
    tournament of one Logistic member (degrees counted by sorting,
    ``AdditiveTournament``), and the brute-force tournament of the J48
    committee (every ordered pair asked) on one thread and on all cores, whose
    rate in pairs per second is what a larger n would take.
    """
    cores = os.cpu_count() or 1
    committee, committee_seconds = _fitted("J48", train_n, voters=voters)
    logistic, logistic_seconds = _fitted("Logistic", train_n)
    rows = []
    for n in sizes:
        test = synthetic(n, seed=3)
        runs = [(committee, "quicksort", cores), (logistic, "tournament", cores)]
        if n == max(sizes):
            runs.append((committee, "quicksort", 1))
        if n <= brute_force_up_to:
            runs += [(committee, "tournament", t) for t in sorted({1, cores})]
        for model, ranker, threads in runs:
            name = "Logistic" if model is logistic else f"J48 x{voters}"
            exact = model is logistic
            rows.append({"model": name, **_ranked(model, test, ranker, threads, exact)})
    return {
        "train_n": train_n,
        "voters": voters,
        "cores": cores,
        "train_seconds": {"committee": committee_seconds, "logistic": logistic_seconds},
        "rows": rows,
    }


def growth_with_pairs(
    pairs: tuple[int, ...] = PAIRS,
    train_n: int = 1_000,
    learners: tuple[str, ...] = LEARNERS,
) -> dict:
    """Training time of one member as p grows (p x train_n pairs).

    Each learner with WEKA's defaults.
    """
    rows = []
    for learner in learners:
        for p in pairs:
            model = RankingReduction(
                learner, pairs_per_instance=p, voters=1, pair_features="concat"
            )
            started = time.perf_counter()
            model.fit(synthetic(train_n, seed=2))
            rows.append(
                {
                    "learner": learner,
                    "p": p,
                    "pairs": int(model.n_pairs_[0]),
                    "seconds": time.perf_counter() - started,
                }
            )
    return {"train_n": train_n, "rows": rows}


def growth_with_voters(
    voters: tuple[int, ...] = VOTERS, train_n: int = 20_000, rank_n: int = 100_000
) -> dict:
    """A J48 committee (1 pair per instance) as it grows.

    The members' training time (each member on its own pairs, so it adds up),
    training on all cores, and QuickSort of ``rank_n`` instances, whose every
    comparison asks each member.
    """
    cores = os.cpu_count() or 1
    largest, wall = _fitted("J48", train_n, voters=max(voters), threads=cores)
    test = synthetic(rank_n, seed=3)
    rows = []
    for k in voters:
        committee = largest.sub_committee(k)
        ranked = _ranked(committee, test, "quicksort", cores)
        rows.append(
            {
                "voters": k,
                "member_seconds": float(sum(committee.member_seconds_)),
                "quicksort_seconds": ranked["seconds"],
                "comparisons": ranked["comparisons"],
                "auc": ranked["auc"],
            }
        )
    return {
        "train_n": train_n,
        "rank_n": rank_n,
        "cores": cores,
        "train_seconds_all_cores": wall,
        "rows": rows,
    }


def _median_seconds(repeats: int, action: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        java.collect_garbage()
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _timed_tournament(reduction, rows, threads: int) -> dict:
    """One exact tournament of a tree committee: its wall and where its CPU went.

    The tournament's own timing (``java.bench_tournament_timing``), the
    process's CPU seconds around it (the JVM runs in this process: its
    compiler and collector too) and the load average before and after.
    """
    java.collect_garbage()
    load = os.getloadavg()[0]
    cpu = time.process_time()
    run = java.bench_tournament_timing(reduction, rows, threads)
    run["process_cpu_seconds"] = time.process_time() - cpu
    run["threads"] = threads
    run["load_average"] = [load, os.getloadavg()[0]]
    return run


def _median_run(runs: list[dict]) -> dict:
    """The run of the median wall (the later of the two middle ones)."""
    return sorted(runs, key=lambda run: run["wall_seconds"])[len(runs) // 2]


def tree_committee(
    train_n: int = 20_000,
    n: int = 100_000,
    sample: int = 2_000,
    quicksort_n: int | None = 1_000_000,
    repeats: int = 3,
    exact_n: int | None = 1_000_000,
) -> dict:
    """A J48 committee of 10 (1 pair per instance) ranking distinct rows.

    The exact tournament of n rows without asking a pair
    (``TreeTournament``) on one thread and on two, in turn in the same run
    (the speedup of two threads), and of ``exact_n`` rows on two threads
    once, its degrees checked against the brute force's on a
    sample of them in the same run; the brute force's rate per thread on the
    sample with the flattened trees (``FlatTree``: a row's splits decided once
    for the pairs sharing it, the trees asked one at a time over those pairs,
    stopping once the majority is decided) beside a plain loop over the same
    arrays, a walk a pair and every tree (``Bench.java``); and QuickSort of
    ``quicksort_n`` rows on two threads. Medians of ``repeats`` runs (the
    sample's runs: ``2 * repeats``, the brute force and the plain loop in
    turn), and the load average around them, since the machine may be shared.

    Each exact tournament also reports the process's CPU seconds and each
    thread's (:func:`_timed_tournament`): where the machine is loaded, the
    process gets a share of it whatever its threads (Linux shares the CPU
    among sessions first), and the wall speedup says so; the threads' CPU
    says whether both worked, and the speedup they allow on two idle cores
    is the one-thread run's CPU over the two-thread run's serial part and
    busiest thread.
    """
    load_before = os.getloadavg()[0]
    committee, train_seconds = _fitted("J48", train_n, voters=10)
    reduction = committee.weka_model_
    header = bridge.empty_header(bridge.training_header(reduction))
    test = synthetic(n, seed=3)
    rows = bridge.to_instances(test, header)

    runs: dict[int, list[dict]] = {1: [], 2: []}
    for _ in range(repeats):  # in turn, so that a change of load hits both
        for threads in runs:
            runs[threads].append(_timed_tournament(reduction, rows, threads))
    median = {t: _median_run(r) for t, r in runs.items()}
    tournament = median[1]["wall_seconds"]
    speedup = tournament / median[2]["wall_seconds"]
    one, two = median[1], median[2]
    cpu_speedup = (one["serial_cpu_seconds"] + sum(one["thread_cpu_seconds"])) / (
        two["serial_cpu_seconds"] + max(two["thread_cpu_seconds"])
    )
    chosen = np.random.default_rng(1).choice(n, sample, replace=False)
    few = bridge.to_instances(test.subset(chosen), header)
    exact = java.bench_tournament_scores(reduction, few, 1, True)
    brute = java.bench_tournament_scores(reduction, few, 1, False)
    brute_times, plain_times = [], []
    for _ in range(2 * repeats):  # in turn, so that a change of load hits both
        brute_times.append(
            _median_seconds(
                1, lambda: java.bench_tournament_scores(reduction, few, 1, False)
            )
        )
        plain_times.append(java.bench_flat_loop_seconds(reduction, few))
    brute_seconds = statistics.median(brute_times)
    plain_seconds = statistics.median(plain_times)
    pairs = sample * (sample - 1)
    out = {
        "tree_committee": {
            "train_n": train_n,
            "train_seconds": train_seconds,
            "nodes": java.member_tree_sizes(reduction),
            "n": n,
            "tournament_seconds": tournament,
            "tournament_two_threads_seconds": median[2]["wall_seconds"],
            "tournament_runs": runs,
            "sample": sample,
            "repeats": repeats,
            "brute_force_sample_seconds": brute_seconds,
            "plain_flat_loop_sample_seconds": plain_seconds,
        },
        "tournament_j48x10_100k_seconds": tournament if n == 100_000 else None,
        "tournament_j48x10_100k_two_thread_speedup": speedup if n == 100_000 else None,
        "tournament_j48x10_100k_two_thread_cpu_speedup": (
            cpu_speedup if n == 100_000 else None
        ),
        "tournament_j48x10_1m_seconds": None,
        "tournament_j48x10_sample_equal": bool(np.array_equal(exact, brute)),
        "committee_pair_rate_per_thread": pairs / brute_seconds,
        "committee_pair_rate_ratio_to_flat_loop": plain_seconds / brute_seconds,
    }
    if quicksort_n:
        big = synthetic(quicksort_n, seed=3)
        committee.set_params(ranker="quicksort", threads=2)
        out["quicksort_1m_seconds"] = _median_seconds(
            repeats, lambda: committee.ranking(big)
        )
    if exact_n:
        many = bridge.to_instances(synthetic(exact_n, seed=3), header)
        run = _timed_tournament(reduction, many, 2)
        out["tree_committee"]["exact_n"] = exact_n
        out["tree_committee"]["exact_n_two_threads_seconds"] = run["wall_seconds"]
        out["tree_committee"]["exact_n_run"] = run
        if exact_n == 1_000_000:
            out["tournament_j48x10_1m_seconds"] = run["wall_seconds"]
    out["tree_committee"]["load_average"] = [load_before, os.getloadavg()[0]]
    return out


def all_pairs_training(
    rows: tuple[int, ...] = ALL_PAIRS_ROWS, repeats: int = 3, task: str = "kr-vs-kp"
) -> dict:
    """J48 and NaiveBayes trained on all pairs from the rows, beside WEKA's path.

    On the task's pairs (kr-vs-kp: 5.1 million) each learner is trained from
    the rows (``ProductTraining``, median of ``repeats`` runs) and, once in
    the same comparison, by WEKA on the materialised pairs; the models are the
    same when their texts are equal and no pair's distribution differs in a
    bit. Then J48 from the rows alone on all pairs of synthetic sets of
    ``rows`` instances, once each on all cores (WEKA's path would need
    hundreds of GB there), with the JVM's maximum heap and the load average
    around the runs.
    """
    threads = os.cpu_count() or 1
    load_before = os.getloadavg()[0]
    data = load_task(task)
    headline = task == "kr-vs-kp"
    out: dict = {}
    learners = {}
    for key, classname in ALL_PAIRS_LEARNERS:
        both = java.all_pairs_both_ways(classname, data)
        # The comparison's own run from the rows is the first of the repeats.
        row_path = [both["from_rows_seconds"]] if both["from_rows"] else []
        for _ in range(repeats - 1 if row_path else 0):
            java.collect_garbage()
            row_path.append(java.all_pairs_from_rows_seconds(classname, data))
        learners[key] = {
            **both,
            "from_rows_runs": row_path,
            "seconds": statistics.median(row_path) if row_path else None,
            "same_model": both["from_rows"]
            and both["same_text"]
            and both["differing"] == 0,
        }
        for name, value in (
            ("seconds", learners[key]["seconds"]),
            ("general_seconds", both["on_pairs_seconds"]),
            ("same_model", learners[key]["same_model"]),
        ):
            out[f"{key}_all_pairs_kr_vs_kp_{name}"] = value if headline else None
    synthetic_rows = []
    for n in rows:
        instances = synthetic(n)
        positives = int(np.count_nonzero(instances.y))
        java.collect_garbage()
        synthetic_rows.append(
            {
                "rows": n,
                # P x N pairs labelled 1 and N x P labelled 0: AUC-Train's set.
                "pairs": 2 * positives * (n - positives),
                "seconds": java.all_pairs_from_rows_seconds(
                    "weka.classifiers.trees.J48", instances, threads
                ),
                "threads": threads,
            }
        )
    by_rows = {r["rows"]: r["seconds"] for r in synthetic_rows}
    out["j48_all_pairs_50k_seconds"] = by_rows.get(50_000)
    out["all_pairs_training"] = {
        "task": task,
        "repeats": repeats,
        "learners": learners,
        "synthetic": synthetic_rows,
        "max_heap_mb": bridge.free_heap()[1] >> 20,
        "load_average": [load_before, os.getloadavg()[0]],
    }
    return out


def naive_bayes_numeric(
    rows: int = NAIVE_BAYES_ROWS,
    tasks: tuple[str, ...] = SUM_ORDER_TASKS,
    repeats: int = 3,
) -> dict:
    """NaiveBayes on all pairs from the rows, numeric attributes: time, sum orders.

    On all pairs of a synthetic set of ``rows`` instances and
    ``NAIVE_BAYES_FEATURES`` numeric features, the default path (exact sums
    from the rows; median of ``repeats`` runs, timed in Java) with the load
    average around it; then, on each task, both sum orders: how far the
    exact sums' means and deviations are from WEKA's (its order over the
    pairs, replayed) and from exact arithmetic, and on how many pairs the
    predicted class differs.
    """
    load_before = os.getloadavg()[0]
    data = synthetic(rows, features=NAIVE_BAYES_FEATURES)
    positives = int(np.count_nonzero(data.y))
    times = []
    for _ in range(repeats):
        java.collect_garbage()
        times.append(java.all_pairs_from_rows_seconds(NAIVE_BAYES, data))
    seconds = statistics.median(times)
    load_after = os.getloadavg()[0]
    compared = []
    for task in tasks:
        path = bundled_file(f"{task}.arff")
        task_data = load_task(task if task in TASKS else path)
        compared.append({"task": task, **java.naive_bayes_sum_orders(task_data)})
    return {
        # The headline key is 20,000 rows'.
        "naive_bayes_numeric_all_pairs_20k_seconds": (
            seconds if rows == 20_000 else None
        ),
        "naive_bayes_numeric": {
            "seconds": seconds,
            "rows": rows,
            "features": NAIVE_BAYES_FEATURES,
            "pairs": 2 * positives * (rows - positives),
            "runs": times,
            "load_average": [load_before, load_after],
            "sum_orders": compared,
        },
    }


def missing_values_cv(
    data: Dataset | None = None, folds: int = 10, repeats: int = 3
) -> dict:
    """J48 on all pairs of a set with missing values, from the rows and by WEKA.

    A ``folds``-fold cross-validation as a user runs it (all pairs, one
    member, WEKA's folds; J48 from the rows), median of ``repeats`` runs
    (wall seconds, and CPU seconds beside them);
    then, on each fold's training rows, J48 trained both ways in Java
    (``AllPairsTraining``): WEKA's path on the materialised pairs, making them
    included, and whether the trees are the same (``java.same_tree``) with
    the largest difference of a pair's class probability. The data: Pima
    diabetes with its zeros missing, unless given.
    """
    data = data if data is not None else diabetes_zeros_missing()
    load_before = os.getloadavg()[0]
    runs, cpu = [], []
    for _ in range(repeats):
        java.collect_garbage()
        started, cpu_started = time.perf_counter(), time.process_time()
        cross_validate(
            RankingReduction(
                "J48", pairs_per_instance="all", voters=1, pair_features="concat"
            ),
            data,
            folds=folds,
        )
        runs.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
    by_fold = []
    for train, _ in weka_folds(data.y, folds, 1):
        java.collect_garbage()
        both = java.all_pairs_both_ways(
            "weka.classifiers.trees.J48", data.subset(train)
        )
        by_fold.append(both)
    same = all(f["from_rows"] and f["same_tree"] for f in by_fold)
    general = sum(f["on_pairs_seconds"] for f in by_fold)
    return {
        "j48_all_pairs_missing_values_seconds": statistics.median(runs),
        "j48_all_pairs_missing_values_general_seconds": general,
        "j48_all_pairs_missing_values_same_trees": same,
        "missing_values_cv": {
            "data": data.source,
            "rows": len(data.y),
            "missing_values": int(np.isnan(data.X).sum()),
            "rows_with_missing": int(np.isnan(data.X).any(axis=1).sum()),
            "folds": folds,
            "repeats": repeats,
            "cv_runs": runs,
            # The process's CPU seconds (the JVM's threads, its collector and
            # compiler included): what a shared machine's load leaves alone.
            "cv_cpu_seconds": cpu,
            "from_rows_training_seconds": sum(f["from_rows_seconds"] for f in by_fold),
            "general_training_seconds": general,
            "largest_difference": max(f["largest_difference"] for f in by_fold),
            "by_fold": by_fold,
            "load_average": [load_before, os.getloadavg()[0]],
        },
    }


def logistic_all_pairs_fold(task: str = "vehicle", repeats: int = 3) -> dict:
    """Logistic trained on all pairs of a fold from the rows, beside WEKA's path.

    The first of WEKA's ten folds of the task (vehicle: 208,356 pairs): the
    member trained from the rows (``ProductLogistic``, median of ``repeats``
    runs, on all cores as the meta-classifier trains a single member) and,
    once in the same comparison, WEKA's Logistic on the materialised pairs;
    whether the test fold's tournament ranking is the same, and how far the
    coefficients and the log-likelihood per pair are apart. The headline keys
    are vehicle's (None for another task).
    """
    threads = os.cpu_count() or 1
    load_before = os.getloadavg()[0]
    data = load_task(task)
    train_rows, test_rows = next(iter(weka_folds(data.y)))
    train, test = data.subset(train_rows), data.subset(test_rows)
    both = java.logistic_both_ways(train, test, threads=threads)
    row_path = [both["from_rows_seconds"]] if both["from_rows"] else []
    for _ in range(repeats - 1 if row_path else 0):
        java.collect_garbage()
        row_path.append(java.logistic_from_rows_seconds(train, threads=threads))
    seconds = statistics.median(row_path) if row_path else None
    headline = task == "vehicle"
    return {
        "logistic_all_pairs_vehicle_fold_seconds": seconds if headline else None,
        "logistic_all_pairs_vehicle_fold_general_seconds": (
            both["on_pairs_seconds"] if headline else None
        ),
        "logistic_all_pairs_fold": {
            "task": task,
            "fold": 1,
            **both,
            "from_rows_runs": row_path,
            "seconds": seconds,
            "threads": threads,
            "load_average": [load_before, os.getloadavg()[0]],
        },
    }


def _at(rows: list[dict], **match) -> list[dict]:
    return [r for r in rows if all(r.get(k) == v for k, v in match.items())]


def measure(
    sizes: tuple[int, ...] = SIZES,
    pairs: tuple[int, ...] = PAIRS,
    voters: tuple[int, ...] = VOTERS,
    train_n: int = 20_000,
    pairs_train_n: int = 1_000,
    brute_force_up_to: int = 1_000,
    all_pairs_rows: tuple[int, ...] = ALL_PAIRS_ROWS,
    all_pairs_task: str = "kr-vs-kp",
    naive_bayes_rows: int = NAIVE_BAYES_ROWS,
    sum_order_tasks: tuple[str, ...] = SUM_ORDER_TASKS,
    missing_values_data: Dataset | None = None,
    logistic_task: str = "vehicle",
) -> dict:
    """The three curves, and the headline numbers taken from them.

    ``all_pairs_rows`` are the synthetic sizes J48 is trained on with all
    pairs from the rows: a quick run leaves out 50,000 (over a billion pairs);
    ``all_pairs_task`` is the task both paths train on (the headline keys are
    kr-vs-kp's, None for another); ``naive_bayes_rows`` and
    ``sum_order_tasks`` are :func:`naive_bayes_numeric`'s;
    ``missing_values_data`` the set with missing values J48 is
    cross-validated on (Pima diabetes with its zeros missing unless given);
    ``logistic_task`` is the task whose first fold Logistic trains on both
    ways (the headline keys are vehicle's).
    """
    with_n = growth_with_n(sizes, train_n, brute_force_up_to=brute_force_up_to)
    rows, largest = with_n["rows"], max(sizes)
    brute = _at(rows, ranker="tournament", model=f"J48 x{with_n['voters']}")
    top = max((r["n"] for r in brute), default=None)
    rate = {r["threads"]: r["answers_per_second"] for r in _at(brute, n=top)}
    quick: dict[int, float] = {}
    for r in _at(rows, ranker="quicksort"):  # the faster of one thread and all
        quick[r["n"]] = min(r["seconds"], quick.get(r["n"], math.inf))
    return {
        # QuickSort of a million rows comes from growth_with_n's curve.
        **tree_committee(
            train_n,
            n=min(largest, 100_000),
            sample=min(2_000, largest // 10),
            quicksort_n=None,
            exact_n=largest if largest >= 1_000_000 else None,
        ),
        **all_pairs_training(all_pairs_rows, task=all_pairs_task),
        **naive_bayes_numeric(naive_bayes_rows, sum_order_tasks),
        **missing_values_cv(missing_values_data),
        **logistic_all_pairs_fold(logistic_task),
        "growth_with_n": with_n,
        "growth_with_pairs": growth_with_pairs(pairs, pairs_train_n),
        "growth_with_voters": growth_with_voters(
            voters, train_n, min(largest, 100_000)
        ),
        "quicksort_1m_seconds": quick.get(1_000_000),
        "quicksort_100k_seconds": quick.get(100_000),
        "tournament_linear_1m_seconds": next(
            (r["seconds"] for r in _at(rows, model="Logistic", n=1_000_000)), None
        ),
        "tournament_bruteforce_pairs_per_second": rate.get(with_n["cores"]),
        "tournament_bruteforce_speedup_all_cores": (
            rate[with_n["cores"]] / rate[1] if rate else None
        ),
    }
