"""Shared fixtures: the JVM (started once: JPype cannot restart it) and WEKA helpers."""

from __future__ import annotations

import numpy as np
import pytest

from weka_ranking import jvm, load_task
from weka_ranking.data import Attribute, Dataset


@pytest.fixture(scope="session")
def weka():
    """JPype's JClass, once the JVM runs."""
    import jpype

    jvm.start()
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
