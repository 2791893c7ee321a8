"""The exploration behind the fifth check's rule at 6,435 rows: not evidence.

``python development.py FILE POSITIVE FOLDS CONFIGS`` draws 6,435 rows of FILE
(``numpy.random.default_rng(1)``, without replacement; FILE ``synthetic`` for
the bench's synthetic set of 6,435 x 36, POSITIVE then ``-``), and on the first
FOLDS of WEKA's 10 folds (seed 1) trains each configuration of CONFIGS (comma
separated: ``alone`` for J48 alone, a number for the default with that many
voters) and prints one JSON line a fold and configuration: its AUC, wall
seconds, and the pairs per instance ``-P auto`` drew. The larger sets' runs
used ``../held-out-4/development.py`` (configurations ``PxV``).
"""

import json
import os
import sys
import time

import numpy as np

from weka_ranking.data import synthetic
from weka_ranking.folds import weka_folds
from weka_ranking.metrics import auc
from weka_ranking.model import RankingReduction
from weka_ranking.tasks import load_task

ROWS = 6_435


def main(path: str, positive: str, folds: int, configs: str) -> None:
    if path == "synthetic":
        data = synthetic(ROWS, features=36)
    else:
        data = load_task(path, None if positive == "-" else positive)
        rng = np.random.default_rng(1)
        data = data.subset(np.sort(rng.choice(len(data.y), ROWS, replace=False)))
    for fold, (train, test) in enumerate(weka_folds(data.y)):
        if fold >= folds:
            break
        training, testing = data.subset(train), data.subset(test)
        for text in configs.split(","):
            model = (
                RankingReduction(ranker="pointwise")
                if text == "alone"
                else RankingReduction(voters=int(text))
            )
            started = time.perf_counter()
            model.fit(training)
            wall = time.perf_counter() - started
            line = {
                "set": os.path.basename(path),
                "fold": fold,
                "voters": text,
                "auc": auc(testing.y, model.decision_function(testing)),
                "wall": wall,
                "pairs": getattr(model, "pairs_per_instance_", None),
            }
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4])
