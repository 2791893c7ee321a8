"""Grades only where there are grades: ``-G`` where the class or the groups have none.

Within a query a higher class value ranks first, so a nominal class of more
than two values must say its order (its values the grades, numbers in
increasing order), and the group attribute must hold query ids, not a
continuous measurement. Found by a WEKA user (issue 42): ``{red,green,blue}``
ran silently as grades red < green < blue, and a continuous attribute of 193
distinct values made queries of one or two rows.
"""

import pytest

CLASS = "weka.classifiers.meta.RankingReduction"


def instances(weka, tmp_path, group_values, labels):
    """Twelve rows in four queries of three: a feature, the group, the class."""
    rows = []
    for i in range(12):
        group = group_values[i // 3]
        rows.append(f"{i % 5}.5,{group},{labels[i % len(labels)]}")
    group_type = (
        "numeric"
        if all(isinstance(g, (int, float)) for g in group_values)
        else "{" + ",".join(dict.fromkeys(map(str, group_values))) + "}"
    )
    arff = tmp_path / "graded.arff"
    arff.write_text(
        "@relation graded\n@attribute x numeric\n"
        f"@attribute query {group_type}\n"
        f"@attribute grade {{{','.join(labels)}}}\n@data\n" + "\n".join(rows) + "\n"
    )
    source = weka("weka.core.converters.ConverterUtils$DataSource")(str(arff))
    data = source.getDataSet()
    data.setClassIndex(data.numAttributes() - 1)
    return data


def build(weka, data, group="2"):
    model = weka(CLASS)()
    model.setOptions(
        ["-G", group, "-P", "all", "-I", "1", "-W", "weka.classifiers.trees.J48"]
    )
    model.buildClassifier(data)
    return model


def refusal(weka, data) -> str:
    with pytest.raises(Exception) as caught:
        build(weka, data)
    return str(caught.value)


@pytest.mark.parametrize("labels", [("red", "green", "blue"), ("2", "1", "0")])
def test_a_class_with_no_order_of_grades_is_refused(weka, tmp_path, labels):
    said = refusal(weka, instances(weka, tmp_path, [1, 2, 3, 4], labels))
    assert "groupAttribute (-G) 2: ranks by grades, and the class grade" in said
    assert "has no order of grades: make its values the grades" in said


def test_grades_said_as_numbers_in_order_train(weka, tmp_path):
    model = build(weka, instances(weka, tmp_path, [1, 2, 3, 4], ("0", "1", "2")))
    assert len(list(model.getMembers())) == 1


def test_a_continuous_group_attribute_is_refused(weka, tmp_path):
    said = refusal(weka, instances(weka, tmp_path, [0.25, 1.5, 2.75, 3.5], ("0", "1")))
    assert (
        "groupAttribute (-G) 2: names query, a continuous attribute "
        "(0.25 is no query id)" in said
    )


@pytest.mark.parametrize("ids", [[7, 8, 9, 10], ["q1", "q2", "q3", "q4"]])
def test_query_ids_as_whole_numbers_or_nominal_values_train(weka, tmp_path, ids):
    build(weka, instances(weka, tmp_path, ids, ("0", "1", "2")))
