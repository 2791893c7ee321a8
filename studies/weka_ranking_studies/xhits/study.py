"""The study: AMCL beside HITS, PageRank and in-degree on planted graphs.

For each graph seed, a set of planted query graphs (:mod:`.graphs`) is split
into training and held-out queries; AMCL learns ``F`` on the training ones
under each reading of ``B``; every method ranks the held-out ones, scored
against the expert (the planted authority) by P@10 (the papers' metric),
NDCG@10 and Kendall's tau. :func:`run` returns plain values (JSON-ready);
:mod:`.page` renders them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np
import scipy.sparse as sp
from scipy.stats import kendalltau

from weka_ranking.errors import ParameterError
from weka_ranking.metrics import ndcg, precision
from weka_ranking_studies.xhits.amcl import amcl
from weka_ranking_studies.xhits.graphs import ROLES, Query, graph_set
from weka_ranking_studies.xhits.model import hits_f, xhits

# P@10 against Google's top ten, 2011 paper, Table 1.
PUBLISHED = {"HITS": 0.143542, "XHITS, ALP": 0.372455, "XHITS, SVDLP": 0.519875}
METRICS = ("p@10", "ndcg@10", "tau")
DAMPING = 0.85
# Scores are rounded to this many decimals before they are ranked.
DECIMALS = 12


@dataclass(frozen=True)
class Plan:
    """Every setting of the study; the sources give none of them [hyp].

    Attributes
    ----------
    seeds : tuple of int
        The graph seeds; AMCL's draws use the same seed.
    n_queries, n_train : int
        Queries per graph set, and how many of them train (the rest are held
        out).
    k : int
        XHITS's number of categories.
    c : float
        The reinforcement ``C = c I`` of reading (a), and the diagonal of
        reading (b)'s ``B``.
    coupling : float
        The off-diagonal of reading (b)'s ``B``: within-page reinforcement
        between categories.
    expert_scale : float
        The expert's score ``o`` is the planted quality times this.
    learning_rate, max_iter, pet : float, int, float
        The chapter's ``mu``, MaxIt and PET.
    init : str
        AMCL's starting ``F``: ``"hits"`` or ``"random"``.
    """

    seeds: tuple[int, ...] = (1, 2, 3, 4, 5)
    n_queries: int = 12
    n_train: int = 8
    k: int = 2
    c: float = 1.0
    coupling: float = 0.5
    expert_scale: float = 5.0
    learning_rate: float = 30.0
    max_iter: int = 3000
    pet: float = 0.0
    init: str = "hits"

    def b_matrix(self) -> np.ndarray:
        """Reading (b)'s ``B``: ``c`` on the diagonal, ``coupling`` off it."""
        return np.full((self.k, self.k), self.coupling) + (
            self.c - self.coupling
        ) * np.eye(self.k)


def pagerank(
    a: sp.spmatrix, damping: float = DAMPING, tol: float = 1e-12
) -> np.ndarray:
    """PageRank on a query graph: a dangling page links to every page.

    Parameters
    ----------
    a : scipy.sparse matrix
        The adjacency matrix, ``A[i, j] = 1`` for a link ``i -> j``.
    damping : float, default=0.85
        The probability of following a link.
    tol : float, default=1e-12
        Stop when an iteration changes the scores by less (1-norm).

    Returns
    -------
    numpy.ndarray
        The scores, summing to 1.
    """
    a = sp.csr_array(a, dtype=float)
    n = a.shape[0]
    out = np.asarray(a.sum(axis=1)).ravel()
    walk = sp.csr_array(
        sp.diags_array(np.divide(1.0, out, out=np.zeros(n), where=out > 0)) @ a
    ).T
    x = np.full(n, 1.0 / n)
    while True:
        following = walk @ x + x[out == 0].sum() / n
        y = damping * following + (1 - damping) / n
        if np.abs(y - x).sum() < tol:
            return y
        x = y


def in_degree(a: sp.spmatrix) -> np.ndarray:
    """The number of links into each page."""
    return np.asarray(sp.csr_array(a).sum(axis=0)).ravel()


def query_metrics(query: Query, scores: np.ndarray) -> dict[str, float]:
    """P@10, NDCG@10 and Kendall's tau-b against the expert.

    P@10 against the expert's top ten, NDCG@10 on the expert's grades, and Kendall's
    tau-b against the expert's scores (0 for a constant ranking).

    Scores are rounded to :data:`DECIMALS` decimals first: an eigenvector's entries that
    are 0 in exact arithmetic come out as noise of about 1e-17 that depends
    on the linear-algebra library's threads, and would order those pages at
    random. Equal scores keep page order (the metrics module's rule).
    """
    scores = np.round(scores, DECIMALS)
    tau = kendalltau(scores, query.quality).statistic
    return {
        "p@10": precision(query.expert_top, scores, 10),
        "ndcg@10": ndcg(query.grades, scores, 10),
        "tau": 0.0 if np.isnan(tau) else float(tau),
    }


def _mean(per_query: Sequence[dict[str, float]]) -> dict[str, float]:
    return {m: float(np.mean([q[m] for q in per_query])) for m in METRICS}


def _spread(values: Sequence[float]) -> dict[str, float]:
    return {
        "mean": float(np.mean(values)),
        "sd": float(np.std(values, ddof=1)) if len(values) > 1 else 0.0,
        "min": float(np.min(values)),
        "max": float(np.max(values)),
    }


def _reciprocity(queries: Sequence[Query]) -> float:
    """``<A, A^T> / ||A||_F^2`` over the queries.

    The share of links answered by a link back.
    """
    cross = sum(float(q.adjacency.multiply(q.adjacency.T).sum()) for q in queries)
    return cross / sum(q.adjacency.nnz for q in queries)


def run_seed(plan: Plan, seed: int) -> dict:
    """One graph set: AMCL learned, every method scored on the held-out queries."""
    queries = graph_set(seed, plan.n_queries)
    train, held_out = queries[: plan.n_train], queries[plan.n_train :]
    graphs = [q.adjacency for q in train]
    expert = [plan.expert_scale * q.quality for q in train]
    common = dict(
        k=plan.k,
        c=plan.c,
        learning_rate=plan.learning_rate,
        max_iter=plan.max_iter,
        pet=plan.pet,
        init=plan.init,
        seed=seed,
    )
    a_f = amcl(graphs, expert, reading="backward", **common)
    b_f = amcl(
        graphs, expert, reading="reinforcement", b_matrix=plan.b_matrix(), **common
    )
    hits = hits_f(2)
    eigen_methods = {  # (F, B, reading, c) of each XHITS ranking
        "HITS": (hits, hits.T, "backward", 0.0),
        "AMCL (a), before learning": (a_f.initial, a_f.initial.T, "backward", plan.c),
        "AMCL (a)": (a_f.f, a_f.f.T, "backward", plan.c),
        "AMCL (b)": (b_f.f, plan.b_matrix(), "reinforcement", plan.c),
    }
    metrics: dict[str, list[dict[str, float]]] = {}
    flags = {name: {"tie": 0, "opposite": 0} for name in eigen_methods}
    hits_in_farm = []
    for q in held_out:
        for name, (f, b, reading, c) in eigen_methods.items():
            ranking = xhits(q.adjacency, f, b, reading=reading, c=c)
            metrics.setdefault(name, []).append(query_metrics(q, ranking.authority))
            flags[name]["tie"] += ranking.eigen.tie
            flags[name]["opposite"] += ranking.eigen.opposite
            if name == "HITS":
                top = np.argsort(-ranking.authority, kind="stable")[:10]
                hits_in_farm.append(np.mean(q.role[top] == ROLES.index("farm")))
        metrics.setdefault("PageRank", []).append(
            query_metrics(q, pagerank(q.adjacency))
        )
        metrics.setdefault("in-degree", []).append(
            query_metrics(q, in_degree(q.adjacency))
        )
    learned = {"backward": a_f, "reinforcement": b_f}
    return {
        "seed": seed,
        "metrics": {name: _mean(values) for name, values in metrics.items()},
        "eigen_flags": flags,
        "hits_top_ten_in_farm": float(np.mean(hits_in_farm)),
        "reciprocity": _reciprocity(train),
        # Reading (a)'s learned F_21 / F_12, to set beside -reciprocity.
        "f_ratio": float(a_f.f[1, 0] / a_f.f[0, 1]),
        "learned": {
            reading: {
                "f": result.f.tolist(),
                "iterations": len(result.errors),
                "error_first": result.errors[0],
                "error_last": result.errors[-1],
            }
            for reading, result in learned.items()
        },
        "pages": [int(q.adjacency.shape[0]) for q in queries],
        "links": [int(q.adjacency.nnz) for q in queries],
    }


def run(plan: Plan | None = None) -> dict:
    """Run the study; its values, JSON-serialisable.

    Parameters
    ----------
    plan : Plan, optional
        The settings (default: :class:`Plan`'s defaults).

    Returns
    -------
    dict
        ``plan``, ``per_seed`` (one :func:`run_seed` each), ``summary``
        (each method's metrics over seeds: mean, sd, min, max) and
        ``amcl_minus_hits`` (held-out P@10 differences over seeds), and the
        ``published`` numbers.
    """
    plan = plan or Plan()
    if not plan.seeds:
        raise ParameterError("seeds", plan.seeds, "at least one seed")
    if not 0 < plan.n_train < plan.n_queries:
        raise ParameterError("n_train", plan.n_train, "between 1 and n_queries - 1")
    per_seed = [run_seed(plan, seed) for seed in plan.seeds]
    names = per_seed[0]["metrics"]
    summary = {
        name: {m: _spread([s["metrics"][name][m] for s in per_seed]) for m in METRICS}
        for name in names
    }
    gains = {}
    for name in ("AMCL (a)", "AMCL (b)"):
        gain = [
            s["metrics"][name]["p@10"] - s["metrics"]["HITS"]["p@10"] for s in per_seed
        ]
        gains[name] = _spread(gain) | {
            "above": sum(g > 0 for g in gain),
            "equal": sum(g == 0 for g in gain),
            "below": sum(g < 0 for g in gain),
        }
    return {
        "plan": asdict(plan),
        "per_seed": per_seed,
        "summary": summary,
        "amcl_minus_hits": gains,
        "hits_top_ten_in_farm": float(
            np.mean([s["hits_top_ten_in_farm"] for s in per_seed])
        ),
        "eigen_flags": {
            name: {
                flag: sum(s["eigen_flags"][name][flag] for s in per_seed)
                for flag in ("tie", "opposite")
            }
            for name in per_seed[0]["eigen_flags"]
        },
        "held_out_rankings": len(plan.seeds) * (plan.n_queries - plan.n_train),
        "best": max(summary, key=lambda name: summary[name]["p@10"]["mean"]),
        "damping": DAMPING,
        "pages": {
            "min": min(min(s["pages"]) for s in per_seed),
            "max": max(max(s["pages"]) for s in per_seed),
        },
        "published": PUBLISHED,
    }
