"""weka-ranking's studies: evidence about the method, built over its public API.

The monograph's reproduction (``monograph``), the choice of the default
(``choosing``), the benchmarks (``bench``), learning to rank (``ltr``) and
XHITS with AMCL (``xhits``). Each computes its results once into values and
renders them from templates; its commands join ``weka-ranking``'s
(:data:`weka_ranking_studies.commands.COMMANDS`). A distribution of its own,
``weka-ranking-studies``, beside the product in the same repository: the
product (``weka_ranking``) imports nothing from here, and this imports only
the product's public names.
"""

from pathlib import Path

# The repository these studies live in: their records are its docs/.
REPOSITORY = Path(__file__).resolve().parent.parent.parent
DOCS = REPOSITORY / "docs"
