"""The benchmark sections run and report what they promise (small sizes here)."""

import math

import numpy as np
import pytest

from weka_ranking import bench, bench_markdown


def test_bridge_rates_and_ratios(weka):
    results = bench.bridge_rates(n=150, repeats=1)
    assert results["scoring_pairs"] == 150 * 149
    rates = ("pair_scoring_rate", "pair_scoring_rate_java", "pair_scoring_rate_threads")
    for key in rates:
        assert results[key] > 0
    assert results["pair_scoring_ratio_to_java"] == pytest.approx(
        results["pair_scoring_rate"] / results["pair_scoring_rate_java"]
    )
    text = bench_markdown.to_markdown({"machine": bench.machine(), **results}, "bench")
    assert f"{results['pair_scoring_ratio_to_java']:.2f}" in text


def test_peak_heap_probe_reports_or_fails_by_heap(weka):
    from weka_ranking._resources import project_dir

    path = project_dir("arff_data") / "breast-cancer.arff"
    measured = bench.peak_heap(path, ["-P", "all", "-I", "1"], "512m")
    assert measured["pairs"] == 2 * 85 * 201 and 0 < measured["peak_heap_mb"] <= 512
    starved = bench.peak_heap(path, ["-P", "all", "-I", "1"], "2m")
    assert "error" in starved


def test_ranker_growth_counts_comparisons(weka):
    results = bench.ranker_growth(sizes=(300, 2000), tournament_up_to=300)
    rows = {(r["n"], r["ranker"]): r for r in results["rows"]}
    assert rows[300, "tournament"]["comparisons"] == 300 * 299
    assert (2000, "tournament") not in rows
    quick = rows[2000, "quicksort"]
    assert quick["comparisons"] < 4 * 2 * 2000 * math.log(2000)
    assert results["quicksort_100k_seconds"] is None  # not measured at these sizes


def test_peers_run_through_the_same_evaluation_loop(weka, monkeypatch):
    pytest.importorskip("xgboost")
    pytest.importorskip("lightgbm")
    from weka_ranking.peers import LightGBMRanker, XGBoostRanker
    from weka_ranking.tuning import GridSearch

    monkeypatch.setattr(
        bench,
        "PEERS",
        {
            "xgboost classifier": lambda: GridSearch(
                XGBoostRanker("binary:logistic", rounds=40), {"max_depth": [2, 4]}
            ),
            "lightgbm lambdarank": lambda: GridSearch(
                LightGBMRanker(rounds=40, truncation_level="query"),
                {"num_leaves": [7]},
            ),
        },
    )
    rows = {r["ranker"]: r for r in bench.competitors(("hepatitis",))["rows"]}
    xgb = rows["xgboost classifier"]
    assert xgb["scheme"].startswith("xgboost.train ")
    assert all("objective=binary:logistic" in c for c in xgb["chosen"])
    # The truncation at the query's size: the training fold, 139 or 140 rows.
    chosen = rows["lightgbm lambdarank"]["chosen"]
    assert all("lambdarank_truncation_level=query" in c for c in chosen)
    # Ranking hepatitis by these learners beats chance on WEKA's folds.
    assert all(r["mean_auc"] > 0.7 for r in rows.values())


def test_grid_search_on_an_inner_split_then_refits(weka):
    pytest.importorskip("xgboost")
    from weka_ranking import load_task
    from weka_ranking.peers import XGBoostRanker
    from weka_ranking.tuning import GridSearch, inner_split

    data = load_task("hepatitis")
    fit_rows, valid_rows = inner_split(data.y, 0.2, 1)
    assert len(set(fit_rows) | set(valid_rows)) == len(data)
    assert data.y[valid_rows].mean() == pytest.approx(data.y.mean(), abs=0.02)
    search = GridSearch(
        XGBoostRanker("binary:logistic", rounds=50), {"max_depth": [1, 3]}
    )
    search.fit(data)
    assert search.validation_score_ == max(score for _, score in search.grid_scores_)
    best = search.best_estimator_
    assert best.rounds == best.rounds_ == search.best_params_["rounds"]  # refitted
    assert best.max_depth == search.best_params_["max_depth"]


def test_synthetic_instances_are_distinct_and_seeded():
    data = bench.synthetic(5000, seed=4)
    assert len(np.unique(data.X, axis=0)) == 5000
    assert data.y.mean() == pytest.approx(0.3, abs=0.001)
    np.testing.assert_array_equal(bench.synthetic(5000, seed=4).X, data.X)


def test_quicksort_of_distinct_instances_reports_its_cost(weka):
    measured = bench.quicksort_distinct(n=3000, train_n=500, voters=3)
    assert measured["comparisons"] > 3000 - 1  # every instance meets a pivot
    assert measured["comparisons_per_2nlnn"] == pytest.approx(
        measured["comparisons"] / (2 * 3000 * math.log(3000))
    )
    assert measured["auc"] > 0.6


def test_linear_tournament_counts_degrees_by_sorting(weka):
    measured = bench.linear_tournament(n=5000, train_n=1000)
    assert measured["pairs_decided"] == 5000 * 4999
    assert measured["pairs_asked"] < 5000  # the margin's pairs only
    assert measured["auc"] > 0.75
