"""What a new user found on data the project does not bundle (issue 30's trial).

Each test fails without its fix: the refusal of all pairs with the default
voters, the pooled AUC of fold-relative scores, the batch's predicted share,
the learner alone said as the learner, the fold in the progress lines, and
the heap advice in the command line's words.
"""

import numpy as np
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
