"""The package's own error types, so callers can tell bad input from bugs."""


class WekaRankingError(Exception):
    """Base class of every error this package raises on purpose."""


class DataError(WekaRankingError, ValueError):
    """A data file or data set that cannot be used; the message names it."""


class WekaError(WekaRankingError):
    """WEKA (or the JVM) refused something; the message names the spec."""


class JavaError(WekaRankingError):
    """No usable Java: missing JDK, a failed kernel build, an exhausted heap."""
