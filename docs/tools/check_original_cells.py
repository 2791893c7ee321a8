"""The `original` cells of docs/original.md, computed again: one JSON line each.

Run from the repository's top folder: python docs/tools/check_original_cells.py
"""

import json
import re
import time

from weka_ranking import RankingReduction, cross_validate, load_task
from weka_ranking.params import MONOGRAPH_CONFIGURATION

LEARNERS = ["J48", "NaiveBayes", "Logistic", "SMO"]

table = open("docs/original.md").read().split("## `original`")[1]
for line in table.splitlines():
    if not line.startswith("| ") or line.startswith("| task"):
        continue
    cells = [c.strip() for c in line.strip("|").split("|")]
    task = cells[0]
    for i, learner in enumerate(LEARNERS):
        ours = re.match(r"([\d.]+) \(([\d.]+)\)", cells[1 + 2 * i])
        if ours is None:  # "not run (cost)"
            continue
        started = time.time()
        result = cross_validate(
            RankingReduction(learner, **MONOGRAPH_CONFIGURATION), load_task(task)
        )
        now = [round(result.mean_auc, 5), round(result.variance, 5)]
        before = [float(ours[1]), float(ours[2])]
        row = {"task": task, "learner": learner, "before": before, "now": now}
        row |= {"same": before == now, "seconds": time.time() - started}
        print(json.dumps(row), flush=True)
