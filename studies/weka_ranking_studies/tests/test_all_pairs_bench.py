"""The bridge's timing of training on all pairs, from the rows and on the pairs.

``bench``'s scale section reports these times and whether the two paths give
the same model; here on data small enough for a unit test. Slow: the same model
from the rows as WEKA's on the materialised pairs is the product's
``tests/test_product_j48.py`` and ``tests/test_product_naive_bayes.py``.
"""

import pytest

from weka_ranking import load_task
from weka_ranking_studies import java

LEARNERS = ["weka.classifiers.trees.J48", "weka.classifiers.bayes.NaiveBayes"]


@pytest.mark.slow  # a timing of the bench (40 s); see the docstring
@pytest.mark.parametrize("classname", LEARNERS)
def test_both_ways_give_the_same_model_and_a_time(classname, weka):
    data = load_task("glass")
    both = java.all_pairs_both_ways(classname, data)
    positives = int(data.y.sum())
    assert both["pairs"] == 2 * positives * (len(data.y) - positives)
    assert both["from_rows"] and both["same_text"] and both["differing"] == 0
    assert both["from_rows_seconds"] > 0 and both["on_pairs_seconds"] > 0
    assert java.all_pairs_from_rows_seconds(classname, data) > 0


def test_a_learner_declining_the_row_path_has_no_row_time(weka):
    # ZeroR has no builder from the rows: WEKA's path only.
    data = load_task("hepatitis")
    zero_r = "weka.classifiers.rules.ZeroR"
    assert not java.all_pairs_both_ways(zero_r, data)["from_rows"]
    assert java.all_pairs_from_rows_seconds(zero_r, data) is None
