"""Walked rows whose missing values the trees split on again and again.

A J48 tree on numeric attributes splits on one attribute many times down a
path, so that a row missing it meets a split it misses with further splits it
misses below. ``TreeTournament`` answers such a split against the clean rows
from outcomes listed once a walked row (the leaves a clean row may reach
together, J48's sums over them); these tests hold its degrees to those of
asking the members every pair of the walked rows, on several threads.
"""

import jpype
import numpy as np
import pytest

from tests.test_tree_tournament import committee
from weka_ranking import RankingReduction


def degrees(reduction, rows, threads, walk):
    """The exact tournament's degrees, the walked rows' pairs walked or asked."""
    jrows = jpype.JArray.of(np.ascontiguousarray(rows, dtype=np.float64))
    votes = committee(reduction, jrows, threads)
    exact = votes.exactTournament()
    exact.setWalkFractionally(walk)
    ranking = exact.tournament(jpype.JArray(jpype.JInt)(list(range(len(rows)))), votes)
    assert (int(ranking.comparisons) == 0) == walk  # walked: no pair asked
    return np.asarray(ranking.scores), int(exact.rowsWalked())


def most_split_on(reduction) -> list[int]:
    """The rows' attributes the committee's trees split on, the most split first."""
    text = " ".join(str(member) for member in reduction.getMembers())
    columns = reduction.getPairHeader().numAttributes() // 2  # less the class
    splits = [
        text.count(f"first_x{j + 1} ") + text.count(f"second_x{j + 1} ")
        for j in range(columns)
    ]
    return sorted(range(columns), key=lambda j: -splits[j])


@pytest.mark.parametrize(
    ("voters", "missing"),
    [
        pytest.param(3, 1, marks=pytest.mark.slow),
        (4, 2),
        pytest.param(5, 3, marks=pytest.mark.slow),
    ],
)
def test_values_the_trees_split_on_again_below_walked_as_asked(voters, missing, weka):
    """Rows missing the attributes split on most, 1 to 3 of them, as asking.

    400 of 2,000 rows miss the values the trees split on most (so that a
    split they miss has more of them below), the rest clean: the degrees of
    walking them are those of asking the members their pairs, on one thread,
    two and three; an even committee's tied votes included.
    """
    from weka_ranking.data import synthetic

    model = RankingReduction(
        "J48", pairs_per_instance=2, voters=voters, seed=voters, pair_features="concat"
    ).fit(synthetic(1_200, seed=voters))
    reduction = model.weka_model_
    rows = np.array(synthetic(2_000, seed=voters + 10).X, dtype=np.float64)
    top = most_split_on(reduction)[:3]
    rng = np.random.default_rng(voters)
    for row in rng.choice(len(rows), 400, replace=False):
        rows[row, rng.choice(top, missing, replace=False)] = np.nan
    asked, _ = degrees(reduction, rows, 2, walk=False)
    for threads in (1, 2, 3):
        walked, count = degrees(reduction, rows, threads, walk=True)
        np.testing.assert_array_equal(walked, asked)
    assert count == 400
    assert len(np.unique(asked)) > 100
