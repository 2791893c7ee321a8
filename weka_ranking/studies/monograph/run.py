"""Run units of work, in this process or in worker processes, into a store."""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import replace
from pathlib import Path

from weka_ranking import bridge, jvm
from weka_ranking import progress as progress_module
from weka_ranking.data import Dataset
from weka_ranking.environment import git_sha, machine, software_versions
from weka_ranking.errors import WekaError
from weka_ranking.evaluation import evaluate_fold, fit_fold
from weka_ranking.folds import weka_folds
from weka_ranking.model import RankingReduction
from weka_ranking.studies.monograph.config import Config
from weka_ranking.studies.monograph.plan import (
    FOLDS,
    RANKERS,
    SEED,
    Unit,
    learner_options,
)
from weka_ranking.studies.monograph.store import ResultStore
from weka_ranking.tasks import load_task

logger = logging.getLogger(__name__)


class OneOrderReduction(RankingReduction):
    """The reduction trained on pairs of one order only (first element positive).

    A hypothesis about the monograph, not a method; every pair then has label 1, so the
    learner sees one class (the Java ``-one-order``).
    """

    _variant_options = ("-one-order",)


# The monograph's sampled configurations (star, double_star) and their models.
SAMPLED_MODELS = {
    Config("voters", 10): {"pairs_per_instance": 1, "voters": 10},
    Config("pairs", 10): {"pairs_per_instance": 10, "voters": 1},
}


def _task_data(unit: Unit) -> Dataset:
    data = load_task(unit.task)
    if unit.variant == "majority-first":
        # The other class ranks first (for a merged class, "rest" as a whole).
        data = replace(data, y=1 - data.y, positive_index=1 - data.positive_index)
    elif unit.variant == "classes-swapped":
        # The same instances and labels, the class values declared the other way.
        values = data.class_values[::-1]
        data = replace(
            data, class_values=values, positive_index=1 - data.positive_index
        )
    return data


def _records(
    model: RankingReduction,
    test: Dataset,
    fold: int,
    n_train: int,
    train_seconds: float,
    config: Config,
    rankers,
) -> list[tuple[Config, dict]]:
    """The fitted model ranked by each ranker: (config, record) pairs."""
    records = []
    for ranker in rankers:
        model.set_params(ranker=ranker)
        record = evaluate_fold(
            model, test, fold=fold, n_train=n_train, train_seconds=train_seconds
        )
        records.append(
            (
                config,
                {
                    "ranker": ranker,
                    "pairs": model.pairs_per_instance,
                    "voters": model.voters,
                    **record.to_dict(),
                },
            )
        )
    return records


def run_unit(unit: Unit) -> list[dict]:
    """Train the unit's models on its fold and rank the test fold with each ranker.

    A unit WEKA cannot train (e.g. a learner refusing the one-class pairs of
    the "one-order" variant) gives one record holding the error.
    """
    try:
        return _run_unit(unit)
    except WekaError as err:
        return [
            {
                "task": unit.task,
                "learner": unit.learner,
                "variant": unit.variant,
                "family": unit.family,
                "fold": unit.fold,
                "error": str(err),
            }
        ]


def _run_unit(unit: Unit) -> list[dict]:
    data = _task_data(unit)
    train_rows, test_rows = list(weka_folds(data.y, FOLDS, SEED))[unit.fold]
    train, test = data.subset(train_rows), data.subset(test_rows)
    reduction = OneOrderReduction if unit.variant == "one-order" else RankingReduction

    def estimator(learner: str, pairs_per_instance: int | str = "all", **params):
        positives = int(train.y.sum())
        per_member = (
            None  # the learner alone
            if params.get("ranker") == "pointwise"
            else 2 * positives * (len(train) - positives)
            if pairs_per_instance == "all"
            else pairs_per_instance * len(train)
        )
        return reduction(
            learner,
            base_options=learner_options(learner, per_member, bridge.free_heap()[1]),
            pairs_per_instance=pairs_per_instance,
            **params,
        )

    fold = {"fold": unit.fold, "n_train": len(train)}
    results = []
    if unit.family == "base":
        model, seconds = fit_fold(estimator(unit.learner, ranker="pointwise"), train)
        results += _records(
            model,
            test,
            **fold,
            train_seconds=seconds,
            config=Config("base"),
            rankers=["pointwise"],
        )
    elif unit.family == "original":
        model, seconds = fit_fold(estimator(unit.learner), train)
        results += _records(
            model,
            test,
            **fold,
            train_seconds=seconds,
            config=Config("original"),
            rankers=RANKERS,
        )
    elif unit.family == "voters":
        committee, _ = fit_fold(
            estimator(unit.learner, pairs_per_instance=1, voters=max(unit.sweep)),
            train,
        )
        for voters in unit.sweep:
            model = committee.sub_committee(voters)
            results += _records(
                model,
                test,
                **fold,
                train_seconds=sum(model.member_seconds_),
                config=Config("voters", voters),
                rankers=RANKERS,
            )
    elif unit.family == "pairs":
        for pairs in unit.sweep:
            model, seconds = fit_fold(
                estimator(unit.learner, pairs_per_instance=pairs), train
            )
            results += _records(
                model,
                test,
                **fold,
                train_seconds=seconds,
                config=Config("pairs", pairs),
                rankers=RANKERS,
            )
    elif unit.family == "seeds":
        for seed in unit.sweep:
            for config, params in SAMPLED_MODELS.items():
                model, seconds = fit_fold(
                    estimator(unit.learner, seed=seed, **params), train
                )
                results += _records(
                    model,
                    test,
                    **fold,
                    train_seconds=seconds,
                    config=replace(config, seed=seed),
                    rankers=RANKERS,
                )
    else:
        raise ValueError(f"unknown family {unit.family!r}")
    return [
        {
            "task": unit.task,
            "learner": unit.learner,
            "variant": unit.variant,
            "family": unit.family,
            "config": str(config),
            "seed": SEED,
            "positive": data.positive,
            **record,
        }
        for config, record in results
    ]


def _die_with_parent() -> None:
    """Linux: this worker ends when the process that started it dies.

    It ends even when that process dies by SIGKILL, instead of running on as an orphan.
    """
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    pr_set_pdeathsig = 1
    ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
    if os.getppid() == 1:  # the parent died before the request took effect
        os._exit(1)


def _worker_start(heap: str | None) -> None:
    _die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    logging.getLogger("weka_ranking").setLevel(logging.ERROR)
    jvm.start(heap=heap)


def run_description(jobs: int) -> dict:
    """Versions, machine and command of this run, for ``runs.jsonl``."""
    return {
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "argv": sys.argv,
        **software_versions(),
        "git_sha": git_sha(),
        "machine": machine(),
        "jobs": jobs,
    }


def _run_unit_with_heap(unit: Unit, heap: str | None) -> list[dict]:
    """A unit on a Dask worker, whose JVM gets the run's heap."""
    jvm.start(heap=heap)
    return run_unit(unit)


def _run_on_dask(
    pending: list[Unit],
    store: ResultStore,
    scheduler: str | None,
    progress,
    heap,
    jobs: int,
):
    from contextlib import nullcontext

    from distributed import Client, LocalCluster, as_completed

    # Without a scheduler, a cluster of this machine: ``jobs`` worker
    # processes of one thread, each with its own JVM, ended with the run.
    cluster = (
        nullcontext(scheduler)
        if scheduler
        else LocalCluster(n_workers=jobs, threads_per_worker=1, dashboard_address=None)
    )
    with cluster as address, Client(address) as client:
        keys = [f"weka-ranking-{unit.key}" for unit in pending]
        futures = client.map(_run_unit_with_heap, pending, heap=heap, key=keys)
        by_future = dict(zip(futures, pending))
        for future in as_completed(futures):
            store.append(by_future[future].key, future.result())
            if progress:
                progress(1)


def run_plan(
    units: list[Unit],
    store: ResultStore,
    jobs: int = 1,
    heap: str | None = None,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
    executor: str = "local",
) -> int:
    """Run every unit not yet in the store; return how many were run.

    Finished units are appended as they complete, so an interruption loses
    only the units under way. ``jobs`` worker processes, each with its own
    JVM, give the same records as one: every unit is seeded on its own. With
    ``executor="dask"`` the units run on a Dask cluster's workers instead
    (one JVM per worker process, any number of threads), the cluster at
    ``scheduler`` or without one a local cluster of ``jobs`` workers, and
    their records come back here to be stored.
    """
    done = store.load()
    pending = [u for u in units if u.key not in done]
    jvm.start(heap=heap)
    description = run_description(jobs)
    if scheduler and executor != "dask":
        raise ValueError("scheduler is the address of a Dask cluster: executor='dask'")
    if executor == "dask":
        description["executor"] = f"dask {scheduler or f'local {jobs} workers'}"
    store.add_run({**description, "units": len(units), "pending": len(pending)})
    if executor == "dask":
        _run_on_dask(pending, store, scheduler, progress, heap, jobs)
        return len(pending)
    if jobs == 1:
        # The units are counted; their members' lines would crowd that out.
        level = progress_module.MEMBERS.level
        progress_module.MEMBERS.setLevel(logging.WARNING)
        try:
            for unit in pending:
                store.append(unit.key, run_unit(unit))
                if progress:
                    progress(1)
        finally:
            progress_module.MEMBERS.setLevel(level)
        return len(pending)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, context, _worker_start, (heap,)) as pool:
        try:
            queue = iter(pending)
            running = {}
            for unit in queue:
                running[pool.submit(run_unit, unit)] = unit
                if len(running) >= 2 * jobs:
                    break
            while running:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    unit = running.pop(future)
                    store.append(unit.key, future.result())
                    if progress:
                        progress(1)
                    following = next(queue, None)
                    if following is not None:
                        running[pool.submit(run_unit, following)] = following
        except BaseException:
            _stop_workers(pool)
            raise
    return len(pending)


def reproduce(
    out: str | Path,
    tasks: tuple[str, ...] | None = None,
    learners: tuple[str, ...] | None = None,
    quick: bool = False,
    include_slow: bool = False,
    jobs: int = 1,
    heap: str | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    experimenter: bool = False,
    executor: str = "local",
) -> tuple[int, int, Path]:
    """The reproduction into the store ``out``, resumable, and its report.

    Returns the units run now, the units in the plan and the report's path.
    ``progress(done, pending)`` is called as units finish. ``experimenter``
    then runs every published cell in WEKA's Experimenter too, and the
    learner alone and voting over 10 runs for the corrected resampled t-test,
    into ``out/experimenter`` (:mod:`.experimenter`).
    """
    from weka_ranking.studies.monograph.plan import build_plan
    from weka_ranking.studies.monograph.report import write_report

    if jobs < 1:
        raise ValueError(f"jobs must be >= 1, got {jobs}")
    units, left_out = build_plan(tasks, learners, quick, include_slow)
    if quick:
        logger.warning("quick: a subset (2 tasks, 2 learners, sweeps 1, 5, 10)")
    for line in left_out:
        logger.warning("left out: %s", line)
    store = ResultStore(out)
    with store.run_lock():  # a second run on the same folder is refused at once
        done = store.load()
        pending = sum(1 for u in units if u.key not in done)
        logger.info("%d units, %d already in %s", len(units), len(units) - pending, out)
        started, finished = time.perf_counter(), [0]

        def advance(count: int) -> None:
            finished[0] += count
            if progress:
                progress(finished[0], pending)

        ran = run_plan(units, store, jobs, heap, advance, scheduler, executor)
        store.add_run(
            {
                "finished": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "seconds": round(time.perf_counter() - started, 1),
                "units_run": ran,
                "jobs": jobs,
            }
        )
        if experimenter:
            from weka_ranking.studies.monograph import experimenter as wekas

            for work in (wekas.plan(out), wekas.resampled_plan(out)):
                wekas.run(out, Path(out) / "experimenter", jobs, progress, work)
    return ran, len(units), write_report(Path(out), Path(out))


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the workers now, on an interrupt or a failure.

    The units under way are lost, the finished ones are in the store. A second Ctrl-C
    meanwhile is ignored, so the stop cannot hang or print a second traceback.
    """
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        for process in list((pool._processes or {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
    finally:
        signal.signal(signal.SIGINT, previous)
