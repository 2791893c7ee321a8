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
EVERY_SECONDS = 3.0

_last = -float("inf")
_lock = threading.Lock()


def line(message: str, *args: object, force: bool = False) -> None:
    """Log a progress line unless one was logged in the last few seconds;
    ``force`` (the end of a piece of work, the start of a long one) logs it
    anyway."""
    global _last
    with _lock:
        now = time.monotonic()
        if not (force or now - _last >= EVERY_SECONDS):
            return
        _last = now
    PROGRESS.info(message, *args)
