"""LTR metrics: hand-computed values, LETOR 4.0's quirks, and ir-measures agreement."""

import math

import numpy as np
import pytest

from weka_ranking.metrics import average_precision, ndcg, precision

pytestmark = pytest.mark.fast  # needs no JVM


def test_standard_hand_computed():
    labels = [2, 0, 1]  # ranked as given by decreasing scores
    scores = [3.0, 2.0, 1.0]
    dcg = 3 / math.log2(2) + 0 + 1 / math.log2(4)
    ideal = 3 / math.log2(2) + 1 / math.log2(3)
    assert ndcg(labels, scores, 3) == pytest.approx(dcg / ideal, abs=1e-12)
    assert ndcg(labels, scores, 1) == 1.0
    assert average_precision(labels, scores) == pytest.approx((1 / 1 + 2 / 3) / 2)
    assert precision(labels, scores, 3) == pytest.approx(2 / 3)
    assert precision(labels, scores, 10) == pytest.approx(2 / 10)


def test_letor4_hand_computed():
    labels = [0, 1, 0, 2]
    scores = [4.0, 3.0, 2.0, 1.0]
    # Ranks 1 and 2 undiscounted, rank r >= 3 by 1/log2(r).
    dcg = 0 + 1 + 0 + 3 / math.log2(4)
    ideal = 3 + 1 + 0 + 0
    assert ndcg(labels, scores, 4, "letor4") == pytest.approx(dcg / ideal, abs=1e-12)
    # Fewer documents than k: 0, the script's quirk.
    assert ndcg(labels, scores, 5, "letor4") == 0.0
    assert ndcg(labels, scores, 5, "standard") > 0
    # No relevant document: 0 for NDCG, AP and P.
    assert ndcg([0, 0], [1, 2], 1, "letor4") == 0.0
    assert average_precision([0, 0], [1, 2], "letor4") == 0.0


def test_ties_keep_the_input_order():
    assert ndcg([0, 1], [1.0, 1.0], 1) == 0.0  # the first document stays first
    assert ndcg([1, 0], [1.0, 1.0], 1) == 1.0


@pytest.mark.parametrize("ties", [False, True])
def test_standard_equals_ir_measures(ties):
    """Without ties in input order; with ties, by trec_eval's rule given the ids.

    trec_eval's rule, which ir-measures follows, orders ties by decreasing document id.
    """
    ir_measures = pytest.importorskip("ir_measures")
    rng = np.random.default_rng(7)
    qrels, run, ours = [], [], {}
    for q in range(40):
        n = int(rng.integers(3, 25))
        labels = rng.choice([0, 0, 0, 1, 2], n)
        if ties:
            scores = rng.integers(0, 4, n).astype(float)
        else:
            scores = rng.permutation(n) + rng.random(n) * 0.1
        docids = [f"d{d:02d}" for d in rng.permutation(n)]
        for d in range(n):
            qrels.append(ir_measures.Qrel(str(q), docids[d], int(labels[d])))
            run.append(ir_measures.ScoredDoc(str(q), docids[d], float(scores[d])))
        ours[str(q)] = (labels, scores, docids)
    gains = {0: 0, 1: 1, 2: 3}  # 2^rel - 1
    measures = {
        **{
            ir_measures.nDCG(gains=gains) @ k: lambda *a, k=k: ndcg(
                *a[:2], k, "standard", a[2]
            )
            for k in (1, 3, 5, 10)
        },
        ir_measures.AP(rel=1): lambda *a: average_precision(*a[:2], "standard", a[2]),
        ir_measures.P(rel=1) @ 5: lambda *a: precision(*a[:2], 5, "standard", a[2]),
    }
    for measure, ours_of in measures.items():
        for metric in ir_measures.iter_calc([measure], qrels, run):
            expected = ours_of(*ours[metric.query_id])
            assert expected == pytest.approx(metric.value, abs=1e-9), measure
