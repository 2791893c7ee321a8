"""The reproduction grid on a Dask cluster gives the local numbers."""

import json

import pytest

from weka_ranking.studies.monograph.plan import build_plan
from weka_ranking.studies.monograph.run import run_plan
from weka_ranking.studies.monograph.store import ResultStore

distributed = pytest.importorskip("distributed")

TIMING = {"train_seconds", "rank_seconds", "write"}


def canonical(folder):
    return {
        json.dumps({k: v for k, v in r.items() if k not in TIMING}, sort_keys=True)
        for r in ResultStore(folder).records()
    }


def test_dask_local_cluster_equals_local_run(tmp_path, weka):
    units, _ = build_plan(("glass",), ("J48", "NaiveBayes"), quick=True)
    run_plan(units, ResultStore(tmp_path / "local"))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        ran = run_plan(
            units, ResultStore(tmp_path / "dask"), scheduler=cluster.scheduler_address
        )
    assert ran == len(units)
    assert canonical(tmp_path / "dask") == canonical(tmp_path / "local")
