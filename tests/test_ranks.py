"""Comparisons across data sets (Demsar 2006) against scipy and the paper's numbers."""

import numpy as np
import pytest
from scipy import stats as scipy_stats

from weka_ranking.experiments import ranks
from weka_ranking.stats import holm

pytestmark = pytest.mark.fast


@pytest.mark.parametrize("seed", range(5))
def test_friedman_equals_scipy_without_ties(seed):
    table = np.random.default_rng(seed).random((8 + seed, 3 + seed % 3))
    ours = ranks.friedman(table.tolist())
    theirs = scipy_stats.friedmanchisquare(*table.T)
    assert ours["chi2"] == pytest.approx(theirs.statistic, rel=1e-12)
    assert ours["chi2_p"] == pytest.approx(theirs.pvalue, rel=1e-9)
    n, k = table.shape
    f = (n - 1) * theirs.statistic / (n * (k - 1) - theirs.statistic)
    assert ours["f"] == pytest.approx(f, rel=1e-12)
    assert ours["f_p"] == pytest.approx(
        scipy_stats.f.sf(f, k - 1, (k - 1) * (n - 1)), rel=1e-9
    )


def test_average_ranks_share_ties_and_rank_the_highest_first():
    table = [[0.9, 0.8, 0.8], [0.5, 0.7, 0.6]]
    assert ranks.average_ranks(table) == [(1 + 3) / 2, (2.5 + 1) / 2, (2.5 + 2) / 2]


@pytest.mark.parametrize(
    "x, df", [(0.1, 1), (3.2, 5), (30.0, 5), (80.0, 9), (1e-3, 2), (400.0, 3)]
)
def test_chi2_tail_equals_scipy(x, df):
    assert ranks.chi2_upper_tail(x, df) == pytest.approx(
        scipy_stats.chi2.sf(x, df), rel=1e-10, abs=1e-300
    )


@pytest.mark.parametrize("f, d1, d2", [(0.5, 2, 10), (2.5, 3, 39), (9.0, 9, 90)])
def test_f_tail_equals_scipy(f, d1, d2):
    assert ranks.f_upper_tail(f, d1, d2) == pytest.approx(
        scipy_stats.f.sf(f, d1, d2), rel=1e-9
    )


# Demsar (2006), Table 5: q_alpha for the Nemenyi test, k = 2..10.
DEMSAR_Q = {
    0.05: (1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164),
    0.10: (1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920),
}


@pytest.mark.parametrize("alpha", DEMSAR_Q)
def test_nemenyi_q_equals_demsars_table_and_scipy(alpha):
    for k, published in zip(range(2, 11), DEMSAR_Q[alpha], strict=True):
        q = ranks.nemenyi_q(k, alpha)
        assert abs(q - published) <= 0.0011  # the table's 3 decimals
        exact = scipy_stats.studentized_range.ppf(1 - alpha, k, np.inf) / np.sqrt(2)
        assert q == pytest.approx(exact, abs=1e-4)


def test_demsars_worked_example():
    # Section 3.2.4: four C4.5 variants over 14 data sets.
    average = [3.143, 2.000, 2.893, 1.964]
    result = ranks.friedman_of_ranks(average, 14)
    assert round(result["chi2"], 2) == 9.28
    assert round(result["f"], 2) == 3.69
    assert round(ranks.critical_difference(4, 14, 0.05), 2) == 1.25
    assert round(ranks.critical_difference(4, 14, 0.10), 2) == 1.12


def test_holm_against_a_control_equals_a_direct_computation():
    average, n = [3.143, 2.000, 2.893, 1.964], 14
    rows = ranks.holm_against_control(average, control=0, n=n)
    error = np.sqrt(4 * 5 / (6 * n))
    z = [(r - average[0]) / error for r in average[1:]]
    p = [2 * scipy_stats.norm.sf(abs(v)) for v in z]
    assert [r["z"] for r in rows] == pytest.approx(z)
    assert [r["p"] for r in rows] == pytest.approx(p, rel=1e-10)
    # Holm's step-down: the i-th smallest p against alpha / (m - i + 1).
    order = np.argsort(p)
    for alpha in (0.01, 0.05, 0.1):
        rejected, going = set(), True
        for step, i in enumerate(order):
            going = going and p[i] <= alpha / (len(p) - step)
            if going:
                rejected.add(int(i))
        assert {i for i, r in enumerate(rows) if r["p_holm"] <= alpha} == rejected
    assert [r["p_holm"] for r in rows] == pytest.approx(holm(p), rel=1e-12)
