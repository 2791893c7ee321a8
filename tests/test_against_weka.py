"""The project against WEKA itself: predictions, AUC, and pair instances."""

import numpy as np
import pytest

from tests.conftest import with_row_ids
from weka_ranking import RankingReduction, auc, bridge, cross_validate, load_task
from weka_ranking.learners import NAMED_LEARNERS, classname
from weka_ranking.tasks import STUDY_TASKS


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
@pytest.mark.parametrize(
    "task",
    # hepatitis (missing values, nominal and numeric attributes) for every learner
    # in the default suite; the other sets' cells, the same check, slow.
    [
        task if task == "hepatitis" else pytest.param(task, marks=pytest.mark.slow)
        for task in STUDY_TASKS
    ],
)
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
    model = RankingReduction(
        "J48", pairs_per_instance=2, voters=1, pair_features="concat"
    ).fit(data)
    header = model.weka_model_.getPairHeader()
    m = len(data.attributes)
    assert header.numAttributes() == 2 * m + 1
    for i, attribute in enumerate(data.attributes):
        for offset, side in ((0, "first_"), (m, "second_")):
            weka_attribute = header.attribute(i + offset)
            assert str(weka_attribute.name()) == side + attribute.name
            if attribute.is_nominal:
                assert [
                    str(weka_attribute.value(v))
                    for v in range(weka_attribute.numValues())
                ] == list(attribute.values)
    assert str(header.classAttribute().name()) == "first_wins"
    assert model.n_pairs_ == [2 * len(data)]


def test_pair_views_read_the_rows_and_copy_on_write(weka):
    import jpype

    rows = [[1.0, 2.0], [3.0, np.nan], [5.0, 6.0]]
    shared = jpype.JArray(jpype.JDouble, 2)(rows)
    pair = weka("weka.classifiers.meta.rankingreduction.PairInstance")(
        shared, 2, 1, 1.0, 0.5
    )
    np.testing.assert_array_equal(pair.toDoubleArray(), [5.0, 6.0, 3.0, np.nan, 1.0])
    assert pair.isMissing(3) and pair.value(4) == 1.0 and pair.weight() == 0.5
    copy = pair.copy()
    copy.setValue(0, 9.0)
    assert copy.value(0) == 9.0 and pair.value(0) == 5.0 and shared[2][0] == 5.0


def test_one_member_committee_equals_its_member(weka, breast_cancer):
    train, test = (
        breast_cancer.subset(np.arange(0, 200)),
        breast_cancer.subset(np.arange(200, 240)),
    )
    model = RankingReduction("J48", pairs_per_instance=3, voters=1).fit(train)
    member, header = model.members_[0], model.weka_model_.getPairHeader()
    n = len(test)
    left, right = np.divmod(np.arange(n * n), n)
    keep = left != right
    predicted = []
    for a, b in zip(left[keep], right[keep]):
        values = np.r_[test.X[a], test.X[b], np.nan].tolist()
        pair = weka("weka.core.DenseInstance")(1.0, values)
        pair.setDataset(header)
        predicted.append(member.classifyInstance(pair))
    predicted = np.array(predicted)
    # Both orders: the pairs a row wins as first element, and those whose
    # first element does not win as second.
    won = np.bincount(left[keep][predicted == 1], minlength=n)
    lost = np.bincount(right[keep][predicted == 1], minlength=n)
    degree = (won + (n - 1) - lost) / (2 * (n - 1))
    np.testing.assert_array_equal(model.scores(test), degree)


@pytest.mark.parametrize("task", ["breast-cancer", "hepatitis"])
def test_cv_text_is_wekas_cross_validation_summary(weka, task):
    """The learner alone: cv's WEKA text is crossValidateModel's.

    The relative errors included: their priors are each training fold's, as
    WEKA's are.
    """
    data = load_task(task)
    ours = cross_validate(RankingReduction("J48", ranker="pointwise"), data)
    text = ours.to_text(data)
    theirs = weka_cross_validation(weka, data, "J48")
    summary = str(theirs.toSummaryString("", False)).strip().splitlines()
    for line in summary:
        assert line in text, line
    assert "Relative absolute error" in "\n".join(summary)
