"""The heap estimate before training: its structure, and one measured against it."""

import re

import pytest

from weka_ranking import RankingReduction, bridge, load_task, memory
from weka_ranking.errors import JavaError
from weka_ranking.learners import NAMED_LEARNERS

# The configuration the costs were measured on, unless a test says otherwise.
ALL_PAIRS_SIDE_BY_SIDE = {"-P": "all", "-I": "1", "-pair-features": "concat"}


def _footprint(data, options):
    pinned = [
        word
        for flag, value in ALL_PAIRS_SIDE_BY_SIDE.items()
        if flag not in options
        for word in (flag, value)
    ]
    return bridge.training_footprint(
        bridge.make_reduction(pinned + options), bridge.to_instances(data)
    )


@pytest.fixture(scope="module")
def spambase():
    return load_task("spambase")


@pytest.fixture(scope="module")
def kr_vs_kp():
    return load_task("kr-vs-kp")


def test_a_member_costs_its_pairs_and_a_fixed_part(weka, breast_cancer):
    # J48 -B (binary nominal splits) is trained on the pair instances.
    sampled = _footprint(breast_cancer, ["-P", "3", "-I", "4", "--", "-B"])
    assert sampled["pairs_per_member"] == 3 * len(breast_cancer)
    assert not sampled["from_rows"]
    assert sampled["bytes_per_member"] == (
        sampled["bytes_per_model"] + 3 * len(breast_cancer) * sampled["bytes_per_pair"]
    )


def test_naive_bayes_costs_the_same_per_pair_whatever_the_attributes(
    weka, spambase, kr_vs_kp
):
    options = ["-P", "1", "-W", NAMED_LEARNERS["NaiveBayes"]]
    numeric = _footprint(spambase, options)
    nominal = _footprint(kr_vs_kp, options)
    assert numeric["bytes_per_pair"] == nominal["bytes_per_pair"]


def test_j48_costs_more_per_pair_on_numeric_attributes(weka, spambase, kr_vs_kp):
    numeric = _footprint(spambase, ["-P", "1"])["bytes_per_pair"]
    nominal = _footprint(kr_vs_kp, ["-P", "1"])["bytes_per_pair"]
    mixed = _footprint(load_task("hepatitis"), ["-P", "1"])["bytes_per_pair"]
    assert nominal < mixed < numeric  # deeper trees: a copy of the views a level


@pytest.mark.parametrize("learner", ["SMO", "weka.classifiers.rules.OneR"])
def test_copying_learners_pay_for_the_binary_width(weka, learner, breast_cancer):
    # breast-cancer's 9 nominal attributes become 48 binary ones a side; a
    # learner of unmeasured memory is counted as one that copies. Both are
    # trained on the pair instances (J48 -B: binary splits, no path from the rows).
    options = ["-P", "1", "-W", NAMED_LEARNERS.get(learner, learner)]
    copying = _footprint(breast_cancer, options)
    j48 = _footprint(breast_cancer, ["-P", "1", "--", "-B"])
    assert not copying["from_rows"] and not j48["from_rows"]
    assert copying["bytes_per_pair"] > j48["bytes_per_pair"] + 8 * (2 * 48 + 1)


@pytest.mark.parametrize("learner", ["J48", "NaiveBayes", "Logistic"])
def test_all_pairs_cost_rows_when_trained_from_the_rows(weka, learner, kr_vs_kp):
    """A member costs its fixed bytes and its pairs', however it is trained."""
    footprint = _footprint(kr_vs_kp, ["-W", NAMED_LEARNERS[learner]])
    per_pairs = footprint["pairs_per_member"] * footprint["bytes_per_pair"]
    assert footprint["bytes_per_member"] == footprint["bytes_per_model"] + per_pairs
    if footprint["from_rows"]:  # all pairs from the rows: nothing a pair
        assert footprint["bytes_per_pair"] == 0


def test_a_member_trained_from_the_rows_costs_its_rows(weka, kr_vs_kp):
    all_pairs = _footprint(kr_vs_kp, [])
    assert all_pairs["from_rows"] and all_pairs["pairs_per_member"] == 5_097_126
    # J48 -B trains on the pair instances: the model's bytes without the rows.
    instances = _footprint(kr_vs_kp, ["-P", "1", "--", "-B"])
    assert not instances["from_rows"]
    per_rows = all_pairs["bytes_per_model"] - instances["bytes_per_model"]
    # 36 attributes: 16 bytes each and 256 a row.
    assert per_rows == len(kr_vs_kp) * (16 * 36 + 256)
    # Sampled pairs: J48 from the pair list, each pair's rows, label, place,
    # weight (36 bytes; kr-vs-kp has no numeric attribute to sort) beside the rows.
    sampled = _footprint(kr_vs_kp, ["-P", "1"])
    assert sampled["from_rows"]
    assert sampled["bytes_per_model"] == all_pairs["bytes_per_model"]
    assert sampled["bytes_per_pair"] == 36


def test_sampled_pairs_from_the_rows_are_advised_the_pairs_that_fit(
    weka, spambase, monkeypatch
):
    """The pairs_per_instance advised is the most that fit, trained from the rows."""
    model = RankingReduction("J48", pairs_per_instance=8, voters=2, threads=2)
    reduction = model._reduction(spambase.positive_index)
    instances = bridge.to_instances(spambase)

    def check(p: int) -> None:
        reduction.setOptions(["-P", str(p)])
        footprint = bridge.training_footprint(reduction, instances)
        assert footprint["from_rows"] and footprint["members_at_once"] == 2
        memory.check_heap(footprint, len(spambase), spambase.X.shape[1], members=2)

    monkeypatch.setattr(bridge, "free_heap", lambda collect=False: (100 << 20, 1 << 30))
    with pytest.raises(JavaError) as caught:
        check(8)
    message = str(caught.value)
    assert f"training on {len(spambase)} rows (" in message
    assert "pairs a member, counted from the rows) for each of 2 members" in message
    assert "use threads=1" in message
    p = int(re.search(r"use pairs_per_instance=(\d+) ", message).group(1))
    assert 1 < p < 8
    check(p)
    # The most that fit with a quarter of the free heap to spare.
    monkeypatch.setattr(bridge, "free_heap", lambda collect=False: (80 << 20, 1 << 30))
    check(p)
    with pytest.raises(JavaError):
        check(p + 1)


def _fake(from_rows: bool, per_member: int) -> dict:
    return {
        "pairs_per_member": 1_000_000,
        "members_at_once": 2,
        "bytes_per_pair": 500,
        "bytes_per_model": 1 << 20,
        "bytes_per_member": per_member,
        "from_rows": from_rows,
    }


@pytest.mark.fast
def test_the_check_compares_the_members_at_once_with_the_free_heap(monkeypatch):
    monkeypatch.setattr(bridge, "free_heap", lambda collect=False: (100 << 20, 1 << 30))
    memory.check_heap(_fake(True, 50 << 20), 1000, 10)  # 2 x 50 MB fit
    with pytest.raises(JavaError) as caught:
        memory.check_heap(_fake(True, 51 << 20), 1000, 10)
    message = str(caught.value)
    assert message.startswith(
        "training on 1000 rows (1000000 pairs a member, counted from the rows) for "
        "each of 2 members trained at once needs about 102 MB of JVM heap, and 100 MB"
    )
    # (80 MB, a quarter to spare, / 2 members - 1 MB) / 500 bytes a pair.
    p = ((100 << 20) * 4 // 5 // 2 - (1 << 20)) // 500 // 1000
    assert f"use pairs_per_instance={p} (about {p * 1000} pairs)" in message
    assert "use threads=1" in message


@pytest.mark.fast
def test_no_fewer_pairs_are_advised_where_the_rows_are_the_whole_cost(monkeypatch):
    monkeypatch.setattr(bridge, "free_heap", lambda collect=False: (100 << 20, 1 << 30))
    # All pairs from the rows: the rows are the member's fixed bytes, a pair nothing.
    footprint = {**_fake(True, 101 << 20), "members_at_once": 1, "bytes_per_pair": 0}
    footprint["bytes_per_model"] = 101 << 20
    with pytest.raises(JavaError) as caught:
        memory.check_heap(footprint, 1000, 10)
    assert "pairs_per_instance" not in str(caught.value)


@pytest.mark.fast
def test_garbage_left_by_earlier_work_is_collected_before_a_refusal(monkeypatch):
    # An experiment's worker has run other units: the heap looks full of
    # garbage until a collection, which the check asks for before refusing.
    asked = []

    def free_heap(collect=False):
        asked.append(collect)
        return ((200 if collect else 40) << 20, 1 << 30)

    monkeypatch.setattr(bridge, "free_heap", free_heap)
    memory.check_heap(_fake(True, 50 << 20), 1000, 10)
    assert asked == [False, True]
    with pytest.raises(JavaError, match="and 200 MB is free"):
        memory.check_heap(_fake(True, 101 << 20), 1000, 10)


@pytest.mark.fast
def test_the_check_names_the_pairs_on_the_pair_instances(monkeypatch):
    monkeypatch.setattr(bridge, "free_heap", lambda collect=False: (100 << 20, 1 << 30))
    with pytest.raises(JavaError, match="1000000 pairs of 20 attributes for each of 2"):
        memory.check_heap(_fake(False, 500_000_000), 1000, 10)


def test_naive_bayes_from_the_rows_counts_what_its_sum_order_holds(weka):
    # Replaying WEKA's order on numeric attributes sorts pair numbers, 20 bytes
    # a pair; exact sums from the rows, or nominal attributes only: the rows alone.
    from weka_ranking import RankingReduction, bridge, load_task

    def footprint(task, sum_order):
        data = load_task(task)
        model = RankingReduction(
            "NaiveBayes",
            pairs_per_instance="all",
            voters=1,
            pair_features="concat",
            sum_order=sum_order,
        )
        reduction = model._reduction(data.positive_index)
        return bridge.training_footprint(reduction, bridge.to_instances(data))

    rows, replay = footprint("glass", "rows"), footprint("glass", "pairs")
    assert rows["from_rows"] and replay["from_rows"]
    pairs = rows["pairs_per_member"]
    assert replay["bytes_per_member"] >= 20 * pairs
    assert replay["bytes_per_member"] - rows["bytes_per_member"] == 20 * pairs
    for sum_order in ("rows", "pairs"):
        nominal = footprint("kr-vs-kp", sum_order)
        assert nominal["from_rows"]
        assert nominal["bytes_per_member"] < 4 * nominal["pairs_per_member"]
