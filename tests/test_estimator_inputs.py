"""What the estimator's ``fit`` takes and refuses: weights, dates, all-missing X.

Each refusal names what was given and what to do instead.
"""

import numpy as np
import pytest

from weka_ranking import DataError, RankingReduction


def test_sample_weight_is_refused_by_name(small_breast_cancer):
    """Found by a new Python user (issue 34, item 8)."""
    small = small_breast_cancer
    with pytest.raises(TypeError, match="does not take sample_weight: .*repeat rows"):
        RankingReduction().fit(small.X, small.y, sample_weight=np.ones(len(small)))
    with pytest.raises(TypeError, match="unexpected argument.*weights"):
        RankingReduction().fit(small.X, small.y, weights=1)
    sklearn_validation = pytest.importorskip("sklearn.utils.validation")
    # scikit-learn's meta-estimators do not take the estimator for a weighted one.
    assert not sklearn_validation.has_fit_parameter(RankingReduction(), "sample_weight")


@pytest.mark.fast
def test_dates_are_refused_by_the_check_with_what_to_do():
    """Found by a new Python user (issue 34, item 8)."""
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
    """Found by a new Python user (issue 34, item 8)."""
    X, y = np.full((20, 3), np.nan), np.arange(20) % 2
    with pytest.raises(DataError, match="^the array X: every feature value is missing"):
        RankingReduction().fit(X, y)
    # One known value is something to rank by.
    X[0, 0] = 1.0
    RankingReduction("NaiveBayes").fit(X, y)


@pytest.fixture(scope="module")
def fitted_on_vehicle(weka):
    """A model of vehicle's 18 numeric attributes, fitted once."""
    from weka_ranking import load_task

    vehicle = load_task("vehicle").subset(np.arange(0, 200))
    return RankingReduction("J48", pairs_per_instance=1, voters=2).fit(vehicle)


SCORERS = ("predict", "predict_proba", "decision_function", "rank", "auc", "score")


@pytest.mark.parametrize("method", SCORERS)
@pytest.mark.parametrize(
    ("task", "said"),
    [
        ("breast-cancer", "9 attributes where the training data has 18"),
        ("hepatitis", "19 attributes where the training data has 18"),
    ],
)
def test_every_scorer_checks_the_header_in_one_line(
    fitted_on_vehicle, method, task, said
):
    """predict and predict_proba scored rows of another shape (issue 45 item 8).

    Rows of 9 attributes failed with Java's "Index 10 out of bounds", rows of
    19 were scored without complaint; decision_function refused both.
    """
    from weka_ranking import load_task

    other = load_task(task)
    args = (other, other.y) if method == "score" else (other,)
    with pytest.raises(DataError) as caught:
        getattr(fitted_on_vehicle, method)(*args)
    assert str(caught.value) == (
        f"{other.source}: header differs from the training data: {said}"
    )


@pytest.mark.parametrize("method", SCORERS[:3])
def test_arrays_are_checked_against_the_names_and_types_too(fitted_on_vehicle, method):
    """An array's columns are x1..xm, not the names the model was trained on."""
    from weka_ranking import load_task

    rows = load_task("vehicle").X[:20]
    with pytest.raises(DataError, match="attribute 1 is 'x1' numeric where the "):
        getattr(fitted_on_vehicle, method)(rows)


def test_auc_refuses_labels_the_model_was_not_trained_on(weka):
    """auc(X, y) with 0/1 for a model of 'no'/'yes' gave NaN, with no word."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(60, 3))
    y = np.where(X[:, 0] > 0, "yes", "no")
    model = RankingReduction(voters=2).fit(X, y)
    assert model.auc(X, y) > 0.9
    with pytest.raises(DataError) as caught:
        model.auc(X, (y == "yes").astype(int))
    assert str(caught.value) == (
        "y holds labels the model was not trained on (0, 1): its classes are no, "
        "yes; give y in those"
    )
