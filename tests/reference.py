"""Small, slow reference versions of the Java method, as oracles for the tests.

The library's pairing and rankers live in the JVM
(``weka.classifiers.meta.rankingreduction``). These are the same rules in
plain Python and numpy, with ``java.util.Random`` replayed by
:class:`weka_ranking.folds.JavaRandom`, so the Java results must equal them
exactly, sampled pairs and QuickSort pivots included.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from weka_ranking.folds import JavaRandom

Comparator = Callable[[np.ndarray, np.ndarray], np.ndarray]


def pairs(
    grades, p: int | str = "all", seed: int = 1, groups=None, one_order: bool = False
) -> list[tuple[int, int, int]]:
    """(first, second, label) of every pair, in the Java sampler's order.

    Rows take their turn as first element by decreasing grade, then in data
    order; each is paired with the rows of its group of another grade, all of
    them or p drawn without replacement (a partial Fisher-Yates shuffle of a
    working copy kept per group and grade, then sorted).
    """
    grades = [float(g) for g in grades]
    n = len(grades)
    groups = [0] * n if groups is None else list(groups)
    random = JavaRandom(seed)
    working: dict[tuple, list[int]] = {}
    out = []
    for a in sorted(range(n), key=lambda i: -grades[i]):
        same_group = [b for b in range(n) if groups[b] == groups[a]]
        if one_order and grades[a] <= min(grades[b] for b in same_group):
            continue
        others = [b for b in same_group if grades[b] != grades[a]]
        take = len(others) if p == "all" else min(p, len(others))
        if take < len(others):
            pool = working.setdefault((groups[a], grades[a]), list(others))
            for j in range(take):
                pick = j + random.next_int(len(pool) - j)
                pool[j], pool[pick] = pool[pick], pool[j]
            chosen = sorted(pool[:take])
        else:
            chosen = others
        for b in chosen:
            if one_order and grades[a] < grades[b]:
                continue
            out.append((a, b, int(grades[a] > grades[b])))
    return out


def _matrix(n: int, compare: Comparator) -> np.ndarray:
    left, right = np.divmod(np.arange(n * n), n)
    return np.asarray(compare(left, right), dtype=bool).reshape(n, n)


def tournament(n: int, compare: Comparator, both_orders: bool = True) -> np.ndarray:
    """Balcan et al.'s degree over the n - 1 others, as a share.

    In both orders (the method's), the share of the 2(n - 1) ordered pairs a
    row is in that it wins: its row of the answers, and its column's losses
    of the first element; else (``-first-element``) its row only.
    """
    wins = _matrix(n, compare)
    np.fill_diagonal(wins, False)
    if not both_orders:
        return wins.sum(axis=1) / max(n - 1, 1)
    return (wins.sum(axis=1) + (n - 1) - wins.sum(axis=0)) / (2 * max(n - 1, 1))


def as_printed(n: int, compare: Comparator) -> np.ndarray:
    """Algorithm 4 as printed: ``score[a] += 1`` on a win, else ``score[b] -= 1``."""
    wins = _matrix(n, compare)
    score = np.zeros(n)
    for a in range(n):
        for b in range(n):
            if a != b:
                if wins[a, b]:
                    score[a] += 1
                else:
                    score[b] -= 1
    span = max(n - 1, 1)
    return (score + span) / (2 * span)


def quicksort(n: int, compare: Comparator, seed: int) -> tuple[np.ndarray, int]:
    """Scores and comparisons of the batched QuickSort with tie groups.

    Parts are split level by level, each around a pivot drawn by
    ``nextInt(len(part))`` in part order; an element that neither beats nor
    loses to its pivot, or both, joins the pivot's tie group, whose score is its
    mean position.
    """
    random = JavaRandom(seed)
    parts: list[list[int]] = [list(range(n))]
    tied = [False] * n
    comparisons = 0

    def sortable(part):
        return len(part) > 1 and (tied[part[0]] or not all(tied[x] for x in part[1:]))

    while any(sortable(part) for part in parts):
        pivots = {
            i: random.next_int(len(part))
            for i, part in enumerate(parts)
            if sortable(part)
        }
        next_parts = []
        for i, part in enumerate(parts):
            if i not in pivots:
                next_parts.append(part)
                continue
            pivot = part[pivots[i]]
            others = [x for j, x in enumerate(part) if j != pivots[i]]
            beats = compare(np.array(others, dtype=int), np.full(len(others), pivot))
            beaten = compare(np.full(len(others), pivot), np.array(others, dtype=int))
            comparisons += 2 * len(others)
            before = [x for x, w, b in zip(others, beats, beaten) if w and not b]
            after = [x for x, w, b in zip(others, beats, beaten) if b and not w]
            group = [pivot] + [x for x, w, b in zip(others, beats, beaten) if w == b]
            tied[pivot] = False
            for x in group[1:]:
                tied[x] = True
            next_parts += [part for part in (before, group, after) if part]
        parts = next_parts
    scores = np.empty(n)
    order = [x for part in parts for x in part]
    starts = [i for i, x in enumerate(order) if not tied[x]] + [n]
    for start, end in zip(starts, starts[1:]):
        mean = (start + end - 1) / 2  # the tie group's mean position
        for x in order[start:end]:
            scores[x] = 1.0 - mean / max(n - 1, 1)
    return scores, comparisons


def order(scores: np.ndarray, ties: str, seed: int) -> list[int]:
    """Indices by decreasing score, equal scores in input order or shuffled.

    The shuffle, when seeded, is ``Instances.randomize``'s Fisher-Yates with
    ``Random(seed)``, done first.
    """
    indices = list(range(len(scores)))
    if ties == "random":
        random = JavaRandom(seed)
        for j in range(len(indices) - 1, 0, -1):
            k = random.next_int(j + 1)
            indices[j], indices[k] = indices[k], indices[j]
    return sorted(indices, key=lambda i: -scores[i])


def share_cut(scores, share: float) -> float:
    """The cut between distinct scores with the count above nearest share x n.

    The fewer above on a draw; half a unit beyond the extremes when none or
    all are above.
    """
    scores = np.asarray(scores, dtype=np.float64)
    values = np.unique(scores)
    gaps = [values[-1] + 0.5]  # none above
    gaps += [(low + high) / 2 for low, high in zip(values[-2::-1], values[:0:-1])]
    gaps.append(values[0] - 0.5)  # all above
    misses = [abs(np.sum(scores > gap) - share * len(scores)) for gap in gaps]
    return gaps[int(np.argmin(misses))]


def share_probability(score, cut: float):
    """A score as the probability of the class that ranks first, 0.5 at the cut.

    Linear on each side of the cut: 0 to 0.5 below it, 0.5 to 1 above it.
    """
    if np.ndim(score):
        return np.array([share_probability(s, cut) for s in score])
    if cut >= 1 or 0 < cut and score < cut:
        return 0.5 * score / cut
    return 0.5 + 0.5 * (score - cut) / (1 - cut)


def reference_threshold(own_degrees, share: float) -> float:
    """The degree above which a single instance is predicted first.

    ``share_cut`` of the reference sample's own degrees (each kept row against
    every kept row, itself among them); where it leaves none or all of them
    above, halfway from the highest degree to 1, or from the lowest to 0.
    """
    own_degrees = np.asarray(own_degrees, dtype=np.float64)
    cut = share_cut(own_degrees, share)
    if cut > own_degrees.max():
        return (own_degrees.max() + 1) / 2
    if cut < own_degrees.min():
        return own_degrees.min() / 2
    return cut
