"""numpy <-> WEKA across JPype, in bulk: the only module that touches Java.

Rows cross the bridge as one flat array per call and become Instances on the
JVM side (``src/wekaranking/Kernels.java``); the method itself is the Java
class ``weka.classifiers.meta.RankingReduction``, which this module creates,
trains and asks for rankings, one array per batch.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, wait
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import jpype
import numpy as np

from weka_ranking import jvm
from weka_ranking.data import Attribute, Dataset, Declared, Table
from weka_ranking.errors import (
    DataError,
    HeapError,
    JavaError,
    ModelRefused,
    ParameterError,
    Remedy,
    WekaError,
)
from weka_ranking.params import BY_WEKA_FLAG

T = TypeVar("T")

REDUCTION = "weka.classifiers.meta.RankingReduction"
OPTION_EXCEPTION = "weka.classifiers.meta.rankingreduction.OptionException"
RANKING_MODEL = "weka.classifiers.meta.rankingreduction.RankingModel"
HEAP_REFUSAL = "weka.classifiers.meta.rankingreduction.HeapRefusal"


def _classes():
    jvm.start()
    return jpype.JClass


def _doubles(values: np.ndarray):
    return jpype.JArray(jpype.JDouble)(np.ascontiguousarray(values, dtype=np.float64))


def _flat(X: np.ndarray):
    return _doubles(np.ascontiguousarray(X, dtype=np.float64).ravel())


def _in_python_words(reason: str) -> str:
    """A Java reason with the parameter table's flags as the estimator's parameters.

    ``-I 1`` becomes ``voters=1`` and a bare ``-P`` becomes ``pairs_per_instance``;
    other flags (``-G``) stay WEKA's.
    """

    def parameter(match: re.Match) -> str:
        p = BY_WEKA_FLAG[match["flag"]]
        text = match["value"]
        if text:
            value = p.reads(text)
            if value is not None:
                return f"{p.name}={value!r}"
            return f"{p.name} {text}"
        return p.name

    flags = "|".join(re.escape(f) for f in sorted(BY_WEKA_FLAG, key=len) if f != "--")
    pattern = rf"(?<![\w-])(?P<flag>{flags})(?![\w-])(?: (?P<value>[^\s,;:()]+))?"
    return re.sub(pattern, parameter, reason)


def _refusal(err, what: str, option_value: bool = False) -> ValueError:
    """The meta-classifier's refusal (its ``OptionException``) in Python's terms.

    A :class:`ParameterError` naming the estimator's parameter for an option of the
    parameter table, else a :class:`DataError` (options the data sets, such as
    ``-rank-first`` and ``-G``, and the data itself). ``option_value`` for a
    value refused as ``setOptions`` read it: the reason then names the WEKA
    option too, as the one check of that value says it to both faces.
    """
    flag, value, reason = err.getFlag(), err.getValue(), str(err.getReason())
    parameter = None if flag is None else BY_WEKA_FLAG.get(str(flag))
    if parameter is None:
        return DataError(f"{what}: {err.getMessage()}")
    read = parameter.reads(str(value))
    reason = _in_python_words(reason)
    if option_value:
        reason += f" (WEKA's {flag})"
    return ParameterError(parameter.name, str(value) if read is None else read, reason)


@contextmanager
def java_errors(what: str) -> Iterator[None]:
    """Java's exceptions as this package's.

    The meta-classifier's refusals as :class:`ParameterError` or :class:`DataError`, an
    exhausted heap with what to do, anything else as :class:`WekaError`.
    """
    try:
        yield
    except jpype.JException as err:
        if isinstance(err, _classes()(OPTION_EXCEPTION)):
            raise _refusal(err, what) from None
        refusal = _classes()(HEAP_REFUSAL)
        if isinstance(err, refusal) and not err.ranOut():  # WEKA's check, in its words
            raise HeapError(f"{what}: {err.message()}") from None
        if isinstance(err, (_classes()("java.lang.OutOfMemoryError"), refusal)):
            # Ran out in training (the member loop says it as a HeapRefusal for
            # WEKA's Explorer): Python says it as it always has.
            heap = jpype.JClass("java.lang.Runtime").getRuntime().maxMemory() >> 20
            raise JavaError(
                f"the JVM ran out of memory ({heap} MB heap) {what}",
                jvm.heap_remedy("give it more with", "8g"),
                Remedy("use fewer pairs with", "pairs_per_instance", "P"),
            ) from None
        if isinstance(err, _classes()("java.lang.IllegalArgumentException")):
            raise ValueError(f"{what}: {err.message()}") from None
        raise WekaError(f"{what}: {err.message()}") from None


def free_heap(collect: bool = False) -> tuple[int, int]:
    """Bytes of JVM heap free to allocate, and the maximum heap.

    ``collect`` first asks for a full collection: in a JVM that has run other
    work (an experiment's worker), garbage not yet collected counts as used.
    """
    runtime = _classes()("java.lang.Runtime").getRuntime()
    if collect:
        runtime.gc()
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


# WEKA learners that deserialize a file their options name, through no filter
# of this package's (a model file is read through ModelInput's): refused.
MODEL_LOADING_LEARNERS = {
    "weka.classifiers.misc.SerializedClassifier": "-model",
    "weka.classifiers.misc.InputMappedClassifier": "-L",
}


def _option_words(classname: str, options: Sequence[str]) -> list[str]:
    """Every word of a learner's options, its nested learners' options included."""
    words, pending = [classname], list(options)
    while pending:
        word = pending.pop()
        words.append(word)
        if " " in word.strip():  # a nested scheme, as Vote's -B or a filter's spec
            pending += [
                str(w) for w in _classes()("weka.core.Utils").splitOptions(word)
            ]
    return words


def _refuse_model_loading(classname: str, options: Sequence[str]) -> None:
    """Refuse a learner that would deserialize a file its options name."""
    words = _option_words(classname, options)
    for loader, flag in MODEL_LOADING_LEARNERS.items():
        if loader in words and flag in words:
            raise ParameterError(
                "base",
                " ".join([classname, *options]),
                f"{loader.rsplit('.', 1)[-1]} deserializes the file its {flag} names, "
                "which no filter guards here (a hostile file runs code or never ends): "
                "train the learner here, or load a model with rank --model or "
                "RankingReduction.load, which filter what they read",
            )


def make_classifier(classname: str, options: Sequence[str]):
    """A WEKA classifier by classname and options (``AbstractClassifier.forName``).

    Created where Ctrl-C and SIGTERM stop it (a learner's class runs code of
    its own as it loads and reads its options), after refusing the learners
    that would deserialize a file their options name.
    """
    JClass = _classes()
    _refuse_model_loading(classname, options)
    spec = " ".join([classname, *options])
    try:
        return interruptibly(
            lambda: JClass("weka.classifiers.AbstractClassifier").forName(
                classname, jpype.JArray(jpype.JString)(list(options))
            )
        )
    except jpype.JException as err:
        # WEKA's options parse numbers with Java's own, whose message names
        # the text alone ('For input string: "x"'), not that a number was due.
        number = (
            ": an option's value is not a number"
            if err.getClass().getName() == "java.lang.NumberFormatException"
            else ""
        )
        raise WekaError(
            f"cannot create the WEKA classifier '{spec}': {err.message()}{number}"
        ) from None


def serial_version_uid(classname: str) -> str:
    """A class's serialVersionUID, as WEKA's Experimenter keys a scheme's version."""
    JClass = _classes()
    stream_class = JClass("java.io.ObjectStreamClass")
    return str(stream_class.lookup(JClass(classname)).getSerialVersionUID())


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
    """The input of the reduction's query-grouped mode (``-G``).

    Rows with a numeric ``group`` attribute first (the query, coded 0, 1, ...) and the
    relevance grade ``y`` as a numeric class. Returns the features as a Dataset and the
    instances.
    """
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


@contextmanager
def _java_stdout_captured() -> Iterator[None]:
    """Java's ``System.out`` kept off the command's output while inside."""
    JClass = _classes()
    system = JClass("java.lang.System")
    before = system.out
    system.setOut(
        JClass("java.io.PrintStream")(JClass("java.io.ByteArrayOutputStream")())
    )
    try:
        yield
    finally:
        system.setOut(before)


def read_table(path, arff: bool) -> tuple[Table, np.ndarray]:
    """A data file read by WEKA, with each instance's weight.

    ARFF (and ``.arff.gz``) by ``ArffLoader``, CSV by ``CSVLoader``, other kinds
    by the converter WEKA picks by the extension. Returns the table and the
    weights; WEKA's refusal is a :class:`WekaError` with its reader's message
    (the loaders are asked directly: WEKA's ``DataSource`` prints a loader's
    failure and returns nothing, which would lose the reason and its line).
    """
    JClass = _classes()
    loaders = {"arff": "ArffLoader", "csv": "CSVLoader"}
    kind = "arff" if arff else Path(str(path)).suffix.lower().lstrip(".")

    def load():
        try:
            if kind in loaders:
                loader = JClass(f"weka.core.converters.{loaders[kind]}")()
                loader.setFile(JClass("java.io.File")(str(path)))
                with _java_stdout_captured():  # CSVLoader prints a bad row's tokens
                    return loader.getDataSet()
            return JClass("weka.core.converters.ConverterUtils$DataSource")(
                str(path)
            ).getDataSet()
        except jpype.JException as err:
            raise WekaError(str(err.message())) from None

    data = interruptibly(load)
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


def evaluation_text(
    dataset: Dataset,
    folds: Sequence[tuple[np.ndarray, np.ndarray, np.ndarray]],
    title: str,
) -> str:
    """WEKA's own evaluation text of a cross-validation's scores.

    The summary, the per-class table and the confusion matrix of the scores,
    read as the probability of the positive class, as the Explorer prints
    them for the same predictions at the threshold 0.5. ``folds`` holds each
    fold's training rows, test rows and test scores: like WEKA's
    ``crossValidateModel``, the class priors (which the relative errors are
    measured against) are each training fold's.
    """
    JClass = _classes()
    instances = to_instances(dataset)
    evaluation = JClass("weka.classifiers.Evaluation")(instances)
    positive = dataset.positive_index
    for train, test, scores in folds:
        evaluation.setPriors(to_instances(dataset.subset(train)))
        for row, score in zip(test, np.asarray(scores, dtype=np.float64)):
            distribution = [0.0, 0.0]
            distribution[positive], distribution[1 - positive] = score, 1.0 - score
            evaluation.evaluateModelOnceAndRecordPrediction(
                jpype.JArray(jpype.JDouble)(distribution), instances.instance(int(row))
            )
    return "\n".join(
        [
            str(evaluation.toSummaryString(title, False)),
            str(evaluation.toClassDetailsString()),
            str(evaluation.toMatrixString()),
        ]
    )


def share_probabilities(scores: np.ndarray, share: float) -> np.ndarray:
    """A batch's scores as the meta-classifier hands them to WEKA's Evaluation.

    By one increasing map, above 0.5 for about the top ``share`` of the batch
    (``RankingModel.shareProbabilities``): the same order and ties.
    """
    mapped = _classes()(RANKING_MODEL).shareProbabilities(
        jpype.JArray(jpype.JDouble)(np.asarray(scores, dtype=np.float64)), float(share)
    )
    return np.asarray(mapped, dtype=np.float64)


# How long interrupted Java work is given to stop: it stops between members,
# pair batches and comparison batches, but a learner's own training (one
# member) checks nothing and may run on.
GRACE_SECONDS = 5.0

# Java work interrupted: set once it stopped.
_interrupted: list[threading.Event] = []


def interruptibly(call: Callable[[], T]) -> T:
    """``call()``, long Java work, run so that Ctrl-C and SIGTERM stop it.

    Python runs its signal handlers in the main thread only, and not while a
    Java call holds it: so the call runs in a thread of its own while the main
    thread waits, interruptibly. On ``KeyboardInterrupt`` (Ctrl-C, or the
    command line's SIGTERM) the Java thread is interrupted (the meta-classifier
    checks ``Thread.interrupted()`` between members, pair batches and
    comparison batches) and given :data:`GRACE_SECONDS` to stop; the interrupt
    goes on either way, and :func:`java_work_running` says whether the work
    stopped. Off the main thread (a Dask worker's, the runner's unit
    threads), where no signal arrives, the call runs as it is, and
    :func:`stop_java_work` interrupts it.
    """
    if threading.current_thread() is not threading.main_thread():
        return _stoppable_off_the_main_thread(call)
    outcome: dict[str, object] = {}
    started, finished = threading.Event(), threading.Event()

    def work() -> None:
        try:
            outcome["thread"] = _classes()("java.lang.Thread").currentThread()
            started.set()
            outcome["value"] = call()
        except BaseException as err:  # handed to the waiting thread as it is
            outcome["error"] = err
        finally:
            started.set()
            finished.set()

    threading.Thread(target=work, name="weka-ranking Java work", daemon=True).start()
    # Waited on an Event: Thread.join interrupted by a signal marks the thread
    # stopped while it runs (Python 3.11).
    try:
        while not finished.wait(0.25):
            pass
    except KeyboardInterrupt:
        started.wait()
        if "thread" in outcome:
            outcome["thread"].interrupt()
        if not finished.wait(GRACE_SECONDS):
            _interrupted.append(finished)
        raise
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


# The Java threads of Java work running off the main thread, by Python thread.
_off_the_main_thread: dict[int, Any] = {}


def _stoppable_off_the_main_thread(call: Callable[[], T]) -> T:
    """``call()`` in this thread, its Java thread known to :func:`stop_java_work`."""
    key = threading.get_ident()
    _off_the_main_thread[key] = _classes()("java.lang.Thread").currentThread()
    try:
        return call()
    finally:
        _off_the_main_thread.pop(key, None)


def stop_java_work(futures: Sequence[Future]) -> None:
    """Interrupt the Java work off the main thread; give ``futures`` GRACE_SECONDS.

    The runner's way out of a Ctrl-C or a failure while units run on its
    threads: as :func:`interruptibly` does for the main thread's, and where
    one of ``futures`` (the units under way) goes on past the grace,
    :func:`java_work_running` says so.
    """
    for thread in list(_off_the_main_thread.values()):
        thread.interrupt()
    _, going_on = wait(futures, timeout=GRACE_SECONDS)
    for future in going_on:
        finished = threading.Event()
        future.add_done_callback(lambda _, finished=finished: finished.set())
        _interrupted.append(finished)


def java_work_running() -> bool:
    """Whether interrupted Java work did not stop within :data:`GRACE_SECONDS`.

    A process that ends then must end without waiting for it (``os._exit``):
    the JVM's orderly shutdown would wait for the thread.
    """
    return any(not finished.is_set() for finished in _interrupted)


def build(classifier, instances, spec: str) -> None:
    """``buildClassifier``, with WEKA's complaints turned into :class:`WekaError`.

    ``instances`` may be a meta-classifier's prepared training
    (:func:`prepare_training`). Ctrl-C stops it (:func:`interruptibly`).
    """

    def train() -> None:
        with java_errors(f"training '{spec}'"):
            classifier.buildClassifier(instances)

    interruptibly(train)


def make_reduction(options: Sequence[str], base=None):
    """The Java meta-classifier with WEKA options (``-W ... -- base options``).

    With ``base`` as its base classifier when given.
    """
    reduction = _classes()(REDUCTION)()
    try:
        reduction.setOptions(jpype.JArray(jpype.JString)(list(options)))
        if base is not None:
            reduction.setClassifier(base)
    except jpype.JException as err:
        if isinstance(err, _classes()(OPTION_EXCEPTION)):
            raise _refusal(err, "the options", option_value=True) from None
        raise WekaError(
            f"cannot set the options '{join_options(options)}': {err.message()}"
        ) from None
    return reduction


def check_options(reduction) -> None:
    """The meta-classifier's own check that its options go together, before any work.

    Combinations such as a pointwise model with pairs or voters, or identical voters.
    """
    with java_errors("checking the options"):
        reduction.checkOptions()


def reduction_options(reduction) -> list[str]:
    """The options a meta-classifier reports, its defaults included."""
    return [str(o) for o in reduction.getOptions()]


def reduction_option_table(reduction) -> dict[str, dict]:
    """What the meta-classifier says of its options.

    Each flag (``-P``) with its synopsis and whether it takes a value (``listOptions``),
    the value a fresh object reports (``getOptions``; None for an absent flag), and the
    choices of its drop-downs (``-R``, ``-ties``, ``-sum-order``, ``-pair-features``,
    ``-pair-order``, ``-smo-solver``).
    """
    reported = reduction_options(reduction)
    head = reported[: reported.index("--")] if "--" in reported else reported
    table = {}
    for option in reduction.listOptions():
        if not str(option.name()):  # the base learner's options follow
            break
        flag = "-" + str(option.name())
        takes = int(option.numArguments()) > 0
        value = None
        if flag in head:
            value = head[head.index(flag) + 1] if takes else True
        table[flag] = {
            "synopsis": str(option.synopsis()),
            "takes_value": takes,
            "value": value,
        }
    JClass = _classes()(REDUCTION)
    for flag, tags in (
        ("-R", JClass.TAGS_RANKER),
        ("-ties", JClass.TAGS_TIES),
        ("-sum-order", JClass.TAGS_SUM_ORDER),
        ("-pair-features", JClass.TAGS_PAIR_FEATURES),
        ("-pair-order", JClass.TAGS_PAIR_ORDER),
        ("-smo-solver", JClass.TAGS_SMO_SOLVER),
    ):
        table[flag]["choices"] = tuple(str(tag.getIDStr()) for tag in tags)
    return table


def set_ranking(reduction, ranker: str, ties: str, threads: int) -> None:
    """Set how a trained model ranks: its ranker, tie rule and threads.

    The pairwise rankers share one trained committee. Java reads the values as
    its options ``-R``, ``-ties`` and ``-num-slots`` and refuses them as
    ``setOptions`` does.
    """
    options = ["-R", str(ranker), "-ties", str(ties), "-num-slots", str(threads)]
    try:
        reduction.setRankingOptions(jpype.JArray(jpype.JString)(options))
    except jpype.JException as err:
        if isinstance(err, _classes()(OPTION_EXCEPTION)):
            raise _refusal(err, "the ranking options", option_value=True) from None
        raise WekaError(f"cannot set how to rank: {err.message()}") from None


@contextmanager
def members_reported(
    reduction, trained: Callable[[int, int, int, float], None]
) -> Iterator[None]:
    """Within the block, report each member as it is trained.

    The report is the call ``trained(member, members, pairs, seconds)``.
    """
    JClass = _classes()
    interface = "weka.classifiers.meta.rankingreduction.MemberListener"
    JClass(interface)

    @jpype.JImplements(interface)
    class Listener:
        @jpype.JOverride
        def trained(self, member, members, pairs, seconds):
            trained(int(member), int(members), int(pairs), float(seconds))

    reduction.setMemberListener(Listener())
    try:
        yield
    finally:
        reduction.setMemberListener(None)


def prepare_training(reduction, instances, spec: str):
    """The meta-classifier's training on the instances, prepared and checked.

    Java refuses here, before any work, data it cannot train on and options
    that do not go together; the pair training it makes is the one
    :func:`training_footprint` is asked about and :func:`build` trains on.
    ``spec`` names the learner in a refusal.
    """
    with java_errors(f"training '{spec}'"):
        return reduction.prepareTraining(instances)


def training_footprint(reduction, training) -> dict[str, int]:
    """What training will take, asked before any pair is made.

    ``training`` is a prepared training (:func:`prepare_training`), or
    instances, which Java prepares a training of for the answer alone.
    The meta-classifier answers: pairs per member, members trained at once,
    the JVM heap bytes a pair adds to a member as it will be trained (a pair
    instance, or its share of a pair list from the rows) and the member's
    fixed bytes beside its pairs (the rows' among them when it is trained
    from the rows), the bytes one member needs, and whether it is trained
    from the rows.
    """
    with java_errors("counting the pairs"):
        answer = [int(v) for v in reduction.trainingFootprint(training)]
    pairs, at_once, per_pair, per_model, per_member, from_rows = answer
    return {
        "pairs_per_member": pairs,
        "members_at_once": at_once,
        "bytes_per_pair": per_pair,
        "bytes_per_model": per_model,
        "bytes_per_member": per_member,
        "from_rows": bool(from_rows),
    }


def heap_checked(training) -> None:
    """Tell Java that :func:`memory.check_heap` has checked this prepared training.

    Each check has one owner: Java's ``buildClassifier`` checks the heap itself
    (in WEKA's words) unless the caller has, so Python's words stay Python's.
    """
    training.heapCheckedByCaller()


def training_header(reduction):
    """The empty header of the data a trained model was trained on."""
    return reduction.getTrainingHeader()


def instances_like(dataset: Dataset, reduction):
    """The data set as Instances to rank with a trained model.

    Its own features, which the model checks against its training header, and the
    training data's class attribute (the class of data to rank is unknown).
    """
    klass = _as_attribute(training_header(reduction).classAttribute())
    header = _header(dataset.relation, dataset.attributes, klass)
    return _rows(header, dataset.X, dataset.class_index)


def training_weka_version(reduction) -> str:
    """The WEKA version a model was trained with."""
    return str(reduction.getModel().wekaVersion())


def rank(reduction, instances, source: str) -> tuple[np.ndarray, int]:
    """The batch ranked as a whole: scores in [0, 1] and the comparisons made.

    ``source`` names the data in a refusal.
    """

    def ranked() -> tuple[np.ndarray, int]:
        with java_errors(source):
            ranking = reduction.rank(instances)
            scores = np.asarray(ranking.scores, dtype=np.float64)
            return scores, int(ranking.comparisons)

    return interruptibly(ranked)


def tournament_cost_said(reduction, X: np.ndarray, source: str) -> list[str]:
    """What the tree committee's exact tournament of these rows costs, in Java's words.

    The sentences ``TreeTournament.costSaid`` gives for the committee
    ``rank`` builds: rows with a missing value where a tree splits whose
    pairs go to the members one by one, or that its J48 trees walk
    fractionally, where they are expected to take at least
    ``TreeTournament.secondsWorthSaying`` on two idle cores (Java decides,
    for both faces); none where no tree tournament applies.
    """
    with java_errors(source):
        exact = rank_committee(reduction, X).exactTournament()
        tree = _classes()("weka.classifiers.meta.rankingreduction.TreeTournament")
        if not isinstance(exact, tree):
            return []
        return [str(said) for said in exact.costSaid()]


def rank_committee(reduction, X: np.ndarray):
    """The committee ``rank`` builds on the rows: a copy of the members, forms on."""
    committee = _classes()("weka.classifiers.meta.rankingreduction.Committee")
    return committee(
        committee.copies(reduction.getMembers(), 1),
        reduction.getPairHeader(),
        reduction.getModel().getPairLayout(),
        jpype.JArray.of(np.ascontiguousarray(X, dtype=np.float64)),
        True,
    )


def reference_distributions(reduction, instances, source: str) -> np.ndarray:
    """Each instance's class distribution against the model's reference sample.

    An instance's row depends on it and the model only (the Java class's
    ``distributionForInstance``, the batch at once); columns in WEKA's class
    order. ``source`` names the data in a refusal.
    """
    with java_errors(source):
        return np.asarray(reduction.referenceDistributions(instances), dtype=np.float64)


def order(scores: np.ndarray, ties: str, seed: int) -> np.ndarray:
    """Indices by decreasing score, ties ordered by the meta-classifier's ``-ties``.

    Equal scores keep the input order (``stable``) or an order shuffled by
    ``java.util.Random(seed)`` (``random``).
    """
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
    model = reduction.getModel()
    return {
        "members": list(reduction.getMembers()),
        "member_seeds": [int(s) for s in model.memberSeeds()],
        "n_pairs": [int(c) for c in model.pairCounts()],
        "pairs_per_instance": int(model.pairsPerInstance()),
        "member_seconds": [float(t) for t in model.memberSeconds()],
        "base_classname": str(reduction.getClassifier().getClass().getName()),
        "base_options": classifier_options(reduction.getClassifier()),
        "attributes": tuple(_as_attribute(a) for a in features),
        "classes": tuple(str(klass.value(i)) for i in range(klass.numValues()))
        if klass.isNominal()
        else (),
        "rank_first_index": int(model.rankFirstIndex()),
        "grouped": grouped,
        "weka": str(model.wekaVersion()),
        "declined": tuple(str(line) for line in reduction.declined()),
    }


def reference_threshold(reduction) -> float | None:
    """The degree a single instance must pass to be predicted first, or None.

    Java's ``referenceThreshold``, learned at training (derived once for a smaller
    committee or a model file of 0.3.0 or earlier). None where the model scores no
    single instance by its degree: pointwise, grouped, or no reference sample kept
    (``-reference-size 0``), which Java says by refusing the question.
    """
    try:
        return float(reduction.referenceThreshold())
    except jpype.JClass("java.lang.UnsupportedOperationException"):
        return None


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
        "pairs_per_instance": pairs if pairs in ("all", "auto") else int(pairs),
        "voters": int(reduction.getNumIterations()),
        "ranker": str(reduction.getRanker().getSelectedTag().getIDStr()),
        "ties": str(reduction.getTies().getSelectedTag().getIDStr()),
        "threads": int(reduction.getNumExecutionSlots()),
        "seed": int(reduction.getSeed()),
        "sum_order": str(reduction.getSumOrder().getSelectedTag().getIDStr()),
        "pair_features": str(reduction.getPairFeatures().getSelectedTag().getIDStr()),
        "pair_order": str(reduction.getPairOrder().getSelectedTag().getIDStr()),
        "smo_solver": str(reduction.getSmoSolver().getSelectedTag().getIDStr()),
        "reference_size": int(reduction.getReferenceSize()),
    }


def params_from_options(options: str) -> dict:
    """The estimator's parameters that a meta-classifier option string sets.

    Parsed as WEKA parses it (``Utils.splitOptions``, then ``setOptions`` on a fresh
    ``RankingReduction``) and read back; ``base`` is a classname and ``base_options``
    the options after ``--``, as given.
    """
    tokens = split_options(options)
    base_options = tokens[tokens.index("--") + 1 :] if "--" in tokens else []
    params = reduction_params(make_reduction(tokens))
    params["base_options"] = join_options(base_options)
    return params


def serialize(classifier, header) -> bytes:
    """A classifier and its header as the Explorer saves a model (``writeAll``).

    The result is a ``.model`` file WEKA loads.
    """
    JClass = _classes()
    stream = JClass("java.io.ByteArrayOutputStream")()
    objects = jpype.JArray(JClass("java.lang.Object"))([classifier, header])
    interruptibly(
        lambda: JClass("weka.core.SerializationHelper").writeAll(stream, objects)
    )
    return bytes(stream.toByteArray())


def deserialize(payload: bytes):
    """The classifier of :func:`serialize`'s bytes (or of a plain ``write``).

    Read through ``src/wekaranking/ModelInput.java``'s filter: classes a model
    holds only, checked by name before they are loaded, and bounded nesting,
    object count, array lengths and collection hashing, so that a hostile
    file is refused (:class:`ModelRefused`, naming the class or the limit)
    instead of running its classes' code or hanging.
    """
    JClass = _classes()
    content = jpype.JArray(jpype.JByte)(payload)
    try:
        objects = interruptibly(
            lambda: JClass("wekaranking.ModelInput").readAll(content)
        )
    except jpype.JException as err:
        if isinstance(err, _classes()("java.io.EOFException")):
            raise WekaError(
                "cannot read a WEKA model: it ends too early (empty, or cut short)"
            ) from None
        message = str(err.message())
        if message.startswith("refused: "):
            raise ModelRefused(message.removeprefix("refused: ")) from None
        raise WekaError(f"cannot read a WEKA model: {message}") from None
    except Exception as err:  # JPype maps some stream failures to Python errors
        raise WekaError(f"cannot read a WEKA model: {err}") from None
    if len(objects) == 0:
        raise WekaError(
            "cannot read a WEKA model: it ends before its first object is whole "
            "(a file cut short?)"
        )
    return objects[0]


def is_reduction(obj) -> bool:
    """Whether a Java object is a trained RankingReduction."""
    return (
        isinstance(obj, _classes()(REDUCTION)) and obj.getTrainingHeader() is not None
    )


def class_name(obj) -> str:
    """The Java class name of an object."""
    return str(obj.getClass().getName())


def java_version() -> str:
    """The running JVM's version."""
    return str(_classes()("java.lang.System").getProperty("java.version"))


def weka_version() -> str:
    """The running WEKA's version, e.g. ``3.9.7``."""
    return str(_classes()("weka.core.Version").VERSION)


def write_experiment(
    path: Path,
    files: Sequence[Path],
    classifiers: Sequence[tuple[str, Sequence[str]]],
    *,
    runs: int,
    folds: int,
    ir_class: int,
    results: Path,
) -> None:
    """WEKA's Experimenter file (XML) of a cross-validation experiment.

    Runs 1..``runs`` of ``folds``-fold CV of each classifier on each file,
    the IR statistics (``Area_under_ROC``) of class index ``ir_class``,
    results to the ARFF file ``results``.
    """
    J = _classes()
    experiment = J("weka.experiment.Experiment")()
    experiment.setRunLower(1)
    experiment.setRunUpper(runs)
    producer = J("weka.experiment.CrossValidationResultProducer")()
    producer.setNumFolds(folds)
    evaluator = J("weka.experiment.ClassifierSplitEvaluator")()
    evaluator.setClassForIRStatistics(ir_class)
    producer.setSplitEvaluator(evaluator)
    experiment.setResultProducer(producer)
    listener = J("weka.experiment.InstancesResultListener")()
    listener.setOutputFile(J("java.io.File")(str(results)))
    experiment.setResultListener(listener)
    for file in files:
        experiment.getDatasets().addElement(J("java.io.File")(str(file)))
    with java_errors("the Experimenter's schemes"):
        made = [make_classifier(name, options) for name, options in classifiers]
    experiment.setPropertyArray(jpype.JArray(J("weka.classifiers.Classifier"))(made))
    descriptor, node = (
        J("java.beans.PropertyDescriptor"),
        J("weka.experiment.PropertyNode"),
    )
    producer_class = J("weka.experiment.CrossValidationResultProducer").class_
    evaluator_class = J("weka.experiment.ClassifierSplitEvaluator").class_
    experiment.setPropertyPath(
        jpype.JArray(node)(
            [
                node(
                    evaluator,
                    descriptor("splitEvaluator", producer_class),
                    producer_class,
                ),
                node(
                    evaluator.getClassifier(),
                    descriptor("classifier", evaluator_class),
                    evaluator_class,
                ),
            ]
        )
    )
    experiment.setUsePropertyIterator(True)
    experiment.setNotes("weka-ranking: an experiment plan's WEKA schemes")
    J("weka.experiment.Experiment").write(str(path), experiment)


def _heap_pools():
    J = _classes()
    heap = J("java.lang.management.MemoryType").HEAP
    pools = J("java.lang.management.ManagementFactory").getMemoryPoolMXBeans()
    return [pool for pool in pools if pool.getType() == heap]


def reset_peak_heap() -> None:
    """Start measuring the JVM's peak heap use afresh (each heap pool's peak)."""
    for pool in _heap_pools():
        pool.resetPeakUsage()


def peak_heap_bytes() -> int:
    """The heap's peak use since :func:`reset_peak_heap`: its pools' peaks summed.

    An upper bound of the true peak: the pools need not peak at once.
    """
    return int(sum(pool.getPeakUsage().getUsed() for pool in _heap_pools()))
