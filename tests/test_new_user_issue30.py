"""What a new user found on data the project does not bundle (issue 30's trial).

Each test fails without its fix: the refusal of all pairs with the default
voters, the pooled AUC of fold-relative scores, the batch's predicted share,
the learner alone said as the learner, the fold in the progress lines, and
the heap advice in the command line's words.
"""

import json
import logging
import re

import numpy as np
import pytest
import reference

from weka_ranking import (
    ParameterError,
    RankingReduction,
    bridge,
    cross_validate,
    load_task,
    progress,
)
from weka_ranking.cli import main
from weka_ranking.estimator import array_dataset
from weka_ranking.params import DEFAULT_VOTERS


def _error_line(capsys, *argv) -> str:
    assert main(list(argv)) == 1
    err = capsys.readouterr().err
    (line,) = [x for x in err.splitlines() if x.startswith("weka-ranking: error:")]
    return line


def test_all_pairs_alone_is_refused_in_the_words_typed(capsys, weka):
    line = _error_line(capsys, "cv", "glass", "--pairs", "all")
    assert line == (
        f"weka-ranking: error: --pairs all: voters default to {DEFAULT_VOTERS}, and "
        "with all pairs every member trains on the same pairs: "
        f"{DEFAULT_VOTERS} identical J48 members (J48 is not randomizable): "
        "add --voters 1"
    )
    # Python's validation: the same check, the same words with its parameters.
    with pytest.raises(ParameterError) as refused:
        RankingReduction(pairs_per_instance="all").validate()
    assert refused.value.name == "pairs_per_instance"
    assert str(refused.value).endswith("J48 is not randomizable): add voters=1")
    # Voters given: they are what is refused, and the flags are the CLI's.
    line = _error_line(capsys, "cv", "glass", "--pairs", "all", "--voters", "3")
    assert line.startswith("weka-ranking: error: --voters 3: with --pairs all every")
    assert line.endswith("use --voters 1, or sample pairs (--pairs p)")
    assert "=" not in line


def test_the_experiments_heap_advice_names_the_flag_on_the_command_line(
    capsys, monkeypatch, tmp_path, weka
):
    from weka_ranking import memory

    # A heap of 2 MB, 1 free: the unit's pairs do not fit.
    monkeypatch.setattr(
        memory.bridge, "free_heap", lambda collect=False: (1 << 20, 2 << 20)
    )
    argv = ["experiment", "--data", "breast-cancer", "--runs", "1", "--folds", "2"]
    argv += ["--scheme", "J48 --pairs all --voters 1", "--out", str(tmp_path / "x")]
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


@pytest.fixture(scope="module")
def hepatitis():
    return load_task("hepatitis")


@pytest.fixture(scope="module")
def hepatitis_cv(hepatitis, weka):
    return cross_validate(RankingReduction(voters=3), hepatitis, folds=5)


def test_cv_heads_with_the_mean_auc_and_says_why_pooled_is_not_the_measure(
    capsys, hepatitis_cv
):
    assert hepatitis_cv.fold_relative and "not the ranking's" in (
        hepatitis_cv.pooled_note()
    )
    alone = hepatitis_cv.learner_alone
    assert not alone.fold_relative and alone.pooled_note() == ""
    assert main(["cv", "hepatitis", "--voters", "3", "--folds", "5"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    (pooled,) = [x for x in lines if x.startswith("  pooled AUC")]
    assert pooled == (
        f"  pooled AUC {hepatitis_cv.pooled_auc:.5f}: not the measure: "
        f"{hepatitis_cv.pooled_note()}"
    )
    assert out.index("mean AUC") < out.index("pooled AUC")
    assert "WEKA's Evaluation pools the folds ===" in out
    assert main(["cv", "hepatitis", "--voters", "3", "--folds", "5", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["pooled_auc_note"] == hepatitis_cv.pooled_note()
    # The Explorer's model text says it too.
    model = RankingReduction(voters=3).fit(hepatitis_cv_data := load_task("hepatitis"))
    assert "WEKA's Evaluation pools a cross-validation's folds by design" in str(
        model.weka_model_
    )
    pointwise = RankingReduction(ranker="pointwise").fit(hepatitis_cv_data)
    assert "pools" not in str(pointwise.weka_model_)


def test_the_learner_alone_is_printed_as_the_learner(capsys, hepatitis_cv):
    alone = hepatitis_cv.learner_alone
    assert alone.learner == "weka.classifiers.trees.J48 -C 0.25 -M 2"
    assert main(["cv", "hepatitis", "--voters", "3", "--folds", "5"]) == 0
    out = capsys.readouterr().out
    assert f"learner alone, same folds: {alone.learner}\n" in out
    (said,) = [x for x in out.splitlines() if "learner alone, same folds" in x]
    assert "RankingReduction" not in said and "-I" not in said
    assert hepatitis_cv.to_dict()["learner_alone"]["learner"] == alone.learner


def test_each_members_line_names_its_fold(caplog, monkeypatch, hepatitis, weka):
    monkeypatch.setattr(progress, "EVERY_SECONDS", 0.0)
    caplog.set_level(logging.INFO, logger="weka_ranking.progress")
    cross_validate(
        RankingReduction(pairs_per_instance=1, voters=2),
        hepatitis,
        folds=3,
        learner_alone=False,
    )
    said = [r.getMessage() for r in caplog.records if r.name.endswith("members")]
    by_fold: dict[int, set[int]] = {}
    for line in said:
        match = re.fullmatch(
            rf"{re.escape(hepatitis.source)}, fold (\d) of 3: "
            r"(?:(\d+) pairs for each of 2 members"
            r"|\d of 2 members trained \(member \d: (\d+) pairs, [\d.]+ s\)"
            r"|training, .*)",
            line,
        )
        assert match, line
        count = match[2] or match[3]
        if count:
            by_fold.setdefault(int(match[1]), set()).add(int(count))
    # One count a fold (the header's is its members'), and the folds differ:
    # 1 pair for each training instance, 103 or 104 of them.
    assert sorted(by_fold) == [1, 2, 3]
    assert all(len(counts) == 1 for counts in by_fold.values())
    assert {c for counts in by_fold.values() for c in counts} == {103, 104}


def test_on_imbalanced_data_the_predicted_share_follows_the_training_share(weka):
    """The new user's digits (3 against the rest, 10 % of the rows).

    Before, WEKA's summary predicted 3 for every row of a batch (the top half,
    cut at 0.5: every degree was above it).
    """
    datasets = pytest.importorskip("sklearn.datasets")
    X, digit = datasets.load_digits(return_X_y=True)
    y = (digit == 3).astype(int)
    train, test = np.arange(0, 1200), np.arange(1200, len(y))
    share = y[train].mean()
    model = RankingReduction().fit(X[train], y[train])
    reduction = model.weka_model_
    instances = bridge.instances_like(
        array_dataset(X[test], source="digits"), reduction
    )
    first = model.rank_first_index_
    batch = np.asarray(reduction.distributionsForInstances(instances))[:, first]
    # The Java face's batch: the count of the reference cut, the ranking kept.
    scores = model.decision_function(X[test])
    cut = reference.share_cut(scores, share)
    np.testing.assert_allclose(batch, reference.share_probability(scores, cut))
    # The count nearest the training share that ties allow.
    assert np.sum(batch > 0.5) == np.sum(scores > cut)
    assert abs(np.mean(batch > 0.5) - share) < 0.05
    reduction.setShareThreshold(False)  # -top-half, the former default
    top_half = np.asarray(reduction.distributionsForInstances(instances))[:, first]
    assert np.mean(top_half > 0.5) > 2 * share
