"""ARFF files in, binary ranking data sets out.

A :class:`Dataset` holds the features as a float matrix (NaN = missing,
nominal = index into the attribute's values, as WEKA stores them), the binary
class as ``y`` (1 = the positive class, which ranks first) and what is needed
to rebuild the WEKA header. A :class:`Task` is a data file plus the choice of
positive class (and of the classes kept); the five study tasks of the
monograph are built in.
"""

from __future__ import annotations

import gzip
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

import arff
import numpy as np

from weka_ranking import progress
from weka_ranking._resources import project_dir
from weka_ranking.errors import DataError

logger = logging.getLogger(__name__)

_NUMERIC_TYPES = {"NUMERIC", "REAL", "INTEGER"}
REST_LABEL = "rest"


@dataclass(frozen=True)
class Attribute:
    """One feature: numeric when ``values`` is None, else nominal."""

    name: str
    values: tuple[str, ...] | None = None

    @property
    def is_nominal(self) -> bool:
        return self.values is not None


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
        String, date and relational attributes of the file left out.
    labels : ndarray of shape (n,), object
        Each instance's class value as the file gives it (before classes are
        merged into ``rest``), ``?`` where it is missing.
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

    @property
    def positive(self) -> str:
        return self.class_values[self.positive_index]

    @property
    def class_index(self) -> np.ndarray:
        """WEKA's class value index of each instance."""
        return self.y if self.positive_index == 1 else 1 - self.y

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
    if attribute.values is None:
        return f"'{attribute.name}' numeric"
    return f"'{attribute.name}' {{{','.join(attribute.values)}}}"


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


def _study_task(name: str, file: str, positive: str, keep=None) -> Task:
    return Task(name, project_dir("arff_data") / file, positive, keep)


# The monograph's binarisation (after Guo and Viktor, SIGKDD Explorations 2004).
STUDY_TASKS: dict[str, Task] = {
    task.name: task
    for task in (
        _study_task("breast-cancer", "breast-cancer.arff", "recurrence-events"),
        _study_task("vehicle", "vehicle.arff", "van"),
        _study_task("hepatitis", "hepatitis.arff", "DIE"),
        _study_task("glass", "glass.arff", "headlamps"),
        _study_task("yeast", "yeast.arff", "POX", ("CYT", "POX")),
    )
}


def resolve_task(
    name_or_path: str | Path,
    positive: str | None = None,
    keep: tuple[str, ...] | None = None,
) -> Task:
    """A built-in task by name, or a task on an ARFF file.

    ``positive`` and ``keep`` override a built-in task's choices.
    """
    key = str(name_or_path)
    if key in STUDY_TASKS:
        task = STUDY_TASKS[key]
        return Task(task.name, task.path, positive or task.positive, keep or task.keep)
    path = Path(name_or_path)
    if path.suffix.lower() not in (".arff", ".gz", ".csv") and not path.exists():
        raise DataError(
            f"{key}: neither a built-in task ({', '.join(STUDY_TASKS)}) "
            "nor an existing data file (ARFF, .arff.gz, CSV)"
        )
    return Task(path.stem, path, positive, keep)


_DECLARATION = re.compile(
    r"^[ \t]*@attribute[ \t]+('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|\S+)[ \t]+"
    r"(date|relational|string)\b[^\n]*$",
    re.IGNORECASE | re.MULTILINE,
)
_KEYWORDS = {"@relation", "@attribute", "@end", "@data"}
_DATA = re.compile(r"^[ \t]*@data\b", re.IGNORECASE | re.MULTILINE)


def _unquote(name: str) -> str:
    if name[:1] in "'\"" and name[-1:] == name[:1]:
        return re.sub(r"\\(.)", r"\1", name[1:-1])
    return name


def _prepare_header(text: str, source: str) -> tuple[str, list[tuple[str, str, int]]]:
    """Declare date and relational attributes as string, integer as numeric.

    Returns the new text and (name, type, line) of every string, date and
    relational attribute, which the reduction cannot use.
    """
    data = _DATA.search(text)
    header, body = (text[: data.start()], text[data.start() :]) if data else (text, "")
    for number, line in enumerate(header.splitlines(), start=1):
        keyword = line.strip().split(None, 1)[0].lower() if line.strip() else ""
        if keyword.startswith("@") and keyword not in _KEYWORDS:
            raise DataError(
                f"{source}: line {number}: unknown keyword {keyword!r} (ARFF headers "
                "have @relation, @attribute and @data)"
            )
    found = []
    for match in _DECLARATION.finditer(header):
        line = header.count("\n", 0, match.start()) + 1
        found.append((_unquote(match.group(1)), match.group(2).lower(), line))
    for name, kind, _ in found:
        if kind == "relational":
            # A relational attribute's block of nested declarations ends at
            # "@end name"; its values are quoted strings.
            block = re.compile(
                r"^[ \t]*@attribute[ \t]+" + re.escape(name) + r"[ \t]+relational\b.*?"
                r"^[ \t]*@end[ \t]+" + re.escape(name) + r"[ \t]*$",
                re.IGNORECASE | re.MULTILINE | re.DOTALL,
            )
            header = block.sub(f"@attribute {name} string", header, count=1)
    declaration = (
        r"^([ \t]*@attribute[ \t]+(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|\S+)[ \t]+)"
    )
    flags = re.IGNORECASE | re.MULTILINE
    header = re.sub(declaration + r"date\b[^\n]*$", r"\1string", header, flags=flags)
    # liac-arff truncates integer values; WEKA reads them as numeric.
    header = re.sub(declaration + r"integer\b", r"\1numeric", header, flags=flags)
    return header + body, found


_NOMINAL = re.compile(
    r"^[ \t]*@attribute[ \t]+('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|\S+)[ \t]*"
    r"\{(.*)\}[ \t]*$",
    re.IGNORECASE,
)
_WEIGHT = re.compile(r",[ \t]*\{[^}]*\}[ \t]*$")


def _check_layout(text: str, source: str) -> None:
    """What liac-arff reports as "Invalid layout", or WEKA as an exception,
    said plainly with its line: no @data, a nominal value declared twice,
    instance weights."""
    lines = text.splitlines()
    data_line = next((n for n, line in enumerate(lines, 1) if _DATA.match(line)), None)
    if data_line is None:
        declared = any(
            line.strip().lower().startswith(("@relation", "@attribute"))
            for line in lines
        )
        raise DataError(
            f"{source}: no @data section"
            + ("" if declared else " and no @relation or @attribute either")
            + ": an ARFF file is a header (@relation, @attribute ...) then @data "
            "and one line per instance"
        )
    for number, line in enumerate(lines[: data_line - 1], 1):
        match = _NOMINAL.match(line)
        if match:
            values = [v.strip().strip("'\"") for v in match.group(2).split(",")]
            repeated = sorted({v for v in values if values.count(v) > 1})
            if repeated:
                raise DataError(
                    f"{source}: line {number}: nominal attribute "
                    f"{_unquote(match.group(1))} declares {', '.join(repeated)} "
                    "more than once; each value must appear once"
                )
    for number, line in enumerate(lines[data_line:], data_line + 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("%") and _WEIGHT.search(stripped):
            weight = stripped.rsplit(",", 1)[1].strip()
            raise DataError(
                f"{source}: line {number}: an instance weight ({weight}); "
                "weka-ranking pairs instances without weights: remove the weights "
                "(or train in WEKA, where the meta-classifier weighs a pair by the "
                "product of its instances' weights)"
            )


LARGE_FILE = 20 << 20


def read_data_file(path: Path) -> tuple[dict, dict[str, tuple[str, int]]]:
    """A data file read as liac-arff reads ARFF, and where its unsupported
    attributes are: ARFF (also gzip'd) here, any other kind by WEKA's own
    converters (CSV typed as WEKA types it)."""
    try:
        if path.stat().st_size > LARGE_FILE:
            size = path.stat().st_size >> 20
            progress.line("reading %s (%d MB)", path, size, force=True)
        with path.open("rb") as stream:
            gzipped = stream.read(2) == b"\x1f\x8b"
        if gzipped and not path.name.lower().endswith(".arff.gz"):
            raise DataError(
                f"{path}: a gzip'd file; name it .arff.gz if it is a gzip'd ARFF file"
            )
        if not gzipped and path.suffix.lower() != ".arff":
            from weka_ranking import bridge

            return bridge.read_with_weka(path), {}
        raw = gzip.decompress(path.read_bytes()) if gzipped else path.read_bytes()
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise DataError(f"{path}: is a folder, not an ARFF file") from None
    except (OSError, EOFError, UnicodeDecodeError) as err:
        raise DataError(f"{path}: cannot read: {err}") from None
    if not text.strip():
        raise DataError(f"{path}: the file is empty")
    _check_layout(text, str(path))
    text, unsupported = _prepare_header(text, str(path))
    try:
        parsed = arff.loads(text, encode_nominal=True)
    except arff.ArffException as err:
        raise DataError(f"{path}: {err}") from None
    except (ValueError, TypeError, IndexError, KeyError) as err:
        raise DataError(f"{path}: not a valid ARFF file ({err})") from None
    return parsed, {name: (kind, line) for name, kind, line in unsupported}


def _class_position(class_index: str, count: int, source: str) -> int:
    text = str(class_index).strip().lower()
    if text in ("first", "last"):
        return 0 if text == "first" else count - 1
    if text.isdigit() and 1 <= int(text) <= count:
        return int(text) - 1
    raise DataError(
        f"{source}: class index {class_index!r} must be first, last or 1..{count} "
        f"(the file has {count} attributes)"
    )


def load_arff(
    path: str | Path,
    *,
    positive: str | None = None,
    keep: tuple[str, ...] | None = None,
    class_attribute: str | None = None,
    class_index: str | None = None,
    drop_unsupported: bool = False,
    unlabelled: str = "drop",
    expected: tuple[Attribute, ...] | None = None,
) -> Dataset:
    """Read an ARFF file into a binary :class:`Dataset`.

    Parameters
    ----------
    path : str or Path
        The ARFF file (LF or CRLF line endings; ``real`` reads as numeric).
    positive : str, optional
        The class value that ranks first. Required when the class has more
        than two values; for a binary class it defaults to the minority class
        (the first value on a tie).
    keep : tuple of str, optional
        Keep only the instances of these classes. With two classes kept the
        class keeps those two values in file order; otherwise every class but
        ``positive`` is merged into a class named ``rest``.
    class_attribute : str, optional
        The class attribute's name; WEKA's default, the last one, otherwise.
    class_index : str, optional
        The class attribute as WEKA's ``-c`` gives it: ``first``, ``last`` or a
        1-based index.
    drop_unsupported : bool, default=False
        Drop string, date and relational attributes (with a warning that
        counts them) instead of refusing the file.
    unlabelled : {"drop", "keep"}, default="drop"
        Instances with a missing class: dropped with a warning (training), or
        kept as unlabelled (data to rank).
    expected : tuple of Attribute, optional
        The features a trained model expects; a file whose header differs is
        refused with the first difference.
    """
    parsed, unsupported = read_data_file(Path(path))
    source = str(path)
    declared = parsed["attributes"]
    names = [name for name, _ in declared]
    class_pos = len(declared) - 1
    if class_index is not None:
        class_pos = _class_position(class_index, len(declared), source)
    if class_attribute is not None:
        if class_attribute not in names:
            raise DataError(f"{source}: no attribute named {class_attribute!r}")
        class_pos = names.index(class_attribute)
    class_name, class_type = declared[class_pos]
    if not isinstance(class_type, list):
        kind = unsupported.get(class_name, (class_type.lower(),))[0]
        raise DataError(
            f"{source}: the class attribute {class_name!r} is {kind}; "
            "the reduction needs a nominal class"
        )
    attributes, columns, dropped = [], [], []
    for i, (name, kind) in enumerate(declared):
        if i == class_pos:
            continue
        if isinstance(kind, list):
            attributes.append(Attribute(name, tuple(kind)))
        elif kind.upper() in _NUMERIC_TYPES:
            attributes.append(Attribute(name))
        else:
            real_kind, line = unsupported.get(name, (kind.lower(), None))
            if not drop_unsupported:
                where = f"line {line}: " if line else ""
                raise DataError(
                    f"{source}: {where}attribute {name!r} is of type {real_kind}, "
                    "which the reduction cannot use; pass --drop-unsupported to drop it"
                )
            dropped.append(name)
            continue
        columns.append(i)
    if dropped:
        logger.warning(
            "%s: dropped %d string/date/relational attributes: %s",
            source,
            len(dropped),
            ", ".join(dropped),
        )
    if not attributes:
        raise DataError(f"{source}: no usable attribute besides the class")
    if expected is not None:
        difference = header_difference(expected, tuple(attributes))
        if difference is not None:
            raise DataError(
                f"{source}: header differs from the training data: {difference}"
            )
    rows = parsed["data"]
    if not rows:
        raise DataError(f"{source}: the file has no instances")
    klass = np.array(
        [np.nan if row[class_pos] is None else row[class_pos] for row in rows],
        dtype=np.float64,
    )
    X = np.array(
        [[np.nan if row[i] is None else row[i] for i in columns] for row in rows],
        dtype=np.float64,
    )
    row_numbers = np.arange(len(rows), dtype=np.int64)
    missing = np.isnan(klass)
    values = tuple(class_type)
    selected = np.ones(len(rows), dtype=bool)
    if unlabelled == "drop":
        if missing.any():
            logger.warning(
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
    labelled = ~np.isnan(klass)
    if len(klass) == 0:
        raise DataError(f"{source}: no instances of the classes kept")
    kept = [v for v in values if keep is None or v in keep]
    if len(kept) < 2:
        raise DataError(
            f"{source}: the class {class_name!r} has only the value "
            f"{', '.join(kept) or 'none'}"
            + (" among the instances kept" if keep is not None else "")
            + ": ranking needs two classes"
        )
    if positive is None:
        if len(kept) != 2:
            raise DataError(
                f"{source}: the class {class_name!r} has {len(kept)} values "
                f"({', '.join(kept)}); name the positive one (--positive)"
            )
        counts = [int(np.sum(klass == values.index(v))) for v in kept]
        positive = kept[int(np.argmin(counts))]
    if positive not in kept:
        raise DataError(
            f"{source}: positive class {positive!r} is not among the class values "
            f"{kept}"
        )
    if len(kept) == 2:
        class_values = (kept[0], kept[1])
    else:
        rest = REST_LABEL if positive != REST_LABEL else REST_LABEL + "_"
        class_values = (rest, positive)
    y = (klass == values.index(positive)).astype(np.int8)
    return Dataset(
        X=X,
        y=y,
        attributes=tuple(attributes),
        class_name=class_name,
        class_values=class_values,
        positive_index=class_values.index(positive),
        relation=parsed.get("relation", "data"),
        source=source,
        rows=row_numbers,
        labelled=labelled,
        dropped=tuple(dropped),
        labels=np.array(
            [values[int(k)] if k == k else "?" for k in klass], dtype=object
        ),
    )
