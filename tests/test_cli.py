"""The command line, in-process: exit codes, output and files."""

import csv
import json

import pytest

from tests.test_against_weka import weka_fold_aucs
from weka_ranking import cross_validate, load_task
from weka_ranking.cli import main
from weka_ranking.model import RankingReduction


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cv_json_pointwise_is_wekas_number(capsys, weka):
    code, out, _ = run(
        capsys,
        "cv",
        "breast-cancer",
        "--learner",
        "J48",
        "--ranker",
        "pointwise",
        "--json",
    )
    report = json.loads(out)
    assert code == 0
    expected = weka_fold_aucs(weka, load_task("breast-cancer"), "J48")
    assert report["fold_aucs"] == pytest.approx(expected, abs=1e-12)
    # The monograph's Table 5 cell, which WEKA 3.9.7 reproduces.
    assert round(report["mean_auc"], 5) == 0.62806
    assert round(report["variance"], 5) == 0.01005
    # The record's id: the scheme WEKA runs, and the versions that ran it.
    scheme = report["scheme"].removeprefix("weka.classifiers.meta.RankingReduction ")
    model = RankingReduction.from_options(scheme)
    assert (model.base, model.ranker) == ("J48", "pointwise")
    assert report["versions"]["weka"] == "3.9.7"
    assert [f["fold"] for f in report["per_fold"]] == list(range(10))
    assert [f["auc"] for f in report["per_fold"]] == report["fold_aucs"]
    assert all(f["scheme"].endswith("-- -C 0.25 -M 2") for f in report["per_fold"])
    assert report["folds"] == 10 and report["seed"] == 1


def test_cv_summary_and_ranker_options(capsys):
    options = ["--pairs", "1", "--voters", "3", "--ranker", "quicksort", "--folds", "3"]
    code, out, _ = run(capsys, "cv", "hepatitis", *options)
    assert code == 0
    expected = cross_validate(
        RankingReduction("J48", pairs_per_instance=1, voters=3, ranker="quicksort"),
        load_task("hepatitis"),
        folds=3,
    )
    # The text shows this cross-validation's numbers and WEKA's own summary.
    fold_line = next(line for line in out.splitlines() if "fold AUCs" in line)
    assert fold_line.split()[2:] == [f"{a:.5f}" for a in expected.fold_aucs]
    assert f"pooled AUC {expected.pooled_auc:.5f}" in out
    by_class = [
        line.split() for line in out.splitlines() if line.split()[-1:] == ["DIE"]
    ]
    (accuracy_row,) = [row for row in by_class if len(row) == 9]
    roc_area = accuracy_row[-3]  # WEKA's ROC Area column: the pooled AUC
    assert roc_area == f"{expected.pooled_auc:.3f}"
    assert "-R quicksort" in out


def test_rank_writes_the_ordered_test_set(tmp_path, capsys):
    out_file = tmp_path / "ranked.csv"
    train = "arff_data/breast-cancer.arff"
    code, out, _ = run(
        capsys,
        "rank",
        "--train",
        train,
        "--test",
        train,
        "--pairs",
        "2",
        "--voters",
        "3",
        "--out",
        str(out_file),
    )
    assert code == 0 and out == ""
    with out_file.open() as stream:
        rows = list(csv.DictReader(stream))
    assert len(rows) == 286
    assert [int(r["rank"]) for r in rows] == list(range(1, 287))
    assert sorted(int(r["instance"]) for r in rows) == list(range(1, 287))
    scores = [float(r["score"]) for r in rows]
    assert scores == sorted(scores, reverse=True)
    top = [r["class"] for r in rows[:50]].count("recurrence-events")
    assert top > 50 * 85 / 286  # better than chance at the top


def one_line_error(capsys, *argv):
    code, out, err = run(capsys, *argv)
    assert code != 0
    assert out == ""
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if "error:" in line]
    assert len(errors) == 1
    return errors[0]


def test_string_attribute(tmp_path, capsys):
    path = tmp_path / "s.arff"
    path.write_text(
        "@relation r\n@attribute a string\n@attribute c {x,y}\n@data\n'q',x\n"
    )
    assert "type string" in one_line_error(capsys, "cv", str(path))


def write_arff(path, rows):
    body = "\n".join(rows)
    path.write_text(
        f"@relation r\n@attribute a numeric\n@attribute c {{x,y}}\n@data\n{body}\n"
    )
    return str(path)


def test_one_class_training_data(tmp_path, capsys):
    train = write_arff(tmp_path / "one.arff", ["1,x"] * 10)
    test = write_arff(tmp_path / "test.arff", ["1,x", "2,y"])
    err = one_line_error(
        capsys, "rank", "--train", train, "--test", test, "--positive", "y"
    )
    assert "one class only" in err


def test_too_few_of_the_minority_for_the_folds(tmp_path, capsys):
    path = write_arff(tmp_path / "few.arff", ["1,x"] * 10 + ["2,y"] * 3)
    err = one_line_error(capsys, "cv", path, "--folds", "5")
    assert "--folds 5: more than the 3 instances" in err and "--folds 3 or fewer" in err
    path = write_arff(tmp_path / "single.arff", ["1,x"] * 10 + ["2,y"])
    assert "at least 2" in one_line_error(capsys, "cv", path, "--folds", "2")


def test_missing_file(capsys):
    assert "no such file" in one_line_error(capsys, "cv", "absent.arff")


def test_unknown_learner(capsys):
    err = one_line_error(capsys, "cv", "breast-cancer", "--learner", "Nope")
    assert "unknown learner 'Nope'" in err


def test_bad_option_values(capsys):
    assert "--voters" in one_line_error(capsys, "cv", "glass", "--voters", "x")
    assert "--pairs" in one_line_error(capsys, "cv", "glass", "--pairs", "-1")


def test_rank_output_folder_missing(tmp_path, capsys):
    train = "arff_data/glass.arff"
    err = one_line_error(
        capsys,
        "rank",
        "--train",
        train,
        "--test",
        train,
        "--positive",
        "headlamps",
        "--out",
        str(tmp_path / "no" / "x.csv"),
    )
    assert "folder does not exist" in err
