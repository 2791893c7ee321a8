"""The package's version, in a module of its own.

It lives here so that no module imports the package's ``__init__`` for it.
"""

__version__ = "0.8.0"
