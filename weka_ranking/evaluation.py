"""Cross-validation measured as WEKA measures it (AUC: :mod:`weka_ranking.metrics`)."""

from __future__ import annotations

import logging
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

import numpy as np

from weka_ranking.data import Dataset
from weka_ranking.errors import DataError
from weka_ranking.folds import weka_folds
from weka_ranking.metrics import auc
from weka_ranking.model import RankingReduction, clone

logger = logging.getLogger(__name__)


@dataclass
class FoldResult:
    """One fold: its AUC and what it cost."""

    fold: int
    auc: float
    n_train: int
    n_test: int
    n_pairs: int
    comparisons: int
    seconds: float


@dataclass
class CVResult:
    """A cross-validation: per-fold AUCs, mean, sample variance, pooled AUC."""

    folds: list[FoldResult] = field(default_factory=list)
    pooled_auc: float = float("nan")
    seconds: float = 0.0
    # Every test fold's rows (indices into the data) and scores, in fold order.
    rows: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    scores: np.ndarray = field(default_factory=lambda: np.empty(0))

    @property
    def fold_aucs(self) -> list[float]:
        return [f.auc for f in self.folds]

    @property
    def mean_auc(self) -> float:
        return statistics.fmean(self.fold_aucs)

    @property
    def variance(self) -> float:
        """Sample variance (n - 1) of the per-fold AUCs: the monograph's number."""
        return (
            statistics.variance(self.fold_aucs) if len(self.folds) > 1 else float("nan")
        )

    def to_dict(self) -> dict:
        return {
            "fold_aucs": self.fold_aucs,
            "mean_auc": self.mean_auc,
            "variance": self.variance,
            "pooled_auc": self.pooled_auc,
            "seconds": self.seconds,
            "per_fold": [asdict(f) for f in self.folds],
        }


def cross_validate(
    estimator: RankingReduction,
    data: Dataset,
    folds: int = 10,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> CVResult:
    """Cross-validate on WEKA's own fold sequence (``crossValidateModel``).

    Each fold trains a clone of the estimator on ``trainCV(folds, i, random)``
    (same instances, same order as WEKA) and ranks ``testCV(folds, i)``. The
    fold sequence's seed is ``seed``, by default the estimator's own (as
    ``cv --seed`` seeds both). The pooled AUC is over all folds' scores at
    once, as WEKA's Evaluation reports it after a cross-validation.
    """
    seed = estimator.seed if seed is None else seed
    minority = int(min(np.count_nonzero(data.y), len(data) - np.count_nonzero(data.y)))
    if not 2 <= folds <= len(data):
        raise DataError(
            f"{data.source}: --folds must be between 2 and {len(data)} "
            f"(the instances), got {folds}"
        )
    if minority < 2:
        raise DataError(
            f"{data.source}: {minority} instances of the minority class: "
            "cross-validation needs at least 2 (one per fold, at least 2 folds)"
        )
    if folds > minority:
        raise DataError(
            f"{data.source}: --folds {folds} is more than the {minority} instances of "
            f"the minority class: some test folds would have none and no AUC; use "
            f"--folds {minority} or fewer"
        )
    result = CVResult()
    pooled_y, pooled_scores, pooled_rows = [], [], []
    started = time.perf_counter()
    for i, (train, test) in enumerate(weka_folds(data.y, folds, seed)):
        fold_started = time.perf_counter()
        test_data = data.subset(test)
        model = clone(estimator)
        try:
            model.fit(data.subset(train))
        except ValueError as err:
            raise DataError(f"{data.source}: fold {i + 1} of {folds}: {err}") from None
        ranking = model.ranking(test_data)
        result.folds.append(
            FoldResult(
                fold=i,
                auc=auc(test_data.y, ranking.scores),
                n_train=len(train),
                n_test=len(test),
                n_pairs=sum(model.n_pairs_),
                comparisons=ranking.comparisons,
                seconds=time.perf_counter() - fold_started,
            )
        )
        pooled_y.append(test_data.y)
        pooled_scores.append(ranking.scores)
        pooled_rows.append(np.asarray(test))
        if progress is not None:
            progress(i + 1, folds)
    result.rows = np.concatenate(pooled_rows)
    result.scores = np.concatenate(pooled_scores)
    result.pooled_auc = auc(np.concatenate(pooled_y), result.scores)
    result.seconds = time.perf_counter() - started
    return result
