"""Binary tasks: a data file plus the class that ranks first.

A task may also name the classes kept. Here are the monograph's five study tasks and the
benchmarks' larger ones.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from weka_ranking._resources import project_dir
from weka_ranking.arff import load_arff
from weka_ranking.data import Dataset
from weka_ranking.errors import DataError


@dataclass(frozen=True)
class Task:
    """A binary task: a data file, its positive class and the classes kept."""

    name: str
    path: Path
    positive: str | None = None
    keep: tuple[str, ...] | None = None

    def load(self, **options) -> Dataset:
        """The task's data; ``options`` go to :func:`load_arff`."""
        return load_arff(self.path, positive=self.positive, keep=self.keep, **options)

    def minority_share(self) -> float:
        """The share of the smaller class: how imbalanced the task is."""
        y = self.load().y
        return float(min(y.mean(), 1 - y.mean()))


def bundled_file(name: str) -> Path:
    """A data file this package carries (``arff_data/`` of a checkout), by file name."""
    return project_dir("arff_data") / name


def _tasks(*rows: tuple) -> dict[str, Task]:
    """Tasks by name from rows of (name, file in arff_data, positive, keep)."""
    return {row[0]: Task(row[0], bundled_file(row[1]), *row[2:]) for row in rows}


# The monograph's binarisation (after Guo and Viktor, SIGKDD Explorations 2004).
STUDY_TASKS = _tasks(
    ("breast-cancer", "breast-cancer.arff", "recurrence-events"),
    ("vehicle", "vehicle.arff", "van"),
    ("hepatitis", "hepatitis.arff", "DIE"),
    ("glass", "glass.arff", "headlamps"),
    ("yeast", "yeast.arff", "POX", ("CYT", "POX")),
)
# Larger data sets for the benchmarks (see arff_data/PROVENANCE).
BENCH_TASKS = _tasks(
    ("spambase", "spambase.arff", "1"),
    ("kr-vs-kp", "kr.vs.kp.arff", "nowin"),
    ("sick", "sick.arff", "sick"),
)
TASKS = {**STUDY_TASKS, **BENCH_TASKS}


def resolve_task(
    name_or_path: str | Path,
    positive: str | None = None,
    keep: tuple[str, ...] | None = None,
) -> Task:
    """A built-in task by name, or a task on an ARFF file.

    ``positive`` and ``keep`` override a built-in task's choices.
    """
    key = str(name_or_path)
    if key in TASKS:
        task = TASKS[key]
        return Task(task.name, task.path, positive or task.positive, keep or task.keep)
    path = Path(name_or_path)
    if path.suffix.lower() not in (".arff", ".gz", ".csv") and not path.exists():
        raise DataError(
            f"{key}: neither a built-in task ({', '.join(TASKS)}) "
            "nor an existing data file (ARFF, .arff.gz, CSV)"
        )
    return Task(path.stem, path, positive, keep)


def load_task(
    name_or_path: str | Path,
    positive: str | None = None,
    keep: tuple[str, ...] | None = None,
) -> Dataset:
    """A built-in study task by name, or a data file, as a binary Dataset."""
    return resolve_task(name_or_path, positive, keep).load()


# Pima diabetes' attributes whose zeros are impossible, so missing values.
DIABETES_MISSING = ("plas", "pres", "skin", "insu", "mass")


def diabetes_zeros_missing() -> Dataset:
    """Pima diabetes (768 rows) with its impossible zeros as missing values.

    Glucose, blood pressure, skin fold, insulin and BMI of 0 stand for values
    not measured: 376 rows miss at least one, insulin half of them.
    """
    data = load_arff(bundled_file("diabetes.arff"))
    X = data.X.copy()
    names = [a.name for a in data.attributes]
    for name in DIABETES_MISSING:
        j = names.index(name)
        X[X[:, j] == 0, j] = np.nan
    return dataclasses.replace(
        data, X=X, source="diabetes, zeros missing", weka_recipe=None
    )
