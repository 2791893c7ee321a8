"""Query-grouped data, pairs inside queries, and the LTR rankers on small data."""

import json

import numpy as np
import pytest

from tests import java_method as java
from weka_ranking import DataError
from weka_ranking.cli import main
from weka_ranking.model import RankingReduction
from weka_ranking.peers import LightGBMRanker, XGBoostRanker
from weka_ranking_studies.ltr.data import (
    _grouped,
    load_grouped_arff,
    load_letor,
    mq2008_fold,
)
from weka_ranking_studies.ltr.experiment import evaluate, fit_ranker
from weka_ranking_studies.ltr.rankers import AdaRank, GeneticRanker


def scores_of(model, grouped):
    return model.ranking(grouped.data, group=grouped.qids).scores


def test_mq2008_folds_follow_the_readme():
    train, valid, test = mq2008_fold(1)
    assert (len(train), len(valid), len(test)) == (9630, 2707, 2874)
    assert (len(train.queries()), len(test.queries())) == (471, 156)
    assert np.bincount(train.labels).tolist() == [7820, 1223, 587]
    train2, valid2, test2 = mq2008_fold(2)
    assert len(test2) == 2933 and len(valid2) == 2874  # S1, S5


def test_letor_lines(tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_text("2 qid:7 1:0.5 3:1 #docid = A\n0 qid:7 2:0.25 #docid = B\n")
    data = load_letor(path)
    np.testing.assert_array_equal(data.data.X, [[0.5, 0, 1], [0, 0.25, 0]])
    assert data.labels.tolist() == [2, 0] and data.docids == ("A", "B")
    path.write_text("2 7 1:0.5\n")
    with pytest.raises(DataError, match="line 1: the second field must be qid:ID"):
        load_letor(path)


def test_arff_with_a_group_attribute(tmp_path):
    path = tmp_path / "g.arff"
    path.write_text(
        "@relation g\n@attribute q {q1,q2}\n@attribute f numeric\n"
        "@attribute rel {0,1,2}\n@data\nq1,1,2\nq1,2,0\nq2,3,1\nq2,4,?\n"
    )
    data = load_grouped_arff(path, "q")
    assert [a.name for a in data.data.attributes] == ["f"]
    assert data.labels.tolist() == [2, 0, 1] and data.qids.tolist() == [
        "q1",
        "q1",
        "q2",
    ]
    with pytest.raises(DataError, match="no attribute named 'query'"):
        load_grouped_arff(path, "query")


def test_pairs_stay_inside_queries_and_say_which_is_more_relevant(weka):
    labels = np.array([2, 0, 1, 0, 0, 1, 1])
    query = np.repeat([0, 1, 2], [3, 2, 2])
    left, right, label = map(np.array, zip(*java.pairs(labels, groups=query)))
    assert (query[left] == query[right]).all()
    assert (labels[left] != labels[right]).all()
    assert (label == (labels[left] > labels[right])).all()
    assert len(left) == 6  # only the first query has pairs
    sampled = java.pairs(labels, 1, 0, groups=query)
    firsts = [a for a, _, _ in sampled]
    assert np.bincount(firsts, minlength=7).tolist() == [1, 1, 1, 0, 0, 0, 0]


def synthetic(seed, queries=30, docs=12):
    """Relevance driven by feature 2; the other features noise."""
    rng = np.random.default_rng(seed)
    X = rng.random((queries * docs, 4))
    labels = np.digitize(X[:, 2] + 0.1 * rng.random(len(X)), [0.6, 0.85])
    qids = np.repeat(np.arange(queries).astype(str), docs)
    return _grouped(X, labels, qids, [], "synthetic")


@pytest.mark.parametrize(
    "make",
    [
        lambda: AdaRank("map"),
        lambda: AdaRank("ndcg@5"),
        lambda: GeneticRanker(budget=600),
        lambda: RankingReduction("J48", pairs_per_instance=2, ranker="quicksort"),
        lambda: RankingReduction("Logistic"),
    ],
)
def test_rankers_learn_the_informative_feature(make, weka):
    train, valid, test = synthetic(1), synthetic(2), synthetic(3)
    ranker, _ = fit_ranker(make(), train, valid)
    learned = evaluate(test, scores_of(ranker, test))["ndcg10_standard"]
    noise = evaluate(test, test.data.X[:, 0])["ndcg10_standard"]
    assert learned > noise + 0.2


@pytest.mark.parametrize("kind", ["xgboost", "lightgbm"])
def test_boosted_rankers(kind):
    pytest.importorskip(kind)
    train, valid, test = synthetic(1, 60), synthetic(2), synthetic(3)
    make = XGBoostRanker if kind == "xgboost" else LightGBMRanker
    ranker, _ = fit_ranker(make(rounds=300, early_stopping=30), train, valid)
    assert ranker.rounds_ < 300  # stopped early on the validation queries
    assert evaluate(test, scores_of(ranker, test))["ndcg10_standard"] > 0.8


def test_cli_ltr_json(capsys):
    assert (
        main(["ltr", "mq2008", "--rankers", "adarank-map", "--folds", "1", "--json"])
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    ranker = report["rankers"]["adarank-map"]
    for key in ("map_letor4", "ndcg10_letor4", "ndcg10_standard"):
        assert 0.1 < ranker[key] < 0.9
    assert report["folds"] == [1] and isinstance(report["single_label_queries"], dict)


def test_cli_ltr_bad_folds(capsys):
    assert main(["ltr", "mq2008", "--folds", "0-9"]) == 1
    assert "--folds 0-9: MQ2008 has folds 1 to 5" in capsys.readouterr().err


def test_cli_ltr_on_arff_files_with_a_group_attribute(tmp_path, capsys):
    paths = []
    for seed, name in ((1, "train"), (2, "valid"), (3, "test")):
        data = synthetic(seed, queries=15, docs=8)
        rows = [
            f"q{q},{','.join(f'{v:.4f}' for v in x)},{label}"
            for q, x, label in zip(data.qids, data.data.X, data.labels)
        ]
        path = tmp_path / f"{name}.arff"
        path.write_text(
            "@relation s\n@attribute query string\n"
            + "".join(f"@attribute f{j} numeric\n" for j in range(4))
            + "@attribute rel {0,1,2}\n@data\n"
            + "\n".join(rows)
            + "\n"
        )
        paths.append(str(path))
    code = main(
        [
            "ltr",
            paths[0],
            "--valid",
            paths[1],
            "--test",
            paths[2],
            "--group-attribute",
            "query",
            "--rankers",
            "adarank-ndcg",
            "--json",
        ]
    )
    assert code == 0
    ranker = json.loads(capsys.readouterr().out)["rankers"]["adarank-ndcg"]
    assert ranker["ndcg10_standard"] > 0.6
    assert main(["ltr", paths[0], "--valid", paths[1], "--test", paths[2]]) == 1
    assert "name it with --group-attribute NAME" in capsys.readouterr().err


def test_experiment_scores_each_ranker_of_a_reduction_with_that_ranker(weka):
    from weka_ranking_studies.ltr import experiment

    train, valid, test = synthetic(1), synthetic(2), synthetic(3)
    results = experiment.run(["reduction-j48"], [1], data={1: (train, valid, test)})
    for ranker in ("tournament", "quicksort"):
        direct = RankingReduction(  # the study's configuration, as it names it
            "J48", pairs_per_instance="all", voters=1, pair_features="concat"
        ).set_params(ranker=ranker)
        direct.fit(train.data, train.labels, group=train.qids)
        expected = evaluate(test, scores_of(direct, test))
        record = results["rankers"][f"reduction-j48-{ranker}"]["per_fold"][0]
        assert {k: record[k] for k in expected} == expected
        assert record["scheme"].endswith(
            f"-P all -I 1 -R {ranker} -ties stable -num-slots 0 -S 1 -pair-features "
            "concat -G first -- -C 0.25 -M 2"
        )


def test_a_model_fitted_with_queries_ranks_with_queries_only(weka):
    train, test = synthetic(1), synthetic(3)
    model = RankingReduction("J48", pairs_per_instance=2)
    model.fit(train.data, train.labels, group=train.qids)
    with pytest.raises(ValueError, match="fitted with group"):
        model.ranking(test.data)
    plain = RankingReduction("J48", pairs_per_instance=2).fit(train.data)
    with pytest.raises(ValueError, match="fitted without query ids"):
        plain.ranking(test.data, group=test.qids)
    with pytest.raises(ValueError, match="pointwise"):
        RankingReduction("J48", ranker="pointwise").fit(
            train.data, train.labels, group=train.qids
        )
