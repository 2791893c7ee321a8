"""The decision rules of the reproduction, declared once.

Every verdict on the page is one of these functions applied to numbers computed in
:mod:`.values`.

One function per kind of claim:

- :func:`deterministic_tier`: a cell with no sampling (the learner alone; all
  pairs, one voter) against the published mean and variance;
- :func:`sampled_verdict`: a cell that samples pairs (star, double_star)
  against the prediction interval of its sampler seeds;
- :func:`paired_verdict`: a hypothesis about the published numbers, or a
  conclusion of the monograph that names a direction, from a paired test
  and its Holm-corrected p;
- :func:`size_verdict`: a conclusion that names a size (a gain of +0.46, an
  AUC below 0.5), from the test of that size.
"""

from __future__ import annotations

# Significance of every test, after Holm's correction within its family.
ALPHA = 0.05
# Coverage of every interval: fold means, seed predictions, differences.
LEVEL = 0.95
# The monograph prints five decimals: what "exact" means, and the rounding
# every comparison allows.
DECIMALS = 5
ROUNDING = 0.5 * 10**-DECIMALS
# The yardstick of the earlier reports, kept only for the counts shown beside
# their chance rates; no verdict uses it.
CLOSE = 0.02
# A leakage smaller than this is none (below the printed precision); one
# larger than LARGE_LEAK is counted apart, as a large one.
NO_LEAK = ROUNDING
LARGE_LEAK = 0.01

EXACT, NEAR, UNEXPLAINED, NOT_RUN = "exact", "near", "unexplained", "not run"
INSIDE = "inside the prediction interval"
OUTSIDE = "outside the prediction interval"
SUPPORTED, NOT_SUPPORTED, REFUTED = "supported", "not supported", "refuted"


def deterministic_tier(
    published: tuple[float, float],
    readings: dict[str, tuple[float, float]],
    tolerance: tuple[float, float],
) -> tuple[str, list[str]]:
    """The best tier any declared reading reaches, and the readings that reach it.

    ``exact``: mean and variance equal the published ones to :data:`DECIMALS`;
    ``near``: both within ``tolerance`` (a worst-case bound on what one tie
    flipped in one fold can move them, not a flip found) plus the rounding;
    ``unexplained``: neither.
    """
    exact, near = [], []
    for name, (mean, variance) in readings.items():
        if (round(mean, DECIMALS), round(variance, DECIMALS)) == published:
            exact.append(name)
        elif (
            abs(mean - published[0]) <= tolerance[0] + ROUNDING
            and abs(variance - published[1]) <= tolerance[1] + ROUNDING
        ):
            near.append(name)
    if not readings:
        return NOT_RUN, []
    if exact:
        return EXACT, exact
    return (NEAR, near) if near else (UNEXPLAINED, [])


def sampled_verdict(published: float, interval: tuple[float, float]) -> str:
    """Inside or outside the seeds' prediction interval.

    A point interval, every seed alike, holds only the same printed number.
    """
    low, high = interval
    if low != low:
        return NOT_RUN
    inside = low - ROUNDING <= published <= high + ROUNDING
    return INSIDE if inside else OUTSIDE


def paired_verdict(towards: int, away: int, p_holm: float) -> str:
    """A paired test's verdict, by its Holm-corrected p.

    Supported where the p is at most :data:`ALPHA` in the claimed direction, refuted
    where it is in the other, not supported otherwise.
    """
    if p_holm > ALPHA or towards == away:
        return NOT_SUPPORTED
    return SUPPORTED if towards > away else REFUTED


def size_verdict(p_size_holm: float, p_direction_holm: float) -> str:
    """A claimed size's verdict.

    Refuted where the test of that size rejects it, supported where the direction is
    significant and the size is not rejected, not supported otherwise.
    """
    if p_size_holm <= ALPHA:
        return REFUTED
    return SUPPORTED if p_direction_holm <= ALPHA else NOT_SUPPORTED
