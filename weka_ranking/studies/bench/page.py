"""The benchmark results as the page ``docs/benchmarks.md``."""

from __future__ import annotations


def table(rows: list[dict], columns: list[tuple[str, str, str]]) -> list[str]:
    lines = [
        "| " + " | ".join(title for title, _, _ in columns) + " |",
        "|---" * len(columns) + "|",
    ]
    for row in rows:
        cells = []
        for _, key, fmt in columns:
            value = row.get(key)
            cells.append("-" if value is None else format(value, fmt))
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def to_markdown(results: dict, command: str) -> str:
    """The benchmark results as the page docs/benchmarks.md."""
    lines = [
        "# Benchmarks",
        "",
        f"Measured by `{command}` in one run on: {results['machine']}.",
        "",
        "Rates are best-of-repeats, taken in turns with the reference so that the "
        "machine's load falls on both alike; compare the ratios, not the absolute "
        "numbers, across runs.",
        "",
    ]
    if "pair_scoring_ratio_to_java" in results:
        r = results
        lines += [
            "## Pair scoring: the Python API against Java",
            "",
            f"A tournament of {r['scoring_data']}: {r['scoring_pairs']:,} pairs. The "
            "meta-classifier's "
            "own `rank` called from Java shows what crossing the bridge costs; the "
            "plain Java loop (a DenseInstance per pair) is the tournament as one "
            "would write it without pair views.",
            "",
            "| path | pairs/s | ratio of the API to it |",
            "|---|---|---|",
            f"| Python API, `ranking` | {r['pair_scoring_rate']:,.0f} | |",
            f"| `rank` called from Java | {r['pair_scoring_rate_rank_in_java']:,.0f} | "
            f"{r['pair_scoring_ratio_to_rank_in_java']:.2f} |",
            f"| plain Java loop | {r['pair_scoring_rate_java']:,.0f} | "
            f"{r['pair_scoring_ratio_to_java']:.2f} |",
            f"| Python API, {r['threads']} JVM threads | "
            f"{r['pair_scoring_rate_threads']:,.0f} | |",
            "",
        ]
    if "memory" in results:
        runs = results["memory"]
        lines += [
            "## Memory: J48 on kr-vs-kp's full pair set",
            "",
            "Training the meta-classifier (`-P all -I 1`, J48) on all "
            f"{runs['views'].get('pairs', 0):,} pairs of kr-vs-kp, each run in a JVM "
            "of its own. Peak heap: the most in use, sampled every 20 ms (never more "
            "than -Xmx); peak live: the most left after a garbage collection, what "
            "the training really holds.",
            "",
            "| pair instances | -Xmx | peak heap (MB) | peak live (MB) | seconds |",
            "|---|---|---|---|---|",
        ]
        for key, label in (
            ("views", "views of the base rows"),
            ("views_3g", "views of the base rows"),
            ("dense_4g", "dense copies (before)"),
            ("dense", "dense copies (before)"),
        ):
            run = runs[key]
            if "error" in run:
                lines.append(
                    f"| {label} | {run['heap']} | fails: {' '.join(run['error'])} | | |"
                )
            else:
                lines.append(
                    f"| {label} | {run['heap']} | {run['peak_heap_mb']:,} | "
                    f"{run['peak_live_mb']:,} | {run['seconds']:.1f} |"
                )
        lines.append("")
    if "growth_with_n" in results:
        r = results
        lines += [
            "## Scale (docs/scale.md has the curves)",
            "",
            "Synthetic instances, all distinct, on "
            f"{r['growth_with_n']['cores']} threads (QuickSort at a million also on "
            "one): QuickSort of 1,000,000 with a J48 committee of "
            f"{r['growth_with_n']['voters']} (1 pair per instance), pair scoring "
            f"included: {r['quicksort_1m_seconds']:.1f} s; the exact tournament of "
            "1,000,000 by one Logistic member (degrees counted by sorting, "
            f"`AdditiveTournament`): {r['tournament_linear_1m_seconds']:.1f} s; the "
            "brute-force tournament of the committee: "
            f"{r['tournament_bruteforce_pairs_per_second']:,.0f} pairs a second, "
            f"{r['tournament_bruteforce_speedup_all_cores']:.2f} times one thread's "
            "rate.",
            "",
        ]
    if "training" in results:
        lines += ["## Training on the full pair set (`original`), whole data set", ""]
        lines += table(
            results["training"]["rows"],
            [
                ("task", "task", ""),
                ("learner", "learner", ""),
                ("pairs", "pairs", ","),
                ("seconds", "seconds", ".1f"),
            ],
        )
        lines += [
            "",
            "Left out for their cost (the reproduction's store has them): "
            + ", ".join(results["training"]["left_out"])
            + ".",
            "",
        ]
    if "competitors" in results:
        lines += [
            "## The rankers people would pick instead, on the same folds",
            "",
            "WEKA's 10 folds (seed 1), through the same evaluation loop as the "
            "reduction. XGBoost's and LightGBM's classifiers (binary objective) and "
            "rankers (XGBoost `rank:pairwise` with 10 pairs per instance, the "
            "reduction's idea; LightGBM `lambdarank` with its truncation level at the "
            "query's size, here the whole training fold, where its default of 30 "
            "would look at the top 30 only), one thread each, beside the reduction "
            "(1 pair per instance, 10 voters). Each is tuned modestly, as a user "
            "would: its grid and its rounds (up to 300, every 10), or the "
            "reduction's learner (J48, Logistic) and ranker (QuickSort, tournament), "
            "chosen by AUC on an inner validation split (20%, stratified) of each "
            "training fold, then refitted on the whole fold. Mean AUC over the "
            "folds; wall seconds for all 10 folds, tuning included. XGBoost grid: "
            "max_depth 3 / 6, min_child_weight 1 / 5, eta 0.1; LightGBM grid: "
            "num_leaves 15 / 31, min_data_in_leaf 5 / 20, learning rate 0.1.",
            "",
        ]
        lines += table(
            results["competitors"]["rows"],
            [
                ("task", "task", ""),
                ("ranker", "ranker", ""),
                ("mean AUC", "mean_auc", ".4f"),
                ("seconds", "seconds", ".1f"),
            ],
        )
        lines.append("")
    return "\n".join(lines)
