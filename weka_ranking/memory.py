"""Whether training on pairs fits in the JVM heap, checked before any pair is built.

What training will take (pairs per member, members at once, the heap a member
needs: its pairs times the learner's measured bytes a pair, or its rows when
it is trained from the rows, and a fixed part) is the meta-classifier's to
say (``bridge.training_footprint``); this module compares it with the free
heap and says what to do when it does not fit.
"""

from __future__ import annotations

from weka_ranking import bridge, jvm
from weka_ranking.errors import JavaError, Remedy


def check_heap(footprint: dict[str, int], n_rows: int, n_features: int) -> None:
    """Refuse, before building them, pairs that would not fit in the JVM heap.

    Parameters
    ----------
    footprint : dict
        ``bridge.training_footprint``'s answer for the training data.
    n_rows : int
        Training instances, for the advice on ``pairs_per_instance``.
    n_features : int
        Features of a training instance, for the message.
    """
    pairs = footprint["pairs_per_member"]
    at_once = footprint["members_at_once"]
    needed = at_once * footprint["bytes_per_member"]
    free, heap = bridge.free_heap()
    if needed <= free:
        return
    # Sampled pairs train on the pair instances, whatever the full set would.
    per_pair = footprint["bytes_per_pair"]
    fitting = (free // max(at_once, 1) - footprint["bytes_per_model"]) // per_pair
    p = max(1, fitting // max(n_rows, 1))
    what = (
        f"training on {n_rows} rows (all {pairs} pairs, counted from the rows)"
        if footprint["from_rows"]
        else f"{pairs} pairs of {2 * n_features} attributes"
    )
    raise JavaError(
        what
        + (f" for each of {at_once} members trained at once" if at_once > 1 else "")
        + f" need{'s' if footprint['from_rows'] else ''} about {needed >> 20} MB of "
        f"JVM heap, and {free >> 20} MB is free of {heap >> 20} MB",
        jvm.heap_remedy("start the JVM with", f"{-(-needed * 5 // 4 >> 30)}g"),
        Remedy("use", "pairs_per_instance", p, f"(about {p * n_rows} pairs)"),
    )
