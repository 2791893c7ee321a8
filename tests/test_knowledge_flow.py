"""The ready KnowledgeFlow flow gives ``weka-ranking cv``'s AUC.

The flow, ``docs/ranking-reduction.kf``, is run by WEKA's command-line flow runner
(``weka.knowledgeflow.FlowRunner``) in a plain JVM with the package installed by WEKA's
package manager: its AUC equals ``weka-ranking cv``'s on the same data, folds and seed.

The flow's CrossValidationFoldMaker (seed 1, 10 folds, order not preserved)
draws WEKA's Explorer's fold sequence, which ``cv`` replays: ``new
Random(seed)``, ``randomize``, ``stratify``, then ``trainCV(folds, i,
random)`` and ``testCV(folds, i)`` fold by fold, as
``Evaluation.crossValidateModel`` does (read from WEKA 3.9.7's bytecode). The
training folds' order matters here: the members' pairs are drawn from it.
"""

import json
import re

import pytest
import test_weka_package

from weka_ranking import RankingReduction, cross_validate, load_task
from weka_ranking._resources import project_dir

FLOW = project_dir("docs") / "ranking-reduction.kf"
CHAIN = [
    "weka.knowledgeflow.steps.Loader",
    "weka.knowledgeflow.steps.ClassAssigner",
    "weka.knowledgeflow.steps.CrossValidationFoldMaker",
    "weka.knowledgeflow.steps.Classifier",
    "weka.knowledgeflow.steps.ClassifierPerformanceEvaluator",
    "weka.knowledgeflow.steps.TextViewer",
]
# The package installed into a fresh WEKA_HOME by WEKA's package manager,
# shared with the WEKA package's tests.
weka_home = test_weka_package.weka_home


def steps_by_name(flow: dict) -> dict:
    return {step["properties"]["name"]: step for step in flow["steps"]}


def test_the_flow_is_the_documented_chain():
    steps = steps_by_name(json.loads(FLOW.read_text()))
    chain, name = [], "ArffLoader"
    while name:
        step = steps[name]
        chain.append(step["class"])
        following = [n for names in step["connections"].values() for n in names]
        name = next((n for n in following if "Saver" not in n), None)
    assert chain == CHAIN
    classifier = steps["RankingReduction"]["properties"]["classifier"]
    assert classifier["class"] == "weka.classifiers.meta.RankingReduction"
    folds = steps["CrossValidationFoldMaker"]["properties"]
    assert (folds["numFolds"], folds["seed"], folds["preserveOrder"]) == (
        "10",
        "1",
        False,
    )


# The ready flow's seed (1) slow: the default suite runs that flow, as the package
# installs it, against cv's AUC in test_package_build.py
# (test_the_packaged_flow_runs_from_where_it_is_installed), and here the seed 3.
@pytest.mark.parametrize("fold_seed", [pytest.param(1, marks=pytest.mark.slow), 3])
def test_flow_runner_auc_equals_cv(weka_home, tmp_path, fold_seed):
    """The ready flow, and with the fold maker's seed changed, equal Python's AUC.

    The ready flow has seed 1 (``weka-ranking cv breast-cancer --pairs 2 --voters 3``);
    changing the fold maker's seed alone moves the AUC. Both equal cross-validation
    in Python with the flow's options (J48, -P 2 -I 3 -S 1, the default pair
    features, recurrence-events first).
    """
    flow = json.loads(FLOW.read_text())
    results = tmp_path / "results.txt"
    steps = steps_by_name(flow)
    steps["TextSaver"]["properties"]["file"] = str(results)
    steps["CrossValidationFoldMaker"]["properties"]["seed"] = str(fold_seed)
    copy = tmp_path / "ranking-reduction.kf"
    copy.write_text(json.dumps(flow))
    # The flow names its data relative to the project's folder, as the
    # Experimenter's ready file does.
    test_weka_package.plain_java(
        weka_home,
        "weka.knowledgeflow.FlowRunner",
        str(copy),
        cwd=project_dir("docs").parent,
    )
    text = results.read_text()
    assert "Scheme: RankingReduction" in text
    weighted = re.search(r"Weighted Avg\.\s+(.*)", text).group(1).split()
    # TP FP Precision Recall F MCC ROC PRC: ROC Area is the seventh column.
    model = RankingReduction("J48", pairs_per_instance=2, voters=3, seed=1)
    cv = cross_validate(model, load_task("breast-cancer"), folds=10, seed=fold_seed)
    assert float(weighted[6]) == round(cv.pooled_auc, 3)
    total = re.search(r"Total Number of Instances\s+(\d+)", text).group(1)
    assert int(total) == len(cv.rows)
