"""The studies' commands, added to ``weka-ranking``'s by an entry point.

``reproduce`` (the monograph's batteries and sweeps), ``bench`` (rates and
ratios side by side), ``ltr`` (learning to rank on MQ2008) and ``xhits``
(XHITS with AMCL on planted graphs): :data:`COMMANDS`, which
``weka_ranking.cli`` finds under the entry point group
``weka_ranking.commands`` of this distribution's ``pyproject.toml``.
"""

from __future__ import annotations

import argparse
import json
import logging

from weka_ranking import bridge, progress
from weka_ranking.cli import (
    HEAP,
    JSON,
    Command,
    UsageError,
    arg,
    command_line,
    emit,
    names,
)

logger = logging.getLogger("weka_ranking")


def _reproduce(args: argparse.Namespace) -> int:
    from weka_ranking_studies.monograph.run import reproduce

    if args.estimate:
        from weka_ranking_studies.monograph.estimate import WORKERS, estimate, lines

        unread = [
            flag
            for flag, given in (
                ("--tasks", args.tasks),
                ("--learners", args.learners),
                ("--quick", args.quick),
                ("--include-slow", args.include_slow),
                ("--experimenter", args.experimenter),
                ("--executor dask", args.executor != "local"),
                ("--scheduler", args.scheduler),
            )
            if given
        ]
        if unread:
            raise UsageError(
                f"--estimate prices the whole study's two plans, the default and "
                f"--include-slow, on --jobs workers: {', '.join(unread)} "
                f"{'is' if len(unread) == 1 else 'are'} not read; leave "
                f"{'it' if len(unread) == 1 else 'them'} out"
            )
        values = estimate(workers=WORKERS if args.jobs is None else args.jobs)
        text = "\n".join(lines(values))
        print(json.dumps(values) if args.estimate == "json" else text)
        return 0
    if args.scheduler and args.executor != "dask":
        raise UsageError("--scheduler ADDRESS is a Dask cluster's: add --executor dask")
    args.jobs = 1 if args.jobs is None else args.jobs
    given = (
        "tasks learners quick include_slow jobs heap scheduler experimenter executor"
    )
    options = {name: getattr(args, name) for name in given.split()}
    ran, total, path = reproduce(args.out, **options, progress=progress.counter("unit"))
    print(f"{ran} units run, {total - ran} were already done; report: {path}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    from weka_ranking_studies.bench import benchmarks as bench
    from weka_ranking_studies.bench import page as bench_markdown
    from weka_ranking_studies.bench import scale_page

    # Its Java calls run on this thread: run whole where a signal stops it.
    results = bridge.interruptibly(
        lambda: bench.run(args.sections, not args.no_large, logger.info)
    )
    emit(args, bench_markdown.to_markdown(results, command_line()), results)
    scale_page.write_beside(results, args.out, command_line())
    return 0


def _ltr(args: argparse.Namespace) -> int:
    from weka_ranking_studies.ltr import experiment, report
    from weka_ranking_studies.ltr.files import write_outputs

    if args.task == "mq2008":
        folds, data = experiment.mq2008_folds(args.folds), None
    elif args.valid and args.test:
        files = (args.task, args.valid, args.test)
        data = experiment.user_fold(*files, args.group_attribute, args.normalize)
        folds = list(data)
    else:
        raise UsageError("a training file needs --valid FILE and --test FILE")
    rankers = list(args.rankers or experiment.ALL_RANKERS)
    results = bridge.interruptibly(
        lambda: experiment.run(rankers, folds, logger.info, data, args.ties)
    )
    page = report.page_values(results, command_line())
    markdown = report.render(page)
    summary = {**experiment.summary(results), "page": page}
    if args.out:
        write_outputs(results, args.out, summary, markdown)
    print(json.dumps(summary) if args.json else markdown)
    return 0


def _xhits(args: argparse.Namespace) -> int:
    from weka_ranking_studies.xhits.command import run_command

    return run_command(args, command_line())


# fmt: off
COMMANDS: tuple[Command, ...] = (
    Command("reproduce",
            "run the monograph's batteries and sweeps into a resumable store", (
        arg("--out", default="reproduction", metavar="DIR",
            help="folder of the store and the report (default: reproduction)"),
        arg("--jobs", type=int,
            help="units at once, threads of this process's JVM or Dask workers "
            "(default 1; --estimate: 2)"),
        arg("--quick", action="store_true",
            help="a subset of a few minutes: 2 tasks, 2 learners, sweeps 1,5,10"),
        arg("--executor", choices=("local", "dask"), default="local",
            help="this process (default) or a Dask cluster"),
        arg("--scheduler", metavar="ADDRESS",
            help="the Dask scheduler's address (default: a local cluster of --jobs)"),
        arg("--tasks", type=names, help="comma-separated study tasks (default: all)"),
        arg("--learners", type=names, help="comma-separated learners (default: all)"),
        arg("--include-slow", action="store_true",
            help="also run SMO original on breast-cancer, vehicle (about 1 min and "
            "20 s a fold on the row kernel)"),
        arg("--experimenter", action="store_true", help="then each cell in WEKA's too"),
        arg("--estimate", nargs="?", const="text", choices=("text", "json"),
            help="run nothing: print the wall time on 2 workers estimated from the "
            "recorded costs (docs/), as text or json"),
        HEAP,
    ), _reproduce, resumes=True),

    Command("bench", "measure rates and ratios side by side (see docs/benchmarks.md)", (
        JSON, arg("--heap", default="14g", help="JVM maximum heap (default: 14g)"),
        arg("--sections", type=names, default=None,
            help="comma-separated sections (default: all)"),
        arg("--no-large", action="store_true",
            help="leave kr-vs-kp (5 million pairs) out of the training section, "
            "50,000 rows' all pairs (a billion) out of the scale section, and "
            "200,000 rows out of tournament-missing"),
        arg("--out", metavar="MD", help="also write them as Markdown, scale.md beside"),
    ), _bench, writes="out"),
    Command("ltr",
            "learning to rank on MQ2008: the reduction beside the field's rankers", (
        arg("task", metavar="mq2008|TRAIN",
            help="MQ2008 (5 folds), or a training file (LETOR text, or ARFF with "
            "--group-attribute) with --valid and --test"),
        arg("--valid", metavar="FILE", help="validation file (with TRAIN)"),
        arg("--test", metavar="FILE", help="test file (with TRAIN)"),
        arg("--group-attribute", metavar="NAME",
            help="the ARFF attribute naming each row's query"),
        arg("--rankers", type=names, help="comma-separated rankers (default: all)"),
        arg("--folds", default="1-5", help="folds, e.g. 1-5 or 1,3"),
        arg("--ties", choices=("input", "docid"), default="input",
            help="equal scores: in the file's order (LETOR) or by docid (trec_eval)"),
        arg("--normalize", choices=("query",), help="features to [0, 1] in each query"),
        arg("--out", metavar="DIR", help="also write per-query, score and run files"),
        JSON, HEAP,
    ), _ltr),

    Command("xhits", "XHITS with AMCL beside HITS on planted graphs (docs/xhits.md)", (
        arg("--seeds", default="1-5", help="graph seeds: 1-5 or 1,3 (default: 1-5)"),
        arg("--max-iter", type=int, help="AMCL's MaxIt (default: the study's)"),
        arg("--out", metavar="DIR", help="also write xhits.md and xhits.json here"),
        JSON,
    ), _xhits, needs_weka=False),
)
# fmt: on


# What every record of the reproduction's store holds (its cell), and others not.
REPRODUCTION_KEYS = frozenset({"task", "learner", "config", "family"})


def write_report(store, out):
    """The reproduction's report of a store no experiment plan is noted in.

    ``weka-ranking report``'s hook (entry point group ``weka_ranking.reports``):
    None for a store that is not the reproduction's (empty, or of other
    records), which it leaves alone.
    """
    from weka_ranking.experiments import ResultStore
    from weka_ranking_studies.monograph.report import write_report

    records = ResultStore(store).records()
    if not records or not all(REPRODUCTION_KEYS <= record.keys() for record in records):
        return None
    return write_report(store, out)
