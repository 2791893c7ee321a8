"""A scikit-learn grid search over the reduction, on WEKA's own folds.

The learner and the ranker are chosen by the AUC of five-fold
cross-validation (scikit-learn's ``roc_auc``, from ``decision_function``)
in two worker processes, each with its own JVM. The folds are the ones
WEKA's Explorer would make: with the reduction alone (no scaler) each fold's
AUC is the one ``weka-ranking cv glass --folds 5`` prints for that
configuration.
"""

from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from weka_ranking import RankingReduction, load_task
from weka_ranking.folds import weka_folds

data = load_task("glass")  # headlamps against the rest: 214 instances, 9 numbers
X, y = data.X, data.y  # plain arrays; y in {0, 1}: 1 (classes_[1]) ranks first

search = GridSearchCV(
    make_pipeline(StandardScaler(), RankingReduction(pairs_per_instance=1, voters=3)),
    {
        "rankingreduction__base": ["J48", "NaiveBayes"],
        "rankingreduction__ranker": ["tournament", "quicksort"],
    },
    cv=list(weka_folds(y, 5, 1)),
    scoring="roc_auc",
    n_jobs=2,
).fit(X, y)

for params, auc in zip(
    search.cv_results_["params"], search.cv_results_["mean_test_score"]
):
    print(f"{auc:.4f}  {params}")
print("best:", search.best_params_, f"AUC {search.best_score_:.4f}")
