"""The default's sampled pairs trained from the rows, against WEKA on the pairs.

Under the default (two pairs per instance, ten voters) each member's pairs
are a drawn list (``PairTraining.pairList``). NaiveBayes is trained from the
rows on it (``ProductNaiveBayes``): replaying WEKA's order of additions
(``-sum-order pairs``), WEKA's own NaiveBayes on the member's materialised
pair instances must be the same model, its text and every pair's
distribution to the bit; from the rows (the default), each numeric sum must
be the exact sum of WEKA's terms rounded once, and every pair's predicted
class WEKA's. Logistic's sampled members (``ProductLogistic``, replayed in
the pairs' order by ``PairOrderLogistic`` where separable) and SMO's row
kernel (``PairPolyKernel``) are WEKA's models to the bit on the default's
pairs too; SMO's difference solver declines them (its symmetry needs all
pairs in both orders).
"""

from fractions import Fraction

import jpype
import numpy as np
import pytest

from weka_ranking import RankingReduction, bridge, load_task
from weka_ranking.data import Attribute, Dataset
from weka_ranking.errors import WekaRankingWarning

PACKAGE = "weka.classifiers.meta.rankingreduction"
NAIVE_BAYES = "weka.classifiers.bayes.NaiveBayes"
NORMAL = "weka.estimators.NormalEstimator"


def java(name):
    return jpype.JClass(f"{PACKAGE}.{name}")


def random(seed):
    return jpype.JClass("java.util.Random")(seed)


def pair_training(data, pairs_per_instance=2, one_order=False, features=0):
    instances = bridge.to_instances(data)
    task = java("RankingTask").of(instances, data.positive, "")
    return java("PairTraining")(
        instances, task, pairs_per_instance, one_order, features, 0
    )


def naive_bayes():
    return bridge.make_classifier(NAIVE_BAYES, [])


def distributions(model, pairs):
    batch = model.distributionsForInstances(pairs)
    packed = jpype.JClass("weka.core.matrix.Matrix")(batch).getColumnPackedCopy()
    return np.asarray(packed).reshape(2, -1)


def both_ways(training, seed, pair_order):
    """The member of ``seed`` from the rows, WEKA's on its pair instances, and those."""
    training.setSumsInPairOrder(pair_order)
    fast = naive_bayes()
    assert java("ProductTraining").train(fast, training, random(seed), 1)
    pairs = training.pairs(random(seed))
    general = naive_bayes()
    general.buildClassifier(pairs)
    return fast, general, pairs


def sample(data, n, seed=1):
    rows = np.random.default_rng(seed).choice(len(data), n, replace=False)
    return data.subset(np.sort(rows))


def edge_data():
    """Signed zeros, a constant, an empty attribute, large values, missing by class."""
    rng = np.random.default_rng(3)
    n = 60
    y = (np.arange(n) % 3 == 0).astype(np.int8)
    X = np.c_[
        rng.choice([-0.5, -0.0, 0.0, 1.5], n),
        np.full(n, 7.25),
        np.full(n, np.nan),
        1e12 + rng.integers(0, 5, n) * 0.001,
        np.where(y == 1, np.nan, rng.integers(0, 3, n).astype(float)),
        np.where(rng.random(n) < 0.2, np.nan, rng.normal(0, 1e-3, n)),
    ]
    attributes = (
        Attribute("signed_zeros"),
        Attribute("constant"),
        Attribute("no_value"),
        Attribute("large"),
        Attribute("one_class_missing", ("a", "b", "c", "never")),
        Attribute("spread"),
    )
    return Dataset(X, y, attributes, "class", ("no", "yes"), 1)


def data_set(name):
    if name == "edge":
        return edge_data()
    if name == "sick":
        with pytest.warns(WekaRankingWarning, match="no value at all"):
            return sample(load_task("sick"), 300)
    return load_task(name)


# hepatitis: numeric and nominal, missing values; breast-cancer: nominal,
# missing values; glass: numeric; sick: both, missing values, an attribute
# without any; edge: signed zeros, a constant, large values.
@pytest.mark.parametrize(
    "name", ["hepatitis", "breast-cancer", "glass", "sick", "edge"]
)
@pytest.mark.parametrize("pairs_per_instance", [1, 2, 5])
def test_naive_bayes_replayed_is_wekas_to_the_bit(name, pairs_per_instance, weka):
    data = data_set(name)
    for seed in (1, 2):
        fast, general, pairs = both_ways(
            pair_training(data, pairs_per_instance), seed, pair_order=True
        )
        assert str(fast) == str(general)
        np.testing.assert_array_equal(
            distributions(fast, pairs), distributions(general, pairs)
        )


def nominal_data(n=150, positives=None):
    """Nominal attributes of 2, 16 and 17 values, missing values, 150 rows.

    A nominal attribute of at most 16 values is counted from bits
    (``ValueBits``: 150 rows span three words), one of more from the rows'
    ranks; five pairs per instance give rows multiplicities of several bits.
    The attributes of 2 and 3 values missing nowhere have their last value's
    pairs counted as what the others leave. With a few positive rows, each
    is drawn by hundreds of negatives: multiplicities of more than a byte.
    """
    rng = np.random.default_rng(5)
    if positives is None:
        y = (rng.random(n) < 0.3).astype(np.int8)
    else:
        y = np.zeros(n, dtype=np.int8)
        y[rng.choice(n, positives, replace=False)] = 1
    columns = []
    for values in (2, 16, 17):
        column = rng.integers(0, values, n).astype(float)
        column[rng.random(n) < 0.1] = np.nan
        columns.append(np.where(y == 1, np.minimum(column, values // 2), column))
    for values in (2, 3):
        columns.append(np.where(y == 1, 0, rng.integers(0, values, n)).astype(float))
    names = [f"v{values}" for values in (2, 16, 17)] + ["complete2", "complete3"]
    attributes = tuple(
        Attribute(name, tuple(f"x{i}" for i in range(values)))
        for name, values in zip(names, (2, 16, 17, 2, 3), strict=True)
    )
    return Dataset(np.c_[tuple(columns)], y, attributes, "class", ("no", "yes"), 1)


@pytest.mark.parametrize(
    ("pairs_per_instance", "n", "positives"),
    [(2, 150, None), (5, 150, None), (2, 700, 3)],
)
def test_naive_bayes_nominal_counts_from_bits_are_wekas(
    pairs_per_instance, n, positives, weka
):
    training = pair_training(nominal_data(n, positives), pairs_per_instance)
    for seed in (1, 2, 3):
        fast, general, pairs = both_ways(training, seed, pair_order=False)
        assert str(fast) == str(general)
        np.testing.assert_array_equal(
            distributions(fast, pairs), distributions(general, pairs)
        )


@pytest.mark.parametrize("name", ["hepatitis", "sick", "edge"])
def test_naive_bayes_members_sharing_a_side_are_each_alone(name, weka):
    """A side's statistics kept from an earlier member are the member's own.

    Every member's first side holds each row as often, so the members after
    the first take its statistics from the training; each must equal the
    member trained alone, on a training of its own, to the bit.
    """
    data = data_set(name)
    shared = pair_training(data)
    for seed in (1, 2, 3, 4):
        member = naive_bayes()
        assert java("ProductTraining").train(member, shared, random(seed), 1)
        alone = naive_bayes()
        assert java("ProductTraining").train(
            alone, pair_training(data), random(seed), 1
        )
        assert str(member) == str(alone)
        pairs = shared.pairs(random(seed))
        np.testing.assert_array_equal(
            distributions(member, pairs), distributions(alone, pairs)
        )


def field(of, classname, name):
    declared = jpype.JClass(classname).class_.getDeclaredField(name)
    declared.setAccessible(True)
    return declared.get(of)


@pytest.mark.parametrize("name", ["hepatitis", "glass", "edge"])
def test_naive_bayes_rows_sums_are_the_exact_sums_of_the_list(name, weka):
    data = data_set(name)
    training = pair_training(data)
    fast, general, pairs = both_ways(training, 3, pair_order=False)
    rows = np.array([list(row) for row in training.rows()])
    listed = training.pairList(random(3))
    first, second = np.asarray(listed.first), np.asarray(listed.second)
    label = np.asarray(listed.label)
    features = rows.shape[1]
    table = field(fast, NAIVE_BAYES, "m_Distributions")
    checked = 0
    for att in range(2 * features):
        for cls in (0, 1):
            estimator = table[att][cls]
            if not isinstance(estimator, jpype.JClass(NORMAL)):
                continue
            side = first if att < features else second
            values = rows[side[label == cls], att % features]
            values = values[~np.isnan(values)]
            precision = float(estimator.getPrecision())
            rounded = np.rint(values / precision) * precision  # NormalEstimator.round
            assert field(estimator, NORMAL, "m_SumOfWeights") == len(rounded)
            assert field(estimator, NORMAL, "m_SumOfValues") == float(
                sum(map(Fraction, rounded))
            )
            assert field(estimator, NORMAL, "m_SumOfValuesSq") == float(
                sum(map(Fraction, rounded * rounded))
            )
            checked += 1
    assert checked
    if name == "edge":
        return  # 1e12 + a little: WEKA's rounding errors there are its deviation's size
    # WEKA's own sums carry its rounding errors; no pair's prediction differs.
    ours, wekas = distributions(fast, pairs), distributions(general, pairs)
    np.testing.assert_array_equal(ours.argmax(0), wekas.argmax(0))
    np.testing.assert_allclose(ours, wekas, rtol=1e-6, atol=1e-12)


def test_exact_sums_round_once_as_fractions_do(weka):
    rng = np.random.default_rng(0)
    for trial in range(400):
        n = int(rng.integers(1, 20))
        terms = [
            rng.normal(size=n) * 10.0 ** rng.integers(-20, 20, n),
            np.r_[1.0, 2.0**-53, 2.0**-106 * rng.choice([-1, 1])],  # ties to even
            rng.choice([1e300, -1e300, 1e-300, 5e-324, 1.0, 0.1, -0.0], n),
            # Across the accumulator's whole range, signs mixed, all but cancelling.
            np.r_[
                rng.choice([-1, 1], n) * 2.0 ** rng.integers(-899, 899, n),
                -(2.0**898),
                2.0**898,
                -1.0 - 2.0**-52,
            ],
        ][trial % 4]
        times = rng.integers(1, [10**6, 10**6, 10**6, 2**53][trial % 4], len(terms))
        exact = java("ExactSum")()
        for term, count in zip(terms, times, strict=True):
            exact.add(float(term), int(count))
        want = sum(
            Fraction(float(t)) * int(k) for t, k in zip(terms, times, strict=True)
        )
        assert exact.sum() == float(want)


def test_one_order_pairs_are_a_list_too(weka):
    fast, general, pairs = both_ways(
        pair_training(load_task("hepatitis"), 2, one_order=True), 1, pair_order=True
    )
    assert set(np.asarray(pairs.attributeToDoubleArray(pairs.classIndex()))) == {1.0}
    assert str(fast) == str(general)


def test_pairs_that_are_no_plain_list_go_to_wekas_path(weka):
    data = load_task("hepatitis")
    applies = java("ProductTraining").applies
    assert applies(naive_bayes(), pair_training(data))
    difference = pair_training(data, features=1)  # -pair-features difference
    assert not applies(naive_bayes(), difference)
    weighted = bridge.to_instances(data)
    weighted.instance(0).setWeight(2.0)
    task = java("RankingTask").of(weighted, data.positive, "")
    training = java("PairTraining")(weighted, task, 2, False)
    assert "weighted" in str(training.pairListDeclined())
    assert not applies(naive_bayes(), training)


def test_the_defaults_naive_bayes_members_are_wekas(weka):
    data = load_task("hepatitis")
    model = RankingReduction("NaiveBayes", sum_order="pairs").fit(data)
    members = model.weka_model_.getMembers()
    assert len(members) == 10
    training = pair_training(data)
    for member, seed in zip(members, model.member_seeds_, strict=True):
        general = naive_bayes()
        general.buildClassifier(training.pairs(random(int(seed))))
        assert str(member) == str(general)
    assert list(model.declined_) == []


def test_logistic_on_the_defaults_binary_pairs_is_replayed_to_the_bit(weka):
    # kr-vs-kp's binary attributes: every member's two pairs an instance are
    # separable, so replayed in their order (issue 44's 23 times Logistic alone).
    data = sample(load_task("kr-vs-kp"), 400)
    training = pair_training(data)
    for seed in (1, 2):
        member = bridge.make_classifier("weka.classifiers.functions.Logistic", [])
        assert java("ProductTraining").train(member, training, random(seed), 1)
        general = bridge.make_classifier("weka.classifiers.functions.Logistic", [])
        general.buildClassifier(training.pairs(random(seed)))
        assert [float(row[0]) for row in member.coefficients()] == [
            float(row[0]) for row in general.coefficients()
        ]


def test_smo_row_kernel_on_the_defaults_pairs_is_wekas(weka):
    data = sample(load_task("hepatitis"), 60)
    training = pair_training(data)
    solver = java("SmoSolver")
    assert "not all pairs" in str(
        solver.declines(
            solver.DIFFERENCES,
            bridge.make_classifier("weka.classifiers.functions.SMO", []),
            training,
        )
    )
    general = bridge.make_classifier("weka.classifiers.functions.SMO", [])
    general.buildClassifier(training.pairs(random(1)))
    fast = bridge.make_classifier("weka.classifiers.functions.SMO", [])
    assert not solver.train(solver.ROW_KERNEL, fast, training)  # readied, not trained
    fast.buildClassifier(training.pairs(random(1)))
    pairs = training.pairs(random(1))
    np.testing.assert_array_equal(
        distributions(fast, pairs), distributions(general, pairs)
    )
