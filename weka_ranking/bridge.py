"""numpy <-> WEKA across JPype, in bulk: the only module that touches Java.

Rows and pairs cross the bridge as flat arrays (one copy per call) and are
turned into Instances by the Java kernels in ``src/``; predictions come back
as one array per batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import contextmanager

import jpype
import numpy as np

from weka_ranking import jvm
from weka_ranking.data import Dataset
from weka_ranking.errors import JavaError, WekaError
from weka_ranking.pairs import Pairs, pair_memory_bytes

PAIR_CLASS = "first_wins"


def _classes():
    jvm.start()
    return jpype.JClass


def _doubles(values: np.ndarray):
    return jpype.JArray(jpype.JDouble)(np.ascontiguousarray(values, dtype=np.float64))


def _ints(values: np.ndarray):
    return jpype.JArray(jpype.JInt)(np.ascontiguousarray(values, dtype=np.int32))


def _flat(X: np.ndarray):
    return _doubles(np.ascontiguousarray(X, dtype=np.float64).ravel())


def _kernels():
    JClass = _classes()
    return JClass("wekaranking.Kernels") if jvm.kernels_compiled else PythonKernels


class PythonKernels:
    """The Java kernels' loops through JPype, for a machine without ``javac``.

    Same results, one bridge crossing per row or pair instead of per batch.
    """

    @staticmethod
    def _add(out, values) -> None:
        instance = _classes()("weka.core.DenseInstance")(1.0, _doubles(values))
        out.add(instance)

    @staticmethod
    def rows(header, flat, n, class_values):
        out = _classes()("weka.core.Instances")(header, n)
        X = np.asarray(flat).reshape(n, -1)
        for i in range(n):
            PythonKernels._add(out, np.append(X[i], class_values[i]))
        return out

    @staticmethod
    def pairs(header, flat, left, right, labels):
        m = (header.numAttributes() - 1) // 2
        X = np.asarray(flat).reshape(-1, m)
        out = _classes()("weka.core.Instances")(header, len(left))
        for a, b, label in zip(np.asarray(left), np.asarray(right), np.asarray(labels)):
            PythonKernels._add(out, np.concatenate([X[a], X[b], [label]]))
        return out

    @staticmethod
    def distributions(classifier, data):
        return np.concatenate(
            [
                np.asarray(classifier.distributionForInstance(data.instance(i)))
                for i in range(data.numInstances())
            ]
        )

    @staticmethod
    def votes(members, header, flat, left, right):
        instances = PythonKernels.pairs(
            header, flat, left, right, np.full(len(left), np.nan)
        )
        return [
            sum(
                int(member.classifyInstance(instances.instance(k)) == 1.0)
                for member in members
            )
            for k in range(instances.numInstances())
        ]

    @staticmethod
    def votesParallel(copies, header, flat, left, right):
        return PythonKernels.votes(copies[0], header, flat, left, right)


@contextmanager
def java_errors(what: str):
    """Java's exceptions as this package's: an exhausted heap says what to do."""
    try:
        yield
    except jpype.JException as err:
        if isinstance(err, _classes()("java.lang.OutOfMemoryError")):
            heap = jpype.JClass("java.lang.Runtime").getRuntime().maxMemory() >> 20
            raise JavaError(
                f"the JVM ran out of memory ({heap} MB heap) {what}: give it more "
                "with --heap (e.g. --heap 8g) or use fewer pairs (--pairs P)"
            ) from None
        raise WekaError(f"{what}: {err.message()}") from None


def split_options(options: str) -> list[str]:
    """WEKA's ``Utils.splitOptions``: quotes and escapes as on its command line."""
    JClass = _classes()
    try:
        return [str(o) for o in JClass("weka.core.Utils").splitOptions(options)]
    except jpype.JException as err:
        raise WekaError(
            f"cannot split the options {options!r}: {err.message()}"
        ) from None


def join_options(options: Sequence[str]) -> str:
    """WEKA's ``Utils.joinOptions``, the inverse of :func:`split_options`."""
    JClass = _classes()
    return str(
        JClass("weka.core.Utils").joinOptions(jpype.JArray(jpype.JString)(options))
    )


def make_classifier(classname: str, options: Sequence[str]):
    """A WEKA classifier by classname and options (``AbstractClassifier.forName``)."""
    JClass = _classes()
    spec = " ".join([classname, *options])
    try:
        return JClass("weka.classifiers.AbstractClassifier").forName(
            classname, jpype.JArray(jpype.JString)(list(options))
        )
    except jpype.JException as err:
        raise WekaError(
            f"cannot create the WEKA classifier '{spec}': {err.message()}"
        ) from None


def classifier_options(classifier) -> list[str]:
    """The options a classifier reports, defaults included (``getOptions``)."""
    return [str(o) for o in classifier.getOptions()]


def seed_if_randomizable(classifier, seed: int) -> bool:
    """Set WEKA's ``-S`` of a ``Randomizable`` learner; tell whether it was one."""
    if isinstance(classifier, _classes()("weka.core.Randomizable")):
        classifier.setSeed(int(seed))
        return True
    return False


def _attributes(attributes, prefix: str = ""):
    JClass = _classes()
    Attribute = JClass("weka.core.Attribute")
    ArrayList = JClass("java.util.ArrayList")
    out = []
    for attribute in attributes:
        name = prefix + attribute.name
        if attribute.values is None:
            out.append(Attribute(name))
        else:
            values = ArrayList()
            for value in attribute.values:
                values.add(value)
            out.append(Attribute(name, values))
    return out


def _header(relation: str, attributes, class_name: str, class_values) -> object:
    JClass = _classes()
    Attribute = JClass("weka.core.Attribute")
    ArrayList = JClass("java.util.ArrayList")
    atts = ArrayList()
    for attribute in attributes:
        atts.add(attribute)
    values = ArrayList()
    for value in class_values:
        values.add(value)
    atts.add(Attribute(class_name, values))
    header = JClass("weka.core.Instances")(relation, atts, 0)
    header.setClassIndex(header.numAttributes() - 1)
    return header


def base_header(dataset: Dataset):
    """The WEKA header of the data set, its binary class last."""
    return _header(
        dataset.relation,
        _attributes(dataset.attributes),
        dataset.class_name,
        dataset.class_values,
    )


def pair_header(dataset: Dataset):
    """The header of pair instances: first_*, second_* attributes, class 0/1."""
    return _header(
        f"{dataset.relation}-pairs",
        _attributes(dataset.attributes, "first_")
        + _attributes(dataset.attributes, "second_"),
        PAIR_CLASS,
        ("0", "1"),
    )


def to_instances(dataset: Dataset, header=None):
    """The data set as WEKA Instances (class values in WEKA's order)."""
    header = base_header(dataset) if header is None else header
    with java_errors("building the instances"):
        return _kernels().rows(
            header, _flat(dataset.X), len(dataset), _doubles(dataset.class_index)
        )


def pair_instances(header, X: np.ndarray, pairs: Pairs):
    """Pair Instances built on the JVM side: only the index arrays cross."""
    with java_errors(f"building {len(pairs)} pair instances"):
        return _kernels().pairs(
            header,
            _flat(X),
            _ints(pairs.left),
            _ints(pairs.right),
            _doubles(pairs.label),
        )


def build(classifier, instances, spec: str) -> None:
    """``buildClassifier``, with WEKA's complaints turned into :class:`WekaError`."""
    with java_errors(f"training '{spec}'"):
        classifier.buildClassifier(instances)


def distributions(classifier, instances) -> np.ndarray:
    """Class distributions of all instances, shape (n, classes)."""
    with java_errors("predicting"):
        flat = _kernels().distributions(classifier, instances)
    return np.asarray(flat, dtype=np.float64).reshape(-1, instances.numClasses())


def check_heap(n_pairs: int, n_features: int, n_instances: int) -> None:
    """Refuse, before building them, pairs that would not fit in the JVM heap."""
    runtime = _classes()("java.lang.Runtime").getRuntime()
    available = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory())
    needed = pair_memory_bytes(n_pairs, n_features)
    if needed <= available:
        return
    fitting = available // pair_memory_bytes(1, n_features)
    p = max(1, fitting // max(n_instances, 1))
    raise JavaError(
        f"{n_pairs} pairs of {2 * n_features} attributes need about "
        f"{needed >> 20} MB of JVM heap, and {available >> 20} MB is free of "
        f"{runtime.maxMemory() >> 20} MB: use --heap {-(-needed * 5 // 4 >> 30)}g, "
        f"or --pairs {p} (about {p * n_instances} pairs)"
    )


class PairVoter:
    """Counts, for batches of index pairs, the members voting "left beats right".

    The test data crosses the bridge once, here; each batch sends only two
    index arrays and gets one count array back.
    """

    def __init__(
        self, members: Sequence, header, X: np.ndarray, threads: int = 1
    ) -> None:
        JClass = _classes()
        Classifier = JClass("weka.classifiers.Classifier")
        self._members = jpype.JArray(Classifier)(list(members))
        if threads > 1:
            # One copy of the committee per thread: WEKA does not promise
            # that a model predicts safely from several threads at once.
            copies = [
                JClass("weka.classifiers.AbstractClassifier").makeCopies(m, threads)
                for m in members
            ]
            self._copies = jpype.JArray(Classifier, 2)(
                [[copies[i][t] for i in range(len(members))] for t in range(threads)]
            )
        self._threads = threads
        self._header = header
        self._flat = _flat(X)

    def votes(self, left: np.ndarray, right: np.ndarray) -> np.ndarray:
        with java_errors("counting the committee's votes"):
            if self._threads > 1:
                counts = _kernels().votesParallel(
                    self._copies, self._header, self._flat, _ints(left), _ints(right)
                )
            else:
                counts = _kernels().votes(
                    self._members, self._header, self._flat, _ints(left), _ints(right)
                )
        return np.asarray(counts, dtype=np.int64)


def serialize(classifier) -> bytes:
    """A classifier as WEKA's ``SerializationHelper`` writes it (a .model file)."""
    JClass = _classes()
    stream = JClass("java.io.ByteArrayOutputStream")()
    JClass("weka.core.SerializationHelper").write(stream, classifier)
    return bytes(stream.toByteArray())


def deserialize(payload: bytes):
    """A classifier from :func:`serialize`'s bytes; Java deserialization, so the
    bytes must come from a trusted source."""
    JClass = _classes()
    stream = JClass("java.io.ByteArrayInputStream")(jpype.JArray(jpype.JByte)(payload))
    try:
        return JClass("weka.core.SerializationHelper").read(stream)
    except jpype.JException as err:
        raise WekaError(f"cannot read a WEKA model: {err.message()}") from None


def weka_version() -> str:
    """The running WEKA's version, e.g. ``3.9.7``."""
    return str(_classes()("weka.core.Version").VERSION)
