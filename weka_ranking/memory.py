"""Whether training on pairs fits in the JVM heap, checked before any pair is built.

What training will take (pairs per member, members at once, the heap a member
needs: a fixed part, the rows' too when it is trained from the rows, and its
pairs times the bytes a pair adds as it is trained) is the meta-classifier's to
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
    what = (
        f"training on {n_rows} rows ({pairs} pairs a member, counted from the rows)"
        if footprint["from_rows"]
        else f"{pairs} pairs of {2 * n_features} attributes"
    )
    wanted = -(-needed * 5 // 4 >> 30)  # gigabytes, with a quarter to spare
    usable = machine.usable_heap_gigabytes()
    said = (
        what
        + (f" for each of {at_once} members trained at once" if at_once > 1 else "")
        + f" need{'s' if footprint['from_rows'] else ''} about {needed >> 20} MB of "
        f"JVM heap, and {free >> 20} MB is free of {heap >> 20} MB"
    )
    remedies = []
    if wanted <= usable:
        remedies.append(jvm.heap_remedy("start the JVM with", f"{wanted}g"))
    else:  # no heap this machine can give would do
        said += f", more than this machine can give the JVM (about {usable}g)"
    if footprint["bytes_per_pair"] > 0:  # else fewer pairs would need as much
        p = pairs_per_instance_fitting(free, footprint, n_rows)
        pairs_said = f"(about {p * n_rows} pairs)"
        remedies.append(Remedy("use", "pairs_per_instance", p, pairs_said))
    if at_once > 1:
        remedies.append(Remedy("use", "threads", 1, "(one member at a time)"))
    raise HeapError(said, *remedies)


def pairs_per_instance_fitting(
    free: int, footprint: dict[str, int], n_rows: int
) -> int:
    """The pairs per instance whose members fit ``free`` heap bytes, at least 1.

    A member needs its fixed bytes and its pairs' (``bytes_per_pair``, as it
    will be trained: a pair instance, or its share of a pair list from the
    rows), for each member trained at once, with a quarter to spare, as the
    heap advised has: the free heap a JVM reports moves between one check and
    the next (HeapCheck.pairsPerInstanceFitting).
    """
    at_once = max(footprint["members_at_once"], 1)
    fixed = footprint["bytes_per_model"]
    fitting = (free * 4 // 5 // at_once - fixed) // footprint["bytes_per_pair"]
    return max(1, fitting // max(n_rows, 1))
