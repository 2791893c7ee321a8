"""The seam between Python and the Java class.

Java owns the rules and the facts, Python's parameter table matches Java's options, and
only the bridge calls Java methods.
"""

from __future__ import annotations

import ast
import inspect
import re
import subprocess
import sys
from pathlib import Path

import jpype
import numpy as np
import pytest

from weka_ranking import RankingReduction, bridge, learners, load_task
from weka_ranking.errors import DataError, ParameterError, WekaRankingWarning
from weka_ranking.params import (
    DEFAULT_PAIR_FEATURES,
    DEFAULT_PAIRS_PER_INSTANCE,
    DEFAULT_RANKER,
    DEFAULT_VOTERS,
    PAIR_FEATURES,
    PAIR_ORDERS,
    PARAMETERS,
    RANKERS,
    TIES,
    stored_scheme,
)

ROOT = Path(__file__).resolve().parent.parent
CLASSNAME = "weka.classifiers.meta.RankingReduction"


# -- Python's parameter table is Java's ----------------------------------------
def test_parameter_table_equals_the_java_options(weka):
    java = bridge.reduction_option_table(bridge.make_reduction([]))
    for p in PARAMETERS:
        if p.weka_flag == "--":
            continue
        assert p.weka_flag in java, p.name
        assert java[p.weka_flag]["takes_value"], p.name
        default = java[p.weka_flag]["value"]
        if p.name == "base":
            assert default == learners.classname(p.default)
        else:
            assert default == p.to_text(p.default), p.name
    assert set(java["-R"]["choices"]) == set(RANKERS)
    assert set(java["-ties"]["choices"]) == set(TIES)
    assert java["-pair-features"]["choices"] == PAIR_FEATURES
    assert java["-pair-order"]["choices"] == PAIR_ORDERS


def test_from_options_reads_the_options_the_data_sets(weka):
    with pytest.warns(WekaRankingWarning, match="-one-order: left out: a study's"):
        model = RankingReduction.from_options(
            "-W weka.classifiers.trees.J48 -P 2 -I 3 -G first -rank-first 2 -one-order"
        )
    assert (model.pairs_per_instance, model.voters) == (2, 3)


# -- Java's rules, in Python's words -------------------------------------------
@pytest.mark.parametrize(
    ("params", "name", "value"),
    [
        ({"ranker": "pointwise", "voters": 3}, "voters", 3),
        ({"ranker": "pointwise", "pairs_per_instance": 5}, "pairs_per_instance", 5),
        ({"pairs_per_instance": "all", "voters": 3}, "voters", 3),  # identical J48
    ],
)
def test_option_rules_are_javas_named_as_parameters(weka, params, name, value):
    with pytest.raises(ParameterError) as caught:
        RankingReduction("J48", **params).validate()
    assert (caught.value.name, caught.value.value) == (name, value)


def test_javas_reason_is_said_in_parameter_names(weka):
    with pytest.raises(ParameterError) as caught:
        RankingReduction("J48", ranker="pointwise", voters=3).validate()
    assert str(caught.value) == (
        "voters=3: pairs_per_instance and voters apply to the pairwise rankers; "
        "ranker='pointwise' is the base learner alone (leave pairs_per_instance and "
        "voters out, or give pairs_per_instance='all' and voters=1)"
    )


@pytest.mark.parametrize(
    "given",
    [
        {},  # the learner alone as users ask for it: --ranker pointwise, nothing else
        {"pairs_per_instance": "all", "voters": 1},  # as the stored schemes say it
        {"pairs_per_instance": "all"},
        {"voters": 1},
    ],
)
def test_pointwise_takes_the_default_or_all_pairs_and_one_voter(weka, given):
    model = RankingReduction("J48", ranker="pointwise", **given).validate()
    assert bridge.params_from_options(model.to_options())["ranker"] == "pointwise"


def test_both_faces_have_the_same_defaults(weka):
    def trained_the_same(params: dict) -> dict:  # WEKA's J48 reports its options
        return {**params, "base": learners.classname(params["base"]), "base_options": 0}

    fresh = trained_the_same(bridge.reduction_params(bridge.make_reduction([])))
    assert trained_the_same(RankingReduction().get_params()) == fresh
    # the estimator's signature is the table's, and Java reads Python's text back
    signature = inspect.signature(RankingReduction.__init__).parameters
    assert {p.name: signature[p.name].default for p in PARAMETERS} == {
        p.name: p.default for p in PARAMETERS
    }
    python_text = RankingReduction().to_options()
    assert trained_the_same(bridge.params_from_options(python_text)) == fresh
    java = weka(CLASSNAME)
    constants = {
        "pairs_per_instance": str(java().getPairsPerInstance()),
        "voters": int(java.DEFAULT_VOTERS),
        "ranker": str(java.TAGS_RANKER[java.DEFAULT_RANKER].getIDStr()),
        "pair_features": str(
            java.TAGS_PAIR_FEATURES[java.DEFAULT_PAIR_FEATURES].getIDStr()
        ),
    }
    assert constants["pairs_per_instance"] == str(DEFAULT_PAIRS_PER_INSTANCE)
    assert (constants["voters"], constants["ranker"], constants["pair_features"]) == (
        DEFAULT_VOTERS,
        DEFAULT_RANKER,
        DEFAULT_PAIR_FEATURES,
    )


def test_python_writes_the_pair_features_always(weka):
    # An absent -pair-features means concat in the texts stored before the
    # defaults changed (stored_scheme), and today's default to Java: a text
    # written now says which it is.
    for mode in PAIR_FEATURES:
        options = RankingReduction("J48", pair_features=mode).to_options()
        words = options.split()
        assert words[words.index("-pair-features") + 1] == mode
        assert stored_scheme(options) == options
        assert bridge.params_from_options(options)["pair_features"] == mode


@pytest.mark.parametrize(
    ("stored", "meant"),
    [
        (
            "-W weka.classifiers.trees.J48 -P all -I 1 -R tournament -- -C 0.25 -M 2",
            "-W weka.classifiers.trees.J48 -P all -I 1 -R tournament "
            "-pair-features concat -- -C 0.25 -M 2",
        ),
        (  # the learner's own options after -- are not the meta-classifier's
            "-W x.Learner -P 2 -I 3 -- -pair-features both",
            "-W x.Learner -P 2 -I 3 -pair-features concat -- -pair-features both",
        ),
        ("-W x.Learner -P 2 -I 3", "-W x.Learner -P 2 -I 3 -pair-features concat"),
        (  # written since the defaults changed: it says its pair features
            "-W x.Learner -P 1 -I 10 -pair-features difference -- -M 2",
            "-W x.Learner -P 1 -I 10 -pair-features difference -- -M 2",
        ),
    ],
)
def test_a_stored_text_without_pair_features_means_concat(stored, meant):
    assert stored_scheme(stored) == meant
    assert stored_scheme(meant) == meant


def test_one_class_training_data_is_refused_by_java(weka, breast_cancer):
    one_class = breast_cancer.subset(np.flatnonzero(breast_cancer.y == 0))
    with pytest.raises(DataError, match="one class only"):
        RankingReduction("J48").fit(one_class)


def test_sub_committee_range_is_javas(weka, breast_cancer):
    model = RankingReduction("J48", pairs_per_instance=1, voters=2).fit(breast_cancer)
    with pytest.raises(ParameterError, match=r"voters=3: must be in 1\.\.2") as caught:
        model.sub_committee(3)
    assert caught.value.value == 3


def test_ranker_of_another_training_is_refused_by_java(weka, breast_cancer):
    model = RankingReduction("J48", ranker="pointwise").fit(breast_cancer)
    with pytest.raises(ParameterError, match="fitted pointwise") as caught:
        model.set_params(ranker="quicksort").ranking(breast_cancer)
    assert caught.value.name == "ranker"


def test_counting_pairs_changes_nothing(weka, breast_cancer):
    reduction = bridge.make_reduction(["-P", "2", "-rank-first", "last"])
    instances = bridge.to_instances(breast_cancer)
    before = bridge.reduction_options(reduction)
    footprint = bridge.training_footprint(reduction, instances)
    assert footprint["pairs_per_member"] == 2 * len(breast_cancer)
    assert reduction.countPairs(instances) == footprint["pairs_per_member"]
    assert bridge.reduction_options(reduction) == before
    assert reduction.getTrainingHeader() is None  # still untrained


def test_heap_estimate_is_javas(weka, breast_cancer):
    instances = bridge.to_instances(breast_cancer)
    j48 = bridge.training_footprint(
        bridge.make_reduction(["-P", "1", "--", "-B"]), instances
    )
    smo = bridge.training_footprint(
        bridge.make_reduction(["-P", "1", "-W", "weka.classifiers.functions.SMO"]),
        instances,
    )
    # Both on the pair instances (J48 -B: no path from the rows): J48 trains on
    # the pair views; SMO copies each pair's values.
    assert not j48["from_rows"] and not smo["from_rows"]
    pair_attributes = 2 * len(breast_cancer.attributes) + 1
    assert smo["bytes_per_pair"] - j48["bytes_per_pair"] > 16 * pair_attributes


# -- WEKA's internals, read through one class that checks them at load ---------
def test_every_fast_path_finds_the_internals_it_reads_in_this_weka(weka):
    internals = weka("weka.classifiers.meta.rankingreduction.WekaInternals")
    declined = {str(path): path.declined() for path in internals.Path.values()}
    assert declined and all(reason is None for reason in declined.values()), declined


def test_an_internal_no_path_checked_names_itself_and_the_weka_version(weka):
    internals = weka("weka.classifiers.meta.rankingreduction.WekaInternals")
    smo = weka("weka.classifiers.functions.SMO")
    with pytest.raises(jpype.JException) as caught:
        internals.get(smo.class_, smo(), "m_NoSuchField")
    message = str(caught.value.getMessage())
    version = str(weka("weka.core.Version").VERSION)
    assert "weka.classifiers.functions.SMO.m_NoSuchField" in message
    assert f"WEKA {version}" in message


# -- only the bridge calls Java methods ----------------------------------------
CAMEL_CASE = re.compile(r"^[a-z]+[A-Z]")
# Python's own camelCase methods (the logging module's).
PYTHON_METHODS = {
    "getLogger",
    "setLevel",
    "setFormatter",
    "isEnabledFor",
    "addFilter",
    "hasHandlers",
}


def test_only_the_bridge_calls_java_methods():
    calls = []
    for path in sorted((ROOT / "weka_ranking").rglob("*.py")):
        if path.name in ("bridge.py", "jvm.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and CAMEL_CASE.match(node.func.attr)
                and node.func.attr not in PYTHON_METHODS
            ):
                where = path.relative_to(ROOT)
                calls.append(f"{where}:{node.lineno}: {node.func.attr}")
    assert calls == []


def test_the_scan_sees_a_java_call():
    tree = ast.parse("model.weka_model_.setMemberListener(None)")
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call))
    assert CAMEL_CASE.match(call.func.attr)


def test_header_difference_is_javas_in_the_datas_name(weka, breast_cancer):
    model = RankingReduction("J48", pairs_per_instance=1).fit(breast_cancer)
    other = load_task("hepatitis")
    with pytest.raises(DataError, match="header differs from the training data: "):
        model.ranking(other)
    reduction = model.weka_model_
    instances = bridge.instances_like(other, reduction)
    with pytest.raises(jpype.JException, match="attributes where the training data"):
        reduction.rank(instances)  # the rule is the Java class's, for WEKA users too


def test_the_jvm_says_nothing_of_netlibs_native_libraries():
    """netlib's "Failed to load implementation" lines, seen by a new user.

    The JVM names netlib's pure-Java BLAS, LAPACK and ARPACK, the ones it falls
    back to without native libraries: it looks for none and says nothing, even
    with the JVM's own log messages kept (``--verbose``).
    """
    code = """
import jpype
from weka_ranking import jvm
jvm.start(verbose=True)
for name in ("BLAS", "LAPACK", "ARPACK"):
    netlib = jpype.JClass("com.github.fommil.netlib." + name).getInstance()
    print(netlib.getClass().getSimpleName())
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.stderr == ""
    assert result.stdout.split() == ["F2jBLAS", "F2jLAPACK", "F2jARPACK"]
