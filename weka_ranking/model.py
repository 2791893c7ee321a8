"""RankingReduction: any WEKA classifier turned into a ranker, one meta-classifier."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import numpy as np

from weka_ranking import bridge, learners, machine, persistence, progress
from weka_ranking.data import Dataset, header_difference
from weka_ranking.errors import DataError, ParameterError
from weka_ranking.estimator import (
    ClassifierMixin,
    Ranker,
    Ranking,
    array_dataset,
    as_dataset,
    check_arrays,
    clone,
    declared_class,
    input_name,
    labelled_dataset,
    positions,
)
from weka_ranking.memory import check_heap, check_members
from weka_ranking.metrics import auc as ranking_auc
from weka_ranking.params import (
    BY_NAME,
    TRAINED_PARAMETERS,
    check_ranking_params,
    parameters_doc,
    weka_options,
)

logger = logging.getLogger(__name__)

# Batches smaller than this get a warning: their scores are coarse.
SMALL_BATCH = 10


# scikit-learn's checks that cannot hold for a method that ranks a batch as a
# whole, each with its reason: ``check_estimator(model,
# expected_failed_checks=EXPECTED_FAILED_CHECKS)`` (``tests/test_sklearn.py``
# runs them strictly: a listed check that passes fails the test).
EXPECTED_FAILED_CHECKS = {
    "check_methods_subset_invariance": (
        "decision_function is the share of the batch an instance is ranked above: "
        "ranked in a subset, an instance has other neighbours and another score "
        "(predict and predict_proba do not depend on the batch)"
    ),
    "check_classifiers_train": (
        "decision_function is the ranking's score in [0, 1], not a margin "
        "around 0, and not what predict thresholds (the degree against the "
        "reference sample), where the check expects predict = decision_function > 0"
    ),
    "check_classifiers_classes": (
        "the same: predict does not threshold decision_function at 0"
    ),
}


# The Java class's options that are no parameter of the estimator and not the
# data's (-rank-first, -G), and why from_options leaves them out.
LEFT_TO_PYTHON = {
    "-top-half": "it cuts WEKA's batch distributions at 0.5; predict cuts a row's "
    "degree at the threshold learned on the reference sample, and "
    "decision_function is the ranking",
    "-no-additive": "the fast exact forms of the tournament (additive members' "
    "sums, trees' leaves) are always taken where they apply: the same ranking",
    "-one-order": "a study's variant (weka_ranking_studies)",
    "-positions": "a study's variant (weka_ranking_studies)",
    "-first-element": "a study's variant (weka_ranking_studies): the monograph's "
    "degree, the pairs a row wins as first element",
}


class RankingReduction(ClassifierMixin, Ranker):
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
    pairs_per_instance_ : int, "all" or None
        The pairs drawn per instance, ``"auto"`` resolved for the training
        size (None for ``pointwise``).
    member_seconds_ : list of float
        Wall time of building each member's pairs and training it.
    declined_ : tuple of str
        The fast paths this model does not take (training from the rows, the
        tree committee's tournament, NaiveBayes' additive form, the
        ``smo_solver`` asked for), each with its reason, as the WEKA model's
        text says them (and the log, at INFO, once each); empty when none is.
    base_classname_ : str
        The base learner's WEKA classname.
    base_options_ : list of str
        The base learner's options as WEKA reports them, defaults included.
    attributes_ : tuple of Attribute
        The training header's features; data to rank must match it. From
        arrays they are ``x1..xm``; from a DataFrame its column names (where
        every one is a string, no two alike and none blank, ``class``,
        ``group`` or ``grade``, else ``x1..xm`` too), nominal for its
        category columns (their values the categories a frame to rank is
        matched to). Arrays
        to rank take these names, a DataFrame's columns are checked against
        ``feature_names_in_``.
    dropped_attributes_ : tuple of str
        The training file's string and relational attributes left out;
        data to rank has them left out too.
    classes_ : ndarray of shape (2,)
        The two class labels, ``classes_[1]`` the one that ranks first. From
        arrays, the labels of ``y`` in sorted order (scikit-learn's binary
        convention: the greater label is the positive one; encode ``y`` so
        that the class to rank first sorts last; a ``category`` y's order
        is the WEKA class's, as a file declares it). From a :class:`Dataset`,
        its other class, then its positive class (``Dataset.y``'s 0 and 1:
        by default the minority class of the file, or ``--positive``).
    positive_ : str
        The class that ranks first, as WEKA's class value.
    reference_threshold_ : float or None
        The threshold t on a single instance's degree against the reference
        sample (:meth:`predict_proba`): ``classes_[1]`` is predicted above it.
        Learned at training on the sample itself, as WEKA's model text and
        ``weka_model_.referenceThreshold()`` give it. It is the fitted
        committee's: ``set_params`` refits nothing and leaves it as it is (the
        pairwise rankers share the committee, and t does not depend on them).
        None where no single instance is scored by a degree: ``pointwise`` (the
        base learner's own probabilities), a model fitted with ``group``, a WEKA
        model file trained with ``-reference-size 0``.
    n_features_in_ : int
        Number of features.
    feature_names_in_ : ndarray of str
        The columns of a pandas DataFrame ``X`` (scikit-learn's, set only
        then); for a model read by :meth:`load`, its features' names where
        they are not ``x1..xm`` (a frame's columns or a data file's
        attributes).

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
    input order unless ``ties="random"``. ``pair_features="difference"`` makes
    a pair of a numeric attribute's a - b (one tree split says "a's value
    exceeds b's by t"), ``"both"`` adds those differences to A(a) || A(b);
    ``pair_order="interleaved"`` trains on each pair followed by its mirror,
    the order the monograph's combining function makes.

    As a scikit-learn classifier, two kinds of answer. A ranking of a
    batch: ``decision_function(X)`` is the scores of ``X`` ranked as one
    batch (a score is a share of the batch: not comparable across batches;
    for ``tournament``, the share of a row's pairs with the others, both
    orders of each, that it wins),
    ``rank`` and ``ranking`` its order, and ``auc(X, y)`` its AUC (what
    ``scoring="roc_auc"`` gives). A prediction
    per instance, which does not depend on the rest of ``X``:
    ``predict_proba(X)[:, 1]`` is, for the pairwise rankers, the instance's
    degree s against a reference sample of up to 100 training instances kept
    with the model (whatever the ranker; the share of its pairs with them,
    both orders of each, that it wins), moved by one increasing piecewise
    line (0 to 0, 1 to 1) so that the threshold t learned at training falls
    at 0.5; ``predict`` says ``classes_[1]`` above it. t is learned on the
    sample itself: each kept instance scored alone as a new instance is, t is the cut
    between two distinct of their degrees with the share above nearest to q
    (q the training share of ``classes_[1]``; the fewer above on a
    draw), as the model's text says. Neither is a calibrated probability
    (``pointwise``: the base learner's own). WEKA's
    ``distributionForInstance`` gives the same.
    ``score(X, y)`` is ``ClassifierMixin``'s, the mean accuracy of
    ``predict``, as scikit-learn's contract says (until 0.1.0 it was the
    AUC, now ``auc``).

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
    >>> model = RankingReduction(
    ...     "J48", pairs_per_instance=1, voters=3, pair_features="difference"
    ... ).fit(data)
    >>> for part in model.to_options().split(" -S 1 "):
    ...     print(part)
    -W weka.classifiers.trees.J48 -P 1 -I 3 -R tournament -ties stable -num-slots 0
    -pair-features difference -rank-first 2 -- -C 0.25 -M 2
    >>> order = model.rank(data)
    >>> len(order) == len(data)
    True
    """

    classname = "weka.classifiers.meta.RankingReduction"
    # Options of the Java class that a subclass fixes (the reproduction's
    # hypotheses); the method itself has none.
    _variant_options: tuple[str, ...] = ()

    def __init__(
        self,
        base: str = BY_NAME["base"].default,
        *,
        base_options: str = BY_NAME["base_options"].default,
        pairs_per_instance: int | str = BY_NAME["pairs_per_instance"].default,
        voters: int = BY_NAME["voters"].default,
        ranker: str = BY_NAME["ranker"].default,
        ties: str = BY_NAME["ties"].default,
        threads: int = BY_NAME["threads"].default,
        seed: int = BY_NAME["seed"].default,
        sum_order: str = BY_NAME["sum_order"].default,
        pair_features: str = BY_NAME["pair_features"].default,
        pair_order: str = BY_NAME["pair_order"].default,
        smo_solver: str = BY_NAME["smo_solver"].default,
        reference_size: int = BY_NAME["reference_size"].default,
    ) -> None:
        self.base = base
        self.base_options = base_options
        self.pairs_per_instance = pairs_per_instance
        self.voters = voters
        self.ranker = ranker
        self.ties = ties
        self.threads = threads
        self.seed = seed
        self.sum_order = sum_order
        self.pair_features = pair_features
        self.pair_order = pair_order
        self.smo_solver = smo_solver
        self.reference_size = reference_size

    def learner_alone(self) -> RankingReduction | None:
        """The base learner alone (pointwise), its options kept: the baseline to beat.

        None when this estimator is already pointwise.
        """
        if self.ranker == "pointwise":
            return None
        return RankingReduction(
            self.base,
            base_options=self.base_options,
            ranker="pointwise",
            threads=self.threads,
            seed=self.seed,
        )

    def validate(self) -> RankingReduction:
        """Check the parameters now (``fit`` does too), before any work.

        Each value is Java's to refuse (its ``setOptions``), and so is how they
        go together (its ``checkOptions``), as they are for WEKA's own users;
        a committee the JVM's heap cannot hold even untrained is refused too.
        """
        bridge.check_options(self._reduction())
        check_members(self.voters)
        return self

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True  # WEKA's missing value
        tags.classifier_tags.multi_class = False
        return tags

    def _reduction(self, rank_first: int | None = None, grouped: bool = False):
        """A new, untrained Java meta-classifier with this estimator's options.

        Java refuses a value out of range as it reads the options; the
        refusal names the value as this estimator holds it.
        """
        self._check_types()
        base = bridge.make_classifier(
            learners.classname(self.base), bridge.split_options(self.base_options)
        )
        try:
            reduction = bridge.make_reduction(
                self._weka_options(rank_first, grouped, to_train=True), base
            )
        except ParameterError as err:
            value = getattr(self, err.name)
            raise ParameterError(err.name, value, err.reason) from None
        machine.check_threads(self.threads)
        return reduction

    def _check_types(self) -> None:
        """Each parameter's type, where Java could not tell it.

        See ``Parameter.check_type``.
        """
        for name, value in self.get_params().items():
            BY_NAME[name].check_type(value)

    # -- WEKA's option string ----------------------------------------------
    def to_options(self, data: Dataset | None = None) -> str:
        """WEKA-style options, so that WEKA runs the same model.

        ``-W class -P p -I n -R r -ties t -num-slots k -S seed -- base options``; after
        ``fit``, or given the data, also ``-rank-first`` (the 1-based index of the class
        that ranks first), and after ``fit`` the learner's own full option list.
        """
        rank_first = None if data is None else data.positive_index
        return bridge.join_options(self._weka_options(rank_first))

    def _weka_options(
        self,
        rank_first: int | None = None,
        grouped: bool | None = None,
        *,
        to_train: bool = False,
    ) -> list[str]:
        # After fit, what was trained is the trained model's, whatever
        # set_params said since; how to rank (ranker, ties, threads) is current.
        # Options to train a new model are the parameters', whatever was
        # trained before.
        values = self.get_params()
        fitted = not to_train and hasattr(self, "weka_model_")
        if fitted:
            trained = bridge.reduction_params(self.weka_model_)
            values |= {name: trained[name] for name in TRAINED_PARAMETERS}
        values["base"] = learners.classname(values["base"])
        if rank_first is None and fitted:
            rank_first = getattr(self, "rank_first_index_", None)
        extra = list(self._variant_options)
        if grouped is None:
            grouped = fitted and getattr(self, "grouped_", False)
        if grouped:
            extra += ["-G", "first"]
        base_options = getattr(self, "base_options_", None) if fitted else None
        if base_options is None:
            base_options = bridge.split_options(self.base_options)
        return weka_options(values, rank_first, extra, base_options)

    @classmethod
    def from_options(cls, options: str) -> RankingReduction:
        """The estimator an option string of :meth:`to_options` describes.

        WEKA parses the string (``Utils.splitOptions`` and the Java class's
        ``setOptions``). ``-rank-first`` and ``-G`` are accepted and left to the
        data, as :meth:`to_options` writes them from it (``classes_[1]``
        ranks first; ``group`` given to ``fit``). The Java class's other
        options that are no parameter of the estimator are left out, each
        with a warning that says why (``LEFT_TO_PYTHON``).
        """
        params = bridge.params_from_options(options)
        params["base"] = learners.canonical(params["base"])
        tokens = bridge.split_options(options)
        own = tokens[: tokens.index("--")] if "--" in tokens else tokens
        for flag, why in LEFT_TO_PYTHON.items():
            if flag in own:
                progress.warn(logger, "%s %s: left out: %s", cls.__name__, flag, why)
        return cls(**params)

    # -- training -----------------------------------------------------------
    def fit(
        self,
        X: Dataset | np.ndarray,
        y: np.ndarray | None = None,
        *,
        group: np.ndarray | None = None,
        validation=None,
        **unsupported: Any,
    ) -> RankingReduction:
        """Train the committee (or, for ``pointwise``, the base learner) on the data.

        Parameters
        ----------
        X : Dataset, array-like or DataFrame of shape (n, m)
            The training instances; NaN is a missing value. A DataFrame's
            ``category`` columns are WEKA's nominal attributes (their
            categories, as strings, the values, in order), as ``load_arff``
            keeps a file's: J48 splits them multi-way, as WEKA does on the
            file; scoring matches them by value name. Its other columns are
            numeric (bool is 0 and 1); text is refused.
        y : array-like of shape (n,), default=None
            Two class labels of any kind (None when ``X`` is a Dataset, which
            holds its class); ``classes_[1]`` ranks first.
        group : array-like of shape (n,), default=None
            A query id per row, as XGBoost's and LightGBM's rankers take it:
            ``y`` then holds relevance grades and pairs stay within a query
            (learning to rank, the Java class's ``-G``).
        validation : tuple, default=None
            Accepted for the common contract and not used: the reduction
            chooses nothing on held-out data (a grid search over it does).
        **unsupported
            Refused, each by name: ``sample_weight`` (a member learns from
            pairs, which carry no weight of their own) and any other.

        Returns
        -------
        self : RankingReduction
        """
        _refuse_fit_params(unsupported)
        if group is not None:
            if not isinstance(X, Dataset):
                features = check_arrays(self, X, fitting=True, labels=False)
                X = array_dataset(
                    features.X, source=input_name(X), attributes=features.attributes
                )
            data, instances = bridge.grouped_data(X, y, group, require_grades=True)
            self._fit_instances(instances, data, None, grouped=True)
            self.dropped_attributes_ = data.dropped
            return self
        if isinstance(X, Dataset):
            data = as_dataset(X, y, require_labels=True)
            classes = np.array(
                [data.class_values[1 - data.positive_index], data.positive]
            )
        else:
            features = check_arrays(self, X, y, fitting=True)
            data, classes = labelled_dataset(
                features.X,
                features.y,
                input_name(X),
                features.attributes,
                declared_class(y),
            )
        instances = bridge.to_instances(data)
        self._fit_instances(instances, data, data.positive_index)
        self.classes_ = classes
        self.dropped_attributes_ = data.dropped
        return self

    def _fit_instances(
        self, instances, data: Dataset, rank_first: int | None, grouped: bool = False
    ) -> RankingReduction:
        reduction = self._reduction(rank_first, grouped)
        # One training, prepared once: the heap is checked against the pairs
        # the members are then trained on.
        training = bridge.prepare_training(reduction, instances, self._spec())
        footprint = bridge.training_footprint(reduction, training)
        check_heap(footprint, len(data), len(data.attributes), self.voters)
        bridge.heap_checked(training)  # Python's check owns it: Java's stays silent
        pointwise = self.ranker == "pointwise"
        trained = progress.Members(
            input_name(data),
            None if pointwise else footprint["pairs_per_member"],
            1 if pointwise else self.voters,
        )
        reporting = (
            contextlib.nullcontext()
            if pointwise
            else bridge.members_reported(reduction, trained)
        )
        with reporting, trained.running():
            bridge.build(reduction, training, self._spec())
        self._set_trained(reduction)
        for line in self.declined_:  # the model's text says them too
            logger.info("declined: " + line, extra={"once": True})
        return self

    def _spec(self) -> str:
        return " ".join([learners.classname(self.base), self.base_options]).strip()

    def _set_trained(self, reduction) -> RankingReduction:
        """The learned attributes, read from the trained Java model.

        This is the one place that fit, sub_committee and load share.
        """
        state = bridge.trained_state(reduction)
        self.weka_model_ = reduction
        self.members_ = state["members"]
        self.member_seeds_ = state["member_seeds"]
        self.n_pairs_ = [] if self.ranker == "pointwise" else state["n_pairs"]
        drawn = state["pairs_per_instance"]
        self.pairs_per_instance_ = "all" if drawn == 0 else None if drawn < 0 else drawn
        self.member_seconds_ = state["member_seconds"]
        self.declined_ = state["declined"]
        self.base_classname_ = state["base_classname"]
        self.base_options_ = state["base_options"]
        self.attributes_ = state["attributes"]
        classes, first = state["classes"], state["rank_first_index"]
        self.rank_first_index_ = first
        self.positive_ = classes[first] if first >= 0 else None
        self.classes_ = np.array(
            [classes[1 - first], classes[first]]
            if first >= 0 and len(classes) == 2
            else classes
        )
        self.n_features_in_ = len(self.attributes_)
        self.grouped_ = state["grouped"]
        self.weka_version_ = state["weka"]
        return self

    @property
    def reference_threshold_(self) -> float | None:
        """The fitted model's threshold t (see the class's Attributes), Java's own.

        A property, as scikit-learn's forests' ``feature_importances_``: a smaller
        committee (:meth:`sub_committee`) derives its t when first asked, not when
        taken, which a sweep over committee sizes would pay for nothing.
        """
        self._check_fitted()
        return bridge.reference_threshold(self.weka_model_)

    def sub_committee(self, voters: int) -> RankingReduction:
        """The fitted model of its first ``voters`` members.

        Member i depends only on ``seed + i``, so this equals fitting with
        ``voters`` (a sweep over committee sizes trains the largest once).
        """
        self._check_fitted()
        smaller = clone(self).set_params(voters=voters)
        smaller._set_trained(bridge.sub_committee(self.weka_model_, voters))
        smaller.classes_ = self.classes_  # the labels y gave, not WEKA's names
        if hasattr(self, "feature_names_in_"):
            smaller.feature_names_in_ = self.feature_names_in_
        return smaller

    # -- ranking --------------------------------------------------------------
    def _check_data(self, X: Dataset | np.ndarray) -> Dataset:
        """``X`` as a Dataset whose header is the training data's, for every scorer.

        Count, names and types, as Java's ``rank`` checks them: ``predict`` and
        ``predict_proba`` go to Java's per-instance path, which does not (rows
        of 36 attributes were scored by a model of 16 without complaint).
        """
        self._check_fitted()
        if isinstance(X, Dataset):
            data = X
        else:
            features = check_arrays(self, X, fitting=False, attributes=self.attributes_)
            data = array_dataset(
                features.X, source=input_name(X), attributes=features.attributes
            )
        difference = header_difference(self.attributes_, data.attributes)
        if difference is not None:
            raise DataError(
                f"{input_name(data)}: header differs from the training data: "
                f"{difference}"
            )
        return data

    def _trained_for_ranker(self):
        """The Java model, set to this estimator's ranker and tie rule.

        The pairwise rankers share one committee, so ``ranker`` may move among
        them after ``fit``; ``pointwise`` is another model altogether.
        """
        self._check_types()
        bridge.set_ranking(self.weka_model_, self.ranker, self.ties, self.threads)
        machine.check_threads(self.threads)
        return self.weka_model_

    def ranking(
        self, X: Dataset | np.ndarray, *, group: np.ndarray | None = None
    ) -> Ranking:
        """The order (best first), the scores and the comparator calls made.

        A batch is ranked as a whole: a score is a share of the other instances
        of the batch, so a batch of a few instances gets coarse scores (a
        warning says so), and a batch of one is scored against the reference
        sample of training instances kept with the model. A model fitted with
        ``group`` ranks each query of ``group`` on its own (scores compare
        within a query only; ``order`` is by score over all rows).
        """
        if hasattr(self, "grouped_") and self.grouped_ != (group is not None):
            raise ValueError(
                "this model was fitted with group (query ids): rank with group too"
                if self.grouped_
                else "group given, but this model was fitted without query ids"
            )
        data = self._check_data(X)
        source = input_name(data)
        if self.ranker == "tournament-as-printed":
            progress.warn(
                logger,
                "ranker='tournament-as-printed' is the monograph's Algorithm 4 as "
                "printed, kept to reproduce it: its else branch can reverse a "
                "ranking (hepatitis, J48 with 1 pair an instance and 3 voters, "
                "10-fold: AUC 0.38 where the tournament gives 0.67); rank with "
                "ranker='tournament' or 'quicksort'",
            )
        if group is not None:
            _, instances = bridge.grouped_data(data, None, group)
            reduction = self._trained_for_ranker()
            scores, comparisons = bridge.rank(reduction, instances, source)
            return Ranking(
                bridge.order(scores, self.ties, self.seed), scores, comparisons
            )
        reduction = self._trained_for_ranker()
        if self.ranker != "pointwise" and len(data) < SMALL_BATCH:
            progress.warn(
                logger,
                "%s: ranking %d instance%s: %s",
                source,
                len(data),
                "" if len(data) == 1 else "s",
                "scored against the model's reference sample of training instances"
                if len(data) == 1
                else f"each score is a share of the {len(data) - 1} others, "
                "coarse with so few",
            )
        instances = bridge.instances_like(data, reduction)
        if self.ranker == "tournament":
            self._say_tournament_cost(reduction, data, source)
        scores, comparisons = bridge.rank(reduction, instances, source)
        order = bridge.order(scores, self.ties, self.seed)
        return Ranking(order, scores, comparisons)

    @staticmethod
    def _say_tournament_cost(reduction, data: Dataset, source: str) -> None:
        """Say before a ranking where the tree tournament is still costly.

        Rows with a missing value where a tree splits: their pairs are asked
        of the members one by one (REPTree, or a nominal value past a split's
        branches), or walked fractionally from the flattened J48 trees. Only
        rows with a missing value can be such rows, so Java is asked only
        where there are some; it prices them and says whether they are worth
        saying (WEKA's face says the same words itself; run from Python,
        Python says them).
        """
        if not np.isnan(data.X).any():
            return
        for said in bridge.tournament_cost_said(reduction, data.X, source):
            progress.warn(logger, "%s: %s", source, said)

    def save(self, path) -> None:
        """Write the fitted model to a file (see :mod:`weka_ranking.persistence`)."""
        persistence.save(self, path)

    @classmethod
    def load(cls, path, **ranking_params: Any) -> RankingReduction:
        """Read a model file; only from a trusted source, like WEKA's .model files.

        ``ranking_params`` (ranker, ties, threads) say how to rank; what was
        trained (learner, pairs, voters, seed) stays the file's. ``classes_``
        are the labels y gave (0 and 1 as numbers, True and False as booleans);
        a WEKA ``.model`` file holds only their text, as WEKA's header does, and
        so do model files of weka-ranking 0.8.0 and earlier.
        """
        check_ranking_params(ranking_params)
        saved = persistence.read(path)
        model = cls(**saved.params)._set_trained(saved.reduction)
        model.dropped_attributes_ = saved.dropped
        model.classes_ = persistence.restored_labels(saved.labels, model.classes_)
        names = tuple(attribute.name for attribute in model.attributes_)
        if names != positions(len(names)):
            # A frame's columns or a data file's attributes, as fit records a
            # frame's: a frame to score is checked against them, not warned of.
            model.feature_names_in_ = np.asarray(names, dtype=object)
        return model.set_params(**ranking_params)

    def predict_proba(self, X: Dataset | np.ndarray) -> np.ndarray:
        """Each instance's probability of ``classes_[0]`` and ``classes_[1]``, alone.

        An instance's row does not depend on the rest of ``X``: for the
        pairwise rankers its degree s against the reference sample of
        training instances kept with the model (the share of its pairs with
        them, both orders of each, that it wins),
        mapped by one increasing piecewise line (0 to 0, 1 to 1) that puts
        the threshold t learned at training at 0.5: about q (the training
        share of ``classes_[1]``) of the sample's own instances, each scored
        alone as a new instance is, are above t. A score to threshold, not a
        calibrated probability. (0.3.0 and earlier cut at ``1 - q``, which few
        rows passed: hepatitis predicted 1.9 % positive where 20 % are.) ``pointwise``:
        the base learner's own distribution. The Java class's
        ``distributionForInstance`` gives the same, one instance at a time.
        A ranking of ``X`` as a batch is :meth:`decision_function` /
        :meth:`rank`.
        """
        data = self._check_data(X)
        if self.grouped_:
            raise ValueError(
                "this model was fitted with group (query ids): its scores rank "
                "within a query; use decision_function(X, group=...) or rank"
            )
        reduction = self._trained_for_ranker()
        instances = bridge.instances_like(data, reduction)
        weka = bridge.reference_distributions(reduction, instances, input_name(data))
        first = self.rank_first_index_
        return weka[:, [1 - first, first]]

    def predict(self, X: Dataset | np.ndarray) -> np.ndarray:
        """Each instance's class on its own: ``classes_[1]`` above a probability of 0.5.

        For the pairwise rankers, where the instance wins more of its pairs
        with the reference sample than the threshold learned on the sample,
        so that about q of the sample's own instances are above it, q the
        training share of ``classes_[1]`` (:meth:`predict_proba`): the same
        for a row alone, in any batch, or one at a time. A new row's share
        predicted first is then about q where it is scored as the sample's
        rows are. Its pairs count in both orders: where the committee decides
        a pair by its second row alone (trees that learned the training
        rows), every row wins the same pairs as first element, and counted
        so (0.8.0 and earlier) all or none passed (digits, 3 against the
        rest, the default on two thirds of the rows: none predicted 3; now
        14.9 % where q is 10.2 %).
        To classify a batch, rank it (:meth:`decision_function`) and cut at the
        share you need, as WEKA's batch prediction does. At exactly 0.5 the
        class is WEKA's ``classifyInstance``'s: the first of the header's two
        classes (``classes_[1]`` where it ranks first, as by default).
        """
        first = self.predict_proba(X)[:, 1]
        above = (first > 0.5) | ((first == 0.5) & (self.rank_first_index_ == 0))
        return self.classes_[above.astype(int)]

    def auc(self, X: Dataset | np.ndarray, y: np.ndarray | None = None) -> float:
        """The AUC of the ranking of ``X`` as one batch, ``classes_[1]`` positive.

        What ``cross_val_score(..., scoring="roc_auc")`` gives on a fold; ``score``
        is scikit-learn's mean accuracy of :meth:`predict` instead.

        Parameters
        ----------
        X : Dataset, array-like or DataFrame of shape (n, m)
            The instances to rank.
        y : array-like of shape (n,), default=None
            Their labels; None when ``X`` is a Dataset, which holds its class.

        Returns
        -------
        auc : float
            The share of pairs of a ``classes_[1]`` instance and another that
            the ranking orders right, ties counting one half.
        """
        scores = self.decision_function(X)
        if isinstance(X, Dataset):
            return ranking_auc(X.y, scores)
        labels = np.asarray(y)
        unknown = sorted({str(v) for v in labels[~np.isin(labels, self.classes_)]})
        if unknown:
            raise DataError(
                f"y holds labels the model was not trained on ({', '.join(unknown[:5])}"
                f"{', ...' if len(unknown) > 5 else ''}): its classes are "
                f"{', '.join(str(c) for c in self.classes_)}; give y in those"
            )
        return ranking_auc(labels == self.classes_[1], scores)

    def __getstate__(self) -> dict:
        # The Java model pickles as its model file's content, checked as a
        # model file is when it comes back.
        state = dict(super().__getstate__())
        if "weka_model_" in state:
            state["weka_model_"] = persistence.to_bytes(self)
            del state["members_"]
        return state

    def __setstate__(self, state: dict) -> None:
        state = dict(state)
        if "weka_model_" in state:
            reduction = persistence.from_bytes(
                state["weka_model_"], "a pickled RankingReduction"
            ).reduction
            state["weka_model_"] = reduction
            state["members_"] = bridge.trained_state(reduction)["members"]
        parent = getattr(super(), "__setstate__", None)
        if parent is None:
            self.__dict__.update(state)
        else:
            parent(state)


def _refuse_fit_params(given: dict[str, Any]) -> None:
    """Name what ``fit`` cannot take, and what to do instead.

    Taken as ``**`` rather than left to Python's bare TypeError, and not as a
    ``sample_weight`` argument, which scikit-learn's meta-estimators would read
    as support for weights.
    """
    if not given:
        return
    if "sample_weight" in given:
        raise TypeError(
            "RankingReduction.fit does not take sample_weight: the members learn "
            "from pairs of instances, and WEKA's instance weights are not carried "
            "to the pairs; repeat rows to weigh them, or resample"
        )
    raise TypeError(
        f"RankingReduction.fit got unexpected argument(s) {', '.join(sorted(given))}: "
        "it takes X, y, group and validation"
    )


RankingReduction.__doc__ = RankingReduction.__doc__.replace(
    "{parameters}", parameters_doc()
)
