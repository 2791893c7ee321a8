"""Progress lines (``weka_ranking.progress``): long work says so while it runs.

On a terminal or not, throttled, each line naming its fold.
"""

import logging
import re
import time

import pytest

from weka_ranking import RankingReduction, cross_validate, load_task, progress
from weka_ranking.cli import main


def test_a_long_fit_says_so_while_it_runs(small_breast_cancer, caplog, monkeypatch):
    """Found by a new Python user (issue 34, item 8)."""
    monkeypatch.setattr(progress, "EVERY_SECONDS", 0.01)
    with caplog.at_level(logging.INFO, logger="weka_ranking.progress.members"):
        # Logistic on every pair of 120 rows: one member, longer than a beat.
        RankingReduction("Logistic", pairs_per_instance="all", voters=1).fit(
            small_breast_cancer
        )
    said = [r.getMessage() for r in caplog.records]
    assert any("training," in m and "s so far, 0 of 1 trained" in m for m in said), said


@pytest.mark.fast
def test_where_no_logging_is_configured_long_work_speaks_on_stderr(capsys, monkeypatch):
    """Found by a new Python user (issue 34, item 8)."""
    monkeypatch.setattr(logging.root, "handlers", [])
    for name in ("weka_ranking", "weka_ranking.progress", progress.MEMBERS.name):
        # as a fresh interpreter has them, whatever a command run before set
        monkeypatch.setattr(logging.getLogger(name), "handlers", [])
        monkeypatch.setattr(logging.getLogger(name), "level", logging.NOTSET)
    monkeypatch.setattr(progress, "_last", -float("inf"))
    progress.line("short work %d", 1, logger=progress.MEMBERS, since=time.monotonic())
    assert capsys.readouterr().err == ""
    long_ago = time.monotonic() - progress.QUIET_SECONDS
    progress.line("long work %d", 2, logger=progress.MEMBERS, since=long_ago)
    assert capsys.readouterr().err == "weka-ranking: long work 2\n"


@pytest.mark.fast
def test_a_counters_lines_never_say_0_s_to_go(caplog, monkeypatch):
    """The last line said "about 0 s to go" (a new user's finding)."""
    now = [1000.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(progress, "_last", -float("inf"))
    monkeypatch.setattr(progress, "EVERY_SECONDS", 0.0)
    caplog.set_level(logging.INFO, logger="weka_ranking.progress")
    show = progress.counter("fold")
    for done, wall in ((1, 4.0), (9, 4.3), (10, 4.5)):
        now[0] = 1000.0 + wall
        show(done, 10)
    assert [r.getMessage() for r in caplog.records] == [
        "fold 1 of 10 done, 4 s, about 36 s to go",
        "fold 9 of 10 done, 4 s, under 1 s to go",
        "fold 10 of 10 done, 4 s",
    ]


@pytest.mark.fast
def test_each_piece_of_a_counter_says_its_time_to_go_between_other_lines(
    caplog, monkeypatch
):
    """A minute-long cv said its time to go only at its end (newuser42, session 32).

    The members' lines of each fold had taken the throttle's turn.
    """
    now = [1000.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(progress, "_last", -float("inf"))
    caplog.set_level(logging.INFO, logger="weka_ranking.progress")
    show = progress.counter("fold")
    for done in (1, 2, 3):
        now[0] += 6.0
        progress.line("a member's line", logger=progress.MEMBERS)
        now[0] += 0.5  # within EVERY_SECONDS of the member's line
        show(done, 3)
    said = [r.getMessage() for r in caplog.records]
    assert said[1::2] == [
        "fold 1 of 3 done, 6 s, about 13 s to go",
        "fold 2 of 3 done, 13 s, about 6 s to go",
        "fold 3 of 3 done, 20 s",
    ]


def test_each_members_line_names_its_fold(caplog, monkeypatch, weka):
    """Found by a new user on data the project does not bundle (issue 30)."""
    hepatitis = load_task("hepatitis")
    monkeypatch.setattr(progress, "EVERY_SECONDS", 0.0)
    caplog.set_level(logging.INFO, logger="weka_ranking.progress")
    cross_validate(
        RankingReduction(pairs_per_instance=1, voters=2),
        hepatitis,
        folds=3,
        learner_alone=False,
    )
    said = [r.getMessage() for r in caplog.records if r.name.endswith("members")]
    by_fold: dict[int, set[int]] = {}
    for line in said:
        match = re.fullmatch(
            rf"{re.escape(hepatitis.source)}, fold (\d) of 3: "
            r"(?:(\d+) pairs for each of 2 members"
            r"|\d of 2 members trained \(member \d: (\d+) pairs, [\d.]+ s\)"
            r"|training, .*)",
            line,
        )
        assert match, line
        count = match[2] or match[3]
        if count:
            by_fold.setdefault(int(match[1]), set()).add(int(count))
    # One count a fold (the header's is its members'), and the folds differ:
    # 1 pair for each training instance, 103 or 104 of them.
    assert sorted(by_fold) == [1, 2, 3]
    assert all(len(counts) == 1 for counts in by_fold.values())
    assert {c for counts in by_fold.values() for c in counts} == {103, 104}


def test_progress_lines_on_a_stderr_that_is_not_a_terminal(monkeypatch, capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    args = ["cv", "hepatitis", "--pairs", "1", "--voters", "3", "--json"]
    monkeypatch.setattr(progress, "EVERY_SECONDS", 0.0)  # every line, to read them
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "pairs for each of 3 members" in err
    assert "3 of 3 members trained" in err
    assert "fold 10 of 10 done" in err
    assert "\r" not in err  # no bar drawn into a file
    monkeypatch.setattr(progress, "EVERY_SECONDS", 60.0)
    assert main(args) == 0
    throttled = capsys.readouterr().err.splitlines()
    # One clock for all lines: the first (or none, within a minute of the
    # last) and the last fold's, never one a member of every fold.
    assert len(throttled) <= 2 and "fold 10 of 10 done" in throttled[-1]
    assert main([*args, "--quiet"]) == 0
    assert capsys.readouterr().err == ""
