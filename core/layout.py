"""tanktable's four top-level packages, and a clear error when something else takes a name.

Installed, tanktable's code is the packages ``core``, ``rulesets``, ``cli``
and ``data``, side by side in one folder (site-packages, or the repository in
an editable install). Python imports the first ``core`` (or ``cli``...) it
finds on ``sys.path``, so a project of a user's own with a module or package of
the same name in the current folder or earlier on the path would be imported
in tanktable's place and fail later with a puzzling error, or, for ``data``,
quietly read the wrong files. :func:`check` names the folder that took the name
instead, so the user knows what to rename or where not to run from.
"""

from __future__ import annotations

from functools import cache
from importlib.util import find_spec
from pathlib import Path

PACKAGES = ("core", "rulesets", "cli", "data")
"""The top-level import names a tanktable installation occupies."""

HOME = Path(__file__).resolve().parent.parent
"""The folder that holds tanktable's packages (site-packages or the repository)."""


class ShadowedPackage(ImportError):
    """One of tanktable's top-level names resolves outside tanktable's folder."""


def where(name: str) -> Path | None:
    """The folder of the package ``name`` imports, or the file of a module; None if none."""
    try:
        spec = find_spec(name)
    except (ImportError, ValueError):  # a module in sys.modules without a spec
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations))).resolve()
    return Path(spec.origin).resolve() if spec.origin else None


@cache
def check(*names: str) -> None:
    """Raise :class:`ShadowedPackage` unless each name imports tanktable's own package.

    Cached: a name's resolution does not change once the package is imported.
    """
    for name in names:
        found = where(name)
        if found != HOME / name:
            raise ShadowedPackage(
                f"tanktable's package {name!r} is shadowed by "
                f"{found if found is not None else 'nothing importable'}, found first on sys.path "
                f"(tanktable's is in {HOME}); rename that {name!r} or run from another folder"
            )
