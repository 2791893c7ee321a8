"""Input files checked before they are read, and read in bounded pieces.

A data or model file that is a device (a symbolic link to ``/dev/zero``), a
FIFO or a socket would be read until memory ends, or block until a writer
comes; each is refused in one line, naming what it is, before it is opened.
Text read only to name a line in an error is streamed (a ``.arff.gz``
decompressed a piece at a time, a line cut at :data:`LINE_LIMIT`), so that
naming the last line of a large file costs the memory of one line.
"""

from __future__ import annotations

import gzip
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from weka_ranking.errors import DataError

# What a line is cut to when read to name it in an error: longer lines are
# still counted, their rest skipped.
LINE_LIMIT = 1 << 20

_NOT_REGULAR = {
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFSOCK: "a socket",
}


def regular_file(path: Path, what: str) -> os.stat_result:
    """The file's status, refusing anything but a regular file or a folder.

    ``what`` names the file's role ("data file", "model file") in the
    refusal. A folder and a missing file are the caller's to say (``stat``'s
    ``OSError`` passes through); symbolic links are followed, so a link to
    ``/dev/zero`` is refused as the device it is.
    """
    status = path.stat()
    if stat.S_ISREG(status.st_mode) or stat.S_ISDIR(status.st_mode):
        return status
    kind = _NOT_REGULAR.get(stat.S_IFMT(status.st_mode), "not a regular file")
    raise DataError(
        f"{path}: is {kind}, not a {what}: give a {what} saved on disk "
        "(a device or a pipe is never read)"
    )


def lines(path: Path, errors: str = "replace") -> Iterator[str]:
    """The file's lines (without their ends), gunzipped if it is gzip'd.

    Streamed: the memory of one line at most, each cut at :data:`LINE_LIMIT`
    characters. Decoding is UTF-8 with ``errors`` as ``bytes.decode`` takes it;
    a damaged gzip stream raises ``OSError`` or ``EOFError`` where it breaks.
    """
    with path.open("rb") as raw:
        gzipped = raw.read(2) == b"\x1f\x8b"
    opener = gzip.open if gzipped else open
    with opener(path, "rb") as stream:
        while True:
            line = stream.readline(LINE_LIMIT)
            if not line:
                return
            cut, rest = False, line
            while rest and not rest.endswith(b"\n"):
                rest = stream.readline(LINE_LIMIT)
                cut = cut or bool(rest)
            # A cut may split a character: the cut line's end is not checked.
            said = errors if not cut else "replace"
            yield line.rstrip(b"\r\n").decode("utf-8", errors=said)
