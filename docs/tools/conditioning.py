"""Measure how well-posed Logistic's `original` fits are.

Per task: the largest coefficient of the trained member (over WEKA's 10 folds) and the
cell's mean AUC under small changes that leave the problem the same in exact arithmetic
(the ridge 1e-8 -> 1e-7, the class values declared the other way). One JSON line per
task.

Run from the repository's top folder: python docs/tools/conditioning.py
"""

import json
from dataclasses import replace

import numpy as np

from weka_ranking import RankingReduction, cross_validate, jvm, load_task
from weka_ranking.folds import weka_folds
from weka_ranking.params import MONOGRAPH_CONFIGURATION

jvm.start(heap="4g")
for task in ("breast-cancer", "hepatitis", "glass", "yeast"):
    data = load_task(task)
    largest = 0.0
    for train, _ in weka_folds(data.y, 10, 1):
        member = RankingReduction("Logistic", **MONOGRAPH_CONFIGURATION).fit(
            data.subset(train)
        )
        coefficients = member.weka_model_.getMembers()[0].coefficients()
        largest = max(largest, float(np.abs(np.array(coefficients)).max()))
    swapped = replace(
        data,
        class_values=data.class_values[::-1],
        positive_index=1 - data.positive_index,
    )
    auc = {
        "ridge 1e-8 (default)": cross_validate(
            RankingReduction("Logistic", **MONOGRAPH_CONFIGURATION), data
        ),
        "ridge 1e-7": cross_validate(
            RankingReduction(
                "Logistic", base_options="-R 1e-7", **MONOGRAPH_CONFIGURATION
            ),
            data,
        ),
        "class values swapped": cross_validate(
            RankingReduction("Logistic", **MONOGRAPH_CONFIGURATION), swapped
        ),
    }
    row = {"task": task, "largest_coefficient": largest}
    row |= {name: round(r.mean_auc, 5) for name, r in auc.items()}
    print(json.dumps(row), flush=True)
