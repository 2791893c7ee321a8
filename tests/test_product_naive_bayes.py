"""NaiveBayes trained on all pairs from counts over the rows, tested against WEKA.

``ProductNaiveBayes`` fills NaiveBayes's estimators from the rows without
making a pair; WEKA's own NaiveBayes, trained on the materialised pair
instances, must give the same model: the same ``toString()`` and, for every
pair, the same distribution to the bit.
"""

import dataclasses

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


def general_path(training, options=""):
    """WEKA's NaiveBayes on the materialised pairs, and those pairs."""
    pairs = training.pairs(jpype.JClass("java.util.Random")(1))
    model = naive_bayes(options)
    model.buildClassifier(pairs)
    return model, pairs


def assert_same_model(data, options=""):
    training = pair_training(data)
    fast = naive_bayes(options)
    assert java("ProductTraining").train(fast, training, 1)
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
    with pytest.warns(WekaRankingWarning, match="1 attributes have no value at all"):
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
    model = RankingReduction("NaiveBayes", base_options=options).fit(data)
    general, _ = general_path(training, options)
    assert str(model.weka_model_.getMembers()[0]) == str(general)


def test_subclass_and_sampled_pairs_are_declined(weka):
    data = load_task("glass")
    updateable = naive_bayes(classname=f"{NAIVE_BAYES}Updateable")
    assert not java("ProductTraining").applies(updateable, pair_training(data))
    everyone = pair_training(data, pairs_per_instance=len(data))
    assert not java("ProductTraining").applies(naive_bayes(), everyone)


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
        RankingReduction("NaiveBayes", pairs_per_instance=p, ranker=ranker).fit(data)
        for p in ("all", len(data))
    ]
    fast, general = (model.weka_model_.getMembers() for model in models)
    assert [str(m) for m in fast] == [str(m) for m in general]
    np.testing.assert_array_equal(
        models[0].decision_function(data), models[1].decision_function(data)
    )
    np.testing.assert_array_equal(models[0].rank(data), models[1].rank(data))


@pytest.mark.slow
@pytest.mark.parametrize("task", ["kr-vs-kp", "vehicle"])
def test_all_rows(task, weka):
    # kr-vs-kp: 5,097,126 pairs, nominal; vehicle: 257,506 pairs, numeric.
    assert_same_model(load_task(task))
