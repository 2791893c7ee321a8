"""The default's single-instance scores of held-out rows: AUC, share, accuracy.

Run by one package (the one imported), it writes one JSON line a split: the
AUC of the held-out rows each scored alone (``predict_proba``), the batch
AUC (the held-out rows ranked together, which must not change between two
packages that train the same members), the share predicted first, the
training share q and the accuracy. ``compare BEFORE AFTER`` applies the rule
of ``docs/single-instance/rule.md`` to two such files.

    python docs/tools/single_scores.py run FOLDER OUT.jsonl
    python docs/tools/single_scores.py compare BEFORE.jsonl AFTER.jsonl
"""

import json
import sys
import time
from pathlib import Path

import numpy as np
from scipy import stats
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedShuffleSplit

from weka_ranking import RankingReduction, load_arff

#: The held-out sets of the rule, with the class that ranks first where named.
SETS = {
    "breast.w": None,
    "colic": None,
    "column2C": None,
    "credit.a": None,
    "cylinder.bands": None,
    "haberman": None,
    "heart.statlog": None,
    "sonar": None,
    "tic-tac-toe": None,
    "mushroom": None,
    "hypothyroid": "negative",
    "page.blocks": "1",
    "ecoli": "cp",
}


def fitted_splits(folder: Path):
    """The rules' protocol: each set's 5 stratified 70/30 splits, the default fitted.

    Yields the set's name, the split's number, the data, the training and
    held-out rows, and the default fitted on the training rows.
    """
    for name, positive in SETS.items():
        data = load_arff(folder / f"{name}.arff", positive=positive)
        splits = StratifiedShuffleSplit(5, test_size=0.3, random_state=0)
        for split, (train, test) in enumerate(splits.split(data.X, data.y)):
            yield (
                name,
                split,
                data,
                train,
                test,
                RankingReduction().fit(data.subset(train)),
            )


def run(folder: Path, out: Path) -> None:
    """Every split of every set, one JSON line each, appended as it ends."""
    with out.open("a") as sink:
        for name, split, data, train, test, model in fitted_splits(folder):
            held_out = data.subset(test)
            first = data.y[test] == 1
            alone = model.predict_proba(held_out)[:, 1]
            called = model.predict(held_out) == model.classes_[1]
            record = {
                "set": name,
                "split": split,
                "ran": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "single_auc": roc_auc_score(first, alone),
                "batch_auc": roc_auc_score(first, model.decision_function(held_out)),
                "share": float(called.mean()),
                "q": float(data.y[train].mean()),
                "accuracy": float(np.mean(called == first)),
            }
            sink.write(json.dumps(record) + "\n")
            sink.flush()
            print(name, split, f"{record['single_auc']:.4f}", flush=True)


def by_set(path: Path) -> dict[str, list[dict]]:
    """A results file's records grouped by set, in split order."""
    grouped: dict[str, list[dict]] = {}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        grouped.setdefault(record["set"], []).append(record)
    return {
        name: sorted(rows, key=lambda r: r["split"]) for name, rows in grouped.items()
    }


def compare(before: Path, after: Path) -> None:
    """The rule's decision on two runs' files, with what it reports beside it."""
    old, new = by_set(before), by_set(after)
    differences = []
    for name in SETS:
        a, b = old[name], new[name]
        if [r["batch_auc"] for r in a] != [r["batch_auc"] for r in b]:
            sys.exit(f"{name}: the batch AUCs differ (other members): no comparison")
        mean = {
            key: (np.mean([r[key] for r in a]), np.mean([r[key] for r in b]))
            for key in ("single_auc", "accuracy")
        }
        distance = [np.mean([abs(r["share"] - r["q"]) for r in x]) for x in (a, b)]
        differences.append(mean["single_auc"][1] - mean["single_auc"][0])
        print(
            f"{name:15s} single AUC {mean['single_auc'][0]:.4f} -> "
            f"{mean['single_auc'][1]:.4f} ({differences[-1]:+.4f}); "
            f"|share - q| {distance[0]:.3f} -> {distance[1]:.3f}; "
            f"accuracy {mean['accuracy'][0]:.3f} -> {mean['accuracy'][1]:.3f}"
        )
    said, adopt = decision(differences)
    print(
        f"{said}; the rule: {'adopt both orders' if adopt else 'keep the first order'}"
    )


def decision(differences: list[float]) -> tuple[str, bool]:
    """The held-out rules' test on the sets' mean differences, and its outcome.

    Passed where the exact two-sided Wilcoxon signed-rank test (sets whose
    difference is 0 dropped) gives p < 0.05 with a positive mean and no set
    falls by more than 0.01; said with the mean's 95 % t interval.
    """
    d = np.array(differences)
    nonzero = d[d != 0]
    test = stats.wilcoxon(nonzero, zero_method="wilcox", method="exact")
    half = stats.t.ppf(0.975, len(d) - 1) * d.std(ddof=1) / np.sqrt(len(d))
    passed = test.pvalue < 0.05 and d.mean() > 0 and d.min() >= -0.01
    said = (
        f"mean difference {d.mean():+.4f} (95 % t interval {d.mean() - half:+.4f} to "
        f"{d.mean() + half:+.4f}); higher on {int((d > 0).sum())}, lower on "
        f"{int((d < 0).sum())}, equal on {int((d == 0).sum())} (dropped); "
        f"exact Wilcoxon p = {test.pvalue:.4f}; largest fall {-d.min():+.4f}"
    )
    return said, bool(passed)


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        compare(Path(sys.argv[2]), Path(sys.argv[3]))
