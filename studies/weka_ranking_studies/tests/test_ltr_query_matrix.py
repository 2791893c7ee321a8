"""The LTR study's vectorised metrics equal the product's per-query ones on MQ2008."""

import numpy as np
import pytest

from weka_ranking.metrics import average_precision, ndcg


@pytest.mark.parametrize("definition", ["standard", "letor4"])
def test_query_matrix_equals_the_per_query_metrics(definition):
    from weka_ranking_studies.ltr.data import mq2008_part
    from weka_ranking_studies.ltr.fast import QueryMatrix

    part = mq2008_part("S5")
    rng = np.random.default_rng(1)
    scores = np.round(rng.random(len(part)), 2)  # with ties
    matrix = QueryMatrix(part, definition)
    for k in (1, 5, 10):
        fast = matrix.ndcg(scores, k)
        slow = [ndcg(part.labels[g], scores[g], k, definition) for g in matrix.groups]
        np.testing.assert_allclose(fast, slow, atol=1e-12)
    slow = [average_precision(part.labels[g], scores[g]) for g in matrix.groups]
    np.testing.assert_allclose(matrix.average_precision(scores), slow, atol=1e-12)
