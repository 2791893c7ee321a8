"""A batch's tournament degrees counted in the first order and in both orders.

Today's tournament scores a row of a batch by the rows it beats as first
element, #{b: c(a, b) = 1}; both orders add the rows that do not beat it as
first element, #{b: c(b, a) = 0}, as a single instance has been scored since
session 24 (``docs/single-instance/``). Both come from one matrix of the
committee's majority answers on every ordered pair of the batch (the members
asked through ``Committee.votes``), so the two are of the same members. The
question and its decision rule: ``docs/batch-both-orders/rule.md``.

    python docs/tools/batch_orders.py run FOLDER OUT.jsonl
    python docs/tools/batch_orders.py compare OUT.jsonl
"""

import json
import sys
import time
from pathlib import Path

import jpype
import numpy as np
from single_scores import SETS, by_set, decision, fitted_splits
from sklearn.metrics import roc_auc_score

from weka_ranking import RankingReduction, bridge


def beats(model: RankingReduction, X: np.ndarray) -> np.ndarray:
    """The committee's majority answer c(a, b) on every ordered pair of X."""
    committee = bridge.rank_committee(model.weka_model_, X)
    n = len(X)
    first, second = np.divmod(np.arange(n * n, dtype=np.int32), np.int32(n))
    votes = committee.votes(
        jpype.JArray.of(first.astype(np.int32)),
        jpype.JArray.of(second.astype(np.int32)),
        n * n,
    )
    answer = 2 * np.asarray(votes).reshape(n, n) > len(model.member_seeds_)
    np.fill_diagonal(answer, False)
    return answer


def run(folder: Path, out: Path) -> None:
    """Every split of every set, one JSON line each, appended as it ends."""
    with out.open("a") as sink:
        for name, split, data, train, test, model in fitted_splits(folder):
            held_out = data.subset(test)
            answer = beats(model, held_out.X)
            n = len(test)
            first_order = answer.sum(axis=1) / (n - 1)
            both = (answer.sum(axis=1) + (n - 1) - answer.sum(axis=0)) / (2 * (n - 1))
            today = model.decision_function(held_out)
            if not np.allclose(first_order, today):
                sys.exit(f"{name} {split}: the first order is not the tournament's")
            first = data.y[test] == 1
            record = {
                "set": name,
                "split": split,
                "ran": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "first_order_auc": roc_auc_score(first, first_order),
                "both_orders_auc": roc_auc_score(first, both),
                "first_order_distinct": len(np.unique(first_order)),
                "both_orders_distinct": len(np.unique(both)),
            }
            sink.write(json.dumps(record) + "\n")
            sink.flush()
            print(
                name,
                split,
                f"{record['first_order_auc']:.4f} {record['both_orders_auc']:.4f}",
                flush=True,
            )


def compare(path: Path) -> None:
    """The rule's decision on a run's file, with what it reports beside it.

    The sets are those of ``docs/single-instance/rule.md``, and so is the test
    (:func:`single_scores.decision`).
    """
    grouped = by_set(path)
    differences = []
    for name in SETS:
        rows = grouped[name]
        one = np.mean([r["first_order_auc"] for r in rows])
        both = np.mean([r["both_orders_auc"] for r in rows])
        differences.append(both - one)
        distinct = [
            np.mean([r[f"{k}_distinct"] for r in rows])
            for k in ("first_order", "both_orders")
        ]
        print(
            f"{name:15s} batch AUC {one:.4f} -> {both:.4f} ({differences[-1]:+.4f}); "
            f"distinct scores {distinct[0]:.0f} -> {distinct[1]:.0f}"
        )
    said, supported = decision(differences)
    print(
        f"{said}; the rule: {'both orders supported' if supported else 'not supported'}"
    )


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        compare(Path(sys.argv[2]))
