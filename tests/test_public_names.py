"""The package's public names: ``import *`` leaves scikit-learn's names alone."""

import pytest


@pytest.mark.fast
def test_star_import_leaves_scikit_learns_names_alone():
    """Found by a new Python user (issue 34, item 8)."""
    sklearn = pytest.importorskip("sklearn")
    namespace = {}
    exec(
        "from sklearn.base import clone\n"
        "from sklearn.model_selection import cross_validate\n"
        "from weka_ranking import *\n",
        namespace,
    )
    assert namespace["clone"] is sklearn.base.clone
    assert namespace["cross_validate"] is sklearn.model_selection.cross_validate
    assert "RankingReduction" in namespace
    import weka_ranking

    assert {"clone", "cross_validate"} <= set(dir(weka_ranking))
