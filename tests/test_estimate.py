"""An experiment's cost said before the work (issue 44, item 6).

The estimate's arithmetic on hand-computed plans, the run's time to go priced
per scheme and data set on a fake clock, the far-longer scheme named in one
line; ``experiment --estimate`` runs no unit and writes only its pilot's
seconds, where it says.
"""

import dataclasses
import json
import logging
import os
import threading

import pytest
from test_bad_input import failing

from weka_ranking import machine, progress
from weka_ranking._resources import project_dir
from weka_ranking.cli import main
from weka_ranking.experiments import estimate as est
from weka_ranking.experiments import plan as plan_module
from weka_ranking.experiments.experiment import run_experiment
from weka_ranking.experiments.plan import DataSpec, ExperimentPlan
from weka_ranking.experiments.schemes import Scheme

LABOR = str(project_dir("arff_data") / "labor.arff")


def two_by_two(folds: int = 2) -> ExperimentPlan:
    """Data sets d1, d2 x schemes a, b, one run: nothing is read to build it."""
    return ExperimentPlan(
        (DataSpec("d1", "d1.arff"), DataSpec("d2", "d2.arff")),
        (Scheme("a", (("ranker", "pointwise"),)), Scheme("b")),
        folds=folds,
        runs=1,
    )


SECONDS = {("d1", "a"): 1.0, ("d1", "b"): 3.0, ("d2", "a"): 2.0, ("d2", "b"): 10.0}


@pytest.mark.fast
def test_the_model_of_growth_by_hand():
    assert est.scaled(3.0, 500, 1000, 1.0) == 6.0
    assert est.scaled(3.0, 500, 1500, 2.0) == 27.0
    # 0.5 s at 250 rows, 2.0 s at 1000: rows x 4, seconds x 4, k = 1.
    assert est.growth_exponent(0.5, 250, 2.0, 1000) == pytest.approx(1.0)
    # seconds x 2.828 for rows x 2: k = 1.5.
    assert est.growth_exponent(1.0, 500, 2**1.5, 1000) == pytest.approx(1.5)
    # Kept in its range: noise cannot make it fall below linear or explode.
    low, high = est.GROWTH_EXPONENTS
    assert est.growth_exponent(2.0, 500, 1.0, 1000) == low
    assert est.growth_exponent(1.0, 500, 100.0, 1000) == high
    assert est.growth_exponent(0.0, 500, 1.0, 1000) == low
    pilot = est.Pilot("d", "s", rows=4000, pilot_rows=1000, seconds=2.0, exponent=1.5)
    assert pilot.unit_seconds == pytest.approx(16.0)  # 2 x 4 ** 1.5
    whole = est.Pilot("d", "s", rows=700, pilot_rows=700, seconds=2.0, exponent=2.0)
    assert whole.unit_seconds == 2.0  # the unit's own work: no model


@pytest.mark.fast
def test_the_pilots_sizes_by_hand():
    # A fold of at most PILOT_ROWS rows: its own work, no model.
    assert est.pilot_sizes(700) == [700]
    assert est.pilot_sizes(1000) == [1000]
    # Else 250 and 1,000, four times more while at most half the fold, the fold.
    assert est.pilot_sizes(1001) == [250, 1000, 1001]
    assert est.pilot_sizes(7999) == [250, 1000, 7999]
    assert est.pilot_sizes(8000) == [250, 1000, 4000, 8000]
    assert est.pilot_sizes(64000) == [250, 1000, 4000, 16000, 64000]
    assert est.pilot_sizes(100, pilot_rows=40) == [10, 40, 100]
    # The next size affordable where the line through the last two readings
    # (a fixed part and a part per row) says it is within the budget: 0.25 s
    # at 500 rows, 0.5 s at 1,000: 0.0005 s a row, 2 s at 4,000.
    assert est.affordable(0.25, 500, 0.5, 1000, 4000, budget=2.0)
    assert not est.affordable(0.25, 500, 0.5, 1000, 4000, budget=1.9)
    # 0.45 s of 0.5 fixed: 0.5 + 3000 x 0.0001 s, where rows x 4 would say 2 s.
    assert est.affordable(0.45, 500, 0.5, 1000, 4000, budget=0.8)
    assert not est.affordable(0.45, 500, 0.5, 1000, 4000, budget=0.79)
    # A colder first reading above the second: never cheaper than the last.
    assert est.affordable(0.9, 500, 0.5, 1000, 4000, budget=0.5)
    assert not est.affordable(0.9, 500, 0.5, 1000, 4000, budget=0.49)


@pytest.mark.fast
def test_the_pilot_grows_while_its_next_size_is_affordable(monkeypatch):
    """Sizes run in turn: two always, then the next while it is expected within 2 s."""
    sizes = [(range(n), range(n // 9)) for n in (250, 1000, 4000, 18000)]
    ran = []
    fixed, per_row = [0.0], [0.0005]  # seconds (wall and CPU) a unit, a row
    error = [""]

    def measured(scheme, data, train_rows, test_rows, unit_rows):
        ran.append(len(train_rows))
        seconds = fixed[0] + per_row[0] * len(train_rows)
        return seconds, seconds, error[0]

    monkeypatch.setattr(est, "_pilot_seconds", measured)
    monkeypatch.setattr(est, "PILOT_SECONDS", 2.0)
    # 0.125 s, 0.5 s: linear, 4,000 rows expected at 2 s, run; 18,000 at 9 s, not.
    readings = est._growing("s", None, sizes, 18000)
    assert ran == [250, 1000, 4000]
    assert [r[0] for r in readings] == pytest.approx([0.125, 0.5, 2.0])
    # Four times slower: 1,000 rows at 2 s, 4,000 expected at 8 s: the first
    # two sizes only (the exponent needs them, however slow the first).
    ran.clear()
    per_row[0] = 0.002
    assert len(est._growing("s", None, sizes, 18000)) == 2
    assert ran == [250, 1000]
    # Mostly fixed, 0.9 s a unit and 0.00001 s a row: every size, where rows
    # x 4 from 1,000 rows (0.91 s) would have said 3.6 s at 4,000.
    ran.clear()
    fixed[0], per_row[0] = 0.9, 0.00001
    assert len(est._growing("s", None, sizes, 18000)) == 4
    fixed[0] = 0.0
    # Fast everywhere: every size, the unit's own last; none after a failure.
    ran.clear()
    per_row[0] = 0.00001
    assert len(est._growing("s", None, sizes, 18000)) == 4
    ran.clear()
    error[0] = "WEKA refused it"
    assert len(est._growing("s", None, sizes, 18000)) == 1


def test_the_pilot_prices_a_unit_from_the_last_size_it_ran(weka, monkeypatch):
    """A fold of about 2,900 rows: its own where affordable, else 1,000 scaled."""
    plan = plan_module.plan_from_flags(
        [str(project_dir("arff_data") / "kr.vs.kp.arff")],
        ["J48 --ranker pointwise"],
        folds=10,
    )
    per_row = [0.0001]

    def measured(scheme, data, train_rows, test_rows, unit_rows):
        seconds = per_row[0] * len(train_rows)
        return seconds, seconds, ""

    monkeypatch.setattr(est, "_pilot_seconds", measured)
    (cheap,), _ = est.pilot(plan)
    assert cheap.rows > 2 * est.PILOT_ROWS
    assert cheap.pilot_rows == cheap.rows
    assert cheap.unit_seconds == pytest.approx(0.0001 * cheap.rows)
    # 1,000 rows at 1 s: the fold expected beyond the pilot's 2 s, not run.
    per_row[0] = 0.001
    (costly,), _ = est.pilot(plan)
    assert costly.rows == cheap.rows and abs(costly.pilot_rows - 1000) <= 2
    assert costly.exponent == pytest.approx(1.0)  # seconds in proportion to rows
    assert costly.unit_seconds == pytest.approx(0.001 * costly.rows)


@pytest.mark.fast
def test_slowdown_beside_the_other_workers_by_hand():
    # Two copies at once took 3 and 5 s where one alone took 1.5 and 2.5 s:
    # each unit is priced twice its seconds alone.
    assert est.slowdown_beside([1.5, 2.5], [3.0, 5.0]) == pytest.approx(2.0)
    assert est.slowdown_beside([4.0], [5.0, 5.0, 5.0, 7.0]) == pytest.approx(1.375)
    # Faster for company is the machine's noise: never below alone.
    assert est.slowdown_beside([2.0, 2.0], [1.0, 2.5]) == 1.0
    # Nothing measured (one worker, or every copy failed), or no time alone.
    assert est.slowdown_beside([2.0, 2.0], []) == 1.0
    assert est.slowdown_beside([0.0, 0.0], [1.0, 1.0]) == 1.0
    # Beside one other worker a unit gets at least half the cores: more is
    # the machine's load rising during the reading. Three workers, a third.
    assert est.slowdown_beside([1.0, 1.0], [5.0]) == 2.0
    assert est.slowdown_beside([1.0, 1.0], [5.0], workers=3) == 3.0
    assert est.slowdown_beside([1.0, 1.0], [2.5], workers=3) == 2.5


@pytest.mark.fast
def test_a_schemes_slowdown_pooled_over_its_data_sets_by_hand():
    # a: 2 s at 3 times, 6 s at 1 time: (6 + 6) / 8 s; b's one cell its own.
    pilots = [
        est.Pilot("d1", "a", 100, 100, 2.0, 1.0, slowdown=3.0),
        est.Pilot("d2", "a", 100, 100, 6.0, 1.0, slowdown=1.0),
        est.Pilot("d1", "b", 100, 100, 5.0, 1.0, slowdown=1.2),
    ]
    assert est.pooled_slowdowns(pilots) == pytest.approx(
        {("d1", "a"): 1.5, ("d2", "a"): 1.5, ("d1", "b"): 1.2}
    )
    # Weighed by a unit's seconds, not the pilot's: 1,000 rows priced 8 times.
    grown = est.Pilot("d3", "b", 2000, 1000, 1.0, 3.0, slowdown=2.0)
    pooled = est.pooled_slowdowns([pilots[2], grown])
    assert pooled[("d3", "b")] == pytest.approx((5.0 * 1.2 + 8.0 * 2.0) / 13.0)


@pytest.mark.fast
def test_the_plans_wall_by_hand():
    """Units d1: a b a b, d2: a b a b (1 3 1 3 2 10 2 10 s)."""
    units = two_by_two().units()
    alone = est.estimate(units, SECONDS, 1, overhead=0.0, load_seconds=0.5)
    assert alone.seconds == pytest.approx(0.5 + est.REPORT_SECONDS + 32.0)
    assert alone.fixed_seconds == pytest.approx(0.5 + est.REPORT_SECONDS)
    # On 2 workers, each unit to the first free: a worker ends at 15, the
    # other at 17; the workers are threads of the process: no start, no reading.
    two = est.estimate(units, SECONDS, 2, overhead=0.0, load_seconds=0.5, pace=2.0)
    fixed = 0.5 + 2 * est.REPORT_SECONDS
    assert two.seconds == pytest.approx(fixed + 17.0)
    by_name = {s.name: s for s in two.schemes}
    # a: 1 1 2 2 on two workers, 3 s; b: 3 3 10 10, 13 s.
    assert (by_name["a"].units, by_name["a"].unit_seconds) == (4, 6.0)
    assert by_name["a"].wall_seconds == pytest.approx(3.0)
    assert by_name["b"].wall_seconds == pytest.approx(13.0)
    # Slower units and a cost of each unit beyond its work.
    slow = est.estimate(units, SECONDS, 1, slowdown=1.5, overhead=0.25)
    assert slow.seconds == pytest.approx(est.REPORT_SECONDS + 32.0 * 1.5 + 8 * 0.25)
    # b's units twice as long (its members busy on every core), a's not:
    # 1 6 1 6 2 20 2 20 s; a worker ends at 1 2 8 28, the other at 6 8 10 30.
    by_cell = {cell: 2.0 if cell[1] == "b" else 1.0 for cell in SECONDS}
    mixed = est.estimate(units, SECONDS, 2, slowdown=by_cell, overhead=0.0)
    assert mixed.seconds == pytest.approx(est.REPORT_SECONDS + 30.0)
    assert mixed.slowdown == pytest.approx((6.0 + 2 * 26.0) / 32.0)


@pytest.mark.fast
def test_the_warming_and_the_cores_by_hand():
    """A scheme's first unit pays its warming; the cores bound what workers gain."""
    units = two_by_two().units()
    warming = {"a": 4.0, "b": 0.5}
    one = est.estimate(units, SECONDS, 1, overhead=0.0, warming=warming)
    assert one.seconds == pytest.approx(est.REPORT_SECONDS + 32.0 + 4.5)
    assert one.warming_seconds == pytest.approx(4.5)
    # 5 3.5 1 3 2 10 2 10 s on two workers: one ends at 5 7 17, the other at
    # 3.5 4.5 7.5 9.5 19.5.
    two = est.estimate(units, SECONDS, 2, overhead=0.0, warming=warming)
    assert two.seconds == pytest.approx(est.REPORT_SECONDS + 19.5)
    assert two.cores_bound == 1.0
    # b's members on both cores (CPU twice its seconds), a on one: 6 + 52
    # CPU seconds, 29 s on two cores, where the replay on two workers says 17.
    cpu = {
        cell: seconds * (2 if cell[1] == "b" else 1)
        for cell, seconds in SECONDS.items()
    }
    bound = est.estimate(units, SECONDS, 2, overhead=0.0, cpu_seconds=cpu, cores=2)
    assert bound.cores_bound == pytest.approx(29.0 / 17)
    assert bound.seconds == pytest.approx(est.REPORT_SECONDS + 29.0)
    assert sum(s.unit_seconds for s in bound.schemes) == pytest.approx(29.0 / 17 * 32)
    assert bound.slowdown == pytest.approx(29.0 / 17)
    # On one worker the replay (32 s) is above the cores' 29: not bound.
    alone = est.estimate(units, SECONDS, 1, overhead=0.0, cpu_seconds=cpu, cores=2)
    assert (alone.seconds, alone.cores_bound) == (est.REPORT_SECONDS + 32.0, 1.0)
    # The warming's seconds busy the cores too: (58 + 4.5) / 2 over 19.5.
    both = est.estimate(
        units, SECONDS, 2, overhead=0.0, warming=warming, cpu_seconds=cpu, cores=2
    )
    assert both.seconds == pytest.approx(est.REPORT_SECONDS + 31.25)


@pytest.mark.fast
def test_a_scheme_warmed_up_till_its_readings_stop_falling():
    assert not est.warmed([3.0, 1.0])
    # 0.5 is below 0.9 of the best before it: still falling.
    assert not est.warmed([3.0, 1.0, 0.95, 0.5])
    assert est.warmed([3.0, 1.0, 0.95, 0.5, 0.5, 0.46])
    # One reading above the best is no sign either way.
    assert not est.warmed([3.0, 2.0, 5.0])
    assert est.warmed([3.0] * 3)
    assert est.warmed([10.0 - i for i in range(est.WARM_UP_READINGS)])
    # Beyond the best, till it: (3 - 0.5) + (1 - 0.5); 2.0 after it is noise.
    assert est.warming_seconds([3.0, 1.0, 0.5, 2.0]) == pytest.approx(3.0)
    assert est.warming_seconds([1.0]) == 0.0
    assert est.warming_seconds([]) == 0.0


@pytest.mark.fast
def test_a_scheme_far_longer_than_the_others_is_named_in_one_line():
    units = two_by_two().units()
    # b's 26 s are not 5 times a's 6 s.
    assert est.estimate(units, SECONDS, 1).far_longer == ()
    dear = {**SECONDS, ("d2", "b"): 100.0}  # b: 3 3 100 100, 206 s
    plan = est.estimate(units, dear, 1, overhead=0.0)
    assert plan.far_longer == ("b",)
    said = est.far_longer_line(plan)
    assert "\n" not in said
    # Beside one other scheme, the line names it (not "the others' median").
    assert said.startswith("expected to take far longer than the other scheme: 'b' (")
    assert said.endswith(", 34 times 'a')")  # 206 / 6
    three = {
        "far_longer": ("SMO",),
        "schemes": [
            {"name": "J48", "unit_seconds": 10.0},
            {"name": "Logistic", "unit_seconds": 30.0},
            {"name": "SMO", "unit_seconds": 400.0},
        ],
    }
    assert est.far_longer_line(three) == (
        "expected to take far longer than the others: 'SMO' (6.7 min of the "
        "plan's 7.3 min of units, 20 times the other schemes' median)"
    )
    assert est.far_longer(
        {"J48": 1.0, "NaiveBayes": 2.0, "Logistic": 1.5, "SMO": 40.0}
    ) == ("SMO",)
    assert est.far_longer({"only": 9.0}) == ()


def finished(time_left, unit, seconds):
    records = [{"train_seconds": seconds - 0.5, "rank_seconds": 0.5}]
    time_left.finished(unit, records)


@pytest.mark.fast
def test_time_to_go_priced_per_scheme_and_data_set():
    """The issue's complaint: the mean unit so far misprices a plan of mixed schemes.

    d1 (a 1 s, b 3 s) runs first, then d2 (a 2 s, b 10 s), priced by the pilot.
    """
    units = two_by_two().units()
    each = est.UNIT_OVERHEAD_SECONDS
    time_left = est.TimeLeft(units, SECONDS)
    # Before any unit, the pilot's: 1 3 1 3 2 10 2 10 s.
    assert time_left.seconds_left() == pytest.approx((32.0 + 8 * each, 0))
    for unit, seconds in zip(units[:4], (1.5, 3.0, 1.5, 3.0)):
        finished(time_left, unit, seconds)
    # d2 by its pilot: 2 + 10 + 2 + 10 = 24 s. The mean unit so far (2.25 s)
    # would say 9 s.
    assert time_left.seconds_left() == pytest.approx((24.0 + 4 * each, 0))
    # A unit done of d2's a (5 s) prices the other of d2's a no higher than
    # the pilot's 2 s while fewer than RECENT_UNITS are done (the first are
    # cold: the pilot warmed up); a cheaper one prices it lower.
    finished(time_left, units[4], 5.0)
    assert time_left.seconds_left() == pytest.approx((22.0 + 3 * each, 0))
    cheap = est.TimeLeft(units[4:], SECONDS)
    finished(cheap, units[4], 0.5)
    assert cheap.seconds_left() == pytest.approx((20.5 + 3 * each, 0))
    # The last RECENT_UNITS of a scheme on a data set price it: the first,
    # cold ones are forgotten; once that many are done, above the pilot too.
    warming = est.TimeLeft(list(units) * 5)
    d1_a = units[0]
    for seconds in (9.0, 5.0, 3.0, 2.0, 2.0, 2.0, 2.0, 2.0):
        finished(warming, d1_a, seconds)
    assert est.RECENT_UNITS == 5
    assert warming.price(("d1", "a")) == pytest.approx(2.0)
    slower = est.TimeLeft(list(units) * 5, SECONDS)
    for seconds in (5.0, 5.0, 5.0, 5.0):
        finished(slower, d1_a, seconds)
        assert slower.price(("d1", "a")) == pytest.approx(1.0)  # the pilot's
    finished(slower, d1_a, 5.0)
    assert slower.price(("d1", "a")) == pytest.approx(5.0)
    # On two workers, the same units' seconds shared by both.
    two = est.TimeLeft(units[4:], SECONDS, workers=2)
    finished(two, units[4], 5.0)
    assert two.seconds_left() == pytest.approx(((22.0 + 3 * each) / 2, 0))
    # A cell whose units run alone (the runner's pacer): its units not shared.
    paced = est.TimeLeft(units[4:], SECONDS, workers=2, alone=lambda c: c[1] == "b")
    finished(paced, units[4], 5.0)  # d2's a, 2 s left; d2's b, 2 x 10 s, alone
    assert paced.seconds_left() == pytest.approx(
        ((2.0 + each) / 2 + 2 * (10.0 + each), 0)
    )


@pytest.mark.fast
def test_time_to_go_without_a_pilot_and_with_failed_units():
    units = two_by_two().units()
    each = est.UNIT_OVERHEAD_SECONDS
    time_left = est.TimeLeft(units[:4])  # d1: a b a b
    assert time_left.seconds_left() == (0.0, 4)  # nothing priced
    time_left.finished(units[0], [{"error": "WEKA refused"}])  # done, no seconds
    assert time_left.seconds_left() == (0.0, 3)
    finished(time_left, units[1], 4.0)
    # b's other unit priced by b's (4 s); a's not (none of a done with seconds).
    assert time_left.seconds_left() == pytest.approx((4.0 + each, 1))


@pytest.mark.fast
def test_the_progress_line_says_the_time_to_go(caplog, monkeypatch):
    monkeypatch.setattr(progress, "EVERY_SECONDS", 0.0)
    monkeypatch.setattr(est, "UNIT_OVERHEAD_SECONDS", 0.0)
    now = [0.0]
    units = two_by_two().units()
    caplog.set_level(logging.INFO, logger="weka_ranking.progress")
    time_left = est.TimeLeft(units, SECONDS, clock=lambda: now[0])
    now[0] = 1.0
    finished(time_left, units[0], 1.0)
    time_left(1, 8)
    # A cold first unit (8 s where the pilot said 1) does not raise its
    # scheme's price on its data set over the pilot's: the run's first units
    # pay the compiler, which the pilot paid in its warm-up.
    cold = est.TimeLeft(units, SECONDS, clock=lambda: now[0])
    now[0] = 9.0
    finished(cold, units[0], 8.0)
    cold(1, 8)
    # Without a pilot: nothing before a unit of each scheme on each data set.
    unpiloted = est.TimeLeft(units, clock=lambda: now[0])
    finished(unpiloted, units[0], 1.0)
    unpiloted(1, 8)
    finished(unpiloted, units[1], 3.0)
    unpiloted(2, 8)
    # Less than a second priced, others not: no "over 0 s to go".
    tiny = est.TimeLeft([units[0], units[2], units[4], units[5]], clock=lambda: now[0])
    finished(tiny, units[0], 0.5)
    tiny(1, 4)
    assert [r.getMessage() for r in caplog.records] == [
        "unit 1 of 8 done, 1 s, about 31 s to go (each scheme priced on each data set)",
        "unit 1 of 8 done, 8 s, about 31 s to go (each scheme priced on each data set)",
        "unit 1 of 8 done, 0 s, over 1 s to go (6 units not priced: none of their "
        "scheme on their data set done yet)",
        "unit 2 of 8 done, 0 s, over 4 s to go (4 units not priced: none of their "
        "scheme on their data set done yet)",
        "unit 1 of 4 done, 0 s, time to go not known yet (2 units not priced: none "
        "of their scheme on their data set done yet)",
    ]
    assert est.TimeLeft(units).seconds_left() == (0.0, 8)
    caplog.clear()
    est.TimeLeft(units, clock=lambda: now[0])(0, 8)
    assert [r.getMessage() for r in caplog.records] == [
        "unit 0 of 8 done, 0 s, time to go not known yet"
    ]


@pytest.mark.fast
def test_the_progress_line_never_says_0_s_to_go(caplog, monkeypatch):
    """Under half a second left is under 1 s; the last line says no time to go."""
    monkeypatch.setattr(progress, "EVERY_SECONDS", 0.0)
    now = [0.0]
    units = two_by_two().units()[:2]  # d1's a and b
    time_left = est.TimeLeft(units, {("d1", "a"): 0.3}, clock=lambda: now[0])
    caplog.set_level(logging.INFO, logger="weka_ranking.progress")
    now[0] = 1.0
    finished(time_left, units[1], 3.0)
    time_left(1, 2)
    now[0] = 2.0
    finished(time_left, units[0], 1.0)
    time_left(2, 2)
    assert [r.getMessage() for r in caplog.records] == [
        "unit 1 of 2 done, 1 s, under 1 s to go (each scheme priced on each data set)",
        "unit 2 of 2 done, 2 s",
    ]


@pytest.mark.fast
def test_the_kept_pilot_is_read_for_its_own_plan_and_jobs(tmp_path):
    plan = two_by_two()
    pilots = [
        est.Pilot(d, s, 100, 100, seconds, 1.0, slowdown=1.5 if s == "b" else 1.0)
        for (d, s), seconds in SECONDS.items()
    ]
    path = est.keep_pilot(plan, tmp_path, pilots, jobs=2)
    assert path == tmp_path / est.KEPT
    # On the estimate's jobs, as it priced them: b's units beside another 1.5
    # times as long; on other jobs their seconds alone.
    beside = {cell: s * (1.5 if cell[1] == "b" else 1.0) for cell, s in SECONDS.items()}
    assert est.kept_pilot(plan, tmp_path, jobs=2) == beside
    assert est.kept_pilot(plan, tmp_path) == SECONDS
    # A plan bound by the cores: every unit 1.25 times as long again.
    est.keep_pilot(plan, tmp_path, pilots, jobs=2, cores_bound=1.25)
    bound = est.kept_pilot(plan, tmp_path, jobs=2)
    assert bound == pytest.approx({c: s * 1.25 for c, s in beside.items()})
    assert est.kept_pilot(two_by_two(folds=3), tmp_path, jobs=2) == {}  # another plan
    assert est.kept_pilot(plan, tmp_path / "none") == {}


def test_estimate_runs_no_unit_and_writes_only_its_pilot_where_it_says(
    tmp_path, capsys, monkeypatch, weka
):
    def no_unit(unit):
        raise AssertionError(f"ran {unit.key}")

    monkeypatch.setattr(plan_module, "run_unit", no_unit)
    out = tmp_path / "out"
    argv = [
        "experiment", "--data", LABOR, "--scheme", "J48 --ranker pointwise",
        "--scheme", "NaiveBayes --ranker pointwise", "--folds", "2", "--runs", "2",
        "--out", str(out),
    ]  # fmt: skip
    assert main([*argv, "--estimate"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("about ") and " on 1 worker for 8 units\n" in said
    # A headline, then a line for each part (a new user read one of 600 characters).
    assert "\n  pilot: " in said and "\n  fixed: " in said
    assert "times its time alone" not in said  # one worker: no unit beside another
    assert max(len(line) for line in said.splitlines()) < 200
    assert f"ran no unit; the pilot's seconds are kept in {out / est.KEPT}" in said
    assert sorted(p.name for p in out.iterdir()) == [est.KEPT]
    assert main([*argv, "--estimate", "json", "--jobs", "2"]) == 0
    values = json.loads(capsys.readouterr().out)
    assert values["estimate"]["jobs"] == 2
    assert values["one_worker_seconds"] > 0  # whether the second worker pays
    assert main([*argv, "--estimate", "--jobs", "2"]) == 0
    headline = capsys.readouterr().out.splitlines()[0]
    assert " on 2 workers for 8 units; about " in headline
    assert headline.endswith(" on 1 worker")
    assert [s["units"] for s in values["estimate"]["schemes"]] == [4, 4]
    assert {(p["data"], p["rows"]) for p in values["pilots"]} == {("labor", 28)}
    assert sorted(p.name for p in out.iterdir()) == [est.KEPT]


def test_estimate_with_bad_input_says_so_in_one_line(tmp_path, capsys, weka):
    argv = ["experiment", "--scheme", "J48", "--out", str(tmp_path), "--estimate"]
    line = failing(capsys, *argv, "--data", str(tmp_path / "missing.arff"))
    assert "missing.arff" in line
    code = main([*argv, "--data", LABOR, "--export-experimenter", "x.xml"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (
        "weka-ranking: error: --estimate prices the plan on --jobs workers of this "
        "process and runs nothing: leave out --export-experimenter\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_estimate_refuses_a_failing_scheme_and_a_finished_folder(
    tmp_path, capsys, weka
):
    """A pilot that fails (-C 5: WEKA refuses it at training) priced 0 s of work."""
    out = str(tmp_path / "out")
    base = ["experiment", "--data", LABOR, "--folds", "2", "--runs", "1"]
    line = failing(
        capsys, *base, "--scheme", "J48 --learner-options '-C 5'", "--out", out,
        "--estimate",
    )  # fmt: skip
    assert "-C 5" in line and "fails on 'labor' in the pilot" in line
    assert "fix the scheme or leave it out" in line
    scheme = ["--scheme", "J48 --ranker pointwise", "--out", out]
    assert main([*base, *scheme, "--quiet"]) == 0
    capsys.readouterr()
    line = failing(capsys, *base, *scheme, "--estimate")
    assert line.endswith("every unit of the plan is done: nothing to estimate "
                         "(weka-ranking report renders it again)")  # fmt: skip


def test_the_run_names_a_far_longer_scheme_before_it_starts(tmp_path, caplog, weka):
    """From the pilot ``--estimate`` kept; its time to go priced by it too."""
    plan = plan_module.plan_from_flags(
        [LABOR],
        ["J48 --ranker pointwise", "NaiveBayes --ranker pointwise"],
        folds=2,
        runs=1,
    )
    dear = [
        est.Pilot("labor", "J48 alone", 28, 28, 0.01, 1.0),
        est.Pilot("labor", "NaiveBayes alone", 28, 28, 5.0, 1.0),
    ]
    est.keep_pilot(plan, tmp_path, dear)
    caplog.set_level(logging.INFO, logger="weka_ranking.progress")
    run_experiment(plan, tmp_path, progress=True)
    said = [r.getMessage() for r in caplog.records if r.name == "weka_ranking.progress"]
    assert said[0].startswith(
        "expected to take far longer than the other scheme: 'NaiveBayes alone' ("
    )
    assert said[0].endswith(" times 'J48 alone')")
    assert said[-1].startswith("unit 4 of 4 done, ")


def test_the_pilot_prices_auto_at_the_units_pairs_not_its_own(weka, monkeypatch):
    # The pilot trains on at most PILOT_ROWS rows, where -P auto draws 2 pairs
    # per instance; a unit of 12,000 training rows draws 8, and is priced so.
    import weka_ranking.evaluation as evaluation
    from weka_ranking import load_task

    trained = []

    def fit_fold(estimator, train):
        trained.append(estimator.get_params()["pairs_per_instance"])
        raise ValueError("priced")

    monkeypatch.setattr(evaluation, "fit_fold", fit_fold)
    data = load_task("breast-cancer")
    rows = list(range(len(data.y)))
    for scheme, unit_rows in ((Scheme("auto"), 12_000), (Scheme("auto"), 1_000)):
        est._pilot_seconds(scheme, data, rows[:200], rows[200:], unit_rows)
    explicit = Scheme("two", (("pairs_per_instance", 3),))
    est._pilot_seconds(explicit, data, rows[:200], rows[200:], 12_000)
    # The learner alone draws no pairs: WEKA would refuse it 8 (a new user's
    # plan of a 10,000-row set was refused in the pilot).
    alone = Scheme("alone", (("ranker", "pointwise"),))
    est._pilot_seconds(alone, data, rows[:200], rows[200:], 12_000)
    assert trained == [8, 2, 3, "auto"]


def test_the_pilot_runs_its_last_size_beside_the_next_schemes(weka, monkeypatch):
    """Alone, then beside the plan's next schemes at once, then alone."""
    plan = plan_module.plan_from_flags(
        [LABOR], ["J48 --ranker pointwise", "NaiveBayes --ranker pointwise"], folds=2
    )
    lock = threading.Lock()

    def pilot_on(workers):
        # Alone: the warm-up till two readings in a row are no longer 10 %
        # below the best before them, the unit's fold, and again; beside: a,
        # 4 s; b, 7 s.
        alone = {
            "J48 alone": iter([9.0, 4.0, 3.8, 4.1, 2.0, 2.5]),
            "NaiveBayes alone": iter([9.0] * 5),
        }
        beside_seconds = {"J48 alone": 4.0, "NaiveBayes alone": 7.0}
        at_once = []

        def measured(scheme, data, train_rows, test_rows, unit_rows):
            with lock:
                if "pilot" in threading.current_thread().name:
                    at_once.append(scheme.name)
                    return beside_seconds[scheme.name], 1.0, ""
                return next(alone[scheme.name]), 1.0, ""

        monkeypatch.setattr(est, "_pilot_seconds", measured)
        pilots, around = est.pilot(plan, workers=workers)
        assert around["warm_up"] == {
            "J48 alone": [9.0, 4.0, 3.8, 4.1],
            "NaiveBayes alone": [9.0] * 3,
        }
        # The seconds beyond the best till it: 9 - 3.8 and 4 - 3.8.
        assert around["warming"]["J48 alone"] == pytest.approx(5.4)
        assert around["warming"]["NaiveBayes alone"] == 0.0
        # The cores the workers got at once: the machine's where none ran beside.
        assert 0 <= around["busy_cores"] <= around["cores"]
        if workers == 1:
            assert around["busy_cores"] == around["cores"]
        return {p.scheme: p for p in pilots}, at_once

    pilots, at_once = pilot_on(1)
    assert at_once == []
    assert (pilots["J48 alone"].seconds, pilots["J48 alone"].slowdown) == (2.0, 1.0)
    pilots, at_once = pilot_on(2)
    assert set(at_once) <= set(pilots) and "J48 alone" in at_once
    assert pilots["J48 alone"].seconds == 2.0  # the lesser alone
    # Its seconds beside over its runs alone's mean: 4 / 2.25; b's 7 / 9.
    assert pilots["J48 alone"].slowdown == pytest.approx(4.0 / 2.25)
    assert pilots["NaiveBayes alone"].slowdown == 1.0


@pytest.mark.fast
def test_the_next_schemes_run_beside_a_pilot_till_it_is_done(monkeypatch):
    """As a free worker takes the next unit: a short neighbour runs again and again."""
    neighbour_runs, ran_thrice = [], threading.Event()
    long_error = [""]

    def measured(scheme, data, train_rows, test_rows, unit_rows):
        if scheme == "long":
            ran_thrice.wait(timeout=10)  # the long unit outlasts three of the short
            return 5.0, 1.0, long_error[0]
        neighbour_runs.append(scheme)
        if len(neighbour_runs) >= 3:
            ran_thrice.set()
        return 0.1, 1.0, ""

    monkeypatch.setattr(est, "_pilot_seconds", measured)
    assert est._side_by_side(["long", "short"], None, None, None, 10) == [5.0]
    assert len(neighbour_runs) >= 3
    long_error[0] = "the heap, shared by too many"
    assert est._side_by_side(["long", "short"], None, None, None, 10) == []


@pytest.mark.fast
@pytest.mark.parametrize(
    ("other", "keeping", "holds"),
    [(1.5, True, True), (0.2, True, False), (None, False, False)],
)
def test_the_estimate_says_the_other_work_on_the_machine_during_its_pilot(
    other, keeping, holds
):
    """The machine's other work, not the lagging load average, says what it met."""
    values = {
        "estimate": dataclasses.asdict(est.estimate(two_by_two().units(), SECONDS, 1)),
        "pilot": {"seconds": 5.0, "load": 2.5, "cores": 2, "busy_cores": 2,
                  "other_work_cores": other},
        "pilots": [],
        "units_done": 0,
        "units_in_plan": 8,
        "kept": "out/estimate.json",
    }  # fmt: skip
    said = "\n".join(est.lines(values))
    assert ("other work keeping" in said) == keeping
    if keeping:
        assert f"other work keeping {other:.1f} of them busy meanwhile" in said
    assert ("the estimate holds at that load" in said) == holds


def test_the_other_work_is_the_machines_busy_seconds_less_the_pilots(tmp_path):
    stat = tmp_path / "stat"
    tick = os.sysconf("SC_CLK_TCK")
    # user nice system idle iowait irq softirq steal: idle and iowait not busy
    busy = f"{3 * tick} {tick} {2 * tick} 999 999 {tick} 0 {tick}"
    stat.write_text(f"cpu  {busy}\ncpu0 1\n")
    assert machine.busy_cpu_seconds(stat) == pytest.approx(8.0)
    stat.write_text("intr 1 2\n")
    assert machine.busy_cpu_seconds(stat) is None
    assert machine.busy_cpu_seconds(tmp_path / "none") is None
    # 30 busy seconds over a 10 s pilot, 10 of them its own: 2 cores of other work.
    assert machine.other_work_cores(100.0, 130.0, 10.0, 10.0, 4) == pytest.approx(2.0)
    assert machine.other_work_cores(100.0, 105.0, 10.0, 10.0, 4) == 0.0  # never below 0
