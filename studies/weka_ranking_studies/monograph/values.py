"""The reproduction's results computed once into values.

Every number and verdict the report states, as one JSON-ready dict
(``reproduction.json``).

The renderer (:mod:`.report`) only puts these values into its templates
(:mod:`.templates`); every verdict here is a rule of :mod:`.rules` applied to
numbers computed here.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from weka_ranking.folds import weka_folds
from weka_ranking.stats import (
    corrected_interval,
    corrected_resampled_t,
    holm,
    poisson_tail,
    prediction_interval,
    sign_test,
    sign_test_greater,
    spearman,
    t_critical,
)
from weka_ranking.tasks import STUDY_TASKS, load_task
from weka_ranking_studies.monograph import experimenter, harness, rules, templates
from weka_ranking_studies.monograph import hypotheses as h
from weka_ranking_studies.monograph.aggregate import FILE_CLASS_0, Results
from weka_ranking_studies.monograph.config import (
    PUBLISHED,
    RANKING,
    SAMPLED,
    Config,
)
from weka_ranking_studies.monograph.plan import (
    FOLDS,
    RANKERS,
    SAMPLER_SEEDS,
    SEED,
    SLOW_CELLS,
    SWEEP,
)


def fold_classes(task: str) -> dict:
    """The classes in WEKA's test folds of a task.

    Whether each fold is one block per class, which block comes first, the class the
    monograph's protocol ranks first, each fold's counts of the two classes, and the AUC
    a constant comparator gets there (equal degrees in the fold's order).
    """
    data = load_task(task)
    first_class = h.ranked_first(task, data.positive, data.class_values)
    firsts, sorted_folds, counts, constant = [], 0, [], []
    for _, test in weka_folds(data.y, FOLDS, SEED):
        labels = [data.class_values[int(i)] for i in data.class_index[test]]
        sorted_folds += sum(a != b for a, b in zip(labels, labels[1:])) <= 1
        firsts.append(labels[0])
        mask = [label == first_class for label in labels]
        counts.append([sum(mask), len(mask) - sum(mask)])
        constant.append(h.constant_comparator(mask))
    return {
        "task": task,
        "folds": FOLDS,
        "sorted_folds": sorted_folds,
        "first_block": sorted(set(firsts)),
        "ranked_first": first_class,
        "positive": data.positive,
        "class_values": list(data.class_values),
        "counts": counts,
        "constant_auc": statistics.fmean(constant),
        "constant_variance": statistics.variance(constant),
        "minority_share": STUDY_TASKS[task].minority_share(),
    }


def _tolerance(blocks: dict, variance: float) -> tuple[float, float]:
    """What one equal pair flipped from half to whole in one fold can move.

    A step d = 1 / (2 P N) on one fold's AUC x_j moves the mean by d / k and the sum of
    squares by 2 d (x_j - mean) + d^2 (k - 1) / k; the sample variance divides that by
    k - 1, and |x_j - mean| is at most s (k - 1) / sqrt(k) for a sample of variance s^2.
    """
    k = blocks["folds"]
    step = max(1 / (2 * p * n) for p, n in blocks["counts"])
    deviation = math.sqrt(max(variance, 0.0)) * (k - 1) / math.sqrt(k)
    return step / k, 2 * deviation * step / (k - 1) + step * step / k


def _fold_interval(mean: float, variance: float, k: int) -> list[float]:
    half = t_critical(1 - rules.LEVEL, k - 1) * math.sqrt(variance / k)
    return [mean - half, mean + half]


def _seed_means(results: Results, learner, task, name, reading) -> list[float]:
    means = (
        h.reading_of(results, learner, task, PUBLISHED[name].with_seed(s), reading)
        for s in SAMPLER_SEEDS
    )
    return [m[0] for m in means if m is not None]


def _seeds(results, learner, task, name, reading, published) -> dict | None:
    means = _seed_means(results, learner, task, name, reading)
    if len(means) < 2:
        return None
    interval = list(prediction_interval(means, rules.LEVEL))
    return {
        "means": means,
        "mean": statistics.fmean(means),
        "sd": statistics.stdev(means),
        "prediction_interval": interval,
        "verdict": rules.sampled_verdict(published, interval),
    }


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


def _sign(leak: float | None) -> str | None:
    if leak is None:
        return None
    if abs(leak) < rules.NO_LEAK:
        return "none"
    return "gain" if leak > 0 else "loss"


def cell_values(
    results: Results,
    blocks: dict[str, dict],
    experimenter_rows: Iterable[dict] = (),
    harness_cells: dict | None = None,
) -> list[dict]:
    """Every published cell with its numbers, its interval and its verdict.

    Deterministic cells under every reading of the committed plan (the harness's
    cells where it ran).
    """
    wekas = _experimenter(experimenter_rows)
    out = []
    for learner in results.learners:
        for task in results.tasks:
            for name in PUBLISHED:
                published = results.published.get((learner, task, name))
                if published is None:
                    continue
                out.append(
                    _cell(
                        results,
                        blocks[task],
                        learner,
                        task,
                        name,
                        published,
                        harness_cells or {},
                    )
                    | {
                        "experimenter_auc": wekas.get((learner, task, name), {}).get(
                            "scores"
                        ),
                        "experimenter_positions_auc": wekas.get(
                            (learner, task, name), {}
                        ).get("positions"),
                    }
                )
    return out


def _cell(results, blocks, learner, task, name, published, harness_cells) -> dict:
    deterministic = name not in SAMPLED
    declared = h.plan_readings(h.read_plan(), name) if deterministic else []
    readings = {
        r["key"]: read
        for r in declared
        if (read := h.plan_value(results, harness_cells, learner, task, name, r))
        is not None
    }
    not_run = [r["key"] for r in declared if r["key"] not in readings]
    ours = readings.get(declared[0]["key"]) if declared else None
    if ours is None and name in SAMPLED:
        ours = h.reading_of(results, learner, task, name, h.REFERENCE)
    cell = {
        "learner": learner,
        "task": task,
        "config": name,
        "published_auc": published[0],
        "published_variance": published[1],
        "auc": ours and ours[0],
        "variance": ours and ours[1],
        "deterministic": deterministic,
        "first_block": blocks["first_block"],
        "ranked_first": blocks["ranked_first"],
        "readings_not_run": not_run,
    }
    if ours is None:
        reason = SLOW_CELLS.get((learner, task, name))
        cell["verdict"] = rules.NOT_RUN + (f": {reason}" if reason else "")
        cell["tier"] = rules.NOT_RUN if deterministic else None
        return cell | {"leakage": None, "leakage_sign": None, "exact_match": []}
    se = math.sqrt(ours[1] / FOLDS)
    cell["interval"] = _fold_interval(*ours, FOLDS)
    cell["published_inside_interval"] = (
        cell["interval"][0] - rules.ROUNDING
        <= published[0]
        <= cell["interval"][1] + rules.ROUNDING
    )
    if name != "base":  # the learner alone is WEKA's AUC: ties one half only
        scored = h.reading_of(results, learner, task, name, h.FILE_CLASS)
        fold_order = h.reading_of(results, learner, task, name, h.FILE_ORDER)
        cell["monograph_protocol_auc"] = fold_order and fold_order[0]
        cell["monograph_protocol_variance"] = fold_order and fold_order[1]
        leak = fold_order[0] - scored[0] if fold_order and scored else None
    else:
        cell["monograph_protocol_auc"], cell["monograph_protocol_variance"] = ours
        leak = None
    cell["leakage"] = leak
    cell["leakage_sign"] = _sign(leak)
    if deterministic:
        tolerance = _tolerance(blocks, ours[1])
        tier, names = rules.deterministic_tier(published, readings, tolerance)
        cell |= {
            "tier_by_reading": {
                key: rules.deterministic_tier(published, {key: read}, tolerance)[0]
                for key, read in readings.items()
            },
            "readings": {k: list(v) for k, v in readings.items()},
            "tolerance": list(tolerance),
            "tier": tier,
            "tier_readings": names,
            "exact_match": names if tier == rules.EXACT else [],
            # A reading that does not explain the cell is taken to land
            # uniformly within one fold standard error of the published mean:
            # the chance its mean prints the same five decimals, once for each
            # reading tried that gives a number of its own.
            "distinct_readings": _distinct(readings),
            "exact_by_chance": min(
                1.0, _distinct(readings) * 2 * rules.ROUNDING / (2 * se)
            )
            if se > 0
            else 1.0,
            # The same with every reading tried counted, alike or not.
            "exact_by_chance_all": min(
                1.0, len(readings) * 2 * rules.ROUNDING / (2 * se)
            )
            if se > 0
            else 1.0,
            "verdict": tier,
        }
        return cell
    correct = _seeds(results, learner, task, name, h.REFERENCE, published[0])
    monograph = _seeds(results, learner, task, name, h.FILE_ORDER, published[0])
    cell |= {
        "tier": None,
        "exact_match": [],
        "seeds": correct,
        "seeds_monograph_protocol": monograph,
        "verdict": correct["verdict"] if correct else rules.NOT_RUN,
        "monograph_protocol_verdict": monograph["verdict"] if monograph else None,
    }
    return cell


def _distinct(readings: dict[str, tuple[float, float]]) -> int:
    """How many of the readings print numbers of their own (to the decimals)."""
    return len(
        {
            (round(m, rules.DECIMALS), round(v, rules.DECIMALS))
            for m, v in readings.values()
        }
    )


def leakage_values(cells: list[dict], blocks: dict[str, dict]) -> dict:
    """Leakage by its sign, per task, and whether the fold's order explains it.

    The question is whether the sign follows which class block comes first in the fold.
    """
    ranked = [c for c in cells if c["leakage"] is not None]

    def counted(group: list[dict]) -> dict:
        return {
            sign: sum(c["leakage_sign"] == sign for c in group)
            for sign in ("gain", "loss", "none")
        }

    by_task = []
    for task, b in blocks.items():
        group = [c for c in ranked if c["task"] == task]
        if not group:
            continue
        by_task.append(
            {
                "task": task,
                "first_block": b["first_block"],
                "ranked_first": b["ranked_first"],
                "expected": "gain"
                if b["first_block"] == [b["ranked_first"]]
                else "loss",
                **counted(group),
                "mean": statistics.fmean(c["leakage"] for c in group),
            }
        )
    expected = {t["task"]: t["expected"] for t in by_task}
    signed = [c for c in ranked if c["leakage_sign"] != "none"]
    gains = [c for c in ranked if c["leakage_sign"] == "gain"]
    losses = [c for c in ranked if c["leakage_sign"] == "loss"]
    return {
        "cells": len(ranked),
        **counted(ranked),
        "gains_over_close": sum(c["leakage"] > rules.LARGE_LEAK for c in gains),
        "losses_over_close": sum(c["leakage"] < -rules.LARGE_LEAK for c in losses),
        "size_threshold": rules.LARGE_LEAK,
        "gain_tasks": sorted({c["task"] for c in gains}),
        "follows_first_block": sum(
            c["leakage_sign"] == expected[c["task"]] for c in signed
        ),
        "signed": len(signed),
        "by_task": by_task,
        "largest_gain": _named(max(gains, key=lambda c: c["leakage"], default=None)),
        "largest_loss": _named(min(losses, key=lambda c: c["leakage"], default=None)),
    }


def _named(cell: dict | None) -> dict | None:
    if cell is None:
        return None
    return {k: cell[k] for k in ("learner", "task", "config", "leakage")}


def flagship_values(
    cells: list[dict], blocks: dict[str, dict], hypotheses: list[dict]
) -> dict:
    """The monograph's two striking results explained by the fold's order.

    J48 on yeast (`original`), and NaiveBayes against a constant comparator.
    """
    by = {(c["learner"], c["task"], c["config"]): c for c in cells}
    out: dict = {}
    j48 = by.get(("J48", "yeast", "original"))
    if j48 and j48["auc"] is not None and j48["leakage"] is not None:
        out["j48_yeast"] = {
            "published": j48["published_auc"],
            "ours": j48["auc"],
            "fold_order": j48["monograph_protocol_auc"],
            "leakage": j48["leakage"],
            "from_fold_order": abs(
                j48["published_auc"] - j48["monograph_protocol_auc"]
            ),
            "from_ours": abs(j48["published_auc"] - j48["auc"]),
            "ranked_first": j48["ranked_first"],
            "first_block": j48["first_block"],
        }
    rows = []
    for task, b in blocks.items():
        for name in RANKING:
            c = by.get(("NaiveBayes", task, name))
            if c and c["auc"] is not None:
                rows.append(
                    {
                        "task": task,
                        "config": name,
                        "published": c["published_auc"],
                        "ours": c["auc"],
                        "fold_order": c["monograph_protocol_auc"],
                        "constant": b["constant_auc"],
                    }
                )
    h6 = next(
        (
            r
            for r in hypotheses
            if (r["hypothesis"], r["learner"]) == ("H6", "NaiveBayes")
        ),
        None,
    )
    if rows and h6:
        out["naive_bayes"] = {
            "verdict": h6["verdict"],
            "closer": h6["closer"],
            "cells": h6["cells"],
            "p_holm": h6["p_holm"],
            "rows": rows,
            "constant_distance": statistics.fmean(
                abs(r["published"] - r["constant"]) for r in rows
            ),
            "ours_distance": statistics.fmean(
                abs(r["published"] - r["ours"]) for r in rows
            ),
        }
    return out


def _reading_value(results, blocks, learner, task, name, reading):
    if reading.variant == h.CONSTANT:
        return blocks[task]["constant_auc"]
    read = h.reading_of(results, learner, task, name, reading)
    return None if read is None else read[0]


def hypothesis_values(results: Results, blocks: dict[str, dict]) -> list[dict]:
    """Each hypothesis against the reference on the same published ranking cells.

    Per learner: a two-sided sign test of which reading lands closer to the published
    mean, Holm-corrected over every hypothesis and learner; beside it, the cells within
    the yardstick and their chance rate.
    """
    published = {key: p[0] for key, p in results.published.items() if key[2] in RANKING}
    rows = []
    for reading in h.HYPOTHESES:
        for learner in results.learners:
            closer, within, chance, distances = [], 0, 0.0, []
            for task in results.tasks:
                for name in RANKING:
                    pub = published.get((learner, task, name))
                    ours = _reading_value(
                        results, blocks, learner, task, name, h.REFERENCE
                    )
                    theirs = _reading_value(
                        results, blocks, learner, task, name, reading
                    )
                    if pub is None or ours is None or theirs is None:
                        continue
                    closer.append(abs(ours - pub) - abs(theirs - pub))
                    distances.append(abs(theirs - pub))
                    within += abs(theirs - pub) <= rules.CLOSE
                    others = [
                        p for k, p in published.items() if k != (learner, task, name)
                    ]
                    chance += statistics.fmean(
                        abs(theirs - p) <= rules.CLOSE for p in others
                    )
            if not closer:
                continue
            towards, n, p = sign_test(closer)
            rows.append(
                {
                    "hypothesis": reading.key,
                    "reading": reading.name,
                    "after_the_fact": reading.after_the_fact,
                    "learner": learner,
                    "cells": len(closer),
                    "closer": towards,
                    "farther": n - towards,
                    "p_value": p,
                    "within": within,
                    "within_by_chance": chance,
                    "mean_distance": statistics.fmean(distances),
                }
            )
    for row, adjusted in zip(rows, holm([r["p_value"] for r in rows])):
        row["p_holm"] = adjusted
        row["verdict"] = rules.paired_verdict(row["closer"], row["farther"], adjusted)
    return rows


def curve_values(results: Results) -> list[dict]:
    """Per learner and task: the voters and pairs sweeps, and their trends.

    The sweeps' mean AUC (ours), Spearman's trend of each (one-sided, rising), Holm over
    the curves, and each sweep's spread (population standard deviation).
    """
    rows = []
    for learner in results.learners:
        for task in results.tasks:
            row: dict = {"learner": learner, "task": task}
            for family in ("voters", "pairs"):
                points = [
                    (k, results.cell(learner, task, Config(family, k))) for k in SWEEP
                ]
                if any(c is None for _, c in points):
                    break
                means = [c.mean["auc"] for _, c in points]
                rho, p = spearman(list(SWEEP), means, "greater")
                row[family] = {
                    "means": means,
                    "rho": rho,
                    "p_value": p,
                    "spread": statistics.pstdev(means),
                }
            else:
                rows.append(row)
    for row, adjusted in zip(rows, holm([r["voters"]["p_value"] for r in rows])):
        row["voters"]["p_holm"] = adjusted
    return rows


def finding_test_values(tests: list[dict]) -> list[dict]:
    """The corrected resampled t-tests, with Holm's p within each finding."""
    out = [t | {"difference": t["auc"] - t["base_auc"]} for t in tests]
    for finding in dict.fromkeys(t["finding"] for t in out):
        family = [t for t in out if t["finding"] == finding]
        for t, adjusted in zip(family, holm([t["p"] for t in family])):
            t["p_holm"] = adjusted
            t["significance_holm"] = t["significance"] if adjusted <= rules.ALPHA else 0
    return out


def _one_sided(t: float, p: float, greater: bool) -> float:
    """A two-sided t-test's p made one-sided in a direction."""
    if t != t:
        return 1.0
    return p / 2 if (t > 0) == greater else 1 - p / 2


# The class ranked first in the numbers each conclusion is judged on: ours (the
# minority: the store's main runs and sweeps) or the file's class 0 (WEKA's
# Experimenter runs, and the monograph's protocol as read).
OURS_FIRST = "ours (the minority first)"
FILE_FIRST = "the file's class 0 first"
EACH_CELLS_OWN = "each cell's own: the file's class 0 first in the Experimenter's cells"
PER_READING = "the reading named in each cell"
CLASS_ORDER_OF = {
    "voting": FILE_FIRST,
    "voter_curves": OURS_FIRST,
    "spread": OURS_FIRST,
    "star_vs_original": OURS_FIRST,
    "technique_vs_base": OURS_FIRST,
    "at_times_original": EACH_CELLS_OWN,
    "at_times_base": EACH_CELLS_OWN,
    "imbalance": OURS_FIRST,
    "j48_yeast": FILE_FIRST,
    "naive_bayes": FILE_FIRST,
    "cost": OURS_FIRST,
    "base_column": PER_READING,
    "exact_protocol": FILE_FIRST,
}


def cost_evidence(results: Results, cells: list[tuple[str, str]]) -> dict | None:
    """The training-time claim's test (``p``): star against original on WEKA's costs.

    The claim is about WEKA's learners on the pair instances, so a (learner,
    task) cell either of whose configurations trained on a faster path (from
    the rows, the row kernel) is left out, and counted; a rerun on those paths
    does not move the claim silently. None without a cell to compare.
    """
    pairs = [
        (results.cell(learner, task, "original"), results.cell(learner, task, "star"))
        for learner, task in cells
    ]
    pairs = [(o, s) for o, s in pairs if o and s]
    costs = [
        (o.train_seconds, s.train_seconds)
        for o, s in pairs
        if o.on_wekas_path and s.on_wekas_path
    ]
    if not costs:
        return None
    cheaper, n, p = sign_test_greater([o - s for o, s in costs])
    other_paths = len(pairs) - len(costs)
    return {
        "cheaper": cheaper,
        "n": n,
        "p": p,
        "median_ratio": statistics.median(s / o for o, s in costs if o > 0),
        "other_paths": other_paths,
        "left_out": templates.COST_LEFT_OUT.format(other_paths) if other_paths else "",
    }


def _mean_auc(cell: dict) -> float:
    """A cell's mean AUC as its table shows it: a sampled cell's over its sampler seeds.

    One sampler seed is one draw of the pairs; the conclusions are judged on the
    mean over every seed run, the strongest figure the store holds for the cell.
    """
    seeds = cell.get("seeds")
    return seeds["mean"] if seeds else cell["auc"]


def conclusion_values(
    results: Results,
    cells: list[dict],
    curves: list[dict],
    tests: list[dict],
    runs: dict[tuple, tuple[list[float], float]],
    blocks: dict[str, dict],
    protocol: dict,
) -> list[dict]:
    """Every conclusion of the monograph (and of this report) with its verdict.

    Its test, its statistic, its p and Holm's p over the list, and its verdict.
    """
    found: list[dict] = []
    by = {(c["learner"], c["task"], c["config"]): c for c in cells}

    def add(key, source, statistic, p, evidence, kind="direction"):
        claim, test, _ = templates.CONCLUSIONS[key]
        fields = evidence | protocol
        found.append(
            {
                "id": key,
                "claim": claim.format(**fields),
                "test": test.format(**fields),
                "class_order": CLASS_ORDER_OF[key],
                "words": dict(
                    zip(
                        ("line", "portuguese", "english"),
                        templates.MONOGRAPH_WORDS[key],
                    )
                )
                if key in templates.MONOGRAPH_WORDS
                else None,
                "source": source,
                "statistic": statistic,
                "p_value": p,
                "evidence": evidence,
                "kind": kind,
            }
        )

    voting = [t for t in tests if t["finding"] == experimenter.VOTING]
    if voting:
        higher, n, p = sign_test_greater([t["difference"] for t in voting])
        add(
            "voting",
            "monograph",
            higher,
            p,
            {
                "higher": higher,
                "n": n,
                "better_holm": sum(t["significance_holm"] == 1 for t in voting),
                "worse_holm": sum(t["significance_holm"] == -1 for t in voting),
            },
        )
    if curves:
        rising, n, p = sign_test_greater([c["voters"]["rho"] for c in curves])
        significant = sum(c["voters"]["p_holm"] <= rules.ALPHA for c in curves)
        add(
            "voter_curves",
            "monograph",
            rising,
            p,
            {"rising": rising, "n": n, "significant_holm": significant},
        )
        calmer, n, p = sign_test_greater(
            [c["pairs"]["spread"] - c["voters"]["spread"] for c in curves]
        )
        add("spread", "monograph", calmer, p, {"calmer": calmer, "n": n})
    star_vs = [
        (by[k], by[k[0], k[1], "original"])
        for k in by
        if k[2] == "star"
        and (k[0], k[1], "original") in by
        and by[k]["auc"] is not None
        and by[k[0], k[1], "original"]["auc"] is not None
    ]
    if star_vs:
        wins, n, p = sign_test_greater([_mean_auc(s) - o["auc"] for s, o in star_vs])
        add("star_vs_original", "monograph", wins, p, {"wins": wins, "n": n})
    # "The technique" against the learner alone: every ranking cell (original,
    # star, double_star) of the learners the claim keeps, NaiveBayes apart.
    gains = [
        (c["learner"], _mean_auc(c) - by[c["learner"], c["task"], "base"]["auc"])
        for c in cells
        if c["config"] in RANKING
        and c["auc"] is not None
        and by.get((c["learner"], c["task"], "base"), {}).get("auc") is not None
    ]
    others = [g for lr, g in gains if lr != "NaiveBayes"]
    if others:
        wins, n, p = sign_test_greater(others)
        naive = [g for lr, g in gains if lr == "NaiveBayes"]
        add(
            "technique_vs_base",
            "monograph",
            wins,
            p,
            {
                "wins": wins,
                "n": n,
                "cells": len(others),
                "learners": len({lr for lr, _ in gains if lr != "NaiveBayes"}),
                "naive_bayes_higher": sum(g > 0 for g in naive),
                "naive_bayes_n": len(naive),
            },
        )
    for key, against in (("at_times_original", "original"), ("at_times_base", "base")):
        exists = _existence(results, against, runs)
        if exists:
            add(key, "monograph", exists["significant"], exists["p_min_holm"], exists)
    imbalance = _imbalance(results, blocks)
    if imbalance:
        shares = [b["minority_share"] for b in imbalance]
        rho, p = spearman(shares, [b["gain"] for b in imbalance], "less")
        add(
            "imbalance",
            "monograph",
            rho,
            p,
            {
                "rho": rho,
                "tasks": imbalance,
                "largest": max(imbalance, key=lambda b: b["gain"])["task"],
                "most_imbalanced": imbalance[0]["task"],
            },
        )
    yeast = runs.get(("J48", "yeast", "original")), runs.get(("J48", "yeast", "base"))
    if all(yeast):
        (ranked, ratio), (alone, _) = yeast
        claimed = experimenter.CLAIMED_DIFFERENCE[experimenter.J48_YEAST]
        t, p_size = corrected_resampled_t(ranked, [a + claimed for a in alone], ratio)
        t0, p0 = corrected_resampled_t(ranked, alone, ratio)
        low, high = corrected_interval(ranked, alone, ratio, 1 - rules.LEVEL)
        gain = statistics.fmean(ranked) - statistics.fmean(alone)
        add(
            "j48_yeast",
            "monograph",
            gain,
            p_size,
            {
                "claimed": claimed,
                "gain": gain,
                "low": low,
                "high": high,
                "t": t,
                "p_direction": _one_sided(t0, p0, True),
            },
            kind="size",
        )
    collapse = [
        (runs[("NaiveBayes", task, name)], by[("NaiveBayes", task, name)])
        for task in results.tasks
        if task != "yeast"
        for name in RANKING
        if ("NaiveBayes", task, name) in runs and ("NaiveBayes", task, name) in by
    ]
    if collapse:
        # The claimed size is an AUC below one half in every cell: the test of
        # that size is each cell's one-sided test against one half. It is
        # refuted where every cell is above (the largest p of "above" over the
        # cells), supported where every cell is below.
        p_size = p_direction = 0.0
        lowest = 1.0
        below = experimenter.CLAIMED_BELOW[experimenter.NAIVE_BAYES]
        for (aucs, ratio), _ in collapse:
            t, p = corrected_resampled_t(aucs, [below] * len(aucs), ratio)
            p_size = max(p_size, _one_sided(t, p, True))
            p_direction = max(p_direction, _one_sided(t, p, False))
            lowest = min(lowest, statistics.fmean(aucs))
        add(
            "naive_bayes",
            "monograph",
            lowest,
            p_size,
            {
                "cells": len(collapse),
                "lowest": lowest,
                "below": below,
                "p_direction": p_direction,
            },
            kind="size",
        )
    cost = cost_evidence(results, [(k[0], k[1]) for k in by if k[2] == "original"])
    if cost:
        p = cost.pop("p")
        add("cost", "monograph (as read)", cost["cheaper"], p, cost)
    for key, config, reading in (
        ("base_column", "base", None),
        ("exact_protocol", "original", h.FILE_ORDER.key),
    ):
        exact = _exact_by_chance(cells, config, reading)
        if exact:
            add(key, "this report", exact["matches"], exact["p_value"], exact)
    for row, adjusted in zip(found, holm([c["p_value"] for c in found])):
        row["p_holm"] = adjusted
        if row["kind"] == "size":
            row["verdict"] = rules.size_verdict(
                adjusted, row["evidence"]["p_direction"]
            )
        else:
            row["verdict"] = (
                rules.SUPPORTED if adjusted <= rules.ALPHA else rules.NOT_SUPPORTED
            )
    return found


def _existence(
    results: Results,
    against: str,
    runs: dict[tuple, tuple[list[float], float]],
) -> dict | None:
    """Whether voting or fewer pairs beat ``against`` in at least one cell.

    A claim "at times" is a claim of existence: every cell where it applies (star
    and double_star of every learner and task) gets a one-sided corrected resampled
    t-test against ``against`` on the strongest data the project holds for that
    cell: WEKA's Experimenter's 10 x 10-fold runs (``runs``; the file's class 0
    first) where it ran both configurations, the store's 10 folds (ours first)
    elsewhere. Holm over the cells; the claim holds where at least one cell is
    better after Holm. Its p is the smallest Holm-corrected p.
    """
    rows = []
    for learner in results.learners:
        for task in results.tasks:
            other = results.cell(learner, task, against)
            for name in SAMPLED:
                if (learner, task, name) in runs and (learner, task, against) in runs:
                    (ranked, ratio), (alone, _) = (
                        runs[learner, task, name],
                        runs[learner, task, against],
                    )
                    source = "experimenter"
                else:
                    cell = results.cell(learner, task, name)
                    if cell is None or other is None or not cell.fold_auc:
                        continue
                    ranked, alone = cell.fold_auc, other.fold_auc
                    ratio, source = 1 / (len(ranked) - 1), "store"
                t, p = corrected_resampled_t(ranked, alone, ratio)
                rows.append(
                    {
                        "cell": f"{learner} {task} {name}",
                        "difference": statistics.fmean(ranked)
                        - statistics.fmean(alone),
                        "p": _one_sided(t, p, True),
                        "source": source,
                    }
                )
    if not rows:
        return None
    for row, adjusted in zip(rows, holm([r["p"] for r in rows])):
        row["p_holm"] = adjusted
    better = [r for r in rows if r["p_holm"] <= rules.ALPHA]
    best = min(rows, key=lambda r: r["p_holm"])
    return {
        "against": against,
        "n": len(rows),
        "from_experimenter": sum(r["source"] == "experimenter" for r in rows),
        "higher": sum(r["difference"] > 0 for r in rows),
        "significant": len(better),
        "names": ", ".join(r["cell"] for r in better) or "none",
        "best": best["cell"],
        "best_difference": best["difference"],
        "p_min_holm": best["p_holm"],
    }


def _imbalance(results: Results, blocks: dict[str, dict]) -> list[dict]:
    """Per task: the mean over learners of the best configuration's gain.

    The gain of the best ranking configuration over the learner alone (ours).
    """
    out = []
    for task in results.tasks:
        per = []
        for learner in results.learners:
            base = results.cell(learner, task, "base")
            ranked = [c for c in (results.cell(learner, task, x) for x in RANKING) if c]
            if base and ranked:
                per.append(max(c.mean["auc"] for c in ranked) - base.mean["auc"])
        if per:
            out.append(
                {
                    "task": task,
                    "minority_share": blocks[task]["minority_share"],
                    "gain": statistics.fmean(per),
                }
            )
    return sorted(out, key=lambda b: b["minority_share"])


def _exact_by_chance(
    cells: list[dict], config: str, reading: str | None
) -> dict | None:
    """The deterministic cells of a column exact under a reading, and chance's count.

    Any declared reading where None; chance's count is how many chance alone would give
    (each cell's rate for the readings counted). Cells the reference gives exactly too
    have no equal degrees to tell the readings apart: they are left out.
    """
    column = [c for c in cells if c["config"] == config and c.get("readings")]
    # Both ways: the cells the reading makes exact that the reference does not
    # (moved in, counted below), and those the reference makes exact that the
    # reading does not (moved out).
    moved_out = [
        f"{c['learner']} {c['task']}"
        for c in column
        if reading is not None
        and h.REFERENCE.key in c["exact_match"]
        and reading not in c["exact_match"]
    ]
    if reading is not None:
        column = [c for c in column if h.REFERENCE.key not in c["exact_match"]]
    if not column:
        return None
    matches = [
        c
        for c in column
        if (reading in c["exact_match"] if reading else c["exact_match"])
    ]
    expected = sum(
        c["exact_by_chance"] / (len(c["readings"]) if reading else 1) for c in column
    )
    names = [f"{c['learner']} {c['task']}" for c in column]
    exact = [f"{c['learner']} {c['task']}" for c in matches]
    return {
        "matches": len(matches),
        "cells": len(column),
        "names": ", ".join(exact),
        "names_out": ", ".join(n for n in names if n not in exact) or "none",
        "moved_out": len(moved_out),
        "moved_out_names": ", ".join(moved_out) or "none",
        "expected": expected,
        "p_value": poisson_tail(len(matches), expected),
    }


def provenance(runs: list[dict]) -> dict:
    """Every run that fed the store.

    Its commit, command, units and, where its finish was recorded, its wall time (a
    finish belongs to the run it ends: started + seconds = finished, to the minute).
    """
    started = [r for r in runs if "started" in r]
    finished = [r for r in runs if "finished" in r]

    def time(text):
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S%z").timestamp()

    out = []
    for run in started:
        end = next(
            (
                f
                for f in finished
                if abs(time(run["started"]) + f["seconds"] - time(f["finished"])) < 90
            ),
            None,
        )
        out.append(
            {
                "started": run["started"],
                "git_sha": run.get("git_sha"),
                "units": run.get("units"),
                "pending": run.get("pending"),
                "jobs": run.get("jobs"),
                "command": _command(run.get("argv", [])),
                "seconds": end and end["seconds"],
                "minutes": end and end["seconds"] / 60,
                "software": {
                    k: run.get(k)
                    for k in ("weka_ranking", "weka", "java", "python", "numpy")
                },
                "machine": run.get("machine"),
            }
        )
    timed = [r["seconds"] for r in out if r["seconds"] is not None]
    return {
        "runs": out,
        "software": list(
            {
                json.dumps(r["software"], sort_keys=True): r["software"] for r in out
            }.values()
        ),
        "machines": list(dict.fromkeys(r["machine"] for r in out)),
        "commits": list(dict.fromkeys(r["git_sha"] for r in out if r["git_sha"])),
        "minutes": sum(timed) / 60,
        "untimed": len(out) - len(timed),
    }


def _command(argv: list[str]) -> str:
    """The run's command, its output folder written as DIR.

    The folder is a path on the machine that ran it.
    """
    words = ["weka-ranking", *argv[1:]]
    return " ".join(
        "DIR" if i > 0 and words[i - 1] == "--out" else word
        for i, word in enumerate(words)
    )


def table_rows(results: Results) -> dict:
    """The rankers side by side, and the costs: read off the aggregated cells."""
    rankers, costs = [], []
    for learner in results.learners:
        for task in results.tasks:
            means = {}
            for name in RANKING:
                for ranker in RANKERS:
                    cell = results.cell(learner, task, name, ranker)
                    means[f"{name}/{ranker}"] = cell and cell.mean["auc"]
            rankers.append({"learner": learner, "task": task, "means": means})
            original = results.cell(learner, task, "original")
            quick = results.cell(learner, task, "original", "quicksort")
            star = results.cell(learner, task, "star")
            double = results.cell(learner, task, "double_star")
            costs.append(
                {
                    "learner": learner,
                    "task": task,
                    "original_pairs": original and original.n_pairs,
                    "original_train": original and original.train_seconds,
                    "star_train": star and star.train_seconds,
                    "double_star_train": double and double.train_seconds,
                    # The training path of each cost that is not WEKA's alone.
                    "paths": {
                        key: "+".join(cell.train_paths)
                        for key, cell in (
                            ("original_train", original),
                            ("star_train", star),
                            ("double_star_train", double),
                        )
                        if cell and not cell.on_wekas_path
                    },
                    "tournament_rank": original and original.rank_seconds,
                    "quicksort_rank": quick and quick.rank_seconds,
                }
            )
    return {"rankers": rankers, "costs": costs}


def verdict_counts(cells: list[dict]) -> dict:
    """How many cells got each verdict, and what chance alone would give.

    Exact matches by each cell's rate, and the interval's coverage of draws from our
    protocol.
    """
    counts: dict[str, int] = {}
    for c in cells:
        word = c["verdict"].split(":")[0]
        counts[word] = counts.get(word, 0) + 1
    deterministic = [c for c in cells if c.get("exact_by_chance") is not None]
    sampled = [c for c in cells if c.get("seeds")]
    return {
        "counts": counts,
        "deterministic": len(deterministic),
        "exact_expected": sum(c["exact_by_chance"] for c in deterministic),
        "exact_expected_all": sum(c["exact_by_chance_all"] for c in deterministic),
        "sampled": len(sampled),
        "inside_expected": rules.LEVEL * len(sampled),
    }


def _name(cell: dict) -> str:
    return f"{cell['learner']} {cell['task']} {cell['config']}"


def reading_values(cells: list[dict], plan: dict, harness_cells: dict) -> list[dict]:
    """Each declared reading of the deterministic cells, alone or in combination.

    Where it ran, the cells it gives exactly, those it gives that the reference
    reading of the column does not (moved in), the exact matches chance would give
    it (each cell's rate for one reading), and the harness's seconds for it.
    """
    out = []
    for config in ("base", "original"):
        column = [c for c in cells if c["config"] == config and c.get("readings")]
        entries = h.plan_readings(plan, config)
        first = entries[0]["key"]
        for entry in entries:
            ran = [c for c in column if entry["key"] in c["readings"]]
            exact = [c for c in ran if entry["key"] in c["exact_match"]]
            seconds = None
            if entry["source"] == "harness":
                seconds = sum(
                    cell["seconds"]
                    for key, cell in harness_cells.items()
                    if key[2] == config
                    and key[3] == entry["version"]
                    and key[4] == entry.get("order", "blocks")
                    and key[5] == h.harness_class_order(entry, key[1])
                )
            out.append(
                {
                    "config": config,
                    "key": entry["key"],
                    "name": entry["name"],
                    "source": entry["source"],
                    "ran": len(ran),
                    "exact": len(exact),
                    "exact_names": ", ".join(_name(c) for c in exact) or "none",
                    "moved_in": ", ".join(
                        _name(c) for c in exact if first not in c["exact_match"]
                    )
                    or "none",
                    "expected": sum(
                        c["exact_by_chance"] / c["distinct_readings"] for c in ran
                    ),
                    "seconds": seconds,
                }
            )
    return out


def harness_check(results: Results, harness_cells: dict) -> dict:
    """The harness's run of the package's own reading against the store, fold by fold.

    WEKA 3.9, pairs in blocks, the minority first: the harness builds its pairs and
    trains on them itself, so each such cell must give the store's ten fold AUCs.
    """
    checked, equal = [], []
    for (learner, task, config, version, order, first), cell in harness_cells.items():
        if (version, order, first) != (harness.CURRENT, "blocks", "ours"):
            continue
        stored = results.cell(learner, task, config)
        if stored is None:
            continue
        name = f"{learner} {task} {config}"
        checked.append(name)
        if list(stored.fold_auc) == cell["fold_auc"]:
            equal.append(name)
    return {
        "checked": len(checked),
        "equal": len(equal),
        "differ": ", ".join(n for n in checked if n not in equal) or "none",
    }


def open_values(
    cells: list[dict], results: Results, harness_records: list[dict]
) -> list[dict]:
    """The harness jobs that declared readings of the cells need and that did not run.

    One row a job (all its folds, or the rest of a job stopped midway): the cell,
    the readings it would give, the folds kept, its estimated seconds (the store's
    training seconds of the cell times the harness's pace, :func:`harness.estimate`),
    why the study leaves the cell out where it does, and the command that runs it.
    """
    done = harness.cells(harness_records)
    kept = harness.folds_kept(harness_records)
    costs = harness.store_seconds(results)
    plan = h.read_plan()
    rows: dict[tuple, dict] = {}
    for c in cells:
        if not c["deterministic"]:
            continue
        for entry in h.plan_readings(plan, c["config"]):
            if (
                entry["source"] != "harness"
                or entry["key"] not in c["readings_not_run"]
            ):
                continue
            key = h.harness_key(entry, c["learner"], c["task"], c["config"])
            if key not in rows:
                slow = SLOW_CELLS.get(key[:3], "")
                rows[key] = dict(zip(harness.KEY_FIELDS, key)) | {
                    "readings": [],
                    "tier": c["tier"],
                    "slow": slow,
                    "command": harness.command(key, bool(slow)),
                    **harness.left_open(key, kept, costs, done),
                }
            rows[key]["readings"].append(entry["key"])
    return list(rows.values())


def main_rows(cells: list[dict]) -> list[dict]:
    """One row a published cell: published, reproduced, the reading that matches, tier.

    Reproduced is the number of the first declared reading that reaches the tier (the
    column's reference where none does); a sampled cell's is the mean of its seeds.
    """
    rows = []
    for c in cells:
        row = {
            "learner": c["learner"],
            "task": c["task"],
            "config": c["config"],
            "published": [c["published_auc"], c["published_variance"]],
        }
        if c["deterministic"] and c.get("readings"):
            names = c["tier_readings"]
            key = names[0] if names else next(iter(c["readings"]))
            open_ = len(c["readings_not_run"])
            row |= {
                "reproduced": c["readings"][key],
                "reading": ", ".join(names) if names else "none",
                "tier": c["tier"]
                + (
                    f" ({open_} readings not run: left open)"
                    if open_ and c["tier"] != rules.EXACT
                    else ""
                ),
            }
        elif c.get("seeds"):
            row |= {
                "reproduced": [c["seeds"]["mean"], None],
                "reading": "reference, 10 sampler seeds"
                if c["seeds"]["verdict"] == rules.INSIDE
                else "none",
                "tier": c["verdict"],
            }
        else:
            row |= {"reproduced": None, "reading": "-", "tier": c["verdict"]}
        rows.append(row)
    return rows


def overview_values(
    cells: list[dict], conclusions: list[dict], left_open: list[dict]
) -> dict:
    """The counts the page's opening paragraph states, from the verdicts.

    The cells matched exactly per deterministic configuration, those no declared
    reading explains (and how many of them are published below one half), the
    sampled cells outside their interval (and how many the monograph's protocol as
    read puts inside), the monograph's conclusions by verdict, and the harness's
    jobs left open (the cells whose declared readings did not all run).
    """
    deterministic = [c for c in cells if c["deterministic"]]
    unexplained = [c for c in deterministic if c["tier"] == rules.UNEXPLAINED]
    sampled = [c for c in cells if c.get("seeds")]
    outside = [c for c in sampled if c["verdict"] == rules.OUTSIDE]
    theirs = [c["verdict"] for c in conclusions if c["source"] != "this report"]
    out = {
        "learners": len({c["learner"] for c in cells}),
        "tasks": len({c["task"] for c in cells}),
        "cells": len(cells),
        "near": sum(c["tier"] == rules.NEAR for c in deterministic),
        "unexplained": len(unexplained),
        "below_half": sum(c["published_auc"] < 0.5 for c in unexplained),
        "sampled": len(sampled),
        "outside": len(outside),
        "protocol_inside": sum(
            c["monograph_protocol_verdict"] == rules.INSIDE for c in outside
        ),
        "conclusions": len(theirs),
        "supported": theirs.count(rules.SUPPORTED),
        "not_supported": theirs.count(rules.NOT_SUPPORTED),
        "refuted": theirs.count(rules.REFUTED),
    }
    for config in ("base", "original"):
        group = [c for c in deterministic if c["config"] == config]
        out[config] = len(group)
        out[f"{config}_exact"] = sum(c["tier"] == rules.EXACT for c in group)
    exact = [c for c in deterministic if c["tier"] == rules.EXACT]
    by_reading: dict[str, list[str]] = {}
    for c in exact:
        by_reading.setdefault(c["tier_readings"][0], []).append(_name(c))
    out |= {
        "exact": len(exact),
        "inside": len(sampled) - len(outside),
        "by_reading": "; ".join(
            f"{key} {len(names)}"
            + (f" ({', '.join(names)})" if len(names) <= 4 else "")
            for key, names in by_reading.items()
        )
        or "none",
        "unexplained_names": ", ".join(_name(c) for c in unexplained) or "none",
        "near_names": ", ".join(
            _name(c) for c in deterministic if c["tier"] == rules.NEAR
        )
        or "none",
        "open_jobs": len(left_open),
        "open_cells": ", ".join(dict.fromkeys(
            f"{r['learner']} {r['task']} {r['config']}" for r in left_open)),
        "open_unexplained": sum(bool(c["readings_not_run"]) for c in unexplained),
        "open_seconds": sum(r["seconds"] or 0 for r in left_open),
        "open_unestimated": sum(r["seconds"] is None for r in left_open),
        "readings_base": len({k for c in deterministic if c["config"] == "base"
                              for k in c.get("readings", {})}),
        "readings_original": len({k for c in deterministic if c["config"] == "original"
                                  for k in c.get("readings", {})}),
    }  # fmt: skip
    return out


def figure_values(results: Results, blocks: dict[str, dict]) -> list[dict]:
    """Figures 1-4's curves, per learner, task and sweep.

    Ours (correct tournament) with its interval over the folds, the monograph's protocol
    as read where the sweep ran in the file's class order, and the published point at
    ten with its interval from the published variance.
    """
    out = []
    for learner in results.learners:
        for task in results.tasks:
            for family, name in (("voters", "star"), ("pairs", "double_star")):
                points = [
                    (k, results.cell(learner, task, Config(family, k))) for k in SWEEP
                ]
                points = [(k, c) for k, c in points if c]
                if not points:
                    continue
                ours_first = blocks[task]["ranked_first"] == blocks[task]["positive"]
                published = results.published.get((learner, task, name))
                base = results.published.get((learner, task, "base"))
                at_ten = results.cell(
                    learner, task, PUBLISHED[name], variant=FILE_CLASS_0
                )
                out.append(
                    {
                        "learner": learner,
                        "task": task,
                        "family": family,
                        "k": [k for k, _ in points],
                        "ours": [c.mean["auc"] for _, c in points],
                        "interval": [
                            _fold_interval(c.mean["auc"], c.variances["auc"], c.folds)
                            for _, c in points
                        ],
                        # The sweeps ran in our class order only: the fold-order
                        # reading is the monograph's where that is the file's.
                        "monograph_protocol": [c.mean["auc_stable"] for _, c in points]
                        if ours_first
                        else None,
                        "monograph_protocol_at": at_ten
                        and {
                            "k": PUBLISHED[name].size,
                            "auc": at_ten.mean["auc_stable"],
                        },
                        "published": published
                        and {
                            "k": PUBLISHED[name].size,
                            "auc": published[0],
                            "interval": _fold_interval(*published, FOLDS),
                        },
                        "published_base": base and base[0],
                    }
                )
    return out


def experimenter_summary(cells: list[dict]) -> list[dict]:
    """Per reading of the Experimenter's runs: cells run, equal, exact.

    Equal to the store, exact to the published numbers.
    """
    out = []
    for reading, key in (
        ("scores", "experimenter_auc"),
        ("positions", "experimenter_positions_auc"),
    ):
        done = [c for c in cells if c.get(key)]
        if not done:
            continue
        exact = [
            f"{c['learner']} {c['task']} {c['config']}"
            for c in done
            if (
                round(c[key]["mean"], rules.DECIMALS),
                round(c[key]["variance"], rules.DECIMALS),
            )
            == (c["published_auc"], c["published_variance"])
        ]
        out.append(
            {
                "reading": reading,
                "run": len(done),
                "equal": sum(c[key]["equals_store"] for c in done),
                "exact": exact,
            }
        )
    return out


def compute(
    results: Results,
    experimenter_rows: Iterable[dict] = (),
    tests: list[dict] | None = None,
    runs: dict[tuple, tuple[list[float], float]] | None = None,
    conditioning: list[dict] | None = None,
    harness_records: list[dict] | None = None,
) -> dict:
    """Every value of the report.

    From the aggregated store, the Experimenter's results and the harness's.
    """
    blocks = {task: fold_classes(task) for task in results.tasks}
    harness_cells = harness.cells(harness_records or [])
    cells = cell_values(results, blocks, experimenter_rows, harness_cells)
    curves = curve_values(results)
    finding_tests = finding_test_values(tests or [])
    tested = hypothesis_values(results, blocks)
    protocol = {
        "folds": FOLDS,
        "seed": SEED,
        "seeds": len(SAMPLER_SEEDS),
        "runs": experimenter.RESAMPLED_RUNS,
    }
    conclusions = conclusion_values(
        results, cells, curves, finding_tests, runs or {}, blocks, protocol
    )
    left_open = open_values(cells, results, harness_records or [])
    return {
        "rules": {
            k: getattr(rules, k)
            for k in ("ALPHA", "LEVEL", "DECIMALS", "ROUNDING", "CLOSE")
        },
        "plan": h.read_plan(),
        "protocol": protocol,
        "provenance": provenance(results.runs),
        "registration": {
            "rule": results.registration,
            "records": results.records,
            "untimed": results.untimed,
        },
        "folds": list(blocks.values()),
        "cells": cells,
        "cell_counts": verdict_counts(cells),
        "figures": figure_values(results, blocks),
        "leakage": leakage_values(cells, blocks),
        "sorted_folds": sum(b["sorted_folds"] for b in blocks.values()),
        "total_folds": sum(b["folds"] for b in blocks.values()),
        "flagship": flagship_values(cells, blocks, tested),
        "hypotheses": tested,
        "curves": curves,
        "finding_tests": finding_tests,
        "conclusions": conclusions,
        "overview": overview_values(cells, conclusions, left_open),
        "left_open": left_open,
        "readings": reading_values(cells, h.read_plan(), harness_cells),
        "jar_sha256": harness.JAR_SHA256,
        "harness_check": harness_check(results, harness_cells),
        "main": main_rows(cells),
        "experimenter": experimenter_summary(cells),
        "conditioning": conditioning or [],
        "errors": results.errors[:20],
        "sweep": list(SWEEP),
        **table_rows(results),
    }


def build(store_folder: str | Path) -> tuple[Results, dict]:
    """The values of a store folder.

    With its Experimenter's results (in ``experimenter/``) and its conditioning
    measurements, where present.
    """
    folder = Path(store_folder)
    harness_records = harness.read_records(folder)
    results = Results.from_store(folder, harness_records)
    wekas = folder / "experimenter"
    rows, tests, runs = [], [], {}
    if wekas.is_dir():
        rows = experimenter.compare(folder, wekas)
        tests = experimenter.corrected_tests(folder, wekas)
        runs = experimenter.resampled_runs(folder, wekas)
    measured = folder / "conditioning.jsonl"  # docs/tools/conditioning.py
    conditioning = (
        [json.loads(line) for line in measured.read_text().splitlines() if line]
        if measured.is_file()
        else []
    )
    return results, compute(results, rows, tests, runs, conditioning, harness_records)
