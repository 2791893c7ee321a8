"""The WEKA package: the meta-classifier as WEKA's package manager installs it.

One ZIP in WEKA's package layout, made from the one description of it in the
repository's ``weka-package/`` folder (``weka_ranking/_weka-package`` in a
wheel): every file there (``Description.props``, with ``@VERSION@`` and
``@DATE@`` filled in; ``doc/README``; ``examples/``, a KnowledgeFlow flow and
an Experimenter file that find their data wherever the package is installed),
the jar of the meta-classifier's classes (``weka/**`` only) and their sources
under ``src/main/java/``. :data:`INSTALL` followed by the ZIP's path installs
it; the Explorer, the Experimenter and
``weka.Run`` then find ``weka.classifiers.meta.RankingReduction`` with no
Python anywhere.

The same ZIP, byte for byte, is made without Python by the repository's
``build_package.xml`` (Ant) and ``build_package.sh`` (``javac`` and ``jar``'s
JDK only): both run ``tools/PackageZip.java``, which writes the format
:func:`weka_ranking._javabuild.zip_bytes` writes and holds the same list of
entries as :func:`package_bytes` (``tests/test_package_build.py`` compares
them).

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
# The folder that describes the package: Description.props, doc/, examples/.
PACKAGE_DIR = "weka-package"
# The command that installs the ZIP, as said to users. --add-opens as WEKA's
# own launcher gives it: with weka.jar alone on the class path (mtj.jar not
# beside it), WEKA defines MTJ's classes itself through ClassLoader.defineClass,
# which Java 17 refuses without it, printing "Unable to make ... defineClass ...
# accessible" three times (the install goes on). Java 11, the package's least,
# takes the flag too.
JAVA = "java --add-opens java.base/java.lang=ALL-UNNAMED -cp weka.jar"
INSTALL = f"{JAVA} weka.core.WekaPackageManager -offline -install-package"
DESCRIPTION_FILE = "Description.props"


def package_bytes(
    java_dir: Path, sources: Path, description: Path | None = None
) -> bytes:
    """The package ZIP of the jars in ``java_dir`` and the Java ``sources``.

    Parameters
    ----------
    java_dir : Path
        A folder of jars built by ``_javabuild.build`` (``jvm.java_dir()``).
    sources : Path
        The ``src/`` folder those jars were compiled from; the ZIP carries the
        sources of the jar's classes only.
    description : Path or None, default=None
        The folder describing the package (``weka-package/``); None takes the
        checkout's, or the wheel's copy.
    """
    stamp = _javabuild.read_stamp(java_dir)
    if stamp is None:
        raise JavaError(f"{java_dir / _javabuild.STAMP} is missing: not a built jar")
    epoch = stamp["source_date_epoch"]
    date = datetime.datetime.fromtimestamp(epoch, datetime.UTC).date()
    description = project_dir(PACKAGE_DIR) if description is None else description
    files = {
        path.relative_to(description).as_posix(): path.read_bytes()
        for path in sorted(description.rglob("*"))
        if path.is_file()
    }
    props = files[DESCRIPTION_FILE].decode("utf-8")
    props = props.replace("@VERSION@", __version__).replace("@DATE@", date.isoformat())
    files[DESCRIPTION_FILE] = props.encode("utf-8")
    entries = [*files.items(), (JAR_NAME, (java_dir / JAR_NAME).read_bytes())]
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
