"""The heap estimate measured against the JVM's peak by the benchmark."""

import pytest

# The configuration the costs were measured on, unless a test says otherwise.
ALL_PAIRS_SIDE_BY_SIDE = {"-P": "all", "-I": "1", "-pair-features": "concat"}


@pytest.mark.slow
def test_j48s_measured_heap_is_within_half_again_of_the_estimate(weka):
    from weka_ranking_studies.bench import benchmarks

    (row,) = benchmarks.learner_footprints((("J48", "kr-vs-kp", 50),))
    assert row["pairs"] == 50 * 3196
    assert 1 / 1.5 <= row["ratio"] <= 1.5, row
