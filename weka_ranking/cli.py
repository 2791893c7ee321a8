"""The ``weka-ranking`` command."""

from __future__ import annotations

import argparse
import csv
import io
import json
import logging
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from weka_ranking import __version__, bridge, jvm, progress
from weka_ranking.atomic import output_target, write_atomically
from weka_ranking.data import Dataset, resolve_task
from weka_ranking.errors import DataError, JavaError, WekaRankingError
from weka_ranking.evaluation import cross_validate
from weka_ranking.learners import short_name
from weka_ranking.metrics import auc
from weka_ranking.model import RankingReduction
from weka_ranking.params import BY_NAME, PARAMETERS

logger = logging.getLogger("weka_ranking")


class CliError(WekaRankingError):
    """A command-line mistake the user can fix."""


def _add_model_flags(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("model (RankingReduction parameters)")
    for p in PARAMETERS:
        group.add_argument(
            p.cli_flag,
            dest=p.name,
            default=None,
            metavar=p.name.upper() if p.name != "base" else "NAME",
            help=f"{p.help} (WEKA {p.weka_flag}; default: {p.to_text(p.default)})",
        )


def _add_data_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-c",
        "--class-index",
        metavar="first|last|N",
        help="the class attribute, as WEKA's -c (default: last)",
    )
    parser.add_argument("--positive", help="class value that ranks first")
    parser.add_argument(
        "--keep", help="comma-separated class values to keep (others are dropped)"
    )
    parser.add_argument(
        "--drop-unsupported",
        action="store_true",
        help="drop string, date and relational attributes instead of refusing the file",
    )


def _add_common_flags(parser: argparse.ArgumentParser, heap: bool = True) -> None:
    if heap:
        parser.add_argument("--heap", help="JVM maximum heap, e.g. 4g (java -Xmx)")
    loudness = parser.add_mutually_exclusive_group()
    loudness.add_argument("--quiet", action="store_true", help="errors only")
    loudness.add_argument(
        "--verbose", action="store_true", help="more messages, the JVM's own included"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="weka-ranking",
        description="Rank with any WEKA classifier: ranking reduced to "
        "binary classification.",
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}"
    )
    commands = parser.add_subparsers(dest="command", required=True)

    cv = commands.add_parser(
        "cv", help="cross-validate on WEKA's fold sequence and report the AUC"
    )
    cv.add_argument(
        "task",
        metavar="TASK_OR_FILE",
        help="a built-in task or a data file (ARFF, .arff.gz, CSV)",
    )
    _add_model_flags(cv)
    _add_data_flags(cv)
    cv.add_argument(
        "--folds", type=int, default=10, help="number of folds (default: 10)"
    )
    cv.add_argument("--json", action="store_true", help="print one JSON object")
    _add_common_flags(cv)

    train = commands.add_parser("train", help="train on a task or ARFF file and save")
    train.add_argument(
        "task",
        metavar="TASK_OR_FILE",
        help="a built-in task or a data file (ARFF, .arff.gz, CSV)",
    )
    train.add_argument(
        "--save", required=True, metavar="FILE", help="model file to write (.wrk)"
    )
    _add_model_flags(train)
    _add_data_flags(train)
    _add_common_flags(train)

    rank = commands.add_parser(
        "rank", help="rank an ARFF file with a model trained here or saved before"
    )
    source = rank.add_mutually_exclusive_group(required=True)
    source.add_argument("--train", metavar="ARFF", help="training data")
    source.add_argument(
        "--model", metavar="FILE", help="a model file from train --save"
    )
    rank.add_argument("--test", required=True, metavar="ARFF", help="data to rank")
    rank.add_argument("--out", metavar="CSV", help="write here instead of stdout")
    _add_model_flags(rank)
    _add_data_flags(rank)
    _add_common_flags(rank)

    reproduce = commands.add_parser(
        "reproduce",
        help="run the monograph's batteries and sweeps into a resumable store",
    )
    reproduce.add_argument(
        "--out",
        default="reproduction",
        metavar="DIR",
        help="folder of the store and the report (default: reproduction)",
    )
    reproduce.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes, one JVM each (default: 1)",
    )
    reproduce.add_argument(
        "--quick",
        action="store_true",
        help="a subset that runs in a few minutes: 2 tasks, 2 learners, sweeps 1,5,10",
    )
    reproduce.add_argument(
        "--executor",
        choices=("local", "dask"),
        default="local",
        help="local worker processes (default) or a Dask cluster (--scheduler)",
    )
    reproduce.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="the Dask scheduler, e.g. tcp://host:8786",
    )
    reproduce.add_argument("--tasks", help="comma-separated study tasks (default: all)")
    reproduce.add_argument("--learners", help="comma-separated learners (default: all)")
    reproduce.add_argument(
        "--include-slow",
        action="store_true",
        help="also run the cells left out by default for their cost (SMO original on "
        "breast-cancer and vehicle)",
    )
    _add_common_flags(reproduce)

    bench = commands.add_parser(
        "bench", help="measure rates and ratios side by side (see docs/benchmarks.md)"
    )
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument(
        "--sections",
        default="bridge,memory,rankers,training,competitors",
        help="comma-separated: bridge, memory, rankers, training, competitors "
        "(default: all)",
    )
    bench.add_argument(
        "--no-large",
        action="store_true",
        help="leave kr-vs-kp (5 million pairs) out of the training section",
    )
    bench.add_argument("--out", metavar="MD", help="also write the results as Markdown")
    _add_common_flags(bench)

    ltr = commands.add_parser(
        "ltr",
        help="learning to rank on MQ2008: the reduction beside the field's rankers",
    )
    ltr.add_argument(
        "task",
        metavar="mq2008|TRAIN",
        help="the built-in MQ2008 (5 folds), or a training file (LETOR/SVMlight "
        "text, or ARFF with --group-attribute) with --valid and --test",
    )
    ltr.add_argument("--valid", metavar="FILE", help="validation file (with TRAIN)")
    ltr.add_argument("--test", metavar="FILE", help="test file (with TRAIN)")
    ltr.add_argument(
        "--group-attribute",
        metavar="NAME",
        help="the ARFF attribute naming each row's query (removed from the features)",
    )
    ltr.add_argument(
        "--rankers", help="comma-separated rankers (default: all; see docs/ltr.md)"
    )
    ltr.add_argument("--folds", default="1-5", help="folds, e.g. 1-5 or 1,3")
    ltr.add_argument("--json", action="store_true", help="print one JSON object")
    ltr.add_argument("--out", metavar="MD", help="also write the tables as Markdown")
    _add_common_flags(ltr)

    package = commands.add_parser(
        "weka-package",
        help="write the WEKA package (a ZIP for WEKA's package manager)",
    )
    package.add_argument(
        "--out", default=".", metavar="DIR", help="folder to write the ZIP into"
    )
    _add_common_flags(package)

    report = commands.add_parser(
        "report", help="render reproduction.md and the figures from a store"
    )
    report.add_argument("store", metavar="DIR", help="the folder reproduce wrote into")
    report.add_argument("--out", metavar="DIR", help="where to write (default: DIR)")
    _add_common_flags(report, heap=False)  # the report reads the store only
    return parser


def _estimator(args: argparse.Namespace) -> RankingReduction:
    params = {
        p.name: p.default if getattr(args, p.name) is None else p.from_text(value)
        for p in PARAMETERS
        for value in [getattr(args, p.name)]
    }
    return RankingReduction(**params)


# What a saved model may still be told: how to rank, not what it learned.
RANKING_PARAMETERS = ("ranker", "ties", "threads")


def _load(path_or_task: str, args: argparse.Namespace, **options) -> Dataset:
    keep = tuple(args.keep.split(",")) if args.keep else None
    task = resolve_task(path_or_task, args.positive, keep)
    return task.load(
        drop_unsupported=args.drop_unsupported, class_index=args.class_index, **options
    )


def _progress(what: str):
    """A callback for (done, total) that logs a throttled progress line."""
    started = time.perf_counter()

    def show(done: int, total: int) -> None:
        elapsed = time.perf_counter() - started
        eta = elapsed / done * (total - done)
        progress.line(
            "%s %d of %d done, %.0f s, about %.0f s to go",
            what,
            done,
            total,
            elapsed,
            eta,
            force=done == total,
        )

    return show


def _cv(args: argparse.Namespace) -> int:
    estimator = _estimator(args)
    estimator._validate_params()
    jvm.start(heap=args.heap, verbose=args.verbose)  # WEKA reads CSV files
    data = _load(args.task, args)
    seed = estimator.seed
    result = cross_validate(estimator, data, args.folds, seed, _progress("fold"))
    report = {
        "task": args.task,
        "learner": short_name(estimator.base),
        "learner_options": estimator.base_options,
        "ranker": estimator.ranker,
        "pairs": estimator.pairs_per_instance,
        "voters": estimator.voters,
        "ties": estimator.ties,
        "positive": data.positive,
        "folds": args.folds,
        "seed": seed,
        **result.to_dict(),
        "options": estimator.to_options(data),
    }
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{report['task']}: {report['learner']} {estimator.base_options}".rstrip())
    print(
        f"  ranker {estimator.ranker}, pairs {estimator.pairs_per_instance}, "
        f"voters {estimator.voters}, {args.folds}-fold CV, seed {seed}, "
        f"positive class {data.positive}"
    )
    print("  fold AUCs  " + " ".join(f"{a:.5f}" for a in result.fold_aucs))
    print(f"  mean AUC   {result.mean_auc:.5f} (variance {result.variance:.5f})")
    print(f"  pooled AUC {result.pooled_auc:.5f}")
    print(f"  {result.seconds:.1f} s")
    print(f"  WEKA options: {report['options']}")
    print()
    title = (
        "=== Stratified cross-validation: the ranking's scores as the probability "
        f"of {data.positive} ===\n=== Summary ===\n"
    )
    print(bridge.evaluation_text(data.subset(result.rows), result.scores, title))
    return 0


def _train(args: argparse.Namespace) -> int:
    estimator = _estimator(args)
    estimator._validate_params()
    jvm.start(heap=args.heap, verbose=args.verbose)
    data = _load(args.task, args)
    estimator.fit(data).save(args.save)
    print(f"saved {estimator.to_options()} trained on {args.task} to {args.save}")
    return 0


def _rank(args: argparse.Namespace) -> int:
    if args.model:
        fixed = [
            p.cli_flag
            for p in PARAMETERS
            if getattr(args, p.name) is not None and p.name not in RANKING_PARAMETERS
        ]
        if fixed:
            raise CliError(
                f"{', '.join(fixed)}: a saved model keeps the options it was trained "
                "with; with --model only --ranker, --ties and --threads apply "
                "(train a new model to change the others)"
            )
        jvm.start(heap=args.heap, verbose=args.verbose)
        model = RankingReduction.load(args.model)
        model.set_params(
            **{
                name: BY_NAME[name].from_text(getattr(args, name))
                for name in RANKING_PARAMETERS
                if getattr(args, name) is not None
            }
        )
        if args.positive and args.positive != model.positive_:
            raise CliError(
                f"--positive {args.positive}: the model ranks {model.positive_} first"
            )
        args.positive = model.positive_
        args.drop_unsupported |= bool(getattr(model, "dropped_attributes_", ()))
    else:
        model = _estimator(args)
        model._validate_params()
        jvm.start(heap=args.heap, verbose=args.verbose)
        train = _load(args.train, args)
        model.fit(train)
    test = _load(args.test, args, unlabelled="keep", expected=model.attributes_)
    ranking = model.ranking(test)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["instance", "score", "rank", "class"])
    for position, i in enumerate(ranking.order):
        writer.writerow(
            [
                int(test.rows[i]) + 1,
                repr(float(ranking.scores[i])),
                position + 1,
                test.labels[i],
            ]
        )
    labelled = test.labelled
    if labelled.any() and 0 < test.y[labelled].sum() < labelled.sum():
        # WEKA's -T: the evaluation on a labelled test file, here its AUC.
        print(
            f"{args.test}: AUC {auc(test.y[labelled], ranking.scores[labelled]):.5f} "
            f"({int(labelled.sum())} labelled instances, "
            f"{int(test.y[labelled].sum())} {model.positive_})",
            file=sys.stderr,
        )
    if args.out:
        write_atomically(Path(args.out), buffer.getvalue())
    else:
        sys.stdout.write(buffer.getvalue())
    return 0


def _names(text: str | None, known, what: str) -> tuple[str, ...] | None:
    if not text:
        return None
    names = tuple(text.split(","))
    unknown = [n for n in names if n not in known]
    if unknown:
        raise CliError(f"unknown {what} {unknown}: choose from {', '.join(known)}")
    return names


def _reproduce(args: argparse.Namespace) -> int:
    from weka_ranking.data import STUDY_TASKS
    from weka_ranking.experiments.plan import build_plan
    from weka_ranking.experiments.store import ResultStore
    from weka_ranking.learners import NAMED_LEARNERS

    if args.jobs < 1:
        raise CliError(f"--jobs must be >= 1, got {args.jobs}")
    if (args.executor == "dask") != bool(args.scheduler):
        raise CliError("--executor dask and --scheduler ADDRESS go together")
    units, left_out = build_plan(
        _names(args.tasks, STUDY_TASKS, "tasks"),
        _names(args.learners, NAMED_LEARNERS, "learners"),
        quick=args.quick,
        include_slow=args.include_slow,
    )
    if args.quick:
        logger.warning("--quick: a subset (2 tasks, 2 learners, sweeps 1, 5, 10)")
    for line in left_out:
        logger.warning("left out: %s", line)
    store = ResultStore(args.out)
    with store.run_lock():  # a second run on the same --out is refused at once
        return _run_units(args, units, store)


def _run_units(args: argparse.Namespace, units, store) -> int:
    from tqdm import tqdm

    from weka_ranking.experiments.report import write_report
    from weka_ranking.experiments.run import run_plan

    done = store.load()
    pending = sum(1 for u in units if u.key not in done)
    logger.info(
        "%d units, %d already in %s", len(units), len(units) - pending, store.path
    )
    started = time.perf_counter()
    # A bar on a terminal; elsewhere (a log file, CI) throttled lines.
    terminal = sys.stderr.isatty() and not args.quiet
    lines, done = _progress("unit"), [0]

    def advance(bar, count: int) -> None:
        bar.update(count)
        done[0] += count
        if not terminal and pending:
            lines(done[0], pending)

    with tqdm(total=pending, unit="unit", disable=not terminal, file=sys.stderr) as bar:
        ran = run_plan(
            units,
            store,
            args.jobs,
            args.heap,
            lambda count: advance(bar, count),
            args.scheduler,
        )
    store.add_run(
        {
            "finished": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "seconds": round(time.perf_counter() - started, 1),
            "units_run": ran,
            "jobs": args.jobs,
        }
    )
    path = write_report(Path(args.out), Path(args.out))
    print(f"{ran} units run, {len(units) - ran} were already done; report: {path}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    from weka_ranking import bench

    sections = _names(args.sections, bench.SECTIONS, "sections")
    jvm.start(heap=args.heap or "14g", verbose=args.verbose)

    def progress(section: str) -> None:
        logger.info("measuring %s", section)

    results = bench.run(sections, include_large=not args.no_large, progress=progress)
    if args.out:
        command = "weka-ranking " + " ".join(sys.argv[1:]) if sys.argv else "bench"
        write_atomically(Path(args.out), bench.to_markdown(results, command))
    if args.json:
        print(json.dumps(results))
    else:
        print(bench.to_markdown(results, "weka-ranking bench"))
    return 0


def _fold_list(text: str) -> list[int]:
    try:
        if "-" in text:
            first, last = (int(x) for x in text.split("-"))
            folds = list(range(first, last + 1))
        else:
            folds = [int(x) for x in text.split(",")]
    except ValueError:
        raise CliError(f"--folds must look like 1-5 or 1,3, got {text!r}") from None
    if not folds or any(not 1 <= f <= 5 for f in folds):
        raise CliError(f"--folds must be within 1-5, got {text!r}")
    return folds


def _grouped_file(path: str, args: argparse.Namespace):
    from weka_ranking.ltr.data import load_grouped_arff, load_letor

    if path.lower().endswith(".arff"):
        if not args.group_attribute:
            raise CliError(f"{path}: an ARFF file needs --group-attribute NAME")
        return load_grouped_arff(path, args.group_attribute)
    return load_letor(path)


def _ltr(args: argparse.Namespace) -> int:
    from weka_ranking.ltr import experiment

    rankers = _names(args.rankers, experiment.ALL_RANKERS, "rankers") or list(
        experiment.ALL_RANKERS
    )
    data = None
    if args.task == "mq2008":
        folds = _fold_list(args.folds)
    else:
        if not (args.valid and args.test):
            raise CliError("a training file needs --valid FILE and --test FILE")
        folds = [1]
        data = {
            1: tuple(_grouped_file(f, args) for f in (args.task, args.valid, args.test))
        }
    jvm.start(heap=args.heap, verbose=args.verbose)

    def progress(step: str) -> None:
        logger.info("%s", step)

    results = experiment.run(list(rankers), folds, progress, data)
    command = "weka-ranking " + " ".join(sys.argv[1:])
    if args.out:
        write_atomically(Path(args.out), experiment.to_markdown(results, command))
    if args.json:
        summary = {
            name: {k: v for k, v in r.items() if k not in ("per_fold",)}
            for name, r in results["rankers"].items()
        }
        print(
            json.dumps(
                {
                    "folds": folds,
                    "rankers": summary,
                    "single_label_queries": results["single_label_queries"],
                    "wall_seconds": results["wall_seconds"],
                }
            )
        )
    else:
        print(experiment.to_markdown(results, command))
    return 0


def _weka_package(args: argparse.Namespace) -> int:
    from weka_ranking.weka_package import write_package

    path = write_package(args.out)
    print(path)
    print(
        "install it with: java -cp weka.jar weka.core.WekaPackageManager -offline "
        f"-install-package {path}",
        file=sys.stderr,
    )
    return 0


def _report(args: argparse.Namespace) -> int:
    from weka_ranking.experiments.report import write_report

    if not (Path(args.store) / "results.jsonl").is_file():
        raise CliError(
            f"{args.store}: no results.jsonl here (run reproduce --out first)"
        )
    print(write_report(Path(args.store), Path(args.out or args.store)))
    return 0


def _stop_once(signum, frame) -> None:
    """SIGINT or SIGTERM: stop, and ignore the next ones while stopping, so a
    second Ctrl-C cannot interrupt the clean-up."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise KeyboardInterrupt


def _configure_logging(args: argparse.Namespace) -> None:
    level = (
        logging.ERROR
        if args.quiet
        else logging.INFO
        if args.verbose
        else logging.WARNING
    )
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("weka-ranking: %(message)s"))
    logger.handlers[:] = [handler]
    logger.setLevel(level)
    logger.propagate = False
    # Progress lines unless --quiet, whatever stderr is.
    progress.PROGRESS.setLevel(logging.ERROR if args.quiet else logging.INFO)


# The file each command writes, checked before any work is done.
OUTPUT_FILES = {"train": "save", "rank": "out", "bench": "out", "ltr": "out"}


def _check_before_work(args: argparse.Namespace) -> None:
    """Refuse what would fail only after the work: an output path that cannot
    be written, a heap the JVM cannot start with."""
    flag = OUTPUT_FILES.get(args.command)
    if flag and getattr(args, flag):
        try:
            output_target(getattr(args, flag))
        except DataError as err:
            raise CliError(f"--{flag} {err}") from None
    if getattr(args, "heap", None):
        try:
            jvm.heap_bytes(args.heap)
        except JavaError as err:
            raise CliError(f"--heap: {err}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; its exit status: 0 ok, 1 failed, 2 usage, 130 interrupted."""
    parser = build_parser()
    args = parser.parse_args(argv)
    _configure_logging(args)
    commands = {
        "cv": _cv,
        "train": _train,
        "rank": _rank,
        "reproduce": _reproduce,
        "bench": _bench,
        "ltr": _ltr,
        "report": _report,
        "weka-package": _weka_package,
    }
    handlers = {
        signum: signal.signal(signum, _stop_once)
        for signum in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        _check_before_work(args)
        return commands[args.command](args)
    except (WekaRankingError, ValueError, OSError) as err:
        print(f"weka-ranking: error: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        # Stopping: SIGINT and SIGTERM stay ignored to the process's end.
        print("weka-ranking: interrupted", file=sys.stderr)
        return 130
    finally:
        if signal.getsignal(signal.SIGINT) is _stop_once:
            for signum, handler in handlers.items():
                signal.signal(signum, handler)


def main_exit() -> None:
    """Entry point of the installed command."""
    sys.exit(main())
