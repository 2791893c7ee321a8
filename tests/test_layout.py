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
        "assert auc([1, 0], [0.9, 0.1]) == 1.0\n"
        "assert len(load_task('glass')) == 214\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
