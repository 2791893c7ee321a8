"""The benchmark results as the page ``docs/benchmarks.md``."""

from __future__ import annotations


def _table(rows: list[dict], columns: list[tuple[str, str, str]]) -> list[str]:
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
    if "rows" in results:
        lines += [
            "## Tournament and QuickSort as n grows",
            "",
            f"{results['learner']} trained on spambase, ranking {results['data']}. "
            "Tournament asks n(n-1) comparisons; QuickSort about 2 n ln n, one batch "
            "per recursion level.",
            "",
        ]
        lines += _table(
            results["rows"],
            [
                ("n", "n", ","),
                ("ranker", "ranker", ""),
                ("seconds", "seconds", ".2f"),
                ("comparisons", "comparisons", ","),
                ("/ (2 n ln n)", "comparisons_per_2nlnn", ".2f"),
                ("AUC", "auc", ".4f"),
            ],
        )
        lines.append("")
    if "quicksort_distinct" in results:
        q = results["quicksort_distinct"]
        threads = ", ".join(
            f"{k.split('_')[1]} thread(s) {v:.1f} s"
            for k, v in q.items()
            if k.startswith("seconds_")
        )
        lines += [
            "## QuickSort of a million distinct instances",
            "",
            f"{q['n']:,} synthetic instances (20 continuous features, so no two "
            "alike; the top 30% of a known signal plus noise is positive) ranked "
            f"by QuickSort with a J48 committee of {q['voters']} (1 pair per "
            f"instance) trained on {q['train_n']:,} others in "
            f"{q['train_seconds']:.1f} s. Ranking, pair scoring included: "
            f"{threads}. {q['comparisons']:,} comparisons, "
            f"{q['comparisons_per_2nlnn']:.2f} x 2 n ln n; AUC {q['auc']:.4f}.",
            "",
        ]
    if "linear_tournament" in results:
        t = results["linear_tournament"]
        lines += [
            "## The exact tournament of a million instances, one Logistic member",
            "",
            f"The same kind of data, {t['n']:,} instances, ranked by the "
            "tournament of one Logistic member (1 pair per instance, trained on "
            f"{t['train_n']:,} others in {t['train_seconds']:.1f} s). Its pair model "
            "is additive in the two halves, so each degree is counted by sorting "
            "(`AdditiveTournament`), exactly (the member itself decides the pairs "
            f"within a rounding margin: {t['pairs_asked']:,} of the "
            f"{t['pairs_decided']:,} ordered pairs): {t['seconds']:.1f} s; AUC "
            f"{t['auc']:.4f}.",
            "",
        ]
    if "training" in results:
        lines += ["## Training on the full pair set (`original`), whole data set", ""]
        lines += _table(
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
            "Left out for their cost (hours for SMO on these pair sets): "
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
        lines += _table(
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
