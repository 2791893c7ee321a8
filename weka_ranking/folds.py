"""WEKA's cross-validation fold sequence, reproduced exactly.

``Evaluation.crossValidateModel`` copies the data, calls
``randomize(new Random(seed))`` and ``stratify(folds)``, then takes fold i as
``trainCV(folds, i, random)`` (which shuffles the training part with the same
``Random``) and ``testCV(folds, i)``. This module replays that sequence on row
indices, with ``java.util.Random`` reimplemented, so a fold here holds the
same instances, in the same order, as the fold the WEKA Explorer makes.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

_MULTIPLIER = 0x5DEECE66D
_ADDEND = 0xB
_MASK = (1 << 48) - 1


class JavaRandom:
    """``java.util.Random``: the same seed gives the same numbers as Java."""

    def __init__(self, seed: int) -> None:
        self._seed = (seed ^ _MULTIPLIER) & _MASK

    def _next(self, bits: int) -> int:
        self._seed = (self._seed * _MULTIPLIER + _ADDEND) & _MASK
        value = (self._seed >> (48 - bits)) & 0xFFFFFFFF  # Java's (int) cast
        return value - (1 << 32) if value >= 1 << 31 else value

    def next_int(self, bound: int) -> int:
        """``nextInt(bound)``: uniform in [0, bound)."""
        if bound <= 0:
            raise ValueError(f"bound must be positive, got {bound!r}")
        r = self._next(31)
        m = bound - 1
        if bound & m == 0:
            return (bound * r) >> 31
        u = r
        while True:
            r = u % bound
            if u - r + m < 1 << 31:  # Java's int overflow test
                return r
            u = self._next(31)


def randomize(order: list[int], random: JavaRandom) -> None:
    """``Instances.randomize``: a Fisher-Yates shuffle from the end, in place."""
    for j in range(len(order) - 1, 0, -1):
        k = random.next_int(j + 1)
        order[j], order[k] = order[k], order[j]


def stratify(order: list[int], labels: np.ndarray, folds: int) -> list[int]:
    """``Instances.stratify`` for a nominal class: group, then deal round-robin."""
    order = list(order)
    index = 1
    while index < len(order):
        first = labels[order[index - 1]]
        for j in range(index, len(order)):
            if labels[order[j]] == first:
                order[index], order[j] = order[j], order[index]
                index += 1
        index += 1
    dealt: list[int] = []
    start = 0
    while len(dealt) < len(order):
        dealt.extend(order[start::folds])
        start += 1
    return dealt


def _fold_bounds(n: int, folds: int, fold: int) -> tuple[int, int]:
    size = n // folds
    if fold < n % folds:
        size += 1
        offset = fold
    else:
        offset = n % folds
    first = fold * (n // folds) + offset
    return first, first + size


def weka_folds(
    labels: np.ndarray, folds: int = 10, seed: int = 1
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Yield (train, test) row indices of each fold, in WEKA's order.

    Parameters
    ----------
    labels : ndarray of shape (n,)
        Class of each instance (any values that compare equal per class).
    folds : int, default=10
        Number of folds, from 2 to n.
    seed : int, default=1
        The seed of ``new Random(seed)``.
    """
    n = len(labels)
    if not 2 <= folds <= n:
        raise ValueError(
            f"folds must be between 2 and {n} (the instances), got {folds!r}"
        )
    random = JavaRandom(seed)
    order = list(range(n))
    randomize(order, random)
    order = stratify(order, np.asarray(labels), folds)
    for fold in range(folds):
        begin, end = _fold_bounds(n, folds, fold)
        train = order[:begin] + order[end:]
        randomize(train, random)
        yield (
            np.array(train, dtype=np.int64),
            np.array(order[begin:end], dtype=np.int64),
        )
