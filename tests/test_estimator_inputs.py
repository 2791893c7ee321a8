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
