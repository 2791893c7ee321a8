"""Hostile plans, stores, output folders, flags and scored rows, as issue 45 tried.

Each case runs in a process of its own, in a fresh folder, with a timeout; it
*holds* when it is refused in one line (``weka-ranking: error: ...``, no
traceback, no "unexpected"), or for the cases that should go on, when they
do and say what they must. The peak memory of each process (its maximum
resident set, from ``wait4``) and its time are measured; the table by area
and the worst cases are printed in Markdown::

    PYTHONPATH=. python tools/hostile_probe.py [--only AREA] [--keep DIR]

The full-disk cases mount a tmpfs of 24 KB and run only as root; a case that
cannot run here is said as skipped, never counted as held.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

PYTHON = sys.executable
DATA = '[[data]]\nfiles = ["breast-cancer"]\n'
SCHEME = '[[scheme]]\nlearner = "NaiveBayes"\n'
SMALL = "[experiment]\nfolds = 2\nruns = 1\n"
EXPERIMENT = ["experiment", "--data", "breast-cancer", "--scheme", "NaiveBayes"]
EXPERIMENT += ["--folds", "2", "--runs", "1"]
TIMEOUT = 120


@dataclass
class Case:
    """One hostile input: how to set it up, what to run, what holding means."""

    area: str
    name: str
    argv: list[str]
    setup: Callable[[Path], None] = lambda folder: None
    # "refused": one line of error; "runs": exit 0 and ``said`` on stderr.
    expect: str = "refused"
    said: str = ""
    timeout: float = TIMEOUT
    needs_root: bool = False
    result: dict = field(default_factory=dict)


def cli(*words: str) -> list[str]:
    return [PYTHON, "-m", "weka_ranking", *words]


def python(code: str) -> list[str]:
    return [PYTHON, "-c", code]


def plan_case(name: str, text: str | bytes, more: tuple[str, ...] = ()) -> Case:
    def setup(folder: Path) -> None:
        path = folder / "plan.toml"
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)

    return Case(
        "plans", name, cli("experiment", "plan.toml", "--out", "o", *more), setup
    )


def special_plan(name: str, make: Callable[[Path], None]) -> Case:
    return Case("plans", name, cli("experiment", "plan.toml", "--out", "o"), make)


def _link(target: str) -> Callable[[Path], None]:
    return lambda folder: (folder / "plan.toml").symlink_to(target)


def _fifo(name: str) -> Callable[[Path], None]:
    return lambda folder: os.mkfifo(folder / name)


def _sparse(size: int) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        with (folder / "plan.toml").open("wb") as stream:
            stream.truncate(size)

    return make


def plan_cases() -> list[Case]:
    big = 2**63 - 1
    texts = {
        "runs = 1000000000": f"[experiment]\nruns = 1000000000\n{DATA}{SCHEME}",
        "runs = 2^63-1": f"[experiment]\nruns = {big}\n{DATA}{SCHEME}",
        "folds = 1000000000": f"[experiment]\nfolds = 1000000000\n{DATA}{SCHEME}",
        "folds = 1000 (286 rows)": f"[experiment]\nfolds = 1000\n{DATA}{SCHEME}",
        "voters = 1000000000": f"{SMALL}{DATA}{SCHEME}voters = 1000000000\n",
        "voters = 2^63-1": f"{SMALL}{DATA}{SCHEME}voters = {big}\n",
        "voters = 2.5": f"{SMALL}{DATA}{SCHEME}voters = 2.5\n",
        "pairs = -3": f"{SMALL}{DATA}{SCHEME}pairs = -3\n",
        "[data] for [[data]]": f'[data]\nfiles = ["breast-cancer"]\n{SCHEME}',
        "[scheme] for [[scheme]]": f'{DATA}[scheme]\nlearner = "J48"\n',
        "[[experiment]]": f"[[experiment]]\nfolds = 2\n{DATA}{SCHEME}",
        "files = 5": f"[[data]]\nfiles = 5\n{SCHEME}",
        "files = [5]": f"[[data]]\nfiles = [5]\n{SCHEME}",
        "files = []": f"[[data]]\nfiles = []\n{SCHEME}",
        'significance = "0.05"': f'[experiment]\nsignificance = "0.05"\n{DATA}{SCHEME}',
        "significance = nan": f"[experiment]\nsignificance = nan\n{DATA}{SCHEME}",
        "baseline = 5": f"[experiment]\nbaseline = 5\n{DATA}{SCHEME}",
        "name = 5": f'{DATA}[[scheme]]\nname = 5\nlearner = "J48"\n',
        'name = ""': f'{DATA}[[scheme]]\nname = ""\nlearner = "J48"\n',
        "name with a newline": f'{DATA}[[scheme]]\nname = "a\\nb"\nlearner = "J48"\n',
        'peer seed = "x"': f'{DATA}[[scheme]]\npeer = "random-forest"\nseed = "x"\n',
        'data = "x"': f'data = "x"\n{SCHEME}',
        "keep = 3": f'[[data]]\nfiles = ["hepatitis"]\nkeep = 3\n{SCHEME}',
        "class = [1]": f'[[data]]\nfiles = ["hepatitis"]\nclass = [1]\n{SCHEME}',
        "an unknown key": f"[experiment]\nfold = 3\n{DATA}{SCHEME}",
        "empty plan": "",
        "TOML nested 100,000 deep": "a = " + "[" * 100_000 + "]" * 100_000,
        "learner J49": f'{DATA}[[scheme]]\nlearner = "J49"\n',
        "learner SerializedClassifier": (
            f'{DATA}[[scheme]]\nlearner = "weka.classifiers.misc.SerializedClassifier"'
            '\nlearner-options = "-model x.model"\n'
        ),
    }
    cases = [plan_case(name, text) for name, text in texts.items()]
    named = f'{DATA}[[scheme]]\nname = "NaiveBayes é"\nlearner = "NaiveBayes"\n'
    cases += [
        plan_case("Latin-1 plan", named.encode("latin-1")),
        plan_case("UTF-16 plan", named.encode("utf-16")),
        special_plan("plan of 2 MB", _sparse(2 << 20)),
        special_plan("plan linked to /dev/zero", _link("/dev/zero")),
        special_plan("plan a FIFO", _fifo("plan.toml")),
    ]
    return cases


def _finished(source: Path) -> Callable[[Path], None]:
    """Copy the finished experiment's folder to ``out``, then apply ``change``."""

    def copy(folder: Path) -> None:
        subprocess.run(["cp", "-a", str(source), str(folder / "out")], check=True)

    return copy


def store_cases(finished: Path) -> list[Case]:
    copy = _finished(finished)

    def then(change: Callable[[Path], None]) -> Callable[[Path], None]:
        def setup(folder: Path) -> None:
            copy(folder)
            change(folder / "out")

        return setup

    def replace_with_link(name: str, target: str) -> Callable[[Path], None]:
        def change(out: Path) -> None:
            (out / name).unlink(missing_ok=True)
            (out / name).symlink_to(target)

        return change

    def replace_with_fifo(name: str) -> Callable[[Path], None]:
        def change(out: Path) -> None:
            (out / name).unlink(missing_ok=True)
            os.mkfifo(out / name)

        return change

    def append(name: str, line: str) -> Callable[[Path], None]:
        def change(out: Path) -> None:
            with (out / name).open("a") as stream:
                stream.write(line + "\n")

        return change

    def conflict(out: Path) -> None:
        lines = (out / "results.jsonl").read_text().splitlines()
        record = json.loads(lines[0])
        record["auc"], record["write"] = 0.123, "planted"
        (out / "results.jsonl").write_text(
            "\n".join([json.dumps(record), *lines]) + "\n"
        )

    def precious(folder: Path) -> None:
        (folder / "precious.txt").write_text("mine\n")

    def with_precious(name: str) -> Callable[[Path], None]:
        def setup(folder: Path) -> None:
            copy(folder)
            precious(folder)
            replace_with_link(name, str(folder / "precious.txt"))(folder / "out")

        return setup

    run = cli(*EXPERIMENT, "--out", "out")
    changed = cli(*EXPERIMENT[:-4], "--folds", "3", "--runs", "1", "--out", "out")
    report = cli("report", "out")
    unit = json.dumps({"unit": "x/y/run=1/fold=0", "unit_records": 1, "auc": "high"})
    deep = '{"a": ' * 100_000 + "1" + "}" * 100_000
    return [
        Case("stores", "runs.jsonl removed, plan changed", changed,
             then(lambda out: (out / "runs.jsonl").unlink())),
        Case("stores", "plan note edited to 5 (experiment)", run,
             then(append("runs.jsonl", '{"plan": 5}'))),
        Case("stores", "plan note edited to 5 (report)", report,
             then(append("runs.jsonl", '{"plan": 5}'))),
        Case("stores", "plan note without schemes (report)", report,
             then(append("runs.jsonl", '{"plan": {"data": []}}'))),
        Case("stores", "runs.jsonl linked to /dev/zero", report,
             then(replace_with_link("runs.jsonl", "/dev/zero"))),
        Case("stores", "results.jsonl a FIFO", report,
             then(replace_with_fifo("results.jsonl"))),
        Case("stores", "results.jsonl linked to /dev/zero", report,
             then(replace_with_link("results.jsonl", "/dev/zero"))),
        Case("stores", "conflicting duplicate placed first", report, then(conflict),
             expect="runs", said="written twice with different results (lines 1"),
        Case("stores", "an AUC as a string", report,
             then(append("results.jsonl", unit)), expect="runs", said="not a number"),
        Case("stores", "a line nested 100,000 deep", report,
             then(append("results.jsonl", deep)), expect="runs",
             said="nested too deep"),
        Case("output", ".run.lock linked to the owner's file", run,
             with_precious(".run.lock")),
        Case("output", "results.jsonl linked to the owner's file", run,
             with_precious("results.jsonl")),
        Case("output", "report.md linked to the owner's file", report,
             with_precious("report.md")),
        Case("output", "values.json linked to the owner's file", report,
             with_precious("values.json")),
        Case("output", "roc.png linked to the owner's file", report,
             with_precious("roc.png")),
    ]  # fmt: skip


def output_cases() -> list[Case]:
    def file(folder: Path) -> None:
        (folder / "out").write_text("mine\n")

    def dangling(folder: Path) -> None:
        (folder / "out").symlink_to(folder / "nothing")

    run = cli(*EXPERIMENT, "--out", "out")
    return [
        Case("output", "--out a file", run, file),
        Case("output", "--out a FIFO", run, _fifo("out")),
        Case("output", "--out a link to nothing", run, dangling),
        Case("output", "--export-experimenter a FIFO",
             cli(*EXPERIMENT, "--export-experimenter", "plan.xml"), _fifo("plan.xml")),
    ]  # fmt: skip


def flag_cases() -> list[Case]:
    def scheduler(address: str) -> Case:
        words = (*EXPERIMENT, "--executor", "dask", "--scheduler", address)
        return Case("flags", f"--scheduler {address!r}", cli(*words, "--out", "o"))

    return [
        scheduler(""),
        scheduler("tcp://127.0.0.1:notaport"),
        scheduler("inproc://x"),
        scheduler("tcp://127.0.0.1:70000"),
        Case("flags", "rank --test /dev/zero",
             cli("rank", "--train", "breast-cancer", "--test", "/dev/zero")),
        Case("flags", "rank --test a FIFO",
             cli("rank", "--train", "breast-cancer", "--test", "fifo"), _fifo("fifo")),
        Case("flags", "--scheduler a listener that never answers",
             cli(*EXPERIMENT, "--executor", "dask", "--scheduler",
                 "tcp://127.0.0.1:PORT", "--out", "o"), timeout=60),
    ]  # fmt: skip


SCORING = """
import logging, numpy as np
logging.disable(logging.WARNING)
from weka_ranking import RankingReduction, load_task, DataError
model = RankingReduction("J48", pairs_per_instance=1, voters=2).fit(
    load_task("vehicle").subset(np.arange(200)))
X = {rows}
try:
    model.{method}(*([X, X.y] if "{method}" == "score" else [X]))
except (DataError, ValueError) as err:
    raise SystemExit("weka-ranking: error: " + str(err))
print("scored without complaint")
"""


def scoring_cases() -> list[Case]:
    rows = {
        "9 attributes": 'load_task("breast-cancer")',
        "19 attributes": 'load_task("hepatitis")',
        "an array of other names": 'load_task("vehicle").X[:20]',
        "an array of 36 columns": 'np.hstack([load_task("vehicle").X] * 2)[:20]',
    }
    methods = ("predict", "predict_proba", "decision_function", "score")
    return [
        Case("scoring", f"{method} on {what}",
             python(SCORING.format(rows=code, method=method)))
        for what, code in rows.items()
        for method in methods
        if not (method == "score" and code.endswith("]"))
    ]  # fmt: skip


def disk_cases() -> list[Case]:
    def tiny(size: str) -> Callable[[Path], None]:
        def mount(folder: Path) -> None:
            (folder / "disk").mkdir()
            subprocess.run(
                [
                    "mount",
                    "-t",
                    "tmpfs",
                    "-o",
                    f"size={size}",
                    "tmpfs",
                    folder / "disk",
                ],
                check=True,
            )

        return mount

    plan = ["--data", "breast-cancer", "--scheme", "J48 --ranker pointwise"]
    words = ["experiment", *plan, "--folds", "10", "--runs", "3"]
    return [
        Case("full disk", "experiment into 24 KB", cli(*words, "--out", "disk/o"),
             tiny("24k"), needs_root=True),
        Case("full disk", "experiment into 64 KB (the report's figures)",
             cli(*words, "--out", "disk/o"), tiny("64k"), needs_root=True),
    ]  # fmt: skip


GNU_TIME = Path("/usr/bin/time")


def run(case: Case, folder: Path) -> None:
    """Run one case in ``folder``: its verdict, time, peak memory and last line.

    The peak is the child's own maximum resident set, from GNU time when
    there is one (else not measured).
    """
    if case.needs_root and os.geteuid() != 0:
        case.result = {"verdict": "skipped (needs root for a tmpfs)"}
        return
    argv = list(case.argv)
    listener = None
    if "tcp://127.0.0.1:PORT" in argv:
        listener = _silent_listener()
        port = str(listener.getsockname()[1])
        argv = [w.replace("PORT", port) for w in argv]
    timed = [str(GNU_TIME), "-f", "PEAK_KB %M"] if GNU_TIME.exists() else []
    try:
        case.setup(folder)
        started = time.perf_counter()
        process = subprocess.Popen(
            [*timed, *argv], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        timer = threading.Timer(case.timeout, _kill_tree, (process.pid,))
        timer.start()
        _, err = process.communicate()
        timer.cancel()
        seconds = time.perf_counter() - started
    finally:
        if listener is not None:
            listener.close()
        if case.needs_root and (folder / "disk").is_dir():
            subprocess.run(["umount", str(folder / "disk")], check=False)
    lines = err.decode(errors="replace").splitlines()
    peaks = [int(x.split()[1]) for x in lines if x.startswith("PEAK_KB ")]
    lines = [x for x in lines if not x.startswith(("PEAK_KB ", "Command "))]
    text = "\n".join(lines)
    errors = [x for x in lines if x.startswith("weka-ranking: error:")]
    if seconds >= case.timeout:
        verdict = f"failed: still running after {case.timeout:.0f} s"
    elif case.expect == "refused":
        clean = "Traceback" not in text and "unexpected" not in text
        refused = process.returncode != 0 and len(errors) == 1 and clean
        verdict = "held" if refused else f"failed: exit {process.returncode}"
    else:
        ran = process.returncode == 0 and case.said in text
        verdict = "held" if ran else f"failed: exit {process.returncode}"
    precious = folder / "precious.txt"
    if precious.exists() and precious.read_text() != "mine\n":
        verdict = "failed: the owner's file changed"
    case.result = {
        "verdict": verdict,
        "seconds": round(seconds, 1),
        "peak_mb": round(peaks[-1] / 1024, 1) if peaks else None,
        "said": (errors or lines or [""])[-1][:300],
    }


def _kill_tree(pid: int) -> None:
    """End a case that outlived its timeout: GNU time's child too."""
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        os.kill(int(child), 9)
    os.kill(pid, 9)


def _silent_listener():
    """A TCP socket that accepts connections and never answers."""
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)

    def accept() -> None:
        kept = []
        while True:
            try:
                kept.append(listener.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    return listener


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run one area: plans, stores, output, ...")
    parser.add_argument("--keep", help="keep the cases' folders here")
    parser.add_argument("--json", help="write every case's result here")
    args = parser.parse_args()
    root = Path(args.keep or tempfile.mkdtemp(prefix="hostile-probe-"))
    root.mkdir(parents=True, exist_ok=True)
    finished = root / "finished"
    if not finished.exists():
        done = subprocess.run(cli(*EXPERIMENT, "--out", str(finished), "--quiet"))
        if done.returncode != 0:
            print("the small experiment the store cases copy did not finish")
            return 1
    cases = [
        *plan_cases(),
        *store_cases(finished),
        *output_cases(),
        *flag_cases(),
        *scoring_cases(),
        *disk_cases(),
    ]
    if args.only:
        cases = [c for c in cases if c.area == args.only]
    for number, case in enumerate(cases, 1):
        folder = root / f"case-{number:03d}"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        run(case, folder)
        print(
            f"[{number}/{len(cases)}] {case.area}: {case.name}: "
            f"{case.result['verdict']} ({case.result.get('seconds', '-')} s, "
            f"{case.result.get('peak_mb', '-')} MB) {case.result.get('said', '')}",
            file=sys.stderr,
        )
    print(table(cases))
    if args.json:
        results = [{"area": c.area, "name": c.name, **c.result} for c in cases]
        Path(args.json).write_text(json.dumps(results, indent=1))
    return int(any(c.result["verdict"].startswith("failed") for c in cases))


def table(cases: list[Case]) -> str:
    """Cases tried, held and failed by area, then the failures and the worst peaks."""
    areas: dict[str, list[Case]] = {}
    for case in cases:
        areas.setdefault(case.area, []).append(case)
    lines = [
        "| area | tried | held | failed | skipped | worst peak (MB) |",
        "|---|---|---|---|---|---|",
    ]
    for area, members in areas.items():
        verdicts = [c.result["verdict"] for c in members]
        peaks = [c.result.get("peak_mb") or 0 for c in members]
        lines.append(
            f"| {area} | {len(members)} | {verdicts.count('held')} | "
            f"{sum(v.startswith('failed') for v in verdicts)} | "
            f"{sum(v.startswith('skipped') for v in verdicts)} | {max(peaks):.0f} |"
        )
    failed = [c for c in cases if c.result["verdict"].startswith("failed")]
    if failed:
        lines += ["", "Failed:", ""]
        lines += [f"- {c.area}: {c.name}: {c.result['verdict']}" for c in failed]
    worst = sorted(cases, key=lambda c: -(c.result.get("peak_mb") or 0))[:5]
    lines += ["", "Largest peaks:", ""]
    lines += [
        f"- {c.area}: {c.name}: {c.result.get('peak_mb')} MB, "
        f"{c.result.get('seconds')} s"
        for c in worst
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
