"""``reproduction.json``: one entry per published cell, with every number a
referee needs to judge it and a verdict computed from them.

A deterministic cell (the learner alone; all pairs, one voter) is judged by
exact match of the published mean and variance (5 decimals) under the
readings declared up front; a sampled cell (star, double_star) by where the
published mean falls in its distribution over the sampler seeds.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable

from weka_ranking.studies.monograph import hypotheses as h
from weka_ranking.studies.monograph.aggregate import Results
from weka_ranking.studies.monograph.plan import SAMPLER_SEEDS, SLOW_CELLS

CONFIG_ORDER = ("base", "original", "star", "double_star")
# A sampled cell's published mean is "in" a reading's seed distribution when
# it lies within this many of its standard deviations of the seeds' mean.
Z_LIMIT = 2.0
SCORES = h.Reading("file's class 0, ties one half", h.FILE_CLASS_0, "tournament", "auc")


def _reading(results: Results, learner, task, config, reading) -> tuple | None:
    """(mean, variance) of a reading; the learner alone has one class order."""
    if config == "base":
        reading = h.Reading("WEKA's AUC", "", "pointwise", reading.kind)
    return h.reading_of(results, learner, task, config, reading)


def _seeds(results: Results, learner, task, config, reading) -> list[float]:
    means = (
        h.value(results, learner, task, f"{config}/seed={s}", reading)
        for s in SAMPLER_SEEDS
    )
    return [m for m in means if m is not None]


def _where(published: float, seeds: list[float]) -> dict | None:
    if len(seeds) < 2:
        return None
    mean, sd = statistics.fmean(seeds), statistics.stdev(seeds)
    if sd == 0:  # every seed alike: in it only if equal to the 5 decimals published
        return {
            "mean": mean,
            "sd": sd,
            "z": 0.0 if round(mean, 5) == published else None,
        }
    z = (published - mean) / sd
    return {"mean": mean, "sd": sd, "z": z}


def _experimenter(rows: Iterable[dict]) -> dict[tuple, dict]:
    out: dict[tuple, dict] = {}
    for row in rows:
        entry = out.setdefault((row["learner"], row["task"], row["config"]), {})
        aucs = row["experimenter"]
        entry[row["reading"]] = {
            "mean": statistics.fmean(aucs),
            "variance": statistics.variance(aucs),
            "equals_store": row["equal"],
        }
    return out


def cells(results: Results, experimenter_rows: Iterable[dict] = ()) -> list[dict]:
    """Every published cell, in the tables' order."""
    experimenter = _experimenter(experimenter_rows)
    exact = {
        (e["learner"], e["task"], e["config"]): e for e in h.exact_matches(results)
    }
    out = []
    for learner in results.learners:
        for task in results.tasks:
            for config in CONFIG_ORDER:
                published = results.published.get((learner, task, config))
                if published is None:
                    continue
                ours = _reading(results, learner, task, config, h.REFERENCE)
                # The leakage in the monograph's class order: fold order - ties 1/2.
                scored = _reading(results, learner, task, config, SCORES)
                fold_order = _reading(results, learner, task, config, h.FILE_ORDER)
                monograph = ours if config == "base" else fold_order
                deterministic = config in ("base", "original")
                seeds = {}
                if not deterministic:
                    seeds = {
                        "correct": _seeds(results, learner, task, config, h.REFERENCE),
                        "monograph": _seeds(
                            results, learner, task, config, h.FILE_ORDER
                        ),
                    }
                cell = {
                    "learner": learner,
                    "task": task,
                    "config": config,
                    "published_auc": published[0],
                    "published_variance": published[1],
                    "auc": ours and ours[0],
                    "variance": ours and ours[1],
                    "deterministic": deterministic,
                    "seed_aucs": seeds.get("correct", []),
                    "seed_aucs_monograph_protocol": seeds.get("monograph", []),
                    "monograph_protocol_auc": monograph and monograph[0],
                    "monograph_protocol_variance": monograph and monograph[1],
                    "experimenter_auc": experimenter.get(
                        (learner, task, config), {}
                    ).get("scores"),
                    "experimenter_positions_auc": experimenter.get(
                        (learner, task, config), {}
                    ).get("positions"),
                    "leakage": (
                        fold_order[0] - scored[0] if fold_order and scored else None
                    ),
                    "exact_match": exact.get((learner, task, config), {}).get(
                        "exact", []
                    ),
                }
                cell["verdict"] = verdict(cell)
                if cell["auc"] is None and (learner, task, config) in SLOW_CELLS:
                    cell["verdict"] += f": {SLOW_CELLS[learner, task, config]}"
                out.append(cell)
    return out


def verdict(cell: dict) -> str:
    """The cell's verdict, from its numbers only."""
    if cell["auc"] is None:
        return "not run"
    if cell["deterministic"]:
        if cell["exact_match"]:
            return "exact: " + "; ".join(cell["exact_match"])
        return "unexplained: no declared reading gives the published numbers"
    inside = []
    for label, key in (
        ("correct", "seed_aucs"),
        ("monograph", "seed_aucs_monograph_protocol"),
    ):
        where = _where(cell["published_auc"], cell[key])
        if where and where["z"] is not None and abs(where["z"]) <= Z_LIMIT:
            inside.append(f"{label} protocol (z {where['z']:+.1f})")
    if not cell["seed_aucs"]:
        return "no seed distribution"
    if inside:
        return "within the seed distribution of the " + " and the ".join(inside)
    return f"outside every declared reading's seed distribution (|z| > {Z_LIMIT:g})"
