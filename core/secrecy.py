"""The one gate a player's secrets pass: everything sent to a seat is checked here.

A ruleset with hidden information states once what each player may not see:
:meth:`~core.game.Game.hidden_variant` gives the game as it might be for all
that player can tell, the other sides' secrets dealt afresh. Whatever is sent
to that player -- the view, the text and SVG boards, the events and moves of
the log, the notes beside the legal moves, the hint -- must then be the same
from the game and from its variant: a part that differs shows something the
player may not know, whichever hook made it.

Every outlet (the browser's seat state, the terminal's boards, events and
move lists, the hint) builds what it sends through :func:`guarded` or
:func:`shown`. For a game without hidden information they only build it. For
one with hidden information they build it again from a variant and refuse,
with :class:`SecretLeakError`, to hand over a part that differs: a hook the
ruleset's author forgot stops the game with a message naming it instead of
telling a player the other side's secrets. ``tanktable check`` proves the
same over whole games before anyone plays (:mod:`cli.check.differential`).

This is boardgame.io's ``playerView`` turned around: there the framework
filters one state object through the author's function and the client draws
it; here the rulesets draw on the server through several hooks, so the core
keeps one statement of the secrets and holds every hook to it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from core.errors import TanktableError

if TYPE_CHECKING:
    from core.game import Game

__all__ = ["SPECTATOR", "SecretLeakError", "differing", "guarded", "public_moves_of", "same_history", "shown", "variants_for"]

SPECTATOR = -1
"""The viewer who is no side's: sees only what every player may see."""

T = TypeVar("T")


class SecretLeakError(TanktableError):
    """An outlet would have sent ``viewer`` parts that change with what that viewer
    may not see: a hook of the ruleset shows a secret. Nothing was sent."""

    def __init__(self, ruleset: str, who: str, parts: list[str]):
        self.ruleset = ruleset
        self.who = who
        self.parts = parts
        super().__init__(
            f"{ruleset}: refused to send {who} {', '.join(parts)}: it changes with what {who} "
            "may not see, so it would show a secret (the ruleset's hook that builds it must read "
            "only what that player may know; docs/writing-a-ruleset.md#hidden-information)")


def variant_seed(game: Game[Any], player: int) -> int:
    """The seed of the variant a viewer's parts are checked against now: fixed by the
    decision's number and the player, so that a check can be repeated."""
    return len(game.history) * 7919 + player


def variants_for(game: Game[Any], viewer: int) -> list[Game[Any]]:
    """The variants what ``viewer`` is sent must agree with: a player's own (what he
    may not see dealt afresh); for a :data:`SPECTATOR`, every player's (he may see
    none of their secrets). Empty without hidden information, when nothing is
    hidden from the viewer now, and once the game is over (the table then shows
    everything: there is no secret left to keep)."""
    if not game.hidden_information or game.outcome() is not None:
        return []
    players = range(len(game.players)) if viewer == SPECTATOR else (viewer,)
    out = []
    for player in players:
        variant = game.hidden_variant(player, variant_seed(game, player))
        if variant is not None:
            out.append(variant)
    return out


def _bytes(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def differing(ours: Mapping[str, Any], theirs: Mapping[str, Any]) -> list[str]:
    """The names of the parts whose bytes differ between two builds (sorted)."""
    keys = sorted(set(ours) | set(theirs))
    return [k for k in keys if _bytes(ours.get(k)) != _bytes(theirs.get(k))]


def _who(game: Game[Any], viewer: int) -> str:
    return "a spectator" if viewer == SPECTATOR else game.players[viewer]


def guarded(game: Game[Any], viewer: int, build: Callable[[Game[Any]], Mapping[str, Any]]) -> dict[str, Any]:
    """``build(game)``: the parts sent to ``viewer`` (a player, or :data:`SPECTATOR`),
    each checked against the same build from every variant of :func:`variants_for`.

    ``build`` must read the game only through its argument (a variant is passed in
    the game's place) and ask every hook for ``viewer``'s eyes. Raises
    :class:`SecretLeakError` naming the parts that differ; returns the game's own
    build otherwise, so what is sent is always the true game as that viewer sees it.
    """
    parts = dict(build(game))
    for variant in variants_for(game, viewer):
        leaks = differing(parts, build(variant))
        if leaks:
            raise SecretLeakError(game.ruleset_id, _who(game, viewer), leaks)
    return parts


def shown(game: Game[Any], viewer: int | None, part: str, build: Callable[[Game[Any]], T]) -> T:
    """One part sent to ``viewer`` (``part`` names it in a refusal), through
    :func:`guarded`. ``viewer`` ``None`` is the all-seeing reader (a finished game,
    ``--all``, a table with no human seat): nothing is hidden from him, no gate."""
    if viewer is None:
        return build(game)
    value: T = guarded(game, viewer, lambda g: {part: build(g)})[part]
    return value


def public_moves_of(game: Game[Any], variant: Game[Any], public: list[str | None]) -> list[str | None]:
    """The variant's moves as everyone reads them: ``public`` (the game's own, as its
    table kept them) where the variant kept the history, else worked out again from
    the variant's history (:meth:`~core.game.Game.public_moves`)."""
    return public if same_history(game, variant) else variant.public_moves()


def same_history(game: Game[Any], variant: Game[Any]) -> bool:
    """True when ``variant`` kept ``game``'s history: the same actions, step by step."""
    return len(game.history) == len(variant.history) and all(
        a.action == b.action for a, b in zip(game.history, variant.history, strict=True))
