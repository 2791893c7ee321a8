"""Metrics of a ranking, in numpy alone (no JVM, no JPype).

AUC, and the ranking metrics per query in two named definitions.

``auc`` is the Mann-Whitney statistic, ties one half, as WEKA's
``ThresholdCurve`` computes it.

Per-query metrics: ``standard``: NDCG@k with gain 2^rel - 1 and discount
1/log2(rank + 1) over the ideal order of the query's own labels; MAP with
relevance >= 1 as relevant; P@k = relevant in the top k over k; AUC of
relevant against non-relevant. A query with no relevant document scores 0 on
all of them but AUC, which is undefined (NaN) and left out of its average.

``letor4``: LETOR 4.0's official ``Eval-Score-4.0.pl``, which published
MQ2008 numbers use: gain 2^rel - 1; ranks 1 and 2 undiscounted and rank
r >= 3 discounted by 1/log2(r); a query with no relevant document scores 0
(NDCG, AP, P) and stays in the average; NDCG@k is 0 for a query with fewer
than k documents (a quirk of that script, kept for comparability); P@k
divides by k.

MeanNDCG (both definitions): the mean of NDCG@k over k = 1..n, n the
query's number of documents, as LETOR's script prints it per query.

Ties: documents are ordered by decreasing score and equal scores keep the
input (file) order in both definitions, as LETOR's script does. trec_eval
(and ir-measures, which calls it) breaks ties by document id instead, in
decreasing lexicographic order: pass ``docids`` to follow that rule.
"""

from __future__ import annotations

import math

import numpy as np


def auc(y: np.ndarray, scores: np.ndarray) -> float:
    """Area under the ROC curve of scores for y == 1, ties counted one half.

    This is the Mann-Whitney statistic, which WEKA's ``ThresholdCurve``
    computes; NaN when a class is absent, as WEKA reports it.
    """
    y = np.asarray(y)
    scores = np.asarray(scores, dtype=np.float64)
    positives = int(np.count_nonzero(y == 1))
    negatives = len(y) - positives
    if positives == 0 or negatives == 0:
        return float("nan")
    order = np.argsort(scores, kind="stable")
    sorted_scores = scores[order]
    # Mid-ranks: every member of a tie group gets the group's mean rank.
    starts = np.flatnonzero(np.r_[True, sorted_scores[1:] != sorted_scores[:-1]])
    ends = np.r_[starts[1:], len(scores)]
    ranks = np.empty(len(scores), dtype=np.float64)
    ranks[order] = np.repeat((starts + ends + 1) / 2.0, ends - starts)
    rank_sum = ranks[y == 1].sum()
    return float(
        (rank_sum - positives * (positives + 1) / 2.0) / (positives * negatives)
    )


DEFINITIONS = ("standard", "letor4")
CUTOFFS = tuple(range(1, 11))


def ranked_labels(labels: np.ndarray, scores: np.ndarray, docids=None) -> np.ndarray:
    """The labels in ranked order, by decreasing score.

    Parameters
    ----------
    labels, scores : array of shape (n,)
        One query's relevance labels and the scores that rank them.
    docids : array of shape (n,), optional
        Without them, equal scores keep the input order; with them, equal scores go in
        decreasing document id order (trec_eval's rule), so that the metrics equal
        trec_eval's on the same run.
    """
    scores = np.asarray(scores, float)
    if docids is None:
        return np.asarray(labels)[np.argsort(-scores, kind="stable")]
    _, docid_rank = np.unique(np.asarray(docids), return_inverse=True)
    return np.asarray(labels)[np.lexsort((-docid_rank, -scores))]


def discounts(n: int, definition: str) -> np.ndarray:
    """The discount of ranks 1..n in the definition's NDCG."""
    ranks = np.arange(1, n + 1)
    if definition == "standard":
        return 1.0 / np.log2(ranks + 1)
    return np.where(ranks <= 2, 1.0, 1.0 / np.log2(np.maximum(ranks, 2)))


def _ndcg_at(ranked: np.ndarray, ideal: np.ndarray, definition: str) -> np.ndarray:
    """NDCG@k of a ranked list for k = 1..n.

    Without the letor4 short-query rule, which only applies to cutoffs beyond n.
    """
    weights = discounts(len(ranked), definition)
    dcg = np.cumsum((2.0**ranked - 1) * weights)
    best = np.cumsum((2.0**ideal - 1) * weights)
    return np.divide(dcg, best, out=np.zeros_like(dcg), where=best > 0)


def ndcg(labels, scores, k: int, definition: str = "standard", docids=None) -> float:
    ranked = ranked_labels(labels, scores, docids)
    if definition == "letor4" and len(ranked) < k:
        return 0.0
    ideal = np.sort(np.asarray(labels))[::-1]
    return float(_ndcg_at(ranked, ideal, definition)[min(k, len(ranked)) - 1])


def mean_ndcg(labels, scores, definition: str = "standard", docids=None) -> float:
    """The mean of NDCG@1..n over the query's n documents (MeanNDCG)."""
    ranked = ranked_labels(labels, scores, docids)
    ideal = np.sort(np.asarray(labels))[::-1]
    return float(_ndcg_at(ranked, ideal, definition).mean())


def precision(labels, scores, k: int, definition: str = "standard", docids=None):
    ranked = ranked_labels(labels, scores, docids)
    return float(np.count_nonzero(ranked[:k] >= 1)) / k


def average_precision(labels, scores, definition: str = "standard", docids=None):
    relevant = ranked_labels(labels, scores, docids) >= 1
    if not relevant.any():
        return 0.0
    hits = np.cumsum(relevant)
    positions = np.flatnonzero(relevant) + 1
    return float(np.mean(hits[relevant] / positions))


def query_metrics(labels, scores, definition: str, docids=None) -> dict[str, float]:
    """Every metric of one query: NDCG@1..10, P@1..10, MAP, MeanNDCG, AUC."""
    args = (labels, scores)
    values = {f"ndcg@{k}": ndcg(*args, k, definition, docids) for k in CUTOFFS}
    values |= {f"p@{k}": precision(*args, k, definition, docids) for k in CUTOFFS}
    values["map"] = average_precision(*args, definition, docids)
    values["mean_ndcg"] = mean_ndcg(*args, definition, docids)
    values["auc"] = auc(np.asarray(labels) >= 1, scores)
    return values


def mean_metrics(per_query: list[dict[str, float]]) -> dict[str, float]:
    """Averages over queries; AUC over the queries where it is defined."""
    names = per_query[0]
    return {
        name: float(np.mean([q[name] for q in per_query if not math.isnan(q[name])]))
        if any(not math.isnan(q[name]) for q in per_query)
        else float("nan")
        for name in names
    }
