"""The reduction as scikit-learn sees it: its own checks, tools and numbers.

The folds are WEKA's (``weka_ranking.folds``) passed as ``cv=``, so that
scikit-learn's numbers are compared with ``cross_validate``'s, which
``tests/test_cli.py`` ties to ``weka-ranking cv``.
"""

import pickle
import subprocess
import sys

import numpy as np
import pytest

sklearn = pytest.importorskip("sklearn")

from sklearn.base import clone, is_classifier  # noqa: E402
from sklearn.model_selection import (  # noqa: E402
    GridSearchCV,
    cross_val_score,
)
from sklearn.model_selection import cross_validate as sk_cross_validate  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402
from sklearn.utils.estimator_checks import parametrize_with_checks  # noqa: E402

from weka_ranking import (  # noqa: E402
    EXPECTED_FAILED_CHECKS,
    DataError,
    RankingReduction,
    cross_validate,
    load_task,
)
from weka_ranking.errors import WekaRankingWarning  # noqa: E402
from weka_ranking.folds import weka_folds  # noqa: E402
from weka_ranking.params import DEFAULT_VOTERS  # noqa: E402


@parametrize_with_checks(
    [RankingReduction("J48", pairs_per_instance=2, voters=3)],
    expected_failed_checks=lambda estimator: EXPECTED_FAILED_CHECKS,
    xfail_strict=True,
)
def test_scikit_learn_checks(estimator, check, weka):
    check(estimator)


@pytest.fixture(scope="module")
def glass():
    """A task of numeric features: as arrays it is the same data to J48."""
    return load_task("glass")


def model():
    return RankingReduction("J48", pairs_per_instance=1, voters=10)


def folds_of(data, k=10):
    return list(weka_folds(data.y, k, 1))


def test_is_a_classifier_and_clones():
    reduction = model()
    assert is_classifier(reduction)
    assert clone(reduction).get_params() == reduction.get_params()
    # a parameter at its default is left out, as scikit-learn leaves it
    given = RankingReduction("J48", pairs_per_instance=3, voters=3)
    assert repr(given) == "RankingReduction(pairs_per_instance=3, voters=3)"
    assert repr(RankingReduction("J48", voters=DEFAULT_VOTERS)) == "RankingReduction()"


def test_cross_val_score_roc_auc_equals_cv(glass, weka):
    expected = cross_validate(model(), glass).fold_aucs
    scores = cross_val_score(
        model(), glass.X, glass.y, cv=folds_of(glass), scoring="roc_auc"
    )
    np.testing.assert_allclose(scores, expected, rtol=0, atol=1e-12)


def test_score_is_accuracy_and_auc_is_the_rankings(glass, weka):
    # ClassifierMixin's contract: score (scikit-learn's default scorer) is the
    # mean accuracy of predict; the ranking's AUC is auc and scoring="roc_auc".
    train, test = folds_of(glass, 5)[1]  # a fold where the two differ
    fitted = model().fit(glass.X[train], glass.y[train])
    X, y = glass.X[test], glass.y[test]
    accuracy = np.mean(fitted.predict(X) == y)
    assert fitted.score(X, y) == accuracy
    default = cross_val_score(model(), glass.X, glass.y, cv=[(train, test)])
    assert default.tolist() == [accuracy]
    roc_auc = cross_val_score(
        model(), glass.X, glass.y, cv=[(train, test)], scoring="roc_auc"
    )
    # The same ranking's AUC by two sums (scikit-learn's and ours): equal to rounding.
    assert roc_auc.tolist() == [pytest.approx(fitted.auc(X, y), rel=1e-12, abs=0)]
    assert fitted.auc(X, y) != accuracy


def test_grid_search_on_two_processes_equals_cv(glass, weka):
    search = GridSearchCV(
        model(),
        {"ranker": ["tournament", "quicksort"]},
        cv=folds_of(glass, 5),
        scoring="roc_auc",
        n_jobs=2,
    ).fit(glass.X, glass.y)
    for i, params in enumerate(search.cv_results_["params"]):
        expected = cross_validate(model().set_params(**params), glass, folds=5)
        np.testing.assert_allclose(
            [search.cv_results_[f"split{k}_test_score"][i] for k in range(5)],
            expected.fold_aucs,
            rtol=0,
            atol=1e-12,
        )
    assert search.best_estimator_.auc(glass.X, glass.y) > 0.9


def test_fitted_models_come_back_from_worker_processes(glass, weka):
    # Each fold's model is fitted in a worker and pickled back to this one.
    folds = folds_of(glass, 5)
    result = sk_cross_validate(
        model(), glass.X, glass.y, cv=folds, n_jobs=2, return_estimator=True
    )
    for fitted, (train, test) in zip(result["estimator"], folds):
        here = model().fit(glass.X[train], glass.y[train])
        np.testing.assert_array_equal(
            fitted.decision_function(glass.X[test]),
            here.decision_function(glass.X[test]),
        )


def test_pipeline_with_scaling_ranks_as_without(glass, weka):
    # J48 splits at training values: a monotone rescaling keeps every split.
    expected = cross_validate(model(), glass).fold_aucs
    pipeline = make_pipeline(StandardScaler(), model())
    scores = cross_val_score(
        pipeline, glass.X, glass.y, cv=folds_of(glass), scoring="roc_auc"
    )
    np.testing.assert_allclose(scores, expected, rtol=0, atol=1e-12)


def test_string_labels_and_a_dataframe(glass, weka):
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(glass.X, columns=[a.name for a in glass.attributes])
    labels = np.where(glass.y == 1, "headlamps", "a-rest")  # headlamps sorts last
    fitted = model().fit(frame, labels)
    assert fitted.classes_.tolist() == ["a-rest", "headlamps"]
    assert list(fitted.feature_names_in_) == [a.name for a in glass.attributes]
    coded = model().fit(glass.X, glass.y)
    np.testing.assert_array_equal(
        fitted.decision_function(frame), coded.decision_function(glass.X)
    )
    predicted = fitted.predict(frame)
    assert set(predicted) <= {"a-rest", "headlamps"}
    proba = fitted.predict_proba(frame)
    np.testing.assert_allclose(proba.sum(axis=1), 1)
    np.testing.assert_array_equal(proba, coded.predict_proba(glass.X))
    np.testing.assert_array_equal(predicted == "headlamps", proba[:, 1] > 0.5)


def test_pickle_ranks_identically_and_checks_the_model(breast_cancer, weka):
    fitted = model().fit(breast_cancer)
    again = pickle.loads(pickle.dumps(fitted))
    np.testing.assert_array_equal(
        again.decision_function(breast_cancer), fitted.decision_function(breast_cancer)
    )
    assert again.to_options() == fitted.to_options()
    state = fitted.__getstate__()
    state["weka_model_"] = state["weka_model_"][:-40] + bytes(40)
    with pytest.raises(DataError, match="a pickled RankingReduction"):
        RankingReduction.__new__(RankingReduction).__setstate__(state)


def test_without_scikit_learn(tmp_path):
    # The base install has no scikit-learn: the same contract, on its own.
    code = """
import pickle, sys
sys.modules["sklearn"] = None
import numpy as np
from weka_ranking import RankingReduction, clone
from weka_ranking.params import DEFAULT_VOTERS
X = np.arange(40.0).reshape(20, 2); y = np.arange(20) % 2
m = RankingReduction("Logistic", voters=DEFAULT_VOTERS)  # a default: not shown
assert repr(m) == "RankingReduction(base='Logistic')", repr(m)
assert clone(m).get_params() == m.get_params()
m.fit(X, y)
assert pickle.loads(pickle.dumps(m)).scores(X).tolist() == m.scores(X).tolist()
try:
    import pandas
except ImportError:
    pandas = None
if pandas is not None:  # a frame's reordered columns are said to be
    frame = pandas.DataFrame({"a": X[:, 0], "c": pandas.Categorical(y % 4 // 2)})
    m.fit(frame, y)
    try:
        m.scores(frame[["c", "a"]])
    except ValueError as err:
        assert "must be in the same order as they were in fit (a, c)" in str(err)
    else:
        raise AssertionError("reordered columns scored")
print("ok")
"""
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300
    )
    assert run.stdout.strip() == "ok", run.stderr


def test_a_frame_with_a_text_column_is_refused_by_name():
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame({"x": [1.0, 2.0, 3.0, 4.0], "colour": list("rgrg")})
    with pytest.raises(
        DataError, match="^column 'colour' of the DataFrame X is .*'category'.* Ordinal"
    ):
        RankingReduction("J48").fit(frame, ["a", "b", "a", "b"])


def test_data_in_memory_is_named_as_it_was_passed(weka):
    # No file and line to name: the messages say what the caller gave.
    pandas = pytest.importorskip("pandas")
    X, y = np.arange(80.0).reshape(40, 2), np.arange(40) % 2
    frame = pandas.DataFrame(X, columns=["age", "height"])
    with pytest.warns(WekaRankingWarning) as warned:
        model().fit(X, y).ranking(X[:3])
        model().fit(frame, y).ranking(frame.iloc[:1])
    assert [str(w.message) for w in warned] == [
        "the array X: ranking 3 instances: each score is a share of the 2 others, "
        "coarse with so few",
        "the DataFrame X: ranking 1 instance: scored against the model's reference "
        "sample of training instances",
    ]
    one = r"^the array X: 1 instance of class '1.0' \(the other 39 are '0.0'\)"
    with pytest.raises(DataError, match=one):
        cross_validate(model(), X, np.r_[1, np.zeros(39)], folds=2)
    with pytest.raises(ValueError, match=r"\(the instances of the DataFrame X\)$"):
        cross_validate(model(), frame, y, folds=41)


def test_a_frame_of_no_columns_is_said_as_one():
    """A new user's empty frame met numpy's "at least one array or dtype"."""
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(index=range(4))
    with pytest.raises(
        DataError, match=r"^the DataFrame X has no columns \(shape \(4, 0\)\): give"
    ):
        RankingReduction("J48").fit(frame, ["a", "b", "a", "b"])


def test_calibrating_each_rows_own_scores_as_docs_python_shows(breast_cancer, weka):
    """docs/python.md's RowScores: calibrated scores of a row the same in any batch.

    A new user's CalibratedClassifierCV on the estimator itself calibrated the
    batch's decision_function, so a row's probability moved with the batch it
    was scored in (ionosphere's positives: 0.663 mixed, 0.395 alone).
    """
    from pathlib import Path

    from sklearn.calibration import CalibratedClassifierCV

    page = (Path(__file__).parent.parent / "docs" / "python.md").read_text()
    section = page.split("## scikit-learn's tools that read a batch's scores")[1]
    code = section.split("```python\n")[1].split("```")[0]
    names: dict = {}
    exec(compile(code, "docs/python.md", "exec"), names)  # noqa: S102 (our own page)
    X, y = breast_cancer.to_frame(), breast_cancer.y
    first = np.flatnonzero(y == 1)
    per_row = names["calibrated"].set_params(estimator__model__voters=3).fit(X, y)
    assert np.array_equal(
        per_row.predict_proba(X)[first], per_row.predict_proba(X.iloc[first])
    )
    batch = CalibratedClassifierCV(RankingReduction(voters=3), cv=3).fit(X, y)
    alone = batch.predict_proba(X.iloc[first])
    assert not np.allclose(batch.predict_proba(X)[first], alone)
