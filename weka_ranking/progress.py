"""Progress of long work as lines on stderr, a few seconds apart at most.

Lines go to the ``weka_ranking.progress`` logger, which the CLI shows unless
``--quiet`` (also when stderr is not a terminal: a log file gets them too);
a library user sees them by configuring that logger. All lines share one
clock, so nested work (members within folds within units) cannot flood it.
"""

from __future__ import annotations

import logging
import threading
import time

PROGRESS = logging.getLogger("weka_ranking.progress")
# Members trained, within a larger piece of work: silenced where that work
# counts its own progress (the reproduction's units).
MEMBERS = logging.getLogger("weka_ranking.progress.members")
EVERY_SECONDS = 3.0

_last = -float("inf")
_lock = threading.Lock()


def line(message: str, *args: object, force: bool = False, logger=PROGRESS) -> None:
    """Log a progress line unless one was logged in the last few seconds.

    ``force`` (the end of a piece of work, the start of a long one) logs it anyway. A
    silenced logger's lines take no turn.
    """
    global _last
    if not logger.isEnabledFor(logging.INFO):
        return
    with _lock:
        now = time.monotonic()
        if not (force or now - _last >= EVERY_SECONDS):
            return
        _last = now
    logger.info(message, *args)


def members(source: str, pairs: int, voters: int):
    """Say what a committee's training will do; return the per-member callback.

    The callback says so as each member is trained.
    """
    plural = "" if voters == 1 else "s"
    line(
        "%s: %d pairs for each of %d member%s",
        *(source, pairs, voters, plural),
        logger=MEMBERS,
    )
    done = []

    def trained(member: int, members: int, pairs: int, seconds: float) -> None:
        done.append(member)
        line(
            "%d of %d members trained (member %d: %d pairs, %.1f s)",
            *(len(done), members, member + 1, pairs, seconds),
            logger=MEMBERS,
        )

    return trained


def counter(what: str):
    """A callback for (done, total) that logs a throttled line; the last one always.

    The line has the time taken and the time to go.
    """
    started = time.perf_counter()

    def show(done: int, total: int) -> None:
        elapsed = time.perf_counter() - started
        to_go = elapsed / max(done, 1) * (total - done)
        line(
            "%s %d of %d done, %.0f s, about %.0f s to go",
            *(what, done, total, elapsed, to_go),
            force=done == total,
        )

    return show


class OncePerKind(logging.Filter):
    """Let a warning through once per command: the first of its kind.

    A kind is the message's template (``record.msg`` before its arguments),
    so a warning raised for every fold of a cross-validation (a coarse
    ranking of a small test fold) is said once, not ten times.
    """

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[tuple[str, str]] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno != logging.WARNING:
            return True
        kind = (record.name, str(record.msg))
        if kind in self.seen:
            return False
        self.seen.add(kind)
        return True


def configure(quiet: bool, verbose: bool) -> None:
    """The command line's logging: stderr, prefixed with the command's name.

    Warnings (errors only if quiet, all if verbose) and progress lines unless quiet.
    """
    logger = logging.getLogger("weka_ranking")
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("weka-ranking: %(message)s"))
    handler.addFilter(OncePerKind())
    logger.handlers[:] = [handler]
    logger.setLevel(
        logging.ERROR if quiet else logging.INFO if verbose else logging.WARNING
    )
    logger.propagate = False
    PROGRESS.setLevel(logging.ERROR if quiet else logging.INFO)
