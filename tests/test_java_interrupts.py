"""Ctrl-C and SIGTERM during long Java work: the command stops with exit 130.

Python runs its signal handlers only between bytecodes of the main thread, so
a signal used to wait for the Java call under way to return (ten minutes and
more for a slow member). The Java work now runs in a thread of its own and
is interrupted: the meta-classifier stops between members, pair batches and
comparison batches (and most WEKA learners inside their own training); work
that ignores the interrupt is given ``bridge.GRACE_SECONDS``, then the
process ends without it. No timed assertion: a child still running well
after the grace period counts as a hang (``communicate``'s timeout).
"""

import signal
import subprocess
import sys
import textwrap
import time

import pytest

from weka_ranking import bridge

# Well past the grace period: a child running this long after the signal hangs.
HANG = bridge.GRACE_SECONDS + 60


def started(argv: list[str], code: str | None = None) -> subprocess.Popen:
    """The command line in a child, once its training has started."""
    command = [sys.executable, "-m", "weka_ranking", *argv]
    if code is not None:
        command = [sys.executable, "-c", code, *argv]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    said = ""
    while "pairs for each of" not in said:
        line = process.stderr.readline()
        assert line, f"the child ended before training: {said}"
        said += line
    return process


def stopped(process: subprocess.Popen, signum: int) -> tuple[int, str, str]:
    time.sleep(2)  # inside the member's training, whose pairs take a second
    process.send_signal(signum)
    out, err = process.communicate(timeout=HANG)
    return process.returncode, out, err


SLOW_MEMBERS = [
    "train", "spambase", "--learner", "NaiveBayes", "--learner-options=-K",
    "--pairs", "10", "--voters", "40",
]  # fmt: skip


@pytest.mark.parametrize(
    "signum", [signal.SIGINT, pytest.param(signal.SIGTERM, marks=pytest.mark.slow)]
)
def test_a_long_member_fit_stops_on_a_signal(signum, tmp_path):
    # Forty members of a few seconds each: minutes, were it not stopped.
    model = tmp_path / "model.wrk"
    process = started([*SLOW_MEMBERS, "--save", str(model)])
    code, out, err = stopped(process, signum)
    assert code == 130 and out == "", err
    assert err.rstrip().endswith("weka-ranking: interrupted"), err
    assert "Traceback" not in err and not model.exists()


# The command line with training replaced by Java work that ignores
# interrupts: a regular expression's polynomial backtracking (java.util.regex
# checks nothing; 13 s on 30 characters, hours on 60), as a learner whose
# training never looks at the thread.
IGNORES_INTERRUPTS = textwrap.dedent(
    """
    import sys
    import jpype
    from weka_ranking import bridge, cli

    def build(classifier, instances, spec):
        matcher = jpype.JClass("java.util.regex.Pattern").compile("(.*a){12}b")
        text = "a" * 60
        print("0 pairs for each of 1 member", file=sys.stderr, flush=True)
        bridge.interruptibly(lambda: matcher.matcher(text).matches())

    bridge.build = build
    cli.main_exit()
    """
)


@pytest.mark.slow  # the default suite stays under five minutes
def test_java_work_that_ignores_the_interrupt_ends_after_the_grace_period(tmp_path):
    model = tmp_path / "model.wrk"
    process = started(
        ["train", "breast-cancer", "--pairs", "1", "--save", str(model)],
        IGNORES_INTERRUPTS,
    )
    code, out, err = stopped(process, signal.SIGINT)
    assert code == 130 and out == "", err
    assert "weka-ranking: interrupted (the Java work under way did not stop" in err
    assert "Traceback" not in err and not model.exists()
