"""A benchmark stops on SIGTERM as the product's commands do (exit 130)."""

import signal
import subprocess
import sys

import pytest

from tests.test_java_interrupts import stopped


@pytest.mark.slow  # its first member trains after several seconds
def test_a_benchmark_stops_on_sigterm(tmp_path):
    # The benchmarks call Java from their own loops: the whole run is the
    # interruptible work, so SIGTERM ends it as it ends training.
    process = subprocess.Popen(
        [sys.executable, "-m", "weka_ranking", "bench", "--sections", "scale"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    said = ""
    while "trained" not in said:
        line = process.stderr.readline()
        assert line, f"the bench ended before training: {said}"
        said += line
    code, out, err = stopped(process, signal.SIGTERM)
    assert code == 130 and out == "", err
    assert err.rstrip().endswith("weka-ranking: interrupted"), err
    assert "Traceback" not in err
