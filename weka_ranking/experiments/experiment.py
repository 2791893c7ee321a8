"""A user's experiment from plan to report, on the engine's runner."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from weka_ranking.experiments.plan import ExperimentPlan, run_unit
from weka_ranking.experiments.report import write_report
from weka_ranking.experiments.runner import run_resumably
from weka_ranking.experiments.store import ResultStore

logger = logging.getLogger(__name__)


def run_experiment(
    plan: ExperimentPlan,
    out: str | Path,
    *,
    jobs: int = 1,
    heap: str | None = None,
    scheduler: str | None = None,
    executor: str = "local",
    progress: Callable[[int, int], None] | None = None,
    command: str = "",
    retry_failed: bool = False,
) -> tuple[int, int, Path]:
    """Run the plan's missing units into the store ``out``, then write its report.

    Resumable: stop it anywhere and run it again to finish what is missing;
    one process, ``jobs`` worker processes or a Dask cluster give the same
    records; ``retry_failed`` runs again the units that failed. Returns the
    units run now, the units of the plan, the report.
    """
    units = plan.units()
    for spec in plan.data:  # a bad file fails here, in one line, before any work
        spec.load()
    store = ResultStore(out)
    store.add_run({"plan": plan.to_dict()})
    ran = run_resumably(
        units,
        run_unit,
        store,
        progress,
        jobs=jobs,
        heap=heap,
        scheduler=scheduler,
        executor=executor,
        retry_failed=retry_failed,
    )
    return ran, len(units), write_report(plan, out, command)
