"""The benchmark sections run and report what they promise (small sizes here)."""

import math

from weka_ranking import bench


def test_bridge_rates_and_ratios(weka):
    results = bench.bridge_rates(pairs_count=20_000, repeats=1)
    for key in ("pair_build_rate", "pair_scoring_rate", "pair_scoring_rate_threads"):
        assert results[key] > 0
    for key in ("pair_build_ratio_to_java", "pair_scoring_ratio_to_java"):
        assert 0 < results[key] < 10
    text = bench.to_markdown({"machine": bench.machine(), **results}, "bench")
    assert "score pairs" in text and "ratio" in text


def test_ranker_growth_counts_comparisons(weka):
    results = bench.ranker_growth(sizes=(300, 2000), tournament_up_to=300)
    rows = {(r["n"], r["ranker"]): r for r in results["rows"]}
    assert rows[300, "tournament"]["comparisons"] == 300 * 299
    assert (2000, "tournament") not in rows
    quick = rows[2000, "quicksort"]
    assert quick["comparisons"] < 4 * 2 * 2000 * math.log(2000)
    assert results["quicksort_100k_seconds"] is None  # not measured at these sizes
