"""Nadeau and Bengio's corrected resampled t-test, as WEKA's Experimenter
computes it (``PairedStatsCorrected``), without scipy."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued
    fraction (Lentz's method)."""
    if x <= 0 or x >= 1:
        return 0.0 if x <= 0 else 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - incomplete_beta(b, a, 1 - x)
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
        + a * math.log(x) + b * math.log1p(-x)
    ) / a  # fmt: skip
    tiny = 1e-300
    f, c, d = 1.0, 1.0, 0.0
    for i in range(400):
        m = i // 2
        if i == 0:
            numerator = 1.0
        elif i % 2 == 0:
            numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        else:
            numerator = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        d = 1.0 + numerator * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + numerator / c
        c = c if abs(c) > tiny else tiny
        f *= c * d
        if abs(1.0 - c * d) < 1e-15:
            break
    return front * (f - 1.0)


def _corrected(
    x: Sequence[float], y: Sequence[float], test_train_ratio: float
) -> tuple[list[float], float, float]:
    """The paired differences x - y, their mean, and the mean's standard error
    with the variance inflated by test/train size (Nadeau and Bengio 2003):
    sqrt((1/k + n_test/n_train) var)."""
    differences = [a - b for a, b in zip(x, y, strict=True)]
    k = len(differences)
    sd = statistics.stdev(differences) if k > 1 else 0.0
    error = math.sqrt((1 / k + test_train_ratio) * sd * sd)
    return differences, statistics.fmean(differences), error


def _two_sided_p(t: float, df: int) -> float:
    """WEKA's Statistics.FProbability(t^2, 1, df)."""
    return incomplete_beta(df / 2, 0.5, df / (df + t * t))


def corrected_resampled_t(
    x: Sequence[float], y: Sequence[float], test_train_ratio: float
) -> tuple[float, float]:
    """(t, two-sided p) of the paired differences x - y over k resampled
    train/test splits: t = mean / its corrected standard error. As WEKA: p = 1
    where every difference is 0, and 0 where all are equal but not 0."""
    differences, mean, error = _corrected(x, y, test_train_ratio)
    if error == 0:
        if all(d == 0 for d in differences):
            return 0.0, 1.0
        return math.copysign(math.inf, mean), 0.0
    t = mean / error
    return t, _two_sided_p(t, len(differences) - 1)


def t_critical(p: float, df: int) -> float:
    """The t with two-sided tail probability ``p`` at ``df`` degrees of freedom
    (the inverse of the test's p), by bisection."""
    low, high = 0.0, 1e6
    for _ in range(200):
        t = (low + high) / 2
        if _two_sided_p(t, df) > p:
            low = t
        else:
            high = t
    return (low + high) / 2


def corrected_interval(
    x: Sequence[float], y: Sequence[float], test_train_ratio: float, p: float = 0.05
) -> tuple[float, float]:
    """The (1 - p) confidence interval of the mean difference x - y with the
    corrected resampled variance: the differences the test would not reject."""
    differences, mean, error = _corrected(x, y, test_train_ratio)
    half = t_critical(p, len(differences) - 1) * error
    return mean - half, mean + half
