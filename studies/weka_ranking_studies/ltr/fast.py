"""Metrics of many queries at once.

For rankers that evaluate thousands of candidate weightings (AdaRank, the genetic
ranker). Equal, query by query, to :mod:`weka_ranking.metrics` (a test checks it).
"""

from __future__ import annotations

import numpy as np

from weka_ranking.metrics import discounts
from weka_ranking_studies.ltr.data import GroupedDataset


class QueryMatrix:
    """The labels of every query padded into one (queries x longest) matrix."""

    def __init__(self, grouped: GroupedDataset, definition: str = "standard") -> None:
        self.groups = grouped.queries()
        width = max(len(g) for g in self.groups)
        self.index = np.full((len(self.groups), width), -1, dtype=np.int64)
        for q, rows in enumerate(self.groups):
            self.index[q, : len(rows)] = rows
        self.valid = self.index >= 0
        self.lengths = self.valid.sum(axis=1)
        labels = np.where(self.valid, grouped.labels[np.maximum(self.index, 0)], 0)
        self.gains = 2.0**labels - 1
        self.relevant = (labels >= 1) & self.valid
        self.discounts = discounts(width, definition)
        self.definition = definition
        ideal = -np.sort(-self.gains, axis=1)
        self.ideal_cumulative = np.cumsum(ideal * self.discounts, axis=1)

    def _order(self, scores: np.ndarray) -> np.ndarray:
        padded = np.where(self.valid, scores[np.maximum(self.index, 0)], -np.inf)
        return np.argsort(-padded, axis=1, kind="stable")

    def ndcg(self, scores: np.ndarray, k: int) -> np.ndarray:
        order = self._order(scores)
        gains = np.take_along_axis(self.gains, order, axis=1)[:, :k]
        top = min(k, gains.shape[1])
        dcg = (gains * self.discounts[:top]).sum(axis=1)
        ideal = self.ideal_cumulative[:, top - 1]
        # A query shorter than k stops at its own length, ideal included.
        ideal = np.where(
            self.lengths < top,
            self.ideal_cumulative[
                np.arange(len(ideal)), np.maximum(self.lengths - 1, 0)
            ],
            ideal,
        )
        values = np.divide(dcg, ideal, out=np.zeros_like(dcg), where=ideal > 0)
        if self.definition == "letor4":
            values = np.where(self.lengths < k, 0.0, values)
        return values

    def average_precision(self, scores: np.ndarray) -> np.ndarray:
        relevant = np.take_along_axis(self.relevant, self._order(scores), axis=1)
        hits = np.cumsum(relevant, axis=1)
        positions = np.arange(1, relevant.shape[1] + 1)
        total = relevant.sum(axis=1)
        sums = (relevant * hits / positions).sum(axis=1)
        return np.divide(sums, total, out=np.zeros_like(sums), where=total > 0)

    def measure(self, scores: np.ndarray, metric: str) -> np.ndarray:
        """Per-query values of ``map`` or ``ndcg@k``."""
        if metric == "map":
            return self.average_precision(scores)
        return self.ndcg(scores, int(metric.split("@")[1]))
