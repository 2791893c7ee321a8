"""The binary ranking data set: features, class, and the WEKA header's facts.

A :class:`Dataset` holds the features as a float matrix (NaN = missing,
nominal = index into the attribute's values, as WEKA stores them), the binary
class as ``y`` (1 = the positive class, which ranks first) and what is needed
to rebuild the WEKA header. A :class:`Table` is a data file as WEKA's reader
gives it (every attribute, every value); :func:`binary_dataset` makes the
binary task of it, without the JVM. Files are read by
:mod:`weka_ranking.arff`; the built-in tasks are in :mod:`weka_ranking.tasks`.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from weka_ranking import progress
from weka_ranking.errors import DataError, Remedy

if TYPE_CHECKING:
    import pandas

logger = logging.getLogger(__name__)

REST_LABEL = "rest"
# A word WEKA's option splitter (Utils.splitOptions) reads as it is; any other is
# double-quoted with Utils.backQuoteChars' escapes, as Utils.joinOptions quotes it.
_WEKA_BARE = re.compile(r"[^\s\"']+")
_WEKA_ESCAPES = str.maketrans(
    {"\\": "\\\\", "'": "\\'", "\t": "\\t", "\n": "\\n", "\r": "\\r", '"': '\\"'}
)
# WEKA's attribute types; a date is numeric to WEKA (milliseconds since the
# epoch) and to its learners, so it is a numeric feature here as in the Java
# class. String and relational values are indices into per-file lists, which
# no pair of instances can compare: the reduction cannot use them.
FEATURE_KINDS = {"numeric", "nominal", "date"}
# A nominal feature of more distinct values than this percentage of its rows,
# and at least IDENTIFIER_LEAST of them, is an identifier (identifier_like).
IDENTIFIER_PERCENT = 99
IDENTIFIER_LEAST = 50


@dataclass(frozen=True)
class Attribute:
    """One feature: numeric when ``values`` is None, else nominal.

    A date (numeric, milliseconds since the epoch) keeps WEKA's ``date_format`` so that
    the WEKA header says date as the file does.
    """

    name: str
    values: tuple[str, ...] | None = None
    date_format: str | None = None

    @property
    def is_nominal(self) -> bool:
        return self.values is not None


@dataclass(frozen=True)
class WekaRecipe:
    """How WEKA makes a data set's binary task from its file: WEKA's runs equal ours.

    ``filters`` are WEKA filters (classname and options), applied to the file in
    order: string and relational attributes removed (``RemoveType``), the rows of
    the classes kept (``RemoveWithValues -V -H``, which keeps the kept values in
    file order), and a class of more than two values made the positive one against
    the rest (``MakeIndicator -N``, the rest first as here, its values then named
    as here by ``RenameNominalValues``, so that a model trained here reads WEKA's
    file; a label that ``RenameNominalValues`` cannot name, holding a comma or a
    colon or starting or ending with a space, by ``MergeManyValues`` twice: the rest
    merged, then the positive value moved after it). Each filter is its words
    (classname, then options). Empty where WEKA reads the file as it is.
    ``class_index`` is the class of the filtered file as WEKA's ``-c`` names it.
    """

    filters: tuple[tuple[str, ...], ...]
    class_index: str

    def filter_words(self) -> list[str]:
        """The filters as the words of one WEKA filter's command line ([] for none)."""
        if len(self.filters) < 2:
            return [word for words in self.filters for word in words]
        return [
            "weka.filters.MultiFilter",
            *(w for words in self.filters for w in ("-F", weka_options(words))),
        ]

    def filter_spec(self) -> str:
        """The filters as one WEKA filter specification ("" for none)."""
        return weka_options(self.filter_words())


def weka_options(words: tuple[str, ...] | list[str]) -> str:
    """``words`` as one WEKA option string, quoted as WEKA's ``Utils.joinOptions`` does.

    WEKA's ``Utils.splitOptions`` gives the words back (a MultiFilter's ``-F``, the
    Explorer's field).

    >>> weka_options(["-N", 'neg_a "b":rest', "-R", "last"])
    '-N "neg_a \\\\"b\\\\":rest" -R last'
    """
    return " ".join(
        w if _WEKA_BARE.fullmatch(w) else f'"{w.translate(_WEKA_ESCAPES)}"'
        for w in words
        if w
    )


@dataclass(frozen=True, eq=False)
class Dataset:
    """A binary ranking data set.

    Attributes
    ----------
    X : ndarray of shape (n, m), float64
        Features; NaN is a missing value, a nominal value is its index.
    y : ndarray of shape (n,), int8
        1 for the positive class, 0 for the other.
    attributes : tuple of Attribute
        The m features, in file order, class excluded.
    class_name : str
        Name of the class attribute.
    class_values : tuple of two str
        The binary class attribute's values in WEKA's order.
    positive_index : int
        Index of the positive class in ``class_values``.
    relation : str
        The ARFF relation name.
    source : str
        Where the data came from (a path, or a description).
    rows : ndarray of shape (n,), int64
        Each instance's 0-based row number among the file's data rows.
    labelled : ndarray of shape (n,), bool
        False where the file gives no class (kept only in data to rank;
        ``y`` is 0 there).
    dropped : tuple of str
        String and relational attributes of the file left out (dates are
        numeric features).
    labels : ndarray of shape (n,), object
        Each instance's class value as the file gives it (before classes are
        merged into ``rest``), ``?`` where it is missing.
    weka_recipe : WekaRecipe or None
        How WEKA makes these instances from the file ``source``; None where they
        are not a file's as read (arrays, a subset, values changed).
    """

    X: np.ndarray
    y: np.ndarray
    attributes: tuple[Attribute, ...]
    class_name: str
    class_values: tuple[str, str]
    positive_index: int
    relation: str = "data"
    source: str = ""
    rows: np.ndarray = field(default=None)  # type: ignore[assignment]
    labelled: np.ndarray = field(default=None)  # type: ignore[assignment]
    dropped: tuple[str, ...] = ()
    labels: np.ndarray = field(default=None)  # type: ignore[assignment]
    weka_recipe: WekaRecipe | None = None

    def __post_init__(self) -> None:
        if self.rows is None:
            object.__setattr__(self, "rows", np.arange(len(self.y), dtype=np.int64))
        if self.labelled is None:
            object.__setattr__(self, "labelled", np.ones(len(self.y), dtype=bool))
        if self.labels is None:
            named = np.array(self.class_values, dtype=object)[self.class_index]
            object.__setattr__(self, "labels", np.where(self.labelled, named, "?"))

    def __len__(self) -> int:
        return len(self.y)

    def __repr__(self) -> str:
        positives = int(np.count_nonzero(self.y))
        return (
            f"Dataset({self.source or self.relation!r}: {len(self)} instances, "
            f"{positives} {self.positive}; {len(self.attributes)} features)"
        )

    @property
    def positive(self) -> str:
        return self.class_values[self.positive_index]

    @property
    def class_index(self) -> np.ndarray:
        """WEKA's class value index of each instance."""
        return self.y if self.positive_index == 1 else 1 - self.y

    def to_frame(self) -> pandas.DataFrame:
        """The features as a pandas DataFrame, nominal attributes as categories.

        For scikit-learn's own tools (``cross_val_score``, ``GridSearchCV``) on
        a file's data: ``X`` holds a nominal value as its index, which an
        estimator given the bare array takes as a number; the frame's
        categories (the attribute's values, in the file's order; missing is
        NaN) keep it nominal, so that scikit-learn's folds train the models
        ``weka-ranking cv`` trains on the file (a new user's NaiveBayes on
        credit-a: 0.877 on the codes against cv's 0.896). pandas is yours to
        install.
        """
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(
                "Dataset.to_frame needs pandas: pip install pandas"
            ) from None
        columns = {}
        for j, attribute in enumerate(self.attributes):
            values = self.X[:, j]
            if attribute.values is None:
                columns[attribute.name] = values
            else:
                codes = np.where(np.isnan(values), -1, values).astype(np.int64)
                columns[attribute.name] = pd.Categorical.from_codes(
                    codes, categories=list(attribute.values)
                )
        return pd.DataFrame(columns)

    def subset(self, indices: np.ndarray) -> Dataset:
        """The instances at ``indices``, in that order."""
        indices = np.asarray(indices, dtype=np.int64)
        return Dataset(
            X=self.X[indices],
            y=self.y[indices],
            attributes=self.attributes,
            class_name=self.class_name,
            class_values=self.class_values,
            positive_index=self.positive_index,
            relation=self.relation,
            source=self.source,
            rows=self.rows[indices],
            labelled=self.labelled[indices],
            dropped=self.dropped,
            labels=self.labels[indices],
        )


def header_difference(
    expected: tuple[Attribute, ...], actual: tuple[Attribute, ...]
) -> str | None:
    """The first difference between two lists of features, or None if they match."""
    if len(expected) != len(actual):
        return f"{len(actual)} attributes where the training data has {len(expected)}"
    for i, (mine, theirs) in enumerate(zip(expected, actual)):
        if mine != theirs:
            return (
                f"attribute {i + 1} is {_describe(theirs)} where the training data "
                f"has {_describe(mine)}"
            )
    return None


def _describe(attribute: Attribute) -> str:
    if attribute.date_format is not None:
        return f"'{attribute.name}' date '{attribute.date_format}'"
    if attribute.values is None:
        return f"'{attribute.name}' numeric"
    return f"'{attribute.name}' {{{','.join(attribute.values)}}}"


@dataclass(frozen=True)
class Declared:
    """One attribute as a data file declares it.

    ``kind`` is WEKA's type (numeric, nominal, date, string or relational);
    ``values`` are a nominal attribute's values, ``date_format`` a date's
    format; ``line`` is where the file declares it, when that is known (it is
    looked up for the attributes the reduction cannot use, to name them in an
    error).
    """

    name: str
    kind: str
    values: tuple[str, ...] = ()
    line: int | None = None
    date_format: str | None = None

    def as_attribute(self) -> Attribute:
        """The feature it is (numeric, nominal or date)."""
        nominal = self.kind == "nominal"
        return Attribute(self.name, self.values if nominal else None, self.date_format)


@dataclass(frozen=True, eq=False)
class Table:
    """A data file as WEKA reads it: every attribute and every value.

    Attributes
    ----------
    relation : str
        The relation's name.
    declared : tuple of Declared
        Every attribute in file order, the class among them.
    values : ndarray of shape (n, len(declared)), float64
        Each instance's values as WEKA stores them: NaN missing, a nominal
        value's index, a date's milliseconds since the epoch.
    """

    relation: str
    declared: tuple[Declared, ...]
    values: np.ndarray


def _class_position(class_index: str, count: int, source: str) -> int:
    text = str(class_index).strip().lower()
    if text in ("first", "last"):
        return 0 if text == "first" else count - 1
    if text.isdigit() and 1 <= int(text) <= count:
        return int(text) - 1
    raise DataError(
        f"{source}: class index {class_index!r} must be first, last, 1..{count} "
        f"or an attribute's name (the file has {count} attributes)"
    )


def _features(
    table: Table, class_pos: int, source: str, drop_unsupported: bool
) -> tuple[list[Attribute], list[int], list[str]]:
    """The features (class excluded), their columns and the attributes dropped."""
    attributes, columns, dropped = [], [], []
    for i, declared in enumerate(table.declared):
        if i == class_pos:
            continue
        if declared.kind not in FEATURE_KINDS:
            if not drop_unsupported:
                where = f"line {declared.line}: " if declared.line else ""
                raise DataError(
                    f"{source}: {where}attribute {declared.name!r} is of type "
                    f"{declared.kind}, which the reduction cannot use",
                    Remedy("drop it with", "drop_unsupported", True),
                )
            dropped.append(declared.name)
            continue
        attributes.append(declared.as_attribute())
        columns.append(i)
    if dropped:
        progress.warn(
            logger,
            "%s: dropped %d string/relational attributes: %s",
            source,
            len(dropped),
            ", ".join(dropped),
        )
    if not attributes:
        separated = [d.name for d in table.declared if ";" in d.name]
        hint = (
            f" (the column {separated[0]!r} looks like several separated by ';': "
            "WEKA's CSV reader takes commas; convert the file or save it as ARFF)"
            if separated
            else ""
        )
        raise DataError(f"{source}: no usable attribute besides the class{hint}")
    return attributes, columns, dropped


def binary_dataset(
    table: Table,
    source: str,
    *,
    positive: str | None = None,
    keep: tuple[str, ...] | None = None,
    class_attribute: str | None = None,
    class_index: str | None = None,
    drop_unsupported: bool = False,
    unlabelled: str = "drop",
    expected: tuple[Attribute, ...] | None = None,
) -> Dataset:
    """The binary task of a table: its features, and its class made binary.

    Parameters are :func:`weka_ranking.arff.load_arff`'s; ``source`` names
    the data in errors. Pure Python: no JVM is needed.
    """
    names = [d.name for d in table.declared]
    class_pos = len(names) - 1
    if (
        class_index is not None
        and str(class_index) in names
        and not (str(class_index) in ("first", "last") or str(class_index).isdigit())
    ):
        class_attribute = str(class_index)  # -c NAME: the class by its name
    elif class_index is not None:
        class_pos = _class_position(class_index, len(names), source)
    if class_attribute is not None:
        if class_attribute not in names:
            raise DataError(f"{source}: no attribute named {class_attribute!r}")
        class_pos = names.index(class_attribute)
    klass_declared = table.declared[class_pos]
    if klass_declared.kind != "nominal":
        raise DataError(
            f"{source}: the class attribute {klass_declared.name!r} is "
            f"{klass_declared.kind}; the reduction needs a nominal class (in a "
            "CSV file write its values as words, e.g. no/yes; in ARFF declare "
            "it {0,1})"
        )
    attributes, columns, dropped = _features(table, class_pos, source, drop_unsupported)
    if expected is not None:
        difference = header_difference(expected, tuple(attributes))
        if difference is not None:
            raise DataError(
                f"{source}: header differs from the training data: {difference}"
            )
    if len(table.values) == 0:
        raise DataError(f"{source}: the file has no instances")
    klass = table.values[:, class_pos]
    X = table.values[:, columns]
    row_numbers = np.arange(len(klass), dtype=np.int64)
    missing = np.isnan(klass)
    values = klass_declared.values
    selected = np.ones(len(klass), dtype=bool)
    if unlabelled == "drop":
        if missing.any():
            progress.warn(
                logger,
                "%s: dropped %d instances with a missing class",
                source,
                int(missing.sum()),
            )
        selected &= ~missing
    elif unlabelled != "keep":
        raise ValueError(f"unlabelled must be 'drop' or 'keep', got {unlabelled!r}")
    if keep is not None:
        unknown = [k for k in keep if k not in values]
        if unknown:
            raise DataError(
                f"{source}: class values {unknown} to keep are not among {list(values)}"
            )
        selected &= missing | np.isin(klass, [values.index(k) for k in keep])
    klass, X, row_numbers = klass[selected], X[selected], row_numbers[selected]
    if len(klass) == 0:
        raise DataError(f"{source}: no instances of the classes kept")
    kept = [v for v in values if keep is None or v in keep]
    if len(kept) < 2:
        raise DataError(
            f"{source}: the class {klass_declared.name!r} has only the value "
            f"{', '.join(kept) or 'none'}"
            + (" among the instances kept" if keep is not None else "")
            + ": ranking needs two classes"
        )
    if positive is None:
        if len(kept) != 2:
            raise DataError(
                f"{source}: the class {klass_declared.name!r} has {len(kept)} values "
                f"({', '.join(kept)})",
                Remedy("name the positive one,", "positive", "VALUE"),
            )
        counts = [int(np.sum(klass == values.index(v))) for v in kept]
        positive = kept[int(np.argmin(counts))]
    if positive not in kept:
        raise DataError(
            f"{source}: positive class {positive!r} is not among the class values "
            f"{kept}"
        )
    empty = np.isnan(X).all(axis=0)
    if empty.all():
        raise DataError(
            f"{source}: every feature value is missing ('?'): there is nothing to "
            "rank by (every ranking would tie, AUC 0.5)"
        )
    if empty.any():
        names = [a.name for a, e in zip(attributes, empty) if e]
        progress.warn(
            logger,
            "%s: %s no value at all: %s",
            source,
            "1 attribute has" if len(names) == 1 else f"{len(names)} attributes have",
            ", ".join(names),
        )
    for j in identifier_like(attributes, X):
        progress.warn(
            logger,
            "%s: attribute %r has a value of its own in almost every instance (%d "
            "values in %d): an identifier, used as a feature as WEKA uses it; remove "
            "it from the file first, e.g. with WEKA's "
            "weka.filters.unsupervised.attribute.Remove -R %d (RemoveUseless removes "
            "every such attribute)",
            source,
            attributes[j].name,
            *_distinct_and_present(X[:, j]),
            columns[j] + 1,
        )
    if len(kept) == 2:
        class_values = (kept[0], kept[1])
    else:
        rest = REST_LABEL if positive != REST_LABEL else REST_LABEL + "_"
        class_values = (rest, positive)
    recipe = _weka_recipe(table.declared, class_pos, kept, class_values)
    return Dataset(
        X=np.ascontiguousarray(X),
        y=(klass == values.index(positive)).astype(np.int8),
        attributes=tuple(attributes),
        class_name=klass_declared.name,
        class_values=class_values,
        positive_index=class_values.index(positive),
        relation=table.relation,
        source=source,
        rows=row_numbers,
        labelled=~np.isnan(klass),
        dropped=tuple(dropped),
        labels=np.array(
            [values[int(k)] if k == k else "?" for k in klass], dtype=object
        ),
        weka_recipe=recipe,
    )


def identifier_like(attributes: list[Attribute], X: np.ndarray) -> list[int]:
    """The nominal features that look like identifiers: a value of their own per row.

    WEKA's rule for a nominal attribute that varies too much (``RemoveUseless``'s
    default ``-M 99``: distinct values over 99 % of the rows that have one), from
    :data:`IDENTIFIER_LEAST` distinct values on, so that a small file's few-valued
    attribute is not one. Such a feature tells a pair's two rows apart by name only:
    the members learn names that no new row has. ``RankingReduction.java`` says the
    same of WEKA's training data.
    """
    return [
        j
        for j, attribute in enumerate(attributes)
        if attribute.is_nominal
        and len(attribute.values or ()) >= IDENTIFIER_LEAST  # else too few to count
        and (counts := _distinct_and_present(X[:, j]))[0] >= IDENTIFIER_LEAST
        and counts[0] * 100 > IDENTIFIER_PERCENT * counts[1]
    ]


def _distinct_and_present(column: np.ndarray) -> tuple[int, int]:
    """A column's distinct values and the rows that have one (not missing)."""
    present = column[~np.isnan(column)]
    return len(np.unique(present)), len(present)


def _weka_recipe(
    declared: tuple[Declared, ...],
    class_pos: int,
    kept: list[str],
    class_values: tuple[str, str],
) -> WekaRecipe:
    """WEKA's filters that make :func:`binary_dataset`'s task of a file.

    ``kept`` are the class values kept, in file order; ``class_values`` the binary
    class's.
    """
    unusable = [
        i
        for i, d in enumerate(declared)
        if i != class_pos and d.kind not in FEATURE_KINDS
    ]
    attribute = "weka.filters.unsupervised.attribute."
    filters = [
        (attribute + "RemoveType", "-T", kind)
        for kind in sorted({declared[i].kind for i in unusable})
    ]
    position = class_pos - sum(i < class_pos for i in unusable)
    last = position == len(declared) - len(unusable) - 1
    column = "last" if last else str(position + 1)
    values = declared[class_pos].values
    if len(kept) < len(values):
        indices = ",".join(str(values.index(v) + 1) for v in kept)
        filters.append(
            ("weka.filters.unsupervised.instance.RemoveWithValues", "-C", column)
            + ("-L", indices, "-V", "-H")
        )
    if len(kept) > 2:
        rest, positive = class_values
        at = kept.index(positive) + 1
        # RenameNominalValues splits its list at commas and colons and trims names.
        if not {",", ":"} & set(positive) and positive == positive.strip():
            renamed = f"neg_{positive}:{rest},pos_{positive}:{positive}"
            filters += [
                (attribute + "MakeIndicator", "-C", column, "-V", str(at), "-N"),
                (attribute + "RenameNominalValues", "-R", column, "-N", renamed),
            ]
        else:
            # MergeManyValues appends its label: the rest merged after the positive
            # one, then the positive one "merged" alone, after the rest.
            others = ",".join(str(i + 1) for i in range(len(kept)) if i + 1 != at)
            merge = (attribute + "MergeManyValues", "-C", column)
            filters += [
                merge + ("-L", rest, "-R", others),
                merge + ("-L", positive, "-R", "1"),
            ]
    return WekaRecipe(tuple(filters), column)


def synthetic(n: int, features: int = 20, seed: int = 1) -> Dataset:
    """N distinct instances with continuous features and a known signal.

    The top 30% of the signal (the first five features informative, or as
    many as there are) plus as much noise is positive: data of any size to try
    the method on, as the benchmarks and the tests do.

    Parameters
    ----------
    n : int
        Instances, at least 2.
    features : int, default=20
        Standard normal features ``x1..xm``, at least 1.
    seed : int, default=1
        NumPy's generator's seed: the same seed, the same data.
    """
    if n < 2 or features < 1:
        raise ValueError(
            f"synthetic: n={n}, features={features}: give n of at least 2 "
            "and features of at least 1"
        )
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, features))
    weights = np.zeros(features)
    informative = min(features, 5)
    weights[:informative] = (5, 4, 3, 2, 1)[:informative]
    signal = X @ weights
    signal += rng.standard_normal(n) * signal.std()
    y = (signal > np.quantile(signal, 0.7)).astype(np.int8)
    attributes = tuple(Attribute(f"x{j + 1}") for j in range(features))
    return Dataset(X, y, attributes, "class", ("0", "1"), 1, "synthetic", "synthetic")
