"""The contract every ranker here follows: scikit-learn's estimator, and a ranking.

Parameters in ``__init__`` (``get_params`` / ``set_params`` / ``clone`` /
the repr are scikit-learn's ``BaseEstimator``'s where scikit-learn is
installed), ``fit(X, y, *, group=None, validation=None)`` returning self,
learned state with a trailing underscore, ``ranking(X, *, group=None)``
giving a :class:`Ranking`, and ``decision_function(X)`` its scores.

scikit-learn is optional (the ``sklearn`` extra): without it :class:`Ranker`
keeps the same parameter methods on a few lines of its own, and :func:`clone`
makes an unfitted copy from ``get_params``. The command line's own commands
take those lines too, scikit-learn installed or not (they hand no estimator
to it, and its import was a third of a short ``cv``'s time).
"""

from __future__ import annotations

import inspect
import logging
import warnings
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

import weka_ranking
from weka_ranking import progress
from weka_ranking.data import Attribute, Dataset
from weka_ranking.errors import DataError

try:
    if not weka_ranking._estimators_on_scikit_learn:
        raise ImportError("the command line's own process")
    from sklearn.base import BaseEstimator, ClassifierMixin
    from sklearn.base import clone as clone
    from sklearn.exceptions import NotFittedError
    from sklearn.utils.multiclass import check_classification_targets
    from sklearn.utils.validation import check_is_fitted, validate_data
except ImportError:
    BaseEstimator = ClassifierMixin = validate_data = None  # type: ignore[assignment,misc]

logger = logging.getLogger(__name__)


if BaseEstimator is None:

    class NotFittedError(ValueError, AttributeError):  # type: ignore[no-redef]
        """A predict-type method was called before ``fit``."""

    class BaseEstimator:  # type: ignore[no-redef]
        """Parameters read from ``__init__``'s signature.

        Read as scikit-learn's ``BaseEstimator`` reads them (used when scikit-learn is
        absent).
        """

        @classmethod
        def _get_param_names(cls) -> list[str]:
            signature = inspect.signature(cls.__init__)
            return [name for name in signature.parameters if name != "self"]

        def get_params(self, deep: bool = True) -> dict[str, Any]:
            return {name: getattr(self, name) for name in self._get_param_names()}

        def set_params(self, **params: Any):
            for name, value in params.items():
                if name not in self._get_param_names():
                    raise ValueError(
                        f"unknown parameter {name!r} for {type(self).__name__}"
                    )
                setattr(self, name, value)
            return self

        def __repr__(self) -> str:
            defaults = inspect.signature(type(self).__init__).parameters
            changed = [
                f"{name}={value!r}"
                for name, value in self.get_params().items()
                if value is not defaults[name].default
                and value != defaults[name].default
            ]
            return f"{type(self).__name__}({', '.join(changed)})"

    class ClassifierMixin:  # type: ignore[no-redef]
        """scikit-learn's marker of a classifier (used when it is absent)."""

        _estimator_type = "classifier"

        def score(self, X, y, sample_weight=None) -> float:
            """The mean accuracy of ``predict(X)`` against ``y``, as scikit-learn's."""
            right = self.predict(X) == np.asarray(y)
            return float(np.average(right, weights=sample_weight))

    def clone(estimator):  # type: ignore[no-redef]
        """An unfitted estimator with the same parameters."""
        return type(estimator)(**estimator.get_params())

    def check_is_fitted(estimator) -> None:  # type: ignore[no-redef]
        if not [k for k in vars(estimator) if k.endswith("_") and k[:2] != "__"]:
            raise NotFittedError(
                f"This {type(estimator).__name__} instance is not fitted yet. "
                "Call 'fit' with appropriate arguments before using this estimator."
            )


class Validation(NamedTuple):
    """Held-out data for the choices a ranker makes, and how to rate scores on it.

    The choices are rounds, a grid, a round of AdaRank.

    A plain ``(X, y, group)`` tuple is taken as one. ``rate(scores)`` rates
    the scores of ``X``; None leaves the rating to the ranker (its own
    measure: NDCG@10, AdaRank's measure, AUC for a grid search).
    """

    X: Any
    y: Any
    group: Any = None
    rate: Any = None


def as_validation(validation) -> Validation | None:
    """``validation`` as a :class:`Validation` (None stays None)."""
    if validation is None or isinstance(validation, Validation):
        return validation
    return Validation(*validation)


class Ranker(BaseEstimator):
    """The ranker contract: ``fit``, ``ranking`` and what follows from them.

    A subclass defines ``fit(X, y=None, *, group=None, validation=None)`` and
    ``ranking(X, *, group=None)``; the scores, the order and the not-fitted
    check are shared.
    """

    def decision_function(self, X, *, group=None) -> np.ndarray:
        """The ranking's scores of ``X`` as one batch, higher first."""
        return self.ranking(X, group=group).scores

    def scores(self, X, group=None) -> np.ndarray:
        """The ranking's scores (:meth:`decision_function`)."""
        return self.decision_function(X, group=group)

    def rank(self, X, group=None) -> np.ndarray:
        """Indices of the instances, the one ranked first first."""
        return self.ranking(X, group=group).order

    def _check_fitted(self) -> None:
        check_is_fitted(self)


@dataclass(frozen=True)
class Ranking:
    """An order (indices, best first), its scores, and the comparator calls made."""

    order: np.ndarray
    scores: np.ndarray
    comparisons: int

    def __repr__(self) -> str:
        more = "..." if len(self.order) > 5 else ""
        return (
            f"Ranking({len(self.order)} instances, best first "
            f"{self.order[:5].tolist()}{more}, comparisons={self.comparisons})"
        )

    def to_csv(self, data: Dataset) -> str:
        """``instance,score,rank,class``, best first.

        The instance's 1-based row in its file, its score, its rank and its class label
        in the file.
        """
        lines = ["instance,score,rank,class"]
        for position, i in enumerate(self.order):
            label = data.labels[i]
            if any(c in label for c in ',"\n'):
                label = '"' + label.replace('"', '""') + '"'
            row = int(data.rows[i]) + 1
            lines.append(f"{row},{float(self.scores[i])!r},{position + 1},{label}")
        return "\n".join(lines) + "\n"


class Features(NamedTuple):
    """Checked features: what a :class:`Dataset` is built of, and the labels.

    ``X`` is the float matrix (NaN = missing, a nominal value its index, as WEKA
    stores them), ``attributes`` its m features (a DataFrame's column names
    where :func:`_column_names` takes them, else ``x1..xm``; nominal for its
    category columns), ``y`` the labels given (None when not).
    """

    X: np.ndarray
    y: np.ndarray | None
    attributes: tuple[Attribute, ...]


def check_arrays(
    estimator,
    X,
    y=None,
    *,
    fitting: bool,
    attributes: tuple[Attribute, ...] | None = None,
    labels: bool = True,
) -> Features:
    """``X`` as a float matrix (NaN = missing) with its attributes, and the labels.

    With scikit-learn its own ``validate_data`` checks them for the
    ``estimator`` (shape, finite values, the features seen in ``fit``, label
    type) and records ``n_features_in_`` and ``feature_names_in_``;
    ``labels`` False leaves ``y`` to the caller (the query-grouped mode's
    relevance grades). A DataFrame's category columns are WEKA's nominal
    attributes (:func:`_categories_as_codes`), and its column names the
    attributes' names (:func:`_column_names`). To score, ``attributes`` are
    the training data's: a category column is matched to them by value name,
    and the features are named as :func:`_scoring_names` says.
    """
    source = input_name(X)
    _refuse_no_columns(X, source)
    names = (
        _column_names(X, fitting=True)
        if attributes is None
        else _scoring_names(estimator, X, attributes)
    )
    if not fitting and estimator is not None:
        _check_column_names(estimator, X, attributes)
    X, nominal = _categories_as_codes(X, None if fitting else attributes)
    _refuse_text_columns(X)
    if validate_data is not None and estimator is not None:
        options = {"dtype": np.float64, "ensure_all_finite": "allow-nan"}
        if not fitting:
            X = validate_data(estimator, X, reset=False, **options)
            return Features(X, None, _named_attributes(X, nominal, names))
        if labels:
            X, y = validate_data(estimator, X, y, **options)
            check_classification_targets(y)
        else:
            X = validate_data(estimator, X, **options)
        _refuse_all_missing(X, source)
        return Features(X, y, _named_attributes(X, nominal, names))
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"X must be 2-dimensional, got shape {X.shape}")
    if fitting and y is None:
        raise ValueError(
            "y is None: give the class labels with the arrays X "
            "(a Dataset holds its own)"
        )
    if y is not None:
        y = np.asarray(y)
        if y.shape != (len(X),):
            raise ValueError(f"y must hold one label per row of X ({len(X)} rows)")
    if fitting:
        _refuse_all_missing(X, source)
    return Features(X, y, _named_attributes(X, nominal, names))


def _check_column_names(estimator, X, attributes: tuple[Attribute, ...]) -> None:
    """A frame's columns checked against the training frame's, first.

    Before the category columns are matched by position to the training
    data's: a frame of reordered columns is then said to be one, not a
    column to hold values of another. With scikit-learn, its check against
    ``feature_names_in_``, whose warnings are left to the full check that
    follows, so that each is said once; without, the same words where the
    columns are the training frame's in another order.
    """
    if not hasattr(X, "dtypes"):
        return
    if validate_data is not None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            validate_data(estimator, X, reset=False, skip_check_array=True)
        return
    names, fitted = _column_names(X), tuple(a.name for a in attributes)
    if names is not None and names != fitted and sorted(names) == sorted(fitted):
        raise ValueError(
            f"{input_name(X)}: the feature names should match those that were "
            "passed during fit: feature names must be in the same order as they "
            f"were in fit ({', '.join(fitted)})"
        )


#: The names the reduction's own attributes take beside the features: the
#: class, and the query-grouped mode's query and relevance grade.
RESERVED_NAMES = frozenset({"class", "group", "grade"})


def _column_names(X, fitting: bool = False) -> tuple[str, ...] | None:
    """A DataFrame's column names, to name its features in WEKA, where they can.

    So that a model trained on a frame shows its columns in the trees' text
    and in the WEKA model file, whose header then matches an ARFF file of the
    same columns. They can where scikit-learn records them as
    ``feature_names_in_`` (every name a string) and WEKA can hold them (no
    two alike, none blank, none of :data:`RESERVED_NAMES`); otherwise, and
    for anything but a DataFrame, None: the features are ``x1..xm``.
    ``fitting`` says which names WEKA could not hold, where they are why.
    """
    columns = getattr(X, "columns", None)
    if columns is None or not hasattr(X, "dtypes"):
        return None
    names = tuple(columns)
    if not all(isinstance(name, str) for name in names) or len(set(names)) != len(
        names
    ):
        return None  # scikit-learn records no names, or refuses them
    unusable = sorted(
        {name for name in names if name in RESERVED_NAMES or not name.strip()}
    )
    if unusable and fitting:
        progress.warn(
            logger,
            "%s: %s, a name WEKA cannot give a feature (class, group and grade "
            "are the class's and the query's; a name must not be blank): the "
            "features are named x1..x%d, so the trees and the saved WEKA model "
            "name no column and an ARFF file of these columns does not match "
            "it; rename %s to keep the names",
            input_name(X),
            ("a column named " if len(unusable) == 1 else "columns named ")
            + " and ".join(repr(name) for name in unusable),
            len(names),
            "it" if len(unusable) == 1 else "them",
        )
    return None if unusable else names


def _scoring_names(
    estimator, X, attributes: tuple[Attribute, ...]
) -> tuple[str, ...] | None:
    """The names of the features of ``X`` to score, for the header check.

    The training data's where they are a DataFrame's (scikit-learn has
    checked ``X``'s against ``feature_names_in_``, and warned of an array's
    none, as for its own estimators) or positions (``x1..xm``: a model of
    arrays scores a frame by position); otherwise, a model of a data file's
    attributes, ``X``'s own, for the header check to compare.
    """
    names = tuple(attribute.name for attribute in attributes)
    if hasattr(estimator, "feature_names_in_") or names == positions(len(names)):
        return names
    return _column_names(X)


def positions(m: int) -> tuple[str, ...]:
    """The names of m features known by position alone: ``x1..xm``."""
    return tuple(f"x{j + 1}" for j in range(m))


def _named_attributes(
    X: np.ndarray,
    nominal: dict[int, tuple[str, ...]],
    names: tuple[str, ...] | None = None,
) -> tuple[Attribute, ...]:
    """The features, nominal where ``nominal`` gives a column's values.

    Named ``names`` where they are one a column, else ``x1..xm`` (a matrix of
    another width than the training data's is then refused by the header
    check, by its count).
    """
    if names is None or len(names) != X.shape[1]:
        names = positions(X.shape[1])
    return tuple(Attribute(name, nominal.get(j)) for j, name in enumerate(names))


def _categories_as_codes(
    X, fitted: tuple[Attribute, ...] | None
) -> tuple[Any, dict[int, tuple[str, ...]]]:
    """A DataFrame's category columns as value indices, and each one's values.

    As ``load_arff`` keeps a file's nominal attributes, so that J48 splits them
    multi-way as WEKA does, where one-hot columns would give another tree. At
    fitting (``fitted`` None) a column's values are its categories as strings,
    in their order; a missing value (NaN) is WEKA's missing. To score, a
    column's values are the training data's attribute's (``fitted``), matched
    by name: a value the training data did not declare is refused, as WEKA
    refuses an undeclared nominal value. Anything but a DataFrame is returned
    as it is; so is a frame of another width than ``fitted``, for
    ``validate_data`` and the header check to refuse.
    """
    dtypes = getattr(X, "dtypes", None)
    if dtypes is None or not hasattr(X, "isetitem"):
        return X, {}
    if fitted is not None and len(fitted) != len(dtypes):
        fitted = None
    encoded, nominal = X, {}
    for j, (column, dtype) in enumerate(dtypes.items()):
        is_category = getattr(dtype, "name", "") == "category"
        trained = None if fitted is None else fitted[j].values
        what = f"column {column!r} of the DataFrame X"
        if fitted is not None and is_category != (trained is not None):
            had = "numeric" if trained is None else f"category {_listed(trained)}"
            raise DataError(
                f"{what} is {dtype} where the training data's was {had}: give "
                "each column the type it had in fit"
                + (" (astype('category'))" if trained is not None else "")
            )
        if not is_category:
            continue
        values = tuple(str(c) for c in dtype.categories)
        if len(set(values)) < len(values):
            raise DataError(
                f"{what} has categories that are one name as strings "
                f"({_listed(dtype.categories)}): WEKA names a nominal value by its "
                "string; rename them apart"
            )
        codes = X.iloc[:, j].cat.codes.to_numpy()
        if trained is not None:
            codes, values = _matched_codes(codes, values, trained, what), trained
        if encoded is X:
            encoded = X.copy(deep=False)
        encoded.isetitem(j, np.where(codes >= 0, codes, np.nan))
        nominal[j] = values
    return encoded, nominal


def _matched_codes(
    codes: np.ndarray, values: tuple[str, ...], trained: tuple[str, ...], what: str
) -> np.ndarray:
    """Category codes of ``values`` as indices into ``trained`` (-1 stays missing).

    A value present in the rows that ``trained`` lacks is refused, as WEKA
    refuses an undeclared nominal value; ``what`` names the column.
    """
    index = {value: i for i, value in enumerate(trained)}
    lookup = np.array([index.get(value, -1) for value in values], dtype=np.int64)
    present = codes[codes >= 0]
    unseen = present[lookup[present] < 0]
    if unseen.size:
        raise DataError(
            f"{what} holds {values[unseen[0]]!r}, a value the training data's "
            f"column did not declare (its values: {_listed(trained)}): WEKA "
            "refuses an undeclared nominal value"
        )
    return np.where(codes >= 0, lookup[np.maximum(codes, 0)], -1)


def _listed(values, most: int = 10) -> str:
    """Values in braces, as WEKA's header lists them; past ``most``, the first few."""
    names = [str(v) for v in values]
    more = f",... ({len(names)} values)" if len(names) > most else ""
    return "{" + ",".join(names[:most]) + more + "}"


def _refuse_all_missing(X: np.ndarray, source: str) -> None:
    """Refuse training data with no value at all, as a file of only '?' is refused."""
    if X.size and np.isnan(X).all():
        raise DataError(
            f"{source}: every feature value is missing (NaN): there is nothing to "
            "rank by (every ranking would tie, AUC 0.5)"
        )


_DATETIME = (
    "{what} is {dtype}: the estimator takes numeric features, and dates and "
    "durations are no number to it: turn them into numbers first (e.g. "
    "seconds since a date, or the day of the week, as columns of their own)"
)


def _refuse_no_columns(X, source: str) -> None:
    """Say a frame of no columns as one, not as numpy's dtype error.

    scikit-learn's check of a DataFrame without columns reads its columns'
    dtypes first and said "at least one array or dtype is required", which
    names neither X nor a remedy (a new user's finding); an array of no
    columns gets scikit-learn's own "0 feature(s)", which does.
    """
    if hasattr(X, "columns") and not len(X.columns):
        raise DataError(
            f"{source} has no columns (shape {tuple(X.shape)}): give at least one "
            "feature column"
        )


def _refuse_text_columns(X) -> None:
    """Name a DataFrame's first column neither numeric nor category, and what to do.

    Without this, numpy's bare "could not convert string to float" is all a
    user of a frame with nominal columns would see; an array of text (a
    ColumnTransformer's output, which drops the categories) is told the same.
    """
    dtype = getattr(X, "dtype", None)
    if isinstance(X, np.ndarray) and dtype.kind in "mM":
        raise DataError(_DATETIME.format(what="the array X", dtype=dtype))
    if isinstance(X, np.ndarray) and dtype.kind in "OUS":
        # Text only (a ValueError): other objects keep numpy's TypeError, which
        # scikit-learn's check_dtype_object expects.
        try:
            X.astype(np.float64)
        except ValueError as error:
            raise DataError(
                f"the array X is not numeric ({error}): the estimator takes numbers, "
                "and a DataFrame's category columns as WEKA's nominal attributes: "
                "give X as a DataFrame (a ColumnTransformer gives one with "
                ".set_output(transform='pandas'))"
            ) from None
    dtypes = getattr(X, "dtypes", None)
    if dtypes is None or not hasattr(dtypes, "items"):
        return
    for column, dtype in dtypes.items():
        kind = getattr(dtype, "kind", "O")
        if kind in "mM":
            what = f"column {column!r} of the DataFrame X"
            raise DataError(_DATETIME.format(what=what, dtype=dtype))
        if kind not in "biufc":
            raise DataError(
                f"column {column!r} of the DataFrame X is {dtype}: the estimator "
                "takes numeric and category columns: make a nominal column "
                f"category (X.astype({{{column!r}: 'category'}}): WEKA's nominal "
                "attribute), encode it (scikit-learn's OrdinalEncoder in a "
                "Pipeline), or read the file with load_arff, whose Dataset keeps "
                "nominal attributes as WEKA's"
            )


def input_name(X) -> str:
    """How warnings and errors name the data passed as ``X``.

    A Dataset read from a file is named by its file (its messages add the
    line); data in memory has neither, so it is named as the caller passed it.
    """
    if isinstance(X, Dataset):
        return X.source or "the Dataset X"
    return "the DataFrame X" if hasattr(X, "columns") else "the array X"


class DeclaredClass(NamedTuple):
    """What a pandas y says of the WEKA class: its name and its labels' order."""

    name: str | None
    labels: tuple[str, ...] | None


def declared_class(y: Any) -> DeclaredClass:
    """A Series y's name, and a ``category`` y's categories as strings in order.

    A nominal class read from an ARFF file into pandas keeps the file's name
    and order (colic's ``surgical_lesion``, credit-g's ``{good,bad}``): the
    WEKA model's class takes them, so that WEKA takes the file as the model's
    header. None where y says nothing (an array, plain labels).
    """
    name = getattr(y, "name", None)
    dtype = getattr(y, "dtype", None)
    labels = (
        tuple(str(c) for c in dtype.categories)
        if getattr(dtype, "name", None) == "category"
        else None
    )
    return DeclaredClass(name if isinstance(name, str) else None, labels)


def labelled_dataset(
    X: np.ndarray,
    y: np.ndarray,
    source: str,
    attributes: tuple[Attribute, ...] | None = None,
    declared: DeclaredClass = DeclaredClass(None, None),
) -> tuple[Dataset, np.ndarray]:
    """A Dataset of checked arrays, and the two classes in sorted order.

    ``Dataset.y`` is 1 for the second class, which ranks first:
    scikit-learn's binary convention (``classes_[1]`` is the positive one).
    ``source`` names the data in messages (:func:`input_name` of what was passed);
    ``attributes`` are :func:`check_arrays`'s (numeric ``x1..xm`` when None).
    ``declared`` (:func:`declared_class`) names the WEKA class where WEKA can
    hold the name beside the features (``class`` otherwise), and orders its
    two values where its labels hold both (sorted otherwise).
    """
    classes = np.unique(y)
    if len(classes) > 2:
        raise ValueError(
            f"Only binary classification is supported: y holds {len(classes)} "
            "classes; a ranking puts one class first: give y as that class "
            "against the rest"
        )
    if len(classes) < 2:
        raise ValueError(
            "y holds one class only: no pair of different classes can be formed"
        )
    codes = (y == classes[1]).astype(np.int8)
    named = [str(classes[0]), str(classes[1])]
    if declared.labels is not None and set(named) <= set(declared.labels):
        named.sort(key=declared.labels.index)
    if attributes is None:
        attributes = _named_attributes(X, {})
    name = declared.name
    usable = name and name.strip() and name not in {a.name for a in attributes}
    data = array_dataset(
        X,
        codes,
        tuple(named),
        named.index(str(classes[1])),
        source=source,
        attributes=attributes,
        class_name=name if usable else "class",
    )
    return data, classes


def array_dataset(
    X: np.ndarray,
    y: np.ndarray | None = None,
    classes: tuple[str, str] = ("0", "1"),
    positive_index: int = 1,
    *,
    source: str,
    attributes: tuple[Attribute, ...] | None = None,
    class_name: str = "class",
) -> Dataset:
    """A Dataset of the features ``x1..xm`` from a matrix.

    ``y`` in {0, 1} (1 for ``classes[positive_index]``, which ranks first),
    zeros when not given;
    ``source`` names the data in messages (:func:`input_name` of what was passed);
    ``attributes`` are :func:`check_arrays`'s (numeric ``x1..xm`` when None).
    """
    y = np.zeros(len(X), dtype=np.int8) if y is None else y.astype(np.int8)
    if attributes is None:
        attributes = _named_attributes(X, {})
    return Dataset(X, y, attributes, class_name, classes, positive_index, source=source)


def as_dataset(
    X: Dataset | np.ndarray, y: np.ndarray | None = None, require_labels: bool = False
) -> Dataset:
    """A Dataset as given, or one of the features of arrays (y in {0, 1}).

    A DataFrame's category columns are nominal, as in :func:`check_arrays`.
    """
    if isinstance(X, Dataset):
        if y is not None:
            raise TypeError("y must be None when X is a Dataset (it holds the class)")
        if require_labels and not X.labelled.all():
            raise DataError(
                f"{input_name(X)}: {int((~X.labelled).sum())} instances have "
                "no class; training needs every class known"
            )
        return X
    features = check_arrays(None, X, fitting=False)
    if y is not None:
        y = np.asarray(y)
        rows = len(features.X)
        if y.shape != (rows,) or not np.isin(y, (0, 1)).all():
            raise ValueError(f"y must hold one 0 or 1 per row of X ({rows} rows)")
    return array_dataset(
        features.X, y, source=input_name(X), attributes=features.attributes
    )
