"""The WEKA package in WEKA itself, equal to ``weka-ranking cv``.

Installed by WEKA's package manager into a fresh WEKA_HOME, run in a plain JVM (WEKA's
jars only, no Python, no weka-ranking on the classpath) from the command line and the
Experimenter, and found by WEKA's class discovery.
"""

import csv
import datetime
import os
import re
import shlex
import shutil
import subprocess
import zipfile
from pathlib import Path

import numpy as np
import pytest
from quick_jdk import QUICK_JAVAC, QUICK_JVM

from weka_ranking import (
    RankingReduction,
    __version__,
    _javabuild,
    cross_validate,
    jvm,
    load_task,
)
from weka_ranking._resources import project_dir
from weka_ranking.weka_package import package_bytes, write_package

BREAST_CANCER = str(project_dir("arff_data") / "breast-cancer.arff")
# recurrence-events, the task's positive class, is the file's second value.
OPTIONS = "-P 2 -I 3 -R tournament -S 1 -rank-first 2 -W weka.classifiers.trees.J48"


def plain_java(weka_home, *args, cwd=None):
    """A JVM with WEKA's jars only, as WEKA's own launcher starts it."""
    result = subprocess.run(
        jvm.java_argv(jvm.weka_classpath(), *QUICK_JVM) + [*args],
        capture_output=True,
        text=True,
        env={**os.environ, "WEKA_HOME": str(weka_home)},
        cwd=cwd,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def test_the_tests_and_studies_jvms_start_quietly(tmp_path):
    """A JVM of their own, on python-weka-wrapper3's four jars, says nothing.

    netlib's core.jar among them said "Failed to load implementation" twice as
    WEKA started, in every test's and study's JVM of its own (issue 44): they
    share ``jvm.java_argv``, which names netlib's pure-Java libraries.
    """
    argv = jvm.java_argv(jvm.weka_classpath())
    assert set(jvm.NETLIB_PURE_JAVA) <= set(argv)
    zero_r = [
        "weka.Run",
        "-no-load",
        "weka.classifiers.rules.ZeroR",
        "-t",
        BREAST_CANCER,
    ]
    env = {**os.environ, "WEKA_HOME": str(tmp_path)}
    quiet = subprocess.run(
        argv + zero_r, capture_output=True, text=True, env=env, timeout=120
    )
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr
    bare = [a for a in argv if a not in jvm.NETLIB_PURE_JAVA]
    said = subprocess.run(
        bare + zero_r, capture_output=True, text=True, env=env, timeout=120
    ).stderr
    assert "Failed to load implementation" in said  # what the option keeps out


@pytest.fixture(scope="module")
def weka_home(tmp_path_factory, weka):
    out = tmp_path_factory.mktemp("package")
    package = write_package(out)
    home = out / "weka_home"
    plain_java(
        home,
        "weka.core.WekaPackageManager",
        "-offline",
        "-install-package",
        str(package),
    )
    return home


@pytest.fixture(scope="module")
def cv_result(weka):
    model = RankingReduction("J48", pairs_per_instance=2, voters=3)
    return cross_validate(model, load_task("breast-cancer"), folds=10, seed=1)


def test_package_layout(tmp_path, weka):
    package = write_package(tmp_path)
    names = zipfile.ZipFile(package).namelist()
    assert "Description.props" in names and "weka-ranking.jar" in names
    assert "src/main/java/weka/classifiers/meta/RankingReduction.java" in names
    props = zipfile.ZipFile(package).read("Description.props").decode()
    for field in ("PackageName=", "Version=", "License=GPL 3.0", "Depends=weka"):
        assert field in props


def props(package):
    text = zipfile.ZipFile(package).read("Description.props").decode()
    lines = text.replace("\\\n", "").splitlines()  # joins continued lines
    return dict(line.split("=", 1) for line in lines if not line.startswith("#"))


def test_description_names_where_weka_downloads_it_and_what_it_needs(tmp_path):
    fields = props(write_package(tmp_path))
    assert fields["PackageURL"] == (
        "https://github.com/weka-ranking/weka-ranking/releases/download/"
        f"v{__version__}/weka-ranking-{__version__}.zip"
    )
    # The range WEKA 3.9.7 (python-weka-wrapper3's) was tested with.
    assert fields["Depends"] == "weka (>=3.9.7|<3.10.0)"
    assert "Java 11 or newer" in fields["Description"]
    epoch = _javabuild.read_stamp(jvm.java_dir())["source_date_epoch"]
    date = datetime.datetime.fromtimestamp(epoch, datetime.UTC).date()
    assert fields["Date"] == date.isoformat()


# Slow (a second javac of src/): the default suite's test_package_build.py
# compiles a copy by build_package.sh, whose jar and package are these bytes.
@pytest.mark.slow
def test_two_builds_of_the_package_are_byte_identical(tmp_path):
    """Compiled again from a copy of the sources, the package is the same bytes.

    The copy has new paths and new file times; its jar, which is the wheel's, is the
    same bytes too.
    """
    root = tmp_path / "copy"
    shutil.copytree(project_dir("src"), root / "src")
    shipped = jvm.java_dir()
    epoch = _javabuild.read_stamp(shipped)["source_date_epoch"]
    _javabuild.build(root, root / "jars", jvm.weka_lib_dir() / "weka.jar", epoch)
    jar = _javabuild.PACKAGE_JAR
    assert (root / "jars" / jar).read_bytes() == (shipped / jar).read_bytes()
    first = package_bytes(shipped, project_dir("src"))
    assert package_bytes(root / "jars", root / "src") == first
    assert write_package(tmp_path / "again").read_bytes() == first


def test_zip_entries_are_sorted_with_one_time_and_fixed_permissions(tmp_path):
    infos = zipfile.ZipFile(write_package(tmp_path)).infolist()
    names = [info.filename for info in infos]
    assert names == sorted(names)
    assert len({info.date_time for info in infos}) == 1
    assert {info.external_attr >> 16 for info in infos} == {0o100644}


def test_the_jar_holds_the_meta_classifier_only(tmp_path):
    package = zipfile.ZipFile(write_package(tmp_path))
    jar_path = tmp_path / "weka-ranking.jar"
    jar_path.write_bytes(package.read("weka-ranking.jar"))
    classes = [n for n in zipfile.ZipFile(jar_path).namelist() if n.endswith(".class")]
    assert "weka/classifiers/meta/RankingReduction.class" in classes
    assert all(name.startswith("weka/classifiers/meta/") for name in classes)
    # Java 11 bytecode (class file major version 55), whatever JDK built it.
    first = zipfile.ZipFile(jar_path).read(classes[0])
    assert int.from_bytes(first[6:8], "big") == 55
    sources = [n for n in package.namelist() if n.startswith("src/")]
    assert all(n.startswith("src/main/java/weka/classifiers/meta/") for n in sources)
    # The Python bridge's helpers are in the other jar, and nothing of the studies'.
    bridge = zipfile.ZipFile(jvm.java_dir() / _javabuild.BRIDGE_JAR).namelist()
    assert {"wekaranking/Kernels.class", "wekaranking/ModelInput.class"} <= set(bridge)
    assert not [
        n
        for n in bridge
        if n.startswith(("wekaranking/studies/", "wekaranking/harness/"))
    ]


def test_weka_refuses_it_outside_the_weka_versions_it_depends_on(tmp_path):
    """WEKA reads Depends as a range, and enforces the range the package states.

    Raised above the running WEKA (3.9.7), the same package is skipped.
    """
    package = zipfile.ZipFile(write_package(tmp_path))
    too_new = tmp_path / "too-new.zip"
    with zipfile.ZipFile(too_new, "w") as out:
        for info in package.infolist():
            data = package.read(info)
            if info.filename == "Description.props":
                data = data.replace(b"(>=3.9.7|", b"(>=3.9.8|")
            out.writestr(info, data)
    home = tmp_path / "weka_home"
    args = ["weka.core.WekaPackageManager", "-offline", "-install-package"]
    plain_java(home, *args, str(too_new))
    result = subprocess.run(
        jvm.java_argv(jvm.weka_classpath(), *QUICK_JVM)
        + ["weka.Run", "weka.classifiers.meta.RankingReduction", "-t", BREAST_CANCER],
        capture_output=True,
        text=True,
        env={**os.environ, "WEKA_HOME": str(home)},
        timeout=600,
    )
    assert "not compatible with Weka 3.9.7" in result.stdout + result.stderr


def test_the_install_command_said_runs_quietly_with_weka_jar_alone(
    tmp_path, capsys, monkeypatch
):
    """On Java 17 it printed three "Unable to make ... defineClass" refusals.

    WEKA's own launcher adds --add-opens; plain ``java`` with weka.jar alone
    (mtj.jar not beside it, as WEKA's distribution ships it) defines MTJ's
    classes itself, which Java 17 refuses without it. The command is run as
    printed: it said ``-cp weka.jar`` for the user to fill in (issue 44). With no
    ``--out`` the ZIP goes into ``dist/``, as the builds' and ``python -m build``'s:
    it went into the current folder, a checkout's ``git status`` (issue 44).
    """
    from weka_ranking.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["weka-package"]) == 0
    out, err = capsys.readouterr()
    package = Path("dist") / f"weka-ranking-{__version__}.zip"
    assert out == f"{package}\n" and os.listdir(tmp_path) == ["dist"]
    result = subprocess.run(
        shlex.split(err.split("install it with: ")[1]),
        capture_output=True,
        text=True,
        env={**os.environ, "WEKA_HOME": str(tmp_path / "weka_home")},
        timeout=600,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr[-2000:]
    assert "defineClass" not in result.stdout
    installed = tmp_path / "weka_home" / "packages" / "weka-ranking"
    assert (installed / "weka-ranking.jar").is_file()


def test_installed_where_wekas_package_manager_puts_it(weka_home):
    installed = weka_home / "packages" / "weka-ranking"
    assert (installed / "Description.props").is_file()
    assert (installed / "weka-ranking.jar").is_file()


# Slow: the same run with -rank-first left to the data, and its AUC, is
# test_the_same_class_ranks_first_in_both_worlds_when_nothing_is_said's.
@pytest.mark.slow
def test_command_line_cross_validation_equals_cv(weka_home, cv_result):
    out = plain_java(
        weka_home,
        "weka.Run",
        "weka.classifiers.meta.RankingReduction",
        "-t",
        BREAST_CANCER,
        "-x",
        "10",
        "-s",
        "1",
        *OPTIONS.split(),
    )
    cross_validation = out.split("=== Stratified cross-validation ===")[1]
    weighted = re.search(r"Weighted Avg\.\s+(.*)", cross_validation).group(1).split()
    # TP FP Precision Recall F MCC ROC PRC: ROC Area is the seventh column.
    assert float(weighted[6]) == round(cv_result.pooled_auc, 3)


def test_a_refused_option_is_one_line_on_wekas_command_line(weka):
    # java weka.classifiers.meta.RankingReduction: no stack trace, as WEKA's
    # own runClassifier prints for any refusal.
    result = subprocess.run(
        jvm.java_argv(jvm.classpath(), *QUICK_JVM)
        + ["weka.classifiers.meta.RankingReduction", "-t", BREAST_CANCER, "-P", "all"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    ours = [
        line
        for line in result.stderr.splitlines()
        if "RankingReduction" in line or line.startswith("\tat ")
    ]
    assert ours == [
        "weka.classifiers.meta.RankingReduction: pairsPerInstance (-P) all: voters "
        "default to 10, and with all pairs every member trains on the same pairs: "
        "10 identical J48 "
        "members (J48 is not randomizable): add -I 1"
    ]


def test_a_refusal_through_weka_run_exits_as_baggings_does(weka):
    """WEKA's convention, kept: runClassifier prints the refusal and returns (0).

    Found by a user's script that read the exit status; the WEKA package's
    doc/README says why it is kept (WEKA's Simple CLI runs main in its JVM).
    """

    def weka_run(classifier: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            jvm.java_argv(
                jvm.classpath(), "-Dweka.packageManager.offline=true", *QUICK_JVM
            )
            + ["weka.Run", classifier, "-t", BREAST_CANCER, "-P", "bogus"],
            capture_output=True,
            text=True,
            timeout=120,
        )

    bagging = weka_run("weka.classifiers.meta.Bagging")
    ours = weka_run("weka.classifiers.meta.RankingReduction")
    assert 'Weka exception: For input string: "bogus"' in bagging.stderr
    assert ours.returncode == bagging.returncode == 0
    assert ours.stdout == ""
    assert (
        "Weka exception: pairsPerInstance (-P) bogus: must be 'all', 'auto' or an "
        "integer >= 1"
    ) in ours.stderr.splitlines()


def test_the_same_class_ranks_first_in_both_worlds_when_nothing_is_said(
    weka_home, cv_result
):
    # breast-cancer's first class value is its majority: Python ranks the
    # minority first when no class is named, and so does the Java class.
    assert cv_result.positive == "recurrence-events"
    unsaid = OPTIONS.replace(" -rank-first 2", "").split()
    out = plain_java(
        weka_home,
        "weka.Run",
        "weka.classifiers.meta.RankingReduction",
        *["-t", BREAST_CANCER, "-x", "10", "-s", "1", *unsaid],
    )
    assert "Ranks first: recurrence-events" in out
    cross_validation = out.split("=== Stratified cross-validation ===")[1]
    weighted = re.search(r"Weighted Avg\.\s+(.*)", cross_validation).group(1).split()
    assert float(weighted[6]) == round(cv_result.pooled_auc, 3)


# Slow: the Experimenter's folds of the meta-classifier against Python's are
# test_experiment.py's test_the_cells_equal_wekas_experimenter (to 5e-7, the results
# file's decimals, where one pair of a fold moves its AUC by 1e-3 or more).
@pytest.mark.slow
def test_experimenter_fold_aucs_equal_cv(weka_home, cv_result, tmp_path):
    results = tmp_path / "results.csv"
    plain_java(
        weka_home,
        "weka.experiment.Experiment",
        "-r",
        "-L",
        "1",
        "-U",
        "1",
        "-T",
        BREAST_CANCER,
        "-D",
        f"weka.experiment.CSVResultListener -O {results}",
        "-P",
        "weka.experiment.CrossValidationResultProducer",
        "--",
        "-X",
        "10",
        "-W",
        "weka.experiment.ClassifierSplitEvaluator",
        "--",
        "-C",
        "1",
        "-W",
        "weka.classifiers.meta.RankingReduction",
        "--",
        *OPTIONS.split(),
    )
    with results.open() as stream:
        rows = list(csv.DictReader(stream))
    aucs = [float(row["Area_under_ROC"]) for row in rows]
    np.testing.assert_array_equal(aucs, cv_result.fold_aucs)


# Slow: the default suite's test_package_build.py runs this file as the package
# installs it (test_the_packaged_experiment_runs_from_where_it_is_installed), the
# repository's but for where the data are.
@pytest.mark.slow
def test_ready_experiment_file_runs(weka_home, tmp_path):
    experiment = project_dir("docs") / "ranking-reduction.xml"
    out = tmp_path / "results.arff"
    text = experiment.read_text().replace("results.arff", str(out))
    copy = tmp_path / "experiment.xml"
    copy.write_text(text)
    plain_java(
        weka_home,
        "weka.experiment.Experiment",
        "-l",
        str(copy),
        "-r",
        cwd=project_dir("docs").parent,
    )
    assert "Area_under_ROC" in out.read_text()


def test_wekas_class_discovery_lists_it_under_meta(weka_home, tmp_path):
    source = tmp_path / "Discover.java"
    source.write_text(
        "public class Discover { public static void main(String[] a) {\n"
        "  weka.gui.GenericObjectEditor.determineClasses();\n"
        "  for (String name : weka.core.PluginManager.getPluginNamesOfTypeList(\n"
        '      "weka.classifiers.Classifier")) System.out.println(name);\n'
        "}}\n"
    )
    subprocess.run(
        ["javac", *QUICK_JAVAC, "-cp", os.pathsep.join(jvm.weka_classpath())]
        + [str(source)],
        check=True,
        cwd=tmp_path,
    )
    result = subprocess.run(
        jvm.java_argv([*jvm.weka_classpath(), str(tmp_path)], *QUICK_JVM)
        + ["Discover"],
        capture_output=True,
        text=True,
        env={**os.environ, "WEKA_HOME": str(weka_home)},
        timeout=600,
    )
    names = result.stdout.split()
    assert "weka.classifiers.meta.RankingReduction" in names
    assert "weka.classifiers.meta.Bagging" in names  # found the same way


def test_a_python_saved_model_ranks_a_test_file_in_weka(weka_home, tmp_path):
    from weka_ranking import auc

    data = load_task("breast-cancer")
    model = RankingReduction("J48", pairs_per_instance=2, voters=3).fit(data)
    path = tmp_path / "ranker.model"
    model.save(path)
    out = plain_java(
        weka_home,
        "weka.Run",
        "weka.classifiers.meta.RankingReduction",
        "-l",
        str(path),
        "-T",
        BREAST_CANCER,
    )
    weighted = re.search(r"Weighted Avg\.\s+(.*)", out).group(1).split()
    assert float(weighted[6]) == round(auc(data.y, model.scores(data)), 3)
