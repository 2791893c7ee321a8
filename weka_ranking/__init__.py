"""weka-ranking: any WEKA classifier turned into a ranker.

Ranking reduced to binary classification (Balcan et al., COLT 2007; Ailon
and Mohri, COLT 2008) as one meta-classifier, :class:`RankingReduction`,
whose implementation is the WEKA class ``weka.classifiers.meta.RankingReduction``.

The names that need the JVM (the model and cross-validation) are imported on
first use, so that data loading and :mod:`weka_ranking.metrics` work
without JPype; ``dir()`` and ``help()`` list them all the same.

``cross_validate`` (this package's, on WEKA's folds, with a :class:`CVResult`)
and ``clone`` are imported by name, ``from weka_ranking import
cross_validate``: ``from weka_ranking import *`` leaves them out, where they
would shadow scikit-learn's of the same names.
"""

from __future__ import annotations

import importlib

from weka_ranking.arff import load_arff
from weka_ranking.data import Dataset
from weka_ranking.errors import (
    DataError,
    JavaError,
    ParameterError,
    Remedy,
    WekaError,
    WekaRankingError,
    WekaRankingWarning,
)
from weka_ranking.metrics import auc
from weka_ranking.tasks import STUDY_TASKS, Task, load_task, resolve_task
from weka_ranking.version import __version__ as __version__

# Whether the estimators build on scikit-learn's BaseEstimator where it is
# installed. The command line sets it False for its own commands before
# anything imports them (cli.main_exit): they hand no estimator to
# scikit-learn, whose import (with SciPy's) took 1.9 s of the 5.4 s of
# `weka-ranking cv breast-cancer` on 2 cores. The parameters then live on
# weka_ranking.estimator's few lines, as where scikit-learn is absent.
_estimators_on_scikit_learn = True

_LAZY = {
    "EXPECTED_FAILED_CHECKS": "weka_ranking.model",
    "RankingReduction": "weka_ranking.model",
    "Ranking": "weka_ranking.estimator",
    "Validation": "weka_ranking.estimator",
    "clone": "weka_ranking.estimator",
    "CVResult": "weka_ranking.evaluation",
    "cross_validate": "weka_ranking.evaluation",
    "GridSearch": "weka_ranking.tuning",
    "XGBoostRanker": "weka_ranking.peers",
    "LightGBMRanker": "weka_ranking.peers",
}


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'weka_ranking' has no attribute {name!r}")


# Importable by name, left out of ``import *``, where they would shadow
# scikit-learn's clone and cross_validate.
_NOT_STARRED = ("clone", "cross_validate")


def __dir__() -> list[str]:
    """The public API and the public submodules, not this module's machinery."""
    submodules = {
        name
        for name, value in globals().items()
        if type(value) is type(importlib) and not name.startswith("_")
    }
    public = set(__all__) | set(_NOT_STARRED) | {"__version__"} | submodules
    return sorted(public - {"importlib"})


__all__ = [
    "EXPECTED_FAILED_CHECKS",
    "STUDY_TASKS",
    "CVResult",
    "DataError",
    "Dataset",
    "GridSearch",
    "JavaError",
    "LightGBMRanker",
    "ParameterError",
    "Ranking",
    "RankingReduction",
    "Remedy",
    "Task",
    "Validation",
    "WekaError",
    "WekaRankingError",
    "WekaRankingWarning",
    "XGBoostRanker",
    "auc",
    "load_arff",
    "load_task",
    "resolve_task",
]
