"""tanktable core: the ruleset-agnostic engine (grids, geometry, combat, dice, data, records)."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """``core.__version__``: the installed distribution's version, read when asked.

    ``pyproject.toml`` is the one source; reading the installed metadata costs a
    scan of site-packages, so it is not done at import time.
    """
    if name != "__version__":
        raise AttributeError(f"module 'core' has no attribute {name!r}")
    from importlib import metadata

    try:
        return metadata.version("tanktable")
    except metadata.PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"
