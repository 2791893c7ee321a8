"""Base learners: any WEKA classifier by short name (case-insensitive) or classname.

Short names come from the classifiers weka.jar ships (read from the jar's
list of classes, no JVM needed), so ``RandomForest``, ``ibk`` and ``SMO`` all
work; a name that matches none gets the closest ones as suggestions.
"""

from __future__ import annotations

import difflib
import functools
import re
import zipfile

from weka_ranking import jvm
from weka_ranking.errors import ParameterError

NAMED_LEARNERS: dict[str, str] = {
    "J48": "weka.classifiers.trees.J48",
    "NaiveBayes": "weka.classifiers.bayes.NaiveBayes",
    "Logistic": "weka.classifiers.functions.Logistic",
    "SMO": "weka.classifiers.functions.SMO",
}

_CLASS_FILE = re.compile(r"^(weka/classifiers/(?:[a-z]+/)*[A-Z][A-Za-z0-9]*)\.class$")


@functools.lru_cache(maxsize=1)
def weka_classifiers() -> dict[str, str]:
    """Lower-case short name -> classname, for every classifier in weka.jar.

    Every top-level class under ``weka.classifiers``; a short name two packages share
    keeps the first in the jar's order, and the study's four always win.
    """
    found: dict[str, str] = {}
    with zipfile.ZipFile(jvm.weka_lib_dir() / "weka.jar") as jar:
        for entry in jar.namelist():
            match = _CLASS_FILE.match(entry)
            if match:
                classname = match.group(1).replace("/", ".")
                found.setdefault(short_name(classname).lower(), classname)
    found.update({name.lower(): full for name, full in NAMED_LEARNERS.items()})
    return found


def classname(learner: str) -> str:
    """The WEKA classname of a learner given by short name or classname."""
    if "." in learner:
        return learner
    known = weka_classifiers()
    if learner.lower() in known:
        return known[learner.lower()]
    names = sorted({short_name(full) for full in known.values()})
    # Compared in lower case: j84 is as close to J48 as to j48.
    by_lower = {name.lower(): name for name in names}
    close = [
        by_lower[lower]
        for lower in difflib.get_close_matches(learner.lower(), by_lower, 3, 0.6)
    ]
    close += [n for n in names if n.lower().startswith(learner.lower())][:3]
    hint = f"; did you mean {', '.join(dict.fromkeys(close))}?" if close else ""
    raise ParameterError(
        "base",
        learner,
        f"unknown learner {learner!r}: give a WEKA classifier's name (J48, "
        f"NaiveBayes, Logistic, SMO, RandomForest, ...) or classname{hint}",
    )


def short_name(learner: str) -> str:
    """The name a learner is shown by: J48 rather than weka.classifiers.trees.J48."""
    return learner.rsplit(".", 1)[-1]


def canonical(learner: str) -> str:
    """The study's short name where there is one, else the classname."""
    full = classname(learner)
    for name, known in NAMED_LEARNERS.items():
        if known == full:
            return name
    return full
