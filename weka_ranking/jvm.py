"""Start the JVM once per process, with WEKA and this package's Java classes.

WEKA's jars come from python-weka-wrapper3, which bundles them; JPype starts
the JVM. The Java sources in ``src/`` (the meta-classifier
``weka.classifiers.meta.RankingReduction`` and the bridge's helpers) are
compiled into jars when the package is built (``_javabuild``), so that a
user needs a Java runtime and no compiler.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import tempfile
import threading
from pathlib import Path

from weka_ranking import _javabuild, machine, progress
from weka_ranking._resources import checkout, package_dir
from weka_ranking.errors import JavaError, Remedy

logger = logging.getLogger(__name__)


def weka_lib_dir() -> Path:
    """The folder of jars that python-weka-wrapper3 ships (weka.jar among them)."""
    weka_jar = _javabuild.find_weka_jar()
    if weka_jar is None:
        raise JavaError(
            "weka.jar of python-weka-wrapper3 not found: run 'pip install "
            "weka-ranking' (it brings python-weka-wrapper3 and its weka.jar)"
        )
    return weka_jar.parent


def weka_classpath() -> list[str]:
    """WEKA's jars as python-weka-wrapper3 ships them."""
    lib = weka_lib_dir()
    return [str(j) for j in sorted(lib.glob("*.jar")) if "-src." not in j.name]


def java_dir() -> Path:
    """The folder of this package's jars and their ``build.json``.

    A wheel carries the jars, built when it was. In a checkout (an editable
    install) they are rebuilt here, with the JDK's ``javac``, whenever the
    Java sources or the last commit's date differ from those they were built
    from, so that tests always run the ``.java`` files as they are.
    """
    root = checkout()
    if root is None:
        folder = package_dir() / "_java"
    else:
        # Where the editable install's build step put them (the checkout's
        # package folder, even when the install links its files elsewhere).
        folder = root / "weka_ranking" / "_java"
        _rebuild_if_stale(root, folder)
    for name in (_javabuild.PACKAGE_JAR, _javabuild.BRIDGE_JAR):
        if not (folder / name).is_file():
            raise JavaError(
                f"{folder / name} is missing: the wheel was built without its Java "
                "classes; reinstall weka-ranking ('pip install --force-reinstall "
                "weka-ranking')"
            )
    return folder


def _rebuild_if_stale(root: Path, folder: Path) -> None:
    wanted = {
        "sources_sha256": _javabuild.sources_digest(root / "src"),
        "source_date_epoch": _javabuild.source_date_epoch(root),
    }
    if _javabuild.read_stamp(folder) == wanted:
        return
    logger.info("rebuilding %s: the Java sources or the last commit changed", folder)
    try:
        _javabuild.build(
            root, folder, weka_lib_dir() / "weka.jar", wanted["source_date_epoch"]
        )
    except (_javabuild.BuildError, OSError) as err:
        raise JavaError(f"rebuilding the checkout's jars in {folder}: {err}") from err


def classpath() -> list[str]:
    """WEKA's jars and this package's two jars: what the JVM starts with."""
    folder = java_dir()
    jars = [folder / _javabuild.PACKAGE_JAR, folder / _javabuild.BRIDGE_JAR]
    return weka_classpath() + [str(jar) for jar in jars]


def load_java(folders: list[Path], jar: Path) -> None:
    """Compile Java classes of your own against WEKA and this package, and load them.

    For Java that is not the method's: a study's harness, a test's, a class you
    try beside WEKA's. Every ``.java`` file under ``folders`` is compiled with
    the JDK's ``javac`` into ``jar`` when they (or this package's jars) changed
    since it was last built, and the jar joins the running JVM's class path
    (started here if it is not: call :func:`start` first for a heap of your
    choice): ``jpype.JClass`` then finds its classes by name.

    Parameters
    ----------
    folders : list of Path
        Source roots (a class ``a.b.C`` in ``a/b/C.java`` under one of them).
    jar : Path
        Where the compiled classes go (with a ``.json`` stamp beside it).
    """
    import jpype

    try:
        _javabuild.build_jar([Path(f) for f in folders], Path(jar), classpath())
    except (_javabuild.BuildError, OSError) as err:
        raise JavaError(f"building {jar}: {err}") from err
    start()
    jpype.addClassPath(str(Path(jar).resolve()))


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
    machine.check_heap(heap, size)
    return size


def heap_remedy(advice: str, heap: str) -> Remedy:
    """More heap as a remedy: ``--heap`` in the CLI, ``start(heap=)`` in Python.

    JPype starts the JVM once per process, so from Python the heap is set by
    calling :func:`start` before anything else starts it.
    """
    return Remedy(
        advice,
        "heap",
        heap,
        python=f"weka_ranking.jvm.start(heap={heap!r}) first thing in a new Python "
        "process (the JVM starts once)",
    )


# The collector: ParallelGC rather than the JVM's default, G1, by measurement
# (weka-ranking bench --sections memory; one member on the pair instances,
# -Xmx1g, the median of three runs each in turns, 2 shared cores). CPU
# seconds, the collector's threads included: J48 on 479,400 kr-vs-kp pairs
# 6.2 against G1's 8.9, J48 on 46,010 spambase pairs 15.1 against 16.8,
# Logistic on 92,020 spambase pairs 34.7 against 34.9 (wall times alike, but
# noisier). On kr-vs-kp's 5.1 million pairs J48 took 45.8 s against 51.7 s.
# The price is heap at the limit: the smallest -Xmx J48 trained in was 4 %
# larger on 159,800 kr-vs-kp pairs (100 MB against 96) and 30 % on 18,404
# spambase pairs (43 against 33 MB); the heap estimate's constants were
# measured under ParallelGC and include it. Training is a batch: long pauses
# cost nothing, the collector's total work does.
JVM_OPTIONS = ("-XX:+UseParallelGC",)
# netlib-java (MTJ's BLAS, LAPACK and ARPACK: WEKA initialises ARPACK as it
# starts where netlib's core.jar is on the class path, as python-weka-wrapper3's
# is, and some learners use the others) looks first for native libraries, which
# these jars do not carry, and says "Failed to load implementation" twice on
# stderr for each before it takes its pure-Java one. Named here, it takes that
# one at once, and says nothing.
NETLIB_PURE_JAVA = tuple(
    f"-Dcom.github.fommil.netlib.{name}=com.github.fommil.netlib.F2j{name}"
    for name in ("BLAS", "LAPACK", "ARPACK")
)


def java_argv(classpath: list[str], *options: str) -> list[str]:
    """``java`` with ``options`` on ``classpath``: a JVM of its own, quiet as this one.

    For Java run beside this process (a test's, a study's, WEKA's command line):
    WEKA's launcher's ``--add-opens`` (with weka.jar alone, Java 17 refuses WEKA's
    own definition of MTJ's classes, three lines on stderr), headless, and
    netlib's pure-Java libraries named (:data:`NETLIB_PURE_JAVA`: python-weka-
    wrapper3's ``core.jar`` on the class path says "Failed to load
    implementation" twice otherwise). The main class and its arguments follow.
    """
    return [
        "java",
        "--add-opens",
        "java.base/java.lang=ALL-UNNAMED",
        "-Djava.awt.headless=true",
        *NETLIB_PURE_JAVA,
        *options,
        "-cp",
        os.pathsep.join(classpath),
    ]


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
        Keep the JVM's own log messages (java.util.logging's).
    """
    import jpype

    if heap is not None:
        heap_bytes(heap)
    with _start_lock:
        if jpype.isJVMStarted():
            if heap is not None and heap != _heap:
                progress.warn(
                    logger,
                    "the JVM is already running; heap %s not applied: it is set "
                    "before the JVM starts (weka_ranking.jvm.start(heap=...) first "
                    "thing in a new Python process)",
                    heap,
                )
            return
        _start(jpype, heap, verbose)


def compiler_cpu() -> dict[str, float] | None:
    """The CPU seconds of each of the JVM's compiler threads so far, by thread.

    Read from Linux's ``/proc/self/task`` (HotSpot names them ``C1
    CompilerThread`` and ``C2 CompilerThread``); None where it cannot be read.
    HotSpot's own count (``CompilationMXBean``) is each compilation's elapsed
    time: on a machine at load 4 it said 20 s where the threads had used 9.
    """
    tasks = Path("/proc/self/task")
    if not tasks.is_dir():
        return None
    tick = os.sysconf("SC_CLK_TCK")
    found = {}
    for task in tasks.iterdir():
        try:
            if "CompilerThre" not in (task / "comm").read_text():
                continue
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # the thread ended meanwhile
            continue
        found[task.name] = (int(fields[11]) + int(fields[12])) / tick
    return found


def compiler_seconds_since(before: dict[str, float] | None) -> float | None:
    """The compiler threads' CPU seconds since ``before`` (:func:`compiler_cpu`).

    A thread started since counts whole; one ended since is lost, so this is
    at least their CPU. None where not known. The JVM's compiler warming to
    the code a run meets is its cost a short run pays nearly in full: on a
    plan of 80 small units, some 40 % of the process's CPU.
    """
    after = compiler_cpu()
    if before is None or after is None:
        return None
    return sum(cpu - before.get(thread, 0.0) for thread, cpu in after.items())


def _start(jpype, heap: str | None, verbose: bool) -> None:
    global _heap
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        raise JavaError(
            "Java not found: install a JDK or JRE 11 or newer (a runtime is "
            "enough, e.g. 'apt-get install default-jre') and put java on PATH or "
            "set JAVA_HOME"
        )
    # -Xrs and interrupt=False: SIGTERM and SIGINT stay Python's (neither the
    # JVM nor JPype installs a handler), so an interrupted run stops cleanly
    # (bridge.interruptibly) instead of the JVM exiting under it. A JVM that
    # cannot start writes its report to the temporary folder, not into the
    # user's working folder.
    # What a tree tournament will cost is said by Python's warning
    # (model.ranking), and an identifier-like attribute by data.binary_dataset's,
    # not again on Java's standard error.
    error_file = Path(tempfile.gettempdir()) / "weka-ranking-hs_err_pid%p.log"
    args = [
        "-Djava.awt.headless=true",
        "-Xrs",
        f"-XX:ErrorFile={error_file}",
        "-Dweka.ranking.tournamentCostSaidByCaller=true",
        "-Dweka.ranking.identifiersSaidByCaller=true",
        *JVM_OPTIONS,
        *NETLIB_PURE_JAVA,
    ]
    if heap is not None:
        args.append(f"-Xmx{heap}")
    try:
        jpype.startJVM(
            *args, classpath=classpath(), convertStrings=True, interrupt=False
        )
    except (OSError, RuntimeError, jpype.JVMNotFoundException) as err:
        raise JavaError(f"could not start the JVM: {err}") from err
    _heap = heap
    if not verbose:
        jpype.JClass("java.util.logging.LogManager").getLogManager().reset()
