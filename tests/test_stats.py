"""The corrected resampled t-test equals WEKA's PairedStatsCorrected."""

import random

import pytest

from weka_ranking.stats import (
    corrected_interval,
    corrected_resampled_t,
    incomplete_beta,
    t_critical,
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
