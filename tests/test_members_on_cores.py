"""Members trained on every core, and a fitted committee's scoring state kept.

The members are independent (member i draws its pairs and its seed from
seed + i), so the number of threads changes the time, never the model: each
member is the same to the bit on 1, 2 and 4 threads, and so is every score.
A fitted committee keeps its members' flattened trees between calls; they
answer as the members themselves do, and a saved model, whose kept trees are
made again on loading, scores as it did.
"""

import pickle

import jpype
import numpy as np
import pytest

from weka_ranking import RankingReduction, bridge, clone, load_task
from weka_ranking.data import synthetic
from weka_ranking.folds import weka_folds

PACKAGE = "weka.classifiers.meta.rankingreduction"


@pytest.fixture(scope="module")
def hepatitis_fold(weka):
    """A fold of hepatitis: nominal and numeric attributes, missing values."""
    data = load_task("hepatitis")
    train, test = next(iter(weka_folds(data.y, 3, 1)))
    return data.subset(train), data.subset(test)


def member_bytes(model) -> list[bytes]:
    """Each trained member as Java serializes it."""
    out = []
    for member in model.weka_model_.getMembers():
        stream = jpype.JClass("java.io.ByteArrayOutputStream")()
        objects = jpype.JClass("java.io.ObjectOutputStream")(stream)
        objects.writeObject(member)
        objects.close()
        out.append(bytes(stream.toByteArray()))
    return out


@pytest.mark.parametrize(
    "params",
    [
        {},  # the default: J48, 2 pairs per instance, 10 voters
        {"base": "NaiveBayes", "voters": 4},
        pytest.param(
            {"base": "Logistic", "voters": 3, "ranker": "quicksort"},
            marks=pytest.mark.slow,
        ),
    ],
    ids=["default", "naive-bayes", "logistic-quicksort"],
)
def test_the_threads_change_no_member_and_no_score(params, hepatitis_fold):
    train, test = hepatitis_fold
    one = RankingReduction(**params, threads=1).fit(train)
    expected = member_bytes(one)
    assert len(set(expected)) == len(expected)  # each member its own sample
    for threads in (2, 4):
        model = clone(one).set_params(threads=threads)
        footprint = bridge.training_footprint(
            model._reduction(), bridge.to_instances(train)
        )
        assert footprint["members_at_once"] == min(threads, model.voters)
        model.fit(train)
        assert member_bytes(model) == expected
        assert model.member_seeds_ == one.member_seeds_
        for method in ("decision_function", "predict_proba"):
            assert (
                getattr(model, method)(test).tobytes()
                == getattr(one, method)(test).tobytes()
            )


def test_large_nodes_shared_among_the_members_threads_change_no_member():
    # Nodes of 2,000 rows and more are weighed in parts that a member's pool
    # lends to its idle threads (Parallel.share): the trees stay the same to
    # the bit whichever thread weighs which part, and however many parts.
    data = synthetic(3000, features=6)
    one = RankingReduction(voters=3, threads=1).fit(data)
    expected = member_bytes(one)
    for threads in (2, 3):
        model = clone(one).set_params(threads=threads).fit(data)
        assert member_bytes(model) == expected


def test_the_default_trains_as_many_members_at_once_as_cores(hepatitis_fold):
    train, _ = hepatitis_fold
    model = RankingReduction()
    assert model.threads == 0
    footprint = bridge.training_footprint(
        model._reduction(), bridge.to_instances(train)
    )
    cores = int(jpype.JClass("java.lang.Runtime").getRuntime().availableProcessors())
    assert footprint["members_at_once"] == min(cores, model.voters)


def test_a_heap_too_small_for_every_core_trains_fewer_at_once(weka):
    heap = weka(f"{PACKAGE}.HeapCheck")
    free = int(heap.freeHeap(True)[0])
    # one member about a third of the free heap: three fit beside one another
    assert heap.membersAtOnce(0, 10, free // 3 + 1) <= 2
    assert heap.membersAtOnce(0, 10, free * 2) == 1  # the heap check's to refuse
    assert heap.membersAtOnce(5, 10, free * 2) == 5  # asked for: the check counts them
    assert heap.membersAtOnce(16, 10, 1) == 10


def weka_majority(members, header, jrows, left, right) -> np.ndarray:
    """The members' own answers (classifyInstance), pair by pair: the slow path."""
    pair = jpype.JClass(f"{PACKAGE}.PairInstance")(jrows, 0, 0, float("nan"), 1.0)
    pair.setDataset(header)
    votes = np.zeros(len(left), dtype=int)
    for k, (a, b) in enumerate(zip(left, right)):
        pair.setPair(int(a), int(b))
        votes[k] = sum(int(m.classifyInstance(pair) == 1.0) for m in members)
    return votes


def test_kept_flat_trees_answer_as_the_members(hepatitis_fold, weka):
    train, test = hepatitis_fold
    reduction = RankingReduction(voters=3).fit(train).weka_model_
    members, header = reduction.getMembers(), reduction.getPairHeader()
    # None: the trees flattened here (a fit flattens them on the members'
    # threads; test_a_saved_model_scores_as_it_did compares the two)
    kept = weka(f"{PACKAGE}.Committee$Members")(members, None, header, 2)
    rng = np.random.default_rng(3)
    # one kept state, asked again on other rows: on both threads, then on one
    for rows, count in ((test.X, 9000), (train.X, 1000)):
        jrows = jpype.JArray(jpype.JDouble, 2)(list(np.asarray(rows, dtype=float)))
        committee = weka(f"{PACKAGE}.Committee")(
            kept, header, reduction.getModel().getPairLayout(), jrows, False
        )
        left, right = rng.integers(0, len(rows), (2, count))  # missing values too
        votes = committee.votes(
            jpype.JArray(jpype.JInt)(left.tolist()),
            jpype.JArray(jpype.JInt)(right.tolist()),
            len(left),
        )
        expected = weka_majority(members, header, jrows, left, right)
        np.testing.assert_array_equal(np.asarray(votes), expected)
        assert 0 < expected.mean() < 3


def test_a_saved_model_scores_as_it_did(hepatitis_fold, tmp_path):
    train, test = hepatitis_fold
    model = RankingReduction().fit(train)
    first = model.predict_proba(test).tobytes()
    ranked = model.decision_function(test).tobytes()
    assert model.predict_proba(test).tobytes() == first  # the kept trees
    model.save(tmp_path / "model.model")
    loaded = RankingReduction.load(tmp_path / "model.model")
    unpickled = pickle.loads(pickle.dumps(model))
    for again in (loaded, unpickled):
        assert again.predict_proba(test).tobytes() == first
        assert again.predict_proba(test.subset(np.arange(1))).tobytes() == first[:16]
        assert again.decision_function(test).tobytes() == ranked
