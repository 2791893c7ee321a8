"""The package's own error types, so callers can tell bad input from bugs.

An error that a parameter would mend carries it as a :class:`Remedy` rather
than as words, so that each face says it in its own terms: Python as
``drop_unsupported=True``, the command line as ``--drop-unsupported``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Remedy:
    """The parameter, and the value of it, that would mend an error."""

    advice: str
    name: str
    value: object
    note: str = ""
    # How Python says it when the parameter is no argument of the call that
    # failed (the JVM's heap: ``weka_ranking.jvm.start(heap='8g')``).
    python: str = ""

    def say(self, flag: str | None = None) -> str:
        """The advice with the parameter, or with its command-line ``flag``."""
        note = f" {self.note}" if self.note else ""
        if flag is None:
            said = self.python or f"{self.name}={self.value!r}"
            return f"{self.advice} {said}{note}"
        value = "" if self.value is True else f" {self.value}"
        return f"{self.advice} {flag}{value}{note}"


def advise(remedies: tuple[Remedy, ...], flags: dict[str, str] | None = None) -> str:
    """The remedies as one clause, each said with its flag where ``flags`` has it."""
    flags = flags or {}
    return ", or ".join(r.say(flags.get(r.name)) for r in remedies)


class WekaRankingError(Exception):
    """Base class of every error this package raises on purpose."""

    def __init__(self, message: str, *remedies: Remedy) -> None:
        super().__init__(message)
        self.message = message
        self.remedies = remedies

    def __str__(self) -> str:
        if not self.remedies:
            return self.message
        return f"{self.message}: {advise(self.remedies)}"


class DataError(WekaRankingError, ValueError):
    """A data file or data set that cannot be used; the message names it."""


class WekaRankingWarning(UserWarning):
    """A warning of this package: ``warnings.filterwarnings`` takes its category.

    ``template``, ``values`` and ``logger`` keep the message as logging would
    (the CLI says each kind once, through that logger).
    """

    template: str = ""
    values: tuple = ()
    logger: str = "weka_ranking"


class WekaError(WekaRankingError):
    """WEKA (or the JVM) refused something; the message names the spec."""


class JavaError(WekaRankingError):
    """No usable Java: missing JDK, a failed kernel build, an exhausted heap."""


class HeapError(JavaError):
    """The JVM's heap cannot hold one piece of work; others may still fit."""


class ParameterError(WekaRankingError, ValueError):
    """A parameter with a value it cannot take.

    ``name`` is the library's parameter name (``pairs_per_instance``) and
    ``value`` the value given, so that a caller (the command line) can say it
    in its own words (``--pairs 3``) without parsing the message; ``reason``
    says what the parameter takes instead. ``also`` names more parameters
    refused for the same reason; ``given`` holds them all, in order.
    """

    def __init__(
        self,
        name: str,
        value: object,
        reason: str,
        *remedies: Remedy,
        also: tuple[tuple[str, object], ...] = (),
    ) -> None:
        given = ((name, value), *also)
        said = ", ".join(f"{n}={v!r}" for n, v in given)
        super().__init__(f"{said}: {reason}", *remedies)
        self.name = name
        self.value = value
        self.reason = reason
        self.given = given


class ModelRefused(WekaError):
    """A model file holds what no model holds (a class, a nesting, a size).

    Refused by the deserialization filter before it could run code or exhaust
    time or memory; the message names the class or the limit.
    """
