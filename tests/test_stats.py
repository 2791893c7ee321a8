"""The corrected resampled t-test equals WEKA's PairedStatsCorrected."""

import random

import pytest

from weka_ranking.stats import corrected_resampled_t, incomplete_beta


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
