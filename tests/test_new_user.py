"""Faults a new Python user hit, each with the answer it now gets (issue 34, item 8).

numpy integers as parameters, ``sample_weight``, date columns, all-missing X,
warnings that ``warnings.filterwarnings`` governs, the heap advice, ``import *``,
the as-printed ranker, and a long fit that says something.
"""

import logging
import pickle
import time
import warnings

import numpy as np
import pytest

from weka_ranking import DataError, RankingReduction, load_task, memory, progress
from weka_ranking.errors import JavaError, WekaRankingWarning


@pytest.fixture(scope="module")
def small(weka):
    data = load_task("breast-cancer")
    return data.subset(np.arange(0, 120))


def test_numpy_integers_are_parameters(small, tmp_path):
    sklearn = pytest.importorskip("sklearn.model_selection")
    X, y = small.X, small.y
    search = sklearn.GridSearchCV(
        RankingReduction("J48", pairs_per_instance=1),
        {"voters": np.arange(1, 3), "seed": np.arange(1, 3)},
        cv=2,
        scoring="roc_auc",
        error_score="raise",
    ).fit(X, y)
    assert isinstance(search.best_params_["voters"], np.integer)
    given = RankingReduction("J48", pairs_per_instance=np.int64(1), voters=np.int32(2))
    plain = RankingReduction("J48", pairs_per_instance=1, voters=2)
    given.fit(X, y)
    np.testing.assert_array_equal(
        given.decision_function(X), plain.fit(X, y).decision_function(X)
    )
    given.save(tmp_path / "m.zip")  # its metadata is JSON
    assert RankingReduction.load(tmp_path / "m.zip").voters == 2
    assert pickle.loads(pickle.dumps(given)).get_params()["voters"] == 2
    with pytest.raises(ValueError, match="voters"):
        RankingReduction(voters=np.bool_(True)).fit(X, y)


def test_sample_weight_is_refused_by_name(small):
    with pytest.raises(TypeError, match="does not take sample_weight: .*repeat rows"):
        RankingReduction().fit(small.X, small.y, sample_weight=np.ones(len(small)))
    with pytest.raises(TypeError, match="unexpected argument.*weights"):
        RankingReduction().fit(small.X, small.y, weights=1)
    sklearn_validation = pytest.importorskip("sklearn.utils.validation")
    # scikit-learn's meta-estimators do not take the estimator for a weighted one.
    assert not sklearn_validation.has_fit_parameter(RankingReduction(), "sample_weight")


def test_dates_are_refused_by_the_check_with_what_to_do():
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(
        {
            "age": np.arange(6.0),
            "seen": pandas.date_range("2020-01-01", periods=6),
        }
    )
    y = np.arange(6) % 2
    with pytest.raises(
        DataError, match="^column 'seen' of the DataFrame X is datetime"
    ):
        RankingReduction().fit(frame, y)
    days = np.arange(6).astype("datetime64[D]").reshape(3, 2)
    with pytest.raises(DataError, match="^the array X is datetime64.*into numbers"):
        RankingReduction().fit(days, [0, 1, 0])


def test_all_missing_X_is_refused_as_the_cli_refuses_such_a_file(weka):
    X, y = np.full((20, 3), np.nan), np.arange(20) % 2
    with pytest.raises(DataError, match="^the array X: every feature value is missing"):
        RankingReduction().fit(X, y)
    # One known value is something to rank by.
    X[0, 0] = 1.0
    RankingReduction("NaiveBayes").fit(X, y)


def test_warnings_go_through_warnings_warn(weka, small):
    model = RankingReduction("NaiveBayes").fit(small)
    with pytest.warns(WekaRankingWarning, match="ranking 3 instances"):
        model.ranking(small.subset([0, 1, 2]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", category=WekaRankingWarning)
        model.ranking(small.subset([0, 1, 2]))
    # A silenced logger silences its warnings too (the experiment's workers).
    silenced = logging.getLogger("weka_ranking.model")
    silenced.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            model.ranking(small.subset([0, 1, 2]))
    finally:
        silenced.setLevel(logging.NOTSET)


def test_the_heap_advice_names_the_function_to_call(monkeypatch, weka):
    from weka_ranking import jvm

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


def test_star_import_leaves_scikit_learns_names_alone():
    sklearn = pytest.importorskip("sklearn")
    namespace = {}
    exec(
        "from sklearn.base import clone\n"
        "from sklearn.model_selection import cross_validate\n"
        "from weka_ranking import *\n",
        namespace,
    )
    assert namespace["clone"] is sklearn.base.clone
    assert namespace["cross_validate"] is sklearn.model_selection.cross_validate
    assert "RankingReduction" in namespace
    import weka_ranking

    assert {"clone", "cross_validate"} <= set(dir(weka_ranking))


def test_a_long_fit_says_so_while_it_runs(small, caplog, monkeypatch):
    monkeypatch.setattr(progress, "EVERY_SECONDS", 0.01)
    with caplog.at_level(logging.INFO, logger="weka_ranking.progress.members"):
        # Logistic on every pair of 120 rows: one member, longer than a beat.
        RankingReduction("Logistic", pairs_per_instance="all", voters=1).fit(small)
    said = [r.getMessage() for r in caplog.records]
    assert any("training," in m and "s so far, 0 of 1 trained" in m for m in said), said


def test_where_no_logging_is_configured_long_work_speaks_on_stderr(capsys, monkeypatch):
    monkeypatch.setattr(logging.root, "handlers", [])
    for name in ("weka_ranking", "weka_ranking.progress", progress.MEMBERS.name):
        # as a fresh interpreter has them, whatever a command run before set
        monkeypatch.setattr(logging.getLogger(name), "handlers", [])
        monkeypatch.setattr(logging.getLogger(name), "level", logging.NOTSET)
    monkeypatch.setattr(progress, "_last", -float("inf"))
    progress.line("short work %d", 1, logger=progress.MEMBERS, since=time.monotonic())
    assert capsys.readouterr().err == ""
    long_ago = time.monotonic() - progress.QUIET_SECONDS
    progress.line("long work %d", 2, logger=progress.MEMBERS, since=long_ago)
    assert capsys.readouterr().err == "weka-ranking: long work 2\n"


def test_no_heap_beyond_the_machine_is_advised(monkeypatch, weka):
    from weka_ranking import machine

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
