"""Progress of long work as lines on stderr, a few seconds apart at most.

Lines go to the ``weka_ranking.progress`` logger, which the CLI shows unless
``--quiet`` (also when stderr is not a terminal: a log file gets them too).
Where no logging is configured at all (a script, a notebook), the lines of
work that has run for :data:`QUIET_SECONDS` are written to stderr anyway, as
Python's last-resort handler writes warnings; configuring logging (or setting
the ``weka_ranking.progress`` logger's level) takes that over. All lines share
one clock, so nested work (members within folds within units) cannot flood it.

Warnings (:func:`warn`) go through :func:`warnings.warn`, so that
``warnings.filterwarnings`` silences or raises them; the CLI says them through
its logger, each kind once.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import time
import warnings
from collections.abc import Iterator

from weka_ranking.errors import WekaRankingWarning

PROGRESS = logging.getLogger("weka_ranking.progress")
# Members trained, within a larger piece of work: silenced where that work
# counts its own progress (the reproduction's units).
MEMBERS = logging.getLogger("weka_ranking.progress.members")
EVERY_SECONDS = 3.0
# Work shorter than this says nothing where no logging is configured.
QUIET_SECONDS = 10.0

_last = -float("inf")
_lock = threading.Lock()


class _Stderr(logging.StreamHandler):
    """stderr as it is at each line (a notebook's), as Python's last resort writes."""

    def __init__(self) -> None:
        # Not StreamHandler's, which would fix the stream it is given.
        logging.Handler.__init__(self)
        self.setFormatter(logging.Formatter("weka-ranking: %(message)s"))

    @property
    def stream(self):
        return sys.stderr


_STDERR = _Stderr()


def line(
    message: str,
    *args: object,
    force: bool = False,
    logger=PROGRESS,
    since: float | None = None,
) -> None:
    """Log a progress line unless one was logged in the last few seconds.

    ``force`` (the end of a piece of work, the start of a long one) logs it anyway. A
    silenced logger's lines take no turn. ``since`` is when the work began
    (``time.monotonic()``): where no logging is configured, the line goes to
    stderr once the work has run for :data:`QUIET_SECONDS`.
    """
    global _last
    unconfigured = _unconfigured(logger)
    if unconfigured:
        if since is None or time.monotonic() - since < QUIET_SECONDS:
            return
    elif not logger.isEnabledFor(logging.INFO):
        return
    with _lock:
        now = time.monotonic()
        if not (force or now - _last >= EVERY_SECONDS):
            return
        _last = now
    if unconfigured:
        record = logging.LogRecord(
            logger.name, logging.INFO, "", 0, message, args, None
        )
        _STDERR.handle(record)
    else:
        logger.info(message, *args)


def _unconfigured(logger: logging.Logger) -> bool:
    """No handler anywhere and no level set below the root: nobody chose."""
    if logger.hasHandlers():
        return False
    while logger is not None and logger is not logging.root:
        if logger.level != logging.NOTSET:
            return False
        logger = logger.parent
    return True


def warn(logger: logging.Logger, message: str, *args: object) -> None:
    """A warning through :func:`warnings.warn`, unless ``logger`` is silenced.

    ``message`` and ``args`` are kept apart, as logging's are, so that the CLI
    can say each kind of warning once (:class:`OncePerKind`).
    """
    if logger.isEnabledFor(logging.WARNING):
        warning = WekaRankingWarning(message % args if args else message)
        warning.template, warning.values, warning.logger = message, args, logger.name
        warnings.warn(warning, stacklevel=_first_caller_outside())


def _first_caller_outside() -> int:
    """The stack level of :func:`warn`'s first caller outside this package.

    A warning then names the user's own line (``load_arff(...)``), not the
    package's line that noticed it; 3 (warn's caller's caller) where the whole
    stack is the package's (the command line).
    """
    frame, level = sys._getframe(2), 2  # warn's caller
    while frame is not None:
        if not frame.f_globals.get("__name__", "").startswith("weka_ranking"):
            return level
        frame, level = frame.f_back, level + 1
    return 3


class Members:
    """Says what a committee's training does: its start, each member, a heartbeat.

    Called as ``(member, members, pairs, seconds)`` when a member is trained
    (the Java listener's report); :meth:`running` says, every few seconds, that
    the fit is still going, from a thread of its own: a member's fit is one
    Java call that can take minutes (NaiveBayes on numeric attributes with
    missing values).
    """

    def __init__(self, source: str, pairs: int | None, voters: int) -> None:
        self.source, self.voters = source, voters
        self.started = time.monotonic()
        self.done: list[int] = []
        if pairs is not None:
            plural = "" if voters == 1 else "s"
            line(
                "%s: %d pairs for each of %d member%s",
                *(source, pairs, voters, plural),
                logger=MEMBERS,
            )

    def __call__(self, member: int, members: int, pairs: int, seconds: float) -> None:
        self.done.append(member)
        line(
            "%s: %d of %d members trained (member %d: %d pairs, %.1f s)",
            *(self.source, len(self.done), members, member + 1, pairs, seconds),
            logger=MEMBERS,
            since=self.started,
        )

    @contextlib.contextmanager
    def running(self) -> Iterator[None]:
        """The heartbeat, while the block (the Java fit) runs."""
        finished = threading.Event()

        def beat() -> None:
            while not finished.wait(EVERY_SECONDS):
                line(
                    "%s: training, %.0f s so far, %d of %d trained",
                    self.source,
                    time.monotonic() - self.started,
                    len(self.done),
                    self.voters,
                    logger=MEMBERS,
                    since=self.started,
                )

        thread = threading.Thread(
            target=beat, name="weka-ranking progress", daemon=True
        )
        thread.start()
        try:
            yield
        finally:
            finished.set()
            thread.join()


def time_to_go(seconds: float) -> str:
    """The time to go in words, never "0 s" while work remains (it read as done)."""
    return f"about {seconds:.0f} s to go" if seconds >= 1 else "under 1 s to go"


def counter(what: str):
    """A callback for (done, total) that logs a throttled line; the last one always.

    The line has the time taken and, while work remains, the time to go. Its
    throttle is its own, a line at most every :data:`EVERY_SECONDS` of the
    counter's, not a turn taken from the lines of the work it counts: on the
    shared clock the members' lines of each next fold took every turn, and a
    new user's minute-long cross-validation said its time to go only at its
    end (session 32).
    """
    started = last_shown = time.monotonic()

    def show(done: int, total: int) -> None:
        nonlocal last_shown
        now = time.monotonic()
        if done != total and now - last_shown < EVERY_SECONDS:
            return
        last_shown = now
        elapsed = now - started
        to_go = elapsed / max(done, 1) * (total - done)
        line(
            "%s %d of %d done, %.0f s%s",
            *(what, done, total, elapsed),
            "" if done == total else f", {time_to_go(to_go)}",
            force=True,
            since=started,
        )

    return show


class OncePerKind(logging.Filter):
    """Let a warning (or a record marked ``once``) through once per command.

    A kind is the message's template (``record.msg`` before its arguments),
    so a warning raised for every fold of a cross-validation (a coarse
    ranking of a small test fold) is said once, not ten times.
    """

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[tuple[str, str]] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno != logging.WARNING and not getattr(record, "once", False):
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


@contextlib.contextmanager
def kept() -> Iterator[None]:
    """The package's logging as it was before, once the block ends.

    The command line run in-process (``cli.main``) configures it for its
    command; a Python caller's own settings come back after.
    """
    logger = logging.getLogger("weka_ranking")
    saved = (logger.handlers[:], logger.level, logger.propagate, PROGRESS.level)
    try:
        yield
    finally:
        logger.handlers[:], level, logger.propagate, progress_level = saved
        logger.setLevel(level)
        PROGRESS.setLevel(progress_level)
