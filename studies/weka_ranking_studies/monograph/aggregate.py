"""The reproduction's store aggregated: one :class:`Cell` per configuration.

:class:`Results` reads the per-fold records of a store into cells (mean AUC
of each kind, sample variance, costs) beside the published Tables 5-8; the
hypotheses (:mod:`.hypotheses`), the report (:mod:`.report`) and the
figures (:mod:`.figures`) read these cells only.
"""

from __future__ import annotations

import csv
import importlib.resources
import json
import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from weka_ranking.experiments import ResultStore, registration
from weka_ranking.learners import NAMED_LEARNERS
from weka_ranking.tasks import STUDY_TASKS
from weka_ranking_studies.monograph.config import PUBLISHED, RANKING, Config
from weka_ranking_studies.monograph.plan import FILE_CLASS_0_FIRST, FOLDS, WEKA_PATH

# The published columns' store keys.
CONFIGS = {name: str(config) for name, config in PUBLISHED.items()}
RANKING_CONFIGS = RANKING
FILE_CLASS_0 = "file-class-0"
AUC_KINDS = {
    "auc": "ties 1/2",
    "auc_stable": "fold order",
    "auc_random": "random order",
}


def published_tables() -> dict[tuple[str, str, str], tuple[float, float]]:
    """(learner, task, config) -> (AUC, variance) of Tables 5-8."""
    text = importlib.resources.files(__package__).joinpath("monograph_tables.csv")
    with text.open() as stream:
        return {
            (row["learner"], row["dataset"], row["config"]): (
                float(row["auc"]),
                float(row["variance"]),
            )
            for row in csv.DictReader(stream)
        }


@dataclass(frozen=True)
class Cell:
    """One configuration on one task, over the folds."""

    folds: int
    mean: dict[str, float]
    variance: float
    variances: dict[str, float]
    train_seconds: float
    rank_seconds: float
    n_pairs: float
    comparisons: float
    # The fold AUCs (ties one half) in fold order: the paired tests' data.
    fold_auc: tuple[float, ...] = ()
    # How its models were trained (plan.TRAIN_PATHS), each path once; a record
    # without the field is of WEKA's path, the only one when the store was made.
    train_paths: tuple[str, ...] = (WEKA_PATH,)

    @property
    def on_wekas_path(self) -> bool:
        """Whether every fold trained WEKA's learner itself, so its costs are WEKA's."""
        return self.train_paths == (WEKA_PATH,)


def _cell(records: list[dict]) -> Cell:
    aucs = [r["auc"] for r in records]
    return Cell(
        folds=len(records),
        mean={kind: statistics.fmean(r[kind] for r in records) for kind in AUC_KINDS},
        variance=statistics.variance(aucs) if len(aucs) > 1 else float("nan"),
        # The sample variance of each kind of fold AUC, the monograph's number.
        variances={
            kind: statistics.variance([r[kind] for r in records])
            if len(records) > 1
            else float("nan")
            for kind in AUC_KINDS
        },
        train_seconds=sum(r["train_seconds"] for r in records),
        rank_seconds=sum(r["rank_seconds"] for r in records),
        n_pairs=statistics.fmean(r["n_pairs"] for r in records),
        comparisons=statistics.fmean(r["comparisons"] for r in records),
        fold_auc=tuple(r["auc"] for r in sorted(records, key=lambda r: r["fold"])),
        train_paths=tuple(sorted({r.get("train_path", WEKA_PATH) for r in records})),
    )


@dataclass
class Results:
    """Aggregates of a store: cells[(variant, learner, task, config, ranker)]."""

    cells: dict[tuple[str, str, str, str, str], Cell]
    errors: list[dict]
    runs: list[dict]
    published: dict[tuple[str, str, str], tuple[float, float]]
    # What the store shows of its rule: registration.rule_record's values
    # (None where it registered none); its records, and those with no unit times.
    registration: dict | None = None
    records: int = 0
    untimed: int = 0

    @classmethod
    def from_store(cls, folder: str | Path, beside: Sequence[dict] = ()) -> Results:
        """The store's cells; ``beside``: records kept beside it (the harness's).

        Those count in what the store shows of its rule: the first unit to start
        may be one of theirs.
        """
        store = ResultStore(folder)
        groups: dict[tuple, list[dict]] = defaultdict(list)
        errors = []
        records = store.records()
        for record in records:
            if "error" in record:
                errors.append(record)
                continue
            key = (
                record["variant"],
                record["learner"],
                record["task"],
                record["config"],
                record["ranker"],
            )
            groups[key].append(record)
        cells = {
            key: _cell(records)
            for key, records in groups.items()
            if len(records) == FOLDS
        }
        runs = []
        if store.runs_path.exists():
            runs = [
                json.loads(line)
                for line in store.runs_path.read_text().splitlines()
                if line.strip()
            ]
        return cls(
            cells,
            errors,
            runs,
            published_tables(),
            registration.rule_record(folder, [*records, *beside]),
            len(records) + len(beside),
            sum(
                not isinstance(r.get(registration.PROVENANCE), dict)
                for r in [*records, *beside]
            ),
        )

    # -- look-ups -----------------------------------------------------------
    @property
    def learners(self) -> list[str]:
        present = {key[1] for key in self.cells}
        return [name for name in NAMED_LEARNERS if name in present]

    @property
    def tasks(self) -> list[str]:
        present = {key[2] for key in self.cells}
        return [name for name in STUDY_TASKS if name in present]

    def cell(
        self, learner, task, config: str | Config, ranker="tournament", variant=""
    ) -> Cell | None:
        """A published column's name (``star``) or a :class:`Config`."""
        key = CONFIGS.get(str(config), str(config))
        if key == "base":
            ranker = "pointwise"
        if variant == FILE_CLASS_0:
            variant = FILE_CLASS_0_FIRST[task]
        return self.cells.get((variant, learner, task, key, ranker))

    def to_dict(self) -> dict:
        """Every aggregated cell, keyed ``variant/learner/task/config/ranker``."""
        return {
            "cells": {
                "/".join([k[0] or "main", *k[1:]]): asdict(cell)
                for k, cell in sorted(self.cells.items())
            },
            "errors": self.errors,
            "runs": self.runs,
        }
