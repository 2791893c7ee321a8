"""reproduce: interrupted and resumed, or in two processes, it gives the same store.

The tests of a whole ``reproduce --quick`` are slow (a study rerun); the engine's
resume, workers and store are the product's ``tests/test_experiment.py``,
``tests/test_engine.py`` and ``tests/test_store.py``.
"""

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from weka_ranking.cli import main
from weka_ranking_studies.monograph.aggregate import Results, published_tables
from weka_ranking_studies.monograph.figures import write_figures
from weka_ranking_studies.monograph.plan import build_plan
from weka_ranking_studies.monograph.report import write_report
from weka_ranking_studies.monograph.values import build

# What differs between two runs of the same units: their costs, and when and
# where they ran.
TIMING = {"train_seconds", "rank_seconds", "write", "provenance"}


def reproduce(folder: Path, *extra: str, quiet: bool = True) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "weka_ranking",
            "reproduce",
            "--quick",
            *(["--quiet"] if quiet else []),
            "--out",
            str(folder),
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def canonical(folder: Path) -> set[str]:
    """The store's records without their timings, order-free."""
    lines = (folder / "results.jsonl").read_text().splitlines()
    return {
        json.dumps(
            {k: v for k, v in json.loads(line).items() if k not in TIMING},
            sort_keys=True,
        )
        for line in lines
    }


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    folder = tmp_path_factory.mktemp("whole")
    process = reproduce(folder)
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err
    return folder


@pytest.mark.slow  # a study rerun (reproduce --quick, 1 min)
def test_quick_plan_is_complete_in_the_store(uninterrupted):
    units, _ = build_plan(quick=True)
    stored = {
        json.loads(line)["unit"]
        for line in (uninterrupted / "results.jsonl").read_text().splitlines()
    }
    assert stored == {u.key for u in units}
    assert (uninterrupted / "reproduction.md").is_file()


@pytest.mark.slow  # the default suite stays under five minutes
def test_killed_corrupted_and_resumed_equals_uninterrupted(tmp_path, uninterrupted):
    process = reproduce(tmp_path)
    results = tmp_path / "results.jsonl"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if results.exists() and len(results.read_text().splitlines()) > 150:
            break
        time.sleep(0.2)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    partial = results.read_text()
    assert 0 < len(partial.splitlines()) < len(canonical(uninterrupted))
    # Tear the last record by hand, as a power cut mid-write would.
    results.write_text(partial[: len(partial) - 40])
    resumed = reproduce(tmp_path, quiet=False)
    _, err = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, err
    assert "dropped 1 unreadable lines" in err
    assert canonical(tmp_path) == canonical(uninterrupted)


@pytest.mark.slow  # 20 s; the killed-and-resumed run also uses two workers
def test_two_workers_give_the_same_store(tmp_path, uninterrupted):
    process = reproduce(tmp_path, "--jobs", "2")
    _, err = process.communicate(timeout=600)
    assert process.returncode == 0, err
    assert canonical(tmp_path) == canonical(uninterrupted)


@pytest.mark.slow  # a study rerun (reproduce --quick, 1 min)
def test_resume_of_a_finished_store_runs_nothing(uninterrupted):
    before = (uninterrupted / "results.jsonl").read_text()
    process = reproduce(uninterrupted)
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    assert out.startswith("0 units run")
    assert (uninterrupted / "results.jsonl").read_text() == before


@pytest.mark.slow  # a study rerun (reproduce --quick, 1 min)
def test_report_from_the_store(uninterrupted, tmp_path):
    report = Results.from_store(uninterrupted)
    text = write_report(uninterrupted, tmp_path / "report").read_text()
    assert "### Table 5: J48" in text and "### Table 6: NaiveBayes" in text
    published = published_tables()
    # The base column equals WEKA's own numbers; J48 on glass is one the
    # monograph's WEKA gave too.
    base = report.cell("J48", "glass", "base")
    assert round(base.mean["auc"], 5) == published[("J48", "glass", "base")][0]
    _, computed = build(uninterrupted)
    figures = write_figures(computed, tmp_path)
    assert [p.name for p in figures] == ["figure1-J48.png", "figure2-NaiveBayes.png"]
    assert all(p.stat().st_size > 10_000 for p in figures)


def test_smo_with_its_whole_kernel_matrix_ranks_as_with_wekas_cache(weka):
    from weka_ranking import RankingReduction, load_task
    from weka_ranking.folds import weka_folds
    from weka_ranking_studies.monograph.plan import learner_options

    data = load_task("breast-cancer")  # nominal attributes, many pairs alike
    train, test = next(iter(weka_folds(data.y, 10, 1)))
    pairs, heap = 4 * len(train), 1 << 30
    assert learner_options("SMO", pairs, heap) != ""
    assert learner_options("SMO", 20_000, heap) == ""  # 1.6 GB: over half the heap
    assert (
        learner_options("SMO", None, heap) == learner_options("J48", pairs, heap) == ""
    )
    scores = [
        RankingReduction("SMO", base_options=options, pairs_per_instance=4)
        .fit(data.subset(train))
        .ranking(data.subset(test))
        .scores
        for options in ("", learner_options("SMO", pairs, heap))
    ]
    assert scores[0].tolist() == scores[1].tolist()
    assert len(set(scores[0])) > 5


def test_classes_swapped_declares_the_values_the_other_way(weka):
    from weka_ranking import bridge, load_task
    from weka_ranking_studies.monograph.plan import Unit
    from weka_ranking_studies.monograph.run import _task_data

    ours = load_task("vehicle")
    swapped = _task_data(Unit("vehicle", "SMO", "base", 0, (), "classes-swapped"))
    assert swapped.positive == ours.positive == "van"
    assert (swapped.y == ours.y).all()
    header = bridge.to_instances(swapped).classAttribute()
    assert [str(header.value(i)) for i in range(2)] == list(ours.class_values[::-1])
    units, _ = build_plan()
    assert sum(u.variant == "classes-swapped" for u in units) == 4 * 5 * 10  # base


def test_report_leaves_a_store_that_is_not_the_reproductions_alone(tmp_path, capsys):
    """An empty store, or one of other records, gets no reproduction report."""
    from weka_ranking.experiments import ResultStore

    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "results.jsonl").write_text("")
    other = tmp_path / "other"
    ResultStore(other).append("u", [{"auc": 0.5}])
    for folder in (empty, other):
        before = sorted(p.name for p in folder.iterdir())
        assert main(["report", str(folder)]) == 1
        assert "no installed study reads it" in capsys.readouterr().err
        assert sorted(p.name for p in folder.iterdir()) == before


@pytest.mark.fast
def test_report_refuses_an_out_folder_of_other_files(tmp_path):
    """The reproduction's report wrote among the user's files (as experiment's did)."""
    from weka_ranking.errors import DataError

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.tex").write_text("mine\n")
    with pytest.raises(DataError, match=r"\(thesis.tex\) and holds no report"):
        write_report(tmp_path / "store", mine)
    assert [p.name for p in mine.iterdir()] == ["thesis.tex"]
