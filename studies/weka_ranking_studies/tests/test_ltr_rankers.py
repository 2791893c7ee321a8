"""The LTR study's query rankers keep the product's ranker contract.

``tests/test_common.py``'s checks (parameters, clone, pickle, fit returns self,
refits and seeds), run on AdaRank and the genetic ranker, with query-grouped
data; and their own refusals.
"""

import pytest

from tests.test_common import Case, grouped
from tests.test_common import TestEveryRanker as Contract
from weka_ranking_studies.ltr.rankers import AdaRank, GeneticRanker

QUERY_RANKERS = {
    "adarank": lambda: AdaRank("map", rounds=10, patience=5),
    "genetic": lambda: GeneticRanker(5, budget=150, seed=2),
}


@pytest.fixture(params=list(QUERY_RANKERS))
def case(request):
    return Case(QUERY_RANKERS[request.param], True, None)


class TestEveryQueryRanker(Contract):
    """The product's ranker contract, with these rankers as its cases."""


@pytest.mark.parametrize("make", [AdaRank, GeneticRanker])
def test_query_rankers_refuse_to_fit_without_queries_and_validation(make):
    X, y, group = grouped(1)
    with pytest.raises(ValueError, match="group=None: .* give group=query ids"):
        make().fit(X, y)
    with pytest.raises(ValueError, match="validation=None: "):
        make().fit(X, y, group=group)
