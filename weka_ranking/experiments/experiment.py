"""A user's experiment from plan to report, on the engine's runner."""

from __future__ import annotations

import logging
import os
import shlex
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from weka_ranking import jvm, machine
from weka_ranking import progress as progress_module
from weka_ranking.errors import WekaRankingError
from weka_ranking.experiments.estimate import (
    TimeLeft,
    estimate,
    far_longer_line,
    kept_pilot,
    plan_estimate,
    stored_units,
)
from weka_ranking.experiments.plan import ExperimentPlan, ExperimentUnit, run_unit
from weka_ranking.experiments.registration import register
from weka_ranking.experiments.report import write_report
from weka_ranking.experiments.runner import Pacer, pending_units, run_resumably
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
    progress: bool = False,
    command: str = "",
    retry_failed: bool = False,
) -> tuple[int, int, Path]:
    """Run the plan's missing units into the store ``out``, then write its report.

    Resumable: stop it anywhere and run it again to finish what is missing;
    one process, ``jobs`` worker processes or a Dask cluster give the same
    records; ``retry_failed`` runs again the units that failed. ``progress``
    says the units done, of how many, and the time to go, each scheme priced
    on each data set (:class:`~weka_ranking.experiments.estimate.TimeLeft`,
    by the pilot ``--estimate`` kept in ``out`` where no unit is done yet,
    which also names a scheme expected to take far longer than the others).
    Returns the units run now, the units of the plan, the report.
    """
    store = ResultStore(out, plan.source)
    check_before_work(plan, store, heap)
    units = plan.units()
    done = stored_units(store)
    say_units_left_out(plan, units, done, store.folder)
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
    time_left, pacer = None, Pacer(machine.cores())
    if progress:
        pending = pending_units(units, done, retry_failed)
        prior = kept_pilot(plan, out, jobs)
        time_left = TimeLeft(pending, prior, jobs, alone=pacer.runs_alone)
        if prior and pending:
            said = far_longer_line(estimate(pending, prior, jobs))
            if said:
                progress_module.line(said, force=True)
    try:
        ran = run_resumably(
            units,
            run_unit,
            store,
            time_left,
            time_left.finished if time_left else None,
            jobs=jobs,
            heap=heap,
            scheduler=scheduler,
            executor=executor,
            retry_failed=retry_failed,
            pacer=pacer,
        )
    except KeyboardInterrupt:
        # The progress line is said every few seconds, so its count lags the
        # store's: say what a resumed run will find (a new user's finding).
        stored = len(units) - len(pending_units(units, stored_units(store)))
        raise KeyboardInterrupt(f"{stored} of the plan's {len(units)} units are stored")
    return ran, len(units), write_report(plan, out, made_by(command, os.getcwd()))


def check_before_work(
    plan: ExperimentPlan, store: ResultStore, heap: str | None = None
) -> None:
    """Refuse, in one line and before any work, what would fail the run.

    An output folder that is no folder, a data file that cannot be read or
    holds fewer rows than folds, a scheme that would fail every unit (against
    the JVM's heap, started here), a folder whose records another plan defined.
    """
    store.check_folder()
    jvm.start(heap=heap)  # the heap the schemes are checked against
    plan.check_runnable()
    refuse_another_plan(plan, store)


def estimate_experiment(
    plan: ExperimentPlan, out: str | Path, jobs: int = 1, retry_failed: bool = False
) -> dict:
    """``experiment --estimate``: the run's checks, then the plan priced by a pilot.

    Runs no unit of the plan; writes only the pilot's seconds into ``out``
    (:func:`~weka_ranking.experiments.estimate.plan_estimate`). The checks'
    seconds price the run's reading of the data sets: the JVM is started
    before them, as the command's own start is not priced.
    """
    jvm.start()
    started = time.perf_counter()
    # The run reads the data sets alike.
    check_before_work(plan, ResultStore(out, plan.source))
    read = time.perf_counter() - started
    return plan_estimate(plan, out, jobs, retry_failed=retry_failed, load_seconds=read)


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
    taken for this plan's. The plan noted in the folder is the authority: a
    folder with records and no plan noted (``runs.jsonl`` removed) is refused,
    since nothing then says what its records are.
    """
    notes = _plan_notes(store)
    if not notes and _has_records(store):
        said = "no plan in runs.jsonl" if store.runs_path.exists() else "no runs.jsonl"
        raise ExperimentError(
            f"{store.folder}: holds results but {said}, which notes the plan they "
            "come from: they cannot be told to be this plan's; restore runs.jsonl, "
            "or write to a new --out folder"
        )
    for note in reversed(notes):
        found = plan.differences(
            note["plan"], note.get("defaults", MONOGRAPH_CONFIGURATION)
        )
        if found:
            raise ExperimentError(
                f"{store.folder}: its records come from another plan "
                f"({'; '.join(found)}); write to a new --out folder, or rename "
                "what changed"
            )


def say_units_left_out(
    plan: ExperimentPlan,
    units: Sequence[ExperimentUnit],
    done: Mapping[str, list[dict]],
    folder: Path,
) -> None:
    """Say, in one line, the stored results this plan's report will leave out.

    A folder may hold units of an earlier plan that this one does not ask for
    (data sets, schemes or runs left out: :meth:`ExperimentPlan.differences`
    allows it). They stay in the store, but the report (report.md,
    values.json, results.arff) is written again for this plan alone: said
    before the work, so that an earlier report is not replaced unawares.
    ``done`` is the folder's records by unit (``stored_units``).
    """
    asked = {unit.key for unit in units}
    others = [
        records[0] for unit, records in done.items() if unit not in asked and records
    ]
    if not others:
        return
    parts = []
    for what, key, planned in (
        ("data set", "dataset", {d.name for d in plan.data}),
        ("scheme", "scheme_name", {s.name for s in plan.schemes}),
    ):
        names = sorted({str(r.get(key)) for r in others} - planned)
        if names:
            quoted = ", ".join(repr(name) for name in names)
            parts.append(f"{what}{'s' if len(names) > 1 else ''} {quoted}")
    progress_module.warn(
        logger,
        "%s: holds the results of %d units this plan does not ask for (%s): its "
        "report is written again for this plan alone; run the earlier plan again "
        "to write its report back, or give this one a new --out folder",
        folder,
        len(others),
        "; ".join(parts) or "other runs",
    )


def _has_records(store: ResultStore) -> bool:
    """Whether the store's files hold anything (read no further than their size)."""
    return any(
        path.is_file() and path.stat().st_size > 0
        for path in (store.path, store.compressed)
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
    for note in reversed(_plan_notes(ResultStore(folder))):
        command = note.get("command", "")
        if isinstance(command, str) and isinstance(note.get("folder"), str):
            command = made_by(command, note["folder"])
        defaults = note.get("defaults", MONOGRAPH_CONFIGURATION)
        return ExperimentPlan.from_dict(note["plan"], str(folder), defaults), command
    return None


def made_by(command: str, folder: str) -> str:
    """The command as a report says it: run in its folder, whose paths it may use.

    The run's own report and one ``report`` renders again say the same.
    """
    return f"cd {shlex.quote(folder)} && {command}" if command else ""


def _plan_notes(store: ResultStore) -> list[dict]:
    """The notes of ``runs.jsonl`` that hold a plan, each checked to read back as one.

    A note edited by hand into another shape is refused in one line naming
    the file, rather than failing later on a missing key.
    """
    notes = [note for note in store.runs() if "plan" in note]
    for note in notes:
        try:
            ExperimentPlan.from_dict(
                note["plan"],
                str(store.folder),
                note.get("defaults", MONOGRAPH_CONFIGURATION),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            reason = f"no {err}" if isinstance(err, KeyError) else str(err)
            raise ExperimentError(
                f"{store.runs_path}: a plan noted there is not a plan ({reason}); "
                "restore the file, or write to a new --out folder"
            ) from None
    return notes
