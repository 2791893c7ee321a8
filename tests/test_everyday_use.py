"""Everyday use as WEKA users work: output paths, heap sizes, seeds, learner names.

Each fault of the everyday-use issue that is fixed, tested.
"""

import os
import re
import stat

import numpy as np
import pytest

from tests.test_bad_input import failing
from weka_ranking import RankingReduction, load_task
from weka_ranking.cli import main

RANK = ["rank", "--train", "hepatitis", "--test", "hepatitis"]
FAST = ["--learner", "NaiveBayes", "--ranker", "pointwise"]


def test_out_through_a_symlink_keeps_the_link(tmp_path, capsys, weka):
    real = tmp_path / "real.csv"
    real.write_text("old")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    assert main([*RANK, *FAST, "--out", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text().startswith("instance,score,rank,class\n")


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "missing folder"])
def test_out_refuses_what_is_not_a_file_before_the_work(tmp_path, capsys, kind):
    path = tmp_path / "target"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        path = "/dev/full"
    else:
        path = tmp_path / "no" / "such.csv"
    # A learner name that would fail only at training: the path fails first.
    error = failing(capsys, *RANK, "--learner", "weka.Nope", "--out", str(path))
    assert f"--out {path}" in error
    if kind == "fifo":
        assert stat.S_ISFIFO(os.stat(path).st_mode)


def test_written_files_follow_the_umask(tmp_path, capsys, weka):
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


@pytest.mark.parametrize(
    "heap, message",
    [("1m", "too small: WEKA needs at least 64m"), ("12x", "not a Java heap size")],
)
def test_bad_heap_is_one_line_on_stderr(capsys, heap, message):
    assert message in failing(capsys, "cv", "hepatitis", "--heap", heap, "--json")


@pytest.mark.parametrize("seed", ["18446744073709551617", "2147483648", "-2147483649"])
def test_seed_outside_a_java_int_is_refused(capsys, seed):
    assert "a Java int" in failing(capsys, "cv", "hepatitis", "--seed", seed)


def test_any_weka_classifier_by_short_name_in_any_case(weka):
    options = RankingReduction("randomforest").to_options()
    assert options.startswith("-W weka.classifiers.trees.RandomForest ")
    assert (
        RankingReduction("ibk").to_options().startswith("-W weka.classifiers.lazy.IBk")
    )


def test_cv_with_a_short_name_and_a_suggestion_for_a_typo(capsys, weka):
    assert main(["cv", "hepatitis", "--learner", "IBk", "--ranker", "pointwise"]) == 0
    capsys.readouterr()
    error = failing(capsys, "cv", "hepatitis", "--learner", "RandomForrest")
    assert "did you mean RandomForest" in error


def test_rank_with_a_model_refuses_training_options(tmp_path, capsys, weka):
    model = tmp_path / "m.wrk"
    assert main(["train", "hepatitis", "--pairs", "2", "--save", str(model)]) == 0
    capsys.readouterr()
    error = failing(
        capsys,
        *["rank", "--model", str(model), "--test", "hepatitis"],
        *["--learner", "J48", "--pairs", "3"],
    )
    assert "--learner J48, --pairs 3: a saved model keeps what it was" in error
    # How to rank is still the user's to say.
    assert main(["rank", "--model", str(model), "--test", "hepatitis"]) == 0
    tournament = capsys.readouterr().out
    args = ["rank", "--model", str(model), "--test", "hepatitis"]
    assert main([*args, "--ranker", "quicksort"]) == 0
    assert capsys.readouterr().out != tournament


def test_a_model_remembers_dropping_unsupported_attributes(tmp_path, capsys, weka):
    data = tmp_path / "with-text.arff"
    rows = "".join(f"{i},'note {i}',{'ab'[i % 3 == 0]}\n" for i in range(30))
    data.write_text(
        "@relation r\n@attribute x numeric\n@attribute note string\n"
        "@attribute c {a,b}\n@data\n" + rows
    )
    model = tmp_path / "m.wrk"
    train = ["train", str(data), "--pairs", "2", "--drop-unsupported"]
    assert main([*train, "--save", str(model)]) == 0
    capsys.readouterr()
    assert main(["rank", "--model", str(model), "--test", str(data)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 31


def class_first_file(tmp_path):
    path = tmp_path / "class-first.arff"
    rows = "".join(f"{'ab'[i % 3 == 0]},{i % 7},{(i * 5) % 11}\n" for i in range(40))
    path.write_text(
        "@relation r\n@attribute c {a,b}\n@attribute x numeric\n"
        "@attribute z numeric\n@data\n" + rows
    )
    return str(path)


def test_the_class_attribute_as_wekas_c(tmp_path, capsys, weka):
    path = class_first_file(tmp_path)
    # WEKA's default, the last attribute, is numeric here: refused by name.
    assert "class attribute 'z' is numeric" in failing(capsys, "cv", path)
    for given in ("first", "1", "c"):  # WEKA's words, or the attribute's name
        assert main(["cv", path, "-c", given, "--folds", "3", "--json"]) == 0
        assert '"positive": "b"' in capsys.readouterr().out
    said = failing(capsys, "cv", path, "-c", "4")
    assert "must be first, last, 1..3 or an attribute's name" in said


HEADER = "@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n"


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "@relation r\n@attribute a {x,x,y}\n@attribute c {p,q}\n@data\nx,p\n",
            "line 2: nominal attribute a declares x more than once",
        ),
        ("@relation r\n@attribute a numeric\n@attribute c {p,q}\n", "no @data section"),
        ("% only\n% comments\n", "no @data section and no @relation or @attribute"),
        (
            "@relation r\n@attribute a numeric\n@attribute c {p}\n@data\n1,p\n2,p\n",
            "the class 'c' has only the value p: ranking needs two classes",
        ),
        (HEADER + "1,p,{0.5}\n2,q\n", "line 5: an instance weight ({0.5})"),
    ],
)
def test_malformed_files_are_named_with_their_line(tmp_path, capsys, text, message):
    path = tmp_path / "bad.arff"
    path.write_text(text)
    assert message in failing(capsys, "cv", str(path))


def test_one_row_is_scored_against_the_reference_sample(tmp_path, capsys, weka):
    from weka_ranking import bridge, load_arff

    train = tmp_path / "train.arff"
    train.write_text(HEADER + "".join(f"{i},{'pq'[i % 3 > 0]}\n" for i in range(40)))
    test = tmp_path / "one.arff"
    test.write_text(HEADER + "30,p\n")
    args = ["rank", "--train", str(train), "--test", str(test), "--pairs", "2"]
    assert main([*args, "--learner", "NaiveBayes"]) == 0
    out, err = capsys.readouterr()
    assert "ranking 1 instance: scored against the model's reference sample" in err
    score = float(out.splitlines()[1].split(",")[1])
    model = RankingReduction("NaiveBayes", pairs_per_instance=2)
    model.fit(load_arff(train))
    one = bridge.to_instances(load_arff(test, positive=model.positive_))
    expected = model.weka_model_.distributionForInstance(one.instance(0))
    assert score == expected[model.rank_first_index_]


def test_a_small_batch_is_ranked_with_a_warning(tmp_path, capsys, weka):
    test = tmp_path / "few.arff"
    test.write_text(HEADER + "1,p\n2,q\n3,p\n")
    assert main(["rank", "--train", "hepatitis", "--test", str(test)]) != 0
    capsys.readouterr()
    train = tmp_path / "train.arff"
    train.write_text(HEADER + "".join(f"{i},{'pq'[i % 3 > 0]}\n" for i in range(40)))
    assert main(["rank", "--train", str(train), "--test", str(test)]) == 0
    assert "each score is a share of the 2 others" in capsys.readouterr().err


def test_progress_lines_on_a_stderr_that_is_not_a_terminal(monkeypatch, capsys, weka):
    from weka_ranking import progress

    args = ["cv", "hepatitis", "--pairs", "1", "--voters", "3", "--json"]
    monkeypatch.setattr(progress, "EVERY_SECONDS", 0.0)  # every line, to read them
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "pairs for each of 3 members" in err
    assert "3 of 3 members trained" in err
    assert "fold 10 of 10 done" in err
    assert "\r" not in err  # no bar drawn into a file
    monkeypatch.setattr(progress, "EVERY_SECONDS", 60.0)
    assert main(args) == 0
    throttled = capsys.readouterr().err.splitlines()
    # One clock for all lines: the first (or none, within a minute of the
    # last) and the last fold's, never one a member of every fold.
    assert len(throttled) <= 2 and "fold 10 of 10 done" in throttled[-1]
    assert main([*args, "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_a_200000_row_file_is_refused_before_its_pairs_exist(tmp_path, capsys, weka):
    rng = np.random.default_rng(0)
    rows = "".join(
        f"{a:.3f},{b:.3f},{'pq'[i % 3 > 0]}\n"
        for i, (a, b) in enumerate(rng.random((200_000, 2)))
    )
    path = tmp_path / "big.arff"
    path.write_text(
        "@relation big\n@attribute a numeric\n@attribute b numeric\n"
        "@attribute c {p,q}\n@data\n" + rows
    )
    # SMO trains on the pairs themselves (J48, NaiveBayes and Logistic would
    # be trained from the rows, in memory linear in them).
    error = failing(
        capsys,
        "cv",
        str(path),
        *("--learner", "SMO", "--pairs", "all", "--voters", "1"),
        *("--pair-features", "concat"),
    )
    # A training fold of about 180,000 rows: about 2 x 60,000 x 120,000 pairs.
    pairs = int(re.search(r"(\d+) pairs of 4 attributes need about", error)[1])
    assert 1.43e10 < pairs < 1.45e10
    # Six terabytes: no heap this machine can give; pairs per instance are.
    assert "more than this machine can give the JVM" in error and "--heap" not in error
    assert "use --pairs" in error


def test_csv_and_gzipped_arff_read_as_weka_reads_them(tmp_path, capsys, weka):
    import gzip
    import json

    from weka_ranking import load_arff

    rows = "".join(
        f"{(i * 7) % 11 / 10},{'uv'[i % 2]},{'no' if i % 3 else 'yes'}\n"
        for i in range(1, 61)
    )
    csv_file = tmp_path / "d.csv"
    csv_file.write_text("x,kind,label\n" + rows)
    arff_file = tmp_path / "d.arff"
    arff_file.write_text(
        "@relation d\n@attribute x numeric\n@attribute kind {v,u}\n"
        "@attribute label {no,yes}\n@data\n" + rows
    )
    gz_file = tmp_path / "d.arff.gz"
    gz_file.write_bytes(gzip.compress(arff_file.read_bytes()))
    # WEKA's CSVLoader types a column of words as nominal, values in order seen.
    data = load_arff(csv_file)
    assert [a.values for a in data.attributes] == [None, ("v", "u")]
    assert data.class_values == ("no", "yes") and data.positive == "yes"
    results = []
    for path in (csv_file, arff_file, gz_file):
        assert main(["cv", str(path), "--pairs", "2", "--folds", "3", "--json"]) == 0
        results.append(json.loads(capsys.readouterr().out)["fold_aucs"])
    assert results[0] == results[1] == results[2]


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("x.gz", b"\x1f\x8b\x08\x00junk", "name it .arff.gz"),
        ("x.xyz", b"hello\n", "WEKA cannot read it"),
    ],
)
def test_other_kinds_of_file_are_named(tmp_path, capsys, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    assert message in failing(capsys, "cv", str(path))


def test_cv_prints_what_wekas_explorer_prints(capsys, weka):
    assert main(["cv", "hepatitis", "--pairs", "1", "--voters", "3"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    pooled = float(next(x for x in lines if "pooled AUC" in x).split()[2].rstrip(":"))
    assert out.index("mean AUC") < out.index("=== Summary ===")  # the AUC first
    assert "Correctly Classified Instances" in out and "=== Confusion Matrix ===" in out
    weighted = next(x for x in lines if x.startswith("Weighted Avg.")).split()
    assert float(weighted[8]) == round(pooled, 3)  # WEKA's ROC Area column


def test_rank_keeps_the_files_class_values_and_prints_the_auc(tmp_path, capsys, weka):
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
    assert re.search(
        r"three\.arff: AUC \d\.\d{5} \(45 labelled instances, 15 alpha\)", err
    )


def test_reading_a_large_file_says_so(monkeypatch, capsys, weka):
    from weka_ranking import arff

    monkeypatch.setattr(arff, "LARGE_FILE", 0)  # every file counts as large here
    assert main(["cv", "hepatitis", "--ranker", "pointwise", "--json"]) == 0
    assert "reading " in capsys.readouterr().err


def test_cross_validate_seeds_the_folds_like_cv_seed(capsys, weka):
    import json

    from weka_ranking import cross_validate, load_task

    assert main(["cv", "hepatitis", "--pairs", "1", "--seed", "5", "--json"]) == 0
    cli_aucs = json.loads(capsys.readouterr().out)["fold_aucs"]
    model = RankingReduction("J48", pairs_per_instance=1, seed=5)
    assert cross_validate(model, load_task("hepatitis")).fold_aucs == cli_aucs


def test_options_of_a_fitted_model_say_what_was_trained(weka):
    from weka_ranking import load_task

    model = RankingReduction("J48", pairs_per_instance=2, voters=1)
    model.fit(load_task("glass"))
    model.set_params(voters=5, ranker="quicksort")
    options = model.to_options()
    assert " -I 1 " in options and " -R quicksort " in options


def test_ranker_and_ties_keep_their_meaning_after_fit(weka):
    data = load_task("hepatitis")
    model = RankingReduction("J48", pairs_per_instance=1, voters=3).fit(data)
    # QuickSort leaves tie groups (scored by their mean position); the tie
    # rule orders them as it orders the tournament's equal degrees.
    model.set_params(ranker="quicksort")
    stable = model.ranking(data)
    shuffled = model.set_params(ties="random").ranking(data)
    np.testing.assert_array_equal(stable.scores, shuffled.scores)
    assert len(np.unique(stable.scores)) < len(data)  # there are ties to break
    assert not np.array_equal(stable.order, shuffled.order)
    # pointwise is another model, not another ranker of the committee.
    with pytest.raises(ValueError, match="cannot rank with a model fitted on pairs"):
        model.set_params(ranker="pointwise").ranking(data)
    single = RankingReduction("J48", pairs_per_instance="all", voters=1).fit(data)
    with pytest.raises(ValueError, match="cannot rank with a model fitted on pairs"):
        single.set_params(ranker="pointwise").ranking(data)
    alone = RankingReduction("J48", ranker="pointwise").fit(data)
    with pytest.raises(ValueError, match="fitted pointwise"):
        alone.set_params(ranker="quicksort").ranking(data)
