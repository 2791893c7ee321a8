"""The page ``docs/scale.md`` and its curves, from ``bench``'s ``scale`` section.

How cost grows, and what 100 million instances would cost on a Dask cluster,
worked out from the rates measured here. :func:`values` computes every number
and verdict the page states; :func:`render` fills ``templates/scale.md`` (and
``tree-committee.md`` when that section ran) with them.
"""

from __future__ import annotations

import math
import statistics
from pathlib import Path

from weka_ranking_studies.bench.page import cells, table, template

# The cluster of the worked example: workers, instances, features.
WORKERS = 100
INSTANCES = 100_000_000
FEATURES = 20
# Table columns: title, the row's key, the number's format.
N_COLUMNS = (
    ("n", "n", ","),
    ("model", "model", ""),
    ("ranker", "ranker", ""),
    ("threads", "threads", "d"),
    ("seconds", "seconds", ".2f"),
    ("comparisons", "comparisons", ","),
    ("/ (2 n ln n)", "comparisons_per_2nlnn", ".2f"),
    ("AUC", "auc", ".4f"),
)
PAIRS_COLUMNS = (
    ("learner", "learner", ""),
    ("p", "p", "d"),
    ("pairs", "pairs", ","),
    ("seconds", "seconds", ".2f"),
)
ALL_PAIRS_TASK_COLUMNS = (
    ("learner", "learner", ""),
    ("pairs", "pairs", ","),
    ("from the rows s", "seconds", ".3f"),
    ("WEKA on the pairs s", "general_seconds", ".1f"),
    ("general / rows", "ratio", ",.0f"),
    ("same model", "same_model", ""),
)
ALL_PAIRS_SYNTHETIC_COLUMNS = (
    ("rows", "rows", ","),
    ("pairs", "pairs", ","),
    ("from the rows s", "seconds", ".1f"),
)
SUM_ORDER_COLUMNS = (
    ("task", "task", ""),
    ("pairs", "pairs", ","),
    ("estimators", "estimators", "d"),
    ("differing", "differing_estimators", "d"),
    ("mean: rows vs WEKA", "mean_ulps", ",.0f"),
    ("deviation: rows vs WEKA", "deviation_ulps", ",.0f"),
    ("mean: rows vs exact", "rows_mean_ulps", ",.0f"),
    ("mean: WEKA vs exact", "pairs_mean_ulps", ",.0f"),
    ("deviation: rows vs exact", "rows_deviation_ulps", ",.0f"),
    ("deviation: WEKA vs exact", "pairs_deviation_ulps", ",.0f"),
    ("pairs predicted otherwise", "differing_predictions", ","),
    ("largest probability difference", "largest_probability_difference", ".1e"),
    ("same toString", "same_text", ""),
    ("rows s", "rows_seconds", ".3f"),
    ("WEKA's order s", "pairs_seconds", ".3f"),
)
# Goal: NaiveBayes on all pairs of 20,000 rows of 16 numeric features.
NAIVE_BAYES_GOAL_SECONDS = 10
# The learners of bench's all_pairs_training, by the key its results use.
ALL_PAIRS_NAMES = {"j48": "J48", "naive_bayes": "NaiveBayes"}
VOTERS_COLUMNS = (
    ("voters", "voters", "d"),
    ("members' training s", "member_seconds", ".2f"),
    ("QuickSort s", "quicksort_seconds", ".2f"),
    ("comparisons", "comparisons", ","),
    ("AUC", "auc", ".4f"),
)


def _exponent(points: list[tuple[float, float]]) -> float:
    """The slope of log(seconds) against log(size), least squares."""
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(max(y, 1e-6)) for _, y in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum(
        (x - mx) ** 2 for x in xs
    )


def write_figures(scale: dict, folder: Path) -> list[str]:
    """The three curves as PNG in ``folder``; their file names."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    folder.mkdir(parents=True, exist_ok=True)
    names = []
    rows = scale["growth_with_n"]["rows"]
    figure, axis = pyplot.subplots(figsize=(6, 4))
    cores = scale["growth_with_n"]["cores"]
    for (model, ranker), style in {
        (f"J48 x{scale['growth_with_n']['voters']}", "quicksort"): "-o",
        ("Logistic", "tournament"): "-s",
        (f"J48 x{scale['growth_with_n']['voters']}", "tournament"): "-^",
    }.items():
        points = sorted(
            (r["n"], r["seconds"])
            for r in rows
            if (r["model"], r["ranker"], r["threads"]) == (model, ranker, cores)
        )
        if points:
            axis.plot(*zip(*points), style, label=f"{ranker}, {model}")
    rate = scale.get("tournament_bruteforce_pairs_per_second")
    if rate:
        ns = [1_000, 10_000, 100_000, 1_000_000]
        axis.plot(ns, [n * (n - 1) / rate for n in ns], "k:", label="n(n-1) / rate")
    axis.set(xscale="log", yscale="log", xlabel="instances ranked (n)")
    axis.set(ylabel=f"seconds ({cores} threads)")
    axis.legend(fontsize=8)
    names.append(_save(figure, folder / "scale-n.png"))
    figure, axis = pyplot.subplots(figsize=(6, 4))
    by_learner: dict[str, list] = {}
    for r in scale["growth_with_pairs"]["rows"]:
        by_learner.setdefault(r["learner"], []).append((r["pairs"], r["seconds"]))
    for learner, points in by_learner.items():
        axis.plot(*zip(*points), "-o", label=learner)
    axis.set(xscale="log", yscale="log", xlabel="pairs a member is trained on")
    axis.set(ylabel="training seconds (one member)")
    axis.legend(fontsize=8)
    names.append(_save(figure, folder / "scale-pairs.png"))
    figure, axis = pyplot.subplots(figsize=(6, 4))
    voters = scale["growth_with_voters"]["rows"]
    ks = [r["voters"] for r in voters]
    training = [r["member_seconds"] for r in voters]
    axis.plot(ks, training, "-o", label="members' training")
    axis.plot(
        ks,
        [r["quicksort_seconds"] for r in voters],
        "-s",
        label=f"QuickSort of {scale['growth_with_voters']['rank_n']:,}",
    )
    axis.set(xlabel="voters (committee members)", ylabel="seconds")
    axis.legend(fontsize=8)
    names.append(_save(figure, folder / "scale-voters.png"))
    return names


def _save(figure, path: Path) -> str:
    from matplotlib import pyplot

    figure.tight_layout()
    figure.savefig(path, dpi=80)
    pyplot.close(figure)
    return path.name


def cluster_plan(scale: dict, workers: int = WORKERS, n: int = INSTANCES) -> dict:
    """100 million instances on ``workers`` Dask workers, from the rates here.

    Each worker holds n / workers instances, trains one member on its own
    share's pairs (1 pair per instance), and the committee's QuickSort is a
    sample sort: workers - 1 splitters ranked on one machine, every instance
    placed between them by binary search (the committee asked both ways), the
    buckets moved to their workers and each QuickSorted there.
    """
    share = n // workers
    with_n, pairs = scale["growth_with_n"], scale["growth_with_pairs"]["rows"]
    j48 = sorted((r["pairs"], r["seconds"]) for r in pairs if r["learner"] == "J48")
    exponent = _exponent(j48)
    member = j48[-1][1] * (share / j48[-1][0]) ** exponent
    quick = max(
        (r for r in with_n["rows"] if r["ranker"] == "quicksort"),
        key=lambda r: (r["n"], r["threads"]),
    )
    per_answer = quick["seconds"] / max(quick["comparisons"], 1)
    committee = min(workers, with_n["voters"])
    comparisons = math.ceil(math.log2(workers))
    answers_to_place = share * 2 * comparisons
    local_comparisons = quick["comparisons_per_2nlnn"] * 2 * share * math.log(share)
    place, local = answers_to_place * per_answer, local_comparisons * per_answer
    return {
        "workers": workers,
        "instances": n,
        "features": FEATURES,
        "share": share,
        "data_gb": n * FEATURES * 8 / 1e9,
        "j48_exponent": exponent,
        "member_seconds": member,
        "member_minutes": member / 60,
        "committee": committee,
        "splitters": workers - 1,
        "comparisons_per_instance": comparisons,
        "seconds_per_answer": per_answer,
        "answers_per_second": 1 / per_answer,
        "place_seconds": place,
        "local_sort_seconds": local,
        "wall_minutes": (member + place + local) / 60,
        "bruteforce_years": n**2
        / scale["tournament_bruteforce_pairs_per_second"]
        / 86400
        / 365,
        "measured_at": quick["n"],
        "threads": quick["threads"],
    }


def _tree_committee(scale: dict) -> dict | None:
    """The exact tournament of the J48 committee and its pair rate, if measured."""
    trees = scale.get("tree_committee")
    if not trees:
        return None
    rate = scale["committee_pair_rate_per_thread"]
    n = trees["n"]
    low, high = sorted(trees["load_average"])
    return {
        "n": n,
        "tournament_seconds": trees["tournament_seconds"],
        "repeats": trees["repeats"],
        "sample": trees["sample"],
        "degrees_equal": bool(scale["tournament_j48x10_sample_equal"]),
        "pair_rate": rate,
        "ratio_to_flat_loop": scale["committee_pair_rate_ratio_to_flat_loop"],
        "bruteforce_minutes": n * (n - 1) / rate / 60,
        "load_low": low,
        "load_high": high,
        "cores": scale["growth_with_n"]["cores"],
        "two_threads_seconds": trees.get("tournament_two_threads_seconds"),
        "exact_n": trees.get("exact_n"),
        "exact_n_seconds": trees.get("exact_n_two_threads_seconds"),
    }


def _all_pairs(scale: dict, n: int = INSTANCES) -> dict | None:
    """J48 and NaiveBayes trained on all pairs from the rows, if measured.

    The row path's time on the synthetic sets is fitted as rows^e (least
    squares on log-log) and carried to ``n`` rows from the largest set.
    """
    measured = scale.get("all_pairs_training")
    if not measured:
        return None
    task = []
    for key, name in ALL_PAIRS_NAMES.items():
        learner = measured["learners"][key]
        seconds, general = learner["seconds"], learner["on_pairs_seconds"]
        task.append(
            {
                "learner": name,
                "pairs": learner["pairs"],
                "seconds": seconds,
                "general_seconds": general,
                "ratio": None if seconds is None else general / seconds,
                "same_model": "yes" if learner["same_model"] else "NO",
            }
        )
    rows = [r for r in measured["synthetic"] if r["seconds"] is not None]
    largest = max(rows, key=lambda r: r["rows"])
    exponent = _exponent([(r["rows"], r["seconds"]) for r in rows])
    at_n = largest["seconds"] * (n / largest["rows"]) ** exponent
    low, high = sorted(measured["load_average"])
    fifty = scale.get("j48_all_pairs_50k_seconds")
    return {
        "task": measured["task"],
        "repeats": measured["repeats"],
        "task_rows": cells(task, ALL_PAIRS_TASK_COLUMNS),
        "synthetic": cells(measured["synthetic"], ALL_PAIRS_SYNTHETIC_COLUMNS),
        "rows_exponent": exponent,
        # Pairs grow as rows^2, so time as pairs^(e / 2).
        "pairs_exponent": exponent / 2,
        "largest_rows": largest["rows"],
        "largest_pairs": largest["pairs"],
        "fifty_k_minutes": None if fifty is None else fifty / 60,
        "fifty_k_under_goal": fifty is not None and fifty < 300,
        "max_heap_mb": measured["max_heap_mb"],
        "load_low": low,
        "load_high": high,
        "plan_rows": n,
        "plan_pairs": largest["pairs"] * (n / largest["rows"]) ** 2,
        "plan_hours": at_n / 3600,
        "threads": largest.get("threads", 1),
        "missing": _missing_values(scale),
    }


def _naive_bayes_numeric(scale: dict) -> dict | None:
    """Numeric NaiveBayes from the rows and its two sum orders, if measured."""
    measured = scale.get("naive_bayes_numeric")
    if not measured:
        return None
    tasks = measured["sum_orders"]
    low, high = sorted(measured["load_average"])
    return {
        **{k: measured[k] for k in ("pairs", "rows", "features", "seconds")},
        "runs": len(measured["runs"]),
        "load_low": low,
        "load_high": high,
        "under_goal": measured["seconds"] < NAIVE_BAYES_GOAL_SECONDS,
        "tasks": cells(
            [{**t, "same_text": "yes" if t["same_text"] else "no"} for t in tasks],
            SUM_ORDER_COLUMNS,
        ),
        "rows_closer": all(
            t["rows_mean_ulps"] <= t["pairs_mean_ulps"]
            and t["rows_deviation_ulps"] <= t["pairs_deviation_ulps"]
            for t in tasks
        ),
        "predictions_differing": sum(t["differing_predictions"] for t in tasks),
    }


def _naive_bayes_text(nb: dict) -> str:
    """The section on numeric NaiveBayes from the rows."""
    changed = nb["predictions_differing"]
    summary = (
        ("On every task" if nb["rows_closer"] else "NOT on every task")
        + " the exact sums' means and deviations are as close to exact arithmetic"
        " as WEKA's or closer; "
        + (
            "no training pair's prediction differs."
            if changed == 0
            else f"{changed:,} training pairs' predictions differ."
        )
    )
    section = template("naive-bayes-numeric.md").substitute(
        pairs=f"{nb['pairs']:,}",
        rows=f"{nb['rows']:,}",
        features=nb["features"],
        seconds=f"{nb['seconds']:.2f}",
        runs=nb["runs"],
        load_low=f"{nb['load_low']:.1f}",
        load_high=f"{nb['load_high']:.1f}",
        verdict="under" if nb["under_goal"] else "NOT under",
        table=table(nb["tasks"], SUM_ORDER_COLUMNS),
        summary=summary,
    )
    # Blank lines before the next section; none when the run left this out.
    return section.rstrip("\n") + "\n\n"


def _missing_values(scale: dict) -> str:
    """The sentence on J48's cross-validation of a set with missing values."""
    m = scale.get("missing_values_cv")
    if not m:
        return "not measured in this run."
    same = scale["j48_all_pairs_missing_values_same_trees"]
    low, high = sorted(m["load_average"])
    return (
        f"{m['folds']}-fold cross-validation of all pairs of {m['data']} "
        f"({m['rows']:,} rows, {m['rows_with_missing']:,} of them with a missing "
        f"value): {scale['j48_all_pairs_missing_values_seconds']:.2f} s from the rows "
        f"(median of {m['repeats']}, ranking included; "
        f"{statistics.median(m['cv_cpu_seconds']):.2f} CPU seconds), where WEKA's "
        f"J48 on the materialised pairs takes {m['general_training_seconds']:.1f} s "
        f"to train the {m['folds']} folds alone; the trees were "
        + ("the same" if same else "NOT the same")
        + f" in every fold, every pair's class probabilities within "
        f"{m['largest_difference']:.0e} of WEKA's. The load average was {low:.1f} to "
        f"{high:.1f}."
    )


def _threads(n: int) -> str:
    return f"{n} thread" + ("" if n == 1 else "s")


def values(scale: dict, machine: str, command: str) -> dict:
    """Every number and verdict the page states, computed once."""
    with_n, pairs = scale["growth_with_n"], scale["growth_with_pairs"]
    voters = scale["growth_with_voters"]
    rate = scale["tournament_bruteforce_pairs_per_second"]
    exponents: dict[str, list] = {}
    for r in pairs["rows"]:
        exponents.setdefault(r["learner"], []).append((r["pairs"], r["seconds"]))
    return {
        "command": command,
        "machine": machine,
        "n": {
            "voters": with_n["voters"],
            "train_n": with_n["train_n"],
            "cores": with_n["cores"],
            "bruteforce_rate": rate,
            "speedup": scale["tournament_bruteforce_speedup_all_cores"],
            "minutes_at_100k": 1e10 / rate / 60,
            "days_at_1m": 1e12 / rate / 86400,
            "rows": cells(with_n["rows"], N_COLUMNS),
        },
        "tree_committee": _tree_committee(scale),
        "all_pairs": _all_pairs(scale),
        "naive_bayes_numeric": _naive_bayes_numeric(scale),
        "pairs": {
            "train_n": pairs["train_n"],
            "exponents": {k: _exponent(v) for k, v in exponents.items()},
            "rows": cells(pairs["rows"], PAIRS_COLUMNS),
        },
        "voters": {
            "train_n": voters["train_n"],
            "cores": voters["cores"],
            "train_seconds_all_cores": voters["train_seconds_all_cores"],
            "rank_n": voters["rank_n"],
            "rows": cells(voters["rows"], VOTERS_COLUMNS),
        },
        "plan": cluster_plan(scale),
    }


def _tree_text(t: dict) -> str:
    return template("tree-committee.md").substitute(
        n=f"{t['n']:,}",
        tournament_seconds=f"{t['tournament_seconds']:.1f}",
        repeats=t["repeats"],
        same="the same" if t["degrees_equal"] else "NOT the same",
        sample=f"{t['sample']:,}",
        pair_rate=f"{t['pair_rate']:,.0f}",
        ratio_to_flat_loop=f"{t['ratio_to_flat_loop']:.2f}",
        bruteforce_minutes=f"{t['bruteforce_minutes']:,.0f}",
        load_low=f"{t['load_low']:.1f}",
        load_high=f"{t['load_high']:.1f}",
        cores=t["cores"],
        threads=(
            ""
            if t["two_threads_seconds"] is None
            else f" on two threads, {t['two_threads_seconds']:.1f} s ("
            f"{t['tournament_seconds'] / t['two_threads_seconds']:.2f} times as fast),"
            " one thread's runs and two's in turn;"
        ),
        exact_n=(
            ""
            if t["exact_n"] is None
            else f" {t['exact_n']:,} instances took {t['exact_n_seconds']:.1f} s"
            " on two threads (one run);"
        ),
    )


def _all_pairs_texts(a: dict) -> tuple[str, str]:
    """The section on training with all pairs, and its step of the plan."""
    fifty = (
        "not measured in this run"
        if a["fifty_k_minutes"] is None
        else f"{a['fifty_k_minutes']:.1f} minutes, "
        + ("under" if a["fifty_k_under_goal"] else "NOT under")
        + " the goal of 5"
    )
    shared = {
        "rows_exponent": f"{a['rows_exponent']:.2f}",
        "pairs_exponent": f"{a['pairs_exponent']:.2f}",
        "largest_rows": f"{a['largest_rows']:,}",
    }
    section = template("all-pairs.md").substitute(
        shared,
        task=a["task"],
        repeats=a["repeats"],
        task_table=table(a["task_rows"], ALL_PAIRS_TASK_COLUMNS),
        synthetic_table=table(a["synthetic"], ALL_PAIRS_SYNTHETIC_COLUMNS),
        largest_pairs=f"{a['largest_pairs']:,}",
        fifty_k=fifty,
        max_heap_mb=f"{a['max_heap_mb']:,}",
        load_low=f"{a['load_low']:.1f}",
        load_high=f"{a['load_high']:.1f}",
        threads=_threads(a["threads"]),
        missing=a["missing"],
    )
    plan = template("all-pairs-plan.md").substitute(
        shared,
        plan_rows=f"{a['plan_rows']:,}",
        plan_pairs=f"{a['plan_pairs']:.1e}",
        plan_hours=f"{a['plan_hours']:,.0f}",
        plan_days=f"{a['plan_hours'] / 24:,.1f}",
        threads=_threads(a["threads"]),
    )
    # Blank lines between sections; none when the run left this out.
    return section.rstrip("\n") + "\n\n", "\n\n" + plan.rstrip("\n")


def render(v: dict) -> str:
    """The page: the templates filled with :func:`values`' values."""
    n, trees, pairs, voters, p = (
        v[k] for k in ("n", "tree_committee", "pairs", "voters", "plan")
    )
    all_pairs, all_pairs_plan = (
        ("", "") if v["all_pairs"] is None else _all_pairs_texts(v["all_pairs"])
    )
    nb = v["naive_bayes_numeric"]
    return template("scale.md").substitute(
        command=v["command"],
        machine=v["machine"],
        voters=n["voters"],
        train_n=f"{n['train_n']:,}",
        cores=n["cores"],
        bruteforce_rate=f"{n['bruteforce_rate']:,.0f}",
        speedup=f"{n['speedup']:.2f}",
        minutes_at_100k=f"{n['minutes_at_100k']:,.0f}",
        days_at_1m=f"{n['days_at_1m']:,.1f}",
        n_table=table(n["rows"], N_COLUMNS),
        # The page has always left two blank lines after this section.
        tree_committee="" if trees is None else _tree_text(trees) + "\n\n",
        all_pairs=all_pairs,
        naive_bayes_numeric=("" if nb is None else _naive_bayes_text(nb)),
        all_pairs_plan=all_pairs_plan,
        pairs_train_n=f"{pairs['train_n']:,}",
        exponents=", ".join(f"{k} {e:.2f}" for k, e in pairs["exponents"].items()),
        pairs_table=table(pairs["rows"], PAIRS_COLUMNS),
        voters_train_n=f"{voters['train_n']:,}",
        voters_cores=voters["cores"],
        train_seconds_all_cores=f"{voters['train_seconds_all_cores']:.1f}",
        rank_n=f"{voters['rank_n']:,}",
        voters_table=table(voters["rows"], VOTERS_COLUMNS),
        instances=f"{p['instances']:,}",
        features=p["features"],
        data_gb=f"{p['data_gb']:.0f}",
        workers=p["workers"],
        share=f"{p['share']:,}",
        j48_exponent=f"{p['j48_exponent']:.2f}",
        member_minutes=f"{p['member_minutes']:.1f}",
        committee=p["committee"],
        splitters=p["splitters"],
        comparisons_per_instance=p["comparisons_per_instance"],
        place_seconds=f"{p['place_seconds']:.0f}",
        answers_per_second=f"{p['answers_per_second']:,.0f}",
        threads=p["threads"],
        measured_at=f"{p['measured_at']:,}",
        local_sort_seconds=f"{p['local_sort_seconds']:.0f}",
        wall_minutes=f"{p['wall_minutes']:.0f}",
        bruteforce_years=f"{p['bruteforce_years']:,.0f}",
    )


def to_markdown(scale: dict, machine: str, command: str) -> str:
    """The page: the curves' tables and figures, then the cluster plan."""
    return render(values(scale, machine, command))


def write_beside(results: dict, out: str | None, command: str) -> Path | None:
    """Write ``scale.md`` and its figures beside the benchmarks page ``out``.

    The figures go under ``figures/``; nothing is written unless the scale
    section ran.
    """
    from weka_ranking.atomic import write_atomically

    if not out or "growth_with_n" not in results:
        return None
    folder = Path(out).parent
    write_figures(results, folder / "figures")
    path = folder / "scale.md"
    write_atomically(path, to_markdown(results, results["machine"], command))
    return path
