"""The ``weka-ranking`` command: flags in, the API called, its results printed.

Every command is a :class:`Command` record of :data:`COMMANDS` (its help, its
arguments, the function that runs it); the work is the API's. Another
distribution adds commands of its own as a tuple of :class:`Command` records
named by an entry point of the group ``weka_ranking.commands`` (the studies'
``reproduce``, ``bench``, ``ltr`` and ``xhits``), and renders a store that is
not an experiment's by one of the group ``weka_ranking.reports``. A library
:class:`~weka_ranking.errors.ParameterError` names the parameter
(``pairs_per_instance``) and its value; :func:`in_cli_words` says it with the
flag the user typed (``--pairs 3``).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import importlib.metadata
import json
import logging
import os
import re
import shlex
import signal
import sys
import tempfile
import traceback
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

import weka_ranking
from weka_ranking import inputs, jvm, machine, progress
from weka_ranking.atomic import output_target, write_atomically
from weka_ranking.data import Dataset
from weka_ranking.errors import (
    DataError,
    JavaError,
    ParameterError,
    WekaRankingError,
    WekaRankingWarning,
    advise,
)
from weka_ranking.metrics import auc
from weka_ranking.params import BY_NAME, PARAMETERS
from weka_ranking.tasks import TASKS, resolve_task
from weka_ranking.version import __version__

logger = logging.getLogger("weka_ranking")


class UsageError(WekaRankingError):
    """Flags that do not go together, found after parsing: exit 2, as argparse's."""


EXIT_STATUS = """\
exit status: 0 done; 1 bad data, a bad option value or a failed run (one line
'weka-ranking: error: ...' on stderr); 2 a usage mistake (flags missing or
not going together); 130 interrupted."""


@dataclass(frozen=True)
class Argument:
    """One argument of a command: argparse's flags and keyword options."""

    flags: tuple[str, ...]
    options: dict = field(default_factory=dict)

    @property
    def dest(self) -> str:
        """The attribute argparse stores it in (and the library's name for it)."""
        return self.options.get("dest", self.flags[-1].lstrip("-").replace("-", "_"))


def arg(*flags: str, **options) -> Argument:
    """One argument: ``arg("--out", metavar="DIR", help=...)`` as argparse takes it."""
    return Argument(flags, options)


@dataclass(frozen=True)
class Command:
    """One command: its help line, its arguments, and the function that runs it.

    ``writes`` names the argument holding the file the command writes, checked
    before any work; ``needs_weka`` says whether the JVM is started first;
    ``resumes`` whether the same command again finishes an interrupted run
    (its store keeps the finished units), which an interrupt then says.
    """

    name: str
    help: str
    arguments: tuple[Argument, ...]
    run: Callable[[argparse.Namespace], int]
    writes: str | None = None
    needs_weka: bool = True
    epilog: str = ""
    resumes: bool = False


def _flags() -> dict[str, str]:
    """Each library parameter's long flag: ``pairs_per_instance`` is ``--pairs``."""
    return {
        argument.dest: argument.flags[-1]
        for command in commands()
        for argument in command.arguments
        if argument.flags[-1].startswith("--")
    }


def in_cli_words(err: Exception) -> str:
    """An error's message, a library parameter said as the flag a user typed."""
    flags = _flags()
    message = str(err)
    if isinstance(err, ParameterError):
        said = (
            f"{flags[name]} {value}" if name in flags else f"{name}={value!r}"
            for name, value in err.given
        )
        message = f"{', '.join(said)}: {_reason_in_cli_words(err.reason, flags)}"
    elif isinstance(err, WekaRankingError):
        message = err.message
    if getattr(err, "remedies", ()):
        message += f": {advise(err.remedies, flags)}"
    return message


def _reason_in_cli_words(reason: str, flags: dict[str, str]) -> str:
    """A reason's parameters said as flags: ``voters=1`` as ``--voters 1``.

    The meta-classifier's reasons reach Python with the estimator's parameter
    names (``voters=1``, ``pairs_per_instance p``); a command-line user typed flags.
    """
    names = "|".join(re.escape(name) for name in sorted(flags, key=len, reverse=True))
    value = r"(?:=(?P<quote>'?)(?P<value>[^\s',;:()]+)(?P=quote))?"
    pattern = rf"(?<![\w-])(?P<name>{names}){value}(?![\w=])"

    def flag(match: re.Match) -> str:
        name, value = match["name"], match["value"]
        if not value and "_" not in name:  # "voters" alone is a word, not the parameter
            return name
        return flags[name] + (f" {value}" if value else "")

    return re.sub(pattern, flag, reason)


def _said_in_cli_words(text: str) -> str:
    """A message written in Python's words (a unit's stored error) in the CLI's.

    The heap advice (:func:`weka_ranking.jvm.heap_remedy`'s Python wording) as
    ``--heap``, and parameters as flags.
    """
    marker = "\0"
    before, after = jvm.heap_remedy("", marker).python.split(repr(marker))
    python_heap = re.escape(before) + r"'(?P<heap>[^']+)'" + re.escape(after)
    text = re.sub(python_heap, lambda match: f"--heap {match['heap']}", text)
    return _reason_in_cli_words(text, _flags())


def names(text: str) -> tuple[str, ...]:
    """A comma-separated list."""
    return tuple(text.split(","))


EXPERIMENT_EXAMPLE = """\
example: J48 alone against the reduction and XGBoost on two files, 2 runs:
  weka-ranking experiment --data a.arff --data 'more/*.arff' \\
      --scheme 'J48 --ranker pointwise' --scheme 'J48 --pairs 1 --voters 10' \\
      --scheme xgboost --runs 2 --out my-experiment --jobs 2
the same as a plan file (examples/experiment.toml):
  [experiment]
  runs = 2
  baseline = "J48 alone"
  [[data]]
  files = ["a.arff", "more/*.arff"]
  [[scheme]]
  name = "J48 alone"
  learner = "J48"
  ranker = "pointwise"
  [[scheme]]
  learner = "J48"
  pairs = 1
  voters = 10
  [[scheme]]
  peer = "xgboost"    # or lightgbm, hist-gradient-boosting, random-forest
Interrupt it and run the same command again: it finishes what is missing.
Writes DIR/report.md, values.json, results.arff (WEKA's Experimenter reads it),
and the figures."""


def _metavar(parameter) -> str:
    """A model option's value in the usage: its choices, or the flag's word."""
    if parameter.name == "base":
        return "NAME"
    if parameter.choices:
        return "{" + ",".join(parameter.choices) + "}"
    return parameter.cli_flag.lstrip("-").replace("-", "_").upper()


# fmt: off
TASK = arg("task", metavar="TASK_OR_FILE",
           help=f"a built-in task ({', '.join(TASKS)}) or a data file (ARFF, "
           ".arff.gz, CSV)")
JSON = arg("--json", action="store_true", help="print one JSON object")
HEAP = arg("--heap", help="JVM maximum heap, e.g. 4g (java -Xmx)")
DATA = [
    arg("-c", "--class-index", metavar="first|last|N|NAME",
        help="the class, as WEKA's -c, or the attribute's name"),
    arg("--positive", help="class value that ranks first (default: the minority "
        "class of a two-valued class; required with more values)"),
    arg("--keep", type=names, help="comma-separated class values to keep"),
    arg("--drop-unsupported", action="store_true",
        help="drop string and relational attributes"),
]
MODEL = [
    arg(p.cli_flag, dest=p.name, metavar=_metavar(p),
        help=f"{p.help} ("
        + ("after WEKA's --" if p.weka_flag == "--" else f"WEKA {p.weka_flag}")
        + f"; default: {p.to_text(p.default) or 'none'})")
    for p in PARAMETERS
]
# fmt: on


def _given(args: argparse.Namespace) -> dict:
    """The RankingReduction parameters given as flags, parsed."""
    given = {p.name: getattr(args, p.name) for p in PARAMETERS}
    return {n: BY_NAME[n].from_text(v) for n, v in given.items() if v is not None}


def _estimator(args: argparse.Namespace):
    from weka_ranking.model import RankingReduction

    return RankingReduction(**_given(args)).validate()


def _load(path_or_task: str, args: argparse.Namespace, **options) -> Dataset:
    task = resolve_task(path_or_task, args.positive, args.keep)
    return task.load(
        drop_unsupported=args.drop_unsupported, class_index=args.class_index, **options
    )


def _cv(args: argparse.Namespace) -> int:
    from weka_ranking.evaluation import cross_validate

    estimator, data = _estimator(args), _load(args.task, args)
    result = cross_validate(
        estimator, data, folds=args.folds, progress=progress.counter("fold")
    )
    if not args.json:
        print(result.to_text(data))
        return 0
    # The command's own words beside the result's: what was asked, by name.
    asked = {
        "task": resolve_task(args.task).name,
        "file": str(data.source),
        "learner": estimator.base,
        "ranker": estimator.ranker,
        "pairs": estimator.pairs_per_instance,
        "pairs_drawn": result.pairs_drawn(),
        "voters": estimator.voters,
        "weka_commands": result.weka_commands(data),
    }
    print(json.dumps({**result.to_dict(), **asked}))
    return 0


def _train(args: argparse.Namespace) -> int:
    from weka_ranking.evaluation import weka_filter_command

    estimator, data = _estimator(args), _load(args.task, args)
    estimator.fit(data).save(args.save)
    print(f"saved {estimator.to_options()} trained on {args.task} to {args.save}")
    recipe = data.weka_recipe
    if recipe is not None and recipe.filters:  # WEKA refuses the file as it is
        print(
            "in WEKA (-l with -T), a file to rank is made binary first, as the "
            "training file was: "
            + weka_filter_command(recipe, "FILE.arff", "FILE-binary.arff")
        )
    return 0


def _rank(args: argparse.Namespace) -> int:
    from weka_ranking.model import RankingReduction

    if args.model:
        model = RankingReduction.load(args.model, **_given(args))
        if args.positive not in (None, model.positive_):
            raise ParameterError(
                "positive", args.positive, f"the model ranks {model.positive_} first"
            )
        args.drop_unsupported |= bool(model.dropped_attributes_)
    else:
        model = _estimator(args).fit(_load(args.train, args))
    # The test file's class ranks as the model's does: a built-in task's positive
    # class was not said for a test file of the same four classes.
    args.positive = model.positive_
    test = _load(args.test, args, unlabelled="keep", expected=model.attributes_)
    ranking = model.ranking(test)
    known, y = test.labelled, test.y[test.labelled]
    if 0 < y.sum() < known.sum() and not args.quiet:  # WEKA's -T: its AUC
        print(
            f"{args.test}: AUC {auc(y, ranking.scores[known]):.5f} ({known.sum()} "
            f"labelled instances, {y.sum()} of class {model.positive_!r})",
            file=sys.stderr,
        )
    emit(args, ranking.to_csv(test), echo=False)
    return 0


def command_line() -> str:
    """The command as typed, for the pages a command writes."""
    return "weka-ranking " + " ".join(sys.argv[1:])


def emit(args: argparse.Namespace, text: str, results=None, echo=True) -> None:
    """Write ``text`` to ``--out``; print it (or, with ``--json``, the results)."""
    out = getattr(args, "out", None)
    if out:
        write_atomically(Path(out), text)
    if getattr(args, "json", False):
        print(json.dumps(results))
    elif echo or not out:
        sys.stdout.write(text.rstrip("\n") + "\n")


def _plan(args: argparse.Namespace):
    from weka_ranking.experiments.plan import plan_from_flags, read_plan

    if args.plan and (args.data or args.scheme):
        raise UsageError("give a plan file or --data and --scheme, not both")
    if args.plan:
        return read_plan(args.plan)
    if not (args.data and args.scheme):
        raise UsageError("experiment needs a plan file, or --data FILE and --scheme S")
    return plan_from_flags(
        args.data,
        args.scheme,
        folds=args.folds,
        runs=args.runs,
        baseline=args.baseline,
        class_index=args.class_index,
        positive=args.positive,
    )


def _experiment(args: argparse.Namespace) -> int:
    from weka_ranking.experiments import estimate
    from weka_ranking.experiments.experiment import (
        estimate_experiment,
        failures,
        run_experiment,
    )
    from weka_ranking.experiments.weka_results import experimenter_plan

    if args.scheduler and args.executor != "dask":
        raise UsageError("--scheduler ADDRESS is a Dask cluster's: add --executor dask")
    if args.estimate and (args.export_experimenter or args.executor != "local"):
        raise UsageError(
            "--estimate prices the plan on --jobs workers of this process "
            "and runs nothing: leave out "
            + ("--export-experimenter" if args.export_experimenter else "--executor")
        )
    plan = _plan(args)
    if args.estimate:
        values = estimate_experiment(plan, args.out, args.jobs, args.retry_failed)
        text = "\n".join(estimate.lines(values))
        print(json.dumps(values) if args.estimate == "json" else text)
        return 0
    if args.export_experimenter:
        target = Path(args.export_experimenter)
        results = target.with_suffix(".results.arff")
        for line in experimenter_plan(plan, target, results):
            logger.warning("left out of the Experimenter file: %s", line)
        print(f"{target} (results to {results})")
        return 0
    ran, total, path = run_experiment(
        plan,
        args.out,
        jobs=args.jobs,
        heap=args.heap,
        scheduler=args.scheduler,
        executor=args.executor,
        progress=True,
        command=shlex.join(["weka-ranking", *sys.argv[1:]]),
        retry_failed=args.retry_failed,
    )
    print(f"{ran} units run, {total - ran} were already done; report: {path}")
    failed = failures(plan, args.out)
    if failed:
        first = failed[0]
        logger.error(
            "%d of %d units failed (first: %s: %s); the report lists them; "
            "fix the cause and run again with --retry-failed",
            len(failed),
            total,
            first["unit"],
            _said_in_cli_words(first["error"]),
        )
        return 1
    return 0


def _weka_package(args: argparse.Namespace) -> int:
    from weka_ranking.weka_package import install_command, write_package

    path = write_package(args.out)
    print(path)
    print(f"install it with: {install_command(path)}", file=sys.stderr)
    return 0


def _report(args: argparse.Namespace) -> int:
    from weka_ranking.experiments import ResultStore
    from weka_ranking.experiments.experiment import noted_plan
    from weka_ranking.experiments.report import write_report

    folder = Path(args.store)
    if not folder.is_dir() or not ResultStore(folder).exists():
        raise DataError(
            f"{folder}: "
            + ("no such folder" if not folder.is_dir() else "no results.jsonl here")
            + ": give the folder that experiment (or a study's command) wrote into "
            "(its --out)"
        )
    noted = noted_plan(args.store)
    if noted is not None:  # an experiment's folder: its report from the plan it noted
        plan, command = noted
        print(write_report(plan, args.store, command, args.out, args.grouping))
        return 0
    for entry in importlib.metadata.entry_points(group=REPORTS):
        written = entry.load()(folder, Path(args.out or folder))
        if written is not None:
            print(written)
            return 0
    raise DataError(
        f"{folder}: no experiment plan noted in its runs.jsonl, and no installed "
        "study reads it: a reproduction's store is reported by the studies' "
        "distribution (pip install -e studies, in the repository)"
    )


# fmt: off
COMMANDS: tuple[Command, ...] = (
    Command("cv", "cross-validate on WEKA's fold sequence and report the AUC", (
        TASK, *MODEL, *DATA, JSON, HEAP,
        arg("--folds", type=int, default=10, help="number of folds (default: 10)"),
    ), _cv),
    Command("train", "train on a task or data file and save the model", (
        TASK, *MODEL, *DATA, HEAP,
        arg("--save", required=True, metavar="FILE",
            help="model file to write (.model: WEKA's own)"),
    ), _train, writes="save"),
    Command("rank", "rank a data file with a model trained here or saved before", (
        arg("--train", metavar="FILE", help="training data"),
        arg("--model", metavar="FILE", help="a model file from train --save"),
        arg("--test", required=True, metavar="FILE", help="data to rank"),
        arg("--out", metavar="CSV", help="write here instead of stdout"),
        *MODEL, *DATA, HEAP,
    ), _rank, writes="out"),
    Command("experiment",
            "your own experiment: data sets x schemes x runs x folds, tested", (
        arg("plan", nargs="?", metavar="PLAN.toml",
            help="the plan (see the example below), or --data and --scheme"),
        arg("--data", action="append", metavar="FILE",
            help="a data file, glob or built-in task (repeat it)"),
        arg("--scheme", action="append", metavar="S",
            help="'J48 --ranker pointwise', 'J48 --pairs 1 --voters 10', "
            "'xgboost', 'NAME=Logistic --learner-options \"-R 1e-4\"' (repeat it)"),
        arg("--baseline", metavar="NAME",
            help="the scheme the others are tested against (default: the first)"),
        arg("--folds", type=int, default=10, help="folds (default: 10)"),
        arg("--runs", type=int, default=10,
            help="runs, seeded 1..runs as WEKA's Experimenter (default: 10)"),
        arg("-c", "--class-index", metavar="first|last|N|NAME",
            help="the class of every --data file, as WEKA's -c"),
        arg("--positive", help="class value that ranks first in every --data file "
            "(default: the minority class of a two-valued class; required with more "
            "values; files of different classes: a plan file's positive per [[data]])"),
        arg("--out", default="experiment", metavar="DIR",
            help="folder of the store and the report (default: experiment)"),
        arg("--jobs", type=int, default=1,
            help="units at once, at most: threads of this process's JVM (a data set "
            "and scheme whose unit alone keeps the cores busy runs alone, and the "
            "run says so), or Dask workers"),
        arg("--executor", choices=("local", "dask"), default="local",
            help="this process (default) or a Dask cluster"),
        arg("--scheduler", metavar="ADDRESS",
            help="the Dask scheduler's address (default: a local cluster of --jobs)"),
        arg("--retry-failed", action="store_true",
            help="run again the units that failed (their errors are in the report)"),
        arg("--export-experimenter", metavar="FILE.xml",
            help="write the plan's WEKA part as an Experimenter file, run nothing"),
        arg("--estimate", nargs="?", const="text", choices=("text", "json"),
            help="run no unit: print each scheme's and the plan's wall time on "
            "--jobs, from a short pilot of each scheme on each data set (kept in "
            "DIR/estimate.json for the run's time to go), as text or json"),
        HEAP,
    ), _experiment, epilog=EXPERIMENT_EXAMPLE, resumes=True),
    Command("weka-package",
            "write the WEKA package (a ZIP for WEKA's package manager)", (
        arg("--out", default="dist", metavar="DIR",
            help="folder to write the ZIP into (default: dist, as the builds' and "
            "python -m build's)"),
    ), _weka_package, needs_weka=False),
    Command("report", "render a store's report again: experiment's or a study's", (
        arg("store", metavar="DIR", help="the folder reproduce or experiment wrote"),
        arg("--out", metavar="DIR", help="where to write (default: DIR)"),
        arg("--grouping", default="wilcoxon-holm", metavar="TEST",
            help="the test whose groups an experiment's critical-difference "
            "diagram joins: wilcoxon-holm (default) or nemenyi"),
    ), _report, needs_weka=False),
)
# fmt: on
BY_NAME_OF_COMMAND = {command.name: command for command in COMMANDS}
# The studies' commands, named to a user who asks for one without them.
STUDY_COMMANDS = ("reproduce", "bench", "ltr", "xhits")
# The entry point groups another distribution adds commands and reports by.
COMMAND_PLUGINS = "weka_ranking.commands"
REPORTS = "weka_ranking.reports"


def commands() -> tuple[Command, ...]:
    """This package's commands and those installed distributions add.

    An entry point of :data:`COMMAND_PLUGINS` names a tuple of :class:`Command`
    records; one whose name is taken already, or that cannot be loaded, is
    left out with a warning. Each joins :data:`BY_NAME_OF_COMMAND`, which runs
    them.
    """
    added: list[Command] = []
    for entry in importlib.metadata.entry_points(group=COMMAND_PLUGINS):
        try:
            plugged = entry.load()
        except Exception as err:  # noqa: BLE001 (another distribution's fault)
            logger.warning("commands of %s left out: %s", entry.value, err)
            continue
        for command in plugged:
            if command.name in {c.name for c in (*COMMANDS, *added)}:
                logger.warning(
                    "%s's command %r left out: the name is taken",
                    entry.value,
                    command.name,
                )
                continue
            added.append(command)
            BY_NAME_OF_COMMAND.setdefault(command.name, command)
    return (*COMMANDS, *added)


class OneLineParser(argparse.ArgumentParser):
    """argparse's parser whose usage mistakes are one line, as every other error.

    argparse prints the whole usage before the error; the line here names the
    mistake and where the options are listed instead (exit status 2 as
    argparse's).
    """

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="weka-ranking",
        description="Rank with any WEKA classifier: ranking reduced to binary "
        "classification.",
        epilog=EXIT_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    version = f"%(prog)s {__version__}"
    parser.add_argument("--version", action="version", version=version)
    subparsers = parser.add_subparsers(dest="command", required=True)
    for command in commands():
        sub = subparsers.add_parser(
            command.name,
            help=command.help,
            description=command.help,
            epilog=f"{command.epilog}\n\n{EXIT_STATUS}".lstrip(),
            formatter_class=argparse.RawDescriptionHelpFormatter,
            # A flag's prefix is a mistake named as any misspelt flag is:
            # `--fold 5` had run as --folds, `--voter` as --voters, unsaid.
            allow_abbrev=False,
        )
        for argument in command.arguments:
            sub.add_argument(*argument.flags, **argument.options)
        loudness = sub.add_mutually_exclusive_group()
        loudness.add_argument("--quiet", action="store_true", help="errors only")
        loudness.add_argument(
            "--verbose", action="store_true", help="more messages, the JVM's included"
        )
    return parser


def _stop_once(signum, frame) -> None:
    """SIGINT or SIGTERM: stop, and ignore the next ones while cleaning up."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise KeyboardInterrupt


def _check_before_work(args: argparse.Namespace) -> None:
    """Refuse now what would fail after the work: output, heap, a model."""
    flag = BY_NAME_OF_COMMAND[args.command].writes
    heap = None
    try:
        if flag and getattr(args, flag):
            output_target(getattr(args, flag))
        if getattr(args, "heap", None):
            heap = jvm.heap_bytes(args.heap)
    except (DataError, JavaError) as err:
        given = flag if isinstance(err, DataError) else "heap"
        raise ParameterError(given, getattr(args, given), str(err)) from None
    # Workers on this machine (a Dask scheduler's are elsewhere): a JVM each
    # on a local Dask cluster, threads of this process's JVM otherwise.
    if getattr(args, "jobs", None) is not None and args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs}: give 1 worker or more")
    if getattr(args, "jobs", None) and not getattr(args, "scheduler", None):
        own_jvms = getattr(args, "executor", "local") == "dask"
        machine.check_jobs(args.jobs, heap if own_jvms else None)
    if args.command == "rank" and Path(args.test).exists():
        # A device or a FIFO, refused before the training, not after.
        inputs.regular_file(Path(args.test), "data file")
    _check_scheduler(getattr(args, "scheduler", None))
    if args.command == "rank" and not (args.train or args.model):
        raise UsageError("rank needs --train FILE (to train a model) or --model FILE")
    if args.command == "rank" and args.train and args.model:
        raise UsageError(
            "rank takes --train FILE or --model FILE, not both: --model ranks with "
            "the saved model, --train trains a new one"
        )


# The schemes of a Dask scheduler's address that reach another machine.
SCHEDULER_SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")


def _check_scheduler(address: str | None) -> None:
    """Refuse, before any work, a ``--scheduler`` that is no scheduler's address.

    ``''`` ran a local cluster silently; ``tcp://HOST:notaport`` and
    ``inproc://x`` got Dask's messages, which do not name the flag.
    """
    if address is None:
        return
    scheme, _, rest = (
        address.partition("://") if "://" in address else ("tcp", "", address)
    )
    host, _, port = rest.rpartition(":")
    if scheme in SCHEDULER_SCHEMES and host.strip("[]") and port.isdigit():
        if 0 < int(port) < 65536:
            return
    raise ParameterError(
        "scheduler",
        address,
        "not a Dask scheduler's address: give tcp://HOST:PORT (e.g. "
        "tcp://10.0.0.5:8786), or leave --scheduler out for a local cluster",
    )


# Flags whose value is itself WEKA options, so may start with "-" ("-U"), which
# argparse would take for a flag of its own.
WEKA_OPTION_FLAGS = ("--learner-options",)


def _values_starting_with_a_dash(argv: Sequence[str] | None) -> list[str]:
    """``--learner-options -U`` as ``--learner-options=-U``, which argparse reads."""
    given = list(sys.argv[1:] if argv is None else argv)
    joined: list[str] = []
    for token in given:
        if joined and joined[-1] in WEKA_OPTION_FLAGS:
            joined[-1] = f"{joined[-1]}={token}"
        else:
            joined.append(token)
    return joined


def _said_in_the_log(shown_otherwise: Callable) -> Callable:
    """A ``showwarning`` that says this package's warnings through its logger.

    So each kind is said once and ``--quiet`` silences them; other warnings
    (a library's) go to ``shown_otherwise``.
    """

    def show(message, category, filename, lineno, file=None, line=None) -> None:
        if isinstance(message, WekaRankingWarning):
            logging.getLogger(message.logger).warning(message.template, *message.values)
        else:
            shown_otherwise(message, category, filename, lineno, file, line)

    return show


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; its exit status: 0 ok, 1 failed, 2 usage, 130 interrupted."""
    with warnings.catch_warnings(), progress.kept():
        # Every one reaches the log, whose filter says each kind once.
        warnings.simplefilter("always", WekaRankingWarning)
        warnings.showwarning = _said_in_the_log(warnings.showwarning)
        return _main(argv)


# The Python face's parameter names typed as flags, and this CLI's own.
PARAMETER_FLAGS = {
    "--" + p.name.replace("_", "-"): p.cli_flag
    for p in PARAMETERS
    if "--" + p.name.replace("_", "-") != p.cli_flag
}

# WEKA's command-line flags a WEKA user types by habit, and this CLI's own.
WEKA_FLAGS = {
    "-x": "--folds",
    "-s": "--seed",
    "-S": "--seed",
    "-W": "--learner",
    "-P": "--pairs",
    "-I": "--voters",
    "-R": "--ranker",
    "-T": "--test",
    "-t": "--train",
    "-l": "--model",
    "-d": "--save",
}


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line's arguments; a word a command does not take is said by it.

    argparse leaves such words to the top parser, whose usage names no
    command's flags; here the command's own parser says them, with the
    closest flag it has.
    """
    parser = build_parser()
    given = _values_starting_with_a_dash(argv)
    subparsers = next(
        a for a in parser._actions if isinstance(a, argparse._SubParsersAction)
    )
    asked = next((word for word in given if not word.startswith("-")), None)
    if asked in STUDY_COMMANDS and asked not in subparsers.choices:
        parser.error(
            f"{asked} is a command of the studies (weka-ranking-studies), which are "
            "not installed: in a checkout of the repository, pip install -e ./studies"
        )
    if asked is not None and asked not in subparsers.choices:
        close = difflib.get_close_matches(asked, list(subparsers.choices), n=1)
        if close:
            parser.error(f"{asked!r} is no command (did you mean {close[0]}?)")
    if asked in subparsers.choices:
        # Before argparse's own checks: a misspelt --test is said as such, not
        # as "--test is required".
        sub = subparsers.choices[asked]
        _refuse_unknown(sub, asked, _unknown_flag(given, asked, _flags_of(sub)), given)
    args, unknown = parser.parse_known_args(given)
    if unknown:
        _refuse_unknown(subparsers.choices[args.command], args.command, unknown, given)
    return args


def _unknown_flag(given: list[str], command: str, flags: list[str]) -> list[str]:
    """The first word after ``command`` that it takes as no flag, and its value.

    A ``--word`` that none of its ``flags`` starts with (argparse takes a
    flag's prefix), or one of WEKA's flags (:data:`WEKA_FLAGS`) it lacks.
    """
    words = given[given.index(command) + 1 :]
    for i, word in enumerate(words):
        if word == "--":
            break
        name = word.split("=")[0]
        weka_habit = name in WEKA_FLAGS and name not in flags  # rank -t FILE
        if weka_habit or (
            word.startswith("--") and not any(f.startswith(name) for f in flags)
        ):
            value = words[i + 1 : i + 2]
            return [word, *(v for v in value if not v.startswith("-"))]
    return []


def _flags_of(sub: argparse.ArgumentParser) -> list[str]:
    """The flags a command's parser takes, every spelling."""
    return [flag for action in sub._actions for flag in action.option_strings]


def _refuse_unknown(
    sub: argparse.ArgumentParser, command: str, unknown: list[str], given: list[str]
) -> None:
    """Refuse the words ``command`` does not take, naming its closest flag."""
    if not unknown:
        return
    flags = _flags_of(sub)
    word = unknown[0].split("=")[0]
    close = difflib.get_close_matches(word, flags, n=1)
    if PARAMETER_FLAGS.get(word) in flags:
        name = word[2:].replace("-", "_")
        close = [f"{PARAMETER_FLAGS[word]}, the Python face's {name}"]
    if WEKA_FLAGS.get(word) in flags:
        close = [f"{WEKA_FLAGS[word]}, WEKA's {word}"]
    elif word in ("-t", "-T") and "task" in [a.dest for a in sub._actions]:
        close = [f"the data file as {command}'s first argument, without {word}"]
    elif "--learner-options" in flags and (
        "--" in given
        or (
            word[:1] != "-"
            and any(g.split("=")[0] == "--learner-options" for g in given)
        )
    ):
        # WEKA's "-- -C 0.1", or the options unquoted: the shell split them.
        close = ['--learner-options "-C 0.1", the options quoted as one value']
    hint = f" (did you mean {close[0]}?)" if close else ""
    sub.error(f"unrecognized arguments: {' '.join(unknown)}{hint}")


def _main(argv: Sequence[str] | None) -> int:
    args = _parse(argv)
    progress.configure(args.quiet, args.verbose)
    stops = (signal.SIGINT, signal.SIGTERM)
    handlers = {signum: signal.signal(signum, _stop_once) for signum in stops}
    try:
        _check_before_work(args)
        command = BY_NAME_OF_COMMAND[args.command]
        if command.needs_weka:
            jvm.start(heap=args.heap, verbose=args.verbose)
        return command.run(args)
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as a filter does;
        # stdout pointed at nothing so that its final flush cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except (WekaRankingError, ValueError, OSError) as err:
        print(f"weka-ranking: error: {in_cli_words(err)}", file=sys.stderr)
        return 2 if isinstance(err, UsageError) else 1
    except KeyboardInterrupt as stop:
        # Stopping: SIGINT and SIGTERM stay ignored to the process's end.
        unstopped = (
            " (the Java work under way did not stop within its grace period: "
            "the process ends without it)"
            if _java_work_left()
            else ""
        )
        resumes = BY_NAME_OF_COMMAND[args.command].resumes and not getattr(
            args, "estimate", None
        )
        stored = str(stop) or "the finished units are stored"
        again = (
            f": {stored}; the same command again finishes the rest" if resumes else ""
        )
        print(f"weka-ranking: interrupted{unstopped}{again}", file=sys.stderr)
        return 130
    except Exception as err:  # noqa: BLE001 (unforeseen: one line, details kept)
        print(f"weka-ranking: error: {_unforeseen(err)}", file=sys.stderr)
        return 1
    finally:
        if signal.getsignal(signal.SIGINT) is _stop_once:
            for signum, handler in handlers.items():
                signal.signal(signum, handler)


# An unforeseen error's message is cut to this many characters on its line.
UNFORESEEN_MESSAGE_CHARS = 300


def _unforeseen(err: Exception) -> str:
    """A failure no message was written for: one line, and a file with the traceback.

    The file (the command, the versions, the traceback, Java's frames
    included) is what a bug report needs; the line says where it is.
    """
    kind = type(err).__name__
    # A Java exception's text starts with its class's name, said already.
    message = " ".join(str(err).split()).removeprefix(f"{kind}: ")
    if len(message) > UNFORESEEN_MESSAGE_CHARS:
        message = message[: UNFORESEEN_MESSAGE_CHARS - 3] + "..."
    said = f"unexpected {kind}" + (f": {message}" if message else "")
    details = "".join(traceback.format_exception(err))
    try:
        with tempfile.NamedTemporaryFile(
            "w", prefix="weka-ranking-error-", suffix=".log", delete=False
        ) as log:
            log.write(
                f"{command_line()}\nweka-ranking {__version__}, "
                f"Python {sys.version}\n\n{details}"
            )
    except OSError as unwritten:
        return f"{said} (the details could not be written: {unwritten})"
    return f"{said} (unforeseen: the traceback is in {log.name}, for a bug report)"


def _java_work_left() -> bool:
    """Whether interrupted Java work runs on (the bridge is asked if it was used)."""
    bridge = sys.modules.get("weka_ranking.bridge")
    return bridge is not None and bridge.java_work_running()


def _command_word(args: Sequence[str]) -> str | None:
    """The first word of the arguments that is not an option (the command's name)."""
    return next((arg for arg in args if not arg.startswith("-")), None)


def main_exit() -> None:  # the installed command
    if _command_word(sys.argv[1:]) in {c.name for c in COMMANDS}:
        # The core's commands hand no estimator to scikit-learn: its import
        # (1.9 s of a 5.4 s `cv breast-cancer`) is left out; a study's
        # command may use its machinery, and keeps it.
        weka_ranking._estimators_on_scikit_learn = False
    code = main()
    if _java_work_left():
        # The JVM's orderly shutdown would wait for the Java thread that did
        # not stop: end now. Output files are written after the work, so
        # none is half-written; what was printed is flushed.
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError):  # a reader gone: nothing to flush to
                stream.flush()
        os._exit(code)
    sys.exit(code)
