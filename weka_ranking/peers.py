"""The rankers people would pick instead: XGBoost and LightGBM, as estimators.

Both follow the package's ranker contract (parameters in ``__init__``,
``fit(X, y, *, group=None, validation=None)`` returning self, learned state
with a trailing underscore, ``ranking(X, *, group=None)``), so that the one
evaluation loop of :mod:`weka_ranking.evaluation` runs them beside the
reduction: on a binary task (``bench``) the training fold is one query; on
query-grouped data (``ltr``) ``group`` gives each row's query. With
``validation`` the rounds are chosen on it, never on the test data: by its
``rate`` among multiples of ten rounds, or without one by early stopping on
the library's NDCG@10.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from weka_ranking.data import Dataset
from weka_ranking.estimator import Ranker, Ranking, as_validation


def group_sizes(group: np.ndarray | None, n: int) -> list[int]:
    """Sizes of the runs of equal query ids; without ids, one query of all n rows.

    The rows of a query are contiguous.
    """
    if group is None:
        return [n]
    group = np.asarray(group)
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    return np.diff(np.r_[starts, n]).tolist()


def _matrix(X) -> np.ndarray:
    return X.X if isinstance(X, Dataset) else np.asarray(X, dtype=np.float64)


def _labels(X, y) -> np.ndarray:
    return X.y if y is None and isinstance(X, Dataset) else np.asarray(y)


# Rounds are chosen on validation among multiples of this.
CHECKPOINT = 10


class ScoringRanker(Ranker):
    """A ranker that scores each row on its own.

    Its parameters, option string and ranking are shared by the peers and the LTR
    rankers.
    """

    classname = ""
    FIXED: dict[str, Any] = {}

    def _library_params(self) -> dict[str, Any]:
        return self.get_params()

    def to_options(self) -> str:
        """The library's own parameters, canonical: the record's scheme."""
        params = {**self.FIXED, **self._library_params()}
        if hasattr(self, "rounds_"):
            params["rounds"] = self.rounds_
        return " ".join(f"{k}={v}" for k, v in sorted(params.items()))

    def ranking(self, X, *, group: np.ndarray | None = None) -> Ranking:
        """Scores (higher first) and the order; within a query when grouped."""
        self._check_fitted()
        scores = np.asarray(self._predict(_matrix(X)), dtype=np.float64)
        return Ranking(np.argsort(-scores, kind="stable"), scores, 0)

    def _predict(self, X: np.ndarray) -> np.ndarray:
        return self._predict_at(X, self.rounds_)

    def _choose_rounds(self, validation) -> None:
        """The number of rounds whose validation scores its ``rate`` rates highest.

        The number is a multiple of ``CHECKPOINT``.
        """
        X = _matrix(validation.X)
        checkpoints = range(CHECKPOINT, self.rounds + 1, CHECKPOINT)
        rated = {r: validation.rate(self._predict_at(X, r)) for r in checkpoints}
        self.rounds_ = max(rated, key=lambda r: (rated[r], -r))
        self.validation_score_ = rated[self.rounds_]


class XGBoostRanker(ScoringRanker):
    """XGBoost with a ranking objective.

    The objective is ``rank:pairwise``, ``rank:ndcg`` or ``rank:map``; ``pairs`` is
    ``lambdarank_num_pair_per_sample``.
    """

    classname = "xgboost.train"
    FIXED = {"nthread": 1, "verbosity": 0}

    def __init__(
        self,
        objective: str = "rank:pairwise",
        *,
        rounds: int = 100,
        learning_rate: float = 0.3,
        max_depth: int = 6,
        min_child_weight: float = 1,
        pairs: int | None = None,
        early_stopping: int | None = None,
        seed: int = 1,
    ) -> None:
        self.objective = objective
        self.rounds = rounds
        self.learning_rate = learning_rate
        self.max_depth = max_depth
        self.min_child_weight = min_child_weight
        self.pairs = pairs
        self.early_stopping = early_stopping
        self.seed = seed

    def _library_params(self) -> dict[str, Any]:
        params = {
            "objective": self.objective,
            "eta": self.learning_rate,
            "max_depth": self.max_depth,
            "min_child_weight": self.min_child_weight,
            "seed": self.seed,
        }
        if self.objective.startswith("rank:"):
            params["eval_metric"] = "ndcg@10"
        if self.pairs is not None:
            params |= {
                "lambdarank_num_pair_per_sample": self.pairs,
                "lambdarank_pair_method": "mean",
            }
        return params

    def _dmatrix(self, X, y, group):
        import xgboost

        matrix = xgboost.DMatrix(
            _matrix(X), label=self._relevance(X, y), missing=np.nan
        )
        if self.objective.startswith("rank:"):
            matrix.set_group(group_sizes(group, matrix.num_row()))
        return matrix

    def _relevance(self, X, y):
        labels = _labels(X, y)
        # rank:map takes binary relevance (label >= 1 is relevant, as MAP says).
        return (labels >= 1).astype(int) if self.objective == "rank:map" else labels

    def fit(self, X, y=None, *, group=None, validation=None) -> XGBoostRanker:
        """Train, choosing the rounds on validation data when given.

        With ``validation`` (:class:`~weka_ranking.estimator.Validation`, or
        ``(X, y, group)``) and its ``rate`` the rounds are chosen by the rate, without a
        rate by ``early_stopping`` on XGBoost's own NDCG@10.
        """
        import xgboost

        validation = as_validation(validation)
        stopping = validation is not None and validation.rate is None
        evals = [(self._dmatrix(*validation[:3]), "valid")] if stopping else []
        self.booster_ = xgboost.train(
            {**self.FIXED, **self._library_params()},
            self._dmatrix(X, y, group),
            num_boost_round=self.rounds,
            evals=evals,
            early_stopping_rounds=self.early_stopping if evals else None,
            verbose_eval=False,
        )
        self.rounds_ = (
            self.booster_.best_iteration + 1
            if evals and self.early_stopping
            else self.rounds
        )
        if validation is not None and validation.rate is not None:
            self._choose_rounds(validation)
        return self

    def _predict_at(self, X: np.ndarray, rounds: int) -> np.ndarray:
        import xgboost

        return self.booster_.predict(
            xgboost.DMatrix(X, missing=np.nan), iteration_range=(0, rounds)
        )


class LightGBMRanker(ScoringRanker):
    """LightGBM ``lambdarank``, or ``binary``.

    ``binary`` is the classifier a user ranking by AUC would take. Nominal attributes of
    a Dataset are categorical. ``truncation_level`` is lambdarank's: LightGBM's default
    (30) looks at the top of each query only, too little when the whole training fold is
    one query, as on a binary task; ``"query"`` sets it to the query size.
    """

    classname = "lightgbm.train"
    FIXED = {"num_threads": 1, "verbosity": -1}

    def __init__(
        self,
        objective: str = "lambdarank",
        *,
        rounds: int = 100,
        learning_rate: float = 0.1,
        num_leaves: int = 31,
        min_data_in_leaf: int = 20,
        early_stopping: int | None = None,
        truncation_level: int | str | None = None,
        seed: int = 1,
    ) -> None:
        self.objective = objective
        self.truncation_level = truncation_level
        self.rounds = rounds
        self.learning_rate = learning_rate
        self.num_leaves = num_leaves
        self.min_data_in_leaf = min_data_in_leaf
        self.early_stopping = early_stopping
        self.seed = seed

    def _library_params(self) -> dict[str, Any]:
        ranking = self.objective == "lambdarank"
        params = {
            "objective": self.objective,
            "metric": "ndcg" if ranking else "auc",
            "learning_rate": self.learning_rate,
            "num_leaves": self.num_leaves,
            "min_data_in_leaf": self.min_data_in_leaf,
            "seed": self.seed,
        }
        if ranking:
            params["eval_at"] = 10
        if ranking and self.truncation_level is not None:
            params["lambdarank_truncation_level"] = self.truncation_level
        return params

    def _dataset(self, X, y, group, reference=None):
        import lightgbm

        nominal = [
            j for j, a in enumerate(getattr(X, "attributes", ())) if a.is_nominal
        ]
        sizes = group_sizes(group, len(_matrix(X)))
        return lightgbm.Dataset(
            _matrix(X),
            label=_labels(X, y),
            group=sizes if self.objective == "lambdarank" else None,
            categorical_feature=nominal or "auto",
            reference=reference,
        )

    def fit(self, X, y=None, *, group=None, validation=None) -> LightGBMRanker:
        """As :meth:`XGBoostRanker.fit`, with LightGBM's NDCG@10.

        LightGBM's own NDCG@10 is what ``early_stopping`` watches.
        """
        import lightgbm

        validation = as_validation(validation)
        train = self._dataset(X, y, group)
        stopping = validation is not None and validation.rate is None
        valid = [self._dataset(*validation[:3], reference=train)] if stopping else []
        stop = (
            [lightgbm.early_stopping(self.early_stopping, verbose=False)]
            if valid and self.early_stopping
            else []
        )
        params = {**self.FIXED, **self._library_params()}
        if self.truncation_level == "query":
            longest = max(group_sizes(group, len(_matrix(X))))
            params["lambdarank_truncation_level"] = longest
        self.booster_ = lightgbm.train(
            params,
            train,
            num_boost_round=self.rounds,
            valid_sets=valid,
            callbacks=stop,
        )
        self.rounds_ = self.booster_.best_iteration if stop else self.rounds
        if validation is not None and validation.rate is not None:
            self._choose_rounds(validation)
        return self

    def _predict_at(self, X: np.ndarray, rounds: int) -> np.ndarray:
        return self.booster_.predict(X, num_iteration=rounds)


class SklearnRanker(ScoringRanker):
    """A scikit-learn classifier ordering by its probability of the positive class.

    ``kind`` is ``"hist-gradient-boosting"`` (``HistGradientBoostingClassifier``,
    ``rounds`` boosting iterations) or ``"random-forest"``
    (``RandomForestClassifier``, ``rounds`` trees). Missing values (NaN) are
    both models' own; a nominal attribute is its value's index, as in the
    Dataset. Seeded by ``seed``, one thread.
    """

    KINDS = ("hist-gradient-boosting", "random-forest")

    def __init__(
        self,
        kind: str = "hist-gradient-boosting",
        *,
        rounds: int = 200,
        learning_rate: float = 0.1,
        max_leaf_nodes: int | None = 31,
        min_samples_leaf: int = 20,
        max_features: float | str = 1.0,
        seed: int = 1,
    ) -> None:
        self.kind = kind
        self.rounds = rounds
        self.learning_rate = learning_rate
        self.max_leaf_nodes = max_leaf_nodes
        self.min_samples_leaf = min_samples_leaf
        self.max_features = max_features
        self.seed = seed

    @property
    def classname(self) -> str:
        return {
            "hist-gradient-boosting": "sklearn.ensemble.HistGradientBoostingClassifier",
            "random-forest": "sklearn.ensemble.RandomForestClassifier",
        }[self.kind]

    def _library_params(self) -> dict[str, Any]:
        shared = {
            "min_samples_leaf": self.min_samples_leaf,
            "max_leaf_nodes": self.max_leaf_nodes,
            "random_state": self.seed,
        }
        if self.kind == "random-forest":
            return {
                **shared,
                "n_estimators": self.rounds,
                "max_features": self.max_features,
                "n_jobs": 1,
            }
        return {
            **shared,
            "max_iter": self.rounds,
            "learning_rate": self.learning_rate,
            "max_features": self.max_features,
            "early_stopping": False,
        }

    def fit(self, X, y=None, *, group=None, validation=None) -> SklearnRanker:
        """Fit the classifier on the rows; ``group`` and ``validation`` are unused.

        Columns missing in every training row are left out (scikit-learn's
        binning refuses them); one thread, as the other peers.
        """
        from sklearn import ensemble
        from threadpoolctl import threadpool_limits

        if self.kind not in self.KINDS:
            raise ValueError(f"kind must be one of {self.KINDS}, got {self.kind!r}")
        model = (
            ensemble.RandomForestClassifier
            if self.kind == "random-forest"
            else ensemble.HistGradientBoostingClassifier
        )
        features = _matrix(X)
        self.columns_ = np.flatnonzero(~np.isnan(features).all(axis=0))
        with threadpool_limits(1):
            self.model_ = model(**self._library_params()).fit(
                features[:, self.columns_], _labels(X, y)
            )
        return self

    def _predict(self, X: np.ndarray) -> np.ndarray:
        from threadpoolctl import threadpool_limits

        positive = list(self.model_.classes_).index(1)
        with threadpool_limits(1):
            return self.model_.predict_proba(X[:, self.columns_])[:, positive]
