"""The docs: the API reference builds from the docstrings, README's commands run."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow  # mkdocs builds the whole site: the docs, not the method
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


def test_the_readmes_option_defaults_are_the_faces_defaults():
    import re

    from weka_ranking import params

    text = " ".join((ROOT / "README.md").read_text().split())
    said = {
        flag: match[1]
        for flag, pattern in {
            "-P": r"`-P all\|p\|auto` pairs per instance \(default (\w+)\)",
            "-I": r"`-I n` voters \(default (\w+)\)",
            "-pair-features": r"`-pair-features concat\|difference\|both` "
            r"\(default (\w+)\)",
            "-R": r"`-R tournament\|tournament-as-printed\|quicksort\|pointwise` "
            r"\(default (\w+)",
        }.items()
        if (match := re.search(pattern, text))
    }
    assert said == {
        "-P": str(params.DEFAULT_PAIRS_PER_INSTANCE),
        "-I": str(params.DEFAULT_VOTERS),
        "-pair-features": params.DEFAULT_PAIR_FEATURES,
        "-R": params.DEFAULT_RANKER,
    }


@pytest.mark.slow  # a 10-fold cross-validation in a JVM of its own (about 5 s)
def test_the_readmes_checkout_command_runs_quietly():
    """A new user ran it from a fresh clone: no such file, and netlib's warnings."""
    text = (ROOT / "README.md").read_text()
    block = text.split("From a checkout, without installing")[1]
    command = block.split("```sh\n")[1].split("```")[0]
    bin_folder = str(Path(sys.executable).parent)
    result = subprocess.run(
        ["bash", "-euc", command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": bin_folder + os.pathsep + os.environ["PATH"]},
        timeout=300,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert "=== Stratified cross-validation ===" in result.stdout


def test_the_weka_packages_readme_makes_a_file_binary_as_cv_says(weka):
    from weka_ranking import load_task

    text = " ".join((ROOT / "weka-package" / "doc" / "README").read_text().split())
    spec = load_task("vehicle").weka_recipe.filter_spec()
    assert (
        f"java weka.Run {spec} -i vehicle.arff -o vehicle-binary.arff"
        in text.replace("\\ ", "")
    )
