"""The study in WEKA's own Experimenter (a plain JVM, the installed package)
gives the store's fold AUCs: scores as they are = ties one half, rank
positions = equal degrees in the fold's order."""

import json

import pytest

from weka_ranking.arff import load_arff, to_arff
from weka_ranking.experiments import experimenter
from weka_ranking.experiments.plan import Unit
from weka_ranking.experiments.report import write_report
from weka_ranking.experiments.run import run_unit
from weka_ranking.experiments.store import ResultStore


def test_the_schemes_of_each_reading():
    scheme = (
        "weka.classifiers.meta.RankingReduction -W weka.classifiers.trees.J48 -P all "
        "-rank-first 2 -- -C 0.25 -M 2"
    )
    job = experimenter.Job("J48", "glass", "original", "positions", scheme, 2)
    assert job.classifier() == [
        "-W",
        "weka.classifiers.meta.RankingReduction",
        "--",
        *"-W weka.classifiers.trees.J48 -P all -rank-first 2 -positions".split(),
        *"-- -C 0.25 -M 2".split(),
    ]
    alone = experimenter.Job("J48", "glass", "base", "scores", scheme, 2)
    assert alone.classifier() == "-W weka.classifiers.trees.J48 -- -C 0.25 -M 2".split()


def test_task_files_keep_every_number(tmp_path):
    from weka_ranking import load_task

    data = load_task("glass")  # five-decimal measurements
    path = tmp_path / "glass.arff"
    path.write_text(to_arff(data))
    again = load_arff(path, positive=data.positive)
    assert (again.X == data.X).all() and (again.y == data.y).all()


@pytest.fixture(scope="module")
def store(tmp_path_factory, weka):
    folder = tmp_path_factory.mktemp("store")
    results = ResultStore(folder)
    for family in ("base", "original"):
        for fold in range(10):
            unit = Unit("hepatitis", "J48", family, fold)
            results.append(unit.key, run_unit(unit))
    experimenter.run(folder, folder / "experimenter", jobs=2)
    return folder


def test_the_experimenter_gives_the_stores_fold_aucs(store):
    rows = experimenter.compare(store, store / "experimenter")
    assert {(r["config"], r["reading"]) for r in rows} == {
        (c, r) for c in ("base", "original") for r in ("scores", "positions")
    }
    assert all(r["equal"] for r in rows)
    by = {(r["config"], r["reading"]): r["experimenter"] for r in rows}
    assert by["original", "scores"] != by["original", "positions"]  # ties exist


def test_reproduction_json_and_its_sections(store, tmp_path):
    write_report(store, tmp_path)
    cells = json.loads((tmp_path / "reproduction.json").read_text())["cells"]
    assert len(cells) == 4  # J48 hepatitis: base, original, star, double_star
    base = next(c for c in cells if c["config"] == "base")
    assert base["exact_match"] == ["WEKA's AUC"] and base["verdict"].startswith("exact")
    assert base["experimenter_auc"]["mean"] == pytest.approx(base["auc"], abs=1e-12)
    original = next(c for c in cells if c["config"] == "original")
    # hepatitis: the file's class 0 (DIE) is ours; leakage = positions - scores.
    wekas = original["experimenter_positions_auc"]["mean"]
    assert original["monograph_protocol_auc"] == pytest.approx(wekas, abs=1e-12)
    assert original["leakage"] == pytest.approx(
        wekas - original["experimenter_auc"]["mean"], abs=1e-12
    )
    text = (tmp_path / "reproduction.md").read_text()
    first = text.index("## ", text.index("# Reproduction") + 2)
    assert text[first:].startswith("## First: WEKA's test folds are sorted by class")
    assert "| hepatitis | 10/10 | LIVE |" in text
    assert "| scores (ties one half) | 2 | 2 |" in text
