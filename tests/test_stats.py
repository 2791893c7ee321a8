"""The corrected resampled t-test equals WEKA's PairedStatsCorrected."""

import math
import random

import numpy as np
import pytest

from weka_ranking.stats import (
    EXACT_SPEARMAN,
    corrected_interval,
    corrected_resampled_t,
    holm,
    incomplete_beta,
    poisson_tail,
    prediction_interval,
    sign_test,
    sign_test_greater,
    spearman,
    t_critical,
    t_interval,
)


@pytest.mark.parametrize("shift", [0.0, 0.004, 0.02])
def test_as_wekas_paired_stats_corrected(shift, weka):
    rng = random.Random(7)
    x = [rng.random() for _ in range(100)]
    y = [v - shift + rng.gauss(0, 0.02) for v in x]
    stats = weka("weka.experiment.PairedStatsCorrected")(0.05, 1 / 9)
    for a, b in zip(x, y):
        stats.add(a, b)
    stats.calculateDerived()
    t, p = corrected_resampled_t(x, y, 1 / 9)
    assert p == pytest.approx(float(stats.differencesProbability), rel=1e-9, abs=1e-15)
    assert (t > 0) == (sum(x) > sum(y))


def test_the_degenerate_cases_as_weka():
    assert corrected_resampled_t([0.5, 0.7], [0.5, 0.7], 0.1) == (0.0, 1.0)
    assert corrected_resampled_t([1.5, 2.5], [1.0, 2.0], 0.1)[1] == 0.0


def test_incomplete_beta_at_known_values():
    assert incomplete_beta(1, 1, 0.3) == pytest.approx(0.3)
    assert incomplete_beta(2, 3, 0.4) == pytest.approx(0.5248)
    assert incomplete_beta(0.5, 0.5, 0.5) == pytest.approx(0.5)


def test_t_critical_at_table_values():
    assert t_critical(0.05, 9) == pytest.approx(2.262157, abs=1e-6)
    assert t_critical(0.05, 99) == pytest.approx(1.984217, abs=1e-6)
    assert t_critical(0.01, 4) == pytest.approx(4.604095, abs=1e-6)


def test_the_interval_is_where_the_test_does_not_reject():
    rng = random.Random(3)
    x = [rng.random() for _ in range(100)]
    y = [v - 0.01 + rng.gauss(0, 0.03) for v in x]
    low, high = corrected_interval(x, y, 1 / 9)
    for edge, inside in ((low, 1), (high, -1)):
        shifted = [b + edge + inside * 1e-9 for b in y]
        assert corrected_resampled_t(x, shifted, 1 / 9)[1] > 0.05
        shifted = [b + edge - inside * 1e-6 for b in y]
        assert corrected_resampled_t(x, shifted, 1 / 9)[1] < 0.05


def test_the_sign_tests_as_scipys_binomial_test():
    stats = pytest.importorskip("scipy.stats")
    differences = [1.0] * 14 + [-1.0] * 6 + [0.0] * 3  # the zeros are dropped
    assert sign_test_greater(differences) == (14, 20, pytest.approx(0.0576591))
    assert sign_test_greater(differences)[2] == pytest.approx(
        stats.binomtest(14, 20, alternative="greater").pvalue, rel=1e-12
    )
    assert sign_test(differences)[2] == pytest.approx(
        stats.binomtest(14, 20).pvalue, rel=1e-12
    )
    assert sign_test([0.0, 0.0]) == (0, 0, 1.0)


def test_holm_by_hand():
    # Sorted 0.005, 0.01, 0.03, 0.04: x4, x3, x2, x1, kept monotone.
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == [1.0, 1.0]


@pytest.mark.parametrize("n", [5, 7, 20])
def test_spearman_as_scipy(n):
    stats = pytest.importorskip("scipy.stats")
    rng = random.Random(n)
    x = [rng.random() for _ in range(n)]
    y = [a + rng.gauss(0, 0.3) for a in x]
    for alternative in ("two-sided", "greater", "less"):
        rho, p = spearman(x, y, alternative)
        assert rho == pytest.approx(stats.spearmanr(x, y).statistic, rel=1e-12)
        if n > EXACT_SPEARMAN:  # the t approximation, as scipy's default
            expected = stats.spearmanr(x, y, alternative=alternative).pvalue
        else:  # exact: every permutation
            expected = stats.permutation_test(
                (y,),
                rank_correlation_with(x),
                permutation_type="pairings",
                n_resamples=float("inf"),
                alternative=alternative,
                vectorized=True,
            ).pvalue
        assert p == pytest.approx(expected, rel=1e-9)


def rank_correlation_with(x):
    """Spearman's rho of ``x`` with each row of ``b`` at once: Pearson's of the ranks.

    scipy's ``permutation_test`` gives it all 7! pairings in a few arrays; a call of
    ``spearmanr`` for each took a minute of the suite on a loaded machine.
    """
    import scipy.stats

    rx = scipy.stats.rankdata(x)
    rx = rx - rx.mean()

    def statistic(b, axis=-1):
        rb = scipy.stats.rankdata(b, axis=axis)
        rb = rb - rb.mean(axis=axis, keepdims=True)
        return (rb * rx).sum(axis=axis) / np.sqrt(
            (rb * rb).sum(axis=axis) * (rx * rx).sum()
        )

    return statistic


def test_intervals_as_scipy():
    stats = pytest.importorskip("scipy.stats")
    values = [0.61, 0.58, 0.66, 0.71, 0.55, 0.63]
    mean, sem = stats.tmean(values), stats.sem(values)
    assert t_interval(values) == pytest.approx(
        stats.t.interval(0.95, len(values) - 1, loc=mean, scale=sem), rel=1e-9
    )
    scale = sem * (len(values) + 1) ** 0.5  # sd * sqrt(1 + 1/n)
    assert prediction_interval(values) == pytest.approx(
        stats.t.interval(0.95, len(values) - 1, loc=mean, scale=scale), rel=1e-9
    )


def test_poisson_tail_as_scipy():
    stats = pytest.importorskip("scipy.stats")
    for k, rate in ((0, 0.3), (2, 0.0111), (5, 3.2), (1, 4.0), (12, 0.0143)):
        assert poisson_tail(k, rate) == pytest.approx(
            stats.poisson.sf(k - 1, rate), rel=1e-9, abs=1e-15
        )


def test_poisson_tail_is_an_upper_tail_sum_not_one_minus_the_cdf():
    # 16 exact matches where 0.0143 are expected: about 2.7e-43, not 0.
    p = poisson_tail(16, 0.0143)
    first = math.exp(-0.0143) * 0.0143**16 / math.factorial(16)
    assert first < p < first * 1.001
    assert 0 < poisson_tail(40, 1e-6) < 1e-250
