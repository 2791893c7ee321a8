"""The command line's usage faults a new user met, each with its outcome.

Usage mistakes found after parsing exit 2, as argparse's own; bad data and
bad option values exit 1; both are one line on stderr.
"""

import json

import pytest

from weka_ranking.cli import main

ROWS = "".join(f"{i % 7},{'ab'[i % 3 == 0]}\n" for i in range(40))
SMALL = "@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\n" + ROWS


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def usage_error(capsys, *argv) -> str:
    """What argparse's exit 2 (a usage error) printed on stderr."""
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    assert stop.value.code == 2
    return capsys.readouterr().err


def test_learner_options_may_start_with_a_dash(capsys):
    code, out, err = run(
        capsys, "cv", "hepatitis", "--learner-options", "-U", "--folds", "3", "--json"
    )
    assert code == 0, err
    assert json.loads(out)["scheme"].endswith("-- -U -M 2")


def test_quiet_and_verbose_together_is_a_usage_error(capsys):
    err = usage_error(capsys, "cv", "hepatitis", "--quiet", "--verbose")
    assert "not allowed with argument" in err


def test_a_misspelt_flag_is_said_by_its_command_with_the_closest_flag(capsys):
    err = usage_error(capsys, "cv", "hepatitis", "--votrs", "5")
    assert err == (
        "weka-ranking cv: error: unrecognized arguments: --votrs 5 "
        "(did you mean --voters?) (see weka-ranking cv --help)\n"
    )


@pytest.mark.parametrize(
    ("prefix", "flag"), [("--fold", "--folds"), ("--voter", "--voters")]
)
def test_a_flags_prefix_is_a_misspelt_flag_not_the_flag(capsys, prefix, flag):
    """Found by a new user on data the project does not bundle (issue 44).

    ``cv F --fold 5`` ran five folds without a word, where README says a
    misspelt flag is one line naming the closest.
    """
    err = usage_error(capsys, "cv", "hepatitis", prefix, "5")
    assert err == (
        f"weka-ranking cv: error: unrecognized arguments: {prefix} 5 "
        f"(did you mean {flag}?) (see weka-ranking cv --help)\n"
    )


def test_wekas_own_flag_is_said_as_this_commands_flag(capsys):
    err = usage_error(capsys, "cv", "hepatitis", "-x", "5")
    assert err.count("\n") == 1
    assert "unrecognized arguments: -x 5 (did you mean --folds, WEKA's -x?)" in err


QUOTED = '--learner-options "-C 0.1", the options quoted as one value'


@pytest.mark.parametrize(
    ("words", "hint"),
    [
        (
            ["--pairs-per-instance", "2"],
            "--pairs, the Python face's pairs_per_instance",
        ),
        (["--base", "J48"], "--learner, the Python face's base"),
        (["-t", "x.arff"], "the data file as cv's first argument, without -t"),
        (["--", "-C", "0.1"], QUOTED),
        (["--learner-options", "-M", "5"], QUOTED),
    ],
)
def test_the_python_faces_names_and_wekas_data_flag_are_said_too(capsys, words, hint):
    err = usage_error(capsys, "cv", "hepatitis", *words)
    assert f"(did you mean {hint}?)" in err


def test_the_usage_shows_a_choices_values(capsys):
    with pytest.raises(SystemExit):
        main(["cv", "--help"])
    usage = capsys.readouterr().out
    assert "[--ranker {pointwise,tournament,tournament-as-printed,quicksort}]" in usage
    assert "[--pairs PAIRS]" in usage and "PAIRS_PER_INSTANCE" not in usage


def test_a_missing_argument_is_one_line_too(capsys):
    err = usage_error(capsys, "cv")
    assert err.count("\n") == 1 and err.startswith("weka-ranking cv: error: ")


def test_rank_with_both_model_and_train_says_so(capsys, tmp_path):
    data = tmp_path / "small.arff"
    data.write_text(SMALL)
    code, out, err = run(
        capsys, "rank", "--model", "m.wrk", "--train", str(data), "--test", str(data)
    )
    assert (code, out) == (2, "")
    assert err.startswith("weka-ranking: error: rank takes --train FILE or --model")
    assert "not both" in err


def test_rank_with_neither_is_a_usage_error(capsys, tmp_path):
    code, _, err = run(capsys, "rank", "--test", "x.arff")
    assert code == 2 and "rank needs --train FILE" in err


def test_cv_json_names_what_was_asked(capsys, tmp_path):
    code, out, _ = run(
        capsys, "cv", "hepatitis", "--pairs", "2", "--voters", "3", "--folds", "3",
        "--ranker", "quicksort", "--json",
    )  # fmt: skip
    report = json.loads(out)
    assert code == 0
    assert report["task"] == "hepatitis" and report["file"].endswith("hepatitis.arff")
    assert (report["learner"], report["ranker"]) == ("J48", "quicksort")
    assert (report["pairs"], report["voters"]) == (2, 3)
    (command,) = report["weka_commands"]  # hepatitis is binary: no filter first
    classname = report["scheme"].split()[0]
    assert f"weka.Run -no-load {classname} -t {report['file']} -x 3 " in command
    data = tmp_path / "small.arff"
    data.write_text(SMALL)
    code, out, _ = run(capsys, "cv", str(data), "--folds", "3", "--json")
    assert json.loads(out)["task"] == "small"


def test_rank_quiet_prints_nothing_but_the_ranking(capsys, tmp_path):
    data = tmp_path / "small.arff"
    data.write_text(SMALL)
    code, out, err = run(
        capsys, "rank", "--train", str(data), "--test", str(data), "--quiet"
    )
    assert code == 0 and err == ""
    assert out.startswith("instance,score,rank,class")


def test_a_warning_of_every_fold_is_said_once(capsys, tmp_path):
    # 40 rows in 10 folds: every test fold has 4, a coarse ranking each time.
    data = tmp_path / "small.arff"
    data.write_text(SMALL)
    code, _, err = run(capsys, "cv", str(data), "--pairs", "1")
    assert code == 0
    assert err.count("coarse with so few") == 1


def test_cv_help_names_the_tasks_and_the_positive_default(capsys):
    with pytest.raises(SystemExit):
        main(["cv", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "breast-cancer, vehicle, hepatitis, glass, yeast" in text
    assert "default: the minority class" in text
    assert "2 a usage mistake" in text


def test_a_file_of_missing_values_is_refused(capsys, tmp_path):
    data = tmp_path / "empty.arff"
    rows = "".join(f"?,?,{'ab'[i % 2]}\n" for i in range(20))
    header = "@relation r\n@attribute x numeric\n@attribute y numeric\n"
    data.write_text(header + "@attribute c {a,b}\n@data\n" + rows)
    code, out, err = run(capsys, "cv", str(data), "--folds", "2")
    assert (code, out) == (1, "")
    assert "every feature value is missing" in err


def test_a_semicolon_csv_gets_a_hint_at_its_separator(capsys, tmp_path):
    data = tmp_path / "semi.csv"
    data.write_text(
        "x;y;c\n" + "".join(f"{i};{i % 3};{'ab'[i % 2]}\n" for i in range(20))
    )
    code, _, err = run(capsys, "cv", str(data), "--folds", "2")
    assert code == 1
    assert "no usable attribute besides the class" in err
    assert "separated by ';'" in err and "takes commas" in err


def test_a_ragged_csv_names_its_line_and_prints_nothing(capsys, tmp_path):
    data = tmp_path / "ragged.csv"
    data.write_text("a,b,c\n1,2,x\n3,4\n5,6,y\n")
    code, out, err = run(capsys, "cv", str(data), "--folds", "2")
    assert (code, out) == (1, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "wrong number of values" in err and "line 3" in err


def test_a_closed_pipe_stops_quietly(capfd, monkeypatch):
    # `weka-ranking ... | head -1`: the reader goes away while output is written.
    from weka_ranking import cli

    def closed(args):
        raise BrokenPipeError(32, "Broken pipe")

    report = cli.Command("report", "", (), closed, needs_weka=False)
    monkeypatch.setitem(cli.BY_NAME_OF_COMMAND, "report", report)
    assert cli.main(["report", "docs"]) == 1
    assert capfd.readouterr().err == ""


def test_a_misspelt_command_is_said_with_the_closest(capsys):
    err = usage_error(capsys, "rnk", "--train", "x.arff")
    assert err == (
        "weka-ranking: error: 'rnk' is no command (did you mean rank?) "
        "(see weka-ranking --help)\n"
    )


def test_a_misspelt_flag_is_said_before_a_required_one_is_missed(capsys):
    err = usage_error(capsys, "rank", "--train", "x.arff", "--tset", "y.arff")
    assert err == (
        "weka-ranking rank: error: unrecognized arguments: --tset y.arff "
        "(did you mean --test?) (see weka-ranking rank --help)\n"
    )


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["rank", "-t", "a.arff"], "--train, WEKA's -t"),
        (
            ["train", "-t", "a.arff"],
            "the data file as train's first argument, without -t",
        ),
    ],
)
def test_wekas_flag_is_said_before_a_required_one_is_missed(capsys, argv, hint):
    err = usage_error(capsys, *argv)
    assert f"(did you mean {hint}?)" in err


def test_no_worker_is_a_usage_error_naming_the_flag(capsys, tmp_path):
    argv = ["experiment", "--data", "breast-cancer", "--scheme", "J48", "--jobs", "0"]
    assert main([*argv, "--out", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == (
        "weka-ranking: error: --jobs 0: give 1 worker or more\n"
    )
    assert not (tmp_path / "out").exists()
