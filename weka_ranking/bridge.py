"""numpy <-> WEKA across JPype, in bulk: the only module that touches Java.

Rows cross the bridge as one flat array per call and become Instances on the
JVM side (``src/wekaranking/Kernels.java``); the method itself is the Java
class ``weka.classifiers.meta.RankingReduction``, which this module creates,
trains and asks for rankings, one array per batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import contextmanager

import jpype
import numpy as np

from weka_ranking import jvm
from weka_ranking.data import Attribute, Dataset, Declared, Table
from weka_ranking.errors import DataError, JavaError, Remedy, WekaError

REDUCTION = "weka.classifiers.meta.RankingReduction"


def _classes():
    jvm.start()
    return jpype.JClass


def _doubles(values: np.ndarray):
    return jpype.JArray(jpype.JDouble)(np.ascontiguousarray(values, dtype=np.float64))


def _flat(X: np.ndarray):
    return _doubles(np.ascontiguousarray(X, dtype=np.float64).ravel())


@contextmanager
def java_errors(what: str):
    """Java's exceptions as this package's: an exhausted heap says what to do."""
    try:
        yield
    except jpype.JException as err:
        if isinstance(err, _classes()("java.lang.OutOfMemoryError")):
            heap = jpype.JClass("java.lang.Runtime").getRuntime().maxMemory() >> 20
            raise JavaError(
                f"the JVM ran out of memory ({heap} MB heap) {what}",
                Remedy("give it more with", "heap", "8g"),
                Remedy("use fewer pairs with", "pairs_per_instance", "P"),
            ) from None
        if isinstance(err, _classes()("java.lang.IllegalArgumentException")):
            raise ValueError(f"{what}: {err.message()}") from None
        raise WekaError(f"{what}: {err.message()}") from None


def free_heap() -> tuple[int, int]:
    """Bytes of JVM heap free to allocate, and the maximum heap."""
    runtime = _classes()("java.lang.Runtime").getRuntime()
    used = runtime.totalMemory() - runtime.freeMemory()
    return runtime.maxMemory() - used, runtime.maxMemory()


def empty_header(instances):
    """An empty copy of a dataset's header."""
    return _classes()("weka.core.Instances")(instances, 0)


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


def _attributes(attributes):
    JClass = _classes()
    WekaAttribute = JClass("weka.core.Attribute")
    ArrayList = JClass("java.util.ArrayList")
    out = ArrayList()
    for attribute in attributes:
        if attribute.date_format is not None:
            out.add(WekaAttribute(attribute.name, attribute.date_format))
        elif attribute.values is None:
            out.add(WekaAttribute(attribute.name))
        else:
            values = ArrayList()
            for value in attribute.values:
                values.add(value)
            out.add(WekaAttribute(attribute.name, values))
    return out


def _header(relation: str, attributes, class_attribute: Attribute):
    """A WEKA header of the attributes, the class last."""
    header = _classes()("weka.core.Instances")(
        relation, _attributes([*attributes, class_attribute]), 0
    )
    header.setClassIndex(header.numAttributes() - 1)
    return header


def _rows(header, X: np.ndarray, classes: np.ndarray):
    with java_errors("building the instances"):
        return _classes()("wekaranking.Kernels").rows(
            header, _flat(X), len(X), _doubles(classes)
        )


def base_header(dataset: Dataset):
    """The WEKA header of the data set, its binary class last."""
    return _header(
        dataset.relation,
        dataset.attributes,
        Attribute(dataset.class_name, dataset.class_values),
    )


def to_instances(dataset: Dataset, header=None):
    """The data set as WEKA Instances (class values in WEKA's order)."""
    header = base_header(dataset) if header is None else header
    return _rows(header, dataset.X, dataset.class_index)


def grouped_data(X, y, group, require_grades: bool = False):
    """Rows with a numeric ``group`` attribute first (the query, coded 0, 1,
    ...) and the relevance grade ``y`` as a numeric class: the input of the
    reduction's query-grouped mode (``-G``). Returns the features as a
    Dataset and the instances."""
    from weka_ranking.estimator import as_dataset

    data = X if isinstance(X, Dataset) else as_dataset(X)
    grades = np.full(len(data), np.nan) if y is None else np.asarray(y, float)
    if np.shape(group) != (len(data),) or grades.shape != (len(data),):
        raise ValueError(f"group and y must hold one value per row ({len(data)} rows)")
    if require_grades and np.isnan(grades).any():
        raise ValueError("y must hold a relevance grade for every row")
    _, codes = np.unique(np.asarray(group), return_inverse=True)
    header = _header(
        data.relation, [Attribute("group"), *data.attributes], Attribute("grade")
    )
    return data, _rows(header, np.c_[codes.astype(np.float64), data.X], grades)


def read_table(path, arff: bool) -> tuple[Table, np.ndarray]:
    """A data file read by WEKA: ARFF (and ``.arff.gz``) by ``ArffLoader``,
    other kinds by the converter WEKA picks by the extension. Returns the
    table and each instance's weight; WEKA's refusal is a :class:`WekaError`
    with its reader's message."""
    JClass = _classes()
    try:
        if arff:
            loader = JClass("weka.core.converters.ArffLoader")()
            loader.setFile(JClass("java.io.File")(str(path)))
            data = loader.getDataSet()
        else:
            data = JClass("weka.core.converters.ConverterUtils$DataSource")(
                str(path)
            ).getDataSet()
    except jpype.JException as err:
        raise WekaError(str(err.message())) from None
    if data is None:
        raise DataError(
            f"{path}: no WEKA converter reads this kind of file; give an ARFF "
            "(.arff, .arff.gz) or CSV (.csv) file"
        )
    declared = []
    for j in range(data.numAttributes()):
        attribute = data.attribute(j)
        kind = str(JClass("weka.core.Attribute").typeToString(attribute))
        values = ()
        if attribute.isNominal():
            values = tuple(
                str(attribute.value(v)) for v in range(attribute.numValues())
            )
        date_format = str(attribute.getDateFormat()) if attribute.isDate() else None
        declared.append(
            Declared(str(attribute.name()), kind, values, date_format=date_format)
        )
    kernels = JClass("wekaranking.Kernels")
    values = np.asarray(kernels.values(data), dtype=np.float64)
    table = Table(
        str(data.relationName()),
        tuple(declared),
        values.reshape(data.numInstances(), data.numAttributes()),
    )
    return table, np.asarray(kernels.weights(data), dtype=np.float64)


def evaluation_text(dataset: Dataset, scores: np.ndarray, title: str) -> str:
    """WEKA's own evaluation text (summary, per-class table, confusion matrix)
    of the scores, read as the probability of the positive class: what the
    Explorer prints for the same predictions, at the threshold 0.5."""
    JClass = _classes()
    instances = to_instances(dataset)
    evaluation = JClass("weka.classifiers.Evaluation")(instances)
    positive = dataset.positive_index
    for i, score in enumerate(np.asarray(scores, dtype=np.float64)):
        distribution = [0.0, 0.0]
        distribution[positive], distribution[1 - positive] = score, 1.0 - score
        evaluation.evaluateModelOnceAndRecordPrediction(
            jpype.JArray(jpype.JDouble)(distribution), instances.instance(i)
        )
    return "\n".join(
        [
            str(evaluation.toSummaryString(title, False)),
            str(evaluation.toClassDetailsString()),
            str(evaluation.toMatrixString()),
        ]
    )


def build(classifier, instances, spec: str) -> None:
    """``buildClassifier``, with WEKA's complaints turned into :class:`WekaError`."""
    with java_errors(f"training '{spec}'"):
        classifier.buildClassifier(instances)


def make_reduction(options: Sequence[str], base=None):
    """The Java meta-classifier with WEKA options (``-W ... -- base options``),
    and with ``base`` as its base classifier when given."""
    reduction = _classes()(REDUCTION)()
    try:
        reduction.setOptions(jpype.JArray(jpype.JString)(list(options)))
        if base is not None:
            reduction.setClassifier(base)
    except jpype.JException as err:
        raise WekaError(
            f"cannot set the options '{join_options(options)}': {err.message()}"
        ) from None
    return reduction


def listen_to_members(reduction, trained) -> None:
    """Call ``trained(member, members, pairs, seconds)`` as each member is trained."""
    JClass = _classes()
    interface = "weka.classifiers.meta.rankingreduction.MemberListener"
    JClass(interface)

    @jpype.JImplements(interface)
    class Listener:
        @jpype.JOverride
        def trained(self, member, members, pairs, seconds):
            trained(int(member), int(members), int(pairs), float(seconds))

    reduction.setMemberListener(Listener())


def count_pairs(reduction, instances) -> int:
    """Pair instances each member would be trained on (nothing allocated)."""
    with java_errors("counting the pairs"):
        return int(reduction.countPairs(instances))


def rank(reduction, instances) -> tuple[np.ndarray, int]:
    """The batch ranked as a whole: scores in [0, 1] and the comparisons made."""
    with java_errors("ranking"):
        ranking = reduction.rank(instances)
        return np.asarray(ranking.scores, dtype=np.float64), int(ranking.comparisons)


def order(scores: np.ndarray, ties: str, seed: int) -> np.ndarray:
    """Indices by decreasing score; equal scores keep the input order
    (``stable``) or an order shuffled by ``java.util.Random(seed)`` (``random``),
    as the meta-classifier's ``-T`` orders them."""
    JClass = _classes()
    random = JClass("java.util.Random")(int(seed)) if ties == "random" else None
    rankers = JClass("weka.classifiers.meta.rankingreduction.Rankers")
    return np.asarray(rankers.order(_doubles(scores), random), dtype=np.int64)


def sub_committee(reduction, voters: int):
    """The trained Java model of its first ``voters`` members."""
    with java_errors("taking a sub-committee"):
        return reduction.subCommittee(int(voters))


def trained_state(reduction) -> dict:
    """What a trained Java model learned, as Python values."""
    header = reduction.getTrainingHeader()
    klass = header.classAttribute()
    grouped = bool(str(reduction.getGroupAttribute()))
    # In the query-grouped mode the first attribute names the query: not a feature.
    features = [
        header.attribute(j)
        for j in range(int(grouped), header.numAttributes())
        if j != header.classIndex()
    ]
    return {
        "members": list(reduction.getMembers()),
        "member_seeds": [int(s) for s in reduction.getMemberSeeds()],
        "n_pairs": [int(c) for c in reduction.getPairCounts()],
        "member_seconds": [float(t) for t in reduction.getMemberSeconds()],
        "base_classname": str(reduction.getClassifier().getClass().getName()),
        "base_options": classifier_options(reduction.getClassifier()),
        "attributes": tuple(_as_attribute(a) for a in features),
        "classes": tuple(str(klass.value(i)) for i in range(klass.numValues()))
        if klass.isNominal()
        else (),
        "rank_first_index": int(reduction.getRankFirstIndex()),
        "grouped": grouped,
        "weka": str(reduction.getTrainingWekaVersion()),
    }


def _as_attribute(attribute) -> Attribute:
    if attribute.isNominal():
        return Attribute(
            str(attribute.name()),
            tuple(str(attribute.value(i)) for i in range(attribute.numValues())),
        )
    if attribute.isDate():
        return Attribute(str(attribute.name()), None, str(attribute.getDateFormat()))
    return Attribute(str(attribute.name()))


def reduction_params(reduction) -> dict:
    """The Python estimator's parameters that a Java model was set up with."""
    pairs = str(reduction.getPairsPerInstance())
    return {
        "base": str(reduction.getClassifier().getClass().getName()),
        "base_options": join_options(classifier_options(reduction.getClassifier())),
        "pairs_per_instance": pairs if pairs == "all" else int(pairs),
        "voters": int(reduction.getNumIterations()),
        "ranker": str(reduction.getRanker()),
        "ties": str(reduction.getTies()),
        "threads": int(reduction.getNumExecutionSlots()),
        "seed": int(reduction.getSeed()),
    }


def serialize(classifier, header) -> bytes:
    """A classifier and its header as the Explorer saves a model (``writeAll``):
    a ``.model`` file WEKA loads."""
    JClass = _classes()
    stream = JClass("java.io.ByteArrayOutputStream")()
    objects = jpype.JArray(JClass("java.lang.Object"))([classifier, header])
    JClass("weka.core.SerializationHelper").writeAll(stream, objects)
    return bytes(stream.toByteArray())


def deserialize(payload: bytes):
    """The classifier of :func:`serialize`'s bytes (or of a plain ``write``);
    Java deserialization, so the bytes must come from a trusted source."""
    JClass = _classes()
    stream = JClass("java.io.ByteArrayInputStream")(jpype.JArray(jpype.JByte)(payload))
    try:
        return JClass("weka.core.SerializationHelper").readAll(stream)[0]
    except jpype.JException as err:
        raise WekaError(f"cannot read a WEKA model: {err.message()}") from None
    except Exception as err:  # JPype maps some stream failures to Python errors
        raise WekaError(f"cannot read a WEKA model: {err}") from None


def is_reduction(obj) -> bool:
    """Whether a Java object is a trained RankingReduction."""
    return (
        isinstance(obj, _classes()(REDUCTION)) and obj.getTrainingHeader() is not None
    )


def class_name(obj) -> str:
    """The Java class name of an object."""
    return str(obj.getClass().getName())


def collect_garbage() -> None:
    """Ask the JVM for a garbage collection (between benchmark runs)."""
    _classes()("java.lang.System").gc()


def java_version() -> str:
    """The running JVM's version."""
    return str(_classes()("java.lang.System").getProperty("java.version"))


def bench_class():
    """The benchmarks' plain Java references (``src/wekaranking/Bench.java``)."""
    return _classes()("wekaranking.Bench")


def weka_version() -> str:
    """The running WEKA's version, e.g. ``3.9.7``."""
    return str(_classes()("weka.core.Version").VERSION)
