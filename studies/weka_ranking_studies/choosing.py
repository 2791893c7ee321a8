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
sets, and what each kind of data favoured. Nothing here runs a learner, and
nothing here tests: each configuration against its own learner alone (per
data set the corrected resampled t-test's mark, across the data sets
Wilcoxon's signed-rank test with Holm's adjustment) is the engine's report's
(``values.json``), which computes it for any plan.

A round's rule is read from the engine's registration where its store has
one (a plan's ``[rule]``, recorded before the first unit:
:mod:`weka_ranking.experiments.registration`), from the committed rule file
otherwise (the rounds run before the engine recorded rules); the page says
which. A later round carries its rule as its suite plan's ``[rule]``, with
the keys of ``rule.toml``'s ``[round]`` (``learner``, ``alone``,
``incumbent``, ``candidates``, ``tolerance``) beside its ``text``.

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
from weka_ranking.experiments import ResultStore, registration
from weka_ranking.experiments.plan import read_plan
from weka_ranking.experiments.report import markdown_table, number

# The configuration that was the default before the choice (the monograph's).
FORMER_DEFAULT = "J48 all pairs"


@dataclass(frozen=True)
class Rule:
    """Round 1's declared rule (``choice.toml``'s, or a registered ``[rule]``)."""

    learner: str
    alone: str
    tolerance: float
    significance: float

    @classmethod
    def from_table(cls, given: dict, where: str) -> Rule:
        """The rule from its keys (``choice.toml``'s ``[choice]``, or a ``[rule]``)."""
        try:
            return cls(
                str(given["learner"]),
                str(given["alone"]),
                float(given["tolerance"]),
                float(given["significance"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise DataError(f"{where}: not a choice rule ({error})") from None


@dataclass(frozen=True)
class Round:
    """A later declared round of the choice (``rule.toml``, or its suite's ``[rule]``).

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
    def from_table(cls, given: dict, where: str) -> Round:
        """The round from its keys (``rule.toml``'s ``[round]``, or a ``[rule]``)."""
        try:
            return cls(
                str(given["learner"]),
                str(given["alone"]),
                str(given["incumbent"]),
                tuple(str(c) for c in given["candidates"]),
                float(given["tolerance"]),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise DataError(f"{where}: not a round of the choice ({e})") from None


def _table(path: Path, name: str) -> dict:
    """A committed rule file's table ``[name]`` (an empty one where it has none)."""
    try:
        return tomllib.loads(path.read_text()).get(name, {})
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise DataError(f"{path}: not a rule of the choice ({error})") from None


def _on_page(path: Path) -> str:
    """A path as the page names it: from the repository's ``docs/`` folder."""
    parts = path.parts
    if "docs" not in parts:
        return str(path)
    last = len(parts) - 1 - parts[::-1].index("docs")
    return "/".join(parts[last:])


def rule_of(store: Path, file: Path, name: str) -> tuple[dict, dict[str, Any]]:
    """A round's rule, and where it was read: the file, ``registered`` or not, ``said``.

    As the engine registered it in the experiment folder ``store`` (its plan's
    ``[rule]``, with its amendments) where the folder holds a registration;
    otherwise the committed ``file``'s table ``[name]``.
    """
    record = registration.rule_record(store, ResultStore(store).records())
    if record is None:
        return _table(file, name), {
            "file": str(file),
            "registered": False,
            "said": f"`{_on_page(file)}`, a committed file: `{_on_page(store)}` "
            "registered no rule",
        }
    amendments = tuple(a["changes"] for a in record["amendments"])
    first, untimed = record["first_unit_started"], record["records_without_times"]
    if first:
        order = "before" if record["before_first_unit"] else "**after**"
        when = f"{order} the first unit started ({first})"
    else:
        when = f"{untimed} records without times" if untimed else "no unit has run"
    return registration.effective_rule(record["rule"], amendments), {
        "file": str(store / registration.REGISTRATION),
        "registered": True,
        "said": "as the engine registered it in "
        f"`{_on_page(store / registration.REGISTRATION)}` at "
        f"{record['recorded']} (UTC), {when}"
        + (f", with {len(amendments)} amendment(s)" if amendments else ""),
    }


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


def report_values(folder: Path) -> dict[str, Any]:
    """An experiment folder's report values (``values.json``), every data set done.

    The tests across data sets are over the data sets every scheme finished:
    the page's claims are over all of them, so a folder with one unfinished is
    refused.
    """
    path = folder / "values.json"
    try:
        values = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise DataError(
            f"{path}: not a report's values ({error}); write it with "
            f"weka-ranking report {folder}"
        ) from None
    unfinished = [d for d in values["datasets"] if d not in values["complete_datasets"]]
    if unfinished:
        raise DataError(
            f"{path}: {', '.join(unfinished)} not finished by every scheme, so the "
            f"tests across data sets leave them out; finish the run into {folder}"
        )
    return values


def against_own_learner(values: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each reduction against its own learner alone, by scheme: the engine's values.

    Per data set, the difference of the mean AUCs and WEKA's mark of the
    corrected resampled t-test (``per_dataset``'s ``alone``); across the data
    sets, the exact Wilcoxon signed-rank test with Holm's adjustment over
    every reduction of the plan (``across``'s ``wilcoxon_own_learner``).
    """
    datasets = values["datasets"]
    rows = {row["dataset"]: row["cells"] for row in values["per_dataset"]}
    out = {}
    for entry in values["across"]["wilcoxon_own_learner"]:
        scheme, alone = entry["a"], entry["b"]
        per_dataset = {
            d: {
                "alone": rows[d][alone]["mean"],
                "auc": rows[d][scheme]["mean"],
                "difference": rows[d][scheme]["alone"]["difference"],
                "mark": rows[d][scheme]["alone"]["mark"],
            }
            for d in datasets
        }
        differences = [per_dataset[d]["difference"] for d in datasets]
        marks = [per_dataset[d]["mark"] for d in datasets]
        out[scheme] = {
            "scheme": scheme,
            "alone": alone,
            "per_dataset": per_dataset,
            "mean_difference": entry["mean_difference"],
            "worst": min(differences),
            "worst_dataset": datasets[differences.index(min(differences))],
            "better": sum(x > 0 for x in differences),
            "marks": {"v": marks.count("v"), "*": marks.count("*")},
            "wilcoxon_w_plus": entry["w_plus"],
            "wilcoxon_n": entry["n"],
            "wilcoxon_p": entry["p"],
            "holm_p": entry["p_holm"],
        }
    return out


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


def compute(folder: Path, rule: Rule, source: dict[str, Any]) -> dict[str, Any]:
    """Every number of the page, from the suite's store, plan and report values.

    ``source``: where the rule was read (:func:`rule_of`), said on the page.
    """
    values = report_values(folder)
    plan = read_plan(folder / "plan.toml")
    records = ResultStore(folder).records()
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
    reductions = [
        s.name for s in plan.schemes if s.peer is None and not s.is_learner_alone
    ]
    alone = [s.name for s in plan.schemes if s.is_learner_alone]
    learner_of = {s.name: s.values.get("base", "J48") for s in plan.schemes}
    peers = [s.name for s in plan.schemes if s.peer is not None]
    own = against_own_learner(values)
    comparisons = [
        {
            **{k: v for k, v in own[scheme].items() if k != "per_dataset"},
            "learner": learner_of[scheme],
            "average_rank": ranks[scheme],
            "seconds": sum(seconds[d][scheme] for d in datasets),
        }
        for scheme in own
    ]

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

    if own[chosen["scheme"]]["alone"] != rule.alone:
        raise DataError(
            f"{folder}: {chosen['scheme']} is compared with "
            f"{own[chosen['scheme']]['alone']} alone, not the rule's {rule.alone}"
        )
    with warnings.catch_warnings():  # the data's own warnings were the run's to say
        warnings.simplefilter("ignore")
        kinds = {spec.name: _kind(spec.load()) for spec in plan.data}
    table = []
    for d in datasets:
        best_reduction = max(reductions, key=lambda s: means[d][s])
        best_alone = max(alone, key=lambda s: means[d][s])
        best_peer = max(peers, key=lambda s: means[d][s])
        table.append(
            {
                "dataset": d,
                "kind": kinds[d],
                "alone": means[d][rule.alone],
                "former": means[d].get(FORMER_DEFAULT),
                "default": means[d][chosen["scheme"]],
                "mark": own[chosen["scheme"]]["per_dataset"][d]["mark"],
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
        "source": source,
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
    own = against_own_learner(report_values(folder))
    for scheme in schemes:
        if scheme not in own or own[scheme]["alone"] != alone:
            raise DataError(
                f"{folder / 'values.json'}: {scheme} is not compared with {alone} "
                "there: the plan must hold both, with the same learner"
            )
    return {scheme: own[scheme] for scheme in schemes}


def round_1(folder: Path) -> dict[str, Any]:
    """Round 1's page values: its rule (registered, else ``choice.toml``) applied."""
    table, source = rule_of(folder, folder / "choice.toml", "choice")
    return compute(folder, Rule.from_table(table, source["file"]), source)


def later_round(folder: Path) -> dict[str, Any]:
    """A later round's page values: its rule (registered, else ``rule.toml``) applied.

    Registered in its ``suite/`` folder, whose results decide.
    """
    table, source = rule_of(folder / "suite", folder / "rule.toml", "round")
    return compute_round(folder, Round.from_table(table, source["file"]), source)


def compute_round(folder: Path, rule: Round, source: dict[str, Any]) -> dict[str, Any]:
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
        "source": source,
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
        f"Rule ({_said(values['source'], 'committed before its candidates were run')}"
        "): "
        f"{', '.join(rule['candidates'])} against round 1's "
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


def _said(source: dict[str, Any], committed: str) -> str:
    """Where a rule was read; for a committed file, what is known of its timing."""
    return source["said"] if source["registered"] else f"{source['said']}; {committed}"


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
        "Rule ("
        + _said(
            values["source"],
            "when it was fixed against the results, as far as the record shows: "
            "[How sure this is](#how-sure-this-is)",
        )
        + "): among the reduction's configurations of "
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
        "summed over the data sets. The tests are the engine's (`values.json`: "
        "each cell's `alone`, and `wilcoxon_own_learner`): `weka-ranking report` "
        "gives this comparison for any plan that holds a learner alone and its "
        "reductions.",
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
        values = round_1(args.folder)
        rounds = tuple(later_round(folder) for folder in args.round)
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
