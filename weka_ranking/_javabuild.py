"""Compile the Java sources into two reproducible jars, when the package is built.

Standard library only: ``setup.py`` loads this file by its path while it
builds the wheel, before any of weka_ranking's dependencies exist; in a
checkout, ``jvm`` calls :func:`build` again when the sources have changed.

Two jars, so that the WEKA package carries the meta-classifier alone:
``weka-ranking.jar`` holds every class under ``weka/`` (the meta-classifier
and its helpers, the jar the WEKA package ships), ``weka-ranking-bridge.jar``
the rest (``wekaranking/``: the Python bridge's helpers). :func:`build_jar`
compiles Java of someone else's (a study's, a test's) against both.

Reproducible: the same sources and the same ``javac`` give the same bytes.
Entries are sorted, with one timestamp (``SOURCE_DATE_EPOCH``, else the last
commit's date, else the newest source's modification time) and fixed
permissions; ``build.json`` beside the jars records that timestamp and a
digest of the sources, which tells a checkout when to rebuild.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import os
import shutil
import subprocess
import tempfile
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path

PACKAGE_JAR = "weka-ranking.jar"
BRIDGE_JAR = "weka-ranking-bridge.jar"
STAMP = "build.json"
# An sdist has no git history: it carries its commit's date in this file.
DATE_FILE = "SOURCE_DATE_EPOCH"
# The classes under this prefix are the WEKA package's; the rest are Python's.
PACKAGE_PREFIX = "weka/"
JAVA_RELEASE = "11"
# A ZIP entry's DOS timestamp cannot be earlier than 1980-01-01.
_ZIP_EPOCH_MIN = 315532800
_MANIFEST = b"Manifest-Version: 1.0\r\nCreated-By: weka-ranking\r\n\r\n"


class BuildError(RuntimeError):
    """The Java classes cannot be built.

    No ``javac``, no weka.jar, or a compilation error; the message says which and what
    to do.
    """


def find_javac() -> str:
    """The JDK's ``javac``: ``$JAVA_HOME/bin/javac``, else the one on PATH."""
    java_home = os.environ.get("JAVA_HOME")
    if java_home:
        javac = "javac.exe" if os.name == "nt" else "javac"
        candidate = Path(java_home) / "bin" / javac
        if candidate.is_file():
            return str(candidate)
    on_path = shutil.which("javac")
    if on_path is not None:
        return on_path
    home = f"JAVA_HOME={java_home} has no bin/javac" if java_home else "JAVA_HOME unset"
    raise BuildError(
        f"javac not found ({home}, and none on PATH): building weka-ranking compiles "
        "its Java classes, which needs a JDK 11 or newer; install one (e.g. "
        "'apt-get install default-jdk') and set JAVA_HOME to it or put its bin/ on "
        "PATH. Installing a built wheel needs only a Java runtime."
    )


def find_weka_jar() -> Path | None:
    """weka.jar in python-weka-wrapper3's ``lib/`` folder, or None."""
    # Located without importing weka.core.jvm, which configures the root logger.
    spec = importlib.util.find_spec("weka")
    if spec is None or not spec.submodule_search_locations:
        return None
    jar = Path(next(iter(spec.submodule_search_locations))) / "lib" / "weka.jar"
    return jar if jar.is_file() else None


def java_sources(src: Path) -> list[Path]:
    """Every ``.java`` file under ``src``, sorted."""
    sources = sorted(src.rglob("*.java"))
    if not sources:
        raise BuildError(f"no Java sources in {src}")
    return sources


def sources_digest(src: Path) -> str:
    """SHA-256 of the sources' relative paths and bytes.

    Hashing the paths makes added or removed files change it, as edited ones do.
    """
    digest = hashlib.sha256()
    for path in java_sources(src):
        digest.update(path.relative_to(src).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def source_date_epoch(root: Path) -> int:
    """The build's one timestamp, in seconds since 1970.

    ``SOURCE_DATE_EPOCH`` (the reproducible-builds convention) if set; else the
    last commit's date when ``root`` is the top of a git checkout; else the
    date an sdist recorded (:data:`DATE_FILE`); else the newest ``.java``
    file's modification time.
    """
    if os.environ.get("SOURCE_DATE_EPOCH"):
        value = os.environ["SOURCE_DATE_EPOCH"]
        if not value.strip().isdigit():
            raise BuildError(
                f"SOURCE_DATE_EPOCH={value!r} is not a number of seconds since 1970"
            )
        return int(value)
    commit = _git_commit_epoch(root)
    if commit is not None:
        return commit
    if (root / DATE_FILE).is_file():
        return int((root / DATE_FILE).read_text())
    return max(int(p.stat().st_mtime) for p in java_sources(root / "src"))


def _git_commit_epoch(root: Path) -> int | None:
    try:
        top = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
        )
        # An sdist unpacked inside some other repository is not that commit.
        if top.returncode != 0 or Path(top.stdout.strip()) != root.resolve():
            return None
        date = subprocess.run(
            ["git", "-C", str(root), "log", "-1", "--format=%ct"],
            capture_output=True,
            text=True,
        )
    except OSError:  # no git
        return None
    return int(date.stdout) if date.returncode == 0 and date.stdout.strip() else None


def zip_bytes(entries: Iterable[tuple[str, bytes]], epoch: int) -> bytes:
    """A ZIP of ``(name, bytes)`` entries that depends on nothing else.

    Sorted names, one timestamp, permissions 0644, made "on Unix".
    """
    stamp = time.gmtime(max(epoch, _ZIP_EPOCH_MIN))[:6]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def read_stamp(out_dir: Path) -> dict | None:
    """The ``build.json`` of the jars in ``out_dir``, or None."""
    try:
        return json.loads((out_dir / STAMP).read_text())
    except (OSError, ValueError):
        return None


def build(root: Path, out_dir: Path, weka_jar: Path, epoch: int | None = None) -> None:
    """Compile ``root/src`` against ``weka_jar`` into the two jars in ``out_dir``.

    Parameters
    ----------
    root : Path
        The project's folder (``src/`` in it; its git date is the timestamp).
    out_dir : Path
        Where ``weka-ranking.jar``, ``weka-ranking-bridge.jar`` and
        ``build.json`` go; each is replaced atomically, so that processes
        building at once leave whole files.
    weka_jar : Path
        The weka.jar compiled against.
    epoch : int or None, default=None
        The entries' timestamp; None takes :func:`source_date_epoch`.
    """
    src = root / "src"
    epoch = source_date_epoch(root) if epoch is None else epoch
    compiled = compile_classes(java_sources(src), [str(weka_jar)])
    jars = {PACKAGE_JAR: [], BRIDGE_JAR: []}
    for name, data in compiled.items():
        jar = PACKAGE_JAR if name.startswith(PACKAGE_PREFIX) else BRIDGE_JAR
        jars[jar].append((name, data))
    out_dir.mkdir(parents=True, exist_ok=True)
    for jar, entries in jars.items():
        data = zip_bytes([("META-INF/MANIFEST.MF", _MANIFEST), *entries], epoch)
        _replace(out_dir / jar, data)
    stamp = {"sources_sha256": sources_digest(src), "source_date_epoch": epoch}
    _replace(out_dir / STAMP, (json.dumps(stamp, indent=1) + "\n").encode())


def compile_classes(sources: list[Path], classpath: list[str]) -> dict[str, bytes]:
    """The ``.class`` files ``javac --release 11`` makes of ``sources``, by name."""
    javac = find_javac()
    with tempfile.TemporaryDirectory(prefix="weka-ranking-javac-") as classes:
        result = subprocess.run(
            [javac, "--release", JAVA_RELEASE, "-encoding", "UTF-8", "-nowarn"]
            + ["-d", classes, "-cp", os.pathsep.join(classpath)]
            + [str(s) for s in sources],
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise BuildError(
                f"compiling the Java classes failed ({javac}):\n{result.stderr.strip()}"
            )
        return {
            path.relative_to(classes).as_posix(): path.read_bytes()
            for path in Path(classes).rglob("*.class")
        }


def build_jar(folders: list[Path], jar: Path, classpath: list[str]) -> bool:
    """Compile every ``.java`` file under ``folders`` into ``jar`` unless it is current.

    The jar's stamp (``jar`` with ``.json``) holds a digest of the sources and
    of the class path's jars; the jar is rebuilt when either changes. Returns
    whether it was.
    """
    digest = hashlib.sha256()
    for folder in folders:
        digest.update(sources_digest(folder).encode())
    for entry in classpath:
        digest.update(hashlib.sha256(Path(entry).read_bytes()).digest())
    stamp = jar.with_suffix(".json")
    wanted = {"sha256": digest.hexdigest()}
    try:
        if jar.is_file() and json.loads(stamp.read_text()) == wanted:
            return False
    except (OSError, ValueError):
        pass
    sources = [path for folder in folders for path in java_sources(folder)]
    compiled = compile_classes(sources, classpath)
    jar.parent.mkdir(parents=True, exist_ok=True)
    entries = [("META-INF/MANIFEST.MF", _MANIFEST), *compiled.items()]
    _replace(jar, zip_bytes(entries, _ZIP_EPOCH_MIN))
    _replace(stamp, (json.dumps(wanted) + "\n").encode())
    return True


def _replace(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
