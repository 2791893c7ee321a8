"""The tests the reports compare schemes by, without scipy.

Nadeau and Bengio's corrected resampled t-test as WEKA's Experimenter computes it
(``PairedStatsCorrected``), and its Bayesian counterpart with a region of practical
equivalence; across data sets the Wilcoxon signed-rank test (exact), Holm's
procedure and the Bayesian signed-rank test (Benavoli et al., JMLR 2017).

References
----------
Benavoli, A., Corani, G., Demsar, J. and Zaffalon, M. (2017). Time for a change:
a tutorial for comparing multiple classifiers through Bayesian analysis. Journal
of Machine Learning Research 18(77), 1-36.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import numpy as np


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b).

    Computed by its continued fraction (Lentz's method).
    """
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
    """The paired differences x - y, their mean, and its corrected standard error.

    The variance is inflated by the test/train size ratio (Nadeau and Bengio 2003),
    because resampled training sets overlap: sqrt((1/k + n_test/n_train) var).
    """
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
    """(t, two-sided p) of the paired differences x - y over k resampled splits.

    t = mean / its corrected standard error. As WEKA: p = 1 where every difference is
    0, and 0 where all are equal but not 0.

    Parameters
    ----------
    x, y : sequence of float
        The two schemes' values on the same k train/test splits, in the same order.
    test_train_ratio : float
        n_test / n_train of one split, the correction's inflation of the variance.

    Returns
    -------
    t : float
        Infinite, with the sign of the mean, where the error is 0 but not every
        difference is.
    p : float
        Two-sided, from Student's t with k - 1 degrees of freedom.
    """
    differences, mean, error = _corrected(x, y, test_train_ratio)
    if error == 0:
        if all(d == 0 for d in differences):
            return 0.0, 1.0
        return math.copysign(math.inf, mean), 0.0
    t = mean / error
    return t, _two_sided_p(t, len(differences) - 1)


def t_cdf(t: float, df: int) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    if math.isinf(t):
        return 1.0 if t > 0 else 0.0
    tail = _two_sided_p(t, df) / 2
    return 1 - tail if t > 0 else tail


def bayesian_correlated_t(
    x: Sequence[float], y: Sequence[float], test_train_ratio: float, rope: float
) -> tuple[float, float, float]:
    """P(x worse), P(practically equivalent), P(x better) than y on one data set.

    The Bayesian correlated t-test (Corani and Benavoli 2015): with a flat prior,
    the mean difference x - y over k resampled splits has a posterior Student t
    with k - 1 degrees of freedom, centred on the observed mean, scaled by the
    corrected standard error of :func:`corrected_resampled_t` (the correlation
    of the splits is rho = n_test / n_total, so rho / (1 - rho) = n_test /
    n_train). The three probabilities are its mass below ``-rope``, within
    ``[-rope, rope]`` and above ``rope``.

    Parameters
    ----------
    x, y : sequence of float
        The two schemes' values on the same k train/test splits, in the same order.
    test_train_ratio : float
        n_test / n_train of one split.
    rope : float
        The half-width of the region of practical equivalence, >= 0.

    Examples
    --------
    >>> worse, same, better = bayesian_correlated_t(
    ...     [0.80, 0.82, 0.84], [0.80, 0.80, 0.80], 1 / 2, 0.01)
    >>> round(worse, 4), round(same, 4), round(better, 4)
    (0.121, 0.1984, 0.6806)
    """
    differences, mean, error = _corrected(x, y, test_train_ratio)
    if error == 0:
        worse, better = float(mean < -rope), float(mean > rope)
    else:
        df = len(differences) - 1
        worse = t_cdf((-rope - mean) / error, df)
        better = 1 - t_cdf((rope - mean) / error, df)
    return worse, 1 - worse - better, better


def t_critical(p: float, df: int) -> float:
    """The t with two-sided tail probability ``p`` at ``df`` degrees of freedom.

    The inverse of the test's p, by bisection.
    """
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
    """The (1 - p) confidence interval of the mean difference x - y.

    It uses the corrected resampled variance: the differences the test would not reject.

    Parameters
    ----------
    x, y : sequence of float
        The two schemes' values on the same k train/test splits, in the same order.
    test_train_ratio : float
        n_test / n_train of one split, as in :func:`corrected_resampled_t`.
    p : float, default=0.05
        The test's significance level; the interval covers 1 - p.
    """
    differences, mean, error = _corrected(x, y, test_train_ratio)
    half = t_critical(p, len(differences) - 1) * error
    return mean - half, mean + half


def t_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """The ``level`` confidence interval of the mean of ``values``.

    Student's t over their sample standard deviation.
    """
    n = len(values)
    if n < 2:
        return (math.nan, math.nan)
    mean = statistics.fmean(values)
    half = t_critical(1 - level, n - 1) * statistics.stdev(values) / math.sqrt(n)
    return mean - half, mean + half


def prediction_interval(
    values: Sequence[float], level: float = 0.95
) -> tuple[float, float]:
    """The ``level`` prediction interval of one more draw like ``values``.

    The draw comes from the distribution ``values`` were drawn from, assumed normal:
    mean +- t * sd * sqrt(1 + 1/n).
    """
    n = len(values)
    if n < 2:
        return (math.nan, math.nan)
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) * math.sqrt(1 + 1 / n)
    half = t_critical(1 - level, n - 1) * spread
    return mean - half, mean + half


def binomial_tail(k: int, n: int) -> float:
    """P(X >= k) for X ~ Binomial(n, 1/2), exactly."""
    return sum(math.comb(n, i) for i in range(max(k, 0), n + 1)) / 2**n


def sign_test(differences: Sequence[float]) -> tuple[int, int, float]:
    """The exact two-sided sign test of paired differences: (positives, nonzero, p).

    Zero differences are dropped.
    """
    positives = sum(d > 0 for d in differences)
    n = sum(d != 0 for d in differences)
    if n == 0:
        return 0, 0, 1.0
    p = 2 * binomial_tail(max(positives, n - positives), n)
    return positives, n, min(1.0, p)


def sign_test_greater(differences: Sequence[float]) -> tuple[int, int, float]:
    """The exact one-sided sign test that positive differences outnumber negative ones.

    Returns (positives, nonzero, P(X >= positives)).
    """
    positives = sum(d > 0 for d in differences)
    n = sum(d != 0 for d in differences)
    return positives, n, binomial_tail(positives, n) if n else 1.0


def wilcoxon_signed_rank(differences: Sequence[float]) -> tuple[float, int, float]:
    """The exact two-sided Wilcoxon signed-rank test of paired differences.

    The test Demsar (2006) recommends for two methods over several data sets:
    the differences' absolute values are ranked (equal ones share their mean
    rank), zeros are dropped (Wilcoxon's rule), and p is counted exactly over
    all 2^n sign patterns, so ties need no normal approximation.

    Returns
    -------
    w_plus : float
        The sum of the ranks of the positive differences.
    n : int
        The nonzero differences.
    p : float
        P(|W+ - n(n+1)/4| >= the observed), every sign pattern equally likely.
    """
    nonzero = [d for d in differences if d != 0]
    n = len(nonzero)
    if n == 0:
        return 0.0, 0, 1.0
    ranks = _ranks([abs(d) for d in nonzero])
    w_plus = sum(r for r, d in zip(ranks, nonzero, strict=True) if d > 0)
    # Ranks are whole or halves: the distribution of twice the rank sum of the
    # positives, as probabilities (halved at each rank, so no count overflows).
    doubled = [round(2 * r) for r in ranks]
    chances = np.zeros(sum(doubled) + 1)
    chances[0] = 1.0
    for r in doubled:
        chances[r:] = (chances[r:] + chances[:-r].copy()) / 2
        chances[:r] /= 2
    centre = sum(doubled) / 2
    observed = abs(2 * w_plus - centre)
    totals = np.arange(len(chances))
    extreme = chances[np.abs(totals - centre) >= observed - 1e-9].sum()
    return w_plus, n, min(1.0, float(extreme))


def rank_biserial(w_plus: float, n: int) -> float:
    """The matched-pairs rank-biserial correlation of a signed-rank test (Kerby 2014).

    (W+ - W-) / (W+ + W-) over the n nonzero differences: +1 when every
    difference is positive, -1 when every one is negative, 0 when none.

    >>> rank_biserial(10.0, 4), rank_biserial(7.5, 5)
    (1.0, 0.0)
    """
    total = n * (n + 1) / 2
    return (2 * w_plus - total) / total if n else 0.0


# The Bayesian signed-rank test's prior (baycomp's): a pseudo-observation at 0
# of this weight; the Monte Carlo draws and their seed.
SIGNED_RANK_PRIOR = 0.5
SIGNED_RANK_SAMPLES = 50_000
SIGNED_RANK_SEED = 1


def bayesian_signed_rank(
    differences: Sequence[float],
    rope: float,
    *,
    prior: float = SIGNED_RANK_PRIOR,
    samples: int = SIGNED_RANK_SAMPLES,
    seed: int = SIGNED_RANK_SEED,
) -> tuple[float, float, float]:
    """P(worse), P(practically equivalent), P(better) over data sets.

    The Bayesian signed-rank test (Benavoli et al., ICML 2014; JMLR 2017): the
    differences' distribution has a Dirichlet process posterior, its prior a
    pseudo-observation at 0 of weight ``prior``. In each of ``samples`` draws of
    the weights w, the mass of pairs of differences whose mean lies below
    ``-rope``, within it, above ``rope`` is sum_ij w_i w_j [z_i + z_j < -2 rope]
    (a sum on the edge counted one half); each probability is the share of
    draws in which that region holds the most. The draws come from numpy's
    ``RandomState(seed)``, whose stream numpy keeps fixed across versions: the
    same differences give the same probabilities everywhere, equal to
    ``baycomp.SignedRankTest.probs`` at the same ``random_state``.

    Parameters
    ----------
    differences : sequence of float
        One difference a data set (a scheme's mean minus the other's).
    rope : float
        The half-width of the region of practical equivalence, >= 0.
    prior : float, default=0.5
        The weight of the prior's pseudo-observation at 0 (baycomp's default).
    samples : int, default=50000
        Monte Carlo draws.
    seed : int, default=1
        The draws' seed.
    """
    z = np.r_[0.0, np.asarray(differences, dtype=float)]
    sums = z[:, None] + z[None, :]
    edge = 2 * rope
    above = (sums > edge) + 0.5 * (sums == edge)
    below = (-sums > edge) + 0.5 * (-sums == edge)
    weights = np.r_[prior, np.ones(len(z) - 1)]
    draws = np.random.RandomState(seed).dirichlet(weights, samples)
    worse = ((draws @ below) * draws).sum(axis=1)
    better = ((draws @ above) * draws).sum(axis=1)
    masses = np.column_stack([worse, 1 - worse - better, better])
    shares = np.bincount(masses.argmax(axis=1), minlength=3) / samples
    return float(shares[0]), float(shares[1]), float(shares[2])


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for step, i in enumerate(order):
        running = max(running, min(1.0, (m - step) * p_values[i]))
        adjusted[i] = running
    return adjusted


def _ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, equal values sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start : end + 1]:
            ranks[i] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def _pearson(x: Sequence[float], y: Sequence[float]) -> float:
    mx, my = statistics.fmean(x), statistics.fmean(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else math.nan


# Up to this many points Spearman's p is exact (every permutation); beyond,
# the t approximation with n - 2 degrees of freedom (scipy's default).
EXACT_SPEARMAN = 8


def spearman(
    x: Sequence[float], y: Sequence[float], alternative: str = "two-sided"
) -> tuple[float, float]:
    """Spearman's rank correlation and its p-value.

    ``alternative`` is ``two-sided``, ``greater`` or ``less``; exact by enumeration for
    up to :data:`EXACT_SPEARMAN` points.
    """
    if alternative not in ("two-sided", "greater", "less"):
        raise ValueError(f"alternative must be two-sided, greater or less, got "
                         f"{alternative!r}")  # fmt: skip
    rx, ry = _ranks(x), _ranks(y)
    rho = _pearson(rx, ry)
    n = len(x)
    if rho != rho:
        return rho, 1.0
    if n <= EXACT_SPEARMAN:
        import itertools

        draws = [_pearson(rx, list(p)) for p in itertools.permutations(ry)]
        eps = 1e-12
        if alternative == "greater":
            hits = sum(r >= rho - eps for r in draws)
        elif alternative == "less":
            hits = sum(r <= rho + eps for r in draws)
        else:
            hits = sum(abs(r) >= abs(rho) - eps for r in draws)
        return rho, hits / len(draws)
    if abs(rho) == 1:
        two_sided = 0.0
    else:
        t = rho * math.sqrt((n - 2) / (1 - rho * rho))
        two_sided = _two_sided_p(t, n - 2)
    if alternative == "two-sided":
        return rho, two_sided
    towards = (rho > 0) == (alternative == "greater")
    return rho, two_sided / 2 if towards else 1 - two_sided / 2


def poisson_tail(k: int, rate: float) -> float:
    """P(X >= k) for X ~ Poisson(rate), to full relative precision however small.

    Past the mean it sums the upper tail itself, from the k-th term up (1 - CDF would
    cancel to 0 for a p of 1e-43); below the mean the tail is large and 1 - CDF is
    exact enough.
    """
    if k <= 0:
        return 1.0
    if rate <= 0:
        return 0.0
    if k <= rate:
        term, below = math.exp(-rate), 0.0
        for i in range(k):
            below += term
            term *= rate / (i + 1)
        return max(0.0, 1.0 - below)
    term = math.exp(-rate + k * math.log(rate) - math.lgamma(k + 1))
    total, i = 0.0, k
    while term > total * 1e-17:
        total += term
        i += 1
        term *= rate / i
    return total
