"""Files written whole or not at all, to paths checked before the work."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from weka_ranking.errors import DataError


def output_target(path: str | Path) -> Path:
    """The regular file a write to ``path`` will replace, checked before any work.

    For a symbolic link, its target. A folder, a FIFO, a device or a missing folder is
    refused with a message that names the path.
    """
    path = Path(path)
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        kind = _kind(target.stat().st_mode)
        raise DataError(
            f"{path}: is {kind}, not a regular file; give the path of a file to write"
        )
    if not target.parent.is_dir():
        raise DataError(f"{path}: the folder does not exist ({target.parent})")
    if not os.access(target.parent, os.W_OK):
        raise DataError(f"{path}: the folder {target.parent} is not writable")
    return target


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def write_bytes(path: str | Path, content: bytes) -> None:
    """Write ``content`` to a temporary file beside the target, then rename it over.

    Through a symbolic link the link stays and its target is replaced. A new
    file gets the permissions a new file gets (0666 less the umask), a
    replaced one keeps its own.
    """
    target = output_target(path)
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~_umask()
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise


def write_atomically(path: str | Path, text: str) -> None:
    """:func:`write_bytes` of ``text`` in UTF-8."""
    write_bytes(path, text.encode("utf-8"))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
