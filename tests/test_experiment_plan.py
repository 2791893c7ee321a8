"""A user's experiment plan: TOML and flags, schemes, units, and its refusals."""

import pytest

from weka_ranking.errors import DataError, ParameterError
from weka_ranking.experiments.plan import plan_from_flags, read_plan
from weka_ranking.experiments.schemes import Scheme

pytestmark = pytest.mark.fast

PLAN = """
[experiment]
folds = 3
runs = 2
baseline = "J48 alone"

[[data]]
files = ["*.arff", "hepatitis"]
positive = "minority"

[[scheme]]
name = "J48 alone"
learner = "J48"
ranker = "pointwise"

[[scheme]]
learner = "J48"
pairs = 1
voters = 10

[[scheme]]
peer = "xgboost"
"""


def write(folder, text=PLAN):
    (folder / "b.arff").write_text("@relation b\n")
    (folder / "a.arff").write_text("@relation a\n")
    path = folder / "plan.toml"
    path.write_text(text)
    return path


def test_a_plan_file_expands_globs_tasks_and_schemes(tmp_path):
    plan = read_plan(write(tmp_path))
    assert [d.name for d in plan.data] == ["a", "b", "hepatitis"]
    assert plan.data[0].source == str(tmp_path / "a.arff")
    assert plan.data[0].positive is None  # "minority" is the default
    assert [s.name for s in plan.schemes] == [
        "J48 alone",
        "J48 --pairs 1 --voters 10",
        "xgboost",
    ]
    assert plan.schemes[1].values == {
        "base": "J48",
        "pairs_per_instance": 1,
        "voters": 10,
    }
    assert plan.schemes[0].is_learner_alone and not plan.schemes[1].is_learner_alone
    units = plan.units()
    assert len(units) == 3 * 3 * 2 * 3
    assert len({u.key for u in units}) == len(units)
    assert units[0].key == "a/J48 alone/run=1/fold=0"
    assert {u.run for u in units} == {1, 2}


def test_flags_give_the_same_plan_as_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from_file = read_plan(write(tmp_path))
    from_flags = plan_from_flags(
        ["*.arff", "hepatitis"],
        ["J48 alone=J48 --ranker pointwise", "J48 --pairs 1 --voters 10", "xgboost"],
        folds=3,
        runs=2,
    )
    assert from_flags.units() == from_file.units()


@pytest.mark.parametrize(
    "text, words",
    [
        ("[experiment]\nfold = 3\n", "fold=3: "),
        ('[[data]]\nfiles = ["nothing*.arff"]\n', "matches no file"),
        ('[[data]]\nfiles = ["missing.arff"]\n', "neither a data file"),
        ('[[scheme]]\nlearner = "J48"\npair = 3\n', "not a scheme key"),
        ('[[scheme]]\npeer = "catboost"\n', "choose from xgboost"),
        ('[[scheme]]\nlearner = "J48"\nvoters = 0\n', "voters"),
        ('[experiment]\nbaseline = "nobody"\n', "not a scheme's name"),
        ('[experiment]\nroc_data = "nothing"\n', "not a data set"),
        ("[experiment]\nruns = 0\n", "runs"),
        ("[experiment\n", "not a TOML plan"),
    ],
)
def test_a_bad_plan_is_refused_in_one_line_naming_where(tmp_path, text, words):
    path = write(tmp_path)
    body = PLAN.split("[[data]]")[1]
    path.write_text(f"[[data]]{body}\n{text}")
    with pytest.raises((DataError, ParameterError)) as caught:
        read_plan(path)
    message = str(caught.value)
    assert "\n" not in message
    assert words in message


def test_two_schemes_of_one_name_are_refused(tmp_path):
    path = write(tmp_path, PLAN + '[[scheme]]\nlearner = "J48"\nranker = "pointwise"\n')
    with pytest.raises(ParameterError, match="named twice"):
        read_plan(path)


@pytest.mark.parametrize(
    "text, name, values",
    [
        ("J48 --ranker pointwise", "J48 alone", {"base": "J48", "ranker": "pointwise"}),
        ("lightgbm", "lightgbm", {"seed": 1}),
        (
            'mine=Logistic --learner-options "-R 1e-4" --pairs 2',
            "mine",
            {"base": "Logistic", "base_options": "-R 1e-4", "pairs_per_instance": 2},
        ),
    ],
)
def test_scheme_words(text, name, values):
    scheme = Scheme.parse(text)
    assert (scheme.name, scheme.values) == (name, values)
