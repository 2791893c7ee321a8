"""The tree tournament as first element against both orders, one JVM, alternating.

The bench's committee (J48 x 10, one pair per instance, 20,000 synthetic
training rows) and its rows with 1 % missing a value (``tournament-missing``),
each tournament's wall and its own CPU (``lastTiming``), the first run of each
left out as the JIT's warm-up, then each order's medians:

    PYTHONPATH=.:studies python docs/tools/tournament_orders.py [ROWS] [RUNS]
"""

import sys
import time

import jpype
import numpy as np

from weka_ranking import RankingReduction
from weka_ranking.data import synthetic
from weka_ranking_studies.bench.tournament_missing import TRAIN_N, VOTERS, with_missing


def main(n: int, runs: int) -> None:
    """Runs both orders in turns, the order of the pair alternating, and prints them."""
    model = RankingReduction(
        "J48", pairs_per_instance=1, voters=VOTERS, pair_features="concat", threads=2
    ).fit(synthetic(TRAIN_N, seed=2))
    reduction = model.weka_model_
    rows = with_missing(n, 0.01)
    committee = jpype.JClass("weka.classifiers.meta.rankingreduction.Committee")
    votes = committee(
        committee.copies(reduction.getMembers(), 2),
        reduction.getPairHeader(),
        reduction.getModel().getPairLayout(),
        jpype.JArray.of(np.ascontiguousarray(rows)),
        True,
    )
    exact = votes.exactTournament()
    everyone = jpype.JArray(jpype.JInt)(np.arange(n, dtype=np.int32))
    taken: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
    for run in range(runs + 1):
        for both in (False, True) if run % 2 == 0 else (True, False):
            started = time.perf_counter()
            exact.tournament(everyone, votes, both)
            wall = time.perf_counter() - started
            timing = exact.lastTiming()
            cpu = timing.serialCpuSeconds + sum(timing.threadCpuSeconds)
            if run > 0:
                taken[both].append((wall, cpu))
            print(
                run,
                "both orders" if both else "first element",
                f"{wall:.2f} s",
                f"{cpu:.2f} CPU s",
                flush=True,
            )
    for both in (False, True):
        wall, cpu = np.median(np.array(taken[both]), axis=0)
        name = "both orders" if both else "first element"
        print(f"{name}: median {wall:.2f} s wall, {cpu:.2f} tournament CPU s")


if __name__ == "__main__":
    given = [int(a) for a in sys.argv[1:3]]
    main(given[0] if given else 200_000, given[1] if len(given) > 1 else 3)
