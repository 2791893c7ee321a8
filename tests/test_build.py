"""The build: javac found, stale jars rebuilt, and a wheel that needs no compiler.

javac is found through JAVA_HOME or PATH, a checkout's jars are rebuilt when its Java
sources change, and the wheel runs with a Java runtime and no compiler.
"""

import ast
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import threading
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from weka_ranking import _javabuild, jvm
from weka_ranking._resources import checkout

ROOT = Path(__file__).resolve().parent.parent
JAVAC = shutil.which("javac")


@pytest.mark.fast
def test_javac_is_found_through_java_home(monkeypatch):
    java_home = Path(os.path.realpath(JAVAC)).parent.parent
    monkeypatch.setenv("JAVA_HOME", str(java_home))
    monkeypatch.setenv("PATH", "")
    assert _javabuild.find_javac() == str(java_home / "bin" / "javac")


@pytest.mark.fast
@pytest.mark.parametrize("java_home", [None, "/nonexistent-jdk"])
def test_no_javac_is_one_error_naming_java_home_and_path(monkeypatch, java_home):
    if java_home is None:
        monkeypatch.delenv("JAVA_HOME", raising=False)
    else:
        monkeypatch.setenv("JAVA_HOME", java_home)
    monkeypatch.setenv("PATH", "")
    with pytest.raises(_javabuild.BuildError) as error:
        _javabuild.find_javac()
    message = str(error.value)
    assert "JAVA_HOME" in message and "PATH" in message and "JDK 11" in message
    assert (java_home or "JAVA_HOME unset") in message


@pytest.mark.fast
def test_an_sdist_date_file_sets_the_timestamp(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "A.java").write_text("class A {}\n")
    (tmp_path / _javabuild.DATE_FILE).write_text("1700000000\n")
    assert _javabuild.source_date_epoch(tmp_path) == 1700000000
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1600000000")
    assert _javabuild.source_date_epoch(tmp_path) == 1600000000
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(_javabuild.BuildError, match="SOURCE_DATE_EPOCH='yesterday'"):
        _javabuild.source_date_epoch(tmp_path)


def test_a_checkout_rebuilds_its_jars_when_a_source_is_added(tmp_path, monkeypatch):
    """Whatever .java files are under src/ are compiled, and unchanged ones are not.

    A new one (as a class split in two makes) is in the jar the next time the JVM's
    class path is asked for, and unchanged sources are not compiled again.
    """
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    root, jars = tmp_path / "checkout", tmp_path / "checkout" / "jars"
    meta = root / "src" / "weka" / "classifiers" / "meta"
    meta.mkdir(parents=True)
    (meta / "Ranker.java").write_text(
        "package weka.classifiers.meta;\npublic class Ranker {}\n"
    )
    jvm._rebuild_if_stale(root, jars)
    built = (jars / _javabuild.PACKAGE_JAR).stat().st_mtime_ns
    jvm._rebuild_if_stale(root, jars)
    assert (jars / _javabuild.PACKAGE_JAR).stat().st_mtime_ns == built
    (meta / "Extra.java").write_text("package weka.classifiers.meta;\nclass Extra {}\n")
    jvm._rebuild_if_stale(root, jars)
    names = zipfile.ZipFile(jars / _javabuild.PACKAGE_JAR).namelist()
    assert "weka/classifiers/meta/Extra.class" in names


def test_a_compile_error_names_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    (tmp_path / "src" / "wekaranking").mkdir(parents=True)
    (tmp_path / "src" / "wekaranking" / "Broken.java").write_text("class Broken {")
    with pytest.raises(_javabuild.BuildError, match="Broken.java"):
        _javabuild.build(tmp_path, tmp_path / "jars", jvm.weka_lib_dir() / "weka.jar")
    assert not (tmp_path / "jars").exists()


def small_checkout(root: Path) -> Path:
    """A checkout of two small classes, one the WEKA package's and one the bridge's."""
    for package, name in (("weka/classifiers/meta", "Ranker"), ("wekaranking", "Help")):
        folder = root / "src" / package
        folder.mkdir(parents=True)
        (folder / f"{name}.java").write_text(
            f"package {package.replace('/', '.')};\npublic class {name} {{}}\n"
        )
    return root


def sources_as_classes(sources: list[Path], classpath: list[str]) -> dict[str, bytes]:
    """javac's stand-in where the writing is tested: each source's bytes as its class.

    Builds that take milliseconds instead of javac's seconds overlap in their
    writing, which is what the tests below are about.
    """
    classes = {}
    for source in sources:
        package = source.read_text().split(";")[0].removeprefix("package ")
        name = f"{package.replace('.', '/')}/{source.stem}.class"
        classes[name] = source.read_bytes()
    return classes


def jar_files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.mark.fast
def test_a_build_is_current_only_once_its_jars_are_whole(tmp_path, monkeypatch):
    """After each file a build replaces, a stamp that reads current means jars done.

    ``jvm.java_dir`` trusts the jars when ``build.json`` matches the sources: a
    process reading the folder while another rebuilds it (two test workers, two
    commands started at once) must never find the new stamp beside an old jar.
    """
    monkeypatch.setattr(_javabuild, "compile_classes", sources_as_classes)
    root = small_checkout(tmp_path / "checkout")
    _javabuild.build(root, tmp_path / "alone", Path("weka.jar"), epoch=1700000000)
    done = jar_files(tmp_path / "alone")
    help_java = root / "src" / "wekaranking" / "Help.java"
    source = help_java.read_text()
    help_java.write_text(source.replace("{}", "{ int stale; }"))
    out = tmp_path / "jars"
    _javabuild.build(root, out, Path("weka.jar"), epoch=1700000000)
    help_java.write_text(source)
    current = _javabuild.sources_digest(root / "src")
    replaced = []
    replace = _javabuild._replace

    def observed(path: Path, data: bytes) -> None:
        replace(path, data)
        replaced.append(path.name)
        if _javabuild.read_stamp(out)["sources_sha256"] == current:
            assert jar_files(out) == done, f"stamp current after {replaced}"

    monkeypatch.setattr(_javabuild, "_replace", observed)
    _javabuild.build(root, out, Path("weka.jar"), epoch=1700000000)
    assert sorted(replaced) == sorted(done) and jar_files(out) == done


@pytest.mark.fast
def test_builds_racing_into_one_folder_leave_the_jars_one_build_makes(
    tmp_path, monkeypatch
):
    """Four builds of one folder at once: whole jars, no temporary files.

    As ``python -m pytest``'s two workers do when both import a checkout whose
    sources changed: each writes the same bytes, every file replaced atomically.
    """
    monkeypatch.setattr(_javabuild, "compile_classes", sources_as_classes)
    root = small_checkout(tmp_path / "checkout")
    _javabuild.build(root, tmp_path / "alone", Path("weka.jar"), epoch=1700000000)
    start = threading.Barrier(4)

    def build() -> None:
        start.wait()
        _javabuild.build(root, tmp_path / "jars", Path("weka.jar"), epoch=1700000000)

    with ThreadPoolExecutor(4) as pool:
        for future in [pool.submit(build) for _ in range(4)]:
            future.result()
    assert jar_files(tmp_path / "jars") == jar_files(tmp_path / "alone")


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    """``python -m build``: the sdist, then the wheel built from it."""
    if checkout() is None:
        pytest.skip("builds from a checkout")
    out = tmp_path_factory.mktemp("dist")
    # Without PYTHONDONTWRITEBYTECODE, whose "byte-compiling is disabled"
    # notices are this environment's, not the build's.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    result = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return out, result.stdout + result.stderr


# The studies' code, data and records: in the repository, never in the
# product's sdist or wheel.
STUDY_PATHS = (
    "studies/",
    "weka_ranking_studies",
    "weka_ranking/studies",
    "MQ2008",
    "monograph_tables.csv",
    "docs/results.jsonl.gz",
    "docs/reproduction",
    "docs/suite/",
    "docs/choice-round2/",
    "docs/tools/",
    "docs/ltr.json",
    "docs/xhits.json",
    "docs/scale.json",
    "docs/harness.jsonl",
    "docs/experimenter/",
    "tests/java/build/",
)
STUDY_CLASSES = ("wekaranking/studies/", "wekaranking/harness/")


def study_files(names) -> list[str]:
    return [n for n in names if any(part in n for part in STUDY_PATHS)]


@pytest.mark.slow
def test_build_warns_nothing_and_the_sdist_holds_what_the_tests_read(dist):
    out, log = dist
    # A file's name may hold "warn" (test_warnings.py): the build's own lines only.
    files = (
        "copying ",
        "adding ",
        "creating ",
        "hard linking ",
        "writing ",
        "removing ",
    )
    said = [line for line in log.splitlines() if not line.lstrip().startswith(files)]
    assert [line for line in said if "warn" in line.lower()] == []
    (sdist,) = out.glob("weka_ranking-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    wanted = {
        "setup.py",
        _javabuild.DATE_FILE,
        "tests/conftest.py",
        "tests/java/wekaranking/harness/AllPairsTraining.java",
        "docs/ranking-reduction.xml",
        "arff_data/breast-cancer.arff",
        "src/weka/classifiers/meta/RankingReduction.java",
    }
    assert wanted <= names
    assert study_files(names) == []
    assert not any("__pycache__" in name for name in names)
    # The wheel, built from the sdist (no git there: its recorded date), holds
    # the very jars the checkout built for this commit.
    (wheel,) = out.glob("weka_ranking-*-py3-none-any.whl")
    for jar in (_javabuild.PACKAGE_JAR, _javabuild.BRIDGE_JAR):
        shipped = zipfile.ZipFile(wheel).read(f"weka_ranking/_java/{jar}")
        assert shipped == (jvm.java_dir() / jar).read_bytes()


@pytest.mark.slow
def test_the_wheel_holds_the_product_alone(dist):
    """No study module, study data or study class in the wheel, its jars included."""
    (wheel,) = dist[0].glob("weka_ranking-*-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        jars = [n for n in names if n.endswith(".jar")]
        classes = [
            entry
            for jar in jars
            for entry in zipfile.ZipFile(io.BytesIO(archive.read(jar))).namelist()
        ]
    assert {n.split("/")[0] for n in names} == {
        "weka_ranking",
        *(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA")),
    }
    assert study_files(names) == []
    assert [c for c in classes if c.startswith(STUDY_CLASSES)] == []
    assert "weka_ranking/model.py" in names and "weka_ranking/cli.py" in names


# About a minute on two cores with the fixture's build: the build environments
# and the venv's dependencies are installed (from pip's cache) first.
@pytest.mark.slow
def test_the_wheel_runs_with_a_java_runtime_and_no_compiler(dist, tmp_path):
    """An installed wheel works without javac and compiles or caches nothing.

    Installed into a fresh venv and run with javac on neither PATH nor JAVA_HOME:
    cross-validation (equal to the checkout's) and the WEKA package both work.
    """
    (wheel,) = dist[0].glob("weka_ranking-*-py3-none-any.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    # This environment's pip installs into the new one: the dependencies come
    # from pip's cache, and the venv needs no pip of its own.
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
        + ["install", "-q", str(wheel)],
        check=True,
        capture_output=True,
    )
    java_only = tmp_path / "java-only"
    java_only.mkdir()
    (java_only / "java").symlink_to(os.path.realpath(shutil.which("java")))
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("JAVA_HOME", "VIRTUAL_ENV", "PYTHONPATH")
    }
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{java_only}", HOME=str(tmp_path))

    def run(*args):
        return subprocess.run(
            [*args], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600
        )

    no_javac = run(
        "python", "-c", "from weka_ranking import _javabuild as b; b.find_javac()"
    )
    assert "javac not found" in no_javac.stderr
    cv = run(
        "weka-ranking", "cv", "breast-cancer", "--learner", "J48", "--pairs", "1",
        "--voters", "10", "--json", "--quiet",
    )  # fmt: skip
    assert cv.returncode == 0, cv.stderr
    here = subprocess.run(
        [sys.executable, "-m", "weka_ranking", *cv.args[1:]],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(cv.stdout)["fold_aucs"] == json.loads(here.stdout)["fold_aucs"]
    package = run("weka-ranking", "weka-package", "--out", str(tmp_path / "weka"))
    assert package.returncode == 0, package.stderr
    assert zipfile.ZipFile(package.stdout.strip()).testzip() is None
    assert not (tmp_path / ".cache").exists()  # no runtime cache of classes


def test_the_wheel_carries_the_data_of_the_built_in_tasks_alone():
    """setup.py's list of data files is the files the package's own code reads."""
    from weka_ranking.tasks import TASKS

    tree = ast.parse((ROOT / "setup.py").read_text())
    data = next(
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(getattr(t, "id", None) == "DATA" for t in node.targets)
    )
    listed = dict(zip([k.value for k in data.keys], data.values))["arff_data"]
    shipped = {element.value for element in listed.elts}
    read = {task.path.name for task in TASKS.values()}
    read |= {"diabetes.arff"}  # tasks.diabetes_zeros_missing
    assert shipped == read | {"yeast.names", "PROVENANCE.md"}
    assert all((ROOT / "arff_data" / name).is_file() for name in shipped)
