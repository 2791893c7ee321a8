"""XHITS's influence matrix and its dominant eigenvector.

The chapter (AMCL, chapter 4) leaves the influence matrix ``M`` (eq. 3-11)
out. What it does say: ``M`` is ``kp x kp`` for ``k`` categories and ``p``
pages, symmetric, with entries >= 0, laid out category-major (page ``j`` of
category ``c`` at index ``j + c p``, 0-based here) and built from the query
graph and two query-independent ``k x k`` matrices ``F`` (learned) and ``B``
(not learned). The family used here fits all of that [hyp]::

    M = F (x) A^T + F^T (x) A + C (x) I_p

with ``A`` the query graph's adjacency matrix (``A[i, j] = 1`` for a link
``i -> j``) and ``(x)`` the Kronecker product. With ``k = 2``,
``F = [[0, 1], [0, 0]]`` and ``C = 0`` it is HITS: ``[[0, A^T], [A, 0]]``,
whose first block of the top eigenvector is the authorities. Two readings of
``B`` are equally plausible and both are selectable (:data:`READINGS`):

``"backward"`` (a)
    ``B`` is the backward propagation, ``B = F^T`` (which is why only ``F``
    is learned), and the reinforcement is ``C = c I_k``.
``"reinforcement"`` (b)
    ``B`` is the within-page reinforcement, symmetric: ``C = B``.
"""

from __future__ import annotations

import logging
import warnings
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import lobpcg

from weka_ranking import progress
from weka_ranking.errors import ParameterError

READINGS = ("backward", "reinforcement")
# The order up to which a dense eigendecomposition is used (query graphs are
# small: about 30 ms at order 400).
DENSE_UP_TO = 2000
logger = logging.getLogger(__name__)
LOBPCG_TOLERANCE = 1e-12
LOBPCG_MAX_ITER = 5000
# What the study needs of LOBPCG's pairs, checked on the residual itself: for a
# symmetric matrix an eigenvalue lies within ||m v - value v|| of the value
# given, so the values are this good whether or not LOBPCG says it reached
# its own tolerance (an iterative method's last digits are an accident of the
# platform's arithmetic; this bound is not).
RESIDUAL_LIMIT = 1e-10
# Relative gap under which two eigenvalues count as one (a tie).
TIE_TOLERANCE = 1e-9


def hits_f(k: int = 2) -> np.ndarray:
    """HITS's ``F`` in ``k`` categories: category 1 the authorities, 2 the hubs.

    Parameters
    ----------
    k : int, default=2
        The number of categories; those beyond the second get no propagation.

    Returns
    -------
    numpy.ndarray
        The ``k x k`` matrix with a single 1 at row 1, column 2.
    """
    if k < 2:
        raise ParameterError("k", k, "HITS needs two categories, k >= 2")
    f = np.zeros((k, k))
    f[0, 1] = 1.0
    return f


def reinforcement(reading: str, f: np.ndarray, b: np.ndarray, c: float) -> np.ndarray:
    """The ``k x k`` matrix ``C`` of ``C (x) I_p`` under one reading of ``B``.

    Parameters
    ----------
    reading : {"backward", "reinforcement"}
        Reading (a), ``B = F^T`` and ``C = c I``, or reading (b), ``C = B``.
    f : numpy.ndarray
        The propagation matrix ``F``, ``k x k``.
    b : numpy.ndarray
        The matrix ``B``: under (a) it must equal ``F^T``, under (b) it must
        be symmetric (or ``M`` would not be).
    c : float
        The reinforcement weight of reading (a); unused under (b).

    Returns
    -------
    numpy.ndarray
        ``C``, symmetric ``k x k``.
    """
    if reading not in READINGS:
        raise ParameterError("reading", reading, f"one of {', '.join(READINGS)}")
    if b.shape != f.shape:
        raise ParameterError("B", b.shape, f"the shape of F, {f.shape}")
    if reading == "backward":
        if not np.array_equal(b, f.T):
            raise ParameterError("B", "not F^T", "reading (a) ties B to F^T")
        return c * np.eye(len(f))
    if not np.array_equal(b, b.T):
        raise ParameterError("B", "not symmetric", "reading (b) needs B = B^T")
    return b


def influence(a: sp.spmatrix, f: np.ndarray, c: np.ndarray) -> sp.csr_array:
    """``M = F (x) A^T + F^T (x) A + C (x) I_p``, sparse.

    Parameters
    ----------
    a : scipy.sparse matrix
        The query graph's adjacency matrix, ``p x p``.
    f : numpy.ndarray
        The propagation matrix ``F``, ``k x k``.
    c : numpy.ndarray
        The within-page reinforcement ``C``, symmetric ``k x k``.

    Returns
    -------
    scipy.sparse.csr_array
        ``M``, ``kp x kp``, category-major.
    """
    a = sp.csr_array(a, dtype=float)
    eye = sp.eye_array(a.shape[0], format="csr")
    return sp.csr_array(sp.kron(f, a.T) + sp.kron(f.T, a) + sp.kron(c, eye))


@dataclass(frozen=True)
class Eigen:
    """The top eigenpair of a symmetric ``M``, with what could make it moot.

    Attributes
    ----------
    value : float
        The largest eigenvalue (for ``M >= 0``, its spectral radius).
    vector : numpy.ndarray
        Its unit eigenvector, signed so that its entries sum to >= 0.
    second : float
        The largest eigenvalue below ``value``.
    lowest : float
        The smallest eigenvalue.
    """

    value: float
    vector: np.ndarray
    second: float
    lowest: float

    @property
    def tie(self) -> bool:
        """The top eigenvalue is not simple: the eigenvector is not unique."""
        return self.value - self.second <= TIE_TOLERANCE * abs(self.value)

    @property
    def opposite(self) -> bool:
        """``-value`` is an eigenvalue too.

        Power iteration oscillates, and the best rank-one fit of ``M`` (section 4.3) is
        not unique.
        """
        return abs(self.value + self.lowest) <= TIE_TOLERANCE * abs(self.value)

    @property
    def rate(self) -> float:
        """Power iteration's rate, ``|lambda_2| / lambda_1`` by magnitude."""
        return max(abs(self.second), abs(self.lowest)) / abs(self.value)


def dominant(m: sp.spmatrix, *, dense_up_to: int = DENSE_UP_TO) -> Eigen:
    """The top eigenpair of a symmetric matrix, with the next eigenvalues.

    Parameters
    ----------
    m : scipy.sparse matrix
        A symmetric matrix.
    dense_up_to : int, default=2000
        Up to this order, a dense eigendecomposition; above it, LOBPCG.

    Returns
    -------
    Eigen
        The largest eigenvalue and its vector, beside the second largest and
        the smallest, so that a tie is reported (:attr:`Eigen.tie`,
        :attr:`Eigen.opposite`) rather than hidden.

    Notes
    -----
    A single-vector Krylov method (power iteration, Lanczos) sees one copy
    of a repeated eigenvalue from a start vector and so cannot report a tie;
    the dense decomposition sees the whole spectrum, and LOBPCG iterates a
    block of three vectors, which holds a double root. LOBPCG's block is
    drawn from a fixed seed, so the same matrix gives the same vector.
    """
    n = m.shape[0]
    if n <= dense_up_to:
        values, vectors = np.linalg.eigh(m.toarray() if sp.issparse(m) else m)
        top, value, lowest = vectors[:, -1], values[-1], values[0]
        second = values[-2] if n > 1 else -np.inf
    else:
        start = np.random.default_rng(0).random((n, 3))
        options = dict(tol=LOBPCG_TOLERANCE, maxiter=LOBPCG_MAX_ITER)
        with warnings.catch_warnings():
            # Its own tolerance missed in the last digits: the residuals decide.
            warnings.filterwarnings(
                "ignore", r"(?s).*not reaching the requested tolerance"
            )
            values, vectors = lobpcg(m, start, largest=True, **options)
            lowest_values, lowest_vectors = lobpcg(
                m, start[:, :1], largest=False, **options
            )
        order = np.argsort(values)[::-1]
        top, value, second = vectors[:, order[0]], values[order[0]], values[order[1]]
        lowest = lowest_values[0]
        _check_residuals(
            m,
            (value, top),
            (second, vectors[:, order[1]]),
            (lowest, lowest_vectors[:, 0]),
        )
    top = top / np.linalg.norm(top)
    if top.sum() < 0:
        top = -top
    return Eigen(float(value), top, float(second), float(lowest))


def _check_residuals(m: sp.spmatrix, *pairs: tuple[float, np.ndarray]) -> None:
    """Warn where an eigenpair's residual exceeds :data:`RESIDUAL_LIMIT`."""
    for value, vector in pairs:
        unit = vector / np.linalg.norm(vector)
        residual = float(np.linalg.norm(m @ unit - value * unit))
        if residual > RESIDUAL_LIMIT:
            progress.warn(
                logger,
                "LOBPCG's eigenvalue %.12g has a residual of %.3g, above %.0e: "
                "its digits past that are not to be trusted",
                value,
                residual,
                RESIDUAL_LIMIT,
            )


def power_iteration(
    m: sp.spmatrix, tol: float = 1e-12, max_iter: int = 10_000
) -> tuple[np.ndarray, list[float]]:
    """The dominant eigenvector by repeated products, from the all-ones vector.

    Parameters
    ----------
    m : scipy.sparse matrix
        A symmetric matrix with entries >= 0.
    tol : float, default=1e-12
        Stop when successive unit vectors differ by less than this (2-norm).
    max_iter : int, default=10000
        Stop after this many products, converged or not.

    Returns
    -------
    vector : numpy.ndarray
        The last unit vector.
    steps : list of float
        The 2-norm of each step's change: it shrinks by about
        :attr:`Eigen.rate` a step, and does not shrink when ``M`` has
        ``-lambda_1`` as an eigenvalue (HITS's ``M`` at ``C = 0``).
    """
    x = np.ones(m.shape[0]) / np.sqrt(m.shape[0])
    steps: list[float] = []
    for _ in range(max_iter):
        y = m @ x
        y /= np.linalg.norm(y)
        steps.append(float(np.linalg.norm(y - x)))
        x = y
        if steps[-1] < tol:
            break
    return x, steps


@dataclass(frozen=True)
class Ranking:
    """XHITS's output for one query.

    Attributes
    ----------
    r : numpy.ndarray
        The dominant eigenvector of ``M``, ``kp`` long, category-major.
    authority : numpy.ndarray
        Its first ``p`` entries, category 1: the pages' scores.
    eigen : Eigen
        The eigenpair, with its tie flags.
    """

    r: np.ndarray
    authority: np.ndarray
    eigen: Eigen


def xhits(
    a: sp.spmatrix,
    f: np.ndarray,
    b: np.ndarray,
    *,
    reading: str = "backward",
    c: float = 1.0,
) -> Ranking:
    """XHITS: the dominant eigenvector of ``M(F, B, A)`` and its authorities.

    Parameters
    ----------
    a : scipy.sparse matrix
        The query graph's adjacency matrix, ``p x p``, ``A[i, j] = 1`` for a
        link ``i -> j``.
    f : numpy.ndarray
        The propagation matrix ``F``, ``k x k``.
    b : numpy.ndarray
        The matrix ``B``: ``F^T`` under reading (a), the symmetric
        within-page reinforcement under reading (b).
    reading : {"backward", "reinforcement"}, default="backward"
        Which hypothesis about ``B`` (see the module's notes).
    c : float, default=1.0
        The reinforcement ``C = c I_k`` of reading (a); any ``c > 0`` gives
        the same eigenvector as ``c = 0`` when that one is unique, and breaks
        the ``+/- lambda`` pairing that makes power iteration oscillate.

    Returns
    -------
    Ranking
        The eigenvector, its category-1 block and the eigenpair's flags.

    Examples
    --------
    >>> import numpy as np, scipy.sparse as sp
    >>> a = sp.csr_array(np.array([[0, 1, 1], [0, 0, 1], [0, 0, 0]]))
    >>> ranking = xhits(a, hits_f(), hits_f().T)
    >>> [int(i) for i in np.argsort(-ranking.authority)]
    [2, 1, 0]
    """
    f = np.asarray(f, float)
    b = np.asarray(b, float)
    p = a.shape[0]
    if a.shape != (p, p):
        raise ParameterError("A", a.shape, "a square adjacency matrix")
    if f.ndim != 2 or f.shape[0] != f.shape[1]:
        raise ParameterError("F", f.shape, "a square k x k matrix")
    eigen = dominant(influence(a, f, reinforcement(reading, f, b, c)))
    return Ranking(eigen.vector, eigen.vector[:p], eigen)
