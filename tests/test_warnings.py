"""Warnings go through Python's ``warnings``: its filters govern them.

A silenced logger silences them too.
"""

import logging
import warnings

import pytest

from weka_ranking import RankingReduction
from weka_ranking.errors import WekaRankingWarning


def test_warnings_go_through_warnings_warn(weka, small_breast_cancer):
    """Found by a new Python user (issue 34, item 8)."""
    small = small_breast_cancer
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
