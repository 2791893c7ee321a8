"""Which configuration to choose: the default picked from the suite by a declared rule.

The suite (``docs/suite``: twelve public data sets, every learner alone and
under the reduction's configurations, the peers, WEKA's folds) is an
experiment of :mod:`weka_ranking.experiments`; this study reads its store and
its report's values, applies the rule fixed in ``docs/suite/choice.toml``
before the results were seen (and the rule of each later round, such as
``docs/choice-round2/rule.toml``: candidates against the incumbent on the
suite, checked on data sets the suite does not hold), and writes
``docs/choosing.md``: the choice,
the table per data set (default, learner alone, best configuration, best
peer), each configuration against its own learner alone across the data
sets (Wilcoxon's signed-rank test, Holm's adjustment), and what each kind of
data favoured. Nothing here runs a learner.

Rerun:
``python -m weka_ranking_studies.choosing docs/suite --round docs/choice-round2``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tomllib
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from weka_ranking.atomic import write_atomically
from weka_ranking.errors import DataError
from weka_ranking.experiments import ResultStore
from weka_ranking.experiments.analysis import mark
from weka_ranking.experiments.plan import read_plan
from weka_ranking.experiments.report import markdown_table, number
from weka_ranking.stats import corrected_resampled_t, holm, wilcoxon_signed_rank

# The level of the per-data-set marks (the suite report's).
SIGNIFICANCE = 0.05
# The configuration that was the default before the choice (the monograph's).
FORMER_DEFAULT = "J48 all pairs"


@dataclass(frozen=True)
class Rule:
    """The declared rule of ``choice.toml``."""

    learner: str
    alone: str
    tolerance: float
    significance: float

    @classmethod
    def read(cls, path: Path) -> Rule:
        try:
            given = tomllib.loads(path.read_text())["choice"]
            return cls(
                str(given["learner"]),
                str(given["alone"]),
                float(given["tolerance"]),
                float(given["significance"]),
            )
        except (OSError, KeyError, ValueError, tomllib.TOMLDecodeError) as error:
            raise DataError(f"{path}: not a choice rule ({error})") from None


@dataclass(frozen=True)
class Round:
    """A later declared round of the choice (``rule.toml`` beside its two folders).

    ``candidates`` are listed fewest pairs first: an equal mean goes to the
    first. The round's ``suite/`` folder decides, its ``held-out/`` folder
    (data sets the suite does not hold) is only reported.
    """

    learner: str
    alone: str
    incumbent: str
    candidates: tuple[str, ...]
    tolerance: float

    @classmethod
    def read(cls, path: Path) -> Round:
        try:
            given = tomllib.loads(path.read_text())["round"]
            return cls(
                str(given["learner"]),
                str(given["alone"]),
                str(given["incumbent"]),
                tuple(str(c) for c in given["candidates"]),
                float(given["tolerance"]),
            )
        except (OSError, KeyError, TypeError, ValueError, tomllib.TOMLDecodeError) as e:
            raise DataError(f"{path}: not a round of the choice ({e})") from None


def _kind(dataset: Any) -> dict[str, Any]:
    """What a data set is made of: rows, numeric and nominal attributes, missing."""
    nominal = sum(a.is_nominal for a in dataset.attributes)
    numeric = len(dataset.attributes) - nominal
    missing = float((dataset.X != dataset.X).mean())
    if nominal == 0:
        made_of = "numeric"
    elif numeric == 0:
        made_of = "nominal"
    else:
        made_of = "mixed"
    return {
        "rows": int(len(dataset.y)),
        "numeric": numeric,
        "nominal": nominal,
        "missing": missing,
        "positives": float(dataset.y.mean()),
        "made_of": made_of,
    }


def _fold_aucs(records: list[dict]) -> dict[tuple[str, str], dict]:
    """Each (data set, scheme)'s (fold AUC, test/train size) by (run, fold)."""
    cells: dict[tuple[str, str], dict] = {}
    for r in records:
        if "error" in r:
            continue
        cell = cells.setdefault((r["dataset"], r["scheme_name"]), {})
        cell[r["run"], r["fold"]] = (r["auc"], r["n_test"] / r["n_train"])
    return cells


def _means(folder: Path) -> tuple[list[str], dict, dict[str, dict[str, float]]]:
    """An experiment folder's data sets, fold AUCs (:func:`_fold_aucs`) and means."""
    values = json.loads((folder / "values.json").read_text())
    means = {
        row["dataset"]: {name: c["mean"] for name, c in row["cells"].items()}
        for row in values["per_dataset"]
    }
    return values["datasets"], _fold_aucs(ResultStore(folder).records()), means


def _against(cells: dict, dataset: str, scheme: str, alone: str) -> tuple[float, str]:
    """The corrected resampled t-test of a scheme against its learner alone."""
    ours, theirs = cells[dataset, scheme], cells[dataset, alone]
    keys = sorted(ours)
    ratio = statistics.fmean(ours[k][1] for k in keys)
    t, p = corrected_resampled_t(
        [ours[k][0] for k in keys], [theirs[k][0] for k in keys], ratio
    )
    return p, mark(p, t, SIGNIFICANCE)


def pick(candidates: list[dict], tolerance: float) -> tuple[dict, list[dict]]:
    """The rule's choice among one learner's configurations, and the eligible ones.

    Eligible: ``worst`` (the lowest per-data-set difference from the learner
    alone) at least ``-tolerance``. Chosen: the eligible one of best
    ``average_rank``, then fewest ``seconds``; with none eligible, the one
    whose worst shortfall is smallest (then best rank).
    """
    if not candidates:
        raise DataError("no configuration of the rule's learner in the suite")
    eligible = [c for c in candidates if c["worst"] >= -tolerance]
    if eligible:
        return min(eligible, key=lambda c: (c["average_rank"], c["seconds"])), eligible
    return max(candidates, key=lambda c: (c["worst"], -c["average_rank"])), []


def compute(folder: Path, rule: Rule) -> dict[str, Any]:
    """Every number of the page, from the suite's store, plan and report values."""
    values = json.loads((folder / "values.json").read_text())
    plan = read_plan(folder / "plan.toml")
    records = ResultStore(folder).records()
    cells = _fold_aucs(records)
    datasets = values["datasets"]
    means = {
        row["dataset"]: {name: c["mean"] for name, c in row["cells"].items()}
        for row in values["per_dataset"]
    }
    seconds = {
        row["dataset"]: {
            name: c["train_seconds"] + c["rank_seconds"]
            for name, c in row["cells"].items()
        }
        for row in values["per_dataset"]
    }
    ranks = values["across"]["average_ranks"]
    learners: dict[str, str] = {}  # scheme -> learner, for the reduction's schemes
    alone: dict[str, str] = {}  # learner -> its scheme alone
    for scheme in plan.schemes:
        if scheme.peer is not None:
            continue
        base = scheme.values.get("base", "J48")
        if scheme.values.get("ranker") == "pointwise":
            alone[base] = scheme.name
        else:
            learners[scheme.name] = base
    peers = [s.name for s in plan.schemes if s.peer is not None]

    comparisons = []
    for scheme, base in learners.items():
        if base not in alone:
            continue
        differences = [means[d][scheme] - means[d][alone[base]] for d in datasets]
        tests = [_against(cells, d, scheme, alone[base]) for d in datasets]
        w_plus, n, p = wilcoxon_signed_rank(differences)
        comparisons.append(
            {
                "scheme": scheme,
                "learner": base,
                "alone": alone[base],
                "mean_difference": statistics.fmean(differences),
                "worst": min(differences),
                "worst_dataset": datasets[differences.index(min(differences))],
                "better": sum(x > 0 for x in differences),
                "marks": {
                    "v": sum(m == "v" for _, m in tests),
                    "*": sum(m == "*" for _, m in tests),
                },
                "wilcoxon_w_plus": w_plus,
                "wilcoxon_n": n,
                "wilcoxon_p": p,
                "average_rank": ranks[scheme],
                "seconds": sum(seconds[d][scheme] for d in datasets),
            }
        )
    for entry, adjusted in zip(
        comparisons, holm([c["wilcoxon_p"] for c in comparisons]), strict=True
    ):
        entry["holm_p"] = adjusted

    chosen, eligible = pick(
        [c for c in comparisons if c["learner"] == rule.learner], rule.tolerance
    )
    default_scheme = next(s for s in plan.schemes if s.name == chosen["scheme"])
    # With none eligible the rule writes no tie-break for an equal worst shortfall:
    # the schemes that share it, and the one its only written tie-break (time, for
    # equal ranks) would take, are said beside the choice.
    tied = [
        c
        for c in comparisons
        if c["learner"] == rule.learner
        and not eligible
        and c["worst"] == chosen["worst"]
    ]

    reductions = list(learners)
    with warnings.catch_warnings():  # the data's own warnings were the run's to say
        warnings.simplefilter("ignore")
        kinds = {spec.name: _kind(spec.load()) for spec in plan.data}
    table = []
    for d in datasets:
        best_reduction = max(reductions, key=lambda s: means[d][s])
        best_alone = max(alone.values(), key=lambda s: means[d][s])
        best_peer = max(peers, key=lambda s: means[d][s])
        table.append(
            {
                "dataset": d,
                "kind": kinds[d],
                "alone": means[d][rule.alone],
                "former": means[d].get(FORMER_DEFAULT),
                "default": means[d][chosen["scheme"]],
                "mark": _against(cells, d, chosen["scheme"], rule.alone)[1],
                "best_reduction": best_reduction,
                "best_reduction_auc": means[d][best_reduction],
                "best_alone": best_alone,
                "best_alone_auc": means[d][best_alone],
                "best_peer": best_peer,
                "best_peer_auc": means[d][best_peer],
            }
        )
    gaps = [row["best_peer_auc"] - row["best_reduction_auc"] for row in table]
    return {
        "rule": rule.__dict__,
        "datasets": datasets,
        "schemes": [s.name for s in plan.schemes],
        "chosen": chosen,
        "chosen_values": {
            k: v for k, v in default_scheme.values.items() if k not in ("seed",)
        },
        "eligible": [c["scheme"] for c in eligible],
        "tied": [c["scheme"] for c in tied],
        "tied_by_time": min(tied, key=lambda c: c["seconds"])["scheme"]
        if len(tied) > 1
        else None,
        "comparisons": comparisons,
        "reductions": reductions,
        "peers": peers,
        "table": table,
        "median_gap": statistics.median(gaps),
        "average_ranks": ranks,
        "friedman": values["across"]["friedman"],
        "critical_difference": values["across"]["critical_difference"],
        "units": len(records),
        "unit_seconds": sum(
            r.get("train_seconds", 0) + r.get("rank_seconds", 0) for r in records
        ),
    }


def _against_alone(folder: Path, schemes: list[str], alone: str) -> dict[str, dict]:
    """Each scheme against the learner alone on every data set of a folder."""
    datasets, cells, means = _means(folder)
    out = {}
    for scheme in schemes:
        differences = [means[d][scheme] - means[d][alone] for d in datasets]
        w_plus, n, p = wilcoxon_signed_rank(differences)
        out[scheme] = {
            "scheme": scheme,
            "per_dataset": {
                d: {
                    "alone": means[d][alone],
                    "auc": means[d][scheme],
                    "mark": _against(cells, d, scheme, alone)[1],
                }
                for d in datasets
            },
            "mean_difference": statistics.fmean(differences),
            "worst": min(differences),
            "worst_dataset": datasets[differences.index(min(differences))],
            "better": sum(x > 0 for x in differences),
            "wilcoxon_w_plus": w_plus,
            "wilcoxon_n": n,
            "wilcoxon_p": p,
        }
    return out


def compute_round(folder: Path, rule: Round) -> dict[str, Any]:
    """A later round's choice on its suite folder, and its check on the held-out one.

    Eligible: a candidate never more than the tolerance below the learner
    alone on a data set of the suite; chosen: the eligible candidate of the
    largest mean difference (the first of equal ones), else the incumbent.
    """
    schemes = [rule.incumbent, *rule.candidates]
    suite = _against_alone(folder / "suite", schemes, rule.alone)
    eligible = [c for c in rule.candidates if suite[c]["worst"] >= -rule.tolerance]
    chosen = (
        max(eligible, key=lambda c: suite[c]["mean_difference"])
        if eligible
        else rule.incumbent
    )
    plan = read_plan(folder / "suite" / "plan.toml")
    values = next(s for s in plan.schemes if s.name == chosen).values
    held_out = _against_alone(folder / "held-out", [rule.incumbent, chosen], rule.alone)
    return {
        "rule": {**rule.__dict__, "candidates": list(rule.candidates)},
        "folder": folder.name,
        "suite": suite,
        "eligible": eligible,
        "chosen": chosen,
        "chosen_values": {k: v for k, v in values.items() if k != "seed"},
        "held_out": held_out,
    }


def render_round(values: dict[str, Any]) -> list[str]:
    """The page's section of a later round: the rule, the suite's table, the check."""
    rule, chosen = values["rule"], values["chosen"]
    schemes = [rule["incumbent"], *rule["candidates"]]
    suite = values["suite"]
    lines = [
        f"## The default now: {chosen} ({values['folder']})",
        "",
        f"Rule (`docs/{values['folder']}/rule.toml`, committed before its candidates "
        f"were run): {', '.join(rule['candidates'])} against round 1's "
        f"{rule['incumbent']}, on the suite's data sets and folds; a candidate is "
        f"eligible if its mean AUC is never more than {rule['tolerance']} below "
        f"{rule['alone']} on a data set, and the eligible one of the largest mean "
        f"difference replaces {rule['incumbent']}. Eligible: "
        f"{', '.join(values['eligible']) or 'none'}. Chosen: **{chosen}** "
        f"(`{json.dumps(values['chosen_values'], sort_keys=True)}`).",
        "",
        f"Mean AUC over WEKA's ten folds, and the difference from {rule['alone']} "
        "(`v`/`*`: significantly better/worse on that data set, corrected resampled "
        "t-test at 0.05):",
        "",
    ]
    datasets = list(suite[rule["incumbent"]]["per_dataset"])
    rows = []
    for d in datasets:
        cells = [number(suite[schemes[0]]["per_dataset"][d]["alone"], 4)]
        for s in schemes:
            c = suite[s]["per_dataset"][d]
            cells.append(f"{c['auc'] - c['alone']:+.4f} {c['mark']}".rstrip())
        rows.append([d, *cells])
    summary = ["worst", ""] + [
        f"{suite[s]['worst']:+.4f} ({suite[s]['worst_dataset']})" for s in schemes
    ]
    mean = ["mean", ""] + [f"{suite[s]['mean_difference']:+.4f}" for s in schemes]
    wilcoxon = ["Wilcoxon p", ""] + [_p(suite[s]["wilcoxon_p"]) for s in schemes]
    lines += markdown_table(
        ["data set", rule["alone"], *schemes], [*rows, summary, mean, wilcoxon]
    )
    held = values["held_out"]
    held_schemes = list(held)

    def within(scheme: str) -> int:
        cells = held[scheme]["per_dataset"].values()
        return sum(c["auc"] - c["alone"] >= -rule["tolerance"] for c in cells)

    lines += [
        "",
        f"Checked, not decided, on data sets the suite does not hold "
        f"(`docs/{values['folder']}/held-out`); within {rule['tolerance']} of "
        f"{rule['alone']} on "
        + ", ".join(
            f"{within(s)} of {len(held[s]['per_dataset'])} for {s}"
            for s in held_schemes
        )
        + ":",
        "",
    ]
    rows = []
    for d in held[held_schemes[0]]["per_dataset"]:
        cells = [number(held[held_schemes[0]]["per_dataset"][d]["alone"], 4)]
        for s in held_schemes:
            c = held[s]["per_dataset"][d]
            difference = f"{c['auc']:.4f} ({c['auc'] - c['alone']:+.4f})"
            cells.append(f"{difference} {c['mark']}".rstrip())
        rows.append([d, *cells])
    lines += markdown_table(["data set", rule["alone"], *held_schemes], rows)
    lines.append("")
    return lines


def _p(x: float) -> str:
    return f"{x:.2g}" if x < 0.001 else f"{x:.3f}"


MARKER = (
    "<!-- Everything below is written by "
    "`python -m weka_ranking_studies.choosing docs/suite --round docs/choice-round2`; "
    "edit above it. -->"
)


def render(
    values: dict[str, Any], prose: str, rounds: tuple[dict[str, Any], ...] = ()
) -> str:
    """The page: the hand-written advice (``prose``), the later rounds, then round 1."""
    chosen = values["chosen"]
    rule = values["rule"]
    table = values["table"]
    lines = [prose.rstrip(), "", MARKER, ""]
    for later in reversed(rounds):
        lines += render_round(later)
    heading = "Round 1: the choice" if rounds else "The choice"
    label = "round 1's choice" if rounds else "default"
    lines += [f"## {heading}, by the declared rule", ""]
    lines.append(
        "Rule (`docs/suite/choice.toml`; when it was fixed against the results, as "
        "far as the record shows: [How sure this is](#how-sure-this-is)): among "
        "the reduction's configurations of "
        f"{rule['learner']}, those whose mean AUC is never more than "
        f"{rule['tolerance']} below {rule['alone']} on any data set are eligible; the "
        f"eligible one with the best average rank over all {len(values['schemes'])} "
        f"schemes is chosen; it is then judged against {rule['alone']} across the "
        f"{len(values['datasets'])} data sets by the exact two-sided Wilcoxon "
        f"signed-rank test at {rule['significance']}."
    )
    lines.append("")
    eligible = values["eligible"]
    verdict = (
        "significant"
        if chosen["wilcoxon_p"] < rule["significance"]
        else "not significant"
    )
    lines.append(
        f"Eligible: {', '.join(eligible) if eligible else 'none'}. "
        f"Chosen: **{chosen['scheme']}** "
        f"(`{json.dumps(values['chosen_values'], sort_keys=True)}`), average rank "
        f"{number(chosen['average_rank'], 2)}, "
        f"mean AUC {chosen['mean_difference']:+.4f} "
        f"against {rule['alone']}, higher on {chosen['better']} of "
        f"{len(values['datasets'])} data sets, worst {chosen['worst']:+.4f} "
        f"({chosen['worst_dataset']}); Wilcoxon W+ = {chosen['wilcoxon_w_plus']:g} of "
        f"n = {chosen['wilcoxon_n']}, p = {_p(chosen['wilcoxon_p'])} "
        f"({verdict} at {rule['significance']})."
    )
    if values.get("tied_by_time"):
        lines[-1] += (
            f" None eligible, the rule takes the smallest worst shortfall, which "
            f"{', '.join(values['tied'])} share exactly; the rule writes no "
            "tie-break for that case, and the code broke the tie by average rank, "
            "code written after the run had started. The rule's only written "
            f"tie-break (less time, for equal ranks) would have taken "
            f"{values['tied_by_time']}."
        )
    lines += ["", "## Per data set", ""]
    lines.append(
        f"Mean AUC over WEKA's ten folds. `v`/`*`: the {label} significantly "
        "better/worse than J48 alone on that data set (corrected resampled t-test, "
        "0.05). The best configuration and the best peer are the best of many on "
        f"that data set, picked after the fact: an optimistic figure for each side, "
        f"more so for the reduction's, the best of {len(values['reductions'])} "
        f"configurations against the best of {len(values['peers'])} peers."
    )
    lines.append("")
    head = [
        "data set",
        "rows",
        "attributes (numeric/nominal)",
        "missing",
        values["rule"]["alone"],
        f"{FORMER_DEFAULT} (former default)",
        label,
        "best configuration of the reduction",
        "best learner alone",
        "best peer",
        "peer - reduction",
    ]
    rows = []
    for row in table:
        k = row["kind"]
        rows.append(
            [
                row["dataset"],
                str(k["rows"]),
                f"{k['numeric']}/{k['nominal']}",
                f"{100 * k['missing']:.1f}%",
                number(row["alone"], 3),
                "-" if row["former"] is None else number(row["former"], 3),
                number(row["default"], 3) + (f" {row['mark']}" if row["mark"] else ""),
                f"{number(row['best_reduction_auc'], 3)} ({row['best_reduction']})",
                f"{number(row['best_alone_auc'], 3)} ({row['best_alone']})",
                f"{number(row['best_peer_auc'], 3)} ({row['best_peer']})",
                f"{row['best_peer_auc'] - row['best_reduction_auc']:+.3f}",
            ]
        )
    lines += markdown_table(head, rows)
    lines += [
        "",
        f"Median over the data sets of (best peer - best configuration): "
        f"{values['median_gap']:+.4f}.",
        "",
        "## Each configuration against its own learner alone",
        "",
        "Across the data sets: the mean difference of the data sets' mean AUCs, on "
        "how many it is higher, the worst data set, the per-data-set marks (corrected "
        "t-test at 0.05: `v` better, `*` worse), the exact Wilcoxon signed-rank test "
        "and Holm's adjustment over every row of this table, the average rank over "
        "all schemes (1 is best), and the seconds of training and ranking a fold, "
        "summed over the data sets.",
        "",
    ]
    head = [
        "configuration",
        "against",
        "mean diff.",
        "higher",
        "worst (data set)",
        "v / *",
        "Wilcoxon p",
        "Holm p",
        "rank",
        "seconds",
    ]
    ordered = sorted(
        values["comparisons"], key=lambda c: (c["learner"], c["average_rank"])
    )
    rows = [
        [
            c["scheme"],
            c["alone"],
            f"{c['mean_difference']:+.4f}",
            f"{c['better']}/{len(values['datasets'])}",
            f"{c['worst']:+.3f} ({c['worst_dataset']})",
            f"{c['marks']['v']} / {c['marks']['*']}",
            _p(c["wilcoxon_p"]),
            _p(c["holm_p"]),
            number(c["average_rank"], 2),
            f"{c['seconds']:.1f}",
        ]
        for c in ordered
    ]
    lines += markdown_table(head, rows)
    friedman = values["friedman"]
    ranked = sorted(values["average_ranks"].items(), key=lambda item: item[1])
    lines += [
        "",
        "## Every scheme, ranked",
        "",
        f"Average ranks over the {len(values['datasets'])} data sets (Friedman's "
        f"chi2 = {friedman['chi2']:.1f}, Iman-Davenport F = {friedman['f']:.2f}, "
        f"p = {_p(friedman['f_p'])}; Nemenyi's critical difference at 0.05: "
        f"{values['critical_difference']:.2f}, so most pairs of neighbours are not "
        "told apart).",
        "",
    ]
    lines += markdown_table(
        ["rank", "scheme"], [[number(r, 2), name] for name, r in ranked]
    )
    lines += [
        "",
        f"The store holds {values['units']} fold records; their training and "
        f"ranking took {values['unit_seconds'] / 3600:.2f} hours of worker time.",
        "",
    ]
    return "\n".join(lines)


def advice(page: Path) -> str:
    """The hand-written part of the page: everything above the marker."""
    if not page.exists():
        return "# Choosing a configuration"
    text = page.read_text()
    if MARKER not in text:
        raise DataError(
            f"{page}: no marker line; the generated part starts with {MARKER}"
        )
    return text.split(MARKER)[0]


def main(argv: list[str] | None = None) -> int:
    """Write the page from a suite folder."""
    parser = argparse.ArgumentParser(
        prog="python -m weka_ranking_studies.choosing",
        description=__doc__.split("\n")[0],
    )
    parser.add_argument("folder", type=Path, help="the suite's folder (docs/suite)")
    parser.add_argument(
        "--round",
        type=Path,
        action="append",
        default=[],
        help="a later round's folder (its rule.toml, suite/ and held-out/), in order",
    )
    parser.add_argument("--out", type=Path, default=Path("docs/choosing.md"))
    parser.add_argument("--json", type=Path, help="also write the values as JSON")
    args = parser.parse_args(argv)
    try:
        rule = Rule.read(args.folder / "choice.toml")
        values = compute(args.folder, rule)
        rounds = tuple(
            compute_round(folder, Round.read(folder / "rule.toml"))
            for folder in args.round
        )
        page = render(values, advice(args.out), rounds)
    except (DataError, OSError) as error:
        parser.exit(1, f"{parser.prog}: error: {error}\n")
    write_atomically(args.out, page)
    if args.json:
        every = {"round_1": values, "later_rounds": list(rounds)}
        write_atomically(args.json, json.dumps(every, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
