"""Choices made on the validation queries only: a grid of configurations,
each with its rounds chosen by the same rating, the best one kept."""

from __future__ import annotations

import itertools
from typing import Any

from weka_ranking.estimator import Estimator, clone


class GridSearch(Estimator):
    """Every combination of ``grid`` (parameter -> values) set on a copy of
    ``estimator``, fitted, and rated on ``eval_set`` by ``eval_metric``; the
    best is kept (``best_estimator_``, ``best_params_``) and ranks."""

    def __init__(self, estimator: Any, grid: dict[str, list]) -> None:
        self.estimator = estimator
        self.grid = grid

    @property
    def classname(self) -> str:
        return type(self.estimator).classname

    @property
    def seed(self) -> int:
        return self.estimator.seed

    def fit(self, X, y, group, eval_set, eval_metric) -> GridSearch:
        names = list(self.grid)
        self.grid_scores_: list[tuple[dict, float]] = []
        best = None
        for values in itertools.product(*(self.grid[n] for n in names)):
            params = dict(zip(names, values))
            model = clone(self.estimator).set_params(**params)
            model.fit(X, y, group, eval_set=eval_set, eval_metric=eval_metric)
            rating = eval_metric(model.ranking(eval_set[0], group=eval_set[2]).scores)
            self.grid_scores_.append(({**params, "rounds": model.rounds_}, rating))
            if best is None or rating > best[1]:
                best = (model, rating, params)
        self.best_estimator_, self.validation_score_, self.best_params_ = best
        return self

    def ranking(self, X, group=None):
        self._check_fitted()
        return self.best_estimator_.ranking(X, group=group)

    def to_options(self) -> str:
        """The chosen configuration's options, then the grid searched."""
        grid = " ".join(f"{n}={'|'.join(map(str, v))}" for n, v in self.grid.items())
        chosen = (
            self.best_estimator_.to_options()
            if hasattr(self, "best_estimator_")
            else ""
        )
        return f"{chosen} grid: {grid}".strip()
