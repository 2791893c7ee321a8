"""Choices made on validation data only.

A grid of configurations, each rated on the validation part, the best kept.

With ``validation`` (LETOR's validation part) the configurations are rated
on it by its ``rate``. Without one (a binary task's training fold) an
inner validation split is drawn from the training data, stratified and
seeded; the best configuration, with the rounds it kept, is then refitted
on the whole training data.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from weka_ranking.data import Dataset
from weka_ranking.estimator import (
    Ranker,
    Ranking,
    Validation,
    array_dataset,
    as_validation,
    check_arrays,
    clone,
    input_name,
)
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


class GridSearch(Ranker):
    """Every combination of ``grid`` rated on validation data; the best is kept.

    Each combination of ``grid`` (parameter -> values) is set on a copy of
    ``estimator``; the best (``best_estimator_``, ``best_params_``,
    ``validation_score_``) is the one that ranks.

    Parameters
    ----------
    estimator : ranker
        Any ranker of the package (the reduction, a peer, AdaRank, ...).
    grid : dict of str to list
        The values of each parameter to try.
    validation_fraction : float, default=0.2
        Without ``validation`` in ``fit``: the share of each class of the
        training data held out to choose on.
    seed : int, default=1
        Seeds that inner split.
    """

    def __init__(
        self,
        estimator: Any,
        grid: dict[str, list],
        *,
        validation_fraction: float = 0.2,
        seed: int = 1,
    ) -> None:
        self.estimator = estimator
        self.grid = grid
        self.validation_fraction = validation_fraction
        self.seed = seed

    @property
    def classname(self) -> str:
        return self.estimator.classname

    def fit(self, X, y=None, *, group=None, validation=None) -> GridSearch:
        """Fit every configuration, rate it on ``validation``, keep the best.

        ``validation`` is held-out ``(X, y, group)``, rated by its ``rate``, else by
        each model's own choice and AUC; without ``validation`` an inner split of a
        binary task's training data, the best then refitted on all.
        """
        validation = as_validation(validation)
        inner = validation is None
        data, labels = X, y
        if inner:  # a binary task: validation drawn from the training data
            if not isinstance(X, Dataset):
                features = check_arrays(None, X, y, fitting=True)
                X = array_dataset(
                    features.X,
                    features.y,
                    source=input_name(X),
                    attributes=features.attributes,
                )
                y = None
            fit_rows, valid_rows = inner_split(X.y, self.validation_fraction, self.seed)
            X, valid = X.subset(fit_rows), X.subset(valid_rows)
            validation = Validation(valid, valid.y, None)
        if validation.rate is None:
            valid_y = validation.y
            validation = validation._replace(rate=lambda s: auc(valid_y, s))
        names = list(self.grid)
        grid_scores: list[tuple[dict, float]] = []
        best = None
        for values in itertools.product(*(self.grid[n] for n in names)):
            params = dict(zip(names, values))
            model = clone(self.estimator).set_params(**params)
            model.fit(X, y, group=group, validation=validation)
            scores = model.ranking(validation.X, group=validation.group).scores
            rating = validation.rate(scores)
            kept = {"rounds": model.rounds_} if hasattr(model, "rounds_") else {}
            grid_scores.append(({**params, **kept}, rating))
            if best is None or rating > best[1]:
                best = (model, rating, {**params, **kept})
        model, self.validation_score_, self.best_params_ = best
        if inner:  # refit the chosen configuration on all the training data
            chosen = clone(self.estimator).set_params(**self.best_params_)
            model = chosen.fit(data, labels, group=group)
        self.grid_scores_ = grid_scores
        self.best_estimator_ = model
        return self

    def ranking(self, X, *, group=None) -> Ranking:
        """The best configuration's ranking."""
        self._check_fitted()
        return self.best_estimator_.ranking(X, group=group)

    def to_options(self) -> str:
        """The chosen configuration's options, then the grid searched."""
        grid = " ".join(f"{n}={'|'.join(map(str, v))}" for n, v in self.grid.items())
        chosen = getattr(self, "best_estimator_", None)
        return f"{chosen.to_options() if chosen else ''} grid: {grid}".strip()
