"""Access to shipped data in a package (works from a wheel too).

tanktable's own data lives in the ``data`` package; a plugin's lives in a
package of its own (see :mod:`core.package_data`), read the same way.
"""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable

from core import layout

DATA_PACKAGE = "data"
"""The package of tanktable's own shipped data."""


def data_root(package: str = DATA_PACKAGE) -> Traversable:
    """The root of a package's data; for tanktable's own, first checks that ``data`` is ours."""
    if package == DATA_PACKAGE:
        layout.check(DATA_PACKAGE)
    return resources.files(package)


def shipped(*parts: str, package: str = DATA_PACKAGE) -> Traversable:
    """A file or folder below ``data/`` (or below ``package``), e.g. ``shipped("tank_chess", "maps")``."""
    node = data_root(package)
    for part in parts:
        node = node / part
    return node


def shipped_names(*parts: str, suffix: str = ".yaml", package: str = DATA_PACKAGE) -> list[str]:
    """Names (without suffix) of the YAML files in a shipped folder."""
    folder = shipped(*parts, package=package)
    if not folder.is_dir():
        return []
    return sorted(p.name[: -len(suffix)] for p in folder.iterdir() if p.name.endswith(suffix))


def package_label(package: str) -> str:
    """How problems name a package's folder: ``data``, ``tanktable_hexscouts/data``."""
    return package.replace(".", "/")


def shipped_titles(*parts: str, fields: tuple[str, ...] = ("title", "description"),
                   package: str = DATA_PACKAGE) -> dict[str, str]:
    """For each YAML file of a shipped folder (by name, without suffix), the first of ``fields``
    it gives as text: the line a menu shows beside a scenario's name. A file without one, or
    one that does not read, is left out (``validate`` is where its problems are told)."""
    from core.data import parse_document
    from core.errors import TanktableError

    folder = shipped(*parts, package=package)
    if not folder.is_dir():
        return {}
    titles: dict[str, str] = {}
    for node in folder.iterdir():
        if not node.name.endswith(".yaml"):
            continue
        try:
            data = parse_document(node.read_text(encoding="utf-8"), node.name).data
        except (TanktableError, OSError, UnicodeDecodeError):  # validate reports a broken file, not a menu
            continue
        if isinstance(data, dict):
            line = next((data[f] for f in fields if isinstance(data.get(f), str) and data[f].strip()), None)
            if line is not None:
                titles[node.name[:-5]] = " ".join(line.split())
    return dict(sorted(titles.items()))
