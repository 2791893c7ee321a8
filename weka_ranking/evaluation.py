"""The one evaluation loop: fit on a training fold, rank a test fold, one record.

``evaluate_fold`` is the per-fold entry point that ``cv``, ``reproduce``,
``bench`` and ``ltr`` share; ``cross_validate`` runs it over WEKA's own fold
sequence. A :class:`FoldRecord`'s id is the model's canonical WEKA option
string (``scheme``) with the software versions, as WEKA's Experimenter keys
a result by scheme, options and version.
"""

from __future__ import annotations

import re
import shlex
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from weka_ranking import bridge, jvm
from weka_ranking.data import Dataset, WekaRecipe
from weka_ranking.environment import software_versions
from weka_ranking.errors import DataError, ParameterError, Remedy
from weka_ranking.estimator import (
    check_arrays,
    clone,
    declared_class,
    input_name,
    labelled_dataset,
)
from weka_ranking.folds import weka_folds
from weka_ranking.metrics import auc
from weka_ranking.params import PAIRWISE_RANKERS
from weka_ranking.stats import corrected_resampled_t
from weka_ranking.weka_package import JAR_NAME, java_command, weka_jar

Measure = Callable[[Any, Any], dict[str, float]]
# The level at which cv says the reduction ranked better than its learner alone.
SIGNIFICANCE = 0.05


@dataclass
class FoldRecord:
    """One fitted model ranking one test fold: what it scored and cost."""

    scheme: str
    fold: int
    n_train: int
    n_test: int
    measures: dict[str, float]
    n_pairs: int = 0
    comparisons: int = 0
    train_seconds: float = 0.0
    rank_seconds: float = 0.0
    versions: dict[str, str] = field(default_factory=software_versions)
    # The pairs per instance the model drew (``pairs_per_instance_``: -P auto
    # resolved; None pointwise), for cv's summary; not part of the record.
    pairs_per_instance: int | str | None = field(default=None, compare=False)
    # The test fold's scores, kept for pooling; not part of the record.
    scores: np.ndarray | None = field(default=None, repr=False, compare=False)

    @property
    def auc(self) -> float:
        return self.measures["auc"]

    def to_dict(self) -> dict:
        return {
            "scheme": self.scheme,
            "versions": self.versions,
            "fold": self.fold,
            "n_train": self.n_train,
            "n_test": self.n_test,
            **self.measures,
            "n_pairs": self.n_pairs,
            "comparisons": self.comparisons,
            "train_seconds": round(self.train_seconds, 4),
            "rank_seconds": round(self.rank_seconds, 4),
        }


def _auc_of_order(y: np.ndarray, order: np.ndarray) -> float:
    position_scores = np.empty(len(order))
    position_scores[order] = -np.arange(len(order))
    return auc(y, position_scores)


def binary_measures(test: Dataset, scores: np.ndarray, seed: int) -> dict[str, float]:
    """AUC with ties one half, and the AUC of the ranked list itself.

    The list's AUC puts equal scores in the fold's order (``auc_stable``) or shuffled
    (``auc_random``): that is what an AUC computed from the list, not the scores, sees.
    """
    return {
        "auc": auc(test.y, scores),
        "auc_stable": _auc_of_order(test.y, bridge.order(scores, "stable", seed)),
        "auc_random": _auc_of_order(test.y, bridge.order(scores, "random", seed)),
    }


def _small(value: float) -> str:
    """Five decimals, or three significant digits where those would show zeros.

    >>> _small(0.024761), _small(0.0000031234), _small(0.0)
    ('0.02476', '3.12e-06', '0.00000')
    """
    return f"{value:.2e}" if 0 < abs(value) < 0.0001 else f"{value:.5f}"


def fit_fold(estimator, train, **fit_params) -> tuple[Any, float]:
    """A fitted copy of the estimator and the seconds its training took."""
    started = time.perf_counter()
    model = clone(estimator).fit(train, **fit_params)
    return model, time.perf_counter() - started


def evaluate_fold(
    model,
    test,
    *,
    fold: int,
    n_train: int,
    train_seconds: float,
    measure: Measure | None = None,
    **rank_params,
) -> FoldRecord:
    """Rank the test fold with a fitted model and measure it.

    ``model`` has ``ranking(test, **rank_params)`` and ``to_options()``;
    ``measure(test, ranking)`` gives the measures, by default
    :func:`binary_measures` on the model's seed.
    """
    started = time.perf_counter()
    ranking = model.ranking(test, **rank_params)
    seconds = time.perf_counter() - started
    if measure is None:
        measures = binary_measures(test, ranking.scores, model.seed)
    else:
        measures = measure(test, ranking)
    return FoldRecord(
        scheme=f"{model.classname} {model.to_options()}",
        fold=fold,
        n_train=n_train,
        n_test=len(test),
        measures=measures,
        n_pairs=int(sum(getattr(model, "n_pairs_", ()))),
        comparisons=int(ranking.comparisons),
        train_seconds=train_seconds,
        rank_seconds=seconds,
        pairs_per_instance=getattr(model, "pairs_per_instance_", None),
        scores=ranking.scores,
    )


@dataclass
class CVResult:
    """A cross-validation: per-fold records, mean, sample variance, pooled AUC."""

    scheme: str
    source: str
    positive: str | None
    seed: int
    folds: list[FoldRecord] = field(default_factory=list)
    pooled_auc: float = float("nan")
    seconds: float = 0.0
    # Every test fold's rows (indices into the data) and scores, in fold order.
    rows: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    scores: np.ndarray = field(default_factory=lambda: np.empty(0))
    # The scores as the meta-classifier gives WEKA's Evaluation the probability
    # of the positive class: fold-relative scores cut at each training fold's
    # share (bridge.share_probabilities), others as they are.
    probabilities: np.ndarray = field(default_factory=lambda: np.empty(0))
    # Each fold's training rows, for the class priors WEKA's evaluation uses.
    train_rows: list[np.ndarray] = field(default_factory=list)
    # The base learner alone on the same folds (one fit a fold), beside a
    # reduction: what the reduction has to beat. None for other rankers.
    learner_alone: CVResult | None = None
    # Whether the scores rank within each test fold (a pairwise ranker's
    # degrees or positions), so that pooling them across folds compares
    # incomparable numbers.
    fold_relative: bool = False
    # The base learner as WEKA names it, with its options ("J48 -C 0.25 -M 2"
    # in full), when the scheme is a RankingReduction; else "".
    learner: str = ""

    def __repr__(self) -> str:
        if not self.folds:
            return f"CVResult({self.source!r}, no folds)"
        return (
            f"CVResult({self.source!r}, {len(self.folds)} folds, "
            f"mean_auc={self.mean_auc:.5f}, variance={_small(self.variance)}, "
            f"pooled_auc={self.pooled_auc:.5f})"
        )

    @property
    def fold_aucs(self) -> list[float]:
        return [f.auc for f in self.folds]

    @property
    def mean_auc(self) -> float:
        return statistics.fmean(self.fold_aucs)

    @property
    def variance(self) -> float:
        """Sample variance (n - 1) of the per-fold AUCs: the monograph's number."""
        return (
            statistics.variance(self.fold_aucs) if len(self.folds) > 1 else float("nan")
        )

    def comparison(self) -> dict | None:
        """The reduction against its learner alone on the same folds, tested.

        The difference of the mean AUCs and Nadeau and Bengio's corrected
        resampled t-test on the fold AUCs (as WEKA's PairedCorrectedTTester),
        at the declared level :data:`SIGNIFICANCE`; None when this is not a
        reduction beside its learner alone.
        """
        alone = self.learner_alone
        if alone is None:
            return None
        ratio = sum(f.n_test for f in self.folds) / sum(f.n_train for f in self.folds)
        t, p = corrected_resampled_t(self.fold_aucs, alone.fold_aucs, ratio)
        return {
            "difference": self.mean_auc - alone.mean_auc,
            "t": t,
            "p": p,
            "significance": SIGNIFICANCE,
            "higher_folds": sum(
                r > a for r, a in zip(self.fold_aucs, alone.fold_aucs, strict=True)
            ),
            "lower_folds": sum(
                r < a for r, a in zip(self.fold_aucs, alone.fold_aucs, strict=True)
            ),
        }

    @property
    def helped(self) -> bool | None:
        """Whether the reduction ranked significantly better than its learner alone.

        By the corrected resampled t-test at :data:`SIGNIFICANCE`; None when
        this is not a reduction beside its learner alone.
        """
        tested = self.comparison()
        if tested is None:
            return None
        return tested["p"] < SIGNIFICANCE and tested["difference"] > 0

    def verdict(self) -> str:
        """One line: whether the reduction ranked better than its learner alone."""
        tested = self.comparison()
        if tested is None:
            return ""
        gain, p = tested["difference"], tested["p"]
        if p < SIGNIFICANCE and gain != 0:
            said = "the reduction helped" if gain > 0 else "the reduction ranked worse"
            how = "significant"
        else:
            said, how = (
                "no significant difference from the learner alone",
                "not significant",
            )
        higher, lower = tested["higher_folds"], tested["lower_folds"]
        # Folds of equal AUCs said, or "higher on 1 of 10" reads oddly beside a
        # gain (a new user's hypothyroid: nine folds equal).
        equal = len(self.folds) - higher - lower
        return (
            f"{said}: {gain:+.5f} mean AUC over the learner alone ({how} by the "
            f"corrected resampled t-test, p = {p:.3g}, at {SIGNIFICANCE}; higher on "
            f"{higher} of {len(self.folds)} folds, lower on {lower}"
            + (f", equal on {equal}" if equal else "")
            + ")"
        )

    def pooled_note(self) -> str:
        """Why the pooled AUC is not the measure, for fold-relative scores; else ""."""
        if not self.fold_relative:
            return ""
        return (
            "the scores rank within each test fold and are not on one scale across "
            "folds, so their AUC pooled over the folds (WEKA's Evaluation's ROC Area "
            "below, pooled by design) is not the ranking's: the measure is the mean AUC"
        )

    def to_dict(self) -> dict:
        alone = self.learner_alone
        beside = {}
        if alone is not None:
            beside["learner_alone"] = {
                "learner": alone.learner,
                "scheme": alone.scheme,
                "fold_aucs": alone.fold_aucs,
                "mean_auc": alone.mean_auc,
                "variance": alone.variance,
                "pooled_auc": alone.pooled_auc,
                "seconds": alone.seconds,
            }
            beside["reduction_helped"] = self.helped
            beside["against_learner_alone"] = self.comparison()
        return {
            "task": self.source,
            "scheme": self.scheme,
            "versions": software_versions(),
            "positive": self.positive,
            "folds": len(self.folds),
            "seed": self.seed,
            "fold_aucs": self.fold_aucs,
            "mean_auc": self.mean_auc,
            "variance": self.variance,
            "pooled_auc": self.pooled_auc,
            "pooled_auc_note": self.pooled_note(),
            "seconds": self.seconds,
            "per_fold": [f.to_dict() for f in self.folds],
            **beside,
        }

    def pairs_drawn(self) -> list[int | str]:
        """The pairs per instance each fold's model drew (-P auto resolved)."""
        return [f.pairs_per_instance for f in self.folds if f.pairs_per_instance]

    def pairs_drawn_line(self) -> list[str]:
        """cv's line of the pairs ``-P auto`` drew, none for any other -P."""
        drawn = sorted(set(self.pairs_drawn()))
        if " -P auto " not in f" {self.scheme} " or not drawn:
            return []
        said = str(drawn[0]) if len(drawn) == 1 else f"{drawn[0]} to {drawn[-1]}"
        return [
            f"  pairs per instance (-P auto, by the training rows): {said} "
            f"drawn on {'every fold' if len(drawn) == 1 else 'the folds'}"
        ]

    def weka_commands(self, data: Dataset) -> list[str]:
        """WEKA's own commands that give this cross-validation's folds and numbers.

        The file made binary by WEKA's filters where it is not already the task
        (:class:`~weka_ranking.data.WekaRecipe`, into ``NAME-binary.arff`` in the
        current folder), then the scheme with WEKA's ``-t``, ``-c``, ``-x`` and
        ``-s``, each run as printed by :func:`weka_run` (this weka.jar and the
        package's jar). None (an empty list) where ``data`` is not a file's as
        read.
        """
        recipe = data.weka_recipe
        if recipe is None or not Path(data.source).is_file():
            return []
        commands, train = [], data.source
        if recipe.filters:
            train = binary_file_name(data.source)
            commands.append(weka_filter_command(recipe, data.source, train))
        classname, _, options = self.scheme.partition(" ")
        evaluation = ["-t", train, "-x", str(len(self.folds)), "-s", str(self.seed)]
        if recipe.class_index != "last":
            evaluation[2:2] = ["-c", recipe.class_index]
        commands.append(f"{weka_run()} {classname} {shlex.join(evaluation)} {options}")
        return commands

    def to_text(self, data: Dataset) -> str:
        """The result as ``cv`` prints it.

        The fold AUCs and their mean (the measure), the pooled AUC (said to be
        no measure when the scores rank within each fold), the learner alone,
        then WEKA's own Evaluation summary of the pooled predictions.
        """
        pooled = f"  pooled AUC {self.pooled_auc:.5f}"
        if self.fold_relative:
            pooled += f": not the measure: {self.pooled_note()}"
        lines = [
            f"{self.source}: {self.scheme}",
            f"  {len(self.folds)}-fold CV, seed {self.seed}, positive class "
            f"{self.positive}",
            *self.pairs_drawn_line(),
            "  fold AUCs  " + " ".join(f"{a:.5f}" for a in self.fold_aucs),
            f"  mean AUC   {self.mean_auc:.5f} (variance {_small(self.variance)})",
            pooled,
            f"  {self.seconds:.1f} s",
        ]
        alone = self.learner_alone
        if alone is not None:
            lines += [
                f"  learner alone, same folds: {alone.learner or alone.scheme}",
                f"    mean AUC {alone.mean_auc:.5f}, pooled AUC {alone.pooled_auc:.5f}",
                f"    {alone.seconds:.1f} s (the reduction: {self.seconds:.1f} s)",
                f"  {self.verdict()}",
            ]
        commands = self.weka_commands(data)
        if commands:
            made = " (the file made binary first, as here)" if len(commands) > 1 else ""
            lines.append(f"  in WEKA{made}, the same folds and numbers:")
            lines += [f"    {command}" for command in commands]
        lines.append("")
        predicted = (
            f"{self.positive} predicted for its training share of each fold"
            if self.fold_relative
            else "the ranking's scores as the probability of " + str(self.positive)
        )
        title = (
            f"=== Stratified cross-validation: {predicted}; WEKA's Evaluation pools "
            "the folds ===\n=== Summary ===\n"
        )
        # The pooled rows and scores cut back into the folds they came from.
        ends = np.cumsum([len(f.scores) for f in self.folds])[:-1]
        folds = zip(
            self.train_rows,
            np.split(self.rows, ends),
            np.split(self.probabilities, ends),
        )
        lines.append(bridge.evaluation_text(data, list(folds), title))
        return "\n".join(lines)


def weka_run() -> str:
    """WEKA's launcher as the printed commands start it: they run as printed.

    On this installation's ``weka.jar`` and the package's jar (the one the WEKA
    package installs), as the Python face runs them; ``-no-load``: no installed WEKA
    package is loaded, so the class path alone says what runs (not another version
    of this package installed in WEKA), and WEKA does not try to refresh its package
    list from the network, which without one prints a stack trace first.
    """
    return f"{java_command(weka_jar(), jvm.java_dir() / JAR_NAME)} weka.Run -no-load"


def binary_file_name(source: str) -> str:
    """``NAME-binary.arff``: where WEKA's commands put ``source`` made binary."""
    name = re.sub(r"(\.arff)?(\.gz)?$|\.[^.]*$", "", Path(source).name, count=1)
    return f"{name}-binary.arff"


def weka_filter_command(recipe: WekaRecipe, source: str, out: str) -> str:
    """WEKA's command that writes ``out``, the file ``source`` made binary.

    ``recipe`` is the data's :class:`~weka_ranking.data.WekaRecipe`.
    """
    words = [*recipe.filter_words(), "-i", source, "-o", out]
    return f"{weka_run()} {shlex.join(words)}"


def check_folds(data: Dataset, folds: int) -> None:
    """Refuse a number of folds that leaves a test fold without both classes."""
    minority = int(min(np.count_nonzero(data.y), len(data) - np.count_nonzero(data.y)))
    if not 2 <= folds <= len(data):
        raise ParameterError(
            "folds",
            folds,
            f"must be between 2 and {len(data)} (the instances of {data.source})",
        )
    if minority < 2:
        positives = int(np.count_nonzero(data.y))
        named = {
            data.positive: positives,
            data.class_values[1 - data.positive_index]: len(data) - positives,
        }
        fewest, other = sorted(named, key=named.get)
        raise DataError(
            f"{data.source}: {minority} instance{'s' * (minority != 1)} of class "
            f"{fewest!r} (the other {named[other]} are {other!r}): "
            "cross-validation needs at least 2 of each class (one per fold, at "
            "least 2 folds)"
        )
    if folds > minority:
        raise ParameterError(
            "folds",
            folds,
            f"more than the {minority} instances of the minority class of "
            f"{data.source}: some test folds would have none and no AUC",
            Remedy("use", "folds", minority, "or fewer"),
        )


def cross_validate(
    estimator,
    X: Dataset | np.ndarray,
    y: np.ndarray | None = None,
    *,
    folds: int = 10,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    learner_alone: bool = True,
) -> CVResult:
    """Cross-validate on WEKA's own fold sequence (``crossValidateModel``).

    Each fold trains a clone of the estimator on ``trainCV(folds, i, random)``
    (same instances, same order as WEKA) and ranks ``testCV(folds, i)``. The
    fold sequence's seed is ``seed``, by default the estimator's own. The
    measure is ``mean_auc``, the mean of the folds' AUCs (the monograph's
    protocol). ``pooled_auc`` is over all folds' predictions at once, as
    WEKA's Evaluation reports it after a cross-validation through the
    meta-classifier; for a pairwise ranker, whose scores rank within each
    fold, it is no measure of the ranking (``pooled_note()`` says why). Any
    ranker of the package will do (the peers of :mod:`weka_ranking.peers` too).

    Parameters
    ----------
    estimator : ranker
        The ranker to cross-validate (cloned for each fold).
    X : Dataset or array-like of shape (n, m)
        A Dataset (which holds its class), or features with ``y``.
    y : array-like of shape (n,), default=None
        Two class labels when ``X`` is an array; the greater in sorted order
        is the positive class, as in scikit-learn.
    folds : int, default=10
        Number of folds.
    seed : int or None, default=None
        Seed of the fold sequence; None takes the estimator's ``seed``.
    progress : callable, default=None
        Called with (folds done, folds) after each fold.
    learner_alone : bool, default=True
        Beside a reduction with a pairwise ranker, also cross-validate its base
        learner alone on the same folds (one fit a fold): the result's
        ``learner_alone`` and its ``verdict()``, whether the reduction helped.

    Returns
    -------
    CVResult
    """
    if isinstance(X, Dataset):
        data = X
    else:
        features = check_arrays(None, X, y, fitting=True)
        data, _ = labelled_dataset(
            features.X,
            features.y,
            input_name(X),
            features.attributes,
            declared_class(y),
        )
    seed = estimator.seed if seed is None else seed
    check_folds(data, folds)
    baseline = getattr(estimator, "learner_alone", None)
    baseline = baseline() if learner_alone and callable(baseline) else None
    result = _cross_validate(estimator, data, folds, seed, progress)
    if baseline is not None:
        result.learner_alone = _cross_validate(baseline, data, folds, seed, None)
    return result


def _cross_validate(
    estimator, data: Dataset, folds: int, seed: int, progress
) -> CVResult:
    """The loop of :func:`cross_validate` on clean arguments."""
    result = CVResult(
        scheme=f"{estimator.classname} {clone(estimator).to_options()}",
        source=data.source,
        positive=data.positive,
        seed=seed,
    )
    pooled_scores, pooled_rows, probabilities = [], [], []
    fold_relative = getattr(estimator, "ranker", None) in PAIRWISE_RANKERS
    started = time.perf_counter()
    for i, (train, test) in enumerate(weka_folds(data.y, folds, seed)):
        # Named by their fold, so that the members' progress lines, warnings
        # and refusals say which fold they are of (folds differ by a row or so).
        fold = f"{data.source}, fold {i + 1} of {folds}"
        test_data = replace(data.subset(test), source=fold)
        try:
            model, seconds = fit_fold(
                estimator, replace(data.subset(train), source=fold)
            )
        except ValueError as err:
            said = str(err) if str(err).startswith(fold) else f"{fold}: {err}"
            raise DataError(said) from None
        record = evaluate_fold(
            model, test_data, fold=i, n_train=len(train), train_seconds=seconds
        )
        result.folds.append(record)
        pooled_scores.append(record.scores)
        pooled_rows.append(np.asarray(test))
        share = float(np.mean(data.y[train]))
        probabilities.append(
            bridge.share_probabilities(record.scores, share)
            if fold_relative
            else record.scores
        )
        result.train_rows.append(np.asarray(train))
        if progress is not None:
            progress(i + 1, folds)
    # The trained model's full options (the learner's defaults included).
    result.scheme = result.folds[0].scheme
    result.fold_relative = fold_relative
    if hasattr(model, "base_classname_"):
        learner = [model.base_classname_, *model.base_options_]
        result.learner = bridge.join_options(learner)
    result.rows = np.concatenate(pooled_rows)
    result.scores = np.concatenate(pooled_scores)
    # As WEKA's Evaluation pools a cross-validation through the meta-classifier.
    result.probabilities = np.concatenate(probabilities)
    result.pooled_auc = auc(data.y[result.rows], result.probabilities)
    result.seconds = time.perf_counter() - started
    return result
