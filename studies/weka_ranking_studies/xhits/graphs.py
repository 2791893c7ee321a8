"""Query graphs with planted roles, so that the truth is known.

The papers' graphs and Google's rankings are gone; these stand in for them
[hyp]. Each query's pages have one of four roles:

* authorities, each with a planted quality in (0, 1]: the expert ranks them
  by it, and everything else below them;
* hubs, which link to each authority with a probability proportional to its
  quality;
* a link farm, a tightly knit community whose pages link to one another
  almost all ways round: its symmetric block's top singular value exceeds
  the hubs-to-authorities block's, so it captures HITS's top eigenvector;
* plain pages, which link sparsely, a little more often to better
  authorities.

The pages are shuffled, so that a page's index says nothing of its role.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

ROLES = ("authority", "hub", "farm", "plain")

# (lowest, highest) number of pages of each role in one query.
SIZES = {"authority": (15, 25), "hub": (20, 35), "farm": (12, 18), "plain": (40, 70)}
# The probability of a link from a page of the first role to one of the second;
# to an authority it is multiplied by the authority's quality.
LINKS = {
    ("hub", "authority"): 0.6,
    ("hub", "plain"): 0.03,
    ("farm", "farm"): 0.9,
    ("farm", "authority"): 0.05,
    ("plain", "authority"): 0.1,
    ("plain", "hub"): 0.02,
    ("plain", "farm"): 0.02,
    ("plain", "plain"): 0.02,
}
# NDCG's grades: an authority's quality in four equal bands, 1 to 4; others 0.
GRADES = 4


@dataclass(frozen=True)
class Query:
    """One query's graph and its truth.

    Attributes
    ----------
    adjacency : scipy.sparse.csr_array
        ``A[i, j] = 1`` for a link ``i -> j``, no self-links.
    role : numpy.ndarray
        Each page's role, an index into :data:`ROLES`.
    quality : numpy.ndarray
        The planted authority, in (0, 1] for authorities and 0 otherwise: the
        expert's score.
    """

    adjacency: sp.csr_array
    role: np.ndarray
    quality: np.ndarray

    @property
    def grades(self) -> np.ndarray:
        """The expert's graded relevance, for NDCG: 0, or 1..4 by quality."""
        return np.ceil(self.quality * GRADES).astype(int)

    @property
    def expert_top(self) -> np.ndarray:
        """1 for the expert's top ten pages (the papers' P@10 target), else 0."""
        top = np.zeros(len(self.quality), int)
        top[np.argsort(-self.quality, kind="stable")[:10]] = 1
        return top


def planted_query(rng: np.random.Generator) -> Query:
    """One query graph drawn from the roles (see the module's notes).

    Parameters
    ----------
    rng : numpy.random.Generator
        The source of every draw.

    Returns
    -------
    Query
        The graph, its pages' roles and their planted quality.
    """
    counts = [int(rng.integers(lo, hi + 1)) for lo, hi in SIZES.values()]
    role = np.repeat(np.arange(len(ROLES)), counts)
    quality = np.where(role == 0, rng.uniform(0.05, 1.0, len(role)), 0.0)
    chance = np.zeros((len(role), len(role)))
    for (source, target), probability in LINKS.items():
        rows = role == ROLES.index(source)
        columns = role == ROLES.index(target)
        weight = quality[columns] if target == "authority" else 1.0
        chance[np.ix_(rows, columns)] = probability * weight
    np.fill_diagonal(chance, 0.0)
    links = rng.random(chance.shape) < chance
    order = rng.permutation(len(role))
    adjacency = sp.csr_array(links[np.ix_(order, order)].astype(float))
    return Query(adjacency, role[order], quality[order])


def graph_set(seed: int, n_queries: int) -> list[Query]:
    """``n_queries`` planted query graphs from one seed.

    Parameters
    ----------
    seed : int
        The graph set's seed: the same seed, the same graphs.
    n_queries : int
        How many queries.

    Returns
    -------
    list of Query
    """
    rng = np.random.default_rng(seed)
    return [planted_query(rng) for _ in range(n_queries)]
