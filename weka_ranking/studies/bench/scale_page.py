"""The page ``docs/scale.md`` and its curves, from ``bench``'s ``scale`` section.

How cost grows, and what 100 million instances would cost on a Dask cluster,
worked out from the rates measured here.
"""

from __future__ import annotations

import math
from pathlib import Path

from weka_ranking.studies.bench.page import table

# The cluster of the worked example: workers, instances, features.
WORKERS = 100
INSTANCES = 100_000_000
FEATURES = 20


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
    answers_to_place = share * 2 * math.ceil(math.log2(workers))
    local_comparisons = quick["comparisons_per_2nlnn"] * 2 * share * math.log(share)
    return {
        "workers": workers,
        "instances": n,
        "share": share,
        "data_gb": n * FEATURES * 8 / 1e9,
        "j48_exponent": exponent,
        "member_seconds": member,
        "committee": committee,
        "seconds_per_answer": per_answer,
        "place_seconds": answers_to_place * per_answer,
        "local_sort_seconds": local_comparisons * per_answer,
        "measured_at": quick["n"],
        "threads": quick["threads"],
    }


def to_markdown(scale: dict, machine: str, command: str) -> str:
    """The page: the curves' tables and figures, then the cluster plan."""
    with_n, plan = scale["growth_with_n"], cluster_plan(scale)
    rate = scale["tournament_bruteforce_pairs_per_second"]
    speedup = scale["tournament_bruteforce_speedup_all_cores"]
    lines = [
        "# Scale: how the cost grows, and 100 million instances",
        "",
        f"Measured by `{command}` in one run on: {machine}. Synthetic instances "
        "(20 continuous features, all distinct; the top 30% of a known signal "
        "plus noise is positive): a user's rows are distinct, so the comparator's "
        "ties do not do the work for it.",
        "",
        "## Instances ranked (n)",
        "",
        f"A J48 committee of {with_n['voters']} (1 pair per instance) and one "
        f"Logistic member, trained on {with_n['train_n']:,} other instances. "
        "QuickSort asks about 2 n ln n comparisons, each of every member; the "
        "exact tournament of an additive member counts degrees by sorting; the "
        "brute-force tournament asks all n(n-1) ordered pairs, on "
        f"{with_n['cores']} threads at {rate:,.0f} pairs a second "
        f"({speedup:.2f} times one thread's rate): it would take "
        f"{1e10 / rate / 60:,.0f} minutes at n = 100,000 and "
        f"{1e12 / rate / 86400:,.1f} days at n = 1,000,000.",
        "",
        "![time against n](figures/scale-n.png)",
        "",
    ]
    lines += table(
        with_n["rows"],
        [
            ("n", "n", ","),
            ("model", "model", ""),
            ("ranker", "ranker", ""),
            ("threads", "threads", "d"),
            ("seconds", "seconds", ".2f"),
            ("comparisons", "comparisons", ","),
            ("/ (2 n ln n)", "comparisons_per_2nlnn", ".2f"),
            ("AUC", "auc", ".4f"),
        ],
    )
    lines += _tree_committee(scale)
    pairs = scale["growth_with_pairs"]
    exponents = {}
    for r in pairs["rows"]:
        exponents.setdefault(r["learner"], []).append((r["pairs"], r["seconds"]))
    lines += [
        "",
        "## Pairs per instance (p)",
        "",
        f"One member trained on p x {pairs['train_n']:,} pairs, WEKA's defaults. "
        "Growth exponents (slope of log seconds against log pairs): "
        + ", ".join(f"{k} {_exponent(v):.2f}" for k, v in exponents.items())
        + ". The full pair set (p = all) is quadratic in n: the `original` "
        "configuration is what makes SMO take hours (docs/benchmarks.md).",
        "",
        "![time against pairs](figures/scale-pairs.png)",
        "",
    ]
    lines += table(
        pairs["rows"],
        [
            ("learner", "learner", ""),
            ("p", "p", "d"),
            ("pairs", "pairs", ","),
            ("seconds", "seconds", ".2f"),
        ],
    )
    voters = scale["growth_with_voters"]
    lines += [
        "",
        "## Voters",
        "",
        f"A J48 committee (1 pair per instance, {voters['train_n']:,} training "
        "instances), its first k members: training adds up member by member "
        f"(the largest committee trained on {voters['cores']} threads in "
        f"{voters['train_seconds_all_cores']:.1f} s of wall time), and every "
        f"QuickSort comparison asks each member ({voters['rank_n']:,} instances "
        "ranked).",
        "",
        "![time against voters](figures/scale-voters.png)",
        "",
    ]
    lines += table(
        voters["rows"],
        [
            ("voters", "voters", "d"),
            ("members' training s", "member_seconds", ".2f"),
            ("QuickSort s", "quicksort_seconds", ".2f"),
            ("comparisons", "comparisons", ","),
            ("AUC", "auc", ".4f"),
        ],
    )
    p = plan
    wall = p["member_seconds"] + p["place_seconds"] + p["local_sort_seconds"]
    lines += [
        "",
        "## 100 million instances on a Dask cluster (on paper)",
        "",
        f"{p['instances']:,} instances of {FEATURES} features are "
        f"{p['data_gb']:.0f} GB as doubles; on {p['workers']} workers each holds "
        f"{p['share']:,}. The plan, with the rates measured above:",
        "",
        f"1. **Members, one per worker**: each trains a J48 member on its own "
        f"share's pairs (1 pair per instance, {p['share']:,} pairs: no pair "
        "ever crosses the network). J48's time grew as pairs^"
        f"{p['j48_exponent']:.2f} above, so a member takes about "
        f"{p['member_seconds'] / 60:.1f} minutes; all train at once. A committee "
        f"of {p['committee']} is kept (every QuickSort comparison asks each "
        "member, so more voters cost ranking time in proportion).",
        "2. **Splitters**: a random sample of 100 x "
        f"{p['workers']} instances is QuickSorted on one machine (seconds) and "
        f"every 100th kept: {p['workers'] - 1} splitters, random pivots as "
        "Ailon and Mohri's QuickSort draws them at its first levels.",
        "3. **Placing**: each worker places its instances between the splitters "
        f"by binary search with the committee, {math.ceil(math.log2(p['workers']))}"
        " comparisons asked both ways per instance: about "
        f"{p['place_seconds']:.0f} s a worker at the measured "
        f"{1 / p['seconds_per_answer']:,.0f} answers a second "
        f"({p['threads']} threads, n = {p['measured_at']:,}).",
        "4. **Shuffle**: bucket b goes to worker b (the data crosses the network "
        "once, about " + f"{p['data_gb']:.0f} GB in all).",
        "5. **Local QuickSort**: each worker ranks its bucket as here: about "
        f"{p['local_sort_seconds']:.0f} s for {p['share']:,} instances.",
        "6. **Scores**: bucket b's instances take positions after buckets 0..b-1; "
        "a tie group keeps its mean position, as on one machine.",
        "",
        "Wall time is then the slowest worker's training plus placing plus local "
        f"sort, about {wall / 60:.0f} minutes, plus the shuffle; the brute-force "
        "tournament of the same data "
        f"would need {INSTANCES**2 / rate / 86400 / 365:,.0f} years on these "
        "threads. `reproduce --executor dask` already runs units on such a "
        "cluster; the sample sort above is not built.",
        "",
    ]
    return "\n".join(lines)


def _tree_committee(scale: dict) -> list[str]:
    """The exact tournament of the J48 committee and its pair rate, if measured."""
    trees = scale.get("tree_committee")
    if not trees:
        return []
    rate = scale["committee_pair_rate_per_thread"]
    n = trees["n"]
    same = "the same" if scale["tournament_j48x10_sample_equal"] else "NOT the same"
    low, high = sorted(trees["load_average"])
    return [
        "",
        "## A committee of trees without asking pairs",
        "",
        "The exact tournament of the J48 committee above (each class-1 leaf "
        "keeps the bitset of the rows b its path admits; each row a walks every "
        "tree, taking a's branch at splits on a's attributes and every branch at "
        "b's, ORs the bitsets it reaches, and the committee's majority is counted "
        f"bit-sliced) ranked {n:,} instances in {trees['tournament_seconds']:.1f} s "
        f"on one thread (median of {trees['repeats']}); its degrees were {same} "
        f"as the brute force's on {trees['sample']:,} of them, checked in the same "
        "run. Asked pair by pair, the members' trees flattened into arrays and "
        f"stopping once the majority is decided answer {rate:,.0f} pairs a second "
        f"on one thread, {scale['committee_pair_rate_ratio_to_flat_loop']:.2f} "
        "times a plain loop over the same arrays; at that rate the brute force "
        f"would take {n * (n - 1) / rate / 60:,.0f} minutes for these {n:,} "
        f"instances. The load average was {low:.1f} to {high:.1f} on "
        f"{scale['growth_with_n']['cores']} cores.",
        "",
    ]


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
