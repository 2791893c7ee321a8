"""The benchmark trains a fold by every SMO solver beside WEKA's path.

Slow: each solver against WEKA's SMO on the materialised pairs is the product's
``tests/test_smo_solvers.py``; here, the benchmark's timing of them.
"""

import pytest

from tests.test_smo_solvers import sample


@pytest.mark.slow  # a timing of the bench (20 s); see the docstring
def test_bench_trains_a_fold_by_every_solver_beside_wekas_path(weka):
    from weka_ranking_studies.bench import benchmarks

    measured = benchmarks.smo_all_pairs_fold(sample("breast-cancer", 100))
    assert measured["smo_all_pairs_breast_cancer_fold_seconds"] is None  # not the task
    fold = measured["smo_all_pairs_fold"]
    assert fold["pairs"] > 3000 and set(fold["solvers"]) == {
        "pairs",
        "row-kernel",
        "differences",
    }
    assert all(s["seconds"] > 0 for s in fold["solvers"].values())
    assert fold["solvers"]["row-kernel"]["same_ranking"]  # binary attributes
