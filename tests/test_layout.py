"""The import boundaries the architecture draws (docs/architecture.md): JPype
only in the bridge and the JVM start-up, metrics and data without any JVM."""

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


def test_metrics_and_data_import_without_jpype():
    code = (
        "import sys; sys.modules['jpype'] = None\n"
        "from weka_ranking.metrics import auc, ndcg\n"
        "from weka_ranking import load_task\n"
        "from weka_ranking.arff import load_arff\n"
        "from weka_ranking.tasks import STUDY_TASKS\n"
        "assert auc([1, 0], [0.9, 0.1]) == 1.0\n"
        "assert len(load_task('glass')) == 214\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_no_module_of_the_library_is_over_400_lines():
    long = {
        str(path.relative_to(PACKAGE)): n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text().splitlines())) > 400
    }
    assert long == {}


def test_the_command_line_is_thin():
    assert len((PACKAGE / "cli.py").read_text().splitlines()) <= 362


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
