"""MQ2008's five folds with every ranker: metrics in both definitions, wall time."""

from __future__ import annotations

import inspect
import logging
import time
from collections.abc import Callable

import numpy as np

from weka_ranking.errors import DataError
from weka_ranking.evaluation import evaluate_fold, fit_fold
from weka_ranking.ltr.data import (
    GroupedDataset,
    load_grouped_arff,
    load_letor,
    mq2008_fold,
)
from weka_ranking.ltr.rankers import AdaRank, GeneticRanker
from weka_ranking.metrics import DEFINITIONS, mean_metrics, query_metrics
from weka_ranking.model import RankingReduction
from weka_ranking.peers import LightGBMRanker, XGBoostRanker

logger = logging.getLogger(__name__)


def _xgboost(objective: str) -> XGBoostRanker:
    return XGBoostRanker(objective, rounds=500, learning_rate=0.1, early_stopping=30)


RANKERS: dict[str, Callable[[], object]] = {
    "adarank-map": lambda: AdaRank("map"),
    "adarank-ndcg": lambda: AdaRank("ndcg@5"),
    "ga-nm": lambda: GeneticRanker(),
    "xgb-pairwise": lambda: _xgboost("rank:pairwise"),
    "xgb-ndcg": lambda: _xgboost("rank:ndcg"),
    "xgb-map": lambda: _xgboost("rank:map"),
    "lgbm-lambdarank": lambda: LightGBMRanker(
        rounds=500, learning_rate=0.05, early_stopping=30
    ),
}
# The reduction: one committee per learner and fold, ranked by both rankers.
REDUCTIONS: dict[str, Callable[[], RankingReduction]] = {
    "reduction-j48": lambda: RankingReduction("J48"),
    "reduction-logistic": lambda: RankingReduction("Logistic"),
    "reduction-smo": lambda: RankingReduction("SMO", pairs_per_instance=1),
}
REDUCTION_RANKERS = ("tournament", "quicksort")
ALL_RANKERS = (*RANKERS, *REDUCTIONS)


def evaluate(test: GroupedDataset, scores: np.ndarray) -> dict[str, float]:
    """Mean metrics over the test queries, both definitions (keys name them)."""
    out: dict[str, float] = {}
    for definition in DEFINITIONS:
        per_query = [
            query_metrics(test.labels[rows], scores[rows], definition)
            for rows in test.queries()
        ]
        for name, value in mean_metrics(per_query).items():
            out[f"{name.replace('@', '')}_{definition}"] = value
    return out


def mq2008_folds(text: str) -> list[int]:
    """MQ2008's folds from text like ``1-5`` or ``1,3``."""
    try:
        first, _, last = text.partition("-")
        folds = (
            list(range(int(first), int(last) + 1))
            if last
            else [int(x) for x in text.split(",")]
        )
    except ValueError:
        raise ValueError(f"folds={text!r}: give them as 1-5 or 1,3") from None
    if not folds or any(not 1 <= f <= 5 for f in folds):
        raise ValueError(f"folds={text!r}: MQ2008 has folds 1 to 5")
    return folds


def user_fold(
    train: str, valid: str, test: str, group_attribute: str | None = None
) -> dict[int, tuple[GroupedDataset, GroupedDataset, GroupedDataset]]:
    """The user's own training, validation and test files as fold 1: LETOR /
    SVMlight text, or ARFF whose ``group_attribute`` names the query."""

    def read(path: str) -> GroupedDataset:
        if not path.lower().endswith(".arff"):
            return load_letor(path)
        if not group_attribute:
            raise DataError(
                f"{path}: an ARFF file needs the attribute that names each row's "
                "query (group_attribute=NAME)"
            )
        return load_grouped_arff(path, group_attribute)

    return {1: (read(train), read(valid), read(test))}


def single_label_queries(grouped: GroupedDataset) -> int:
    """Queries whose documents all share one label: no pairs, ranked but flagged."""
    return sum(len(set(grouped.labels[rows])) == 1 for rows in grouped.queries())


def fit_ranker(estimator, train: GroupedDataset, valid: GroupedDataset):
    """A fitted copy and its training seconds; rankers that tune something
    (rounds, a kept iteration) get the validation part as ``eval_set``."""
    params = {"group": train.qids}
    if "eval_set" in inspect.signature(estimator.fit).parameters:
        params["eval_set"] = (valid.data, valid.labels, valid.qids)
    return fit_fold(estimator, train.data, y=train.labels, **params)


def _variants(name: str):
    """(label, estimator, rankers to rank with) of one named ranker."""
    if name in REDUCTIONS:
        labels = [f"{name}-{ranker}" for ranker in REDUCTION_RANKERS]
        return REDUCTIONS[name](), list(zip(labels, REDUCTION_RANKERS))
    return RANKERS[name](), [(name, None)]


def run(
    rankers: list[str],
    folds: list[int],
    progress: Callable[[str], None] | None = None,
    data: dict[int, tuple[GroupedDataset, GroupedDataset, GroupedDataset]]
    | None = None,
) -> dict:
    """Every ranker on every fold; per-fold records, means, and wall time.

    ``data`` maps each fold to (train, validation, test); MQ2008's by default.
    """
    unknown = [name for name in rankers if name not in ALL_RANKERS]
    if unknown:
        raise ValueError(
            f"rankers={','.join(unknown)}: unknown; choose from "
            + ", ".join(ALL_RANKERS)
        )
    results: dict = {"folds": folds, "rankers": {}}
    started_run = time.perf_counter()
    data = data or {fold: mq2008_fold(fold) for fold in folds}
    results["single_label_queries"] = {
        fold: {"train": single_label_queries(train), "test": single_label_queries(test)}
        for fold, (train, _, test) in data.items()
    }
    for name in rankers:
        per_fold: dict[str, list] = {}
        valid_map: dict[str, list] = {}
        estimator, variants = _variants(name)
        for fold in folds:
            if progress:
                progress(f"{name} fold {fold}")
            train, valid, test = data[fold]
            model, train_seconds = fit_ranker(estimator, train, valid)
            for label, ranker in variants:
                if ranker is not None:
                    model.set_params(ranker=ranker)
                record = evaluate_fold(
                    model,
                    test.data,
                    fold=fold,
                    n_train=len(train),
                    train_seconds=train_seconds,
                    measure=lambda _, ranking: evaluate(test, ranking.scores),
                    group=test.qids,
                )
                per_fold.setdefault(label, []).append(record.to_dict())
                ranked_valid = model.ranking(valid.data, group=valid.qids)
                valid_map.setdefault(label, []).append(
                    evaluate(valid, ranked_valid.scores)["map_letor4"]
                )
        for label, records in per_fold.items():
            measures = [k for k in records[0] if k.endswith(DEFINITIONS)]
            results["rankers"][label] = {
                **{k: float(np.mean([r[k] for r in records])) for k in measures},
                "seconds": sum(r["train_seconds"] + r["rank_seconds"] for r in records),
                "per_fold": records,
                "validation_map_letor4": valid_map[label],
            }
    results["wall_seconds"] = time.perf_counter() - started_run
    reductions = [n for n in results["rankers"] if n.startswith("reduction")]
    if reductions:
        # The reduction's best configuration, chosen per fold on validation MAP.
        chosen = []
        for i in range(len(folds)):
            best = max(
                reductions,
                key=lambda n: results["rankers"][n]["validation_map_letor4"][i],
            )
            chosen.append(results["rankers"][best]["per_fold"][i] | {"config": best})
        keys = [k for k in chosen[0] if k.endswith(DEFINITIONS)]
        results["rankers"]["reduction-best-on-validation"] = {
            **{k: float(np.mean([c[k] for c in chosen])) for k in keys},
            "seconds": 0.0,
            "chosen": [c["config"] for c in chosen],
        }
    return results


def summary(results: dict) -> dict:
    """The results without the per-fold records: ``ltr --json``."""
    return {
        "folds": results["folds"],
        "rankers": {
            name: {k: v for k, v in r.items() if k != "per_fold"}
            for name, r in results["rankers"].items()
        },
        "single_label_queries": results["single_label_queries"],
        "wall_seconds": results["wall_seconds"],
    }


def _standing(rankers: dict) -> list[str]:
    """A paragraph on where the reduction stands, from the numbers."""
    reductions = {
        n: r
        for n, r in rankers.items()
        if n.startswith("reduction") and n != "reduction-best-on-validation"
    }
    if not reductions or "xgb-pairwise" not in rankers:
        return []
    best_name, best = max(reductions.items(), key=lambda item: item[1]["map_letor4"])
    others = {n: r for n, r in rankers.items() if not n.startswith("reduction")}
    leader_name, leader = max(others.items(), key=lambda item: item[1]["map_letor4"])
    gap = best["map_letor4"] - rankers["xgb-pairwise"]["map_letor4"]
    pairs_of = []
    for name, ranked in reductions.items():
        quick = rankers.get(name.replace("tournament", "quicksort"))
        if name.endswith("-tournament") and quick:
            learner = name.removeprefix("reduction-").removesuffix("-tournament")
            pairs_of.append(
                f"{learner} {ranked['map_letor4']:.4f} / {quick['map_letor4']:.4f}"
            )
    verdict = (
        f"reaches XGBoost rank:pairwise's MAP ({gap:+.4f})"
        if gap >= 0
        else f"falls short of XGBoost rank:pairwise's MAP by {-gap:.4f}"
    )
    return [
        "## Where the reduction stands",
        "",
        f"The reduction's best configuration, {best_name} (letor4 MAP "
        f"{best['map_letor4']:.4f}, NDCG@10 {best['ndcg10_letor4']:.4f}), {verdict}; "
        f"the best of the other rankers is {leader_name} (MAP "
        f"{leader['map_letor4']:.4f}). Logistic on the concatenated pair "
        "A(a) || A(b) can learn w.A(a) - w.A(b), the linear pairwise model of "
        "RankSVM, which suits MQ2008's 46 query-normalised features; J48 and SMO "
        "(on one pair per document, for its cost) rank worse. Tournament against "
        "QuickSort on the same committee (MAP): " + "; ".join(pairs_of) + ": "
        "equal where the comparator is consistent (Logistic), lower for QuickSort "
        "where it is not, as its tie groups then keep less of the order. The "
        "reduction costs most: every mixed-label pair of every query is a training "
        "instance for WEKA, against the boosted rankers' gradient passes.",
        "",
    ]


def to_markdown(results: dict, command: str) -> str:
    """The results as docs/ltr.md's tables."""
    wall = results.get("wall_seconds")
    lines = [
        "# Learning to rank on MQ2008 (LETOR 4.0)",
        "",
        f"Measured by `{command}`: the five folds of MQ2008 built from S1-S5 as its "
        "readme says (train on three parts, validate on the fourth, test on the "
        "fifth); every number is the mean over the folds of the mean over test "
        "queries. Anything tuned (boosting rounds, AdaRank's round, the genetic "
        "ranker's final weights, the reduction's best configuration) is chosen on "
        "the validation part only.",
        "",
    ]
    if wall:
        lines += [f"Wall time of the whole run: {wall / 60:.1f} minutes.", ""]
    for definition in ("letor4", "standard"):
        lines += [
            f"## `{definition}` metrics",
            "",
            "| ranker | NDCG@1 | NDCG@3 | NDCG@5 | NDCG@10 | MAP | P@10 | seconds |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for name, r in results["rankers"].items():
            cells = [
                f"{r[f'{m}_{definition}']:.4f}"
                for m in ("ndcg1", "ndcg3", "ndcg5", "ndcg10", "map", "p10")
            ]
            lines.append(
                f"| {name} | " + " | ".join(cells) + f" | {r['seconds']:.0f} |"
            )
        lines.append("")
    lines += _standing(results["rankers"])
    flagged = results["single_label_queries"]
    lines += [
        "Queries whose documents all share one label give the reduction no pairs; "
        "they are ranked all the same and counted here: "
        + "; ".join(
            f"fold {f}: {v['train']} in training, {v['test']} in test"
            for f, v in flagged.items()
        )
        + ".",
        "",
    ]
    return "\n".join(lines)
