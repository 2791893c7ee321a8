"""Shared fixtures: the JVM (started once: JPype cannot restart it) and WEKA helpers.

The lanes are markers, declared where the tests are (``pytestmark`` or a
decorator): ``fast`` (needs no JVM: :func:`_fast_tests_start_no_jvm` checks it
for each of them), ``slow`` (the long checks the default suite leaves out) and
``studies`` (every test of ``studies/``, marked by the studies' own
conftest.py).
"""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

from weka_ranking import jvm, load_task
from weka_ranking.data import Attribute, Dataset


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        slow = item.get_closest_marker("slow") is not None
        if slow and item.get_closest_marker("fast") is not None:
            raise pytest.UsageError(f"{item.nodeid} is marked both fast and slow")


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


@pytest.fixture(autouse=True)
def _logging_as_found():
    """Each test leaves weka_ranking's loggers as it found them.

    A command run in-process configures them (``progress.configure``): after
    ``main([..., "--quiet"])`` the package's warnings stay silenced, so that a
    test of the Python face that expects one would pass or fail by the order
    of the tests.
    """
    loggers = [logging.getLogger(n) for n in ("weka_ranking", "weka_ranking.progress")]
    found = [(x, x.level, x.handlers[:], x.propagate) for x in loggers]
    yield
    for logger, level, handlers, propagate in found:
        logger.setLevel(level)
        logger.handlers[:] = handlers
        logger.propagate = propagate


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


@pytest.fixture(scope="session")
def small_breast_cancer(weka) -> Dataset:
    """breast-cancer's first 120 rows: small enough to fit many times."""
    return load_task("breast-cancer").subset(np.arange(0, 120))


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
