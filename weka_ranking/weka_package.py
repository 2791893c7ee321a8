"""The WEKA package: the meta-classifier as WEKA's package manager installs it.

One ZIP in WEKA's package layout: ``Description.props``, the jar of the
compiled classes, their sources under ``src/`` and a short ``doc/README``.
``java -cp weka.jar weka.core.WekaPackageManager -offline -install-package
ZIP`` installs it; the Explorer, the Experimenter and ``weka.Run`` then find
``weka.classifiers.meta.RankingReduction`` with no Python anywhere.
"""

from __future__ import annotations

import datetime
import io
import zipfile
from pathlib import Path

from weka_ranking import jvm
from weka_ranking._resources import project_dir
from weka_ranking.atomic import write_bytes
from weka_ranking.version import __version__

PACKAGE_NAME = "weka-ranking"
JAR_NAME = "weka-ranking.jar"

DESCRIPTION = f"""\
# WEKA package description of weka-ranking
PackageName={PACKAGE_NAME}
Version={__version__}
Date={{date}}
Title=RankingReduction: any classifier turned into a ranker (ranking reduced to \
binary classification)
Category=Classification
Author=the weka-ranking authors
Maintainer=the weka-ranking authors
License=GPL 3.0
Description=weka.classifiers.meta.RankingReduction trains a committee of base \
classifiers on pairs of instances of different classes (AUC-Train of Balcan et al., \
COLT 2007, with sampling of p pairs per instance and voting) and ranks a whole test \
set by tournament (degree), by the monograph's Algorithm 4 as printed, or by \
randomized QuickSort (Ailon and Mohri, COLT 2008). The ranking's score is the \
probability of the class that ranks first, so WEKA's ROC area is the AUC of the \
ranking. Python users: the weka-ranking package on PyPI bridges onto this class.
PackageURL=https://pypi.org/project/weka-ranking/
URL=https://pypi.org/project/weka-ranking/
Depends=weka (>=3.9.0)
"""

README = """\
weka-ranking: weka.classifiers.meta.RankingReduction

Command line (10-fold cross-validation, all pairs, one voter, tournament):

  java weka.Run weka.classifiers.meta.RankingReduction -t data.arff -x 10 -s 1 \\
    -P all -I 1 -R tournament -S 1 -W weka.classifiers.functions.Logistic

Options: -P all|p (pairs per instance), -I n (voters), -R tournament|
tournament-as-printed|quicksort|pointwise, -T stable|random, -rank-first
first|last|index|label (the class that ranks first; default the first
value), -G index (query groups), -reference-size n, -positions (a batch
scored by rank positions, equal scores ordered by -T), -S seed, -num-slots n,
-W classname, then -- and the base classifier's options.

A test set is ranked as a whole: the classifier's batch size is fixed to the
whole set, so WEKA's Evaluation, Explorer and Experimenter rank it at once.
"""


def build_jar() -> bytes:
    """The jar of the compiled classes (compiled with javac if need be)."""
    classes = jvm.compiled_classes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as jar:
        jar.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\n\r\n")
        for path in sorted(classes.rglob("*.class")):
            jar.write(path, path.relative_to(classes).as_posix())
    return buffer.getvalue()


def write_package(out_dir: str | Path, date: datetime.date | None = None) -> Path:
    """Write ``weka-ranking-VERSION.zip`` into ``out_dir``; return its path."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    date = date or datetime.date.today()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Description.props", DESCRIPTION.format(date=date.isoformat()))
        archive.writestr(JAR_NAME, build_jar())
        sources = project_dir("src")
        for path in jvm.java_sources():
            archive.write(path, "src/main/java/" + path.relative_to(sources).as_posix())
        archive.writestr("doc/README", README)
    target = out_dir / f"{PACKAGE_NAME}-{__version__}.zip"
    write_bytes(target, buffer.getvalue())
    return target
