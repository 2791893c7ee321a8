"""The scripts of examples/ run, and say what they should."""

import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(name, capsys):
    runpy.run_path(str(EXAMPLES / name), run_name="__main__")
    return capsys.readouterr().out


@pytest.mark.slow  # two worker processes, each a JVM: test_sklearn.py's grid
# search with n_jobs=2 checks the same in the default suite
def test_grid_search(capsys, weka):
    pytest.importorskip("sklearn")
    out = run("grid_search.py", capsys).splitlines()
    assert len(out) == 5 and out[-1].startswith("best: {'rankingreduction__base'")


def test_rank_new_file(capsys, weka):
    out = run("rank_new_file.py", capsys).splitlines()
    assert out[0] == "instance,score,rank,class" and len(out) == 7
    assert out[-1].startswith("AUC of the new file's ranking: ")


def test_weka_model(capsys, weka):
    out = run("weka_model.py", capsys)
    assert "-W weka.classifiers.trees.J48 -P 1 -I 5" in out
    assert "members: 5 seeds: [1, 2, 3, 4, 5]" in out


def test_held_out_split(capsys, weka):
    pytest.importorskip("sklearn")
    out = run("held_out_split.py", capsys).splitlines()
    assert out[0] == "155 rows, ranks first: DIE" and len(out) == 3
    for line, name in zip(out[1:], ("default", "J48 alone")):
        # "NAME: AUC a (scikit-learn's roc_auc_score: b)": a is scikit-learn's b
        ours, theirs = (float(word.rstrip(")")) for word in line.split()[-4::3])
        assert line.startswith(f"{name}: AUC ") and ours == theirs and 0.5 < ours <= 1
