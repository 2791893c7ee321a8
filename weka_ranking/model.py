"""RankingReduction: any WEKA classifier turned into a ranker, one meta-classifier."""

from __future__ import annotations

import inspect
import logging
from dataclasses import dataclass
from typing import Any

import numpy as np

from weka_ranking import bridge, learners, progress
from weka_ranking.data import Attribute, Dataset, header_difference
from weka_ranking.errors import DataError, JavaError
from weka_ranking.params import BY_NAME, PARAMETERS

logger = logging.getLogger(__name__)

# Learners that train on the pair instances as given (views of the base rows,
# about 120 bytes a pair with their index arrays); the others copy every pair
# into dense values first (WEKA's filters), 16 bytes an attribute more.
VIEW_LEARNERS = frozenset(
    {
        "weka.classifiers.trees.J48",
        "weka.classifiers.bayes.NaiveBayes",
        "weka.classifiers.trees.REPTree",
        "weka.classifiers.trees.RandomTree",
    }
)
VIEW_PAIR_BYTES = 120
# What a fit fixes; the other parameters say how to rank and may change after.
TRAINED_PARAMETERS = ("base", "pairs_per_instance", "voters", "seed")
# Batches smaller than this get a warning: their scores are coarse.
SMALL_BATCH = 10


class NotFittedError(ValueError, AttributeError):
    """A predict-type method was called before ``fit``."""


@dataclass(frozen=True)
class Ranking:
    """An order (indices, best first), its scores, and the comparator calls made."""

    order: np.ndarray
    scores: np.ndarray
    comparisons: int


def pair_memory_bytes(n_pairs: int, n_features: int, classname: str) -> int:
    """JVM heap that n pair instances and the learner's copy of them need, roughly."""
    per_pair = VIEW_PAIR_BYTES
    if classname not in VIEW_LEARNERS:
        per_pair += 16 * (2 * n_features + 1) + 56
    return n_pairs * per_pair


def as_dataset(
    X: Dataset | np.ndarray, y: np.ndarray | None = None, require_labels: bool = False
) -> Dataset:
    """A Dataset as given, or one of numeric features from arrays (y in {0, 1})."""
    if isinstance(X, Dataset):
        if y is not None:
            raise TypeError("y must be None when X is a Dataset (it holds the class)")
        if require_labels and not X.labelled.all():
            raise DataError(
                f"{X.source or 'the data'}: {int((~X.labelled).sum())} instances have "
                "no class; training needs every class known"
            )
        return X
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"X must be 2-dimensional, got shape {X.shape}")
    if y is None:
        y = np.zeros(len(X), dtype=np.int8)
    y = np.asarray(y)
    if y.shape != (len(X),) or not np.isin(y, (0, 1)).all():
        raise ValueError(f"y must hold one 0 or 1 per row of X ({len(X)} rows)")
    attributes = tuple(Attribute(f"x{i + 1}") for i in range(X.shape[1]))
    return Dataset(X, y.astype(np.int8), attributes, "class", ("0", "1"), 1)


def _parameters_doc() -> str:
    lines = []
    for p in PARAMETERS:
        lines.append(f"{p.name} : {type(p.default).__name__}, default={p.default!r}")
        lines.append(
            f"    {p.help[0].upper()}{p.help[1:]}. WEKA option ``{p.weka_flag}``."
        )
    return "\n    ".join(lines)


class RankingReduction:
    """Ranking reduced to binary classification on a WEKA base learner.

    Parameters
    ----------
    {parameters}

    Attributes
    ----------
    weka_model_ : Java object
        The trained ``weka.classifiers.meta.RankingReduction``: the method
        itself, which WEKA's Explorer, Experimenter and command line run too.
    members_ : list
        The trained WEKA classifiers (one for ``pointwise``).
    member_seeds_ : list of int
        Seed of each member: ``seed + i``.
    n_pairs_ : list of int
        Pair instances each member was trained on (empty for ``pointwise``).
    member_seconds_ : list of float
        Wall time of building each member's pairs and training it.
    base_classname_ : str
        The base learner's WEKA classname.
    base_options_ : list of str
        The base learner's options as WEKA reports them, defaults included.
    attributes_ : tuple of Attribute
        The training header's features; data to rank must match it.
    dropped_attributes_ : tuple of str
        The training file's string, date and relational attributes left out;
        data to rank has them left out too.
    classes_ : tuple of str
        The training class values in WEKA's order.
    positive_ : str
        The class that ranks first.
    n_features_in_ : int
        Number of features.

    Notes
    -----
    This is the Python face of the Java meta-classifier
    ``weka.classifiers.meta.RankingReduction``: training and ranking run there.
    Training is AUC-Train with the sampling and voting of the monograph's
    Algorithm 3: each member learns, from pair instances A(a) || A(b) of
    instances of different classes, whether a is positive and b negative;
    either every such pair in both orders or ``p`` per instance drawn without
    replacement from member i's own ``java.util.Random(seed + i)`` (also
    WEKA's ``-S`` of a randomizable learner). The committee says
    "x beats x'" on a strict majority of its votes. ``tournament`` orders by
    the degree (Balcan et al.), ``tournament-as-printed`` by the monograph's
    Algorithm 4 with its else branch, ``quicksort`` by randomized QuickSort
    with the committee as comparator (Ailon and Mohri), ``pointwise`` by the
    base learner's own positive-class probability. Equal scores keep the
    input order unless ``ties="random"``.

    References
    ----------
    M.-F. Balcan, N. Bansal, A. Beygelzimer, D. Coppersmith, J. Langford and
    G. B. Sorkin, "Robust reductions from ranking to classification", COLT 2007.
    N. Ailon and M. Mohri, "An efficient reduction of ranking to
    classification", COLT 2008.

    Examples
    --------
    >>> from weka_ranking import RankingReduction, load_task
    >>> data = load_task("breast-cancer")
    >>> model = RankingReduction("J48", pairs_per_instance=1, voters=3).fit(data)
    >>> for part in model.to_options().split(" -R "):
    ...     print(part)
    -W weka.classifiers.trees.J48 -P 1 -I 3
    tournament -T stable -num-slots 1 -S 1 -rank-first 2 -- -C 0.25 -M 2
    >>> order = model.rank(data)
    >>> len(order) == len(data)
    True
    """

    # Options of the Java class that a subclass fixes (the reproduction's
    # hypotheses); the method itself has none.
    _variant_options: tuple[str, ...] = ()

    def __init__(
        self,
        base: str = "J48",
        *,
        base_options: str = "",
        pairs_per_instance: int | str = "all",
        voters: int = 1,
        ranker: str = "tournament",
        ties: str = "stable",
        threads: int = 1,
        seed: int = 1,
    ) -> None:
        self.base = base
        self.base_options = base_options
        self.pairs_per_instance = pairs_per_instance
        self.voters = voters
        self.ranker = ranker
        self.ties = ties
        self.threads = threads
        self.seed = seed

    # -- scikit-learn's estimator contract ---------------------------------
    @classmethod
    def _param_names(cls) -> list[str]:
        signature = inspect.signature(cls.__init__)
        return [name for name in signature.parameters if name != "self"]

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._param_names()}

    def set_params(self, **params: Any) -> RankingReduction:
        for name, value in params.items():
            if name not in self._param_names():
                raise ValueError(f"unknown parameter {name!r} for RankingReduction")
            setattr(self, name, value)
        return self

    def __repr__(self) -> str:
        changed = [
            f"{name}={value!r}"
            for name, value in self.get_params().items()
            if value != BY_NAME[name].default
        ]
        return f"RankingReduction({', '.join(changed)})"

    def _validate_params(self) -> None:
        for name, value in self.get_params().items():
            BY_NAME[name].validate(value)
        pairwise_only = self.ranker == "pointwise" and (
            self.voters != 1 or self.pairs_per_instance != "all"
        )
        if pairwise_only:
            raise ValueError(
                "pairs_per_instance and voters apply to the pairwise rankers; "
                "ranker='pointwise' is the base learner alone"
            )
        learners.classname(self.base)

    # -- WEKA's option string ----------------------------------------------
    def to_options(self, data: Dataset | None = None) -> str:
        """WEKA-style options: ``-W class -P p -I n -R r -T t -num-slots k -S seed
        -- base options``; after ``fit``, or given the data, also ``-rank-first``
        (the 1-based index of the class that ranks first), and after ``fit`` the
        learner's own full option list, so that WEKA runs the same model."""
        rank_first = None if data is None else data.positive_index
        return bridge.join_options(self._weka_options(rank_first))

    def _weka_options(self, rank_first: int | None = None) -> list[str]:
        # After fit, what was trained is the trained model's, whatever
        # set_params said since; how to rank (ranker, ties, threads) is current.
        values = self.get_params()
        if hasattr(self, "weka_model_"):
            trained = bridge.reduction_params(self.weka_model_)
            values |= {name: trained[name] for name in TRAINED_PARAMETERS}
        parts = ["-W", learners.classname(values["base"])]
        for p in PARAMETERS:
            if p.weka_flag not in ("-W", "--"):
                parts += [p.weka_flag, p.to_text(values[p.name])]
        if rank_first is None and hasattr(self, "rank_first_index_"):
            rank_first = self.rank_first_index_
        if rank_first is not None:
            parts += ["-rank-first", str(rank_first + 1)]
        base_options = (
            self.base_options_
            if hasattr(self, "base_options_")
            else bridge.split_options(self.base_options)
        )
        parts += self._variant_options
        if base_options:
            parts += ["--", *base_options]
        return parts

    @classmethod
    def from_options(cls, options: str) -> RankingReduction:
        """The estimator an option string of :meth:`to_options` describes.

        ``-rank-first`` is accepted and left to the data: the class that ranks
        first is the data set's positive class.
        """
        head, _, base_options = options.partition("--")
        tokens = head.split()
        flags = {p.weka_flag: p for p in PARAMETERS if p.weka_flag != "--"}
        params: dict[str, Any] = {"base_options": base_options.strip()}
        if len(tokens) % 2:
            raise ValueError(f"option {tokens[-1]!r} has no value in {options!r}")
        for flag, text in zip(tokens[::2], tokens[1::2]):
            if flag == "-rank-first":
                continue
            if flag not in flags:
                raise ValueError(f"unknown option {flag!r} in {options!r}")
            params[flags[flag].name] = flags[flag].from_text(text)
        if "base" in params:
            params["base"] = learners.canonical(params["base"])
        return cls(**params)

    # -- training -----------------------------------------------------------
    def fit(
        self, X: Dataset | np.ndarray, y: np.ndarray | None = None
    ) -> RankingReduction:
        """Train the committee (or, for ``pointwise``, the base learner) on the data."""
        self._validate_params()
        data = as_dataset(X, y, require_labels=True)
        positives = int(np.count_nonzero(data.y))
        if self.ranker != "pointwise" and positives in (0, len(data)):
            raise ValueError(
                "the training data holds one class only "
                f"({positives} positive, {len(data) - positives} negative instances): "
                "no pair of different classes can be formed"
            )
        instances = bridge.to_instances(data)
        self._fit_instances(instances, data, data.positive_index)
        self.dropped_attributes_ = data.dropped
        return self

    def _fit_instances(
        self, instances, data: Dataset, rank_first: int | None
    ) -> RankingReduction:
        base = bridge.make_classifier(
            learners.classname(self.base), bridge.split_options(self.base_options)
        )
        reduction = bridge.make_reduction(self._weka_options(rank_first), base)
        pairs = bridge.count_pairs(reduction, instances)
        self._check_heap(pairs, data)
        if self.ranker != "pointwise":
            progress.line(
                "%s: %d pairs for each of %d member%s",
                data.source or "training",
                pairs,
                self.voters,
                "" if self.voters == 1 else "s",
            )
            done = []

            def trained(member: int, members: int, pairs: int, seconds: float) -> None:
                done.append(member)
                progress.line(
                    "%d of %d members trained (member %d: %d pairs, %.1f s)",
                    len(done),
                    members,
                    member + 1,
                    pairs,
                    seconds,
                )

            bridge.listen_to_members(reduction, trained)
        bridge.build(reduction, instances, self._spec())
        reduction.setMemberListener(None)
        return self._set_trained(reduction)

    def _spec(self) -> str:
        return " ".join([learners.classname(self.base), self.base_options]).strip()

    def _check_heap(self, pairs_per_member: int, data: Dataset) -> None:
        """Refuse, before building them, pairs that would not fit in the JVM heap."""
        at_once = min(self.voters, self.threads)
        classname = learners.classname(self.base)
        m = len(data.attributes)
        needed = at_once * pair_memory_bytes(pairs_per_member, m, classname)
        free, heap = bridge.free_heap()
        if needed <= free:
            return
        fitting = free // max(at_once * pair_memory_bytes(1, m, classname), 1)
        p = max(1, fitting // max(len(data), 1))
        raise JavaError(
            f"{pairs_per_member} pairs of {2 * m} attributes"
            + (f" for each of {at_once} members trained at once" if at_once > 1 else "")
            + f" need about {needed >> 20} MB of JVM heap, and {free >> 20} MB is "
            f"free of {heap >> 20} MB: use --heap {-(-needed * 5 // 4 >> 30)}g, "
            f"or --pairs {p} (about {p * len(data)} pairs)"
        )

    def _set_trained(self, reduction) -> RankingReduction:
        """The learned attributes, read from the trained Java model: the one
        place that fit, sub_committee and load share."""
        state = bridge.trained_state(reduction)
        self.weka_model_ = reduction
        self.members_ = state["members"]
        self.member_seeds_ = state["member_seeds"]
        self.n_pairs_ = [] if self.ranker == "pointwise" else state["n_pairs"]
        self.member_seconds_ = state["member_seconds"]
        self.base_classname_ = state["base_classname"]
        self.base_options_ = state["base_options"]
        self.attributes_ = state["attributes"]
        self.classes_ = state["classes"]
        self.rank_first_index_ = state["rank_first_index"]
        self.positive_ = (
            self.classes_[self.rank_first_index_]
            if self.rank_first_index_ >= 0
            else None
        )
        self.n_features_in_ = len(self.attributes_)
        self.weka_version_ = state["weka"]
        return self

    def sub_committee(self, voters: int) -> RankingReduction:
        """The fitted model of its first ``voters`` members.

        Member i depends only on ``seed + i``, so this equals fitting with
        ``voters`` (a sweep over committee sizes trains the largest once).
        """
        if not hasattr(self, "members_"):
            raise NotFittedError("sub_committee needs a fitted model")
        if not 1 <= voters <= len(self.members_):
            raise ValueError(
                f"voters must be in 1..{len(self.members_)}, got {voters!r}"
            )
        smaller = clone(self).set_params(voters=voters)
        return smaller._set_trained(bridge.sub_committee(self.weka_model_, voters))

    # -- ranking --------------------------------------------------------------
    def _check_data(self, X: Dataset | np.ndarray) -> Dataset:
        if not hasattr(self, "members_"):
            raise NotFittedError(
                "this RankingReduction is not fitted yet: call fit before ranking"
            )
        data = as_dataset(X)
        difference = header_difference(self.attributes_, data.attributes)
        if difference is not None:
            raise DataError(
                f"{data.source or 'the data'}: header differs from the training data: "
                f"{difference}"
            )
        return data

    def _trained_for_ranker(self):
        """The Java model, set to this estimator's ranker and tie rule.

        The pairwise rankers share one committee, so ``ranker`` may move among
        them after ``fit``; ``pointwise`` is another model altogether.
        """
        self._validate_params()
        trained_pointwise = not self.n_pairs_
        if (self.ranker == "pointwise") != trained_pointwise:
            raise ValueError(
                f"ranker={self.ranker!r} cannot rank with a model fitted "
                + ("pointwise" if trained_pointwise else "on pairs")
                + ": fit it again with this ranker"
            )
        self.weka_model_.setRanker(self.ranker)
        self.weka_model_.setTies(self.ties)
        self.weka_model_.setNumExecutionSlots(self.threads)
        return self.weka_model_

    def ranking(self, X: Dataset | np.ndarray) -> Ranking:
        """The order (best first), the scores and the comparator calls made.

        A batch is ranked as a whole: a score is a share of the other instances
        of the batch, so a batch of a few instances gets coarse scores (a
        warning says so), and a batch of one is scored against the reference
        sample of training instances kept with the model.
        """
        data = self._check_data(X)
        reduction = self._trained_for_ranker()
        if self.ranker != "pointwise" and len(data) < SMALL_BATCH:
            logger.warning(
                "%s: ranking %d instance%s: %s",
                data.source or "the data",
                len(data),
                "" if len(data) == 1 else "s",
                "scored against the model's reference sample of training instances"
                if len(data) == 1
                else f"each score is a share of the {len(data) - 1} others, "
                "coarse with so few",
            )
        instances = bridge.to_instances(
            data, bridge.empty_header(reduction.getTrainingHeader())
        )
        scores, comparisons = bridge.rank(reduction, instances)
        order = bridge.order(scores, self.ties, self.seed)
        return Ranking(order, scores, comparisons)

    def save(self, path) -> None:
        """Write the fitted model to a file (see :mod:`weka_ranking.persistence`)."""
        from weka_ranking import persistence

        persistence.save(self, path)

    @classmethod
    def load(cls, path) -> RankingReduction:
        """Read a model file; only from a trusted source, like WEKA's .model files."""
        from weka_ranking import persistence

        return persistence.load(path)

    def scores(self, X: Dataset | np.ndarray) -> np.ndarray:
        """Scores in [0, 1], higher first: degree share, printed score,
        QuickSort position, or (pointwise) the positive-class probability."""
        return self.ranking(X).scores

    def rank(self, X: Dataset | np.ndarray) -> np.ndarray:
        """Indices of the instances, the one most likely positive first."""
        return self.ranking(X).order


RankingReduction.__doc__ = RankingReduction.__doc__.replace(
    "{parameters}", _parameters_doc()
)


def clone(estimator: RankingReduction) -> RankingReduction:
    """An unfitted estimator with the same parameters."""
    return type(estimator)(**estimator.get_params())
