"""The LTR run as the page ``docs/ltr.md``, from values computed once.

:func:`page_values` computes every number and verdict the page states (the
tables' cells, where the reduction stands with its tests, the features AdaRank
kept); they are saved in ``ltr.json`` beside the results, so the page can be
rendered again from them alone. :func:`render` fills the Markdown templates in
``templates/`` with those values and computes nothing.
"""

from __future__ import annotations

from importlib import resources
from string import Template

import numpy as np

from weka_ranking_studies.ltr.experiment import (
    GA_SEEDS,
    LIGHTGBM_GRID,
    REDUCTIONS,
    XGBOOST_GRID,
)
from weka_ranking_studies.ltr.significance import paired_t_p, randomization_p

COLUMNS = ("ndcg1", "ndcg3", "ndcg5", "ndcg10", "map", "mean_ndcg", "p10")
TITLES = ("NDCG@1", "NDCG@3", "NDCG@5", "NDCG@10", "MAP", "MeanNDCG", "P@10")
DEFINITIONS = ("letor4", "standard")
# The reduction "stands with" XGBoost when its MAP is at most this far below.
WITHIN_MAP = 0.005
SIGNIFICANT = 0.05


def _template(name: str) -> Template:
    text = resources.files(__package__).joinpath("templates", name).read_text()
    return Template(text)


def _grid(grid: dict) -> str:
    return ", ".join(
        f"{name} {' / '.join(map(str, values))}" for name, values in grid.items()
    )


def _table_rows(rankers: dict, definition: str) -> list[dict]:
    """One row a ranker: its metrics, MAP's spread, the test's mark, seconds."""
    rows = []
    for name, r in rankers.items():
        spread = r.get("std") or r.get("seed_std")
        p = r.get("p_value")
        best = bool(p) and p["against"] == name
        rows.append(
            {
                "ranker": name,
                "metrics": [r[f"{c}_{definition}"] for c in COLUMNS],
                "map_spread": spread[f"map_{definition}"] if spread else None,
                "best": best,
                "p_value": None if not p or best else p["randomization"],
                "seconds": sum(
                    f["train_seconds"] + f["rank_seconds"]
                    for f in r.get("per_fold", ())
                ),
            }
        )
    return rows


def _standing(rankers: dict) -> dict | None:
    """The reduction chosen on validation against tuned XGBoost, with its tests."""
    chosen = rankers.get("reduction-best-on-validation")
    xgb = rankers.get("xgb-pairwise")
    if not (chosen and xgb) or "per_query" not in chosen:
        return None
    a = np.array([q["map_letor4"] for q in chosen["per_query"]])
    b = np.array([q["map_letor4"] for q in xgb["per_query"]])
    gap = chosen["map_letor4"] - xgb["map_letor4"]
    return {
        "chosen": chosen["chosen"],
        "reduction_map": chosen["map_letor4"],
        "xgboost_map": xgb["map_letor4"],
        "gap": gap,
        "within": abs(gap) <= WITHIN_MAP or gap > 0,
        "queries": len(a),
        "randomization_p": randomization_p(a, b),
        "paired_t_p": paired_t_p(a, b),
    }


def _scheme_params(scheme: str) -> dict[str, str]:
    """``name=value`` parameters of a ranker's scheme (its classname first)."""
    return dict(token.split("=", 1) for token in scheme.split()[1:] if "=" in token)


def _adarank_features(rankers: dict) -> dict[str, list[str]]:
    """The features each AdaRank kept, one entry a fold, from its scheme."""
    return {
        name: [_scheme_params(f["scheme"]).get("features", "?") for f in r["per_fold"]]
        for name, r in rankers.items()
        if name.startswith("adarank-")
    }


def page_values(results: dict, command: str) -> dict:
    """Every number and verdict ``docs/ltr.md`` states, computed once."""
    rankers = results["rankers"]
    return {
        "command": command,
        "wall_minutes": results.get("wall_seconds", 0.0) / 60,
        "ties": results.get("ties", "input"),
        "xgboost_grid": XGBOOST_GRID,
        "lightgbm_grid": LIGHTGBM_GRID,
        "ga_seeds": list(GA_SEEDS),
        "reductions": list(REDUCTIONS),
        "tables": {d: _table_rows(rankers, d) for d in DEFINITIONS},
        "standing": _standing(rankers),
        "adarank_features": _adarank_features(rankers),
        "single_label_queries": results["single_label_queries"],
    }


def _table_text(rows: list[dict], definition: str) -> str:
    lines = [
        f"## `{definition}` metrics",
        "",
        "| ranker | " + " | ".join(TITLES) + " | p (MAP) | seconds |",
        "|---" * (len(TITLES) + 3) + "|",
    ]
    for row in rows:
        cells = [f"{value:.4f}" for value in row["metrics"]]
        if row["map_spread"]:
            cells[COLUMNS.index("map")] += f" ± {row['map_spread']:.4f}"
        if row["best"]:
            mark = "best"
        elif row["p_value"] is None:
            mark = ""
        else:
            dagger = " †" if row["p_value"] < SIGNIFICANT else ""
            mark = f"{row['p_value']:.3f}{dagger}"
        cells += [mark, f"{row['seconds']:.0f}"]
        lines.append(f"| {row['ranker']} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n\n"


def render(values: dict) -> str:
    """The page: the templates filled with :func:`page_values`' values."""
    standing = values["standing"]
    adarank = values["adarank_features"]
    ties = (
        "equal scores keep the test file's order, as LETOR's script does"
        if values["ties"] == "input"
        else "equal scores are ordered by decreasing document id, as trec_eval does"
    )
    return _template("ltr.md").substitute(
        command=values["command"],
        ties=ties,
        wall_minutes=f"{values['wall_minutes']:.1f}",
        xgboost_grid=_grid(values["xgboost_grid"]),
        lightgbm_grid=_grid(values["lightgbm_grid"]),
        ga_seeds=", ".join(map(str, values["ga_seeds"])),
        reductions=", ".join(values["reductions"]),
        tables="".join(
            _table_text(rows, definition)
            for definition, rows in values["tables"].items()
        ),
        standing=""
        if standing is None
        else _template("standing.md").substitute(
            chosen=", ".join(standing["chosen"]),
            reduction_map=f"{standing['reduction_map']:.4f}",
            xgboost_map=f"{standing['xgboost_map']:.4f}",
            gap=f"{standing['gap']:+.4f}",
            within="within" if standing["within"] else "not within",
            queries=standing["queries"],
            randomization_p=f"{standing['randomization_p']:.3f}",
            paired_t_p=f"{standing['paired_t_p']:.3f}",
        ),
        adarank=""
        if not adarank
        else _template("adarank.md").substitute(
            features="; ".join(
                f"{name}: features {'; '.join(used)} (one entry a fold)"
                for name, used in adarank.items()
            )
        ),
        single_label_queries="; ".join(
            f"fold {fold}: {v['train']} in training, {v['test']} in test"
            for fold, v in values["single_label_queries"].items()
        ),
    )


def to_markdown(results: dict, command: str) -> str:
    """The page for a run's results (values computed, then rendered)."""
    return render(page_values(results, command))
