"""Choices made on validation data only: a grid of configurations, each
rated on the validation part, the best kept.

With an ``eval_set`` (LETOR's validation part) the configurations are rated
on it by ``eval_metric``. Without one (a binary task's training fold) an
inner validation split is drawn from the training data, stratified and
seeded; the best configuration, with the rounds it kept, is then refitted
on the whole training data.
"""

from __future__ import annotations

import inspect
import itertools
from typing import Any

import numpy as np

from weka_ranking.estimator import Estimator, clone
from weka_ranking.metrics import auc


def inner_split(
    y: np.ndarray, fraction: float, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """Row indices (fit, validation), each class split in the same ratio."""
    rng = np.random.default_rng(seed)
    fit, valid = [], []
    for label in np.unique(y):
        rows = rng.permutation(np.flatnonzero(y == label))
        cut = max(1, int(round(fraction * len(rows))))
        valid.append(rows[:cut])
        fit.append(rows[cut:])
    return np.sort(np.concatenate(fit)), np.sort(np.concatenate(valid))


def _accepts(estimator, name: str) -> bool:
    return name in inspect.signature(estimator.fit).parameters


class GridSearch(Estimator):
    """Every combination of ``grid`` (parameter -> values) set on a copy of
    ``estimator`` and rated on validation data; the best is kept
    (``best_estimator_``, ``best_params_``, ``validation_score_``) and ranks."""

    def __init__(
        self,
        estimator: Any,
        grid: dict[str, list],
        validation_fraction: float = 0.2,
        seed: int = 1,
    ) -> None:
        self.estimator = estimator
        self.grid = grid
        self.validation_fraction = validation_fraction
        self.seed = seed

    @property
    def classname(self) -> str:
        return type(self.estimator).classname

    def _fit_one(self, params, X, y, group, eval_set, eval_metric):
        model = clone(self.estimator).set_params(**params)
        extra = {"group": group} if group is not None else {}
        if _accepts(model, "eval_set"):
            extra |= {"eval_set": eval_set, "eval_metric": eval_metric}
        return model.fit(X, y, **extra) if y is not None else model.fit(X, **extra)

    def fit(self, X, y=None, group=None, eval_set=None, eval_metric=None) -> GridSearch:
        inner = eval_set is None
        data = X
        if inner:  # a binary task: validation drawn from the training data
            fit_rows, valid_rows = inner_split(X.y, self.validation_fraction, self.seed)
            X, valid = data.subset(fit_rows), data.subset(valid_rows)
            eval_set = (valid, valid.y, None)
            eval_metric = eval_metric or (lambda scores: auc(valid.y, scores))
        names = list(self.grid)
        self.grid_scores_: list[tuple[dict, float]] = []
        best = None
        for values in itertools.product(*(self.grid[n] for n in names)):
            params = dict(zip(names, values))
            model = self._fit_one(params, X, y, group, eval_set, eval_metric)
            scores = model.ranking(eval_set[0], group=eval_set[2]).scores
            rating = eval_metric(scores)
            kept = {"rounds": model.rounds_} if hasattr(model, "rounds_") else {}
            self.grid_scores_.append(({**params, **kept}, rating))
            if best is None or rating > best[1]:
                best = (model, rating, {**params, **kept})
        model, self.validation_score_, self.best_params_ = best
        if inner:  # refit the chosen configuration on all the training data
            model = clone(self.estimator).set_params(**self.best_params_).fit(data)
        self.best_estimator_ = model
        return self

    def ranking(self, X, group=None):
        self._check_fitted()
        return self.best_estimator_.ranking(X, group=group)

    def to_options(self) -> str:
        """The chosen configuration's options, then the grid searched."""
        grid = " ".join(f"{n}={'|'.join(map(str, v))}" for n, v in self.grid.items())
        chosen = getattr(self, "best_estimator_", None)
        return f"{chosen.to_options() if chosen else ''} grid: {grid}".strip()
