"""The code stays ruff clean (lint and format), as part of the test run."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.fast  # needs no JVM

ROOT = Path(__file__).resolve().parent.parent


def ruff(*args):
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, str(ROOT)], capture_output=True, text=True
    )


def test_ruff_check():
    result = ruff("check")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format():
    result = ruff("format", "--check")
    assert result.returncode == 0, result.stdout + result.stderr
