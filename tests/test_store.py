"""The result store keeps whole units only, and survives torn writes and rivals."""

import json
import multiprocessing

import pytest

from weka_ranking.experiments import ResultStore
from weka_ranking.experiments.store import KEPT_OF_TWO, OWN_FILES, NotAStore

pytestmark = pytest.mark.fast  # needs no JVM


def records(n, value=0.5):
    return [{"config": f"c{i}", "auc": value} for i in range(n)]


def test_append_and_load(tmp_path):
    store = ResultStore(tmp_path)
    store.append("u1", records(3))
    store.append("u2", records(2))
    loaded = store.load()
    assert sorted(loaded) == ["u1", "u2"]
    assert [r["config"] for r in loaded["u1"]] == ["c0", "c1", "c2"]
    assert all(r["unit_records"] == 3 for r in loaded["u1"])


def test_torn_tail_and_incomplete_unit_are_dropped_and_repaired(tmp_path):
    store = ResultStore(tmp_path)
    store.append("whole", records(2))
    store.append("torn", records(3))
    text = store.path.read_text()
    store.path.write_text(text[: len(text) - 25])  # cut the last record mid-line
    loaded = ResultStore(tmp_path).load()
    assert list(loaded) == ["whole"]
    # The file itself was rewritten without the torn unit: every line parses.
    lines = store.path.read_text().splitlines()
    assert len(lines) == 2 and all(
        json.loads(line)["unit"] == "whole" for line in lines
    )


def test_corrupt_line_in_the_middle(tmp_path):
    store = ResultStore(tmp_path)
    store.append("a", records(1))
    with store.path.open("a") as stream:
        stream.write('{"unit": "b", "unit_rec\n')
    store.append("c", records(1))
    assert sorted(ResultStore(tmp_path).load()) == ["a", "c"]


def _writer(folder, name, count):
    store = ResultStore(folder)
    for i in range(count):
        store.append(f"{name}-{i}", records(5, value=i / count))  # an AUC, in [0, 1]


def test_concurrent_writers_do_not_corrupt(tmp_path):
    context = multiprocessing.get_context("spawn")
    writers = [
        context.Process(target=_writer, args=(tmp_path, f"w{k}", 200)) for k in range(3)
    ]
    for w in writers:
        w.start()
    for w in writers:
        w.join()
    loaded = ResultStore(tmp_path).load()
    assert len(loaded) == 600
    assert all(len(v) == 5 for v in loaded.values())


def test_a_unit_written_twice_is_kept_once(tmp_path):
    first, second = ResultStore(tmp_path), ResultStore(tmp_path)
    first.append("u", records(2, value=1.0))
    second.append("u", records(2, value=2.0))
    loaded = ResultStore(tmp_path).load()
    assert [r["auc"] for r in loaded["u"]] == [1.0, 1.0]
    assert len(ResultStore(tmp_path).path.read_text().splitlines()) == 2


def test_a_repair_keeps_a_unit_another_process_appended_meanwhile(tmp_path):
    # A report reads the store while an experiment appends to it: the repair
    # of a unit written twice must not drop what was appended after its read.
    ResultStore(tmp_path).append("u", records(1, value=1.0))
    ResultStore(tmp_path).append("u", records(1, value=2.0))
    reader, writer = ResultStore(tmp_path), ResultStore(tmp_path)
    read = reader._complete
    calls = []

    def read_then_another_appends():
        found = read()
        if not calls:
            writer.append("v", records(1))  # between the read and the repair
        calls.append(1)
        return found

    reader._complete = read_then_another_appends
    loaded = reader.load()
    assert sorted(loaded) == ["u", "v"] and len(calls) == 2
    assert sorted(ResultStore(tmp_path).load()) == ["u", "v"]


def test_a_compressed_store_is_read_then_what_was_appended_since(tmp_path):
    import gzip

    import pytest

    from weka_ranking.errors import WekaRankingError

    store = ResultStore(tmp_path)
    store.append("u1", records(3))
    store.compressed.write_bytes(gzip.compress(store.path.read_bytes()))
    store.path.unlink()
    assert sorted(ResultStore(tmp_path).load()) == ["u1"]
    store.append("u2", records(2))  # appended beside the compressed records
    assert sorted(ResultStore(tmp_path).load()) == ["u1", "u2"]
    store.append("u1", records(3))  # a unit written twice: one file results
    loaded = ResultStore(tmp_path).load()
    assert sorted(loaded) == ["u1", "u2"] and not store.compressed.exists()
    assert len(store.path.read_text().splitlines()) == 5
    store.compressed.write_bytes(b"\x1f\x8b not gzip")
    with pytest.raises(WekaRankingError, match="results.jsonl.gz: not a whole gzip"):
        ResultStore(tmp_path).load()


def test_a_file_that_is_not_a_store_is_refused_and_left_alone(tmp_path):
    store = ResultStore(tmp_path)
    for text in ('{"auc": 0.5}\n{"auc": 0.7}\n', "\x00\x01 random bytes\nmore\n"):
        store.path.write_text(text)
        with pytest.raises(NotAStore, match="not a results store"):
            store.load()
        assert store.path.read_text() == text


def test_a_repair_keeps_the_original_and_the_files_mode(tmp_path):
    store = ResultStore(tmp_path)
    store.append("whole", records(2))
    store.append("torn", records(3))
    text = store.path.read_text()
    store.path.write_text(text[:-25])
    store.path.chmod(0o640)
    assert list(ResultStore(tmp_path).load()) == ["whole"]
    assert store.path.stat().st_mode & 0o777 == 0o640
    (kept,) = tmp_path.glob("results.jsonl.bad-*")
    assert kept.read_text() == text[:-25]


def test_reading_the_records_never_changes_the_store(tmp_path, caplog):
    """A report of a torn store reads what is whole and leaves the file (issue 45)."""
    store = ResultStore(tmp_path)
    store.append("whole", records(2))
    store.append("torn", records(3))
    text = store.path.read_text()[:-25]
    store.path.write_text(text)
    kept = ResultStore(tmp_path).records()
    assert {r["unit"] for r in kept} == {"whole"}
    assert store.path.read_text() == text
    assert not list(tmp_path.glob("results.jsonl.bad-*"))
    assert "1 unreadable lines and 1 incomplete units left out" in caplog.text


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ('{"unit": "u", "unit_records": 1, "auc": "0.8"}', "auc '0.8' is not a number"),
        ('{"unit": "u", "unit_records": 1, "auc": null}', "auc None is not a number"),
        ('{"unit": "u", "unit_records": 1, "auc": NaN}', "auc nan is not in [0, 1]"),
        (
            '{"unit": "u", "unit_records": 1, "auc": 1e308}',
            "auc 1e+308 is not in [0, 1]",
        ),
        ('{"unit": ["u"], "unit_records": 1}', "unit ['u'] is not a unit's name"),
        ('{"unit": "u", "unit_records": "1"}', "unit_records '1' is not a count"),
        ("[1, 2]", "a JSON list, not a record"),
        ("[" * 100_000 + "]" * 100_000, "nested too deep to be a record"),
        (
            '{"unit": "d/S/run=1/fold=0", "unit_records": 1, "auc": 0.5,'
            ' "dataset": "d", "scheme_name": "T", "run": 1, "fold": 0}',
            "its fields say 'd/T/run=1/fold=0', its unit 'd/S/run=1/fold=0'",
        ),
    ],
)
def test_a_hand_edited_line_of_the_wrong_type_is_set_aside_by_line(
    tmp_path, caplog, line, why
):
    """Issue 45: such lines once stopped every later run and report with a TypeError."""
    store = ResultStore(tmp_path)
    store.append("whole", records(1))
    with store.path.open("a") as stream:
        stream.write(line + "\n")
    store.append("after", records(1))
    kept = ResultStore(tmp_path).records()
    assert sorted({r["unit"] for r in kept}) == ["after", "whole"]
    assert f"(the first at line 2: {why}" in caplog.text


def test_a_unit_written_twice_with_other_results_is_said_with_the_rule(
    tmp_path, caplog
):
    """A conflicting copy placed first was kept silently (labor: 0.8357 to 0.7774)."""
    store = ResultStore(tmp_path)
    store.append("same", records(1, value=0.5))
    for value in (0.75, 0.25):  # a copy whose AUC differs, then another
        store.append("u", records(1, value=value))
    store.append("same", records(1, value=0.5))  # costs alone may differ
    store.append("u", records(1, value=0.75))
    assert [r["auc"] for r in store.records()[:2]] == [0.5, 0.75]
    said = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert said == [
        f"{store.path}: unit u is written twice with different results (lines 2 and "
        f"3); kept line 2's, {KEPT_OF_TWO}: remove the wrong one, or run the plan "
        "into a new folder"
    ]
    original = store.path.read_bytes()
    store.load()  # a repair keeps the file as it was beside it
    (kept,) = tmp_path.glob("results.jsonl.bad-*")
    assert kept.read_bytes() == original


def test_the_files_a_run_writes_first_make_its_folder_a_store():
    """A folder holding only a pilot's estimate or a registration is a store."""
    from weka_ranking.experiments.estimate import KEPT
    from weka_ranking.experiments.registration import REGISTRATION

    store = ResultStore("out")
    first = {KEPT, REGISTRATION, store.runs_path.name, store.path.name}
    assert first | {store.compressed.name} <= set(OWN_FILES)
