"""The report: rendering against golden files, and verdicts that follow the
numbers (no fixed prose)."""

import os
from pathlib import Path

import pytest

from weka_ranking.studies.monograph import hypotheses, render_cells
from weka_ranking.studies.monograph.aggregate import Results
from weka_ranking.studies.monograph.cells import cells
from weka_ranking.studies.monograph.report import original_markdown, to_markdown
from weka_ranking.tasks import STUDY_TASKS

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(scope="module")
def results():
    # A part of the reproduction's store: hepatitis and glass, J48 and
    # NaiveBayes, the published configurations.
    return Results.from_store(GOLDEN / "store")


def rendered(results):
    shares = {name: STUDY_TASKS[name].minority_share() for name in results.tasks}
    return {
        "reproduction.md": to_markdown(results, shares),
        "original.md": original_markdown(cells(results)),
    }


def test_the_report_renders_as_the_golden_files(results):
    """UPDATE_GOLDEN=1 rewrites them after a deliberate change (review the diff)."""
    for name, text in rendered(results).items():
        if os.environ.get("UPDATE_GOLDEN"):
            (GOLDEN / name).write_text(text)
        assert text == (GOLDEN / name).read_text(), name


def test_cells_aggregate_the_folds(results):
    cell = results.cell("J48", "glass", "original")
    assert cell.folds == 10
    # The published J48 glass `original` cell, reproduced exactly with the
    # file's class order and fold-order ties (docs/reproduction.md).
    assert results.published[("J48", "glass", "original")][0] == 0.83772
    reading = hypotheses.value(
        results, "J48", "glass", "original", hypotheses.FILE_ORDER
    )
    assert round(reading, 5) == 0.83772
    assert cell.mean["auc"] != reading  # ties one half: another number
    assert set(results.to_dict()["cells"]) >= {"main/J48/glass/original/tournament"}


def test_verdicts_follow_the_numbers(results):
    verdicts = hypotheses.verdicts(results)
    assert verdicts["file_order"]["supported_for"] == ["J48"]
    # Published numbers equal to our default reading: the file-order reading
    # then brings no more cells within 0.02 than the default, and is refused.
    moved = Results(results.cells, [], [], dict(results.published))
    for task in moved.tasks:
        for config in ("original", "star", "double_star"):
            cell = moved.cell("J48", task, config)
            moved.published[("J48", task, config)] = (cell.mean["auc"], 0.0)
    assert hypotheses.verdicts(moved)["file_order"]["supported_for"] == []
    assert "not supported for any learner" in rendered(moved)["reproduction.md"]


def test_deterministic_cells_are_judged_by_exact_match(results):
    rows = {
        (r["learner"], r["task"], r["config"]): r
        for r in hypotheses.exact_matches(results)
    }
    assert rows["J48", "glass", "original"]["exact"] == ["H2'+H4", "H1"]
    assert rows["J48", "hepatitis", "base"]["exact"] == [
        "WEKA's AUC in our class order"
    ]
    assert rows["J48", "hepatitis", "original"]["exact"] == []


def test_chance_rate_counts_the_other_cells_windows(results):
    reading = hypotheses.FILE_ORDER
    expected = hypotheses.expected_by_chance(results, "J48", reading)
    assert 0 < expected < hypotheses.score(results, "J48", reading).total
    far = Results(
        results.cells,
        [],
        [],
        {k: (v[0] + 5, v[1]) for k, v in results.published.items()},
    )
    assert hypotheses.expected_by_chance(far, "J48", reading) == 0


def test_leakage_is_the_fold_order_minus_ties_one_half(results):
    for row in hypotheses.leakage(results):
        cell = results.cell(row["learner"], row["task"], row["config"])
        assert row["ours"] == cell.mean["auc_stable"] - cell.mean["auc"]


def test_sampled_cells_are_judged_against_their_seeds(results):
    from weka_ranking.studies.monograph.aggregate import Cell

    def cell(auc):
        kinds = {"auc": auc, "auc_stable": auc, "auc_random": auc}
        return Cell(10, kinds, 0.0, dict.fromkeys(kinds, 0.0), 0, 0, 0, 0)

    means = [0.80 + 0.01 * s for s in hypotheses.SAMPLER_SEEDS]  # 0.81 .. 0.90
    cells = {
        ("", "J48", "glass", f"star/seed={s}", "tournament"): cell(m)
        for s, m in zip(hypotheses.SAMPLER_SEEDS, means)
    }
    cells[("", "J48", "glass", "original", "tournament")] = cell(0.5)  # glass present
    published = {("J48", "glass", "star"): (0.8525, 0.0)}
    (row,) = hypotheses.seed_spread(Results(cells, [], [], published))
    ours = row["ours"]
    assert ours["seeds"] == 10 and ours["mean"] == pytest.approx(0.855)
    assert ours["within"] == 4  # 0.84 .. 0.87
    assert ours["z"] == pytest.approx((0.8525 - 0.855) / ours["sd"])


def test_findings_are_summed_from_their_tests():
    def row(config, auc, low, high, significance):
        return {
            "finding": "J48 on yeast gains about +0.46 AUC from the reduction",
            "learner": "J48", "task": "yeast", "config": config,
            "auc": auc, "base_auc": 0.52, "difference_low": low,
            "difference_high": high, "claimed_difference": 0.46,
            "t": 3.0, "p": 0.01 if significance else 0.3,
            "significance": significance,
        }  # fmt: skip

    text = render_cells.tests_section(
        [row("original", 0.74, 0.04, 0.39, 1), row("star", 0.90, 0.20, 0.56, 1),
         row("double_star", 0.61, -0.09, 0.27, 0)]
    )  # fmt: skip
    assert "| J48 | yeast | star | 0.9000 | 0.5200 | +0.3800 (+0.2000, +0.5600)" in text
    assert "of 3 comparisons, 2 better, 0 worse, 1 no different" in text
    assert "+0.46 inside the interval in 1." in text
