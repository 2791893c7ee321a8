"""Where the project's non-Python folders are, in a checkout or installed."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

_REPO = Path(__file__).resolve().parent.parent


def project_dir(name: str) -> Path:
    """``name/`` of the checkout, or its copy ``weka_ranking/_name`` in a wheel."""
    in_repo = _REPO / name
    if in_repo.is_dir():
        return in_repo
    return Path(str(importlib.resources.files("weka_ranking"))) / f"_{name}"
