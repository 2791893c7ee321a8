"""Data files in, binary :class:`~weka_ranking.data.Dataset` out.

ARFF and ``.arff.gz`` are read by WEKA's own ``ArffLoader``, CSV and the rest by WEKA's
other converters.

WEKA reads the file, so every file WEKA reads is read the same way
(whitespace-separated values, quoted names, sparse rows, dates as
milliseconds since the epoch), and every file it refuses is refused with the
line its reader stopped at, in one line naming the file. What is this
package's own job stays here and in :func:`~weka_ranking.data.binary_dataset`:
refusing instance weights, naming the attributes the reduction cannot use,
and making the class binary.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np

from weka_ranking import inputs, progress
from weka_ranking.data import Attribute, Dataset, Table, binary_dataset
from weka_ranking.errors import DataError, WekaError

LARGE_FILE = 20 << 20
ARFF_SUFFIXES = (".arff", ".arff.gz")
# ArffLoader's messages end in the tokenizer's state: "..., read Token[x], line 7".
_AT_TOKEN = re.compile(r"^(.*?),? read Token\[(.*)\], line (\d+)\s*$", re.DOTALL)
# ArffLoader wraps a header's failures: "Unable to determine structure as arff
# (Reason: java.io.IOException: ...)."
_WRAPPED = re.compile(r"Reason: [\w.$]+: (.*)\)\.?$", re.DOTALL)
_DUPLICATE = re.compile(r"\((.*)\) cannot have duplicate labels \((.*)\)")
_DATA = re.compile(r"^[ \t]*@data\b", re.IGNORECASE)
_DECLARATION = re.compile(
    r"^[ \t]*@attribute[ \t]+('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[^ \t{]+)",
    re.IGNORECASE,
)


def _unquoted(token: str) -> str:
    if token[:1] in "'\"" and token[-1:] == token[:1] and len(token) > 1:
        return re.sub(r"\\(.)", r"\1", token[1:-1])
    return token


def _declaration_lines(lines: Iterable[str]) -> dict[str, int]:
    """The line of each ``@attribute`` declaration, by the attribute's name."""
    found: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        if _DATA.match(line):
            break
        match = _DECLARATION.match(line)
        if match:
            found.setdefault(_unquoted(match.group(1)), number)
    return found


def _data_line(lines: Iterable[str], row: int) -> int | None:
    """The line of the data section's ``row``-th (0-based) instance.

    Blank lines and ``%`` comments hold none.
    """
    seen, in_data = -1, False
    for number, line in enumerate(lines, start=1):
        if not in_data:
            in_data = bool(_DATA.match(line))
            continue
        stripped = line.strip()
        if stripped and not stripped.startswith("%"):
            seen += 1
            if seen == row:
                return number
    return None


def _refusal(source: str, reason: str, lines: Callable[[], Iterator[str]]) -> DataError:
    """WEKA's refusal of a file said in one line naming the file and the line.

    ``reason`` is ArffLoader's message, ``lines`` streams the file's lines
    (read only now that the file is refused, a line at a time). ArffLoader's
    tokenizer has moved to the next line when it meets an end of line, so a
    line named with ``EOL`` is the one before it.
    """
    unwrapped = _WRAPPED.search(reason)
    reason = unwrapped.group(1) if unwrapped else reason
    if not any(line.strip() for line in lines()):
        return DataError(f"{source}: the file is empty")
    if not any(_DATA.match(line) for line in lines()):
        declared = any(
            line.strip().lower().startswith(("@relation", "@attribute"))
            for line in lines()
        )
        return DataError(
            f"{source}: no @data section"
            + ("" if declared else " and no @relation or @attribute either")
            + ": an ARFF file is a header (@relation, @attribute ...) then @data "
            "and one line per instance"
        )
    duplicate = _DUPLICATE.search(reason)
    if duplicate:
        name, value = duplicate.groups()
        line = _declaration_lines(lines()).get(name)
        where = f"line {line}: " if line else ""
        return DataError(
            f"{source}: {where}nominal attribute {name} declares {value} more than "
            "once; each value must appear once"
        )
    at = _AT_TOKEN.match(reason)
    if at is None:  # WEKA's reader failed without naming a line (a bare "{")
        return DataError(f"{source}: WEKA's ArffLoader cannot read it: {reason}")
    what, token, line = at.group(1), at.group(2), int(at.group(3))
    if token in ("EOL", "EOF"):
        count = sum(1 for _ in lines())
        line = min(line - (token == "EOL"), count)
        return DataError(f"{source}: line {line}: {what}")
    return DataError(f"{source}: line {line}: {what} (read {token!r})")


def read_table(path: str | Path) -> Table:
    """A data file as WEKA reads it.

    ARFF (also ``.arff.gz``) by ``ArffLoader``, any other kind by the converter WEKA
    picks for it (CSV typed as WEKA types it). Instance weights are refused, naming
    their line: the reduction pairs instances without weights.
    """
    from weka_ranking import bridge

    path = Path(path)
    try:
        size = inputs.regular_file(path, "data file").st_size
        with path.open("rb") as stream:
            gzipped = stream.read(2) == b"\x1f\x8b"
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise DataError(f"{path}: is a folder, not an ARFF file") from None
    except OSError as err:
        raise DataError(f"{path}: cannot read: {err}") from None
    is_arff = path.name.lower().endswith(ARFF_SUFFIXES)
    if gzipped and not path.name.lower().endswith(".arff.gz"):
        raise DataError(
            f"{path}: a gzip'd file; name it .arff.gz if it is a gzip'd ARFF file"
        )
    if size > LARGE_FILE:
        progress.line("reading %s (%d MB)", path, size >> 20, force=True)
    try:
        table, weights = bridge.read_table(path, arff=is_arff)
    except WekaError as err:
        if not is_arff:
            raise DataError(f"{path}: WEKA cannot read it: {err.message}") from None
        try:
            refusal = _refusal(
                str(path), err.message, lambda: inputs.lines(path, errors="strict")
            )
        except (OSError, EOFError, UnicodeDecodeError) as cause:
            raise DataError(f"{path}: cannot read: {cause}") from None
        raise refusal from None
    weighted = np.flatnonzero(weights != 1.0)
    unsupported = [d for d in table.declared if d.kind in ("string", "relational")]
    if len(weighted):
        line = _data_line(inputs.lines(path), int(weighted[0]))
        where = f"line {line}: " if line else f"instance {weighted[0] + 1}: "
        raise DataError(
            f"{path}: {where}an instance weight ({{{weights[weighted[0]]:g}}}); "
            "weka-ranking pairs instances without weights: remove the weights "
            "(or train in WEKA, where the meta-classifier weighs a pair by the "
            "product of its instances' weights)"
        )
    if unsupported:
        lines = _declaration_lines(inputs.lines(path))
        table = Table(
            table.relation,
            tuple(
                replace(d, line=lines.get(d.name)) if d in unsupported else d
                for d in table.declared
            ),
            table.values,
        )
    return table


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
    """Read a data file (ARFF, ``.arff.gz``, CSV) into a binary :class:`Dataset`.

    WEKA's own reader reads the file (:func:`read_table`); dates are numeric
    features, milliseconds since the epoch, as WEKA stores them.

    Parameters
    ----------
    path : str or Path
        The data file.
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
        Drop string and relational attributes (with a warning that counts
        them) instead of refusing the file.
    unlabelled : {"drop", "keep"}, default="drop"
        Instances with a missing class: dropped with a warning (training), or
        kept as unlabelled (data to rank).
    expected : tuple of Attribute, optional
        The features a trained model expects; a file whose header differs is
        refused with the first difference.
    """
    return binary_dataset(
        read_table(path),
        str(path),
        positive=positive,
        keep=keep,
        class_attribute=class_attribute,
        class_index=class_index,
        drop_unsupported=drop_unsupported,
        unlabelled=unlabelled,
        expected=expected,
    )


def quoted(text: str) -> str:
    """An ARFF name or value in single quotes, as WEKA reads it back."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def to_arff(data: Dataset) -> str:
    """The data set as ARFF text that WEKA reads back equal.

    Its binary class comes last, as WEKA is given it, and numbers carry every digit
    (``repr``); a date is written as the number it is, milliseconds since the epoch,
    declared numeric.
    """
    lines = [f"@relation {quoted(data.relation)}", ""]
    for attribute in (*data.attributes, Attribute(data.class_name, data.class_values)):
        kind = (
            "numeric"
            if attribute.values is None
            else "{" + ",".join(map(quoted, attribute.values)) + "}"
        )
        lines.append(f"@attribute {quoted(attribute.name)} {kind}")
    lines += ["", "@data"]
    for row, klass in zip(data.X, data.class_index):
        cells = [
            "?"
            if np.isnan(value)
            else repr(float(value))
            if attribute.values is None
            else quoted(attribute.values[int(value)])
            for attribute, value in zip(data.attributes, row)
        ]
        lines.append(",".join([*cells, quoted(data.class_values[int(klass)])]))
    return "\n".join(lines) + "\n"
