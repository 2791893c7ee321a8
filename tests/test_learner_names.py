"""Learners named as WEKA users name them: short names, any case, typos answered."""

from tests.test_bad_input import failing
from weka_ranking import RankingReduction
from weka_ranking.cli import main


def test_any_weka_classifier_by_short_name_in_any_case(weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    options = RankingReduction("randomforest").to_options()
    assert options.startswith("-W weka.classifiers.trees.RandomForest ")
    assert (
        RankingReduction("ibk").to_options().startswith("-W weka.classifiers.lazy.IBk")
    )


def test_cv_with_a_short_name_and_a_suggestion_for_a_typo(capsys, weka):
    """Found in everyday use as WEKA users work (issue 12)."""
    assert main(["cv", "hepatitis", "--learner", "IBk", "--ranker", "pointwise"]) == 0
    capsys.readouterr()
    error = failing(capsys, "cv", "hepatitis", "--learner", "RandomForrest")
    assert "did you mean RandomForest" in error
    # compared in lower case: two digits swapped in a lower-case name
    assert "did you mean J48" in failing(capsys, "cv", "hepatitis", "--learner", "j84")
