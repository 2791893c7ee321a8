"""A configuration of the study as a small typed value that prints and parses.

Its key: ``base``, ``original``, ``voters=10``, ``pairs=3``, ``voters=10/seed=4``.

The store keeps the key (``record["config"]``); everything else holds
:class:`Config` values, so no code builds or cuts those strings by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from weka_ranking.errors import ParameterError

FAMILIES = ("base", "original", "voters", "pairs")
# The sampled columns' names, which the store's seed reruns are keyed by.
SEEDED = {"voters=10": "star", "pairs=10": "double_star"}


@dataclass(frozen=True, order=True)
class Config:
    """One configuration: a family, its size, and the sampler seed of a seed rerun.

    The size is voters or pairs per instance.
    """

    family: str
    size: int | None = None
    seed: int | None = None

    def __str__(self) -> str:
        key = self.family if self.size is None else f"{self.family}={self.size}"
        if self.seed is None:
            return key
        # The store names a seed rerun by the monograph's column.
        return f"{SEEDED.get(key, key)}/seed={self.seed}"

    @classmethod
    def parse(cls, key: str) -> Config:
        """The configuration a store key names.

        >>> Config.parse("voters=10/seed=3")
        Config(family='voters', size=10, seed=3)
        >>> str(Config.parse("pairs=2"))
        'pairs=2'
        >>> Config.parse("star/seed=3")
        Config(family='voters', size=10, seed=3)
        """
        head, _, seed = key.partition("/seed=")
        head = {name: key for key, name in SEEDED.items()}.get(head, head)
        family, _, size = head.partition("=")
        if family not in FAMILIES or (size == "") != (family in FAMILIES[:2]):
            raise ParameterError(
                "config",
                key,
                f"not one of {', '.join(FAMILIES)} with =N for voters and pairs",
            )
        try:
            return cls(family, int(size) if size else None, int(seed) if seed else None)
        except ValueError:
            raise ParameterError(
                "config", key, "sizes and seeds are integers"
            ) from None

    def with_seed(self, seed: int) -> Config:
        """This configuration rerun with another sampler seed."""
        return Config(self.family, self.size, seed)


BASE = Config("base")
ORIGINAL = Config("original")
STAR = Config("voters", 10)
DOUBLE_STAR = Config("pairs", 10)
# The monograph's names of its four columns.
PUBLISHED = {
    "base": BASE,
    "original": ORIGINAL,
    "star": STAR,
    "double_star": DOUBLE_STAR,
}
RANKING = ("original", "star", "double_star")
SAMPLED = ("star", "double_star")
