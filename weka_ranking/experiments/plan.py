"""A user's ranking experiment: data sets x schemes x runs x folds, as one plan.

The plan is a small TOML file, or the same through the command line's
flags::

    [experiment]
    folds = 10            # k-fold cross-validation
    runs = 10             # repetitions: run r is seeded r, as WEKA's Experimenter
    baseline = "J48 alone"  # the scheme the others are tested against
    rope = 0.01           # AUC differences within it are practically equivalent

    [[data]]
    files = ["data/*.arff", "breast-cancer"]  # files, globs, built-in tasks
    class = "last"        # WEKA's -c: first, last or a 1-based index
    positive = "yes"      # the class that ranks first (default: the minority of two)

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
import hashlib
import json
import math
import os
import threading
import tomllib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar, overload

import numpy as np

from weka_ranking import inputs
from weka_ranking.data import Dataset
from weka_ranking.errors import DataError, HeapError, WekaError, WekaRankingError
from weka_ranking.experiments.registration import read_rule
from weka_ranking.experiments.schemes import FROM_FLAGS, Scheme, invalid
from weka_ranking.params import BY_NAME, current_defaults
from weka_ranking.tasks import TASKS, resolve_task

FOLDS = 10
RUNS = 10
SIGNIFICANCE = 0.05
# The Bayesian tests' region of practical equivalence, in AUC (docs/experiments.md).
ROPE = 0.01


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

    def to_dict(self) -> dict[str, Any]:
        """The spec as values, with the file's SHA-256 (a built-in task has none).

        The digest tells a store's records of this data set from those of an
        edited file of the same name.
        """
        values = vars(self) | {"keep": self.keep and list(self.keep)}
        return values | {
            "sha256": None if self.source in TASKS else _digest(self.source)
        }


def _digest(path: str) -> str | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return _digest_of(path, status.st_mtime_ns, status.st_size)


@functools.lru_cache(maxsize=64)
def _digest_of(path: str, mtime_ns: int, size: int) -> str:
    """The file's SHA-256, read once for each version of it (time and size)."""
    with open(path, "rb") as stream:
        return hashlib.file_digest(stream, "sha256").hexdigest()


Value = TypeVar("Value")


def once_a_key(maxsize: int) -> Callable[[Callable[..., Value]], Callable[..., Value]]:
    """``functools.lru_cache`` that computes a key once when threads ask at once.

    The run's worker threads start on units of one data set together: under a
    bare ``lru_cache`` each read the file (and made the folds) for itself. A
    lock a key makes the later ones wait for the first's value; other keys go
    on meanwhile.
    """

    def decorate(function: Callable[..., Value]) -> Callable[..., Value]:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        locks: dict[tuple, threading.Lock] = {}
        guard = threading.Lock()

        @functools.wraps(function)
        def once(*key: Any) -> Value:
            with guard:
                lock = locks.setdefault(key, threading.Lock())
            with lock:
                return cached(*key)

        return once

    return decorate


@once_a_key(maxsize=8)
def _load(spec: DataSpec) -> Dataset:
    task = resolve_task(spec.source, spec.positive, spec.keep)
    return task.load(class_index=spec.class_index)


@once_a_key(maxsize=2)
def _folds(spec: DataSpec, folds: int, run: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Run ``run``'s (train, test) rows of each fold, made once for its units.

    Replaying WEKA's ``Random`` in Python took a unit up to a fifth of its
    wall (66 ms of sick's), under the GIL that ``--jobs`` workers share; the
    units of a run come one fold after another, every scheme a fold.
    """
    from weka_ranking.folds import weka_folds

    made = list(weka_folds(spec.load().y, folds, run))
    for rows in made:
        for part in rows:
            part.flags.writeable = False  # shared by the run's units
    return made


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

    @property
    def cell(self) -> tuple[str, str]:
        """The data set's and the scheme's names: the units alike in cost."""
        return self.data.name, self.scheme.name


# The most units a plan may have: 12 data sets x 28 schemes x 10 x 10 (the
# choosing study's suite) is 33,600.
MAX_UNITS = 200_000


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
    rope: float = ROPE
    source: str = field(default="", compare=False)
    # The decision rule and its dated amendments (registration.read_rule).
    rule: dict | None = field(default=None, compare=False)
    amendments: tuple[dict, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        where = self.source or FROM_FLAGS
        if not self.data:
            raise invalid("data", [], where, "name at least one data set")
        if not self.schemes:
            raise invalid("scheme", [], where, "name at least one scheme")
        for what, names in (
            ("data", [d.name for d in self.data]),
            ("scheme", [s.name for s in self.schemes]),
        ):
            twice = sorted({n for n in names if names.count(n) > 1})
            if twice:
                raise invalid(
                    what,
                    twice,
                    where,
                    "named twice; give each its own name"
                    + (
                        " (a data set is named by its file's name without "
                        ".arff/.csv/.gz: rename one file)"
                        if what == "data"
                        else ""
                    ),
                )
        for name, value, low in (("folds", self.folds, 2), ("runs", self.runs, 1)):
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                raise invalid(name, value, where, f"an integer >= {low}")
        # Checked before a unit exists: a billion runs would fill the memory with
        # units before any other check (and run r is seeded r, a Java int).
        units = len(self.data) * self.runs * self.folds * len(self.schemes)
        if units > MAX_UNITS:
            name = "runs" if self.runs >= self.folds else "folds"
            raise invalid(
                name,
                getattr(self, name),
                where,
                f"the plan would be {units:,} units (data sets x runs x folds x "
                f"schemes), more than {MAX_UNITS:,}: give fewer, or split the plan",
            )
        significance = self.significance
        if not _is_number(significance) or not 0 < significance < 1:
            raise invalid("significance", significance, where, "a number in (0, 1)")
        if not _is_number(self.rope):
            raise invalid("rope", self.rope, where, "a number: an AUC difference")
        if not 0 <= self.rope < 1:
            raise invalid("rope", self.rope, where, "an AUC difference in [0, 1)")
        for name in ("baseline", "roc_data"):
            if not isinstance(getattr(self, name), str):
                raise invalid(name, getattr(self, name), where, "must be a name")
        if not self.baseline:
            object.__setattr__(self, "baseline", self.schemes[0].name)
        if self.baseline not in [s.name for s in self.schemes]:
            raise invalid(
                "baseline",
                self.baseline,
                where,
                "not a scheme's name; choose from "
                + ", ".join(repr(s.name) for s in self.schemes),
            )
        if self.roc_data and self.roc_data not in [d.name for d in self.data]:
            raise invalid(
                "roc_data",
                self.roc_data,
                where,
                "not a data set; choose from "
                + ", ".join(repr(d.name) for d in self.data),
            )

    def units(self) -> PlanUnits:
        """Every unit, data set by data set, run by run, so results come in order.

        Made as they are asked for: the plan's size is checked before any exists.
        """
        return PlanUnits(self)

    def check_runnable(self) -> None:
        """Refuse, before any unit runs, a plan that would fail every unit.

        Each data set is read (a bad file fails here, in one line) and holds at
        least ``folds`` instances, and each scheme is one its learner and the
        JVM's heap can run (:meth:`Scheme.check_runnable`): a plan is refused
        in the words of its file rather than unit by unit.
        """
        where = self.source or FROM_FLAGS
        for spec in self.data:
            try:
                rows = len(spec.load().y)
            except WekaRankingError as err:
                raise _in_data_keys(err, where) from None
            if self.folds > rows:
                raise invalid(
                    "folds",
                    self.folds,
                    where,
                    f"more than the {rows} instances of data set {spec.name!r} "
                    f"(each fold tests at least one): give at most {rows}",
                )
        for scheme in self.schemes:
            scheme.check_runnable()

    def to_dict(self) -> dict:
        """The plan as values (for the report and the store's run notes)."""
        return {
            "data": [d.to_dict() for d in self.data],
            "schemes": [
                {"name": s.name, "peer": s.peer, **s.values} for s in self.schemes
            ],
            "folds": self.folds,
            "runs": self.runs,
            "baseline": self.baseline,
            "significance": self.significance,
            "roc_data": self.roc_data,
            "rope": self.rope,
        } | (
            {"rule": self.rule, "amendments": list(self.amendments)}
            if self.rule is not None
            else {}
        )

    @classmethod
    def from_dict(
        cls, values: dict, source: str = "", defaults: dict | None = None
    ) -> ExperimentPlan:
        """The plan :meth:`to_dict` gave (as noted in a store's ``runs.jsonl``).

        ``defaults``: the defaults it ran with, noted beside it; a reduction
        scheme then names each one it left out that today's defaults would
        change, so that it means what it ran.
        """
        data = tuple(
            DataSpec(
                d["name"],
                d["source"],
                d.get("class_index"),
                d.get("positive"),
                tuple(d["keep"]) if d.get("keep") else None,
            )
            for d in values["data"]
        )
        schemes = []
        changed = {
            name: value
            for name, value in (defaults or {}).items()
            if current_defaults()[name] != value
        }
        for entry in _with_defaults(values["schemes"], changed):
            entry = dict(entry)
            name, peer = entry.pop("name"), entry.pop("peer", None)
            schemes.append(Scheme(name, tuple(entry.items()), peer))
        settings = ("folds", "runs", "baseline", "significance", "roc_data", "rope")
        return cls(
            data,
            tuple(schemes),
            **{k: values[k] for k in settings if k in values},
            source=source,
            rule=values.get("rule"),
            amendments=tuple(values.get("amendments", ())),
        )

    def differences(
        self, earlier: dict, earlier_defaults: dict | None = None
    ) -> list[str]:
        """How this plan defines differently a unit that an ``earlier`` plan named.

        ``earlier`` is a plan's :meth:`to_dict`. Records of a data set, scheme or
        fold count kept under the same name would be reused as if they were
        this plan's, so each difference is named: the number of folds, a
        scheme's parameters, a data set's file, class or content. Runs may be
        added or left out; data sets and schemes may be added.
        ``earlier_defaults`` are the defaults the earlier plan ran with (noted
        beside it; :data:`~weka_ranking.params.MONOGRAPH_CONFIGURATION` for a note
        older than that): a reduction scheme that leaves one out meant that
        value then, and means today's default now.
        """
        now = self.to_dict()
        left_out = {s["name"]: set(current_defaults()) - set(s) for s in now["schemes"]}
        if earlier_defaults is not None:
            earlier = {
                **earlier,
                "schemes": _with_defaults(earlier["schemes"], earlier_defaults),
            }
            now["schemes"] = _with_defaults(now["schemes"], current_defaults())
        found = []
        shared_data = {d["name"] for d in earlier["data"]} & {
            d["name"] for d in now["data"]
        }
        if earlier["folds"] != now["folds"] and shared_data:
            found.append(f"{earlier['folds']} folds, not {now['folds']}")
        for what, key in (("data set", "data"), ("scheme", "schemes")):
            before = {entry["name"]: entry for entry in earlier[key]}
            for entry in now[key]:
                old = before.get(entry["name"])
                if old is None:
                    continue
                changed = sorted(
                    k
                    for k in set(old) | set(entry)
                    if k not in ("source", "sha256") and old.get(k) != entry.get(k)
                )
                for k in changed:
                    found.append(
                        f"{what} {entry['name']!r}: {k} was {_said(old.get(k))}, "
                        f"now {_said(entry.get(k))}"
                        + _default_changed(k, old.get(k), left_out.get(entry["name"]))
                    )
                if None not in (old.get("sha256"), entry.get("sha256")):
                    if old["sha256"] != entry["sha256"]:
                        found.append(f"{what} {entry['name']!r}: its file has changed")
        return found


class PlanUnits(Sequence[ExperimentUnit]):
    """A plan's units in its order, each made when asked for (by index or in turn)."""

    def __init__(self, plan: ExperimentPlan) -> None:
        self.plan = plan
        self.shape = (len(plan.data), plan.runs, plan.folds, len(plan.schemes))

    def __len__(self) -> int:
        return math.prod(self.shape)

    @overload
    def __getitem__(self, index: int) -> ExperimentUnit: ...
    @overload
    def __getitem__(self, index: slice) -> list[ExperimentUnit]: ...
    def __getitem__(self, index: int | slice) -> ExperimentUnit | list[ExperimentUnit]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if not -len(self) <= index < len(self):
            raise IndexError(f"unit {index} of a plan of {len(self)}")
        rest, scheme = divmod(index % len(self), self.shape[3])
        rest, fold = divmod(rest, self.shape[2])
        data, run = divmod(rest, self.shape[1])
        plan = self.plan
        return ExperimentUnit(
            plan.data[data], plan.schemes[scheme], run + 1, fold, plan.folds
        )

    def __iter__(self) -> Iterator[ExperimentUnit]:
        plan = self.plan
        for data in plan.data:
            for run in range(1, plan.runs + 1):
                for fold in range(plan.folds):
                    for scheme in plan.schemes:
                        yield ExperimentUnit(data, scheme, run, fold, plan.folds)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]


def _default_changed(name: str, was: Any, left_out: set[str] | None) -> str:
    """The remedy for a difference that only today's default made: keep the old one."""
    if not left_out or name not in left_out:
        return ""
    key = BY_NAME[name].cli_flag.lstrip("-")
    return (
        f" (the plan leaves it out and its default changed: give {key} = "
        f"{_said(was)} in the scheme to keep the records' value)"
    )


def _with_defaults(schemes: list[dict], defaults: dict) -> list[dict]:
    """Reduction schemes' entries with the parameters they leave out at ``defaults``.

    Peers and the learner alone take none of them.
    """
    return [
        s if s.get("peer") or s.get("ranker") == "pointwise" else {**defaults, **s}
        for s in schemes
    ]


#: What the command line adds where it advises --positive: it names the class
#: that ranks first in every --data file at once.
ONE_POSITIVE_FOR_ALL = (
    "(one for every --data file: files whose positive classes differ each name "
    'theirs in a plan file, positive = "VALUE" in its [[data]] table, as '
    "examples/experiment.toml shows)"
)


def _in_data_keys(err: WekaRankingError, where: str) -> WekaRankingError:
    """A data set's error with its remedies said as a plan file's ``[[data]]`` keys.

    The loader advises in the library's parameter names (``positive``), which
    the command line says as its flags (``--positive VALUE``); a plan's user
    writes ``positive = "VALUE"`` in the data set's table instead. A remedy
    an experiment has neither key nor flag for is said as :data:`NO_DATA_KEY`
    has it (its flag, another command's, was advised to experiment's users).
    """
    untaken = [r.name for r in err.remedies if r.name in NO_DATA_KEY]
    if untaken:
        return DataError(f"{err.message}: {NO_DATA_KEY[untaken[0]]}")
    if where == FROM_FLAGS:
        if not any(r.name == "positive" for r in err.remedies):
            return err
        # One --positive is every --data file's: say how files whose classes
        # differ each name theirs (a new user looked for it in --help).
        remedies = [
            replace(r, note=ONE_POSITIVE_FOR_ALL) if r.name == "positive" else r
            for r in err.remedies
        ]
        return DataError(err.message, *remedies)
    if not any(r.name in DATA_KEYS for r in err.remedies):
        return err
    said = ", or ".join(
        f"{r.advice} {r.name} = {json.dumps(r.value)}{f' {r.note}' if r.note else ''}"
        for r in err.remedies
    )
    return DataError(f"{err.message}: {said} in its [[data]] table of {where}")


def _said(value: Any) -> str:
    return "not given" if value is None else repr(value)


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


PLAN_KEYS = {"folds", "runs", "baseline", "significance", "roc_data", "rope"}
DATA_KEYS = {"files", "class", "positive", "keep"}
# What an experiment advises for a data set's remedy it has no key or flag for.
NO_DATA_KEY = {
    "drop_unsupported": "remove it from the file: an experiment reads every "
    "attribute (--drop-unsupported is cv's, train's and rank's)",
}
# A plan is a few kilobytes (the choosing study's 28 schemes: 3 KB); a larger
# file is no plan, and is refused before it is read.
MAX_PLAN_BYTES = 1 << 20


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _unknown(given: dict, known: set, where: str) -> None:
    extra = sorted(set(given) - known)
    if extra:
        raise invalid(
            extra[0], given[extra[0]], where, f"unknown key; use {sorted(known)}"
        )


def _plan_text(path: Path) -> str:
    """The plan file's text, refused in one line naming it if it is none."""
    try:
        status = inputs.regular_file(path, "plan file")
        if status.st_size > MAX_PLAN_BYTES:
            raise DataError(
                f"{path}: {status.st_size:,} bytes, more than a plan's "
                f"{MAX_PLAN_BYTES:,}: give the plan's TOML file"
            )
        raw = path.read_bytes()
    except OSError as err:
        raise DataError(f"{path}: cannot read the plan ({err.strerror})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        utf16 = raw[:2] in (b"\xff\xfe", b"\xfe\xff")
        line = raw.count(b"\n", 0, err.start) + 1
        raise DataError(
            f"{path}: "
            + (
                "UTF-16 text (it starts with a byte-order mark)"
                if utf16
                else f"line {line}: byte {raw[err.start]:#04x} is not UTF-8"
            )
            + ": a TOML plan is UTF-8; save it as UTF-8"
        ) from None


def _tables(document: dict, key: str, path: Path) -> list[dict]:
    """The plan's ``[[key]]`` tables, refusing ``[key]`` or a value in their place."""
    entries = document.get(key, [])
    if isinstance(entries, dict):
        raise DataError(
            f"{path}: [{key}] is one table; write [[{key}]] (double brackets), "
            f"one for each {'data set' if key == 'data' else key}"
        )
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise invalid(key, entries, str(path), f"write [[{key}]] tables")
    return entries


def _check_data_entry(entry: dict, where: str) -> list[str]:
    """A ``[[data]]`` table's keys by type; its files, globs or tasks as a list."""
    _unknown(entry, DATA_KEYS, where)
    files = entry.get("files")
    files = [files] if isinstance(files, str) else files
    if not isinstance(files, list) or not files:
        raise invalid("files", files, where, "list files, globs or tasks")
    if not all(isinstance(f, str) and f for f in files):
        raise invalid("files", files, where, "each a file, glob or task, as a string")
    for key in ("class", "positive"):
        value = entry.get(key)
        if value is not None and not (isinstance(value, str) or _is_int(value)):
            raise invalid(key, value, where, "a name or a number")
    keep = entry.get("keep")
    if keep is not None and (
        not isinstance(keep, list) or not all(isinstance(k, str) for k in keep)
    ):
        raise invalid("keep", keep, where, 'a list of class values, e.g. ["a", "b"]')
    return files


def read_plan(path: str | Path) -> ExperimentPlan:
    """The plan a TOML file describes; paths in it are relative to its folder."""
    path = Path(path)
    text = _plan_text(path)
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{path}: not a TOML plan: {err}") from None
    except RecursionError:
        raise DataError(f"{path}: not a TOML plan: nested too deep") from None
    _unknown(document, {"experiment", "data", "scheme", "rule", "amendment"}, str(path))
    rule, amendments = read_rule(document, str(path))
    settings = document.get("experiment", {})
    if not isinstance(settings, dict):
        raise invalid("experiment", settings, str(path), "write one [experiment] table")
    _unknown(settings, PLAN_KEYS, f"{path} [experiment]")
    data: list[DataSpec] = []
    for i, entry in enumerate(_tables(document, "data", path), 1):
        where = f"{path} [[data]] {i}"
        files = _check_data_entry(entry, where)
        data += data_specs(
            files,
            path.parent,
            where,
            entry.get("class"),
            entry.get("positive"),
            entry.get("keep"),
        )
    schemes = []
    for i, entry in enumerate(_tables(document, "scheme", path), 1):
        entry = dict(entry)
        name = entry.pop("name", None)
        schemes.append(Scheme.of(name, entry, f"{path} [[scheme]] {i}"))
    return ExperimentPlan(
        tuple(data),
        tuple(schemes),
        **{k: settings[k] for k in PLAN_KEYS if k in settings},
        source=str(path),
        rule=rule,
        amendments=amendments,
    )


def run_unit(unit: ExperimentUnit) -> list[dict]:
    """Train the unit's scheme on its training fold and rank its test fold.

    One record: the fold's AUC (ties one half, as WEKA's), costs (seconds,
    pairs, the JVM's peak heap over the unit), and the
    test fold's scores and labels (for ROC curves and pooled AUCs). A unit
    WEKA cannot train gives one record holding the error.
    """
    from weka_ranking.evaluation import evaluate_fold, fit_fold

    head = {
        "dataset": unit.data.name,
        "scheme_name": unit.scheme.name,
        "run": unit.run,
        "fold": unit.fold,
        "folds": unit.folds,
    }
    data = unit.data.load()
    train_rows, test_rows = _folds(unit.data, unit.folds, unit.run)[unit.fold]
    train, test = data.subset(train_rows), data.subset(test_rows)
    from weka_ranking import bridge

    bridge.reset_peak_heap()
    try:
        model, seconds = fit_fold(unit.scheme.estimator(), train)
        record = evaluate_fold(
            model, test, fold=unit.fold, n_train=len(train), train_seconds=seconds
        )
    except (WekaError, HeapError, ValueError) as err:
        # One unit's heap shortfall fails that unit: the others may fit, and
        # --retry-failed with a larger --heap runs it again.
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
        tuple(specs), parsed, folds, runs, baseline or "", source=FROM_FLAGS
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
