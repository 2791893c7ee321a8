"""docs/ltr.md is rendered from values computed once (saved in ltr.json)."""

import json
from pathlib import Path

import pytest

from weka_ranking_studies.ltr import report

pytestmark = pytest.mark.fast
DOCS = Path(__file__).resolve().parents[3] / "docs"
COMMAND = "weka-ranking ltr mq2008 --json --out DIR --heap 8g"


@pytest.fixture(scope="module")
def values():
    return report.page_values(json.loads((DOCS / "ltr.json").read_text()), COMMAND)


def test_the_committed_page_is_its_values_rendered(values):
    page = (DOCS / "ltr.md").read_text()
    # ltr.json holds no per-query rows, so the standing paragraph (its tests
    # need them) is the one part rendered from the run itself.
    assert values["standing"] is None
    standing = page.index("## Where the reduction stands")
    after = page.index("AdaRank (Xu and Li's")
    assert report.render(values) == page[:standing] + page[after:]


def test_every_number_comes_from_the_values(values):
    changed = json.loads(json.dumps(values))
    first = changed["tables"]["letor4"][0]
    first["metrics"][0] = 0.1234
    first["p_value"] = 0.0123
    changed["wall_minutes"] = 99.0
    changed["standing"] = {
        "chosen": ["reduction-rf-tournament"],
        "reduction_map": 0.5,
        "xgboost_map": 0.4,
        "gap": 0.1,
        "within": True,
        "queries": 7,
        "randomization_p": 0.25,
        "paired_t_p": 0.5,
    }
    text = report.render(changed)
    row = next(line for line in text.splitlines() if line.startswith("| adarank-map"))
    assert row.startswith("| adarank-map | 0.1234 |") and "| 0.012 † |" in row
    assert "Wall time: 99.0 minutes" in text
    assert "MAP is 0.5000, +0.1000 against" in text and "within 0.005" in text
    assert "Over the 7 test queries" in text
