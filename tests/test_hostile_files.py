"""Hostile model and data files: refused in one line, with no hang, no memory blow-up.

Every hostile file is made here, by the test (no binary of unknown origin):
Java objects serialized by the JVM, ZIP archives whose sizes are rewritten,
devices and FIFOs. Each load runs in a child process with a timeout, so that
a regression shows as a failure, not as a test run that never ends.
"""

from __future__ import annotations

import copyreg
import functools
import gzip
import hashlib
import json
import os
import pickle
import struct
import subprocess
import sys
import threading
import zipfile
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from weka_ranking import RankingReduction, load_task, persistence
from weka_ranking.inputs import LINE_LIMIT, lines

# A hang is a child still running after this long; the refusals take a
# fraction of a second after the JVM's start.
HANG = 300


def java_bytes(weka, *objects) -> bytes:
    """Objects serialized as WEKA writes a model (``writeAll``)."""
    import jpype

    out = weka("java.io.ByteArrayOutputStream")()
    array = jpype.JArray(weka("java.lang.Object"))(list(objects))
    weka("weka.core.SerializationHelper").writeAll(out, array)
    return bytes(out.toByteArray())


def nested_set_bomb(weka, levels: int = 100) -> bytes:
    """The nested-HashSet bomb: 2**levels hash computations to read it back."""
    new_set = weka("java.util.HashSet")
    root = new_set()
    first, second = root, new_set()
    for _ in range(levels):
        inner, other = new_set(), new_set()
        inner.add("x")
        for outer in (first, second):
            outer.add(inner)
            outer.add(other)
        first, second = inner, other
    return java_bytes(weka, root)


def nested_lists(weka, depth: int = 12_000) -> bytes:
    """Lists nested deeper than a model's objects go (a deep-recursion probe).

    Written on a thread with a stack that holds the recursion.
    """
    outer = inner = weka("java.util.ArrayList")()
    for _ in range(depth):
        nested = weka("java.util.ArrayList")()
        inner.add(nested)
        inner = nested
    default = threading.stack_size(256 << 20)
    try:
        with ThreadPoolExecutor(1) as thread:
            return thread.submit(java_bytes, weka, outer).result()
    finally:
        threading.stack_size(default)


def huge_array(weka) -> bytes:
    """An int array whose declared length is rewritten to 2**31 - 1."""
    import jpype

    small = java_bytes(weka, jpype.JArray(jpype.JInt)(3))
    assert small.count(struct.pack(">i", 3)) == 1
    return small.replace(struct.pack(">i", 3), struct.pack(">i", 2**31 - 1))


@pytest.fixture(scope="module")
def model(weka):
    data = load_task("breast-cancer")
    return RankingReduction("J48", pairs_per_instance=1, voters=2).fit(data)


@pytest.fixture(scope="module")
def hostile(weka):
    """Payloads a model file may carry, each with the words its refusal must say."""
    return {
        "concurrent": (
            java_bytes(weka, weka("java.util.concurrent.ConcurrentHashMap")()),
            "class java.util.concurrent.ConcurrentHashMap is not one a model holds",
        ),
        "javax": (
            java_bytes(weka, weka("javax.management.BadAttributeValueExpException")(1)),
            "class javax.management.BadAttributeValueExpException is not one",
        ),
        # WEKA's own, but it would load another file, unfiltered, when used.
        "serialized-classifier": (
            java_bytes(weka, weka("weka.classifiers.misc.SerializedClassifier")()),
            "class weka.classifiers.misc.SerializedClassifier is not one",
        ),
        "set-bomb": (nested_set_bomb(weka), "java.util.HashSet keyed by collections"),
        "huge-array": (huge_array(weka), "an array of 2147483647 ints declared"),
        "deep": (nested_lists(weka), "objects nested 10001 deep"),
    }


def forged_archive(model, payload: bytes) -> bytes:
    """A model archive around ``payload``, its digests recomputed as a forger would."""
    with zipfile.ZipFile(__import__("io").BytesIO(persistence.to_bytes(model))) as real:
        metadata = json.loads(real.read(persistence.METADATA_ENTRY))
    metadata["sha256"] = hashlib.sha256(payload).hexdigest()
    encoded = json.dumps(metadata).encode()
    entries = {
        persistence.METADATA_ENTRY: encoded,
        persistence.METADATA_DIGEST_ENTRY: hashlib.sha256(encoded).hexdigest().encode(),
        persistence.MODEL_ENTRY: payload,
    }
    return archive_of(entries)


def archive_of(entries: dict[str, bytes]) -> bytes:
    buffer = __import__("io").BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in entries.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def forged_pickle(model, archive: bytes) -> bytes:
    """A pickle of a fitted estimator whose Java model is ``archive``."""
    state = dict(model.__getstate__())
    state["weka_model_"] = archive

    class Forged:
        def __reduce__(self):
            return (copyreg._reconstructor, (RankingReduction, object, None), state)

    return pickle.dumps(Forged())


# The child: each case as the command line, the loader and pickle run it.
CHILD = """
import json, pickle, sys
from weka_ranking.cli import main
from weka_ranking import RankingReduction, jvm
cases = json.loads(sys.argv[1])
jvm.start(heap=sys.argv[2])
out = {}
for name, case in cases.items():
    if case["kind"] == "cli":
        import contextlib, io
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(case["argv"])
        out[name] = [code, err.getvalue()]
    else:
        try:
            if case["kind"] == "load":
                RankingReduction.load(case["path"])
            else:
                pickle.loads(open(case["path"], "rb").read())
            out[name] = [0, ""]
        except Exception as e:
            out[name] = [1, f"{type(e).__name__}: {e}"]
# VmHWM: this process's own peak since its exec (getrusage's maxrss keeps
# the peak of the process that forked it)
status = open("/proc/self/status").read().split("VmHWM:")[1].split()
print(json.dumps([out, int(status[0])]))
"""


def run_child(cases: dict, heap: str = "512m") -> tuple[dict, int]:
    """Each case's exit status and message, and the child's own peak memory (KB).

    The child measures itself (VmHWM): the parent's count of its children's
    peak is the largest of every child the test run has had.
    """
    result = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(cases), heap],
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert result.returncode == 0, result.stderr
    said, peak = json.loads(result.stdout.strip().splitlines()[-1])
    return said, peak


def one_line(message: str) -> str:
    lines_said = [line for line in message.splitlines() if line.strip()]
    assert len(lines_said) == 1 and "Traceback" not in message, message
    return lines_said[0]


def small_file(folder: Path) -> Path:
    data = folder / "test.arff"
    data.write_text(
        "@relation t\n@attribute a {x,y}\n@attribute c {p,q}\n@data\nx,p\ny,q\n"
    )
    return data


def hostile_model_cases(model, hostile, folder: Path) -> tuple[dict, dict]:
    """Each hostile payload as a model file, an archive and a pickle: the cases.

    With each case's words its refusal must say.
    """
    data = small_file(folder)
    cases, expected = {}, {}
    for name, (payload, words) in hostile.items():
        bare = folder / f"{name}.model"
        bare.write_bytes(payload)
        archive = folder / f"{name}.wrk"
        archive.write_bytes(forged_archive(model, payload))
        pickled = folder / f"{name}.pkl"
        pickled.write_bytes(forged_pickle(model, forged_archive(model, payload)))
        argv = ["rank", "--model", str(bare), "--test", str(data)]
        cases[f"{name} rank --model .model"] = {"kind": "cli", "argv": argv}
        argv = ["rank", "--model", str(archive), "--test", str(data)]
        cases[f"{name} rank --model archive"] = {"kind": "cli", "argv": argv}
        cases[f"{name} load"] = {"kind": "load", "path": str(archive)}
        cases[f"{name} pickle"] = {"kind": "pickle", "path": str(pickled)}
        for case in list(cases)[-4:]:
            expected[case] = words
    return cases, expected


def device_cases(folder: Path) -> dict:
    """Commands given a FIFO or a character device for a data or model file."""
    zero = folder / "zero.arff"
    zero.symlink_to("/dev/zero")
    fifo = folder / "fifo.arff"
    os.mkfifo(fifo)
    model = folder / "fifo.wrk"
    os.mkfifo(model)
    zero_model = folder / "zero.wrk"
    zero_model.symlink_to("/dev/zero")
    argvs = {
        "cv zero": ["cv", str(zero)],
        "cv fifo": ["cv", str(fifo)],
        "train zero": ["train", str(zero), "--save", str(folder / "m.wrk")],
        "rank --test fifo": ["rank", "--train", "breast-cancer", "--test", str(fifo)],
        "rank --model fifo": ["rank", "--model", str(model), "--test", str(zero)],
        "rank --model zero": ["rank", "--model", str(zero_model), "--test", str(zero)],
        "experiment fifo": ["experiment", "--data", str(fifo), "--scheme", "J48"],
    }
    return {
        name: {"kind": "cli", "argv": [*argv, "--quiet"]}
        for name, argv in argvs.items()
    }


@pytest.fixture(scope="module")
def said_by_a_child(model, hostile, tmp_path_factory):
    """The hostile models' and the devices' cases run by one child of 512 MB.

    A child starts Python and a JVM (seconds): the two tests share one.
    """
    hostile_cases, expected = hostile_model_cases(
        model, hostile, tmp_path_factory.mktemp("hostile")
    )
    devices = device_cases(tmp_path_factory.mktemp("devices"))
    said, _ = run_child({**hostile_cases, **devices})
    return said, expected, devices


def test_hostile_models_are_refused_naming_the_class_or_limit(said_by_a_child):
    said, expected, _ = said_by_a_child
    for case, words in expected.items():
        code, message = said[case]
        assert code == 1 and words in one_line(message), (case, message)
        assert "refused, not loaded" in message, (case, message)


def test_a_real_model_still_loads_through_the_filter(model, tmp_path):
    for name in ("m.model", "m.wrk"):
        model.save(tmp_path / name)
        loaded = RankingReduction.load(tmp_path / name)
        assert loaded.member_seeds_ == model.member_seeds_
    again = pickle.loads(pickle.dumps(model))
    data = load_task("breast-cancer")
    assert list(again.decision_function(data)) == list(model.decision_function(data))


@functools.cache
def deflated_zeros(size: int) -> bytes:
    """``size`` zero bytes, deflated as a ZIP entry holds them (raw deflate).

    Made once a size, at the fastest level (256 MB in about 1 MB, a second;
    level 9's 250 KB took seconds more a bomb).
    """
    compressor = zlib.compressobj(1, zlib.DEFLATED, -15)
    block = bytes(1 << 20)
    parts = [compressor.compress(block) for _ in range(size >> 20)]
    return b"".join(parts) + compressor.flush()


def bomb_archive(model, entry: str, size: int, declared: int) -> bytes:
    """A model archive whose ``entry`` holds ``size`` zeros and declares ``declared``.

    The one-byte entry written first is replaced by the bomb, its sizes and CRC
    (and the offsets after it) rewritten.
    """
    real = zipfile.ZipFile(__import__("io").BytesIO(persistence.to_bytes(model)))
    entries = {name: real.read(name) for name in real.namelist()}
    entries[entry] = b"0"
    archive = archive_of(entries)
    # The one-byte entry's data replaced by the bomb's, its sizes and CRC with it.
    info = zipfile.ZipFile(__import__("io").BytesIO(archive)).getinfo(entry)
    start = info.header_offset + 30 + len(entry.encode()) + len(info.extra)
    bomb = deflated_zeros(size)
    crc = zlib.crc32(bytes(size)) if size <= 1 << 26 else 0
    local = bytearray(archive[info.header_offset : start])
    struct.pack_into("<III", local, 14, crc, len(bomb), declared)
    rest = archive[start + info.compress_size :]
    shift = len(bomb) - info.compress_size
    central = rest.index(b"PK\x01\x02")
    middle, directory = rest[:central], bytearray(rest[central:])
    at = 0
    while directory[at : at + 4] == b"PK\x01\x02":
        name_length, extra, comment = struct.unpack_from("<HHH", directory, at + 28)
        name = bytes(directory[at + 46 : at + 46 + name_length]).decode()
        offset = struct.unpack_from("<I", directory, at + 42)[0]
        if name == entry:
            struct.pack_into("<III", directory, at + 16, crc, len(bomb), declared)
        elif offset > info.header_offset:
            struct.pack_into("<I", directory, at + 42, offset + shift)
        at += 46 + name_length + extra + comment
    end = directory[at:]
    struct.pack_into("<I", end, 16, struct.unpack_from("<I", end, 16)[0] + shift)
    return (
        archive[: info.header_offset]
        + bytes(local)
        + bomb
        + middle
        + bytes(directory[:at])
        + bytes(end)
    )


def test_zip_bombs_are_refused_without_unpacking_them(model, tmp_path):
    gigabyte = 1 << 30
    bombs = {
        # Sizes the archive declares: refused before a byte is unpacked.
        "model declared": (persistence.MODEL_ENTRY, 1 << 26, gigabyte, "declares"),
        "metadata declared": (
            persistence.METADATA_ENTRY,
            1 << 26,
            persistence.METADATA_LIMIT + 1,
            "declares",
        ),
        # Sizes it hides: unpacked no further than what it declares.
        "model hidden": (persistence.MODEL_ENTRY, 1 << 28, 1000, "not a readable"),
        "metadata hidden": (persistence.METADATA_ENTRY, 1 << 28, 1000, "not a"),
    }
    cases, expected = {}, {}
    for name, (entry, size, declared, words) in bombs.items():
        path = tmp_path / f"{name.replace(' ', '-')}.wrk"
        path.write_bytes(bomb_archive(model, entry, size, declared))
        argv = ["rank", "--model", str(path), "--test", str(small_file(tmp_path))]
        cases[name] = {"kind": "cli", "argv": argv}
        cases[name + " load"] = {"kind": "load", "path": str(path)}
        expected[name] = expected[name + " load"] = words
    said, peak_kb = run_child(cases, heap="256m")
    for case, words in expected.items():
        code, message = said[case]
        assert code == 1 and words in one_line(message), (case, message)
    # 256 MB of heap and the Python side: far below the bombs' 1 GB and 256 MB.
    assert peak_kb < 700 * 1024, peak_kb


def test_gzipped_arff_with_a_bad_last_line_names_it(tmp_path, weka, capsys):
    from weka_ranking.cli import main

    path = tmp_path / "long.arff.gz"
    rows = 200_000
    with gzip.open(path, "wt") as stream:
        stream.write("@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n")
        for i in range(rows):
            stream.write(f"{i % 7},{'pq'[i % 2]}\n")
        stream.write("1,2,3,oops\n")
    assert main(["cv", str(path), "--quiet"]) == 1
    line = one_line(capsys.readouterr().err)
    assert f"{path}: line {rows + 5}:" in line, line


def test_lines_are_streamed_and_cut(tmp_path):
    path = tmp_path / "one-long-line.gz"
    with gzip.open(path, "wb") as stream:
        stream.write(b"first\n")
        for _ in range(64):
            stream.write(b"a" * (1 << 20))
        stream.write(b"\nlast\n")
    said = list(lines(path))
    assert said[0] == "first" and said[2] == "last" and len(said) == 3
    assert len(said[1]) == LINE_LIMIT


def test_devices_and_fifos_are_refused_before_they_are_opened(said_by_a_child):
    said, _, devices = said_by_a_child
    for name in devices:
        code, message = said[name]
        line = one_line(message)
        assert code == 1 and ("FIFO" in line or "character device" in line), line
        assert "not a " in line, line
