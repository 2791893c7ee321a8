"""The WEKA package in WEKA itself: installed by WEKA's package manager into a
fresh WEKA_HOME, run in a plain JVM (WEKA's jars only, no Python, no
weka-ranking on the classpath) from the command line and the Experimenter,
found by WEKA's class discovery, and equal to ``weka-ranking cv``."""

import csv
import os
import re
import subprocess
import zipfile

import numpy as np
import pytest

from weka_ranking import RankingReduction, cross_validate, jvm, load_task
from weka_ranking._resources import project_dir
from weka_ranking.weka_package import write_package

BREAST_CANCER = str(project_dir("arff_data") / "breast-cancer.arff")
# recurrence-events, the task's positive class, is the file's second value.
OPTIONS = "-P 2 -I 3 -R tournament -S 1 -rank-first 2 -W weka.classifiers.trees.J48"


def plain_java(weka_home, *args, cwd=None):
    """A JVM with WEKA's jars only, as WEKA's own launcher starts it."""
    classpath = os.pathsep.join(jvm.weka_classpath())
    result = subprocess.run(
        ["java", "--add-opens", "java.base/java.lang=ALL-UNNAMED"]
        + ["-Djava.awt.headless=true", "-cp", classpath, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "WEKA_HOME": str(weka_home)},
        cwd=cwd,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


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


def test_installed_where_wekas_package_manager_puts_it(weka_home):
    installed = weka_home / "packages" / "weka-ranking"
    assert (installed / "Description.props").is_file()
    assert (installed / "weka-ranking.jar").is_file()


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
        ["javac", "-cp", os.pathsep.join(jvm.weka_classpath()), str(source)],
        check=True,
        cwd=tmp_path,
    )
    classpath = os.pathsep.join([*jvm.weka_classpath(), str(tmp_path)])
    result = subprocess.run(
        ["java", "--add-opens", "java.base/java.lang=ALL-UNNAMED"]
        + ["-Djava.awt.headless=true", "-cp", classpath, "Discover"],
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
