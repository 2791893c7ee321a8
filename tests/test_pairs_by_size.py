"""``-P auto``, the default: the pairs per instance follow the training size.

The rule (``RankingReduction.pairsForInstances``): 2 pairs per instance up to
5,000 training instances, one more for each further 1,000, at most 8. Below
5,000 instances the default is the model ``-P 2`` trains, so every number the
project measured there stands; above, the model of the p the rule gives.
"""

from __future__ import annotations

import numpy as np
import pytest

from weka_ranking import RankingReduction, bridge, params
from weka_ranking.data import synthetic

CLASSNAME = "weka.classifiers.meta.RankingReduction"


def rule_in_words(instances: int) -> int:
    """The rule as the docs say it: one more pair at 6,000, 7,000, ..., at most 8."""
    steps = len(range(6_000, instances + 1, 1_000))
    return min(8, 2 + steps)


@pytest.mark.parametrize(
    "instances",
    [0, 1, 4_999, 5_000, 5_999, 6_000, 6_001, 9_893, 10_999, 11_000, 11_664, 40_000],
)
def test_the_rule_is_the_one_the_docs_say_in_both_faces(weka, instances):
    java = int(weka(CLASSNAME).pairsForInstances(instances))
    assert java == rule_in_words(instances) == params.auto_pairs(instances)


def test_the_rules_constants_are_javas(weka):
    java = weka(CLASSNAME)
    assert (
        int(java.AUTO_PAIRS_LOW),
        int(java.AUTO_PAIRS_FROM),
        int(java.AUTO_PAIRS_STEP),
        int(java.AUTO_PAIRS_MOST),
    ) == (
        params.AUTO_PAIRS_LOW,
        params.AUTO_PAIRS_FROM,
        params.AUTO_PAIRS_STEP,
        params.AUTO_PAIRS_MOST,
    )


def test_auto_is_the_default_in_both_faces_and_reads_back(weka):
    assert RankingReduction().pairs_per_instance == "auto"
    assert str(weka(CLASSNAME)().getPairsPerInstance()) == "auto"
    assert "-P auto" in RankingReduction().to_options()
    params = bridge.params_from_options("-P auto -I 3")
    assert (params["pairs_per_instance"], params["voters"]) == ("auto", 3)


def test_below_five_thousand_instances_auto_is_two_pairs(breast_cancer):
    auto = RankingReduction("NaiveBayes", voters=3).fit(breast_cancer)
    two = RankingReduction("NaiveBayes", pairs_per_instance=2, voters=3)
    two.fit(breast_cancer)
    assert auto.pairs_per_instance_ == 2
    assert auto.n_pairs_ == two.n_pairs_
    assert np.array_equal(
        auto.ranking(breast_cancer).scores, two.ranking(breast_cancer).scores
    )


def test_above_it_auto_is_the_rules_pairs_and_the_model_says_so(weka):
    data = synthetic(6_100, features=5)
    auto = RankingReduction("NaiveBayes", voters=2).fit(data)
    three = RankingReduction("NaiveBayes", pairs_per_instance=3, voters=2).fit(data)
    assert auto.pairs_per_instance_ == 3 == rule_in_words(6_100)
    assert auto.n_pairs_ == three.n_pairs_
    assert np.array_equal(auto.ranking(data).scores, three.ranking(data).scores)
    text = str(auto.weka_model_)
    assert "Options: -P auto " in text
    said = "Pairs per instance: 3, drawn for each of the 6100 training instances"
    assert said in text


def test_cv_says_the_pairs_auto_drew_and_no_line_for_a_given_p(small_breast_cancer):
    from weka_ranking.evaluation import cross_validate

    auto = cross_validate(
        RankingReduction("NaiveBayes", voters=2), small_breast_cancer, folds=3
    )
    assert auto.pairs_drawn() == [2, 2, 2]
    said = "pairs per instance (-P auto, by the training rows): 2 drawn on every fold"
    assert said in auto.to_text(small_breast_cancer)
    given = RankingReduction("NaiveBayes", pairs_per_instance=2, voters=2)
    two = cross_validate(given, small_breast_cancer, folds=3)
    assert two.fold_aucs == auto.fold_aucs
    assert "-P auto" not in two.to_text(small_breast_cancer)
