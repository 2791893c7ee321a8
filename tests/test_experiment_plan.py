"""A user's experiment plan: TOML and flags, schemes, units, and its refusals."""

import pytest

from weka_ranking.cli import in_cli_words
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
        ("[experiment]\nfold = 3\n", "[experiment]: fold = 3: unknown key"),
        ('[[data]]\nfiles = ["nothing*.arff"]\n', "matches no file"),
        ('[[data]]\nfiles = ["missing.arff"]\n', "neither a data file"),
        ('[[scheme]]\nlearner = "J48"\npair = 3\n', "not a scheme key"),
        ('[[scheme]]\npeer = "catboost"\n', "choose from xgboost"),
        # A value out of range is Java's to refuse, before any unit:
        # tests/test_parameter_checks.py.
        ("[[scheme]]\nlearner = 3.5\n", "[[scheme]] 4: learner = 3.5: must be a"),
        ('[[scheme]]\nlearner = "J49"\n', "learner = 'J49': unknown; "),
        ('[[scheme]]\nlearner = "xgbost"\n', "or the peer xgboost?"),
        ('[experiment]\nbaseline = "nobody"\n', "not a scheme's name"),
        ('[experiment]\nroc_data = "nothing"\n', "not a data set"),
        ("[experiment]\nrope = 1.5\n", "rope = 1.5: an AUC difference in [0, 1)"),
        ('[experiment]\nrope = "wide"\n', "rope = 'wide': a number"),
        ('[[scheme]]\nlearner = "randomforest"\n', "or random-forest for the peer"),
        ('[experiment]\nruns = "two"\n', "plan.toml: runs = 'two': an integer"),
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
    with pytest.raises(DataError, match="scheme = .'J48 alone'.: named twice"):
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


def test_a_plan_noted_as_values_comes_back_the_same(tmp_path):
    from weka_ranking.experiments.plan import ExperimentPlan

    plan = read_plan(write(tmp_path))
    again = ExperimentPlan.from_dict(plan.to_dict())
    assert again == plan
    assert again.units() == plan.units()


@pytest.mark.parametrize(
    "change, words",
    [
        (("folds = 3", "folds = 5"), "3 folds, not 5"),
        (('ranker = "pointwise"', 'ranker = "quicksort"'), "ranker was 'pointwise'"),
        (
            ('positive = "minority"', 'positive = "b"'),
            "positive was not given, now 'b'",
        ),
    ],
)
def test_a_folder_of_another_plan_is_refused_naming_the_difference(
    tmp_path, change, words
):
    from weka_ranking.experiments.experiment import (
        ExperimentError,
        plan_note,
        refuse_another_plan,
    )
    from weka_ranking.experiments.store import ResultStore

    store = ResultStore(tmp_path / "out")
    first = read_plan(write(tmp_path))
    refuse_another_plan(first, store)  # an empty folder takes any plan
    store.add_run(plan_note(first))
    refuse_another_plan(read_plan(write(tmp_path)), store)  # the same plan again
    more = PLAN.replace("runs = 2", "runs = 3") + '[[scheme]]\npeer = "lightgbm"\n'
    refuse_another_plan(read_plan(write(tmp_path, more)), store)  # runs, schemes added
    changed = read_plan(write(tmp_path, PLAN.replace(*change)))
    with pytest.raises(ExperimentError, match="another plan") as caught:
        refuse_another_plan(changed, store)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_folder_noted_before_the_defaults_changed_ran_the_monograph_configuration(
    tmp_path,
):
    # A note without its defaults was written when a scheme that left out the
    # pairs, voters or pair features meant all pairs, one voter, concat.
    from weka_ranking.experiments.experiment import ExperimentError, refuse_another_plan
    from weka_ranking.experiments.store import ResultStore
    from weka_ranking.params import MONOGRAPH_CONFIGURATION, current_defaults

    assert current_defaults() != MONOGRAPH_CONFIGURATION
    store = ResultStore(tmp_path / "out")
    implicit = PLAN.replace(
        'learner = "J48"\npairs = 1\nvoters = 10\n',
        'name = "J48 all pairs"\nlearner = "J48"\n',
    )
    store.add_run({"plan": read_plan(write(tmp_path, implicit)).to_dict()})
    with pytest.raises(ExperimentError, match="another plan") as caught:
        refuse_another_plan(read_plan(write(tmp_path, implicit)), store)
    for name, then in MONOGRAPH_CONFIGURATION.items():
        now = current_defaults()[name]
        if now != then:
            assert f"'J48 all pairs': {name} was {then!r}, now {now!r}" in str(
                caught.value
            )
    # The remedy in the plan's own words: the key that keeps the records' value.
    assert "its default changed: give pairs = 'all' in the scheme" in str(caught.value)
    named = implicit.replace(
        'name = "J48 all pairs"\nlearner = "J48"\n',
        'name = "J48 all pairs"\nlearner = "J48"\npairs = "all"\nvoters = 1\n'
        'pair-features = "concat"\n',
    )
    refuse_another_plan(read_plan(write(tmp_path, named)), store)  # the same cells


def test_a_folder_noted_before_the_defaults_changed_reports_what_it_ran(tmp_path):
    # `weka-ranking report` rebuilds the plan from the note: its schemes (and
    # the results ARFF's Key_Scheme_options) say the configuration that ran.
    from weka_ranking.experiments.experiment import noted_plan, plan_note
    from weka_ranking.experiments.store import ResultStore
    from weka_ranking.params import MONOGRAPH_CONFIGURATION, current_defaults

    plan = read_plan(write(tmp_path, PLAN.replace("pairs = 1\nvoters = 10\n", "")))
    assert plan.schemes[1].values == {"base": "J48"}
    old, new = ResultStore(tmp_path / "old"), ResultStore(tmp_path / "new")
    old.add_run({"plan": plan.to_dict()})
    new.add_run(plan_note(plan))
    assert noted_plan(tmp_path / "new")[0].schemes == plan.schemes
    schemes = noted_plan(tmp_path / "old")[0].schemes
    changed = {
        name: then
        for name, then in MONOGRAPH_CONFIGURATION.items()
        if current_defaults()[name] != then
    }
    assert changed and schemes[1].values == {"base": "J48", **changed}
    assert (schemes[0], schemes[2]) == (plan.schemes[0], plan.schemes[2])


def test_an_edited_data_file_is_another_plan(tmp_path):
    from weka_ranking.experiments.experiment import ExperimentError, refuse_another_plan
    from weka_ranking.experiments.store import ResultStore

    store = ResultStore(tmp_path / "out")
    store.add_run({"plan": read_plan(write(tmp_path)).to_dict()})
    plan = read_plan(tmp_path / "plan.toml")
    (tmp_path / "a.arff").write_text("@relation a2\n")
    with pytest.raises(ExperimentError, match="data set 'a': its file has changed"):
        refuse_another_plan(read_plan(tmp_path / "plan.toml"), store)
    assert plan.differences(plan.to_dict()) == []


def test_a_peer_whose_library_is_missing_is_refused_naming_the_extra(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "xgboost" else real(name, *a),
    )
    with pytest.raises(DataError) as caught:
        Scheme.parse("xgboost").check_runnable()
    assert str(caught.value) == (
        "scheme 'xgboost': the peer xgboost needs xgboost, which is not "
        "installed: pip install 'weka-ranking[peers]'"
    )
    Scheme.parse("random-forest").check_runnable()  # scikit-learn is there


@pytest.mark.parametrize(
    ("scheme", "said"),
    [
        ("J48 --pairs all", "scheme 'J48 --pairs all': .*add voters=1"),
        ('J48 --learner-options "-Z 3"', "--learner-options .*Illegal options: -Z 3"),
    ],
)
def test_a_scheme_that_would_fail_every_unit_fails_before_any(
    tmp_path, weka, scheme, said
):
    from weka_ranking.experiments.experiment import run_experiment

    plan = plan_from_flags(["breast-cancer"], ["J48 --ranker pointwise", scheme])
    with pytest.raises(DataError, match=said):
        run_experiment(plan, tmp_path / "out")
    assert not (tmp_path / "out" / "results.jsonl").exists()


@pytest.mark.parametrize(
    ("key", "value"),
    [("runs", 1_000_000_000), ("runs", 2**63 - 1), ("folds", 1_000_000_000)],
)
def test_a_plan_too_large_is_refused_before_a_unit_exists(tmp_path, key, value):
    """Checked before any unit is built (a billion runs filled 3.8 GB; issue 45)."""
    plan = tmp_path / "plan.toml"
    plan.write_text(
        f"[experiment]\n{key} = {value}\n"
        '[[data]]\nfiles = ["breast-cancer"]\n[[scheme]]\nlearner = "J48"\n'
    )
    said = rf"plan.toml: {key} = {value}: the plan would be [\d,]+ units"
    with pytest.raises(DataError, match=said):
        read_plan(plan)


DATA = '[[data]]\nfiles = ["breast-cancer"]\n'
SCHEME = '[[scheme]]\nlearner = "J48"\n'


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('[data]\nfiles = ["breast-cancer"]\n' + SCHEME, r"\[data\] is one table; "),
        (DATA + '[scheme]\nlearner = "J48"\n', r"write \[\[scheme\]\] \(double"),
        ("[[experiment]]\nfolds = 2\n" + DATA + SCHEME, "experiment = .*one \\["),
        ('data = "x"\n' + SCHEME, r"data = 'x': write \[\[data\]\] tables"),
        ("[[data]]\nfiles = 5\n" + SCHEME, r"\[\[data\]\] 1: files = 5: list files"),
        ("[[data]]\nfiles = [5]\n" + SCHEME, r"files = \[5\]: each a file"),
        ('[[data]]\nfiles = ["hepatitis"]\nkeep = "a"\n' + SCHEME, "keep = 'a'"),
        ('[[data]]\nfiles = ["hepatitis"]\nclass = [1]\n' + SCHEME, "class = \\[1\\]"),
        ('[experiment]\nsignificance = "0.05"\n' + DATA + SCHEME, "significance = '0"),
        ("[experiment]\nbaseline = 5\n" + DATA + SCHEME, "baseline = 5: must be"),
        (DATA + '[[scheme]]\nname = 5\nlearner = "J48"\n', r"1: name = 5: must be"),
        (DATA + '[[scheme]]\nname = " "\nlearner = "J48"\n', "name = ' ': an empty"),
        (DATA + '[[scheme]]\nname = "a\\nb"\nlearner = "J48"\n', "name = 'a\\\\nb': a"),
        (DATA + '[[scheme]]\npeer = "xgboost"\nseed = "x"\n', "seed = 'x': an integer"),
        ("a = " + "[" * 100_000 + "]" * 100_000, "not a TOML plan: nested too deep"),
    ],
)
def test_a_malformed_plan_is_refused_naming_its_key(tmp_path, text, said):
    """Each once gave "unexpected TypeError" or ran every unit to fail (issue 45)."""
    path = tmp_path / "plan.toml"
    path.write_text(text)
    with pytest.raises(DataError, match=said) as caught:
        read_plan(path)
    assert str(caught.value).startswith(str(path)) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("encoding", "said"),
    [
        ("latin-1", "line 4: byte 0xe9 is not UTF-8: a TOML plan is UTF-8"),
        ("utf-16", "UTF-16 text (it starts with a byte-order mark)"),
    ],
)
def test_a_plan_not_in_utf8_is_refused_naming_the_file(tmp_path, encoding, said):
    path = tmp_path / "plan.toml"
    path.write_bytes((DATA + '[[scheme]]\nname = "J48 é"\n').encode(encoding))
    with pytest.raises(DataError) as caught:
        read_plan(path)
    assert str(caught.value).startswith(f"{path}: {said}")


def test_a_plan_file_too_large_to_be_a_plan_is_refused_before_it_is_read(tmp_path):
    from weka_ranking.experiments.plan import MAX_PLAN_BYTES

    path = tmp_path / "plan.toml"
    with path.open("wb") as stream:
        stream.truncate(MAX_PLAN_BYTES + 1)  # sparse: no disk, no memory
    with pytest.raises(DataError, match=r"plan.toml: 1,048,577 bytes, more than"):
        read_plan(path)


def test_units_are_made_when_asked_for_in_the_plan_order(tmp_path):
    from weka_ranking.experiments.plan import MAX_UNITS

    plan = read_plan(write(tmp_path))
    units = plan.units()
    nested = [
        (data, run, fold, scheme)
        for data in plan.data
        for run in (1, 2)
        for fold in range(3)
        for scheme in plan.schemes
    ]
    listed = list(units)
    assert [(u.data, u.run, u.fold, u.scheme) for u in listed] == nested
    assert [units[i] for i in range(-len(units), len(units))] == listed * 2
    assert units[5:9] == listed[5:9] and units == listed
    with pytest.raises(IndexError):
        units[len(units)]
    # The largest plan's units cost nothing until asked for.
    text = f"[experiment]\nruns = {MAX_UNITS // 10}\nfolds = 10\n{DATA}{SCHEME}"
    (tmp_path / "large.toml").write_text(text)
    large = read_plan(tmp_path / "large.toml").units()
    assert len(large) == MAX_UNITS and large[-1].key.endswith("run=20000/fold=9")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "[experiment]\nfolds = 1000\n" + DATA + SCHEME,
            r"plan.toml: folds = 1000: more than the 286 instances of data set "
            r"'breast-cancer' \(each fold tests at least one\): give at most 286",
        ),
        (
            DATA + SCHEME + "voters = 1000000000\n",
            r"plan.toml \[\[scheme\]\] 1: voters = 1000000000: 1000000000 members take "
            r"at least 488281 MB of JVM heap .*; use voters = \d+ or fewer",
        ),
    ],
)
def test_a_plan_the_data_or_the_heap_cannot_run_is_refused_before_work(
    tmp_path, weka, text, said
):
    """A billion voters failed every unit in turn; cv refuses them at once."""
    from weka_ranking.experiments.experiment import run_experiment

    path = tmp_path / "plan.toml"
    path.write_text(text)
    with pytest.raises(DataError, match=said):
        run_experiment(read_plan(path), tmp_path / "out")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "word", ["RandomForest", "weka.classifiers.trees.RandomForest"]
)
def test_wekas_own_spelling_of_a_peers_name_is_wekas_learner(word):
    assert Scheme.parse(f"{word} --pairs 1").learner == (word, "")
    with pytest.raises(DataError, match="both WEKA's RandomForest and the peer"):
        Scheme.parse("randomforest --pairs 1")


THREE_CLASSES = (
    "@relation r\n@attribute x numeric\n@attribute c {a,b,d}\n@data\n"
    + "".join(f"{i},{'abd'[i % 3]}\n" for i in range(9))
)


def test_a_string_attribute_is_advised_what_an_experiment_can_do(
    tmp_path, monkeypatch, weka
):
    """It advised --drop-unsupported, a flag of cv, train and rank, not experiment's."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.arff").write_text(
        "@relation s\n@attribute x numeric\n@attribute s string\n"
        "@attribute c {a,b}\n@data\n"
        + "".join(f"{i},'t',{'ab'[i % 2]}\n" for i in range(9))
    )
    path = tmp_path / "plan.toml"
    path.write_text('[[data]]\nfiles = ["s.arff"]\n' + SCHEME)
    for plan in (read_plan(path), plan_from_flags(["s.arff"], ["J48"])):
        with pytest.raises(DataError) as refused:
            plan.check_runnable()
        assert in_cli_words(refused.value) == (
            f"{tmp_path / 's.arff'}: line 3: attribute 's' is of type string, which "
            "the reduction cannot use: remove it from the file: an experiment reads "
            "every attribute (--drop-unsupported is cv's, train's and rank's)"
        )


def test_a_data_set_without_its_positive_class_is_said_in_the_words_given(
    tmp_path, monkeypatch, weka
):
    """A plan's user is told its ``positive`` key, a command line's --positive."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.arff").write_text(THREE_CLASSES)
    path = tmp_path / "plan.toml"
    path.write_text('[[data]]\nfiles = ["r.arff"]\n' + SCHEME)
    with pytest.raises(DataError) as in_plan:
        read_plan(path).check_runnable()
    assert str(in_plan.value) == (
        f"{tmp_path / 'r.arff'}: the class 'c' has 3 values (a, b, d): "
        "name the positive one, "
        f'positive = "VALUE" in its [[data]] table of {path}'
    )
    with pytest.raises(DataError) as in_flags:
        plan_from_flags(["r.arff"], ["J48"]).check_runnable()
    assert [r.name for r in in_flags.value.remedies] == ["positive"]
    assert "--positive VALUE" in in_cli_words(in_flags.value)
    # One --positive is every file's: the line says where each names its own
    # (a new user gave two files of different classes and looked in --help).
    assert 'positive = "VALUE" in its [[data]] table' in in_cli_words(in_flags.value)


def test_two_threads_asking_for_one_data_set_at_once_read_it_once(monkeypatch):
    """A bare lru_cache let both of ``--jobs 2``'s first units read the file."""
    import threading

    from weka_ranking.experiments import plan as plan_module

    calls, second_arrived = [], threading.Event()

    def slow_task(source, positive, keep):
        calls.append(source)
        if len(calls) == 1:  # the first read waits a while for a second one
            second_arrived.wait(timeout=0.5)
        else:
            second_arrived.set()
        return type("Task", (), {"load": lambda self, class_index: source})()

    monkeypatch.setattr(plan_module, "resolve_task", slow_task)
    spec = plan_module.DataSpec("once", "read-once-by-two-threads.arff")
    start = threading.Barrier(2)
    loaded = []

    def ask():
        start.wait()
        loaded.append(spec.load())

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert calls == ["read-once-by-two-threads.arff"]
    assert loaded == [spec.source] * 2


def test_a_runs_folds_are_wekas_made_once_for_its_units(monkeypatch):
    import numpy as np

    from weka_ranking.experiments import plan as plan_module
    from weka_ranking.folds import weka_folds

    labels = np.array([0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1])
    data = type("Data", (), {"y": labels})()
    task = type("Task", (), {"load": lambda self, class_index: data})()
    monkeypatch.setattr(plan_module, "resolve_task", lambda *args: task)
    spec = plan_module.DataSpec("thirteen", "thirteen-rows-for-folds.arff")
    made = plan_module._folds(spec, 5, 2)
    assert plan_module._folds(spec, 5, 2) is made
    expected = list(weka_folds(labels, 5, 2))
    assert len(made) == len(expected) == 5
    for (train, test), (weka_train, weka_test) in zip(made, expected):
        assert train.tolist() == weka_train.tolist()
        assert test.tolist() == weka_test.tolist()
        assert not train.flags.writeable  # shared: no unit may change them
