"""The options of one game, typed: what a ruleset takes, and nothing else.

Every ruleset declares its options as a pydantic model derived from
:class:`GameOptions`. The one field they all share, ``settings``, holds
overrides of the ruleset's rules settings (every **Decision** of its spec) as
dotted keys (``movement.corner_cutting: false``); a ruleset adds fields for
what is not a rule (the armies of Battle of Tanks, the number of players of
Duel of the Giants). Settings of the command line itself (clocks, seats)
never travel here.

A record stores options in their flat form (:meth:`GameOptions.flat`): typed
fields by name, settings by dotted key beside them, which is also what
``--option KEY=VALUE`` writes. :func:`parse_options` reads that form back and
refuses a key the ruleset does not take, naming those it does.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, Field, ValidationError

from core.data import DataModel
from core.errors import TanktableError, UsageError, did_you_mean

__all__ = ["GameOptions", "describe_options", "model_setting_names", "parse_options"]


class GameOptions(DataModel):
    """Options every ruleset takes: overrides of its rules settings."""

    settings: dict[str, Any] = Field(
        default_factory=dict,
        description="Overrides of the ruleset's rules settings, by dotted key.",
    )

    def flat(self) -> dict[str, Any]:
        """The record's form: typed options by name, settings by dotted key beside them."""
        out: dict[str, Any] = self.model_dump(
            mode="json", exclude={"settings"}, exclude_none=True, exclude_defaults=True)
        out.update(self.settings)
        return out


OptionsT = TypeVar("OptionsT", bound=GameOptions)


def option_fields(model: type[GameOptions]) -> list[str]:
    """The typed options of ``model`` (every field but ``settings``)."""
    return [name for name in model.model_fields if name != "settings"]


def model_setting_names(model: type[BaseModel], prefix: str = "") -> list[str]:
    """Dotted names of every leaf setting of a settings model (nested models walked)."""
    names: list[str] = []
    for name, info in model.model_fields.items():
        if not prefix and name in ("ruleset", "kind"):
            continue
        nested = _model_of(info.annotation)
        if nested is not None:
            names.extend(model_setting_names(nested, f"{prefix}{name}."))
        else:
            names.append(f"{prefix}{name}")
    return names


def _model_of(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            found = _model_of(arg)
            if found is not None:
                return found
    return None


def _flatten(data: Mapping[Any, Any], prefix: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping) and value:
            out.update(_flatten(value, f"{name}."))
        else:
            out[name] = value
    return out


def _is_setting(key: str, names: list[str]) -> bool:
    """``key`` names a setting, a group of settings, or an entry inside a mapping setting."""
    return any(n == key or n.startswith(key + ".") or key.startswith(n + ".") for n in names)


def describe_options(ruleset: str, model: type[GameOptions], setting_names: list[str]) -> str:
    """What a ruleset takes, in one paragraph (for the refusal of one it does not)."""
    parts = []
    fields = option_fields(model)
    if fields:
        parts.append("options " + ", ".join(fields))
    if setting_names:
        parts.append("settings (--option KEY=VALUE) " + ", ".join(_grouped(setting_names)))
    return f"{ruleset} takes " + ("; ".join(parts) if parts else "no options")


def _grouped(names: list[str]) -> list[str]:
    """``a.x, a.y, b`` -> ``a.{x,y}, b``: a long list of settings read at a glance."""
    groups: dict[str, list[str]] = {}
    for name in names:
        head, _, rest = name.rpartition(".")
        groups.setdefault(head, []).append(rest)
    out = []
    for head, tails in groups.items():
        if not head:
            out.extend(tails)
        elif len(tails) == 1:
            out.append(f"{head}.{tails[0]}")
        else:
            out.append(f"{head}.{{{','.join(tails)}}}")
    return out


def parse_options(ruleset: str, model: type[OptionsT], setting_names: list[str],
                  options: Mapping[str, Any] | GameOptions | None) -> OptionsT:
    """Typed options from their flat (record) form, nested settings allowed.

    A key that is neither a typed option nor a setting raises
    :class:`UsageError` with the closest name and the list of what the ruleset
    takes; a bad value of a typed option raises :class:`TanktableError`.
    """
    if isinstance(options, model):
        return options
    raw: Mapping[str, Any] = options.flat() if isinstance(options, GameOptions) else (options or {})
    fields = set(option_fields(model))
    typed: dict[str, Any] = {}
    settings: dict[str, Any] = {}
    for key, value in raw.items():
        name = str(key)
        if name == "settings" and isinstance(value, Mapping):
            settings.update(_flatten(value, ""))
        elif name in fields:
            typed[name] = value
        elif isinstance(value, Mapping) and value and "." not in name and name not in setting_names:
            settings.update(_flatten(value, f"{name}."))
        else:
            settings[name] = value
    unknown = [k for k in settings if not _is_setting(k, setting_names)]
    if unknown:
        key = unknown[0]
        hint = did_you_mean(key, [*fields, *setting_names])
        raise UsageError(f"{ruleset} takes no option {key!r}{hint}\n"
                         + describe_options(ruleset, model, setting_names))
    try:
        return model.model_validate({**typed, "settings": settings})
    except ValidationError as exc:
        details = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors())
        raise TanktableError(f"bad {ruleset} option: {details}") from None
