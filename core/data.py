"""YAML data: safe, line-numbered, validated by pydantic, every problem at once.

Unit cards, maps, scenarios, rules tables, armies and game records are all
YAML files that start with ``ruleset:`` and ``kind:``. A person writes them by
hand, so a mistake must come back as ``path:line:col: message`` -- every
mistake in the file, not just the first -- and never as a traceback.

How: the file is *composed* (not constructed) with the C safe loader when
available, which gives a node graph with positions and does not expand
aliases. We then build plain Python values ourselves, recording the position
of every value and key, refusing duplicate keys, and counting nodes so an
alias bomb is stopped after a bounded amount of work. Pydantic validates the
result (models use ``extra="forbid"``); its error locations are mapped back
to lines. YAML 1.1 surprises (``NO`` read as false, ``12:30`` read as 750)
get a message that says to quote the value.
"""

from __future__ import annotations

import copy
import hashlib
import math
import re
import stat
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from core.errors import DataError, TanktableError, did_you_mean

__all__ = [
    "MAX_BYTES",
    "MAX_NODES",
    "DataModel",
    "Document",
    "Problem",
    "load_document",
    "judge_partly",
    "load_model",
    "mended_document",
    "parse_document",
    "resolve_based_on",
    "unmended",
    "validate",
    "validate_partly",
    "with_overrides",
]

MAX_BYTES = 4 * 1024 * 1024
"""Largest data file we read: a hand-written card or map is far smaller."""

MAX_NODES = 200_000
"""Most values one file may expand to (stops alias bombs after bounded work)."""

MAX_DEPTH = 64
"""Deepest nesting of lists and mappings in a data file (hand-written files use a few)."""

Loc = tuple[Any, ...]
M = TypeVar("M", bound=BaseModel)

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DataModel(BaseModel):
    """Base of every data model: unknown fields are errors, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)
    """``allow_inf_nan=False``: every float of every model is a finite number."""


@dataclass(frozen=True, order=True)
class Problem:
    """One problem in one file, printed the way editors and compilers do."""

    path: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "line": self.line, "col": self.col, "message": self.message}


@dataclass
class Document:
    """Plain data from a YAML file plus the position of every value and key."""

    path: str
    data: Any
    text: str = ""
    values: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    plain: dict[Loc, tuple[str, str]] = field(default_factory=dict)
    """Unquoted scalars that YAML did not read as text: loc -> (source, read as)."""

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    def where(self, loc: Loc, key: bool = False) -> tuple[int, int]:
        """Line and column (1-based) of ``loc``, or of its nearest ancestor."""
        loc = tuple(loc)
        if key and loc in self.keys:
            return self.keys[loc]
        while loc not in self.values and loc:
            loc = loc[:-1]
        return self.values.get(loc, (1, 1))

    def problem(self, loc: Loc, message: str, key: bool = False) -> Problem:
        line, col = self.where(loc, key)
        return Problem(self.path, line, col, message)

    def part(self, loc: Loc) -> Document:
        """The value at ``loc`` as a document of its own whose problems still
        point at their lines here (data embedded in a file, e.g. a card given
        inline in an army list)."""
        loc = tuple(loc)
        data: Any = self.data
        for step in loc:
            data = data[step]

        def inside(found: dict[Loc, Any]) -> dict[Loc, Any]:
            return {k[len(loc):]: v for k, v in found.items() if k[:len(loc)] == loc}

        return Document(self.path, data, self.text, inside(self.values), inside(self.keys), inside(self.plain))

    def header(self) -> tuple[str | None, str | None]:
        """The ``ruleset:`` and ``kind:`` every data file starts with."""
        if not isinstance(self.data, dict):
            return None, None
        ruleset, kind = self.data.get("ruleset"), self.data.get("kind")
        return (
            ruleset if isinstance(ruleset, str) else None,
            kind if isinstance(kind, str) else None,
        )


class _Builder:
    """Turns a composed node graph into plain values, recording positions."""

    def __init__(self, doc: Document, max_nodes: int):
        self.doc = doc
        self.max_nodes = max_nodes
        self.count = 0
        self.problems: list[Problem] = []
        self.constructor = yaml.constructor.SafeConstructor()
        self.active: set[int] = set()

    def _pos(self, node: yaml.Node) -> tuple[int, int]:
        mark = node.start_mark
        return mark.line + 1, mark.column + 1

    def build(self, node: yaml.Node, loc: Loc) -> Any:
        self.count += 1
        if self.count > self.max_nodes:
            raise _TooBig(node)
        if len(loc) > MAX_DEPTH:
            raise _TooDeep(node)
        if loc not in self.doc.values:
            self.doc.values[loc] = self._pos(node)
        if node.tag not in _PLAIN_TAGS:
            self._problem(node, f"tags are not allowed here ({_short_tag(node.tag)})")
            return None
        if isinstance(node, yaml.ScalarNode):
            value = self._scalar(node)
            if not node.style and not isinstance(value, str):
                self.doc.plain[loc] = (node.value, _describe(value))
            return value
        if id(node) in self.active:
            raise _Recursive(node)
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return [self.build(item, (*loc, i)) for i, item in enumerate(node.value)]
            if isinstance(node, yaml.MappingNode):
                return self._mapping(node, loc)
        finally:
            self.active.discard(id(node))
        return None  # pragma: no cover - yaml has only three node kinds

    def _problem(self, node: yaml.Node, message: str) -> None:
        line, col = self._pos(node)
        self.problems.append(Problem(self.doc.path, line, col, message))

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        """One plain value; one the safe constructor cannot read or that is not a
        finite number becomes a problem at its place (the value is then None)."""
        try:
            value = self.constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError, OverflowError, AttributeError, IndexError) as exc:
            reason = getattr(exc, "problem", None) or str(exc)
            self._problem(node, f"cannot read {_shown(node.value)} as {_short_tag(node.tag)}: {reason}")
            return None
        if isinstance(value, float) and not math.isfinite(value):
            self._problem(node, f"{_shown(node.value)} is not a finite number; "
                                "infinite and not-a-number values are not allowed")
            return None
        return value

    def _mapping(self, node: yaml.MappingNode, loc: Loc) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        first_seen: dict[Any, int] = {}
        merged: list[dict[Any, Any]] = []
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                value = self.build(value_node, loc)
                for part in value if isinstance(value, list) else [value]:
                    if isinstance(part, dict):
                        merged.append(part)
                    else:
                        line, col = self._pos(value_node)
                        self.problems.append(
                            Problem(self.doc.path, line, col, "'<<' merges only mappings")
                        )
                continue
            line, col = self._pos(key_node)
            if key_node.tag not in _PLAIN_TAGS:
                self._problem(key_node, f"tags are not allowed here ({_short_tag(key_node.tag)})")
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(Problem(self.doc.path, line, col, "a key must be a plain value"))
                continue
            key = self._scalar(key_node)
            try:
                hash(key)
            except TypeError:
                self.problems.append(Problem(self.doc.path, line, col, "a key must be a plain value"))
                continue
            if key in first_seen:
                self.problems.append(
                    Problem(
                        self.doc.path, line, col,
                        f"duplicate key {key!r} (first at line {first_seen[key]})",
                    )
                )
                continue
            first_seen[key] = line
            self.doc.keys[(*loc, key)] = (line, col)
            result[key] = self.build(value_node, (*loc, key))
        for part in merged:
            for key, value in part.items():
                result.setdefault(key, value)
        return result


_PLAIN_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}"
    for name in ("str", "int", "float", "bool", "null", "timestamp", "map", "seq", "merge")
)
"""The YAML types plain data is made of; any other tag (``!!python/object:...``,
``!!binary``, ``!!set``, a local ``!mine``) is refused at its place."""


def _short_tag(tag: str) -> str:
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix):] if tag.startswith(prefix) else tag


def _shown(text: str, limit: int = 40) -> str:
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text)} characters)"


class _TooBig(Exception):
    def __init__(self, node: yaml.Node):
        self.node = node


class _TooDeep(Exception):
    def __init__(self, node: yaml.Node):
        self.node = node


class _Recursive(Exception):
    def __init__(self, node: yaml.Node):
        self.node = node


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if value is None:
        return "null (nothing)"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    return f"a {type(value).__name__} ({value})"


def parse_document(text: str, path: str = "<string>", max_nodes: int = MAX_NODES) -> Document:
    """Parse YAML text into a :class:`Document`; raises :class:`DataError`."""
    doc = Document(path=path, data=None, text=text)
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = " ".join(str(part) for part in (exc.context, exc.problem) if part)
        raise DataError([Problem(path, line, col, f"YAML syntax error: {message}")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(path, 1, 1, f"YAML error: {exc}")]) from None
    except RecursionError:
        raise DataError([Problem(path, 1, 1, f"refused: nested deeper than {MAX_DEPTH} levels")]) from None
    if node is None:
        raise DataError([Problem(path, 1, 1, "the file is empty")])
    builder = _Builder(doc, max_nodes)
    try:
        doc.data = builder.build(node, ())
    except _TooBig as exc:
        line, col = exc.node.start_mark.line + 1, exc.node.start_mark.column + 1
        raise DataError(
            [Problem(path, line, col,
                     f"refused: the file expands to more than {max_nodes} values "
                     "(aliases nested too deep?)")]
        ) from None
    except _TooDeep as exc:
        line, col = exc.node.start_mark.line + 1, exc.node.start_mark.column + 1
        raise DataError([Problem(path, line, col, f"refused: nested deeper than {MAX_DEPTH} levels")]) from None
    except _Recursive as exc:
        line, col = exc.node.start_mark.line + 1, exc.node.start_mark.column + 1
        raise DataError([Problem(path, line, col, "refused: an alias refers to itself")]) from None
    if builder.problems:
        raise DataError(sorted(builder.problems))
    return doc


def load_document(path: str | Path, max_bytes: int = MAX_BYTES) -> Document:
    """Read and parse a YAML file; size-limited; raises :class:`DataError`."""
    p = Path(path)
    name = str(path)
    if not name.strip() or "\x00" in name:
        raise DataError([Problem(_shown(name), 1, 1, "not a file name")])
    try:
        info = p.stat()
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise DataError([Problem(_shown_path(name), 1, 1, f"cannot read: {reason}")]) from None
    if stat.S_ISDIR(info.st_mode):
        raise DataError([Problem(name, 1, 1, "is a folder, not a data file")])
    if not stat.S_ISREG(info.st_mode):
        raise DataError([Problem(name, 1, 1, "is not a regular file")])
    if info.st_size > max_bytes:
        raise DataError(
            [Problem(name, 1, 1, f"refused: {info.st_size} bytes is larger than the limit of {max_bytes}")]
        )
    try:
        with open(p, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise DataError([Problem(name, 1, 1, f"cannot read: {exc.strerror or exc}")]) from None
    if len(raw) > max_bytes:
        raise DataError([Problem(name, 1, 1, f"refused: larger than the limit of {max_bytes} bytes")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError([Problem(name, 1, 1, f"not UTF-8 text ({exc.reason})")]) from None
    return parse_document(text, name)


def _shown_path(name: str, limit: int = 200) -> str:
    """A path as problems print it: very long names are shortened."""
    return name if len(name) <= limit else f"{name[:limit]}... ({len(name)} characters)"


_STRING_ERRORS = {"string_type", "literal_error", "enum", "string_pattern_mismatch"}


def _message(doc: Document, loc: Loc, err: Mapping[str, Any], model: type[BaseModel]) -> str:
    kind = err["type"]
    if kind == "missing":
        return f"missing field {loc[-1]!r}" if loc else "missing field"
    if kind == "extra_forbidden":
        name = loc[-1] if loc else "?"
        known = _fields_at(model, loc[:-1])
        hint = ""
        if known:
            hint = did_you_mean(str(name), known, otherwise=f"; known fields: {', '.join(sorted(known))}")
        return f"unknown field {name!r}{hint}"
    message = str(err["msg"])
    if kind == "string_pattern_mismatch":
        message = _pattern_message(err)
    elif kind == "value_error":
        message = message.removeprefix("Value error, ")  # pydantic's label, not a word for a player
    if loc in doc.plain and kind in _STRING_ERRORS | {"int_type", "float_type", "bool_type"}:
        source, read_as = doc.plain[loc]
        message += f" -- YAML read {source} as {read_as}; quote it (\"{source}\") if you mean text"
    elif loc in doc.plain and _is_word(doc.plain[loc][1]):
        source, read_as = doc.plain[loc]  # a bound broken by a word YAML read as true/false/null
        message += f" -- YAML read {source} as {read_as}"
    field_name = loc[-1] if loc else None
    if isinstance(field_name, str):
        return f"{field_name}: {message}"
    return message


_PATTERN_WORDS = {
    r"^[a-z0-9][a-z0-9._-]*$": "only lower-case letters, digits, '.', '_' and '-', "
                               "starting with a letter or digit",
    r"^([a-z0-9]+)?$": "only lower-case letters and digits",
    r"^[a-z0-9#._-]+$": "only lower-case letters, digits, '#', '.', '_' and '-'",
    r"^[A-Z][A-Z0-9]{0,5}$": "an upper-case letter, then up to 5 upper-case letters or digits",
    r"^[A-WYZ]$": "one upper-case letter other than X",
    r"^[ab][1-9][0-9]*$": "a side letter (a or b) and a number, e.g. a1",
}
"""The patterns of the shipped models in words: a new author reads ``only lower-case
letters and digits``, not a regular expression (issue 60)."""


def _pattern_message(err: Mapping[str, Any]) -> str:
    """A text that does not match its field's pattern, said in words with the value found
    and, when lower-casing and dashing it would fit, the text to write instead."""
    pattern = str((err.get("ctx") or {}).get("pattern", ""))
    found = err.get("input")
    words = _PATTERN_WORDS.get(pattern)
    if words is None:
        return f"{found!r} does not have the form this field needs (the pattern {pattern})"
    message = f"{found!r} is not allowed here: {words}"
    if isinstance(found, str):
        for sep in ("-", ""):
            fixed = re.sub(r"[^a-z0-9._#-]", "", re.sub(r"\s+", sep, found.strip().lower()))
            if fixed and fixed != found and re.fullmatch(pattern, fixed):
                return f"{message} (write {fixed!r}?)"
    return message


def _fields_at(model: type[BaseModel], loc: Loc) -> list[str]:
    """Best-effort: the field names a model allows at ``loc`` (for suggestions)."""
    current: Any = model
    for item in loc:
        current = _unwrap(current, item)
        if current is None:
            return []
    current = _unwrap(current, None)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _unwrap(tp: Any, item: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(tp):
            found = _unwrap(arg, item)
            if found is not None:
                return found
        return None
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(tp)[0], item)
    if item is None:
        return tp
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        info = tp.model_fields.get(item)
        return info.annotation if info is not None else None
    if origin in (list, tuple, set, frozenset) and isinstance(item, int):
        return typing.get_args(tp)[0]
    if origin is dict:
        return typing.get_args(tp)[1]
    return None


def _doc_loc(doc: Document, loc: Loc) -> Loc:
    """Map a pydantic error location onto the document, skipping union tags."""
    result: list[Any] = []
    node = doc.data
    for item in loc:
        if isinstance(node, dict) and item in node or isinstance(node, list) and isinstance(item, int) and 0 <= item < len(node):
            node = node[item]
            result.append(item)
        elif isinstance(node, dict) and isinstance(item, str) and item not in node and (
            (*result, item) in doc.keys or not _looks_like_tag(item)
        ):
            result.append(item)  # a missing or extra key: report at its parent / key
            break
    return tuple(result)


def _looks_like_tag(item: str) -> bool:
    return "[" in item or item[:1].isupper()


def _is_word(read_as: str) -> bool:
    """Whether YAML read a plain scalar as a truth value or as null (``NO``, ``on``, ``~``)."""
    return read_as.startswith("the boolean") or read_as.startswith("null")


def _value_at(data: Any, loc: Loc) -> Any:
    for item in loc:
        if isinstance(data, dict) and item in data or (
                isinstance(data, list) and isinstance(item, int) and 0 <= item < len(data)):
            data = data[item]
        else:
            return None
    return data


def _truth_for_number(doc: Document, model: type[BaseModel], data: Any) -> dict[Loc, Problem]:
    """Truth values YAML read where the model wants a number (``range: NO``), by place.

    pydantic takes ``false`` as 0 and ``true`` as 1 for a number, so ``speed: NO``
    would pass as a speed of 0 without a word: each is a problem here, with the trap
    explained.
    """
    found: dict[Loc, Problem] = {}
    for loc, (source, read_as) in doc.plain.items():
        if not read_as.startswith("the boolean") or not isinstance(_value_at(data, loc), bool):
            continue
        current: Any = model
        for item in loc:
            current = _unwrap(current, item) if current is not None else None
        wanted = _unwrap(current, None) if current is not None else None
        if wanted in (int, float):
            name = f"{loc[-1]}: " if loc and isinstance(loc[-1], str) else ""
            found[loc] = doc.problem(loc, f"{name}a number is needed here -- YAML read {source} as "
                                          f"{read_as}")
    return found


def validate(doc: Document, model: type[M], data: Any = None) -> M:
    """Validate ``doc`` (or ``data`` derived from it) against ``model``.

    Raises :class:`DataError` listing every problem with its position; a truth
    value where a number belongs is one (see :func:`_truth_for_number`).
    """
    source = doc.data if data is None else data
    traps = _truth_for_number(doc, model, source)
    try:
        instance = model.model_validate(source)
    except ValidationError as exc:
        problems = list(traps.values())
        for err in exc.errors():
            loc = _doc_loc(doc, tuple(err["loc"]))
            if loc in traps:
                continue
            is_key = err["type"] == "extra_forbidden" or "[key]" in err["loc"]  # a wrong key: at the key
            if err["type"] == "missing" and loc[:-1] in doc.keys:
                # at the key of the mapping that lacks it (footprint:), not at the mapping's
                # first entry, which reads as that entry being wrong (hidden authoring tester)
                line, col = doc.keys[loc[:-1]]
                problems.append(Problem(doc.path, line, col, _message(doc, loc, err, model)))
                continue
            problems.append(doc.problem(loc, _message(doc, loc, err, model), key=is_key))
        raise DataError(sorted(set(problems))) from None
    if traps:
        raise DataError(sorted(traps.values()))
    return instance


def validate_partly(doc: Document, model: type[M]) -> tuple[M | None, list[Problem], set[Loc]]:
    """Validate ``doc`` against ``model`` and, when it fails, still build the model from
    a mended copy, so that the checks after the schema can judge the well-formed parts
    of the file in the same run (issue 60: "mistakes come back all at once").

    Returns (model or ``None``, the schema's problems, the places mended). A mended
    place holds a stand-in, never the author's value: an unknown key is dropped, a
    value outside a fixed list becomes the list's first, a value of the wrong type (or
    a missing one) the empty value of its type. A later check must not report at a
    mended place (:func:`unmended`); when the copy cannot be mended the model is
    ``None`` and only the schema's problems are known."""
    try:
        return validate(doc, model), [], set()
    except DataError as exc:
        problems = [p for p in exc.problems if isinstance(p, Problem)]
    found = mended_document(doc, model)
    if found is None:
        return None, problems, set()
    mended_doc, mended = found
    return model.model_validate(mended_doc.data), problems, mended


def judge_partly(doc: Document, model: type[M], check: Callable[[M, Document], Iterable[Any]]) -> list[Any]:
    """The schema's problems of ``doc`` and those ``check`` finds beyond it, all in one
    run (issue 60: "mistakes come back all at once"). A file the schema refuses is
    judged on two mended copies with different stand-ins (:func:`mended_document`),
    and only what both runs find is kept, away from the mended places: a problem that
    comes of a stand-in ("2 Tigers; components say 0") changes with it and is dropped.
    A check that fails on a mended copy leaves the schema's problems alone."""
    try:
        instance = validate(doc, model)
    except DataError as exc:
        problems = [p for p in exc.problems if isinstance(p, Problem)]
    else:
        return list(check(instance, doc))
    runs: list[list[Any]] = []
    for variant in (0, 1):
        found = mended_document(doc, model, variant)
        if found is None:
            return problems
        mended_doc, mended = found
        try:
            runs.append(unmended(doc, check(model.model_validate(mended_doc.data), mended_doc), mended))
        except Exception:  # noqa: BLE001 - a check tripped by a stand-in: the schema's word stands
            return problems
    agreed = [p for p in runs[0] if p in runs[1] and p not in problems]
    return [*problems, *dict.fromkeys(agreed)]


def mended_document(doc: Document, model: type[BaseModel], variant: int = 0) -> tuple[Document, set[Loc]] | None:
    """``doc`` with the values ``model`` refuses replaced by stand-ins (see
    :func:`validate_partly`) and the places mended, or None when it cannot be mended.
    Every other value keeps its line and column, so a check that reads the mended
    document still points at the author's lines. ``variant`` 1 puts other stand-ins
    (the list's last value, ``1``, ``"?"``, ``True``) than 0 does: see :func:`judge_partly`."""
    import dataclasses

    data = copy.deepcopy(doc.data)
    mended: set[Loc] = set()
    for _ in range(4):
        try:
            model.model_validate(data)
            return dataclasses.replace(doc, data=data), mended
        except ValidationError as exc:
            changed = False
            for err in exc.errors():
                loc = _data_loc(data, tuple(err["loc"]))
                if loc and loc not in mended and _mend(data, loc, err, model, variant):
                    mended.add(loc)
                    changed = True
            if not changed:
                break
        except Exception:  # noqa: BLE001 - a validator's own error on a stand-in: give up mending
            break
    return None


def unmended(doc: Document, found: Iterable[Any], mended: set[Loc]) -> list[Any]:
    """``found`` (a later check's problems) without those at a mended place: the
    schema's problem there already says what is wrong."""
    if not mended:
        return list(found)
    spots = set()
    for loc in mended:
        p = doc.problem(loc, "")
        spots.add((p.line, p.col))
        q = doc.problem(loc, "", key=True)
        spots.add((q.line, q.col))
    return [p for p in found if not isinstance(p, Problem) or (p.line, p.col) not in spots]


def _data_loc(data: Any, loc: Loc) -> Loc:
    """A pydantic error location as keys into ``data`` (union tags skipped; a missing
    or extra key kept as the last item)."""
    result: list[Any] = []
    node = data
    for item in loc:
        if isinstance(node, dict) and item in node or (
                isinstance(node, list) and isinstance(item, int) and 0 <= item < len(node)):
            node = node[item]
            result.append(item)
        elif isinstance(node, dict) and isinstance(item, str) and not _looks_like_tag(item):
            result.append(item)
            break
    return tuple(result)


_STAND_IN: tuple[dict[Any, Any], ...] = (
    {str: "", int: 0, float: 0.0, bool: False, list: [], dict: {}, tuple: [], set: []},
    {str: "?", int: 1, float: 1.0, bool: True, list: [], dict: {}, tuple: [], set: []},
)


def _mend(data: Any, loc: Loc, err: Any, model: type[BaseModel], variant: int = 0) -> bool:
    """Put a stand-in at ``loc`` of ``data`` for the value pydantic refused; whether it could."""
    parent = _value_at(data, loc[:-1]) if len(loc) > 1 else data
    key = loc[-1]
    if not isinstance(parent, (dict, list)):
        return False
    if err["type"] == "extra_forbidden":
        if isinstance(parent, dict) and key in parent:
            del parent[key]
            return True
        return False
    if err["type"] in ("literal_error", "enum"):
        found = re.findall(r"'([^']*)'", str((err.get("ctx") or {}).get("expected", "")))
        if found:
            parent[key] = found[-1] if variant else found[0]
            return True
        return False
    tp: Any = model
    for item in loc:
        tp = _unwrap(tp, item) if tp is not None else None
    wanted = _unwrap(tp, None) if tp is not None else None
    base = typing.get_origin(wanted) or wanted
    stand_in = _STAND_IN[variant]
    if base in stand_in and (isinstance(parent, dict) or isinstance(key, int) and 0 <= key < len(parent)):
        parent[key] = copy.deepcopy(stand_in[base])
        return True
    return False


def load_model(path: str | Path, model: type[M]) -> M:
    """Read, parse and validate one file in one call."""
    return validate(load_document(path), model)


def resolve_based_on(
    items: Mapping[str, Mapping[str, Any]],
    profiles: Mapping[str, Mapping[str, Any]] | None = None,
    key: str = "based_on",
) -> dict[str, dict[str, Any]]:
    """Apply ``based_on: other`` references (Wesnoth-style shared profiles).

    ``items`` maps id -> raw fields; a card may say ``based_on: medium`` and
    override any fields. Bases are looked up among ``profiles`` and the items
    themselves; nested mappings merge, everything else is replaced. Cycles
    and unknown bases raise ``KeyError`` with a sentence.
    """
    pool: dict[str, Mapping[str, Any]] = dict(profiles or {})
    pool.update(items)
    done: dict[str, dict[str, Any]] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> dict[str, Any]:
        if name in chain:
            raise KeyError(f"based_on cycle: {' -> '.join((*chain, name))}")
        if name not in pool:
            raise KeyError(f"unknown base {name!r}{did_you_mean(name, pool)}")
        raw = dict(pool[name])
        base_name = raw.pop(key, None)
        if base_name is None:
            return raw
        return _merge(resolve(str(base_name), (*chain, name)), raw)

    for name in items:
        done[name] = resolve(name, ())
    return done


def _merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    result = dict(base)
    for k, v in override.items():
        if isinstance(v, Mapping) and isinstance(result.get(k), Mapping):
            result[k] = _merge(result[k], v)
        else:
            result[k] = v
    return result


def with_overrides(
    model: type[M], base: Mapping[str, Any], overrides: Mapping[str, Any], what: str = "option"
) -> M:
    """Settings ``base`` with a game's overrides applied, validated by ``model``.

    Every **Decision** of a rules spec is a setting, and a player changes one
    for a game with ``--option movement.corner_cutting=false``: keys are
    dotted paths; a top-level key may also carry a mapping, which is merged.
    An unknown key names the closest known setting, a bad value says which
    setting and why -- as :class:`TanktableError`, never a traceback.
    """
    data: dict[str, Any] = copy.deepcopy(dict(base))
    for key, value in _override_items(overrides):
        parts = key.split(".")
        node: Any = data
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            if not isinstance(node, dict):
                raise TanktableError(_unknown_setting(what, key, data))
            if part not in node:
                if part not in _fields_at(model, tuple(parts[:i])):
                    raise TanktableError(_unknown_setting(what, key, data))
                node[part] = {} if not last else value
            if last:
                node[part] = value
            else:
                node = node[part]
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        details = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors())
        raise TanktableError(f"bad {what}: {details}") from None


def _override_items(overrides: Mapping[str, Any]) -> list[tuple[str, Any]]:
    items: list[tuple[str, Any]] = []
    for key, value in overrides.items():
        if isinstance(value, Mapping) and "." not in str(key):
            items.extend((f"{key}.{sub}", v) for sub, v in _dotted_leaves(value))
        else:
            items.append((str(key), value))
    return items


def _dotted_leaves(data: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for k, v in data.items():
        if isinstance(v, Mapping) and v:
            out.extend(_dotted_leaves(v, f"{prefix}{k}."))
        else:
            out.append((f"{prefix}{k}", v))
    return out


def _unknown_setting(what: str, key: str, data: Mapping[str, Any]) -> str:
    known = [name for name, _ in _dotted_leaves(data) if name.split(".")[0] not in ("ruleset", "kind")]
    return f"unknown {what} {key!r}{did_you_mean(key, known)}"


def yaml_files(paths: Iterable[str | Path]) -> list[Path]:
    """Expand folders into the YAML files below them (sorted), keep files."""
    found: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found.extend(sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml")))
        else:
            found.append(p)
    return found
