"""Spread over sampler seeds of the cells that moved with java.util.Random.

These are the sampled cells that moved most when the sampler became java.util.Random: is
the move within seed noise?
"""

import json
import statistics

from weka_ranking import RankingReduction, cross_validate, load_task

CELLS = [
    ("J48", "breast-cancer", "double_star"),
    ("J48", "hepatitis", "star"),
    ("J48", "hepatitis", "double_star"),
    ("J48", "yeast", "star"),
    ("J48", "yeast", "double_star"),
    ("Logistic", "hepatitis", "star"),
]
PARAMS = {
    "star": {"pairs_per_instance": 1, "voters": 10, "pair_features": "concat"},
    "double_star": {"pairs_per_instance": 10, "voters": 1, "pair_features": "concat"},
}

for learner, task, config in CELLS:
    data = load_task(task)
    means = []
    for seed in range(1, 21):
        # The folds stay WEKA's seed 1; only the sampler's seed moves.
        model = RankingReduction(learner, seed=seed, **PARAMS[config])
        means.append(cross_validate(model, data, folds=10, seed=1).mean_auc)
    print(
        json.dumps(
            {
                "learner": learner,
                "task": task,
                "config": config,
                "seed_means": means,
                "mean": statistics.fmean(means),
                "sd": statistics.stdev(means),
                "min": min(means),
                "max": max(means),
            }
        ),
        flush=True,
    )
