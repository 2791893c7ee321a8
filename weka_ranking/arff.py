"""Data files in (ARFF, ``.arff.gz``; CSV and the rest through WEKA's own
converters), binary :class:`~weka_ranking.data.Dataset` out.

Layout mistakes are named with the file and line before any parsing, so a
bad file gets an error that says what to fix, never a parser's traceback.
"""

from __future__ import annotations

import gzip
import logging
import re
from pathlib import Path

import arff
import numpy as np

from weka_ranking import progress
from weka_ranking.data import Attribute, Dataset, header_difference
from weka_ranking.errors import DataError, Remedy

logger = logging.getLogger(__name__)

_NUMERIC_TYPES = {"NUMERIC", "REAL", "INTEGER"}
REST_LABEL = "rest"

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
                    "which the reduction cannot use",
                    Remedy("drop it with", "drop_unsupported", True),
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


def _quoted(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def to_arff(data: Dataset) -> str:
    """The data set as ARFF text, its binary class last as WEKA is given it,
    numbers with every digit (``repr``) so that WEKA reads them back equal."""
    lines = [f"@relation {_quoted(data.relation)}", ""]
    for attribute in (*data.attributes, Attribute(data.class_name, data.class_values)):
        kind = (
            "numeric"
            if attribute.values is None
            else "{" + ",".join(map(_quoted, attribute.values)) + "}"
        )
        lines.append(f"@attribute {_quoted(attribute.name)} {kind}")
    lines += ["", "@data"]
    for row, klass in zip(data.X, data.class_index):
        cells = [
            "?"
            if np.isnan(value)
            else repr(float(value))
            if attribute.values is None
            else _quoted(attribute.values[int(value)])
            for attribute, value in zip(data.attributes, row)
        ]
        lines.append(",".join([*cells, _quoted(data.class_values[int(klass)])]))
    return "\n".join(lines) + "\n"
