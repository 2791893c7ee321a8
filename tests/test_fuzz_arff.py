"""Fuzzed ARFF text: the loader agrees with WEKA's ArffLoader or raises DataError."""

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from weka_ranking import DataError, load_arff

NAMES = st.sampled_from(["a", "b", "size", "'two words'", "x_1", "Colour"])
TOKENS = st.sampled_from(["red", "green", "'dark blue'", "v1", "'a,b'", "yes"])
NUMBERS = st.one_of(
    st.integers(-1000, 1000).map(str),
    st.floats(-1e6, 1e6, allow_nan=False).map(lambda v: f"{v:.6g}"),
    st.sampled_from(["1e3", "-2.5E-2", ".5", "7."]),
)
BREAKAGES = [
    lambda rows: rows[:-1] + [rows[-1].replace(",", " ", 1)] if rows else rows,
    lambda rows: rows + ["1,2,3,4,5,6,7,8,9"],
    lambda rows: rows + ["unknownvalue," * 2 + "zzz"],
    lambda rows: [r.replace("?", "??") for r in rows],
    lambda rows: rows + ["'unclosed, 1"],
    lambda rows: rows + ["{0 1, 1 2}"],  # a sparse row in a dense file
    lambda rows: [r + " % trailing comment" for r in rows],
]
HEADER_BREAKAGES = [
    lambda lines: [line.replace("@attribute", "@atribute", 1) for line in lines],
    lambda lines: [line for line in lines if line != "@data"],
    lambda lines: [line.replace("}", "", 1) for line in lines],
    lambda lines: [line.replace("@relation fuzz", "@relation") for line in lines],
]


@st.composite
def arff_texts(draw):
    features = []
    used = set()
    for _ in range(draw(st.integers(1, 4))):
        name = draw(NAMES.filter(lambda n: n not in used))
        used.add(name)
        if draw(st.booleans()):
            kind = draw(st.sampled_from(["numeric", "real", "integer", "NUMERIC"]))
            features.append((name, kind, None))
        else:
            values = draw(st.lists(TOKENS, min_size=2, max_size=3, unique=True))
            features.append((name, "{" + ", ".join(values) + "}", values))
    classes = draw(st.sampled_from([["pos", "neg"], ["c1", "c2", "c3"]]))
    rows = []
    for _ in range(draw(st.integers(0, 8))):
        cells = []
        for _, _, values in features:
            if draw(st.integers(0, 9)) == 0:
                cells.append("?")
            elif values is None:
                cells.append(draw(NUMBERS))
            else:
                cells.append(draw(st.sampled_from(values)))
        cells.append(draw(st.sampled_from(classes + ["?"])))
        rows.append(",".join(cells))
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
    reader = weka("weka.core.converters.ArffLoader$ArffReader")(
        weka("java.io.StringReader")(text)
    )
    data = reader.getData()
    data.setClassIndex(data.numAttributes() - 1)
    return data


@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 150)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(case=arff_texts())
def test_loader_agrees_with_weka_or_raises_its_own_error(case, weka, tmp_path):
    text, classes = case
    path = tmp_path / "fuzz.arff"
    path.write_bytes(text.encode())
    try:
        ours = load_arff(path, positive=classes[0])
    except DataError:
        return
    try:
        theirs = weka_read(weka, text)
    except Exception as err:  # noqa: BLE001 - any WEKA refusal is a disagreement
        pytest.fail(f"we read a file WEKA refuses ({err}):\n{text}")
    labelled = [
        i
        for i in range(theirs.numInstances())
        if not theirs.instance(i).classIsMissing()
    ]
    assert len(ours) == len(labelled)
    m = theirs.numAttributes() - 1
    expected = np.array(
        [[theirs.instance(i).value(j) for j in range(m)] for i in labelled]
    ).reshape(len(labelled), m)
    np.testing.assert_array_equal(ours.X, expected)
    positive = theirs.classAttribute().indexOfValue(classes[0])
    assert ours.y.tolist() == [
        int(theirs.instance(i).classValue() == positive) for i in labelled
    ]
    for attribute, j in zip(ours.attributes, range(m)):
        assert attribute.name == str(theirs.attribute(j).name())
