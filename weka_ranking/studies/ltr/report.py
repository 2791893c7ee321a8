"""The LTR run as the page ``docs/ltr.md``: tables in both definitions with
fold spreads and significance marks, the grids, and where the reduction
stands, each sentence computed from the results."""

from __future__ import annotations

import re

import numpy as np

from weka_ranking.studies.ltr.experiment import (
    GA_SEEDS,
    LIGHTGBM_GRID,
    REDUCTIONS,
    XGBOOST_GRID,
)
from weka_ranking.studies.ltr.significance import paired_t_p, randomization_p

COLUMNS = ("ndcg1", "ndcg3", "ndcg5", "ndcg10", "map", "mean_ndcg", "p10")
TITLES = ("NDCG@1", "NDCG@3", "NDCG@5", "NDCG@10", "MAP", "MeanNDCG", "P@10")


def _grid(grid: dict) -> str:
    return ", ".join(
        f"{name} {' / '.join(map(str, values))}" for name, values in grid.items()
    )


def _table(rankers: dict, definition: str) -> list[str]:
    lines = [
        f"## `{definition}` metrics",
        "",
        "| ranker | " + " | ".join(TITLES) + " | p (MAP) | seconds |",
        "|---" * (len(TITLES) + 3) + "|",
    ]
    for name, r in rankers.items():
        cells = [f"{r[f'{c}_{definition}']:.4f}" for c in COLUMNS]
        spread = r.get("std") or r.get("seed_std")
        if spread:
            cells[4] += f" ± {spread[f'map_{definition}']:.4f}"
        p = r.get("p_value")
        if p is None:
            mark = ""
        elif p["against"] == name:
            mark = "best"
        else:
            mark = f"{p['randomization']:.3f}" + (
                " †" if p["randomization"] < 0.05 else ""
            )
        seconds = sum(
            f["train_seconds"] + f["rank_seconds"] for f in r.get("per_fold", ())
        )
        lines.append(
            f"| {name} | " + " | ".join(cells) + f" | {mark} | {seconds:.0f} |"
        )
    return lines + [""]


def _per_query_map(ranker: dict) -> np.ndarray:
    return np.array([q["map_letor4"] for q in ranker["per_query"]])


def _standing(rankers: dict) -> list[str]:
    chosen = rankers.get("reduction-best-on-validation")
    xgb = rankers.get("xgb-pairwise")
    if not (chosen and xgb):
        return []
    gap = chosen["map_letor4"] - xgb["map_letor4"]
    a, b = _per_query_map(chosen), _per_query_map(xgb)
    within = "within" if abs(gap) <= 0.005 or gap > 0 else "not within"
    return [
        "## Where the reduction stands",
        "",
        f"Chosen on validation per fold ({', '.join(chosen['chosen'])}), the "
        f"reduction's letor4 MAP is {chosen['map_letor4']:.4f}, {gap:+.4f} against "
        f"tuned XGBoost rank:pairwise ({xgb['map_letor4']:.4f}): {within} 0.005 of "
        f"it. Over the {len(a)} test queries the difference has randomisation p = "
        f"{randomization_p(a, b):.3f} and paired t p = {paired_t_p(a, b):.3f}.",
        "",
    ]


def _adarank(rankers: dict) -> list[str]:
    lines = []
    for name in ("adarank-map", "adarank-ndcg"):
        if name in rankers:
            used = [
                m.group(1)
                if (m := re.search(r"features=([\d,]*)", f["scheme"]))
                else "?"
                for f in rankers[name]["per_fold"]
            ]
            lines.append(f"{name}: features {'; '.join(used)} (one entry a fold)")
    if not lines:
        return []
    return [
        "AdaRank (Xu and Li's weak rankers are single features) keeps few "
        "features, as the paper's algorithm does on these query-normalised "
        "features: " + "; ".join(lines) + ".",
        "",
    ]


def to_markdown(results: dict, command: str) -> str:
    rankers = results["rankers"]
    wall = results.get("wall_seconds", 0.0)
    ties = (
        "equal scores keep the test file's order, as LETOR's script does"
        if results.get("ties", "input") == "input"
        else "equal scores are ordered by decreasing document id, as trec_eval does"
    )
    lines = [
        "# Learning to rank on MQ2008 (LETOR 4.0)",
        "",
        f"Measured by `{command}`: the five folds of MQ2008 built from S1-S5 as its "
        "readme says (train on three parts, validate on the fourth, test on the "
        "fifth). Every number is the mean over the folds of the mean over test "
        "queries, ± the standard deviation over the folds (over the seeds for the "
        f"genetic ranker); {ties}. Wall time: {wall / 60:.1f} minutes.",
        "",
        "## Chosen on validation only, by letor4 MAP",
        "",
        "- XGBoost (`rank:pairwise`, `rank:ndcg`, `rank:map`): grid "
        f"{_grid(XGBOOST_GRID)}; up to 500 rounds, the number kept chosen every 10.",
        f"- LightGBM `lambdarank`: grid {_grid(LIGHTGBM_GRID)}; rounds as XGBoost's.",
        "- AdaRank: up to 100 rounds, stopped after 20 without a better validation "
        "MAP, the best round kept.",
        f"- GA + Nelder-Mead: seeds {', '.join(map(str, GA_SEEDS))}, each "
        "reported, and their mean ± spread; of the GA's best and Nelder-Mead's "
        "weights, the better on validation.",
        "- The reduction: " + ", ".join(REDUCTIONS) + ", each ranked by tournament "
        "and QuickSort; `reduction-best-on-validation` takes, per fold, the one "
        "with the best validation MAP.",
        "",
        "p (MAP): the paired randomisation test (10,000 sign flips) of each "
        "ranker's per-query letor4 MAP against the best row's, over all test "
        "queries; † where p < 0.05. The paired t-test's p is in the JSON.",
        "",
    ]
    for definition in ("letor4", "standard"):
        lines += _table(rankers, definition)
    lines += _standing(rankers)
    lines += _adarank(rankers)
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
        "Files of the run (`--out DIR`): `per_query.csv`, `scores/RANKER/FoldN.txt` "
        "(one score per line of the test file, for `perl Eval-Score-4.0.pl "
        "test.txt FoldN.txt out 1`), `runs/RANKER.run` and `qrels.txt` (for "
        "trec_eval and ir-measures), `ltr.json`.",
        "",
    ]
    return "\n".join(lines)
