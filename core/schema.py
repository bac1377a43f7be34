"""JSON Schema for editors, generated from the models ``tanktable validate`` uses.

``tanktable schema RULESET KIND`` prints it and a file that names it in a
``# yaml-language-server: $schema=...`` line gets completion and checking in
an editor. One truth (issue 60.2): the schema must accept every file
``validate`` accepts, and reject every file ``validate`` rejects for a reason
of form (a wrong type, an unknown key, a missing field, a value out of its
bounds). What only a program can see -- a card id that does not exist, a
file named by another, a hex off the board -- the schema leaves to
``validate``. pydantic's own schema is stricter than validation in places,
so it is adjusted here to what validation really accepts:

* a number where the model wants one may also be written as quoted text
  (pydantic reads ``tier: "5"`` as 5); an integer's bounds are kept in the
  text's pattern, a decimal number's sign only (its size is left to ``validate``);
* a truth value may be written as the words and numbers pydantic reads as
  one (``"yes"``, ``"off"``, ``1``);
* a model with a ``based_on`` field needs none of its other fields when
  ``based_on`` names a base (JSON Schema ``if``/``then``/``else``): they come
  from the base;
* a file's ``ruleset:`` and ``kind:`` header is required (``validate`` checks
  it before anything else), each a constant of the kind.

A truth value where a number belongs is refused (``speed: NO``), as
``validate`` refuses it (see :func:`core.data.validate`).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

__all__ = ["DIALECT", "MAX_ENUMERATED", "json_schema", "kinds_of", "modeline", "resolve_kind", "schema_file_name", "schema_of",
           "shipped_folder", "shipped_reference"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect pydantic writes (the YAML language server reads it)."""

MAX_ENUMERATED = 200
"""Most whole numbers a quoted integer's pattern lists one by one (a bounded field)."""

_BOOL_WORDS = ("0", "off", "f", "false", "n", "no", "1", "on", "t", "true", "y", "yes")
"""The words pydantic reads as a truth value, in any case."""

_SPACE = r"\s*"


def _any_case(word: str) -> str:
    """``yes`` -> ``[Yy][Ee][Ss]``: the YAML language server's regular expressions are
    JavaScript's, which have no inline ``(?i)``."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in word)


def _int_text(low: int | None, high: int | None) -> str:
    """A pattern for an integer written as text, within ``low``..``high`` where it can say so."""
    if low is not None and high is not None and high - low <= MAX_ENUMERATED:
        numbers = [str(n) for n in range(low, high + 1)]
        positive = "|".join(n for n in numbers if not n.startswith("-"))
        negative = "|".join(n[1:] for n in numbers if n.startswith("-"))
        parts = []
        if positive:
            parts.append(rf"\+?0*(?:{positive})")
        if negative:
            parts.append(rf"-0*(?:{negative})")
        return f"^{_SPACE}(?:{'|'.join(parts) or '(?!)'}){_SPACE}$"
    digits = r"[0-9](?:_?[0-9])*"
    if low is not None and low >= 1:
        return rf"^{_SPACE}\+?0*[1-9](?:_?[0-9])*{_SPACE}$"
    if low is not None and low >= 0:
        return rf"^{_SPACE}\+?{digits}{_SPACE}$"
    return rf"^{_SPACE}[+-]?{digits}{_SPACE}$"


def _float_text(nonnegative: bool) -> str:
    """A pattern for a decimal number written as text (its sign kept where it must be)."""
    sign = r"\+?" if nonnegative else r"[+-]?"
    digits = r"[0-9](?:_?[0-9])*"
    return rf"^{_SPACE}{sign}(?:{digits}(?:\.(?:{digits})?)?|\.{digits})(?:[eE][+-]?{digits})?{_SPACE}$"


def _bounds(schema: Any) -> tuple[int | None, int | None]:
    low = schema.get("ge")
    if low is None and schema.get("gt") is not None:
        low = int(schema["gt"]) + 1
    high = schema.get("le")
    if high is None and schema.get("lt") is not None:
        high = int(schema["lt"]) - 1
    return (None if low is None else int(low)), (None if high is None else int(high))


class LaxJsonSchema(GenerateJsonSchema):
    """pydantic's JSON Schema, widened to what its lax validation (``validate``) accepts."""

    def int_schema(self, schema: core_schema.IntSchema) -> JsonSchemaValue:
        number = super().int_schema(schema)
        low, high = _bounds(schema)
        return {"anyOf": [number, {"type": "string", "pattern": _int_text(low, high)}]}

    def float_schema(self, schema: core_schema.FloatSchema) -> JsonSchemaValue:
        number = super().float_schema(schema)
        low = schema.get("ge", schema.get("gt"))
        text = {"type": "string", "pattern": _float_text(low is not None and low >= 0)}
        return {"anyOf": [number, text]}

    def bool_schema(self, schema: core_schema.BoolSchema) -> JsonSchemaValue:
        words = "|".join(_any_case(w) for w in _BOOL_WORDS)
        return {"anyOf": [{"type": "boolean"}, {"enum": [0, 1]},
                          {"type": "string", "pattern": f"^(?:{words})$"}]}


def _header_required(schema: dict[str, Any]) -> None:
    """``ruleset:`` and ``kind:`` are required in a file, whatever their defaults."""
    props = schema.get("properties", {})
    header = [name for name in ("ruleset", "kind") if name in props]
    if header:
        schema["required"] = header + [r for r in schema.get("required", []) if r not in header]


def _based_on(schema: dict[str, Any], header: tuple[str, ...] = ()) -> None:
    """Fields other than the header are required only when ``based_on`` names no base."""
    props = schema.get("properties", {})
    if "based_on" not in props:
        return
    required = schema.get("required", [])
    own = [r for r in required if r not in header]
    if not own:
        return
    schema["required"] = [r for r in required if r in header]
    if not schema["required"]:
        del schema["required"]
    schema["if"] = {"properties": {"based_on": {"type": "string"}}, "required": ["based_on"]}
    schema["else"] = {"required": own}


def json_schema(model: type[BaseModel], ruleset: str | None = None, kind: str | None = None) -> dict[str, Any]:
    """The JSON Schema of ``model`` as an editor should apply it to a data file of
    ``ruleset``/``kind`` (see the module's docstring for how it follows ``validate``)."""
    schema = model.model_json_schema(schema_generator=LaxJsonSchema, mode="validation")
    _header_required(schema)
    header = tuple(n for n in ("ruleset", "kind") if n in schema.get("properties", {}))
    _based_on(schema, header)
    for definition in schema.get("$defs", {}).values():
        if isinstance(definition, dict):
            _based_on(definition)
    out: dict[str, Any] = {"$schema": DIALECT}
    if ruleset is not None and kind is not None:
        out["$id"] = f"urn:tanktable:{ruleset}:{kind}"
        out["title"] = f"tanktable {ruleset} {kind}"
    out.update((k, v) for k, v in schema.items() if not (k == "title" and "title" in out))
    return out


def schema_file_name(ruleset: str, kind: str) -> str:
    """Where the modeline of a template looks for the schema: a file beside the YAML file,
    written with ``tanktable schema RULESET KIND > NAME``."""
    return f"{ruleset}.{kind}.schema.json"


def modeline(ruleset: str, kind: str) -> str:
    """The comment that hooks a file to its schema in an editor with the YAML language
    server (VS Code's YAML extension, Neovim, Emacs, JetBrains...)."""
    return f"# yaml-language-server: $schema={schema_file_name(ruleset, kind)}"


def kinds_of(ruleset: str) -> dict[str, tuple[str, type[BaseModel]]]:
    """Every data kind a file of ``ruleset``'s games may be, with the ``ruleset:`` its
    header carries and its model: the ruleset's own kinds and those of the core it reads
    through its package (a plugin's hex maps are ``ruleset: hex``), or the core's kinds
    for ``hex``/``ai``; ``record`` for every ruleset."""
    from core.registry import CORE_KINDS, get_ruleset, kind_model

    core = {k: (r, kind_model(r, k)) for r, k in CORE_KINDS if r == ruleset}
    if core:
        return core
    owner = get_ruleset(ruleset)
    found: dict[str, tuple[str, type[BaseModel]]] = {
        kind: (ruleset, model) for kind, model in owner.data_kinds().items()}
    if owner.package_data is not None:
        for kind, spec in owner.package_data.kinds.items():
            found.setdefault(kind, (spec.ruleset or ruleset, spec.model))
    for core_ruleset, kind in sorted(_core_headers(ruleset)):  # its hex maps, its terrain chart
        found.setdefault(kind, (core_ruleset, kind_model(core_ruleset, kind)))
    found.setdefault("record", (ruleset, kind_model(ruleset, "record")))
    return found


def _core_headers(ruleset: str) -> set[tuple[str, str]]:
    """The core kinds (``hex map``...) among the files ``ruleset`` ships."""
    from core.registry import CORE_KINDS

    found = set()
    for root in _roots(ruleset):
        for _, node in _walk(root):
            header = _header_of(node.read_text(encoding="utf-8"))
            if header in CORE_KINDS:
                found.add((str(header[0]), str(header[1])))
    return found


def resolve_kind(ruleset: str, kind: str) -> tuple[str, str, type[BaseModel]]:
    """``(header, kind, model)`` of ``kind`` as :func:`kinds_of` finds it: the ``ruleset:``
    its files carry, its current name (a former one is read as it) and its model; a clear
    error for unknown kinds."""
    from core.registry import CORE_KINDS, get_ruleset

    kinds = kinds_of(ruleset)
    if kind not in kinds and not any(r == ruleset for r, _ in CORE_KINDS):
        kind = get_ruleset(ruleset).canonical_kind(kind)
    if kind not in kinds:
        raise _no_kind(ruleset, kind, kinds)
    header, model = kinds[kind]
    return header, kind, model


def schema_of(ruleset: str, kind: str) -> dict[str, Any]:
    """``tanktable schema RULESET KIND``: the schema of ``kind`` (see :func:`resolve_kind`)."""
    header, kind, model = resolve_kind(ruleset, kind)
    return json_schema(model, header, kind)


# ------------------------------------------------- files to start from (templates, shipped)
_HEADER = re.compile(r"^(ruleset|kind):[ \t]*['\"]?([A-Za-z0-9_.-]+)['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)

TEMPLATES = "templates"
"""The folder of a ruleset's data (``data/battle_of_tanks/templates/``, or a plugin's data
package) that holds commented templates, one per kind: ``army.yaml``, ``scenario.yaml``..."""


def _header_of(text: str) -> tuple[str | None, str | None]:
    """A file's ``ruleset:``/``kind:`` read from its top-level lines (without parsing it
    whole: listing the shipped files reads every one)."""
    found: dict[str, str] = {}
    for m in _HEADER.finditer(text):
        found.setdefault(m.group(1), m.group(2))
    return found.get("ruleset"), found.get("kind")


def _roots(ruleset: str) -> list[Any]:
    """The data folders that ship ``ruleset``'s files: ``data/<ruleset>/`` for a shipped
    ruleset, the whole of ``data/`` for the core's ``hex``/``ai``, a plugin's data package."""
    from core.registry import CORE_KINDS, get_ruleset
    from core.resources import data_root

    if any(r == ruleset for r, _ in CORE_KINDS):
        return [data_root()]
    owner = get_ruleset(ruleset)
    if owner.package_data is not None:
        return [data_root(owner.package_data.package)]
    folder = data_root() / ruleset.replace("-", "_")
    return [folder] if folder.is_dir() else []


def _walk(node: Any, under: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    out: list[tuple[tuple[str, ...], Any]] = []
    for child in sorted(node.iterdir(), key=lambda c: c.name):
        if child.is_dir() and not child.name.startswith(("_", ".")):
            out.extend(_walk(child, (*under, child.name)))
        elif child.name.endswith((".yaml", ".yml")):
            out.append(((*under, child.name), child))
    return out


def shipped_files(ruleset: str, kind: str) -> dict[str, Any]:
    """The shipped files of ``kind`` that ``ruleset`` reads, by name (the file's name
    without ``.yaml``), templates aside: what ``tanktable show`` prints."""
    kinds = kinds_of(ruleset)
    if kind not in kinds:
        raise _no_kind(ruleset, kind, kinds)
    header = kinds[kind][0]
    files = [(parts, node) for root in _roots(ruleset) for parts, node in _walk(root)
             if parts[0] != TEMPLATES and _header_of(node.read_text(encoding="utf-8")) == (header, kind)]
    stems = [parts[-1].rsplit(".", 1)[0] for parts, _ in files]
    found: dict[str, Any] = {}
    for stem, (parts, node) in zip(stems, files, strict=True):
        # a name two files share is given with its folder: duel_of_the_giants/hex_terrain
        name = stem if stems.count(stem) == 1 else "/".join((*parts[:-1], stem))
        found.setdefault(name, node)
    return found


def template_file(ruleset: str, kind: str) -> Any | None:
    """The ruleset's commented template of ``kind`` (``templates/KIND.yaml``), if it ships one."""
    for root in _roots(ruleset):
        node = root / TEMPLATES / f"{kind}.yaml"
        if node.is_file():
            return node
    return None


def with_modeline(text: str) -> str:
    """``text`` (a data file) with the :func:`modeline` of its own header on top, unless it
    has one already."""
    if "yaml-language-server:" in text:
        return text
    ruleset, kind = _header_of(text)
    if ruleset is None or kind is None:
        return text
    return f"{modeline(ruleset, kind)}\n{text}"


def _no_kind(ruleset: str, kind: str, kinds: dict[str, Any]) -> Exception:
    from core.errors import TanktableError, did_you_mean

    hint = did_you_mean(kind, list(kinds))
    return TanktableError(f"ruleset {ruleset!r} has no data kind {kind!r}{hint} "
                          f"(kinds: {', '.join(sorted(kinds))})")


# ------------------------------------------- a shipped file named portably: RULESET:PATH
_SHIPPED_REFERENCE = re.compile(r"^([a-z][a-z0-9]*(?:-[a-z0-9]+)*):([^:]+)$")
"""``duel-of-the-giants:hex_terrain``: a ruleset id of two letters or more (so that a
Windows drive, ``C:\\maps``, is never read as one), a colon, a path in its data."""


def shipped_reference(name: str) -> tuple[Any, str] | None:
    """The shipped file ``RULESET:PATH`` names -- ``PATH`` (``.yaml`` may be left off)
    inside the data that ships ``RULESET``'s files (``data/duel_of_the_giants/``, a
    plugin's data package, all of ``data/`` for ``hex``) -- and how messages name it.

    This is how a file a user writes names a shipped file portably: an installed path
    breaks when the file is shared, a path relative to the shipped folder means nothing
    outside it (issue 60.6). ``None`` when ``name`` is not of this form; a name that
    leaves the ruleset's data, an unknown ruleset or a missing file raise a
    :class:`~core.errors.TanktableError` that says which."""
    import posixpath

    from core.errors import TanktableError, did_you_mean
    from core.references import shown_name

    found = _SHIPPED_REFERENCE.match(name)
    if found is None:
        return None
    ruleset, path = found.groups()
    clean = posixpath.normpath(path)
    if posixpath.isabs(path) or "\\" in path or clean.split("/")[0] in ("..", "."):
        raise TanktableError(f"{shown_name(name)}: a shipped file is named by its path inside the data of "
                             f"{ruleset}; this one leaves it")
    if not clean.endswith((".yaml", ".yml")):
        clean += ".yaml"
    roots = _roots(ruleset)  # an unknown ruleset raises here, with the registered ones
    for root in roots:
        node = root
        for part in clean.split("/"):
            node = node / part
        try:
            found_file = node.is_file()
        except (OSError, ValueError):  # a name too long, a NUL: no such file
            found_file = False
        if found_file:
            return node, f"{ruleset}:{clean}"
    names = sorted({"/".join(parts)[: -len(".yaml")] for root in roots for parts, _ in _walk(root)
                    if parts[0] != TEMPLATES and parts[-1].endswith(".yaml")})
    hint = did_you_mean(clean[: -len(".yaml")], names)
    raise TanktableError(f"{shown_name(name)}: {ruleset} ships no file {shown_name(clean)}{hint}")


def shipped_folder(ruleset: str, node: Any) -> tuple[str, ...] | None:
    """The folder of the shipped file ``node`` below the data of ``ruleset`` (``("maps",)``),
    or None when it is not found there: what a ``RULESET:PATH`` naming its neighbours
    starts from."""
    for root in _roots(ruleset):
        for parts, found in _walk(root):
            if str(found) == str(node):
                return tuple(parts[:-1])
    return None


def settings_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The schema of a ``settings:`` mapping of overrides of ``model`` as
    :func:`core.data.with_overrides` reads it: every dotted name of a setting (``victory.max_rounds``)
    with its type, each top-level name also as a mapping (merged, checked by ``validate``), and
    nothing else -- so that an editor flags a misspelt setting or a wrong-typed value as
    ``validate`` does (authoring playtest: the schema took any key and any value)."""
    whole = model.model_json_schema(schema_generator=LaxJsonSchema, mode="validation")
    defs = whole.get("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return inline({**defs[ref.removeprefix("#/$defs/")], **{k: v for k, v in node.items() if k != "$ref"}})
            return {k: inline(v) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    properties: dict[str, Any] = {}
    patterns: dict[str, Any] = {}

    def walk(props: dict[str, Any], prefix: str) -> None:
        for name, sub in props.items():
            if not prefix and name in ("ruleset", "kind"):
                continue
            full = inline(sub)
            dotted = f"{prefix}{name}"
            if isinstance(full.get("properties"), dict) and full.get("additionalProperties") is False:
                properties[dotted] = {"type": "object"} if not prefix else full
                walk(full["properties"], f"{dotted}.")
            else:
                properties[dotted] = {"type": "object"} if not prefix and full.get("type") == "object" else full
                if full.get("type") == "object":  # a mapping such as terrain_kinds: its entries by dotted name
                    patterns[f"^{re.escape(dotted)}\\."] = {}

    walk(whole.get("properties", {}), "")
    if properties:  # the known names as one pattern too: a checker that refuses a misspelt setting
        # then lists them in its message, not only the open mappings' prefixes (issue 60.6)
        known = "|".join(re.escape(name).replace("\\.", "[.]") for name in properties)  # readable: a[.]b
        patterns = {f"^(?:{known})$": {}, **patterns}
    return {"type": "object", "properties": properties, "patternProperties": patterns,
            "additionalProperties": False}
