"""What a result was computed with: the software versions and the machine."""

from __future__ import annotations

import functools
import os
import platform
import subprocess
from pathlib import Path

import numpy as np

from weka_ranking import bridge
from weka_ranking.version import __version__


@functools.cache
def software_versions() -> dict[str, str]:
    """The versions that can change a number: part of every record's id."""
    return {
        "weka_ranking": __version__,
        "weka": bridge.weka_version(),
        "java": bridge.java_version(),
        "python": platform.python_version(),
        "numpy": np.__version__,
    }


def machine() -> str:
    """The machine in one line: architecture, cores, memory, system."""
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") >> 30
    return (
        f"{platform.machine()}, {os.cpu_count()} cores, {memory} GiB, "
        f"{platform.system()}"
    )


def git_sha() -> str | None:
    """The checkout's commit, where the package runs from a git checkout."""
    try:
        result = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return result.stdout.strip() or None
