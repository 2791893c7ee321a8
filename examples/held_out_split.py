"""A held-out split of your own ARFF file: the default against its learner alone.

``load_arff`` reads the file into a ``Dataset`` (``positive=`` names the
class that ranks first; a file of two classes ranks its minority first
without it), scikit-learn's ``train_test_split`` splits its row numbers,
stratified, and ``subset`` takes the rows. A ``Dataset`` keeps the file's
nominal attributes nominal, as WEKA reads them; ``data.X`` and ``data.y``
are the same rows as arrays (a nominal value as its index, NaN where
missing; y 1 for the class that ranks first) for anything that wants
numbers, but given to ``fit`` as an array a nominal index is a number.
The learner alone is the same estimator with ``ranker="pointwise"``.
"""

import numpy as np
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

from weka_ranking import RankingReduction, load_arff, resolve_task

path = resolve_task("hepatitis").path  # your file: "path/to/yours.arff"
data = load_arff(path)  # or load_arff(path, positive="LABEL")
print(f"{len(data)} rows, ranks first: {data.positive}")

train, test = train_test_split(
    np.arange(len(data)), test_size=0.3, stratify=data.y, random_state=0
)
held_out = data.subset(test)
for name, model in [
    ("default", RankingReduction()),  # J48, ten voters, -P auto
    ("J48 alone", RankingReduction("J48", ranker="pointwise")),
]:
    model.fit(data.subset(train))
    scores = model.decision_function(held_out)  # the held-out rows ranked as one batch
    print(f"{name}: AUC {model.auc(held_out):.4f}", end="")
    print(f" (scikit-learn's roc_auc_score: {roc_auc_score(held_out.y, scores):.4f})")
