"""The estimator contract every ranker here follows, after scikit-learn's:
parameters in ``__init__`` (``get_params`` / ``set_params`` / ``clone``),
``fit`` returning self, learned state with a trailing underscore, and
``ranking(X, group=...)`` giving a :class:`Ranking`."""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

import numpy as np

from weka_ranking.data import Attribute, Dataset
from weka_ranking.errors import DataError


class Estimator:
    """Parameters read from ``__init__``'s signature, as scikit-learn does."""

    @classmethod
    def _param_names(cls) -> list[str]:
        signature = inspect.signature(cls.__init__)
        return [name for name in signature.parameters if name != "self"]

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._param_names()}

    def set_params(self, **params: Any):
        for name, value in params.items():
            if name not in self._param_names():
                raise ValueError(
                    f"unknown parameter {name!r} for {type(self).__name__}"
                )
            setattr(self, name, value)
        return self

    def __repr__(self) -> str:
        defaults = inspect.signature(type(self).__init__).parameters
        changed = [
            f"{name}={value!r}"
            for name, value in self.get_params().items()
            if value != defaults[name].default
        ]
        return f"{type(self).__name__}({', '.join(changed)})"

    def _check_fitted(self) -> None:
        if not any(k.endswith("_") and not k.startswith("_") for k in vars(self)):
            raise NotFittedError(
                f"this {type(self).__name__} is not fitted yet: call fit first"
            )


def clone(estimator):
    """An unfitted estimator with the same parameters (scikit-learn's ``clone``)."""
    return type(estimator)(**estimator.get_params())


class NotFittedError(ValueError, AttributeError):
    """A predict-type method was called before ``fit``."""


@dataclass(frozen=True)
class Ranking:
    """An order (indices, best first), its scores, and the comparator calls made."""

    order: np.ndarray
    scores: np.ndarray
    comparisons: int

    def to_csv(self, data: Dataset) -> str:
        """``instance,score,rank,class``, best first: the instance's 1-based
        row in its file, its score, its rank and its class label in the file."""
        lines = ["instance,score,rank,class"]
        for position, i in enumerate(self.order):
            label = data.labels[i]
            if any(c in label for c in ',"\n'):
                label = '"' + label.replace('"', '""') + '"'
            row = int(data.rows[i]) + 1
            lines.append(f"{row},{float(self.scores[i])!r},{position + 1},{label}")
        return "\n".join(lines) + "\n"


def as_dataset(
    X: Dataset | np.ndarray, y: np.ndarray | None = None, require_labels: bool = False
) -> Dataset:
    """A Dataset as given, or one of numeric features from arrays (y in {0, 1})."""
    if isinstance(X, Dataset):
        if y is not None:
            raise TypeError("y must be None when X is a Dataset (it holds the class)")
        if require_labels and not X.labelled.all():
            raise DataError(
                f"{X.source or 'the data'}: {int((~X.labelled).sum())} instances have "
                "no class; training needs every class known"
            )
        return X
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"X must be 2-dimensional, got shape {X.shape}")
    if y is None:
        y = np.zeros(len(X), dtype=np.int8)
    y = np.asarray(y)
    if y.shape != (len(X),) or not np.isin(y, (0, 1)).all():
        raise ValueError(f"y must hold one 0 or 1 per row of X ({len(X)} rows)")
    attributes = tuple(Attribute(f"x{i + 1}") for i in range(X.shape[1]))
    return Dataset(X, y.astype(np.int8), attributes, "class", ("0", "1"), 1)
