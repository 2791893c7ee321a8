"""Comparing schemes across data sets by their ranks (Demsar, JMLR 2006).

Average ranks, the Friedman test with Iman and Davenport's F correction,
the Nemenyi critical difference for all pairs and Holm's step-down against
a control, without scipy: the distributions come from
:func:`weka_ranking.stats.incomplete_beta`, a regularized incomplete gamma
function and the studentized range integrated numerically.

References
----------
Demsar, J. (2006). Statistical comparisons of classifiers over multiple
data sets. Journal of Machine Learning Research 7, 1-30.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import numpy as np

from weka_ranking.stats import _ranks, holm, incomplete_beta


def average_ranks(table: Sequence[Sequence[float]]) -> list[float]:
    """Each column's average rank over the rows, 1 the best (highest value).

    Equal values in a row share their mean rank. ``table[i][j]`` is scheme j
    on data set i.
    """
    ranks = np.array([_ranks([-v for v in row]) for row in table])
    return ranks.mean(axis=0).tolist()


def chi2_upper_tail(x: float, df: int) -> float:
    """P(X >= x) for X ~ chi-squared with ``df`` degrees of freedom."""
    if x <= 0:
        return 1.0
    return _upper_gamma(df / 2, x / 2)


def _upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma Q(a, x): series or continued fraction."""
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # the series for P(a, x), then 1 - P
        term = total = 1 / a
        n = a
        for _ in range(1000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300  # Lentz's continued fraction for Q(a, x)
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return math.exp(log_front) * h


def f_upper_tail(f: float, df1: int, df2: int) -> float:
    """P(X >= f) for X ~ F(df1, df2)."""
    if f <= 0:
        return 1.0
    return incomplete_beta(df2 / 2, df1 / 2, df2 / (df2 + df1 * f))


def friedman(table: Sequence[Sequence[float]]) -> dict[str, float]:
    """Friedman's chi-squared over the ranks and Iman and Davenport's F, with p.

    N data sets (rows), k schemes (columns); chi2 = 12N/(k(k+1)) (sum R_j^2
    - k(k+1)^2/4) with the average ranks R_j, F = (N-1) chi2 / (N(k-1) - chi2)
    with k-1 and (k-1)(N-1) degrees of freedom. Ties within a row take mean
    ranks, with no further correction (as in Demsar's paper).
    """
    return friedman_of_ranks(average_ranks(table), len(table))


def friedman_of_ranks(ranks: Sequence[float], n: int) -> dict[str, float]:
    """:func:`friedman` from the k average ranks over ``n`` data sets.

    >>> result = friedman_of_ranks([3.143, 2.000, 2.893, 1.964], 14)  # Demsar, 3.2.2
    >>> round(result["chi2"], 2), round(result["f"], 2)
    (9.28, 3.69)
    """
    k = len(ranks)
    chi2 = 12 * n / (k * (k + 1)) * (sum(r * r for r in ranks) - k * (k + 1) ** 2 / 4)
    denominator = n * (k - 1) - chi2
    f = (n - 1) * chi2 / denominator if denominator > 0 else math.inf
    df1, df2 = k - 1, (k - 1) * (n - 1)
    return {
        "chi2": chi2,
        "chi2_p": chi2_upper_tail(chi2, df1),
        "f": f,
        "f_df1": df1,
        "f_df2": df2,
        "f_p": f_upper_tail(f, df1, df2) if math.isfinite(f) else 0.0,
    }


# Simpson's grid on [-9, 9] of the studentized range's integral, with the
# standard normal's density and distribution function on it: the same at
# every q of the search, so computed once.
_Z = np.linspace(-9.0, 9.0, 3601)
_NORMAL_DENSITY = np.exp(-_Z * _Z / 2) / math.sqrt(2 * math.pi)
_NORMAL_CDF = 0.5 * np.array([math.erfc(-t / math.sqrt(2)) for t in _Z])


def _range_cdf(q: float, k: int) -> float:
    """P(range of k independent standard normals <= q): the studentized range.

    With infinite degrees of freedom: k * integral of phi(z) (Phi(z + q) -
    Phi(z))^(k-1) dz, by Simpson's rule on [-9, 9].
    """
    shifted = 0.5 * np.array([math.erfc(-(t + q) / math.sqrt(2)) for t in _Z])
    f = k * _NORMAL_DENSITY * (shifted - _NORMAL_CDF) ** (k - 1)
    h = _Z[1] - _Z[0]
    return float(h / 3 * (f[0] + f[-1] + 4 * f[1:-1:2].sum() + 2 * f[2:-1:2].sum()))


@functools.cache
def nemenyi_q(k: int, alpha: float = 0.05) -> float:
    """Demsar's q_alpha for k schemes: the studentized range quantile over sqrt 2.

    >>> round(nemenyi_q(4), 3), round(nemenyi_q(10), 3)   # Demsar's Table 5(a)
    (2.569, 3.164)
    """
    if k < 2:
        raise ValueError(f"k must be >= 2, got {k}")
    low, high = 0.0, 20.0
    for _ in range(60):
        middle = (low + high) / 2
        if _range_cdf(middle, k) < 1 - alpha:
            low = middle
        else:
            high = middle
    return (low + high) / 2 / math.sqrt(2)


def critical_difference(k: int, n: int, alpha: float = 0.05) -> float:
    """Nemenyi's critical difference of average ranks: q_alpha sqrt(k(k+1)/(6N))."""
    return nemenyi_q(k, alpha) * math.sqrt(k * (k + 1) / (6 * n))


def normal_two_sided(z: float) -> float:
    """Two-sided p of a standard normal z."""
    return math.erfc(abs(z) / math.sqrt(2))


def holm_against_control(
    ranks: Sequence[float], control: int, n: int
) -> list[dict[str, float]]:
    """Each other scheme against the control: z, p and Holm's adjusted p.

    z = (R_i - R_control) / sqrt(k(k+1)/(6N)); positive z is a worse
    (larger) average rank than the control's.
    """
    k = len(ranks)
    error = math.sqrt(k * (k + 1) / (6 * n))
    others = [i for i in range(k) if i != control]
    z = [(ranks[i] - ranks[control]) / error for i in others]
    p = [normal_two_sided(v) for v in z]
    adjusted = holm(p)
    return [
        {"scheme": i, "z": zi, "p": pi, "p_holm": ai}
        for i, zi, pi, ai in zip(others, z, p, adjusted, strict=True)
    ]
