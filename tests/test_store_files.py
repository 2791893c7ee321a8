"""An output folder cannot be turned against its owner (issue 45, items 3 and 4).

A link planted in an experiment's folder (the lock, the store, the notes, the
report's files) is refused rather than followed, and a store file that is a
FIFO or a device is refused at once instead of blocking or being read
forever; each in one line naming the path, the link's target untouched.
"""

import os
import subprocess
import sys

import pytest

from tests.test_bad_input import failing
from weka_ranking.cli import main

EXPERIMENT = ["experiment", "--data", "breast-cancer", "--scheme", "NaiveBayes"]
EXPERIMENT += ["--folds", "2", "--runs", "1"]


@pytest.fixture(scope="module")
def finished(tmp_path_factory, weka):
    """A small experiment's folder, run to the end once."""
    out = tmp_path_factory.mktemp("experiment") / "out"
    assert main([*EXPERIMENT, "--out", str(out), "--quiet"]) == 0
    return out


@pytest.fixture
def folder(finished, tmp_path):
    """A copy of the finished folder to plant things in."""
    copy = tmp_path / "out"
    subprocess.run(["cp", "-a", str(finished), str(copy)], check=True)
    return copy


@pytest.mark.parametrize("name", [".run.lock", "runs.jsonl", "results.jsonl"])
def test_a_planted_link_is_refused_and_its_target_untouched(
    folder, tmp_path, capsys, name
):
    precious = tmp_path / "precious.txt"
    precious.write_text("the owner's file\n")
    (folder / name).unlink(missing_ok=True)
    (folder / name).symlink_to(precious)
    said = failing(capsys, *EXPERIMENT, "--out", str(folder), "--retry-failed")
    assert f"{folder / name}: a symbolic link" in said
    assert precious.read_text() == "the owner's file\n"


def test_a_report_file_planted_as_a_link_is_refused(folder, tmp_path, capsys):
    precious = tmp_path / "precious.md"
    precious.write_text("mine\n")
    (folder / "report.md").unlink()
    (folder / "report.md").symlink_to(precious)
    said = failing(capsys, "report", str(folder))
    assert f"{folder / 'report.md'}: a symbolic link" in said
    assert precious.read_text() == "mine\n"


def test_a_store_linked_to_a_device_is_refused_at_once(folder, capsys):
    (folder / "runs.jsonl").unlink()
    (folder / "runs.jsonl").symlink_to("/dev/zero")
    assert "runs.jsonl: a symbolic link" in failing(capsys, "report", str(folder))


def test_a_fifo_in_the_store_does_not_block(folder):
    (folder / "runs.jsonl").unlink()
    os.mkfifo(folder / "runs.jsonl")
    # A process of its own, so that a regression blocks it and not the suite.
    done = subprocess.run(
        [sys.executable, "-m", "weka_ranking", "report", str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stderr.strip().endswith(
        "runs.jsonl: is a FIFO, not a regular file: move it away, and let the "
        "program write its own file"
    )
