"""Rankers over a pairwise comparator, in pure numpy (no JVM here).

A comparator takes two index arrays and answers, per pair, whether the
first instance beats the second (c(x, x') = 1). Every ranker asks it in
large batches. Scores lie in [0, 1] and the higher ranks first, so scores of
sets of different sizes (folds) can be pooled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from weka_ranking.pairs import ordered_pairs_block

Comparator = Callable[[np.ndarray, np.ndarray], np.ndarray]

PAIRWISE_RANKERS = ("tournament", "tournament-as-printed", "quicksort")
RANKERS = ("pointwise", *PAIRWISE_RANKERS)
TIES = ("stable", "random")

# Ordered pairs per comparator batch: bounds memory (about 50 bytes a pair).
BATCH_PAIRS = 1 << 20


@dataclass(frozen=True)
class Ranking:
    """An order (indices, best first), its scores, and the comparator calls made."""

    order: np.ndarray
    scores: np.ndarray
    comparisons: int


def _tournament_blocks(n: int, compare: Comparator, batch: int):
    rows = max(1, batch // max(n - 1, 1))
    for start in range(0, n, rows):
        left, right = ordered_pairs_block(n, start, min(n, start + rows))
        yield left, right, np.asarray(compare(left, right), dtype=bool)


def tournament_scores(
    n: int, compare: Comparator, batch: int = BATCH_PAIRS
) -> np.ndarray:
    """Balcan et al.'s degree: the share of the n-1 others that x beats as first."""
    degree = np.zeros(n, dtype=np.int64)
    for left, _, wins in _tournament_blocks(n, compare, batch):
        degree += np.bincount(left[wins], minlength=n)
    return degree / max(n - 1, 1)


def as_printed_scores(
    n: int, compare: Comparator, batch: int = BATCH_PAIRS
) -> np.ndarray:
    """The monograph's Algorithm 4 as printed, rescaled to [0, 1].

    For every ordered pair (a, b): ``score[a] += 1`` if c(a, b) = 1, else
    ``score[b] -= 1``. A consistent pair leaves both scores unchanged.
    """
    score = np.zeros(n, dtype=np.int64)
    for left, right, wins in _tournament_blocks(n, compare, batch):
        score += np.bincount(left[wins], minlength=n)
        score -= np.bincount(right[~wins], minlength=n)
    # score lies in [-(n-1), n-1]: each x meets n-1 others in each position.
    return (score + max(n - 1, 1)) / (2 * max(n - 1, 1))


def quicksort(n: int, compare: Comparator, rng: np.random.Generator) -> Ranking:
    """Ailon and Mohri's randomized QuickSort with the comparator.

    All comparisons of one recursion level (each element against its own
    part's pivot, chosen uniformly at random) go to the comparator in one
    batch, so a ranking takes O(log n) batches. Each element is compared
    with its pivot both ways: it goes before the pivot when it beats the
    pivot and is not beaten by it, after in the mirror case, and otherwise
    (neither beats the other, or both do) it ties with the pivot, sharing its
    place and score as equal degrees do in a tournament. A pair classifier
    trained on mixed pairs often answers "no" both ways, or "yes" both ways,
    for instances alike; without the tie group a set of such instances costs
    QuickSort quadratic time. Calls: about 4 n ln n (twice the classic 2 n ln
    n) for a tie-free consistent comparator, fewer with ties.
    """
    parts = [np.arange(n)]
    tied = np.zeros(n, dtype=bool)  # True: shares the place of the one before
    comparisons = 0
    while any(len(part) > 1 and not _is_group(part, tied) for part in parts):
        lefts, rights, splits = [], [], []
        for part in parts:
            if len(part) <= 1 or _is_group(part, tied):
                splits.append(None)
                continue
            k = int(rng.integers(len(part)))
            others = np.delete(part, k)
            lefts.append(others)
            rights.append(np.full(len(others), part[k]))
            splits.append((part[k], others))
        left, right = np.concatenate(lefts), np.concatenate(rights)
        # Both questions in one batch: x against its pivot, and back.
        answers = np.asarray(
            compare(np.concatenate([left, right]), np.concatenate([right, left])),
            dtype=bool,
        )
        beats, beaten = answers[: len(left)], answers[len(left) :]
        before, after = beats & ~beaten, beaten & ~beats
        comparisons += 2 * len(left)
        next_parts, offset = [], 0
        for part, split in zip(parts, splits):
            if split is None:
                next_parts.append(part)
                continue
            pivot, others = split
            wins = before[offset : offset + len(others)]
            loses = after[offset : offset + len(others)]
            offset += len(others)
            group = np.concatenate([[pivot], others[~wins & ~loses]])
            tied[group[0]] = False
            tied[group[1:]] = True
            next_parts.extend([others[wins], group, others[loses]])
        parts = [part for part in next_parts if len(part)]
    order = np.concatenate(parts) if parts else np.arange(0)
    place = np.cumsum(~tied[order]) - 1
    scores = np.empty(n, dtype=np.float64)
    scores[order] = 1.0 - place / max(n - 1, 1)
    return Ranking(order, scores, comparisons)


def _is_group(part: np.ndarray, tied: np.ndarray) -> bool:
    """A part that is a pivot with the elements tied to it: nothing to sort."""
    return len(part) > 1 and not tied[part[0]] and bool(tied[part[1:]].all())


def order_by_scores(
    scores: np.ndarray, ties: str, rng: np.random.Generator
) -> np.ndarray:
    """Indices by decreasing score; equal scores keep input order ("stable") or
    a seeded random order ("random")."""
    if ties == "stable":
        return np.argsort(-scores, kind="stable")
    if ties == "random":
        shuffled = rng.permutation(len(scores))
        return shuffled[np.argsort(-scores[shuffled], kind="stable")]
    raise ValueError(f"ties must be one of {TIES}, got {ties!r}")


def rank_pairwise(
    ranker: str, n: int, compare: Comparator, ties: str, rng: np.random.Generator
) -> Ranking:
    """Rank n instances with one of :data:`PAIRWISE_RANKERS`."""
    if ranker == "quicksort":
        return quicksort(n, compare, rng)
    if ranker == "tournament":
        scores = tournament_scores(n, compare)
    elif ranker == "tournament-as-printed":
        scores = as_printed_scores(n, compare)
    else:
        raise ValueError(f"ranker must be one of {PAIRWISE_RANKERS}, got {ranker!r}")
    return Ranking(order_by_scores(scores, ties, rng), scores, n * (n - 1))
