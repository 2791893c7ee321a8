"""ARFF loading, binarising and the study's binary tasks.

Loading is WEKA's own reader; binarising runs without the JVM.
"""

import gzip
import re
import warnings

import numpy as np
import pytest

from weka_ranking import DataError, bridge, load_arff, load_task
from weka_ranking.data import Attribute, Declared, Table, binary_dataset, synthetic
from weka_ranking.errors import WekaRankingWarning
from weka_ranking.tasks import STUDY_TASKS

# The toy file's row of missing class and its string attributes are dropped
# with a warning in every test that loads them; test_bad_input.py checks its
# words.
pytestmark = pytest.mark.filterwarnings(
    "ignore::weka_ranking.errors.WekaRankingWarning"
)

ARFF = """% a comment
@relation toy
@attribute size real
@attribute colour {red, 'dark blue', green}
@attribute n integer
@attribute class {yes, no, maybe}
@data
1.5, red, 3, yes
?, 'dark blue', 4, no
2.5, ?, ?, yes
3.5, green, 1, ?
4.5, green, 2, maybe
"""


@pytest.fixture
def toy(tmp_path):
    path = tmp_path / "toy.arff"
    path.write_bytes(ARFF.replace("\n", "\r\n").encode())  # CRLF, as some UCI copies
    return path


def test_values_missing_and_nominal_indices(toy):
    data = load_arff(toy, positive="yes", keep=("yes", "no"))
    np.testing.assert_array_equal(
        data.X, [[1.5, 0, 3], [np.nan, 1, 4], [2.5, np.nan, np.nan]]
    )
    assert data.y.tolist() == [1, 0, 1]
    assert data.class_values == ("yes", "no") and data.positive_index == 0
    assert data.rows.tolist() == [0, 1, 2]  # the missing-class row 3 is dropped
    assert data.attributes[1].values == ("red", "dark blue", "green")
    assert not data.attributes[0].is_nominal


def test_rest_of_the_classes_merged(toy):
    data = load_arff(toy, positive="maybe")
    assert data.class_values == ("rest", "maybe")
    assert data.y.tolist() == [0, 0, 0, 1]


def test_positive_class_required_and_checked(toy):
    with pytest.raises(DataError, match="has 3 values .* name the positive one"):
        load_arff(toy)
    with pytest.raises(DataError, match="positive class 'perhaps' is not among"):
        load_arff(toy, positive="perhaps")


def test_binary_default_positive_is_the_minority(toy):
    assert load_arff(toy, keep=("yes", "no")).positive == "no"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("", "the file is empty"),
        (
            "@relation r\n@attribute a string\n@attribute c {x,y}\n@data\n'q',x\n",
            "attribute 'a' is of type string",
        ),
        (
            "@relation r\n@attribute a numeric\n@attribute c {x,y}\n@data\n",
            "no instances",
        ),
        (
            "@relation r\n@attribute a numeric\n@attribute c numeric\n@data\n1,2\n",
            "needs a nominal class",
        ),
        (
            "@relation r\n@attribute a numeric\n@attribute c {x,y}\n@data\n1,z\n",
            "line 5",
        ),
    ],
)
def test_bad_files_name_the_problem(tmp_path, body, message):
    path = tmp_path / "bad.arff"
    path.write_text(body)
    with pytest.raises(DataError, match=message) as caught:
        load_arff(path)
    assert str(path) in str(caught.value)


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="no such file"):
        load_arff(tmp_path / "absent.arff")


@pytest.mark.parametrize(
    ("task", "positives", "negatives", "numeric", "nominal"),
    [
        ("breast-cancer", 85, 201, 0, 9),
        ("vehicle", 199, 647, 18, 0),
        ("hepatitis", 32, 123, 6, 13),
        ("glass", 29, 185, 9, 0),
        ("yeast", 20, 463, 8, 0),
    ],
)
def test_study_tasks_match_table_4(task, positives, negatives, numeric, nominal):
    data = load_task(task)
    assert (int(data.y.sum()), int(len(data) - data.y.sum())) == (positives, negatives)
    kinds = [a.is_nominal for a in data.attributes]
    assert (kinds.count(False), kinds.count(True)) == (numeric, nominal)
    assert data.positive == STUDY_TASKS[task].positive


def test_unknown_task_name():
    with pytest.raises(DataError, match="neither a built-in task"):
        load_task("no-such-task")


# Binarising a table already read: pure Python, no JVM (the fast lane).
TABLE = Table(
    "toy",
    (
        Declared("size", "numeric"),
        Declared("note", "string", line=3),
        Declared("class", "nominal", ("yes", "no", "maybe")),
    ),
    np.array([[1.5, 0, 0], [np.nan, 1, 1], [2.5, 2, 0], [3.5, 3, np.nan], [4.5, 4, 2]]),
)


def test_binarising_a_table_without_the_jvm():
    data = binary_dataset(
        TABLE, "toy", positive="yes", keep=("yes", "no"), drop_unsupported=True
    )
    np.testing.assert_array_equal(data.X, [[1.5], [np.nan], [2.5]])
    assert data.y.tolist() == [1, 0, 1] and data.rows.tolist() == [0, 1, 2]
    assert data.dropped == ("note",) and data.class_values == ("yes", "no")
    merged = binary_dataset(TABLE, "toy", positive="maybe", drop_unsupported=True)
    assert merged.class_values == ("rest", "maybe") and merged.y.tolist() == [
        0,
        0,
        0,
        1,
    ]
    kept = binary_dataset(
        TABLE, "toy", positive="no", unlabelled="keep", drop_unsupported=True
    )
    assert kept.labelled.tolist() == [True, True, True, False, True]
    assert kept.labels.tolist() == ["yes", "no", "yes", "?", "maybe"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "toy: line 3: attribute 'note' is of type string, which the reduction"),
        ({"drop_unsupported": True}, "has 3 values .* name the positive one"),
        (
            {"drop_unsupported": True, "keep": ("no",), "positive": "no"},
            "has only the value no among the instances kept",
        ),
        (
            {"drop_unsupported": True, "class_index": "first"},
            "class attribute 'size' is numeric",
        ),
        (
            {"drop_unsupported": True, "positive": "no", "expected": (Attribute("x"),)},
            "header differs from the training data: attribute 1 is 'size' numeric "
            "where the training data has 'x' numeric",
        ),
    ],
)
def test_binarising_refusals_without_the_jvm(options, message):
    with pytest.raises(DataError, match=message):
        binary_dataset(TABLE, "toy", **options)


# What WEKA's ArffLoader reads, read the same way.
WEKA_FLAVOURED = """% comments, quoted names, tabs and spaces between values
@RELATION 'the relation'
@attribute 'two words' numeric
@attribute "kind" {a, 'b c'}
@attribute when date "yyyy-MM-dd HH:mm"
@attribute class {p,q}

@data
1.5\ta\t"2020-01-02 03:04"\tp
% a comment between rows
?   'b c'  ?  q
{0 2.5, 3 q}
"""


def test_what_wekas_reader_reads(tmp_path, weka):
    path = tmp_path / "flavoured.arff"
    path.write_text(WEKA_FLAVOURED)
    data = load_arff(path, positive="p")
    milliseconds = (
        weka("java.text.SimpleDateFormat")("yyyy-MM-dd HH:mm")
        .parse("2020-01-02 03:04")
        .getTime()
    )
    # A date is a numeric feature: milliseconds since the epoch, as WEKA stores it.
    np.testing.assert_array_equal(
        data.X, [[1.5, 0, milliseconds], [np.nan, 1, np.nan], [2.5, 0, 0]]
    )
    assert data.y.tolist() == [1, 0, 0]
    assert [a.name for a in data.attributes] == ["two words", "kind", "when"]
    assert data.attributes[2].values is None and data.relation == "the relation"
    assert data.attributes[2].date_format == "yyyy-MM-dd HH:mm"
    # WEKA's header of the data says date as the file does, so that a model
    # trained from Python takes the file in WEKA (-l model -T file).
    loader = weka("weka.core.converters.ArffLoader")()
    loader.setFile(weka("java.io.File")(str(path)))
    theirs = loader.getDataSet()
    theirs.setClassIndex(theirs.numAttributes() - 1)
    assert bridge.base_header(data).equalHeadersMsg(theirs) is None
    gzipped = tmp_path / "flavoured.arff.gz"
    gzipped.write_bytes(gzip.compress(path.read_bytes()))
    np.testing.assert_array_equal(load_arff(gzipped, positive="p").X, data.X)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("1,p\n2,q,{0.5}\n", "line 7: an instance weight ({0.5}); weka-ranking"),
        ("1,p\n\n% note\n{0 2, 1 q}, {3}\n", "line 9: an instance weight ({3})"),
        ("1,p\n2\n", "line 7: premature end of line"),
        ("1,p\n2 r\n", "line 7: nominal value not declared in header (read 'r')"),
        ("1,p\n'x',q\n", "line 7: number expected"),
        ("1,p,{\n", "WEKA's ArffLoader cannot read it: "),  # WEKA names no line
    ],
)
def test_weights_and_wekas_refusals_name_the_line(tmp_path, weka, rows, message):
    path = tmp_path / "w.arff"
    path.write_text(
        "@relation r\n@attribute a numeric\n@attribute c {p,q}\n\n@data\n" + rows
    )
    with pytest.raises(DataError, match=re.escape(message)):
        load_arff(path)


def table_with_names(rows: int, distinct: int) -> Table:
    """A name (nominal, ``distinct`` values over ``rows`` rows) then x and the class."""
    names = tuple(f"n{i}" for i in range(distinct))
    values = np.column_stack(
        [np.arange(rows) % distinct, np.arange(rows) * 0.5, np.arange(rows) % 2]
    ).astype(float)
    declared = (
        Declared("Instance_name", "nominal", names),
        Declared("x", "numeric"),
        Declared("class", "nominal", ("a", "b")),
    )
    return Table("names", declared, values)


@pytest.mark.fast
def test_an_identifier_is_said_once_and_kept():
    """splice's Instance_name (3,190 values in 3,190 rows) was a feature unsaid.

    A new user's trial of 0.5.0 (issue 44). WEKA's rule for a nominal attribute
    that varies too much (RemoveUseless -M 99), from 50 values on.
    """
    with pytest.warns(WekaRankingWarning) as said:
        data = binary_dataset(table_with_names(60, 60), "names.arff")
    (warning,) = said
    assert str(warning.message) == (
        "names.arff: attribute 'Instance_name' has a value of its own in almost every "
        "instance (60 values in 60): an identifier, used as a feature as WEKA uses "
        "it; remove it from the file first, e.g. with WEKA's "
        "weka.filters.unsupervised.attribute.Remove -R 1 (RemoveUseless removes "
        "every such attribute)"
    )
    assert [a.name for a in data.attributes] == ["Instance_name", "x"]  # kept
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        binary_dataset(table_with_names(49, 49), "small.arff")  # too few values
        binary_dataset(table_with_names(102, 100), "shared.arff")  # 98 %, not over 99
    with pytest.warns(
        WekaRankingWarning, match=r"'Instance_name' .* \(100 values in 100\)"
    ):
        binary_dataset(table_with_names(100, 100), "names.arff")


def test_a_data_warning_names_the_callers_line(tmp_path):
    """Not the package's line that noticed it (a new user's trial, session 19)."""
    from weka_ranking import load_arff

    rows = "".join(f"id{i},{i % 7},{'ab'[i % 2]}\n" for i in range(60))
    path = tmp_path / "names.arff"
    ids = ",".join(f"id{i}" for i in range(60))
    path.write_text(
        f"@relation names\n@attribute Instance_name {{{ids}}}\n"
        "@attribute x numeric\n@attribute class {a,b}\n@data\n" + rows
    )
    with pytest.warns(WekaRankingWarning, match="an identifier") as said:
        load_arff(path)
    assert [w.filename for w in said] == [__file__]


def test_synthetic_data_of_few_features():
    """Fewer than five features are all informative; no feature is refused in words."""
    data = synthetic(300, features=3)
    assert data.X.shape == (300, 3) and 0 < data.y.mean() < 0.5
    # the first features carry the signal: the positives' means lie above
    assert (data.X[data.y == 1].mean(axis=0) > data.X[data.y == 0].mean(axis=0)).all()
    with pytest.raises(ValueError, match="features=0: give .* features of at least 1"):
        synthetic(10, features=0)
