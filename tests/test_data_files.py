"""Data files as the command line takes them: WEKA's formats, its -c, bad lines.

CSV and gzipped ARFF read as WEKA reads them, the class attribute given as
WEKA's ``-c``, and bad files named with their line. (``test_data.py`` holds
the reader's values.)
"""

import gzip
import json

import pytest

from tests.test_bad_input import failing
from weka_ranking import load_arff
from weka_ranking.cli import main


def class_first_file(tmp_path):
    path = tmp_path / "class-first.arff"
    rows = "".join(f"{'ab'[i % 3 == 0]},{i % 7},{(i * 5) % 11}\n" for i in range(40))
    path.write_text(
        "@relation r\n@attribute c {a,b}\n@attribute x numeric\n"
        "@attribute z numeric\n@data\n" + rows
    )
    return str(path)


def test_the_class_attribute_as_wekas_c(tmp_path, capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    path = class_first_file(tmp_path)
    # WEKA's default, the last attribute, is numeric here: refused by name.
    assert "class attribute 'z' is numeric" in failing(capsys, "cv", path)
    for given in ("first", "1", "c"):  # WEKA's words, or the attribute's name
        assert main(["cv", path, "-c", given, "--folds", "3", "--json"]) == 0
        assert '"positive": "b"' in capsys.readouterr().out
    said = failing(capsys, "cv", path, "-c", "4")
    assert "must be first, last, 1..3 or an attribute's name" in said


HEADER = "@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n"


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "@relation r\n@attribute a {x,x,y}\n@attribute c {p,q}\n@data\nx,p\n",
            "line 2: nominal attribute a declares x more than once",
        ),
        ("@relation r\n@attribute a numeric\n@attribute c {p,q}\n", "no @data section"),
        ("% only\n% comments\n", "no @data section and no @relation or @attribute"),
        (
            "@relation r\n@attribute a numeric\n@attribute c {p}\n@data\n1,p\n2,p\n",
            "the class 'c' has only the value p: ranking needs two classes",
        ),
        (HEADER + "1,p,{0.5}\n2,q\n", "line 5: an instance weight ({0.5})"),
    ],
)
def test_malformed_files_are_named_with_their_line(tmp_path, capsys, text, message):
    """Found in everyday use as WEKA users work (issue 12)."""
    path = tmp_path / "bad.arff"
    path.write_text(text)
    assert message in failing(capsys, "cv", str(path))


def test_csv_and_gzipped_arff_read_as_weka_reads_them(tmp_path, capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    rows = "".join(
        f"{(i * 7) % 11 / 10},{'uv'[i % 2]},{'no' if i % 3 else 'yes'}\n"
        for i in range(1, 61)
    )
    csv_file = tmp_path / "d.csv"
    csv_file.write_text("x,kind,label\n" + rows)
    arff_file = tmp_path / "d.arff"
    arff_file.write_text(
        "@relation d\n@attribute x numeric\n@attribute kind {v,u}\n"
        "@attribute label {no,yes}\n@data\n" + rows
    )
    gz_file = tmp_path / "d.arff.gz"
    gz_file.write_bytes(gzip.compress(arff_file.read_bytes()))
    # WEKA's CSVLoader types a column of words as nominal, values in order seen.
    data = load_arff(csv_file)
    assert [a.values for a in data.attributes] == [None, ("v", "u")]
    assert data.class_values == ("no", "yes") and data.positive == "yes"
    results = []
    for path in (csv_file, arff_file, gz_file):
        assert main(["cv", str(path), "--pairs", "2", "--folds", "3", "--json"]) == 0
        results.append(json.loads(capsys.readouterr().out)["fold_aucs"])
    assert results[0] == results[1] == results[2]


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("x.gz", b"\x1f\x8b\x08\x00junk", "name it .arff.gz"),
        ("x.xyz", b"hello\n", "WEKA cannot read it"),
    ],
)
def test_other_kinds_of_file_are_named(tmp_path, capsys, name, content, message):
    """Found in everyday use as WEKA users work (issue 12)."""
    path = tmp_path / name
    path.write_bytes(content)
    assert message in failing(capsys, "cv", str(path))


def test_reading_a_large_file_says_so(monkeypatch, capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    from weka_ranking import arff

    monkeypatch.setattr(arff, "LARGE_FILE", 0)  # every file counts as large here
    assert main(["cv", "hepatitis", "--ranker", "pointwise", "--json"]) == 0
    assert "reading " in capsys.readouterr().err
