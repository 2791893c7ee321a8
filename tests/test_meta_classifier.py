"""weka.classifiers.meta.RankingReduction as WEKA sees it.

Options, serialization, WEKA's evaluation paths, single instances, and the committee's
rankings against the Python oracles.
"""

from pathlib import Path

import jpype
import numpy as np
import pytest
import reference

from weka_ranking import RankingReduction, bridge, cross_validate, load_task
from weka_ranking.arff import load_arff
from weka_ranking.errors import DataError

CLASS = "weka.classifiers.meta.RankingReduction"


def java_options(text):
    return jpype.JArray(jpype.JString)(text.split())


def trained(weka, options, data, instances=None):
    """The meta-classifier trained with ``options`` on ``data`` or on ``instances``."""
    model = weka(CLASS)()
    model.setOptions(java_options(options))
    model.buildClassifier(bridge.to_instances(data) if instances is None else instances)
    return model


@pytest.fixture(scope="module")
def halves(weka):
    data = load_task("breast-cancer")
    return data.subset(np.arange(0, 200)), data.subset(np.arange(200, 240))


def test_options_round_trip(weka):
    model = weka(CLASS)()
    text = (
        "-P 3 -R quicksort -ties random -rank-first last -G 2 -reference-size 7"
        " -one-order -positions -sum-order pairs"
        " -S 5 -num-slots 2 -I 4 -W weka.classifiers.functions.Logistic -- -R 0.1"
    )
    model.setOptions(java_options(text))
    first = list(model.getOptions())
    again = weka(CLASS)()
    again.setOptions(model.getOptions())
    assert list(again.getOptions()) == first
    assert bridge.join_options(first).startswith(
        "-P 3 -R quicksort -ties random -rank-first last -G 2 -reference-size 7"
        " -one-order -positions"
    )
    assert "-batch-size" not in first
    assert first[first.index("-sum-order") + 1] == "pairs"


def test_a_stored_tie_rule_under_wekas_test_file_letter_is_read(weka):
    # -T was the tie rule's flag until WEKA's Evaluation was found to take it
    # for its test file; the Experimenter's results and stored stores keep it.
    model = weka(CLASS)()
    model.setOptions(java_options("-P 3 -I 2 -T random"))
    printed = bridge.join_options(model.getOptions())
    assert "-ties random" in printed and " -T " not in printed


MONOGRAPH = "weka.classifiers.meta.rankingreduction.MonographRankingReduction"


def test_the_studys_options_are_the_subclasss_and_still_read_by_the_class(weka, halves):
    """-one-order and -positions: listed and shown by MonographRankingReduction only.

    RankingReduction reads them in a stored option text, to the same model.
    """

    def listed(cls):
        return {str(o.name()) for o in weka(cls)().listOptions()}

    study = {"one-order", "positions"}
    assert not study & listed(CLASS)
    assert study <= listed(MONOGRAPH)
    text = "-P 2 -I 2 -one-order -positions"
    train, test = halves
    stored = trained(weka, text, train)
    study_model = weka(MONOGRAPH)()
    study_model.setOptions(java_options(text))
    assert study_model.getOneOrder() and study_model.getPositions()
    study_model.buildClassifier(bridge.to_instances(train))
    assert list(stored.getOptions()) == list(study_model.getOptions())
    batch = bridge.to_instances(test)
    np.testing.assert_array_equal(
        np.array(stored.distributionsForInstances(batch)),
        np.array(study_model.distributionsForInstances(batch)),
    )


def test_the_ranker_is_chosen_by_its_tag_and_another_refused(weka, halves):
    SelectedTag, Tag = weka("weka.core.SelectedTag"), weka("weka.core.Tag")
    tags = weka(CLASS).TAGS_RANKER
    model = weka(CLASS)()
    for tag in tags:
        model.setRanker(SelectedTag(tag.getID(), tags))
        assert f"-R {tag.getIDStr()} " in bridge.join_options(model.getOptions())
    # A tag of another set is read by its name, and refused when it names none.
    model.setRanker(SelectedTag(7, [Tag(7, "quicksort", "", False)]))
    assert str(model.getRanker().getSelectedTag().getIDStr()) == "quicksort"
    with pytest.raises(jpype.JException) as caught:
        model.setRanker(SelectedTag(7, [Tag(7, "best", "", False)]))
    assert str(caught.value.getMessage()) == (
        "ranker (-R) best: must be one of "
        "tournament, tournament-as-printed, quicksort, pointwise"
    )
    # The batch ranking refuses an id that ranks no batch by pairs, in one line.
    BatchRanking = weka("weka.classifiers.meta.rankingreduction.BatchRanking")
    for ranker in (BatchRanking.POINTWISE, 9):
        with pytest.raises(jpype.JException) as caught:
            BatchRanking.rank(ranker, True, None, None, None, 2, 1)
        said = str(caught.value.getMessage())
        assert said.startswith("ranker (-R) ") and "\n" not in said
        assert said.endswith(
            "must be one of tournament, tournament-as-printed, quicksort"
        )


# Each option at a value other than its default, as a user sets it in the GUI
# (two configurations: interleaved pairs need all pairs, which one voter takes).
NON_DEFAULT = (
    "-P 3 -I 3 -R quicksort -ties random -rank-first last -reference-size 50 -one-order"
    " -no-additive -sum-order pairs -pair-features both -S 7 -num-slots 2"
    " -W weka.classifiers.bayes.NaiveBayes -- -K",
    "-P all -I 1 -R tournament-as-printed -pair-order interleaved"
    " -positions -top-half -pair-features difference -W weka.classifiers.trees.J48"
    " -- -M 5",
)


@pytest.mark.parametrize("options", NON_DEFAULT)
def test_the_option_string_it_prints_runs_when_pasted_into_weka(weka, options):
    """The Explorer's "Copy configuration", pasted after ``weka.Run``'s data options.

    WEKA's Evaluation reads its own options first (-t, -T, -x, -s ...): an
    option of the class under one of their letters would be taken for
    WEKA's, as the tie rule's -T was (issue 42).
    """
    model = weka(CLASS)()
    model.setOptions(java_options(options))
    printed = list(model.getOptions())
    data = str(Path(__file__).resolve().parents[1] / "arff_data" / "breast-cancer.arff")
    argv = ["-t", data, "-x", "2", "-o", *printed]
    text = str(weka("weka.classifiers.Evaluation").evaluateModel(weka(CLASS)(), argv))
    assert "Stratified cross-validation" in text
    again = weka(CLASS)()
    again.setOptions(java_options(bridge.join_options(printed)))
    assert list(again.getOptions()) == printed


def test_python_options_reach_java_unchanged(weka, halves):
    python = RankingReduction(
        "Logistic", pairs_per_instance=2, voters=3, ranker="quicksort", seed=4
    ).fit(halves[0])
    java = python.weka_model_
    assert str(java.getPairsPerInstance()) == "2" and java.getNumIterations() == 3
    assert str(java.getRanker()) == "quicksort" and java.getSeed() == 4
    assert python.member_seeds_ == [4, 5, 6]
    # -rank-first comes from the data; everything else round-trips.
    again = RankingReduction.from_options(python.to_options())
    assert again.to_options() == python.to_options().replace(" -rank-first 2", "")


@pytest.mark.parametrize("bad", ["-P 0", "-P x", "-R best", "-ties sometimes", "-I 0"])
def test_bad_options_are_named(weka, bad):
    with pytest.raises(jpype.JException, match=bad.split()[0]):
        weka(CLASS)().setOptions(java_options(bad))


def test_serialized_model_ranks_the_same(weka, halves):
    train, test = halves
    model = trained(weka, "-P 2 -I 3 -R quicksort", train)
    header = bridge.empty_header(model.getTrainingHeader())
    copy = bridge.deserialize(bridge.serialize(model, header))
    instances = bridge.to_instances(test)
    np.testing.assert_array_equal(
        np.asarray(copy.distributionsForInstances(instances)),
        np.asarray(model.distributionsForInstances(instances)),
    )


def committee_votes(model, test):
    """votes[a, b]: members saying a beats b, asked with dense pair instances."""
    members, header = model.getMembers(), model.getPairHeader()
    n = len(test)
    votes = np.zeros((n, n), dtype=int)
    for a in range(n):
        for b in range(n):
            if a != b:
                values = np.r_[test.X[a], test.X[b], np.nan].tolist()
                pair = jpype.JClass("weka.core.DenseInstance")(1.0, values)
                pair.setDataset(header)
                votes[a, b] = sum(m.classifyInstance(pair) == 1.0 for m in members)
    return votes


@pytest.mark.parametrize("voters", [1, 4])
def test_batch_rankings_equal_the_oracles(weka, halves, voters):
    train, test = halves
    python = RankingReduction("J48", pairs_per_instance=2, voters=voters).fit(train)
    votes = committee_votes(python.weka_model_, test)

    def beats(left, right):
        return 2 * votes[left, right] > voters

    n = len(test)
    expected = {
        "tournament": reference.tournament(n, beats),
        "tournament-as-printed": reference.as_printed(n, beats),
        "quicksort": reference.quicksort(n, beats, python.seed)[0],
    }
    for ranker, scores in expected.items():
        python.set_params(ranker=ranker)
        np.testing.assert_allclose(python.scores(test), scores, rtol=0, atol=1e-15)
        order = python.rank(test).tolist()
        assert order == reference.order(scores, "stable", python.seed)
    # -first-element (the monograph study's): the same members, the row sums only.
    python.set_params(ranker="tournament")
    python.scores(test)  # the Java model told to rank by tournament
    java_model = python.weka_model_
    assert "Ranker: tournament (each pair counted in both orders)" in str(
        java_model.toString()
    )
    java_model.setOptions(["-first-element", *java_model.getOptions()])
    assert "first element only, -first-element)" in str(java_model.toString())
    first = reference.tournament(n, beats, both_orders=False)
    np.testing.assert_allclose(python.scores(test), first, rtol=0, atol=1e-15)
    assert not np.allclose(first, expected["tournament"])


def test_wekas_evaluation_ranks_the_whole_test_set_at_once(weka, halves):
    train, _ = halves
    data = load_task("breast-cancer")
    # -no-additive: every pair asked, so the count shows one batch of n rows.
    model = trained(weka, "-P 1 -I 3 -rank-first 2 -no-additive", train)
    model.setBatchSize("100")  # what the Explorer reads: fixed to everything
    assert int(model.getBatchSize()) >= 2**31 - 1
    assert model.implementsMoreEfficientBatchPrediction()
    evaluation = weka("weka.classifiers.Evaluation")(bridge.to_instances(train))
    evaluation.evaluateModel(model, bridge.to_instances(data))
    assert model.getModel().lastComparisons() == len(data) * (len(data) - 1)


def test_crossvalidatemodel_pooled_auc_equals_cv(weka):
    data = load_task("hepatitis")
    options = "-P 2 -I 3 -R tournament -S 1 -rank-first 1"  # DIE, the positive
    model = weka(CLASS)()
    model.setOptions(java_options(options))
    evaluation = weka("weka.classifiers.Evaluation")(bridge.to_instances(data))
    evaluation.crossValidateModel(
        model, bridge.to_instances(data), 10, weka("java.util.Random")(1)
    )
    ours = cross_validate(RankingReduction("J48", pairs_per_instance=2, voters=3), data)
    # Each fold's scores cut at its training share, as WEKA's pools them.
    assert evaluation.areaUnderROC(0) == pytest.approx(ours.pooled_auc, abs=1e-12)
    assert evaluation.areaUnderROC(1) == pytest.approx(ours.pooled_auc, abs=1e-12)


def test_one_instance_is_scored_against_the_reference_sample(weka, halves):
    # Sixty training rows, all kept: the reference sample is then every
    # training row (in a shuffled order), and the members are asked each pair.
    train, test = halves[0].subset(np.arange(60)), halves[1]
    options = f"-P 2 -I 3 -reference-size {len(train)} -rank-first first"
    model = trained(weka, options, train)
    members, header = model.getMembers(), model.getPairHeader()

    def beats(a, b) -> bool:
        values = np.r_[a, b, np.nan].tolist()
        pair = weka("weka.core.DenseInstance")(1.0, values)
        pair.setDataset(header)
        votes = sum(m.classifyInstance(pair) == 1.0 for m in members)
        return 2 * votes > len(members)

    def degree(row) -> float:
        """Its pairs with the kept rows won, both orders: as first, and as second."""
        won = [beats(row, kept) for kept in train.X]
        won += [not beats(kept, row) for kept in train.X]
        return np.mean(won)

    # The threshold: learned on the sample's own degrees, each row against
    # every kept row (itself among them, as a new instance equal to it meets
    # it), so that about the training share of class 0 (it ranks first,
    # -rank-first first) is above it.
    own = [degree(row) for row in train.X]
    threshold = reference.reference_threshold(own, np.mean(train.y == 0))
    assert model.referenceThreshold() == pytest.approx(threshold, abs=1e-12)
    # So each kept row, scored alone, falls on the side learning put it on.
    alone = np.asarray(
        [model.distributionForInstance(row)[0] for row in bridge.to_instances(train)]
    )
    np.testing.assert_array_equal(alone > 0.5, np.asarray(own) > threshold)
    instances = bridge.to_instances(test)
    for i in range(5):
        first = reference.share_probability(degree(test.X[i]), threshold)
        distribution = list(model.distributionForInstance(instances.instance(i)))
        assert distribution == pytest.approx([first, 1 - first], abs=1e-12)
    refusing = trained(weka, "-P 2 -reference-size 0", train)
    with pytest.raises(jpype.JException, match="reference-size 0"):
        refusing.distributionForInstance(instances.instance(0))


@pytest.mark.parametrize("options", ["-P 2 -I 3", "-R pointwise"])
def test_one_instance_of_another_header_is_refused_as_a_batch_is(weka, halves, options):
    """distributionForInstance scored an instance of any header (a user's finding)."""
    train, test = halves
    model = trained(weka, options, train)
    other = bridge.to_instances(load_task("hepatitis"))
    said = "header differs from the training data: 19 attributes where the training"
    first = weka("weka.core.Instances")(other, 0, 1)
    for ask in (
        lambda: model.distributionForInstance(other.instance(0)),
        lambda: model.distributionsForInstances(first),  # a batch of one
    ):
        with pytest.raises(jpype.JException, match=said):
            ask()
    instances = bridge.to_instances(test)
    one = [list(model.distributionForInstance(instances.instance(i))) for i in (0, 1)]
    assert one == [list(d) for d in model.referenceDistributions(instances)][:2]


def test_capabilities_refuse_what_cannot_be_ranked(weka):
    model = weka(CLASS)()
    data = weka("weka.core.Instances")(
        weka("java.io.FileReader")(str(load_task("vehicle").source))
    )
    data.setClassIndex(data.numAttributes() - 1)  # four classes, no groups
    with pytest.raises(jpype.JException, match="(?i)class") as refused:
        model.buildClassifier(data)
    # WEKA's words, then what to do: the filter that makes the binary task, as
    # the Python face says it. WEKA said "Cannot handle multi-valued nominal
    # class!" alone (issue 44).
    said = str(refused.value.getMessage())
    assert said.startswith(f"{CLASS}: Cannot handle multi-valued nominal class! The")
    assert said.endswith(
        "weka.filters.unsupervised.attribute.MakeIndicator -C last -V <index> -N "
        "(<index>: the value's place in the list above, from 1; weka-ranking's cv "
        "FILE --positive VALUE prints the whole command)"
    )
    with pytest.raises(DataError) as python:
        load_arff(load_task("vehicle").source)
    (remedy,) = python.value.remedies
    python_said = f"{python.value.message.split(': ', 1)[1]}: {remedy.advice}"
    assert python_said == (
        "the class 'Class' has 4 values (opel, saab, bus, van): name the positive one,"
    )
    assert f" T{python_said[1:]} the value that ranks first" in said


def test_to_string_and_technical_information(weka, halves):
    model = trained(weka, "-P 1 -I 2", halves[0])
    text = str(model.toString())
    assert "member 1: seed 1" in text and "member 2: seed 2" in text
    assert "J48 pruned tree" in text
    info = str(model.getTechnicalInformation().toBibTex())
    assert "Balcan" in info and "Ailon" in info


def test_share_threshold_moves_the_cut_not_the_ranking(weka, halves):
    train, test = halves
    model = trained(weka, "-W weka.classifiers.functions.Logistic -rank-first 2", train)
    instances = bridge.to_instances(test)
    assert model.getShareThreshold()  # the default
    shared = np.asarray(model.distributionsForInstances(instances))[:, 1]
    model.setShareThreshold(False)  # -top-half: the scores themselves
    plain = np.asarray(model.distributionsForInstances(instances))[:, 1]
    assert "above 0.5 (the top half" in str(model.toString())
    # One increasing map: the same order and ties, so the same ROC area.
    assert np.array_equal(
        np.argsort(plain, kind="stable"), np.argsort(shared, kind="stable")
    )
    assert len(np.unique(plain)) == len(np.unique(shared))
    share = np.mean(train.y == 1)
    cut = reference.share_cut(plain, share)
    np.testing.assert_allclose(shared, reference.share_probability(plain, cut))
    assert np.sum(shared > 0.5) == np.sum(plain > cut)
    model.setShareThreshold(True)
    assert "for about its training share" in str(model.toString())


def test_wekas_face_says_an_identifier_once_when_python_does_not(weka, capfd):
    """splice's Instance_name was a feature unsaid in both faces (issue 44).

    WEKA's face (a JVM not started by Python) says it on standard error once,
    however many times it is trained (a cross-validation's folds), by the rule
    and in the words of the Python face, which says it when it reads the file
    (``RankingReduction.IDENTIFIERS_SAID_BY_CALLER``: Python's JVM is told).
    """
    from weka_ranking import data as data_module

    reduction = weka(CLASS)
    assert (reduction.IDENTIFIER_PERCENT, reduction.IDENTIFIER_LEAST) == (
        data_module.IDENTIFIER_PERCENT,
        data_module.IDENTIFIER_LEAST,
    )
    rows = 60
    lines = [f"n{i},{i * 0.5},{'ab'[i % 2]}" for i in range(rows)]
    names = ",".join(f"n{i}" for i in range(rows))
    arff = (
        "@relation identifiers\n"
        f"@attribute Instance_name {{{names}}}\n@attribute x numeric\n"
        "@attribute class {a,b}\n@data\n" + "\n".join(lines) + "\n"
    )
    data = weka("weka.core.Instances")(weka("java.io.StringReader")(arff))
    data.setClassIndex(2)
    system = jpype.JClass("java.lang.System")
    key = str(reduction.IDENTIFIERS_SAID_BY_CALLER)
    assert system.getProperty(key) == "true"  # Python's JVM: Python says it
    capfd.readouterr()
    trained(weka, "-P 1 -I 2", None, data)
    assert "identifier" not in capfd.readouterr().err
    system.clearProperty(key)
    try:
        for _ in range(2):
            trained(weka, "-P 1 -I 2", None, data)
    finally:
        system.setProperty(key, "true")
    said = [x for x in capfd.readouterr().err.splitlines() if "identifier" in x]
    assert said == [
        "RankingReduction: attribute 'Instance_name' has a value of its own in almost "
        "every instance (60 values in 60): an identifier, used as a feature as WEKA "
        "uses it; remove it first, e.g. with weka.filters.unsupervised.attribute."
        "Remove -R 1 (RemoveUseless removes every such attribute)"
    ]
