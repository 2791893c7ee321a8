"""The studies' tests share the product's fixtures: the JVM with the harness, the data.

The collection hook of ``tests/conftest.py`` (the fast lane's marks) sees these
tests too; its fixtures are the directory's, so they are named here.
"""

from tests.conftest import (  # noqa: F401 (fixtures, found by their names)
    _fast_tests_start_no_jvm,
    breast_cancer,
    weka,
)
