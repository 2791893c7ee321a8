"""MQ2008's files are the ones their provenance rows name, byte for byte."""

from pathlib import Path

import pytest

from tests.test_provenance import check_file, data_files, provenance_rows

MQ2008 = Path(__file__).resolve().parents[1] / "ltr" / "MQ2008"
ROWS = provenance_rows(MQ2008)


def test_every_file_has_a_row():
    assert len(ROWS) == 6
    assert {name for name, _, _ in ROWS} == data_files(MQ2008)


@pytest.mark.parametrize(("name", "blob", "sha256"), ROWS)
def test_hashes(name, blob, sha256):
    check_file(MQ2008, name, blob, sha256)
