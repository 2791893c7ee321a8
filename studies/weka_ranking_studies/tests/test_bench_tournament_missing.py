"""The missing-value tournament bench: both paths give the same degrees."""

import numpy as np
import pytest

from weka_ranking_studies.bench import tournament_missing


@pytest.mark.fast
def test_rows_get_one_missing_value_each_in_the_share_asked():
    X = tournament_missing.with_missing(1_000, 0.05)
    assert int(np.isnan(X).any(axis=1).sum()) == 50
    assert int(np.isnan(X).sum()) == 50


@pytest.mark.slow  # a committee of 10 trained and ranked four times: 1 min
def test_the_small_run_compares_both_paths_on_the_same_rows(weka):
    result = tournament_missing.measure(
        2_000, 0.05, key_n=None, train_n=1_000, repeats=1
    )
    side = result["side_by_side"]
    assert side["same_degrees"]
    walked, asked = side["runs"]["walked"][0], side["runs"]["asked"][0]
    assert walked["pairs_asked"] == 0 and walked["rows_walked"] > 0
    assert asked["pairs_asked"] > 0 and asked["rows_walked"] == 0
    assert "key" not in result
