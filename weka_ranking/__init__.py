"""weka-ranking: any WEKA classifier turned into a ranker.

Ranking reduced to binary classification (Balcan et al., COLT 2007; Ailon
and Mohri, COLT 2008) as one meta-classifier, :class:`RankingReduction`.
"""

from weka_ranking.data import STUDY_TASKS, Dataset, Task, load_arff, resolve_task
from weka_ranking.errors import DataError, JavaError, WekaError, WekaRankingError
from weka_ranking.evaluation import CVResult, auc, cross_validate
from weka_ranking.model import RankingReduction, clone

__version__ = "0.1.0"


def load_task(name_or_path: str, positive: str | None = None, keep=None) -> Dataset:
    """A built-in study task by name, or an ARFF file, as a binary Dataset."""
    return resolve_task(name_or_path, positive, keep).load()


__all__ = [
    "STUDY_TASKS",
    "CVResult",
    "DataError",
    "Dataset",
    "JavaError",
    "RankingReduction",
    "Task",
    "WekaError",
    "WekaRankingError",
    "auc",
    "clone",
    "cross_validate",
    "load_arff",
    "load_task",
]
