"""Every bundled data file is the one its provenance row names, byte for byte."""

import gzip
import hashlib
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.fast  # needs no JVM

DATA = Path(__file__).resolve().parent.parent / "arff_data"


def provenance_rows(folder: Path) -> list[tuple[str, str, str]]:
    """(file, git blob, SHA-256) of each row of ``folder/PROVENANCE.md``."""
    return re.findall(
        r"^\| `([^`]+)` \|.*?\| ([0-9a-f]{40})[^|]*\| ([0-9a-f]{64}) \|",
        (folder / "PROVENANCE.md").read_text(),
        re.MULTILINE,
    )


def data_files(folder: Path) -> set[str]:
    """The data files of a folder (a row each is wanted), by relative path."""
    return {
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if p.suffix in (".arff", ".names", ".gz") or p.name == "readme.txt"
    }


def check_file(folder: Path, name: str, blob: str, sha256: str) -> None:
    """The file is the one its row names, byte for byte (uncompressed if gzip'd)."""
    content = (folder / name).read_bytes()
    if name.endswith(".gz"):
        content = gzip.decompress(content)
    assert hashlib.sha256(content).hexdigest() == sha256
    git_blob = hashlib.sha1(b"blob %d\0" % len(content) + content).hexdigest()
    assert git_blob == blob


ROWS = provenance_rows(DATA)


def test_every_file_has_a_row():
    assert {name for name, _, _ in ROWS} == data_files(DATA)


@pytest.mark.parametrize(("name", "blob", "sha256"), ROWS)
def test_hashes(name, blob, sha256):
    check_file(DATA, name, blob, sha256)
