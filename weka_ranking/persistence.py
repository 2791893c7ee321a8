"""Model files: a fitted RankingReduction written and read with checks.

The trained model is WEKA's own: ``weka.classifiers.meta.RankingReduction``
with its training header, serialized as the Explorer saves a model
(``SerializationHelper.writeAll``). A path ending in ``.model`` gets exactly
that file, which the Explorer, the Experimenter and ``weka.Run -l`` load.
Any other path gets a ZIP archive of that ``.model`` file and
``metadata.json`` (the parameters, the training header, the versions and the
SHA-256 of the model), itself followed by its own SHA-256, all checked before
Java deserializes anything; the entries are unpacked against the sizes they
declare and the sizes they have. Java then reads the model through a
deserialization filter (:func:`bridge.deserialize`): only the classes a model
holds, within limits of nesting, objects and array lengths. Like WEKA's own
``.model`` files, a model file is code for the JVM all the same: load only
files from a source you trust (the digests catch damage, not a forger).
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import zipfile
from pathlib import Path
from typing import NamedTuple

import numpy as np

from weka_ranking import bridge, inputs, learners
from weka_ranking.atomic import write_bytes
from weka_ranking.errors import DataError, ModelRefused
from weka_ranking.estimator import NotFittedError
from weka_ranking.params import BY_NAME, plain
from weka_ranking.version import __version__

logger = logging.getLogger(__name__)

FORMAT = "weka-ranking-model/2"
MODEL_ENTRY = "RankingReduction.model"
METADATA_ENTRY = "metadata.json"
METADATA_DIGEST_ENTRY = "metadata.sha256"
# The most a model archive's metadata may unpack to: the training header of
# tens of thousands of attributes takes a few megabytes.
METADATA_LIMIT = 64 << 20
# A SHA-256 in hexadecimal, with room for an end of line.
DIGEST_LIMIT = 128


#: The numpy kinds of labels a model file keeps beside their text: booleans,
#: integers and floats.
KEPT_LABEL_KINDS = "biuf"


class Saved(NamedTuple):
    """What a model file holds, as :func:`read` gives it."""

    #: The trained Java model.
    reduction: object
    #: The estimator's parameters.
    params: dict
    #: The attributes the training file dropped.
    dropped: tuple[str, ...]
    #: The labels y gave where they were not text (:func:`restored_labels`).
    labels: dict | None


def _model_limit() -> int:
    """The most a WEKA model may take: the JVM's whole heap, which must hold it."""
    return bridge.free_heap()[1]


def _is_weka_model(path: Path) -> bool:
    return path.suffix == ".model"


def save(model, path: str | Path) -> None:
    """Write a fitted model to ``path`` atomically (whole or not at all)."""
    path = Path(path)
    if _is_weka_model(path):
        write_bytes(path, _weka_payload(model))
        return
    write_bytes(path, to_bytes(model))


def _weka_payload(model) -> bytes:
    if not hasattr(model, "weka_model_"):
        raise NotFittedError("only a fitted RankingReduction can be saved")
    reduction = model.weka_model_
    return bridge.serialize(
        reduction, bridge.empty_header(bridge.training_header(reduction))
    )


def _labels(classes: np.ndarray) -> dict | None:
    """The labels y gave, where WEKA's header keeps only their text.

    Numbers and booleans (0 and 1, True and False) come back as themselves,
    not as the strings a WEKA class value is; text needs nothing kept.
    """
    if classes.dtype.kind not in KEPT_LABEL_KINDS:
        return None
    return {"values": classes.tolist(), "dtype": classes.dtype.name}


def restored_labels(labels: dict | None, classes: np.ndarray) -> np.ndarray:
    """``classes`` (WEKA's class values) as the labels y gave at training.

    ``labels`` is what :func:`to_bytes` kept; a label is matched by its text,
    so the order is the loaded model's. Unchanged where nothing was kept
    (text labels, a WEKA .model file, a file of 0.8.0 or earlier).
    """
    if labels is None:
        return classes
    given = np.array(labels["values"], dtype=np.dtype(labels["dtype"]))
    by_text = {str(label): label for label in given}
    if sorted(by_text) != sorted(str(c) for c in classes):
        return classes
    return np.array([by_text[str(c)] for c in classes], dtype=given.dtype)


def to_bytes(model) -> bytes:
    """A fitted model as the content of a model archive.

    It is what :func:`save` writes, and what a pickle of the model holds.
    """
    payload = _weka_payload(model)
    metadata = json.dumps(
        {
            "format": FORMAT,
            "weka_ranking": __version__,
            "weka": bridge.weka_version(),
            "params": plain(model.get_params()),
            "options": model.to_options(),
            "attributes": [
                [a.name, list(a.values) if a.is_nominal else None]
                for a in model.attributes_
            ],
            "classes": [str(c) for c in model.classes_],
            "labels": _labels(model.classes_),
            "positive": model.positive_,
            "dropped_attributes": list(getattr(model, "dropped_attributes_", ())),
            "sha256": hashlib.sha256(payload).hexdigest(),
        },
        indent=1,
    ).encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(METADATA_ENTRY, metadata)
        archive.writestr(METADATA_DIGEST_ENTRY, hashlib.sha256(metadata).hexdigest())
        archive.writestr(MODEL_ENTRY, payload)
    return buffer.getvalue()


def _entry(archive: zipfile.ZipFile, name: str, limit: int, path: Path | str) -> bytes:
    """One entry of a model archive, refused past ``limit`` bytes.

    Checked against the size the archive declares before a byte is unpacked,
    then streamed, its real size counted against both: a ZIP bomb costs no
    more memory than the limit, whatever it declares.
    """
    info = archive.getinfo(name)
    if info.file_size > limit:
        raise DataError(
            f"{path}: its {name} declares {info.file_size} bytes, more than the "
            f"{limit} a model file's {name} may hold; refusing to unpack it"
        )
    chunks, total = [], 0
    with archive.open(info) as stream:
        while chunk := stream.read(1 << 20):
            total += len(chunk)
            if total > info.file_size:
                raise DataError(
                    f"{path}: its {name} unpacks to more than the {info.file_size} "
                    "bytes it declares; refusing to unpack it"
                )
            chunks.append(chunk)
    return b"".join(chunks)


def _read_checked(path: Path | str, content: bytes) -> tuple[dict, bytes]:
    """The metadata and the WEKA model of a model archive, each checked."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            metadata_bytes = _entry(archive, METADATA_ENTRY, METADATA_LIMIT, path)
            digest = _entry(archive, METADATA_DIGEST_ENTRY, DIGEST_LIMIT, path)
            digest = digest.decode("ascii").strip()
            payload = _entry(archive, MODEL_ENTRY, _model_limit(), path)
    except DataError:
        raise
    except Exception as err:  # zipfile raises many kinds on damaged archives
        raise DataError(
            f"{path}: not a readable weka-ranking model file ({type(err).__name__}: "
            f"{err}); save the model again"
        ) from None
    if hashlib.sha256(metadata_bytes).hexdigest() != digest:
        raise DataError(
            f"{path}: the metadata does not match its SHA-256: the file was changed "
            "or damaged; refusing to load it"
        )
    metadata = _shaped_metadata(path, metadata_bytes)
    if metadata.get("format") != FORMAT:
        raise DataError(
            f"{path}: not a weka-ranking model of this version (format "
            f"{metadata.get('format')!r}, expected {FORMAT!r}): save it again"
        )
    if hashlib.sha256(payload).hexdigest() != metadata.get("sha256"):
        raise DataError(
            f"{path}: the WEKA model does not match its SHA-256: the file was changed "
            "or damaged; refusing to load it"
        )
    return metadata, payload


def _shaped_metadata(path: Path | str, metadata_bytes: bytes) -> dict:
    """The metadata as the reader uses it, or one line saying what is wrong with it.

    Its digest only says it is the metadata the file was written with, not that
    whoever wrote it wrote this module's shape (missing keys, other types,
    JSON nested thousands deep).
    """

    def refuse(what: str) -> DataError:
        return DataError(
            f"{path}: its metadata is not a weka-ranking model's ({what}); "
            "refusing to load it: save the model again"
        )

    try:
        metadata = json.loads(metadata_bytes)
    except RecursionError:
        raise refuse("JSON nested too deep") from None
    except ValueError as err:  # JSONDecodeError and UnicodeDecodeError
        raise refuse(f"not JSON: {err}") from None
    if not isinstance(metadata, dict):
        raise refuse(f"a JSON {type(metadata).__name__}, not an object")
    for key, kind in (("format", str), ("weka_ranking", str), ("params", dict)):
        if not isinstance(metadata.get(key), kind):
            raise refuse(f"{key!r} missing or not a {kind.__name__}")
    unknown = sorted(set(metadata["params"]) - set(BY_NAME))
    if unknown:
        raise refuse(f"unknown parameters {', '.join(map(repr, unknown))}")
    for name, value in metadata["params"].items():
        if not BY_NAME[name].is_type(value):
            raise refuse(
                f"parameter {name}={value!r}: must be {BY_NAME[name].type_name}"
            )
    dropped = metadata.get("dropped_attributes", [])
    if not (isinstance(dropped, list) and all(isinstance(d, str) for d in dropped)):
        raise refuse("'dropped_attributes' not a list of names")
    labels = metadata.get("labels")
    if labels is not None and not _labels_shaped(labels):
        raise refuse("'labels' not a dtype and a list of its values")
    return metadata


def _labels_shaped(labels: object) -> bool:
    """Whether ``labels`` is what :func:`_labels` writes."""
    if not isinstance(labels, dict) or set(labels) != {"values", "dtype"}:
        return False
    values, dtype = labels["values"], labels["dtype"]
    try:
        kind = np.dtype(dtype).kind if isinstance(dtype, str) else None
    except TypeError:
        return False
    plain = (bool, int, float)
    return (
        kind is not None
        and kind in KEPT_LABEL_KINDS
        and isinstance(values, list)
        and all(isinstance(v, plain) for v in values)
    )


def read(path: str | Path) -> Saved:
    """Read a model file written by :func:`save`, checking it first.

    A WEKA ``.model`` file of a RankingReduction is read too.

    Returns
    -------
    saved : Saved
        The trained Java model, the estimator's parameters, the attributes the
        training file dropped and the labels y gave (None for text labels, a
        WEKA ``.model`` file and files of 0.8.0 and earlier).
    """
    path = Path(path)
    try:
        size = inputs.regular_file(path, "model file").st_size
        limit = _model_limit()
        if size > limit:
            raise DataError(
                f"{path}: {size} bytes, more than the JVM's whole heap ({limit} "
                "bytes) could load: not a model this JVM can read; give it more "
                "heap (--heap, jvm.start(heap=...)) if the file is a model"
            )
        content = path.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{path}: no such model file") from None
    except IsADirectoryError:
        raise DataError(f"{path}: is a folder, not a model file") from None
    except OSError as err:
        raise DataError(f"{path}: cannot read: {err}") from None
    return from_bytes(content, path)


def from_bytes(content: bytes, path: Path | str) -> Saved:
    """:func:`read` of a model file's content; ``path`` names it in errors."""
    if zipfile.is_zipfile(io.BytesIO(content)):
        metadata, payload = _read_checked(path, content)
        params = metadata["params"]
    else:
        metadata, payload, params = None, content, None
    try:
        reduction = bridge.deserialize(payload)
    except ModelRefused as err:
        raise DataError(f"{path}: refused, not loaded: {err}") from None
    except Exception as err:
        raise DataError(
            f"{path}: not a readable weka-ranking model file, nor a WEKA .model file "
            f"({err})"
        ) from None
    if not bridge.is_reduction(reduction):
        raise DataError(
            f"{path}: holds a {bridge.class_name(reduction)}, not a trained "
            "weka.classifiers.meta.RankingReduction"
        )
    trained_with = bridge.training_weka_version(reduction)
    running = bridge.weka_version()
    if trained_with != running:
        raise DataError(
            f"{path}: saved with WEKA {trained_with}, this is WEKA {running}: "
            "retrain the model with this version"
        )
    if metadata is not None and metadata["weka_ranking"] != __version__:
        logger.warning(
            "%s: saved by weka-ranking %s, this is %s",
            path,
            metadata["weka_ranking"],
            __version__,
        )
    if params is None:
        params = bridge.reduction_params(reduction)
        params["base"] = learners.canonical(params["base"])
    if metadata is None:
        return Saved(reduction, params, (), None)
    return Saved(
        reduction,
        params,
        tuple(metadata.get("dropped_attributes", ())),
        metadata.get("labels"),
    )
