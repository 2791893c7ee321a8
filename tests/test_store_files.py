"""An output folder cannot be turned against its owner (issue 45, items 3 and 4).

A full disk is said naming the file, leaving it as it was, and how to go on.

A link planted in an experiment's folder (the lock, the store, the notes, the
report's files) is refused rather than followed, and a store file that is a
FIFO or a device is refused at once instead of blocking or being read
forever; each in one line naming the path, the link's target untouched.
"""

import errno
import json
import os
import subprocess
import sys

import pytest

from tests.test_bad_input import failing
from weka_ranking.atomic import WriteFailed, write_atomically
from weka_ranking.cli import main
from weka_ranking.experiments.store import ResultStore

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


@pytest.mark.parametrize("name", ["report.md", "values.json", "roc.png"])
def test_a_report_file_planted_as_a_link_is_refused(folder, tmp_path, capsys, name):
    precious = tmp_path / "precious"
    precious.write_text("mine\n")
    (folder / name).unlink()
    (folder / name).symlink_to(precious)
    said = failing(capsys, "report", str(folder))
    assert f"{folder / name}: a symbolic link" in said
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


def filling_disk(bytes_left: int):
    """``os.write`` on a disk with ``bytes_left``: a short write, then ENOSPC."""
    real = os.write
    left = [bytes_left]

    def write(descriptor: int, data) -> int:
        if left[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written = real(descriptor, bytes(data[: left[0]]))
        left[0] -= written
        return written

    return write


RESUME = "free some space and run the same command again"


def test_an_append_on_a_full_disk_leaves_no_part_of_a_record(tmp_path, monkeypatch):
    """A full disk wrote part of a record and said "[Errno 28]" with no path."""
    store = ResultStore(tmp_path)
    store.append("a/s/run=1/fold=0", [{"auc": 0.5, "pad": "x" * 100}])
    before = store.path.read_bytes()
    monkeypatch.setattr(os, "write", filling_disk(60))
    with pytest.raises(WriteFailed) as caught:
        store.append("a/s/run=1/fold=1", [{"auc": 0.5, "pad": "x" * 100}])
    assert str(caught.value) == (
        f"{store.path}: the disk is full (No space left on device); unit "
        "a/s/run=1/fold=1 is not written and the file is as it was (the units "
        f"finished before are kept): {RESUME}"
    )
    assert store.path.read_bytes() == before
    monkeypatch.undo()
    store.append("a/s/run=1/fold=1", [{"auc": 0.5}])  # space again: it goes on
    assert sorted(store.load()) == ["a/s/run=1/fold=0", "a/s/run=1/fold=1"]


def test_short_writes_are_written_whole(tmp_path, monkeypatch):
    real = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real(fd, bytes(data[:7])))
    store = ResultStore(tmp_path)
    store.append("a/s/run=1/fold=0", [{"auc": 0.25, "pad": "y" * 50}])
    write_atomically(tmp_path / "report.md", "z" * 50)
    monkeypatch.undo()
    assert store.load()["a/s/run=1/fold=0"][0]["pad"] == "y" * 50
    assert (tmp_path / "report.md").read_text() == "z" * 50


@pytest.mark.parametrize("existing", [True, False])
def test_a_replace_on_a_full_disk_leaves_the_file_as_it_was(
    tmp_path, monkeypatch, existing
):
    target = tmp_path / "report.md"
    if existing:
        target.write_text("the report as it was\n")
    monkeypatch.setattr(os, "write", filling_disk(10))
    with pytest.raises(WriteFailed) as caught:
        write_atomically(target, "a new report\n" * 10)
    kept = "the file is as it was" if existing else "nothing was written"
    assert str(caught.value) == (
        f"{target}: the disk is full (No space left on device); {kept}: {RESUME}"
    )
    assert os.listdir(tmp_path) == (["report.md"] if existing else [])
    if existing:
        assert target.read_text() == "the report as it was\n"


def test_a_folder_whose_plan_note_is_gone_is_refused(folder, capsys):
    """With runs.jsonl removed, a changed plan was taken and its records mislabelled."""
    (folder / "runs.jsonl").unlink()
    changed = [*EXPERIMENT[:-4], "--folds", "3", "--runs", "1"]
    said = failing(capsys, *changed, "--out", str(folder))
    assert said == "weka-ranking: error: " + (
        f"{folder}: holds results but no runs.jsonl, which notes the plan they come "
        "from: they cannot be told to be this plan's; restore runs.jsonl, or write "
        "to a new --out folder"
    )


@pytest.mark.parametrize(
    ("plan", "why"),
    [(5, "'int' object is not subscriptable"), ({"data": []}, "no 'schemes'")],
)
def test_a_plan_note_edited_into_another_shape_is_refused(folder, capsys, plan, why):
    with (folder / "runs.jsonl").open("a") as notes:
        notes.write(json.dumps({"plan": plan}) + "\n")
    for command in (["report", str(folder)], [*EXPERIMENT, "--out", str(folder)]):
        assert failing(capsys, *command) == "weka-ranking: error: " + (
            f"{folder / 'runs.jsonl'}: a plan noted there is not a plan ({why}); "
            "restore the file, or write to a new --out folder"
        )
