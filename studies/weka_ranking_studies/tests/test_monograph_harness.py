"""The study's harness against independent references, one cell a reading.

The harness builds the pairs itself in Java and trains through the WEKA jar it is
compiled against. The references build what each reading says another way: the
materialised pairs written by numpy as ARFF in the stated order and given to WEKA's own
command line (``-t pairs -T test-pairs -p 0``), whose predictions make the degrees; the
learner alone's AUC of class 0 from WEKA's own ``Evaluation``; and the package's own
reading from the committed store.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

from weka_ranking import jvm
from weka_ranking.arff import to_arff
from weka_ranking.data import Attribute, Dataset
from weka_ranking.experiments import ResultStore
from weka_ranking.folds import weka_folds
from weka_ranking.learners import classname
from weka_ranking_studies.monograph import harness
from weka_ranking_studies.monograph.plan import FOLDS, SEED


def pair_rows(data: Dataset, order: str) -> tuple[np.ndarray, np.ndarray]:
    """All pairs of Algorithm 1 in the stated order: (first, second) rows, labels.

    blocks: every instance of the class that ranks first with every other, then the
    other class's likewise; interleaved: each (alpha, beta) followed by (beta, alpha).
    """
    first = np.flatnonzero(data.y == 1)
    other = np.flatnonzero(data.y == 0)
    ab = [(a, b) for a in first for b in other]
    if order == "interleaved":
        pairs = [p for a, b in ab for p in ((a, b, 1), (b, a, 0))]
    else:
        pairs = [(a, b, 1) for a, b in ab] + [(b, a, 0) for b in other for a in first]
    rows = np.array(pairs)
    return (rows[:, 0], rows[:, 1]), rows[:, 2].astype(np.int8)


def pair_dataset(data: Dataset, left, right, labels) -> Dataset:
    """The pair instances as a data set (first_, second_, class first_wins {0,1})."""
    attributes = tuple(
        Attribute(side + a.name, a.values)
        for side in ("first_", "second_")
        for a in data.attributes
    )
    return Dataset(
        X=np.hstack([data.X[left], data.X[right]]),
        y=np.asarray(labels, dtype=np.int8),
        attributes=attributes,
        class_name="first_wins",
        class_values=("0", "1"),
        positive_index=1,
        relation="pairs",
    )


def cli_degrees(jar: list[str], learner: str, data, train_rows, test_rows, order, tmp):
    """Each test instance's degree, from WEKA's command line on materialised pairs."""
    train, test = data.subset(train_rows), data.subset(test_rows)
    (left, right), labels = pair_rows(train, order)
    n = len(test)
    x, y = np.divmod(np.arange(n * n), n)
    keep = x != y
    (tmp / "pairs.arff").write_text(to_arff(pair_dataset(train, left, right, labels)))
    probes = pair_dataset(test, x[keep], y[keep], np.zeros(keep.sum()))
    (tmp / "probes.arff").write_text(to_arff(probes))
    out = subprocess.run(
        jvm.java_argv(jar, "-Xmx2g")
        + [classname(learner), "-t", str(tmp / "pairs.arff")]
        + ["-T", str(tmp / "probes.arff"), "-p", "0"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    predicted = [
        line.split()[2].split(":")[1]
        for line in out.splitlines()
        if line.split() and line.split()[0].isdigit()
    ]
    assert len(predicted) == keep.sum()
    wins = np.array(predicted) == "1"
    return np.bincount(x[keep], weights=wins, minlength=n).astype(int).tolist()


def harness_fold(job: harness.Job, fold: int) -> dict:
    return harness.fold_record(job, fold)


@pytest.mark.slow
def test_the_harness_gives_the_store_for_the_package_reading():
    """WEKA 3.9, pairs in blocks, ours: the committed store's ten fold AUCs."""
    store = {
        r["fold"]: r["auc"]
        for r in ResultStore(Path(__file__).parents[3] / "docs").records()
        if (r.get("learner"), r.get("task"), r.get("config"), r.get("variant"),
            r.get("ranker")) == ("J48", "glass", "original", "", "tournament")
    }  # fmt: skip
    job = harness.Job("J48", "glass", "original", harness.CURRENT)
    assert [harness_fold(job, k)["auc"] for k in range(FOLDS)] == [
        store[k] for k in range(FOLDS)
    ]


@pytest.mark.slow
@pytest.mark.parametrize(
    "version, order",
    [(harness.CURRENT, "interleaved"), (harness.LEGACY, "interleaved"),
     (harness.LEGACY, "blocks")],
)  # fmt: skip
def test_a_reading_is_wekas_own_command_line_on_the_materialised_pairs(
    version, order, tmp_path
):
    """Logistic on hepatitis (the cell WEKA 3.6 gives exactly), fold 3.

    numpy writes the pairs in the stated order; WEKA's command line trains and
    predicts; the degrees are the harness's.
    """
    if version == harness.LEGACY and harness.skip_reason():
        pytest.skip(harness.skip_reason())
    job = harness.Job("Logistic", "hepatitis", "original", version, order)
    data = harness.task_data("hepatitis", "ours")
    train_rows, test_rows = list(weka_folds(data.y, FOLDS, SEED))[3]
    reference = cli_degrees(
        harness.classpath(version), "Logistic", data, train_rows, test_rows, order,
        tmp_path,
    )  # fmt: skip
    assert harness_fold(job, 3)["scores"] == reference


def test_the_pair_orders_hold_the_same_pairs():
    data = harness.task_data("glass", "ours")
    (bl, br), blabels = pair_rows(data, "blocks")
    (il, ir), ilabels = pair_rows(data, "interleaved")
    assert sorted(zip(bl, br, blabels)) == sorted(zip(il, ir, ilabels))
    assert (il[0], ir[0], il[1], ir[1]) == (bl[0], br[0], br[0], bl[0])


def test_wekas_default_is_the_auc_of_class_0_as_evaluation_gives_it(weka):
    """Logistic on yeast alone: WEKA's Evaluation.areaUnderROC(0) on each fold."""
    from weka_ranking import bridge

    job = harness.Job("Logistic", "yeast", "base", harness.CURRENT)
    data = harness.task_data("yeast", "ours")
    for fold, (train_rows, test_rows) in enumerate(weka_folds(data.y, FOLDS, SEED)):
        if fold > 2:
            break
        train = bridge.to_instances(data.subset(train_rows))
        test = bridge.to_instances(data.subset(test_rows))
        model = weka("weka.classifiers.functions.Logistic")()
        model.buildClassifier(train)
        evaluation = weka("weka.classifiers.Evaluation")(train)
        evaluation.evaluateModel(model, test)
        record = harness_fold(job, fold)
        assert record["auc_class0"] == pytest.approx(
            evaluation.areaUnderROC(0), abs=1e-12
        )
        assert record["auc"] == pytest.approx(
            evaluation.areaUnderROC(data.positive_index), abs=1e-12
        )


def test_without_the_old_jar_its_readings_are_skipped_in_one_line(
    monkeypatch, tmp_path
):
    monkeypatch.setenv("WEKA36_JAR", str(tmp_path / "absent.jar"))
    lines = []
    jobs = [harness.Job("J48", "glass", "base", harness.LEGACY)]
    assert harness.run(jobs, tmp_path, lines.append) == 0
    assert len(lines) == 1 and "WEKA 3.6.14's jar not found" in lines[0]
    assert "\n" not in lines[0] and not (tmp_path / harness.RECORDS).exists()


@pytest.mark.slow
def test_the_old_weka_alone_is_its_own_command_line(tmp_path):
    """NaiveBayes on yeast alone under WEKA 3.6.14 (the cell it gives exactly).

    WEKA 3.6's own Evaluation on its command line prints each class's ROC area on
    the test fold (to three decimals): the minority's and class 0's are the
    harness's, fold by fold.
    """
    if harness.skip_reason():
        pytest.skip(harness.skip_reason())
    job = harness.Job("NaiveBayes", "yeast", "base", harness.LEGACY)
    data = harness.task_data("yeast", "ours")
    for fold, (train_rows, test_rows) in enumerate(weka_folds(data.y, FOLDS, SEED)):
        if fold > 3:
            break
        (tmp_path / "train.arff").write_text(to_arff(data.subset(train_rows)))
        (tmp_path / "test.arff").write_text(to_arff(data.subset(test_rows)))
        out = subprocess.run(
            jvm.java_argv(harness.classpath(harness.LEGACY))
            + [classname("NaiveBayes"), "-t", str(tmp_path / "train.arff"),
             "-T", str(tmp_path / "test.arff"), "-i"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        on_test = out.split("=== Error on test data ===")[1]
        roc = {}
        for line in on_test.splitlines():  # the table's rows end with the class
            words = line.split()
            if "|" not in line and words and words[-1] in data.class_values:
                roc[words[-1]] = float(words[-2])
        record = harness_fold(job, fold)
        assert record["auc"] == pytest.approx(roc[data.positive], abs=5e-4)
        assert record["auc_class0"] == pytest.approx(
            roc[data.class_values[0]], abs=5e-4
        )


def test_a_job_is_estimated_from_the_store_at_the_pace_of_the_costliest_cell_run():
    """The pace is taken on the same learner, WEKA and pair order, costliest cell."""
    costs = {("SMO", "hepatitis", "original"): 50.0,
             ("SMO", "glass", "original"): 4.0,
             ("SMO", "breast-cancer", "original"): 7000.0,
             ("J48", "vehicle", "original"): 100.0}  # fmt: skip
    done = {
        ("SMO", "hepatitis", "original", "3.6.14", "blocks", "ours"): {
            "seconds": 300.0
        },
        ("SMO", "glass", "original", "3.6.14", "blocks", "ours"): {"seconds": 40.0},
        ("SMO", "hepatitis", "original", "3.9", "blocks", "ours"): {"seconds": 90.0},
        ("J48", "vehicle", "original", "3.6.14", "blocks", "ours"): {"seconds": 1.0},
    }
    key = ("SMO", "breast-cancer", "original", "3.6.14", "blocks", "file")
    guess = harness.estimate(key, costs, done)
    assert guess == {"seconds": 7000.0 * 6.0, "store_seconds": 7000.0, "pace": 6.0,
                     "paced_on": "hepatitis"}  # fmt: skip
    interleaved = key[:4] + ("interleaved", "ours")
    assert harness.estimate(interleaved, costs, done) is None  # nothing to pace it
    left = harness.left_open(key, {key: {0, 1, 2, 3, 4}}, costs, done)
    assert left["folds_kept"] == 5 and left["seconds"] == 7000.0 * 6.0 / 2
    assert "--include-slow" in harness.command(key, slow=True)
    assert "--class-orders file" in harness.command(key, slow=False)


def test_the_estimate_runs_nothing_and_names_each_job_left(tmp_path, capsys):
    """``--estimate`` on a store with one job run: the others, each with a time."""
    import json
    import shutil

    store = tmp_path / "store"
    shutil.copytree(Path(__file__).parent / "golden" / "store", store)
    done = ("J48", "hepatitis", "original", harness.CURRENT, "interleaved", "ours")
    records = [dict(zip(harness.KEY_FIELDS, done)) | {
        "fold": k, "auc": 0.5, "auc_stable": 0.5, "auc_class0": 0.5, "seconds": 1.0}
        for k in range(FOLDS)]  # fmt: skip
    (store / harness.RECORDS).write_text("".join(json.dumps(r) + "\n" for r in records))
    before = (store / harness.RECORDS).read_text()
    argv = ["--out", str(store), "--learners", "J48", "--tasks", "hepatitis",
            "glass", "--versions", harness.CURRENT, "--orders", "interleaved",
            "--estimate"]  # fmt: skip
    assert harness.main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert (store / harness.RECORDS).read_text() == before
    lines = [line for line in out if "config='original'" in line]
    assert len(lines) == 1 and "task='glass'" in lines[0]
    assert "10 folds left, about" in lines[0] and "measured on hepatitis" in lines[0]
