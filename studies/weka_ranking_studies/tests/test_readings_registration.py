"""The readings' rule recorded by the engine before the reproduction's first unit.

The reproduction registers ``readings_plan.toml``'s ``[rule]`` in its store
(issue 43, item 1), its units carry when and where they ran, and its report
states both from the store, or says what a store written before either cannot
show. The engine's registration itself is ``tests/test_registration.py``.
"""

import logging
import shutil
from pathlib import Path

import pytest

from weka_ranking.experiments import ResultStore, registration
from weka_ranking.experiments.registration import PROVENANCE, RegistrationError
from weka_ranking_studies.monograph import hypotheses, rules, run
from weka_ranking_studies.monograph.aggregate import Results
from weka_ranking_studies.monograph.report import to_markdown, write_report
from weka_ranking_studies.monograph.values import compute

GOLDEN = Path(__file__).parent / "golden"
REGISTERED_TITLE = "## The decision rule, as registered"


def _one_result(store: ResultStore) -> None:
    store.append("main/hepatitis/J48/base[]/0", [{"task": "hepatitis", "auc": 0.8}])


@pytest.mark.fast
def test_the_rule_declares_the_thresholds_and_readings_the_code_judges_by():
    rule, amendments = hypotheses.read_rule()
    judged = registration.effective_rule(rule, amendments)
    assert (judged["alpha"], judged["level"], judged["decimals"]) == (
        rules.ALPHA,
        rules.LEVEL,
        rules.DECIMALS,
    )
    assert judged["large_leak"] == rules.LARGE_LEAK
    plan = hypotheses.read_plan()
    assert judged["readings"] == {
        column: [entry["key"] for entry in plan[column]]
        for column in ("base", "original")
    }


@pytest.mark.fast
def test_a_rule_edited_after_units_exist_is_refused_and_an_amendment_kept(
    tmp_path, monkeypatch
):
    store = ResultStore(tmp_path)
    run.register_readings(store, {"units": 1})
    [entry] = registration.entries(tmp_path)
    rule, _ = hypotheses.read_rule()
    assert entry["rule_sha256"] == registration.digest(rule)
    assert entry["plan"]["readings"] == hypotheses.read_plan()
    _one_result(store)
    run.register_readings(store, {"units": 1})  # the same rule: nothing new
    assert len(registration.entries(tmp_path)) == 1

    edited = {**rule, "alpha": 0.1}
    monkeypatch.setattr(run, "read_rule", lambda: (edited, ()))
    with pytest.raises(
        RegistrationError, match=r"readings_plan.toml: \[rule\] differs"
    ):
        run.register_readings(store, {"units": 1})

    amendment = {"date": "2026-11-28", "text": "a looser test", "alpha": 0.1}
    monkeypatch.setattr(run, "read_rule", lambda: (rule, (amendment,)))
    run.register_readings(store, {"units": 1})
    kept = registration.entries(tmp_path)[-1]
    assert (kept["kind"], kept["results_seen"]) == ("amendment", 1)


@pytest.mark.fast
def test_a_store_with_results_and_no_rule_is_not_registered_after_them(
    tmp_path, caplog
):
    store = ResultStore(tmp_path)
    _one_result(store)
    with caplog.at_level(logging.WARNING):
        run.register_readings(store, {"units": 1})
    assert registration.entries(tmp_path) == []
    assert "recorded before the readings' rule was registered" in caplog.text


def test_the_report_states_the_registered_rule_or_what_the_store_cannot_show(
    tmp_path,
):
    """Not fast: the values read the tasks' folds through WEKA."""
    page = to_markdown(compute(Results.from_store(GOLDEN / "store")))
    assert REGISTERED_TITLE not in page
    assert "holds no registration of its rule" in page
    assert "1000 of its 1000 records (its units' and the harness's folds)" in page

    store = tmp_path / "store"
    run.register_readings(ResultStore(store), {"units": 0})  # before any result
    shutil.copy(GOLDEN / "store" / "results.jsonl", store)
    values = compute(Results.from_store(store))
    page = to_markdown(values)
    [entry] = registration.entries(store)
    assert values["registration"]["rule"]["recorded"] == entry["recorded"]
    assert f"{REGISTERED_TITLE}\n\nRecorded in the store at {entry['recorded']}" in page
    assert "1000 records carry no times" in page
    assert "holds no registration" not in page


def test_a_reproduction_records_its_rule_before_its_first_unit(tmp_path, monkeypatch):
    """A tiny plan (NaiveBayes alone on hepatitis, ten folds) through ``reproduce``."""
    from weka_ranking_studies.monograph import plan

    whole = plan.build_plan

    def tiny(*args, **kwargs):
        units, left_out = whole(*args, **kwargs)
        return [u for u in units if u.family == "base"], left_out

    monkeypatch.setattr(plan, "build_plan", tiny)
    ran, total, page = run.reproduce(
        tmp_path, tasks=("hepatitis",), learners=("NaiveBayes",), quick=True
    )
    assert ran == total == 10
    records = ResultStore(tmp_path).records()
    assert all(
        {"started", "finished", "host", "worker"} <= set(r[PROVENANCE]) for r in records
    )
    [entry] = registration.entries(tmp_path)
    first = min(r[PROVENANCE]["started"] for r in records)
    assert entry["recorded"] < first
    assert entry["plan"]["tasks"] == ["hepatitis"]
    text = page.read_text()
    assert (
        f"Recorded in the store at {entry['recorded']} (UTC), before the first unit "
        f"started ({first})"
    ) in text
    assert Results.from_store(tmp_path).registration["before_first_unit"]
    # The report is rendered again from the same store alike.
    assert write_report(tmp_path, tmp_path / "again").read_text() == text


@pytest.mark.fast
def test_the_harness_records_the_rule_before_its_first_fold(tmp_path, monkeypatch):
    """Its folds (here made up, not run) are stamped and count as results seen."""
    from weka_ranking_studies.monograph import harness

    def made_up(job, fold):
        return dict(zip(harness.KEY_FIELDS, job.key)) | {"fold": fold, "auc": 0.5}

    monkeypatch.setattr(harness, "fold_record", made_up)
    job = harness.Job("J48", "glass", "original", harness.CURRENT)
    assert harness.run([job], tmp_path, lambda line: None) == harness.FOLDS
    [entry] = registration.entries(tmp_path)
    folds = harness.read_records(tmp_path)
    assert entry["plan"]["harness"] == [str(job)]
    assert entry["recorded"] < min(r[PROVENANCE]["started"] for r in folds)
    record = Results.from_store(tmp_path, folds).registration
    assert record["before_first_unit"] and record["records_without_times"] == 0

    rule, _ = hypotheses.read_rule()
    monkeypatch.setattr(run, "read_rule", lambda: ({**rule, "level": 0.9}, ()))
    with pytest.raises(RegistrationError, match="results exist"):
        harness.run([job], tmp_path, lambda line: None)
