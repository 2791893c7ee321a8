"""LETOR's rules: choices on validation only, re-scorable files, paired tests.

The per-query files are re-scored by other tools to the same numbers; also MeanNDCG and
normalisation.
"""

import csv
import json

import numpy as np
import pytest

from weka_ranking.cli import main
from weka_ranking.metrics import mean_ndcg, ndcg
from weka_ranking.tuning import GridSearch
from weka_ranking_studies.ltr import experiment
from weka_ranking_studies.ltr.experiment import fit_ranker, validation_map
from weka_ranking_studies.ltr.significance import paired_t_p, randomization_p
from weka_ranking_studies.tests.test_ltr import synthetic


def test_mean_ndcg_is_the_mean_over_the_query_positions():
    labels, scores = [0, 2, 1], [0.9, 0.5, 0.1]
    expected = np.mean([ndcg(labels, scores, k) for k in (1, 2, 3)])
    assert mean_ndcg(labels, scores) == pytest.approx(expected)
    assert mean_ndcg([0, 0], [1.0, 0.0]) == 0.0


def test_query_normalisation_scales_each_query_to_zero_one():
    grouped = synthetic(1, queries=3, docs=5)
    grouped.data.X[:5, 0] = 7.0  # constant within the first query
    scaled = grouped.query_normalized()
    for rows in scaled.queries():
        part = scaled.data.X[rows]
        assert part.min() >= 0 and part.max() <= 1
    assert (scaled.data.X[:5, 0] == 0).all()
    assert (
        np.isclose(scaled.data.X[5:10, 1].max(), 1)
        and scaled.data.X[5:10, 1].min() == 0
    )


def test_paired_tests_tell_differences_from_noise():
    rng = np.random.default_rng(3)
    a = rng.random(200)
    assert randomization_p(a, a) == 1.0 and paired_t_p(a, a) == 1.0
    assert randomization_p(a + 0.05, a) < 0.001 and paired_t_p(a + 0.05, a) < 0.001
    noisy = a + rng.normal(0, 0.1, 200)
    assert randomization_p(noisy, a) == pytest.approx(paired_t_p(noisy, a), abs=0.05)


def test_grid_search_keeps_the_configuration_best_on_validation():
    pytest.importorskip("xgboost")
    from weka_ranking.peers import XGBoostRanker

    train, valid = synthetic(1, 60), synthetic(2)
    grid = {"max_depth": [1, 3], "min_child_weight": [1, 5]}
    model, _ = fit_ranker(GridSearch(XGBoostRanker(rounds=60), grid), train, valid)
    assert len(model.grid_scores_) == 4
    best = max(rating for _, rating in model.grid_scores_)
    assert model.validation_score_ == best
    # The rating is letor4 MAP of the validation queries at the rounds kept.
    rating = validation_map(valid)(model.ranking(valid.data, group=valid.qids).scores)
    assert rating == pytest.approx(best)
    assert model.best_estimator_.rounds_ % 10 == 0


def test_out_folder_files_rescore_to_the_reported_numbers(tmp_path, capsys):
    ir_measures = pytest.importorskip("ir_measures")
    paths = []
    for seed, name in ((1, "train"), (2, "valid"), (3, "test")):
        data = synthetic(seed, queries=15, docs=8)
        lines = [
            f"{label} qid:{q} "
            + " ".join(f"{j + 1}:{v:.4f}" for j, v in enumerate(x))
            + f" # docid = {name}-{i}"
            for i, (q, x, label) in enumerate(zip(data.qids, data.data.X, data.labels))
        ]
        path = tmp_path / f"{name}.txt"
        path.write_text("\n".join(lines) + "\n")
        paths.append(str(path))
    out = tmp_path / "run"
    argv = ["ltr", paths[0], "--valid", paths[1], "--test", paths[2], "--json"]
    argv += [
        "--rankers",
        "adarank-map,reduction-j48",
        "--ties",
        "docid",
        "--out",
        str(out),
    ]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    rankers = summary["rankers"]
    assert set(rankers) >= {
        "adarank-map",
        "reduction-j48-tournament",
        "reduction-best-on-validation",
    }
    best = rankers["adarank-map"]["p_value"]["against"]
    assert rankers[best]["p_value"]["randomization"] == 1.0
    # The TREC run files re-scored by ir-measures (trec_eval's tie rule, which
    # --ties docid follows) give the reported standard MAP and NDCG@10.
    qrels = list(ir_measures.read_trec_qrels(str(out / "qrels.txt")))
    for name in ("adarank-map", "reduction-j48-tournament"):
        run = list(ir_measures.read_trec_run(str(out / "runs" / f"{name}.run")))
        measured = ir_measures.calc_aggregate(
            [ir_measures.AP(rel=1), ir_measures.nDCG(gains={0: 0, 1: 1, 2: 3}) @ 10],
            qrels,
            run,
        )
        assert measured[ir_measures.AP(rel=1)] == pytest.approx(
            rankers[name]["map_standard"]
        )
        ndcg10 = measured[ir_measures.nDCG(gains={0: 0, 1: 1, 2: 3}) @ 10]
        assert ndcg10 == pytest.approx(rankers[name]["ndcg10_standard"])
    # One score per test line, and per-query rows for every ranker and query.
    scores = (out / "scores" / "adarank-map" / "Fold1.txt").read_text().split()
    assert len(scores) == 15 * 8
    with (out / "per_query.csv").open() as stream:
        rows = list(csv.DictReader(stream))
    assert sum(r["ranker"] == "adarank-map" for r in rows) == 15
    assert {"ndcg1_letor4", "ndcg10_letor4", "p10_standard", "mean_ndcg_letor4"} <= set(
        rows[0]
    )
    assert (out / "ltr.md").read_text().startswith("# Learning to rank")


def test_the_chosen_reduction_is_chosen_on_validation(weka):
    data = {1: (synthetic(1), synthetic(2), synthetic(3))}
    results = experiment.run(["reduction-j48", "reduction-logistic"], [1], data=data)
    rankers = results["rankers"]
    (chosen,) = rankers["reduction-best-on-validation"]["chosen"]
    candidates = [n for n in rankers if n.startswith("reduction-") and "best" not in n]
    by_validation = max(
        candidates, key=lambda n: rankers[n]["per_fold"][0]["validation_map_letor4"]
    )
    assert chosen == by_validation
    assert (
        rankers["reduction-best-on-validation"]["map_letor4"]
        == rankers[chosen]["map_letor4"]
    )
