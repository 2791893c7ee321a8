"""AMCL: gradient descent on XHITS's parameter matrix ``F`` (chapter 4).

The error (eq. 4-3, with its printing error ``e^{sigma_j}`` read as
``e^{o_sigma j}``), over ``q`` training queries of ``p`` pages each, ``n = kp``::

    E = (1/q) sum_sigma [ (1/p) sum_{j <= p} (s(o_j) - s(r_j))^2
                          + (1/n^2) ||M - b r^T||_F^2 ],   s(x) = 1/(1 + e^x)

with ``r`` and ``b`` free vectors per query and ``F`` shared. The rank-one
term is computed without ``M``:
``||M||_F^2 - 2 b^T M r + ||b||^2 ||r||^2``, where ``||M||_F^2`` has a
closed form in ``F``, ``C`` and three numbers of ``A`` (``||A||_F^2``,
``<A, A^T>``, ``tr A``) and ``b^T M r`` and ``M r`` are products of ``k x p``
matrices with ``A``. The derivatives are eqs. 4-9 to 4-11 as corrected in the
summary (one component per page; ``r_j``, not ``r_i``), and ``dE/dF`` is in
closed form because ``dM/dF_cd = E_cd (x) A^T + E_dc (x) A``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.special import expit

from weka_ranking.errors import ParameterError
from weka_ranking_studies.xhits.model import READINGS, hits_f, reinforcement

INITS = ("random", "hits")


@dataclass(frozen=True)
class Graph:
    """A training query as AMCL sees it.

    Its graph and the numbers of ``A`` that ``||M||_F^2`` needs, computed once.
    """

    a: sp.csr_array
    at: sp.csr_array
    o: np.ndarray
    norm: float  # ||A||_F^2
    cross: float  # <A, A^T>
    trace: float  # tr A

    @classmethod
    def of(cls, a: sp.spmatrix, o: np.ndarray) -> Graph:
        """A query's graph ``a`` and its expert scores ``o``, prepared."""
        a = sp.csr_array(a, dtype=float)
        at = sp.csr_array(a.T)
        cross = float(a.multiply(at).sum())
        trace = float(a.diagonal().sum())
        norm = float(a.multiply(a).sum())
        return cls(a, at, np.asarray(o, float), norm, cross, trace)


def _times(g: Graph, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``X A`` and ``X A^T`` for a ``k x p`` matrix ``X``."""
    return (g.at @ x.T).T, (g.a @ x.T).T


def _m_times(g: Graph, f: np.ndarray, c: np.ndarray, x: np.ndarray) -> np.ndarray:
    """``M x`` for ``x`` laid out ``k x p``.

    Block ``c`` is ``sum_d F_cd A^T x_d + F_dc A x_d + C_cd x_d``.
    """
    xa, xat = _times(g, x)
    return f @ xa + f.T @ xat + c @ x


def _norm_m(g: Graph, f: np.ndarray, c: np.ndarray, p: int) -> float:
    """``||M||_F^2`` from ``<X1 (x) Y1, X2 (x) Y2> = <X1, X2> <Y1, Y2>``."""
    return float(
        2 * g.norm * np.sum(f * f)
        + 2 * g.cross * np.sum(f * f.T)
        + p * np.sum(c * c)
        + 2 * g.trace * np.sum((f + f.T) * c)
    )


def error(
    graphs: Sequence[Graph],
    f: np.ndarray,
    c: np.ndarray,
    rs: Sequence[np.ndarray],
    bs: Sequence[np.ndarray],
) -> float:
    """``E`` of eq. 4-3.

    Parameters
    ----------
    graphs : sequence of Graph
        The training queries.
    f, c : numpy.ndarray
        ``F`` and the reinforcement ``C``, ``k x k``.
    rs, bs : sequence of numpy.ndarray
        Each query's ``r`` and ``b``, ``kp`` long, category-major.

    Returns
    -------
    float
    """
    k, total = len(f), 0.0
    for g, r, b in zip(graphs, rs, bs, strict=True):
        p = len(g.o)
        n2 = (k * p) ** 2
        fit = np.mean((expit(-g.o) - expit(-r[:p])) ** 2)
        rm, bm = r.reshape(k, p), b.reshape(k, p)
        cross = np.sum(bm * _m_times(g, f, c, rm))
        rank_one = _norm_m(g, f, c, p) - 2 * cross + (b @ b) * (r @ r)
        total += fit + rank_one / n2
    return total / len(graphs)


def _rb_gradient(g: Graph, f, c, r, b, q: int) -> tuple[np.ndarray, np.ndarray]:
    """``dE/dr`` and ``dE/db`` of one query (4-9, 4-10 corrected)."""
    k, p = len(f), len(g.o)
    n2 = (k * p) ** 2
    m_r = _m_times(g, f, c, r.reshape(k, p)).ravel()
    m_b = _m_times(g, f, c, b.reshape(k, p)).ravel()
    d_r = -2 / n2 * (m_b - (b @ b) * r)
    # d/dr (s(o) - s(r))^2 = 2 (s(o) - s(r)) e^r / (1 + e^r)^2
    s_r = expit(-r[:p])
    d_r[:p] += 2 / p * (expit(-g.o) - s_r) * s_r * (1 - s_r)
    return d_r / q, -2 / n2 * (m_r - (r @ r) * b) / q


def _f_gradient(g: Graph, f, c, r, b, q: int) -> np.ndarray:
    """One query's share of ``dE/dF`` (4-11).

    With ``dM/dF_cd = E_cd (x) A^T + E_dc (x) A``.
    """
    k, p = len(f), len(g.o)
    rm, bm = r.reshape(k, p), b.reshape(k, p)
    ba, bat = _times(g, bm)
    b_m_r = bat @ rm.T + (ba @ rm.T).T  # d(b^T M r)/dF
    d_norm = 4 * g.norm * f + 4 * g.cross * f.T + 2 * g.trace * (c + c.T)
    return (d_norm - 2 * b_m_r) / (k * p) ** 2 / q


def gradients(
    graphs: Sequence[Graph],
    f: np.ndarray,
    c: np.ndarray,
    rs: Sequence[np.ndarray],
    bs: Sequence[np.ndarray],
) -> tuple[np.ndarray, list[np.ndarray], list[np.ndarray]]:
    """``dE/dF``, each ``dE/dr_sigma`` and each ``dE/db_sigma`` (4-9 to 4-11).

    Parameters
    ----------
    graphs, f, c, rs, bs
        As in :func:`error`.

    Returns
    -------
    d_f : numpy.ndarray
        ``k x k``.
    d_rs, d_bs : list of numpy.ndarray
        One ``kp`` vector per query.
    """
    q = len(graphs)
    queries = list(zip(graphs, rs, bs, strict=True))
    d_f = sum(_f_gradient(g, f, c, r, b, q) for g, r, b in queries)
    d_rb = [_rb_gradient(g, f, c, r, b, q) for g, r, b in queries]
    return d_f, [d for d, _ in d_rb], [d for _, d in d_rb]


@dataclass(frozen=True)
class Amcl:
    """What Algorithm 4.1 learned, and how it went.

    Attributes
    ----------
    f : numpy.ndarray
        The learned ``F``.
    initial : numpy.ndarray
        The ``F`` it started from: its XHITS ranking is AMCL's first.
    c : numpy.ndarray
        The reinforcement ``C`` it was learned with (fixed).
    errors : list of float
        ``E`` after each iteration.
    """

    f: np.ndarray
    initial: np.ndarray
    c: np.ndarray
    errors: list[float]


def amcl(
    adjacencies: Sequence[sp.spmatrix],
    scores: Sequence[np.ndarray],
    *,
    k: int = 2,
    reading: str = "backward",
    c: float = 1.0,
    b_matrix: np.ndarray | None = None,
    learning_rate: float = 1.0,
    pet: float = 0.0,
    max_iter: int = 200,
    init: str = "random",
    seed: int = 1,
) -> Amcl:
    """Algorithm 4.1: learn ``F`` from training graphs and expert scores.

    Parameters
    ----------
    adjacencies : sequence of scipy.sparse matrix
        The training queries' graphs (the chapter's ``L``).
    scores : sequence of numpy.ndarray
        The expert's score of each page of each query (``O``).
    k : int, default=2
        The number of categories (not given by the sources).
    reading : {"backward", "reinforcement"}, default="backward"
        The hypothesis about ``B`` (see :mod:`.model`).
    c : float, default=1.0
        ``C = c I`` under reading (a).
    b_matrix : numpy.ndarray, optional
        ``B`` under reading (b): symmetric ``k x k``, not learned.
    learning_rate : float, default=1.0
        The chapter's ``mu``, the same for ``F``, ``r`` and ``b``.
    pet : float, default=0.0
        Stop when ``E < pet`` (the chapter's PET).
    max_iter : int, default=200
        Stop when the iteration count exceeds it (the chapter's MaxIt, read
        literally: at most ``max_iter + 1`` iterations).
    init : {"random", "hits"}, default="random"
        ``F`` drawn uniform in [0, 1) as the chapter's ``Random()`` [hyp], or
        HITS's ``F``. ``r`` and ``b`` are always drawn uniform in [0, 1).
    seed : int, default=1
        The seed of every draw.

    Returns
    -------
    Amcl
    """
    if k < 2:
        raise ParameterError("k", k, "at least 2 categories")
    if reading not in READINGS:
        raise ParameterError("reading", reading, f"one of {', '.join(READINGS)}")
    if init not in INITS:
        raise ParameterError("init", init, f"one of {', '.join(INITS)}")
    if not learning_rate > 0:
        raise ParameterError("learning_rate", learning_rate, "a number > 0")
    if max_iter < 0:
        raise ParameterError("max_iter", max_iter, "a count >= 0")
    if reading == "reinforcement" and b_matrix is None:
        raise ParameterError("b_matrix", None, "reading (b) needs B, k x k")
    graphs = [Graph.of(a, o) for a, o in zip(adjacencies, scores, strict=True)]
    if not graphs:
        raise ParameterError("adjacencies", [], "at least one training graph")
    for i, g in enumerate(graphs):
        if g.a.shape != (len(g.o), len(g.o)):
            reason = f"query {i}: {len(g.o)} scores for a graph of shape {g.a.shape}"
            raise ParameterError("scores", len(g.o), reason)
    rng = np.random.default_rng(seed)
    rs = [rng.random(k * len(g.o)) for g in graphs]
    bs = [rng.random(k * len(g.o)) for g in graphs]
    f = hits_f(k) if init == "hits" else rng.random((k, k))
    b = f.T if reading == "backward" else np.asarray(b_matrix, float)
    cm = reinforcement(reading, f, b, c)
    initial = f
    errors: list[float] = []
    q = len(graphs)
    while True:
        # Too large a step overflows: E is then not finite, and named below.
        with np.errstate(over="ignore", invalid="ignore"):
            for i, g in enumerate(graphs):  # lines 9-12: each query's r and b
                d_r, d_b = _rb_gradient(g, f, cm, rs[i], bs[i], q)
                rs[i] = rs[i] - learning_rate * d_r
                bs[i] = bs[i] - learning_rate * d_b
            queries = zip(graphs, rs, bs, strict=True)
            f = f - learning_rate * sum(
                _f_gradient(g, f, cm, *rb, q) for g, *rb in queries
            )
            errors.append(error(graphs, f, cm, rs, bs))
        if not np.isfinite(errors[-1]):
            reason = f"E diverged at iteration {len(errors)}; take a smaller one"
            raise ParameterError("learning_rate", learning_rate, reason)
        if errors[-1] < pet or len(errors) > max_iter:
            return Amcl(f, initial, cm, errors)
