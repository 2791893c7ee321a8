"""The binary ranking data set: features, class, and the WEKA header's facts.

A :class:`Dataset` holds the features as a float matrix (NaN = missing,
nominal = index into the attribute's values, as WEKA stores them), the binary
class as ``y`` (1 = the positive class, which ranks first) and what is needed
to rebuild the WEKA header. Files are read by :mod:`weka_ranking.arff`; the
built-in tasks are in :mod:`weka_ranking.tasks`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Attribute:
    """One feature: numeric when ``values`` is None, else nominal."""

    name: str
    values: tuple[str, ...] | None = None

    @property
    def is_nominal(self) -> bool:
        return self.values is not None


@dataclass(frozen=True, eq=False)
class Dataset:
    """A binary ranking data set.

    Attributes
    ----------
    X : ndarray of shape (n, m), float64
        Features; NaN is a missing value, a nominal value is its index.
    y : ndarray of shape (n,), int8
        1 for the positive class, 0 for the other.
    attributes : tuple of Attribute
        The m features, in file order, class excluded.
    class_name : str
        Name of the class attribute.
    class_values : tuple of two str
        The binary class attribute's values in WEKA's order.
    positive_index : int
        Index of the positive class in ``class_values``.
    relation : str
        The ARFF relation name.
    source : str
        Where the data came from (a path, or a description).
    rows : ndarray of shape (n,), int64
        Each instance's 0-based row number among the file's data rows.
    labelled : ndarray of shape (n,), bool
        False where the file gives no class (kept only in data to rank;
        ``y`` is 0 there).
    dropped : tuple of str
        String, date and relational attributes of the file left out.
    labels : ndarray of shape (n,), object
        Each instance's class value as the file gives it (before classes are
        merged into ``rest``), ``?`` where it is missing.
    """

    X: np.ndarray
    y: np.ndarray
    attributes: tuple[Attribute, ...]
    class_name: str
    class_values: tuple[str, str]
    positive_index: int
    relation: str = "data"
    source: str = ""
    rows: np.ndarray = field(default=None)  # type: ignore[assignment]
    labelled: np.ndarray = field(default=None)  # type: ignore[assignment]
    dropped: tuple[str, ...] = ()
    labels: np.ndarray = field(default=None)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.rows is None:
            object.__setattr__(self, "rows", np.arange(len(self.y), dtype=np.int64))
        if self.labelled is None:
            object.__setattr__(self, "labelled", np.ones(len(self.y), dtype=bool))
        if self.labels is None:
            named = np.array(self.class_values, dtype=object)[self.class_index]
            object.__setattr__(self, "labels", np.where(self.labelled, named, "?"))

    def __len__(self) -> int:
        return len(self.y)

    def __repr__(self) -> str:
        positives = int(np.count_nonzero(self.y))
        return (
            f"Dataset({self.source or self.relation!r}: {len(self)} instances, "
            f"{positives} {self.positive}; {len(self.attributes)} features)"
        )

    @property
    def positive(self) -> str:
        return self.class_values[self.positive_index]

    @property
    def class_index(self) -> np.ndarray:
        """WEKA's class value index of each instance."""
        return self.y if self.positive_index == 1 else 1 - self.y

    def subset(self, indices: np.ndarray) -> Dataset:
        """The instances at ``indices``, in that order."""
        indices = np.asarray(indices, dtype=np.int64)
        return Dataset(
            X=self.X[indices],
            y=self.y[indices],
            attributes=self.attributes,
            class_name=self.class_name,
            class_values=self.class_values,
            positive_index=self.positive_index,
            relation=self.relation,
            source=self.source,
            rows=self.rows[indices],
            labelled=self.labelled[indices],
            dropped=self.dropped,
            labels=self.labels[indices],
        )


def header_difference(
    expected: tuple[Attribute, ...], actual: tuple[Attribute, ...]
) -> str | None:
    """The first difference between two lists of features, or None if they match."""
    if len(expected) != len(actual):
        return f"{len(actual)} attributes where the training data has {len(expected)}"
    for i, (mine, theirs) in enumerate(zip(expected, actual)):
        if mine != theirs:
            return (
                f"attribute {i + 1} is {_describe(theirs)} where the training data "
                f"has {_describe(mine)}"
            )
    return None


def _describe(attribute: Attribute) -> str:
    if attribute.values is None:
        return f"'{attribute.name}' numeric"
    return f"'{attribute.name}' {{{','.join(attribute.values)}}}"
