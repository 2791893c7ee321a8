"""Whether training on pairs fits in the JVM heap, checked before any pair is built.

What training will take (pairs per member, members at once, the heap a member
needs: its pairs times the learner's measured bytes a pair, or its rows when
it is trained from the rows, and a fixed part) is the meta-classifier's to
say (``bridge.training_footprint``); this module compares it with the free
heap and says what to do when it does not fit.
"""

from __future__ import annotations

from weka_ranking import bridge, jvm, machine
from weka_ranking.errors import HeapError, ParameterError, Remedy

# The least heap a member takes, trained or not: its untrained copy (WEKA's
# makeCopies: 11 to 300 bytes measured for J48, NaiveBayes, Logistic, SMO) and
# the committee's arrays of seeds, pair counts and seconds (20 bytes). A
# committee that cannot hold even that (a billion voters) is refused before
# Java allocates it; a trained member takes more, which the pairs' check and
# the JVM's own OutOfMemoryError then meet.
MEMBER_BYTES_AT_LEAST = 512


def check_members(members: int, heap: int | None = None) -> None:
    """Refuse a committee the JVM's heap cannot hold even untrained, before any data.

    A billion voters would otherwise be refused only as each fit begins (an
    experiment's every unit failing in turn). ``heap``: the JVM's maximum,
    if the caller has asked for it already.
    """
    heap = bridge.free_heap()[1] if heap is None else heap
    least = members * MEMBER_BYTES_AT_LEAST
    if least > heap:
        raise ParameterError(
            "voters",
            members,
            f"{members} members take at least {least >> 20} MB of JVM heap "
            f"({MEMBER_BYTES_AT_LEAST} bytes each before training), and the heap "
            f"is {heap >> 20} MB",
            Remedy("use", "voters", heap // MEMBER_BYTES_AT_LEAST // 4, "or fewer"),
        )


def check_heap(
    footprint: dict[str, int], n_rows: int, n_features: int, members: int = 1
) -> None:
    """Refuse, before building them, pairs or members that would not fit in the heap.

    Parameters
    ----------
    footprint : dict
        ``bridge.training_footprint``'s answer for the training data.
    n_rows : int
        Training instances, for the advice on ``pairs_per_instance``.
    n_features : int
        Features of a training instance, for the message.
    members : int, default=1
        The committee's size: every trained member is kept.
    """
    pairs = footprint["pairs_per_member"]
    at_once = footprint["members_at_once"]
    needed = at_once * footprint["bytes_per_member"]
    free, heap = bridge.free_heap()
    check_members(members, heap)
    if needed <= free:
        return
    free, heap = bridge.free_heap(collect=True)  # garbage is not a reason to refuse
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
    wanted = -(-needed * 5 // 4 >> 30)  # gigabytes, with a quarter to spare
    usable = machine.usable_heap_gigabytes()
    sample = Remedy("use", "pairs_per_instance", p, f"(about {p * n_rows} pairs)")
    said = (
        what
        + (f" for each of {at_once} members trained at once" if at_once > 1 else "")
        + f" need{'s' if footprint['from_rows'] else ''} about {needed >> 20} MB of "
        f"JVM heap, and {free >> 20} MB is free of {heap >> 20} MB"
    )
    if wanted > usable:  # no heap this machine can give would do
        raise HeapError(
            f"{said}, more than this machine can give the JVM (about {usable}g)",
            sample,
        )
    raise HeapError(said, jvm.heap_remedy("start the JVM with", f"{wanted}g"), sample)
