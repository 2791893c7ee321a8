"""The choice of the default: the statistics it rests on, the rule, the page."""

import itertools
import json
import random
import shutil
from pathlib import Path

import pytest
from scipy.stats import wilcoxon

from weka_ranking.errors import DataError
from weka_ranking.experiments import ResultStore, registration, report
from weka_ranking.experiments.plan import read_plan
from weka_ranking.experiments.report import write_report
from weka_ranking.params import AUTO_PAIRS_FROM, BY_NAME, auto_pairs
from weka_ranking.stats import wilcoxon_signed_rank
from weka_ranking_studies import choosing

SUITE = Path(__file__).resolve().parents[3] / "docs" / "suite"
PAGE = SUITE.parent / "choosing.md"
ROUND_2 = SUITE.parent / "choice-round2"


@pytest.mark.parametrize("seed", range(6))
def test_wilcoxon_equals_scipys_exact_test_without_ties(seed):
    rng = random.Random(seed)
    differences = [rng.gauss(0.01, 0.03) for _ in range(12)]
    w_plus, n, p = wilcoxon_signed_rank(differences)
    assert n == 12
    assert w_plus == sum(
        rank + 1 for rank, d in enumerate(sorted(differences, key=abs)) if d > 0
    )
    assert p == pytest.approx(wilcoxon(differences, method="exact").pvalue, abs=1e-12)


def test_wilcoxon_with_ties_and_zeros_counts_every_sign_pattern():
    differences = [0.02, -0.02, 0.01, 0.0, 0.03, 0.01, 0.02, -0.005, 0.0, 0.04]
    w_plus, n, p = wilcoxon_signed_rank(differences)
    nonzero = [d for d in differences if d != 0]
    magnitudes = sorted(abs(d) for d in nonzero)
    rank = {
        m: (magnitudes.index(m) + 1 + len(magnitudes) - magnitudes[::-1].index(m)) / 2
        for m in magnitudes
    }
    ranks = [rank[abs(d)] for d in nonzero]
    centre = sum(ranks) / 2
    observed = abs(sum(r for r, d in zip(ranks, nonzero) if d > 0) - centre)
    as_extreme = sum(
        abs(sum(r for r, s in zip(ranks, signs) if s) - centre) >= observed - 1e-12
        for signs in itertools.product([False, True], repeat=len(ranks))
    )
    assert n == 8 and w_plus == pytest.approx(centre + observed)
    assert p == as_extreme / 2 ** len(ranks)
    assert wilcoxon_signed_rank([0.0, 0.0]) == (0.0, 0, 1.0)


def _config(name, worst, rank, seconds=1.0):
    return {"scheme": name, "worst": worst, "average_rank": rank, "seconds": seconds}


def test_the_rule_picks_the_best_ranked_eligible_then_the_cheaper():
    chosen, eligible = choosing.pick(
        [
            _config("best rank, too low once", -0.02, 2.0),
            _config("eligible", -0.004, 5.0, seconds=9.0),
            _config("eligible, as good, cheaper", 0.001, 5.0, seconds=3.0),
            _config("eligible, worse rank", 0.01, 6.0),
        ],
        0.005,
    )
    assert chosen["scheme"] == "eligible, as good, cheaper"
    assert [c["scheme"] for c in eligible] == [
        "eligible",
        "eligible, as good, cheaper",
        "eligible, worse rank",
    ]


def test_with_none_eligible_the_rule_takes_the_smallest_shortfall():
    chosen, eligible = choosing.pick(
        [_config("a", -0.02, 2.0), _config("b", -0.006, 7.0), _config("c", -0.03, 1.0)],
        0.005,
    )
    assert (chosen["scheme"], eligible) == ("b", [])


def lowered(values_file: Path, schemes: list[str], by: float) -> None:
    """The schemes' mean AUC on the first data set moved down, as a rerun would."""
    values = json.loads(values_file.read_text())
    cells = values["per_dataset"][0]["cells"]
    for scheme in schemes:
        cells[scheme]["mean"] -= by
        cells[scheme]["alone"]["difference"] -= by
    values_file.write_text(json.dumps(values))


@pytest.fixture(scope="module")
def suite_values():
    return choosing.round_1(SUITE)


@pytest.fixture(scope="module")
def round_2():
    return choosing.later_round(ROUND_2)


def test_the_committed_page_is_what_the_suite_gives(suite_values, round_2):
    page = PAGE.read_text()
    assert page == choosing.render(suite_values, choosing.advice(PAGE), (round_2,))


def test_the_default_of_both_faces_is_the_last_rounds_choice(round_2):
    # Since 0.3.0 the pairs follow the training size (-P auto, docs/held-out-4):
    # the round's choice on every data set below 5,000 training rows, as the
    # suite's are.
    chosen = round_2["chosen_values"]
    for name in ("base", "voters", "pair_features", "ranker"):
        assert chosen.get(name, BY_NAME[name].default) == BY_NAME[name].default, name
    assert BY_NAME["pairs_per_instance"].default == "auto"
    assert auto_pairs(AUTO_PAIRS_FROM) == chosen["pairs_per_instance"]


def test_round_1s_unwritten_tie_break_is_said_with_the_written_ones_pick(
    suite_values,
):
    """Equal worst shortfalls: the tie and what the rule's time tie-break takes."""
    by = {c["scheme"]: c for c in suite_values["comparisons"]}
    tied = suite_values["tied"]
    assert suite_values["chosen"]["scheme"] in tied and len(tied) > 1
    assert len({by[s]["worst"] for s in tied}) == 1
    fastest = min(tied, key=lambda s: by[s]["seconds"])
    assert suite_values["tied_by_time"] == fastest
    assert f"would have taken {fastest}." in choosing.render(suite_values, "# x")


def test_a_changed_result_changes_the_choice_and_the_page(suite_values, tmp_path):
    # The chosen configuration falls 0.5 below J48 alone on one data set of a
    # copy of the suite: it is no longer eligible, and the page says another.
    folder = tmp_path / "docs" / "suite"
    shutil.copytree(SUITE, folder)
    (tmp_path / "arff_data").symlink_to(SUITE.parents[1] / "arff_data")
    chosen = suite_values["chosen"]["scheme"]
    lowered(folder / "values.json", [chosen], 0.5)
    changed = choosing.round_1(folder)
    assert chosen not in changed["eligible"]
    assert changed["chosen"]["scheme"] != chosen
    assert choosing.render(changed, "# x") != choosing.render(suite_values, "# x")


def fold_aucs(folder: Path) -> dict[tuple[str, str], dict]:
    """Each (data set, scheme)'s fold AUCs by (run, fold)."""
    cells: dict[tuple[str, str], dict] = {}
    for r in ResultStore(folder).records():
        cell = cells.setdefault((r["dataset"], r["scheme_name"]), {})
        cell[r["run"], r["fold"]] = r["auc"]
    return cells


def test_round_2_repeats_round_1s_cells_on_the_same_folds():
    # The round reran J48 alone and round 1's choice: the same fold AUCs.
    first, again = fold_aucs(SUITE), fold_aucs(ROUND_2 / "suite")
    for scheme in ("J48 alone", "J48 1x10"):
        cells = [key for key in again if key[1] == scheme]
        assert len(cells) == 12
        for key in cells:
            assert again[key] == first[key], key


def test_a_round_keeps_the_incumbent_when_no_candidate_is_eligible(round_2, tmp_path):
    # The chosen candidate falls 0.5 below J48 alone on one data set of a copy
    # of the round: no candidate is eligible, and the incumbent stays.
    folder = tmp_path / "docs" / "choice-round2"
    shutil.copytree(ROUND_2, folder)
    for name in ("arff_data",):
        (tmp_path / name).symlink_to(ROUND_2.parents[1] / name)
    lowered(folder / "suite" / "values.json", round_2["eligible"], 0.5)
    changed = choosing.later_round(folder)
    assert round_2["eligible"] and changed["eligible"] == []
    assert changed["chosen"] == round_2["rule"]["incumbent"]
    assert choosing.render_round(changed) != choosing.render_round(round_2)


def test_a_round_reads_the_rule_its_store_registered(round_2, tmp_path):
    """A later round's rule as the engine recorded it, amended, over the file's."""
    folder = tmp_path / "docs" / "choice-round2"
    suite = folder / "suite"
    rule = {
        "text": "J48 3x10 alone against round 1's choice",
        **round_2["rule"],
        "candidates": ["J48 3x10"],
    }
    amendment = {"date": "2026-11-28", "text": "a looser tolerance", "tolerance": 1.0}
    registration.register(suite, {"runs": 1}, rule, (amendment,), 0, "plan.toml")
    shutil.copytree(ROUND_2, folder, dirs_exist_ok=True)  # then its results
    (tmp_path / "arff_data").symlink_to(ROUND_2.parents[1] / "arff_data")
    changed = choosing.later_round(folder)
    assert changed["rule"]["candidates"] == ["J48 3x10"]
    assert (changed["rule"]["tolerance"], changed["eligible"]) == (1.0, ["J48 3x10"])
    recorded = registration.entries(suite)[0]["recorded"]
    page = "\n".join(choosing.render_round(changed))
    assert (
        "as the engine registered it in "
        f"`docs/choice-round2/suite/registration.jsonl` at "
        f"{recorded} (UTC)"
    ) in page
    assert "with 1 amendment(s)" in page
    assert "a committed file" in "\n".join(choosing.render_round(round_2))


def test_a_round_that_is_not_a_round_is_said(tmp_path):
    (tmp_path / "rule.toml").write_text("[round]\nlearner = 'J48'\n")
    with pytest.raises(DataError, match="rule.toml: not a round"):
        choosing.later_round(tmp_path)


def test_the_committed_suite_report_is_what_its_store_gives(
    tmp_path, weka, monkeypatch
):
    """report.md and values.json from the committed store are the committed ones.

    The figures are not drawn: no byte of them is compared here, their drawing
    is a third of the test's time, and tests/test_experiment.py's report draws
    all three.
    """
    for figure in ("_critical_difference_figure", "_bayesian_figure", "_roc_figure"):
        monkeypatch.setattr(report, figure, lambda *args: None)
    monkeypatch.chdir(SUITE.parents[1])  # the plan's paths as the report gives them
    suite = SUITE
    plan = read_plan("docs/suite/plan.toml")
    command = (suite / "report.md").read_text().split("```\n")[1].strip()
    write_report(plan, suite, command, out=tmp_path)
    for name in ("report.md", "values.json"):  # results.arff spells today's options
        assert (tmp_path / name).read_text() == (suite / name).read_text(), name
