"""WEKA's internals behind one wall (``WekaInternals``), and the WEKA versions stated.

Every private field or method of WEKA that a fast path reads or writes is looked
up once, when ``WekaInternals`` loads. Here a plain JVM hides some (the property
``weka.ranking.internals.hide``, as an older or newer WEKA would lack them): the
fast paths that need them decline, the model's text says which and why, and WEKA's
own code gives the same model and the same scores, to the bit.

The WEKA versions the package states, ``Depends`` in ``Description.props`` for
WEKA's package manager and the python-weka-wrapper3 pin in ``pyproject.toml`` for
pip, must say the same range.
"""

from __future__ import annotations

import re
import subprocess
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet
from packaging.version import Version
from quick_jdk import QUICK_JVM

from weka_ranking import jvm

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT / "tests" / "java" / "wekaranking" / "harness" / "TrainAndScore.java"
IONOSPHERE = str(ROOT / "arff_data" / "ionosphere.arff")
HIDE = "weka.ranking.internals.hide"


def train_and_score(hidden: str, *options: str) -> tuple[list[str], list[str]]:
    """The model's text lines and the scores of a run in a fresh JVM."""
    result = subprocess.run(
        jvm.java_argv(jvm.classpath(), f"-D{HIDE}={hidden}", *QUICK_JVM)
        + [str(HARNESS), IONOSPHERE, *options],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    text, scores = result.stdout.split("=== scores ===\n")
    return text.splitlines(), scores.split()


# Hidden members, the learner's options, and the start of each line the model's
# text must gain: the paths that read them, declined.
CASES = {
    "J48.m_root": (
        [],
        [
            "Declined: training J48 from the rows for 3 of 3 members (WEKA ",
            "Declined: J48's flattened trees, for scoring and the tree committee's",
        ],
    ),
    "NormalEstimator.m_SumOfValues,NaiveBayes.m_Distributions": (
        ["-W", "weka.classifiers.bayes.NaiveBayes", "-sum-order", "pairs"],
        [
            "Declined: training NaiveBayes from the rows for 3 of 3 members (WEKA ",
            "Declined: NaiveBayes' additive form (WEKA ",
        ],
    ),
    "SMO$BinarySMO.m_weights": (
        ["-W", "weka.classifiers.functions.SMO"],
        ["Declined: SMO's additive form (WEKA "],
    ),
}


@pytest.mark.parametrize(
    "hidden",
    # Two JVMs a case: the default learner's in the default suite, the others slow.
    [
        hidden
        if hidden == "J48.m_root"
        else pytest.param(hidden, marks=pytest.mark.slow)
        for hidden in CASES
    ],
)
def test_a_missing_internal_declines_its_fast_paths_and_changes_no_score(hidden):
    options, declined = CASES[hidden]
    options = [*options, "-I", "3"]
    text, scores = train_and_score("", *options)
    hidden_text, hidden_scores = train_and_score(hidden, *options)
    assert hidden_scores == scores
    gained = [line for line in hidden_text if line not in text]
    assert [line for line in text if line not in hidden_text] == []
    assert len(gained) == len(declined), gained
    for line, start in zip(gained, declined, strict=True):
        assert line.startswith(start), line
        missing = re.search(
            r"has no (.+), which this path reads; it was written against WEKA 3\.9\.7",
            line,
        )
        assert missing, line
        assert set(missing[1].split(", ")) <= set(hidden.split(",")), line


# -- the WEKA versions, stated the same way for WEKA and for pip ------------------
# The WEKA each python-weka-wrapper3 release bundles, from its changelog: the
# releases where it changed.
BUNDLED_WEKA = {"0.1.16": "3.9.5", "0.2.6": "3.9.6", "0.3.3": "3.9.7"}


def depends_range() -> tuple[Version, Version]:
    props = (ROOT / "weka-package" / "Description.props").read_text()
    found = re.search(r"^Depends=weka \(>=([\d.]+)\|<([\d.]+)\)$", props, re.M)
    assert found, "Description.props: Depends=weka (>=x|<y) not found"
    return Version(found[1]), Version(found[2])


def wrapper_pins() -> list[SpecifierSet]:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    requirements = (
        pyproject["build-system"]["requires"] + pyproject["project"]["dependencies"]
    )
    prefix = "python-weka-wrapper3"
    return [
        SpecifierSet(r[len(prefix) :]) for r in requirements if r.startswith(prefix)
    ]


@pytest.mark.fast
def test_the_python_weka_wrapper3_pin_brings_the_weka_versions_depends_states():
    lowest, below = depends_range()
    pins = wrapper_pins()
    assert len(pins) == 2 and pins[0] == pins[1], pins  # to build and to run
    (pin,) = set(pins)
    # The lowest release pip may take bundles the lowest WEKA Depends takes.
    first = min(
        Version(release)
        for release, weka in BUNDLED_WEKA.items()
        if Version(weka) >= lowest
    )
    assert any(s.operator == ">=" and Version(s.version) == first for s in pin), pin
    assert Version(BUNDLED_WEKA[str(first)]) < below
    # An upper bound: a release with another WEKA must be checked before pip takes it.
    assert any(s.operator == "<" for s in pin), pin


@pytest.mark.fast
def test_the_weka_installed_is_in_both_ranges():
    from importlib.metadata import version

    lowest, below = depends_range()
    (pin,) = set(wrapper_pins())
    assert version("python-weka-wrapper3") in pin
    with zipfile.ZipFile(jvm.weka_lib_dir() / "weka.jar") as jar:
        weka = Version(
            jar.read("weka/core/version.txt").decode().strip().replace("-", ".")
        )
    assert lowest <= weka < below
