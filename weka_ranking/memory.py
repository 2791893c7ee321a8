"""The JVM heap that training on pairs needs, estimated before any pair is built."""

from __future__ import annotations

from weka_ranking import bridge
from weka_ranking.data import Dataset
from weka_ranking.errors import JavaError, Remedy

# Learners that train on the pair instances as given (views of the base rows,
# about 120 bytes a pair with their index arrays); the others copy every pair
# into dense values first (WEKA's filters), 16 bytes an attribute more.
VIEW_LEARNERS = frozenset(
    {
        "weka.classifiers.trees.J48",
        "weka.classifiers.bayes.NaiveBayes",
        "weka.classifiers.trees.REPTree",
        "weka.classifiers.trees.RandomTree",
    }
)
VIEW_PAIR_BYTES = 120


def pair_memory_bytes(n_pairs: int, n_features: int, classname: str) -> int:
    """JVM heap that n pair instances and the learner's copy of them need, roughly."""
    per_pair = VIEW_PAIR_BYTES
    if classname not in VIEW_LEARNERS:
        per_pair += 16 * (2 * n_features + 1) + 56
    return n_pairs * per_pair


def check_heap(pairs_per_member: int, data: Dataset, at_once: int, reduction) -> None:
    """Refuse, before building them, pairs that would not fit in the JVM heap
    (``at_once`` members trained at the same time)."""
    classname = str(reduction.getClassifier().getClass().getName())
    m = len(data.attributes)
    needed = at_once * pair_memory_bytes(pairs_per_member, m, classname)
    free, heap = bridge.free_heap()
    if needed <= free:
        return
    fitting = free // max(at_once * pair_memory_bytes(1, m, classname), 1)
    p = max(1, fitting // max(len(data), 1))
    raise JavaError(
        f"{pairs_per_member} pairs of {2 * m} attributes"
        + (f" for each of {at_once} members trained at once" if at_once > 1 else "")
        + f" need about {needed >> 20} MB of JVM heap, and {free >> 20} MB is "
        f"free of {heap >> 20} MB",
        Remedy("start the JVM with", "heap", f"{-(-needed * 5 // 4 >> 30)}g"),
        Remedy("use", "pairs_per_instance", p, f"(about {p * len(data)} pairs)"),
    )
