"""A user's experiment on the engine: resumable, the same on workers and Dask, WEKA's.

The learner-alone and reduction cells equal WEKA's own Experimenter run on
the same files (a plain JVM with the installed package), WEKA's
PairedCorrectedTTester reads the results file and gives the report's marks,
and an experiment killed mid-run and resumed, or run on two Dask workers,
stores the records of an uninterrupted run.
"""

import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import warnings

import pytest
import test_weka_package

from weka_ranking import WekaRankingWarning
from weka_ranking._resources import project_dir
from weka_ranking.cli import main
from weka_ranking.experiments import ResultStore
from weka_ranking.experiments.experiment import run_experiment
from weka_ranking.experiments.plan import plan_from_flags, read_plan, run_unit
from weka_ranking.experiments.report import write_report
from weka_ranking.experiments.weka_results import RESULTS, experimenter_plan
from weka_ranking.stats import bayesian_correlated_t

weka_home = test_weka_package.weka_home
DATA = [str(project_dir("arff_data") / f) for f in ("labor.arff", "hepatitis.arff")]
# Both files rank their class index 0 first (bad, DIE: the minorities), as the
# Experimenter's one IR class needs.
SCHEMES = [
    "J48 --ranker pointwise",
    "NaiveBayes --ranker pointwise",
    "J48 --pairs 1 --voters 3",
]
# What a rerun changes: costs, versions, and when and where a unit ran.
VARYING = {
    "train_seconds",
    "rank_seconds",
    "peak_heap_mb",
    "write",
    "versions",
    "provenance",
}


def canonical(folder) -> list[str]:
    return sorted(
        json.dumps({k: v for k, v in r.items() if k not in VARYING}, sort_keys=True)
        for r in ResultStore(folder).records()
    )


@pytest.fixture(scope="module")
def small_plan():
    return plan_from_flags(DATA, SCHEMES, folds=3, runs=2)


@pytest.fixture(scope="module")
def uninterrupted(small_plan, tmp_path_factory, weka):
    out = tmp_path_factory.mktemp("uninterrupted")
    ran, total, report = run_experiment(small_plan, out)
    assert ran == total == 2 * 3 * 2 * 3
    return out


def test_the_cells_equal_wekas_experimenter(small_plan, uninterrupted, weka_home):
    xml, results = uninterrupted / "plan.xml", uninterrupted / "weka.arff"
    assert experimenter_plan(small_plan, xml, results) == []
    test_weka_package.plain_java(weka_home, "weka.experiment.Experiment", "-l",
                                 str(xml), "-r")  # fmt: skip
    text = results.read_text()
    header, data = text.split("@data")
    names = [line.split()[1] for line in header.splitlines() if line.startswith("@att")]
    rows = list(csv.reader(io.StringIO(data.strip()), quotechar="'"))
    wekas = {}
    relations = {"labor-neg-data": "labor", "hepatitis": "hepatitis"}
    for row in rows:
        values = dict(zip(names, row, strict=True))
        key = (relations[values["Key_Dataset"]], values["Key_Scheme"],
               int(values["Key_Run"]), int(values["Key_Fold"]) - 1)  # fmt: skip
        wekas[key] = float(values["Area_under_ROC"])
    classnames = {
        SCHEMES[0]: "weka.classifiers.trees.J48",
        SCHEMES[1]: "weka.classifiers.bayes.NaiveBayes",
        SCHEMES[2]: "weka.classifiers.meta.RankingReduction",
    }
    ours = {}
    for r in ResultStore(uninterrupted).records():
        name = {s.name: text for s, text in zip(small_plan.schemes, SCHEMES)}
        scheme = classnames[name[r["scheme_name"]]]
        ours[r["dataset"], scheme, r["run"], r["fold"]] = r["auc"]
    assert len(ours) == len(wekas) == 36
    # The results ARFF holds 6 decimals (WEKA's Instances.toString).
    assert ours == pytest.approx(wekas, abs=5e-7)
    assert sum(abs(ours[k] - wekas[k]) < 1e-12 for k in ours) >= 3


def test_wekas_tester_reads_the_results_file_and_gives_the_marks(
    small_plan, uninterrupted, weka_home
):
    write_report(small_plan, uninterrupted)
    column = len(("Key_Dataset",) * 6) + RESULTS.index("Area_under_ROC") + 1
    out = test_weka_package.plain_java(
        weka_home, "weka.experiment.PairedCorrectedTTester",
        "-t", str(uninterrupted / "results.arff"), "-c", str(column),
        "-D", "1", "-R", "2", "-F", "3", "-G", "4,5,6", "-b", "1", "-S", "0.05",
        "-result-matrix", "weka.experiment.ResultMatrixCSV -mean-prec 6",
    )  # fmt: skip
    matrix = out.split("Dataset,")[1].split("\n\n")[0].splitlines()[1:-1]
    values = json.loads((uninterrupted / "values.json").read_text())
    seen = set()
    for line, row in zip(matrix, values["per_dataset"], strict=True):
        cells = next(csv.reader([line], quotechar="'"))
        # data set, the baseline's mean, then each other scheme's mean and mark
        means, marks = [cells[1], *cells[2::2]], ["", *(m.strip() for m in cells[3::2])]
        ours = [row["cells"][s.name] for s in small_plan.schemes]
        assert [float(m) for m in means] == pytest.approx(
            [c["mean"] for c in ours], abs=5e-7
        )
        assert marks == [c.get("mark", "") for c in ours]
        seen.update(marks)
    assert "v" in seen  # NaiveBayes ranks labor significantly better than J48


def test_the_report_renders_the_comparisons_from_the_engines_store(
    small_plan, uninterrupted, tmp_path
):
    write_report(small_plan, uninterrupted, out=tmp_path, grouping="nemenyi")
    values = json.loads((tmp_path / "values.json").read_text())
    alone, reduction = small_plan.schemes[0].name, small_plan.schemes[2].name
    assert values["own_learners"] == {reduction: alone}
    folds = {}
    for r in sorted(ResultStore(uninterrupted).records(), key=lambda r: r["unit"]):
        folds.setdefault((r["dataset"], r["scheme_name"]), []).append(r)
    for row in values["per_dataset"]:
        ours, its = folds[row["dataset"], reduction], folds[row["dataset"], alone]
        order = sorted(range(6), key=lambda i: (ours[i]["run"], ours[i]["fold"]))
        ours, its = [ours[i] for i in order], [its[i] for i in order]
        ratio = sum(r["n_test"] for r in ours) / sum(r["n_train"] for r in ours)
        expected = bayesian_correlated_t(
            [r["auc"] for r in ours], [r["auc"] for r in its], ratio, 0.01
        )
        assert row["cells"][reduction]["alone"]["bayes"] == pytest.approx(expected)
        summary = next(
            d for d in values["summary"]["datasets"] if d["dataset"] == row["dataset"]
        )
        assert summary["rows"] == sum(r["n_test"] for r in ours) // 2  # 2 runs
        assert summary["missing"] > 0  # labor and hepatitis leave values out
    text = (tmp_path / "report.md").read_text()
    for section in ("## Summary", "own learner alone", "### All pairs"):
        assert section in text
    for figure in ("critical-difference.png", "bayesian.png", "roc.png"):
        assert (tmp_path / figure).stat().st_size > 1000
    # The reduction's options as the Experimenter keys it: its learner's last.
    arff = (tmp_path / "results.arff").read_text()
    options = arff.split("@attribute Key_Scheme_options {")[1].split("}\n")[0]
    assert "-W weka.classifiers.trees.J48 -- -C 0.25 -M 2'" in options
    # The report names each scheme as its units ran it, as their records spell it.
    schemes = text.split("## Schemes")[1].split("\n## ")[0]
    records = list(ResultStore(uninterrupted).records())
    for scheme in small_plan.schemes:
        (spelt,) = {r["scheme"] for r in records if r["scheme_name"] == scheme.name}
        assert f"| `{scheme.name}` | `{spelt}` |" in schemes
    assert "-W weka.classifiers.trees.J48 -P " in schemes
    assert "-- -C 0.25 -M 2`" in schemes


def test_killed_and_resumed_gives_the_uninterrupted_records(uninterrupted, tmp_path):
    plan = tmp_path / "plan.toml"
    files = ", ".join(json.dumps(path) for path in DATA)
    plan.write_text(
        f"[experiment]\nfolds = 3\nruns = 2\n[[data]]\nfiles = [{files}]\n"
        '[[scheme]]\nname = "J48 alone"\nlearner = "J48"\nranker = "pointwise"\n'
        '[[scheme]]\nlearner = "NaiveBayes"\nranker = "pointwise"\n'
        '[[scheme]]\nlearner = "J48"\npairs = 1\nvoters = 3\n'
    )
    out = tmp_path / "store"
    command = [sys.executable, "-m", "weka_ranking", "experiment", str(plan),
               "--out", str(out), "--quiet"]  # fmt: skip
    process = subprocess.Popen(command, start_new_session=True)
    store = out / "results.jsonl"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and process.poll() is None:
        if store.exists() and store.read_bytes().count(b"\n") >= 10:
            break
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    partial = len(ResultStore(out).records())
    assert 0 < partial < 36, "the kill came before or after the run"
    # Resumed in this process, whose JVM runs (a new one would start both: seconds).
    assert main(command[3:]) == 0
    assert canonical(out) == canonical(uninterrupted)


@pytest.mark.slow  # 7-14 s; the default suite runs Dask's executor in the studies'
# test_dask.py (one worker of two threads) and two worker threads just below
def test_two_dask_workers_give_the_same_records(small_plan, uninterrupted, tmp_path):
    pytest.importorskip("distributed")
    run_experiment(small_plan, tmp_path, jobs=2, executor="dask")
    assert canonical(tmp_path) == canonical(uninterrupted)


def test_two_worker_threads_give_the_same_records(small_plan, uninterrupted, tmp_path):
    run_experiment(small_plan, tmp_path, jobs=2)
    assert canonical(tmp_path) == canonical(uninterrupted)


@pytest.mark.slow  # the default suite stays under five minutes
def test_the_example_plan_runs_and_reports(tmp_path, weka):
    pytest.importorskip("xgboost")
    plan = read_plan(project_dir("examples") / "experiment.toml")
    ran, total, report = run_experiment(plan, tmp_path)
    assert ran == total == 2 * 4 * 2 * 5
    text = report.read_text()
    assert "| labor |" in text and "| hepatitis |" in text
    assert "xgboost" in text and "Friedman" in text
    values = json.loads((tmp_path / "values.json").read_text())
    assert values["complete_datasets"] == ["labor", "hepatitis"]
    assert (tmp_path / "results.arff").read_text().count("\n") > 80


def test_failed_units_end_the_command_with_status_1_and_report_renders_again(
    tmp_path, capsys, weka
):
    def command(*words):
        # In this process (a new one would start Python and a JVM: seconds);
        # the exit status is main's, which main_exit passes to sys.exit.
        code = main(list(words))
        return code, capsys.readouterr().err

    out = str(tmp_path / "out")
    flags = ["--data", DATA[0], "--folds", "2", "--runs", "1", "--out", out]
    # Options that go together, a learner that cannot take a binary class:
    # every unit of it fails when it trains, none before.
    code, err = command("experiment", *flags, "--scheme", "J48 --ranker pointwise",
                        "--scheme", "broken=weka.classifiers.functions."
                        "LinearRegression --ranker pointwise")  # fmt: skip
    assert code == 1
    said = err.strip().splitlines()[-1]
    assert "2 of 4 units failed" in said and "--retry-failed" in said
    assert "Traceback" not in err
    report = (tmp_path / "out" / "report.md").read_text()
    (tmp_path / "out" / "report.md").unlink()
    code, err = command("report", out)
    assert code == 0, err
    rendered = (tmp_path / "out" / "report.md").read_text()
    # The same bytes, its "Made by" included (a new user saw the command run
    # in its folder only in the report rendered again).
    assert rendered == report
    assert "Made by:\n\n```\ncd " in report
    assert "- labor, broken: " in rendered and "[0 folds]" in rendered


def test_an_interrupt_says_how_many_units_are_stored(tmp_path, capsys, monkeypatch):
    """Ctrl-C says the units stored, which a resumed run will not redo.

    The progress line is said every few seconds and lags the store: a new
    user read "unit 24 of 600 done" where 60 were stored.
    """
    from weka_ranking.experiments import experiment

    ran = []

    def interrupted_at_the_third(unit, *args, **kwargs):
        ran.append(unit)
        if len(ran) == 3:
            raise KeyboardInterrupt
        return run_unit(unit, *args, **kwargs)

    monkeypatch.setattr(experiment, "run_unit", interrupted_at_the_third)
    out = str(tmp_path / "out")
    flags = ["--data", DATA[0], "--folds", "2", "--runs", "2", "--out", out]
    code = main(["experiment", *flags, "--scheme", "J48 --ranker pointwise"])
    err = capsys.readouterr().err
    assert code == 130 and "Traceback" not in err
    assert err.strip().splitlines()[-1] == (
        "weka-ranking: interrupted: 2 of the plan's 4 units are stored; "
        "the same command again finishes the rest"
    )


def test_a_unit_the_heap_cannot_hold_fails_alone(tmp_path, monkeypatch):
    # The heap check's refusal is one unit's failure (its record holds the
    # advice), not the end of the experiment: the other units may fit.
    from weka_ranking import bridge, evaluation
    from weka_ranking.errors import HeapError

    def refuse(*args, **kwargs):
        raise HeapError("4127496 pairs need about 2373 MB of JVM heap\nmore")

    monkeypatch.setattr(evaluation, "fit_fold", refuse)
    monkeypatch.setattr(bridge, "reset_peak_heap", lambda: None)
    from weka_ranking.experiments.plan import read_plan
    from weka_ranking.experiments.schemes import Scheme

    monkeypatch.setattr(Scheme, "estimator", lambda self: None)

    plan = tmp_path / "plan.toml"
    plan.write_text('[[data]]\nfiles = ["hepatitis"]\n[[scheme]]\nlearner = "J48"\n')
    unit = read_plan(plan).units()[0]
    (record,) = run_unit(unit)
    assert record["error"].startswith("4127496 pairs need about 2373 MB")
    assert record["fold"] == unit.fold and "auc" not in record


def test_a_task_made_binary_is_left_out_of_the_experimenter_file(tmp_path, weka):
    """The Experimenter reads a file as it is: vehicle's four classes failed each unit.

    Found by trying cv's WEKA commands: the export wrote the four-class file, and
    every unit of WEKA's run said "Cannot handle multi-valued nominal class!".
    """
    plan = tmp_path / "plan.toml"
    vehicle = project_dir("arff_data") / "vehicle.arff"
    hepatitis = project_dir("arff_data") / "hepatitis.arff"
    plan.write_text(
        f'[experiment]\nruns = 1\n[[data]]\nfiles = ["{vehicle}"]\npositive = "van"\n'
        f'[[data]]\nfiles = ["{hepatitis}"]\n[[scheme]]\nlearner = "J48"\n'
    )
    xml = tmp_path / "plan.xml"
    (said,) = experimenter_plan(read_plan(plan), xml, tmp_path / "weka.arff")
    assert said.startswith("data vehicle: the Experimenter reads the file as it is")
    assert "MakeIndicator -C last -V 4 -N" in said and "-o vehicle-binary.arff" in said
    text = xml.read_text()
    assert "hepatitis.arff" in text and "vehicle.arff" not in text


def test_a_plan_that_leaves_out_a_folders_units_says_so_first(uninterrupted, tmp_path):
    """Another plan into a used --out replaced its report unsaid (newuser27)."""
    out = tmp_path / "out"
    shutil.copytree(uninterrupted, out)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert (
            run_experiment(plan_from_flags(DATA, SCHEMES, folds=3, runs=2), out)[0] == 0
        )
    fewer = plan_from_flags(DATA[:1], SCHEMES[:2], folds=3, runs=1)
    with pytest.warns(WekaRankingWarning) as said:
        ran, total, _ = run_experiment(fewer, out)
    assert (ran, total) == (0, 2 * 3)  # every unit stored already
    (line,) = [str(w.message) for w in said if "does not ask for" in str(w.message)]
    assert "holds the results of 30 units this plan does not ask for" in line
    assert "(data set 'hepatitis'; scheme 'J48 --pairs 1 --voters 3')" in line
    assert "its report is written again for this plan alone" in line


def test_a_plan_runs_into_its_own_folder_beside_its_data_and_notes(tmp_path):
    """The project's held-out checks keep plan, data and results in one folder.

    A folder of other files is refused as another's (issue 45), but the folder
    that holds the plan being run is that plan's own: docs/held-out-5's first
    run was refused until it was.
    """
    hepatitis = project_dir("arff_data") / "hepatitis.arff"
    shutil.copy(hepatitis, tmp_path / "hepatitis.arff")
    (tmp_path / "PROVENANCE.md").write_text("mine\n")
    plan = tmp_path / "plan.toml"
    plan.write_text(
        '[experiment]\nfolds = 2\nruns = 1\n[[data]]\nfiles = ["hepatitis.arff"]\n'
        '[[scheme]]\nlearner = "J48"\nranker = "pointwise"\n'
    )
    ran, total, _ = run_experiment(read_plan(plan), tmp_path)
    assert (ran, total) == (2, 2)
    assert (tmp_path / "PROVENANCE.md").read_text() == "mine\n"
    other = tmp_path / "other"
    other.mkdir()
    (other / "thesis.tex").write_text("mine\n")
    with pytest.raises(Exception, match="is not empty"):
        run_experiment(read_plan(plan), other)
