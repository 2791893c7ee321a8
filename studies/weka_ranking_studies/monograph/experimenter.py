"""The study run by WEKA's own Experimenter, in a plain JVM.

The monograph's tables were very likely made in WEKA's Experimenter (run 1,
10-fold cross-validation, IR class 1). Each published cell is run there with
the scheme the store records for it (the installed WEKA package, WEKA's jars
only), read two ways: the ranking's scores as they are (WEKA's AUC counts
equal scores one half) and as rank positions (``-positions``: equal degrees
in the fold's order, what an AUC of the ranked list sees). Each cell's
per-fold AUCs are then set beside the store's.
"""

from __future__ import annotations

import csv
import io
import os
import shlex
import statistics
import subprocess
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from weka_ranking import jvm
from weka_ranking.arff import to_arff
from weka_ranking.atomic import write_atomically
from weka_ranking.experiments import ResultStore
from weka_ranking.learners import NAMED_LEARNERS
from weka_ranking.stats import corrected_interval, corrected_resampled_t
from weka_ranking.tasks import STUDY_TASKS, load_task
from weka_ranking.weka_package import write_package
from weka_ranking_studies.monograph.aggregate import CONFIGS, published_tables
from weka_ranking_studies.monograph.plan import (
    FILE_CLASS_0_FIRST,
    FOLDS,
    SEED,
    monograph_scheme,
)

# reading: (the option added to the scheme, the store's AUC it should equal)
READINGS = {"scores": ("", "auc"), "positions": ("-positions", "auc_stable")}
REDUCTION = "weka.classifiers.meta.RankingReduction"


@dataclass(frozen=True)
class Job:
    """One published cell under one reading, as one Experimenter run."""

    learner: str
    task: str
    config: str
    reading: str
    scheme: str  # classname and options, as the store records them
    class_index: int  # WEKA's 1-based index of the class that ranks first
    runs: int = 1  # the Experimenter's runs 1..runs (each its own folds)

    @property
    def name(self) -> str:
        runs = f"-{self.runs}runs" if self.runs > 1 else ""
        return f"{self.learner}-{self.task}-{self.config}-{self.reading}{runs}"

    def classifier(self) -> list[str]:
        """``-W classname -- options`` for ClassifierSplitEvaluator.

        The learner alone for the base cell's scores, else the reduction with the
        reading's option.
        """
        words = shlex.split(self.scheme)
        split = words.index("--") if "--" in words else len(words)
        if self.config == "base" and self.reading == "scores":
            learner = words[words.index("-W") + 1]
            return ["-W", learner, "--", *words[split + 1 :]]
        option = READINGS[self.reading][0]
        own = [*words[1:split], *([option] if option else [])]
        return ["-W", words[0], "--", *own, *words[split:]]


def _store_cells(store: ResultStore) -> dict[tuple, list[dict]]:
    """The store's per-fold records by (variant, learner, task, config, ranker)."""
    cells: dict[tuple, list[dict]] = defaultdict(list)
    for r in store.records():
        if "error" not in r:
            key = (r["variant"], r["learner"], r["task"], r["config"], r["ranker"])
            cells[key].append(r)
    return {k: sorted(v, key=lambda r: r["fold"]) for k, v in cells.items()}


def _key(learner: str, task: str, config: str) -> tuple:
    """The store's cell the published cell is read from.

    The file's class 0 ranking first (the monograph's order), the correct tournament.
    """
    if config == "base":
        return ("", learner, task, "base", "pointwise")
    return (FILE_CLASS_0_FIRST[task], learner, task, CONFIGS[config], "tournament")


def plan(
    store_folder: str | Path,
    configs: tuple[str, ...] = tuple(CONFIGS),
    readings: tuple[str, ...] = tuple(READINGS),
    runs: int = 1,
) -> list[Job]:
    """A job per published cell and reading whose store cell has a scheme."""
    cells = _store_cells(ResultStore(store_folder))
    jobs = []
    for learner, task, config in published_tables():
        if config not in configs:
            continue
        records = cells.get(_key(learner, task, config))
        if not records or "scheme" not in records[0]:
            continue
        scheme = monograph_scheme(records[0]["scheme"])
        words = shlex.split(scheme)
        first = words.index("-rank-first") if "-rank-first" in words else None
        index = int(words[first + 1]) if first is not None else 1
        for reading in readings:
            jobs.append(Job(learner, task, config, reading, scheme, index, runs))
    return jobs


def _task_file(task: str, folder: Path) -> Path:
    """The task's data as the store's runs give it to WEKA (class last).

    Written with every digit so WEKA reads the same numbers back.
    """
    path = folder / f"{task}.arff"
    if not path.exists():
        write_atomically(path, to_arff(load_task(task)))
    return path


def _java(weka_home: Path, *args: str) -> str:
    """A JVM with WEKA's jars only, as WEKA's own launcher starts it."""
    result = subprocess.run(
        jvm.java_argv(jvm.weka_classpath(), "-Xmx3g") + [*args],
        capture_output=True,
        text=True,
        env={**os.environ, "WEKA_HOME": str(weka_home)},
    )
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(args[:2])}: {result.stderr[-2000:]}")
    return result.stdout


def install(folder: Path) -> Path:
    """A fresh WEKA_HOME under ``folder`` with the package installed.

    Installed by WEKA's package manager.
    """
    home = folder / "weka_home"
    if not (home / "packages" / "weka-ranking").is_dir():
        package = write_package(folder)
        _java(home, "weka.core.WekaPackageManager", "-offline", "-install-package",
              str(package))  # fmt: skip
    return home


def run_job(job: Job, data: Path, weka_home: Path, out: Path) -> Path:
    """The cell's 10 folds in the Experimenter, into ``out`` (atomically)."""
    path = out / f"{job.name}.csv"
    if path.exists():
        return path
    partial = out / f".{job.name}.partial.csv"
    _java(
        weka_home,
        "weka.experiment.Experiment",
        "-r",
        "-L", str(SEED), "-U", str(SEED + job.runs - 1),
        "-T", str(data),
        "-D", f"weka.experiment.CSVResultListener -O {partial}",
        "-P", "weka.experiment.CrossValidationResultProducer",
        "--", "-X", str(FOLDS), "-W", "weka.experiment.ClassifierSplitEvaluator",
        "--", "-C", str(job.class_index), *job.classifier(),
    )  # fmt: skip
    os.replace(partial, path)
    return path


def run(
    store_folder: str | Path,
    out: str | Path,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    work: list[Job] | None = None,
) -> list[Path]:
    """Run every job, resumably: a finished job's file stays.

    By default the jobs are of every published cell, run 1, both readings.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    home = install(out)
    work = plan(store_folder) if work is None else work
    data = {task: _task_file(task, out) for task in {j.task for j in work}}
    done = []
    with ThreadPoolExecutor(jobs) as pool:  # each job is a JVM of its own
        for path in pool.map(lambda j: run_job(j, data[j.task], home, out), work):
            done.append(path)
            if progress:
                progress(len(done), len(work))
    return done


def fold_aucs(path: Path) -> list[float]:
    """The Experimenter's Area_under_ROC per fold, in fold order."""
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    rows.sort(key=lambda row: int(float(row["Key_Fold"])))
    return [float(row["Area_under_ROC"]) for row in rows]


def compare(store_folder: str | Path, out: str | Path) -> list[dict]:
    """Each job beside the store, and whether all ten fold AUCs are equal.

    The Experimenter's fold AUCs, the store's AUC of the matching kind, equal to 1e-12.
    """
    cells = _store_cells(ResultStore(store_folder))
    rows = []
    for job in plan(store_folder):  # run 1
        path = Path(out) / f"{job.name}.csv"
        if not path.exists():
            continue
        theirs = fold_aucs(path)
        kind = READINGS[job.reading][1]
        ours = [r[kind] for r in cells[_key(job.learner, job.task, job.config)]]
        rows.append(
            {
                "learner": job.learner,
                "task": job.task,
                "config": job.config,
                "reading": job.reading,
                "experimenter": theirs,
                "store": ours,
                "equal": len(theirs) == len(ours)
                and all(abs(a - b) <= 1e-12 for a, b in zip(theirs, ours)),
            }
        )
    return rows


# The findings tested as the Experimenter tests them: 10 runs of 10-fold CV,
# each ranking configuration against the learner alone.
RESAMPLED_RUNS = 10
SIGNIFICANCE = 0.05
RANKINGS = ("original", "star", "double_star")
VOTING = "voting raises AUC above the learner alone in most cases"
J48_YEAST = "J48 on yeast gains about +0.46 AUC from the reduction"
NAIVE_BAYES = "NaiveBayes collapses below 0.5 except on yeast"
FINDINGS: dict[str, tuple[tuple[str, str, str], ...]] = {
    VOTING: tuple(
        (learner, task, "star") for learner in NAMED_LEARNERS for task in STUDY_TASKS
    ),
    J48_YEAST: tuple(("J48", "yeast", config) for config in RANKINGS),
    NAIVE_BAYES: tuple(
        ("NaiveBayes", task, config) for task in STUDY_TASKS for config in RANKINGS
    ),
}
# A finding that names the size of a difference: is it inside the interval?
CLAIMED_DIFFERENCE = {J48_YEAST: 0.46}
# A finding that names a bound: the AUC it claims the cells fall below.
CLAIMED_BELOW = {NAIVE_BAYES: 0.5}


def resampled_plan(store_folder: str | Path) -> list[Job]:
    """The learner alone and the configurations the findings compare with it.

    10 runs each, scores as they are.
    """
    wanted = {cell for cells in FINDINGS.values() for cell in cells}
    return [
        job
        for job in plan(store_folder, tuple(CONFIGS), ("scores",), RESAMPLED_RUNS)
        if job.config == "base" or (job.learner, job.task, job.config) in wanted
    ]


def _runs(path: Path) -> tuple[list[float], float]:
    """AUCs by (run, fold), and the test/train size ratio WEKA's tester uses."""
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    rows.sort(key=lambda r: (int(float(r["Key_Run"])), int(float(r["Key_Fold"]))))
    train = sum(float(r["Number_of_training_instances"]) for r in rows)
    test = sum(float(r["Number_of_testing_instances"]) for r in rows)
    return [float(r["Area_under_ROC"]) for r in rows], test / train


def resampled_runs(
    store_folder: str | Path, out: str | Path
) -> dict[tuple[str, str, str], tuple[list[float], float]]:
    """The 10 x 10-fold AUCs of every resampled cell run, and its test/train ratio.

    Keyed by (learner, task, config); the ratio is of the test and train sizes.
    """
    found = {}
    for job in resampled_plan(store_folder):
        path = Path(out) / f"{job.name}.csv"
        if path.exists():
            found[job.learner, job.task, job.config] = _runs(path)
    return found


def corrected_tests(store_folder: str | Path, out: str | Path) -> list[dict]:
    """Each finding's configurations against the learner alone, per learner and task.

    Nadeau and Bengio's corrected resampled t-test over the 10 x 10 results, as WEKA's
    PairedCorrectedTTester computes it (significance 0.05), with the confidence interval
    of the difference.
    """
    runs = resampled_runs(store_folder, out)
    rows = []
    for finding, compared in FINDINGS.items():
        for learner, task, config in compared:
            if (learner, task, config) not in runs or (
                learner,
                task,
                "base",
            ) not in runs:
                continue
            ranked, ratio = runs[learner, task, config]
            alone, _ = runs[learner, task, "base"]
            t, p = corrected_resampled_t(ranked, alone, ratio)
            low, high = corrected_interval(ranked, alone, ratio, SIGNIFICANCE)
            mean, base_mean = statistics.fmean(ranked), statistics.fmean(alone)
            rows.append(
                {
                    "finding": finding,
                    "learner": learner,
                    "task": task,
                    "config": config,
                    "auc": mean,
                    "base_auc": base_mean,
                    "difference_low": low,
                    "difference_high": high,
                    "claimed_difference": CLAIMED_DIFFERENCE.get(finding),
                    "t": t,
                    "p": p,
                    "significance": 0
                    if p > SIGNIFICANCE
                    else (1 if mean > base_mean else -1),
                }
            )
    return rows
