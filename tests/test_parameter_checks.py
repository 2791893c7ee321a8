"""Each parameter is checked once, by Java, and said in each face's words.

The values a parameter takes, and which go together, are the Java class's to
refuse (``setOptions`` and ``checkOptions``, in an ``OptionException`` naming
the option and the value); the bridge says the refusal with the estimator's
parameter, the command line with its flag. Python keeps the names, the flags,
the types Java cannot tell apart and the parsing of text. A fit makes one Java
``RankingReduction`` and prepares one pair training, which the heap estimate
is asked of and the members are then trained on.
(Issue 41: ``--pairs 3`` was checked in four places on its way to Java, and a
fit built two or three pair trainings.)
"""

import jpype
import numpy as np
import pytest

from weka_ranking import RankingReduction, bridge, load_task
from weka_ranking.cli import in_cli_words, main
from weka_ranking.errors import DataError, ParameterError
from weka_ranking.experiments.schemes import Scheme
from weka_ranking.params import BY_NAME, PARAMETERS

CLASS = "weka.classifiers.meta.RankingReduction"

# Each option Java reads, with values out of its range or of no type it takes.
BAD_VALUES = [
    ("pairs_per_instance", 0),
    ("pairs_per_instance", -2),
    ("pairs_per_instance", 2.5),
    ("pairs_per_instance", "many"),
    ("pairs_per_instance", 1 << 31),
    ("voters", 0),
    ("voters", 2.5),
    ("voters", True),
    ("voters", "many"),
    ("voters", 1 << 31),
    ("threads", -1),
    ("threads", 1 << 31),
    ("seed", 1 << 31),
    ("seed", -(1 << 31) - 1),
    ("seed", "x"),
    ("ranker", "best"),
    ("ties", "sometimes"),
    ("sum_order", "fast"),
    ("pair_features", "sum"),
    ("pair_order", "mixed"),
    ("smo_solver", "fast"),
]

# Options that do not go together: Java's checkOptions, as the three faces give them.
CONFLICTS = [
    ({"ranker": "pointwise", "voters": 3}, "voters", 3),
    ({"ranker": "pointwise", "pairs_per_instance": 5}, "pairs_per_instance", 5),
    ({"pairs_per_instance": "all", "voters": 3}, "voters", 3),
    ({"pairs_per_instance": "all"}, "pairs_per_instance", "all"),
    ({"pairs_per_instance": 2, "pair_order": "interleaved"}, "pair_order", None),
]


@pytest.fixture(scope="module")
def small():
    return load_task("breast-cancer").subset(np.arange(60))


@pytest.fixture
def bridge_calls(monkeypatch):
    """What the estimator asked of the bridge: each call's arguments and answer."""
    calls = {
        name: []
        for name in ("make_reduction", "prepare_training", "training_footprint")
    }
    calls["build"] = []
    for name in calls:
        real = getattr(bridge, name)

        def spy(*args, _real=real, _name=name, **kwargs):
            try:
                answer = _real(*args, **kwargs)
            except Exception as err:
                calls[_name].append((args, err))
                raise
            calls[_name].append((args, answer))
            return answer

        monkeypatch.setattr(bridge, name, spy)
    return calls


def java_refusal(weka, options: list[str]):
    """The OptionException Java's own setOptions raises, as WEKA's users meet it."""
    with pytest.raises(jpype.JException) as caught:
        weka(CLASS)().setOptions(jpype.JArray(jpype.JString)(options))
    assert isinstance(caught.value, weka(bridge.OPTION_EXCEPTION))
    return caught.value


def cli_error(capsys, *argv: str) -> str:
    assert main(["cv", "breast-cancer", *argv]) == 1
    lines = [
        line
        for line in capsys.readouterr().err.splitlines()
        if line.startswith("weka-ranking: error: ")
    ]
    assert len(lines) == 1
    return lines[0].removeprefix("weka-ranking: error: ")


@pytest.mark.parametrize(("name", "value"), BAD_VALUES)
def test_a_bad_value_is_refused_by_java_alone_in_each_faces_words(
    weka, small, capsys, bridge_calls, name, value
):
    parameter = BY_NAME[name]
    text = str(value)
    # Python lets the value through: its type is one Java tells apart, and
    # the command line's text is parsed, not judged.
    parameter.check_type(value)
    assert parameter.from_text(text) in (value, text)
    # WEKA's face: the Java class refuses the option by its flag.
    refused = java_refusal(weka, [parameter.weka_flag, text])
    assert (str(refused.getFlag()), str(refused.getValue())) == (
        parameter.weka_flag,
        text,
    )
    reason = f"{refused.getReason()} (WEKA's {parameter.weka_flag})"
    # Python's face, validate and fit alike: that refusal, raised in the bridge
    # as Java made it, naming the parameter and the value as given.
    for attempt in (
        lambda: RankingReduction(**{name: value}).validate(),
        lambda: RankingReduction(**{name: value}).fit(small),
    ):
        bridge_calls["make_reduction"].clear()
        with pytest.raises(ParameterError) as caught:
            attempt()
        assert (caught.value.name, caught.value.value) == (name, value)
        assert caught.value.reason == reason
        [(_, from_java)] = bridge_calls["make_reduction"]
        assert isinstance(from_java, ParameterError)
        assert from_java.reason == reason
    assert not bridge_calls["prepare_training"]  # refused before any data is used
    # The command line's face: the flag typed, the same reason.
    assert cli_error(capsys, parameter.cli_flag, text) == (
        f"{parameter.cli_flag} {text}: {reason}"
    )


@pytest.mark.parametrize(("given", "name", "value"), CONFLICTS)
def test_options_that_do_not_go_together_are_refused_by_java_alone(
    weka, small, capsys, given, name, value
):
    reduction = RankingReduction(**given)
    options = bridge.split_options(reduction.to_options())
    with pytest.raises(ParameterError) as java:
        bridge.check_options(bridge.make_reduction(options))
    with pytest.raises(ParameterError) as validated:
        reduction.validate()
    with pytest.raises(ParameterError) as fitted:
        RankingReduction(**given).fit(small)
    said = str(java.value)
    assert str(validated.value) == str(fitted.value) == said
    if value is not None:
        assert (java.value.name, java.value.value) == (name, value)
    flags = []
    for key, given_value in given.items():
        flags += [BY_NAME[key].cli_flag, str(given_value)]
    assert cli_error(capsys, *flags) == in_cli_words(java.value)


def test_python_refuses_only_the_types_java_cannot_tell_apart(bridge_calls):
    # "3" is the text of 3 to Java: Python's to refuse, before Java is asked.
    for name, value in [("voters", "3"), ("pairs_per_instance", "2"), ("seed", "7")]:
        with pytest.raises(ParameterError, match=r"must be .*integer, not str$"):
            RankingReduction(**{name: value}).validate()
    # The learner's name and options are Python's and WEKA's to read, as text.
    with pytest.raises(ParameterError, match="^base=3: must be a learner's name"):
        RankingReduction(3).validate()
    with pytest.raises(ParameterError, match="^base_options=.*: must be a string"):
        RankingReduction(base_options=["-C", "0.25"]).validate()
    assert not bridge_calls["make_reduction"]
    # Every other type goes to Java, which sees it (test above).
    for parameter in PARAMETERS:
        if parameter.weka_flag not in ("-W", "--"):
            parameter.check_type(2.5)
            parameter.check_type(None)


def test_one_fit_makes_one_java_object_and_trains_on_the_training_it_estimated(
    weka, small, bridge_calls
):
    model = RankingReduction(pairs_per_instance=1, voters=3).fit(small)
    [(_, reduction)] = bridge_calls["make_reduction"]
    [(_, prepared)] = bridge_calls["prepare_training"]
    [((asked, footprint_of), footprint)] = bridge_calls["training_footprint"]
    [((built, trained_on, _), _)] = bridge_calls["build"]
    assert model.weka_model_ is reduction
    assert asked is reduction and built is reduction
    # The heap estimate's pairs are the pairs trained on: one training.
    assert footprint_of is prepared and trained_on is prepared
    assert model.weka_model_.getPairHeader().equals(prepared.pairs().pairHeader())
    assert footprint["pairs_per_member"] == model.n_pairs_[0] == len(small)


def test_a_fitted_model_fitted_again_trains_and_checks_its_parameters_now(weka, small):
    model = RankingReduction(pairs_per_instance=1, voters=2).fit(small)
    assert len(model.set_params(voters=3).fit(small).members_) == 3
    with pytest.raises(ParameterError, match="^voters=0: must be an integer in 1"):
        model.set_params(voters=0).fit(small)
    with pytest.raises(ParameterError, match="^voters=0: must be an integer in 1"):
        model.validate()


def test_a_training_trains_only_the_object_and_options_it_was_prepared_for(weka, small):
    instances = bridge.to_instances(small)
    reduction = bridge.make_reduction(["-P", "1", "-I", "2"])
    prepared = reduction.prepareTraining(instances)
    with pytest.raises(jpype.JException, match="prepare it again"):
        bridge.make_reduction(["-P", "1", "-I", "2"]).buildClassifier(prepared)
    reduction.setNumIterations(3)
    with pytest.raises(jpype.JException, match="prepare it again"):
        reduction.buildClassifier(prepared)
    reduction.setNumIterations(2)
    reduction.buildClassifier(prepared)
    assert list(reduction.getModel().pairCounts()) == [len(small)] * 2


def test_a_value_java_refuses_in_a_plan_is_said_where_it_was_given(weka):
    scheme = Scheme.of(None, {"learner": "J48", "voters": 0}, "plan.toml [[scheme]] 2")
    with pytest.raises(DataError) as caught:
        scheme.check_runnable()
    assert str(caught.value) == (
        "plan.toml [[scheme]] 2: voters = 0: must be an integer in 1..2147483647, "
        "a Java int (WEKA's -I)"
    )
    with pytest.raises(DataError, match="^--scheme 'J48 --pairs 0': pairs = 0: "):
        Scheme.parse("J48 --pairs 0").check_runnable()


def test_a_trained_model_is_told_how_to_rank_in_javas_words(weka, small):
    model = RankingReduction(pairs_per_instance=1, voters=2).fit(small)
    refused = java_refusal(weka, ["-ties", "sometimes"])
    with pytest.raises(ParameterError) as caught:
        model.set_params(ties="sometimes").rank(small)
    assert caught.value.reason == f"{refused.getReason()} (WEKA's -ties)"
    model.set_params(ties="random", threads=0)
    assert len(model.rank(small)) == len(small)  # 0: one thread a core, as WEKA's
