"""Upper bounds checked against the machine before any work (issue 34, item 3).

A heap beyond its memory, threads beyond its cores, worker processes beyond its
cores or memory, a committee too large for the heap: one line, on both faces.
"""

import numpy as np
import pytest

from weka_ranking import RankingReduction, jvm, load_task, machine
from weka_ranking.cli import main
from weka_ranking.errors import JavaError, ParameterError


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
        "--jobs 100000: this machine has 2 cores: more worker processes (a JVM "
        "each) than cores only wait for them; give 2 or fewer"
    )
    line = failing(
        capsys, *experiment, "--jobs", "2", "--heap", "3g", "--out", str(out)
    )
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
