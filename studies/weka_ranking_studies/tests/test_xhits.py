"""XHITS and AMCL (weka_ranking_studies.xhits).

HITS recovered exactly, the influence matrix's properties, AMCL's gradients against
finite differences, the study's determinism, its committed page and its command.
"""

import json
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from weka_ranking.cli import main
from weka_ranking.errors import ParameterError
from weka_ranking_studies.xhits.amcl import Graph, amcl, error, gradients
from weka_ranking_studies.xhits.graphs import ROLES, graph_set
from weka_ranking_studies.xhits.model import (
    dominant,
    hits_f,
    influence,
    power_iteration,
    reinforcement,
    xhits,
)
from weka_ranking_studies.xhits.page import to_markdown
from weka_ranking_studies.xhits.study import Plan, pagerank, run

pytestmark = pytest.mark.fast  # needs no JVM

DOCS = Path(__file__).resolve().parents[3] / "docs"


def random_graph(n: int, density: float, seed: int, loops: bool = False):
    rng = np.random.default_rng(seed)
    links = rng.random((n, n)) < density
    if not loops:
        np.fill_diagonal(links, False)
    return sp.csr_array(links.astype(float))


def top_singular_gap(a) -> float:
    values = np.linalg.svd(a.toarray(), compute_uv=False)
    return (values[0] - values[1]) / values[0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_k2_hits_equals_networkx(seed):
    a = random_graph(150, 0.04, seed)
    assert top_singular_gap(a) > 0.05  # the top singular vector is unique
    # networkx's hits is scipy's svds (ARPACK), whose start is random unless
    # given: a fixed one, so that how far it gets in its iterations is no chance.
    hubs, authorities = nx.hits(
        nx.from_scipy_sparse_array(a, create_using=nx.DiGraph),
        tol=1e-14,
        nstart=dict.fromkeys(range(150), 1.0),
    )
    f = hits_f()
    for reading, b in (("backward", f.T), ("reinforcement", np.zeros((2, 2)))):
        ranking = xhits(a, f, b, reading=reading, c=0.0)
        assert ranking.eigen.opposite  # C = 0: +/- lambda_1, reported
        authority, hub = ranking.r[:150], ranking.r[150:]
        expected = np.array([authorities[i] for i in range(150)])
        np.testing.assert_allclose(authority / authority.sum(), expected, atol=1e-9)
        expected = np.array([hubs[i] for i in range(150)])
        np.testing.assert_allclose(hub / hub.sum(), expected, atol=1e-9)


def test_m_is_the_kronecker_layout_symmetric_and_nonnegative():
    a = random_graph(30, 0.1, 4, loops=True)
    rng = np.random.default_rng(4)
    f, c = rng.random((3, 3)), rng.random((3, 3))
    c = c + c.T
    m = influence(a, f, c).toarray()
    np.testing.assert_array_equal(m, m.T)
    assert m.min() >= 0
    dense = a.toarray()
    for i in range(3):
        for j in range(3):
            block = m[30 * i : 30 * (i + 1), 30 * j : 30 * (j + 1)]
            expected = f[i, j] * dense.T + f[j, i] * dense + c[i, j] * np.eye(30)
            np.testing.assert_allclose(block, expected, atol=1e-15)


@pytest.mark.parametrize("c", [0.5, 2.0])
def test_power_iteration_converges_at_the_rate_lambda2_over_lambda1(c):
    m = influence(random_graph(120, 0.05, 5), hits_f(), c * np.eye(2))
    eigen = dominant(m)
    assert not eigen.tie and not eigen.opposite
    vector, steps = power_iteration(m)
    assert steps[-1] < 1e-12
    np.testing.assert_allclose(vector, eigen.vector, atol=1e-9)
    # the rate over the steps between 1e-4 and 1e-10; "about": the third
    # eigenvalue's mode has not died out there
    late = [i for i, step in enumerate(steps) if 1e-10 < step < 1e-4]
    rate = (steps[late[-1]] / steps[late[0]]) ** (1 / (late[-1] - late[0]))
    assert rate == pytest.approx(eigen.rate, rel=0.02)


def test_power_iteration_oscillates_at_c_zero():
    m = influence(random_graph(120, 0.05, 5), hits_f(), np.zeros((2, 2)))
    assert dominant(m).opposite
    _, steps = power_iteration(m, max_iter=500)
    # two vectors in turn: the step stops shrinking, far above convergence
    assert len(steps) == 500 and steps[-1] > 1e-3
    assert steps[-1] == pytest.approx(steps[-101], rel=1e-3)


@pytest.mark.parametrize("dense_up_to", [0, 2000])
def test_a_tie_between_the_top_two_eigenvalues_is_reported(dense_up_to):
    one = random_graph(40, 0.1, 6)
    a = sp.block_diag([one, one], format="csr")  # two copies: a double root
    m = influence(a, hits_f(), np.eye(2))
    assert dominant(m, dense_up_to=dense_up_to).tie
    assert not dominant(influence(one, hits_f(), np.eye(2))).tie


def test_lobpcg_equals_the_dense_decomposition():
    m = influence(random_graph(200, 0.03, 7), hits_f(), np.eye(2))
    dense, block = dominant(m), dominant(m, dense_up_to=0)
    for name in ("value", "second", "lowest"):
        assert getattr(block, name) == pytest.approx(getattr(dense, name), abs=1e-9)
    np.testing.assert_allclose(block.vector, dense.vector, atol=1e-8)


def test_bad_parameters_name_themselves():
    f = hits_f()
    with pytest.raises(ParameterError, match="reading"):
        reinforcement("forward", f, f.T, 1.0)
    with pytest.raises(ParameterError, match="B='not F\\^T'"):
        reinforcement("backward", f, f, 1.0)
    with pytest.raises(ParameterError, match="symmetric"):
        reinforcement("reinforcement", f, f, 1.0)
    with pytest.raises(ParameterError, match="k=1"):
        hits_f(1)


def queries(seed: int, k: int):
    """Two small graphs with reciprocal links and self-links, random r and b."""
    rng = np.random.default_rng(seed)
    graphs = [
        Graph.of(random_graph(p, 0.2, seed + p, loops=True), rng.normal(size=p))
        for p in (7, 9)
    ]
    rs = [rng.normal(size=k * len(g.o)) for g in graphs]
    bs = [rng.normal(size=k * len(g.o)) for g in graphs]
    return graphs, rs, bs


def dense_error(graphs, f, c, rs, bs) -> float:
    """Eq. 4-3 term by term, with M formed densely."""
    k, total = len(f), 0.0
    for g, r, b in zip(graphs, rs, bs):
        p = len(g.o)
        m = influence(g.a, f, c).toarray()
        s = 1 / (1 + np.exp(g.o)) - 1 / (1 + np.exp(r[:p]))
        total += np.mean(s**2) + np.sum((m - np.outer(b, r)) ** 2) / (k * p) ** 2
    return total / len(graphs)


@pytest.mark.parametrize("k", [2, 3])
def test_error_equals_eq_4_3_with_m_formed(k):
    graphs, rs, bs = queries(8, k)
    rng = np.random.default_rng(8)
    f, c = rng.normal(size=(k, k)), rng.normal(size=(k, k))
    c = c + c.T
    assert error(graphs, f, c, rs, bs) == pytest.approx(
        dense_error(graphs, f, c, rs, bs), rel=1e-12
    )


@pytest.mark.parametrize("k", [2, 3])
def test_gradients_equal_finite_differences(k):
    graphs, rs, bs = queries(9, k)
    rng = np.random.default_rng(9)
    f, c = rng.normal(size=(k, k)), rng.normal(size=(k, k))
    c = c + c.T
    d_f, d_rs, d_bs = gradients(graphs, f, c, rs, bs)
    h = 1e-6

    def central(vary):
        return (vary(h) - vary(-h)) / (2 * h)

    for i, j in np.ndindex(k, k):
        e = np.zeros((k, k))
        e[i, j] = 1
        fd = central(lambda t: error(graphs, f + t * e, c, rs, bs))
        assert d_f[i, j] == pytest.approx(fd, abs=1e-6)
    for q in range(len(graphs)):
        for j in range(len(rs[q])):
            e = np.zeros(len(rs[q]))
            e[j] = 1

            def with_r(t):
                return error(graphs, f, c, [*rs[:q], rs[q] + t * e, *rs[q + 1 :]], bs)

            def with_b(t):
                return error(graphs, f, c, rs, [*bs[:q], bs[q] + t * e, *bs[q + 1 :]])

            assert d_rs[q][j] == pytest.approx(central(with_r), abs=1e-6)
            assert d_bs[q][j] == pytest.approx(central(with_b), abs=1e-6)


def small_set(seed=1, n=4):
    return graph_set(seed, n)


def test_e_decreases_for_a_small_learning_rate():
    train = small_set()
    result = amcl(
        [q.adjacency for q in train],
        [5 * q.quality for q in train],
        learning_rate=1.0,
        max_iter=30,
        init="random",
    )
    assert len(result.errors) == 31
    assert np.all(np.diff(result.errors) < 0)


def test_a_too_large_learning_rate_is_named():
    train = small_set()
    with pytest.raises(ParameterError, match="learning_rate=.*diverged"):
        amcl([q.adjacency for q in train], [q.quality for q in train],
             learning_rate=1e6, max_iter=50)  # fmt: skip


def test_amcl_refuses_what_it_cannot_learn_from():
    query = small_set()[0]
    with pytest.raises(ParameterError, match="adjacencies"):
        amcl([], [])
    with pytest.raises(ParameterError, match="query 0: 3 scores"):
        amcl([query.adjacency], [np.ones(3)])
    with pytest.raises(ParameterError, match="max_iter=-1"):
        amcl([query.adjacency], [query.quality], max_iter=-1)
    with pytest.raises(ParameterError, match="b_matrix"):
        amcl([query.adjacency], [query.quality], reading="reinforcement")


def test_the_readings_agree_when_b_is_c_times_the_identity():
    train = small_set()[:2]
    graphs, expert = [q.adjacency for q in train], [q.quality for q in train]
    backward = amcl(graphs, expert, c=0.7, max_iter=10)
    b = 0.7 * np.eye(2)
    within = amcl(graphs, expert, reading="reinforcement", b_matrix=b, max_iter=10)
    np.testing.assert_array_equal(backward.f, within.f)


def test_amcl_first_ranking_is_hits():
    train, held_out = small_set()[:3], small_set()[3]
    hits = xhits(held_out.adjacency, hits_f(), hits_f().T, c=0.0)  # whatever k
    for k in (2, 3):
        result = amcl(
            [q.adjacency for q in train],
            [q.quality for q in train],
            k=k,
            init="hits",
            max_iter=0,
        )
        np.testing.assert_array_equal(result.initial, hits_f(k))
        first = xhits(held_out.adjacency, result.initial, result.initial.T, c=1.0)
        np.testing.assert_allclose(first.authority, hits.authority, atol=1e-9)
        order = np.argsort(-first.authority, kind="stable")[:10]
        assert list(order) == list(np.argsort(-hits.authority, kind="stable")[:10])


def test_the_farm_captures_hits_on_the_planted_graphs():
    for query in small_set(2, 3):
        top = np.argsort(-xhits(query.adjacency, hits_f(), hits_f().T).authority)
        assert np.all(query.role[top[:10]] == ROLES.index("farm"))


def test_pagerank_equals_networkx():
    a = random_graph(80, 0.04, 10)  # some pages without links out
    assert (a.sum(axis=1) == 0).any()
    expected = nx.pagerank(
        nx.from_scipy_sparse_array(a, create_using=nx.DiGraph), tol=1e-14
    )
    np.testing.assert_allclose(pagerank(a), [expected[i] for i in range(80)], atol=1e-9)


TINY = Plan(seeds=(1, 2), n_queries=3, n_train=2, max_iter=10)


def test_same_seed_same_numbers_and_json():
    first, second = run(TINY), run(TINY)
    assert json.dumps(first) == json.dumps(second)
    assert json.loads(json.dumps(first))["plan"]["seeds"] == [1, 2]
    assert to_markdown(first, "x") == to_markdown(second, "x")


def test_the_committed_page_is_the_committed_values_rendered():
    values = json.loads((DOCS / "xhits.json").read_text())
    page = (DOCS / "xhits.md").read_text()
    command = page.split("`")[1]
    assert to_markdown(values, command) == page


def test_the_committed_study_shows_amcl_above_hits():
    gain = json.loads((DOCS / "xhits.json").read_text())["amcl_minus_hits"]
    assert gain["AMCL (a)"]["mean"] > 0
    assert gain["AMCL (a)"]["below"] == 0


def test_the_learned_ratio_is_minus_the_reciprocity():
    # the page's reading of F: ||M||_F^2 alone sets F_21 / F_12 = -rho
    for seed in json.loads((DOCS / "xhits.json").read_text())["per_seed"]:
        assert seed["f_ratio"] == pytest.approx(-seed["reciprocity"], abs=0.01)


def test_no_nonnegative_f_escapes_a_farm_that_captures_hits():
    # the page's claim: lambda_max(F + F^T) >= ||F||_2 for F >= 0, so a clique
    # of m pages beats hubs and authorities whenever m - 1 > sigma_1
    m, hubs, authorities = 8, 6, 5
    rng = np.random.default_rng(11)
    farm = np.ones((m, m)) - np.eye(m)
    links = (rng.random((hubs, authorities)) < 0.8).astype(float)
    a = sp.csr_array(sp.block_diag([farm, np.zeros((hubs + authorities,) * 2)]))
    a = a.tolil()
    a[m : m + hubs, m + hubs :] = links
    a = sp.csr_array(a)
    assert m - 1 > np.linalg.svd(links, compute_uv=False)[0]
    for _ in range(50):
        f = rng.random((3, 3)) * (rng.random((3, 3)) < 0.6)
        if not f.any():
            continue
        assert np.linalg.eigvalsh(f + f.T)[-1] >= np.linalg.norm(f, 2) - 1e-12
        r = xhits(a, f, f.T, c=1.0).r.reshape(3, -1)
        assert np.abs(r[:, m:]).max() < 1e-9  # all of it on the farm


def test_command_writes_the_page_and_the_values(tmp_path, capsys):
    args = ["xhits", "--seeds", "1", "--max-iter", "5", "--out", str(tmp_path)]
    assert main([*args, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads((tmp_path / "xhits.json").read_text())
    assert printed["plan"]["max_iter"] == 5
    page = (tmp_path / "xhits.md").read_text()
    assert page.startswith("# XHITS") and "weka-ranking" in page


def test_command_refuses_bad_seeds_and_a_missing_folder(tmp_path, capsys):
    assert main(["xhits", "--seeds", "5-1"]) == 1
    assert "--seeds 5-1" in capsys.readouterr().err
    assert main(["xhits", "--seeds", "1", "--max-iter", "-1"]) == 1
    assert "--max-iter -1" in capsys.readouterr().err
    missing = tmp_path / "nowhere"
    assert main(["xhits", "--seeds", "1", "--out", str(missing)]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_lobpcgs_pairs_are_judged_by_their_residual():
    """Its own tolerance missed in the last digits is no fault; a residual is."""
    from weka_ranking.errors import WekaRankingWarning
    from weka_ranking_studies.xhits.model import RESIDUAL_LIMIT, _check_residuals

    m = sp.diags([1.0, 2.0, 3.0]).tocsr()
    _check_residuals(m, (3.0, np.array([0.0, 0.0, 1.0])))  # exact: silent
    off = np.array([0.0, 10 * RESIDUAL_LIMIT, 1.0])
    with pytest.warns(WekaRankingWarning, match="residual of"):
        _check_residuals(m, (3.0, off))
