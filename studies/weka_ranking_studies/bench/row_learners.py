"""NaiveBayes and Logistic under the default beside each alone: the row paths' cost.

Under the default (two pairs per instance, ten voters) a NaiveBayes or
Logistic member is trained from the rows on its drawn pair list
(``ProductNaiveBayes``; ``ProductLogistic``, and ``PairOrderLogistic`` where
its pairs are separable) instead of by WEKA on its materialised pair
instances. Run as ``weka-ranking bench --sections row-learners``.
"""

from __future__ import annotations

import os

import numpy as np

from weka_ranking.data import Attribute, Dataset
from weka_ranking.folds import weka_folds
from weka_ranking.metrics import auc
from weka_ranking.model import RankingReduction
from weka_ranking.tasks import load_task
from weka_ranking_studies import java
from weka_ranking_studies.bench.timing import side_by_side, timed

TASKS = ("kr-vs-kp", "spambase", "binary-180")
LEARNERS = {
    "NaiveBayes": "weka.classifiers.bayes.NaiveBayes",
    "Logistic": "weka.classifiers.functions.Logistic",
}
VOTERS = 10
PAIRS_PER_INSTANCE = 2
# NaiveBayes's Java times are milliseconds, which one run moves several-fold
# on a loaded machine: its best of this many, where Logistic's seconds take
# the section's repeats.
NAIVE_BAYES_JAVA_REPEATS = 20


def binary_attributes(n: int = 3186, features: int = 180, seed: int = 1) -> Dataset:
    """Rows of binary nominal attributes shaped as issue 44's set (3,186 x 180).

    The class is the top 30 % of a sparse signal (ten attributes) plus as
    much noise, so that a member's drawn pairs are separable, as they were there.
    """
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 2, (n, features)).astype(np.float64)
    weights = np.zeros(features)
    weights[:10] = np.arange(10, 0, -1)
    signal = X @ weights + rng.standard_normal(n) * 2
    y = (signal > np.quantile(signal, 0.7)).astype(np.int8)
    attributes = tuple(Attribute(f"b{j + 1}", ("0", "1")) for j in range(features))
    return Dataset(X, y, attributes, "class", ("0", "1"), 1, "binary-180", "binary-180")


def _dataset(task: str) -> Dataset:
    return binary_attributes() if task == "binary-180" else load_task(task)


def row_learners(
    tasks: tuple[str, ...] = TASKS,
    repeats: int = 2,
    learners: tuple[str, ...] = tuple(LEARNERS),
) -> dict:
    """The default's members from the rows, on the pairs, and the learner alone.

    On WEKA's first of ten folds of each set: the ten members of the default
    (seeds 1 to 10, two pairs per instance) trained from the rows and, by
    WEKA, on their materialised pair instances, one after another on one
    thread; the default's whole training as WEKA's tools run it (the
    meta-classifier's ``buildClassifier``: the rows' preparation, the members
    on every core, the reference sample's threshold); and the learner alone
    on the fold's rows, each timed in turns in one run (best of ``repeats``
    after a warm-up; NaiveBayes's best of ``NAIVE_BAYES_JAVA_REPEATS``); whether the
    members' texts are the same both ways; then the Python API's fit and its
    ranking of the test fold, the default beside the learner alone
    (``ranker="pointwise"``), with their AUCs. The load average is read before
    and after. ``learners`` names those of ``LEARNERS`` to time (NaiveBayes
    alone takes seconds, where Logistic takes minutes).
    """
    load_before = os.getloadavg()[0]
    seeds = list(range(1, VOTERS + 1))
    rows = []
    for task in tasks:
        data = _dataset(task)
        train_rows, test_rows = next(iter(weka_folds(data.y)))
        train, test = data.subset(train_rows), data.subset(test_rows)
        for learner in learners:
            classname = LEARNERS[learner]
            both = [
                java.committee_training(
                    classname, train, seeds, PAIRS_PER_INSTANCE, from_rows=way
                )
                for way in (True, False)
            ]
            alone, from_rows, on_pairs, whole = side_by_side(
                NAIVE_BAYES_JAVA_REPEATS if learner == "NaiveBayes" else repeats,
                lambda c=classname: java.alone_training_seconds(c, train),
                lambda c=classname: java.committee_training(c, train, seeds)["seconds"],
                lambda c=classname: java.committee_training(
                    c, train, seeds, from_rows=False
                )["seconds"],
                lambda name=learner: java.training_seconds(
                    RankingReduction(name)._reduction(train.positive_index), train
                ),
                warm_ups=1,
            )
            default = RankingReduction(learner)
            pointwise = RankingReduction(learner, ranker="pointwise")
            fits = side_by_side(
                repeats,
                lambda m=default: timed(lambda: m.fit(train)),
                lambda m=pointwise: timed(lambda: m.fit(train)),
                warm_ups=1,
            )
            ranks = side_by_side(
                repeats,
                lambda m=default: timed(lambda: m.decision_function(test)),
                lambda m=pointwise: timed(lambda: m.decision_function(test)),
                warm_ups=1,
            )
            rows.append(
                {
                    "task": task,
                    "train_rows": len(train.y),
                    "attributes": train.X.shape[1],
                    "learner": learner,
                    "members": VOTERS,
                    "members_from_rows": both[0]["from_rows"],
                    "same_member_texts": sum(
                        a == b
                        for a, b in zip(
                            both[0]["models"], both[1]["models"], strict=True
                        )
                    ),
                    "alone_seconds": alone,
                    "from_rows_seconds": from_rows,
                    "on_pairs_seconds": on_pairs,
                    "from_rows_over_alone": from_rows / alone,
                    "on_pairs_over_alone": on_pairs / alone,
                    "default_in_weka_seconds": whole,
                    "default_in_weka_over_alone": whole / alone,
                    "api_fit_default_seconds": fits[0],
                    "api_fit_alone_seconds": fits[1],
                    "api_fit_ratio": fits[0] / fits[1],
                    "api_rank_default_seconds": ranks[0],
                    "api_rank_alone_seconds": ranks[1],
                    "auc_default": auc(test.y, default.decision_function(test)),
                    "auc_alone": auc(test.y, pointwise.decision_function(test)),
                }
            )
    return {
        "rows": rows,
        "load_average": [load_before, os.getloadavg()[0]],
    }
