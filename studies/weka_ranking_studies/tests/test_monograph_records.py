"""The reproduction records the as-printed ranker, which warns elsewhere."""

import warnings

import pytest

from weka_ranking import RankingReduction
from weka_ranking.errors import WekaRankingWarning


def test_as_printed_warns_outside_the_reproduction(small_breast_cancer):
    from weka_ranking_studies.monograph.run import _records

    small = small_breast_cancer

    model = RankingReduction("NaiveBayes").fit(small)
    model.set_params(ranker="tournament-as-printed")
    with pytest.warns(WekaRankingWarning, match="can reverse a ranking"):
        model.decision_function(small)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model.predict(small)  # a prediction is no ranking: the ranker has no say
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        [(_, record)] = _records(model, small, 1, len(small), 0.0, None, [model.ranker])
    assert record["ranker"] == "tournament-as-printed"
