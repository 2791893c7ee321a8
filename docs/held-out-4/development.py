"""The exploration behind ``-P auto``'s size rule (development.md), not evidence.

``python development.py FILE POSITIVE FOLDS CONFIGS`` trains, on the first
FOLDS of WEKA's 10 folds (seed 1) of FILE (POSITIVE ranks first; ``-`` for a
binary file's minority), each configuration of CONFIGS (comma separated:
``alone`` for J48 alone, ``PxV`` for P pairs per instance and V voters,
``PxVxFEATURES`` for other pair features) and prints one JSON line a fold and
configuration: its AUC, wall and CPU seconds and the load.
"""

import json
import os
import sys
import time

from weka_ranking.folds import weka_folds
from weka_ranking.metrics import auc
from weka_ranking.model import RankingReduction
from weka_ranking.tasks import load_task


def configuration(text: str) -> RankingReduction:
    """The estimator a configuration's text names."""
    if text == "alone":
        return RankingReduction(ranker="pointwise")
    pairs, voters, *features = text.split("x")
    return RankingReduction(
        pairs_per_instance=pairs if pairs == "all" else int(pairs),
        voters=int(voters),
        pair_features=features[0] if features else "concat",
    )


def main(path: str, positive: str, folds: int, configs: str) -> None:
    data = load_task(path, None if positive == "-" else positive)
    for fold, (train, test) in enumerate(weka_folds(data.y)):
        if fold >= folds:
            break
        training, testing = data.subset(train), data.subset(test)
        for text in configs.split(","):
            started, cpu = time.perf_counter(), time.process_time()
            scores = configuration(text).fit(training).ranking(testing).scores
            record = {
                "set": os.path.basename(path),
                "fold": fold,
                "config": text,
                "auc": auc(testing.y, scores),
                "wall": time.perf_counter() - started,
                "cpu": time.process_time() - cpu,
                "load": os.getloadavg()[0],
            }
            print(json.dumps(record), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4])
