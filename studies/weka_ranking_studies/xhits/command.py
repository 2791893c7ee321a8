"""``weka-ranking xhits``: run the study, write its page and its values."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from weka_ranking.atomic import output_target, write_atomically
from weka_ranking.errors import ParameterError
from weka_ranking_studies.xhits.page import to_markdown
from weka_ranking_studies.xhits.study import Plan, run


def parse_seeds(text: str) -> tuple[int, ...]:
    """``1-5`` or ``1,3,4`` as seeds.

    Parameters
    ----------
    text : str
        A range ``FIRST-LAST`` or a comma-separated list of integers.

    Returns
    -------
    tuple of int

    Examples
    --------
    >>> parse_seeds("1-3"), parse_seeds("4,2")
    ((1, 2, 3), (4, 2))
    """
    if match := re.fullmatch(r"(\d+)-(\d+)", text):
        first, last = int(match[1]), int(match[2])
        if first <= last:
            return tuple(range(first, last + 1))
    elif re.fullmatch(r"\d+(,\d+)*", text):
        return tuple(int(seed) for seed in text.split(","))
    raise ParameterError("seeds", text, "a range such as 1-5 or a list such as 1,3")


def run_command(args: argparse.Namespace, command: str) -> int:
    """Run the study with the command's flags; write ``xhits.md`` and ``xhits.json``.

    They go into ``--out`` (checked before the work); print the page or, with
    ``--json``, the values.

    Parameters
    ----------
    args : argparse.Namespace
        ``seeds``, ``max_iter``, ``out`` and ``json``.
    command : str
        The command line, quoted on the page.

    Returns
    -------
    int
        The exit status, 0.
    """
    targets = []
    if args.out:
        targets = [
            output_target(Path(args.out) / f"xhits.{ext}") for ext in "md json".split()
        ]
    given = {"max_iter": args.max_iter} if args.max_iter is not None else {}
    plan = Plan(seeds=parse_seeds(args.seeds), **given)
    values = run(plan)
    markdown = to_markdown(values, command)
    text = json.dumps(values, indent=1) + "\n"
    for target, content in zip(targets, (markdown, text)):
        write_atomically(target, content)
    print(json.dumps(values) if args.json else markdown)
    return 0
