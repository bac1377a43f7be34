"""Fast copies of a Duel of the Giants state, for ``DuelGame.clone`` and the forecasts.

The computer seats copy the game for every candidate action they weigh (a
greedy seat some ten copies a decision, a search thousands), so the copy is
on the hot path of every AI game. The state is a fixed set of attributes of
known shapes (game.py): each is copied by a copier written for its shape --
a dict of piece records gets new records, a set of ids a new set, a tuple is
kept -- instead of a walk that asks every value its type. Pieces are records
of immutable fields (pieces.py), so a copy one level deep is independent.
An attribute this module does not name is copied by the general walk
:func:`copy_value`; the static parts (the rules' settings, the board
geometry) are shared (:data:`SHARED`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, TypeVar

from core.game import Action
from rulesets.duel_of_the_giants.pieces import Atg, Drift, Marker, Mine, Stuka, Tank, VPEvent

T = TypeVar("T")

SHARED = frozenset({"cfg", "geo", "_initial", "history", "start_events", "_base_type", "dice"})
"""Shared by reference between copies (static, or replaced by the clone itself: ``dice``, ``history``)."""

RECORDS = frozenset({Tank, Marker, Atg, Mine, Stuka, Drift, VPEvent})
"""Records of immutable fields: copied one level deep."""

_PLAIN = frozenset({int, str, float, bool, tuple, frozenset, type(None)})


def record(value: T) -> T:
    """A new record of the same class with the same fields (a piece, pieces.py)."""
    other = object.__new__(type(value))
    other.__dict__ = value.__dict__.copy()
    return other


def shallow(value: T) -> T:
    """A new object of the same class sharing every attribute (``copy.copy`` without its protocol)."""
    return record(value)


def copy_value(value: Any) -> Any:
    """Any attribute's value, copied so that changing the copy never changes the original:
    containers anew, records one level deep, immutable values kept, anything else deeply."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is dict:
        return {k: copy_value(v) for k, v in value.items()}
    if kind in RECORDS:
        return record(value)
    if kind is list:
        return [copy_value(v) for v in value]
    if kind is set:
        return set(value)
    if value is None or isinstance(value, (int, str, float, tuple, frozenset, Action)):
        return value
    return copy.deepcopy(value)


def records(value: dict[Any, Any]) -> dict[Any, Any]:
    """A dict of new records with the same fields as ``value``'s (pieces by id)."""
    out = {}
    new = object.__new__
    for k, v in value.items():
        other = new(type(v))
        other.__dict__ = v.__dict__.copy()
        out[k] = other
    return out


def _optional_record(value: Any) -> Any:
    return None if value is None else record(value)


def _lists(value: dict[Any, list[Any]]) -> dict[Any, list[Any]]:
    return {k: list(v) for k, v in value.items()}


def _dicts(value: dict[Any, dict[Any, Any]]) -> dict[Any, dict[Any, Any]]:
    return {k: dict(v) for k, v in value.items()}


def _actions(value: Any) -> Any:
    return None if value is None else list(value)


COPIED: tuple[tuple[str, Callable[[Any], Any]], ...] = (
    # dicts of piece records (pieces.py)
    ("tanks", records), ("markers", records), ("atgs", records), ("mines", records),
    ("drifts", records), ("stuka", _optional_record),
    # containers of immutable values (positions, ids, numbers, card names, actions; VP
    # events are frozen records, written once by vp.py)
    ("terrain", dict), ("side_of", dict), ("programs", dict), ("round_vp", dict), ("medals", dict),
    ("damaged_this_d", dict), ("vp_events", list),
    ("front", set), ("executed", set), ("activated_now", set), ("t34_done", set), ("faced", set),
    ("exposed", set), ("moved_markers", list), ("pending_orient", list), ("to_haul", list),
    ("side_players", _lists), ("to_place", _dicts), ("_cache", _actions),
)
"""The mutable attributes of a DuelGame and how each is copied (its shape is fixed by
``DuelGame.__init__``)."""

KEPT = frozenset({
    "german_side", "soviet_side", "draft", "players", "scenario", "base_terrain", "step",
    "active_t34", "finished", "tile_turn", "round", "phase_seq", "b_started", "sub", "ma_left",
    "t34_stopped", "t34_started", "turret_set", "t34_count", "net_vp", "_outcome_known", "search_copy",
})
"""Attributes whose values are immutable (frozensets, tuples, strings, numbers, flags): the copy keeps them."""

_KNOWN = SHARED | KEPT | frozenset(key for key, _ in COPIED)


def copy_state(source: dict[str, Any], target: dict[str, Any]) -> None:
    """Fill ``target`` (a new game's ``__dict__``) with copies of ``source``'s state,
    sharing :data:`SHARED` and :data:`KEPT` (the caller then gives the copy its own
    dice and history). An attribute named nowhere here is copied by :func:`copy_value`."""
    target.update(source)
    for key in source.keys() - _KNOWN:
        target[key] = copy_value(source[key])
    for key, copier in COPIED:
        if key in source:
            target[key] = copier(source[key])
