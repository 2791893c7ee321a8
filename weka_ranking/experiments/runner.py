"""Run units of work, on threads of this process or on Dask, into a store.

An experiment is a plan expanded into units (a data set, a scheme, a run, a
fold, or a study's own grouping); a unit is any frozen, picklable value
with a ``key``, and ``work(unit)`` its records. The runner runs every unit
not yet in the store and appends each unit's records whole as it
finishes, so an interruption loses only the units under way, and a run
started again finishes what is missing. Every unit is seeded on its own:
one thread, ``jobs`` threads sharing this process's JVM and a Dask cluster
(one JVM a worker) give the same records.
"""

from __future__ import annotations

import asyncio
import functools
import heapq
import logging
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any, Protocol

from weka_ranking import jvm
from weka_ranking import machine as machine_module
from weka_ranking import progress as progress_module
from weka_ranking.environment import machine, software_versions
from weka_ranking.errors import WekaRankingError
from weka_ranking.experiments.registration import software, stamped
from weka_ranking.experiments.store import ResultStore
from weka_ranking.machine import check_jobs

logger = logging.getLogger(__name__)

EXECUTORS = ("local", "dask")


class Unit(Protocol):
    """What the runner needs of a unit: a key naming it in the store."""

    @property
    def key(self) -> str: ...


Work = Callable[[Any], list[dict]]


def run_description(jobs: int) -> dict:
    """Versions, machine and command of this run, for ``runs.jsonl``."""
    return {
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "argv": sys.argv,
        **software_versions(),
        # Asked before the units start: their provenance takes it from here.
        "git_sha": software()["commit"],
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


def _run_in_threads(
    pending: Sequence[Unit],
    work: Work,
    store: ResultStore,
    workers: int,
    progress: Callable[[Unit, list[dict]], None] | None,
    pacer: Pacer,
) -> None:
    """The units on ``workers`` threads of this process, each taking the next when free.

    The threads share this process's JVM, whose compiler warms once: a
    worker process of its own paid Python's start and its JVM compiler's
    warm-up again (about 4 and 12 CPU seconds on a plan of 120 small units,
    on the cores the run needed), and ``--jobs 2`` ran slower than ``--jobs
    1`` (docs/experiments.md). Java releases the GIL while it trains. The
    next unit waits for a free worker, and, where ``pacer`` says it must run
    alone, for the units under way to end. A unit that failed beside others
    is run again alone once the rest are done: its failure may be the shared
    heap's, and the records must be those one worker gives.
    """
    failed_beside_others = []
    pool = ThreadPoolExecutor(workers, thread_name_prefix="weka-ranking unit")
    running: dict[Future, Unit] = {}
    beside: set[Future] = set()  # ran beside another unit at some time
    queue = iter(pending)
    held: list[Unit] = []  # the next unit, waiting for the units under way

    def start_units() -> None:
        while len(running) < workers:
            unit = held.pop() if held else next(queue, None)
            if unit is None:
                return
            if not pacer.may_start(unit, running.values()):
                held.append(unit)
                return
            pacer.starting(unit, running.values())
            future = pool.submit(work, unit)
            if running:
                beside.update([future, *running])
            running[future] = unit

    try:
        start_units()
        while running:
            # Waited a little at a time: Ctrl-C is seen between the waits.
            finished, _ = wait(running, timeout=0.25, return_when=FIRST_COMPLETED)
            for future in finished:
                unit, was_beside = running.pop(future), future in beside
                pacer.ended(unit)
                beside.discard(future)
                records = future.result()
                if was_beside and any("error" in r for r in records):
                    failed_beside_others.append(unit)
                else:
                    store.append(unit.key, records)
                    if progress:
                        progress(unit, records)
            start_units()
    except BaseException:
        _stop_units(pool, list(running))
        raise
    pool.shutdown()
    for unit in failed_beside_others:
        records = work(unit)
        store.append(unit.key, records)
        if progress:
            progress(unit, records)


def _units_cpu_seconds() -> float:
    """This process's CPU seconds less its JVM's compiler threads' (where known)."""
    compilers = jvm.compiler_cpu()
    return time.process_time() - sum((compilers or {}).values())


class Pacer:
    """Which unit may start beside others: one whose cell fills the cores runs alone.

    A unit of a committee whose members train on every core (the default's
    on a large set) keeps the cores busy on its own, and a second unit
    beside it only shares them and the heap. So the first unit
    of each cell (a data set and a scheme: the unit's ``cell``) runs alone,
    and the cores it keeps busy are measured (the process's CPU seconds over
    the unit's wall, less the JVM's compiler threads': the members and the
    collector; a cell's first unit is where the compiler warms, and counted
    in, it made a one-thread J48 look like 1.9 cores to a new user); the
    cell's units run beside others only where that was below
    :data:`BUSY_SHARE` of the cores, and otherwise go on running alone, each
    measured again. Units without a ``cell`` run as they come. Which units
    run beside which changes no record: each unit is seeded on its own.
    """

    def __init__(
        self,
        cores: int,
        cpu_seconds: Callable[[], float] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.cores = cores
        self.limit = BUSY_SHARE * cores
        self.cores_kept: dict[Hashable, float] = {}  # a cell's unit alone, last
        self.alone: Counter = Counter()  # units alone, as their cell fills the cores
        self._cpu_seconds, self._clock = cpu_seconds or _units_cpu_seconds, clock
        self._alone_since: dict[str, tuple[Hashable, float, float]] = {}

    def runs_alone(self, cell: Hashable) -> bool:
        """Whether the cell's units run alone: one alone kept the cores busy."""
        return self.cores_kept.get(cell, 0.0) >= self.limit

    def _shares(self, unit: Unit) -> bool:
        """Whether ``unit`` may run beside others: its cell was seen leaving cores."""
        cell = getattr(unit, "cell", None)
        return cell is None or (cell in self.cores_kept and not self.runs_alone(cell))

    def may_start(self, unit: Unit, running: Collection[Unit]) -> bool:
        """Whether ``unit`` may start now, beside the ``running`` units."""
        return not running or all(self._shares(u) for u in (unit, *running))

    def starting(self, unit: Unit, running: Collection[Unit]) -> None:
        """Note a unit about to start; one started alone is measured till another."""
        self._alone_since.clear()  # a unit beside them: none runs alone now
        cell = getattr(unit, "cell", None)
        if not running and cell is not None:
            self._alone_since[unit.key] = (cell, self._clock(), self._cpu_seconds())

    def ended(self, unit: Unit) -> None:
        """Note a unit's end: the cores its cell keeps busy, where it ran alone."""
        if unit.key not in self._alone_since:
            return
        cell, wall, cpu = self._alone_since.pop(unit.key)
        seconds = self._clock() - wall
        if seconds > 0:
            self.cores_kept[cell] = min(
                (self._cpu_seconds() - cpu) / seconds, float(self.cores)
            )
            if self.cores_kept[cell] >= self.limit:
                self.alone[cell] += 1

    def line(self, jobs: int) -> str | None:
        """Why some units ran one at a time on ``jobs`` workers, or None."""
        if jobs < 2 or not self.alone:
            return None
        cells = sorted(self.alone, key=self.alone.__getitem__, reverse=True)
        named = ", ".join("/".join(map(str, c)) for c in cells[:3])
        more = f" and {len(cells) - 3} more" if len(cells) > 3 else ""
        most = max(self.cores_kept[c] for c in cells)
        return (
            f"--jobs {jobs}: {sum(self.alone.values())} units ran one at a time "
            f"(of {named}{more}): alone, such a unit's own threads kept up to "
            f"{most:.1f} of the {self.cores} cores busy, which a second worker "
            "would only share (the first unit of each data set and scheme runs "
            "alone to measure it)"
        )


def _stop_units(pool: ThreadPoolExecutor, running: list[Future]) -> None:
    """Stop the units under way, on an interrupt or a failure; none is stored.

    A second Ctrl-C meanwhile is ignored, so the stop cannot be cut short
    (the command would then wait for the units at its exit) or print a
    second traceback.
    """
    from weka_ranking import bridge

    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        bridge.stop_java_work(running)
        pool.shutdown(wait=False, cancel_futures=True)
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)


def makespan(durations: list[float], workers: int) -> float:
    """Wall time of units given in order to the first free of ``workers`` workers.

    The local executor's rule (each worker thread takes the next unit when
    free), without its overheads: an estimate of a run from its units' costs.

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
    pacer: Pacer | None = None,
) -> int:
    """Run every unit not yet in the store; return how many were run.

    ``retry_failed`` also runs again the units whose records hold an error;
    ``progress(unit, records)`` is called as each unit is stored.

    ``work`` is a module-level function (it travels to Dask workers by
    name); with ``jobs > 1`` and the local executor, ``jobs`` threads of
    this process run it at once, a unit whose cell fills the cores alone
    (``pacer``'s measure, a fresh :class:`Pacer` if not given). With
    ``executor="dask"`` the units run on a Dask cluster's workers (one JVM
    per worker process), the cluster at ``scheduler`` or without one a
    local cluster of ``jobs`` workers, and their records come back here to
    be stored.
    """
    if executor not in EXECUTORS:
        raise ValueError(f"executor must be one of {EXECUTORS}, got {executor!r}")
    if scheduler and executor != "dask":
        raise ValueError("scheduler is the address of a Dask cluster: executor='dask'")
    if jobs < 1:
        raise ValueError(f"jobs must be >= 1, got {jobs}")
    if not scheduler:
        own_jvms = executor == "dask" and heap
        check_jobs(jobs, jvm.heap_bytes(heap) if own_jvms else None)
    work = functools.partial(stamped, work)
    pending = pending_units(units, store.load(), retry_failed)
    jvm.start(heap=heap)
    description = run_description(jobs)
    if executor == "dask":
        description["executor"] = f"dask {scheduler or f'local {jobs} workers'}"
    store.add_run({**description, "units": len(units), "pending": len(pending)})
    if not pending:
        return 0
    workers = min(jobs, len(pending))
    if workers < jobs:
        logger.info("--jobs %d: %d at once, as many as the units to run", jobs, workers)
    if executor == "dask":
        _run_on_dask(pending, work, store, scheduler, progress, heap, workers)
        return len(pending)
    # The units are counted; their members' lines would crowd that out.
    level = progress_module.MEMBERS.level
    progress_module.MEMBERS.setLevel(logging.WARNING)
    try:
        if workers == 1:
            for unit in pending:
                records = work(unit)
                store.append(unit.key, records)
                if progress:
                    progress(unit, records)
        else:
            pacer = pacer or Pacer(machine_module.cores())
            _run_in_threads(pending, work, store, workers, progress, pacer)
    finally:
        progress_module.MEMBERS.setLevel(level)
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
    pending)``. A ``pacer`` given among the options is the one the caller's
    progress line reads (which cells run alone); else one is made.
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
        stretch, stored = machine_module.Stretch(), [0]

        def advance(unit: Unit, records: list[dict]) -> None:
            if finished:
                finished(unit, records)
            stored[0] += 1
            if progress:
                progress(stored[0], pending)

        jobs, cores = options.get("jobs", 1), machine_module.cores()
        pacer = options.pop("pacer", None) or Pacer(cores)
        compiled = jvm.compiler_cpu()
        ran = run_units(units, work, store, progress=advance, pacer=pacer, **options)
        seconds, cpu, other = stretch.measured()
        compiling = jvm.compiler_seconds_since(compiled)
        note = {
            "finished": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "seconds": round(seconds, 1),
            "units_run": ran,
            "jobs": jobs,
        }
        if options.get("executor", "local") == "local":
            # The workers are this process's threads: its CPU is theirs.
            note["cpu_seconds"] = round(cpu, 1)
            if compiling is not None:
                note["compiler_seconds"] = round(compiling, 1)
            if other is not None:
                note["other_work_cores"] = round(other, 2)
            if pacer.alone:
                note["units_alone"] = sum(pacer.alone.values())
            for said in (
                pacer.line(jobs),
                cores_line(jobs, ran, seconds, cpu, cores, other or 0, compiling or 0),
            ):
                if said:
                    progress_module.line(said, force=True)
        store.add_run(note)
    return ran


# A run shorter than this says nothing of its cores: its start and its first
# units' compiling weigh too much.
CORES_LINE_SECONDS = 5.0
# The share of the cores kept busy from which the cores set a run's pace: one
# worker at 1.92 of 2 cores gained nothing from a second (plan B of
# docs/jobs-two/result.md); at 1.81 a second gained a sixth (plan A).
BUSY_SHARE = 0.95


def cores_line(
    jobs: int,
    ran: int,
    seconds: float,
    cpu: float,
    cores: int,
    other: float = 0.0,
    compiling: float = 0.0,
) -> str | None:
    """What the cores said of a run's workers, or None where nothing is sure.

    The units' CPU seconds over their wall, less the JVM's compiler threads'
    (``compiling``, :func:`jvm.compiler_seconds_since`), are the cores the
    units' own threads kept busy (the members', the collector's). Where
    they fill :data:`BUSY_SHARE` of the cores, the cores set the pace and
    no number of workers finishes sooner. Where the machine's other work
    (``other`` cores, :func:`machine.other_work_cores`, 0 where not known)
    filled the rest, more workers would only take a larger share from it (a
    new user's ``--jobs 2`` beside other work took 15.0 s where ``--jobs 1``
    took 23.3). Where cores were left to the compiler or idle on fewer
    workers than cores, a second may pay, which ``--estimate`` prices: the
    compiler's work is a fresh JVM's warming, some 40 % of the CPU of a
    plan of 80 small units (docs/jobs-two/result-2.md), on which ``--jobs
    2`` was faster though the cores were full; it is named from half a core
    on. On as many workers as cores, the line says where the compiler filled
    the cores the units left (a new user's ``--jobs 2`` run heard nothing
    where its report said 2.0 cores busy).
    """
    if ran < 2 or seconds < CORES_LINE_SECONDS:
        return None
    compiler = compiling / seconds
    busy, full = cpu / seconds - compiler, BUSY_SHARE * cores
    kept = f"--jobs {jobs}: the units kept {busy:.1f} of the {cores} cores busy" + (
        f", the JVM's compiler threads {compiler:.1f} more (warming to the code, "
        "which a longer run pays once)"
        if compiler >= machine_module.OTHER_WORK_NAMED
        else ""
    )
    if busy >= full:
        return f"{kept}: the cores set the pace, more workers would not finish sooner"
    if busy + other >= full:
        return (
            f"{kept}, the machine's other work {other:.1f}: the cores were full, "
            "and more workers would only take a larger share of them from it"
        )
    if jobs < cores:
        return (
            f"{kept}: more workers may finish sooner (--estimate --jobs {jobs + 1} "
            "prices it)"
        )
    if busy + compiler + other >= full:
        return f"{kept}: the cores were full"
    return None
