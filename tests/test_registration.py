"""Pre-registration: a plan's rule recorded before its first unit, amendments kept.

A rule edited once results exist is refused unless it comes as a dated
amendment; each amendment keeps the number of results seen before it; every
unit record says when and where it ran; the report states all of it from the
store alone.
"""

import datetime as dt
import json

import pytest
from test_bad_input import failing

from weka_ranking._resources import project_dir
from weka_ranking.cli import main
from weka_ranking.errors import DataError
from weka_ranking.experiments import ResultStore, registration
from weka_ranking.experiments.registration import (
    RegistrationError,
    read_rule,
    register,
    stamped,
)

RULE = {"text": "J48 1x10 against J48 alone: higher mean AUC wins", "alpha": 0.05}
AMENDMENT = {"date": "2026-11-28", "text": "a one-sided test", "test": "one-sided"}


@pytest.mark.fast
@pytest.mark.parametrize(
    "document, words",
    [
        ({"rule": {"alpha": 0.05}}, "text = None: say the rule in words"),
        ({"rule": {"text": "  "}}, "say the rule in words"),
        ({"rule": "higher wins"}, "rule must be a table"),
        ({"amendment": [AMENDMENT]}, "[[amendment]] without a [rule]"),
        ({"rule": RULE, "amendment": [{"text": "x"}]}, "no date"),
        ({"rule": RULE, "amendment": [{"text": "x", "date": "soon"}]}, "not a date"),
        (
            {"rule": RULE, "amendment": [{"date": "2026-11-28", "text": "reworded"}]},
            "[[amendment]] 1: changes none of the rule's keys",
        ),
        (
            {"rule": RULE, "amendment": [AMENDMENT, {**AMENDMENT, "text": "again"}]},
            "[[amendment]] 2: changes none of the rule's keys",
        ),
    ],
)
def test_a_bad_rule_is_refused_naming_the_plan_and_table(document, words):
    with pytest.raises(DataError, match="plan.toml") as raised:
        read_rule(document, "plan.toml")
    assert words in str(raised.value) and "\n" not in str(raised.value)


@pytest.mark.fast
def test_an_amendments_toml_date_is_kept_as_iso_text():
    _, (amendment,) = read_rule(
        {"rule": RULE, "amendment": [{**AMENDMENT, "date": dt.date(2026, 11, 28)}]},
        "plan.toml",
    )
    assert amendment["date"] == "2026-11-28"
    assert registration.effective_rule(RULE, (amendment,))["test"] == "one-sided"


def lines(folder):
    return registration.entries(folder)


@pytest.mark.fast
def test_the_rule_is_recorded_once_with_its_digests_and_time(tmp_path):
    before = registration.utc_now()
    register(tmp_path, {"runs": 1}, RULE, (), 0, "plan.toml")
    register(tmp_path, {"runs": 1}, RULE, (), 3, "plan.toml")  # the same: kept
    (entry,) = lines(tmp_path)
    assert entry["kind"] == "rule" and entry["results_seen"] == 0
    assert entry["rule_sha256"] == registration.digest(RULE)
    assert entry["plan_sha256"] == registration.digest({"runs": 1})
    assert before <= entry["recorded"] <= registration.utc_now()


@pytest.mark.fast
def test_a_unit_stamped_after_the_rule_is_stamped_later_than_it(tmp_path, monkeypatch):
    """Stamped in one millisecond, a first unit did not show the rule came before it.

    A clock that stays on one millisecond three readings long: the rule's
    record is that millisecond, and register returns only once it is past.
    """
    ticks = iter(
        ["2026-11-28T15:20:48.889+00:00"] * 3 + ["2026-11-28T15:20:48.890+00:00"]
    )
    monkeypatch.setattr(registration, "utc_now", lambda: next(ticks))
    register(tmp_path, {"runs": 1}, RULE, (), 0, "plan.toml")
    (entry,) = lines(tmp_path)
    assert entry["recorded"] == "2026-11-28T15:20:48.889+00:00"
    assert next(ticks, None) is None  # every reading taken: the clock moved on


@pytest.mark.fast
def test_a_rule_edited_after_results_is_refused_but_before_them_replaced(tmp_path):
    register(tmp_path, {}, RULE, (), 0, "plan.toml")
    edited = {**RULE, "alpha": 0.1}
    with pytest.raises(RegistrationError, match=r"plan.toml: \[rule\] differs") as e:
        register(tmp_path, {}, edited, (), 4, "plan.toml")
    assert "[[amendment]]" in str(e.value)
    register(tmp_path, {}, edited, (), 0, "plan.toml")  # no result yet: re-recorded
    assert [e["rule"]["alpha"] for e in lines(tmp_path)] == [0.05, 0.1]


@pytest.mark.fast
def test_an_amendment_is_kept_with_the_results_seen_before_it(tmp_path):
    register(tmp_path, {}, RULE, (), 0, "plan.toml")
    register(tmp_path, {}, RULE, (AMENDMENT,), 7, "plan.toml")
    register(tmp_path, {}, RULE, (AMENDMENT,), 9, "plan.toml")  # nothing new
    _, amendment = lines(tmp_path)
    assert amendment["kind"] == "amendment" and amendment["results_seen"] == 7
    amended = {**RULE, "test": "one-sided"}
    assert amendment["rule_sha256"] == registration.digest(amended)
    with pytest.raises(RegistrationError, match="differ from the 1"):
        register(tmp_path, {}, RULE, ({**AMENDMENT, "text": "other"},), 9, "p")
    with pytest.raises(RegistrationError, match="registered one at"):
        register(tmp_path, {}, None, (), 9, "p")


@pytest.mark.fast
def test_a_rule_first_given_to_a_store_with_results_is_refused(tmp_path):
    with pytest.raises(RegistrationError, match="12 results recorded without a rule"):
        register(tmp_path, {}, RULE, (), 12, "plan.toml")
    assert lines(tmp_path) == []


@pytest.mark.fast
def test_every_record_says_when_and_where_its_unit_ran():
    records = stamped(lambda unit: [{"unit": unit}, {"unit": unit}], "u/s/run=1/fold=0")
    for record in records:
        said = record["provenance"]
        assert said["started"] <= said["finished"]
        assert dt.datetime.fromisoformat(said["started"]).utcoffset() == dt.timedelta(0)
        assert said["host"] and said["host"] in said["worker"]
        assert said["weka_ranking"] and "commit" in said


def write_plan(folder, rule="", amendment=""):
    labor = project_dir("arff_data") / "labor.arff"
    text = f"""
[experiment]
folds = 2
runs = 1

[[data]]
files = ["{labor}"]

[[scheme]]
name = "J48 alone"
learner = "J48"
ranker = "pointwise"
{rule}
{amendment}
"""
    path = folder / "plan.toml"
    path.write_text(text)
    return str(path)


RULE_TOML = '[rule]\ntext = "J48 alone is the only scheme: nothing is compared"\n'
AMENDMENT_TOML = '[[amendment]]\ndate = 2026-11-28\ntext = "said again"\nnote = "x"\n'


def test_an_experiment_registers_its_rule_before_its_first_unit(tmp_path, capsys, weka):
    out = str(tmp_path / "out")
    plan = write_plan(tmp_path, RULE_TOML)
    assert main(["experiment", plan, "--out", out, "--quiet"]) == 0
    (rule,) = lines(out)
    records = ResultStore(out).records()
    assert len(records) == 2
    first = min(r["provenance"]["started"] for r in records)
    assert rule["recorded"] < first
    values = json.loads((tmp_path / "out" / "values.json").read_text())
    assert values["registration"]["first_unit_started"] == first
    assert values["registration"]["before_first_unit"] is True
    report = (tmp_path / "out" / "report.md").read_text()
    assert "## The decision rule, as registered" in report and first in report

    write_plan(tmp_path, RULE_TOML.replace("nothing", "still nothing"))
    capsys.readouterr()
    said = failing(capsys, "experiment", plan, "--out", out)
    assert "differs from the rule" in said and "[[amendment]]" in said

    write_plan(tmp_path, RULE_TOML, AMENDMENT_TOML)
    assert main(["experiment", plan, "--out", out, "--quiet"]) == 0
    report = (tmp_path / "out" / "report.md").read_text()
    assert "Amendment 1, dated 2026-11-28" in report and "after 2 results" in report
    assert '- `note`: "x"' in report  # the keys the amendment changes
