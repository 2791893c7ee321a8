"""The hypotheses about the published numbers, and the findings, computed.

Every reading of a published ranking cell (a ranker, a tie rule, a class
order, an AUC direction) is scored against Tables 5-8 the same way for every
learner: how many cells it brings within :data:`CLOSE`, and its mean
absolute difference. Verdicts are computed from those counts here; the
report only words them.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from weka_ranking.studies.monograph.aggregate import (
    AUC_KINDS,
    FILE_CLASS_0,
    RANKING_CONFIGS,
    Results,
)
from weka_ranking.studies.monograph.plan import FILE_CLASS_0_FIRST, SAMPLER_SEEDS

CLOSE = 0.02
# Every pair one answer: all degrees tie and the fold's order stays.
CONSTANT = "constant-comparator"
BOTH = ("tournament", "tournament-as-printed")


@dataclass(frozen=True)
class Reading:
    """One way to read a published cell from our runs."""

    name: str
    variant: str
    ranker: str
    kind: str
    reverse: bool = False


@dataclass(frozen=True)
class Score:
    """A reading against one learner's published ranking cells."""

    within: int
    total: int
    mean_diff: float

    def __str__(self) -> str:
        within = f"{self.within}/{self.total} within {CLOSE}"
        return f"{within} (mean |diff| {self.mean_diff:.3f})"


def _grid(title: str, variant: str, rankers=BOTH, kinds=tuple(AUC_KINDS)):
    return [
        Reading(f"{title}, {ranker}, ties: {AUC_KINDS[kind]}", variant, ranker, kind)
        for ranker in rankers
        for kind in kinds
    ]


REFERENCE = Reading("correct tournament (reference)", "", "tournament", "auc")
# Declared up front, applied to every learner alike.
READINGS = [
    REFERENCE,
    *_grid("H1 else branch", "", ("tournament-as-printed",)),
    *_grid("H2 the other class ranks first", "majority-first"),
    *_grid("H2' the file's class 0 ranks first", FILE_CLASS_0),
    Reading("H3 AUC direction reversed, tournament", "", "tournament", "auc", True),
    Reading(
        "H3 AUC direction reversed, as printed, fold order",
        "",
        "tournament-as-printed",
        "auc_stable",
        True,
    ),
    *_grid("H4 ties of the degree", "", ("tournament",), ("auc_stable", "auc_random")),
    *_grid("H5 pairs of one order only", "one-order"),
    Reading(
        "H6 a constant comparator (all degrees tie), the file's class 0 first, "
        "fold order",
        CONSTANT,
        "tournament",
        "auc_stable",
    ),
]
FILE_ORDER = Reading("H2'+H4", FILE_CLASS_0, "tournament", "auc_stable")
AS_PRINTED = Reading("H1", FILE_CLASS_0, "tournament-as-printed", "auc_stable")


def reading_of(results: Results, learner, task, config, reading: Reading):
    """(mean, variance) of the fold AUCs as one reading sees them, or None
    where it was not run (a reversed AUC has the same variance)."""
    reverse = reading.reverse
    if reading.variant == CONSTANT:
        # The one-order runs are a constant comparator, with our class order.
        cell = results.cell(learner, task, config, reading.ranker, "one-order")
        reverse = FILE_CLASS_0_FIRST[task] == "majority-first"
    else:
        cell = results.cell(learner, task, config, reading.ranker, reading.variant)
    if cell is None:
        return None
    mean = cell.mean[reading.kind]
    return (1 - mean if reverse else mean), cell.variances[reading.kind]


def value(results: Results, learner, task, config, reading: Reading) -> float | None:
    """One reading of a cell's mean AUC, or None where it was not run."""
    read = reading_of(results, learner, task, config, reading)
    return None if read is None else read[0]


def expected_by_chance(results: Results, learner: str, reading: Reading) -> float:
    """Cells a reading would bring within CLOSE by chance: each of its values
    against the published numbers of every other ranking cell, the share
    within CLOSE, summed over the learner's cells."""
    published = {
        key: numbers[0]
        for key, numbers in results.published.items()
        if key[2] in RANKING_CONFIGS
    }
    expected = 0.0
    for task in results.tasks:
        for config in RANKING_CONFIGS:
            ours = value(results, learner, task, config, reading)
            if ours is None or (learner, task, config) not in published:
                continue
            others = [p for k, p in published.items() if k != (learner, task, config)]
            expected += statistics.fmean(abs(ours - p) <= CLOSE for p in others)
    return expected


# The readings a deterministic cell is checked under, exactly.
EXACT_READINGS = (REFERENCE, FILE_ORDER, AS_PRINTED)
# The learner alone: WEKA's AUC, with the class values declared as our data
# gives them and the other way (Logistic's and SMO's numbers depend on it).
BASE_READINGS = (
    Reading("WEKA's AUC in our class order", "", "pointwise", "auc"),
    Reading("WEKA's AUC, class values swapped", "classes-swapped", "pointwise", "auc"),
)


def exact_matches(results: Results) -> list[dict]:
    """Every deterministic cell (the learner alone; all pairs, one voter, by
    the tournaments) beside the published (mean, variance), to 5 decimals:
    which declared readings reproduce both exactly."""
    rows = []
    for learner in results.learners:
        for task in results.tasks:
            for config in ("base", "original"):
                published = results.published.get((learner, task, config))
                readings = BASE_READINGS if config == "base" else EXACT_READINGS
                ours = {
                    r.name: read
                    for r in readings
                    if (read := reading_of(results, learner, task, config, r))
                }
                if published is None or not ours:
                    continue
                exact = [
                    name
                    for name, (mean, variance) in ours.items()
                    if (round(mean, 5), round(variance, 5)) == published
                ]
                rows.append(
                    {
                        "learner": learner,
                        "task": task,
                        "config": config,
                        "published": published,
                        "ours": ours,
                        "exact": exact,
                    }
                )
    return rows


def leakage(results: Results) -> list[dict]:
    """Per ranking cell (correct tournament): the AUC with equal degrees in
    the fold's order minus the AUC with ties one half, in our class order and
    in the file's. WEKA's stratified test folds are sorted by class, so the
    fold's order breaks ties by the true label: this is what that leaks."""
    rows = []
    for learner in results.learners:
        for task in results.tasks:
            for config in RANKING_CONFIGS:
                row = {"learner": learner, "task": task, "config": config}
                for label, variant in (("ours", ""), ("file", FILE_CLASS_0)):
                    cell = results.cell(learner, task, config, "tournament", variant)
                    if cell is not None:
                        row[label] = cell.mean["auc_stable"] - cell.mean["auc"]
                if len(row) > 3:
                    rows.append(row)
    return rows


def score(results: Results, learner: str, reading: Reading) -> Score:
    """How close one reading comes to a learner's published ranking cells."""
    diffs = []
    for task in results.tasks:
        for config in RANKING_CONFIGS:
            ours = value(results, learner, task, config, reading)
            published = results.published.get((learner, task, config))
            if ours is not None and published:
                diffs.append(abs(ours - published[0]))
    if not diffs:
        return Score(0, 0, float("nan"))
    return Score(sum(d <= CLOSE for d in diffs), len(diffs), statistics.fmean(diffs))


def table(results: Results) -> list[tuple[Reading, dict[str, Score]]]:
    """Every declared reading scored for every learner."""
    return [
        (reading, {lr: score(results, lr, reading) for lr in results.learners})
        for reading in READINGS
    ]


def closest(results: Results) -> dict[str, tuple[float, str]]:
    """Per learner, the reading with the lowest mean absolute difference."""
    best: dict[str, tuple[float, str]] = {}
    for reading, scores in table(results):
        for learner, s in scores.items():
            if s.total and s.mean_diff < best.get(learner, (float("inf"), ""))[0]:
                best[learner] = (s.mean_diff, reading.name)
    return best


def supported(candidate: Score, against: Score) -> bool:
    """A reading is supported for a learner when it brings more cells within
    CLOSE than the reading it is tested against."""
    return candidate.within > against.within


def verdicts(results: Results) -> dict[str, dict]:
    """The hypotheses' verdicts, computed per learner from the scores."""
    learners = [lr for lr in ("Logistic", "SMO", "J48") if lr in results.learners]
    out = {}
    for key, reading, against in (
        ("file_order", FILE_ORDER, REFERENCE),
        ("as_printed", AS_PRINTED, FILE_ORDER),
    ):
        scores = {lr: score(results, lr, reading) for lr in learners}
        baseline = {lr: score(results, lr, against) for lr in learners}
        out[key] = {
            "scores": scores,
            "against": baseline,
            "supported_for": [
                lr for lr in learners if supported(scores[lr], baseline[lr])
            ],
        }
    if "NaiveBayes" in results.learners:
        constant = score(results, "NaiveBayes", READINGS[-1])
        reference = score(results, "NaiveBayes", REFERENCE)
        reversed_ = score(
            results, "NaiveBayes", Reading("H3", "", "tournament", "auc", True)
        )
        out["constant"] = {
            "score": constant,
            "reference": reference,
            "reversed": reversed_,
            "supported": supported(constant, reference)
            and supported(constant, reversed_),
        }
    return out


def base_column(results: Results) -> tuple[list[str], list[str]]:
    """The published base means ours equals to 5 decimals, and the others."""
    exact, differing = [], []
    for learner in results.learners:
        for task in results.tasks:
            cell = results.cell(learner, task, "base")
            published = results.published.get((learner, task, "base"))
            if cell and published:
                same = round(cell.mean["auc"], 5) == published[0]
                (exact if same else differing).append(f"{learner} {task}")
    return exact, differing


def word(agree: int, total: int) -> str:
    """Confirmed on two thirds of the cells, narrowly on a bare majority."""
    if 3 * agree >= 2 * total:
        return "Confirmed"
    return "Confirmed, narrowly" if 2 * agree > total else "Refuted"


def findings(results: Results, minority_share: dict[str, float]) -> dict[str, dict]:
    """The findings that compare no two means (a t-test does those): the
    spread over the sweeps and the gain by imbalance, over learner x task cells."""
    cell = results.cell
    pairs = [(lr, t) for lr in results.learners for t in results.tasks]
    out = {}
    calmer = compared = 0
    for k in pairs:
        voters = [cell(*k, f"voters={n}") for n in range(1, 21)]
        more_pairs = [cell(*k, f"pairs={p}") for p in range(1, 21)]
        if None in voters or None in more_pairs:
            continue
        compared += 1
        calmer += statistics.pstdev(c.mean["auc"] for c in voters) < statistics.pstdev(
            c.mean["auc"] for c in more_pairs
        )
    out["calmer"] = {"agree": calmer, "total": compared}
    gains = {}
    for task in sorted(results.tasks, key=minority_share.get):
        per = []
        for learner in results.learners:
            base = cell(learner, task, "base")
            ranked = [c for c in (cell(learner, task, x) for x in RANKING_CONFIGS) if c]
            if base and ranked:
                per.append(max(c.mean["auc"] for c in ranked) - base.mean["auc"])
        if per:
            gains[task] = statistics.fmean(per)
    if gains:
        largest = max(gains, key=gains.get)
        most_imbalanced = min(gains, key=minority_share.get)
        out["imbalance"] = {
            "gains": gains,
            "largest": largest,
            "confirmed": largest == most_imbalanced,
        }
    return out


def seed_spread(results: Results) -> list[dict]:
    """The sampled cells (star, double_star) over the sampler seeds, read as
    ours (tournament, ties one half) and as H2'+H4: the seeds' mean AUC,
    standard deviation, range, where the published number falls (z) and how
    many seeds bring the cell within CLOSE."""
    rows = []
    for learner in results.learners:
        for task in results.tasks:
            for config in ("star", "double_star"):
                published = results.published.get((learner, task, config))
                if published is None:
                    continue
                row = {"learner": learner, "task": task, "config": config}
                for label, reading in (("ours", REFERENCE), ("file_order", FILE_ORDER)):
                    means = [
                        value(results, learner, task, f"{config}/seed={s}", reading)
                        for s in SAMPLER_SEEDS
                    ]
                    means = [m for m in means if m is not None]
                    if len(means) < 2:
                        continue
                    sd = statistics.stdev(means)
                    row[label] = {
                        "seeds": len(means),
                        "mean": statistics.fmean(means),
                        "sd": sd,
                        "min": min(means),
                        "max": max(means),
                        "z": (published[0] - statistics.fmean(means)) / sd
                        if sd > 0
                        else float("nan"),
                        "within": sum(abs(m - published[0]) <= CLOSE for m in means),
                    }
                if len(row) > 3:
                    rows.append(row | {"published": published[0]})
    return rows
