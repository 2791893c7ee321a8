"""Shared fixtures: the JVM (started once: JPype cannot restart it) and WEKA helpers.

The fast lane (``python -m pytest -m fast``) is every test of
:data:`FAST_MODULES` and every test marked ``fast``: none of them starts the
JVM, which :func:`_fast_tests_start_no_jvm` checks for each of them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from weka_ranking import jvm, load_task
from weka_ranking.data import Attribute, Dataset

# Test modules whose every test works without the JVM.
FAST_MODULES = {
    "test_layout.py",
    "test_ltr_metrics.py",
    "test_provenance.py",
    "test_report.py",
    "test_store.py",
    "test_style.py",
    "test_xhits.py",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        slow = item.get_closest_marker("slow") is not None
        if slow and item.get_closest_marker("fast") is not None:
            raise pytest.UsageError(f"{item.nodeid} is marked both fast and slow")
        if Path(str(item.fspath)).name in FAST_MODULES and not slow:
            item.add_marker(pytest.mark.fast)


def _jvm_started() -> bool:
    import jpype

    return bool(jpype.isJVMStarted())


@pytest.fixture(autouse=True)
def _fast_tests_start_no_jvm(request):
    """A test in the fast lane must not start the JVM (the lane's promise)."""
    fast = request.node.get_closest_marker("fast") is not None
    before = fast and _jvm_started()
    yield
    if fast and not before:
        assert not _jvm_started(), (
            f"{request.node.nodeid} is marked fast but starts the JVM"
        )


# The differential harness (``wekaranking.harness``): a learner trained from the
# rows and on the materialised pairs, compared; test code, so not in the jars.
HARNESS = Path(__file__).resolve().parent / "java"
HARNESS_JAR = HARNESS / "build" / "harness.jar"


@pytest.fixture(scope="session")
def weka():
    """JPype's JClass, once the JVM runs with the harness on its class path."""
    import jpype

    jvm.load_java([HARNESS], HARNESS_JAR)
    return jpype.JClass


@pytest.fixture(scope="session")
def breast_cancer() -> Dataset:
    return load_task("breast-cancer")


def with_row_ids(data: Dataset) -> Dataset:
    """The data set with a first attribute holding each row's index."""
    return Dataset(
        np.c_[np.arange(len(data)), data.X],
        data.y,
        (Attribute("row_id"),) + data.attributes,
        data.class_name,
        data.class_values,
        data.positive_index,
    )


def ids(instances) -> list[int]:
    return [
        int(instances.instance(k).value(0)) for k in range(instances.numInstances())
    ]
