"""A cell's pilot readings beside its run's units, interleaved in one process.

``python docs/tools/pilot_warmth.py PLAN.toml DATASET [N]`` takes run 1's
first fold of the data set, and for each scheme of the plan reads it N times
(8) as ``--estimate``'s pilot does and N times as the run's unit does, in
turns, and prints both lists of seconds (training and ranking): whether the
pilot's early readings of a cell stand above the warm units of a run
(docs/experiments.md, session 28).
"""

import sys

from weka_ranking import jvm
from weka_ranking.experiments import estimate
from weka_ranking.experiments.plan import read_plan, run_unit
from weka_ranking.folds import weka_folds


def main(plan_path: str, name: str, readings: int = 8) -> None:
    jvm.start()
    plan = read_plan(plan_path)
    (spec,) = [d for d in plan.data if d.name == name]
    data = spec.load()
    train, test = next(iter(weka_folds(data.y, plan.folds, 1)))
    for scheme in plan.schemes:
        (unit,) = [
            u
            for u in plan.units()
            if u.data.name == name and u.scheme.name == scheme.name
            if u.run == 1 and u.fold == 0
        ]
        pilot, units = [], []
        for _ in range(readings):
            read = estimate._pilot_seconds(scheme, data, train, test, len(train))
            pilot.append(read[0])
            record = run_unit(unit)[0]
            units.append(record["train_seconds"] + record["rank_seconds"])
        print(f"{scheme.name}: pilot {[round(s, 3) for s in pilot]}", flush=True)
        print(f"{scheme.name}: units {[round(s, 3) for s in units]}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(int(a) for a in sys.argv[3:4]))
