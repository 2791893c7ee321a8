"""The WEKA package: the meta-classifier as WEKA's package manager installs it.

One ZIP in WEKA's package layout, made from the one description of it in the
repository's ``weka-package/`` folder (``weka_ranking/_weka-package`` in a
wheel): every file there (``Description.props``, with ``@VERSION@`` and
``@DATE@`` filled in; ``doc/README``; ``examples/``, a KnowledgeFlow flow and
an Experimenter file that find their data wherever the package is installed),
the jar of the meta-classifier's classes (``weka/**`` only) and their sources
under ``src/main/java/``. :func:`install_command` installs it; the Explorer, the
Experimenter and ``weka.Run`` then find
``weka.classifiers.meta.RankingReduction`` with no Python anywhere.

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
import os
import shlex
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
# Java as the commands said to users start it. --add-opens as WEKA's own
# launcher gives it: with weka.jar alone on the class path (mtj.jar not beside
# it), WEKA defines MTJ's classes itself through ClassLoader.defineClass, which
# Java 17 refuses without it, printing "Unable to make ... defineClass ...
# accessible" three times (the run goes on). Java 11, the package's least, takes
# the flag too. weka.jar alone, not python-weka-wrapper3's four jars: netlib's
# core.jar among them says "Failed to load implementation" twice as WEKA starts.
JAVA = "java --add-opens java.base/java.lang=ALL-UNNAMED"
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


def java_command(*jars: Path) -> str:
    """``java`` on a class path of ``jars``: a command said to users, run as printed."""
    return f"{JAVA} -cp {shlex.quote(os.pathsep.join(str(j) for j in jars))}"


def weka_jar() -> Path:
    """This installation's ``weka.jar`` (python-weka-wrapper3's), as WEKA ships it."""
    return jvm.weka_lib_dir() / "weka.jar"


def install_command(package: Path) -> str:
    """WEKA's command that installs the package ZIP ``package``, with this weka.jar.

    ``-offline``: the package manager installs a file without asking WEKA's
    repository, so the command runs the same without a network.
    """
    return (
        f"{java_command(weka_jar())} weka.core.WekaPackageManager -offline "
        f"-install-package {shlex.quote(str(package))}"
    )


def write_package(out_dir: str | Path) -> Path:
    """Write ``weka-ranking-VERSION.zip`` into ``out_dir``; return its path."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{PACKAGE_NAME}-{__version__}.zip"
    write_bytes(target, package_bytes(jvm.java_dir(), project_dir("src")))
    return target
