"""The one table of RankingReduction's parameters.

The estimator's signature, its WEKA option string, the CLI flags and the
docs all read this table, so they cannot drift apart. It says each
parameter's names, flags, default, help, type and how text becomes a value;
what values a parameter takes, and which go together, is the Java class's to
say (its ``setOptions`` and ``checkOptions``, for both faces).
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from weka_ranking.errors import ParameterError

PAIRWISE_RANKERS = ("tournament", "tournament-as-printed", "quicksort")
RANKERS = ("pointwise", *PAIRWISE_RANKERS)
TIES = ("stable", "random")
SUM_ORDERS = ("rows", "pairs")
PAIR_FEATURES = ("concat", "difference", "both")
PAIR_ORDERS = ("blocks", "interleaved")
SMO_SOLVERS = ("pairs", "row-kernel", "differences")
# What a fit fixes; the others say how to rank and may change after it.
TRAINED_PARAMETERS = (
    "base",
    "pairs_per_instance",
    "voters",
    "seed",
    "sum_order",
    "pair_features",
    "pair_order",
    "smo_solver",
    "reference_size",
)
RANKING_PARAMETERS = ("ranker", "ties", "threads")

# The default configuration, chosen by the experiment of docs/choosing.md:
# the one place the Python face sets it (the table below, hence the
# estimator's signature, the CLI's --help and the docs). Java's
# RankingReduction.DEFAULT_* must say the same (tests/test_java_seam.py).
DEFAULT_PAIRS_PER_INSTANCE: int | str = "auto"
# "auto": 2 pairs per instance up to 5,000 training instances, one more for each
# 1,000 more, at most 8: Java's RankingReduction.AUTO_PAIRS_* and
# pairsForInstances, which train; said here for the Python face's own use (the
# estimate's pilot, tests without a JVM), held equal by tests/test_pairs_by_size.py.
AUTO_PAIRS_LOW, AUTO_PAIRS_FROM, AUTO_PAIRS_STEP, AUTO_PAIRS_MOST = 2, 5_000, 1_000, 8
DEFAULT_VOTERS = 10
DEFAULT_RANKER = "tournament"
DEFAULT_PAIR_FEATURES = "concat"
# The monograph's AUC-Train: every pair, one voter, the two rows side by side.
# The default configuration until the one above, so also what a parameter left
# out meant in the option texts and experiment plans stored until then (see
# stored_scheme and ExperimentPlan.differences).
MONOGRAPH_CONFIGURATION: dict[str, Any] = {
    "pairs_per_instance": "all",
    "voters": 1,
    "pair_features": "concat",
}


def auto_pairs(instances: int) -> int:
    """The pairs per instance ``-P auto`` draws from this many training instances.

    >>> [auto_pairs(n) for n in (4_999, 6_000, 10_999, 40_000)]
    [2, 3, 7, 8]
    """
    more = max(0, instances - AUTO_PAIRS_FROM) // AUTO_PAIRS_STEP
    return min(AUTO_PAIRS_MOST, AUTO_PAIRS_LOW + more)


@dataclass(frozen=True)
class Parameter:
    """One parameter: its names, its default, its type and how text becomes a value.

    Its range is not here: Java's ``setOptions`` refuses a value out of it, in
    words the bridge says with this parameter's name.
    """

    name: str
    weka_flag: str
    cli_flag: str
    default: Any
    help: str
    parse: Callable[[str], Any]
    is_type: Callable[[Any], bool]
    type_name: str
    # The values a choice takes, for the help and for reading Java's reasons;
    # Java's tags are the ones checked (tests/test_java_seam.py).
    choices: tuple[str, ...] = ()
    # Left out of the option string at its default: the schemes stored before
    # the option existed keep their text. Only for an option whose default has
    # never changed, so that an absent flag means one value in every text.
    implicit_default: bool = False

    def reads(self, text: str) -> Any:
        """The value ``text`` stands for, or None when it stands for none."""
        try:
            value = self.parse(text)
        except ValueError:
            return None
        return None if self.choices and value not in self.choices else value

    def from_text(self, text: str) -> Any:
        """The value a command-line text stands for, or the text itself.

        Text that stands for no value is left as it is, for Java to refuse in
        the words it uses for the same text in WEKA's options.
        """
        value = self.reads(text)
        return text if value is None else value

    def check_type(self, value: Any) -> None:
        """Refuse a value of another type that Java could not tell from this one's.

        Java reads a value as the text of a WEKA option: it refuses ``2.5`` or
        ``True`` for an integer itself, but the text ``"3"`` reads as the
        integer 3, so a str standing for a value of another type is refused
        here. The learner and its options are no option Java parses (Python
        resolves the name; WEKA splits the options), so they must be text.
        """
        if self.is_type(value):
            return
        text_of_another_type = isinstance(value, str) and self.reads(value) is not None
        if text_of_another_type or self.weka_flag in ("-W", "--"):
            raise ParameterError(
                self.name,
                value,
                f"must be {self.type_name}, not {type(value).__name__}",
            )

    def to_text(self, value: Any) -> str:
        return str(value)


def _is_int(value: Any) -> bool:
    # numpy's integers too (a grid of np.arange), not bools.
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def plain(values: dict[str, Any]) -> dict[str, Any]:
    """Parameter values as Python's own types (numpy's integers as int), for JSON."""
    return {
        name: int(value) if _is_int(value) else value for name, value in values.items()
    }


def _pairs(text: str) -> int | str:
    return text if text in ("all", "auto") else int(text)


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _choice(
    name: str,
    flags: tuple[str, str],
    default: str,
    help: str,
    choices: tuple[str, ...],
    **more: Any,
) -> Parameter:
    """A parameter that takes one of ``choices``, its WEKA and CLI ``flags``."""
    return Parameter(
        name, *flags, default, help, str, _is_str, "a string", choices, **more
    )


PARAMETERS: tuple[Parameter, ...] = (
    Parameter(
        "base",
        "-W",
        "--learner",
        "J48",
        "base learner: J48, NaiveBayes, Logistic, SMO or a WEKA classname",
        str,
        _is_str,
        "a learner's name",
    ),
    Parameter(
        "base_options",
        "--",
        "--learner-options",
        "",
        'the base learner\'s own WEKA options, e.g. "-C 0.25 -M 2"',
        str,
        _is_str,
        "a string of WEKA options",
    ),
    Parameter(
        "pairs_per_instance",
        "-P",
        "--pairs",
        DEFAULT_PAIRS_PER_INSTANCE,
        "pairs per instance: 'all' (every mixed-class pair), p >= 1 drawn "
        "per instance, or 'auto' (2 up to 5,000 training instances, one more for "
        "each 1,000 more, at most 8)",
        _pairs,
        lambda v: v in ("all", "auto") or _is_int(v),
        "'all', 'auto' or an integer",
    ),
    Parameter(
        "voters",
        "-I",
        "--voters",
        DEFAULT_VOTERS,
        "committee size: members trained on independent pair samples, majority vote",
        int,
        _is_int,
        "an integer",
    ),
    _choice(
        "ranker",
        ("-R", "--ranker"),
        DEFAULT_RANKER,
        "how to order: "
        + ", ".join(RANKERS)
        + " (pointwise = the learner alone; it takes pairs and voters at their "
        "defaults or at all and 1)",
        RANKERS,
    ),
    _choice(
        "ties",
        ("-ties", "--ties"),
        "stable",
        "order of equal scores: stable (input order) or random (seeded)",
        TIES,
    ),
    Parameter(
        "threads",
        "-num-slots",
        "--threads",
        0,
        "JVM threads that train the members and score pairs, each scoring thread "
        "with its own copy of the committee; 0: one a core, with no more members "
        "trained at once than the JVM heap holds; the model and its scores do not "
        "depend on it",
        int,
        _is_int,
        "an integer",
    ),
    Parameter(
        "seed",
        "-S",
        "--seed",
        1,
        "random seed; member i draws its pairs (and WEKA -S) from seed + i",
        int,
        _is_int,
        "an integer",
    ),
    _choice(
        "sum_order",
        ("-sum-order", "--sum-order"),
        "rows",
        "how NaiveBayes from the rows (all or drawn pairs) sums a numeric attribute: "
        "rows (exact sums "
        "from the rows, linear in them; within a few ulps of WEKA's) or pairs "
        "(WEKA's order replayed: its model to the bit, O(pairs log pairs))",
        SUM_ORDERS,
        implicit_default=True,
    ),
    _choice(
        "pair_features",
        ("-pair-features", "--pair-features"),
        DEFAULT_PAIR_FEATURES,
        "what a pair instance holds: concat (the two rows side by side, the "
        "monograph's), difference (numeric attributes as a - b, nominal ones both "
        "values) or both",
        PAIR_FEATURES,
    ),
    _choice(
        "pair_order",
        ("-pair-order", "--pair-order"),
        "blocks",
        "order of a member's pairs: blocks (S1 x S0, then S0 x S1) or interleaved "
        "(each pair followed by its mirror; all pairs only)",
        PAIR_ORDERS,
        implicit_default=True,
    ),
    _choice(
        "smo_solver",
        ("-smo-solver", "--smo-solver"),
        "pairs",
        "how an SMO member is trained: pairs (WEKA's SMO on the pair instances), "
        "row-kernel (WEKA's SMO, its kernel from the rows' Gram matrices: the same "
        "model, to the bit) or differences (a linear SVM on the "
        "rows' differences by dual coordinate descent: the same optimum to SMO's "
        "tolerance; all pairs, linear kernel); one that does not apply declines",
        SMO_SOLVERS,
        implicit_default=True,
    ),
    Parameter(
        "reference_size",
        "-reference-size",
        "--reference-size",
        100,
        "training instances (drawn with the seed) kept with the model to score a "
        "single instance (predict, predict_proba) by its degree against them, and to "
        "learn where to cut that degree at about the training share of the class "
        "that ranks first; more kept make the degrees finer, to cut nearer that "
        "share, at n x n pairs at training and 2 n a scored instance (both "
        "orders); 0 refuses single instances",
        int,
        _is_int,
        "an integer",
        implicit_default=True,
    ),
)

BY_NAME: dict[str, Parameter] = {p.name: p for p in PARAMETERS}
BY_WEKA_FLAG: dict[str, Parameter] = {p.weka_flag: p for p in PARAMETERS}


def weka_options(
    values: dict[str, Any],
    rank_first: int | None,
    extra: list[str],
    base_options: list[str],
) -> list[str]:
    """The meta-classifier's option list for these parameter values.

    ``base`` is a classname. The list is
    ``-W class -P p -I n -R r -ties t -num-slots k -S seed``, then ``-sum-order``
    unless at its default, ``-pair-features`` always (its default has changed:
    see :func:`stored_scheme`), ``-pair-order`` and ``-smo-solver`` unless at
    their defaults, then ``-rank-first`` (1-based), ``extra`` and
    ``-- base options``.
    """
    parts = ["-W", values["base"]]
    for p in PARAMETERS:
        implicit = p.implicit_default and values[p.name] == p.default
        if p.weka_flag not in ("-W", "--") and not implicit:
            parts += [p.weka_flag, p.to_text(values[p.name])]
    if rank_first is not None and rank_first >= 0:
        parts += ["-rank-first", str(rank_first + 1)]
    parts += extra
    if base_options:
        parts += ["--", *base_options]
    return parts


_FLAG = r"(?:^|(?<=\s)){}(?=\s|$)"


def stored_scheme(options: str) -> str:
    """A stored option text as it meant when it was written, to re-run it.

    Until the default configuration was chosen by measurement, the default
    pair features were ``concat`` and the Python face left ``-pair-features``
    out at its default, so the texts stored then (results stores' ``scheme``,
    the Experimenter's ``Key_Scheme_options``, the monograph's committed
    store) hold no ``-pair-features`` and mean ``concat``. Java reads an
    absent flag as today's default, so such a text re-run as it is would
    train another model: this adds each absent flag of
    :data:`MONOGRAPH_CONFIGURATION` with the value it meant, among the
    meta-classifier's own options (before ``--``). ``-P`` and ``-I`` were
    always written, by both faces, and texts written since carry
    ``-pair-features`` too: they come back unchanged.
    """
    end = re.search(_FLAG.format("--"), options)
    head = options[: end.start()] if end else options
    missing = [
        f"{BY_NAME[name].weka_flag} {BY_NAME[name].to_text(value)}"
        for name, value in MONOGRAPH_CONFIGURATION.items()
        if not re.search(_FLAG.format(re.escape(BY_NAME[name].weka_flag)), head)
    ]
    if not missing:
        return options
    own = " ".join([head.rstrip(), *missing]).lstrip()
    return own + (" " + options[end.start() :] if end else "")


def current_defaults() -> dict[str, Any]:
    """Today's defaults of the parameters :data:`MONOGRAPH_CONFIGURATION` names.

    An experiment notes them beside its plan, so that a plan that leaves them
    out is read later as it meant when it ran.
    """
    return {name: BY_NAME[name].default for name in MONOGRAPH_CONFIGURATION}


def parameters_doc() -> str:
    """The table as the numpydoc "Parameters" section of the estimator."""
    lines = []
    for p in PARAMETERS:
        lines.append(f"{p.name} : {type(p.default).__name__}, default={p.default!r}")
        lines.append(
            f"    {p.help[0].upper()}{p.help[1:]}. WEKA option ``{p.weka_flag}``."
        )
    return "\n    ".join(lines)


def check_ranking_params(given: dict[str, Any]) -> None:
    """Refuse, for a trained model, parameters that say what to train."""
    trained = [(name, given[name]) for name in given if name not in RANKING_PARAMETERS]
    if trained:
        (name, value), *also = trained
        raise ParameterError(
            name,
            value,
            f"a saved model keeps what it was trained with; only "
            f"{', '.join(RANKING_PARAMETERS)} apply to it (train a new model to "
            "change the others)",
            also=tuple(also),
        )
