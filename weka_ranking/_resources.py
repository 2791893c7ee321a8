"""Where the project's non-Python folders are, in a checkout or installed."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

_REPO = Path(__file__).resolve().parent.parent


def checkout() -> Path | None:
    """The checkout this package is imported from, or None for an installed wheel.

    A checkout is an editable install, or the source tree on ``sys.path``.
    """
    # pyproject.toml beside src/ tells a checkout from site-packages, where
    # some other distribution may have installed a top-level src/.
    if (_REPO / "pyproject.toml").is_file() and (_REPO / "src").is_dir():
        return _REPO
    return None


def package_dir() -> Path:
    """The folder of the ``weka_ranking`` package itself."""
    return Path(str(importlib.resources.files("weka_ranking")))


def project_dir(name: str) -> Path:
    """``name/`` of the checkout, or its copy ``weka_ranking/_name`` in a wheel."""
    root = checkout()
    if root is not None and (root / name).is_dir():
        return root / name
    return package_dir() / f"_{name}"
