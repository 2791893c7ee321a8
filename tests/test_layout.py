"""The import boundaries the architecture draws (docs/architecture.md).

The product's layers import downward only (foundations, the seam, the core,
the experiment engine, the command line); JPype only in the seam (and in the
studies' own); the modules, metrics and binarising without any JVM; the
product imports no study, a study only the product's public names and no
other study; no module reaches into the package's ``__init__``; no import
circle."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.fast  # needs no JVM

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "weka_ranking"
STUDIES = ROOT / "studies" / "weka_ranking_studies"
# The only modules that may import JPype (or python-weka-wrapper3's weka): the
# product's seam, and the studies' own for their own Java.
JVM_MODULES = {PACKAGE / "bridge.py", PACKAGE / "jvm.py", STUDIES / "java.py"}


def studies_code() -> list[Path]:
    """The studies' modules, their tests left out."""
    return [p for p in STUDIES.rglob("*.py") if STUDIES / "tests" not in p.parents]


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_seams_import_jpype():
    offenders = [
        str(path.relative_to(ROOT))
        for path in [*PACKAGE.rglob("*.py"), *studies_code()]
        if path not in JVM_MODULES and "jpype" in imported_modules(path)
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
    """The modules of the product or the studies a module imports, at any depth.

    ``from a.b import c`` counts as ``a.b`` and ``a.b.c`` (c may be a module).
    """
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("weka_ranking"):
                base = node.module
                names |= {f"{base}.{alias.name}" for alias in node.names} | {base}
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names if a.name.startswith("weka_ranking")}
    return names


def module_name(path: Path) -> str:
    """``weka_ranking.experiments.plan`` of its file (a package of its ``__init__``)."""
    top = PACKAGE if PACKAGE in path.parents else STUDIES
    parts = path.relative_to(top.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def product_modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


# The product's layers, bottom up, as docs/architecture.md draws them: a module
# imports modules of its own layer or the ones below, never above.
LAYERS = {
    "foundations": {
        "errors", "version", "progress", "machine", "atomic", "_resources",
        "_javabuild", "data", "params", "metrics", "stats", "folds", "inputs",
        "estimator",
    },
    "seam": {"jvm", "bridge"},
    "core": {
        "arff", "tasks", "environment", "learners", "memory", "model",
        "persistence", "evaluation", "peers", "tuning", "weka_package",
    },
    "engine": {"experiments"},
    "command line": {"cli", "__main__"},
}  # fmt: skip


def layer(module: str) -> int:
    """The rank of a product module's layer (its top-level name's)."""
    parts = module.split(".")
    if len(parts) == 1:  # the package's front door, above everything it re-exports
        return len(LAYERS)
    return next(i for i, names in enumerate(LAYERS.values()) if parts[1] in names)


def test_every_product_module_has_a_layer():
    assert [m for m in product_modules() if m.count(".") and layer(m) is None] == []
    named = {n for names in LAYERS.values() for n in names}
    top = {m.split(".")[1] for m in product_modules() if m.count(".")}
    assert top == named


def test_the_product_imports_downward_only():
    # The package itself (``from weka_ranking import bridge``) is no layer.
    modules = {n: p for n, p in product_modules().items() if n != "weka_ranking"}
    upward = {
        name: sorted(
            m for m in package_imports(path) if m in modules and layer(m) > layer(name)
        )
        for name, path in modules.items()
    }
    assert {name: found for name, found in upward.items() if found} == {}


def test_the_rule_catches_an_upward_import(tmp_path, monkeypatch):
    """The check above can fail: a foundation importing the engine is found."""
    module = PACKAGE / "errors.py"
    assert "weka_ranking.experiments" not in package_imports(module)
    planted = tmp_path / "errors.py"
    planted.write_text(module.read_text() + "\nfrom weka_ranking import experiments\n")
    found = {m for m in package_imports(planted) if m in product_modules()}
    assert any(layer(m) > layer("weka_ranking.errors") for m in found)


def test_no_import_circle_between_modules():
    modules = {
        name: path for name, path in product_modules().items() if name.count(".")
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


def test_the_product_imports_no_study():
    offenders = {
        module_name(path): sorted(
            m for m in package_imports(path) if m.startswith("weka_ranking_studies")
        )
        for path in PACKAGE.rglob("*.py")
    }
    assert {name: found for name, found in offenders.items() if found} == {}


def private_names(path: Path) -> list[str]:
    """The product's private modules and names a module imports."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "weka_ranking."
        ):
            if any(part.startswith("_") for part in node.module.split(".")):
                found.append(node.module)
            found += [
                f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")
            ]
        elif isinstance(node, ast.Import):
            found += [
                a.name
                for a in node.names
                if a.name.startswith("weka_ranking.")
                and any(part.startswith("_") for part in a.name.split("."))
            ]
    return found


def test_the_studies_import_only_the_products_public_names():
    offenders = {
        module_name(path): private_names(path)
        for path in studies_code()
        if private_names(path)
    }
    assert offenders == {}


# The studies: subpackages and modules of the studies' package, but for what
# they share (the package's names, its Java seam), the commands over them and
# their tests (which, as the product's, may reach into what they test).
NOT_STUDIES = {"__init__", "java", "commands", "tests"}


def test_no_study_imports_another_study():
    studies = (
        {p.stem for p in STUDIES.iterdir() if p.suffix == ".py" or p.is_dir()}
        - NOT_STUDIES
        - {"__pycache__", "_java"}
    )
    offenders = {}
    for name in studies:
        found = STUDIES / name
        for path in found.rglob("*.py") if found.is_dir() else [STUDIES / f"{name}.py"]:
            others = sorted(
                m
                for m in package_imports(path)
                if m.count(".") and m.split(".")[1] in studies - {name}
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
    for path in PACKAGE.rglob("*.py"):  # the studies are users: the door is theirs
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "weka_ranking":
                offenders += [
                    f"{module_name(path)}: {alias.name}"
                    for alias in node.names
                    if alias.name not in submodules
                ]
    assert offenders == []
