"""Upper bounds checked against the machine before any work (issue 34, item 3).

A heap beyond its memory, threads beyond its cores, workers beyond its
cores or memory, a committee too large for the heap: one line, on both faces.
A heap too small or unreadable, and pairs that need more heap than the JVM has
or the machine can give: the advice in each face's words.
"""

import re

import numpy as np
import pytest

from weka_ranking import RankingReduction, jvm, load_task, machine, memory
from weka_ranking.cli import main
from weka_ranking.errors import JavaError, ParameterError, WekaRankingWarning


def failing(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 1, err
    assert out == "" and "Traceback" not in err
    [line] = err.splitlines()
    assert line.startswith("weka-ranking: error:")
    return line


@pytest.fixture
def two_cores_and_4g(monkeypatch):
    monkeypatch.setattr(machine, "cores", lambda: 2)
    monkeypatch.setattr(machine, "memory_bytes", lambda: 4 << 30)


def test_a_heap_beyond_the_machines_memory(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    line = failing(capsys, "cv", "breast-cancer", "--heap", "1t")
    assert "--heap 1t: heap '1t' is more than this machine's memory (" in line
    assert not list(tmp_path.iterdir())  # no hs_err_pid*.log
    monkeypatch.setattr(machine, "memory_bytes", lambda: 4 << 30)
    with pytest.raises(JavaError, match=r"'5g' is more .* \(4 GB\): .* about 3g$"):
        jvm.start(heap="5g")  # checked whether the JVM runs or not
    assert jvm.heap_bytes("3g") == 3 << 30


def test_threads_beyond_the_cores(capsys, two_cores_and_4g):
    line = failing(capsys, "cv", "breast-cancer", "--threads", "1000000")
    assert line.endswith(
        "--threads 1000000: this machine has 2 cores: more than 16 threads "
        "(8 a core) only hold more copies of the committee; give 2"
    )
    with pytest.raises(ParameterError, match="^threads=17: this machine has 2"):
        RankingReduction(threads=17).validate()
    RankingReduction(threads=16).validate()
    with pytest.raises(ParameterError, match=r"threads=2147483648: must be .*Java int"):
        RankingReduction(threads=1 << 31).validate()


def test_worker_processes_beyond_the_cores_or_the_memory(
    capsys, tmp_path, two_cores_and_4g
):
    out = tmp_path / "experiment"
    experiment = ["experiment", "--data", "breast-cancer", "--scheme", "J48"]
    line = failing(capsys, *experiment, "--jobs", "100000", "--out", str(out))
    assert line.endswith(
        "--jobs 100000: this machine has 2 cores: more units at once than cores "
        "only wait for one another; give 2 or fewer"
    )
    # Dask's local workers have a JVM each; the local executor's threads share one.
    line = failing(capsys, *experiment, "--jobs", "2", "--heap", "3g",
                   "--executor", "dask", "--out", str(out))  # fmt: skip
    assert "--jobs 2: 2 JVMs of 3 GB heap each could take 6 GB, more than" in line
    assert not out.exists()
    # The Python face: the engine checks the same before any unit.
    from weka_ranking.experiments.experiment import run_experiment
    from weka_ranking.experiments.plan import plan_from_flags

    plan = plan_from_flags(["breast-cancer"], ["J48"], folds=2, runs=1)
    with pytest.raises(ParameterError, match="^jobs=3: this machine has 2 cores"):
        run_experiment(plan, out, jobs=3)
    assert not (out / "results.jsonl").exists()


def test_a_committee_too_large_for_the_heap_is_refused_before_java_makes_it(weka):
    data = load_task("breast-cancer").subset(np.arange(60))
    model = RankingReduction("J48", pairs_per_instance=1, voters=10**9)
    with pytest.raises(ParameterError, match=r"^voters=1000000000: 1000000000 members"):
        model.fit(data)
    assert not hasattr(model, "weka_model_")
    with pytest.raises(ParameterError, match=r"voters=2147483648: must be .*Java int"):
        RankingReduction(voters=1 << 31).fit(data)


@pytest.mark.parametrize(
    "heap, message",
    [("1m", "too small: WEKA needs at least 64m"), ("12x", "not a Java heap size")],
)
def test_bad_heap_is_one_line_on_stderr(capsys, heap, message):
    """Found in everyday use as WEKA users work (issue 12)."""
    assert message in failing(capsys, "cv", "hepatitis", "--heap", heap, "--json")


def test_the_heap_advice_names_the_function_to_call(monkeypatch, weka):
    """Found by a new Python user (issue 34, item 8)."""
    with pytest.warns(WekaRankingWarning, match=r"heap 1g not applied: .*jvm\.start"):
        jvm.start(heap="1g")  # the JVM runs already (the weka fixture)
    monkeypatch.setattr(
        memory.bridge, "free_heap", lambda collect=False: (100 << 20, 200 << 20)
    )
    footprint = {
        "pairs_per_member": 10**7,
        "members_at_once": 1,
        "bytes_per_member": 5 << 30,
        "bytes_per_pair": 500,
        "bytes_per_model": 1 << 20,
        "from_rows": 0,
    }
    with pytest.raises(JavaError) as refused:
        memory.check_heap(footprint, 5000, 10)
    said = str(refused.value)
    assert (
        "weka_ranking.jvm.start(heap='7g') first thing in a new Python process" in said
    )
    from weka_ranking.cli import in_cli_words

    assert "start the JVM with --heap 7g" in in_cli_words(refused.value)


def test_no_heap_beyond_the_machine_is_advised(monkeypatch, weka):
    """Found by a new Python user (issue 34, item 8)."""
    monkeypatch.setattr(
        memory.bridge, "free_heap", lambda collect=False: (100 << 20, 200 << 20)
    )
    monkeypatch.setattr(machine, "memory_bytes", lambda: 24 << 30)
    footprint = {
        "pairs_per_member": 10**9,
        "members_at_once": 1,
        "bytes_per_member": 30 << 30,  # more than three quarters of 24 GB
        "bytes_per_pair": 30,
        "bytes_per_model": 1 << 20,
        "from_rows": 0,
    }
    with pytest.raises(JavaError) as refused:
        memory.check_heap(footprint, 50_000, 10)
    said = str(refused.value)
    assert "more than this machine can give the JVM (about 18g)" in said
    assert (
        "heap" not in said.split("JVM (about 18g)")[1] and "pairs_per_instance" in said
    )


def test_the_experiments_heap_advice_names_the_flag_on_the_command_line(
    capsys, monkeypatch, tmp_path, weka
):
    """Found by a new user on data the project does not bundle (issue 30)."""
    # A heap of 2 MB, 1 free: the unit's pairs do not fit.
    monkeypatch.setattr(
        memory.bridge, "free_heap", lambda collect=False: (1 << 20, 2 << 20)
    )
    argv = ["experiment", "--data", "breast-cancer", "--runs", "1", "--folds", "2"]
    argv += ["--scheme", "J48 --pairs 2 --voters 1", "--out", str(tmp_path / "x")]
    assert main(argv) == 1
    (failed,) = [x for x in capsys.readouterr().err.splitlines() if "units failed" in x]
    assert "start the JVM with --heap " in failed
    assert "jvm.start" not in failed and "pairs_per_instance" not in failed
    assert "or use --pairs " in failed
    # The Python path (the stored record, the report) keeps Python's words.
    from weka_ranking.experiments.experiment import failures, noted_plan

    plan, _ = noted_plan(tmp_path / "x")
    (first, *_) = failures(plan, tmp_path / "x")
    assert "weka_ranking.jvm.start(heap=" in first["error"]


def test_a_200000_row_file_is_refused_before_its_pairs_exist(tmp_path, capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    rng = np.random.default_rng(0)
    rows = "".join(
        f"{a:.3f},{b:.3f},{'pq'[i % 3 > 0]}\n"
        for i, (a, b) in enumerate(rng.random((200_000, 2)))
    )
    path = tmp_path / "big.arff"
    path.write_text(
        "@relation big\n@attribute a numeric\n@attribute b numeric\n"
        "@attribute c {p,q}\n@data\n" + rows
    )
    # SMO trains on the pairs themselves (J48, NaiveBayes and Logistic would
    # be trained from the rows, in memory linear in them).
    error = failing(
        capsys,
        "cv",
        str(path),
        *("--learner", "SMO", "--pairs", "all", "--voters", "1"),
        *("--pair-features", "concat"),
    )
    # A training fold of about 180,000 rows: about 2 x 60,000 x 120,000 pairs.
    pairs = int(re.search(r"(\d+) pairs of 4 attributes need about", error)[1])
    assert 1.43e10 < pairs < 1.45e10
    # Six terabytes: no heap this machine can give; pairs per instance are.
    assert "more than this machine can give the JVM" in error and "--heap" not in error
    assert "use --pairs" in error
