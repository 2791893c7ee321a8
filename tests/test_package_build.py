"""The WEKA package built without Python equals the one the Python command writes.

``build_package.xml`` (Ant, WEKA's packages' convention) and ``build_package.sh``
(a JDK alone) compile ``src/weka/`` and write the package ZIP with
``tools/PackageZip.java``; ``weka-ranking weka-package`` writes it from the wheel's
jar. Given the same timestamp, the three are the same bytes. Each build runs in a copy
of the files it reads, outside the repository, with no Python on its PATH.

The packaged KnowledgeFlow flow and Experimenter file then run from the folder WEKA's
package manager installed them into, started from an unrelated folder, with WEKA_HOME
left to WEKA (``~/wekafiles``, here a temporary home).
"""

import json
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from quick_jdk import QUICK_JVM, quick_tools_env

from weka_ranking import (
    RankingReduction,
    __version__,
    _javabuild,
    cross_validate,
    jvm,
    load_task,
)
from weka_ranking._resources import project_dir
from weka_ranking.weka_package import package_bytes

ROOT = Path(__file__).resolve().parent.parent
# What the builds read: the package's description, its sources, the version.
BUILD_INPUTS = [
    "build_package.xml",
    "build_package.sh",
    "tools/PackageZip.java",
    "weka-package",
    "src/weka",
    "weka_ranking/version.py",
]
ZIP_NAME = f"weka-ranking-{__version__}.zip"
EXAMPLES = [
    "examples/breast-cancer.arff",
    "examples/hepatitis.arff",
    "examples/ranking-reduction.kf",
    "examples/ranking-reduction.xml",
]


def build_copy(tmp_path: Path) -> Path:
    """The build's inputs copied to a folder of their own (no git: the epoch is set)."""
    root = tmp_path / "weka-ranking-source"
    for name in BUILD_INPUTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name)
        else:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, root / name)
    return root


# The POSIX tools build_package.sh calls, beside the JDK's javac and java.
SHELL_TOOLS = ("sh", "dirname", "sed", "cat", "find", "sort", "rm", "mkdir")


def jdk_only_env(tmp_path: Path, epoch: int) -> dict:
    """PATH with the JDK's javac and java and POSIX tools only: no Python, no git."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for tool in ("javac", "java", *SHELL_TOOLS):
        (bin_dir / tool).symlink_to(os.path.realpath(shutil.which(tool)))
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "JAVA_HOME")}
    env.update(PATH=str(bin_dir), SOURCE_DATE_EPOCH=str(epoch))
    return env


@pytest.fixture(scope="module")
def python_zip() -> bytes:
    return package_bytes(jvm.java_dir(), project_dir("src"))


@pytest.fixture(scope="module")
def epoch() -> int:
    return _javabuild.read_stamp(jvm.java_dir())["source_date_epoch"]


def weka_jar() -> str:
    return str(jvm.weka_lib_dir() / "weka.jar")


def test_the_shell_build_makes_the_python_commands_zip(tmp_path, python_zip, epoch):
    """``sh build_package.sh weka.jar`` with javac and java alone: the same bytes.

    About 10 s here, most of it javac (on :mod:`quick_jdk`'s JIT tier: 20 s on the
    default's).
    """
    root = build_copy(tmp_path)
    result = subprocess.run(
        ["sh", "build_package.sh", weka_jar()],
        cwd=root,
        env=quick_tools_env(jdk_only_env(tmp_path, epoch)),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    built = root / "dist" / ZIP_NAME
    assert built.read_bytes() == python_zip
    # The jar inside is the wheel's jar, to the byte.
    jar = root / "build" / "weka-package" / _javabuild.PACKAGE_JAR
    assert jar.read_bytes() == (jvm.java_dir() / _javabuild.PACKAGE_JAR).read_bytes()


@pytest.mark.skipif(
    shutil.which("ant") is None,
    reason="Ant is not installed (.ci/run installs it: apt-get install ant)",
)
def test_the_ant_build_makes_the_python_commands_zip(tmp_path, python_zip, epoch):
    """``ant -f build_package.xml make_package``, as WEKA's packages build: the same.

    About 10 s here, most of it javac (on :mod:`quick_jdk`'s JIT tier: 20 s on the
    default's).
    """
    root = build_copy(tmp_path)
    # Ant's launcher is a shell script of its own: the PATH stays, this test's
    # Python's folder left out (build_package.xml runs no Python).
    here = str(Path(shutil.which("python")).parent)
    path = [p for p in os.environ["PATH"].split(os.pathsep) if p != here]
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    env.update(PATH=os.pathsep.join(path), SOURCE_DATE_EPOCH=str(epoch))
    result = subprocess.run(
        ["ant", "-q", "-f", "build_package.xml", "make_package"]
        + [f"-Dweka.jar={weka_jar()}"],
        cwd=root,
        env=quick_tools_env(env),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert (root / "dist" / ZIP_NAME).read_bytes() == python_zip


def test_the_zip_holds_the_jar_the_description_the_doc_the_sources_and_examples(
    python_zip, tmp_path
):
    path = tmp_path / ZIP_NAME
    path.write_bytes(python_zip)
    names = zipfile.ZipFile(path).namelist()
    description = sorted(
        p.relative_to(ROOT / "weka-package").as_posix()
        for p in (ROOT / "weka-package").rglob("*")
        if p.is_file()
    )
    sources = sorted(
        "src/main/java/" + p.relative_to(ROOT / "src").as_posix()
        for p in (ROOT / "src" / "weka").rglob("*.java")
    )
    assert names == sorted([*description, _javabuild.PACKAGE_JAR, *sources])
    assert {"Description.props", "doc/README", *EXAMPLES} <= set(names)
    props = zipfile.ZipFile(path).read("Description.props").decode()
    assert f"Version={__version__}\n" in props
    assert "@VERSION@" not in props and "@DATE@" not in props
    # The examples' data are the repository's data sets.
    for name in ("breast-cancer.arff", "hepatitis.arff"):
        packaged = zipfile.ZipFile(path).read(f"examples/{name}")
        assert packaged == (ROOT / "arff_data" / name).read_bytes()


def java_at_home(home: Path, *args: str, cwd: Path) -> str:
    """A plain JVM with WEKA's jars, WEKA_HOME unset: WEKA takes ~/wekafiles."""
    env = {k: v for k, v in os.environ.items() if k != "WEKA_HOME"}
    result = subprocess.run(
        jvm.java_argv(jvm.weka_classpath(), f"-Duser.home={home}", *QUICK_JVM)
        + [*args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return result.stdout + result.stderr


@pytest.fixture(scope="module")
def installed(tmp_path_factory, python_zip):
    """The ZIP installed by WEKA's package manager under a fresh home's wekafiles."""
    home = tmp_path_factory.mktemp("home")
    package = home / ZIP_NAME
    package.write_bytes(python_zip)
    java_at_home(
        home, "weka.core.WekaPackageManager", "-offline", "-install-package",
        str(package), cwd=home,
    )  # fmt: skip
    examples = home / "wekafiles" / "packages" / "weka-ranking" / "examples"
    assert sorted(p.name for p in examples.iterdir()) == [
        Path(n).name for n in EXAMPLES
    ]
    return home, examples


def test_the_packaged_flow_runs_from_where_it_is_installed(installed, tmp_path):
    """FlowRunner on the installed flow, started elsewhere: ``cv``'s AUC.

    The flow finds breast-cancer.arff through ``${WEKA_HOME}``, which WEKA sets
    itself when the environment does not (``${Internal.knowledgeflow.directory}``,
    the flow's own folder, is set by the KnowledgeFlow's window but not passed on by
    WEKA 3.9.7's FlowRunner). FlowRunner exits 0 when a step fails, hence the check
    of its text, which goes to the folder WEKA started in.
    """
    home, examples = installed
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    java_at_home(
        home, "weka.knowledgeflow.FlowRunner", str(examples / "ranking-reduction.kf"),
        cwd=elsewhere,
    )  # fmt: skip
    text = (elsewhere / "ranking-reduction-results.txt").read_text()
    assert "Scheme: RankingReduction" in text
    weighted = re.search(r"Weighted Avg\.\s+(.*)", text).group(1).split()
    model = RankingReduction("J48", pairs_per_instance=2, voters=3, seed=1)
    cv = cross_validate(model, load_task("breast-cancer"), folds=10, seed=1)
    assert float(weighted[6]) == round(cv.pooled_auc, 3)


def test_the_packaged_experiment_runs_from_where_it_is_installed(installed, tmp_path):
    """The installed Experimenter file, run from elsewhere: 3 schemes x 2 sets x 10.

    Its data sets are ``${WEKA_HOME}/packages/weka-ranking/examples/...``: WEKA sets
    WEKA_HOME itself when the environment does not.
    """
    home, examples = installed
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    java_at_home(
        home, "weka.experiment.Experiment", "-r", "-l",
        str(examples / "ranking-reduction.xml"), cwd=elsewhere,
    )  # fmt: skip
    results = (elsewhere / "results.arff").read_text()
    rows = [line for line in results.split("@data", 1)[1].splitlines() if line]
    assert len(rows) == 60
    assert {row.split(",")[0] for row in rows} == {"breast-cancer", "hepatitis"}


def test_the_packaged_examples_are_the_repositorys_but_for_where_the_data_are():
    """``weka-package/examples/`` are ``docs/``'s flow and Experimenter file.

    They differ only in naming their data through ``${WEKA_HOME}`` instead of the
    repository's ``arff_data/`` (and the Experimenter file's note saying so), so a
    change to one that is not made to the other fails here.
    """
    packaged = ROOT / "weka-package" / "examples"
    installed = "${WEKA_HOME}/packages/weka-ranking/examples/"
    flow = json.loads((packaged / "ranking-reduction.kf").read_text())
    loader = flow["steps"][0]["properties"]["loader"]
    assert loader["filePath"] == installed + "breast-cancer.arff"
    assert loader["useRelativePath"] is False
    loader.update(filePath="arff_data/breast-cancer.arff", useRelativePath=True)
    assert flow == json.loads((ROOT / "docs" / "ranking-reduction.kf").read_text())

    def without_note(text: str) -> str:
        return re.sub(
            r'<object class="java.lang.String" name="notes">.*?</object>', "", text
        )

    experiment = (packaged / "ranking-reduction.xml").read_text()
    assert experiment.count(installed) == 3  # two data sets, and the note
    repository = (ROOT / "docs" / "ranking-reduction.xml").read_text()
    assert without_note(experiment).replace(installed, "arff_data/") == without_note(
        repository
    )
