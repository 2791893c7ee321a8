"""Writes docs/ranking-reduction.xml, the ready Experimenter file.

Run from the repository's top folder: python docs/tools/make_experiment.py
"""

import jpype

from weka_ranking import jvm

jvm.start()
J = jpype.JClass
exp = J("weka.experiment.Experiment")()
exp.setRunLower(1)
exp.setRunUpper(1)
cvp = J("weka.experiment.CrossValidationResultProducer")()
cvp.setNumFolds(10)
se = J("weka.experiment.ClassifierSplitEvaluator")()
se.setClassForIRStatistics(0)
cvp.setSplitEvaluator(se)
exp.setResultProducer(cvp)
listener = J("weka.experiment.InstancesResultListener")()
listener.setOutputFile(J("java.io.File")("results.arff"))
exp.setResultListener(listener)
for f in ("arff_data/breast-cancer.arff", "arff_data/hepatitis.arff"):
    exp.getDatasets().addElement(J("java.io.File")(f))


def rr(options):
    r = J("weka.classifiers.meta.RankingReduction")()
    r.setOptions(jpype.JArray(jpype.JString)(options.split()))
    return r


Classifier = J("weka.classifiers.Classifier")
exp.setPropertyArray(
    jpype.JArray(Classifier)(
        [
            J("weka.classifiers.trees.J48")(),
            rr("-P all -I 1 -R tournament -S 1 -W weka.classifiers.trees.J48"),
            rr("-P 1 -I 10 -R quicksort -S 1 -W weka.classifiers.trees.J48"),
        ]
    )
)
PD = J("java.beans.PropertyDescriptor")
PN = J("weka.experiment.PropertyNode")
CVP = J("weka.experiment.CrossValidationResultProducer").class_
CSE = J("weka.experiment.ClassifierSplitEvaluator").class_
exp.setPropertyPath(
    jpype.JArray(PN)(
        [
            PN(se, PD("splitEvaluator", CVP), CVP),
            PN(se.getClassifier(), PD("classifier", CSE), CSE),
        ]
    )
)
exp.setUsePropertyIterator(True)
exp.setNotes(
    "weka-ranking: the monograph's protocol in WEKA's Experimenter (run 1, 10-fold "
    "CV, IR class 1, the first class value ranking first): J48 alone, "
    "RankingReduction original (all pairs, 1 voter, tournament) and star with "
    "QuickSort (1 pair per instance, 10 voters). Run from the repository's top "
    "folder; results go to results.arff."
)
J("weka.experiment.Experiment").write("docs/ranking-reduction.xml", exp)
