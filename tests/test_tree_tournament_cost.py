"""The tree tournament's cost said before it starts, decided once in Java.

Rows with a missing value where a tree splits make the exact tournament
quadratic in them: their pairs are asked of the members (REPTree) or walked
with J48's fractions. ``TreeTournament.costSaid`` prices them (the pairs of
two walked rows on a sample of their work, ``WalkedPairs.sampleWork``) and
gives the sentences both faces say from ``secondsWorthSaying`` on two idle
cores: Python's warnings and WEKA's standard error, in the same words.
"""

import dataclasses
import warnings

import jpype
import numpy as np
import pytest

from weka_ranking import RankingReduction, bridge, load_arff
from weka_ranking.data import Dataset, synthetic
from weka_ranking.progress import WekaRankingWarning

PACKAGE = "weka.classifiers.meta.rankingreduction"


def tournament_class():
    return jpype.JClass(f"{PACKAGE}.TreeTournament")


def exact_tournament(reduction, rows: np.ndarray):
    """The committee ``rank`` builds on the rows, and its exact tournament."""
    votes = bridge.rank_committee(reduction, rows)
    return votes, votes.exactTournament()


@pytest.fixture
def said_from(weka):
    """Sets from how many seconds the cost is said (Java's property); unsets it."""
    system = jpype.JClass("java.lang.System")
    key = str(tournament_class().COST_WORTH_SAYING)
    assert system.getProperty(key) is None

    def set_seconds(seconds: float) -> None:
        system.setProperty(key, str(seconds))

    yield set_seconds
    system.clearProperty(key)


@pytest.fixture(scope="module")
def fitted_j48(weka) -> RankingReduction:
    return RankingReduction("J48", pairs_per_instance=1, voters=3).fit(
        synthetic(1_500, seed=2)
    )


def test_the_estimate_scales_the_sample_to_the_walked_rows_pairs(weka):
    """The pairs of two walked rows priced by the sample's work a pair.

    The same work a pair on a sample twice as large costs the same; twice
    the work on the same sample, twice as much; 3 kinds of walked rows have
    three times the pairs of 2 (pairs of a row with itself left out). Each
    kind is walked once through the trees; the clean rows' part grows with
    their pairs with the walked rows, both ways.
    """
    seconds = tournament_class().walkedSeconds
    sample = jpype.JArray(jpype.JLong)

    def together(kinds, work):  # the pairs of two kinds of walked rows' part
        return seconds(kinds, kinds, 0, 10, sample(work)) - seconds(
            kinds, kinds, 0, 10, sample([0] * 4)
        )

    work = [1_000, 3_000, 50_000, 20_000]
    assert together(500, work) > 0
    assert together(500, work) == pytest.approx(
        together(500, [2_000] + [2 * w for w in work[1:]])
    )
    assert together(500, [*work[:1], *(2 * w for w in work[1:])]) == pytest.approx(
        2 * together(500, work)
    )
    assert together(3, work) == pytest.approx(3 * together(2, work))
    none = sample([0] * 4)
    assert seconds(500, 500, 0, 10, none) > seconds(500, 50, 0, 10, none) > 0
    clean = [seconds(500, 500, c, 10, none) for c in (0, 10_000, 20_000)]
    assert clean[2] - clean[1] == pytest.approx(clean[1] - clean[0])
    assert clean[1] > clean[0]


def test_a_sample_of_few_walked_rows_is_the_tournaments_work(fitted_j48, weka):
    """Up to the sample's size, it counts what the tournament then does.

    Every pair of two walked rows is in the sample, and its trees walked for
    one pair are the tournament's own count (``lastTreeWalks``); the
    estimate is the arithmetic's on the sample.
    """
    X = np.array(synthetic(600, seed=3).X, dtype=np.float64)
    X[::20, 0] = np.nan  # x1, the strongest signal: every tree splits on it
    walked = int(np.isnan(X).any(axis=1).sum())
    assert walked == 30  # under WalkedPairs.SAMPLE_FIRST: the sample is every pair
    votes, exact = exact_tournament(fitted_j48.weka_model_, X)
    work = exact.sampledWork()
    assert int(work[0]) == walked * (walked - 1)
    exact.tournament(jpype.JArray(jpype.JInt)(list(range(len(X)))), votes)
    assert int(exact.rowsWalked()) == walked
    assert int(work[1]) == int(exact.lastTreeWalks()) > 0
    expected = tournament_class().walkedSeconds(
        walked, walked, len(X) - walked, 3, work
    )
    assert exact.walkedSeconds() == expected


def nominal(n: int, attributes: int, seed: int, folder) -> Dataset:
    """Rows of attributes of 4 values, the class three of them, 10 % noise."""
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 4, (n, attributes))
    y = ((X[:, 0] < 2) ^ (X[:, 1] == 2) ^ (X[:, 2] == 3)) != (rng.random(n) < 0.1)
    lines = ["@relation nominal"]
    lines += [f"@attribute a{j} {{p,q,r,s}}" for j in range(attributes)]
    lines += ["@attribute class {no,yes}", "@data"]
    lines += [
        ",".join("pqrs"[v] for v in row) + ("," + ("yes" if c else "no"))
        for row, c in zip(X, y)
    ]
    path = folder / "nominal.arff"
    path.write_text("\n".join(lines) + "\n")
    return load_arff(path)


def test_said_on_a_nominal_batch_whose_walked_rows_miss_the_top_split(weka, tmp_path):
    """A case like a new user's mushroom cut, priced without running it.

    6,000 distinct nominal rows, half of them missing the trees' top
    attribute: their 9 million pairs of two walked rows walk most trees, as
    the mushroom cut's did (where the price by pairs alone had said 1.6 s
    for 6 to 8 s and kept quiet). Ranked with 40 % missing, they took 14 s
    at load 5, 13.4 CPU seconds more than the same rows clean (priced 5.7 s
    on two idle cores, the 1.7 of them the tournament keeps busy: 9.7).
    """
    data = nominal(6_000, 12, 1, tmp_path)
    reduction = RankingReduction().fit(data).weka_model_
    X = np.array(data.X, dtype=np.float64)
    X[np.arange(len(X)) % 2 == 0, 0] = np.nan
    _, exact = exact_tournament(reduction, X)
    walked = int(exact.rowsWalked())
    assert walked == len(X) / 2
    seconds = float(exact.walkedSeconds())
    assert seconds >= tournament_class().DEFAULT_SECONDS_WORTH_SAYING
    said = [str(s) for s in exact.costSaid()]
    assert said == [
        f"{walked:,} of {len(X):,} instances have a missing value where a J48 tree "
        f"splits: the exact tournament counts their "
        f"{walked * (len(X) - 1) + walked * (len(X) - walked):,} pairs, both ways, "
        "from the rows as WEKA walks them (fractions), "
        f"{walked * (walked - 1):,} of them pairs of two such instances, each walked "
        f"where a tree's answer is open: about {round(seconds)} s on two idle cores, "
        "priced on a sample of those pairs (docs/meta-classifier.md)"
    ]
    assert bridge.tournament_cost_said(reduction, X, "the rows") == said


def test_not_said_below_the_threshold_nor_asked_on_clean_rows(
    fitted_j48, weka, monkeypatch
):
    """A few walked rows are not worth saying; clean rows do not even ask Java.

    The Python face's check of NaN keeps clean data from costing anything.
    """
    X = np.array(synthetic(600, seed=3).X, dtype=np.float64)
    _, exact = exact_tournament(fitted_j48.weka_model_, X)
    assert list(exact.costSaid()) == []
    assert exact.walkedSeconds() == 0

    def asked(*args):
        raise AssertionError("Java asked the cost of rows without a missing value")

    monkeypatch.setattr(bridge, "tournament_cost_said", asked)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert fitted_j48.ranking(X).comparisons == 0
    monkeypatch.undo()
    X[[3, 50, 400], 0] = np.nan
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert fitted_j48.ranking(X).comparisons == 0  # 3 walked rows: under 5 s


@pytest.mark.parametrize("learner", ["J48", "REPTree"])
def test_both_faces_say_javas_sentences(learner, said_from, weka, capfd):
    """Python warns with Java's sentences; WEKA's face prints them itself.

    With the threshold at 0 s (the property both faces read), 3 walked rows
    of 600 are said. A J48 committee walks them, asking none of their
    pairs; a REPTree committee asks each of them, both ways, of the members.
    In a JVM Python did not start, the tournament prints the same sentences
    on standard error before the work.
    """
    fitted = RankingReduction(learner, pairs_per_instance=1, voters=3)
    fitted.fit(synthetic(1_500, seed=2))
    data = synthetic(600, seed=3)
    X = np.array(data.X, dtype=np.float64)
    X[[3, 50, 400], 0] = np.nan
    said_from(0)
    _, exact = exact_tournament(fitted.weka_model_, X)
    said = [str(s) for s in exact.costSaid()]
    pairs = 3 * 599 + 3 * 597
    assert len(said) == 1
    if learner == "J48":
        assert said[0].startswith(
            f"3 of 600 instances have a missing value where a J48 tree splits: the "
            f"exact tournament counts their {pairs:,} pairs"
        )
    else:
        assert said[0] == (
            f"3 of 600 instances have a missing value where a tree splits: the exact "
            f"tournament asks each of their {pairs:,} pairs, both ways, of the members "
            "one by one, some 800,000 a second on two idle cores "
            "(docs/meta-classifier.md)"
        )
    with pytest.warns(WekaRankingWarning) as warned:
        ranking = fitted.ranking(X)
    assert ranking.comparisons == (0 if learner == "J48" else pairs)
    assert [str(w.message) for w in warned] == [f"the array X: {s}" for s in said]

    system = jpype.JClass("java.lang.System")
    key = str(tournament_class().COST_SAID_BY_CALLER)
    assert system.getProperty(key) == "true"  # Python's JVM: Python says it
    instances = bridge.instances_like(
        dataclasses.replace(data, X=X), fitted.weka_model_
    )
    capfd.readouterr()
    system.clearProperty(key)
    try:
        fitted.weka_model_.rank(instances)
    finally:
        system.setProperty(key, "true")
    printed = [
        line
        for line in capfd.readouterr().err.splitlines()
        if line.startswith("RankingReduction: ")
    ]
    assert printed == [f"RankingReduction: {s}" for s in said]


def test_a_threshold_that_is_not_a_number_is_refused(said_from, weka):
    said_from("soon")  # type: ignore[arg-type]
    with pytest.raises(Exception, match="tournamentCostWorthSaying must be a number"):
        tournament_class().secondsWorthSaying()
