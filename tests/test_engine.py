"""The engine's runner: its refusals and failures, each in one line."""

import builtins
import os
import threading
import time
from dataclasses import dataclass

import pytest

from weka_ranking import bridge
from weka_ranking.errors import DataError, WekaRankingError
from weka_ranking.experiments import ResultStore, run_units, runner


@dataclass(frozen=True)
class Unit:
    name: str

    @property
    def key(self) -> str:
        return self.name


def records_of(unit: Unit) -> list[dict]:
    return [{"unit_name": unit.name}]


def test_two_jobs_run_two_units_at_once_on_threads_and_store_each(tmp_path, weka):
    """Each unit waits for the other: run one after another, both would fail."""
    both_running = threading.Barrier(2, timeout=30)

    def together(unit: Unit) -> list[dict]:
        both_running.wait()
        return records_of(unit)

    store = ResultStore(tmp_path)
    assert run_units([Unit("a"), Unit("b")], together, store, jobs=2) == 2
    assert sorted(store.load()) == ["a", "b"]
    workers = {r["provenance"]["worker"] for r in store.records()}
    assert len(workers) == 2  # each record says its thread
    assert all(" thread weka-ranking unit" in worker for worker in workers)


def test_a_unit_failed_beside_another_runs_again_alone(tmp_path, weka):
    """A failure beside other units may be the shared heap's: one worker's is kept."""
    both_running = threading.Barrier(2, timeout=30)
    calls = []

    def short_of_heap_beside_a(unit: Unit) -> list[dict]:
        calls.append(unit.name)
        if calls.count(unit.name) == 1:
            both_running.wait()
        if unit.name == "b" and calls.count("b") == 1:
            return [{"unit_name": "b", "error": "the heap ran out"}]
        return records_of(unit)

    store = ResultStore(tmp_path)
    assert run_units([Unit("a"), Unit("b")], short_of_heap_beside_a, store, jobs=2)
    assert calls == ["a", "b", "b"] or calls == ["b", "a", "b"]
    (record,) = store.load()["b"]
    assert "error" not in record


def test_an_interrupt_among_units_on_threads_stores_only_the_finished(
    tmp_path, weka, monkeypatch
):
    """Ctrl-C while a unit runs on: the finished units stay, the run stops in time."""
    monkeypatch.setattr(bridge, "GRACE_SECONDS", 0.1)
    let_c_end = threading.Event()

    def interrupted_at_b(unit: Unit) -> list[dict]:
        if unit.name == "b":
            raise KeyboardInterrupt
        if unit.name == "c":
            let_c_end.wait(30)
        return records_of(unit)

    store = ResultStore(tmp_path)
    units = [Unit("a"), Unit("c"), Unit("b"), Unit("d")]
    with pytest.raises(KeyboardInterrupt):
        run_units(units, interrupted_at_b, store, jobs=2)
    assert bridge.java_work_running()  # c went on: the command ends without it
    let_c_end.set()
    assert set(store.load()) == {"a"}


def test_dask_without_dask_is_one_line(tmp_path, weka, monkeypatch):
    real_import = builtins.__import__

    def no_distributed(name, *args, **kwargs):
        if name == "distributed":
            raise ImportError("no module named distributed")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_distributed)
    with pytest.raises(WekaRankingError, match=r"pip install 'weka-ranking\[dask\]'"):
        run_units([Unit("a")], records_of, ResultStore(tmp_path), executor="dask")


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
        run_units([Unit("a")], records_of, ResultStore(tmp_path), **options)
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


def test_a_folder_of_other_files_is_refused_and_an_empty_one_or_a_store_taken(
    tmp_path, weka
):
    """A run (experiment's, reproduce's) mixed its files among the user's, silently."""
    mine = tmp_path / "mine"
    mine.mkdir()
    for name in ("a.csv", "b.csv", "c.csv", "notes.txt"):
        (mine / name).write_text("mine\n")
    with pytest.raises(DataError) as caught:
        runner.run_resumably([Unit("a")], records_of, ResultStore(mine))
    assert str(caught.value) == (
        f"{mine}: is not empty (a.csv, b.csv, c.csv, ...) and holds no results: "
        "give an empty or new folder (--out), or the folder of an earlier run of "
        "the same plan to resume it"
    )
    assert sorted(os.listdir(mine)) == ["a.csv", "b.csv", "c.csv", "notes.txt"]
    store = ResultStore(tmp_path / "empty")
    store.folder.mkdir()
    (store.folder / ".DS_Store").write_text("a file browser's, not a user's work\n")
    assert runner.run_resumably([Unit("a")], records_of, store) == 1
    (store.folder / "report.md").write_text("the run's report\n")
    assert runner.run_resumably([Unit("a"), Unit("c")], records_of, store) == 1
    assert sorted(store.load()) == ["a", "c"]


FULL = "the cores set the pace, more workers would not finish sooner"
SHARED = "more workers would only take a larger share of them from it"
IDLE = "more workers may finish sooner (--estimate --jobs 2 prices it)"
OTHER = "the machine's other work "


@pytest.mark.parametrize(
    ("jobs", "ran", "seconds", "cpu", "other", "said", "verdict"),
    [
        (2, 80, 10.0, 19.6, 0.0, "2.0 of the 2 cores busy:", FULL),
        (1, 80, 10.0, 19.2, 0.0, "1.9 of the 2 cores busy:", FULL),
        (2, 80, 10.0, 18.1, 0.0, None, None),  # a second worker may have used the rest
        (1, 80, 10.0, 12.0, 0.0, "1.2 of the 2 cores busy:", IDLE),
        # Full with the other work, which is named whatever its size.
        (2, 80, 10.0, 18.1, 0.2, "1.8 of the 2 cores busy, " + OTHER + "0.2:", SHARED),
        # A new user's --jobs 1 beside other work: --jobs 2 took a larger share.
        (1, 80, 10.0, 11.0, 0.8, "1.1 of the 2 cores busy, " + OTHER + "0.8:", SHARED),
        (2, 80, 4.0, 8.0, 0.0, None, None),  # too short to tell
        (2, 1, 10.0, 20.0, 0.0, None, None),  # one unit: no second worker to speak of
    ],
)  # fmt: skip
def test_the_cores_line_says_what_the_cores_said_of_the_workers(
    jobs, ran, seconds, cpu, other, said, verdict
):
    line = runner.cores_line(jobs, ran, seconds, cpu, cores=2, other=other)
    if said is None:
        assert line is None
    else:
        assert line.startswith(f"--jobs {jobs}: the units kept {said}")
        assert line.endswith(verdict)


def test_a_run_notes_its_cpu_and_says_the_cores_line(tmp_path, weka, monkeypatch):
    """The units' CPU is the process's, noted and handed to the cores' line."""

    def busy(unit: Unit) -> list[dict]:
        until = time.process_time() + 0.3
        while time.process_time() < until:
            pass
        return records_of(unit)

    seen, said = [], []

    def line_of(*args: object) -> str:
        seen.append(args)
        return "the cores' line"

    monkeypatch.setattr(runner, "cores_line", line_of)
    monkeypatch.setattr(
        runner.progress_module, "line", lambda message, **_: said.append(message)
    )
    store = ResultStore(tmp_path)
    assert runner.run_resumably([Unit("a"), Unit("b")], busy, store, jobs=1) == 2
    (note,) = [n for n in store.runs() if "units_run" in n]
    ((jobs, ran, seconds, cpu, cores, other, compiling),) = seen
    assert (jobs, ran, cores) == (1, 2, runner.machine_module.cores())
    assert 0 <= other <= cores  # the machine's other work, 0 where not known
    assert cpu >= 0.6  # the two units' own, at least
    assert 0 <= compiling <= cpu  # the JVM's compiler's, within the process's
    assert (note["seconds"], note["cpu_seconds"]) == (round(seconds, 1), round(cpu, 1))
    assert note["compiler_seconds"] == round(compiling, 1)
    assert said == ["the cores' line"]


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="Linux's /proc")
def test_the_jvms_compiler_threads_are_found_and_their_cpu_read(weka):
    """HotSpot's compiler threads by name: a renamed thread would read as none."""
    from weka_ranking import jvm

    before = jvm.compiler_cpu()
    assert before and all(seconds >= 0 for seconds in before.values())
    assert jvm.compiler_seconds_since(before) >= 0
    assert jvm.compiler_seconds_since(None) is None


def test_the_cores_line_leaves_the_jvms_compiler_out_of_the_units_share():
    """A short run's cores may be the compiler's, which a longer run pays once.

    Plan A of docs/jobs-two on one worker: 10.6 CPU s over 5.6 s, 5.3 of
    them the compiler's; --jobs 2 took 4.8 s.
    """
    line = runner.cores_line(1, 80, 5.6, 10.6, 2, 0.0, compiling=5.3)
    assert line == (
        "--jobs 1: the units kept 0.9 of the 2 cores busy, the JVM's compiler "
        "threads 0.9 more (warming to the code, which a longer run pays once): "
        "more workers may finish sooner (--estimate --jobs 2 prices it)"
    )
    assert "compiler" not in runner.cores_line(1, 80, 10.0, 19.0, 2, 0.0, 4.0)
    # On as many workers as cores, the cores the compiler filled (a new user's
    # --jobs 2 heard nothing where its report said 2.0 cores busy).
    assert runner.cores_line(2, 80, 10.0, 19.6, 2, 0.0, 6.0) == (
        "--jobs 2: the units kept 1.4 of the 2 cores busy, the JVM's compiler "
        "threads 0.6 more (warming to the code, which a longer run pays once): "
        "the cores were full"
    )
    assert runner.cores_line(2, 80, 10.0, 15.0, 2, 0.0, 3.0) is None


@dataclass(frozen=True)
class CellUnit:
    name: str
    cell: tuple[str, str]

    @property
    def key(self) -> str:
        return self.name


class FakeClocks:
    """Wall and CPU seconds that the units advance: a unit's cores, as given."""

    def __init__(self) -> None:
        self.wall = self.cpu = 0.0
        self.lock = threading.Lock()

    def spend(self, seconds: float, cores: float) -> None:
        with self.lock:
            self.wall += seconds
            self.cpu += seconds * cores


def test_a_cell_that_fills_the_cores_alone_runs_alone(tmp_path, weka):
    """On two workers, a unit whose cell alone kept the cores busy starts alone.

    The first unit of each cell runs alone and is measured; the light cell's
    units run beside one another afterwards, the full cell's never beside
    any; and the run says why it ran those one at a time.
    """
    clocks = FakeClocks()
    pacer = runner.Pacer(2, cpu_seconds=lambda: clocks.cpu, clock=lambda: clocks.wall)
    light, full = ("d", "light"), ("d", "full")
    order = [("l1", light), ("f1", full), ("l2", light), ("f2", full)]
    order += [("l3", light), ("l4", light), ("f3", full), ("l5", light), ("l6", light)]
    running, seen, lock = [0], {}, threading.Lock()

    def work(unit: CellUnit) -> list[dict]:
        with lock:
            running[0] += 1
            seen[unit.name] = [running[0]]
        clocks.spend(1.0, 2.0 if unit.cell == full else 1.0)
        time.sleep(0.2)
        with lock:
            seen[unit.name].append(running[0])
            running[0] -= 1
        return records_of(unit)

    units = [CellUnit(name, cell) for name, cell in order]
    assert run_units(units, work, ResultStore(tmp_path), jobs=2, pacer=pacer) == 9
    assert all(seen[name] == [1, 1] for name in ("l1", "f1", "f2", "f3"))
    assert max(max(seen[name]) for name in ("l3", "l4", "l5", "l6")) == 2
    assert pacer.cores_kept == {light: 1.0, full: 2.0}
    assert pacer.alone == {full: 3}
    assert pacer.line(2) == (
        "--jobs 2: 3 units ran one at a time (of d/full): alone, such a unit's own "
        "threads kept up to 2.0 of the 2 cores busy, which a second worker would "
        "only share (the first unit of each data set and scheme runs alone to "
        "measure it)"
    )
    assert pacer.line(1) is None


def test_units_without_a_cell_start_as_workers_free():
    pacer = runner.Pacer(2)
    assert pacer.may_start(Unit("b"), [Unit("a")])
    assert not pacer.may_start(CellUnit("b", ("d", "s")), [Unit("a")])  # not yet seen
    assert pacer.line(2) is None
