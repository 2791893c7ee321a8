"""AUC-Train pairing (Balcan et al., Algorithm 1) and its sampling, as index arrays.

A pair (a, b) stands for the pair instance A(a) || A(b). Its label is 1 when
a is positive and b negative, else 0: the monograph's ``1(C(a) < C(b))`` with
its class 0 being our positive class, the one that ranks first. Only pairs
of different classes are formed, in both orders, so every pair set is
exactly balanced.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Bounds the random matrix drawn per block of rows when sampling.
_SAMPLE_BLOCK = 1 << 22


@dataclass(frozen=True)
class Pairs:
    """Ordered pairs of row indices with their labels."""

    left: np.ndarray
    right: np.ndarray
    label: np.ndarray

    def __len__(self) -> int:
        return len(self.left)


def count_all_pairs(y: np.ndarray) -> int:
    """2 |S0| |S1|: the size of the full pair set."""
    positives = int(np.count_nonzero(y))
    return 2 * positives * (len(y) - positives)


def _partition(y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    y = np.asarray(y)
    positives = np.flatnonzero(y == 1)
    negatives = np.flatnonzero(y == 0)
    if len(positives) == 0 or len(negatives) == 0:
        raise ValueError(
            "the training data holds one class only "
            f"({len(positives)} positive, {len(negatives)} negative instances): "
            "no pair of different classes can be formed"
        )
    return positives, negatives


def _block(first: np.ndarray, second: np.ndarray, label: int) -> Pairs:
    left = np.repeat(first, len(second))
    right = np.tile(second, len(first))
    return Pairs(left, right, np.full(len(left), label, dtype=np.int8))


def _concat(parts: list[Pairs]) -> Pairs:
    return Pairs(
        np.concatenate([p.left for p in parts]),
        np.concatenate([p.right for p in parts]),
        np.concatenate([p.label for p in parts]),
    )


def all_pairs(y: np.ndarray) -> Pairs:
    """Every mixed-class pair in both orders: S1 x S0 (label 1), then S0 x S1.

    Within a block the first element varies slowest and both follow the
    order of ``y``, as the monograph's nested loops do.
    """
    positives, negatives = _partition(y)
    return _concat([_block(positives, negatives, 1), _block(negatives, positives, 0)])


def _draw(
    first: np.ndarray, second: np.ndarray, p: int, label: int, rng: np.random.Generator
) -> Pairs:
    if p >= len(second):
        return _block(first, second, label)
    rows_per_block = max(1, _SAMPLE_BLOCK // len(second))
    chosen = []
    for start in range(0, len(first), rows_per_block):
        keys = rng.random((min(rows_per_block, len(first) - start), len(second)))
        # p smallest keys per row: a uniform p-subset, without replacement.
        picked = np.argpartition(keys, p - 1, axis=1)[:, :p]
        chosen.append(np.sort(picked, axis=1))
    right = second[np.concatenate(chosen).ravel()]
    left = np.repeat(first, p)
    return Pairs(left, right, np.full(len(left), label, dtype=np.int8))


def sample_pairs(y: np.ndarray, p: int, rng: np.random.Generator) -> Pairs:
    """Algorithm 3's sample: each instance first in p pairs with the other class.

    Each positive instance is paired with p negatives drawn without
    replacement (all of them if there are fewer than p), and each negative
    with p positives likewise.
    """
    if p < 1:
        raise ValueError(f"pairs per instance must be >= 1, got {p!r}")
    positives, negatives = _partition(y)
    return _concat(
        [_draw(positives, negatives, p, 1, rng), _draw(negatives, positives, p, 0, rng)]
    )


def ordered_pairs_block(n: int, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
    """All (i, j), i != j, for i in [start, stop): a block of a tournament."""
    rows = np.arange(start, stop)
    left = np.repeat(rows, n - 1)
    offsets = np.tile(np.arange(n - 1), stop - start)
    # Skip the diagonal: j runs over 0..n-1 without i.
    right = offsets + (offsets >= left)
    return left, right


def pair_memory_bytes(n_pairs: int, n_features: int) -> int:
    """JVM heap that n pair instances and a learner's copy of them need, roughly.

    A DenseInstance of 2m + 1 doubles costs 16m + 72 bytes with its object
    headers and list slot; learners commonly hold as much again (sorted
    indices, a numeric matrix), hence the factor 2.
    """
    return 2 * n_pairs * (16 * n_features + 72)


def grouped_pairs(
    labels: np.ndarray, groups: list[np.ndarray], p: int | str, rng: np.random.Generator
) -> Pairs:
    """Pairs of documents of the same query with different labels, both orders.

    The label of (a, b) is 1 when a is more relevant than b. With ``p`` an
    integer, each document is first in p pairs with documents of its query
    of another label, drawn without replacement (all of them if fewer).
    """
    lefts, rights = [], []
    for rows in groups:
        grades = labels[rows]
        differs = grades[:, None] != grades[None, :]
        if p == "all":
            a, b = np.nonzero(differs)
        else:
            a_parts, b_parts = [], []
            for i in range(len(rows)):
                others = np.flatnonzero(differs[i])
                if len(others) > p:
                    others = np.sort(rng.choice(others, p, replace=False))
                a_parts.append(np.full(len(others), i))
                b_parts.append(others)
            a = np.concatenate(a_parts) if a_parts else np.empty(0, np.int64)
            b = np.concatenate(b_parts) if b_parts else np.empty(0, np.int64)
        lefts.append(rows[a])
        rights.append(rows[b])
    left, right = np.concatenate(lefts), np.concatenate(rights)
    return Pairs(left, right, (labels[left] > labels[right]).astype(np.int8))
