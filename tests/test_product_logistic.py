"""Logistic trained from the rows is WEKA's Logistic on the materialised pairs.

``ProductLogistic`` replays WEKA's ``Logistic.buildClassifier`` (its filters,
standardisation, ridge, start and ``Optimization``) with the objective and
gradient summed over the rows instead of the pairs. Sums in another order
change the objective's last bits, so the model is the same optimum to the
optimiser's tolerance, not the same bits. What "the same" means here, on data
whose pairs are not separable:

- the log-likelihood per pair within ``LL_TOLERANCE`` of WEKA's,
- with numeric attributes only, every coefficient within
  ``COEFFICIENT_TOLERANCE`` of the largest coefficient's magnitude (the
  optimiser stops where its step falls under 1e-6 of the standardised
  coefficients; flat valleys, as vehicle's correlated attributes and glass's
  nearly separable folds make, move a coefficient more than that: measured
  up to 1e-3 on vehicle, 3.5e-3 on glass, 1e-9 to 1e-6 elsewhere). A nominal
  attribute's indicators sum to the intercept's 1, so along that direction
  only the ridge of 1e-8 fixes the coefficients, and two stopping points of
  the same answers may differ there, as may a value seen in one class only,
  whose coefficient drifts towards infinity held by the ridge alone
  (breast-cancer: 0.44 of the largest on a fold whose log-likelihoods agree
  to 2e-10),
- the member votes on every ordered pair of test rows of different values as
  WEKA's model votes, so the tournament (and every other ranker) ranks a test
  fold without duplicate rows exactly as with WEKA's model. On a pair of
  identical rows the vote is the sign of c + s_a + t_a, 0 in exact
  arithmetic on all pairs both ways (the pair set is symmetric: c = 0 and the
  halves are opposite), so WEKA's own vote there is rounding, and ours may
  differ (yeast's second fold: one duplicate pair of test rows, two votes,
  a ranking of its 48 rows that differs there). The probabilities on test
  pairs are not asserted: where a direction nearly separates the pairs, they
  move with the stopping point (measured up to 0.02 on glass, 0.2 on a
  breast-cancer fold, under 1e-9 on most folds), the votes did not.

On separable pairs the optimum is at infinity and where an optimiser stops is
decided by the last bits of every evaluation. A member's sampled pairs are then
replayed in their order (``PairOrderLogistic``): every sum WEKA makes over the
pair instances, made over the pairs with the same operands, so the model is
WEKA's to the last bit. All pairs, or rows with missing values, that are
separable are declined, and WEKA's own model is trained.
"""

import jpype
import numpy as np
import pytest

from weka_ranking import RankingReduction, bridge, load_task
from weka_ranking.data import Dataset, synthetic
from weka_ranking.folds import weka_folds

LL_TOLERANCE = 1e-8
COEFFICIENT_TOLERANCE = 1e-2
LOGISTIC = "weka.classifiers.functions.Logistic"
PACKAGE = "weka.classifiers.meta.rankingreduction"


def compare(train: Dataset, test: Dataset, options="", pairs_per_instance=0, seed=1):
    """One Logistic member trained both ways (``LogisticBothWays``)."""
    learner = bridge.make_classifier(LOGISTIC, bridge.split_options(options))
    both = jpype.JClass("wekaranking.harness.LogisticBothWays")
    return both.compare(
        learner,
        bridge.to_instances(train),
        bridge.to_instances(test),
        train.positive,
        pairs_per_instance,
        seed,
        1,
    )


def assert_same_optimum(result, data: Dataset, test: Dataset) -> None:
    assert result.fromRows
    ours = np.asarray(result.fromRowsCoefficients)
    wekas = np.asarray(result.onPairsCoefficients)
    assert ours.shape == wekas.shape  # the same attributes after the filters
    if not any(a.is_nominal for a in data.attributes):
        scale = np.abs(wekas).max()
        assert np.abs(ours - wekas).max() <= COEFFICIENT_TOLERANCE * scale
    ll = result.onPairsLogLikelihood
    assert abs(result.fromRowsLogLikelihood - ll) <= LL_TOLERANCE * result.pairs
    assert result.differingVotes == 0  # on pairs of different rows
    if len(np.unique(test.X, axis=0)) == len(test.X):
        np.testing.assert_array_equal(
            np.asarray(result.fromRowsScores), np.asarray(result.onPairsScores)
        )


def assert_every_fold(data: Dataset, options="", pairs_per_instance=0) -> int:
    """Every fold the same optimum, but separable ones; returns how many those are."""
    separable_folds = 0
    for train, test in weka_folds(data.y):
        result = compare(
            data.subset(train), data.subset(test), options, pairs_per_instance
        )
        if result.fromRows:
            assert_same_optimum(result, data, data.subset(test))
        else:
            # Declined only on separable pairs: WEKA's model separates them too.
            assert result.onPairsSeparates
            separable_folds += 1
    return separable_folds


def java(name):
    return jpype.JClass(f"{PACKAGE}.{name}")


def pair_training(data: Dataset, pairs_per_instance=0):
    instances = bridge.to_instances(data)
    task = java("RankingTask").of(instances, data.positive, "")
    return java("PairTraining")(instances, task, pairs_per_instance, False)


def logistic(options=""):
    return bridge.make_classifier(LOGISTIC, bridge.split_options(options))


def separable(n: int) -> Dataset:
    """A class that one attribute decides: every pair is separable."""
    data = synthetic(n, features=5, seed=7)
    X = data.X.copy()
    X[:, 0] = data.y + 0.1 * np.random.default_rng(7).random(n)
    return Dataset(X, data.y, data.attributes, "class", ("0", "1"), 1, "s", "s")


# hepatitis: numeric and nominal attributes with missing values (the means
# and modes over the pairs); glass: numeric only, two folds separable.
@pytest.mark.parametrize(
    ("task", "separable_folds"),
    [("hepatitis", 0), pytest.param("glass", 2, marks=pytest.mark.slow)],
)
def test_every_fold_of_a_study_task_ranks_as_weka(task, separable_folds, weka):
    assert assert_every_fold(load_task(task)) == separable_folds


@pytest.mark.slow
@pytest.mark.parametrize("task", ["breast-cancer", "vehicle", "yeast"])
def test_every_fold_of_the_slower_study_tasks_ranks_as_weka(task, weka):
    # vehicle: 208,356 pairs a fold, about 40 s a fold on WEKA's path.
    assert_every_fold(load_task(task))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["diabetes", "credit-g"])
def test_every_fold_of_two_more_data_sets_ranks_as_weka(name, weka):
    assert_every_fold(load_task(f"arff_data/{name}.arff"))


# credit-g's case (6 s) is slow: nominal and numeric attributes, as every fold
# of hepatitis has them in the default suite (missing values too); diabetes stays.
@pytest.mark.parametrize(
    "name", ["diabetes", pytest.param("credit-g", marks=pytest.mark.slow)]
)
def test_two_more_data_sets_rank_as_weka(name, weka):
    # A fold of a sample of each (credit-g: 13 nominal attributes, most of
    # more than two values, through NominalToBinary).
    data = load_task(f"arff_data/{name}.arff")
    rows = np.sort(np.random.default_rng(3).choice(len(data.y), 200, replace=False))
    train, test = next(iter(weka_folds(data.y[rows])))
    sample = data.subset(rows)
    train, test = sample.subset(train), sample.subset(test)
    assert_same_optimum(compare(train, test), data, test)


@pytest.mark.parametrize("options", ["-R 0.5", "-M 5", "-C", "-S"])
def test_logistics_options_are_honoured(options, weka):
    data = load_task("glass")
    train, test = next(iter(weka_folds(data.y)))
    test = data.subset(test)
    assert_same_optimum(compare(data.subset(train), test, options), data, test)


@pytest.mark.parametrize("pairs_per_instance", [5, 20])
def test_sampled_pairs_are_trained_from_the_rows(pairs_per_instance, weka):
    # A member's drawn pair list, not a product: the same pairs as its
    # instances, so the same optimum.
    data = load_task("breast-cancer")
    train, test = next(iter(weka_folds(data.y)))
    test = data.subset(test)
    result = compare(data.subset(train), test, "", pairs_per_instance)
    assert result.pairs == pairs_per_instance * len(train)
    assert_same_optimum(result, data, test)


def test_separable_pairs_are_declined_and_trained_by_weka(weka):
    data = separable(120)
    assert java("ProductTraining").applies(logistic(), pair_training(data))
    result = compare(data, data)
    assert not result.fromRows  # the optimum is at infinity: WEKA's own stop
    model = RankingReduction(
        "Logistic", pairs_per_instance="all", voters=1, pair_features="concat"
    ).fit(data)
    (member,) = model.weka_model_.getMembers()
    wekas = np.asarray(result.onPairsCoefficients)
    np.testing.assert_array_equal(
        np.asarray([row[0] for row in member.coefficients()]), wekas
    )
    # The model says so, in its text and to Python.
    (line,) = model.declined_
    assert "training Logistic from the rows for 1 of 1 member" in line
    assert "separable" in line
    assert f"Declined: {line}" in str(model.weka_model_.toString())


def assert_wekas_model(result) -> None:
    """The member from the rows is WEKA's model on the pairs, to the bit."""
    assert result.fromRows
    np.testing.assert_array_equal(
        np.asarray(result.fromRowsCoefficients), np.asarray(result.onPairsCoefficients)
    )
    assert result.fromRowsLogLikelihood == result.onPairsLogLikelihood
    np.testing.assert_array_equal(
        np.asarray(result.fromRowsScores), np.asarray(result.onPairsScores)
    )


@pytest.mark.parametrize(
    ("task", "pairs_per_instance"),
    [
        ("vehicle", 1),
        ("vehicle", 5),
        ("glass", 1),
        ("yeast", 1),
        ("arff_data/ionosphere.arff", 5),
    ],
)
def test_separable_sampled_pairs_give_wekas_model_to_the_bit(
    task, pairs_per_instance, weka
):
    # These sampled pair sets are separable (vehicle's: the reproduction's
    # pairs and seeds families): replayed in the pairs' order, not declined.
    data = load_task(task)
    for train, test in list(weka_folds(data.y))[:2]:
        result = compare(data.subset(train), data.subset(test), "", pairs_per_instance)
        assert result.onPairsSeparates
        assert_wekas_model(result)


@pytest.mark.parametrize("options", ["-R 1e-4", "-C", "-S", "-M 30"])
def test_the_pair_order_replay_honours_logistics_options(options, weka):
    data = load_task("vehicle")
    train, test = next(iter(weka_folds(data.y)))
    result = compare(data.subset(train), data.subset(test), options, 1)
    assert result.onPairsSeparates
    assert_wekas_model(result)


def test_the_pair_order_replay_does_not_depend_on_the_threads(weka):
    # 10 pairs an instance of 3,400 rows that one attribute separates: 34,000
    # pairs, enough for the per-pair work to go to a pool of two threads.
    data = separable(3400)
    training = pair_training(data, 10)
    random = jpype.JClass("java.util.Random")
    wekas = logistic()
    wekas.buildClassifier(training.pairs(random(3)))
    for threads in (1, 2):
        member = logistic()
        assert java("ProductTraining").train(member, training, random(3), threads)
        assert str(member.toString()) == str(wekas.toString())
        assert [float(row[0]) for row in member.coefficients()] == [
            float(row[0]) for row in wekas.coefficients()
        ]


def mixed(n: int) -> Dataset:
    """A class one attribute leans on: some members' pairs separable, some not."""
    data = separable(n)
    data.X[:, 0] = np.random.default_rng(2).random(n) + 0.3 * data.y
    return data


def separates(model, pairs) -> bool:
    """Whether WEKA's model puts every pair on its label's side."""
    for k in range(pairs.numInstances()):
        pair = pairs.instance(k)
        p = model.distributionForInstance(pair)
        label = int(pair.classValue())
        if not p[label] > p[1 - label]:
            return False
    return True


def test_a_committee_of_sampled_members_declines_none(weka):
    # 1 pair per instance: the separable members are WEKA's models to the bit.
    data = mixed(40)
    model = RankingReduction("Logistic", pairs_per_instance=1, voters=10).fit(data)
    assert list(model.declined_) == []
    training = pair_training(data, 1)
    random = jpype.JClass("java.util.Random")
    replayed = 0
    for i, member in enumerate(model.weka_model_.getMembers()):
        pairs = training.pairs(random(model.member_seeds_[i]))
        wekas = logistic()
        wekas.buildClassifier(pairs)
        if separates(wekas, pairs):
            replayed += 1
            assert str(member.toString()) == str(wekas.toString())
    assert 0 < replayed < 10  # the data makes both kinds


def test_a_committee_says_which_members_were_declined(weka):
    # With a missing value the separable members cannot be replayed in the
    # pairs' order (ReplaceMissingValues' means over the pairs): declined.
    data = mixed(40)
    data.X[3, 1] = np.nan
    model = RankingReduction("Logistic", pairs_per_instance=1, voters=10).fit(data)
    declined = [
        i
        for i, member in enumerate(model.weka_model_.getMembers())
        if not java("ProductTraining").train(
            logistic(),
            pair_training(data, 1),
            jpype.JClass("java.util.Random")(model.member_seeds_[i]),
            1,
        )
    ]
    assert 0 < len(declined) < 10  # the data makes both kinds
    (line,) = model.declined_
    assert f"for {len(declined)} of 10 members (its pairs are separable" in line
    smaller = model.sub_committee(declined[0] + 1)
    (line,) = smaller.declined_
    assert f"for 1 of {declined[0] + 1} member" in line


def test_one_order_pairs_are_separable_and_declined(weka):
    # Pairs of one label only: the intercept alone separates them.
    instances = bridge.to_instances(load_task("glass"))
    task = java("RankingTask").of(instances, "headlamps", "")
    training = java("PairTraining")(instances, task, 0, True)
    random = jpype.JClass("java.util.Random")(1)
    assert not java("ProductTraining").train(logistic(), training, random, 1)


def test_the_fast_path_is_chosen_where_it_applies(weka):
    # All pairs and sampled pairs: the meta-classifier says it trains from the
    # rows (its heap estimate then counts rows, not pair copies).
    instances = bridge.to_instances(load_task("glass"))
    for pairs in ("all", "3"):
        options = ["-P", pairs, "-I", "1", "-pair-features", "concat", "-W", LOGISTIC]
        footprint = bridge.training_footprint(bridge.make_reduction(options), instances)
        assert footprint["from_rows"]


def test_debug_output_goes_to_wekas_path(weka):
    # WEKA's debug output describes its pair instances: only its path has them.
    instances = bridge.to_instances(load_task("glass"))
    reduction = bridge.make_reduction(
        ["-P", "all", "-I", "1", "-pair-features", "concat"],
        base=logistic("-output-debug-info"),
    )
    assert not bridge.training_footprint(reduction, instances)["from_rows"]
    assert not java("ProductTraining").applies(
        logistic("-output-debug-info"), pair_training(load_task("glass"))
    )


def test_sampled_pairs_without_a_generator_are_declined(weka):
    # The all-pairs entry has no member's generator to draw a sample with.
    training = pair_training(load_task("glass"), 3)
    assert not java("ProductTraining").train(logistic(), training, 1)


def test_the_meta_classifiers_member_is_the_model_from_the_rows(weka):
    data = load_task("glass")
    model = RankingReduction(
        "Logistic", pairs_per_instance="all", voters=1, pair_features="concat"
    ).fit(data)
    (member,) = model.weka_model_.getMembers()
    fast = logistic()
    assert java("ProductTraining").train(fast, pair_training(data), 1)
    assert str(member.toString()) == str(fast.toString())
    for ours, theirs in zip(member.coefficients(), fast.coefficients()):
        assert float(ours[0]) == float(theirs[0])


def test_the_model_does_not_depend_on_the_threads(weka):
    data = synthetic(300, features=6, seed=4)
    training = pair_training(data)
    models = []
    for threads in (1, 2):
        model = logistic()
        assert java("ProductTraining").train(model, training, threads)
        models.append([float(row[0]) for row in model.coefficients()])
    assert models[0] == models[1]
