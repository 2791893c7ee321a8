"""An experiment's cost said before the work, and its time to go while it runs.

A user planning a dozen data sets cannot know beforehand that one scheme takes
a hundred times another's. ``weka-ranking experiment PLAN --estimate`` runs a
short pilot of each scheme on each data set and prices the plan from it,
running no unit of the plan:

- **The warm-up.** Each scheme is first run again and again on the largest
  data set's smaller size (``m / 4`` rows) till its readings stop falling
  (:func:`warmed`): the JVM's compiler warms to a scheme's code over several
  units, and a pilot run once or twice priced a run's units, warm after the
  first few, 1.5 to 2.6 times their mean. What the warm-up took beyond its
  best reading is the scheme's warming (:func:`warming_seconds`), which the
  run's fresh process pays again in its first unit of the scheme.
- **The pilot.** Then each scheme is trained on the first training fold of
  run 1 of each data set and ranks its test fold: the unit's own work where
  the fold has at most ``m = PILOT_ROWS`` training rows, else on ``m / 4``
  then ``m`` of them (a stratified prefix of WEKA's fold, the test fold cut
  in the same proportion), then on ``4 m``, ``16 m`` ... and the fold's own
  rows (:func:`pilot_sizes`) while the next size's reading is expected
  within :data:`PILOT_SECONDS` (:func:`affordable`: a fixed part and a part
  per row, through the last two readings): a 5,000-row set's units
  are priced from their own work, a large set's from the largest size
  affordable. The last size run is run twice, the second time once every
  cell has run once, and the lesser kept, the pilot's seconds (training and
  ranking, as a unit's record counts them, at the machine's load of the
  moment): a run's units are warm, and one reading on a shared machine was
  up to three times a unit's. On ``jobs`` > 1 workers the
  last size is also run beside the plan's next ``jobs - 1`` schemes on the
  data set, on threads, between its two runs alone (they run again and
  again till it is done, as the run's workers take the next unit when
  free): its seconds there over its seconds alone is a unit's
  slowdown beside the others (:func:`slowdown_beside`), pooled over the
  scheme's data sets (:func:`pooled_slowdowns`).
- **The model of growth.** A unit of ``n > m`` training rows costs
  ``s(m) * (n / m) ** k`` (:func:`scaled`), ``m`` the last size run and
  ``k`` the exponent it and the size before show in CPU seconds
  (:func:`growth_exponent`: the process's, which other work on a shared
  machine disturbs less than the wall), kept between 1
  (linear in rows, as NaiveBayes) and 1.6 (the default reduction's growth
  measured up to 128,000 rows, issue 44).
- **The plan.** Each unit costs its scheme's and data set's seconds, times
  its slowdown beside the other workers, plus :data:`UNIT_OVERHEAD_SECONDS`
  (a scheme's first unit also its warming);
  the units are replayed in the plan's order
  on the first free of ``jobs`` workers (:func:`runner.makespan`, as
  ``reproduce --estimate`` prices its plan), raised where need be to the
  units' CPU seconds (the pilot's, scaled alike) and the warming over the
  cores the workers get (the process's CPU seconds over its wall while the
  pilots ran beside others: on a busy machine fewer than it has): a
  committee whose members already keep every core busy gains nothing from a
  second worker, which a slowdown measured beside one pilot can understate.
  Then come the data sets' loading (as the run's checks took it) and the
  report (:data:`REPORT_SECONDS`,
  seconds alone scaled by the machine's pace at the pilot: its wall over its
  CPU seconds). The workers are threads of the command's process, its JVM
  already started and warm: they start at no cost.
  The command's own start (Python and the JVM) is not counted.
  ``weka-ranking bench --sections estimate`` checks the estimate against a
  measured run.

The pilot's seconds are kept in the store's folder (``estimate.json``), so that
the run's progress line (:class:`TimeLeft`) prices a scheme's units on a data
set by those done so far, and by the pilot where none is done yet, as the
estimate priced them.
"""

from __future__ import annotations

import json
import logging
import math
import os
import statistics
import threading
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from weka_ranking import machine
from weka_ranking import progress as progress_module
from weka_ranking.atomic import write_atomically
from weka_ranking.errors import DataError, HeapError, WekaError
from weka_ranking.experiments.plan import ExperimentPlan, ExperimentUnit
from weka_ranking.experiments.runner import makespan, pending_units
from weka_ranking.experiments.store import ResultStore
from weka_ranking.params import auto_pairs

logger = logging.getLogger(__name__)

# Training rows of the pilot's second size (its first a quarter of them); a
# larger data set's pilot grows from there towards a unit's rows while its
# next reading is expected within PILOT_SECONDS of CPU (:func:`pilot_sizes`,
# :func:`affordable`), and a unit beyond the last size run is priced by the
# model of growth. 1,000 rows priced 4,500-row units from readings 1.7 to 4.5
# times too high (a new user's plan, quiet): a unit's fixed part scaled with its
# rows, and the small sizes' few readings the coldest and noisiest.
PILOT_ROWS = 1000
PILOT_SECONDS = 2.0
# The model of growth's exponent is kept in this range.
GROWTH_EXPONENTS = (1.0, 1.6)
# The seconds of a unit beyond its training and ranking (its folds, its
# record, the store), and the CPU seconds of the report with its figures, as
# measured on two cores: the report of the bench's plan of 120 units took 1.55
# CPU seconds, and a run's wall beyond its units (its checks, its report) 1.95
# s at load 5.5 on another (the bench's estimate_measured_fixed_seconds); 4.0
# priced that part 1.0 to 2.4 times what it took.
UNIT_OVERHEAD_SECONDS = 0.02
REPORT_SECONDS = 2.0
# Each scheme's warm-up runs the largest data set's smaller pilot size again
# till a reading is no longer below the best before it by this share (the
# JVM's compiler done with the scheme's code), at most WARM_UP_READINGS times.
WARMER = 0.9
WARM_UP_READINGS = 8
# A scheme whose units take more than this many times the other schemes'
# median is named before the work.
FAR_LONGER = 5.0
KEPT = "estimate.json"
# The progress line prices a scheme's units on a data set by this many of the
# last done.
RECENT_UNITS = 5

Cell = tuple[str, str]  # (data set, scheme)


def scaled(seconds: float, pilot_rows: int, rows: int, exponent: float) -> float:
    """Seconds at ``rows`` of work that took ``seconds`` at ``pilot_rows``.

    >>> scaled(2.0, 1000, 4000, 1.5)
    16.0
    """
    return seconds * (rows / pilot_rows) ** exponent


def pilot_sizes(rows: int, pilot_rows: int = PILOT_ROWS) -> list[int]:
    """The training rows the pilot may run a fold of ``rows`` at, smallest first.

    The fold itself where it has at most ``pilot_rows``; else a quarter of
    ``pilot_rows``, ``pilot_rows``, four times more again and again while at
    most half the fold, and the fold (no size within a factor of two of the
    next: a reading there says little the next does not).

    >>> pilot_sizes(700)
    [700]
    >>> pilot_sizes(4500)
    [250, 1000, 4500]
    >>> pilot_sizes(18000)
    [250, 1000, 4000, 18000]
    """
    if rows <= pilot_rows:
        return [rows]
    sizes = [pilot_rows // 4, pilot_rows]
    while 2 * 4 * sizes[-1] <= rows:
        sizes.append(4 * sizes[-1])
    return [*sizes, rows]


def affordable(
    small_seconds: float,
    small_rows: int,
    seconds: float,
    rows: int,
    next_rows: int,
    budget: float = PILOT_SECONDS,
) -> bool:
    """Whether the pilot's next size is expected to take at most ``budget`` seconds.

    Expected from the last two sizes as a fixed part and a part per row
    (the line through their readings, never falling): a committee's many
    members cost the same at 1,000 rows as at 4,500 for much of their
    seconds, which the model of growth (at least linear) would price 4.5
    times, and stop the pilot short of a unit's own rows. The pilot grows
    towards a unit's rows, where no model is needed, while its cost to the
    user stays modest.

    >>> affordable(0.2, 250, 0.5, 1000, 4500)  # 0.5 + 3500 x 0.0004 s
    True
    >>> affordable(0.1, 250, 0.5, 1000, 4500)  # 0.5 + 3500 x 0.00053 s
    False
    """
    per_row = max(0.0, (seconds - small_seconds) / max(rows - small_rows, 1))
    return seconds + per_row * (next_rows - rows) <= budget


def growth_exponent(
    small_seconds: float, small_rows: int, seconds: float, rows: int
) -> float:
    """The exponent k of ``seconds ~ rows ** k`` two sizes show, in GROWTH_EXPONENTS.

    Times too short to tell (zero) or sizes alike give the lower bound.

    >>> growth_exponent(1.0, 500, 2.0, 1000)
    1.0
    >>> growth_exponent(1.0, 500, 4.0, 1000)
    1.6
    """
    low, high = GROWTH_EXPONENTS
    if small_seconds <= 0 or seconds <= 0 or rows <= small_rows:
        return low
    k = math.log(seconds / small_seconds) / math.log(rows / small_rows)
    return min(high, max(low, k))


def slowdown_beside(
    alone: Sequence[float], beside: Sequence[float], workers: int = 2
) -> float:
    """How much longer a unit takes beside the run's other workers than alone.

    ``beside``: the pilot's seconds beside the plan's next schemes run at
    once, one a worker; ``alone``: its runs alone. The mean of the one over
    the mean of the other (not over the lesser alone, the pilot's price: the
    noise of a shared machine would raise the ratio), at least 1 (a unit is
    never faster for company; a lesser ratio is the machine's noise) and at
    most ``workers`` (sharing the cores with ``workers - 1`` others, a unit
    gets at least its share; more is the machine's load rising during the
    reading: one such reading priced a scheme's units eleven times their
    seconds alone, where the run took twice; the cores' bound of
    :func:`estimate` prices a machine that gives the workers fewer cores).
    Measured rather than modelled: the schemes share the cores as the units
    will (a committee's members already on every core, a learner alone on
    one), take turns on Python's lock for their Python parts, and meet the
    machine's other work of the moment, which its load average (a minute's
    mean, counting processes waiting on the disk) does not tell.

    >>> slowdown_beside([2.0, 2.0], [3.0, 5.0])
    2.0
    >>> slowdown_beside([1.0, 3.0], [1.5, 2.1])
    1.0
    >>> slowdown_beside([1.0, 1.0], [11.0])
    2.0
    """
    if not alone or not beside or statistics.fmean(alone) <= 0:
        return 1.0
    ratio = statistics.fmean(beside) / statistics.fmean(alone)
    return min(float(workers), max(1.0, ratio))


def pooled_slowdowns(pilots: Iterable[Pilot]) -> dict[Cell, float]:
    """Each cell's slowdown: its scheme's over its data sets, weighted by seconds.

    One reading beside the others a cell, on a busy machine, was off by up to
    six times; a scheme's readings pooled (its units' seconds beside over
    their seconds alone) are steadier, and weigh its costly data sets most,
    as the plan's wall does.

    >>> pooled = pooled_slowdowns([Pilot("d1", "s", 1, 1, 1.0, 1.0, slowdown=4.0),
    ...                            Pilot("d2", "s", 1, 1, 3.0, 1.0, slowdown=1.0)])
    >>> pooled[("d1", "s")], pooled[("d2", "s")]
    (1.75, 1.75)
    """
    by_scheme: dict[str, list[Pilot]] = defaultdict(list)
    for p in pilots:
        by_scheme[p.scheme].append(p)
    pooled = {}
    for scheme, cells in by_scheme.items():
        alone = sum(p.unit_seconds for p in cells)
        beside = sum(p.unit_seconds * p.slowdown for p in cells)
        for p in cells:
            pooled[(p.data, scheme)] = beside / alone if alone > 0 else p.slowdown
    return pooled


def warmed(readings: Sequence[float]) -> bool:
    """Whether a scheme's warm-up readings say the JVM's compiler is done with it.

    Done when neither of the last two readings fell below :data:`WARMER` times
    the best before it (one reading above the best is a busy machine's noise
    as often as a warm JVM's), or after :data:`WARM_UP_READINGS`.

    >>> warmed([2.0, 1.0, 0.5])
    False
    >>> warmed([2.0, 1.0, 0.95, 1.3])
    True
    """
    if len(readings) >= WARM_UP_READINGS:
        return True
    if len(readings) < 3:
        return False
    return all(readings[i] >= WARMER * min(readings[:i]) for i in (-2, -1))


def warming_seconds(readings: Sequence[float]) -> float:
    """The seconds a scheme's warm-up took beyond its warm reading, till the best.

    What a fresh process (the run's) pays again in its first units of the
    scheme, the JVM's compiler still at its code; readings after the best
    are the machine's noise, not counted.

    >>> warming_seconds([2.0, 1.0, 0.5, 0.8])
    2.0
    """
    if not readings:
        return 0.0
    best = min(readings)
    return sum(r - best for r in readings[: readings.index(best)])


@dataclass(frozen=True)
class Pilot:
    """One scheme's pilot on one data set, and the unit's seconds it gives.

    ``rows``: a unit's training rows (the first fold's); ``pilot_rows`` those
    the pilot trained on, ``seconds`` its training and ranking there;
    ``exponent`` the model of growth's (unused where ``pilot_rows == rows``);
    ``error`` the first line of what failed (the units will fail alike);
    ``slowdown`` how much longer a unit takes beside the run's other
    workers (:func:`slowdown_beside`; 1 on one worker); ``cpu_seconds`` the
    process's CPU seconds over the ``seconds`` (a committee's members on
    every core: more than its seconds).
    """

    data: str
    scheme: str
    rows: int
    pilot_rows: int
    seconds: float
    exponent: float
    error: str = ""
    slowdown: float = 1.0
    cpu_seconds: float = 0.0

    @property
    def unit_seconds(self) -> float:
        """A unit's expected training and ranking seconds."""
        return scaled(self.seconds, self.pilot_rows, self.rows, self.exponent)

    @property
    def unit_cpu_seconds(self) -> float:
        """A unit's expected CPU seconds, on all the cores its work keeps busy."""
        return scaled(self.cpu_seconds, self.pilot_rows, self.rows, self.exponent)


@dataclass(frozen=True)
class SchemeEstimate:
    """One scheme's part: its units, their seconds, its wall alone on the jobs."""

    name: str
    units: int
    unit_seconds: float
    wall_seconds: float


@dataclass(frozen=True)
class PlanEstimate:
    """The plan's expected wall seconds on ``jobs`` workers, and each scheme's.

    ``warming_seconds``: the JVM's compiler's warming the run's first units
    pay; ``cores_bound``: how many times their replay on the workers the
    units' CPU seconds over the cores are, where more than 1 (a second worker
    gains nothing where a unit's members already keep every core busy), or 1.
    """

    jobs: int
    units: int
    seconds: float
    fixed_seconds: float
    slowdown: float
    pace: float
    schemes: tuple[SchemeEstimate, ...]
    far_longer: tuple[str, ...]
    warming_seconds: float = 0.0
    cores_bound: float = 1.0


def estimate(
    units: Sequence[ExperimentUnit],
    unit_seconds: Mapping[Cell, float],
    jobs: int,
    *,
    slowdown: float | Mapping[Cell, float] = 1.0,
    pace: float = 1.0,
    load_seconds: float = 0.0,
    overhead: float = UNIT_OVERHEAD_SECONDS,
    warming: Mapping[str, float] | None = None,
    cpu_seconds: Mapping[Cell, float] | None = None,
    cores: float = 1.0,
) -> PlanEstimate:
    """The wall seconds of running ``units`` on ``jobs`` workers: the arithmetic.

    A unit costs ``unit_seconds[(data set, scheme)] * slowdown + overhead``
    (``slowdown`` one for all, or by cell), a scheme's first unit also its
    ``warming`` (by scheme name: the JVM's compiler warming to it in the
    run's fresh process); the units are replayed in order on the first free
    worker. Where ``cpu_seconds`` (by cell) are given, the units' CPU
    seconds and the warming over ``cores`` (those the workers get at once)
    are a least the replay is raised to, every unit's cost by the same
    factor: the cores do no more than their seconds, however many workers
    share them. The plan's wall adds the
    data sets' loading (``load_seconds``) and the report (its seconds alone
    times ``pace``). A scheme's wall is its units' alone on the jobs; the
    plan's ``slowdown``, its units' mean weighted by their seconds.
    """
    workers = min(jobs, len(units))
    slowdowns = (
        slowdown
        if isinstance(slowdown, Mapping)
        else dict.fromkeys(unit_seconds, slowdown)
    )
    warming = warming or {}
    cost = {
        cell: seconds * slowdowns[cell] + overhead
        for cell, seconds in unit_seconds.items()
    }
    durations, warmed_schemes = [], set()
    for unit in units:
        durations.append(cost[unit.cell])
        if unit.scheme.name not in warmed_schemes:
            warmed_schemes.add(unit.scheme.name)
            durations[-1] += warming.get(unit.scheme.name, 0.0)
    replay = makespan(durations, workers) if durations else 0.0
    bound = 1.0
    if cpu_seconds is not None and replay > 0:
        busy = sum(cpu_seconds[u.cell] for u in units)
        busy += sum(warming.get(name, 0.0) for name in warmed_schemes)
        bound = max(1.0, busy / cores / replay)
    durations = [d * bound for d in durations]
    fixed = load_seconds + REPORT_SECONDS * pace
    work = sum(unit_seconds[u.cell] for u in units)
    slowed = sum(unit_seconds[u.cell] * slowdowns[u.cell] for u in units)
    by_scheme: dict[str, list[float]] = defaultdict(list)
    for unit, seconds in zip(units, durations):
        by_scheme[unit.scheme.name].append(seconds)
    schemes = tuple(
        SchemeEstimate(name, len(d), sum(d), makespan(d, min(jobs, len(d))))
        for name, d in by_scheme.items()
    )
    return PlanEstimate(
        jobs=jobs,
        units=len(units),
        seconds=fixed + replay * bound,
        fixed_seconds=fixed,
        slowdown=bound * slowed / work if work > 0 else 1.0,
        pace=pace,
        schemes=schemes,
        far_longer=far_longer({s.name: s.unit_seconds for s in schemes}),
        warming_seconds=sum(warming.get(name, 0.0) for name in warmed_schemes),
        cores_bound=bound,
    )


def far_longer(
    seconds: Mapping[str, float], factor: float = FAR_LONGER
) -> tuple[str, ...]:
    """The schemes whose seconds exceed ``factor`` times the others' median.

    >>> far_longer({"a": 1.0, "b": 2.0, "c": 30.0})
    ('c',)
    >>> far_longer({"a": 1.0, "b": 4.0})
    ()
    """
    found = []
    for name, own in seconds.items():
        others = [s for other, s in seconds.items() if other != name]
        if others and own > factor * statistics.median(others):
            found.append(name)
    return tuple(found)


def _stratified_prefix(rows: np.ndarray, y: np.ndarray, count: int) -> np.ndarray:
    """About ``count`` of ``rows`` in their order, each class its share (one at least).

    WEKA's training fold is in a random order, so a prefix is a random sample.
    """
    labels = y[rows]
    keep = np.zeros(len(rows), dtype=bool)
    for value in np.unique(labels):
        where = np.flatnonzero(labels == value)
        keep[where[: max(1, round(count * len(where) / len(rows)))]] = True
    return rows[keep]


def _fewer(
    train: np.ndarray, test: np.ndarray, y: np.ndarray, count: int
) -> tuple[np.ndarray, np.ndarray]:
    """A fold cut to about ``count`` training rows, its test rows in proportion."""
    if count >= len(train):
        return train, test
    return (
        _stratified_prefix(train, y, count),
        _stratified_prefix(test, y, max(2, round(count * len(test) / len(train)))),
    )


def _pilot_seconds(
    scheme, data, train_rows, test_rows, unit_rows: int
) -> tuple[float, float, str]:
    """The scheme on the rows: training and ranking seconds, CPU seconds, error.

    The seconds are till it failed where it did (with the error's first line).
    ``-P auto`` draws the pairs per instance of the unit's ``unit_rows``
    training rows, not of the pilot's fewer: the pilot prices the unit's pairs
    (a pointwise scheme draws none, and WEKA refuses it a number of them).
    """
    from weka_ranking.evaluation import evaluate_fold, fit_fold

    train, test = data.subset(train_rows), data.subset(test_rows)
    estimator = scheme.estimator()
    pairwise = getattr(estimator, "ranker", None) != "pointwise"
    if pairwise and getattr(estimator, "pairs_per_instance", None) == "auto":
        estimator.set_params(pairs_per_instance=auto_pairs(unit_rows))
    started, cpu = time.perf_counter(), time.process_time()
    try:
        model, seconds = fit_fold(estimator, train)
        record = evaluate_fold(
            model, test, fold=0, n_train=len(train), train_seconds=seconds
        )
    except (WekaError, HeapError, ValueError) as err:  # as run_unit: the unit fails
        error = str(err).splitlines()[0]
        return time.perf_counter() - started, time.process_time() - cpu, error
    return record.train_seconds + record.rank_seconds, time.process_time() - cpu, ""


def _growing(
    scheme, data, sizes: Sequence, unit_rows: int
) -> list[tuple[float, float, str]]:
    """The scheme's readings at ``sizes`` in turn, each while affordable.

    The first two sizes always (the model's exponent needs two), then the
    next while its reading is expected within :data:`PILOT_SECONDS` of CPU
    (:func:`affordable`, from the last two; in CPU seconds, which the
    machine's other work disturbs less than the wall: at load 15 the wall's
    readings stopped a 5,000-row set's committee at 1,000 rows, priced three
    times its units); none after one that failed.
    """
    readings = [_pilot_seconds(scheme, data, *sizes[0], unit_rows)]
    for i in range(1, len(sizes)):
        if readings[-1][2]:
            break
        if i >= 2 and not affordable(
            readings[-2][1],
            len(sizes[i - 2][0]),
            readings[-1][1],
            len(sizes[i - 1][0]),
            len(sizes[i][0]),
        ):
            break
        readings.append(_pilot_seconds(scheme, data, *sizes[i], unit_rows))
    return readings


def _side_by_side(
    schemes: Sequence, data, train_rows, test_rows, unit_rows: int
) -> list[float]:
    """The first scheme's seconds on the rows, the others run beside it throughout.

    One a thread, as the run's workers run a unit beside the plan's next
    units: each other scheme runs again and again till the first is done (a
    worker takes the next unit when free; run once, a short neighbour left
    a long unit alone, priced low). No seconds where it failed (a heap
    shared by too many: the run runs such a unit again alone).
    """
    done = threading.Event()

    def beside(scheme) -> None:
        while not done.is_set():
            _pilot_seconds(scheme, data, train_rows, test_rows, unit_rows)

    with ThreadPoolExecutor(
        len(schemes), thread_name_prefix="weka-ranking pilot"
    ) as pool:
        others = [pool.submit(beside, scheme) for scheme in schemes[1:]]
        try:
            seconds, _, error = pool.submit(
                _pilot_seconds, schemes[0], data, train_rows, test_rows, unit_rows
            ).result()
        finally:
            done.set()
        for other in others:
            other.result()
    return [] if error else [seconds]


def pilot(
    plan: ExperimentPlan, rows: int = PILOT_ROWS, workers: int = 1
) -> tuple[list[Pilot], dict]:
    """Each scheme's pilot on each data set, and what was measured around them.

    Each scheme is first warmed up (:func:`warmed`) on the largest data set's
    smaller size; on ``workers`` > 1 the last size is also run beside the
    plan's next ``workers - 1`` schemes at once, between its two runs alone,
    for the slowdown of a unit beside the others.

    The second value holds ``load`` (the load average before the pilot),
    ``cores``, ``seconds`` (the pilot's wall), ``pace`` (its wall over its
    CPU seconds, at least 1: how much slower than alone the machine runs),
    ``warm_up`` (each scheme's warm-up readings), ``warming`` (their
    seconds beyond warm, :func:`warming_seconds`, by scheme) and
    ``busy_cores`` (the process's CPU seconds over its wall while pilots ran
    beside others, at most ``cores``; ``cores`` where none did) and
    ``other_work_cores`` (:func:`machine.other_work_cores`, None where not known).
    """
    from weka_ranking.folds import weka_folds

    stretch = machine.Stretch()
    started = stretch.started
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    pilots: list[Pilot] = []
    cells = len(plan.data) * len(plan.schemes)
    # Each data set's rows the pilot trains on, (train, test) a size: the
    # unit's own, or a quarter of ``rows`` and ``rows`` of them; and a unit's.
    sizes, unit_rows, quarter = {}, {}, {}
    for spec in plan.data:
        data = spec.load()
        train, test = next(iter(weka_folds(data.y, plan.folds, 1)))
        unit_rows[spec] = len(train)
        quarter[spec] = _fewer(train, test, data.y, rows // 4)
        sizes[spec] = [
            _fewer(train, test, data.y, n) for n in pilot_sizes(len(train), rows)
        ]
    largest = max(plan.data, key=unit_rows.__getitem__)
    warm_up: dict[str, list[float]] = {}
    together = [0.0, 0.0]  # wall and CPU seconds of the pilots beside others
    # The units' own lines would crowd out the pilot's.
    level = progress_module.MEMBERS.level
    progress_module.MEMBERS.setLevel(logging.WARNING)
    try:
        for scheme in plan.schemes:  # the JVM's compiler warmed to each scheme
            readings = warm_up[scheme.name] = []
            while not warmed(readings):
                seconds, _, error = _pilot_seconds(
                    scheme, largest.load(), *quarter[largest], unit_rows[largest]
                )
                if error:
                    break
                readings.append(seconds)
        first = []  # each cell's readings, sizes run and seconds beside others
        for spec in plan.data:
            data = spec.load()
            for i, scheme in enumerate(plan.schemes):
                # Beside the units that follow it in the plan's order: its
                # data set's next schemes (a committee beside a learner alone
                # keeps three threads on the cores, beside its copy four).
                following = [
                    plan.schemes[(i + k) % len(plan.schemes)] for k in range(1, workers)
                ]
                progress_module.line(  # steps counted over both rounds
                    "pilot: %s on %s (%d of %d)",
                    *(scheme.name, spec.name, len(first) + 1, 2 * cells),
                    since=started,
                )
                readings = _growing(scheme, data, sizes[spec], unit_rows[spec])
                run = sizes[spec][: len(readings)]
                beside = []
                if following and not readings[-1][2]:
                    phase = time.perf_counter(), time.process_time()
                    beside = _side_by_side(
                        [scheme, *following], data, *run[-1], unit_rows[spec]
                    )
                    together[0] += time.perf_counter() - phase[0]
                    together[1] += time.process_time() - phase[1]
                first.append((spec, scheme, readings, run, beside))
        # The last size run again once every cell has run, the lesser kept (a
        # busy machine's noise): later, warmer, as a run's units after its
        # first. Read again at once, the plan's first data set's cells, the
        # coldest, priced its units twice their seconds (a new user's plan).
        for done, (spec, scheme, readings, run, beside) in enumerate(first):
            progress_module.line(  # "(3 of 4)" then "again (2 of 4)" read as a slip
                "pilot, again: %s on %s (%d of %d)",
                *(scheme.name, spec.name, cells + done + 1, 2 * cells),
                since=started,
            )
            again = _pilot_seconds(scheme, spec.load(), *run[-1], unit_rows[spec])
            last = [readings[-1], again]
            seconds, cpu, error = min(last)
            before = -2 if len(run) > 1 else -1  # one size: no growth seen
            exponent = growth_exponent(
                readings[before][1], len(run[before][0]), cpu, len(run[-1][0])
            )
            pilots.append(
                Pilot(
                    spec.name,
                    scheme.name,
                    unit_rows[spec],
                    len(run[-1][0]),
                    seconds,
                    exponent,
                    error,
                    slowdown_beside([m[0] for m in last], beside, workers),
                    cpu,
                )
            )
    finally:
        progress_module.MEMBERS.setLevel(level)
    wall, own, other = stretch.measured()
    measured_around = {
        "load": load,
        "cores": machine.cores(),
        "seconds": wall,
        "pace": max(1.0, wall / max(own, 1e-9)),
        # The load average lags by a minute and counts the pilot's own
        # threads: a new user's pilots at loads 2.5 and 2.7 priced one plan
        # 1.0 and 1.9 times its run (session 28).
        "other_work_cores": other,
        "warm_up": warm_up,
        "warming": {name: warming_seconds(r) for name, r in warm_up.items()},
        # The cores the workers got at once: a busy machine's other work
        # leaves them fewer than it has.
        "busy_cores": (
            min(machine.cores(), together[1] / together[0])
            if together[0] > 0
            else machine.cores()
        ),
    }
    return pilots, measured_around


def plan_estimate(
    plan: ExperimentPlan,
    out: str | Path,
    jobs: int,
    *,
    retry_failed: bool = False,
    rows: int = PILOT_ROWS,
    load_seconds: float = 0.0,
) -> dict:
    """``experiment --estimate``: the pilot, the plan's units not yet in ``out`` priced.

    Runs no unit; writes only the pilot's seconds, to ``out``/``estimate.json``
    (:func:`kept_pilot` reads them for the run's progress line).
    ``load_seconds``: what reading the data sets took (the run reads them again).
    """
    units = plan.units()
    pending = pending_units(units, stored_units(ResultStore(out)), retry_failed)
    if not pending:
        raise DataError(
            f"{out}: every unit of the plan is done: nothing to estimate "
            "(weka-ranking report renders it again)"
        )
    workers = min(jobs, len(pending))
    pilots, around = pilot(plan, rows, workers)
    failing = next((p for p in pilots if p.error), None)
    if failing is not None:
        raise DataError(
            f"{plan.source or 'the plan'}: scheme {failing.scheme!r} fails on "
            f"{failing.data!r} in the pilot ({failing.error}), as every unit of it "
            "would: fix the scheme or leave it out"
        )
    pooled = pooled_slowdowns(pilots)
    pilots = [replace(p, slowdown=pooled[(p.data, p.scheme)]) for p in pilots]
    unit_seconds = {(p.data, p.scheme): p.unit_seconds for p in pilots}
    fixed = {
        "pace": around["pace"],
        "load_seconds": load_seconds,
        "warming": around["warming"],
    }
    result = estimate(
        pending,
        unit_seconds,
        jobs,
        slowdown={(p.data, p.scheme): p.slowdown for p in pilots},
        cpu_seconds={(p.data, p.scheme): p.unit_cpu_seconds for p in pilots},
        cores=around["busy_cores"],
        **fixed,
    )
    # On several workers, one worker's price beside it: whether they pay.
    one_worker = (
        estimate(pending, unit_seconds, 1, **fixed).seconds if workers > 1 else None
    )
    kept = keep_pilot(plan, out, pilots, jobs, result.cores_bound)
    return {
        "estimate": asdict(result),
        "one_worker_seconds": one_worker,
        "pilots": [asdict(p) | {"unit_seconds": p.unit_seconds} for p in pilots],
        "pilot": around | {"load_seconds": load_seconds},
        "units_in_plan": len(units),
        "units_done": len(units) - len(pending),
        "kept": str(kept),
    }


def stored_units(store: ResultStore) -> dict[str, list[dict]]:
    """A store's records by unit, read only (none where there is no store)."""
    done: dict[str, list[dict]] = defaultdict(list)
    if store.exists():
        for record in store.records():
            done[record["unit"]].append(record)
    return done


def keep_pilot(
    plan: ExperimentPlan,
    out: str | Path,
    pilots: Iterable[Pilot],
    jobs: int = 1,
    cores_bound: float = 1.0,
) -> Path:
    """The pilot's unit seconds and slowdowns on ``jobs``, with the plan they price.

    Written to ``out``/estimate.json; a slowdown is the pilot's times the
    plan's ``cores_bound`` (:class:`PlanEstimate`).
    """
    path = Path(out) / KEPT
    path.parent.mkdir(parents=True, exist_ok=True)
    values = {
        "plan": plan.to_dict(),
        "jobs": jobs,
        "unit_seconds": [
            [p.data, p.scheme, p.unit_seconds, p.slowdown * cores_bound] for p in pilots
        ],
    }
    write_atomically(path, json.dumps(values) + "\n")
    return path


def kept_pilot(
    plan: ExperimentPlan, out: str | Path, jobs: int = 1
) -> dict[Cell, float]:
    """A unit's seconds on ``jobs`` workers as ``--estimate`` priced it in ``out``.

    Its seconds alone times its slowdown beside the other workers, measured
    on the estimate's ``--jobs``: on other jobs, its seconds alone (exact on
    one worker, low on more). None for a pilot of another plan (a scheme or
    a data file changed since; it prices only the cells both plans define
    alike: none, to keep it simple and right) or where there is none.
    """
    path = Path(out) / KEPT
    try:
        values = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as err:
        logger.warning("%s: the pilot kept here is not read (%s)", path, err)
        return {}
    if values.get("plan") != plan.to_dict():
        logger.info("%s: a pilot of another plan, not read", path)
        return {}
    same_jobs = values.get("jobs", 1) == jobs
    return {
        (d, s): float(seconds) * (float(slowdown[0]) if slowdown and same_jobs else 1)
        for d, s, seconds, *slowdown in values["unit_seconds"]
    }


def unit_cost(records: list[dict]) -> float | None:
    """A stored unit's training and ranking seconds (None for a failed unit)."""
    seconds = [
        r["train_seconds"] + r["rank_seconds"]
        for r in records
        if "train_seconds" in r and "rank_seconds" in r
    ]
    return sum(seconds) if seconds else None


class TimeLeft:
    """A run's progress line: units done, of how many, and the time to go.

    Each unit not yet done is priced by the mean of the last
    :data:`RECENT_UNITS` of its scheme's units on its data set done in this
    run (their seconds beside the run's other workers; the last, as the
    JVM's compiler keeps warming: in one process three pilots in a row
    priced a plan's units at 58, 38 and 16 s; while fewer are done, no more
    than the pilot's price), where none by the pilot
    (``prior``, :func:`kept_pilot`: as ``--estimate`` priced it), plus
    :data:`UNIT_OVERHEAD_SECONDS`; their sum is shared by the ``workers``,
    but for the cells whose units run alone (``alone(cell)``: the runner's
    :meth:`Pacer.runs_alone`).
    A unit of a scheme and data set neither done nor piloted is not priced:
    the time of those priced is then said as a least, and nothing before
    one is. The mean unit so far priced them, and the run's wall over its
    units' seconds turned prices into wall: the first units, the JVM's
    compiler still warming, made both wild (a new user read "about 66 s to
    go" of a run of 32 s that ``--estimate`` priced at 30 s). ``clock`` is
    the wall clock (a test's own).
    """

    def __init__(
        self,
        pending: Sequence[ExperimentUnit],
        prior: Mapping[Cell, float] | None = None,
        workers: int = 1,
        clock: Callable[[], float] = time.monotonic,
        alone: Callable[[Cell], bool] = lambda cell: False,
    ) -> None:
        self.left = Counter(u.cell for u in pending)
        self.alone = alone
        self.prior = dict(prior or {})
        self.workers = max(1, min(workers, len(pending)))
        self.costs: dict[Cell, deque[float]] = defaultdict(
            lambda: deque(maxlen=RECENT_UNITS)
        )
        self.clock = clock
        self.started = clock()

    def finished(self, unit: ExperimentUnit, records: list[dict]) -> None:
        """Count a unit stored (the runner's hook), with its records' seconds."""
        cell = unit.cell
        self.left[cell] -= 1
        cost = unit_cost(records)
        if cost is not None:
            self.costs[cell].append(cost)

    def price(self, cell: Cell) -> float | None:
        """The seconds a unit of the cell is expected to take; None if not known.

        The mean of the cell's last units done; while fewer than
        :data:`RECENT_UNITS` are, no more than the pilot's price, since a
        run's first units of a scheme pay the JVM's compiler, which the pilot
        paid in its warm-up (a new user's resumed run said "about 117 s to
        go" of 33 s that the pilot priced right).
        """
        done, prior = self.costs[cell], self.prior.get(cell)
        if not done:
            return prior
        mean = statistics.fmean(done)
        if prior is not None and len(done) < RECENT_UNITS:
            return min(mean, prior)
        return mean

    def seconds_left(self) -> tuple[float, int]:
        """Wall seconds to go of the units priced, and how many are not priced."""
        beside, alone, unpriced = 0.0, 0.0, 0
        for cell, n in self.left.items():
            price = self.price(cell) if n > 0 else 0.0
            if price is None:
                unpriced += n
            elif self.alone(cell):
                alone += n * (price + UNIT_OVERHEAD_SECONDS)
            else:
                beside += n * (price + UNIT_OVERHEAD_SECONDS)
        return alone + beside / self.workers, unpriced

    def __call__(self, done: int, total: int) -> None:
        """The progress line (throttled; the last one always, with no time to go)."""
        left, unpriced = self.seconds_left()
        if done == total:
            to_go = ""
        elif unpriced == total - done:
            to_go = ", time to go not known yet"
        elif unpriced and left < 1:  # "over 0 s to go" told a new user nothing
            to_go = (
                f", time to go not known yet ({unpriced} units not priced: none of "
                "their scheme on their data set done yet)"
            )
        elif unpriced:
            to_go = (
                f", over {left:.0f} s to go ({unpriced} units not priced: none of "
                "their scheme on their data set done yet)"
            )
        else:
            to_go = (
                f", {progress_module.time_to_go(left)} "
                "(each scheme priced on each data set)"
            )
        progress_module.line(
            "unit %d of %d done, %.0f s%s",
            done,
            total,
            self.clock() - self.started,
            to_go,
            force=done == total,
            since=self.started,
        )


def far_longer_line(plan: PlanEstimate | Mapping[str, Any]) -> str | None:
    """One line naming the schemes expected to take far longer than the others.

    Beside a single other scheme the line names it and says the other, not
    "the others' median": in a plan of a reduction and its learner alone, the
    reduction's larger share is what a user expects, and the line says so
    plainly rather than as a warning of something amiss.
    """
    values = asdict(plan) if isinstance(plan, PlanEstimate) else plan
    if not values["far_longer"]:
        return None
    seconds = {s["name"]: s["unit_seconds"] for s in values["schemes"]}
    total = _duration(sum(seconds.values()))
    said = []
    for name in values["far_longer"]:
        others = {n: s for n, s in seconds.items() if n != name}
        median = "the other schemes' median"
        against = repr(next(iter(others))) if len(others) == 1 else median
        said.append(
            f"{name!r} ({_duration(seconds[name])} of the plan's {total} of units, "
            f"{_times(seconds[name], statistics.median(others.values()))} {against})"
        )
    than = "the other scheme" if len(seconds) == 2 else "the others"
    return f"expected to take far longer than {than}: {', '.join(said)}"


def _times(seconds: float, other: float) -> str:
    """ "N times" of seconds against another's, or "more than" where it took none."""
    return f"{seconds / other:.0f} times" if other > 0 else "more than"


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"


def lines(values: dict) -> list[str]:
    """``--estimate``'s words: the plan, each scheme, the pilot, far longer, kept."""
    plan, around = values["estimate"], values["pilot"]
    other = around.get("other_work_cores")  # None: not known on this system
    one = values.get("one_worker_seconds")  # None: priced on one worker already
    jobs = plan["jobs"]
    workers = f"{jobs} worker{'s' if jobs > 1 else ''}"
    done = values["units_done"]
    out = [
        f"about {_duration(plan['seconds'])} on {workers} for {plan['units']} units"
        + (f" (of the plan's {values['units_in_plan']}, {done} done)" if done else "")
        + (f"; about {_duration(one)} on 1 worker" if one is not None else ""),
        f"  pilot: {around['seconds']:.0f} s at load {around['load']:.1f} on "
        f"{around['cores']} cores"
        + (
            f", other work keeping {other:.1f} of them busy meanwhile"
            if other is not None
            else ""
        )
        + (
            f"; a unit on {workers} takes {plan['slowdown']:.2f} times its time "
            f"alone, measured by running each pilot beside the plan's next "
            f"{jobs - 1} scheme{'s' if jobs > 2 else ''} at once, as the workers "
            "will run units"
            if jobs > 1
            else ""
        ),
        f"  fixed: {_duration(plan['fixed_seconds'])} of data, start and report, at "
        f"{plan['pace']:.1f} times their seconds alone; "
        f"{_duration(plan['warming_seconds'])} more in the schemes' first units "
        "while the JVM warms to them; the command's own start not counted",
    ]
    if (other or 0) >= machine.OTHER_WORK_NAMED:
        out.append(
            f"  the machine's other work kept {other:.1f} of its {around['cores']} "
            "cores busy during the pilot: the estimate holds at that load, and the "
            "plan runs sooner on a quieter machine (run --estimate again then)"
        )
    if plan["cores_bound"] > 1:
        out.append(
            f"  bound by the cores: the units' CPU seconds, shared by the "
            f"{around['busy_cores']:.1f} cores the pilot's work got at once, take "
            f"{plan['cores_bound']:.2f} times as long as the units one after another "
            f"on {workers} would: every unit is priced {plan['cores_bound']:.2f} "
            "times longer"
        )
    for s in plan["schemes"]:
        each = s["unit_seconds"] / s["units"] if s["units"] else 0.0
        out.append(
            f"  scheme {s['name']}: {s['units']} units of {each:.1f} s as the "
            f"workers will run them ({_duration(s['unit_seconds'])} in all), "
            f"{_duration(s['wall_seconds'])} alone on {workers}"
        )
    for p in values["pilots"]:
        if p["pilot_rows"] < p["rows"]:
            out.append(
                f"  scaled: {p['scheme']} on {p['data']}: {p['seconds']:.2f} s on "
                f"{p['pilot_rows']:,} of {p['rows']:,} training rows, scaled by "
                f"(rows ratio) ** {p['exponent']:.2f} to {p['unit_seconds']:.1f} s "
                "a unit"
            )
    warning = far_longer_line(plan)
    if warning:
        out.append(warning)
    out.append(
        f"ran no unit; the pilot's seconds are kept in {values['kept']} "
        "(the run's progress line prices its first units by them)"
    )
    return out
