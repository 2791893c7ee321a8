"""The studies' own Java: the benchmarks' timing loops and the both-ways harness.

The studies' one seam, as ``weka_ranking.bridge`` is the product's: the only
module of theirs that calls Java. Their classes (``studies/java/``) and the
product's differential harness (``tests/java/``: a learner trained from the
rows and on the materialised pairs, which the product's tests compare and the
benchmarks time) are compiled into one jar of the checkout's, beside the
studies, when they change (:func:`weka_ranking.jvm.load_java`).
"""

from __future__ import annotations

import gc
import re
import threading
from collections.abc import Sequence
from pathlib import Path

import jpype
import numpy as np

from weka_ranking import bridge, jvm
from weka_ranking.data import Dataset
from weka_ranking_studies import REPOSITORY

SOURCES = (REPOSITORY / "studies" / "java", REPOSITORY / "tests" / "java")
JAR = Path(__file__).resolve().parent / "_java" / "weka-ranking-studies.jar"
BENCH = "wekaranking.studies.Bench"
SUM_ORDERS = "wekaranking.studies.NaiveBayesSumOrders"
ALL_PAIRS = "wekaranking.harness.AllPairsTraining"
SAMPLED_PAIRS = "wekaranking.harness.SampledPairsTraining"
LOGISTIC_BOTH_WAYS = "wekaranking.harness.LogisticBothWays"

_loaded = threading.Lock()


def classpath() -> list[str]:
    """The product's class path and the studies' jar: for a JVM of the studies' own."""
    _classes()
    return [*jvm.classpath(), str(JAR)]


def _classes():
    """JPype's JClass, once the studies' jar is on the running JVM's class path."""
    with _loaded:
        if str(JAR) not in jpype.getClassPath():
            jvm.load_java(list(SOURCES), JAR)
    return jpype.JClass


def collect_garbage() -> None:
    """Collect the JVM's garbage, then Python's (between benchmark runs).

    JPype links the two collectors: once it sees a Java collection it runs a
    full Python one (``PyGC_Collect``, from its ``JPGarbageCollection``) at
    its next chance, which would fall inside the run timed next: 60-80 ms
    of a NaiveBayes fit on kr-vs-kp's fold that takes 10-15 ms, 0.15-0.2 s
    of the default's fit at 6,435 x 36 (measured in session 32). Collected
    here, before the clock starts, it leaves the run its own work.
    """
    _classes()("java.lang.System").gc()
    gc.collect()


def bench_rank_seconds(reduction, instances) -> float:
    """Seconds the meta-classifier's own ``rank`` takes, timed in Java.

    The timing loop is ``studies/java/wekaranking/studies/Bench.java``.
    """
    return _classes()(BENCH).rankNanos(reduction, instances) / 1e9


def set_exact_forms(reduction, on: bool) -> None:
    """Let exact forms answer for the committee (``-no-additive`` when off)."""
    reduction.setAdditiveTournament(on)


def member_tree_sizes(reduction) -> list[int]:
    """The number of nodes of each member's tree (tree members only)."""
    return [int(member.measureTreeSize()) for member in reduction.getMembers()]


def bench_tournament_scores(reduction, instances, threads: int, exact: bool):
    """A tree committee's tournament degrees of the rows, exact or brute force.

    ``Bench.java`` asks the committee directly: its exact
    form (``TreeTournament``) or every pair.
    """
    Bench = _classes()(BENCH)
    ask = Bench.exactTournament if exact else Bench.bruteTournament
    return np.asarray(ask(reduction, instances, threads).scores, dtype=np.float64)


def bench_tournament_timing(reduction, instances, threads: int) -> dict:
    """Where a tree committee's exact tournament of the rows spent its time.

    Its wall, the CPU of its serial part, and each thread's CPU and busy
    wall, the busiest first (``TreeTournament.Timing``): on a loaded machine
    the wall tells how large a share the process got, the CPU times whether
    the threads worked.
    """
    Bench = _classes()(BENCH)
    timing = Bench.exactTournamentTiming(reduction, instances, threads)
    return {
        "wall_seconds": float(timing.wallSeconds),
        "serial_cpu_seconds": float(timing.serialCpuSeconds),
        "thread_cpu_seconds": [float(x) for x in timing.threadCpuSeconds],
        "thread_busy_seconds": [float(x) for x in timing.threadBusySeconds],
    }


def bench_missing_tournament(
    reduction, rows: np.ndarray, threads: int, walk: bool
) -> dict:
    """A tree committee's exact tournament of rows with missing values, timed.

    ``walk``: the rows a tree walks fractionally are counted from the rows
    (``TreeTournament.setWalkFractionally(true)``, the default); else their
    pairs are asked of the members one by one, as before. The degrees, the
    pairs asked of the members, the trees walked for one pair, the rows
    walked, and the wall and CPU seconds of the tournament's own timing.
    """
    J = _classes()
    package = "weka.classifiers.meta.rankingreduction."
    committee = J(package + "Committee")
    jrows = jpype.JArray.of(np.ascontiguousarray(rows, dtype=np.float64))
    votes = committee(
        committee.copies(reduction.getMembers(), threads),
        reduction.getPairHeader(),
        reduction.getModel().getPairLayout(),
        jrows,
        True,
    )
    exact = votes.exactTournament()
    exact.setWalkFractionally(walk)
    everyone = jpype.JArray(jpype.JInt)(np.arange(len(rows), dtype=np.int32))
    ranking = exact.tournament(everyone, votes, reduction.countsBothOrders())
    timing = exact.lastTiming()
    return {
        "scores": np.asarray(ranking.scores, dtype=np.float64),
        "pairs_asked": int(ranking.comparisons),
        "tree_walks": int(exact.lastTreeWalks()),
        "rows_walked": int(exact.rowsWalked()),
        "rows_asked": int(exact.rowsAsked()),
        "wall_seconds": float(timing.wallSeconds),
        "tournament_cpu_seconds": float(timing.serialCpuSeconds)
        + sum(float(x) for x in timing.threadCpuSeconds),
    }


def bench_flat_loop_seconds(reduction, instances) -> float:
    """Seconds a plain loop over the members' flattened trees takes on every pair."""
    Bench = _classes()(BENCH)
    return Bench.flatTournamentNanos(reduction, instances) / 1e9


def bench_plain_tournament_seconds(reduction, instances) -> float:
    """Seconds a plain Java tournament of a trained model's members takes.

    It builds a DenseInstance a pair (``studies/java/wekaranking/studies/Bench.java``).
    """
    members, pair_header = reduction.getMembers(), reduction.getPairHeader()
    Bench = _classes()(BENCH)
    return Bench.plainTournamentNanos(members, pair_header, instances) / 1e9


def all_pairs_both_ways(
    classname: str, dataset: Dataset, options: Sequence[str] = ()
) -> dict:
    """A learner trained on all pairs from the rows and on the materialised pairs.

    ``AllPairsTraining.java`` trains WEKA's learner both ways,
    each timed in Java, and compares the models' text and every pair's class
    distribution to the bit (``differing`` pairs, and the ``largest_difference``
    of a class probability). ``from_rows`` is false when the learner declines
    the row path (then only WEKA's path ran).
    """
    classifier = bridge.make_classifier(classname, list(options))
    both = _classes()(ALL_PAIRS)
    with bridge.java_errors(f"training '{classname}' on all pairs both ways"):
        result = both.compare(
            classifier, bridge.to_instances(dataset), dataset.positive
        )
    ours, wekas = str(result.fromRowsModel), str(result.onPairsModel)
    return {
        "from_rows": bool(result.fromRows),
        "same_text": ours == wekas,
        "same_tree": bool(both.sameTree(ours, wekas)),
        "pairs": int(result.pairs),
        "differing": int(result.differing),
        "largest_difference": float(result.largestDifference),
        "from_rows_seconds": float(result.fromRowsSeconds),
        "on_pairs_seconds": float(result.onPairsSeconds),
    }


def sampled_pairs_both_ways(
    classname: str, dataset: Dataset, per_instance: int, seed: int
) -> dict:
    """A learner trained on one member's sampled pairs from the rows and on them.

    ``SampledPairsTraining.java`` draws the pairs of the member whose
    generator is ``new Random(seed)``, trains WEKA's learner on them both
    ways, each timed in Java, and compares the models as
    :func:`all_pairs_both_ways` does.
    """
    classifier = bridge.make_classifier(classname, [])
    both = _classes()(SAMPLED_PAIRS)
    with bridge.java_errors(f"training '{classname}' on sampled pairs both ways"):
        result = both.compare(
            classifier,
            bridge.to_instances(dataset),
            dataset.positive,
            per_instance,
            seed,
        )
    ours, wekas = str(result.fromRowsModel), str(result.onPairsModel)
    return {
        "from_rows": bool(result.fromRows),
        "same_text": ours == wekas,
        "pairs": int(result.pairs),
        "differing": int(result.differing),
        "from_rows_seconds": float(result.fromRowsSeconds),
        "on_pairs_seconds": float(result.onPairsSeconds),
    }


def all_pairs_from_rows_seconds(
    classname: str, dataset: Dataset, threads: int = 1
) -> float | None:
    """Seconds of training a learner on all pairs from the rows, timed in Java.

    None when the learner declines the row path. ``threads``: the most the
    training may use (J48 weighs a large node's attributes in parallel).
    """
    classifier = bridge.make_classifier(classname, [])
    both = _classes()(ALL_PAIRS)
    with bridge.java_errors(f"training '{classname}' on all pairs from the rows"):
        seconds = float(
            both.fromRowsSeconds(
                classifier, bridge.to_instances(dataset), dataset.positive, threads
            )
        )
    return None if seconds < 0 else seconds


def naive_bayes_sum_orders(dataset: Dataset) -> dict:
    """NaiveBayes on all pairs from the rows in each sum order, compared.

    ``NaiveBayesSumOrders.java`` trains it with exact sums
    from the rows and in WEKA's order over the pairs (replayed), each timed
    in Java; the largest ulps between the two orders' means and deviations,
    and from exact arithmetic's; the pairs whose predicted class differs.
    """
    sum_orders = _classes()(SUM_ORDERS)
    with bridge.java_errors(
        f"comparing NaiveBayes's sum orders on '{dataset.relation}'"
    ):
        result = sum_orders.compare(bridge.to_instances(dataset), dataset.positive)
    counts = ("pairs", "estimators", "differingEstimators", "differingPredictions")
    measures = (
        "rowsSeconds", "pairsSeconds", "meanUlps", "deviationUlps", "rowsMeanUlps",
        "rowsDeviationUlps", "pairsMeanUlps", "pairsDeviationUlps",
        "largestProbabilityDifference",
    )  # fmt: skip

    def snake(name: str) -> str:
        return re.sub(r"(?=[A-Z])", "_", name).lower()

    return {
        **{snake(name): int(getattr(result, name)) for name in counts},
        **{snake(name): float(getattr(result, name)) for name in measures},
        "same_text": bool(result.sameText),
    }


def logistic_both_ways(
    train: Dataset,
    test: Dataset,
    options: Sequence[str] = (),
    pairs_per_instance: int = 0,
    seed: int = 1,
    threads: int = 1,
) -> dict:
    """A Logistic member trained on a fold's pairs from the rows and on the pairs.

    ``LogisticBothWays.java`` trains WEKA's Logistic both ways
    (the member of ``seed``: all pairs, or the ones its generator draws), each
    timed in Java, and ranks ``test`` by each with the tournament;
    ``differing_votes`` counts the ordered test pairs on which the two models
    vote differently (0: every ranker ranks alike), ``probability_error`` the
    largest difference of their probabilities there.
    ``from_rows`` is false when the row path declined (then only WEKA's path
    ran); ``coefficient_error`` is the largest coefficient difference over the
    largest coefficient, ``log_likelihood_error`` the difference per pair.
    """
    classifier = bridge.make_classifier(
        "weka.classifiers.functions.Logistic", list(options)
    )
    both = _classes()(LOGISTIC_BOTH_WAYS)
    with bridge.java_errors("training Logistic on a fold's pairs both ways"):
        result = both.compare(
            classifier,
            bridge.to_instances(train),
            bridge.to_instances(test),
            train.positive,
            pairs_per_instance,
            seed,
            threads,
        )
    from_rows = bool(result.fromRows)
    wekas = np.asarray(result.onPairsCoefficients)
    ours = np.asarray(result.fromRowsCoefficients) if from_rows else None
    return {
        "from_rows": from_rows,
        "pairs": int(result.pairs),
        "from_rows_seconds": float(result.fromRowsSeconds),
        "on_pairs_seconds": float(result.onPairsSeconds),
        "same_ranking": from_rows
        and np.array_equal(
            np.asarray(result.fromRowsScores), np.asarray(result.onPairsScores)
        ),
        "differing_votes": int(result.differingVotes) if from_rows else None,
        "probability_error": float(result.probabilityError) if from_rows else None,
        "coefficient_error": float(np.abs(ours - wekas).max() / np.abs(wekas).max())
        if from_rows
        else None,
        "log_likelihood_error": abs(
            float(result.fromRowsLogLikelihood) - float(result.onPairsLogLikelihood)
        )
        / int(result.pairs)
        if from_rows
        else None,
        "separable": bool(result.onPairsSeparates),
    }


def logistic_from_rows_seconds(
    train: Dataset, pairs_per_instance: int = 0, seed: int = 1, threads: int = 1
) -> float | None:
    """Seconds of training a Logistic member on a fold's pairs from the rows alone.

    Timed in Java; None when the row path declines (separable pairs).
    """
    classifier = bridge.make_classifier("weka.classifiers.functions.Logistic", [])
    both = _classes()(LOGISTIC_BOTH_WAYS)
    with bridge.java_errors("training Logistic on a fold's pairs from the rows"):
        seconds = float(
            both.fromRowsSeconds(
                classifier,
                bridge.to_instances(train),
                train.positive,
                pairs_per_instance,
                seed,
                threads,
            )
        )
    return None if seconds < 0 else seconds


def committee_training(
    classname: str,
    dataset: Dataset,
    seeds: Sequence[int],
    pairs_per_instance: int = 2,
    from_rows: bool = True,
) -> dict:
    """A committee's members trained one way, as the meta-classifier trains them.

    Member ``seed`` is trained on the pairs ``new Random(seed)`` draws: from
    the rows (``ProductTraining.train``, drawn by ``UnsharedRandom``, Random's
    sequence, as the meta-classifier draws them; a member the row path
    declines is trained by WEKA on its pair instances, as the meta-classifier
    trains it) or by WEKA on the materialised pair instances (making them
    included).
    The pair training (the rows read once) is made before the clock starts,
    as the meta-classifier makes it once, and the members are trained and
    timed in Java (``Bench.committeeNanos``: no call across the bridge
    counted). Returns the wall seconds, how many members were trained from
    the rows, and each member's text.
    """
    J = _classes()
    package = "weka.classifiers.meta.rankingreduction."
    instances = bridge.to_instances(dataset)
    task = J(package + "RankingTask").of(instances, dataset.positive, "")
    training = J(package + "PairTraining")(instances, task, pairs_per_instance, False)
    members = [bridge.make_classifier(classname, []) for _ in seeds]
    trained = jpype.JArray(jpype.JInt)(1)
    with bridge.java_errors(f"training a committee of '{classname}'"):
        nanos = J(BENCH).committeeNanos(
            jpype.JArray(J("weka.classifiers.Classifier"))(members),
            training,
            jpype.JArray(jpype.JLong)([int(seed) for seed in seeds]),
            from_rows,
            trained,
        )
    return {
        "seconds": nanos / 1e9,
        "from_rows": int(trained[0]),
        "models": [str(member) for member in members],
    }


def alone_training_seconds(classname: str, dataset: Dataset) -> float:
    """Wall seconds of WEKA's learner trained on the rows themselves: it alone.

    Timed in Java (``Bench.aloneNanos``), as the committee is.
    """
    return training_seconds(bridge.make_classifier(classname, []), dataset)


def training_seconds(classifier, dataset: Dataset) -> float:
    """Wall seconds of a WEKA classifier's ``buildClassifier`` on the rows, in Java.

    A meta-classifier given here is trained as WEKA's tools train it: the
    rows' preparation, its members and whatever it learns after them.
    """
    instances = bridge.to_instances(dataset)
    name = classifier.getClass().getSimpleName()
    with bridge.java_errors(f"training '{name}' on the rows"):
        return _classes()(BENCH).aloneNanos(classifier, instances) / 1e9
