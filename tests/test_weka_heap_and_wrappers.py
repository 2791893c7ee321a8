"""Issue 42, items 3 and 4: the heap said before the work in WEKA too, and wrappers.

Item 3: ``buildClassifier`` asks the footprint Python asks and refuses, in one
line naming the setting to change, what will not fit the heap; an exhausted heap
in a member's training is an Exception (which WEKA's Explorer shows in a dialog),
not an OutOfMemoryError; long training says its pairs. Python keeps its own words:
its check owns the refusal when Python trains (``bridge.heap_checked``).

Item 4: where WEKA asks one instance at a time (Vote), the model says so once, and
its text counts them; FilteredClassifier passes the batch through, and its numbers
are the bare class's.
"""

from __future__ import annotations

import os
import re
import subprocess

import pytest
from quick_jdk import QUICK_JAVAC, QUICK_JVM

from weka_ranking import RankingReduction, bridge, jvm, load_task, model
from weka_ranking._resources import project_dir
from weka_ranking.errors import HeapError, JavaError

DATA = project_dir("arff_data")
REDUCTION = "weka.classifiers.meta.RankingReduction"
HEAP = "weka.classifiers.meta.rankingreduction"

HOG = """
import java.util.ArrayList;
import java.util.List;
import weka.core.Instances;

/** A learner that takes all the heap there is while it trains. */
public class Hog extends weka.classifiers.rules.ZeroR {
  private static final long serialVersionUID = 1L;
  @Override
  public void buildClassifier(Instances data) throws Exception {
    List<long[]> hoard = new ArrayList<>();
    while (true) {
      hoard.add(new long[1 << 20]);
    }
  }
}
"""


def run_weka(*args: str, heap: str = "256m", extra: tuple[str, ...] = ()):
    """``java -Xmx<heap> weka.Run ...`` in a plain JVM: WEKA's jars and ours."""
    return subprocess.run(
        jvm.java_argv([*jvm.classpath(), *extra], f"-Xmx{heap}", *QUICK_JVM)
        + ["weka.Run", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def read(weka, name: str):
    """An ARFF file of the project's as WEKA reads it, the class last."""
    source = weka("weka.core.converters.ConverterUtils$DataSource")
    data = source.read(str(DATA / name))
    data.setClassIndex(data.numAttributes() - 1)
    return data


def said(result) -> list[str]:
    """What the run said on standard error, WEKA's own ARPACK notices left out."""
    return [
        line
        for line in result.stderr.splitlines()
        if line.strip() and "ARPACK" not in line and not line.startswith("WARNING:")
        if not re.match(r"\w{3} \d+, \d{4} ", line)  # java.util.logging's date line
    ]


def assert_one_line_refusal(lines: list[str], *words: str) -> str:
    assert not any(line.startswith("\tat ") for line in lines), lines
    assert not any("OutOfMemoryError" in line for line in lines), lines
    refusals = [line for line in lines if "HeapRefusal" in line]
    assert len(refusals) == 1, lines
    for word in words:
        assert word in refusals[0], refusals[0]
    return refusals[0]


# -- item 3: the heap, in WEKA ------------------------------------------------


@pytest.mark.parametrize("learner", ["functions.SMO", "lazy.IBk"])
def test_weka_refuses_all_pairs_of_spambase_in_64m_in_one_line(weka, learner):
    result = run_weka(
        REDUCTION,
        *["-t", str(DATA / "spambase.arff"), "-P", "all", "-I", "1"],
        *["-W", f"weka.classifiers.{learner}"],
        heap="64m",
    )
    line = assert_one_line_refusal(
        said(result), "10109288 pairs of 114 attributes", "pairsPerInstance (-P)"
    )
    # 34 GB: more than this machine gives, or the -Xmx that would do.
    assert "more than this machine can give" in line or "-Xmx" in line
    assert "Time taken to build model" not in result.stdout


def test_a_refusal_names_the_heap_to_ask_for_when_one_would_do(weka):
    result = run_weka(
        REDUCTION,
        *["-t", str(DATA / "diabetes.arff"), "-P", "all", "-I", "1", "-no-cv"],
        *["-W", "weka.classifiers.functions.SMO"],
        heap="64m",
    )
    line = assert_one_line_refusal(said(result), "268000 pairs of 16 attributes")
    assert re.search(r"java -Xmx(\d+)g, or maxheap=\1g in RunWEKA.ini", line), line
    assert re.search(r"pairsPerInstance \(-P\) \d+ \(about \d+ pairs\)", line), line


def test_sampled_pairs_from_the_rows_are_advised_the_most_that_fit(weka):
    """J48's members from the rows are refused with the pairs per instance that fit."""

    def run(pairs: int):
        return run_weka(
            REDUCTION,
            *["-t", str(DATA / "spambase.arff"), "-P", str(pairs), "-I", "2", "-no-cv"],
            heap="64m",
        )

    line = assert_one_line_refusal(
        said(run(8)),
        "training on 4601 rows (36808 pairs a member, counted from the rows)",
    )
    fitting = int(re.search(r"pairsPerInstance \(-P\) (\d+) \(about", line).group(1))
    assert 1 < fitting < 8, line
    assert "RankingReduction" in run(fitting).stdout  # followed, it runs


@pytest.fixture(scope="module")
def hog(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hog")
    (folder / "Hog.java").write_text(HOG)
    subprocess.run(
        ["javac", *QUICK_JAVAC, "-cp", os.pathsep.join(jvm.classpath())]
        + ["-d", str(folder)]
        + [str(folder / "Hog.java")],
        check=True,
        timeout=120,
    )
    return str(folder)


@pytest.mark.parametrize("members", [["-I", "1"], ["-I", "2", "-num-slots", "2"]])
def test_a_heap_exhausted_in_a_member_is_one_line_not_an_error(weka, hog, members):
    """The member loop catches the OutOfMemoryError, on one thread or several."""
    result = run_weka(
        REDUCTION,
        *["-t", str(DATA / "breast-cancer.arff"), "-P", "1", *members, "-W", "Hog"],
        heap="64m",
        extra=(hog,),
    )
    line = assert_one_line_refusal(
        said(result),
        "the JVM ran out of heap",
        "training Hog member",
        "-Xmx",
        "maxheap in RunWEKA.ini",
        "pairsPerInstance, -P",
        "numIterations, -I",
    )
    assert re.search(r"ran out of heap \(\d+ MB\)", line), line


def test_the_refusal_is_an_exception_the_explorer_shows(weka, hog):
    """WEKA's Explorer shows a dialog for an Exception from buildClassifier."""
    import jpype

    instances = read(weka, "breast-cancer.arff")
    reduction = weka(REDUCTION)()
    reduction.setOptions(jpype.JArray(jpype.JString)(["-P", "all", "-I", "1"]))
    reduction.setClassifier(weka("weka.classifiers.functions.SMO")())
    exception = weka("java.lang.Exception")
    refusal = weka(f"{HEAP}.HeapRefusal")
    check = weka(f"{HEAP}.HeapCheck")
    training = reduction.prepareTraining(instances)
    footprint = reduction.trainingFootprint(training)
    huge = jpype.JArray(jpype.JLong)([int(v) for v in footprint])
    huge[4] = 1 << 50  # a member of a petabyte
    with pytest.raises(refusal) as caught:
        check.refuseWhatWillNotFit(huge, 286, 18, 1)
    assert isinstance(caught.value, exception)
    assert "\n" not in str(caught.value.getMessage())
    assert len(caught.value.getStackTrace()) == 0  # a refusal, not a fault
    # memory.py's least: 512 bytes a member, whatever the pairs.
    footprint = jpype.JArray(jpype.JLong)([int(v) for v in footprint])
    with pytest.raises(refusal, match=r"numIterations \(-I\) 2147483647: .* or fewer"):
        check.refuseWhatWillNotFit(footprint, 286, 18, 2**31 - 1)


def test_long_training_says_its_pairs_and_the_time_to_go(weka):
    check = weka(f"{HEAP}.HeapCheck")
    line = str(check.before(6_000_000, 3, "Logistic", False, False))
    assert "training 3 Logistic members on 6,000,000 pairs each" in line
    assert "18,000,000 pair instances in all" in line
    assert "each member's time is said when it ends" in line
    assert check.before(1_000_000, 3, "Logistic", False, False) is None
    assert check.before(6_000_000, 3, "J48", True, False) is None  # no pair is made
    one = str(check.before(6_000_000, 1, "SMO", False, False))
    assert "not known before it ends" in one and "pairsPerInstance, -P" in one
    assert str(check.after(2, 10, 20.0, 2)).endswith("10 s each; about 40 s to go")
    assert str(check.after(9, 10, 8.1, 1)).endswith("1 s each; under 1 s to go")
    last = str(check.after(10, 10, 40.0, 2))
    assert last.endswith("10 of 10 members trained, 4 s each")


def test_debug_output_says_the_pairs_before_training(weka):
    result = run_weka(
        REDUCTION,
        *["-t", str(DATA / "breast-cancer.arff"), "-P", "2", "-I", "2", "-no-cv"],
        "-output-debug-info",
    )
    assert result.returncode == 0, result.stderr[-2000:]
    lines = said(result)
    assert "RankingReduction: training 2 J48 members on 572 pairs each" in "\n".join(
        lines
    )


# -- item 3: Python keeps its words; each check has one owner ------------------


def test_python_refuses_in_its_own_words_before_java(weka):
    spambase = load_task("spambase")
    with pytest.raises(HeapError) as caught:
        RankingReduction("SMO", pairs_per_instance="all", voters=1).fit(spambase)
    message = str(caught.value)
    assert "pairs_per_instance" in message and "JVM heap" in message
    assert "RunWEKA.ini" not in message and "pairsPerInstance (-P)" not in message


def test_java_checks_when_the_caller_has_not(weka, monkeypatch):
    """Without Python's check, nor its word that it checked, Java's check refuses."""
    monkeypatch.setattr(model, "check_heap", lambda *args: None)
    monkeypatch.setattr(bridge, "heap_checked", lambda training: None)
    spambase = load_task("spambase")
    with pytest.raises(HeapError, match=r"pairsPerInstance \(-P\)"):
        RankingReduction("SMO", pairs_per_instance="all", voters=1).fit(spambase)


def test_python_says_a_heap_run_out_in_training_as_it_always_has(weka):
    refusal = weka(f"{HEAP}.HeapRefusal")
    with pytest.raises(JavaError, match=r"the JVM ran out of memory \(\d+ MB heap\)"):
        with bridge.java_errors("training 'Hog'"):
            raise refusal("member 1", weka("java.lang.OutOfMemoryError")())
    with pytest.raises(HeapError, match="checking: too big"):
        with bridge.java_errors("checking"):
            raise refusal("too big", None)


# -- item 4: wrappers ----------------------------------------------------------


@pytest.fixture(scope="module")
def ionosphere(weka):
    return read(weka, "ionosphere.arff")


def reduction(weka, options: str):
    import jpype

    out = weka(REDUCTION)()
    out.setOptions(jpype.JArray(jpype.JString)(options.split()))
    return out


def cross_validated(weka, classifier, data):
    evaluation = weka("weka.classifiers.Evaluation")(data)
    evaluation.crossValidateModel(classifier, data, 5, weka("java.util.Random")(1))
    return evaluation


def test_filtered_classifier_passes_the_batch_and_gives_the_bare_numbers(
    weka, ionosphere
):
    # All pairs and one member: FilteredClassifier reseeds its base (its -S), so
    # sampled pairs would differ for that reason alone.
    bare = cross_validated(weka, reduction(weka, "-P all -I 1"), ionosphere)
    filtered = weka("weka.classifiers.meta.FilteredClassifier")()
    filtered.setFilter(weka("weka.filters.AllFilter")())
    filtered.setClassifier(reduction(weka, "-P all -I 1"))
    wrapped = cross_validated(weka, filtered, ionosphere)
    assert wrapped.weightedAreaUnderROC() == bare.weightedAreaUnderROC()
    assert [list(p.distribution()) for p in wrapped.predictions()] == [
        list(p.distribution()) for p in bare.predictions()
    ]
    assert filtered.implementsMoreEfficientBatchPrediction()


def test_vote_asks_one_at_a_time_and_the_model_says_so(weka, ionosphere):
    train = weka("weka.core.Instances")(ionosphere, 0, 251)
    test = weka("weka.core.Instances")(ionosphere, 251, 100)
    vote = weka("weka.classifiers.meta.Vote")()
    import jpype

    members = jpype.JArray(weka("weka.classifiers.Classifier"))(1)
    members[0] = reduction(weka, "-P 2 -I 3")
    vote.setClassifiers(members)
    vote.buildClassifier(train)
    weka("weka.classifiers.Evaluation")(train).evaluateModel(vote, test)
    text = str(vote.getClassifiers()[0].toString())
    assert (
        "Scored one instance at a time 100 times (asked by "
        "weka.classifiers.meta.Vote): scored against a reference sample of 100 "
        "training instances, not ranked within the batch" in text
    )
    assert "AUCs may differ from the batch's" in text
    bare = reduction(weka, "-P 2 -I 3")
    bare.buildClassifier(train)
    weka("weka.classifiers.Evaluation")(train).evaluateModel(bare, test)
    assert "one instance at a time" not in str(bare.toString())


def test_weka_says_once_that_vote_scores_against_the_reference_sample(weka):
    data = ["-t", str(DATA / "ionosphere.arff"), "-x", "3", "-o"]
    voted = run_weka("weka.classifiers.meta.Vote", "-B", REDUCTION, *data)
    assert voted.returncode == 0, voted.stderr[-2000:]
    notes = [line for line in said(voted) if "one instance at a time" in line]
    assert notes == [
        "RankingReduction: weka.classifiers.meta.Vote asks for one instance at a "
        "time: scored against a reference sample of 100 training instances, not "
        "ranked within the batch (WEKA's Vote and the Evaluation's per-instance "
        "paths ask so): AUCs may differ from the batch's (said once; the model's "
        "text counts them)"
    ]
    filtered = run_weka(
        "weka.classifiers.meta.FilteredClassifier",
        *["-F", "weka.filters.AllFilter", "-W", REDUCTION],
        *data,
    )
    assert filtered.returncode == 0, filtered.stderr[-2000:]
    assert not [line for line in said(filtered) if "one instance" in line]
