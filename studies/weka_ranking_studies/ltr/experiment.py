"""MQ2008's five folds with every ranker, by LETOR's rules.

Everything tuned is chosen on the validation queries by the metric reported (``letor4``
MAP), per-query results kept, paired significance tests against the best.
"""

from __future__ import annotations

import logging
import statistics
import time
from collections.abc import Callable

import numpy as np

from weka_ranking.errors import DataError, ParameterError, Remedy
from weka_ranking.estimator import Validation
from weka_ranking.evaluation import evaluate_fold, fit_fold
from weka_ranking.metrics import DEFINITIONS, mean_metrics, query_metrics
from weka_ranking.model import RankingReduction
from weka_ranking.peers import LightGBMRanker, XGBoostRanker
from weka_ranking.tuning import GridSearch
from weka_ranking_studies.ltr.data import (
    GroupedDataset,
    load_grouped_arff,
    load_letor,
    mq2008_fold,
)
from weka_ranking_studies.ltr.fast import QueryMatrix
from weka_ranking_studies.ltr.rankers import AdaRank, GeneticRanker
from weka_ranking_studies.ltr.significance import paired_t_p, randomization_p

logger = logging.getLogger(__name__)

# The grids, searched on validation (rounds up to 500, chosen every 10).
XGBOOST_GRID = {
    "learning_rate": [0.05],
    "max_depth": [3, 4, 6],
    "min_child_weight": [1, 5],
}
LIGHTGBM_GRID = {
    "learning_rate": [0.05],
    "num_leaves": [7, 15, 31],
    "min_data_in_leaf": [5, 20],
}
GA_SEEDS = (1, 2, 3, 4, 5)


def _xgboost(objective: str) -> GridSearch:
    return GridSearch(XGBoostRanker(objective, rounds=500), XGBOOST_GRID)


RANKERS: dict[str, Callable[[], object]] = {
    "adarank-map": lambda: AdaRank("map"),
    "adarank-ndcg": lambda: AdaRank("ndcg@5"),
    **{f"ga-nm-s{s}": (lambda s=s: GeneticRanker(seed=s)) for s in GA_SEEDS},
    "xgb-pairwise": lambda: _xgboost("rank:pairwise"),
    "xgb-ndcg": lambda: _xgboost("rank:ndcg"),
    "xgb-map": lambda: _xgboost("rank:map"),
    "lgbm-lambdarank": lambda: GridSearch(LightGBMRanker(rounds=500), LIGHTGBM_GRID),
}


def _reduction(
    learner: str, pairs_per_instance: int | str = "all", voters: int = 1, **params
) -> Callable[[], RankingReduction]:
    """The study's reduction, its configuration named (the rows side by side).

    Named, not left to the estimator's defaults, so that docs/ltr.json's cells
    stay what they are when the defaults change.
    """
    return lambda: RankingReduction(
        learner,
        pairs_per_instance=pairs_per_instance,
        voters=voters,
        pair_features="concat",
        **params,
    )


# The reduction: one committee per learner and fold, ranked by both rankers;
# the configuration that ranks the validation queries best is reported too.
REDUCTIONS: dict[str, Callable[[], RankingReduction]] = {
    "reduction-j48": _reduction("J48"),
    "reduction-logistic": _reduction("Logistic"),
    "reduction-logistic-p5x10": _reduction("Logistic", 5, 10),
    "reduction-smo": _reduction("SMO", 1),
    "reduction-rf": _reduction("RandomForest", 5, base_options="-I 50"),
}
REDUCTION_RANKERS = ("tournament", "quicksort")
ALL_RANKERS = (*RANKERS, *REDUCTIONS)
TIE_RULES = ("input", "docid")


def query_table(test: GroupedDataset, scores: np.ndarray, ties: str = "input"):
    """Per test query, its id and every metric in both definitions."""
    rows, ids = [], test.document_ids()
    for members in test.queries():
        docids = [ids[i] for i in members] if ties == "docid" else None
        row = {"qid": str(test.qids[members[0]])}
        for definition in DEFINITIONS:
            values = query_metrics(
                test.labels[members], scores[members], definition, docids
            )
            row |= {f"{k.replace('@', '')}_{definition}": v for k, v in values.items()}
        rows.append(row)
    return rows


def _means(rows: list[dict]) -> dict:
    return mean_metrics([{k: v for k, v in r.items() if k != "qid"} for r in rows])


def evaluate(test: GroupedDataset, scores: np.ndarray, ties: str = "input") -> dict:
    """Mean metrics over the test queries, both definitions (keys name them)."""
    return _means(query_table(test, scores, ties))


def single_label_queries(grouped: GroupedDataset) -> int:
    """Queries whose documents all share one label: no pairs, ranked but flagged."""
    return sum(len(set(grouped.labels[rows])) == 1 for rows in grouped.queries())


def validation_map(valid: GroupedDataset) -> Callable[[np.ndarray], float]:
    """The rating of every validation choice: ``letor4`` MAP on ``valid``."""
    matrix = QueryMatrix(valid, "letor4")
    return lambda scores: float(matrix.average_precision(scores).mean())


def fit_ranker(estimator, train: GroupedDataset, valid: GroupedDataset):
    """A fitted copy and its training seconds.

    Rankers that tune something choose on the validation part by its rating (``letor4``
    MAP).
    """
    validation = Validation(valid.data, valid.labels, valid.qids, validation_map(valid))
    return fit_fold(
        estimator,
        train.data,
        y=train.labels,
        group=train.qids,
        validation=validation,
    )


def _variants(name: str):
    """(label, estimator, rankers to rank with) of one named ranker."""
    if name in REDUCTIONS:
        labels = [f"{name}-{ranker}" for ranker in REDUCTION_RANKERS]
        return REDUCTIONS[name](), list(zip(labels, REDUCTION_RANKERS))
    return RANKERS[name](), [(name, None)]


def _measures(record: dict) -> dict:
    return {k: v for k, v in record.items() if k.endswith(DEFINITIONS)}


def _summarise(records: list[dict], queries: list[dict]) -> dict:
    """Means over the folds, their standard deviation, per-fold means."""
    keys = list(_measures(records[0]))
    spread = (lambda v: statistics.stdev(v)) if len(records) > 1 else (lambda v: 0.0)
    return {
        **{k: float(np.mean([r[k] for r in records])) for k in keys},
        "std": {k: spread([r[k] for r in records]) for k in keys},
        "per_fold": records,
        "per_query": queries,
    }


def run(
    rankers: list[str],
    folds: list[int],
    progress: Callable[[str], None] | None = None,
    data: dict[int, tuple[GroupedDataset, GroupedDataset, GroupedDataset]]
    | None = None,
    ties: str = "input",
) -> dict:
    """Every ranker on every fold; per-fold records, per-query metrics, scores.

    ``data`` maps each fold to (train, validation, test); MQ2008's by default.
    ``ties="docid"`` orders equal scores by decreasing document id, as
    trec_eval does, instead of the file's order, as LETOR's script does.
    """
    unknown = [name for name in rankers if name not in ALL_RANKERS]
    if unknown:
        raise ValueError(
            f"rankers={','.join(unknown)}: unknown; choose from "
            + ", ".join(ALL_RANKERS)
        )
    if ties not in TIE_RULES:
        raise ParameterError("ties", ties, f"choose from {', '.join(TIE_RULES)}")
    results: dict = {"folds": folds, "ties": ties, "rankers": {}, "scores": {}}
    started_run = time.perf_counter()
    data = data or {fold: mq2008_fold(fold) for fold in folds}
    results["data"] = data
    results["single_label_queries"] = {
        fold: {"train": single_label_queries(train), "test": single_label_queries(test)}
        for fold, (train, _, test) in data.items()
    }
    for name in rankers:
        records: dict[str, list] = {}
        queries: dict[str, list] = {}
        estimator, variants = _variants(name)
        for fold in folds:
            if progress:
                progress(f"{name} fold {fold}")
            train, valid, test = data[fold]
            model, train_seconds = fit_ranker(estimator, train, valid)
            for label, ranker in variants:
                if ranker is not None:
                    model.set_params(ranker=ranker)
                table: list[dict] = []  # the per-query rows, measured once

                def measure(_, ranking):
                    table[:] = query_table(test, ranking.scores, ties)
                    return _means(table)

                record = evaluate_fold(
                    model,
                    test.data,
                    fold=fold,
                    n_train=len(train),
                    train_seconds=train_seconds,
                    measure=measure,
                    group=test.qids,
                )
                ranked_valid = model.ranking(valid.data, group=valid.qids).scores
                records.setdefault(label, []).append(
                    record.to_dict()
                    | {
                        "validation_map_letor4": evaluate(valid, ranked_valid)[
                            "map_letor4"
                        ]
                    }
                )
                queries.setdefault(label, []).extend(
                    {"fold": fold, **row} for row in table
                )
                results["scores"].setdefault(label, {})[fold] = record.scores
        for label in records:
            results["rankers"][label] = _summarise(records[label], queries[label])
    results["wall_seconds"] = time.perf_counter() - started_run
    _add_chosen_reduction(results, folds)
    _add_seed_spread(results)
    _add_p_values(results)
    return results


def _add_chosen_reduction(results: dict, folds: list[int]) -> None:
    """The reduction's configuration chosen per fold on validation MAP."""
    rankers = results["rankers"]
    reductions = [n for n in rankers if n.startswith("reduction")]
    if not reductions:
        return
    records, queries, chosen = [], [], []
    for i, fold in enumerate(folds):
        best = max(
            reductions, key=lambda n: rankers[n]["per_fold"][i]["validation_map_letor4"]
        )
        chosen.append(best)
        records.append(rankers[best]["per_fold"][i])
        queries += [q for q in rankers[best]["per_query"] if q["fold"] == fold]
        results["scores"].setdefault("reduction-best-on-validation", {})[fold] = (
            results["scores"][best][fold]
        )
    rankers["reduction-best-on-validation"] = _summarise(records, queries) | {
        "chosen": chosen
    }


def _add_seed_spread(results: dict) -> None:
    """The genetic ranker over its seeds: mean and spread of the seeds' means."""
    seeds = [r for n, r in results["rankers"].items() if n.startswith("ga-nm-s")]
    if len(seeds) < 2:
        return
    keys = list(_measures(seeds[0]["per_fold"][0]))
    results["rankers"]["ga-nm (seeds)"] = {
        **{k: float(np.mean([s[k] for s in seeds])) for k in keys},
        "seed_std": {k: float(np.std([s[k] for s in seeds], ddof=1)) for k in keys},
        "seeds": len(seeds),
    }


def _add_p_values(results: dict) -> None:
    """Each ranker against the best by letor4 MAP: paired tests over queries."""
    rankers = {n: r for n, r in results["rankers"].items() if "per_query" in r}
    best = max(rankers, key=lambda n: rankers[n]["map_letor4"])
    reference = np.array([q["map_letor4"] for q in rankers[best]["per_query"]])
    for name, ranker in rankers.items():
        values = np.array([q["map_letor4"] for q in ranker["per_query"]])
        ranker["p_value"] = {
            "against": best,
            "metric": "map_letor4",
            "randomization": randomization_p(values, reference),
            "paired_t": paired_t_p(values, reference),
        }


def summary(results: dict) -> dict:
    """The results without per-query rows and scores: ``ltr --json``."""
    return {
        "folds": results["folds"],
        "ties": results["ties"],
        "rankers": {
            name: {k: v for k, v in r.items() if k != "per_query"}
            for name, r in results["rankers"].items()
        },
        "single_label_queries": results["single_label_queries"],
        "wall_seconds": results["wall_seconds"],
    }


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
        raise ParameterError("folds", text, "give them as 1-5 or 1,3") from None
    if not folds or any(not 1 <= f <= 5 for f in folds):
        raise ParameterError("folds", text, "MQ2008 has folds 1 to 5")
    return folds


def user_fold(
    train: str,
    valid: str,
    test: str,
    group_attribute: str | None = None,
    normalize: str | None = None,
) -> dict[int, tuple[GroupedDataset, GroupedDataset, GroupedDataset]]:
    """The user's own training, validation and test files as fold 1.

    LETOR / SVMlight text, or ARFF whose ``group_attribute`` names the query;
    ``normalize="query"`` scales each feature to [0, 1] within each query, as LETOR's
    QueryLevelNorm files are.
    """

    def read(path: str) -> GroupedDataset:
        if not path.lower().endswith(".arff"):
            grouped = load_letor(path)
        elif not group_attribute:
            raise DataError(
                f"{path}: an ARFF file needs the attribute that names each row's query",
                Remedy("name it with", "group_attribute", "NAME"),
            )
        else:
            grouped = load_grouped_arff(path, group_attribute)
        return grouped.query_normalized() if normalize == "query" else grouped

    if normalize not in (None, "query"):
        raise ParameterError("normalize", normalize, "the one normalisation is 'query'")
    return {1: (read(train), read(valid), read(test))}
