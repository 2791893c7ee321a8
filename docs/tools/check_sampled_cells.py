"""Print the star and double_star cells of the Java sampler beside the store's.

The cells are star (p=1, 10 voters) and double_star (p=10, 1 voter), run now with the
Java sampler, beside the store's (numpy's sampler): one JSON line each.

Run from the repository's top folder: python docs/tools/check_sampled_cells.py
"""

import json
import statistics
import time
from collections import defaultdict

from weka_ranking import RankingReduction, auc, load_task
from weka_ranking.experiments import ResultStore
from weka_ranking.folds import weka_folds
from weka_ranking.learners import NAMED_LEARNERS
from weka_ranking.tasks import STUDY_TASKS

CONFIGS = {
    "voters=10": {"pairs_per_instance": 1, "voters": 10, "pair_features": "concat"},
    "pairs=10": {"pairs_per_instance": 10, "voters": 1, "pair_features": "concat"},
}
RANKERS = ("tournament", "quicksort")

store = defaultdict(dict)
for r in ResultStore("docs").records():
    if (
        r.get("variant") == ""
        and r.get("config") in CONFIGS
        and r.get("ranker") in RANKERS
    ):
        store[r["learner"], r["task"], r["config"], r["ranker"]][r["fold"]] = r["auc"]


def summary(values):
    return [statistics.fmean(values), statistics.variance(values)]


for learner in NAMED_LEARNERS:
    for task in STUDY_TASKS:
        data = load_task(task)
        folds = list(weka_folds(data.y, 10, 1))
        for config, params in CONFIGS.items():
            started = time.time()
            aucs = defaultdict(list)
            for train, test in folds:
                model = RankingReduction(learner, **params).fit(data.subset(train))
                fold = data.subset(test)
                for ranker in RANKERS:
                    model.set_params(ranker=ranker)
                    aucs[ranker].append(auc(fold.y, model.scores(fold)))
            for ranker, values in aucs.items():
                before = store[learner, task, config, ranker]
                row = {"learner": learner, "task": task, "config": config}
                row |= {"ranker": ranker, "now": summary(values)}
                row["before"] = summary([before[i] for i in range(10)])
                row["seconds"] = time.time() - started
                print(json.dumps(row), flush=True)
