"""A ruleset's own data kinds: shipped in its package, or a user's files.

A plugin declares its kinds once, as pydantic models, and where its shipped
files of each kind lie in its own package::

    DATA = PackageData("hex-recon", "tanktable_hexrecon.data", {
        "units": Kind(UnitsFile, folder="units"),
        "scenario": Kind(ScenarioFile, folder="scenarios", check=check_scenario),
        "map": hex_map_kind("maps"),    # the core hex map format
    })

and sets ``package_data = DATA`` on its :class:`~core.game.Ruleset`. Then:

- :meth:`PackageData.load` reads a kind by shipped name (``ridge``) or by
  path (``my-ridge.yaml``): the header is checked, the model validated, the
  kind's own ``check`` run, and every field marked ``Reference("map")`` is
  followed -- a name beside the referencing file first, else the plugin's
  shipped file of that name -- recursively, cycles refused. Every problem of
  every file comes back at once as ``file:line:col: message`` in one
  :class:`~core.errors.DataError`, with the YAML-trap hints of
  :func:`core.data.validate` (``NO`` read as false...).
- ``tanktable validate`` checks a user's file of any of these kinds the same
  way (references included), ``tanktable schema RULESET KIND`` prints its JSON
  Schema, and the loader fuzz mutates every shipped file of the package.

References go through :mod:`core.references`, so a server's rules (files
confined to a folder, or only those it offers) hold for a plugin's data too.
"""

from __future__ import annotations

import os
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib.abc import Traversable
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from core.data import Document, Problem, judge_partly, validate_partly
from core.errors import DataError, TanktableError
from core.references import Source, resolve, resolve_at, shown_name
from core.resources import data_root, package_label, shipped_names

__all__ = ["Kind", "Loaded", "PackageData", "Reference", "hex_board", "hex_map_kind", "references"]

M = TypeVar("M", bound=BaseModel)
Loc = tuple[Any, ...]

MAX_DEPTH = 16
"""Most files a chain of references may run through (a cycle is refused before)."""


@dataclass(frozen=True)
class Reference:
    """Marks a field as naming another data file of ``kind``:
    ``map: Annotated[str, Reference("map")]`` or
    ``units: Annotated[list[str], Reference("unit")]``."""

    kind: str


@dataclass(frozen=True)
class Kind:
    """One data kind of a package: its model, the folder of its shipped files
    (below the package; names there need no ``.yaml``), the ``ruleset:`` its
    files carry when it is not the package's own (a core ``hex`` map), and a
    check beyond the schema: given the file read, with the files it names
    (those without problems, in ``refs``), it returns located problems
    (``loaded.doc.problem(("blue", "hexes", 2), "...")``)."""

    model: type[BaseModel]
    folder: str = ""
    ruleset: str | None = None
    check: Callable[[Loaded[Any]], list[Problem]] | None = None
    aliases: tuple[str, ...] = ()
    """Former names of the kind that files may still carry in ``kind:`` (give the
    model's ``kind`` field those names too)."""


@dataclass(frozen=True)
class Loaded(Generic[M]):
    """A file read through :class:`PackageData`: its model, its document (for
    positions), where it came from, and the files its references named, by the
    location of the referencing value (``("units", 0)``)."""

    model: M
    doc: Document
    source: Source
    refs: Mapping[Loc, Loaded[Any]] = field(default_factory=dict)

    def ref(self, *loc: Any) -> Loaded[Any]:
        """The file the value at ``loc`` names (``loaded.ref("map")``)."""
        return self.refs[tuple(loc)]


class PackageData:
    """The data kinds of one ruleset and the package that ships its files."""

    def __init__(self, ruleset: str, package: str, kinds: Mapping[str, Kind]):
        self.ruleset = ruleset
        self.package = package
        self.kinds = dict(kinds)
        self._shipped: dict[tuple[str, str], Loaded[Any]] = {}

    # ------------------------------------------------------------ what exists
    def models(self) -> dict[str, type[BaseModel]]:
        """The kinds whose files carry this ruleset's header (for ``Ruleset.data_kinds``)."""
        return {name: k.model for name, k in self.kinds.items() if k.ruleset in (None, self.ruleset)}

    def aliases(self) -> dict[str, str]:
        """Former kind names -> the kind (for ``Ruleset.canonical_kind``)."""
        return {old: name for name, k in self.kinds.items() for old in k.aliases}

    def names(self, kind: str) -> list[str]:
        """The shipped files of ``kind``, by name (a ruleset's ``scenarios()``)."""
        return shipped_names(self._kind(kind).folder, package=self.package) if self._kind(kind).folder else []

    def shipped_files(self) -> Iterator[tuple[str, str]]:
        """``(label, text)`` of every shipped YAML file of the package (for the loader fuzz)."""
        def walk(node: Traversable, parts: tuple[str, ...]) -> Iterator[tuple[str, str]]:
            for child in sorted(node.iterdir(), key=lambda c: c.name):
                if child.is_dir():
                    yield from walk(child, (*parts, child.name))
                elif child.name.endswith((".yaml", ".yml")):
                    yield "/".join((package_label(self.package), *parts, child.name)), \
                        child.read_text(encoding="utf-8")
        yield from walk(data_root(self.package), ())

    # --------------------------------------------------------------- loading
    def load(self, kind: str, name: str | Path, *, beside: str | Path | None = None,
             at: tuple[Document, Loc] | None = None) -> Loaded[Any]:
        """The file of ``kind`` that ``name`` means -- a shipped name or a path
        (relative to ``beside``, the referencing file's folder; ``None``: typed by
        the user) -- read, validated and with its references followed. Every
        problem is raised at once in one :class:`DataError`; a name that finds no
        file is a :class:`~core.references.BadReference`, or a problem at ``at`` (the
        referencing document and key) when given."""
        folder = self._kind(kind).folder
        if at is not None:
            source = resolve_at(at[0], at[1], str(name), kind, beside=beside, package=self.package,
                                shipped_folder=(folder,) if folder else ())
        else:
            source = resolve(str(name), kind, beside=beside, package=self.package,
                             shipped_folder=(folder,) if folder else ())
        cached = self._shipped.get((kind, source.label)) if source.is_shipped else None
        if cached is not None:
            return cached
        problems: list[Problem] = []
        loaded = self._read(kind, source, None, (), problems)
        if problems or loaded is None:
            raise DataError(sorted(set(problems)))
        if source.is_shipped and all(r.source.is_shipped for r in loaded.refs.values()):
            self._shipped[(kind, source.label)] = loaded
        return loaded

    def problems(self, kind: str, doc: Document) -> list[Problem]:
        """Every problem of a user's file of ``kind`` (``tanktable validate``): the
        header, the schema, the kind's check and every file it refers to."""
        path = Path(doc.path)
        source = Source(label=doc.path, reference=doc.path, path=path)
        found: list[Problem] = []
        self._read(kind, source, doc, (), found)
        return sorted(set(found))

    def _kind(self, kind: str) -> Kind:
        if kind not in self.kinds:
            raise TanktableError(f"{self.ruleset} has no data kind {kind!r} "
                                 f"(kinds: {', '.join(sorted(self.kinds))})")
        return self.kinds[kind]

    def _read(self, kind: str, source: Source, doc: Document | None, chain: tuple[str, ...],
              problems: list[Problem]) -> Loaded[Any] | None:
        """One file and, depth first, the files it names; problems appended."""
        spec = self._kind(kind)
        try:
            doc = doc if doc is not None else source.document()
        except DataError as exc:
            problems.extend(p for p in exc.problems if isinstance(p, Problem))
            return None
        header = self._header(kind, spec, doc)
        if header:
            problems.extend(header)
            return None
        # the references are still followed and the kind's check still judges the
        # well-formed parts of a file the schema refuses: every problem at once (issue 60)
        model, refused, _ = validate_partly(doc, spec.model)
        problems.extend(refused)
        beside = source.path.parent if source.path is not None else None
        refs: dict[Loc, Loaded[Any]] = {}
        for loc, ref_kind, name in references(spec.model, doc.data):
            if ref_kind not in self.kinds:
                problems.append(doc.problem(loc, f"names a {ref_kind!r}, which {self.ruleset} does not read"))
                continue
            folder = self.kinds[ref_kind].folder
            try:
                found = resolve_at(doc, loc, name, ref_kind, beside=beside, package=self.package,
                                   shipped_folder=(folder,) if folder else ())
            except DataError as exc:
                problems.extend(p for p in exc.problems if isinstance(p, Problem))
                continue
            if _identity(found) in (*chain, _identity(source)):
                problems.append(doc.problem(loc, f"{loc[0]}: {shown_name(name)} refers back to this "
                                                 "file (a cycle of references)"))
                continue
            if len(chain) >= MAX_DEPTH:
                problems.append(doc.problem(loc, f"{loc[0]}: {shown_name(name)}: references run more "
                                                 f"than {MAX_DEPTH} files deep"))
                continue
            before = len(problems)
            child = self._read(ref_kind, found, None, (*chain, _identity(source)), problems)
            if child is None or len(problems) > before:
                problems.append(doc.problem(loc, f"{loc[0]}: {shown_name(name)} has problems "
                                                 f"(at their lines in {found.label})"))
            else:  # only files without problems go on to the check
                refs[loc] = child
        if model is None:
            return None
        loaded = Loaded(model, doc, source, refs)
        check = spec.check
        if check is not None and not refused:
            problems.extend(check(loaded))
        elif check is not None:  # judged on mended copies, as core.data.judge_partly says
            later = judge_partly(doc, spec.model, lambda m, d: check(Loaded(m, d, source, refs)))
            problems.extend(p for p in later if p not in refused)
        return None if refused else loaded

    def _header(self, kind: str, spec: Kind, doc: Document) -> list[Problem]:
        """The ``ruleset:``/``kind:`` a file of ``kind`` must start with."""
        ruleset, found = doc.header()
        want = spec.ruleset or self.ruleset
        out = []
        if ruleset != want:
            out.append(doc.problem(("ruleset",), f"ruleset: expected {want!r}, found {ruleset!r}"))
        if found != kind and found not in spec.aliases:
            out.append(doc.problem(("kind",), f"kind: expected {kind!r}, found {found!r}"))
        return out


def _identity(source: Source) -> str:
    """One file, however a reference spells its path (``a.yaml``, ``x/../a.yaml``, a link)."""
    if source.path is None:
        return source.label
    try:
        return os.path.realpath(source.path)
    except (OSError, ValueError):
        return str(source.path)


def references(model: type[BaseModel], data: Any, loc: Loc = ()) -> Iterator[tuple[Loc, str, str]]:
    """``(location, kind, name)`` of every name that ``data`` (a file's plain data,
    valid or not) holds in a field of ``model`` marked :class:`Reference`, nested
    models included: a file with other problems still has its references read."""
    if not isinstance(data, dict):
        return
    for name, info in model.model_fields.items():
        if name not in data:
            continue
        value, here = data[name], (*loc, name)
        marks = [m for m in info.metadata if isinstance(m, Reference)]
        if marks:
            items = enumerate(value) if isinstance(value, list) else [(None, value)]
            yield from ((here if i is None else (*here, i), marks[0].kind, v)
                        for i, v in items if isinstance(v, str))
            continue
        inner, container = _model_in(info.annotation)
        if inner is None:
            continue
        if container is list and isinstance(value, list):
            for i, item in enumerate(value):
                yield from references(inner, item, (*here, i))
        elif container is dict and isinstance(value, dict):
            for key, item in value.items():
                yield from references(inner, item, (*here, key))
        elif container is None:
            yield from references(inner, value, here)


def _model_in(annotation: Any) -> tuple[type[BaseModel] | None, type | None]:
    """The model a field holds, directly (container ``None``), in a list or as the
    values of a dict; optional fields included."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation, None
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            found = _model_in(arg)
            if found[0] is not None:
                return found
    if origin in (list, tuple) and args and isinstance(args[0], type) and issubclass(args[0], BaseModel):
        return args[0], list
    if origin is dict and len(args) == 2 and isinstance(args[1], type) and issubclass(args[1], BaseModel):
        return args[1], dict
    return None, None


def hex_map_kind(folder: str = "maps") -> Kind:
    """The core hex map (``ruleset: hex``, ``kind: map``, see docs/hex.md) as a kind of
    a package: shipped maps in ``folder``, a user's named beside the referencing
    file, every problem found as ``tanktable validate`` finds it in any map."""
    from core.grid.hexmap import HexMapFile, check_document

    return Kind(HexMapFile, folder, "hex",
                lambda loaded: check_document("map", loaded.model, loaded.doc, loaded.source))


_BOARDS: dict[tuple[str, str, int], tuple[Any, Any]] = {}
MAX_BOARDS = 64
"""Boards kept built at once (the shipped maps of every plugin fit many times over)."""


def hex_board(loaded: Loaded[Any], catalogue: Any = None) -> Any:
    """The :class:`~core.grid.hexboard.HexBoard` of a map read as :func:`hex_map_kind`,
    built once per file text: games of one map share it (and its sight caches).

    ``catalogue`` (a :class:`~core.grid.hexboard.Catalogue`, e.g. from
    ``Catalogue.from_models([catalogue_from_text(...)])``) is the plugin's own terrain
    chart in place of the shipped HTC chart; the map's ``terrain_files`` (found in the
    plugin's package for a shipped map) still go on top."""
    from core.grid.hexboard import build_board

    key = (loaded.doc.path, loaded.doc.sha256, id(catalogue))
    cached = _BOARDS.get(key)
    if cached is None or cached[0] is not catalogue:  # an id may be reused by a new object
        board, problems = build_board(loaded.model, loaded.doc, catalogue=catalogue, source=loaded.source)
        if board is None:
            raise DataError(problems)
        if len(_BOARDS) >= MAX_BOARDS:  # a server reading many users' maps keeps the latest
            del _BOARDS[next(iter(_BOARDS))]
        cached = _BOARDS[key] = (catalogue, board)
    return cached[1]
