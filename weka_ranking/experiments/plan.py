"""A user's ranking experiment: data sets x schemes x runs x folds, as one plan.

The plan is a small TOML file, or the same through the command line's
flags::

    [experiment]
    folds = 10            # k-fold cross-validation
    runs = 10             # repetitions: run r is seeded r, as WEKA's Experimenter
    baseline = "J48 alone"  # the scheme the others are tested against

    [[data]]
    files = ["data/*.arff", "breast-cancer"]  # files, globs, built-in tasks
    class = "last"        # WEKA's -c: first, last or a 1-based index
    positive = "yes"      # the class that ranks first (default: the minority)

    [[scheme]]
    name = "J48 alone"
    learner = "J48"
    ranker = "pointwise"

    [[scheme]]
    learner = "J48"       # named "J48 --pairs 1 --voters 10" when no name
    pairs = 1
    voters = 10

    [[scheme]]
    peer = "xgboost"

Every (data set, scheme, run, fold) is a unit: run r's folds are WEKA's own
(the data randomized with ``new Random(r)``, stratified, ``trainCV`` and
``testCV``), as WEKA's Experimenter makes them with its runs 1..r, so the
learner-alone cells are the Experimenter's.
"""

from __future__ import annotations

import functools
import glob
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from weka_ranking import inputs
from weka_ranking.data import Dataset
from weka_ranking.errors import DataError, ParameterError, WekaError
from weka_ranking.experiments.schemes import Scheme
from weka_ranking.tasks import TASKS, resolve_task

FOLDS = 10
RUNS = 10
SIGNIFICANCE = 0.05


@dataclass(frozen=True)
class DataSpec:
    """One data set of a plan: a file or built-in task, its class, what ranks first."""

    name: str
    source: str
    class_index: str | None = None
    positive: str | None = None
    keep: tuple[str, ...] | None = None

    def load(self) -> Dataset:
        """The data set as a binary Dataset (read once per process)."""
        return _load(self)


@functools.lru_cache(maxsize=8)
def _load(spec: DataSpec) -> Dataset:
    task = resolve_task(spec.source, spec.positive, spec.keep)
    return task.load(class_index=spec.class_index)


@dataclass(frozen=True)
class ExperimentUnit:
    """One fold of one run of one scheme on one data set."""

    data: DataSpec
    scheme: Scheme
    run: int
    fold: int
    folds: int

    @property
    def key(self) -> str:
        return f"{self.data.name}/{self.scheme.name}/run={self.run}/fold={self.fold}"


@dataclass(frozen=True)
class ExperimentPlan:
    """Data sets, schemes, and the protocol: ``folds`` x ``runs`` (runs 1..runs)."""

    data: tuple[DataSpec, ...]
    schemes: tuple[Scheme, ...]
    folds: int = FOLDS
    runs: int = RUNS
    baseline: str = ""
    significance: float = SIGNIFICANCE
    roc_data: str = ""
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        where = self.source or "the plan"
        if not self.data:
            raise ParameterError("data", [], f"{where}: name at least one data set")
        if not self.schemes:
            raise ParameterError("scheme", [], f"{where}: name at least one scheme")
        for what, names in (
            ("data", [d.name for d in self.data]),
            ("scheme", [s.name for s in self.schemes]),
        ):
            twice = sorted({n for n in names if names.count(n) > 1})
            if twice:
                raise ParameterError(
                    what, twice, f"{where}: named twice; give each its own name"
                )
        for name, value, low in (("folds", self.folds, 2), ("runs", self.runs, 1)):
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                raise ParameterError(name, value, f"{where}: an integer >= {low}")
        if not 0 < self.significance < 1:
            raise ParameterError(
                "significance", self.significance, f"{where}: between 0 and 1"
            )
        if not self.baseline:
            object.__setattr__(self, "baseline", self.schemes[0].name)
        if self.baseline not in [s.name for s in self.schemes]:
            raise ParameterError(
                "baseline",
                self.baseline,
                f"{where}: not a scheme's name; choose from "
                + ", ".join(repr(s.name) for s in self.schemes),
            )
        if self.roc_data and self.roc_data not in [d.name for d in self.data]:
            raise ParameterError("roc_data", self.roc_data, f"{where}: not a data set")

    def units(self) -> list[ExperimentUnit]:
        """Every unit, data set by data set, run by run, so results come in order."""
        return [
            ExperimentUnit(data, scheme, run, fold, self.folds)
            for data in self.data
            for run in range(1, self.runs + 1)
            for fold in range(self.folds)
            for scheme in self.schemes
        ]

    def to_dict(self) -> dict:
        """The plan as values (for the report and the store's run notes)."""
        return {
            "data": [vars(d) | {"keep": d.keep and list(d.keep)} for d in self.data],
            "schemes": [
                {"name": s.name, "peer": s.peer, **s.values} for s in self.schemes
            ],
            "folds": self.folds,
            "runs": self.runs,
            "baseline": self.baseline,
            "significance": self.significance,
        }


def _names(entries: Sequence[str], folder: Path, where: str) -> list[tuple[str, str]]:
    """(name, source) of each file, glob or built-in task, in the order given."""
    found: list[tuple[str, str]] = []
    for entry in entries:
        if entry in TASKS:
            found.append((entry, entry))
            continue
        path = Path(entry).expanduser()
        path = path if path.is_absolute() else folder / path
        matches = sorted(glob.glob(str(path))) if glob.has_magic(entry) else [str(path)]
        if not matches:
            raise DataError(f"{where}: {entry!r} matches no file")
        for match in matches:
            if Path(match).exists():
                inputs.regular_file(Path(match), "data file")
            if not Path(match).is_file():
                raise DataError(
                    f"{where}: {match}: neither a data file nor a built-in task "
                    f"({', '.join(TASKS)})"
                )
            found.append((_stem(Path(match)), match))
    return found


def _stem(path: Path) -> str:
    name = path.name
    for suffix in (".gz", ".arff", ".csv"):
        name = name.removesuffix(suffix)
    return name


def data_specs(
    entries: Sequence[str],
    folder: Path,
    where: str,
    class_index: str | None = None,
    positive: str | None = None,
    keep: Sequence[str] | None = None,
) -> list[DataSpec]:
    """One DataSpec a file, glob match or task; "minority" is the default class."""
    positive = None if positive in (None, "minority") else str(positive)
    return [
        DataSpec(
            name,
            source,
            None if class_index is None else str(class_index),
            positive,
            tuple(keep) if keep else None,
        )
        for name, source in _names(entries, folder, where)
    ]


PLAN_KEYS = {"folds", "runs", "baseline", "significance", "roc_data"}
DATA_KEYS = {"files", "class", "positive", "keep"}


def _unknown(given: dict, known: set, where: str) -> None:
    extra = sorted(set(given) - known)
    if extra:
        raise ParameterError(
            extra[0], given[extra[0]], f"{where}: unknown key; use {sorted(known)}"
        )


def read_plan(path: str | Path) -> ExperimentPlan:
    """The plan a TOML file describes; paths in it are relative to its folder."""
    path = Path(path)
    try:
        inputs.regular_file(path, "plan file")
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise DataError(f"{path}: cannot read the plan ({err.strerror})") from None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{path}: not a TOML plan: {err}") from None
    _unknown(document, {"experiment", "data", "scheme"}, str(path))
    settings = document.get("experiment", {})
    _unknown(settings, PLAN_KEYS, f"{path} [experiment]")
    data: list[DataSpec] = []
    for i, entry in enumerate(document.get("data", []), 1):
        where = f"{path} [[data]] {i}"
        _unknown(entry, DATA_KEYS, where)
        files = entry.get("files")
        files = [files] if isinstance(files, str) else files
        if not files:
            raise ParameterError("files", files, f"{where}: list files, globs or tasks")
        data += data_specs(
            files,
            path.parent,
            where,
            entry.get("class"),
            entry.get("positive"),
            entry.get("keep"),
        )
    schemes = []
    for i, entry in enumerate(document.get("scheme", []), 1):
        entry = dict(entry)
        name = entry.pop("name", None)
        schemes.append(Scheme.of(name, entry, f"{path} [[scheme]] {i}"))
    return ExperimentPlan(
        tuple(data),
        tuple(schemes),
        **{k: settings[k] for k in PLAN_KEYS if k in settings},
        source=str(path),
    )


def run_unit(unit: ExperimentUnit) -> list[dict]:
    """Train the unit's scheme on its training fold and rank its test fold.

    One record: the fold's AUC (ties one half, as WEKA's), costs (seconds,
    pairs, the JVM's peak heap over the unit), and the
    test fold's scores and labels (for ROC curves and pooled AUCs). A unit
    WEKA cannot train gives one record holding the error.
    """
    from weka_ranking.evaluation import evaluate_fold, fit_fold
    from weka_ranking.folds import weka_folds

    head = {
        "dataset": unit.data.name,
        "scheme_name": unit.scheme.name,
        "run": unit.run,
        "fold": unit.fold,
        "folds": unit.folds,
    }
    data = unit.data.load()
    train_rows, test_rows = list(weka_folds(data.y, unit.folds, unit.run))[unit.fold]
    train, test = data.subset(train_rows), data.subset(test_rows)
    from weka_ranking import bridge

    bridge.reset_peak_heap()
    try:
        model, seconds = fit_fold(unit.scheme.estimator(), train)
        record = evaluate_fold(
            model, test, fold=unit.fold, n_train=len(train), train_seconds=seconds
        )
    except (WekaError, ValueError) as err:
        return [{**head, "error": str(err).splitlines()[0]}]
    return [
        {
            **head,
            **record.to_dict(),
            "positive": data.positive,
            # The JVM's, over the fit and the ranking (the peers' are Python's).
            "peak_heap_mb": round(bridge.peak_heap_bytes() / 2**20, 1),
            "scores": [float(s) for s in record.scores],
            "labels": [int(v) for v in test.y],
        }
    ]


def plan_from_flags(
    data: Sequence[str],
    schemes: Sequence[str],
    *,
    folds: int = FOLDS,
    runs: int = RUNS,
    baseline: str | None = None,
    class_index: str | None = None,
    positive: str | None = None,
) -> ExperimentPlan:
    """The plan of ``experiment --data ... --scheme ...`` (no TOML file)."""
    specs = data_specs(data, Path.cwd(), "--data", class_index, positive)
    parsed = tuple(Scheme.parse(text) for text in schemes)
    return ExperimentPlan(
        tuple(specs), parsed, folds, runs, baseline or "", source="the flags"
    )


def describe_units(plan: ExperimentPlan) -> dict[str, Any]:
    """How big the plan is: data sets, schemes, runs, folds, units."""
    return {
        "data sets": len(plan.data),
        "schemes": len(plan.schemes),
        "runs": plan.runs,
        "folds": plan.folds,
        "units": len(plan.data) * len(plan.schemes) * plan.runs * plan.folds,
    }
