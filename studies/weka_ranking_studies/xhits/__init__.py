"""XHITS with AMCL, the learner of its parameter matrices (issue 25).

XHITS extends HITS to ``k`` categories (roles) per page of a query's link
graph; AMCL (chapter 4 of a PUC-Rio thesis) learns its query-independent
matrix ``F`` by gradient descent. The chapter leaves out the influence
matrix; :mod:`.model` states the family used and the two readings of ``B``.

Modules: :mod:`.model` (the influence matrix, its dominant eigenvector,
:func:`~.model.xhits`), :mod:`.amcl` (the error, its gradients,
Algorithm 4.1), :mod:`.graphs` (query graphs with planted roles),
:mod:`.study` (the runs and their values), :mod:`.page` (the Markdown page)
and :mod:`.command` (``weka-ranking xhits``). No JVM is needed.
"""

from weka_ranking_studies.xhits.amcl import amcl
from weka_ranking_studies.xhits.model import hits_f, xhits
from weka_ranking_studies.xhits.study import Plan, run

__all__ = ["Plan", "amcl", "hits_f", "run", "xhits"]
