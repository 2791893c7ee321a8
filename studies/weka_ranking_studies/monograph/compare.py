"""A rerun's records against the committed store's, record by record, cell by cell.

What says whether a path (or a whole rerun) left the reproduction's results
as they were: each record of the rerun is matched with the reference's
record of the same unit, configuration and ranker, and their deterministic
fields (``RANKING``: the AUCs under each tie order, the pair and row
counts, an error) must be equal, to the bit; the comparisons a ranker made
(``COUNTS``) are compared and said apart, since a ranker's path counts them
otherwise for the same ranking. Seconds and versions are not compared. A
partial rerun compares the units it has: a cell is "equal" only when every
fold it ran is, and says how many folds of the reference it covered.

``python -m weka_ranking_studies.monograph.compare docs RERUN`` prints one
line per cell and exits 1 when any cell's ranking changed; ``--run plan`` first runs
units into ``RERUN`` (resumably; ``--learners``, ``--cells``) as the plan
runs them, ``--run smo-row-kernel`` with every SMO model of pairs on the row
kernel: the check behind ``plan.SMO_SOLVER_BY_CELL``.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from weka_ranking.experiments import ResultStore, run_resumably
from weka_ranking_studies import DOCS
from weka_ranking_studies.monograph.plan import Cell, Unit, build_plan

# The fields a record of the same unit, configuration and ranker must repeat:
# its ranking (the AUC under each tie order), what it ranked, or its error.
RANKING = ("auc", "auc_random", "auc_stable", "n_pairs", "n_test", "n_train", "error")
# What a ranker's path counts, not its ranking: the tree committee's exact
# tournament compares no pair, WEKA's asks each; kept apart, and said.
COUNTS = ("comparisons",)


@dataclass
class CellComparison:
    """One cell (learner, variant, task, family): its folds and records compared."""

    folds_reference: set[int] = field(default_factory=set)
    folds_compared: set[int] = field(default_factory=set)
    records: int = 0
    differing: list[str] = field(default_factory=list)
    recounted: list[str] = field(default_factory=list)  # the same ranking
    missing: int = 0  # reference records of a compared fold the rerun lacks

    @property
    def same_ranking(self) -> bool:
        """Every record's ranking fields equal, none missing, one at least."""
        return not self.differing and not self.missing and bool(self.records)

    @property
    def equal(self) -> bool:
        """The same ranking, and the same counts: to the bit, as far as recorded."""
        return self.same_ranking and not self.recounted


def _cell(record: dict) -> tuple[str, str, str, str]:
    variant, task, learner, family, _ = record["unit"].split("/")
    return learner, variant, task, family.split("[")[0]


def _key(record: dict) -> tuple:
    return record["unit"], record.get("config"), record.get("ranker")


def compare(
    reference: list[dict], rerun: list[dict]
) -> dict[tuple[str, str, str, str], CellComparison]:
    """Each cell the rerun ran, compared with the reference, record by record."""
    by_key = {_key(r): r for r in reference}
    cells: dict[tuple[str, str, str, str], CellComparison] = defaultdict(CellComparison)
    ran_units = {r["unit"] for r in rerun}
    for record in reference:
        cell = _cell(record)
        cells[cell].folds_reference.add(int(record["unit"].rsplit("/", 1)[1]))
    seen = set()
    for record in rerun:
        comparison = cells[_cell(record)]
        comparison.folds_compared.add(int(record["unit"].rsplit("/", 1)[1]))
        seen.add(_key(record))
        old = by_key.get(_key(record))
        comparison.records += 1
        if old is None:
            comparison.differing.append(f"{'/'.join(map(str, _key(record)))}: new")
            continue
        for fields, found in (
            (RANKING, comparison.differing),
            (COUNTS, comparison.recounted),
        ):
            changed = [f for f in fields if old.get(f) != record.get(f)]
            if changed:
                found.append(
                    f"{'/'.join(map(str, _key(record)))}: "
                    + ", ".join(f"{f} {old.get(f)} -> {record.get(f)}" for f in changed)
                )
    for record in reference:
        if record["unit"] in ran_units and _key(record) not in seen:
            cells[_cell(record)].missing += 1
    return {cell: c for cell, c in cells.items() if c.folds_compared}


def lines(cells: dict[tuple[str, str, str, str], CellComparison]) -> list[str]:
    """One line a cell: equal, the same ranking, or what changed (first ones named)."""
    out = []
    for cell, c in sorted(cells.items()):
        name = " ".join(cell)
        folds = f"{len(c.folds_compared)} of {len(c.folds_reference)} folds"
        if c.equal:
            out.append(f"equal    {name}: {folds}, {c.records} records")
        elif c.same_ranking:
            out.append(
                f"ranking  {name}: {folds}, {c.records} records, every ranking "
                f"equal; the comparisons counted otherwise in {len(c.recounted)} "
                "(a ranker's path); " + "; ".join(c.recounted[:2])
            )
        else:
            out.append(
                f"CHANGED  {name}: {folds}, {len(c.differing)} of {c.records} records "
                f"differ, {c.missing} missing; " + "; ".join(c.differing[:3])
            )
    return out


def check_units(
    learners: tuple[str, ...] | None = None,
    include_slow: bool = False,
    cells: set[Cell] | None = None,
) -> list[Unit]:
    """The plan's units of ``learners`` (``cells`` only, when given), cheapest first.

    The order is the committed store's cost of each cell, so a check stopped
    early has its cheap cells done.
    """
    units, _ = build_plan(learners=learners, include_slow=include_slow)
    units = [
        u
        for u in units
        if cells is None or (u.variant or "main", u.task, u.family) in cells
    ]
    costs = _cell_costs(ResultStore(_docs()).records())
    return sorted(
        units,
        key=lambda u: costs.get((u.learner, u.variant or "main", u.task, u.family), 0),
    )


def _cell_costs(records: list[dict]) -> dict[tuple[str, str, str, str], float]:
    costs: dict[tuple[str, str, str, str], float] = defaultdict(float)
    for r in records:
        costs[_cell(r)] += r.get("train_seconds", 0.0)
    return costs


def _docs() -> Path:
    return DOCS


def main(argv: list[str] | None = None) -> int:
    """Compare a rerun with the reference; run SMO on the row kernel first if asked."""
    from weka_ranking_studies.monograph.run import run_unit, run_unit_on_row_kernel

    parser = argparse.ArgumentParser(prog="python -m " + __spec__.name)
    parser.add_argument("reference", help="the reference store's folder (docs)")
    parser.add_argument("rerun", help="the rerun's store folder")
    parser.add_argument(
        "--run",
        choices=("plan", "smo-row-kernel"),
        help="first run units into RERUN (resumably): as the plan runs them, or "
        "with every SMO model of pairs on the row kernel",
    )
    parser.add_argument(
        "--learners",
        type=lambda text: tuple(text.split(",")),
        help="of these only (smo-row-kernel: SMO)",
    )
    parser.add_argument(
        "--cells",
        type=lambda text: {tuple(c.split("/")) for c in text.split(",")},
        help="only these SMO cells, comma-separated VARIANT/TASK/FAMILY "
        "(main/breast-cancer/pairs)",
    )
    parser.add_argument("--include-slow", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--heap")
    args = parser.parse_args(argv)
    if args.run:
        run_resumably(
            check_units(
                args.learners or (("SMO",) if args.run == "smo-row-kernel" else None),
                args.include_slow,
                args.cells,
            ),
            run_unit_on_row_kernel if args.run == "smo-row-kernel" else run_unit,
            ResultStore(args.rerun),
            jobs=args.jobs,
            heap=args.heap,
        )
    cells = compare(
        ResultStore(args.reference).records(), ResultStore(args.rerun).records()
    )
    for line in lines(cells):
        print(line)
    return 0 if all(c.same_ranking for c in cells.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
