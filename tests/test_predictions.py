"""What ``predict`` and ``predict_proba`` mean: a row's answer whatever else is asked.

A ranking is of a batch (``decision_function``, ``rank``); a prediction is of an
instance, its degree against the reference sample kept with the model and the
threshold learned at training. Both faces give the same: the Java class's
``distributionForInstance`` one instance at a time, and a batch of one through
``distributionsForInstances``.
"""

import pickle

import numpy as np
import pytest
import reference

from weka_ranking import (
    RankingReduction,
    WekaRankingWarning,
    auc,
    bridge,
    load_arff,
    load_task,
)
from weka_ranking.cli import main
from weka_ranking.estimator import array_dataset


@pytest.fixture(scope="module")
def halves(weka):
    data = load_task("breast-cancer")
    return data.subset(np.arange(0, 200)), data.subset(np.arange(200, 286))


@pytest.fixture(scope="module", params=["J48", "Logistic"])
def fitted(request, halves):
    # Logistic goes through the additive members' exact form, J48 through the trees.
    return RankingReduction(request.param, pairs_per_instance=2, voters=3).fit(
        halves[0]
    )


def test_a_row_gets_the_same_prediction_alone_in_the_set_and_one_at_a_time(
    fitted, halves
):
    test = halves[1]
    whole = fitted.predict_proba(test)
    five = np.arange(5)
    alone = fitted.predict_proba(test.subset(five))
    one_at_a_time = np.vstack([fitted.predict_proba(test.subset([i])) for i in five])
    np.testing.assert_array_equal(alone, whole[:5])
    np.testing.assert_array_equal(one_at_a_time, whole[:5])
    labels = fitted.predict(test)
    np.testing.assert_array_equal(fitted.predict(test.subset(five)), labels[:5])
    np.testing.assert_array_equal(labels == fitted.classes_[1], whole[:, 1] > 0.5)
    # The batch's ranking is still the batch's: ranked alone, five rows have
    # other neighbours and other scores than in the whole set.
    with pytest.warns(WekaRankingWarning, match="ranking 5 instances"):
        ranked_alone = fitted.decision_function(test.subset(five))
    assert not np.array_equal(ranked_alone, fitted.decision_function(test)[:5])


def test_both_faces_say_the_same_for_one_instance_and_for_a_batch(fitted, halves):
    test = halves[1]
    proba = fitted.predict_proba(test)
    reduction = fitted.weka_model_
    instances = bridge.instances_like(test, reduction)
    first = fitted.rank_first_index_
    for i in range(0, len(test), 17):
        single = np.asarray(reduction.distributionForInstance(instances.instance(i)))
        assert single[[1 - first, first]].tolist() == proba[i].tolist()
        one = bridge.instances_like(test.subset([i]), reduction)
        batch_of_one = np.asarray(reduction.distributionsForInstances(one))[0]
        assert batch_of_one.tolist() == single.tolist()


def test_a_tie_at_one_half_is_classified_as_weka_classifies_it(weka):
    # ZeroR on two classes of equal weight gives every row exactly (0.5, 0.5):
    # WEKA's classifyInstance takes the first of the header's classes, and so
    # must predict, whichever class ranks first.
    values = load_task("breast-cancer").class_values
    for positive in values:
        data = load_task("breast-cancer", positive=positive)
        ranked = np.argsort(data.y, kind="stable")
        balanced = data.subset(np.r_[ranked[:40], ranked[-40:]])
        model = RankingReduction(
            "weka.classifiers.rules.ZeroR", ranker="pointwise"
        ).fit(balanced)
        row = balanced.subset([0])
        assert model.predict_proba(row)[0].tolist() == [0.5, 0.5]
        instances = bridge.instances_like(row, model.weka_model_)
        weka_class = model.weka_model_.classifyInstance(instances.instance(0))
        assert model.predict(row)[0] == values[int(weka_class)]


def degrees_back(p: np.ndarray, threshold: float) -> np.ndarray:
    """The degrees against the reference sample, back from the line through 0.5."""
    return np.where(
        p <= 0.5, 2 * p * threshold, threshold + (p - 0.5) * 2 * (1 - threshold)
    )


@pytest.mark.parametrize("name", ["hepatitis", "breast-cancer"])
def test_about_the_training_share_of_a_test_fold_is_predicted_first(name, weka):
    """The threshold is learned on the reference sample, not 1 - q (users' finding).

    Cut at 1 - q, few rows passed it (hepatitis: 1.9 % predicted positive where
    20 % are): the pair model never saw two rows of one class, so degrees crowd
    together. Cut where about q of the sample's own rows are, a test fold
    drawn like the training data has about q above it too.
    """
    data = load_task(name)
    test = np.arange(len(data)) % 3 == 0
    train, fold = data.subset(np.flatnonzero(~test)), data.subset(np.flatnonzero(test))
    model = RankingReduction("J48", pairs_per_instance=2, voters=3).fit(train)
    share = np.mean(train.y == 1)
    threshold = model.weka_model_.referenceThreshold()
    degree = degrees_back(model.predict_proba(fold)[:, 1], threshold)
    kept = min(100, len(train))
    pairs = 2 * kept  # a row's pairs with the kept rows, both orders
    np.testing.assert_allclose(degree * pairs, np.round(degree * pairs), atol=1e-9)
    predicted_first = model.predict(fold) == model.classes_[1]
    np.testing.assert_array_equal(predicted_first, degree > threshold)
    # The sample's rows above the threshold and the fold's are two draws of a
    # share about q: their difference is within three standard deviations.
    spread = 3 * np.sqrt(share * (1 - share) * (1 / len(fold) + 1 / kept))
    assert abs(np.mean(predicted_first) - share) < spread
    assert np.mean(predicted_first) > np.mean(degree > 1 - share)  # the former cut
    # The batch is still ranked and cut at its own share, whatever the threshold.
    reduction = model.weka_model_
    batch = np.asarray(
        reduction.distributionsForInstances(bridge.instances_like(fold, reduction))
    )[:, model.rank_first_index_]
    scores = model.decision_function(fold)
    expected = reference.share_probability(scores, reference.share_cut(scores, share))
    np.testing.assert_allclose(batch, expected, atol=1e-12)


def kept_rows(model: RankingReduction, data) -> np.ndarray:
    """The rows of ``data`` that the fitted model keeps as its reference sample.

    Read from the WEKA model's private fields (the sample's feature values), each
    matched to a row of ``data`` with the same values.
    """

    def private(owner, name: str):
        field = owner.getClass().getDeclaredField(name)
        field.setAccessible(True)
        return field.get(owner)

    sample = private(private(model.weka_model_, "m_Model"), "m_Reference")
    rows = np.array([np.asarray(row) for row in private(sample, "m_Rows")])
    same = np.all(
        (rows[:, None, :] == data.X[None, :, :])
        | (np.isnan(rows[:, None, :]) & np.isnan(data.X[None, :, :])),
        axis=2,
    )
    assert same.any(axis=1).all()
    return same.argmax(axis=1)


def test_kept_rows_scored_alone_are_cut_where_the_threshold_was_learned(weka):
    """sick, two thirds: every row was predicted negative (a new user's finding).

    The threshold was learned on the kept rows' degrees each with itself left
    out, but a row scored alone meets its equal among them: a block of rows
    the members cannot tell apart, each beating the others, scored above its
    learned degree and passed a cut learned just above it. Now the threshold
    is learned on the degrees the kept rows get scored alone.
    """
    with pytest.warns(WekaRankingWarning, match="no value at all"):
        data = load_task("sick")
    train = data.subset(np.flatnonzero(np.arange(len(data)) % 3 != 1))
    model = RankingReduction().fit(train)
    kept = train.subset(kept_rows(model, train))
    threshold = model.reference_threshold_
    degree = degrees_back(model.predict_proba(kept)[:, 1], threshold)
    degree = np.round(degree * 2 * len(kept)) / (2 * len(kept))  # both orders
    share = np.mean(train.y == 1)
    assert reference.reference_threshold(degree, share) == pytest.approx(threshold)
    called = np.mean(model.predict(train) == model.classes_[1])
    assert abs(called - share) < abs(0 - share) / 2  # was 0


def test_a_single_instance_is_scored_by_its_pairs_in_both_orders(weka):
    """sick, seed 3: every row won the same pairs as first element (session 23).

    The members decide a pair by its second row alone there, so each held-out
    row beat the same 97 of the 100 kept rows as first element: one score for
    every row, none predicted first (0.8.0). The pairs a row is second in
    still tell rows apart.
    """
    with pytest.warns(WekaRankingWarning, match="no value at all"):
        data = load_task("sick")
    held_out = np.arange(len(data)) % 3 == 1
    train = data.subset(np.flatnonzero(~held_out))
    test = data.subset(np.flatnonzero(held_out))
    model = RankingReduction(seed=3).fit(train)
    alone = model.predict_proba(test)[:, 1]
    assert len(np.unique(alone)) > 1  # was 1
    assert auc(test.y, alone) > 0.9  # was 0.5; ranked as a batch, 0.959
    share = np.mean(train.y == 1)
    called = np.mean(model.predict(test) == model.classes_[1])
    assert abs(called - share) < share / 2  # was 0


def test_pointwise_predicts_with_the_base_learners_own_distribution(halves, weka):
    train, test = halves
    model = RankingReduction("NaiveBayes", ranker="pointwise").fit(train)
    instances = bridge.instances_like(test, model.weka_model_)
    member = model.members_[0]
    first = model.rank_first_index_
    for i in range(3):
        own = np.asarray(member.distributionForInstance(instances.instance(i)))
        assert model.predict_proba(test.subset([i]))[0].tolist() == pytest.approx(
            own[[1 - first, first]].tolist()
        )


def test_a_grouped_model_says_predictions_are_rankings_within_a_query(weka):
    X = np.arange(40.0).reshape(20, 2)
    grades, group = np.arange(20) % 3, np.repeat([1, 2], 10)
    model = RankingReduction("J48", pairs_per_instance=1).fit(X, grades, group=group)
    with pytest.raises(ValueError, match="fitted with group"):
        model.predict(X)


def test_on_imbalanced_data_the_predicted_share_follows_the_training_share(weka):
    """The new user's digits (3 against the rest, 10 % of the rows).

    Before, WEKA's summary predicted 3 for every row of a batch (the top half,
    cut at 0.5: every degree was above it). Found by a new user on data the
    project does not bundle (issue 30).
    """
    datasets = pytest.importorskip("sklearn.datasets")
    X, digit = datasets.load_digits(return_X_y=True)
    y = (digit == 3).astype(int)
    train, test = np.arange(0, 1200), np.arange(1200, len(y))
    share = y[train].mean()
    model = RankingReduction().fit(X[train], y[train])
    reduction = model.weka_model_
    instances = bridge.instances_like(
        array_dataset(X[test], source="digits"), reduction
    )
    first = model.rank_first_index_
    batch = np.asarray(reduction.distributionsForInstances(instances))[:, first]
    # The Java face's batch: the count of the reference cut, the ranking kept.
    scores = model.decision_function(X[test])
    cut = reference.share_cut(scores, share)
    np.testing.assert_allclose(batch, reference.share_probability(scores, cut))
    # The count nearest the training share that ties allow.
    assert np.sum(batch > 0.5) == np.sum(scores > cut)
    assert abs(np.mean(batch > 0.5) - share) < 0.05
    # -top-half, the former default, on the degree as first element, the
    # former degree: most rows called 3.
    reduction.setOptions(["-top-half", "-first-element", *reduction.getOptions()])
    top_half = np.asarray(reduction.distributionsForInstances(instances))[:, first]
    assert np.mean(top_half > 0.5) > 2 * share


HEADER = "@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n"


def test_one_row_is_scored_against_the_reference_sample(tmp_path, capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    train = tmp_path / "train.arff"
    train.write_text(HEADER + "".join(f"{i},{'pq'[i % 3 > 0]}\n" for i in range(40)))
    test = tmp_path / "one.arff"
    test.write_text(HEADER + "30,p\n")
    args = ["rank", "--train", str(train), "--test", str(test), "--pairs", "2"]
    assert main([*args, "--learner", "NaiveBayes"]) == 0
    out, err = capsys.readouterr()
    assert "ranking 1 instance: scored against the model's reference sample" in err
    score = float(out.splitlines()[1].split(",")[1])
    model = RankingReduction("NaiveBayes", pairs_per_instance=2)
    model.fit(load_arff(train))
    one = bridge.to_instances(load_arff(test, positive=model.positive_))
    p = model.weka_model_.distributionForInstance(one.instance(0))
    # The score is the row's degree, its probability the degree moved by the
    # line through the threshold.
    degree = degrees_back(
        np.array([p[model.rank_first_index_]]), model.reference_threshold_
    )
    assert score == pytest.approx(degree[0], abs=1e-12)
    assert score * 2 * 40 == pytest.approx(round(score * 2 * 40), abs=1e-9)


def test_a_small_batch_is_ranked_with_a_warning(tmp_path, capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    test = tmp_path / "few.arff"
    test.write_text(HEADER + "1,p\n2,q\n3,p\n")
    assert main(["rank", "--train", "hepatitis", "--test", str(test)]) != 0
    capsys.readouterr()
    train = tmp_path / "train.arff"
    train.write_text(HEADER + "".join(f"{i},{'pq'[i % 3 > 0]}\n" for i in range(40)))
    assert main(["rank", "--train", str(train), "--test", str(test)]) == 0
    assert "each score is a share of the 2 others" in capsys.readouterr().err


def test_the_threshold_is_a_fitted_attribute_equal_to_javas(halves, tmp_path, weka):
    """A new user found it only as ``weka_model_.referenceThreshold()``."""
    train = halves[0]
    model = RankingReduction("J48", pairs_per_instance=2, voters=3)
    assert not hasattr(model, "reference_threshold_")  # scikit-learn's: not fitted
    threshold = model.fit(train).reference_threshold_
    assert threshold == model.weka_model_.referenceThreshold()
    assert 0 < threshold < 1
    # scikit-learn's set_params refits nothing: the fitted threshold stays.
    assert model.set_params(voters=1, ranker="quicksort").reference_threshold_ == (
        threshold
    )
    smaller = model.sub_committee(1)  # a committee of its own, its own threshold
    assert smaller.reference_threshold_ == smaller.weka_model_.referenceThreshold()
    model.save(tmp_path / "m.wrk")
    assert RankingReduction.load(tmp_path / "m.wrk").reference_threshold_ == threshold
    assert pickle.loads(pickle.dumps(model)).reference_threshold_ == threshold
    pointwise = RankingReduction("J48", ranker="pointwise").fit(train)
    assert pointwise.reference_threshold_ is None
