"""Rankers of query-grouped data, all with ``fit(train, valid)`` and ``scores(test)``.

Scores order the documents within each query (higher first); their scale is
not comparable across queries. Anything tuned (rounds, the iteration kept)
is chosen on the validation set only.
"""

from __future__ import annotations

import numpy as np

from weka_ranking import bridge
from weka_ranking.ltr.data import GroupedDataset
from weka_ranking.ltr.fast import QueryMatrix
from weka_ranking.model import RankingReduction


class GroupedReduction(RankingReduction):
    """The reduction with pairs and rankings inside each query (the Java
    class's ``-G``): a pair's label says which document is more relevant."""

    _variant_options = ("-G", "first")

    def fit(self, X, y=None) -> GroupedReduction:
        """Refused: the pairs need the queries (:meth:`fit_grouped`)."""
        raise TypeError(
            "GroupedReduction pairs documents within their queries: call "
            "fit_grouped(GroupedDataset), not fit(X, y)"
        )

    def fit_grouped(self, train: GroupedDataset) -> GroupedReduction:
        self._validate_params()
        return self._fit_instances(
            _grouped_instances(train, train.labels), train.data, None
        )

    def grouped_scores(self, test: GroupedDataset) -> np.ndarray:
        """Each query ranked on its own by the committee; scores in [0, 1]."""
        unlabelled = np.full(len(test), np.nan)
        scores, _ = bridge.rank(
            self._trained_for_ranker(), _grouped_instances(test, unlabelled)
        )
        return scores


def _grouped_instances(grouped: GroupedDataset, grades: np.ndarray):
    _, query_codes = np.unique(grouped.qids, return_inverse=True)
    return bridge.grouped_instances(grouped.data, query_codes, grades)


class ReductionRanker:
    """The package's reduction as an LTR ranker."""

    def __init__(self, learner: str, pairs: int | str, ranker: str, voters: int = 1):
        self.name = f"reduction {learner} pairs={pairs} voters={voters} {ranker}"
        self.model = GroupedReduction(
            learner, pairs_per_instance=pairs, voters=voters, ranker=ranker
        )

    def fit(self, train: GroupedDataset, valid: GroupedDataset) -> ReductionRanker:
        self.model.fit_grouped(train)
        return self

    def scores(self, test: GroupedDataset) -> np.ndarray:
        return self.model.grouped_scores(test)


def _group_sizes(grouped: GroupedDataset) -> list[int]:
    return [len(rows) for rows in grouped.queries()]


class XGBoostRanker:
    """XGBoost with a ranking objective; rounds chosen by early stopping on
    the validation set's NDCG@10."""

    def __init__(self, objective: str = "rank:pairwise", seed: int = 1):
        self.name = f"XGBoost {objective}"
        self.objective = objective
        self.seed = seed

    def fit(self, train: GroupedDataset, valid: GroupedDataset) -> XGBoostRanker:
        import xgboost

        def matrix(grouped):
            # rank:map takes binary relevance (label >= 1 is relevant, as MAP says).
            labels = grouped.labels
            if self.objective == "rank:map":
                labels = (labels >= 1).astype(int)
            dmatrix = xgboost.DMatrix(grouped.data.X, label=labels)
            dmatrix.set_group(_group_sizes(grouped))
            return dmatrix

        params = {
            "objective": self.objective,
            "eval_metric": "ndcg@10",
            "eta": 0.1,
            "max_depth": 6,
            "seed": self.seed,
            "nthread": 1,
            "verbosity": 0,
        }
        self.booster = xgboost.train(
            params,
            matrix(train),
            num_boost_round=500,
            evals=[(matrix(valid), "valid")],
            early_stopping_rounds=30,
            verbose_eval=False,
        )
        self.rounds = self.booster.best_iteration + 1
        return self

    def scores(self, test: GroupedDataset) -> np.ndarray:
        import xgboost

        return self.booster.predict(
            xgboost.DMatrix(test.data.X), iteration_range=(0, self.rounds)
        )


class LightGBMRanker:
    """LightGBM lambdarank; rounds chosen by early stopping on validation NDCG@10."""

    def __init__(self, seed: int = 1):
        self.name = "LightGBM lambdarank"
        self.seed = seed

    def fit(self, train: GroupedDataset, valid: GroupedDataset) -> LightGBMRanker:
        import lightgbm

        train_set = lightgbm.Dataset(
            train.data.X, train.labels, group=_group_sizes(train)
        )
        valid_set = lightgbm.Dataset(
            valid.data.X, valid.labels, group=_group_sizes(valid)
        )
        params = {
            "objective": "lambdarank",
            "metric": "ndcg",
            "eval_at": [10],
            "learning_rate": 0.05,
            "num_leaves": 31,
            "min_data_in_leaf": 20,
            "seed": self.seed,
            "num_threads": 1,
            "verbosity": -1,
        }
        self.booster = lightgbm.train(
            params,
            train_set,
            num_boost_round=500,
            valid_sets=[valid_set],
            callbacks=[lightgbm.early_stopping(30, verbose=False)],
        )
        return self

    def scores(self, test: GroupedDataset) -> np.ndarray:
        return self.booster.predict(
            test.data.X, num_iteration=self.booster.best_iteration
        )


class AdaRank:
    """AdaRank (Xu and Li, SIGIR 2007) with single features as weak rankers.

    Query weights P_{t+1}(i) = exp(-E(f_t, q_i)) / sum_j exp(-E(f_t, q_j));
    alpha_t = 1/2 ln(sum_i P_t(i)(1 + E_i) / sum_i P_t(i)(1 - E_i)), with E
    the measure (MAP for AdaRank-MAP, NDCG@5 for AdaRank-NDCG). Runs up to
    ``rounds`` rounds and keeps the round best on the validation set.
    """

    def __init__(self, measure: str = "map", rounds: int = 100, patience: int = 20):
        self.name = f"AdaRank-{'MAP' if measure == 'map' else 'NDCG'}"
        self.measure = measure
        self.rounds = rounds
        self.patience = patience

    def fit(self, train: GroupedDataset, valid: GroupedDataset) -> AdaRank:
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
            score = float(validation.measure(valid.data.X @ alpha, self.measure).mean())
            if score > best:
                best, best_alpha, since = score, alpha.copy(), 0
            else:
                since += 1
                if since >= self.patience:
                    break
        self.alpha = best_alpha
        return self

    def scores(self, test: GroupedDataset) -> np.ndarray:
        return test.data.X @ self.alpha


class GeneticRanker:
    """A linear ranker whose weights maximise NDCG@k: a genetic algorithm for
    75% of an evaluation budget, then Nelder-Mead from its best for the rest
    (after Semenikhin and Denisova's LTR-MGA, whose operators are not
    published; ours are chosen and seeded here).

    GA: population 40 of unit-norm weight vectors (the ranking does not
    depend on the scale); tournament selection of 3; blend crossover
    (BLX-0.5); Gaussian mutation of each gene with probability 0.1 and
    standard deviation 0.2; the 2 best kept unchanged. Nelder-Mead: a simplex
    of step 0.1 around the GA's best, standard coefficients (1, 2, 0.5, 0.5).
    The final weights are the best on the validation set among the GA's best
    and Nelder-Mead's.
    """

    def __init__(self, k: int = 10, budget: int = 4000, seed: int = 1):
        self.name = f"GA+Nelder-Mead (NDCG@{k})"
        self.metric = f"ndcg@{k}"
        self.budget = budget
        self.seed = seed

    def fit(self, train: GroupedDataset, valid: GroupedDataset) -> GeneticRanker:
        rng = np.random.default_rng(self.seed)
        X = train.data.X
        queries = QueryMatrix(train)
        used = 0

        def fitness(w):
            nonlocal used
            used += 1
            return float(queries.measure(X @ w, self.metric).mean())

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
            validation.measure(valid.data.X @ w, self.metric).mean() for w in candidates
        ]
        self.weights = candidates[int(np.argmax(on_valid))]
        return self

    def scores(self, test: GroupedDataset) -> np.ndarray:
        return test.data.X @ self.weights


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
