"""The stored option strings of the studies' records: every one reads back as it meant.

The product reads every scheme text a study ever stored (the reproduction's
store, the LTR page), the ones written before a default changed included."""

from __future__ import annotations

import contextlib
import functools
import gzip
import json
from pathlib import Path

import pytest

from weka_ranking import (
    RankingReduction,
    WekaRankingWarning,
    bridge,
    learners,
    load_task,
)
from weka_ranking.folds import weka_folds
from weka_ranking.metrics import auc
from weka_ranking.params import (
    DEFAULT_PAIR_FEATURES,
    PARAMETERS,
    stored_scheme,
)
from weka_ranking_studies.monograph.run import MonographReduction

ROOT = Path(__file__).resolve().parents[3]
CLASSNAME = "weka.classifiers.meta.RankingReduction"


@functools.cache
def committed_records() -> list[dict]:
    """The committed reproduction store's records, read once (seconds a reading)."""
    with gzip.open(ROOT / "docs" / "results.jsonl.gz", "rt") as lines:
        return [json.loads(line) for line in lines]


def stored_schemes() -> set[str]:
    """Every meta-classifier scheme in the committed results."""
    schemes = {record["scheme"] for record in committed_records()}

    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "scheme":
                    schemes.add(item)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(json.loads((ROOT / "docs" / "ltr.json").read_text()))
    return {s.removeprefix(CLASSNAME + " ") for s in schemes if s.startswith(CLASSNAME)}


def test_every_stored_scheme_parses_back(weka):
    schemes = stored_schemes()
    assert len(schemes) > 100
    assert any("-G first" in s for s in schemes)
    assert any("-one-order" in s for s in schemes)
    for scheme in schemes:
        params = bridge.params_from_options(stored_scheme(scheme))
        tokens = bridge.split_options(scheme)
        head = tokens[: tokens.index("--")] if "--" in tokens else tokens
        for p in PARAMETERS:
            if p.weka_flag in head:  # what the scheme says, read back unchanged
                given = head[head.index(p.weka_flag) + 1]
                assert p.to_text(params[p.name]) == given, (scheme, p.name)
        if "-pair-features" not in head:  # stored before the defaults changed
            assert params["pair_features"] == "concat", scheme
        variant = "-one-order" in head or "-positions" in head
        with (
            pytest.warns(WekaRankingWarning, match="left out: a study's variant")
            if variant
            else contextlib.nullcontext()
        ):
            model = RankingReduction.from_options(stored_scheme(scheme))
        assert model.base == learners.canonical(params["base"])


def test_every_stored_scheme_says_its_pairs_and_voters():
    # so that the pair features are all that stored_scheme has to add
    for scheme in stored_schemes():
        head = scheme.split(" -- ")[0].split()
        assert "-P" in head and "-I" in head, scheme


def test_an_old_stored_scheme_reruns_as_the_concat_it_meant(weka):
    # A cell of the committed store (J48, all pairs, hepatitis), its scheme
    # text written when concat was the default and left out: read through
    # stored_scheme, it trains what it trained then, fold for fold.
    records = [
        r
        for r in committed_records()
        if (r["task"], r["learner"], r["config"], r["variant"], r["ranker"])
        == ("hepatitis", "J48", "original", "", "tournament")
    ]
    assert len(records) == 10
    data = load_task("hepatitis")
    folds = list(weka_folds(data.y, 10, 1))
    for record in records:
        scheme = record["scheme"].removeprefix(CLASSNAME + " ")
        assert "-pair-features" not in scheme
        assert bridge.params_from_options(scheme)["pair_features"] == (
            DEFAULT_PAIR_FEATURES  # what Java makes of the bare text today
        )
        # ranked as the reproduction ranks, by the degree as first element
        model = MonographReduction.from_options(stored_scheme(scheme))
        assert model.pair_features == "concat"
        train, test = (data.subset(rows) for rows in folds[record["fold"]])
        scores = model.fit(train).decision_function(test)
        assert auc(test.y, scores) == record["auc"], record["fold"]
