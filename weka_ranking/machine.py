"""What this machine has (cores, memory), against which options are bounded.

Options that ask for more than the machine has (a heap beyond its memory, a
million threads, a worker per unit) are refused in one line before
any work, rather than found out by the JVM's crash or by the machine
running out of memory.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from weka_ranking.errors import JavaError, ParameterError

# Threads that score pairs, a core: more only hold more copies of the committee.
THREADS_PER_CORE = 8
# Where the kernel says what limits this process: its control groups and their
# files, under this root (a test lays out another).
ROOT = Path("/")


def _cgroup_paths(controller: str) -> list[Path]:
    """This process's control group folders of ``controller``, innermost first.

    From ``/proc/self/cgroup``: a ``0::/path`` line is cgroup v2's unified
    tree (under ``/sys/fs/cgroup``), a line naming the controller is v1's
    (under ``/sys/fs/cgroup/<controller>``). A limit set on an ancestor holds
    for its children, so every folder up to the mount is given.
    """
    try:
        lines = (ROOT / "proc/self/cgroup").read_text().splitlines()
    except OSError:
        return []
    folders = []
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        if controllers == "":  # v2's tree; beside v1's (hybrid) it is unified/
            mount = ROOT / "sys/fs/cgroup"
            if not (mount / "cgroup.controllers").exists():
                mount = mount / "unified"
        elif controller in controllers.split(","):
            mount = ROOT / "sys/fs/cgroup" / controllers
            if not mount.is_dir():
                mount = ROOT / "sys/fs/cgroup" / controller
        else:
            continue
        relative = Path(path.strip().lstrip("/"))
        folders += [mount / relative, *(mount / up for up in relative.parents)]
    return folders


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip()
    except OSError:
        return None


def _cgroup_memory_limit() -> int | None:
    """The lowest memory limit of this process's control groups (v2 or v1)."""
    limits = []
    for folder in _cgroup_paths("memory"):
        for name in ("memory.max", "memory.limit_in_bytes"):
            text = _read(folder / name)
            if text is not None and text.isdigit():
                limits.append(int(text))
    return min(limits) if limits else None


def _cgroup_cpu_limit() -> int | None:
    """The cores this process's CPU quota gives (v2 ``cpu.max``, v1 CFS), rounded up."""
    limits = []
    for folder in _cgroup_paths("cpu"):
        quota_period = _read(folder / "cpu.max")
        if quota_period is not None:
            quota, _, period = quota_period.partition(" ")
        else:
            quota = _read(folder / "cpu.cfs_quota_us") or ""
            period = _read(folder / "cpu.cfs_period_us") or ""
        if quota.isdigit() and period.isdigit() and int(period) > 0:
            limits.append(max(1, -(-int(quota) // int(period))))
    return min(limits) if limits else None


def cores() -> int:
    """The cores this process may run on: its CPU affinity, or its container's quota."""
    if hasattr(os, "sched_getaffinity"):
        found = max(1, len(os.sched_getaffinity(0)))
    else:
        found = os.cpu_count() or 1
    quota = _cgroup_cpu_limit()
    return found if quota is None else min(found, quota)


# /proc/stat's fields of its first line ("cpu ...") that count busy time:
# user, nice, system, irq, softirq and steal (idle and iowait are not).
_BUSY_FIELDS = (0, 1, 2, 5, 6, 7)


def busy_cpu_seconds(stat: Path = Path("/proc/stat")) -> float | None:
    """CPU seconds every process of the machine has used since it started.

    Read from Linux's ``/proc/stat``; None where there is none (another
    system), so that callers leave out what they would have said with it.
    Less this process's own over a stretch of time, it is the machine's other
    work meanwhile.
    """
    text = _read(stat)
    if not text or not text.startswith("cpu "):
        return None
    fields = text.split("\n", 1)[0].split()[1:]
    try:
        ticks = sum(int(fields[i]) for i in _BUSY_FIELDS if i < len(fields))
    except ValueError:
        return None
    return ticks / os.sysconf("SC_CLK_TCK")


# The machine's other work, in cores kept busy, from which a run's or a
# pilot's lines name it: less is the system's own noise.
OTHER_WORK_NAMED = 0.5


def machine_busy_seconds() -> float | None:
    """:func:`busy_cpu_seconds` where this process may use every CPU it counts.

    Under an affinity or a container's quota the file still counts every CPU
    of the host, whose other work is not this process's to weigh: None.
    """
    return busy_cpu_seconds() if cores() == (os.cpu_count() or 1) else None


def other_work_cores(
    machine_before: float | None,
    machine_after: float | None,
    own: float,
    wall: float,
    cores: int,
) -> float | None:
    """The cores the machine's other work kept busy on average over a stretch.

    The machine's busy CPU seconds over it (:func:`machine_busy_seconds`,
    before and after) less this process's own, over its wall, at most
    ``cores``; None where the machine's are not known.

    >>> other_work_cores(100.0, 130.0, 10.0, 10.0, 2)
    2.0
    >>> other_work_cores(100.0, 115.0, 10.0, 10.0, 2)
    0.5
    >>> other_work_cores(None, 115.0, 10.0, 10.0, 2) is None
    True
    """
    if machine_before is None or machine_after is None or wall <= 0:
        return None
    return min(float(cores), max(0.0, (machine_after - machine_before - own) / wall))


class Stretch:
    """A stretch of time measured from its start: wall, own CPU, other work.

    Made where the stretch starts; :meth:`measured` gives its wall seconds,
    this process's CPU seconds (every thread's: the JVM's are the process's)
    and the cores the machine's other work kept busy meanwhile
    (:func:`other_work_cores`, None where not known).
    """

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self._cpu_started = time.process_time()
        self._machine_started = machine_busy_seconds()

    def measured(self) -> tuple[float, float, float | None]:
        wall = time.perf_counter() - self.started
        cpu = time.process_time() - self._cpu_started
        other = other_work_cores(
            self._machine_started, machine_busy_seconds(), cpu, wall, cores()
        )
        return wall, cpu, other


def memory_bytes() -> int:
    """The machine's physical memory, or its container's limit when lower.

    The limit is read from the control groups this process is placed in
    (``/proc/self/cgroup``), cgroup v2 or v1, at any depth of the tree.
    """
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    limit = _cgroup_memory_limit()
    return total if limit is None else min(total, limit)


def _gigabytes(size: int) -> str:
    return f"{size / (1 << 30):.0f} GB" if size >= 1 << 30 else f"{size >> 20} MB"


def check_heap(heap: str, size: int) -> None:
    """Refuse a JVM heap larger than the machine's memory.

    The JVM would reserve it, fail to commit its tables, print its crash
    text on stdout and leave an ``hs_err_pid*.log`` behind.
    """
    memory = memory_bytes()
    if size > memory:
        raise JavaError(
            f"heap {heap!r} is more than this machine's memory "
            f"({_gigabytes(memory)}): give at most about {usable_heap_gigabytes()}g"
        )


def usable_heap_gigabytes() -> int:
    """The largest heap worth giving the JVM here: three quarters of the memory."""
    return max(1, memory_bytes() * 3 // 4 >> 30)


def check_threads(threads: int) -> None:
    """Refuse more scoring threads than the cores can use, a few times over.

    Checked before each ranking and each ``predict_proba``: a number that
    one core may take is not checked against the control groups' files.
    """
    if threads <= THREADS_PER_CORE:
        return
    most = THREADS_PER_CORE * cores()
    if threads > most:
        raise ParameterError(
            "threads",
            threads,
            f"this machine has {cores()} cores: more than {most} threads "
            f"({THREADS_PER_CORE} a core) only hold more copies of the committee; "
            f"give {cores()}",
        )


def check_jobs(jobs: int, heap_size: int | None) -> None:
    """Refuse more workers than cores, or JVMs of ``heap_size`` more than memory holds.

    ``heap_size``: each worker's JVM heap where each has a JVM of its own (a
    local Dask cluster's); None where the workers share one (the local
    executor's threads).
    """
    if jobs > cores():
        raise ParameterError(
            "jobs",
            jobs,
            f"this machine has {cores()} cores: more units at once than cores "
            f"only wait for one another; give {cores()} or fewer",
        )
    memory = memory_bytes()
    if heap_size is not None and jobs * heap_size > memory:
        raise ParameterError(
            "jobs",
            jobs,
            f"{jobs} JVMs of {_gigabytes(heap_size)} heap each could take "
            f"{_gigabytes(jobs * heap_size)}, more than this machine's "
            f"{_gigabytes(memory)}: give fewer jobs or a smaller heap",
        )
