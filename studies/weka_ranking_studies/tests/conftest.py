"""The studies' tests share the product's fixtures: the JVM with the harness, the data.

The collection hook of ``tests/conftest.py`` (no test both fast and slow) sees
these tests too; its fixtures are the directory's, so they are named here.

Every test of the studies' distribution is marked ``studies``, these and its
modules' doctests alike, so that ``python -m pytest -m studies`` runs the
studies' own lane and ``-m "not studies"`` the product's.
"""

from pathlib import Path

import pytest

from tests.conftest import (  # noqa: F401 (fixtures, found by their names)
    _fast_tests_start_no_jvm,
    _logging_as_found,
    breast_cancer,
    small_breast_cancer,
    weka,
)

DISTRIBUTION = Path(__file__).resolve().parents[2]  # studies/


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if DISTRIBUTION in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.studies)
