"""Start the JVM once per process, with WEKA and this package's Java classes.

WEKA's jars come from python-weka-wrapper3, which bundles them; JPype starts
the JVM. The Java sources in ``src/`` (the meta-classifier
``weka.classifiers.meta.RankingReduction`` and the bridge's kernel) are
compiled with the JDK's ``javac`` on first use and cached by the hash of
their sources and of weka.jar.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from weka_ranking._resources import project_dir
from weka_ranking.errors import JavaError

logger = logging.getLogger(__name__)


def weka_lib_dir() -> Path:
    """The folder of jars that python-weka-wrapper3 ships (weka.jar among them)."""
    # Located without importing weka.core.jvm, which configures the root logger.
    spec = importlib.util.find_spec("weka")
    if spec is None or not spec.submodule_search_locations:
        raise JavaError(
            "python-weka-wrapper3 is not installed: run 'pip install weka-ranking' "
            "(it brings weka.jar)"
        )
    lib = Path(next(iter(spec.submodule_search_locations))) / "lib"
    if not (lib / "weka.jar").is_file():
        raise JavaError(f"weka.jar not found in {lib}: reinstall python-weka-wrapper3")
    return lib


def weka_classpath() -> list[str]:
    """WEKA's jars as python-weka-wrapper3 ships them."""
    lib = weka_lib_dir()
    return [str(j) for j in sorted(lib.glob("*.jar")) if "-src." not in j.name]


def java_sources() -> list[Path]:
    root = project_dir("src")
    sources = sorted(root.rglob("*.java"))
    if not sources:
        raise JavaError(f"the Java sources are missing (looked in {root})")
    return sources


def _cache_root() -> Path:
    if "WEKA_RANKING_CACHE" in os.environ:
        return Path(os.environ["WEKA_RANKING_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "weka-ranking"


def compiled_classes() -> Path:
    """The folder of the compiled Java classes, compiling them if need be."""
    weka_jar = weka_lib_dir() / "weka.jar"
    sources = java_sources()
    digest = hashlib.sha256()
    for source in sources:
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    digest.update(str(weka_jar.stat().st_size).encode())
    target = _cache_root() / f"kernels-{digest.hexdigest()[:16]}"
    if (target / "weka" / "classifiers" / "meta" / "RankingReduction.class").is_file():
        return target
    javac = shutil.which("javac")
    if javac is None:
        raise JavaError(
            "javac not found: weka-ranking compiles its Java classes once with the "
            "JDK's compiler; install a JDK 11 or newer (e.g. 'apt-get install "
            "default-jdk') and put javac on PATH"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    build = Path(tempfile.mkdtemp(prefix="build-", dir=target.parent))
    result = subprocess.run(
        [javac, "--release", "11", "-nowarn", "-d", str(build), "-cp", str(weka_jar)]
        + [str(s) for s in sources],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        shutil.rmtree(build, ignore_errors=True)
        raise JavaError(f"compiling the Java classes failed: {result.stderr.strip()}")
    try:
        build.rename(target)  # atomic: a concurrent build leaves one winner
    except OSError:
        shutil.rmtree(build, ignore_errors=True)
    logger.info("compiled the Java classes into %s", target)
    return target


_heap: str | None = None
# Below this WEKA cannot load its classes; the JVM itself refuses less than 2 MB
# by printing to stdout and exiting, which is why heaps are checked here first.
MIN_HEAP = 64 << 20
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def heap_bytes(heap: str) -> int:
    """Bytes of a Java ``-Xmx`` size such as ``4g``, ``512m`` or ``1048576``."""
    match = re.fullmatch(r"\s*(\d+)\s*([kmgt]?)\s*", str(heap), re.IGNORECASE)
    if match is None:
        raise JavaError(
            f"heap {heap!r} is not a Java heap size: give a number with k, m or g, "
            "e.g. 4g or 512m"
        )
    size = int(match.group(1)) * _UNITS[match.group(2).lower()]
    if size < MIN_HEAP:
        raise JavaError(
            f"heap {heap!r} is too small: WEKA needs at least {MIN_HEAP >> 20}m; "
            "e.g. 4g"
        )
    return size


_start_lock = threading.Lock()


def start(heap: str | None = None, verbose: bool = False) -> None:
    """Start the JVM if it is not running; later calls are no-ops.

    Safe from several threads at once (a Dask worker's): one starts the JVM,
    the others wait for it and return.

    Parameters
    ----------
    heap : str or None, default=None
        The JVM's maximum heap (``-Xmx``), e.g. ``"4g"``; None keeps Java's
        default (a quarter of the machine's memory).
    verbose : bool, default=False
        Keep the JVM's own log messages (e.g. netlib's ARPACK notice).
    """
    import jpype

    if heap is not None:
        heap_bytes(heap)
    with _start_lock:
        if jpype.isJVMStarted():
            if heap is not None and heap != _heap:
                logger.warning("the JVM is already running; heap %s not applied", heap)
            return
        _start(jpype, heap, verbose)


def _start(jpype, heap: str | None, verbose: bool) -> None:
    global _heap
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        raise JavaError(
            "Java not found: install a JDK 11 or newer (e.g. 'apt-get install "
            "default-jdk') or set JAVA_HOME"
        )
    classpath = weka_classpath() + [str(compiled_classes())]
    # -Xrs: SIGTERM and SIGINT stay Python's, so an interrupted run stops
    # cleanly between units instead of the JVM exiting under it.
    args = ["-Djava.awt.headless=true", "-Xrs"]
    if heap is not None:
        args.append(f"-Xmx{heap}")
    try:
        jpype.startJVM(*args, classpath=classpath, convertStrings=True)
    except (OSError, RuntimeError, jpype.JVMNotFoundException) as err:
        raise JavaError(f"could not start the JVM: {err}") from err
    _heap = heap
    if not verbose:
        jpype.JClass("java.util.logging.LogManager").getLogManager().reset()
