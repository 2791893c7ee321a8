"""Files written whole or not at all, to paths checked before the work."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from weka_ranking.errors import DataError, WekaRankingError


class WriteFailed(WekaRankingError):
    """A file could not be written whole (a full disk, a quota, an I/O error).

    The message names the file, says what was kept as it was, and how to
    go on once the cause is mended.
    """


def write_failed(path: str | Path, err: OSError, kept: str) -> WriteFailed:
    """A failed write said in one line: the path, why, what is ``kept``, what to do."""
    full = err.errno in (errno.ENOSPC, errno.EDQUOT)
    cause = "the disk is full" if full else "cannot write"
    mend = "free some space" if full else "mend the cause"
    return WriteFailed(
        f"{path}: {cause} ({err.strerror or err}); {kept}: {mend} and run the same "
        "command again"
    )


def write_all(descriptor: int, payload: bytes) -> None:
    """Write every byte of ``payload``: ``os.write`` may write fewer than it is given.

    A write that stops short (a disk filling up writes part, then fails)
    raises the ``OSError`` that stopped it, never leaves a part silently.
    """
    view = memoryview(payload)
    while view:
        written = os.write(descriptor, view)
        if written <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]


def output_target(path: str | Path) -> Path:
    """The regular file a write to ``path`` will replace, checked before any work.

    For a symbolic link, its target. A folder, a FIFO, a device or a missing folder is
    refused with a message that names the path.
    """
    path = Path(path)
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        kind = file_kind(target.stat().st_mode)
        raise DataError(
            f"{path}: is {kind}, not a regular file; give the path of a file to write"
        )
    if not target.parent.is_dir():
        raise DataError(f"{path}: the folder does not exist ({target.parent})")
    if not os.access(target.parent, os.W_OK):
        raise DataError(f"{path}: the folder {target.parent} is not writable")
    return target


def file_kind(mode: int) -> str:
    """What a file of ``mode`` is, in words for a message ("a FIFO")."""
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def open_regular(path: str | Path, flags: int, mode: int = 0o644) -> int:
    """A descriptor of the regular file at ``path``, never through a link.

    For the files a program keeps in a folder of its own (a store, its lock,
    its notes): a symbolic link planted there is refused rather than
    followed (it could point at any file of its owner's), and so is a FIFO
    or a device (``/dev/zero`` would be read forever, a FIFO block), each in
    one line naming the path. ``O_NONBLOCK`` keeps the open of a FIFO from
    waiting for a writer; it is cleared once the file is known to be regular.
    """
    path = Path(path)
    try:
        descriptor = os.open(
            path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, mode
        )
    except OSError:
        if path.is_symlink():
            raise DataError(
                f"{path}: a symbolic link, which is not followed here (it could point "
                "at any file): remove it, and let the program write its own file"
            ) from None
        raise
    kind = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(kind):
        os.close(descriptor)
        raise DataError(
            f"{path}: is {file_kind(kind)}, not a regular file: move it away, and let "
            "the program write its own file"
        )
    os.set_blocking(descriptor, True)
    return descriptor


def write_bytes(path: str | Path, content: bytes, follow_links: bool = True) -> None:
    """Write ``content`` to a temporary file beside the target, then rename it over.

    Through a symbolic link the link stays and its target is replaced (a path
    the user gave); with ``follow_links=False`` (the files a program keeps in
    a folder of its own) a link is refused instead. A new file gets the
    permissions a new file gets (0666 less the umask), a replaced one keeps
    its own. A write that fails (a full disk) leaves the file as it was and
    is said naming it (:class:`WriteFailed`).
    """
    if not follow_links and Path(path).is_symlink():
        raise DataError(
            f"{path}: a symbolic link, which is not followed here (it could point at "
            "any file): remove it, and the file is written in its place"
        )
    target = output_target(path)
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~_umask()
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", dir=target.parent
        )
    except OSError as err:
        raise write_failed(path, err, "nothing was written") from None
    try:
        try:
            write_all(handle, content)
            os.fsync(handle)  # a full disk may be said only here
        finally:
            os.close(handle)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as err:
        os.unlink(temporary)
        if isinstance(err, OSError):
            kept = "the file is as it was" if target.exists() else "nothing was written"
            raise write_failed(path, err, kept) from None
        raise


def write_atomically(path: str | Path, text: str, follow_links: bool = True) -> None:
    """:func:`write_bytes` of ``text`` in UTF-8."""
    write_bytes(path, text.encode("utf-8"), follow_links)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
