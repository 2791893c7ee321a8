"""Timing side by side, shared by the bench's sections."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from weka_ranking_studies import java


def side_by_side(
    repeats: int, *runs: Callable[[], float], warm_ups: int = 3
) -> list[float]:
    """Best time of each run, taken in turns so that load falls on all alike.

    After ``warm_ups`` warm-ups each (the JIT compiles the loops), each from a
    collected heap so that no run pays for another's garbage.
    """
    for _ in range(warm_ups):
        for run in runs:
            run()
    best = [math.inf] * len(runs)
    for _ in range(repeats):
        for i, run in enumerate(runs):
            java.collect_garbage()
            best[i] = min(best[i], run())
    return best


def timed(action: Callable[[], object]) -> float:
    """Wall seconds of an action."""
    started = time.perf_counter()
    action()
    return time.perf_counter() - started
