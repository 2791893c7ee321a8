"""Tree committees ranked without asking WEKA every pair, tested against WEKA.

Tree members flattened into arrays (``FlatTree``) answer every pair as WEKA's
``classifyInstance`` does, and the exact tournament of a committee of trees
(``TreeTournament``) gives the brute-force tournament's degrees, ties and rows
with missing values included.
"""

import dataclasses

import jpype
import numpy as np
import pytest

from weka_ranking import RankingReduction, load_task
from weka_ranking.folds import weka_folds

PACKAGE = "weka.classifiers.meta.rankingreduction"

TREES = [
    ("J48", ""),
    ("J48", "-U"),
    ("J48", "-A"),
    ("J48", "-B -M 1"),
    ("J48", "-C 0.1 -M 5"),
    ("J48", "-S -J"),
    ("J48", "-U -O"),
    ("REPTree", ""),
    ("REPTree", "-P -M 1"),
]
TASKS = ["hepatitis", "breast-cancer", "glass", "vehicle"]


def java(name):
    return jpype.JClass(f"{PACKAGE}.{name}")


def trained(learner, options, task, voters, pairs=2, fold=0):
    data = load_task(task)  # missing values, nominal and numeric attributes
    train, test = list(weka_folds(data.y, 3, 1))[fold]
    model = RankingReduction(
        learner,
        base_options=options,
        pairs_per_instance=pairs,
        voters=voters,
        pair_features="concat",  # the exact tournament reads the rows side by side
    ).fit(data.subset(train))
    rows = np.asarray(data.subset(test).X, dtype=np.float64)
    return model.weka_model_, jpype.JArray(jpype.JDouble, 2)(list(rows)), rows


def weka_answers(member, header, jrows, left, right):
    """The member's own answer, "left beats right", pair by pair."""
    pair = java("PairInstance")(jrows, 0, 0, float("nan"), 1.0)
    pair.setDataset(header)
    out = []
    for a, b in zip(left, right):
        pair.setPair(int(a), int(b))
        out.append(int(member.classifyInstance(pair) == 1.0))
    return np.array(out)


@pytest.mark.parametrize(("learner", "options"), TREES)
@pytest.mark.parametrize("task", TASKS)
def test_flat_trees_answer_as_classify_instance(learner, options, task, weka):
    reduction, jrows, rows = trained(learner, options, task, voters=2)
    header = reduction.getPairHeader()
    rng = np.random.default_rng(7)
    left, right = rng.integers(0, len(rows), (2, 600))
    missing = np.isnan(rows[left]).any(axis=1) | np.isnan(rows[right]).any(axis=1)
    for member in reduction.getMembers():
        flat = java("FlatTree").of(member, header)
        assert flat is not None
        fast = np.array([flat.answer(jrows[a], jrows[b]) for a, b in zip(left, right)])
        assert not (fast[~missing] < 0).any()  # undecided only with a missing value
        decided = fast >= 0
        expected = weka_answers(member, header, jrows, left[decided], right[decided])
        np.testing.assert_array_equal(fast[decided], expected)
        assert 0 < expected.sum() < len(expected)


def committee(reduction, jrows, threads=1):
    members = reduction.getMembers()
    copies = java("Committee").copies(members, threads)
    layout = reduction.getModel().getPairLayout()
    return java("Committee")(copies, reduction.getPairHeader(), layout, jrows, False)


def tournaments(reduction, jrows, threads=1, both_orders=True):
    """Degrees and comparisons of the tree form and of the brute force.

    In both orders (the method's) by default, else as first element.
    """
    n = len(jrows)
    votes = committee(reduction, jrows, threads)
    exact = votes.exactTournament()
    assert exact is not None
    everyone = jpype.JArray(jpype.JInt)(list(range(n)))
    fast = exact.tournament(everyone, votes, both_orders)
    brute = java("Rankers").tournament(n, votes, both_orders)
    return (
        np.asarray(fast.scores),
        int(fast.comparisons),
        np.asarray(brute.scores),
        int(brute.comparisons),
    )


@pytest.mark.parametrize("both_orders", [True, False], ids=["both-orders", "first"])
@pytest.mark.parametrize("voters", [1, 3, 10])
@pytest.mark.parametrize(("learner", "options"), [("J48", ""), ("REPTree", "")])
@pytest.mark.parametrize("task", TASKS)
def test_tree_tournament_equals_the_brute_force(
    learner, options, task, voters, both_orders, weka
):
    reduction, jrows, rows = trained(learner, options, task, voters)
    fast, asked, brute, pairs = tournaments(reduction, jrows, both_orders=both_orders)
    np.testing.assert_array_equal(fast, brute)
    n = len(rows)
    assert pairs == n * (n - 1)
    with_missing = np.isnan(rows).any(axis=1).sum()
    assert asked <= 2 * with_missing * (n - 1)  # only rows WEKA walks fractionally
    assert len(np.unique(fast)) > 1


def test_equal_rows_tie_as_in_the_brute_force(weka):
    reduction, jrows, rows = trained("J48", "-U", "breast-cancer", voters=3, pairs=3)
    fast, asked, brute, _ = tournaments(reduction, jrows)
    np.testing.assert_array_equal(fast, brute)
    assert len(np.unique(fast)) < len(rows)  # rows alike tie
    assert asked <= 2 * np.isnan(rows).any(axis=1).sum() * (len(rows) - 1)


@pytest.mark.parametrize(("learner", "options"), TREES)
def test_options_and_threads_do_not_change_the_degrees(learner, options, weka):
    reduction, jrows, _ = trained(learner, options, "hepatitis", voters=4, fold=1)
    one = tournaments(reduction, jrows, threads=1)
    two = tournaments(reduction, jrows, threads=2)
    np.testing.assert_array_equal(one[0], one[2])
    for a, b in zip(one, two):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("voters", [1, 4, 5])
def test_the_committee_votes_as_its_members_classify(voters, weka):
    """The brute force votes as every member's own classifyInstance does.

    The flattened trees stop once the majority is decided; every pair checked.
    """
    reduction, jrows, rows = trained("J48", "", "hepatitis", voters, fold=2)
    n = 40
    left, right = (g.ravel() for g in np.meshgrid(range(n), range(n), indexing="ij"))
    keep = left != right
    left, right = left[keep], right[keep]
    header = reduction.getPairHeader()
    votes = sum(
        weka_answers(m, header, jrows, left, right) for m in reduction.getMembers()
    )
    expected = np.bincount(left, weights=2 * votes > voters, minlength=n) / (n - 1)
    sub = jpype.JArray(jpype.JDouble, 2)(list(rows[:n]))
    brute = java("Rankers").tournament(n, committee(reduction, sub))
    np.testing.assert_array_equal(np.asarray(brute.scores), expected)
    exact = java("Committee").copies(reduction.getMembers(), 1)
    layout = reduction.getModel().getPairLayout()
    counted = java("Committee")(exact, header, layout, jrows, False).votes(
        jpype.JArray(jpype.JInt)(left.tolist()),
        jpype.JArray(jpype.JInt)(right.tolist()),
        len(left),
    )
    np.testing.assert_array_equal(np.asarray(counted), votes)


@pytest.mark.parametrize(("learner", "options"), TREES)
@pytest.mark.parametrize("task", ["breast-cancer", "vehicle", "hepatitis"])
def test_pairs_sharing_a_row_vote_as_the_members_classify(learner, options, task, weka):
    """Pairs sharing a row vote as every member's own classifyInstance says.

    Runs of pairs sharing their first or their second row decide that row's
    splits once (``FlatTree.Given``); beside them pairs that share nothing,
    missing values included.
    """
    reduction, jrows, rows = trained(learner, options, task, voters=3)
    n = len(rows)
    everyone = np.arange(n)
    shared = [
        0,
        1,
        int(np.isnan(rows).any(axis=1).argmax()),
    ]  # one with a missing value
    left = np.concatenate([np.full(n, x) for x in shared] + [everyone] * len(shared))
    right = np.concatenate([everyone] * len(shared) + [np.full(n, x) for x in shared])
    scattered = np.random.default_rng(5).integers(0, n, (2, 300))
    left, right = (
        np.concatenate([left, scattered[0]]),
        np.concatenate([right, scattered[1]]),
    )
    header = reduction.getPairHeader()
    expected = sum(
        weka_answers(m, header, jrows, left, right) for m in reduction.getMembers()
    )
    jleft = jpype.JArray(jpype.JInt)(left.tolist())
    jright = jpype.JArray(jpype.JInt)(right.tolist())
    votes = committee(reduction, jrows).votes(jleft, jright, len(left))
    np.testing.assert_array_equal(np.asarray(votes), expected)
    assert 0 < expected.sum() < 3 * len(expected)
    beats = jpype.JArray(jpype.JBoolean)(len(left))  # members stop once decided
    committee(reduction, jrows).beats(jleft, jright, len(left), beats)
    np.testing.assert_array_equal(np.asarray(beats), 2 * expected > 3)


@pytest.mark.parametrize(
    ("learner", "voters", "form"),
    [
        ("J48", 3, "TreeTournament"),
        ("Logistic", 1, "Committee"),  # the additive form, as a method reference
        ("Logistic", 3, None),
        ("RandomForest", 1, None),  # a forest averages its trees' distributions
    ],
)
def test_the_exact_form_chosen(learner, voters, form, weka):
    reduction, jrows, _ = trained(learner, "", "glass", voters)
    exact = committee(reduction, jrows).exactTournament()
    if form is None:
        assert exact is None
    else:
        assert form in str(exact.getClass().getName())


@pytest.mark.parametrize("learner", ["J48", "REPTree"])
def test_the_models_ranking_is_the_same_with_or_without_exact_forms(learner, weka):
    """Whichever tournament ``rank`` picks for a tree committee, the degrees agree.

    Through the public API, against the brute force's degrees.
    """
    data = load_task("hepatitis")
    train, test = next(iter(weka_folds(data.y, 3, 1)))
    model = RankingReduction(
        learner, pairs_per_instance=2, voters=3, pair_features="concat"
    )
    model.fit(data.subset(train))
    fast = model.ranking(data.subset(test))
    model.weka_model_.setAdditiveTournament(False)
    brute = model.ranking(data.subset(test))
    np.testing.assert_array_equal(fast.scores, brute.scores)
    n = len(test)
    assert brute.comparisons == n * (n - 1)
    # rank() took the exact form: only pairs of rows with missing values asked.
    assert fast.comparisons < brute.comparisons


@pytest.mark.parametrize(
    # 10 trees, the same check as 3, slow: the majority's passes are
    # test_several_blocks_of_rows_b_give_the_committees_answers's.
    "voters",
    [1, 3, pytest.param(10, marks=pytest.mark.slow)],
)
def test_groups_blocks_and_threads_give_the_brute_force(voters, weka):
    """More rows than a group of rows a, rows repeated, on one and two threads.

    Rows reaching the same cells share one count, rows b are placed in an
    order of their own and blocks of cells holding none of them are skipped:
    the degrees stay the brute force's, ties included, whatever the threads.
    """
    from weka_ranking.data import synthetic

    model = RankingReduction(
        "J48", pairs_per_instance=1, voters=voters, pair_features="concat"
    )
    model.fit(synthetic(1_500, seed=2))
    distinct = np.asarray(synthetic(2_200, seed=3).X, dtype=np.float64)
    rows = np.concatenate([distinct, distinct[::7]])  # equal rows tie
    jrows = jpype.JArray(jpype.JDouble, 2)(list(rows))
    one = tournaments(model.weka_model_, jrows, threads=1)
    two = tournaments(model.weka_model_, jrows, threads=2)
    np.testing.assert_array_equal(one[0], one[2])
    np.testing.assert_array_equal(two[0], one[2])
    assert one[1] == two[1] == 0  # no missing values: no pair asked
    repeated = np.arange(0, len(distinct), 7)
    np.testing.assert_array_equal(one[0][repeated], one[0][len(distinct) :])
    assert len(np.unique(one[0])) > 100


def test_both_threads_count_and_say_so(weka):
    """On two threads, both count degrees, and the timing says how much each did.

    Each thread's CPU time and busy wall are its own tasks' (the groups of
    rows a, the trees' rows b), the serial part's CPU apart: a benchmark on
    a loaded machine reads from them whether the threads worked or waited.
    """
    from weka_ranking.data import synthetic

    model = RankingReduction("J48", pairs_per_instance=1, voters=5)
    model.fit(synthetic(1_500, seed=2))
    rows = np.asarray(synthetic(5_000, seed=3).X, dtype=np.float64)
    jrows = jpype.JArray(jpype.JDouble, 2)(list(rows))
    everyone = jpype.JArray(jpype.JInt)(list(range(len(rows))))
    timings = {}
    for threads in (1, 2):
        votes = committee(model.weka_model_, jrows, threads)
        exact = votes.exactTournament()
        exact.tournament(everyone, votes)
        timings[threads] = exact.lastTiming()
    two = timings[2]
    assert len(two.threadCpuSeconds) == 2
    assert min(two.threadCpuSeconds) > 0  # both threads worked
    assert min(two.threadBusySeconds) > 0
    assert list(two.threadCpuSeconds) == sorted(two.threadCpuSeconds, reverse=True)
    assert len(timings[1].threadCpuSeconds) == 1
    assert 0 <= timings[1].serialCpuSeconds <= timings[1].wallSeconds


@pytest.mark.parametrize(
    # One committee size a way of counting in the default suite (1, 5, 11, 33);
    # 3 and 10, the same ways as 1 and 5, slow.
    "voters",
    [1, pytest.param(3, marks=pytest.mark.slow), 5]
    + [pytest.param(10, marks=pytest.mark.slow), 11, 33],
)
def test_several_blocks_of_rows_b_give_the_committees_answers(voters, weka):
    """Rows b over more than one block, counted as the committee answers.

    A block holds 16,384 rows b: 17,000 distinct rows and some repeated make
    two, the second partial, and a row a's cells empty in one block are
    skipped there only. The majority is counted in registers up to ten
    trees (1, 3: the last pass alone; 5, 10: both), in slices beyond (11),
    and in a counter wider than the four slices of its one-loop form beyond
    31 (33). The degrees of a sample of rows a are the committee's own
    answers against every other row (``Committee.beats``), ties of repeated
    rows included, and the degrees are the same on one thread and on two,
    and with the rows b taken in two ranges (a budget of one block).
    """
    from weka_ranking.data import synthetic

    model = RankingReduction(
        "J48", pairs_per_instance=1, voters=voters, pair_features="concat"
    )
    model.fit(synthetic(1_500, seed=2))
    distinct = np.asarray(synthetic(17_000, seed=3).X, dtype=np.float64)
    rows = np.concatenate([distinct, distinct[::45]])  # equal rows tie
    n = len(rows)
    jrows = jpype.JArray(jpype.JDouble, 2)(list(rows))
    everyone = jpype.JArray(jpype.JInt)(list(range(n)))
    degrees = {}
    for both_orders in (False, True):
        for run, threads, budget in ((1, 1, 0), (2, 2, 0), ("ranges", 1, 1)):
            votes = committee(model.weka_model_, jrows, threads)
            exact = votes.exactTournament()
            exact.setBudget(budget)  # 1 byte: a range of one block at a time
            ranking = exact.tournament(everyone, votes, both_orders)
            assert int(ranking.comparisons) == 0  # no missing values: no pair asked
            degrees[run, both_orders] = np.asarray(ranking.scores)
        np.testing.assert_array_equal(degrees[1, both_orders], degrees[2, both_orders])
        np.testing.assert_array_equal(
            degrees[1, both_orders], degrees["ranges", both_orders]
        )
    sample = np.concatenate(
        [np.random.default_rng(11).choice(len(distinct), 60, replace=False), [0, 45]]
    )

    def answers(first, second):
        """c(first, second) of every row of the sample against every other row."""
        beats = jpype.JArray(jpype.JBoolean)(len(first))
        committee(model.weka_model_, jrows).beats(
            jpype.JArray(jpype.JInt)(first.tolist()),
            jpype.JArray(jpype.JInt)(second.tolist()),
            len(first),
            beats,
        )
        return np.asarray(beats).reshape(len(sample), n - 1).sum(axis=1)

    of_sample = np.concatenate([np.full(n - 1, a) for a in sample])
    others = np.concatenate([np.delete(np.arange(n), a) for a in sample])
    won = answers(of_sample, others)  # as first element
    lost = answers(others, of_sample)  # the others that beat it as first element
    expected = won / (n - 1)
    np.testing.assert_array_equal(degrees[1, False][sample], expected)
    both = (won + (n - 1) - lost) / (2 * (n - 1))
    np.testing.assert_array_equal(degrees[1, True][sample], both)
    for key in ((1, False), (1, True)):
        assert degrees[key][0] == degrees[key][len(distinct)]  # row 0 and its copy tie
    assert len(np.unique(expected)) > 10


def test_walked_rows_against_several_blocks_and_ranges_of_clean_rows(weka):
    """Walked rows against clean rows b over two blocks, in one range or two.

    The clean rows b's leaf bits of a block serve both the cells and the
    walked rows' wins against that block, a range of rows b at a time: with
    17,000 rows (two blocks), 34 of them missing a value, the degrees are
    those of asking the members the walked rows' pairs, on one thread, two
    and three, and with the rows b taken in two ranges (a budget of one
    block). The walked rows' tasks share the phases of the clean rows' (the
    first range's blocks, the last range's groups of rows a), a full block
    and a partial one, the largest first: on three threads, more threads than
    blocks.
    """
    from weka_ranking.data import synthetic

    model = RankingReduction(
        "J48", pairs_per_instance=1, voters=3, pair_features="concat"
    )
    model.fit(synthetic(1_500, seed=2))
    rows = with_missing_array(synthetic(17_000, seed=3).X, 0.002, 5)  # 34 rows
    jrows = jpype.JArray.of(rows)
    everyone = jpype.JArray(jpype.JInt)(list(range(len(rows))))
    degrees = {}
    for run, threads, budget, walk in (
        ("asked", 2, 0, False),
        (1, 1, 0, True),
        (2, 2, 0, True),
        (3, 3, 0, True),
        ("ranges", 2, 1, True),
        ("ranges on 3", 3, 1, True),
    ):
        votes = committee(model.weka_model_, jrows, threads)
        exact = votes.exactTournament()
        exact.setWalkFractionally(walk)
        exact.setBudget(budget)  # 1 byte: a range of one block at a time
        ranking = exact.tournament(everyone, votes, True)
        assert (int(ranking.comparisons) == 0) == walk  # walked: no pair asked
        degrees[run] = np.asarray(ranking.scores)
    assert exact.rowsWalked() >= 10
    for run in (1, 2, 3, "ranges", "ranges on 3"):
        np.testing.assert_array_equal(degrees[run], degrees["asked"])


def with_missing(data, share: float, seed: int, columns=None):
    """The data with one value missing in a share of its rows (a column each).

    The columns drawn from ``columns`` (all by default), each row's at random.
    """
    rng = np.random.default_rng(seed)
    X = np.array(data.X, dtype=np.float64)
    rows = rng.choice(len(X), max(1, int(share * len(X))), replace=False)
    choices = np.arange(X.shape[1]) if columns is None else np.asarray(columns)
    X[rows, rng.choice(choices, len(rows))] = np.nan
    return dataclasses.replace(data, X=X)


def walked_and_general(reduction, rows, threads=1):
    """Degrees (both orders) three ways: walking fractions, asking members, every pair.

    The first two through the exact tournament (``setWalkFractionally``), the
    third the brute force over the committee (``Rankers.tournament``), which
    asks each member's ``classifyInstance`` wherever a value is missing.
    """
    jrows = jpype.JArray.of(np.ascontiguousarray(rows, dtype=np.float64))
    n = len(rows)
    everyone = jpype.JArray(jpype.JInt)(list(range(n)))
    out = {}
    for walk in (True, False):
        votes = committee(reduction, jrows, threads)
        exact = votes.exactTournament()
        exact.setWalkFractionally(walk)
        ranking = exact.tournament(everyone, votes, True)
        out[walk] = (
            np.asarray(ranking.scores),
            int(ranking.comparisons),
            int(exact.rowsWalked()),
            int(exact.lastTreeWalks()),
        )
    brute = java("Rankers").tournament(n, committee(reduction, jrows, threads), True)
    return out[True], out[False], np.asarray(brute.scores)


def on_one_and_two_threads(reduction, rows):
    """The tree form on one thread and on two, each the brute force's degrees.

    Returns both runs' :func:`walked_and_general` answers and the degrees.
    """
    one, _, brute = walked_and_general(reduction, rows)
    two, _, _ = walked_and_general(reduction, rows, threads=2)
    np.testing.assert_array_equal(one[0], brute)
    np.testing.assert_array_equal(two[0], brute)
    return one, two, brute


def fold_committee(data, seed: int):
    """J48 x 5 (2 pairs an instance) trained on fold 1 of 3, and its test rows."""
    train, test = list(weka_folds(data.y, 3, 1))[0]
    model = RankingReduction(
        "J48", pairs_per_instance=2, voters=5, seed=seed, pair_features="concat"
    ).fit(data.subset(train))
    return model.weka_model_, np.array(data.subset(test).X, dtype=np.float64)


MISSING_CASES = [
    # (task, J48 options, share of test rows given a missing value, seed, voters)
    ("hepatitis", "", 0.0, 1, 5),  # the task's own missing values, nominal and numeric
    ("breast-cancer", "-U", 0.0, 2, 4),  # nominal attributes, missing in a few rows
    ("hepatitis", "-B -M 1", 0.3, 3, 1),  # binary nominal splits
    ("vehicle", "", 0.5, 4, 4),  # numeric only, none missing in training
    ("glass", "-S -J", 1.0, 5, 5),  # every test row misses a value
    ("vehicle", "-C 0.1 -M 5", 0.2, 6, 1),
    ("breast-cancer", "-A", 0.4, 7, 5),
    ("hepatitis", "-U -O", 0.6, 8, 4),
]


@pytest.mark.parametrize(("task", "options", "share", "seed", "voters"), MISSING_CASES)
def test_rows_with_missing_values_walked_as_weka_answers(
    task, options, share, seed, voters, weka
):
    """Walking J48's fractions gives the degrees of asking WEKA every pair.

    Rows with a missing value where a tree splits are counted from the rows
    (``FractionalPairs``), their pairs never asked of the members; the degrees
    are the brute force's, which asks every pair of the committee and each
    member's ``classifyInstance`` wherever a value is missing, to the bit, and
    the same as asking the members those rows' pairs one by one. Even
    committees included (a tied vote says 0).
    """
    data = load_task(task)
    train, test = list(weka_folds(data.y, 3, seed))[seed % 3]
    model = RankingReduction(
        "J48",
        base_options=options,
        pairs_per_instance=2,
        voters=voters,
        seed=seed,
        pair_features="concat",
    ).fit(data.subset(train))
    rows = np.asarray(with_missing(data.subset(test), share, seed).X)
    walked, asked, brute = walked_and_general(model.weka_model_, rows)
    np.testing.assert_array_equal(walked[0], brute)
    np.testing.assert_array_equal(asked[0], brute)
    assert walked[1] == 0  # no pair asked of the members
    assert walked[2] > 0  # rows were walked
    assert asked[1] > 0 and asked[2] == 0
    assert len(np.unique(brute)) > 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_missing_in_training_only_or_in_both(seed, weka):
    """Trees trained on missing values rank rows as WEKA's own answers do.

    Their splits' fractions were learnt from rows with missing values; rows
    with none, and rows with some, ranked on one thread and on two.
    """
    from weka_ranking.data import synthetic

    training = with_missing(synthetic(1_200, seed=seed), 0.3, seed, columns=[0, 1, 2])
    model = RankingReduction(
        "J48", pairs_per_instance=1, voters=5, seed=seed, pair_features="concat"
    ).fit(training)
    clean = np.asarray(synthetic(400, seed=seed + 10).X, dtype=np.float64)
    for rows in (clean, np.asarray(with_missing_array(clean, 0.25, seed))):
        walked, two, brute = on_one_and_two_threads(model.weka_model_, rows)
    assert walked[2] > 0


def test_walked_rows_with_several_missing_values_and_ties_with_one_another(weka):
    """Walked rows against one another: each first row given to the trees once.

    Rows missing two values each (nominal and numeric, where the trees
    split), some of them repeated so that walked rows tie, more of them than
    a task takes (16): their degrees are the brute force's on one thread and
    on two, no pair asked of the members.
    """
    data = load_task("hepatitis")  # nominal and numeric attributes
    reduction, rows = fold_committee(data, seed=1)
    rng = np.random.default_rng(1)
    for row in rng.choice(len(rows), len(rows) // 2, replace=False):
        rows[row, rng.choice(rows.shape[1], 2, replace=False)] = np.nan
    walked_rows = np.flatnonzero(np.isnan(rows).any(axis=1))
    rows = np.vstack([rows, rows[walked_rows[:10]]])  # ties among walked rows
    one, two, brute = on_one_and_two_threads(reduction, rows)
    assert one[1] == 0 and one[2] > 16  # walked, none asked, over several tasks
    assert len(np.unique(brute)) < len(rows)  # the repeated rows tie


@pytest.mark.parametrize("task", ["hepatitis", "synthetic"])
def test_a_batch_whose_every_row_is_walked(task, weka):
    """No clean row at all: every pair is a walked row's with another.

    Every row misses a value some tree splits on, half of them a second
    value too, a few rows repeated (ties); nominal splits of several
    branches (hepatitis) and numeric ones split again below (synthetic).
    Such a batch once threw (no clean row b to give bits to); its degrees are
    the brute force's on one thread and on two, no pair asked.
    """
    from weka_ranking.data import synthetic

    data = load_task(task) if task == "hepatitis" else synthetic(600, seed=4)
    reduction, clean = fold_committee(data, seed=2)

    def every_row_missing(column: int) -> np.ndarray:
        rows = clean.copy()
        rows[:, column] = np.nan
        return rows

    rows = next(  # the first column some tree splits on, missing in every row
        rows
        for rows in map(every_row_missing, range(clean.shape[1]))
        if committee(reduction, jpype.JArray.of(rows)).exactTournament().rowsWalked()
        == len(rows)
    )
    rng = np.random.default_rng(2)
    half = rng.choice(len(rows), len(rows) // 2, replace=False)
    rows[half, rng.integers(0, rows.shape[1], len(half))] = np.nan
    rows = np.vstack([rows, rows[:5]])
    one, two, brute = on_one_and_two_threads(reduction, rows)
    assert one[2] == len(rows) and one[1] == 0  # every row walked, none asked
    assert 1 < len(np.unique(brute)) < len(rows)


@pytest.mark.parametrize("task", ["breast-cancer", "hepatitis"])
def test_walked_rows_of_a_kind_walked_once_as_the_brute_force(task, weka):
    """Walked rows equal where the trees split are walked once a kind.

    A nominal batch's walked rows repeat (a new user's mushroom cut: 2,480
    rows of 12 kinds): their pairs with one another are walked a kind
    against a kind, each weighed by its rows, a row's pairs with the other
    rows of its kind included; their leaves against the clean rows are
    listed once a kind. Half the rows miss the trees' first split attribute,
    some rows repeated whole: the brute force's degrees on 1 and 2 threads.
    """
    data = load_task(task)
    reduction, clean = fold_committee(data, seed=2)
    half = np.arange(len(clean)) % 2 == 0

    def half_missing(column: int) -> np.ndarray:
        rows = clean.copy()
        rows[half, column] = np.nan
        return rows

    rows = next(  # the first column some tree splits on
        rows
        for rows in map(half_missing, range(clean.shape[1]))
        if committee(reduction, jpype.JArray.of(rows)).exactTournament().rowsWalked()
        >= half.sum()
    )
    rows = np.vstack([rows, rows[:30]])
    walked = rows[np.isnan(rows).any(axis=1)]
    kinds = np.unique(np.nan_to_num(walked, nan=-1.0), axis=0)
    assert len(kinds) < len(walked)  # kinds of several rows
    one, two, brute = on_one_and_two_threads(reduction, rows)
    assert one[1] == 0  # no pair asked


@pytest.mark.slow  # three trees of 1,500 rows, 500 rows ranked four ways: 40 s
def test_splits_of_too_many_outcomes_summed_for_a_block_as_weka_answers(weka):
    """Large trees whose splits a walked row misses near the root: summed per row.

    Unpruned trees of leaves of one instance, and rows missing two or three
    of the attributes the trees split on most (their splits again below), so
    that a split a row misses has more outcomes than ``Split`` lists and the
    block's clean rows get J48's sums at once (``Forks``): the degrees are the
    brute force's on one, two and three threads, no pair asked.
    """
    from weka_ranking.data import synthetic

    data = synthetic(1_500, seed=7)
    model = RankingReduction(
        "J48",
        base_options="-U -M 1",
        pairs_per_instance=2,
        voters=3,
        seed=7,
        pair_features="concat",
    ).fit(data)
    rows = np.array(synthetic(500, seed=8).X, dtype=np.float64)
    rng = np.random.default_rng(7)
    for row in rng.choice(len(rows), 60, replace=False):
        rows[row, rng.choice(4, rng.integers(2, 4), replace=False)] = np.nan
    runs = [
        walked_and_general(model.weka_model_, rows, threads) for threads in (1, 2, 3)
    ]
    brute = runs[0][2]
    for walked, _, _ in runs:
        np.testing.assert_array_equal(walked[0], brute)
        assert walked[1] == 0 and walked[2] == 60  # walked, none asked
    assert len(np.unique(brute)) > len(rows) // 4


def with_missing_array(X: np.ndarray, share: float, seed: int) -> np.ndarray:
    """A copy of X with one value missing in a share of its rows."""
    rng = np.random.default_rng(seed)
    X = np.array(X, dtype=np.float64)
    rows = rng.choice(len(X), int(share * len(X)), replace=False)
    X[rows, rng.integers(0, X.shape[1], len(rows))] = np.nan
    return X


@pytest.mark.slow  # 17,000 rows: two blocks of rows, asked both ways: 30 s
def test_walked_rows_over_several_blocks_as_asking_the_members(weka):
    """Rows b over two blocks of bits, walked rows among them, both ways.

    The walked rows' pairs with the clean rows are counted a block at a time
    (16,384 rows a block); the degrees are those of asking the members their
    pairs one by one, on one thread and on two.
    """
    from weka_ranking.data import synthetic

    model = RankingReduction(
        "J48", pairs_per_instance=1, voters=10, pair_features="concat"
    ).fit(synthetic(3_000, seed=2))
    rows = with_missing_array(np.asarray(synthetic(17_000, seed=3).X), 0.003, 4)
    jrows = jpype.JArray.of(rows)
    everyone = jpype.JArray(jpype.JInt)(list(range(len(rows))))
    degrees = []
    for walk, threads in ((True, 1), (True, 2), (False, 2)):
        votes = committee(model.weka_model_, jrows, threads)
        exact = votes.exactTournament()
        exact.setWalkFractionally(walk)
        degrees.append(np.asarray(exact.tournament(everyone, votes).scores))
    np.testing.assert_array_equal(degrees[0], degrees[2])
    np.testing.assert_array_equal(degrees[1], degrees[2])


def tied_leaves(member) -> int:
    """Leaves of a J48 member whose two classes weigh the same (J48's "(n/n/2)")."""
    import re

    leaves = re.findall(r"\((\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)\)", str(member.toString()))
    return sum(float(total) == 2 * float(errors) for total, errors in leaves)


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_walked_rows_with_one_another_by_bits_walk_only_open_votes(seed, weka):
    """Walked rows' pairs with one another counted by bits, walked where a vote is open.

    Trees of nominal and numeric splits, trained on rows repeated with the
    other class so that leaves tie (p1 = p0: the pair says 0 there, and a
    mixture of such leaves sits at J48's threshold); rows missing one to three
    values, one column missing in a third of them (pairs of two rows missing
    the same attribute), some rows repeated. The degrees are the brute
    force's on one thread and on two; the trees walked for one pair are some
    (the votes the bits leave open: every row here is walked) but fewer than
    every pair through every tree, as before.
    """
    data = load_task("hepatitis")
    train, test = list(weka_folds(data.y, 3, seed))[0]
    fit = data.subset(train)
    rng = np.random.default_rng(seed)
    flipped = rng.choice(len(fit.y), len(fit.y) // 3, replace=False)
    tied = dataclasses.replace(
        fit,
        X=np.vstack([fit.X, fit.X[flipped]]),
        y=np.concatenate([fit.y, 1 - fit.y[flipped]]).astype(fit.y.dtype),
        rows=None,  # made anew from y
        labelled=None,
        labels=None,
    )
    voters = 5
    model = RankingReduction(
        "J48",
        base_options="-U -M 1",
        pairs_per_instance=20,
        voters=voters,
        seed=seed,
        pair_features="concat",
    ).fit(tied)
    assert sum(tied_leaves(member) for member in model.weka_model_.getMembers()) > 0
    rows = np.array(data.subset(test).X, dtype=np.float64)
    for row in range(len(rows)):
        rows[row, rng.choice(rows.shape[1], rng.integers(1, 4), replace=False)] = np.nan
    shared = rng.choice(len(rows), len(rows) // 3, replace=False)
    rows[shared, 16] = np.nan  # ALBUMIN (numeric)
    rows = np.vstack([rows, rows[:6]])
    one, two, brute = on_one_and_two_threads(model.weka_model_, rows)
    walked = one[2]
    assert one[1] == 0 and walked > len(rows) // 2
    assert 0 < one[3] < walked * (walked - 1) * voters  # every pair through every tree
    assert one[3] == two[3]
    assert 1 < len(np.unique(brute)) < len(rows)


@pytest.mark.slow  # 4,200 walked rows, their 17.6 million pairs asked too: 40 s
def test_walked_rows_over_two_chunks_as_asking_the_members(weka):
    """More walked rows than a chunk of second rows (4,096): two chunks, as asking.

    Every row misses the attribute the trees split on most, so that all the
    pairs are of two walked rows; the degrees are those of asking the members
    each pair, on two threads.
    """
    from weka_ranking.data import synthetic

    model = RankingReduction(
        "J48", pairs_per_instance=1, voters=3, pair_features="concat"
    ).fit(synthetic(1_500, seed=2))
    rows = np.array(synthetic(4_200, seed=3).X, dtype=np.float64)
    rows[:, 0] = np.nan  # x1, the strongest signal: every tree splits on it
    rows[::7, 3] = np.nan
    jrows = jpype.JArray.of(rows)
    everyone = jpype.JArray(jpype.JInt)(list(range(len(rows))))
    degrees = []
    for walk in (True, False):
        votes = committee(model.weka_model_, jrows, 2)
        exact = votes.exactTournament()
        exact.setWalkFractionally(walk)
        degrees.append(np.asarray(exact.tournament(everyone, votes).scores))
        assert exact.rowsWalked() == (len(rows) if walk else 0)
    np.testing.assert_array_equal(degrees[0], degrees[1])
    assert len(np.unique(degrees[0])) > 1
