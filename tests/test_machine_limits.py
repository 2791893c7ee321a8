"""The limits a container sets, read wherever the process is placed (issue 45).

Memory and CPU quotas from cgroup v2 and v1, at any depth of the tree and on
an ancestor, as ``/proc/self/cgroup`` places the process; the affinity beside
them. Inside a 3 GB container ``memory_bytes`` once said 24,105 MB (it read
only v1's file at the top), and ``--heap 8g --jobs 2`` was accepted.
"""

import os

import pytest

from weka_ranking import machine
from weka_ranking.cli import main

pytestmark = pytest.mark.fast

GB = 1 << 30


@pytest.fixture
def system(tmp_path, monkeypatch):
    """A root of its own for /proc/self/cgroup and /sys/fs/cgroup; four cores."""
    monkeypatch.setattr(machine, "ROOT", tmp_path)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})

    def write(path, text):
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)

    return write


def test_v2_limits_at_the_process_depth_and_on_an_ancestor(system):
    system("proc/self/cgroup", "0::/user.slice/job/worker\n")
    system("sys/fs/cgroup/cgroup.controllers", "cpu memory\n")
    system("sys/fs/cgroup/user.slice/job/worker/memory.max", "max\n")
    system("sys/fs/cgroup/user.slice/job/memory.max", f"{3 * GB}\n")
    system("sys/fs/cgroup/user.slice/job/worker/cpu.max", "150000 100000\n")
    assert machine.memory_bytes() == 3 * GB
    assert (
        machine.cores() == min(2, machine.cores.__wrapped__())
        if hasattr(machine.cores, "__wrapped__")
        else machine.cores() <= 2
    )


def test_v1_limits_where_the_process_is_placed(system):
    system(
        "proc/self/cgroup",
        "4:memory:/process_api/abc\n2:cpu,cpuacct:/process_api/abc\n0::/\n",
    )
    system("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n")
    system("sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes", f"{GB}\n")
    system("sys/fs/cgroup/cpu,cpuacct/process_api/abc/cpu.cfs_quota_us", "100000\n")
    system("sys/fs/cgroup/cpu,cpuacct/process_api/abc/cpu.cfs_period_us", "100000\n")
    assert machine.memory_bytes() == GB
    assert machine.cores() == 1


def test_no_limit_is_the_machine(system):
    system("proc/self/cgroup", "0::/\n")
    system("sys/fs/cgroup/cgroup.controllers", "cpu memory\n")
    system("sys/fs/cgroup/memory.max", "max\n")
    system("sys/fs/cgroup/cpu.max", "max 100000\n")
    physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    assert machine.memory_bytes() == physical
    assert machine.cores() == 4  # the affinity


def test_a_heap_and_jobs_beyond_the_containers_memory_are_refused(system, capsys):
    system("proc/self/cgroup", "0::/box\n")
    system("sys/fs/cgroup/cgroup.controllers", "memory\n")
    system("sys/fs/cgroup/box/memory.max", f"{3 * GB}\n")
    code = main(["experiment", "--data", "breast-cancer", "--scheme", "J48",
                 "--heap", "8g", "--jobs", "1", "--out", "/nonexistent/x"])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 1 and "more than this machine's memory (3 GB)" in err
