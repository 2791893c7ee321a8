"""The command line's failures as one line, each with what to do or where to look.

The known ones in their own words, before any work where they can be; the
unforeseen ones with the file their details went to.
"""

import dataclasses
import os
import stat

import pytest

from tests.test_bad_input import failing
from weka_ranking import cli
from weka_ranking.cli import main

RANK = ["rank", "--train", "hepatitis", "--test", "hepatitis"]


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "missing folder"])
def test_out_refuses_what_is_not_a_file_before_the_work(tmp_path, capsys, kind):
    """Found in everyday use as WEKA users work (issue 12)."""
    path = tmp_path / "target"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        path = "/dev/full"
    else:
        path = tmp_path / "no" / "such.csv"
    # A learner name that would fail only at training: the path fails first.
    error = failing(capsys, *RANK, "--learner", "weka.Nope", "--out", str(path))
    assert f"--out {path}" in error
    if kind == "fifo":
        assert stat.S_ISFIFO(os.stat(path).st_mode)


@pytest.mark.parametrize("seed", ["18446744073709551617", "2147483648", "-2147483649"])
def test_seed_outside_a_java_int_is_refused(capsys, seed):
    """Found in everyday use as WEKA users work (issue 12)."""
    assert "a Java int" in failing(capsys, "cv", "hepatitis", "--seed", seed)


def failing_with(monkeypatch, tmp_path, capsys, fault):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    command = cli.BY_NAME_OF_COMMAND["report"]
    monkeypatch.setitem(
        cli.BY_NAME_OF_COMMAND, "report", dataclasses.replace(command, run=fault)
    )
    assert main(["report", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    [line] = err.splitlines()
    [log] = tmp_path.glob("weka-ranking-error-*.log")
    assert line.endswith(f"(unforeseen: the traceback is in {log}, for a bug report)")
    return line, log.read_text()


def test_an_unforeseen_failure_is_one_line_and_a_log_of_the_details(
    monkeypatch, tmp_path, capsys
):
    """Failures as one line (issue 34, item 6)."""

    def fault(args):
        raise RuntimeError("a message\nover two lines")

    line, details = failing_with(monkeypatch, tmp_path, capsys, fault)
    assert line.startswith(
        "weka-ranking: error: unexpected RuntimeError: a message over two lines ("
    )
    assert "Traceback (most recent call last)" in details
    assert "in fault" in details and "weka-ranking " in details


def test_an_unforeseen_java_exception_too(monkeypatch, tmp_path, capsys, weka):
    """Failures as one line (issue 34, item 6)."""

    def fault(args):
        weka("java.util.ArrayList")().get(3)

    line, details = failing_with(monkeypatch, tmp_path, capsys, fault)
    assert "unexpected java.lang.IndexOutOfBoundsException: Index 3" in line
    assert "java.util.ArrayList" in details


EXPERIMENT = ["experiment", "--data", "breast-cancer", "--scheme", "J48"]
EXPERIMENT += ["--folds", "2", "--runs", "1"]


@pytest.mark.parametrize(
    "address", ["", "tcp://127.0.0.1:notaport", "inproc://x", "tcp://h:70000", ":1"]
)
def test_a_scheduler_that_is_no_address_is_refused_naming_the_flag(
    tmp_path, capsys, address
):
    """'' ran a local cluster silently; the others got Dask's words (issue 45)."""
    out = tmp_path / "out"
    said = failing(
        capsys, *EXPERIMENT, "--executor", "dask", "--scheduler", address,
        "--out", str(out),
    )  # fmt: skip
    assert said == (
        f"weka-ranking: error: --scheduler {address}: not a Dask scheduler's address: "
        "give tcp://HOST:PORT (e.g. tcp://10.0.0.5:8786), or leave --scheduler out "
        "for a local cluster"
    )
    assert not out.exists()


@pytest.mark.parametrize("kind", ["file", "FIFO", "link to nothing"])
def test_an_out_folder_that_is_something_else_is_refused_naming_it(
    tmp_path, capsys, kind
):
    """It said "[Errno 17] File exists" (issue 45)."""
    out = tmp_path / "out"
    if kind == "file":
        out.write_text("mine\n")
    elif kind == "FIFO":
        os.mkfifo(out)
    else:
        out.symlink_to(tmp_path / "nothing")
    said = failing(capsys, *EXPERIMENT, "--out", str(out))
    assert said == (
        f"weka-ranking: error: {out}: is a {kind}, not a folder: give a folder (new "
        "or one written before) to hold the results (--out)"
    )


def test_an_out_folder_of_other_files_is_refused_and_left_as_it_was(tmp_path, capsys):
    """It took the run's files among the user's, silently (a new user's finding)."""
    (tmp_path / "thesis.tex").write_text("mine\n")
    said = failing(capsys, *EXPERIMENT, "--out", str(tmp_path))
    assert said == (
        f"weka-ranking: error: {tmp_path}: is not empty (thesis.tex) and holds no "
        "results: give an empty or new folder (--out), or the folder of an earlier "
        "run of the same plan to resume it"
    )
    assert os.listdir(tmp_path) == ["thesis.tex"]


@pytest.fixture
def noted_store(tmp_path):
    """An experiment's store of made-up fold records and its noted plan."""
    from tests.test_comparisons import SCHEMES, _plan, _store
    from weka_ranking.experiments import ResultStore
    from weka_ranking.experiments.experiment import plan_note

    plan = _plan(SCHEMES, data=2)
    _store(tmp_path / "store", plan)
    ResultStore(tmp_path / "store").add_run(plan_note(plan))
    return tmp_path / "store"


@pytest.mark.fast
def test_a_reports_out_folder_of_other_files_or_a_file_is_refused(
    tmp_path, capsys, noted_store
):
    """report --out wrote among the user's files, as experiment --out did."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.tex").write_text("mine\n")
    said = failing(capsys, "report", str(noted_store), "--out", str(mine))
    assert said == (
        f"weka-ranking: error: {mine}: is not empty (thesis.tex) and holds no "
        "report: give an empty or new folder (--out), or the folder of an earlier "
        "report to write it again"
    )
    assert os.listdir(mine) == ["thesis.tex"]
    a_file = tmp_path / "a-file"
    a_file.write_text("mine\n")
    said = failing(capsys, "report", str(noted_store), "--out", str(a_file))
    assert said == (
        f"weka-ranking: error: {a_file}: is a file, not a folder: give a folder (new "
        "or one written before) to hold the report (--out)"
    )


def test_a_reports_own_folder_is_written_again(tmp_path, noted_store, monkeypatch):
    """An earlier report's folder, with others' files beside it, is its own.

    Its three reports draw no figures (a third of the time): the folder's check
    leaves them out (they need matplotlib), and test_experiment.py's report draws
    them.
    """
    from weka_ranking.experiments import report
    from weka_ranking.experiments.report import REPORT_FILES

    for figure in ("_critical_difference_figure", "_bayesian_figure", "_roc_figure"):
        monkeypatch.setattr(report, figure, lambda *args: None)

    out = tmp_path / "out"
    assert main(["report", str(noted_store), "--out", str(out)]) == 0
    assert set(REPORT_FILES) <= set(os.listdir(out))
    (out / "notes.txt").write_text("the user's, beside the report\n")
    assert main(["report", str(noted_store), "--out", str(out)]) == 0
    assert main(["report", str(noted_store)]) == 0


def test_a_test_file_that_is_a_device_is_refused_before_the_training(capsys):
    """rank --train X --test /dev/zero trained first (issue 45)."""
    said = failing(capsys, "rank", "--train", "breast-cancer", "--test", "/dev/zero")
    assert said.startswith(
        "weka-ranking: error: /dev/zero: is a character device, not a data file"
    )


def test_an_experimenter_file_that_is_a_fifo_is_refused(tmp_path):
    """WEKA's write blocked on the FIFO, deaf to SIGINT and SIGTERM (issue 45)."""
    import subprocess
    import sys

    fifo = tmp_path / "plan.xml"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "weka_ranking", *EXPERIMENT, "--export-experimenter",
         str(fifo)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"weka-ranking: error: {fifo}: is a FIFO, not a regular file; give the path "
        "of a file to write"
    )
