"""Failures as one line (issue 34, item 6), each with what to do or where to look.

The known ones in their own words, the unforeseen ones with the file their
details went to.

The hostile model files are made here: a valid model's metadata reshaped, its
digests recomputed, so that only the shape is wrong.
"""

import dataclasses
import hashlib
import io
import json
import zipfile

import numpy as np
import pytest

from weka_ranking import DataError, RankingReduction, cli, load_task, persistence
from weka_ranking.cli import main


@pytest.fixture(scope="module")
def saved(tmp_path_factory, weka):
    data = load_task("breast-cancer").subset(np.arange(80))
    path = tmp_path_factory.mktemp("model") / "m.zip"
    RankingReduction("NaiveBayes").fit(data).save(path)
    return path


def reshaped(saved, tmp_path, change):
    """The model file with its metadata's text changed and both digests redone."""
    with zipfile.ZipFile(saved) as archive:
        metadata = json.loads(archive.read(persistence.METADATA_ENTRY))
        payload = archive.read(persistence.MODEL_ENTRY)
    text = change(metadata)
    text = text.encode() if isinstance(text, str) else text
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(persistence.METADATA_ENTRY, text)
        archive.writestr(
            persistence.METADATA_DIGEST_ENTRY, hashlib.sha256(text).hexdigest()
        )
        archive.writestr(persistence.MODEL_ENTRY, payload)
    path = tmp_path / "reshaped.zip"
    path.write_bytes(buffer.getvalue())
    return path


def without(key):
    return lambda m: json.dumps({k: v for k, v in m.items() if k != key})


def with_params(**params):
    return lambda m: json.dumps({**m, "params": {**m["params"], **params}})


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (without("params"), "'params' missing or not a dict"),
        (without("weka_ranking"), "'weka_ranking' missing or not a str"),
        (lambda m: json.dumps({**m, "params": [1, 2]}), "'params' missing or not a"),
        (with_params(colour="red"), "unknown parameters 'colour'"),
        (with_params(voters="many"), "parameter voters='many': must be an integer"),
        (
            lambda m: json.dumps({**m, "dropped_attributes": "abc"}),
            "'dropped_attributes' not a list of names",
        ),
        (lambda m: json.dumps([m]), "a JSON list, not an object"),
        (lambda m: "[" * 100_000 + "]" * 100_000, "JSON nested too deep"),
        (lambda m: b"\xff\xfe not text", "not JSON"),
    ],
)
def test_badly_shaped_metadata_with_valid_digests(
    saved, tmp_path, capsys, change, said
):
    path = reshaped(saved, tmp_path, change)
    with pytest.raises(DataError, match="its metadata is not a weka-ranking model's"):
        RankingReduction.load(path)
    test = load_task("breast-cancer").source
    assert main(["rank", "--model", str(path), "--test", str(test)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    [line] = err.splitlines()
    assert line.startswith(f"weka-ranking: error: {path}: its metadata is not")
    assert said in line and line.endswith("save the model again")


def failing_with(monkeypatch, tmp_path, capsys, fault):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    command = cli.BY_NAME_OF_COMMAND["report"]
    monkeypatch.setitem(
        cli.BY_NAME_OF_COMMAND, "report", dataclasses.replace(command, run=fault)
    )
    assert main(["report", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    [line] = err.splitlines()
    [log] = tmp_path.glob("weka-ranking-error-*.log")
    assert line.endswith(f"(unforeseen: the traceback is in {log}, for a bug report)")
    return line, log.read_text()


def test_an_unforeseen_failure_is_one_line_and_a_log_of_the_details(
    monkeypatch, tmp_path, capsys
):
    def fault(args):
        raise RuntimeError("a message\nover two lines")

    line, details = failing_with(monkeypatch, tmp_path, capsys, fault)
    assert line.startswith(
        "weka-ranking: error: unexpected RuntimeError: a message over two lines ("
    )
    assert "Traceback (most recent call last)" in details
    assert "in fault" in details and "weka-ranking " in details


def test_an_unforeseen_java_exception_too(monkeypatch, tmp_path, capsys, weka):
    def fault(args):
        weka("java.util.ArrayList")().get(3)

    line, details = failing_with(monkeypatch, tmp_path, capsys, fault)
    assert "unexpected java.lang.IndexOutOfBoundsException: Index 3" in line
    assert "java.util.ArrayList" in details
