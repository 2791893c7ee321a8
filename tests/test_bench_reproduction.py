"""The reproduction's wall time in the benchmarks: from a store's costs and its run."""

import gzip
import json
from datetime import datetime, timedelta

import pytest

from weka_ranking.studies.bench import page, reproduction
from weka_ranking.studies.monograph.plan import build_plan

pytestmark = pytest.mark.fast
FORMAT = "%Y-%m-%dT%H:%M:%S%z"


def record(unit, family, config, ranker, train, rank):
    return {
        "unit": unit,
        "unit_records": 1,
        "family": family,
        "config": config,
        "ranker": ranker,
        "train_seconds": train,
        "rank_seconds": rank,
    }


def test_a_model_trained_once_counts_once_and_a_committee_its_largest():
    records = [
        # one model, ranked three ways
        *(record("o", "original", "original", r, 5.0, 0.5) for r in "abc"),
        # a committee of 3 and its first 1 and 2 members
        record("v", "voters", "voters1", "a", 1.0, 0.25),
        record("v", "voters", "voters2", "a", 2.0, 0.25),
        record("v", "voters", "voters3", "a", 3.0, 0.25),
        # one model for each number of pairs
        record("p", "pairs", "pairs1", "a", 1.0, 0.0),
        record("p", "pairs", "pairs2", "b", 2.0, 0.0),
    ]
    assert reproduction.unit_costs(records) == {"o": 6.5, "v": 3.75, "p": 3.0}


def run_lines(started, seconds, units, pending, argv=()):
    start = {
        "argv": ["weka-ranking", "reproduce", *argv],
        "jobs": 1,
        "started": started,
        "units": units,
        "pending": pending,
    }
    finished = datetime.strptime(started, FORMAT) + timedelta(seconds=seconds)
    end = {"finished": finished.strftime(FORMAT), "jobs": 1, "seconds": seconds}
    return [start, end]


def test_a_run_is_measured_where_it_ran_its_whole_plan():
    runs = [
        *run_lines("2026-11-25T22:00:00+0000", 3600.0, 100, 100),
        *run_lines("2026-11-25T22:50:00+0000", 600.0, 100, 40),  # resumed
    ]
    (run,) = reproduction.whole_runs(runs)
    assert run["seconds"] == 3600.0 and run["jobs"] == 1


def test_a_runs_plan_is_rebuilt_from_its_command_line():
    argv = ["weka-ranking", "reproduce", "--out", "x", "--learners", "SMO,J48"]
    units = reproduction.run_plan([*argv, "--tasks", "glass"])
    assert {(u.learner, u.task) for u in units} == {("SMO", "glass"), ("J48", "glass")}
    assert len(reproduction.run_plan(argv)) < len(
        reproduction.run_plan([*argv, "--include-slow"])
    )


def write_store(folder, costs, seconds):
    with gzip.open(folder / "results.jsonl.gz", "wt") as stream:
        for unit, cost in costs.items():
            stream.write(json.dumps(record(unit, "base", "base", "p", cost, 0)) + "\n")
    default, _ = build_plan()
    lines = run_lines("2026-11-25T22:00:00+0000", seconds, len(default), len(default))
    (folder / "runs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))


def test_the_estimate_replays_the_costs_and_the_runs_overhead(tmp_path):
    units, _ = build_plan(include_slow=True)
    default = {u.key for u in build_plan()[0]}
    # every unit 1 s, but the slow cells, 100 s; one slow cell never run
    slow = [u.key for u in units if u.key not in default]
    costs = {u.key: 1.0 for u in units}
    costs.update({key: 100.0 for key in slow})
    missing = next(k for k in slow if not k.startswith("main/"))
    del costs[missing]
    # the measured run, one worker: 0.5 s a unit beyond its units' costs
    write_store(tmp_path, costs, 1.5 * len(default))
    measured = reproduction.measure(tmp_path, workers=2)
    r = measured["reproduction"]
    assert r["overhead_per_unit_seconds"] == pytest.approx(0.5)
    assert measured["reproduce_default_wall_seconds"] == pytest.approx(
        1.5 * len(default) / 2
    )
    plan = r["plans"]["include_slow"]
    assert plan["borrowed_units"] == 1
    assert plan["unit_seconds_total"] == pytest.approx(len(default) + 100.0 * len(slow))
    assert (
        measured["reproduce_include_slow_wall_seconds"]
        >= (plan["unit_seconds_total"] + 0.5 * len(units)) / 2
    )
    text = page.to_markdown(
        {"machine": "m", **measured}, "weka-ranking bench --sections reproduction"
    )
    assert "## The monograph's reproduction: its wall time on 2 workers" in text
    assert f"({r['plans']['include_slow']['borrowed_units']}: cells never run)" in text
    assert "0.50 s a unit" in text
    assert "`weka-ranking reproduce` of " in text
    assert f"| `reproduce` | {len(default):,} |" in text


def test_without_a_whole_run_the_estimate_is_the_costs_alone(tmp_path):
    default, _ = build_plan()
    with gzip.open(tmp_path / "results.jsonl.gz", "wt") as stream:
        for unit in build_plan(include_slow=True)[0]:
            stream.write(json.dumps(record(unit.key, "base", "b", "p", 2.0, 0)) + "\n")
    measured = reproduction.measure(tmp_path, workers=2)
    assert measured["reproduction"]["measured_run"] is None
    assert measured["reproduce_default_wall_seconds"] == pytest.approx(len(default))
    text = page.to_markdown({"machine": "m", **measured}, "c")
    assert "not measured: no whole run recorded its wall time" in text
