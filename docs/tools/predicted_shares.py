"""Share of held-out rows predicted first, cut at the learned threshold and at 1 - q.

A single instance's class is its degree against the reference sample cut at the
threshold learned on the sample; 0.3.0 and earlier cut
at 1 - q, q the training share of the class that ranks first. Both cuts are read
from the same degrees, each row's back from predict_proba's line through the
threshold, so one model gives both. Until 0.8.0 the threshold was learned on
the kept rows' degrees each with itself left out; on sick that left every row
predicted negative on 5 of 12 trainings (``sick_trainings``, run by 0.8.0's
package and by this one). Since the release after 0.8.0 a degree counts the
instance's pairs with the kept rows in both orders, so the 1 - q cut here is
read from those degrees, not from the first order's that 0.3.0 cut.
"""

import numpy as np
from sklearn.datasets import load_digits
from sklearn.model_selection import StratifiedKFold

from weka_ranking import RankingReduction, load_task


def both_cuts(
    model: RankingReduction, X, share: float
) -> tuple[np.ndarray, np.ndarray]:
    """Rows predicted first at the learned threshold and at 1 - q (q = share)."""
    threshold = float(model.weka_model_.referenceThreshold())
    p = model.predict_proba(X)[:, 1]
    degree = np.where(
        p <= 0.5, 2 * p * threshold, threshold + (p - 0.5) * 2 * (1 - threshold)
    )
    return degree > threshold, degree > 1 - share


def default_on_two_thirds(name: str, training: tuple, held_out, share: float) -> None:
    """The default model trained on two thirds of the rows, every third row held out."""
    model = RankingReduction().fit(*training)
    learned, former = both_cuts(model, held_out, share)
    print(
        f"{name}, default, every third row held out: q {share:.3f}, "
        f"predicted first {learned.mean():.3f} (1 - q: {former.mean():.3f})",
        flush=True,
    )


def sick_trainings() -> None:
    """The default on sick without every k-th row (k 3, 4, 5): rows called first."""
    data = load_task("sick")
    for every in (3, 4, 5):
        for left in range(every):
            train = data.subset(np.flatnonzero(np.arange(len(data)) % every != left))
            model = RankingReduction().fit(train)
            called = np.mean(model.predict(train) == model.classes_[1])
            print(
                f"sick without the rows i mod {every} = {left}: "
                f"q {train.y.mean():.3f}, training rows predicted first {called:.3f}",
                flush=True,
            )


def five_folds(name: str, learner: str) -> None:
    """J48/NaiveBayes/Logistic with 2 pairs an instance and 3 voters, 5 folds."""
    data = load_task(name)
    folds = StratifiedKFold(5, shuffle=True, random_state=1).split(data.X, data.y)
    shares = {"learned": [], "1 - q": []}
    accuracy = {"learned": [], "1 - q": []}
    for train, test in folds:
        model = RankingReduction(learner, pairs_per_instance=2, voters=3)
        model.fit(data.subset(train))
        truth = data.y[test] == 1
        cuts = both_cuts(model, data.subset(test), data.y[train].mean())
        for cut, first in zip(shares, cuts):
            shares[cut].append(first.mean())
            accuracy[cut].append(np.mean(first == truth))
    print(
        f"{name}, {learner}, 5 folds: true share {data.y.mean():.3f}; "
        + "; ".join(
            f"{cut}: predicted first {min(shares[cut]):.3f}-{max(shares[cut]):.3f} "
            f"(mean {np.mean(shares[cut]):.3f}), accuracy "
            f"{min(accuracy[cut]):.3f}-{max(accuracy[cut]):.3f}"
            for cut in shares
        ),
        flush=True,
    )


if __name__ == "__main__":
    for name in ("hepatitis", "sick"):
        data = load_task(name)
        third = np.arange(len(data)) % 3 == 0
        training = data.subset(np.flatnonzero(~third))
        held_out = data.subset(np.flatnonzero(third))
        default_on_two_thirds(name, (training,), held_out, training.y.mean())
    X, digit = load_digits(return_X_y=True)
    y = (digit == 3).astype(int)
    third = np.arange(len(y)) % 3 == 0
    default_on_two_thirds(
        "digits 3 against the rest", (X[~third], y[~third]), X[third], y[~third].mean()
    )
    for name in ("breast-cancer", "hepatitis"):
        for learner in ("J48", "NaiveBayes", "Logistic"):
            five_folds(name, learner)
    sick_trainings()
