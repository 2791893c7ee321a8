"""The learner alone beside the reduction, on the same folds, in every report."""

import json

import pytest

from weka_ranking import RankingReduction, cross_validate, load_task
from weka_ranking.cli import main


@pytest.fixture(scope="module")
def hepatitis():
    return load_task("hepatitis")


@pytest.fixture(scope="module")
def reduction_cv(hepatitis, weka):
    return cross_validate(
        RankingReduction("NaiveBayes", pairs_per_instance=2, voters=3), hepatitis
    )


def test_the_learner_alone_is_the_pointwise_cross_validation(hepatitis, reduction_cv):
    alone = cross_validate(
        RankingReduction("NaiveBayes", ranker="pointwise"), hepatitis
    )
    beside = reduction_cv.learner_alone
    assert beside.fold_aucs == alone.fold_aucs
    assert beside.pooled_auc == alone.pooled_auc
    assert beside.scheme == alone.scheme
    assert alone.learner_alone is None  # the learner alone has no baseline of its own


def test_the_verdict_says_whether_the_reduction_helped(reduction_cv):
    from weka_ranking.stats import corrected_resampled_t

    alone = reduction_cv.learner_alone
    gain = reduction_cv.mean_auc - alone.mean_auc
    # k-fold CV: each test fold 1/(k-1) of its training fold, near enough
    _, p = corrected_resampled_t(reduction_cv.fold_aucs, alone.fold_aucs, 1 / 9)
    tested = reduction_cv.comparison()
    assert tested["difference"] == gain and abs(tested["p"] - p) < 0.02
    assert reduction_cv.helped == (tested["p"] < 0.05 and gain > 0)
    verdict = reduction_cv.verdict()
    if tested["p"] >= 0.05:
        assert verdict.startswith("no significant difference from the learner alone")
    else:
        assert verdict.startswith(
            "the reduction helped" if gain > 0 else "the reduction ranked worse"
        )
    assert f"{gain:+.5f}" in verdict and f"p = {tested['p']:.3g}" in verdict
    higher = sum(
        r > a
        for r, a in zip(reduction_cv.fold_aucs, reduction_cv.learner_alone.fold_aucs)
    )
    lower = sum(
        r < a
        for r, a in zip(reduction_cv.fold_aucs, reduction_cv.learner_alone.fold_aucs)
    )
    equal = f", equal on {10 - higher - lower}" if higher + lower < 10 else ""
    assert f"higher on {higher} of 10 folds, lower on {lower}{equal})" in verdict
    record = reduction_cv.to_dict()
    assert record["reduction_helped"] == reduction_cv.helped
    assert record["learner_alone"]["fold_aucs"] == reduction_cv.learner_alone.fold_aucs


def test_it_can_be_left_out(hepatitis, weka):
    model = RankingReduction("NaiveBayes", pairs_per_instance=2)
    result = cross_validate(model, hepatitis, folds=3, learner_alone=False)
    assert result.learner_alone is None and result.helped is None
    assert result.verdict() == "" and "learner_alone" not in result.to_dict()


def test_cv_prints_and_writes_the_learner_alone(capsys, reduction_cv):
    options = ["--learner", "NaiveBayes", "--pairs", "2", "--voters", "3"]
    assert main(["cv", "hepatitis", *options]) == 0
    out = capsys.readouterr().out
    assert reduction_cv.verdict() in out
    alone = reduction_cv.learner_alone
    assert f"mean AUC {alone.mean_auc:.5f}, pooled AUC {alone.pooled_auc:.5f}" in out
    assert out.index("learner alone") < out.index("=== Summary ===")
    assert main(["cv", "hepatitis", *options, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["learner_alone"]["mean_auc"] == alone.mean_auc
    assert record["reduction_helped"] == reduction_cv.helped


def test_the_model_text_says_how_to_see_the_learner_alone(hepatitis, weka):
    model = RankingReduction("J48", pairs_per_instance=1).fit(hepatitis)
    text = str(model.weka_model_)
    line = next(x for x in text.splitlines() if x.startswith("Learner alone:"))
    assert "weka.classifiers.trees.J48 -C 0.25 -M 2" in line and "-R pointwise" in line
