"""A user's experiment from plan to report, on the engine's runner."""

from __future__ import annotations

import logging
import os
import shlex
from collections.abc import Callable
from pathlib import Path

from weka_ranking.errors import WekaRankingError
from weka_ranking.experiments.plan import ExperimentPlan, run_unit
from weka_ranking.experiments.registration import register
from weka_ranking.experiments.report import write_report
from weka_ranking.experiments.runner import run_resumably
from weka_ranking.experiments.store import ResultStore
from weka_ranking.params import MONOGRAPH_CONFIGURATION, current_defaults

logger = logging.getLogger(__name__)


class ExperimentError(WekaRankingError):
    """An experiment that cannot go on as asked (said in one line)."""


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
    for scheme in plan.schemes:  # so does a scheme that would fail every unit
        scheme.check_runnable()
    store = ResultStore(out)
    refuse_another_plan(plan, store)
    with store.run_lock():
        register(
            out,
            plan.to_dict(),
            plan.rule,
            plan.amendments,
            len(store.load()),
            plan.source or "the plan",
        )
    store.add_run(plan_note(plan, command=command, folder=os.getcwd()))
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


def plan_note(plan: ExperimentPlan, **more: str) -> dict:
    """The store's note of a run: the plan, and the defaults it ran with.

    A scheme that leaves a parameter out means its default of the day: noted,
    so that a later run with other defaults sees the difference.
    """
    return {"plan": plan.to_dict(), "defaults": current_defaults(), **more}


def refuse_another_plan(plan: ExperimentPlan, store: ResultStore) -> None:
    """Refuse a folder whose records a plan defined otherwise, in one line.

    A unit is found by its data set's and scheme's names, its run and its
    fold: records made under another definition of those names would be
    taken for this plan's.
    """
    for note in reversed(store.runs()):
        if "plan" not in note:
            continue
        found = plan.differences(
            note["plan"], note.get("defaults", MONOGRAPH_CONFIGURATION)
        )
        if found:
            raise ExperimentError(
                f"{store.folder}: its records come from another plan "
                f"({'; '.join(found)}); write to a new --out folder, or rename "
                "what changed"
            )


def failures(plan: ExperimentPlan, store: str | Path) -> list[dict]:
    """The records of the plan's units that hold an error, in the plan's order."""
    keys = {unit.key for unit in plan.units()}
    return [
        r for r in ResultStore(store).records() if r["unit"] in keys and "error" in r
    ]


def noted_plan(folder: str | Path) -> tuple[ExperimentPlan, str] | None:
    """The plan an experiment's folder noted last, and the command that ran it.

    None for a folder that no experiment wrote (the reproduction's store).
    """
    for note in reversed(ResultStore(folder).runs()):
        if "plan" in note:
            command = note.get("command", "")
            if command and note.get("folder"):
                command = f"cd {shlex.quote(note['folder'])} && {command}"
            defaults = note.get("defaults", MONOGRAPH_CONFIGURATION)
            plan = ExperimentPlan.from_dict(note["plan"], str(folder), defaults)
            return plan, command
    return None
