"""The import boundaries the architecture draws (docs/architecture.md).

JPype only in the bridge and the JVM start-up; the modules, metrics and
binarising without any JVM; the core imports no study; no module reaches into
the package's ``__init__``; no import circle."""

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "weka_ranking"
# The only modules that may import JPype (or python-weka-wrapper3's weka).
JVM_MODULES = {"bridge.py", "jvm.py"}


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_bridge_and_the_jvm_start_import_jpype():
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.name not in JVM_MODULES and "jpype" in imported_modules(path)
    ]
    assert offenders == []


def test_modules_metrics_and_binarising_work_without_jpype():
    """Only reading a data file starts the JVM.

    Data files are read by WEKA's own reader; importing the package and its modules, the
    metrics, and making a binary task of a table that is already read do not need it.
    """
    code = (
        "import sys; sys.modules['jpype'] = None\n"
        "import numpy as np\n"
        "from weka_ranking.metrics import auc, ndcg\n"
        "from weka_ranking import load_task\n"
        "from weka_ranking.arff import load_arff\n"
        "from weka_ranking.tasks import STUDY_TASKS\n"
        "from weka_ranking.data import Declared, Table, binary_dataset\n"
        "assert auc([1, 0], [0.9, 0.1]) == 1.0\n"
        "declared = (Declared('a', 'numeric'), Declared('c', 'nominal', ('p', 'q')))\n"
        "table = Table('r', declared, np.array([[1.0, 0], [2.0, 1], [3.0, 1]]))\n"
        "assert binary_dataset(table, 'r').y.tolist() == [1, 0, 0]\n"
        "try:\n"
        "    load_task('glass')\n"
        "except ImportError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('read a file without the JVM')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def package_imports(path: Path) -> set[str]:
    """The package's modules a module imports, at its top or inside functions."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("weka_ranking"):
                base = node.module
                names |= {f"{base}.{alias.name}" for alias in node.names} | {base}
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names if a.name.startswith("weka_ranking")}
    return names


def test_no_import_circle_between_modules():
    modules = {
        "weka_ranking."
        + ".".join(path.relative_to(PACKAGE).with_suffix("").parts): path
        for path in PACKAGE.rglob("*.py")
        if path.name != "__init__.py"
    }
    graph = {
        name: {m for m in package_imports(path) if m in modules and m != name}
        for name, path in modules.items()
    }
    circles = []

    def visit(name, trail):
        for following in graph[name]:
            if following in trail:
                circles.append(trail[trail.index(following) :] + [following])
            elif len(trail) < len(graph):
                visit(following, trail + [following])

    for name in graph:
        visit(name, [name])
    assert circles == []


def module_name(path: Path) -> str:
    return "weka_ranking." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)


STUDIES = PACKAGE / "studies"
# The command line sits above the core and the studies: each study is one of
# its commands.
FACES = {PACKAGE / "cli.py", PACKAGE / "__main__.py"}


def test_no_core_module_imports_a_study():
    offenders = {
        module_name(path): sorted(
            m for m in package_imports(path) if m.startswith("weka_ranking.studies.")
        )
        for path in PACKAGE.rglob("*.py")
        if STUDIES not in path.parents and path not in FACES
    }
    assert {name: found for name, found in offenders.items() if found} == {}


def test_no_study_imports_another_study():
    offenders = {}
    for study in (p for p in STUDIES.iterdir() if (p / "__init__.py").is_file()):
        own = f"weka_ranking.studies.{study.name}"
        for path in study.rglob("*.py"):
            others = sorted(
                m
                for m in package_imports(path)
                if m.startswith("weka_ranking.studies.") and not m.startswith(own)
            )
            if others:
                offenders[module_name(path)] = others
    assert offenders == {}


def test_no_module_imports_a_name_of_the_package_init():
    """``from weka_ranking import X`` only for submodules, never ``__init__``'s names.

    ``__init__``'s own names are ``__version__`` and ``load_task``: the package's front
    door is for users, and importing it from inside invites circles.
    """
    submodules = {p.stem for p in PACKAGE.glob("*.py")} | {
        p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()
    }
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "weka_ranking":
                offenders += [
                    f"{module_name(path)}: {alias.name}"
                    for alias in node.names
                    if alias.name not in submodules
                ]
    # The docstring examples show the user's import; they are not code paths.
    assert offenders == []
