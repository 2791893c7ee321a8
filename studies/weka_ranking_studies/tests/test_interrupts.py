"""Reproduction runs stopped as users stop them; finished units stay.

Stopped by Ctrl-C twice, the parent killed, a second run on the same folder; nothing
hangs or lingers.
"""

import json
import os
import signal
import subprocess
import sys
import time

from tests.test_bad_input import failing
from weka_ranking_studies import java


def reproduce(out, *extra):
    return subprocess.Popen(
        [sys.executable, "-m", "weka_ranking", "reproduce", "--quick"]
        + ["--out", str(out), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for(condition, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


def units_stored(out):
    path = out / "results.jsonl"
    return path.exists() and path.read_text().count("\n") > 0


def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def test_a_second_run_on_the_same_out_is_refused(tmp_path, capsys):
    first = reproduce(tmp_path)
    try:
        assert wait_for(lambda: units_stored(tmp_path), 180)
        error = failing(capsys, "reproduce", "--quick", "--out", str(tmp_path))
        assert f"another run (process {first.pid}) is writing here" in error
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=120)


def test_ctrl_c_twice_with_two_jobs_stops_at_once(tmp_path):
    run = reproduce(tmp_path, "--jobs", "2")
    assert wait_for(lambda: units_stored(tmp_path), 180)
    run.send_signal(signal.SIGINT)
    time.sleep(0.1)
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=60)
    assert run.returncode == 130 and "Traceback" not in err
    assert err.count("weka-ranking: interrupted") == 1
    assert "the same command again finishes the rest" in err
    for line in (tmp_path / "results.jsonl").read_text().splitlines():
        json.loads(line)  # whole units only


def command_lines(pids):
    """Each process's command line, to say what a child was."""
    lines = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline") as cmdline:
                lines.append(cmdline.read().replace("\0", " ").strip())
        except OSError:
            lines.append(f"{pid} (gone)")
    return lines


def test_two_jobs_start_no_process_that_could_outlive_the_command(tmp_path):
    """--jobs 2 runs units on threads of the command: killed, it leaves nothing.

    A build or a question to git is a child while it lasts: the studies' jar
    is built here first (a fresh checkout's command would compile it when a
    unit first needs it), and the command asks git for its commit before its
    units start (``registration.software``). A fresh clone's CI once found
    one child while units were stored, its command not said; a failure now
    says it.
    """
    java.classpath()
    run = reproduce(tmp_path, "--jobs", "2")
    try:
        assert wait_for(lambda: units_stored(tmp_path), 180)
        assert command_lines(children(run.pid)) == []
    finally:
        run.kill()
        run.communicate(timeout=60)
