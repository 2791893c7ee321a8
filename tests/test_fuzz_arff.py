"""Fuzzed ARFF text read by the package and by WEKA's ArffLoader as the oracle.

Both give the same values, or both refuse (the package naming the line WEKA names), or
the package refuses for one of its own reasons.
"""

import os
import re

import jpype
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from weka_ranking import DataError, load_arff

# Fuzzed files drop rows and hold attributes without a value: warnings the
# comparison with ArffLoader has no use for (test_bad_input.py checks them).
pytestmark = pytest.mark.filterwarnings(
    "ignore::weka_ranking.errors.WekaRankingWarning"
)

NAMES = st.sampled_from(["a", "b", "size", "'two words'", '"x 1"', "Colour"])
TOKENS = st.sampled_from(["red", "green", "'dark blue'", "v1", "'a,b'", '"yes"'])
NUMBERS = st.one_of(
    st.integers(-1000, 1000).map(str),
    st.floats(-1e6, 1e6, allow_nan=False).map(lambda v: f"{v:.6g}"),
    st.sampled_from(["1e3", "-2.5E-2", ".5", "7.", "'3'"]),
)
DATES = st.sampled_from(["2020-01-02", "'1999-12-31'", "1970-01-01", "2020-13-45"])
SEPARATORS = st.sampled_from([",", ", ", "\t", " ", " ,\t", "  "])
WEIGHTS = st.sampled_from(["", "", "", ",{0.5}", " {2}", ", {1}", "{"])
# The package's own refusals of a file WEKA reads.
OWN_REASONS = re.compile(
    "an instance weight|ranking needs two classes|the file has no instances"
    "|no instances of the classes kept|every feature value is missing"
)
BREAKAGES = [
    lambda rows: rows[:-1] + [rows[-1].rsplit(",", 1)[0]] if rows else rows,  # short
    lambda rows: rows + ["1,2,3,4,5,6,7,8,9"],
    lambda rows: rows + ["unknownvalue," * 2 + "zzz"],  # undeclared nominal values
    lambda rows: [r.replace("?", "??") for r in rows],
    lambda rows: rows + ["'unclosed, 1"],
    lambda rows: rows + ["{0 1, 1 2}"],
    lambda rows: rows + ["{1 red, 0 1}"],  # sparse indices out of order
    lambda rows: [r + " % trailing comment" for r in rows],
    lambda rows: ["", "% between", *rows, "   "],
]
HEADER_BREAKAGES = [
    lambda lines: [line.replace("@attribute", "@atribute", 1) for line in lines],
    lambda lines: [line for line in lines if line != "@data"],
    lambda lines: [line.replace("}", "", 1) for line in lines],
    lambda lines: [line.replace("@relation fuzz", "@relation") for line in lines],
    lambda lines: [line.replace("{", "{x, x, ", 1) for line in lines],  # duplicate
]


@st.composite
def arff_texts(draw):
    features = []
    used = set()
    for _ in range(draw(st.integers(1, 4))):
        name = draw(NAMES.filter(lambda n: n not in used))
        used.add(name)
        kind = draw(st.sampled_from(["numeric", "nominal", "nominal", "date"]))
        if kind == "numeric":
            numeric = draw(st.sampled_from(["numeric", "real", "integer", "NUMERIC"]))
            features.append((name, numeric, NUMBERS))
        elif kind == "date":
            features.append((name, 'date "yyyy-MM-dd"', DATES))
        else:
            values = draw(st.lists(TOKENS, min_size=2, max_size=3, unique=True))
            features.append(
                (name, "{" + ", ".join(values) + "}", st.sampled_from(values))
            )
    classes = draw(st.sampled_from([["pos", "neg"], ["c1", "c2", "c3"]]))
    separator = draw(SEPARATORS)
    rows = []
    for _ in range(draw(st.integers(0, 8))):
        cells = [
            "?" if draw(st.integers(0, 9)) == 0 else draw(values)
            for _, _, values in features
        ]
        cells.append(draw(st.sampled_from(classes + ["?"])))
        if draw(st.integers(0, 4)) == 0:  # a sparse row: the cells given
            given_cells = [
                f"{j} {cell}" for j, cell in enumerate(cells) if draw(st.booleans())
            ]
            row = "{" + ", ".join(given_cells) + "}"
        else:
            row = separator.join(cells)
        rows.append(row + draw(WEIGHTS))
    if draw(st.integers(0, 3)) == 0:
        rows = draw(st.sampled_from(BREAKAGES))(rows)
    lines = ["% fuzzed", "@relation fuzz", ""]
    lines += [f"@attribute {n} {k}" for n, k, _ in features]
    lines += ["@attribute class {" + ",".join(classes) + "}", "", "@data", *rows]
    if draw(st.integers(0, 5)) == 0:
        lines = draw(st.sampled_from(HEADER_BREAKAGES))(lines)
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return newline.join(lines) + newline, classes


def weka_read(weka, text):
    """WEKA's reading of the text (ArffLoader's reader over the string)."""
    reader = weka("weka.core.converters.ArffLoader$ArffReader")(
        weka("java.io.StringReader")(text)
    )
    data = reader.getData()
    data.setClassIndex(data.numAttributes() - 1)
    return data


def line_weka_names(text, reason):
    """The line WEKA's message names.

    Its tokenizer has passed the line an end of line (EOL) ends, and an end of file lies
    on the last line.
    """
    at = re.search(r"Token\[(.*)\], line (\d+)", reason)
    if at is None:
        return None
    line = int(at.group(2))
    if at.group(1) == "EOL":
        return line - 1
    return min(line, len(text.splitlines())) if at.group(1) == "EOF" else line


@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(case=arff_texts())
def test_the_package_reads_what_arffloader_reads(case, weka, tmp_path):
    text, classes = case
    path = tmp_path / "fuzz.arff"
    path.write_bytes(text.encode())
    try:
        ours, refused = load_arff(path, positive=classes[0]), None
    except DataError as err:
        ours, refused = None, str(err)
    try:
        theirs = weka_read(weka, text)
    except jpype.JException as err:
        assert refused is not None, f"read a file WEKA refuses ({err}):\n{text}"
        line = line_weka_names(text, str(err.message()))
        named = re.search(r"line (\d+)", refused)
        if line is not None and named is not None:
            assert int(named.group(1)) == line, (refused, str(err.message()), text)
        return
    if refused is not None:
        assert OWN_REASONS.search(refused), f"refused ({refused}):\n{text}"
        return
    n = theirs.numInstances()
    assert all(theirs.instance(i).weight() == 1 for i in range(n))
    labelled = [i for i in range(n) if not theirs.instance(i).classIsMissing()]
    m = theirs.numAttributes() - 1
    expected = np.array(
        [[theirs.instance(i).value(j) for j in range(m)] for i in labelled]
    ).reshape(len(labelled), m)
    np.testing.assert_array_equal(ours.X, expected)
    positive = theirs.classAttribute().indexOfValue(classes[0])
    assert ours.y.tolist() == [
        int(theirs.instance(i).classValue() == positive) for i in labelled
    ]
    assert [a.name for a in ours.attributes] == [
        str(theirs.attribute(j).name()) for j in range(m)
    ]


def test_a_refusal_names_the_line_weka_names(weka, tmp_path):
    """The fuzz test's oracle for lines, on a file whose line is known."""
    text = "@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n1,p\n2\n"
    with pytest.raises(jpype.JException) as caught:
        weka_read(weka, text)
    assert line_weka_names(text, str(caught.value.message())) == 6
