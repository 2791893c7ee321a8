"""The schemes an experiment compares: the reduction, a WEKA learner alone, the peers.

A :class:`Scheme` is a name and the parameters that make its estimator,
kept as plain values so a unit travels to worker processes and keys the
store. The reduction takes the parameters of
:class:`~weka_ranking.model.RankingReduction` in the words of the command
line (``learner``, ``pairs``, ``voters``, ``ranker``...; the one table of
:mod:`weka_ranking.params`); a WEKA classifier alone is the reduction's
``ranker = "pointwise"`` (ordered by its probability of the class that ranks
first); a peer is one of :data:`PEERS`, tuned on an inner split of each
training fold as the benchmarks tune them.
"""

from __future__ import annotations

import difflib
import importlib.util
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from weka_ranking.errors import DataError, ParameterError, WekaRankingError
from weka_ranking.params import BY_NAME, PARAMETERS

# The peers as a user would set them: each modestly tuned, the grid (and for
# the boosters the rounds, up to 300 in tens) chosen by AUC on an inner
# validation split (20%, stratified) of the training fold, then refitted on
# all of it.
XGBOOST_GRID = {"max_depth": [3, 6], "min_child_weight": [1, 5], "learning_rate": [0.1]}
LIGHTGBM_GRID = {
    "num_leaves": [15, 31],
    "min_data_in_leaf": [5, 20],
    "learning_rate": [0.1],
}
HIST_GRADIENT_BOOSTING_GRID = {"max_leaf_nodes": [15, 31], "min_samples_leaf": [5, 20]}
RANDOM_FOREST_GRID = {"max_features": ["sqrt", 0.5], "min_samples_leaf": [1, 5]}


def _xgboost(seed: int):
    from weka_ranking.peers import XGBoostRanker
    from weka_ranking.tuning import GridSearch

    return GridSearch(
        XGBoostRanker("binary:logistic", rounds=300, seed=seed), XGBOOST_GRID, seed=seed
    )


def _lightgbm(seed: int):
    from weka_ranking.peers import LightGBMRanker
    from weka_ranking.tuning import GridSearch

    return GridSearch(
        LightGBMRanker("binary", rounds=300, seed=seed), LIGHTGBM_GRID, seed=seed
    )


def _sklearn(kind: str, grid: dict) -> Callable[[int], Any]:
    def make(seed: int):
        from weka_ranking.peers import SklearnRanker
        from weka_ranking.tuning import GridSearch

        rounds = 300 if kind == "random-forest" else 200
        if kind == "random-forest":
            model = SklearnRanker(kind, rounds=rounds, max_leaf_nodes=None, seed=seed)
        else:
            model = SklearnRanker(kind, rounds=rounds, seed=seed)
        return GridSearch(model, grid, seed=seed)

    return make


PEERS: dict[str, Callable[[int], Any]] = {
    "xgboost": _xgboost,
    "lightgbm": _lightgbm,
    "hist-gradient-boosting": _sklearn(
        "hist-gradient-boosting", HIST_GRADIENT_BOOSTING_GRID
    ),
    "random-forest": _sklearn("random-forest", RANDOM_FOREST_GRID),
}
# The module each peer imports, and the extra that installs it.
PEER_NEEDS = {
    "xgboost": ("xgboost", "peers"),
    "lightgbm": ("lightgbm", "peers"),
    "hist-gradient-boosting": ("sklearn", "sklearn"),
    "random-forest": ("sklearn", "sklearn"),
}
FROM_FLAGS = "the flags"


def invalid(name: str, value: Any, where: str, reason: str) -> WekaRankingError:
    """A value a plan cannot take, said in the words it was given in.

    ``where`` is the plan file's entry (``plan.toml [[scheme]] 2``) or the
    flag's words (``--scheme 'J48 --pairs x'``): the error says ``key =
    value`` there; a setting of the flags' plan (:data:`FROM_FLAGS`) is a
    :class:`ParameterError` that the command line says as its flag.
    """
    if where == FROM_FLAGS:
        return ParameterError(name, value, reason)
    return DataError(f"{where}: {name} = {value!r}: {reason}")


# A scheme's keys in the words of the command line (learner, learner-options,
# pairs, ...), or the estimator's own names (base, pairs_per_instance, ...).
BY_WORD = {
    **{p.cli_flag.lstrip("-").replace("-", "_"): p for p in PARAMETERS},
    **BY_NAME,
}


@dataclass(frozen=True)
class Scheme:
    """One scheme of an experiment: its name and its estimator's parameters.

    ``peer`` names one of :data:`PEERS`; otherwise ``params`` are the
    reduction's (estimator names, parsed, their types checked), the learner
    alone being ``ranker="pointwise"``. Their values are Java's to refuse
    (:meth:`check_runnable`, before any unit), said where they were given:
    ``where`` names the plan entry and ``words`` each parameter's key there.
    """

    name: str
    params: tuple[tuple[str, Any], ...] = ()
    peer: str | None = None
    where: str = field(default="", compare=False)
    words: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    @classmethod
    def of(cls, name: str | None, given: dict[str, Any], where: str) -> Scheme:
        """A scheme from a plan's keys: ``peer = "xgboost"`` or the reduction's.

        ``where`` names the plan entry in errors.
        """
        given = dict(given)
        if name is not None:
            _check_name(name, where)
        peer = given.pop("peer", None)
        if peer is not None:
            if peer not in PEERS:
                raise invalid("peer", peer, where, f"choose from {', '.join(PEERS)}")
            seed = given.pop("seed", 1)
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise invalid("seed", seed, where, "an integer")
            if given:
                raise invalid(
                    next(iter(given)),
                    next(iter(given.values())),
                    where,
                    "a peer takes only seed (its grid is fixed)",
                )
            return cls(name or peer, (("seed", seed),), peer)
        params = {}
        words = {}
        for word, value in given.items():
            parameter = BY_WORD.get(word.replace("-", "_"))
            if parameter is None:
                known = ", ".join(p.cli_flag.lstrip("-") for p in PARAMETERS)
                raise invalid(
                    word, value, where, f"not a scheme key; use peer or {known}"
                )
            try:
                params[parameter.name] = (
                    parameter.from_text(str(value))
                    if isinstance(value, str | int) and not isinstance(value, bool)
                    else value
                )
                parameter.check_type(params[parameter.name])
            except ParameterError as err:
                raise invalid(word, value, where, err.reason) from None
            words[parameter.name] = word
        if "base" in params:
            _check_learner(params["base"], where)
        ordered = tuple(
            (p.name, params[p.name]) for p in PARAMETERS if p.name in params
        )
        return cls(
            name or describe(dict(ordered)),
            ordered,
            where=where,
            words=tuple(words.items()),
        )

    @classmethod
    def parse(cls, text: str) -> Scheme:
        """A scheme from command-line words: ``xgboost``, ``J48 --ranker pointwise``.

        ``NAME=WORDS`` names it; the first word, when not a flag, is the
        learner (or a peer).
        """
        name, equals, words_text = text.partition("=")
        if not equals or "--" in name or name.startswith("-"):
            name, words_text = "", text
        words = shlex.split(words_text)
        given: dict[str, Any] = {}
        if words and not words[0].startswith("-"):
            first = words.pop(0)
            given["peer" if first in PEERS else "learner"] = first
        while words:
            flag = words.pop(0)
            if not flag.startswith("--") or not words:
                raise ParameterError(
                    "scheme", text, "words are a learner then --flag VALUE pairs"
                )
            given[flag[2:]] = words.pop(0)
        return cls.of(name.strip() or None, given, f"--scheme {text!r}")

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.params)

    def estimator(self):
        """A new, unfitted estimator of this scheme."""
        if self.peer is not None:
            return PEERS[self.peer](self.values.get("seed", 1))
        from weka_ranking.model import RankingReduction

        return RankingReduction(**self.values)

    def check_runnable(self) -> None:
        """Refuse, before any unit runs, a scheme that would fail every unit.

        A peer whose library is not installed (one line naming the extra to
        install); a reduction with a value its option does not take, or whose
        options do not go together (Java's rules, as
        ``RankingReduction.validate`` says them, e.g. all pairs with ten
        voters of a learner that is not randomizable); in a plan file, said
        with the key and the entry that gave it.
        """
        if self.peer is not None:
            module, extra = PEER_NEEDS[self.peer]
            if importlib.util.find_spec(module) is None:
                raise DataError(
                    f"scheme {self.name!r}: the peer {self.peer} needs {module}, "
                    f"which is not installed: pip install 'weka-ranking[{extra}]'"
                )
            return
        try:
            self.estimator().validate()
        except ParameterError as err:
            words = dict(self.words)
            if err.name in words:
                word = words[err.name]
                reason = "; ".join(
                    [err.reason]
                    + [f"{r.advice} {word} = {r.value} {r.note}" for r in err.remedies]
                )
                raise invalid(word, err.value, self.where, reason.strip()) from None
            raise DataError(f"scheme {self.name!r}: {err}") from None
        except WekaRankingError as err:  # options WEKA's learner refuses
            raise DataError(f"scheme {self.name!r}: {err}") from None

    @property
    def is_learner_alone(self) -> bool:
        return self.peer is None and self.values.get("ranker") == "pointwise"

    @property
    def learner(self) -> tuple[str, str] | None:
        """The WEKA learner (name, options) a reduction or a learner alone runs.

        None for a peer. A reduction is compared with the learner alone of the
        same pair, where the plan holds one.
        """
        if self.peer is not None:
            return None
        values = self.values
        return (
            values.get("base", BY_NAME["base"].default),
            values.get("base_options", BY_NAME["base_options"].default),
        )


def _squeezed(word: str) -> str:
    return word.lower().replace("-", "").replace("_", "")


def _check_name(name: object, where: str) -> None:
    """Refuse a name that cannot head a report's column or key a unit in the store."""
    if not isinstance(name, str):
        raise invalid("name", name, where, "must be a string")
    if not name.strip():
        raise invalid("name", name, where, "an empty name; give one, or leave name out")
    if not name.isprintable():
        raise invalid(
            "name", name, where, "a name on one line, without control characters"
        )


def _check_learner(learner: str, where: str) -> None:
    """Refuse an unknown learner before any work, suggesting peers too.

    A word that is both a peer's name without its hyphen and a WEKA learner's
    name in other letter cases (``randomforest``) is refused as ambiguous: it
    once ran WEKA's RandomForest under the reduction where the peer
    ``random-forest`` was meant. WEKA's own spelling (``RandomForest``) or its
    classname is that learner.
    """
    from weka_ranking.learners import classname, short_name

    try:
        full = classname(learner)
    except ValueError as err:
        close = difflib.get_close_matches(learner.lower(), list(PEERS), n=2)
        hint = f"; or the peer {' or '.join(close)}?" if close else ""
        advice = getattr(err, "reason", str(err)).split(": ", 1)[-1]
        reason = f"unknown; {advice}{hint} (peers: {', '.join(PEERS)})"
        raise invalid("learner", learner, where, reason) from None
    near = [p for p in PEERS if _squeezed(p) == _squeezed(learner)]
    if near and learner not in (full, short_name(full)):
        raise invalid(
            "learner",
            learner,
            where,
            f"both WEKA's {short_name(full)} and the peer {near[0]}: write "
            f"{short_name(full)} for WEKA's learner under the reduction, or "
            f"{near[0]} for the peer",
        )


def describe(params: dict[str, Any]) -> str:
    """A scheme's default name: its learner, then the options the plan gives.

    Every option given is named, at a default too, so that a name means the
    same scheme whatever the defaults of the day (a unit's key holds it).

    >>> describe({"base": "J48", "ranker": "pointwise"})
    'J48 alone'
    >>> describe({"base": "NaiveBayes", "pairs_per_instance": 1, "voters": 10})
    'NaiveBayes --pairs 1 --voters 10'
    >>> describe({"base": "J48"})
    'J48 reduction'
    """
    learner = params.get("base", BY_NAME["base"].default)
    if params.get("ranker") == "pointwise":
        options = params.get("base_options")
        return f"{learner} {options} alone" if options else f"{learner} alone"
    words = [learner]
    for p in PARAMETERS:
        if p.name != "base" and p.name in params:
            value = p.to_text(params[p.name])
            words += [p.cli_flag, shlex.quote(value) if " " in value else value]
    return " ".join(words) if len(words) > 1 else f"{learner} reduction"
