"""NaiveBayes trained on all pairs from counts over the rows, tested against WEKA.

``ProductNaiveBayes`` fills NaiveBayes's estimators from the rows without
making a pair. Replaying WEKA's order of additions (``-sum-order pairs``),
WEKA's own NaiveBayes, trained on the materialised pair instances, must give
the same model: the same ``toString()`` and, for every pair, the same
distribution to the bit. From the rows (the default), a numeric attribute's
sums must be the exact sums of WEKA's terms rounded once, and every pair's
prediction WEKA's.
"""

import dataclasses
from fractions import Fraction

import jpype
import numpy as np
import pytest

from weka_ranking import RankingReduction, bridge, load_task
from weka_ranking.data import Attribute, Dataset
from weka_ranking.errors import WekaRankingWarning

PACKAGE = "weka.classifiers.meta.rankingreduction"
NAIVE_BAYES = "weka.classifiers.bayes.NaiveBayes"


def java(name):
    return jpype.JClass(f"{PACKAGE}.{name}")


def pair_training(data, pairs_per_instance=0):
    instances = bridge.to_instances(data)
    task = java("RankingTask").of(instances, data.positive, "")
    return java("PairTraining")(instances, task, pairs_per_instance, False)


def naive_bayes(options="", classname=NAIVE_BAYES):
    return bridge.make_classifier(classname, bridge.split_options(options))


def distributions(model, pairs):
    """Every pair's distribution, one column a class (copied out in one call)."""
    batch = model.distributionsForInstances(pairs)
    packed = jpype.JClass("weka.core.matrix.Matrix")(batch).getColumnPackedCopy()
    return np.asarray(packed).reshape(2, -1)


def from_rows(data, options="", pair_order=False):
    """The member trained from the rows, and its training data."""
    training = pair_training(data)
    training.setSumsInPairOrder(pair_order)
    model = naive_bayes(options)
    assert java("ProductTraining").train(model, training, 1)
    return model, training


def general_path(training, options=""):
    """WEKA's NaiveBayes on the materialised pairs, and those pairs."""
    pairs = training.pairs(jpype.JClass("java.util.Random")(1))
    model = naive_bayes(options)
    model.buildClassifier(pairs)
    return model, pairs


def assert_same_model(data, options=""):
    fast, training = from_rows(data, options, pair_order=True)
    general, pairs = general_path(training, options)
    assert str(fast) == str(general)
    np.testing.assert_array_equal(
        distributions(fast, pairs), distributions(general, pairs)
    )


def sample(data, n, seed=1):
    rows = np.random.default_rng(seed).choice(len(data), n, replace=False)
    return data.subset(np.sort(rows))


@pytest.mark.parametrize("task", ["hepatitis", "breast-cancer", "glass", "yeast"])
def test_study_tasks(task, weka):
    # hepatitis: numeric and nominal with missing values; breast-cancer:
    # nominal with missing values; glass and yeast: numeric only.
    assert_same_model(load_task(task))


def test_nominal_kr_vs_kp_rows(weka):
    assert_same_model(sample(load_task("kr-vs-kp"), 250))


def test_numeric_spambase_rows(weka):
    # 57 numeric attributes, most values 0: WEKA's unstable sorts meet many ties.
    assert_same_model(sample(load_task("spambase"), 100))


def test_sick_rows_with_missing_values(weka):
    # Numeric and nominal, missing values, and an attribute with none at all.
    with pytest.warns(WekaRankingWarning, match="1 attribute has no value at all"):
        sick = load_task("sick")
    assert_same_model(sample(sick, 300))


def test_edge_values(weka):
    rng = np.random.default_rng(3)
    n = 40
    y = (np.arange(n) % 3 == 0).astype(np.int8)
    signed_zeros = rng.choice([-0.5, -0.0, 0.0, 1.5], n)
    constant = np.full(n, 7.25)
    no_value = np.full(n, np.nan)
    large = 1e12 + rng.integers(0, 5, n) * 0.001
    one_class_missing = np.where(y == 1, np.nan, rng.integers(0, 3, n).astype(float))
    spread = np.where(rng.random(n) < 0.2, np.nan, rng.normal(0, 1e-3, n))
    X = np.c_[signed_zeros, constant, no_value, large, one_class_missing, spread]
    attributes = (
        Attribute("signed_zeros"),
        Attribute("constant"),
        Attribute("no_value"),
        Attribute("large"),
        Attribute("one_class_missing", ("a", "b", "c", "never")),
        Attribute("spread"),
    )
    assert_same_model(Dataset(X, y, attributes, "class", ("no", "yes"), 1))


def test_display_option_is_honoured(weka):
    assert_same_model(load_task("hepatitis"), "-O")


@pytest.mark.parametrize("options", ["-K", "-D"])
def test_declined_options_train_on_the_pairs(options, weka):
    data = load_task("hepatitis")
    training = pair_training(data)
    assert not java("ProductTraining").applies(naive_bayes(options), training)
    model = RankingReduction(
        "NaiveBayes",
        base_options=options,
        pairs_per_instance="all",
        voters=1,
        pair_features="concat",
    ).fit(data)
    general, _ = general_path(training, options)
    assert str(model.weka_model_.getMembers()[0]) == str(general)


def test_a_subclass_is_declined(weka):
    # Sampled pairs are trained from the rows too: tests/test_sampled_rowpaths.py.
    data = load_task("glass")
    updateable = naive_bayes(classname=f"{NAIVE_BAYES}Updateable")
    assert not java("ProductTraining").applies(updateable, pair_training(data))


def test_infinite_values_are_declined(weka):
    # WEKA sorts a missing value as Double.MAX_VALUE: an infinite value's place
    # beside the missing ones would decide the precision.
    data = load_task("hepatitis")
    assert java("ProductTraining").applies(naive_bayes(), pair_training(data))
    X = data.X.copy()
    X[3, 0] = np.inf  # AGE, numeric
    infinite = dataclasses.replace(data, X=X)
    assert not java("ProductTraining").applies(naive_bayes(), pair_training(infinite))


@pytest.mark.parametrize("ranker", ["tournament", "quicksort"])
def test_meta_classifier_equals_training_on_pairs(ranker, weka):
    """The product path ranks as the same pairs drawn as a sample do.

    A sample of one pair per other-class row draws every pair, in the same
    order, and materialises them.
    """
    data = load_task("hepatitis")
    assert java("ProductTraining").applies(naive_bayes(), pair_training(data))
    models = [
        RankingReduction(
            "NaiveBayes",
            pairs_per_instance=p,
            voters=1,
            pair_features="concat",
            ranker=ranker,
            sum_order="pairs",
        ).fit(data)
        for p in ("all", len(data))
    ]
    fast, general = (model.weka_model_.getMembers() for model in models)
    assert [str(m) for m in fast] == [str(m) for m in general]
    np.testing.assert_array_equal(
        models[0].decision_function(data), models[1].decision_function(data)
    )
    np.testing.assert_array_equal(models[0].rank(data), models[1].rank(data))


def field(of, classname, name):
    declared = jpype.JClass(classname).class_.getDeclaredField(name)
    declared.setAccessible(True)
    return declared.get(of)


def normal_estimators(model):
    """(pair attribute, label, estimator) of each numeric attribute."""
    table = field(model, NAIVE_BAYES, "m_Distributions")
    normal = jpype.JClass("weka.estimators.NormalEstimator")
    return [
        (att, label, table[att][label])
        for att in range(len(table))
        for label in (0, 1)
        if isinstance(table[att][label], normal)
    ]


def edge_data():
    rng = np.random.default_rng(5)
    n = 60
    y = (np.arange(n) % 4 == 0).astype(np.int8)
    X = np.c_[
        rng.choice([-0.5, -0.0, 0.0, 1.5], n),
        np.full(n, 7.25),
        1e12 + rng.integers(0, 5, n) * 0.001,
        np.where(rng.random(n) < 0.3, np.nan, rng.normal(0, 1e-3, n)),
        np.where(y == 1, np.nan, rng.normal(50, 3, n)),
    ]
    names = ("signed_zeros", "constant", "large", "spread", "one_class_missing")
    attributes = tuple(Attribute(name) for name in names)
    return Dataset(X, y, attributes, "class", ("no", "yes"), 1)


@pytest.mark.parametrize("task", ["glass", "hepatitis", "edge"])
def test_rows_sums_are_the_exact_sums_rounded_once(task, weka):
    data = edge_data() if task == "edge" else load_task(task)
    model, training = from_rows(data)
    rows = np.array([list(row) for row in training.rows()])
    first, second = (
        np.array(list(side), dtype=int) for side in training.productSides()
    )
    features = rows.shape[1]
    estimators = normal_estimators(model)
    assert estimators
    for att, label, estimator in estimators:
        # A label-1 pair is (S1 row, S0 row); a label-0 pair (S0 row, S1 row).
        side = first if (label == 1) == (att < features) else second
        meets = len(first) * len(second) // len(side)
        values = rows[side, att % features]
        values = values[~np.isnan(values)]
        precision = float(estimator.getPrecision())
        rounded = np.rint(values / precision) * precision  # NormalEstimator.round
        weights = float(len(rounded) * meets)
        sum_ = float(sum(map(Fraction, rounded)) * meets)
        squares = float(sum(map(Fraction, rounded * rounded)) * meets)
        name = "weka.estimators.NormalEstimator"
        assert field(estimator, name, "m_SumOfWeights") == weights
        assert field(estimator, name, "m_SumOfValues") == sum_
        assert field(estimator, name, "m_SumOfValuesSq") == squares
        if weights:
            mean = sum_ / weights
            deviation = np.sqrt(abs(squares - mean * sum_) / weights)
            assert estimator.getMean() == mean
            if deviation > 1e-10:
                assert estimator.getStdDev() == max(precision / 6, deviation)


def test_rows_sums_do_not_depend_on_the_rows_order(weka):
    data = load_task("glass")
    shuffled = data.subset(np.random.default_rng(2).permutation(len(data)))
    model, _ = from_rows(data)
    again, _ = from_rows(shuffled)
    assert str(model) == str(again)
    for (_, _, one), (_, _, other) in zip(
        normal_estimators(model), normal_estimators(again), strict=True
    ):
        assert (one.getMean(), one.getStdDev()) == (other.getMean(), other.getStdDev())


@pytest.mark.parametrize("task", ["glass", "yeast", "hepatitis"])
def test_rows_predict_every_pair_as_weka_does(task, weka):
    # WEKA's sums carry its rounding errors in its order over the pairs; the
    # exact sums differ from them by those errors, no pair's prediction.
    model, training = from_rows(load_task(task))
    general, pairs = general_path(training)
    fast, weka_own = distributions(model, pairs), distributions(general, pairs)
    np.testing.assert_array_equal(fast.argmax(0), weka_own.argmax(0))
    np.testing.assert_allclose(fast, weka_own, rtol=1e-6, atol=1e-12)


def test_rows_sums_take_more_pairs_than_a_java_array(weka):
    # 80,000 rows, 30% first: 2.7 billion pairs. Replaying WEKA's order needs
    # an array over the pairs; exact sums from the rows do not.
    n, first = 80_000, 24_000
    y = (np.arange(n) < first).astype(np.int8)
    X = np.random.default_rng(1).normal(size=(n, 1))
    data = Dataset(X, y, (Attribute("x"),), "class", ("no", "yes"), 1)
    training = pair_training(data)
    assert training.pairsPerMember() == 2 * first * (n - first) > 2**31
    assert java("ProductTraining").applies(naive_bayes(), training)
    training.setSumsInPairOrder(True)
    assert not java("ProductTraining").applies(naive_bayes(), training)


def test_python_sum_order_reaches_the_members(weka):
    data = load_task("glass")
    members = [
        RankingReduction(
            "NaiveBayes",
            pairs_per_instance="all",
            voters=1,
            pair_features="concat",
            sum_order=order,
        )
        .fit(data)
        .weka_model_
        for order in ("rows", "pairs")
    ]
    assert [str(m.getSumOrder()) for m in members] == ["rows", "pairs"]
    replayed, _ = from_rows(data, pair_order=True)
    exact, _ = from_rows(data)
    assert str(members[1].getMembers()[0]) == str(replayed)
    means = [
        [e.getMean() for _, _, e in normal_estimators(m.getMembers()[0])]
        for m in members
    ]
    assert means[0] == [e.getMean() for _, _, e in normal_estimators(exact)]
    assert means[0] != means[1]  # glass's sums differ in their last bits


@pytest.mark.slow
@pytest.mark.parametrize("task", ["kr-vs-kp", "vehicle"])
def test_all_rows(task, weka):
    # kr-vs-kp: 5,097,126 pairs, nominal; vehicle: 257,506 pairs, numeric.
    assert_same_model(load_task(task))
