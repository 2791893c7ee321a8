"""Dask: the reproduction grid on a local cluster gives the local numbers.

Also: a worker of several threads starts one JVM; a fitted model travels.
"""

import json

import numpy as np
import pytest

from weka_ranking.experiments import ResultStore, run_units
from weka_ranking_studies.monograph.plan import build_plan
from weka_ranking_studies.monograph.run import run_unit

distributed = pytest.importorskip("distributed")

TIMING = {"train_seconds", "rank_seconds", "write"}


def canonical(folder):
    return {
        json.dumps({k: v for k, v in r.items() if k not in TIMING}, sort_keys=True)
        for r in ResultStore(folder).records()
    }


@pytest.mark.slow  # 26 s; one worker of two threads is in the default suite
def test_dask_without_a_scheduler_equals_local_run(tmp_path, weka):
    # executor="dask" and no scheduler: a LocalCluster of `jobs` workers.
    units, _ = build_plan(("glass",), ("J48", "NaiveBayes"), quick=True)
    run_units(units, run_unit, ResultStore(tmp_path / "local"))
    ran = run_units(
        units, run_unit, ResultStore(tmp_path / "dask"), jobs=2, executor="dask"
    )
    assert ran == len(units)
    assert canonical(tmp_path / "dask") == canonical(tmp_path / "local")


def _fit_and_rank(seed):
    from weka_ranking import RankingReduction, load_task

    data = load_task("glass")
    model = RankingReduction("J48", pairs_per_instance=1, voters=3, seed=seed)
    return model.fit(data).decision_function(data)


def test_one_worker_of_two_threads(weka, breast_cancer):
    from weka_ranking import RankingReduction

    model = RankingReduction("J48", pairs_per_instance=1, voters=3).fit(breast_cancer)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        # Both threads of the fresh worker start the JVM at once: one does.
        futures = client.map(_fit_and_rank, [1, 2], pure=False)
        first, second = client.gather(futures)
        shipped = client.submit(model.decision_function, breast_cancer).result()
    np.testing.assert_array_equal(first, _fit_and_rank(1))
    np.testing.assert_array_equal(second, _fit_and_rank(2))
    np.testing.assert_array_equal(shipped, model.decision_function(breast_cancer))
