"""Model files: a fitted RankingReduction saved and loaded with checks.

A model file is a ZIP archive of ``metadata.json`` (the parameters, the
training header, the versions, and the SHA-256 of every member) and one
WEKA-serialized classifier per member. Loading checks the format, the WEKA
version and every digest before Java deserializes anything. Like WEKA's own
``.model`` files, a model file is code for the JVM: load only files from a
source you trust (the digests catch damage, not a forger).
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
import tempfile
import zipfile
from pathlib import Path

from weka_ranking import __version__, bridge
from weka_ranking.data import Attribute
from weka_ranking.errors import DataError

logger = logging.getLogger(__name__)

FORMAT = "weka-ranking-model/1"


def _member_name(i: int) -> str:
    return f"members/{i}.model"


def save(model, path: str | Path) -> None:
    """Write a fitted model to ``path`` atomically."""
    from weka_ranking.model import NotFittedError

    if not hasattr(model, "members_"):
        raise NotFittedError("only a fitted RankingReduction can be saved")
    payloads = [bridge.serialize(member) for member in model.members_]
    metadata = {
        "format": FORMAT,
        "weka_ranking": __version__,
        "weka": bridge.weka_version(),
        "params": model.get_params(),
        "options": model.to_options(),
        "attributes": [
            [a.name, list(a.values) if a.is_nominal else None]
            for a in model.attributes_
        ],
        "classes": list(model.classes_),
        "positive": model.positive_,
        "base_classname": model.base_classname_,
        "base_options": model.base_options_,
        "member_seeds": model.member_seeds_,
        "n_pairs": model.n_pairs_,
        "member_seconds": model.member_seconds_,
        "sha256": [hashlib.sha256(p).hexdigest() for p in payloads],
    }
    path = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as archive:
                archive.writestr("metadata.json", json.dumps(metadata, indent=1))
                for i, payload in enumerate(payloads):
                    archive.writestr(_member_name(i), payload)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def load(path: str | Path):
    """Read a model file written by :func:`save`, checking it first."""
    from weka_ranking.model import RankingReduction

    path = Path(path)
    try:
        content = path.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{path}: no such model file") from None
    except OSError as err:
        raise DataError(f"{path}: cannot read: {err}") from None
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            metadata = json.loads(archive.read("metadata.json"))
            if metadata.get("format") != FORMAT:
                raise DataError(
                    f"{path}: not a weka-ranking model (format "
                    f"{metadata.get('format')!r}, expected {FORMAT!r})"
                )
            payloads = [
                archive.read(_member_name(i)) for i in range(len(metadata["sha256"]))
            ]
    except (zipfile.BadZipFile, KeyError, ValueError, TypeError) as err:
        if isinstance(err, DataError):
            raise
        raise DataError(
            f"{path}: not a readable weka-ranking model file ({err})"
        ) from None
    for i, (payload, digest) in enumerate(zip(payloads, metadata["sha256"])):
        if hashlib.sha256(payload).hexdigest() != digest:
            raise DataError(
                f"{path}: member {i} does not match its SHA-256: the file was changed "
                "or damaged; refusing to load it"
            )
    running = bridge.weka_version()
    if metadata["weka"] != running:
        raise DataError(
            f"{path}: saved with WEKA {metadata['weka']}, this is WEKA {running}: "
            "retrain the model with this version"
        )
    if metadata["weka_ranking"] != __version__:
        logger.warning(
            "%s: saved by weka-ranking %s, this is %s",
            path,
            metadata["weka_ranking"],
            __version__,
        )
    model = RankingReduction(**metadata["params"])
    model.members_ = [bridge.deserialize(p) for p in payloads]
    model.member_seeds_ = metadata["member_seeds"]
    model.n_pairs_ = metadata["n_pairs"]
    model.member_seconds_ = metadata["member_seconds"]
    model.base_classname_ = metadata["base_classname"]
    model.base_options_ = metadata["base_options"]
    model.attributes_ = tuple(
        Attribute(name, None if values is None else tuple(values))
        for name, values in metadata["attributes"]
    )
    model.classes_ = tuple(metadata["classes"])
    model.positive_ = metadata["positive"]
    model.n_features_in_ = len(model.attributes_)
    return model
