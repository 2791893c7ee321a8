"""What this machine has (cores, memory), against which options are bounded.

Options that ask for more than the machine has (a heap beyond its memory, a
million threads, a worker process per unit) are refused in one line before
any work, rather than found out by the JVM's crash or by the machine
running out of memory.
"""

from __future__ import annotations

import os
from pathlib import Path

from weka_ranking.errors import JavaError, ParameterError

# Threads that score pairs, a core: more only hold more copies of the committee.
THREADS_PER_CORE = 8
# cgroup v2's and v1's memory limits, where a container sets one.
_CGROUP_LIMITS = (
    Path("/sys/fs/cgroup/memory.max"),
    Path("/sys/fs/cgroup/memory/memory.limit_in_bytes"),
)


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def memory_bytes() -> int:
    """The machine's physical memory, or its container's limit when lower."""
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    for limit in _CGROUP_LIMITS:
        try:
            text = limit.read_text().strip()
        except OSError:
            continue
        if text.isdigit():
            total = min(total, int(text))
    return total


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
    """Refuse more scoring threads than the cores can use, a few times over."""
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
    """Refuse more worker processes (a JVM each) than cores, or than memory holds."""
    if jobs > cores():
        raise ParameterError(
            "jobs",
            jobs,
            f"this machine has {cores()} cores: more worker processes (a JVM "
            f"each) than cores only wait for them; give {cores()} or fewer",
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
