"""The benchmark sections run and report what they promise (small sizes here)."""

import math

import numpy as np
import pytest

from weka_ranking.tasks import bundled_file, load_task
from weka_ranking_studies.bench import benchmarks as bench
from weka_ranking_studies.bench import page as bench_markdown
from weka_ranking_studies.bench import scale


def test_bridge_rates_and_ratios(weka):
    results = bench.bridge_rates(n=150, repeats=1)
    assert results["scoring_pairs"] == 150 * 149
    text = bench_markdown.to_markdown({"machine": bench.machine(), **results}, "bench")
    assert f"{results['pair_scoring_ratio_to_java']:.2f}" in text


def test_peak_heap_probe_reports_or_fails_by_heap(weka):

    path = bundled_file("breast-cancer.arff")
    measured = bench.peak_heap(
        path, ["-P", "all", "-I", "1", "-pair-features", "concat"], "512m"
    )
    assert measured["pairs"] == 2 * 85 * 201 and 0 < measured["peak_heap_mb"] <= 512
    starved = bench.peak_heap(
        path, ["-P", "all", "-I", "1", "-pair-features", "concat"], "2m"
    )
    assert "error" in starved


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
    data = scale.synthetic(5000, seed=4)
    assert len(np.unique(data.X, axis=0)) == 5000
    assert data.y.mean() == pytest.approx(0.3, abs=0.001)
    np.testing.assert_array_equal(scale.synthetic(5000, seed=4).X, data.X)


# The scale section run whole at small sizes (a minute): its tests are slow. The
# fast paths it times are tested against WEKA by the product's tests
# (test_tree_tournament.py, test_product_*.py), its page by test_bench_pages.py.
@pytest.fixture(scope="module")
def measured(weka):
    return scale.measure(
        sizes=(300, 3000),
        pairs=(1, 3),
        voters=(1, 3),
        train_n=500,
        pairs_train_n=200,
        brute_force_up_to=300,
        all_pairs_rows=(300, 600),
        all_pairs_task="glass",
        naive_bayes_rows=600,
        sum_order_tasks=("glass", "diabetes"),
        missing_values_data=load_task("hepatitis"),
        logistic_task="hepatitis",
    )


@pytest.mark.slow  # the scale section run whole (1 min); see measured()
def test_growth_with_n_counts_what_each_ranker_asks(measured):
    rows = measured["growth_with_n"]["rows"]
    cores = measured["growth_with_n"]["cores"]
    at = {(r["n"], r["model"], r["ranker"], r["threads"]): r for r in rows}
    for threads in {1, cores}:
        assert at[300, "J48 x10", "tournament", threads]["comparisons"] == 300 * 299
        quick = at[3000, "J48 x10", "quicksort", threads]
        assert 3000 - 1 < quick["comparisons"] < 4 * 2 * 3000 * math.log(3000)
    assert not any(
        k[0] == 3000 and k[2] == "tournament" and k[1] != "Logistic" for k in at
    )
    linear = at[3000, "Logistic", "tournament", cores]
    assert linear["comparisons"] < 3000  # the margin's pairs only
    assert linear["auc"] > 0.75 and quick["auc"] > 0.6
    rate = measured["tournament_bruteforce_pairs_per_second"]
    assert rate == at[300, "J48 x10", "tournament", cores]["answers_per_second"]
    assert measured["quicksort_1m_seconds"] is None  # not measured at these sizes


@pytest.mark.slow  # the scale section run whole (1 min); see measured()
def test_tree_committee_tournament_checked_in_the_run(measured):
    assert measured["tournament_j48x10_sample_equal"] is True
    assert measured["tournament_j48x10_100k_seconds"] is None  # 3,000 rows here
    assert measured["tournament_j48x10_100k_two_thread_speedup"] is None
    assert measured["tournament_j48x10_1m_seconds"] is None
    assert measured["tree_committee"]["tournament_two_threads_seconds"] > 0
    assert measured["tree_committee"]["n"] == 3000
    assert measured["committee_pair_rate_per_thread"] > 0
    assert measured["committee_pair_rate_ratio_to_flat_loop"] > 0


@pytest.mark.slow  # the scale section run whole (1 min); see measured()
def test_logistic_on_a_folds_pairs_both_ways_in_the_run(measured):
    fold = measured["logistic_all_pairs_fold"]
    assert fold["task"] == "hepatitis" and fold["from_rows"] and fold["same_ranking"]
    assert len(fold["from_rows_runs"]) == 3 and fold["seconds"] > 0
    assert fold["on_pairs_seconds"] > 0 and fold["pairs"] > 0
    assert fold["differing_votes"] == 0 and fold["probability_error"] < 1e-4
    assert not fold["separable"]
    # The headline keys are vehicle's.
    assert measured["logistic_all_pairs_vehicle_fold_seconds"] is None
    assert measured["logistic_all_pairs_vehicle_fold_general_seconds"] is None


@pytest.mark.slow  # the scale section run whole (1 min); see measured()
def test_all_pairs_training_both_ways_in_the_run(measured):
    measured_pairs = measured["all_pairs_training"]
    assert measured_pairs["task"] == "glass"
    for learner in measured_pairs["learners"].values():
        assert learner["same_model"] and learner["seconds"] > 0
        assert len(learner["from_rows_runs"]) == 3
    assert [r["rows"] for r in measured_pairs["synthetic"]] == [300, 600]
    assert all(r["seconds"] > 0 for r in measured_pairs["synthetic"])
    # The headline keys are kr-vs-kp's and 50,000 rows'.
    assert measured["j48_all_pairs_kr_vs_kp_seconds"] is None
    assert measured["j48_all_pairs_50k_seconds"] is None


@pytest.mark.slow  # the scale section run whole (1 min); see measured()
def test_naive_bayes_numeric_in_the_run(measured):
    numeric = measured["naive_bayes_numeric"]
    assert numeric["rows"] == 600 and numeric["features"] == 16
    assert numeric["pairs"] == 2 * 180 * 420  # 30% positive
    assert len(numeric["runs"]) == 3 and numeric["seconds"] > 0
    assert measured["naive_bayes_numeric_all_pairs_20k_seconds"] is None
    glass, diabetes = numeric["sum_orders"]
    assert (glass["task"], diabetes["task"]) == ("glass", "diabetes")
    assert glass["pairs"] == 10_730 and glass["estimators"] == 36
    for task in (glass, diabetes):
        # Two roundings from the exact mean: the sum, then the quotient.
        assert task["rows_mean_ulps"] <= 2 < task["pairs_mean_ulps"]
        assert task["differing_predictions"] == 0


@pytest.mark.slow  # the scale section run whole (1 min); see measured()
def test_missing_values_cross_validated_beside_wekas_path(measured):
    missing = measured["missing_values_cv"]
    assert missing["rows"] == 155 and missing["rows_with_missing"] > 40
    assert measured["j48_all_pairs_missing_values_same_trees"] is True
    assert len(missing["cv_runs"]) == 3 and len(missing["by_fold"]) == 10
    assert all(f["from_rows"] for f in missing["by_fold"])
    assert measured["j48_all_pairs_missing_values_seconds"] > 0
    assert measured["j48_all_pairs_missing_values_general_seconds"] > 0


@pytest.mark.slow  # the scale section run whole (1 min); see measured()
def test_growth_with_pairs_and_voters(measured):
    pairs = {(r["learner"], r["p"]): r for r in measured["growth_with_pairs"]["rows"]}
    assert pairs["J48", 3]["pairs"] == 3 * 200 and len(pairs) == 8
    voters = measured["growth_with_voters"]["rows"]
    assert [r["voters"] for r in voters] == [1, 3]


@pytest.mark.slow  # the scale section run whole (1 min); see measured()
def test_scale_page_and_figures(measured, tmp_path):
    from weka_ranking_studies.bench import scale_page

    results = {"machine": "here", **measured}
    path = scale_page.write_beside(results, str(tmp_path / "benchmarks.md"), "bench")
    text = path.read_text()
    assert "## 100 million instances on a Dask cluster" in text
    assert "degrees were the same as the brute force's on 300 of them" in text
    assert "every mixed-class pair of glass (" in text
    assert "10-fold cross-validation of all pairs of " in text
    rate = measured["tournament_bruteforce_pairs_per_second"]
    assert f"{rate:,.0f} pairs a second" in text
    for name in ("scale-n.png", "scale-pairs.png", "scale-voters.png"):
        assert (tmp_path / "figures" / name).stat().st_size > 1000
    assert scale_page.write_beside(results, None, "bench") is None
