"""The Java method's pieces called directly, for tests against the oracles."""

from __future__ import annotations

import jpype
import numpy as np

from weka_ranking import jvm

PACKAGE = "weka.classifiers.meta.rankingreduction"


def _java(name: str):
    jvm.start()
    return jpype.JClass(f"{PACKAGE}.{name}")


def _pairs_arguments(grades, p, seed, groups, one_order) -> tuple:
    """The Java arguments of ``Pairs.build`` and ``Pairs.multiplicities``."""
    return (
        jpype.JArray(jpype.JDouble)(np.asarray(grades, dtype=np.float64)),
        None if groups is None else jpype.JArray(jpype.JInt)(np.asarray(groups, int)),
        0 if p == "all" else int(p),
        jpype.JClass("java.util.Random")(int(seed)),
        bool(one_order),
    )


def pairs(grades, p="all", seed=1, groups=None, one_order=False):
    """Java's ``Pairs.build`` as a list of (first, second, label)."""
    built = _java("Pairs").build(*_pairs_arguments(grades, p, seed, groups, one_order))
    return list(
        zip(
            np.asarray(built.left).tolist(),
            np.asarray(built.right).tolist(),
            np.asarray(built.label).astype(int).tolist(),
        )
    )


def multiplicities(grades, p="all", seed=1, groups=None, one_order=False) -> np.ndarray:
    """Java's ``Pairs.multiplicities``: [side][label][row], side 0 the first."""
    times = _java("Pairs").multiplicities(
        *_pairs_arguments(grades, p, seed, groups, one_order)
    )
    return np.array([[np.asarray(row) for row in side] for side in times])


def comparator(compare):
    """A Java ``PairComparator`` answering with a Python function of index arrays.

    ``calls`` records the size of every batch it was asked.
    """
    _java("PairComparator")

    @jpype.JImplements(f"{PACKAGE}.PairComparator")
    class Adapter:
        def __init__(self):
            self.calls = []

        @jpype.JOverride
        def beats(self, left, right, count, out):
            self.calls.append(int(count))
            answers = compare(np.asarray(left)[:count], np.asarray(right)[:count])
            out[0:count] = np.asarray(answers, dtype=bool)

    return Adapter()


def _ranking(result):
    return np.asarray(result.scores, dtype=np.float64), int(result.comparisons)


def tournament(n, compare, both_orders=True):
    return _ranking(_java("Rankers").tournament(n, compare, both_orders))


def as_printed(n, compare):
    return _ranking(_java("Rankers").asPrinted(n, compare))


def quicksort(n, compare, seed):
    random = jpype.JClass("java.util.Random")(int(seed))
    return _ranking(_java("Rankers").quicksort(n, compare, random))
