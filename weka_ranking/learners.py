"""Base learners: the study's four by name, or any WEKA classname with options."""

from __future__ import annotations

NAMED_LEARNERS: dict[str, str] = {
    "J48": "weka.classifiers.trees.J48",
    "NaiveBayes": "weka.classifiers.bayes.NaiveBayes",
    "Logistic": "weka.classifiers.functions.Logistic",
    "SMO": "weka.classifiers.functions.SMO",
}


def classname(learner: str) -> str:
    """The WEKA classname of a learner given by short name or classname."""
    if learner in NAMED_LEARNERS:
        return NAMED_LEARNERS[learner]
    if "." not in learner:
        raise ValueError(
            f"unknown learner {learner!r}: use one of {', '.join(NAMED_LEARNERS)} "
            "or a WEKA classname such as weka.classifiers.trees.RandomForest"
        )
    return learner


def short_name(learner: str) -> str:
    """The name a learner is shown by: J48 rather than weka.classifiers.trees.J48."""
    return learner.rsplit(".", 1)[-1]


def canonical(learner: str) -> str:
    """The study's short name where there is one, else the classname."""
    full = classname(learner)
    for name, known in NAMED_LEARNERS.items():
        if known == full:
            return name
    return full
