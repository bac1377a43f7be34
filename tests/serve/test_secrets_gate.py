"""Issue 25, one place for secrets: at play time every outlet of a seat passes the
core's gate (:mod:`core.secrecy`), which holds each hook to the ruleset's one
statement of what a player may not see (``hidden_variant``).

The purpose-made leaking rulesets of :mod:`tests.check.cups` each leak the pea
through one hook; played at a browser table, the seat the pea is hidden from
is refused its state (or its hint) with a message naming the part, instead of
being sent the secret. The sound ruleset serves every seat.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cli.serve.seatview import hint_text, raw_seat_state, seat_state
from cli.serve.tables import HUMAN, SPECTATOR, Seat, Table
from core.errors import TanktableError
from core.game import Ruleset
from core.record import RecordFile
from core.secrecy import SecretLeakError, guarded, shown, variants_for
from tests.check import cups

NORTH, SOUTH = 0, 1

BROWSER_PART = {
    "view": "view",
    "svg board": "svg",
    "event": "log",
    "public move": "log",
    "note": "actions",
}
"""The part of the seat state each leak shows in (the hint is asked apart; the text
board is the terminal's only, tests/cli/test_secrets_gate_terminal.py)."""


def table_after_hiding(ruleset: Ruleset, cup: int) -> Table:
    """A Cups table where north has hidden the pea under ``cup`` (CUP-1) and south
    is to guess (CUP-2): the one moment south has a secret kept from him."""
    game = ruleset.new_game()
    hide = game.parse_action(f"hide {cup}")
    public = game.public_action_text(hide)  # as the table keeps it: asked before the move
    game.apply(hide)
    return Table(id="t", ruleset=ruleset, game=game, header=RecordFile(ruleset="cups", scenario="table"),
                 kinds={NORTH: HUMAN, SOUTH: HUMAN}, path=Path("unused.yaml"), public_moves=[public])


@pytest.mark.parametrize("hook", sorted(BROWSER_PART))
def test_a_hook_that_leaks_is_refused_at_the_browser_seat(hook: str) -> None:
    """Issue 25: a ruleset that leaks the pea through one hook (cups.LEAKS) is refused
    at play time: south's seat state raises SecretLeakError naming the part that would
    have shown it, and nothing is sent."""
    table = table_after_hiding(cups.LEAKS[hook], 2)
    part = BROWSER_PART[hook]
    sound = raw_seat_state(table_after_hiding(cups.RULESET, 2), Seat(HUMAN, SOUTH))
    assert raw_seat_state(table, Seat(HUMAN, SOUTH))[part] != sound[part]  # ungated, it would go out
    with pytest.raises(SecretLeakError) as info:
        seat_state(table, Seat(HUMAN, SOUTH))
    assert info.value.who == "south"
    assert part in info.value.parts
    assert f"cups: refused to send south {', '.join(info.value.parts)}: it changes with what south " \
           "may not see" in str(info.value)


def test_a_hint_that_reads_the_secret_is_refused() -> None:
    """Issue 25: determinize that keeps the true pea (cups.LEAKS["hint"]) makes the
    greedy hint point at it; the gate refuses the hint rather than give it."""
    table = table_after_hiding(cups.LEAKS["hint"], 3)
    assert hint_text(table.game.clone(), 7, gate=False).startswith("guess 3")  # the leak itself
    with pytest.raises(SecretLeakError) as info:
        hint_text(table.game.clone(), 7)
    assert info.value.parts == ["hint"]


@pytest.mark.parametrize("hook", ["event", "public move"])
def test_a_spectator_is_held_to_every_players_secrets(hook: str) -> None:
    """Issue 25: a spectator may see no side's secret; an event or a move text that
    leaks the pea is refused to him too (checked against every player's variant)."""
    table = table_after_hiding(cups.LEAKS[hook], 1)
    with pytest.raises(SecretLeakError) as info:
        seat_state(table, Seat(SPECTATOR))
    assert info.value.who == "a spectator" and info.value.parts == ["log"]


def test_the_sound_ruleset_serves_every_seat_its_own_bytes() -> None:
    """Issue 25: the sound Cups passes the gate for both seats, a spectator and the
    hint; the hider is sent his own pea, the guesser nothing of it."""
    table = table_after_hiding(cups.RULESET, 2)
    north = seat_state(table, Seat(HUMAN, NORTH))
    south = seat_state(table, Seat(HUMAN, SOUTH))
    seat_state(table, Seat(SPECTATOR))
    assert north["view"]["pea"] == 2 and south["view"]["pea"] is None
    assert south == raw_seat_state(table, Seat(HUMAN, SOUTH))
    assert [e["text"] for e in south["log"][0]["events"]] == ["north hides the pea"]
    assert hint_text(table.game.clone(), 7).startswith("guess ")


def test_no_gate_without_secrets_or_once_the_game_is_over() -> None:
    """Issue 25: the gate builds a part once where nothing is hidden: a player who
    hid the pea himself, and everyone once the game is over (all is shown then)."""
    table = table_after_hiding(cups.LEAKS["view"], 2)
    assert variants_for(table.game, NORTH) == []
    assert len(variants_for(table.game, SOUTH)) == 1
    calls: list[Any] = []
    assert guarded(table.game, NORTH, lambda g: calls.append(g) or {"x": 1}) == {"x": 1}
    assert calls == [table.game]
    table.game.forfeit(SOUTH)  # over with the pea still hidden: the table shows everything now
    assert variants_for(table.game, SOUTH) == []
    assert shown(table.game, SOUTH, "view", lambda g: g.view(SOUTH)["pea"]) == 2


def test_a_refusal_reaches_the_browser_as_a_message_not_the_secret() -> None:
    """Issue 25: the refusal is a TanktableError, which every route of the table
    answers with its message (no traceback, no state)."""
    assert issubclass(SecretLeakError, TanktableError)
    table = table_after_hiding(cups.LEAKS["svg board"], 3)
    with pytest.raises(TanktableError, match="refused to send south svg"):
        seat_state(table, Seat(HUMAN, SOUTH))
