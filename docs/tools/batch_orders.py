"""A batch's tournament degrees counted in the first order and in both orders.

When this ran, the tournament scored a row of a batch by the rows it beats
as first element, #{b: c(a, b) = 1}; both orders add the rows that do not
beat it as first element, #{b: c(b, a) = 0}, as a single instance has been
scored since session 24 (``docs/single-instance/``). Both come from one
matrix of the committee's majority answers on every ordered pair of the
batch (the members asked through ``Committee.votes``), so the two are of the
same members. The question and its decision rule:
``docs/batch-both-orders/rule.md``. Since the result, the package counts
both orders (session 26): a run checks that its ``decision_function`` is
the both-orders degree of the same answers, where it checked the first
order's before.

    python docs/tools/batch_orders.py run FOLDER OUT.jsonl
    python docs/tools/batch_orders.py compare OUT.jsonl

The sets above 10,000 rows (``docs/batch-both-orders/rule-large.md``), whose
answer matrices would not fit, are ranked by the package itself, in both
orders and by the first element (``-first-element``), the same members:

    python docs/tools/batch_orders.py run-large docs/held-out-4/data OUT.jsonl
    python docs/tools/batch_orders.py compare-large OUT.jsonl

The twelve data sets the default was chosen on (``docs/suite/``), WEKA's
ten folds, ranked the same two ways beside J48 alone: in-sample context for
``docs/choosing.md``, not a held-out claim:

    python docs/tools/batch_orders.py run-suite OUT.jsonl
    python docs/tools/batch_orders.py compare-suite OUT.jsonl
"""

import json
import sys
import time
from pathlib import Path

import jpype
import numpy as np
from scipy import stats
from single_scores import SETS, by_set, decision, fitted_splits
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedShuffleSplit

from weka_ranking import RankingReduction, bridge, load_arff, load_task
from weka_ranking.folds import weka_folds

# docs/batch-both-orders/rule-large.md: docs/held-out-4/'s sets, "high" first.
LARGE_SETS = ("elevators", "ailerons", "pol", "fried", "mv", "2dplanes")
# docs/suite/plan.toml's twelve: built-in tasks, then files whose minority ranks first.
SUITE = ("breast-cancer", "hepatitis", "glass", "vehicle", "yeast", "kr-vs-kp", "sick")
SUITE_FILES = ("labor", "credit-g", "diabetes", "ionosphere", "vote")
TOLERANCE = 0.005


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
            if not np.array_equal(both, today):
                sys.exit(f"{name} {split}: both orders are not the tournament's")
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


def first_element_scores(model: RankingReduction, X) -> np.ndarray:
    """The batch's degrees as first element, the same fitted members."""
    java = model.weka_model_
    options = list(java.getOptions())
    java.setOptions(["-first-element", *options])
    try:
        return model.decision_function(X)
    finally:
        java.setOptions(options)


def run_large(folder: Path, out: Path) -> None:
    """Every split of every large set, one JSON line each, appended as it ends."""

    def splits():
        for name in LARGE_SETS:
            data = load_arff(folder / f"{name}.arff.gz", positive="high")
            shuffled = StratifiedShuffleSplit(5, test_size=0.3, random_state=0)
            for split, (train, test) in enumerate(shuffled.split(data.X, data.y)):
                yield name, split, data, train, test

    both_ways(splits(), out)


def run_suite(out: Path) -> None:
    """Every fold of every set of the suite, one JSON line each."""

    def folds():
        files = Path(__file__).resolve().parents[2] / "arff_data"
        for name in SUITE + SUITE_FILES:
            # a file's minority ranks first (load_arff's default), as in the suite
            path = files / f"{name}.arff"
            data = load_task(name) if name in SUITE else load_arff(path)
            for fold, (train, test) in enumerate(weka_folds(data.y, 10, 1)):
                yield name, fold, data, train, test

    both_ways(folds(), out)


def both_ways(splits, out: Path) -> None:
    """Each split's default ranked both ways and J48 alone, appended as it ends."""
    with out.open("a") as sink:
        for name, split, data, train, test in splits:
            started = time.perf_counter()
            model = RankingReduction().fit(data.subset(train))
            fitted = time.perf_counter() - started
            held_out = data.subset(test)
            both = model.decision_function(held_out)
            first_element = first_element_scores(model, held_out)
            alone = RankingReduction(ranker="pointwise").fit(data.subset(train))
            first = data.y[test] == 1
            record = {
                "set": name,
                "split": split,
                "ran": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "rows": len(data.y),
                "fit_seconds": round(fitted, 2),
                "first_order_auc": roc_auc_score(first, first_element),
                "both_orders_auc": roc_auc_score(first, both),
                "j48_alone_auc": roc_auc_score(
                    first, alone.decision_function(held_out)
                ),
                "first_order_distinct": len(np.unique(first_element)),
                "both_orders_distinct": len(np.unique(both)),
            }
            sink.write(json.dumps(record) + "\n")
            sink.flush()
            print(name, split, record["first_order_auc"], record["both_orders_auc"])


def compare_sets(path: Path, names: tuple[str, ...]) -> np.ndarray:
    """Per set, the mean batch AUCs both ways and J48 alone's; the differences."""
    grouped = by_set(path)
    differences = []
    for name in names:
        rows = grouped[name]
        one, both, alone = (
            np.mean([r[f"{k}_auc"] for r in rows])
            for k in ("first_order", "both_orders", "j48_alone")
        )
        differences.append(both - one)
        print(
            f"{name:13s} batch AUC {one:.4f} -> {both:.4f} ({differences[-1]:+.4f}); "
            f"J48 alone {alone:.4f}"
        )
    d = np.array(differences)
    nonzero = d[d != 0]
    p = stats.wilcoxon(nonzero, method="exact").pvalue if len(nonzero) else 1.0
    print(
        f"mean difference {d.mean():+.4f}; higher on {int((d > 0).sum())}, lower on "
        f"{int((d < 0).sum())}, equal on {int((d == 0).sum())}; exact Wilcoxon "
        f"p = {p:.4f}"
    )
    return d


def compare_large(path: Path) -> None:
    """``rule-large.md``'s two decisions on a run's file, J48 alone beside them."""
    d = compare_sets(path, LARGE_SETS)
    losses = [n for n, x in zip(LARGE_SETS, d) if x < -TOLERANCE]
    nonzero = d[d != 0]
    p = stats.wilcoxon(nonzero, method="exact").pvalue if len(nonzero) else 1.0
    print(
        "both orders hold above 10,000 rows: "
        f"{'yes' if not losses else 'no, losses: ' + ', '.join(losses)}; rank "
        f"better at this size: {'yes' if d.mean() > 0 and p < 0.05 else 'no'}"
    )


def compare_suite(path: Path) -> None:
    """The suite's sets both ways, J48 alone beside them (in-sample: no rule)."""
    compare_sets(path, SUITE + SUITE_FILES)


if __name__ == "__main__":
    commands = {"run": run, "compare": compare}
    commands |= {"run-large": run_large, "compare-large": compare_large}
    commands |= {"run-suite": run_suite, "compare-suite": compare_suite}
    command, *paths = sys.argv[1:]
    commands[command](*map(Path, paths))
