"""The project against WEKA itself: predictions, AUC, and pair instances."""

import numpy as np
import pytest

from tests.conftest import with_row_ids
from weka_ranking import RankingReduction, auc, bridge, cross_validate, load_task
from weka_ranking.data import STUDY_TASKS
from weka_ranking.learners import NAMED_LEARNERS, classname
from weka_ranking.pairs import sample_pairs


def weka_cross_validation(weka, data, learner, folds=10, seed=1):
    """WEKA's own Evaluation.crossValidateModel, with its predictions."""
    instances = bridge.to_instances(data)
    evaluation = weka("weka.classifiers.Evaluation")(instances)
    classifier = weka("weka.classifiers.AbstractClassifier").forName(
        classname(learner), None
    )
    evaluation.crossValidateModel(
        classifier, instances, folds, weka("java.util.Random")(seed)
    )
    return evaluation


def weka_fold_aucs(weka, data, learner, folds=10, seed=1):
    """Per-fold areaUnderROC, each fold evaluated by its own Evaluation."""
    instances = weka("weka.core.Instances")(bridge.to_instances(data))
    random = weka("java.util.Random")(seed)
    instances.randomize(random)
    instances.stratify(folds)
    aucs = []
    for i in range(folds):
        train = instances.trainCV(folds, i, random)
        classifier = weka("weka.classifiers.AbstractClassifier").forName(
            classname(learner), None
        )
        classifier.buildClassifier(train)
        evaluation = weka("weka.classifiers.Evaluation")(train)
        evaluation.evaluateModel(classifier, instances.testCV(folds, i))
        aucs.append(evaluation.areaUnderROC(data.positive_index))
    return aucs


@pytest.mark.parametrize("learner", NAMED_LEARNERS)
@pytest.mark.parametrize("task", STUDY_TASKS)
def test_pointwise_cv_equals_weka(weka, task, learner):
    """The base column of Tables 5-8: all 20 cells are WEKA's own numbers."""
    data = load_task(task)
    ours = cross_validate(RankingReduction(learner, ranker="pointwise"), data)
    # Per-fold AUCs as WEKA's Evaluation computes them on the same folds.
    assert ours.fold_aucs == pytest.approx(
        weka_fold_aucs(weka, data, learner), abs=1e-12
    )
    # Pooled AUC as crossValidateModel reports it.
    evaluation = weka_cross_validation(weka, data, learner)
    assert ours.pooled_auc == pytest.approx(
        evaluation.areaUnderROC(data.positive_index), abs=1e-12
    )


def test_pointwise_scores_are_wekas_probabilities(weka, breast_cancer):
    evaluation = weka_cross_validation(weka, breast_cancer, "NaiveBayes")
    predictions = evaluation.predictions()
    weka_probabilities = [
        predictions.get(k).distribution()[breast_cancer.positive_index]
        for k in range(predictions.size())
    ]
    ours = []
    from weka_ranking.folds import weka_folds

    for train, test in weka_folds(breast_cancer.y, 10, 1):
        model = RankingReduction("NaiveBayes", ranker="pointwise")
        ours.extend(
            model.fit(breast_cancer.subset(train)).scores(breast_cancer.subset(test))
        )
    assert ours == pytest.approx(weka_probabilities, abs=1e-12)


def test_auc_equals_wekas_threshold_curve_with_ties(weka):
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    scores = np.round(rng.random(300), 1)  # many ties
    predictions = weka("java.util.ArrayList")()
    for label, score in zip(y, scores):
        predictions.add(
            weka("weka.classifiers.evaluation.NominalPrediction")(
                float(label), [1.0 - score, float(score)]
            )
        )
    curve = weka("weka.classifiers.evaluation.ThresholdCurve")().getCurve(
        predictions, 1
    )
    expected = weka("weka.classifiers.evaluation.ThresholdCurve").getROCArea(curve)
    assert auc(y, scores) == pytest.approx(expected, abs=1e-12)


def test_auc_hand_computed():
    # Positives at scores 0.9, 0.5; negatives 0.5, 0.1: pairs (0.9 > 0.5),
    # (0.9 > 0.1), (0.5 = 0.5) -> 1/2, (0.5 > 0.1): (1 + 1 + 0.5 + 1) / 4.
    assert auc([1, 1, 0, 0], [0.9, 0.5, 0.5, 0.1]) == 0.875
    assert np.isnan(auc([1, 1], [0.2, 0.3]))


def test_pair_instances_hold_both_rows_and_nominal_value_sets(weka, breast_cancer):
    data = with_row_ids(breast_cancer)
    pairs = sample_pairs(data.y, 2, np.random.default_rng(0))
    header = bridge.pair_header(data)
    instances = bridge.pair_instances(header, data.X, pairs)
    m = len(data.attributes)
    assert instances.numInstances() == len(pairs)
    assert instances.numAttributes() == 2 * m + 1
    for k in range(0, len(pairs), 37):
        values = list(instances.instance(k).toDoubleArray())
        expected = np.r_[data.X[pairs.left[k]], data.X[pairs.right[k]], pairs.label[k]]
        np.testing.assert_array_equal(values, expected)
    for i, attribute in enumerate(data.attributes):
        if attribute.is_nominal:
            for offset in (0, m):
                weka_attribute = instances.attribute(i + offset)
                assert [
                    str(weka_attribute.value(v))
                    for v in range(weka_attribute.numValues())
                ] == list(attribute.values)
    assert str(instances.classAttribute().name()) == "first_wins"


def test_one_member_committee_equals_its_member(weka, breast_cancer):
    train, test = (
        breast_cancer.subset(np.arange(0, 200)),
        breast_cancer.subset(np.arange(200, 240)),
    )
    model = RankingReduction("J48", pairs_per_instance=3, voters=1).fit(train)
    member = model.members_[0]
    header = bridge.pair_header(test)
    n = len(test)
    left, right = np.divmod(np.arange(n * n), n)
    keep = left != right
    from weka_ranking.pairs import Pairs

    unlabelled = Pairs(left[keep], right[keep], np.zeros(keep.sum()))
    instances = bridge.pair_instances(header, test.X, unlabelled)
    predicted = np.array(
        [
            member.classifyInstance(instances.instance(k))
            for k in range(instances.numInstances())
        ]
    )
    degree = np.bincount(left[keep][predicted == 1], minlength=n) / (n - 1)
    np.testing.assert_array_equal(model.scores(test), degree)


def test_pure_jpype_fallback_gives_the_same_results(weka, breast_cancer, monkeypatch):
    from weka_ranking import jvm

    train = breast_cancer.subset(np.arange(0, 200))
    test = breast_cancer.subset(np.arange(200, 230))
    results = {}
    for compiled in (True, False):
        monkeypatch.setattr(jvm, "kernels_compiled", compiled)
        for ranker in ("pointwise", "tournament"):
            params = (
                {} if ranker == "pointwise" else {"pairs_per_instance": 2, "voters": 3}
            )
            model = RankingReduction("NaiveBayes", ranker=ranker, **params).fit(train)
            results[compiled, ranker] = model.scores(test)
    for ranker in ("pointwise", "tournament"):
        np.testing.assert_array_equal(results[True, ranker], results[False, ranker])
