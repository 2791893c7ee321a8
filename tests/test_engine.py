"""The engine's runner: its refusals and failures, each in one line."""

import builtins
import os
import time
from dataclasses import dataclass

import pytest

from weka_ranking.errors import DataError, WekaRankingError, WekaRankingWarning
from weka_ranking.experiments import ResultStore, run_units, runner
from weka_ranking.experiments.runner import WorkerLost


@dataclass(frozen=True)
class Unit:
    name: str
    # die_on_b's unit b dies only once this store holds a record (unit a's).
    after_a_in: str = ""

    @property
    def key(self) -> str:
        return self.name


def die_on_b(unit: Unit) -> list[dict]:
    """A unit whose worker process dies (as under the kernel's OOM killer).

    Unit b dies once unit a is stored, if told where: a worker's death breaks
    the whole pool, and on a busy machine a could still be running then.
    """
    if unit.name == "b":
        if unit.after_a_in:
            results = ResultStore(unit.after_a_in).path
            while not (results.is_file() and results.stat().st_size):
                time.sleep(0.02)
        os._exit(9)
    return [{"unit_name": unit.name}]


def test_a_dead_worker_is_one_line_and_the_finished_units_stay(
    tmp_path, weka, monkeypatch
):
    monkeypatch.setattr(runner, "_busy_cores", lambda: 0)  # the load's line aside
    store = ResultStore(tmp_path)
    with pytest.raises(WorkerLost) as caught:
        run_units([Unit("a"), Unit("b", str(tmp_path))], die_on_b, store, jobs=2)
    assert "during unit b" in str(caught.value)
    assert "run the same command again" in str(caught.value)
    assert "\n" not in str(caught.value)
    assert set(store.load()) <= {"a"}


def test_dask_without_dask_is_one_line(tmp_path, weka, monkeypatch):
    real_import = builtins.__import__

    def no_distributed(name, *args, **kwargs):
        if name == "distributed":
            raise ImportError("no module named distributed")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_distributed)
    with pytest.raises(WekaRankingError, match=r"pip install 'weka-ranking\[dask\]'"):
        run_units([Unit("a")], die_on_b, ResultStore(tmp_path), executor="dask")


@pytest.mark.parametrize(
    "options, words",
    [
        ({"jobs": 0}, "jobs must be >= 1"),
        ({"executor": "ray"}, "executor must be one of"),
        ({"scheduler": "tcp://x:1"}, "executor='dask'"),
    ],
)
def test_bad_runner_options_are_refused_before_any_work(tmp_path, options, words):
    with pytest.raises(ValueError, match=words):
        run_units([Unit("a")], die_on_b, ResultStore(tmp_path), **options)
    assert not (tmp_path / "results.jsonl").exists()


def fail_once(unit: Unit) -> list[dict]:
    """Fails while its marker file exists (a flaky peer), then succeeds."""
    marker = unit.name
    if os.path.exists(marker):
        os.remove(marker)
        return [{"unit_name": unit.name, "error": "it failed"}]
    return [{"unit_name": unit.name, "auc": 0.5}]


def test_failed_units_run_again_when_asked_and_the_success_is_kept(tmp_path, weka):
    marker = tmp_path / "flaky"
    marker.touch()
    units = [Unit(str(marker)), Unit(str(tmp_path / "steady"))]
    store = ResultStore(tmp_path / "store")
    assert run_units(units, fail_once, store) == 2
    assert run_units(units, fail_once, store) == 0  # an error is a result
    assert "error" in store.load()[str(marker)][0]
    assert run_units(units, fail_once, store, retry_failed=True) == 1
    assert store.load()[str(marker)][0]["auc"] == 0.5
    assert run_units(units, fail_once, store, retry_failed=True) == 0


def test_a_scheduler_that_never_answers_is_refused_in_time(monkeypatch):
    """A listener that accepted and never answered hung past Dask's timeout."""
    import socket
    import threading
    import time

    pytest.importorskip("distributed")
    from weka_ranking.experiments import runner

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    accepted = []
    threading.Thread(
        target=lambda: accepted.append(listener.accept()), daemon=True
    ).start()
    address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    monkeypatch.setattr(runner, "SCHEDULER_TIMEOUT", 1)
    started = time.perf_counter()
    with pytest.raises(WekaRankingError) as caught:
        runner._dask_client(address, 1)
    listener.close()
    for connection, _ in accepted:
        connection.close()
    assert time.perf_counter() - started < 10
    assert str(caught.value) == (
        f"--scheduler {address}: no Dask scheduler answered (nothing within 1 s); "
        "start one with 'dask scheduler' or leave --scheduler out for a local one"
    )


@pytest.mark.fast
@pytest.mark.parametrize(("busy", "free"), [(1, 1), (5, 0)])
def test_workers_on_busy_cores_are_said_in_one_line(busy, free, monkeypatch, recwarn):
    monkeypatch.setattr(runner, "cores", lambda: 2)
    monkeypatch.setattr(runner, "_busy_cores", lambda: busy)
    with pytest.warns(WekaRankingWarning, match=rf"^--jobs 2: .* leaves {free} of 2"):
        runner._say_busy_cores(2)
    monkeypatch.setattr(runner, "_busy_cores", lambda: 0)
    runner._say_busy_cores(2)
    runner._say_busy_cores(1)
    assert not [w for w in recwarn if issubclass(w.category, WekaRankingWarning)]


def test_a_folder_of_other_files_is_refused_and_an_empty_one_or_a_store_taken(
    tmp_path, weka
):
    """A run (experiment's, reproduce's) mixed its files among the user's, silently."""
    mine = tmp_path / "mine"
    mine.mkdir()
    for name in ("a.csv", "b.csv", "c.csv", "notes.txt"):
        (mine / name).write_text("mine\n")
    with pytest.raises(DataError) as caught:
        runner.run_resumably([Unit("a")], die_on_b, ResultStore(mine))
    assert str(caught.value) == (
        f"{mine}: is not empty (a.csv, b.csv, c.csv, ...) and holds no results: "
        "give an empty or new folder (--out), or the folder of an earlier run of "
        "the same plan to resume it"
    )
    assert sorted(os.listdir(mine)) == ["a.csv", "b.csv", "c.csv", "notes.txt"]
    store = ResultStore(tmp_path / "empty")
    store.folder.mkdir()
    (store.folder / ".DS_Store").write_text("a file browser's, not a user's work\n")
    assert runner.run_resumably([Unit("a")], die_on_b, store) == 1
    (store.folder / "report.md").write_text("the run's report\n")
    assert runner.run_resumably([Unit("a"), Unit("c")], die_on_b, store) == 1
    assert sorted(store.load()) == ["a", "c"]
