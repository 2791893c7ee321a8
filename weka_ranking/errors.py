"""The package's own error types, so callers can tell bad input from bugs."""


class WekaRankingError(Exception):
    """Base class of every error this package raises on purpose."""


class DataError(WekaRankingError, ValueError):
    """A data file or data set that cannot be used; the message names it."""


class WekaError(WekaRankingError):
    """WEKA (or the JVM) refused something; the message names the spec."""


class JavaError(WekaRankingError):
    """No usable Java: missing JDK, a failed kernel build, an exhausted heap."""


class ParameterError(WekaRankingError, ValueError):
    """A parameter with a value it cannot take.

    ``name`` is the library's parameter name (``pairs_per_instance``) and
    ``value`` the value given, so that a caller (the command line) can say it
    in its own words (``--pairs 3``) without parsing the message; ``reason``
    says what the parameter takes instead.
    """

    def __init__(self, name: str, value: object, reason: str) -> None:
        self.name = name
        self.value = value
        self.reason = reason
        super().__init__(f"{name}={value!r}: {reason}")
