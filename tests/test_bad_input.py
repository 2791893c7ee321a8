"""Bad input: one error line naming the file, line or option; exit 1; no output."""

import os
import signal
import subprocess
import sys

import pytest

from weka_ranking.cli import main
from weka_ranking.params import DEFAULT_VOTERS

HEADER = (
    "@relation r\n@attribute a numeric\n@attribute b {p,q}\n"
    "@attribute c {x,y,z}\n@data\n"
)
GOOD_ROWS = "".join(f"{i},p,{'xy'[i % 2]}\n" for i in range(20))


def failing(capsys, *argv, out_file=None):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 1, err
    assert out == "" and "Traceback" not in err
    errors = [
        line for line in err.splitlines() if line.startswith("weka-ranking: error:")
    ]
    assert len(errors) == 1, err
    if out_file is not None:
        assert not out_file.exists()
        assert not list(out_file.parent.glob(f".{out_file.name}*"))  # no temp left
    return errors[0]


@pytest.fixture
def arff(tmp_path):
    def write(text, name="data.arff"):
        path = tmp_path / name
        path.write_text(text)
        return str(path)

    return write


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEADER + "1,p,x\n2,p\n", "line 7"),  # a row short of a value
        (HEADER + "1,p,x\nhello,p,y\n", "line 7"),  # text in a numeric column
        (HEADER + "1,r,x\n", "line 6"),  # a nominal value not declared
        (
            "@relation r\n@attribute a numeric\n@atribute c {x,y}\n@data\n1,x\n",
            "line 3",
        ),
        ("", "the file is empty"),
        (HEADER, "no instances"),
    ],
)
def test_malformed_files(capsys, arff, text, message, tmp_path):
    path = arff(text)
    out_file = tmp_path / "ranked.csv"
    error = failing(
        capsys,
        "rank",
        "--train",
        path,
        "--test",
        path,
        "--positive",
        "x",
        "--out",
        str(out_file),
        out_file=out_file,
    )
    assert message in error and path in error


def test_unsupported_attribute_types(capsys, arff):
    # Dates are numeric features, as WEKA stores them (test_data.py).
    rows = "".join(f"'some text',{i},{'xy'[i % 2]}\n" for i in range(20))
    path = arff(
        "@relation r\n@attribute s string\n@attribute a numeric\n"
        f"@attribute c {{x,y}}\n@data\n{rows}"
    )
    error = failing(capsys, "cv", path, "--folds", "3")
    assert "line 2: attribute 's' is of type" in error and "--drop-unsupported" in error
    assert main(["cv", path, "--folds", "3", "--drop-unsupported"]) == 0
    assert "dropped 1 string/relational attributes: s" in capsys.readouterr().err


def test_relational_attribute_dropped(capsys, arff):
    rows = "".join(f"'{i}\\n{i + 1}',{i},{'xy'[i % 2]}\n" for i in range(20))
    path = arff(
        "@relation r\n@attribute bag relational\n  @attribute v numeric\n"
        f"@end bag\n@attribute a numeric\n@attribute c {{x,y}}\n@data\n{rows}"
    )
    assert "of type relational" in failing(capsys, "cv", path, "--folds", "3")
    assert main(["cv", path, "--folds", "3", "--drop-unsupported"]) == 0


def test_missing_class_values_are_dropped_with_a_count(capsys, arff):
    path = arff(HEADER + GOOD_ROWS + "3,q,?\n4,q,?\n")
    assert main(["cv", path, "--positive", "x", "--keep", "x,y", "--folds", "3"]) == 0
    assert "dropped 2 instances with a missing class" in capsys.readouterr().err


def test_positive_class_not_among_values(capsys, arff):
    error = failing(capsys, "cv", arff(HEADER + GOOD_ROWS), "--positive", "w")
    assert "positive class 'w' is not among the class values" in error


def test_non_binary_class_without_positive(capsys, arff):
    assert "name the positive one, --positive VALUE" in failing(
        capsys, "cv", arff(HEADER + GOOD_ROWS)
    )


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [
        (
            "--pairs",
            "0",
            "--pairs 0: must be 'all', 'auto' or an integer >= 1 (WEKA's -P)",
        ),
        ("--pairs", "many", "--pairs many: must be"),
        ("--voters", "0", "--voters 0: must be an integer in 1..2147483647"),
        ("--voters", "2.5", "--voters 2.5: must be"),
        ("--folds", "1", "--folds 1: must be between 2 and 286"),
        ("--folds", "1000", "--folds 1000: must be between 2 and 286"),
        ("--folds", "86", "more than the 85 instances of the minority class"),
        ("--ranker", "bogus", "--ranker bogus: must be one of"),
        ("--sum-order", "fast", "--sum-order fast: must be one of rows, pairs"),
        ("--smo-solver", "fast", "--smo-solver fast: must be one of pairs, row-kernel"),
        ("--seed", "x", "--seed x: must be an integer"),
        ("--learner", "Nope", "unknown learner 'Nope'"),
        (
            "--learner",
            "weka.classifiers.trees.Nope",
            "cannot create the WEKA classifier",
        ),
        ("--learner-options", "-C 5", "Confidence has to be greater than zero"),
        (
            "--learner-options",
            "-C x",
            """'weka.classifiers.trees.J48 -C x': For input string: "x": an """
            "option's value is not a number",
        ),
    ],
)
def test_option_out_of_range(capsys, flag, value, message):
    assert message in failing(capsys, "cv", "breast-cancer", flag, value)


def test_voters_with_all_pairs(capsys):
    line = failing(capsys, "cv", "glass", "--pairs", "all", "--voters", "3")
    assert "identical J48 members" in line
    # the default voters with all pairs: the refusal names the flag typed, says
    # where the 10 came from, and what to add (tests/test_estimator_params.py)
    line = failing(capsys, "cv", "glass", "--pairs", "all")
    assert "identical J48 members" in line
    assert f"--pairs all: voters default to {DEFAULT_VOTERS}" in line


def test_missing_and_unreadable_files(capsys, tmp_path):
    assert "no such file" in failing(capsys, "cv", str(tmp_path / "absent.arff"))
    folder = tmp_path / "folder.arff"
    folder.mkdir()
    assert "is a folder" in failing(capsys, "cv", str(folder))
    binary = tmp_path / "binary.arff"
    binary.write_bytes(b"\xff\xfe\x00junk")
    assert "cannot read" in failing(capsys, "cv", str(binary))
    assert "no such model file" in failing(
        capsys, "rank", "--model", str(tmp_path / "m.wrk"), "--test", str(binary)
    )


def cli(*argv, env=None):
    return subprocess.Popen(
        [sys.executable, "-m", "weka_ranking", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_no_java(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "JAVA_HOME"}
    env["PATH"] = str(tmp_path)  # no java, no javac
    process = cli("cv", "glass", env=env)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 1 and out == ""
    assert "Java not found: install a JDK" in err and "Traceback" not in err


def test_pairs_beyond_the_heap_are_refused_before_building():
    process = cli(
        *("cv", "vehicle", "--learner", "SMO", "--heap", "64m"),
        *("--pairs", "all", "--voters", "1", "--pair-features", "concat"),
    )
    _, err = process.communicate(timeout=300)
    assert process.returncode == 1 and "Traceback" not in err
    assert "pairs of 36 attributes need about" in err
    assert "start the JVM with --heap" in err and "or use --pairs" in err


def test_out_of_memory_says_what_to_do(weka):
    import jpype

    from weka_ranking import bridge
    from weka_ranking.errors import JavaError

    with pytest.raises(JavaError, match="the JVM ran out of memory .*heap='8g'"):
        with bridge.java_errors("allocating"):
            jpype.JArray(jpype.JDouble)(2**31 - 16)


# SIGTERM's case takes as long as SIGINT's and asks the same of the code: slow.
@pytest.mark.parametrize(
    "signum", [signal.SIGINT, pytest.param(signal.SIGTERM, marks=pytest.mark.slow)]
)
def test_interrupted_cv(signum):
    process = cli("cv", "vehicle", "--learner", "Logistic")
    # Signalled once the work has begun (its first progress line), not after a
    # fixed sleep that a loaded machine can spend still importing.
    first = process.stderr.readline()
    assert "pairs for each of 10 members" in first, first
    process.send_signal(signum)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130 and out == ""
    assert "weka-ranking: interrupted" in err and "Traceback" not in err
    # cv keeps nothing to resume from, and says nothing of it.
    assert "the same command again" not in err


def test_a_file_of_one_class_names_both_classes(capsys, arff):
    """A new user's file declared 'present' and held only 'absent' rows."""
    rows = "".join(f"{i},p,absent\n" for i in range(20))
    header = HEADER.replace("{x,y,z}", "{absent,present}")
    message = failing(capsys, "cv", arff(header + rows))
    assert "0 instances of class 'present' (the other 20 are 'absent')" in message
