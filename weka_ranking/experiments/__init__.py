"""One experiment engine: plans expanded into units, run into a resumable store.

A plan (the monograph's study, or a user's own :class:`ExperimentPlan` of
data sets x schemes x runs x folds) expands into units; the runner runs the
units missing from a :class:`ResultStore` in this process, in worker
processes or on a Dask cluster; the analysis computes values once from the
store (per-data-set corrected t-tests, average ranks, Friedman and
post-hoc tests across data sets, costs) and the report renders them.
"""

from weka_ranking.experiments.runner import run_resumably, run_units
from weka_ranking.experiments.store import ResultStore, RunInProgress

__all__ = ["ResultStore", "RunInProgress", "run_resumably", "run_units"]
