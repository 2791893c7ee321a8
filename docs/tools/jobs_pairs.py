"""`experiment --jobs 2` against `--jobs 1`, in pairs, by docs/jobs-two/rule.md.

Run ``python docs/tools/jobs_pairs.py docs/jobs-two/pairs.jsonl`` to measure
(one line a command: the plan, the jobs, the pair, the wall and CPU seconds,
the load before it, the span of its units, the units the engine ran one at a
time and whether it said why, and its JVM's compiler seconds) and ``python
docs/tools/jobs_pairs.py docs/jobs-two/pairs.jsonl --decide`` to apply the
rules to the lines: per plan, the pairs where ``--jobs 2`` was faster, the
one-sided sign test's p, the paired 95 % t interval of the walls' difference
and whether each unit's AUC was the same under both (docs/jobs-two/rule.md),
and the `--jobs 2` runs where the engine picked fewer workers and said why,
and whether it was no slower (docs/jobs-two/rule-2.md). With ``--pacer``, a
pair is ``--jobs 2`` with the engine's pacer and without it (``Pacer.may_start``
always true, as before session 29), decided by docs/jobs-two/rule-3.md.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from scipy import stats

SCHEMES = ["--scheme", "J48 --ranker pointwise", "--scheme", "J48"]
PLANS = {
    "A": ["--data", "breast-cancer", "--data", "hepatitis", *SCHEMES, "--runs", "2"],
    "B": [
        *("--data", "vehicle", "--data", "sick"),
        *("--data", "breast-cancer", "--data", "hepatitis"),
        *SCHEMES,
        *("--runs", "1"),
    ],
}
PAIRS = 8


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# The command with the pacer left out: every unit may start beside others.
WITHOUT_PACER = (
    "import sys; from weka_ranking.experiments import runner; "
    "runner.Pacer.may_start = lambda self, unit, running: True; "
    "from weka_ranking.cli import main; sys.exit(main())"
)


def run_once(plan: str, jobs: int, pacer: bool = True) -> dict:
    """One ``weka-ranking experiment`` of ``plan`` on ``jobs``: its times and AUCs."""
    command = ["-m", "weka_ranking"] if pacer else ["-c", WITHOUT_PACER]
    with tempfile.TemporaryDirectory() as folder:
        load = os.getloadavg()[0]
        cpu, started = _children_cpu(), time.perf_counter()
        said = subprocess.run(
            [sys.executable, *command, "experiment", "--quiet"]
            + [*PLANS[plan], "--out", folder, "--jobs", str(jobs)],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        ).stderr
        wall = time.perf_counter() - started
        cpu = _children_cpu() - cpu
        records = [
            json.loads(line)
            for line in Path(folder, "results.jsonl").read_text().splitlines()
        ]
        runs = Path(folder, "runs.jsonl").read_text().splitlines()
        note = [n for n in map(json.loads, runs) if "units_run" in n][-1]
    moments = [
        datetime.fromisoformat(r["provenance"][key]).timestamp()
        for r in records
        for key in ("started", "finished")
    ]
    return {
        "plan": plan,
        "jobs": jobs,
        "pacer": pacer,
        "wall": round(wall, 3),
        "cpu": round(cpu, 2),
        "load_before": round(load, 2),
        "units_span": round(max(moments) - min(moments), 3),
        "units": len(records),
        "units_alone": note.get("units_alone", 0),
        "said_why_alone": "units ran one at a time" in said,
        "compiler_seconds": note.get("compiler_seconds"),
        "aucs": {r["unit"]: r["auc"] for r in records},
        "at": time.strftime("%H:%M:%S", time.gmtime()),
    }


def measure(out: Path, pacer: bool = False) -> None:
    """The warm-up, then the pairs of both plans interleaved, a line each.

    A pair is ``--jobs 1`` and ``--jobs 2`` (rule.md, rule-2.md), or with
    ``pacer`` ``--jobs 2`` with the pacer and without it (rule-3.md), the
    order within a pair alternating.
    """
    arms = [(2, True), (2, False)] if pacer else [(1, True), (2, True)]
    run_once("A", *arms[0])
    with out.open("a") as lines:
        for pair in range(1, PAIRS + 1):
            for plan in PLANS:
                for jobs, paced in arms if pair % 2 else arms[::-1]:
                    line = {"pair": pair, **run_once(plan, jobs, paced)}
                    lines.write(json.dumps(line) + "\n")
                    lines.flush()
                    print(
                        f"plan {plan} pair {pair} jobs {jobs} pacer {paced}: "
                        f"{line['wall']:.2f} s, load {line['load_before']}",
                        flush=True,
                    )


def _pairs(out: Path, plan: str, arm: str) -> list[dict]:
    """The plan's complete pairs in ``out``, each its two lines by ``arm``'s value."""
    by_pair: dict[int, dict] = {}
    for line in map(json.loads, out.read_text().splitlines()):
        if line["plan"] == plan:
            by_pair.setdefault(line["pair"], {})[line[arm]] = line
    return [p for p in by_pair.values() if len(p) == 2]


def _t_interval(d: list[float]) -> tuple[float, float]:
    """The paired differences' mean and its 95 % t interval's half width."""
    if len(d) < 2:
        return statistics.fmean(d), 0.0
    t = float(stats.t.ppf(0.975, len(d) - 1))
    return statistics.fmean(d), t * statistics.stdev(d) / math.sqrt(len(d))


def decide_pacer(out: Path) -> dict:
    """rule-3.md's decision per plan: d = wall without the pacer - wall with it."""
    decisions = {}
    for plan in PLANS:
        pairs = _pairs(out, plan, "pacer")
        d = [p[False]["wall"] - p[True]["wall"] for p in pairs]
        n, (mean, half) = len(d), _t_interval(d)
        slower, faster = sum(x < 0 for x in d), sum(x > 0 for x in d)
        without = statistics.median(p[False]["wall"] for p in pairs)
        decisions[plan] = {
            "pairs": n,
            "pacer_slower": slower,
            "pacer_faster": faster,
            "mean_difference": round(mean, 3),
            "t_interval_95": [round(mean - half, 3), round(mean + half, 3)],
            "median_wall": {
                "pacer": round(statistics.median(p[True]["wall"] for p in pairs), 2),
                "without": round(without, 2),
            },
            "median_units_alone": statistics.median(
                p[True]["units_alone"] for p in pairs
            ),
            "same_aucs": all(p[True]["aucs"] == p[False]["aucs"] for p in pairs),
            "clear_cost": slower >= 7 or mean < -0.05 * without,
            "gain": faster >= 7 and mean - half > 0,
        }
    return decisions


def decide(out: Path) -> dict:
    """The rule's decision per plan, from the measured lines."""
    decisions = {}
    for plan in PLANS:
        pairs = _pairs(out, plan, "jobs")
        d = [p[1]["wall"] - p[2]["wall"] for p in pairs]
        n, faster = len(d), sum(x > 0 for x in d)
        sign_p = sum(math.comb(n, k) for k in range(faster, n + 1)) / 2**n
        mean, half = _t_interval(d)

        def median(key: str, pairs: list = pairs) -> dict:
            return {
                j: round(statistics.median(p[j][key] for p in pairs), 2) for j in (1, 2)
            }

        decisions[plan] = {
            "pairs": n,
            "jobs_2_faster": faster,
            "sign_test_p": sign_p,
            "mean_difference": round(mean, 3),
            "t_interval_95": [round(mean - half, 3), round(mean + half, 3)],
            "median_wall": median("wall"),
            "median_units_span": median("units_span"),
            "median_cpu": median("cpu"),
            "load_before": [
                min(p[j]["load_before"] for p in pairs for j in (1, 2)),
                max(p[j]["load_before"] for p in pairs for j in (1, 2)),
            ],
            "same_aucs": all(p[1]["aucs"] == p[2]["aucs"] for p in pairs),
            "supported": faster >= 7 and mean - half > 0,
        }
        # rule-2.md: or the engine picked fewer workers, said why, lost no time
        fewer = sum(
            p[2].get("units_alone", 0) > 0 and p[2].get("said_why_alone", False)
            for p in pairs
        )
        margin = -0.05 * statistics.median(p[1]["wall"] for p in pairs)
        slower = sum(x < 0 for x in d)
        not_slower = slower <= 6 and mean > margin
        decisions[plan] |= {
            "fewer_workers_said": fewer,
            "jobs_2_slower": slower,
            "not_slower": not_slower,
            "met": decisions[plan]["supported"] or (fewer >= 7 and not_slower),
        }
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the lines, one a command (JSON)")
    parser.add_argument("--decide", action="store_true", help="apply the rule to them")
    parser.add_argument(
        "--pacer", action="store_true", help="--jobs 2 with the pacer and without"
    )
    args = parser.parse_args()
    if args.decide:
        print(json.dumps((decide_pacer if args.pacer else decide)(args.out), indent=1))
    else:
        measure(args.out, args.pacer)


if __name__ == "__main__":
    main()
