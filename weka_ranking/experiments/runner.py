"""Run units of work, in this process, in worker processes or on Dask, into a store.

An experiment is a plan expanded into units (a data set, a scheme, a run, a
fold, or a study's own grouping); a unit is any frozen, picklable value
with a ``key``, and ``work(unit)`` its records. The runner runs every unit
not yet in the store and appends each unit's records whole as it
finishes, so an interruption loses only the units under way, and a run
started again finishes what is missing. Every unit is seeded on its own:
one process, ``jobs`` worker processes (one JVM each) and a Dask cluster
give the same records.
"""

from __future__ import annotations

import asyncio
import functools
import heapq
import logging
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from weka_ranking import jvm
from weka_ranking import progress as progress_module
from weka_ranking.environment import git_sha, machine, software_versions
from weka_ranking.errors import WekaRankingError
from weka_ranking.experiments.registration import stamped
from weka_ranking.experiments.store import ResultStore
from weka_ranking.machine import check_jobs, cores

logger = logging.getLogger(__name__)

EXECUTORS = ("local", "dask")


class Unit(Protocol):
    """What the runner needs of a unit: a key naming it in the store."""

    @property
    def key(self) -> str: ...


Work = Callable[[Any], list[dict]]


class WorkerLost(WekaRankingError):
    """A worker process died under a unit (killed, or out of memory)."""


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


def _worker_start(heap: str | None, processors: int) -> None:
    _die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    logging.getLogger("weka_ranking").setLevel(logging.ERROR)
    jvm.start(heap=heap, processors=processors)


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


def _work_with_heap(unit: Unit, work: Work, heap: str | None) -> list[dict]:
    """A unit on a Dask worker, whose JVM gets the run's heap."""
    jvm.start(heap=heap)
    return work(unit)


# Seconds a Dask scheduler has to answer.
SCHEDULER_TIMEOUT = 30


async def _answers(address: str, seconds: float) -> None:
    """Connect to ``address`` and shake hands, within ``seconds`` in all.

    Dask's own connect waits for the handshake without a limit: a listener
    that accepts and never answers hung the command past its timeout.
    """
    from distributed.comm import connect

    comm = await asyncio.wait_for(connect(address, timeout=seconds), seconds)
    await comm.close()


def _dask_client(scheduler: str | None, jobs: int):
    """A client of the cluster at ``scheduler``, or of a local cluster of ``jobs``.

    The local cluster has ``jobs`` worker processes of one thread, each with its own
    JVM, and ends with the run.
    """
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise WekaRankingError(
            "--executor dask needs Dask: pip install 'weka-ranking[dask]'"
        ) from None
    if scheduler:
        try:
            asyncio.run(_answers(scheduler, SCHEDULER_TIMEOUT))
            return Client(scheduler, timeout=SCHEDULER_TIMEOUT), None
        except (TimeoutError, OSError) as err:
            raise WekaRankingError(
                f"--scheduler {scheduler}: no Dask scheduler answered "
                f"({str(err) or f'nothing within {SCHEDULER_TIMEOUT} s'}); start "
                "one with 'dask scheduler' or leave --scheduler out for a local one"
            ) from None
    cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, dashboard_address=None)
    return Client(cluster), cluster


def _run_on_dask(
    pending: Sequence[Unit],
    work: Work,
    store: ResultStore,
    scheduler: str | None,
    progress: Callable[[Unit, list[dict]], None] | None,
    heap: str | None,
    jobs: int,
) -> None:
    client, cluster = _dask_client(scheduler, jobs)
    from distributed import as_completed

    try:
        keys = [f"weka-ranking-{unit.key}" for unit in pending]
        futures = client.map(_work_with_heap, pending, work=work, heap=heap, key=keys)
        by_future = dict(zip(futures, pending))
        for future in as_completed(futures):
            unit, records = by_future[future], future.result()
            store.append(unit.key, records)
            if progress:
                progress(unit, records)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _run_in_workers(
    pending: Sequence[Unit],
    work: Work,
    store: ResultStore,
    jobs: int,
    heap: str | None,
    progress: Callable[[Unit, list[dict]], None] | None,
) -> None:
    context = multiprocessing.get_context("spawn")
    logger.info("starting %d worker processes (a JVM each: a few seconds)", jobs)
    # Each worker's JVM sizes its collector's and compiler's threads, and the
    # members it trains at once, to its share of the cores, not to all of them.
    share = max(1, cores() // jobs)
    with ProcessPoolExecutor(jobs, context, _worker_start, (heap, share)) as pool:
        try:
            queue = iter(pending)
            running = {}
            for unit in queue:
                running[pool.submit(work, unit)] = unit
                if len(running) >= 2 * jobs:
                    break
            while running:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    unit = running.pop(future)
                    try:
                        records = future.result()
                    except BrokenProcessPool:
                        raise WorkerLost(
                            f"a worker process died during unit {unit.key} (killed, "
                            "or out of memory: try a larger --heap or fewer --jobs); "
                            "the finished units are stored: run the same command "
                            "again to finish the rest"
                        ) from None
                    store.append(unit.key, records)
                    if progress:
                        progress(unit, records)
                    following = next(queue, None)
                    if following is not None:
                        running[pool.submit(work, following)] = following
        except BaseException:
            _stop_workers(pool)
            raise


def _busy_cores() -> int:
    """Cores other work keeps busy: the 1-minute load average, rounded down."""
    return int(os.getloadavg()[0]) if hasattr(os, "getloadavg") else 0


def _say_busy_cores(workers: int) -> None:
    """Say in one line where the load leaves fewer free cores than ``workers``.

    A worker pays its own start (Python's imports, a JVM and its compiler
    warming up: about 10 CPU seconds, ``bench/serving.py``) and on a core
    other work keeps busy only shares it: ``--jobs 2`` took 60 % more wall
    and CPU than ``--jobs 1`` at load 3 on two cores. The workers asked for
    are started all the same (the records are the same whatever their
    number, and the load is the machine's, this run's own included).
    """
    free = max(0, cores() - _busy_cores())
    if workers > 1 and free < workers:
        progress_module.warn(
            logger,
            "--jobs %d: the load average leaves %d of %d cores free: a worker on a "
            "busy core shares it and pays its own start (Python, a JVM and its "
            "compiler, about 10 CPU seconds), so fewer workers may well be faster",
            workers,
            free,
            cores(),
        )


def makespan(durations: list[float], workers: int) -> float:
    """Wall time of units given in order to the first free of ``workers`` workers.

    The local executor's rule (each worker takes the next unit when free),
    without its overheads: an estimate of a run from its units' costs.

    >>> makespan([3, 1, 1, 1], 2)
    3.0
    >>> makespan([1, 1, 1, 1], 100)
    1.0
    """
    free = [0.0] * workers
    for seconds in durations:
        heapq.heapreplace(free, free[0] + seconds)
    return max(free)


def run_units(
    units: Sequence[Unit],
    work: Work,
    store: ResultStore,
    *,
    jobs: int = 1,
    heap: str | None = None,
    progress: Callable[[Unit, list[dict]], None] | None = None,
    scheduler: str | None = None,
    executor: str = "local",
    retry_failed: bool = False,
) -> int:
    """Run every unit not yet in the store; return how many were run.

    ``retry_failed`` also runs again the units whose records hold an error;
    ``progress(unit, records)`` is called as each unit is stored.

    ``work`` is a module-level function (it travels to worker processes
    and Dask workers by name). With ``executor="dask"`` the units run on a
    Dask cluster's workers (one JVM per worker process), the cluster at
    ``scheduler`` or without one a local cluster of ``jobs`` workers, and
    their records come back here to be stored.
    """
    if executor not in EXECUTORS:
        raise ValueError(f"executor must be one of {EXECUTORS}, got {executor!r}")
    if scheduler and executor != "dask":
        raise ValueError("scheduler is the address of a Dask cluster: executor='dask'")
    if jobs < 1:
        raise ValueError(f"jobs must be >= 1, got {jobs}")
    if not scheduler:
        check_jobs(jobs, jvm.heap_bytes(heap) if heap else None)
    work = functools.partial(stamped, work)
    pending = pending_units(units, store.load(), retry_failed)
    jvm.start(heap=heap)
    description = run_description(jobs)
    if executor == "dask":
        description["executor"] = f"dask {scheduler or f'local {jobs} workers'}"
    store.add_run({**description, "units": len(units), "pending": len(pending)})
    if not pending:
        return 0
    if executor == "dask":
        workers = min(jobs, len(pending))
        _run_on_dask(pending, work, store, scheduler, progress, heap, workers)
    elif (workers := min(jobs, len(pending))) == 1:
        # The units are counted; their members' lines would crowd that out.
        level = progress_module.MEMBERS.level
        progress_module.MEMBERS.setLevel(logging.WARNING)
        try:
            for unit in pending:
                records = work(unit)
                store.append(unit.key, records)
                if progress:
                    progress(unit, records)
        finally:
            progress_module.MEMBERS.setLevel(level)
    else:
        _say_busy_cores(workers)
        _run_in_workers(pending, work, store, workers, heap, progress)
    return len(pending)


def pending_units(
    units: Sequence[Unit], done: dict[str, list[dict]], retry_failed: bool = False
) -> list[Unit]:
    """The units a run would run: those not in ``done`` (a store's records by unit).

    With ``retry_failed``, also those whose records hold an error.
    """
    return [u for u in units if not _finished(done.get(u.key), retry_failed)]


def _failed(records: list[dict] | None) -> bool:
    return records is not None and any("error" in r for r in records)


def _finished(records: list[dict] | None, retry_failed: bool) -> bool:
    if records is None:
        return False
    return not (retry_failed and _failed(records))


def run_resumably(
    units: Sequence[Unit],
    work: Work,
    store: ResultStore,
    progress: Callable[[int, int], None] | None = None,
    finished: Callable[[Unit, list[dict]], None] | None = None,
    **options: Any,
) -> int:
    """:func:`run_units` under the store's run lock, timed into ``runs.jsonl``.

    A second run on the same folder is refused at once; as each unit is
    stored, ``finished(unit, records)`` is called, then ``progress(done,
    pending)``.
    """
    with store.run_lock():
        done = store.load()
        retry = options.get("retry_failed", False)
        pending = len(pending_units(units, done, retry))
        failed = sum(1 for u in units if _failed(done.get(u.key)))
        logger.info(
            "%d units, %d already in %s%s",
            len(units),
            len(units) - pending,
            store.folder,
            f" ({failed} of them failed: --retry-failed runs them again)"
            if failed and not retry
            else "",
        )
        started, stored = time.perf_counter(), [0]

        def advance(unit: Unit, records: list[dict]) -> None:
            if finished:
                finished(unit, records)
            stored[0] += 1
            if progress:
                progress(stored[0], pending)

        ran = run_units(units, work, store, progress=advance, **options)
        store.add_run(
            {
                "finished": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "seconds": round(time.perf_counter() - started, 1),
                "units_run": ran,
                "jobs": options.get("jobs", 1),
            }
        )
    return ran


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
