"""ARFF loading and the study's binary tasks."""

import numpy as np
import pytest

from weka_ranking import DataError, load_arff, load_task
from weka_ranking.tasks import STUDY_TASKS

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
