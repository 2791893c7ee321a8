"""The public API is discoverable and takes arrays like the rest of it."""

import pydoc
from pathlib import Path

import numpy as np
import pytest

import weka_ranking
from weka_ranking import RankingReduction, cross_validate, load_task


def test_dir_and_help_list_the_public_api():
    assert set(weka_ranking.__all__) <= set(dir(weka_ranking))
    text = pydoc.render_doc(weka_ranking, renderer=pydoc.plaintext)
    for name in ("RankingReduction", "GridSearch", "cross_validate", "Validation"):
        assert name in text
    # Named, not starred: scikit-learn's clone and cross_validate stay theirs.
    assert "from weka_ranking import *`` leaves them out" in text
    assert (Path(weka_ranking.__file__).parent / "py.typed").is_file()


def test_short_reprs(weka):
    data = load_task("breast-cancer")
    assert repr(data).endswith(
        "breast-cancer.arff': 286 instances, 85 recurrence-events; 9 features)"
    )
    model = RankingReduction("J48", pairs_per_instance=1, voters=2).fit(data)
    assert repr(model.ranking(data)).startswith("Ranking(286 instances, best first [")
    assert len(repr(cross_validate(model, data, folds=3))) < 200


def test_cross_validate_takes_arrays(weka):
    glass = load_task("glass")  # numeric features: the same data as arrays
    model = RankingReduction("J48", pairs_per_instance=1, voters=3)
    expected = cross_validate(model, glass).fold_aucs
    labels = np.where(glass.y == 1, "headlamps", "other")  # headlamps sorts first
    assert cross_validate(model, glass.X, glass.y).fold_aucs == expected
    flipped = cross_validate(model, glass.X, labels).fold_aucs  # "other" ranks first
    assert flipped != expected
    with pytest.raises(ValueError, match="y is None: give the class labels"):
        cross_validate(model, glass.X)
