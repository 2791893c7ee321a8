"""Progress of long work as lines on stderr, a few seconds apart at most.

Lines go to the ``weka_ranking.progress`` logger, which the CLI shows unless
``--quiet`` (also when stderr is not a terminal: a log file gets them too);
a library user sees them by configuring that logger.
"""

from __future__ import annotations

import logging
import time

PROGRESS = logging.getLogger("weka_ranking.progress")


class Throttled:
    """Logs a progress line at most every ``seconds``, and always the last one."""

    def __init__(self, seconds: float = 3.0) -> None:
        self.seconds = seconds
        self._last = -float("inf")

    def __call__(self, message: str, *args: object, last: bool = False) -> None:
        now = time.monotonic()
        if last or now - self._last >= self.seconds:
            self._last = now
            PROGRESS.info(message, *args)


def note(message: str, *args: object) -> None:
    """A progress line now (the start of a long step)."""
    PROGRESS.info(message, *args)
