"""The readings of a published cell.

The correct protocol, and each hypothesis about how the monograph's numbers were made,
as one change to it.

A reading names where its number comes from in the store (a variant, a
ranker, a kind of AUC, its direction). The constant comparator of H6 is not
in the store: its AUC follows from the order of the classes in each test fold
(:func:`constant_comparator`).
"""

from __future__ import annotations

import importlib.resources
import tomllib
from dataclasses import dataclass

import numpy as np

from weka_ranking.errors import DataError
from weka_ranking.experiments import registration
from weka_ranking_studies.monograph.aggregate import FILE_CLASS_0, Results
from weka_ranking_studies.monograph.plan import FILE_CLASS_0_FIRST

# A reading whose numbers come from the folds, not from the store.
CONSTANT = "constant-comparator"
PLAN_FILE = "readings_plan.toml"


def _plan_document() -> dict:
    text = importlib.resources.files(__package__).joinpath(PLAN_FILE).read_text()
    return tomllib.loads(text)


def read_plan() -> dict:
    """The committed plan of the readings (``readings_plan.toml``), rules' dates too.

    The harness runs what it names and the report judges every deterministic cell
    under exactly its readings.
    """
    plan = _plan_document()
    return {"history": plan["history"], **plan["plan"]}


def read_rule() -> tuple[dict, tuple[dict, ...]]:
    """The readings' decision rule and its dated amendments, as the engine takes them.

    ``readings_plan.toml``'s ``[rule]`` and ``[[amendment]]`` tables, checked by
    :func:`weka_ranking.experiments.registration.read_rule`: what a run records
    in its store before its first unit, so that the report can show the rule
    came first.
    """
    rule, amendments = registration.read_rule(_plan_document(), PLAN_FILE)
    if rule is None:
        raise DataError(f"{PLAN_FILE}: no [rule]: the readings' rule is recorded first")
    return rule, amendments


@dataclass(frozen=True)
class Reading:
    """One way to read a published cell from our runs."""

    key: str
    name: str
    variant: str
    ranker: str
    kind: str
    reverse: bool = False
    after_the_fact: bool = False


REFERENCE = Reading(
    "reference",
    "the correct protocol (tournament, our class order, ties one half)",
    "",
    "tournament",
    "auc",
)
# The declared hypotheses, each one change to the reference.
HYPOTHESES = (
    Reading(
        "H1",
        "the else branch of Algorithm 4 as printed",
        "",
        "tournament-as-printed",
        "auc",
    ),
    Reading("H2", "the other class ranks first", "majority-first", "tournament", "auc"),
    Reading(
        "H2'",
        "the file's first class value ranks first",
        FILE_CLASS_0,
        "tournament",
        "auc",
    ),
    Reading("H3", "the AUC's direction reversed", "", "tournament", "auc", True),
    Reading(
        "H4", "equal degrees keep the fold's order", "", "tournament", "auc_stable"
    ),
    Reading("H5", "pairs built in one order only", "one-order", "tournament", "auc"),
    Reading(
        "H2'+H4",
        "the file's first class value ranks first and equal "
        "degrees keep the fold's order (the monograph's protocol as read)",
        FILE_CLASS_0,
        "tournament",
        "auc_stable",
    ),
    Reading(
        "H6",
        "a constant comparator: every degree ties and the fold's "
        "order stays (the file's first class value ranks first)",
        CONSTANT,
        "tournament",
        "auc_stable",
        after_the_fact=True,
    ),
)
FILE_CLASS = HYPOTHESES[2]
FILE_ORDER = HYPOTHESES[6]
AS_PRINTED = Reading(
    "H1+H2'+H4",
    "as printed, the file's class order, the fold's order",
    FILE_CLASS_0,
    "tournament-as-printed",
    "auc_stable",
)
# The readings a deterministic `original` cell is checked under, exactly.
EXACT_READINGS = (REFERENCE, FILE_ORDER, AS_PRINTED)
# The learner alone: WEKA's AUC with the class values declared as our data
# gives them and the other way (Logistic's and SMO's numbers depend on it).
BASE_READINGS = (
    Reading(
        "minority",
        "the minority class's AUC (the pointwise ranker), class values as declared",
        "",
        "pointwise",
        "auc",
    ),
    Reading(
        "swapped",
        "the minority class's AUC, class values declared the other way",
        "classes-swapped",
        "pointwise",
        "auc",
    ),
)


# The store's readings a plan entry names by its key.
STORE_READINGS = {
    "base": {r.key: r for r in BASE_READINGS},
    "original": {r.key: r for r in (*EXACT_READINGS, FILE_CLASS)},
}
# A plan's measure: the AUC's kind in the harness's records.
HARNESS_KINDS = {
    "first": "auc",
    "class0": "auc_class0",
    "half": "auc",
    "fold": "auc_stable",
}


def plan_readings(plan: dict, config: str) -> list[dict]:
    """The plan's readings of a deterministic column, each named."""
    entries = plan["base" if config == "base" else "original"]
    store = STORE_READINGS["base" if config == "base" else "original"]
    return [e | {"name": e.get("name") or store[e["key"]].name} for e in entries]


def harness_class_order(entry: dict, task: str) -> str:
    """The harness's class order a plan reading reads on a task.

    The file's class 0 is ours where the two are the same class: the harness ran it
    once, as ours.
    """
    wanted = entry.get("class_order", "ours")
    return "ours" if wanted == "file" and not FILE_CLASS_0_FIRST[task] else wanted


def harness_key(entry: dict, learner: str, task: str, config: str) -> tuple:
    """The harness job (its key) a harness reading of the plan reads for one cell."""
    return (
        learner,
        task,
        config,
        entry["version"],
        entry.get("order", "blocks"),
        harness_class_order(entry, task),
    )


def plan_value(
    results: Results, harness_cells: dict, learner, task, config, entry: dict
) -> tuple[float, float] | None:
    """(mean, variance) of a cell under one of the plan's readings, or None.

    None where it was not run. A store reading reads the store; a harness
    reading reads the harness's cells (the file's class order is ours where the
    two are the same class).
    """
    if entry["source"] == "store":
        kind = "base" if config == "base" else "original"
        return reading_of(
            results, learner, task, config, STORE_READINGS[kind][entry["key"]]
        )
    cell = harness_cells.get(harness_key(entry, learner, task, config))
    if cell is None:
        return None
    return cell[HARNESS_KINDS[entry.get("auc") or entry["ties"]]]


def reading_of(
    results: Results, learner, task, config, reading: Reading
) -> tuple[float, float] | None:
    """(mean, variance) of the fold AUCs as one reading sees them, or None.

    None where it was not run (a reversed AUC has the same variance).
    """
    cell = results.cell(learner, task, config, reading.ranker, reading.variant)
    if cell is None:
        return None
    mean = cell.mean[reading.kind]
    return (1 - mean if reading.reverse else mean), cell.variances[reading.kind]


def ranked_first(task: str, positive: str, class_values: tuple[str, ...]) -> str:
    """The class the monograph's protocol ranks first: the file's class 0."""
    if FILE_CLASS_0_FIRST[task] == "majority-first":
        return next(v for v in class_values if v != positive)
    return positive


def constant_comparator(first: np.ndarray) -> float:
    """The AUC of a ranking that keeps a fold's order.

    The share of (first class, other class) pairs where the first class's instance comes
    first. ``first`` marks, in the fold's order, the instances of the class ranked
    first.
    """
    first = np.asarray(first, dtype=bool)
    others_after = np.cumsum((~first)[::-1])[::-1]  # others at or after each row
    pairs = int(first.sum()) * int((~first).sum())
    return float(others_after[first].sum()) / pairs if pairs else float("nan")
