"""Paired significance tests over queries, as LTR papers report them.

The randomisation (sign-flip) test and the paired t-test, both two-sided.
"""

from __future__ import annotations

import numpy as np


def randomization_p(
    a: np.ndarray, b: np.ndarray, rounds: int = 10_000, seed: int = 1
) -> float:
    """p of the mean difference of paired per-query values under random swaps.

    Each pair is swapped at random (Fisher's randomisation test); p is
    ``(hits + 1) / (rounds + 1)`` so that it is never 0.
    """
    d = np.asarray(a, float) - np.asarray(b, float)
    observed = abs(d.mean())
    rng = np.random.default_rng(seed)
    hits = 0
    for start in range(0, rounds, 1000):
        signs = rng.choice((-1.0, 1.0), size=(min(1000, rounds - start), len(d)))
        hits += int(np.count_nonzero(np.abs(signs @ d) / len(d) >= observed - 1e-15))
    return (hits + 1) / (rounds + 1)


def paired_t_p(a: np.ndarray, b: np.ndarray) -> float:
    """p of Student's paired t-test.

    1 when the two agree on every query, 0 when they differ by the same amount on every
    query.
    """
    from scipy import stats

    d = np.asarray(a, float) - np.asarray(b, float)
    spread = d.std(ddof=1) if len(d) > 1 else 0.0
    if spread == 0:
        return 1.0 if not d.any() else 0.0
    t = d.mean() / (spread / np.sqrt(len(d)))
    return float(2 * stats.t.sf(abs(t), len(d) - 1))
