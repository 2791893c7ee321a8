"""RankingReduction: any WEKA classifier turned into a ranker, one meta-classifier."""

from __future__ import annotations

import inspect
import logging
import time
from typing import Any

import numpy as np

from weka_ranking import bridge, learners
from weka_ranking.data import Attribute, Dataset, header_difference
from weka_ranking.errors import DataError
from weka_ranking.pairs import Pairs, all_pairs, sample_pairs
from weka_ranking.params import BY_NAME, PARAMETERS
from weka_ranking.rankers import Comparator, Ranking, order_by_scores, rank_pairwise

logger = logging.getLogger(__name__)


class NotFittedError(ValueError, AttributeError):
    """A predict-type method was called before ``fit``."""


def rng_from(seed: int) -> np.random.Generator:
    """numpy's generator for a WEKA-style (possibly negative) integer seed."""
    return np.random.default_rng(seed % (1 << 64))


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
    classes_ : tuple of str
        The training class values in WEKA's order.
    positive_ : str
        The class that ranks first.
    n_features_in_ : int
        Number of features.

    Notes
    -----
    Training is AUC-Train with the sampling and voting of the monograph's
    Algorithm 3: each member learns, from pair instances A(a) || A(b) of
    instances of different classes, whether a is positive and b negative;
    either every such pair in both orders or ``p`` per instance drawn without
    replacement from member i's own ``numpy`` generator seeded ``seed + i``
    (also WEKA's ``-S`` of a randomizable learner). The committee says
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
    >>> head, base_options = model.to_options().split(" -- ")
    >>> head
    '-W weka.classifiers.trees.J48 -P 1 -I 3 -R tournament -T stable -num-slots 1 -S 1'
    >>> base_options
    '-C 0.25 -M 2'
    >>> order = model.rank(data)
    >>> len(order) == len(data)
    True
    """

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
    def to_options(self) -> str:
        """WEKA-style options: ``-W class -P p -I n -R r -T t -S seed -- base options``.

        After ``fit`` the base options are the learner's own full list.
        """
        parts = [f"-W {learners.classname(self.base)}"]
        for p in PARAMETERS:
            if p.weka_flag not in ("-W", "--"):
                parts.append(f"{p.weka_flag} {p.to_text(getattr(self, p.name))}")
        base_options = (
            bridge.join_options(self.base_options_)
            if hasattr(self, "base_options_")
            else self.base_options
        )
        if base_options:
            parts.append(f"-- {base_options}")
        return " ".join(parts)

    @classmethod
    def from_options(cls, options: str) -> RankingReduction:
        """The estimator an option string of :meth:`to_options` describes."""
        head, _, base_options = options.partition("--")
        tokens = head.split()
        flags = {p.weka_flag: p for p in PARAMETERS if p.weka_flag != "--"}
        params: dict[str, Any] = {"base_options": base_options.strip()}
        for flag, text in zip(tokens[::2], tokens[1::2]):
            if flag not in flags:
                raise ValueError(f"unknown option {flag!r} in {options!r}")
            params[flags[flag].name] = flags[flag].from_text(text)
        if len(tokens) % 2:
            raise ValueError(f"option {tokens[-1]!r} has no value in {options!r}")
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
        classname = learners.classname(self.base)
        options = bridge.split_options(self.base_options)
        if self.ranker == "pointwise":
            seeds = [self.seed]
            started = time.perf_counter()
            members = [
                self._train(classname, options, self.seed, bridge.to_instances(data))
            ]
            seconds = [time.perf_counter() - started]
            n_pairs: list[int] = []
        else:
            header = bridge.pair_header(data)
            seeds = [self.seed + i for i in range(self.voters)]
            members, n_pairs, seconds = [], [], []
            for member_seed in seeds:
                started = time.perf_counter()
                pairs = self._training_pairs(data.y, member_seed)
                bridge.check_heap(len(pairs), len(data.attributes), len(data))
                instances = bridge.pair_instances(header, data.X, pairs)
                members.append(self._train(classname, options, member_seed, instances))
                n_pairs.append(len(pairs))
                seconds.append(time.perf_counter() - started)
                logger.debug("member %d: %d pairs", len(members), len(pairs))
        self.members_ = members
        self.member_seeds_ = seeds
        self.n_pairs_ = n_pairs
        self.member_seconds_ = seconds
        self.base_classname_ = classname
        self.base_options_ = bridge.classifier_options(members[0])
        self.attributes_ = data.attributes
        self.classes_ = data.class_values
        self.positive_ = data.positive
        self.n_features_in_ = len(data.attributes)
        return self

    def _training_pairs(self, y: np.ndarray, member_seed: int) -> Pairs:
        if self.pairs_per_instance == "all":
            return all_pairs(y)
        return sample_pairs(y, self.pairs_per_instance, rng_from(member_seed))

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
        for name, value in vars(self).items():
            if name.endswith("_"):
                setattr(smaller, name, value)
        for name in ("members_", "member_seeds_", "n_pairs_", "member_seconds_"):
            setattr(smaller, name, getattr(self, name)[:voters])
        return smaller

    def _train(self, classname: str, options: list[str], seed: int, instances):
        classifier = bridge.make_classifier(classname, options)
        randomizable = bridge.seed_if_randomizable(classifier, seed)
        if self.pairs_per_instance == "all" and self.voters > 1 and not randomizable:
            raise ValueError(
                f"voters={self.voters} with pairs_per_instance='all' would train "
                f"{self.voters} identical {learners.short_name(classname)} members "
                "(the learner is not randomizable): use voters=1, or sample pairs "
                "(pairs_per_instance=p)"
            )
        spec = " ".join([classname, *options])
        bridge.build(classifier, instances, spec)
        return classifier

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

    def ranking(self, X: Dataset | np.ndarray) -> Ranking:
        """The order (best first), the scores and the comparator calls made."""
        data = self._check_data(X)
        rng = rng_from(self.seed)
        if self.ranker == "pointwise":
            instances = bridge.to_instances(data)
            distribution = bridge.distributions(self.members_[0], instances)
            scores = distribution[:, self.classes_.index(self.positive_)]
            return Ranking(order_by_scores(scores, self.ties, rng), scores, 0)
        beats = self._committee_comparator(data)
        return rank_pairwise(self.ranker, len(data), beats, self.ties, rng)

    def _committee_comparator(self, data: Dataset) -> Comparator:
        """c(x, x') on rows of ``data``: a strict majority of members says x wins."""
        voter = bridge.PairVoter(
            self.members_, bridge.pair_header(data), data.X, self.threads
        )
        majority = len(self.members_) / 2

        def beats(left: np.ndarray, right: np.ndarray) -> np.ndarray:
            return voter.votes(left, right) > majority

        return beats

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
