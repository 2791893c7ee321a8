"""The workers section of the benchmark page: its numbers come from the results."""

import pytest

from weka_ranking_studies.bench import page
from weka_ranking_studies.bench.workers import makespan

pytestmark = pytest.mark.fast

RESULTS = {
    "machine": "m",
    "experiment_units": 400,
    "experiment_one_worker_seconds": 100.0,
    "experiment_two_worker_seconds": 55.0,
    "experiment_two_worker_speedup": 100.0 / 55.0,
    "experiment_unit_seconds_total": 80.0,
    "experiment_longest_unit_seconds": 2.5,
    "experiment_simulated_seconds": {"1": 80.0, "2": 40.0, "10": 8.0, "100": 2.5},
    "experiment_simulated_speedup_100": 32.0,
}


def test_the_section_states_the_measured_and_simulated_numbers():
    text = page.to_markdown(RESULTS, "weka-ranking bench --sections workers")
    assert "worker 100.0 s, two workers 55.0 s, a speed-up of\n**1.82**" in text
    assert "| 100 | 2.5 | 32.0 |" in text
    assert "(80.0 s in all, the longest\n2.50 s)" in text


def test_the_simulation_cannot_beat_the_longest_unit_or_the_total_over_workers():
    durations = [5.0, 0.5, 0.25, 3.0, 1.0] * 8
    for workers in (1, 2, 3, 7, 100):
        wall = makespan(durations, workers)
        assert wall >= max(max(durations), sum(durations) / workers) - 1e-12
        assert wall <= sum(durations) / workers + max(durations) + 1e-12
    assert makespan(durations, 1) == pytest.approx(sum(durations))
