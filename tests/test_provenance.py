"""Every bundled data file is the one its provenance row names, byte for byte."""

import gzip
import hashlib
import re
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent / "arff_data"
ROWS = re.findall(
    r"^\| `([^`]+)` \|.*?\| ([0-9a-f]{40})[^|]*\| ([0-9a-f]{64}) \|",
    (DATA / "PROVENANCE.md").read_text(),
    re.MULTILINE,
)


def test_every_file_has_a_row():
    listed = {name for name, _, _ in ROWS}
    present = {
        str(p.relative_to(DATA))
        for p in DATA.rglob("*")
        if p.suffix in (".arff", ".names", ".gz") or p.name == "readme.txt"
    }
    assert listed == present


@pytest.mark.parametrize(("name", "blob", "sha256"), ROWS)
def test_hashes(name, blob, sha256):
    content = (DATA / name).read_bytes()
    if name.endswith(".gz"):
        content = gzip.decompress(content)
    assert hashlib.sha256(content).hexdigest() == sha256
    git_blob = hashlib.sha1(b"blob %d\0" % len(content) + content).hexdigest()
    assert git_blob == blob
