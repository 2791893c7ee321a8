"""Readings the package cannot give itself: another WEKA's jar, another pair order.

The monograph is from the WEKA 3.6 era and describes its pairs interleaved
(each (alpha, beta) followed by (beta, alpha), its ``combinar``), where the
package builds them in two blocks. A small Java program (``java/MonographCell.java``),
compiled against the jar it runs with, trains one fold of a cell in a plain JVM:
the learner alone (its class distributions), or the learner on all pairs built
in the order asked (each test instance's tournament degree). This module writes
the fold files, runs it, and keeps one record a fold in ``harness.jsonl`` beside
the study's store, which the report reads as declared readings.

WEKA 3.6.14 is Debian's ``weka`` package: ``apt-get download weka`` gives
``weka_3.6.14-3_all.deb`` (SHA-256 :data:`DEB_SHA256`), whose
``usr/share/java/weka-3.6.14.jar`` has SHA-256 :data:`JAR_SHA256`; point
``WEKA36_JAR`` at it (``apt-get install weka`` puts it at :data:`DEFAULT_JAR`).
Where it is absent the WEKA 3.6 readings are skipped with one line.

The harness is also the materialised-pair reference of the interleaved order: once
the meta-classifier orders its own pairs (``-pair-order``), its interleaved cells
under WEKA 3.9 are to equal the harness's ``I`` reading fold by fold.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from weka_ranking import jvm
from weka_ranking.arff import to_arff
from weka_ranking.data import Attribute, Dataset
from weka_ranking.experiments import ResultStore, registration
from weka_ranking.folds import weka_folds
from weka_ranking.learners import classname
from weka_ranking.metrics import auc
from weka_ranking.tasks import load_task
from weka_ranking_studies.monograph.hypotheses import read_plan
from weka_ranking_studies.monograph.plan import FILE_CLASS_0_FIRST, FOLDS, SEED

DEFAULT_JAR = Path("/usr/share/java/weka-3.6.14.jar")
DEB_SHA256 = "58ea5ec3b42ca9719be5756d1bd64ebed0e69d16d6fffa200b3cebf4ccccab16"
JAR_SHA256 = "fcdc5315cb9054b396d2e1bac7e007800b01b3d2221cca6afb065f6821e60b42"
SOURCE = Path(__file__).parent / "java" / "MonographCell.java"
RECORDS = "harness.jsonl"
# The WEKA the package runs with, and WEKA 3.6.14 (2016), the last 3.6 release.
CURRENT, LEGACY = "3.9", "3.6.14"
ORDERS = ("blocks", "interleaved")
# What names a job, in a record.
KEY_FIELDS = ("learner", "task", "config", "version", "order", "class_order")


def legacy_jar() -> Path | None:
    """WEKA 3.6.14's jar (``WEKA36_JAR`` or Debian's path), or None."""
    path = Path(os.environ.get("WEKA36_JAR", DEFAULT_JAR))
    return path if path.is_file() else None


def skip_reason() -> str | None:
    """One line saying why the WEKA 3.6 readings cannot run here, or None."""
    if legacy_jar() is None:
        where = os.environ.get("WEKA36_JAR", DEFAULT_JAR)
        return (
            f"WEKA 3.6.14's jar not found at {where} (apt-get install weka, or "
            "WEKA36_JAR=path): its readings are skipped"
        )
    return None


def sha256(path: Path) -> str:
    """The file's SHA-256, to say which jar a reading ran on."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def classpath(version: str) -> list[str]:
    """The jars of one WEKA version."""
    if version == CURRENT:
        return list(jvm.weka_classpath())
    jar = legacy_jar()
    if jar is None:
        raise FileNotFoundError(skip_reason())
    return [str(jar)]


def compiled(version: str) -> Path:
    """The harness compiled against one WEKA version's jars (cached by its source)."""
    source = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:12]
    out = Path(tempfile.gettempdir()) / f"weka-ranking-harness-{source}-{version}"
    if not (out / "MonographCell.class").is_file():
        out.mkdir(parents=True, exist_ok=True)
        cp = os.pathsep.join(classpath(version))
        subprocess.run(
            ["javac", "-nowarn", "-cp", cp, "-d", str(out), str(SOURCE)],
            check=True,
            capture_output=True,
        )
    return out


def pair_header(data: Dataset) -> str:
    """The empty pair data set of Algorithm 1 as ARFF: first_, second_, first_wins."""
    attributes = tuple(
        Attribute(side + a.name, a.values)
        for side in ("first_", "second_")
        for a in data.attributes
    )
    empty = Dataset(
        X=np.empty((0, len(attributes))),
        y=np.empty(0, dtype=np.int8),
        attributes=attributes,
        class_name="first_wins",
        class_values=("0", "1"),
        positive_index=1,
        relation=f"{data.relation}-pairs",
    )
    return to_arff(empty)


def task_data(task: str, class_order: str) -> Dataset:
    """The task with the class that ranks first: ours (the minority) or the file's 0.

    The class values stay declared as the package declares them.
    """
    data = load_task(task)
    if class_order == "file" and FILE_CLASS_0_FIRST[task] == "majority-first":
        data = replace(data, y=1 - data.y, positive_index=1 - data.positive_index)
    return data


@dataclass(frozen=True)
class Job:
    """One cell under one reading: a WEKA version, a pair order, a class order."""

    learner: str
    task: str
    config: str  # "base" or "original"
    version: str
    order: str = "blocks"
    class_order: str = "ours"

    @property
    def key(self) -> tuple:
        return (
            self.learner,
            self.task,
            self.config,
            self.version,
            self.order,
            self.class_order,
        )


def _stable_auc(y: np.ndarray, scores: np.ndarray) -> float:
    """The AUC of the list sorted by score, equal scores in the fold's order."""
    order = np.argsort(-scores, kind="stable")
    positions = np.empty(len(order))
    positions[order] = -np.arange(len(order))
    return auc(y, positions)


def fold_record(job: Job, fold: int) -> dict:
    """Run one fold of a job in a fresh JVM; its AUCs as the readings see them.

    ``auc``: the class that ranks first, ties one half; ``auc_stable``: equal scores
    in the fold's order; ``auc_class0``: WEKA's default, the AUC of class index 0 by
    its own probability (the Evaluation's and the Experimenter's number).
    """
    data = task_data(job.task, job.class_order)
    train_rows, test_rows = list(weka_folds(data.y, FOLDS, SEED))[fold]
    train, test = data.subset(train_rows), data.subset(test_rows)
    with tempfile.TemporaryDirectory() as work:
        paths = [Path(work) / f"{name}.arff" for name in ("train", "test", "pairs")]
        paths[0].write_text(to_arff(train))
        paths[1].write_text(to_arff(test))
        mode = "alone" if job.config == "base" else job.order
        args = [mode, classname(job.learner), str(data.positive_index)]
        args += [str(p) for p in paths[:2]]
        if mode != "alone":
            paths[2].write_text(pair_header(train))
            args.append(str(paths[2]))
        cp = [str(compiled(job.version)), *classpath(job.version)]
        started = time.perf_counter()
        result = subprocess.run(
            jvm.java_argv(cp, "-Xmx3g") + ["MonographCell", *args],
            capture_output=True,
            text=True,
        )
        seconds = time.perf_counter() - started
    if result.returncode != 0:
        raise RuntimeError(f"{job}: fold {fold}: {result.stderr.strip()[-500:]}")
    numbers = np.array([line.split() for line in result.stdout.split("\n") if line],
                       dtype=float)  # fmt: skip
    class0 = test.class_index == 0
    if mode == "alone":
        scores = numbers[:, data.positive_index]
        class0_scores = numbers[:, 0]
    else:
        scores = numbers[:, 0]
        # The reduction's distribution gives class 0 the degree where class 0 ranks
        # first, the rest of it where the other does.
        class0_scores = scores if data.positive_index == 0 else -scores
    return {
        **dict(zip(KEY_FIELDS, job.key)),
        "fold": fold,
        "auc": auc(test.y, scores),
        "auc_stable": _stable_auc(test.y, scores),
        "auc_class0": auc(class0.astype(np.int8), class0_scores),
        "seconds": round(seconds, 3),
        "scores": numbers[:, 0].tolist() if mode != "alone" else None,
    }


def _key(record: dict) -> tuple:
    return tuple(record[k] for k in KEY_FIELDS)


def read_records(folder: Path) -> list[dict]:
    """The harness's records kept beside a store (none where it never ran)."""
    path = Path(folder) / RECORDS
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line]


def folds_kept(records: list[dict]) -> dict[tuple, set[int]]:
    """The folds kept of each job, by its key (a job stopped midway keeps some)."""
    kept: dict[tuple, set[int]] = {}
    for r in records:
        kept.setdefault(_key(r), set()).add(r["fold"])
    return kept


def run(jobs: list[Job], folder: Path, progress=print) -> int:
    """Run the jobs' folds not yet kept in ``folder/harness.jsonl``, appending each.

    Returns the folds run now. A WEKA 3.6 job where its jar is absent is skipped with
    one line. The readings' rule is registered in ``folder`` first, as the
    reproduction's run does (:func:`.run.register_readings`), and each fold's
    record says when and where it ran (``provenance``).
    """
    from weka_ranking_studies.monograph.run import register_readings

    folder = Path(folder)
    register_readings(ResultStore(folder), {"harness": [str(job) for job in jobs]})
    kept = folds_kept(read_records(folder))
    reason = skip_reason()
    ran = 0
    for job in jobs:
        if job.version == LEGACY and reason:
            progress(f"skipped {job}: {reason}")
            continue
        for fold in range(FOLDS):
            if fold in kept.get(job.key, ()):
                continue
            [record] = registration.stamped(lambda f: [fold_record(job, f)], fold)
            record["jar_sha256"] = (
                sha256(legacy_jar()) if job.version == LEGACY else None
            )
            with (folder / RECORDS).open("a") as stream:
                stream.write(json.dumps(record, sort_keys=True) + "\n")
            ran += 1
        progress(f"done {job}")
    return ran


def cells(records: list[dict]) -> dict[tuple, dict]:
    """Per job key: the fold AUCs' mean and sample variance of each kind, and seconds.

    Only jobs with all their folds.
    """
    groups: dict[tuple, list[dict]] = {}
    for r in records:
        key = _key(r)
        groups.setdefault(key, []).append(r)
    out = {}
    for key, group in groups.items():
        if len({r["fold"] for r in group}) != FOLDS:
            continue
        group = sorted({r["fold"]: r for r in group}.values(), key=lambda r: r["fold"])
        out[key] = {
            kind: (float(np.mean(v)), float(np.var(v, ddof=1)))
            for kind in ("auc", "auc_stable", "auc_class0")
            for v in [[r[kind] for r in group]]
        } | {
            "seconds": sum(r["seconds"] for r in group),
            "fold_auc": [r["auc"] for r in group],
        }
    return out


def plan_jobs(learners, tasks, plan: dict) -> list[Job]:
    """The jobs the plan's harness readings need, and the package's own to check.

    The learner alone in each WEKA version a base reading names; ``original`` in
    each (version, pair order, class order) an ``original`` reading names, the file's
    class order only where it differs from ours. The package's own reading (3.9,
    blocks, ours) is run too: it must equal the store, which checks the harness.
    """
    harnessed = [r for r in plan["original"] if r["source"] == "harness"]
    versions = {r["version"] for r in plan["base"] if r["source"] == "harness"}
    combos = {(CURRENT, "blocks", "ours")} | {
        (r["version"], r["order"], r["class_order"]) for r in harnessed
    }
    jobs = []
    for learner in learners:
        for task in tasks:
            for version in sorted(versions | {CURRENT}):
                jobs.append(Job(learner, task, "base", version))
            jobs += [
                Job(learner, task, "original", version, order, class_order)
                for version, order, class_order in sorted(combos)
                if class_order == "ours" or FILE_CLASS_0_FIRST[task]
            ]
    return jobs


def store_seconds(results) -> dict[tuple[str, str, str], float]:
    """The store's training seconds of each (learner, task, config) over its folds.

    Only cells trained on WEKA's path: the harness runs WEKA's learners on the
    pairs, so a cell trained from the rows cannot pace it.
    """
    return {
        (learner, task, config): cell.train_seconds
        for learner in results.learners
        for task in results.tasks
        for config in ("base", "original")
        if (cell := results.cell(learner, task, config)) is not None
        and cell.on_wekas_path
    }


def estimate(key: tuple, costs: dict, harness_cells: dict) -> dict | None:
    """What a job not yet run would take, from the store's cost of its cell.

    The store's training seconds of the cell (``costs``, :func:`store_seconds`)
    times the harness's pace: its seconds over the store's on the same learner's
    costliest cell it ran in the same WEKA and pair order (the class order costs
    the same). None where the store has no cost for the cell or the harness no
    such cell to pace it by.
    """
    learner, task, config, version, order, _ = key
    paced = [
        (costs[other[:3]], cell["seconds"], other[1])
        for other, cell in harness_cells.items()
        if (other[0], other[2], other[3], other[4]) == (learner, config, version, order)
        and costs.get(other[:3])
    ]
    if not paced or not costs.get(key[:3]):
        return None
    store, took, task_paced = max(paced)
    return {
        "seconds": costs[key[:3]] * took / store,
        "store_seconds": costs[key[:3]],
        "pace": took / store,
        "paced_on": task_paced,
    }


def left_open(key: tuple, kept: dict, costs: dict, done: dict) -> dict:
    """A job not run to its last fold: its folds kept, the rest's estimated seconds.

    ``kept`` from :func:`folds_kept`, ``costs`` from :func:`store_seconds`, ``done``
    the complete jobs (:func:`cells`) that pace the estimate (:func:`estimate`).
    """
    guess = estimate(key, costs, done) or {
        "seconds": None,
        "store_seconds": costs.get(key[:3]),
        "pace": None,
        "paced_on": None,
    }
    folds = len(kept.get(key, ()))
    rest = guess["seconds"] and guess["seconds"] * (FOLDS - folds) / FOLDS
    return guess | {"folds_kept": folds, "seconds": rest}


def duration(seconds: float | None) -> str:
    """An estimated time as a reader plans with it: hours, or minutes under one."""
    if seconds is None:
        return "unknown"
    if seconds >= 3600:
        return f"{seconds / 3600:.1f} h"
    return f"{max(1, round(seconds / 60))} min"


def command(key: tuple, slow: bool) -> str:
    """The command line that runs one job (resumable), from the study's folder."""
    learner, task, _config, version, order, class_order = key
    jar = f"WEKA36_JAR={DEFAULT_JAR} " if version == LEGACY else ""
    return (
        f"{jar}python -m {__name__} --out docs --learners {learner} "
        f"--tasks {task} --versions {version} --orders {order} "
        f"--class-orders {class_order}" + (" --include-slow" if slow else "")
    )


# Cheapest first, so that an interrupted run has the most cells.
BY_SIZE = ("hepatitis", "glass", "breast-cancer", "yeast", "vehicle")


def main(argv: list[str] | None = None) -> int:
    """``python -m weka_ranking_studies.monograph.harness --out docs``: the readings.

    Resumable (folds already in ``harness.jsonl`` are kept). The cells the study
    leaves out as slow (SMO's ``original`` on breast-cancer and vehicle) are left
    out here too, said in one line each, unless ``--include-slow``; ``--versions``,
    ``--orders`` and ``--class-orders`` keep only the jobs named; ``--estimate``
    prints each job left with its estimated seconds (:func:`estimate`) and runs
    nothing.
    """
    import argparse

    from weka_ranking.learners import NAMED_LEARNERS
    from weka_ranking_studies.monograph.plan import SLOW_CELLS

    parser = argparse.ArgumentParser(prog="python -m " + __name__)
    parser.add_argument("--out", required=True, help="the study's store folder")
    parser.add_argument("--learners", nargs="*", default=list(NAMED_LEARNERS))
    parser.add_argument("--tasks", nargs="*", default=list(BY_SIZE))
    parser.add_argument("--versions", nargs="*", default=[CURRENT, LEGACY])
    parser.add_argument("--orders", nargs="*", default=list(ORDERS))
    parser.add_argument("--class-orders", nargs="*", default=["ours", "file"])
    parser.add_argument(
        "--include-slow",
        action="store_true",
        help="run the cells the study leaves out as slow too",
    )
    parser.add_argument(
        "--estimate",
        action="store_true",
        help="print each job left with its estimated time; run none",
    )
    args = parser.parse_args(argv)  # fmt: skip
    jobs = [
        job
        for job in plan_jobs(args.learners, args.tasks, read_plan())
        if job.version in args.versions
        and (job.config == "base" or job.order in args.orders)
        and job.class_order in args.class_orders
    ]
    kept = []
    for job in jobs:
        slow = SLOW_CELLS.get((job.learner, job.task, job.config))
        if slow and not args.include_slow:
            print(f"left out {job}: {slow} (--include-slow runs it)")
        else:
            kept.append(job)
    # The learner alone first, then the readings of `original` in the order the
    # learners and tasks are given; the checks against the store (the package's
    # own reading) last.
    kept.sort(
        key=lambda j: (
            j.config != "base",
            (j.version, j.order, j.class_order) == (CURRENT, "blocks", "ours"),
            args.learners.index(j.learner),
            args.tasks.index(j.task),
        )
    )
    if args.estimate:
        from weka_ranking_studies.monograph.aggregate import Results

        records = read_records(Path(args.out))
        costs = store_seconds(Results.from_store(args.out))
        done, kept_folds = cells(records), folds_kept(records)
        for job in kept:
            if job.key in done:
                continue
            left = left_open(job.key, kept_folds, costs, done)
            print(
                f"{job}: {FOLDS - left['folds_kept']} folds left, "
                + (
                    f"about {duration(left['seconds'])} (the store's "
                    f"{left['store_seconds']:.0f} s times the pace "
                    f"{left['pace']:.2f} measured on {left['paced_on']})"
                    if left["seconds"] is not None
                    else "no estimate (no cell of this learner run to pace it)"
                )
            )
        return 0
    started = time.perf_counter()
    ran = run(kept, Path(args.out), lambda line: print(line, flush=True))
    print(f"{ran} folds run in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
