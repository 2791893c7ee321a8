"""The WEKA package: the meta-classifier as WEKA's package manager installs it.

One ZIP in WEKA's package layout: ``Description.props``, the jar of the
meta-classifier's classes (the one built with this package, ``weka/**``
only), their sources under ``src/`` and a short ``doc/README``. ``java -cp
weka.jar weka.core.WekaPackageManager -offline -install-package ZIP``
installs it; the Explorer, the Experimenter and ``weka.Run`` then find
``weka.classifiers.meta.RankingReduction`` with no Python anywhere.

The ZIP is reproducible: its entries are sorted and carry the jar's build
timestamp (the last commit's date, or ``SOURCE_DATE_EPOCH``), which is also
its ``Date``, so one commit gives the same bytes whenever it is packed.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from weka_ranking import _javabuild, jvm
from weka_ranking._resources import project_dir
from weka_ranking.atomic import write_bytes
from weka_ranking.errors import JavaError
from weka_ranking.version import __version__

PACKAGE_NAME = "weka-ranking"
JAR_NAME = _javabuild.PACKAGE_JAR
RELEASES = "https://github.com/weka-ranking/weka-ranking/releases/download"

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
ranking. Python users: the weka-ranking package on PyPI bridges onto this class. \
Needs Java 11 or newer.
# Where WEKA downloads this ZIP from: the asset of the project's GitHub release
# v<Version>, named as write_package names it.
PackageURL={RELEASES}/v{__version__}/{PACKAGE_NAME}-{__version__}.zip
URL=https://pypi.org/project/weka-ranking/
# WEKA's range syntax (DefaultPackage.splitNameVersion) joins the bounds with |;
# tested with WEKA 3.9.7, the weka.jar python-weka-wrapper3 bundles.
Depends=weka (>=3.9.7|<3.10.0)
# Java 11 bytecode (javac --release 11): WEKA must run on Java 11 or newer.
"""

README = """\
weka-ranking: weka.classifiers.meta.RankingReduction

Command line (10-fold cross-validation, the monograph's configuration: all
pairs, one voter, the two rows side by side, tournament):

  java weka.Run weka.classifiers.meta.RankingReduction -t data.arff -x 10 -s 1 \\
    -P all -I 1 -pair-features concat -R tournament -S 1 \\
    -W weka.classifiers.functions.Logistic

Options: -P all|p (pairs per instance; default 2), -I n (voters; default 10),
-pair-features concat|difference|both (default concat: the two instances
side by side), -R tournament|tournament-as-printed|quicksort|pointwise
(default tournament), -ties stable|random, -rank-first
minority|first|last|index|label (the class that ranks first; default the
minority class of the training data, the first value on a tie), -G index
(query groups), -reference-size n, -positions (a batch scored by rank
positions, equal scores ordered by -T), -S seed, -num-slots n,
-W classname, then -- and the base classifier's options.

A test set is ranked as a whole: the classifier's batch size is fixed to the
whole set, so WEKA's Evaluation, Explorer and Experimenter rank it at once.
"""


def package_bytes(java_dir: Path, sources: Path) -> bytes:
    """The package ZIP of the jars in ``java_dir`` and the Java ``sources``.

    Parameters
    ----------
    java_dir : Path
        A folder of jars built by ``_javabuild.build`` (``jvm.java_dir()``).
    sources : Path
        The ``src/`` folder those jars were compiled from; the ZIP carries the
        sources of the jar's classes only.
    """
    stamp = _javabuild.read_stamp(java_dir)
    if stamp is None:
        raise JavaError(f"{java_dir / _javabuild.STAMP} is missing: not a built jar")
    epoch = stamp["source_date_epoch"]
    date = datetime.datetime.fromtimestamp(epoch, datetime.UTC).date()
    entries = [
        ("Description.props", DESCRIPTION.format(date=date.isoformat()).encode()),
        (JAR_NAME, (java_dir / JAR_NAME).read_bytes()),
        ("doc/README", README.encode()),
    ]
    for path in _javabuild.java_sources(sources):
        relative = path.relative_to(sources).as_posix()
        if relative.startswith(_javabuild.PACKAGE_PREFIX):
            entries.append(("src/main/java/" + relative, path.read_bytes()))
    return _javabuild.zip_bytes(entries, epoch)


def write_package(out_dir: str | Path) -> Path:
    """Write ``weka-ranking-VERSION.zip`` into ``out_dir``; return its path."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{PACKAGE_NAME}-{__version__}.zip"
    write_bytes(target, package_bytes(jvm.java_dir(), project_dir("src")))
    return target
