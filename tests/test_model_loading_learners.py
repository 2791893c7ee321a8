"""Learners that deserialize a file their options name are refused (issue 45, item 1).

``SerializedClassifier -model F`` read a 1.1 KB HashSet bomb with no filter and
hung deaf to SIGINT and SIGTERM; ``InputMappedClassifier -L F`` kept a path
whose file, replaced later, would be read unfiltered. Only this package's
filtered reads (``rank --model``, ``RankingReduction.load``) read model
files: these are refused by name, nested inside another learner too, in
every face that names a learner.
"""

import pytest

from weka_ranking import RankingReduction, bridge
from weka_ranking.cli import main
from weka_ranking.errors import ParameterError
from weka_ranking.experiments.schemes import Scheme

SERIALIZED = "weka.classifiers.misc.SerializedClassifier"
MAPPED = "weka.classifiers.misc.InputMappedClassifier"


@pytest.mark.parametrize(
    ("classname", "options", "said"),
    [
        (SERIALIZED, ["-model", "bomb.model"], "SerializedClassifier deserializes"),
        (MAPPED, ["-L", "bomb.model"], "InputMappedClassifier deserializes"),
        (
            "weka.classifiers.meta.FilteredClassifier",
            ["-W", SERIALIZED, "--", "-model", "bomb.model"],
            "SerializedClassifier deserializes",
        ),
        (
            "weka.classifiers.meta.Vote",
            ["-B", f"{SERIALIZED} -model bomb.model"],
            "SerializedClassifier deserializes",
        ),
    ],
)
def test_they_are_refused_before_java_reads_anything(weka, classname, options, said):
    with pytest.raises(ParameterError, match=said) as caught:
        bridge.make_classifier(classname, options)
    assert caught.value.name == "base"


def test_the_same_learner_without_a_file_is_made(weka):
    made = bridge.make_classifier(MAPPED, ["-W", "weka.classifiers.trees.J48"])
    assert bridge.class_name(made) == MAPPED


def test_every_face_refuses_them(weka, capsys, breast_cancer):
    with pytest.raises(ParameterError, match="deserializes the file its -model"):
        RankingReduction(SERIALIZED, base_options="-model bomb.model").fit(
            breast_cancer
        )
    code = main(["cv", "breast-cancer", "--learner", SERIALIZED,
                 "--learner-options", "-model bomb.model"])  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert code == 1 and err.count("\n") == 0
    assert err.startswith("weka-ranking: error: --learner")
    with pytest.raises(Exception, match="deserializes"):
        Scheme.parse(
            f'J=RankingReduction --learner {SERIALIZED} --learner-options "-model x"'
        ).check_runnable()
