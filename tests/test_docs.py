"""The API reference builds from the docstrings, without a warning."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_api_reference_builds(tmp_path):
    pytest.importorskip("mkdocstrings")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr
    page = (tmp_path / "rankers" / "index.html").read_text()
    assert "pairs_per_instance" in page and "{parameters}" not in page
