"""The monograph's units of work, run on the core's experiment engine.

What a unit of the reproduction trains and ranks (:func:`run_unit`) and the
study's entry point (:func:`reproduce`); the store, the lock, the worker
processes and Dask are the engine's (:mod:`weka_ranking.experiments`).
"""

from __future__ import annotations

import logging
import re
import warnings
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from weka_ranking import bridge
from weka_ranking.data import Dataset
from weka_ranking.errors import WekaError, WekaRankingWarning
from weka_ranking.evaluation import evaluate_fold, fit_fold
from weka_ranking.experiments import ResultStore, registration, run_resumably
from weka_ranking.folds import weka_folds
from weka_ranking.model import RankingReduction
from weka_ranking.tasks import load_task
from weka_ranking_studies.monograph import harness
from weka_ranking_studies.monograph.config import Config
from weka_ranking_studies.monograph.hypotheses import PLAN_FILE, read_plan, read_rule
from weka_ranking_studies.monograph.plan import (
    FIRST_ELEMENT,
    FOLDS,
    RANKERS,
    ROW_KERNEL_PATH,
    ROWS_PATH,
    SEED,
    WEKA_PATH,
    Unit,
    learner_options,
    smo_solver,
)

logger = logging.getLogger(__name__)


class MonographReduction(RankingReduction):
    """The reduction ranking a batch as the monograph does: the degree as first element.

    The Java ``-first-element`` (:data:`.plan.FIRST_ELEMENT`).
    """

    _variant_options = (FIRST_ELEMENT,)


class OneOrderReduction(MonographReduction):
    """The reduction trained on pairs of one order only (first element positive).

    A hypothesis about the monograph, not a method; every pair then has label 1, so the
    learner sees one class (the Java ``-one-order``).
    """

    _variant_options = ("-one-order", FIRST_ELEMENT)


# The monograph's sampled configurations (star, double_star) and their models.
SAMPLED_MODELS = {
    Config("voters", 10): {"pairs_per_instance": 1, "voters": 10},
    Config("pairs", 10): {"pairs_per_instance": 10, "voters": 1},
}


def _task_data(unit: Unit) -> Dataset:
    data = load_task(unit.task)
    if unit.variant == "majority-first":
        # The other class ranks first (for a merged class, "rest" as a whole).
        data = replace(data, y=1 - data.y, positive_index=1 - data.positive_index)
    elif unit.variant == "classes-swapped":
        # The same instances and labels, the class values declared the other way.
        values = data.class_values[::-1]
        data = replace(
            data, class_values=values, positive_index=1 - data.positive_index
        )
    return data


# Members of a declined row path, as the model's text counts them.
_DECLINED_MEMBERS = re.compile(r"from the rows for (\d+) of (\d+) members? \(")


def train_path(model: RankingReduction) -> str:
    """Which of ``TRAIN_PATHS`` the model took: costs compare only like with like.

    J48, NaiveBayes and Logistic train from the rows on any pairs (J48 and
    NaiveBayes on all pairs only before 0.2.0: a rerun's sampled cells are of
    the row path where the store's are WEKA's), SMO with
    ``smo_solver="row-kernel"``; a committee whose row path some
    members declined is of the row path (its cost is not WEKA's), one whose
    every member declined is WEKA's.
    """
    if model.ranker == "pointwise":
        return WEKA_PATH
    if model.base == "SMO":
        return ROW_KERNEL_PATH if model.smo_solver == ROW_KERNEL_PATH else WEKA_PATH
    from_rows = model.base in ("J48", "NaiveBayes", "Logistic")
    for line in model.declined_:
        counted = _DECLINED_MEMBERS.search(line)
        if f"training {model.base} from the rows (" in line or (
            counted and counted[1] == counted[2]
        ):
            from_rows = False
    return ROWS_PATH if from_rows else WEKA_PATH


def _records(
    model: RankingReduction,
    test: Dataset,
    fold: int,
    n_train: int,
    train_seconds: float,
    config: Config,
    rankers,
) -> list[tuple[Config, dict]]:
    """The fitted model ranked by each ranker: (config, record) pairs."""
    records = []
    for ranker in rankers:
        model.set_params(ranker=ranker)
        with warnings.catch_warnings():
            # Ranking as printed is the reproduction's hypothesis H1, on purpose.
            warnings.filterwarnings(
                "ignore", "ranker='tournament-as-printed'", WekaRankingWarning
            )
            record = evaluate_fold(
                model, test, fold=fold, n_train=n_train, train_seconds=train_seconds
            )
        records.append(
            (
                config,
                {
                    "ranker": ranker,
                    "pairs": model.pairs_per_instance,
                    "voters": model.voters,
                    "train_path": train_path(model),
                    **record.to_dict(),
                },
            )
        )
    return records


def run_unit(unit: Unit) -> list[dict]:
    """Train the unit's models on its fold and rank the test fold with each ranker.

    A unit WEKA cannot train (e.g. a learner refusing the one-class pairs of
    the "one-order" variant) gives one record holding the error.
    """
    return _records_or_error(unit, smo_solver(unit))


def run_unit_on_row_kernel(unit: Unit) -> list[dict]:
    """:func:`run_unit` with every SMO model of pairs on the row kernel.

    How a cell is checked before ``SMO_SOLVER_BY_CELL`` names it (``compare``).
    """
    return _records_or_error(unit, "row-kernel")


def _records_or_error(unit: Unit, solver: str) -> list[dict]:
    try:
        return _run_unit(unit, solver)
    except WekaError as err:
        return [
            {
                "task": unit.task,
                "learner": unit.learner,
                "variant": unit.variant,
                "family": unit.family,
                "fold": unit.fold,
                "error": str(err),
            }
        ]


def _run_unit(unit: Unit, solver: str) -> list[dict]:
    data = _task_data(unit)
    train_rows, test_rows = list(weka_folds(data.y, FOLDS, SEED))[unit.fold]
    train, test = data.subset(train_rows), data.subset(test_rows)
    reduction = OneOrderReduction if unit.variant == "one-order" else MonographReduction

    # The monograph's configuration unless a family says otherwise (all pairs,
    # one voter, the rows side by side), named, not left to the defaults.
    def estimator(
        learner: str,
        pairs_per_instance: int | str = "all",
        voters: int = 1,
        pair_features: str = "concat",
        **params,
    ):
        positives = int(train.y.sum())
        per_member = (
            None  # the learner alone
            if params.get("ranker") == "pointwise"
            else 2 * positives * (len(train) - positives)
            if pairs_per_instance == "all"
            else pairs_per_instance * len(train)
        )
        if learner == "NaiveBayes" and params.get("ranker") != "pointwise":
            # WEKA's own model, as the store holds it: exact sums from the rows
            # differ by ulps that turn a yeast fold's tied pairs.
            params.setdefault("sum_order", "pairs")
        if learner == "SMO" and params.get("ranker") != "pointwise":
            params.setdefault("smo_solver", solver)
        return reduction(
            learner,
            base_options=learner_options(learner, per_member, bridge.free_heap()[1]),
            pairs_per_instance=pairs_per_instance,
            voters=voters,
            pair_features=pair_features,
            **params,
        )

    fold = {"fold": unit.fold, "n_train": len(train)}
    results = []
    if unit.family == "base":
        model, seconds = fit_fold(estimator(unit.learner, ranker="pointwise"), train)
        results += _records(
            model,
            test,
            **fold,
            train_seconds=seconds,
            config=Config("base"),
            rankers=["pointwise"],
        )
    elif unit.family == "original":
        model, seconds = fit_fold(estimator(unit.learner), train)
        results += _records(
            model,
            test,
            **fold,
            train_seconds=seconds,
            config=Config("original"),
            rankers=RANKERS,
        )
    elif unit.family == "voters":
        committee, _ = fit_fold(
            estimator(unit.learner, pairs_per_instance=1, voters=max(unit.sweep)),
            train,
        )
        for voters in unit.sweep:
            model = committee.sub_committee(voters)
            results += _records(
                model,
                test,
                **fold,
                train_seconds=sum(model.member_seconds_),
                config=Config("voters", voters),
                rankers=RANKERS,
            )
    elif unit.family == "pairs":
        for pairs in unit.sweep:
            model, seconds = fit_fold(
                estimator(unit.learner, pairs_per_instance=pairs), train
            )
            results += _records(
                model,
                test,
                **fold,
                train_seconds=seconds,
                config=Config("pairs", pairs),
                rankers=RANKERS,
            )
    elif unit.family == "seeds":
        for seed in unit.sweep:
            for config, params in SAMPLED_MODELS.items():
                model, seconds = fit_fold(
                    estimator(unit.learner, seed=seed, **params), train
                )
                results += _records(
                    model,
                    test,
                    **fold,
                    train_seconds=seconds,
                    config=replace(config, seed=seed),
                    rankers=RANKERS,
                )
    else:
        raise ValueError(f"unknown family {unit.family!r}")
    return [
        {
            "task": unit.task,
            "learner": unit.learner,
            "variant": unit.variant,
            "family": unit.family,
            "config": str(config),
            "seed": SEED,
            "positive": data.positive,
            **record,
        }
        for config, record in results
    ]


def register_readings(store: ResultStore, run: dict) -> None:
    """Record the readings' rule in the store before its first unit, or refuse.

    The engine's :func:`~weka_ranking.experiments.registration.register` of
    ``readings_plan.toml``'s ``[rule]`` and amendments, with the plan of the
    readings and of this ``run``: a rule changed once results exist (the
    store's units, the harness's folds beside them) is refused unless given as
    a dated amendment. A store written before the engine recorded rules (the
    committed ``docs/``) holds results and no registration: a rule recorded
    now would not come before them, so none is, said in one line; its report
    says what its record can and cannot show.
    """
    rule, amendments = read_rule()
    with store.run_lock():
        seen = len(store.load()) + len(harness.read_records(store.folder))
        if seen and not registration.entries(store.folder):
            logger.warning(
                "%s: %d results were recorded before the readings' rule was "
                "registered, so it is not registered now (it would not come before "
                "them); the report says what the record can show",
                store.folder,
                seen,
            )
            return
        registration.register(
            store.folder,
            {"readings": read_plan(), **run},
            rule,
            amendments,
            seen,
            PLAN_FILE,
        )


def reproduce(
    out: str | Path,
    tasks: tuple[str, ...] | None = None,
    learners: tuple[str, ...] | None = None,
    quick: bool = False,
    include_slow: bool = False,
    jobs: int = 1,
    heap: str | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    experimenter: bool = False,
    executor: str = "local",
) -> tuple[int, int, Path]:
    """The reproduction into the store ``out``, resumable, and its report.

    Returns the units run now, the units in the plan and the report's path.
    ``progress(done, pending)`` is called as units finish. ``experimenter``
    then runs every published cell in WEKA's Experimenter too, and the
    learner alone and voting over 10 runs for the corrected resampled t-test,
    into ``out/experimenter`` (:mod:`.experimenter`).
    """
    from weka_ranking_studies.monograph.plan import build_plan
    from weka_ranking_studies.monograph.report import write_report

    if jobs < 1:
        raise ValueError(f"jobs must be >= 1, got {jobs}")
    units, left_out = build_plan(tasks, learners, quick, include_slow)
    if quick:
        logger.warning("quick: a subset (2 tasks, 2 learners, sweeps 1, 5, 10)")
    for line in left_out:
        logger.warning("left out: %s", line)
    smo_cells = {
        (u.variant or "main", u.task, u.family): smo_solver(u)
        for u in units
        if u.learner == "SMO" and u.family != "base"
    }
    if smo_cells:
        on_rows = sum(solver == "row-kernel" for solver in smo_cells.values())
        logger.info(
            "SMO: the row kernel in %d cells, WEKA's SMO on the pairs in %d "
            "(each cell and why: plan.SMO_SOLVER_BY_CELL)",
            on_rows,
            len(smo_cells) - on_rows,
        )
    store = ResultStore(out)
    register_readings(
        store,
        {
            "units": len(units),
            "tasks": sorted({u.task for u in units}),
            "learners": sorted({u.learner for u in units}),
            "quick": quick,
            "include_slow": include_slow,
        },
    )
    ran = run_resumably(
        units,
        run_unit,
        store,
        progress,
        jobs=jobs,
        heap=heap,
        scheduler=scheduler,
        executor=executor,
    )
    if experimenter:
        from weka_ranking_studies.monograph import experimenter as wekas

        for work in (wekas.plan(out), wekas.resampled_plan(out)):
            wekas.run(out, Path(out) / "experimenter", jobs, progress, work)
    return ran, len(units), write_report(Path(out), Path(out))
