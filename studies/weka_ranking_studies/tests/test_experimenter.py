"""The study in WEKA's own Experimenter gives the store's fold AUCs.

The Experimenter runs in a plain JVM with the installed package. Two readings:
scores as they are = ties one half, rank positions = equal degrees in the fold's order.
The tests of the store are slow (a study rerun, a minute on two cores); the product's
own cells against WEKA's Experimenter are ``tests/test_experiment.py``'s.
"""

import json

import pytest

from weka_ranking.arff import load_arff, to_arff
from weka_ranking.experiments import ResultStore
from weka_ranking_studies.monograph import experimenter
from weka_ranking_studies.monograph.plan import Unit
from weka_ranking_studies.monograph.report import write_report
from weka_ranking_studies.monograph.run import run_unit


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
    for family, sweep in (("base", ()), ("original", ()), ("voters", (10,))):
        for fold in range(10):
            unit = Unit("hepatitis", "J48", family, fold, sweep)
            results.append(unit.key, run_unit(unit))
    for work in (experimenter.plan(folder), experimenter.resampled_plan(folder)):
        experimenter.run(folder, folder / "experimenter", jobs=2, work=work)
    return folder


@pytest.mark.slow  # a study rerun (1 min); see the module's docstring
def test_the_experimenter_gives_the_stores_fold_aucs(store):
    rows = experimenter.compare(store, store / "experimenter")
    assert {(r["config"], r["reading"]) for r in rows} == {
        (c, r) for c in ("base", "original", "star") for r in ("scores", "positions")
    }
    assert all(r["equal"] for r in rows)
    by = {(r["config"], r["reading"]): r["experimenter"] for r in rows}
    assert by["original", "scores"] != by["original", "positions"]  # ties exist


@pytest.mark.slow  # a study rerun (1 min); see the module's docstring
def test_reproduction_json_and_its_sections(store, tmp_path):
    write_report(store, tmp_path)
    written = json.loads((tmp_path / "reproduction.json").read_text())
    cells = written["cells"]
    assert len(cells) == 4  # J48 hepatitis: base, original, star, double_star
    base = next(c for c in cells if c["config"] == "base")
    assert base["exact_match"][0] == "minority" and base["tier"] == "exact"
    assert base["experimenter_auc"]["mean"] == pytest.approx(base["auc"], abs=1e-12)
    original = next(c for c in cells if c["config"] == "original")
    # hepatitis: the file's class 0 (DIE) is ours; leakage = positions - scores.
    wekas = original["experimenter_positions_auc"]["mean"]
    assert original["monograph_protocol_auc"] == pytest.approx(wekas, abs=1e-12)
    assert original["leakage"] == pytest.approx(
        wekas - original["experimenter_auc"]["mean"], abs=1e-12
    )
    assert original["first_block"] == ["LIVE"] and original["ranked_first"] == "DIE"
    assert original["leakage_sign"] == ("loss" if original["leakage"] < 0 else "gain")
    (voting,) = [c for c in written["conclusions"] if c["id"] == "voting"]
    assert voting["p_holm"] >= voting["p_value"]
    text = (tmp_path / "reproduction.md").read_text()
    sections = [line for line in text.splitlines() if line.startswith("## ")]
    assert sections[:5] == [
        "## Every published cell: published, reproduced, the reading, the tier",
        "## Summary: the monograph's conclusions, judged",
        "## The declared readings, alone and in combination",
        "## Readings left open: not run, with their estimated cost",
        "## Decision rules, and when each was fixed",
    ]
    assert "## First: the order of the classes in WEKA's test folds" in sections
    assert "| hepatitis | 10/10 | LIVE | DIE |" in text
    assert "| scores | 3 | 3 |" in text
    assert "## The conclusions in detail" in text


@pytest.mark.slow  # a study rerun (1 min); see the module's docstring
def test_voting_tested_over_ten_runs(store):
    (test,) = experimenter.corrected_tests(store, store / "experimenter")
    star = store / "experimenter" / "J48-hepatitis-star-scores-10runs.csv"
    aucs, ratio = experimenter._runs(star)
    assert len(aucs) == 100 and ratio == pytest.approx(1 / 9, rel=0.01)
    assert (
        aucs[:10]
        == experimenter.compare(store, store / "experimenter")[4]["experimenter"]
    )  # run 1 of the ten is the published protocol's run
    assert 0 <= test["p"] <= 1 and test["significance"] in (-1, 0, 1)
    assert (test["significance"] != 0) == (test["p"] <= 0.05)
    low, high = test["difference_low"], test["difference_high"]
    assert low <= test["auc"] - test["base_auc"] <= high
    assert (test["significance"] != 0) == (not low <= 0 <= high)
    assert test["finding"].startswith("voting raises AUC")
