"""A model trained by WEKA itself, as a ``.model`` file, used from Python.

WEKA trains ``weka.classifiers.meta.RankingReduction`` and writes the model,
as ``java weka.Run weka.classifiers.meta.RankingReduction -t train.arff
-d r.model ...`` or the Explorer's "Save model" would; Python loads that file
and ranks with it, giving the scores WEKA's own model gives.
"""

import tempfile
from pathlib import Path

import jpype
import numpy as np

from weka_ranking import RankingReduction, jvm, load_task, resolve_task

jvm.start()
train = str(resolve_task("hepatitis").path)

with tempfile.TemporaryDirectory() as folder:
    model_file = str(Path(folder) / "r.model")
    # WEKA's command line, in this JVM: train on the file, write the model.
    options = ["-t", train, "-d", model_file, "-no-cv", "-P", "1", "-I", "5"]
    options += ["-W", "weka.classifiers.trees.J48", "-rank-first", "DIE"]
    jpype.JClass("weka.classifiers.Evaluation").evaluateModel(
        jpype.JClass("weka.classifiers.meta.RankingReduction")(), options
    )

    model = RankingReduction.load(model_file)
    print(model.to_options())
    data = load_task("hepatitis")  # DIE, the minority class, ranks first
    print("members:", len(model.members_), "seeds:", model.member_seeds_)
    print(f"AUC on the training file: {model.auc(data):.4f}")
    print("first five:", np.asarray(model.rank(data))[:5].tolist())
