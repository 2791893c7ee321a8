"""The bench's reproduction section: the study's estimate, read through its command."""

import json

import pytest

from weka_ranking.cli import main
from weka_ranking_studies.bench import benchmarks, page
from weka_ranking_studies.monograph.estimate import estimate


def _plan(units, rerun, seconds, goal):
    return {
        "units": units,
        "priced_from": {"rerun": rerun, "committed": units - rerun, "main_variant": 0},
        "unit_seconds_total": 2 * seconds,
        "longest_unit_seconds": 300.4,
        "estimate_seconds": seconds,
        "goal_seconds": goal,
        "meets_goal": seconds < goal,
    }


@pytest.mark.fast
def test_the_section_states_each_plans_estimate_against_its_goal():
    results = {
        "machine": "m",
        "reproduction_estimate": {
            "workers": 2,
            "plans": {
                "default": _plan(2240, 1000, 1100.0, 1200),
                "include_slow": _plan(2280, 1000, 4000.0, 3600),
            },
        },
    }
    text = page.to_markdown(results, "weka-ranking bench --sections reproduction")
    assert "its wall time on 2 workers, an estimate" in text
    assert (
        "| `reproduce` | 2,240 | 1,000 | 1,240 | 0 | 36.7 | 300 | 18.3 | under 20.0 |"
        in text
    )
    assert "| `reproduce --include-slow` | 2,280 |" in text
    assert "| 66.7 | NOT under 60.0 |" in text


@pytest.mark.slow
def test_the_bench_reads_the_studys_estimate_through_its_command(capsys):
    assert main(["reproduce", "--estimate", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(json.dumps(estimate()))
    assert benchmarks.reproduction_estimate() == printed
    default = printed["reproduction_estimate"]["plans"]["default"]
    assert printed["reproduce_default_wall_seconds"] == default["estimate_seconds"]
    assert default["estimate_seconds"] >= default["longest_unit_seconds"]


@pytest.mark.parametrize(
    "flags", [["--tasks", "glass"], ["--include-slow"], ["--quick"], ["--jobs", "0"]]
)
def test_the_estimate_refuses_what_it_does_not_read(flags, capsys):
    assert main(["reproduce", "--estimate", *flags]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("weka-ranking: error: ")


def test_a_run_of_no_workers_is_refused(tmp_path, capsys):
    assert main(["reproduce", "--jobs", "0", "--out", str(tmp_path / "out")]) == 2
    assert "--jobs 0: give 1 worker or more" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.slow  # the study's estimate twice (30 s); its section: the fast test
def test_the_estimate_is_judged_against_the_goal_on_two_workers(capsys):
    assert main(["reproduce", "--estimate", "json", "--jobs", "1"]) == 0
    one = json.loads(capsys.readouterr().out)["reproduction_estimate"]
    two = estimate()["reproduction_estimate"]
    assert one["workers"] == 1 and two["workers"] == 2
    for name in ("default", "include_slow"):
        assert one["plans"][name]["meets_goal"] == two["plans"][name]["meets_goal"]
        assert (
            one["plans"][name]["estimate_seconds"]
            >= two["plans"][name]["estimate_seconds"]
        )
