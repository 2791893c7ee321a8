"""Linear rankers of query-grouped data: AdaRank and a genetic ranker.

They follow the package's ranker contract (``fit(X, y, *, group=...,
validation=(X, y, group))``, learned state with a trailing underscore,
``ranking(X, *, group=...)``), like the reduction and the boosted peers of
:mod:`weka_ranking.peers`. Anything tuned is chosen on ``validation`` only,
which both require.
"""

from __future__ import annotations

import numpy as np

from weka_ranking.errors import ParameterError
from weka_ranking.estimator import Validation, as_validation
from weka_ranking.peers import ScoringRanker
from weka_ranking_studies.ltr.data import as_grouped
from weka_ranking_studies.ltr.fast import QueryMatrix


def _grouped_with_validation(ranker, X, y, group, validation):
    """The training and validation data as GroupedDatasets, and the rating.

    Both rankers need the queries and held-out queries to choose on.
    """
    for name, value in (("group", group), ("validation", validation)):
        if value is None:
            raise ParameterError(
                name,
                None,
                f"{type(ranker).__name__} ranks within queries and chooses on "
                "held-out queries: give group=query ids and "
                "validation=(X, y, group)",
            )
    validation: Validation = as_validation(validation)
    train = as_grouped(X, y, group)
    return train, as_grouped(*validation[:3]), validation.rate


class AdaRank(ScoringRanker):
    """AdaRank (Xu and Li, SIGIR 2007) with single features as weak rankers.

    Query weights P_{t+1}(i) = exp(-E(f_t, q_i)) / sum_j exp(-E(f_t, q_j));
    alpha_t = 1/2 ln(sum_i P_t(i)(1 + E_i) / sum_i P_t(i)(1 - E_i)), with E
    the measure (MAP for AdaRank-MAP, NDCG@5 for AdaRank-NDCG). Runs up to
    ``rounds`` rounds and keeps the round best on the validation set.
    """

    classname = "weka_ranking_studies.ltr.AdaRank"

    def __init__(
        self, measure: str = "map", *, rounds: int = 100, patience: int = 20
    ) -> None:
        self.measure = measure
        self.rounds = rounds
        self.patience = patience

    def fit(self, X, y, *, group=None, validation=None) -> AdaRank:
        """Boost; keep the round ``validation.rate`` rates best.

        ``validation.rate`` maps scores of its queries to a rating, by default the mean
        of the boosted measure.
        """
        train, valid, eval_metric = _grouped_with_validation(
            self, X, y, group, validation
        )
        X = train.data.X
        queries = QueryMatrix(train)
        validation = QueryMatrix(valid)
        features = X.shape[1]
        # E(h_k, q_i) of every single-feature ranker on every query.
        weak = np.array(
            [queries.measure(X[:, k], self.measure) for k in range(features)]
        )
        weights = np.full(len(queries.groups), 1.0 / len(queries.groups))
        alpha = np.zeros(features)
        best, best_alpha, since = -np.inf, alpha.copy(), 0
        for _ in range(self.rounds):
            k = int(np.argmax(weak @ weights))
            e = weak[k]
            numerator = float(weights @ (1 + e))
            denominator = float(weights @ (1 - e))
            if denominator <= 0:
                break
            alpha[k] += 0.5 * np.log(numerator / denominator)
            performance = queries.measure(X @ alpha, self.measure)
            weights = np.exp(-performance)
            weights /= weights.sum()
            scores = valid.data.X @ alpha
            score = (
                eval_metric(scores)
                if eval_metric
                else float(validation.measure(scores, self.measure).mean())
            )
            if score > best:
                best, best_alpha, since = score, alpha.copy(), 0
            else:
                since += 1
                if since >= self.patience:
                    break
        self.alpha_ = best_alpha
        self.features_used_ = np.flatnonzero(best_alpha)
        return self

    def _predict(self, X: np.ndarray) -> np.ndarray:
        return X @ self.alpha_

    def _library_params(self) -> dict:
        """The parameters, and once fitted the features its weights use (1-based).

        AdaRank often keeps one or two.
        """
        params = self.get_params()
        if hasattr(self, "features_used_"):
            params["features"] = ",".join(str(j + 1) for j in self.features_used_)
        return params


class GeneticRanker(ScoringRanker):
    """A linear ranker whose weights maximise NDCG@k.

    A genetic algorithm runs for 75% of an evaluation budget, then Nelder-Mead from its
    best for the rest (after Semenikhin and Denisova's LTR-MGA, whose operators are not
    published; ours are chosen and seeded here).

    GA: population 40 of unit-norm weight vectors (the ranking does not
    depend on the scale); tournament selection of 3; blend crossover
    (BLX-0.5); Gaussian mutation of each gene with probability 0.1 and
    standard deviation 0.2; the 2 best kept unchanged. Nelder-Mead: a simplex
    of step 0.1 around the GA's best, standard coefficients (1, 2, 0.5, 0.5).
    The final weights are the best on the validation set among the GA's best
    and Nelder-Mead's.
    """

    classname = "weka_ranking_studies.ltr.GeneticRanker"

    def __init__(self, k: int = 10, *, budget: int = 4000, seed: int = 1) -> None:
        self.k = k
        self.budget = budget
        self.seed = seed

    def fit(self, X, y, *, group=None, validation=None) -> GeneticRanker:
        """Search; keep the GA's or Nelder-Mead's best, whichever rates higher.

        Of the two, keep the one ``validation.rate`` rates best on its queries (default:
        NDCG@k).
        """
        train, valid, eval_metric = _grouped_with_validation(
            self, X, y, group, validation
        )
        metric = f"ndcg@{self.k}"
        rng = np.random.default_rng(self.seed)
        X = train.data.X
        queries = QueryMatrix(train)
        used = 0

        def fitness(w):
            nonlocal used
            used += 1
            return float(queries.measure(X @ w, metric).mean())

        def normalised(w):
            norm = np.linalg.norm(w)
            return w / norm if norm > 0 else w

        dims = X.shape[1]
        size = 40
        population = np.array([normalised(rng.normal(size=dims)) for _ in range(size)])
        scores = np.array([fitness(w) for w in population])
        ga_budget = int(0.75 * self.budget)
        while used + size - 2 <= ga_budget:
            order = np.argsort(-scores)
            children = [population[order[0]], population[order[1]]]
            while len(children) < size:
                parents = []
                for _ in range(2):
                    picks = rng.integers(0, size, 3)
                    parents.append(population[picks[np.argmax(scores[picks])]])
                low, high = np.minimum(*parents), np.maximum(*parents)
                spread = high - low
                child = rng.uniform(low - 0.5 * spread, high + 0.5 * spread)
                mutate = rng.random(dims) < 0.1
                child = child + mutate * rng.normal(0, 0.2, dims)
                children.append(normalised(child))
            population = np.array(children)
            scores = np.concatenate(
                [scores[order[:2]], [fitness(w) for w in population[2:]]]
            )
        ga_best = population[int(np.argmax(scores))]
        nm_best = _nelder_mead(lambda w: -fitness(w), ga_best, self.budget - used)
        validation = QueryMatrix(valid)
        candidates = [ga_best, nm_best]
        on_valid = [
            eval_metric(valid.data.X @ w)
            if eval_metric
            else validation.measure(valid.data.X @ w, metric).mean()
            for w in candidates
        ]
        self.weights_ = candidates[int(np.argmax(on_valid))]
        return self

    def _predict(self, X: np.ndarray) -> np.ndarray:
        return X @ self.weights_


def _nelder_mead(objective, start: np.ndarray, budget: int, step: float = 0.1):
    """Minimise with Nelder-Mead from ``start`` within ``budget`` evaluations."""
    dims = len(start)
    simplex = [start] + [start + step * np.eye(dims)[i] for i in range(dims)]
    values = [objective(x) for x in simplex]
    used = len(simplex)
    while used < budget:
        order = np.argsort(values)
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        centroid = np.mean(simplex[:-1], axis=0)
        reflected = centroid + (centroid - simplex[-1])
        r = objective(reflected)
        used += 1
        if values[0] <= r < values[-2]:
            simplex[-1], values[-1] = reflected, r
        elif r < values[0]:
            expanded = centroid + 2 * (centroid - simplex[-1])
            e = objective(expanded)
            used += 1
            simplex[-1], values[-1] = (expanded, e) if e < r else (reflected, r)
        else:
            contracted = centroid + 0.5 * (simplex[-1] - centroid)
            c = objective(contracted)
            used += 1
            if c < values[-1]:
                simplex[-1], values[-1] = contracted, c
            else:
                for i in range(1, len(simplex)):
                    simplex[i] = simplex[0] + 0.5 * (simplex[i] - simplex[0])
                    values[i] = objective(simplex[i])
                    used += 1
    return simplex[int(np.argmin(values))]
