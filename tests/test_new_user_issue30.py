"""What a new user found on data the project does not bundle (issue 30's trial).

Each test fails without its fix: the refusal of all pairs with the default
voters, the pooled AUC of fold-relative scores, the batch's predicted share,
the learner alone said as the learner, the fold in the progress lines, and
the heap advice in the command line's words.
"""

import pytest

from weka_ranking import ParameterError, RankingReduction
from weka_ranking.cli import main
from weka_ranking.params import DEFAULT_VOTERS


def _error_line(capsys, *argv) -> str:
    assert main(list(argv)) == 1
    err = capsys.readouterr().err
    (line,) = [x for x in err.splitlines() if x.startswith("weka-ranking: error:")]
    return line


def test_all_pairs_alone_is_refused_in_the_words_typed(capsys, weka):
    line = _error_line(capsys, "cv", "glass", "--pairs", "all")
    assert line == (
        f"weka-ranking: error: --pairs all: voters default to {DEFAULT_VOTERS}, and "
        "with all pairs every member trains on the same pairs: "
        f"{DEFAULT_VOTERS} identical J48 members (J48 is not randomizable): "
        "add --voters 1"
    )
    # Python's validation: the same check, the same words with its parameters.
    with pytest.raises(ParameterError) as refused:
        RankingReduction(pairs_per_instance="all").validate()
    assert refused.value.name == "pairs_per_instance"
    assert str(refused.value).endswith("J48 is not randomizable): add voters=1")
    # Voters given: they are what is refused, and the flags are the CLI's.
    line = _error_line(capsys, "cv", "glass", "--pairs", "all", "--voters", "3")
    assert line.startswith("weka-ranking: error: --voters 3: with --pairs all every")
    assert line.endswith("use --voters 1, or sample pairs (--pairs p)")
    assert "=" not in line


def test_the_experiments_heap_advice_names_the_flag_on_the_command_line(
    capsys, monkeypatch, tmp_path, weka
):
    from weka_ranking import memory

    # A heap of 2 MB, 1 free: the unit's pairs do not fit.
    monkeypatch.setattr(
        memory.bridge, "free_heap", lambda collect=False: (1 << 20, 2 << 20)
    )
    argv = ["experiment", "--data", "breast-cancer", "--runs", "1", "--folds", "2"]
    argv += ["--scheme", "J48 --pairs all --voters 1", "--out", str(tmp_path / "x")]
    assert main(argv) == 1
    (failed,) = [x for x in capsys.readouterr().err.splitlines() if "units failed" in x]
    assert "start the JVM with --heap " in failed
    assert "jvm.start" not in failed and "pairs_per_instance" not in failed
    assert "or use --pairs " in failed
    # The Python path (the stored record, the report) keeps Python's words.
    from weka_ranking.experiments.experiment import failures, noted_plan

    plan, _ = noted_plan(tmp_path / "x")
    (first, *_) = failures(plan, tmp_path / "x")
    assert "weka_ranking.jvm.start(heap=" in first["error"]
