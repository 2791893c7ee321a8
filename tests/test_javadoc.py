"""The meta-classifier's Javadoc as WEKA writes it.

The globalinfo, BibTeX and options blocks between WEKA's markers are what
``weka.core.AllJavadoc`` generates from the class itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from quick_jdk import QUICK_JAVAC, QUICK_JVM

from weka_ranking import jvm

SOURCE = Path(__file__).resolve().parent.parent / "src"
CLASS = "weka.classifiers.meta.RankingReduction"


def test_javadoc_blocks_are_what_alljavadoc_generates(tmp_path):
    # AllJavadoc reads the source under -dir and prints the updated source.
    copy = tmp_path / "src"
    shutil.copytree(SOURCE, copy)
    generated = subprocess.run(
        jvm.java_argv(jvm.classpath(), *QUICK_JVM)
        + ["weka.core.AllJavadoc", "-W", CLASS, "-dir", str(copy)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    path = Path(*CLASS.split(".")).with_suffix(".java")
    source = (SOURCE / path).read_text()
    for marker in ("globalinfo", "technical-bibtex", "options"):
        assert f"<!-- {marker}-start -->" in source
    assert generated.strip() == source.strip()


def test_every_public_and_protected_member_is_documented(tmp_path):
    # javac's doclint: a comment, @param, @return and @throws for each public
    # and protected member. AllJavadoc's own "Valid options are: <p>" is
    # WEKA's layout, left as WEKA writes it.
    sources = sorted(str(p) for p in (SOURCE / "weka").rglob("*.java"))
    result = subprocess.run(
        ["javac", *QUICK_JAVAC, "--release", "11", "-Xdoclint:all/protected"]
        + ["-Xmaxwarns", "10000"]
        + ["-d", str(tmp_path), "-cp", os.pathsep.join(jvm.weka_classpath())]
        + sources,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    complaints = [
        line
        for line in result.stderr.splitlines()
        if ": warning: " in line and "empty <p> tag" not in line
    ]
    assert complaints == []
