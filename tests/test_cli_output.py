"""What ``cv`` and ``rank`` print, and the files they write.

``cv`` heads with the mean AUC, says why the pooled AUC is not the measure,
prints the learner alone as the learner and WEKA's own evaluation after;
``rank`` keeps a labelled file's class values and prints its AUC; written files
keep a symbolic link and follow the umask.
"""

import json
import os
import re
import shlex
import stat
import subprocess
import sys

import numpy as np
import pytest
import test_weka_package

from weka_ranking import RankingReduction, cross_validate, load_task
from weka_ranking._resources import project_dir
from weka_ranking.arff import load_arff
from weka_ranking.cli import COMMANDS, _command_word, main
from weka_ranking.evaluation import weka_filter_command, weka_run

CLASS = "weka.classifiers.meta.RankingReduction"
weka_home = test_weka_package.weka_home

RANK = ["rank", "--train", "hepatitis", "--test", "hepatitis"]
FAST = ["--learner", "NaiveBayes", "--ranker", "pointwise"]


def test_out_through_a_symlink_keeps_the_link(tmp_path, capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    real = tmp_path / "real.csv"
    real.write_text("old")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    assert main([*RANK, *FAST, "--out", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text().startswith("instance,score,rank,class\n")


def test_written_files_follow_the_umask(tmp_path, capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    previous = os.umask(0o022)
    try:
        out = tmp_path / "ranked.csv"
        assert main([*RANK, *FAST, "--out", str(out)]) == 0
        model = tmp_path / "m.wrk"
        assert main(["train", "hepatitis", *FAST, "--save", str(model)]) == 0
    finally:
        os.umask(previous)
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
    assert stat.S_IMODE(model.stat().st_mode) == 0o644


@pytest.fixture(scope="module")
def hepatitis_cv(weka):
    return cross_validate(RankingReduction(voters=3), load_task("hepatitis"), folds=5)


def test_cv_heads_with_the_mean_auc_and_says_why_pooled_is_not_the_measure(
    capsys, hepatitis_cv
):
    """Found by a new user on data the project does not bundle (issue 30)."""
    assert hepatitis_cv.fold_relative and "not the ranking's" in (
        hepatitis_cv.pooled_note()
    )
    alone = hepatitis_cv.learner_alone
    assert not alone.fold_relative and alone.pooled_note() == ""
    assert main(["cv", "hepatitis", "--voters", "3", "--folds", "5"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    (pooled,) = [x for x in lines if x.startswith("  pooled AUC")]
    assert pooled == (
        f"  pooled AUC {hepatitis_cv.pooled_auc:.5f}: not the measure: "
        f"{hepatitis_cv.pooled_note()}"
    )
    assert out.index("mean AUC") < out.index("pooled AUC")
    assert "WEKA's Evaluation pools the folds ===" in out
    assert main(["cv", "hepatitis", "--voters", "3", "--folds", "5", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["pooled_auc_note"] == hepatitis_cv.pooled_note()
    # The Explorer's model text says it too.
    model = RankingReduction(voters=3).fit(hepatitis_cv_data := load_task("hepatitis"))
    assert "WEKA's Evaluation pools a cross-validation's folds by design" in str(
        model.weka_model_
    )
    pointwise = RankingReduction(ranker="pointwise").fit(hepatitis_cv_data)
    assert "pools" not in str(pointwise.weka_model_)


def test_the_commands_own_process_leaves_scikit_learn_out_with_the_same_numbers(
    hepatitis_cv,
):
    """The installed command imports no scikit-learn for its own commands.

    Its import, with SciPy's, was 1.9 s of the 5.4 s of README's `cv
    breast-cancer` on 2 cores; the core's commands hand it no estimator. The
    command's process gives the numbers this process's estimator gives on
    scikit-learn's BaseEstimator (the module fixture), as ``--json``'s record
    holds them; a study's command word keeps scikit-learn.
    """
    script = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('scikit-learn imported:', "
        "'sklearn' in sys.modules, file=sys.stderr))\n"
        "from weka_ranking.cli import main_exit\n"
        "main_exit()\n"
    )
    args = ["cv", "hepatitis", "--voters", "3", "--folds", "5", "--json"]
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "scikit-learn imported: False" in done.stderr
    record = json.loads(done.stdout)
    assert record["mean_auc"] == hepatitis_cv.mean_auc
    assert record["fold_aucs"] == list(hepatitis_cv.fold_aucs)
    assert _command_word(["--quiet", "cv", "hepatitis"]) == "cv"
    assert _command_word(["ltr", "--help"]) not in {c.name for c in COMMANDS}


def test_the_learner_alone_is_printed_as_the_learner(capsys, hepatitis_cv):
    """Found by a new user on data the project does not bundle (issue 30)."""
    alone = hepatitis_cv.learner_alone
    assert alone.learner == "weka.classifiers.trees.J48 -C 0.25 -M 2"
    assert main(["cv", "hepatitis", "--voters", "3", "--folds", "5"]) == 0
    out = capsys.readouterr().out
    assert f"learner alone, same folds: {alone.learner}\n" in out
    (said,) = [x for x in out.splitlines() if "learner alone, same folds" in x]
    assert "RankingReduction" not in said and "-I" not in said
    assert hepatitis_cv.to_dict()["learner_alone"]["learner"] == alone.learner


def test_cv_prints_what_wekas_explorer_prints(capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    assert main(["cv", "hepatitis", "--pairs", "1", "--voters", "3"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    pooled = float(next(x for x in lines if "pooled AUC" in x).split()[2].rstrip(":"))
    assert out.index("mean AUC") < out.index("=== Summary ===")  # the AUC first
    assert "Correctly Classified Instances" in out and "=== Confusion Matrix ===" in out
    weighted = next(x for x in lines if x.startswith("Weighted Avg.")).split()
    assert float(weighted[8]) == round(pooled, 3)  # WEKA's ROC Area column
    # A binary file needs no filter: WEKA's command line on the file as it is.
    said = lines.index("  in WEKA, the same folds and numbers:")
    hepatitis = project_dir("arff_data") / "hepatitis.arff"
    assert lines[said + 1].startswith(
        f"    {weka_run()} weka.classifiers.meta.RankingReduction -t {hepatitis} "
        "-x 10 -s 1 -W weka.classifiers.trees.J48 -P 1 -I 3 "
    )


def test_rank_keeps_the_files_class_values_and_prints_the_auc(tmp_path, capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    rows = "".join(f"{i},{('alpha', 'beta', 'gamma')[i % 3]}\n" for i in range(45))
    path = tmp_path / "three.arff"
    path.write_text(
        "@relation r\n@attribute a numeric\n@attribute c {alpha,beta,gamma}\n@data\n"
        + rows
    )
    args = ["rank", "--train", str(path), "--test", str(path), "--positive", "alpha"]
    assert main([*args, "--pairs", "2"]) == 0
    out, err = capsys.readouterr()
    classes = {line.rsplit(",", 1)[1] for line in out.splitlines()[1:]}
    assert classes == {"alpha", "beta", "gamma"}
    said = r"three\.arff: AUC \d\.\d{5} \(45 labelled instances, 15 of class 'alpha'\)"
    assert re.search(said, err)


def test_rank_ranks_a_test_file_as_the_built_in_task_its_model_learned(capsys, weka):
    """A task's positive class (vehicle's van) was not carried to its test file.

    The same four-class file given to --test was refused: "name the positive one".
    """
    vehicle = project_dir("arff_data") / "vehicle.arff"
    args = ["rank", "--train", "vehicle", "--test", str(vehicle), "--pairs", "1"]
    assert main([*args, "--voters", "2"]) == 0
    err = capsys.readouterr().err
    assert re.search(
        r"vehicle\.arff: AUC \d\.\d{5} \(846 labelled .*, 199 of class .van.\)", err
    )


def in_weka(command: str, cwd, home) -> str:
    """A command printed for WEKA, run as printed: its output.

    ``home`` is WEKA's home (WEKA_HOME): with a package installed there, WEKA
    tried to refresh its package list from the network first, a stack trace here.
    WEKA's command line exits 0 after a refusal, so its stderr must be empty.
    """
    result = subprocess.run(
        shlex.split(command),
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "WEKA_HOME": str(home)},
        timeout=300,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr[-2000:]
    return result.stdout


def _cv_and_wekas_numbers(
    args: list[str], cwd, capsys, home
) -> tuple[list, list, list]:
    """cv's WEKA evaluation text, WEKA's own from the commands cv printed, those."""
    assert main(args) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    said = next(i for i, x in enumerate(lines) if x.startswith("  in WEKA"))
    commands = [x.strip() for x in lines[said + 1 :] if x.startswith("    java ")]
    for command in commands:
        theirs = in_weka(command, cwd, home)

    def lines_after(text: str, heading: str) -> list[str]:
        return [x.strip() for x in text.split(heading)[1].splitlines() if x.strip()]

    ours = lines_after(out, "=== Summary ===")
    return ours, lines_after(theirs, "cross-validation ==="), commands


def test_cvs_weka_commands_give_its_numbers_in_weka(tmp_path, capsys, weka_home):
    """A new user's cv --positive printed -rank-first 2 for a four-class file.

    WEKA needs the file made binary first, and the class where the file has it:
    the commands cv prints now say both, and WEKA gives cv's numbers with them.
    Here a string attribute is dropped before the class, which is not the last,
    three of four classes are kept and one ranks first against the other two.
    Its label holds a space and quotes, which the renaming filter's list now
    carries quoted: WEKA's text named the classes neg_... and pos_... (issue 44).
    The commands run as printed, quietly, with the package installed in WEKA's
    home and no network: they printed ``-cp weka.jar`` and no offline option, and
    WEKA printed a stack trace (UnknownHostException) before the run (issue 44).
    """
    label = 'c\'s "d"'
    rng = np.random.default_rng(0)
    rows = []
    for i in range(240):
        klass = ("a", "b", label, "e")[i % 4]
        signal = i % 4 + rng.normal(0, 1.2)
        rows.append(
            f"{signal:.3f},'s{i}',{rng.normal():.3f},"
            f"{json.dumps(klass)},{'uv'[i % 3 > 0]}"
        )
    data = tmp_path / "four classes.arff"
    data.write_text(
        "@relation four\n@attribute x1 numeric\n@attribute s string\n"
        '@attribute x2 numeric\n@attribute cls {a,b,"c\'s \\"d\\"",e}\n'
        "@attribute x3 {u,v}\n@data\n" + "\n".join(rows) + "\n"
    )
    args = ["cv", str(data), "-c", "4", "--keep", f"a,{label},e", "--positive", label]
    ours, theirs, commands = _cv_and_wekas_numbers(
        [*args, "--drop-unsupported", "--pairs", "1", "--voters", "2", "--folds", "5"],
        tmp_path,
        capsys,
        weka_home,
    )
    assert theirs == ours
    assert any(x.endswith(f" {label}") for x in theirs)
    assert not any("pos_" in x for x in theirs)
    filters = shlex.split(commands[0])
    assert filters[filters.index("weka.filters.MultiFilter") :] == [
        "weka.filters.MultiFilter",
        "-F",
        "weka.filters.unsupervised.attribute.RemoveType -T string",
        "-F",
        "weka.filters.unsupervised.instance.RemoveWithValues -C 3 -L 1,3,4 -V -H",
        "-F",
        "weka.filters.unsupervised.attribute.MakeIndicator -C 3 -V 2 -N",
        "-F",
        "weka.filters.unsupervised.attribute.RenameNominalValues -R 3 -N "
        '"neg_c\\\'s \\"d\\":rest,pos_c\\\'s \\"d\\":c\\\'s \\"d\\""',
        "-i",
        str(data),
        "-o",
        "four classes-binary.arff",
    ]
    assert " -t 'four classes-binary.arff' -c 3 -x 5 -s 1 " in commands[1]
    # train says the same filter for the files its model is to rank in WEKA.
    save = ["--drop-unsupported", "--save", str(tmp_path / "m.model")]
    assert main(["train", *args[1:], "--pairs", "1", "--voters", "2", *save]) == 0
    said = capsys.readouterr().out.splitlines()[-1]
    made = commands[0].replace(shlex.quote(str(data)), "FILE.arff")
    assert said.endswith(made.replace("'four classes-binary.arff'", "FILE-binary.arff"))


def test_a_label_renamenominalvalues_cannot_name_is_made_binary_by_merging(
    tmp_path, weka
):
    """RenameNominalValues splits its list at commas and colons, and trims names.

    The positive class of such a label kept WEKA's name pos_... (issue 44): the
    file is made binary by MergeManyValues instead, to the same class values and
    instances as here.
    """
    label = " x,y: z"
    rows = [f"{i},{json.dumps(('a', label, 'b')[i % 3])}" for i in range(12)]
    data = tmp_path / "three.arff"
    data.write_text(
        '@relation three\n@attribute x numeric\n@attribute c {a," x,y: z",b}\n'
        "@data\n" + "\n".join(rows) + "\n"
    )
    ours = load_arff(data, positive=label)
    recipe = ours.weka_recipe
    assert [words[0].rsplit(".", 1)[1] for words in recipe.filters] == [
        "MergeManyValues",
        "MergeManyValues",
    ]
    in_weka(
        weka_filter_command(recipe, str(data), "binary.arff"), tmp_path, tmp_path / "h"
    )
    theirs = load_arff(tmp_path / "binary.arff", positive=label)
    assert theirs.class_values == ours.class_values == ("rest", label)
    np.testing.assert_array_equal(theirs.y, ours.y)
    np.testing.assert_array_equal(theirs.X, ours.X)


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [["vehicle"], [str(project_dir("arff_data") / "vehicle.arff"), "--positive=bus"]],
)
def test_cvs_weka_commands_give_its_numbers_on_the_bundled_files(
    args, tmp_path, capsys, weka_home
):
    """Run as printed, with the package also installed in WEKA's home.

    ``-no-load``: the printed class path's jar runs, not the installed package.
    """
    ours, theirs, _ = _cv_and_wekas_numbers(["cv", *args], tmp_path, capsys, weka_home)
    assert theirs == ours
    # A model trained here ranks in WEKA the file made binary as train says.
    model = tmp_path / "m.model"
    assert (
        main(["train", *args, "--pairs", "1", "--voters", "2", "--save", str(model)])
        == 0
    )
    said = capsys.readouterr().out.splitlines()[-1]
    assert said.startswith("in WEKA (-l with -T), a file to rank is made binary first")
    source = str(project_dir("arff_data") / "vehicle.arff")
    made = said[said.index("java ") :].replace("FILE.arff", source)
    in_weka(made, tmp_path, weka_home)
    rank = f"{weka_run()} {CLASS} -l {shlex.quote(str(model))} -T FILE-binary.arff"
    text = in_weka(rank, tmp_path, weka_home)
    assert "=== Confusion Matrix ===" in text and "a = rest" in text
