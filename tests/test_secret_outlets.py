"""Issue 25, one place for secrets: no outlet of the CLI or the browser table asks
a ruleset's player-facing hooks except through the core's gate (:mod:`core.secrecy`).

A hook that takes a player's eyes (``render``, ``view``, ``render_svg``, the
events' filter, the notes of the moves, the board aids ...) may be called only
in a module that builds what it sends through the gate, or in one listed below
with the reason it needs none. A new outlet that calls one directly fails here,
naming the module and the line: route it through ``core.secrecy.shown`` (or
``guarded``), so that a hidden-information ruleset's forgotten hook is refused
there instead of reaching a player.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HOOKS = frozenset({
    "render", "render_compact", "render_svg", "view", "events_for", "for_player",
    "describe_action", "describe_actions", "group_of", "summarize_events", "card_text",
    "board_aids", "last_move_drawing", "log_drawing", "free_drive", "public_action_text",
    "public_moves",
})
"""The Game and Ruleset hooks whose answer is sent to a player."""

GATED = frozenset({
    "cli/play.py", "cli/commands.py", "cli/serve/seatview.py", "cli/serve/replay.py",
    "cli/serve/tables.py", "cli/serve/notes.py", "cli/serve/evaluation.py",
})
"""Outlets that send what they build through the gate (each imports core.secrecy)."""

UNGATED = {
    "cli/serve/aids.py": "called only from cli/serve/seatview.py's state, inside its gate",
    "cli/hint.py": "called only inside the gate (cli/play.py's hint_lines, seatview.hint_text)",
    "cli/check/differential.py": "builds the ungated parts to compare them itself, naming each",
    "cli/check/games.py": "the omniscient fingerprint of a game (player None), sent to nobody",
    "cli/check/protocol.py": "compares views between a game and its copies, sent to nobody",
    "cli/check/runner.py": "keeps each move's public text as a table does, for the differential",
    "cli/print_cmd.py": "prints a scenario's whole board on paper for a real table (the set-up "
                        "only with --pieces, documented as the umpire's sheet); no player's game",
    "cli/serve/thumbnail.py": "draws a new game of the default scenario for the start page's card, "
                              "no table's game, so no player's secret",
}
"""Modules that call the hooks without the gate, and why they may."""


def _hook_calls(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.lineno, node.func.attr) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in HOOKS]


def test_every_outlet_that_asks_a_player_facing_hook_goes_through_the_gate() -> None:
    """Issue 25: the modules of cli/ that call a player-facing hook are exactly the
    gated outlets and the listed exceptions; a new one fails with its lines."""
    found: dict[str, list[tuple[int, str]]] = {}
    for path in sorted((ROOT / "cli").rglob("*.py")):
        calls = _hook_calls(path)
        if calls:
            found[path.relative_to(ROOT).as_posix()] = calls
    stray = {m: c for m, c in found.items() if m not in GATED and m not in UNGATED}
    assert not stray, f"route these through core.secrecy (or list why not): {stray}"
    assert set(found) <= GATED | set(UNGATED)


def test_each_gated_outlet_imports_the_gate() -> None:
    """Issue 25: a module counted as gated really builds through core.secrecy."""
    for module in sorted(GATED):
        text = (ROOT / module).read_text(encoding="utf-8")
        assert "core.secrecy" in text or "from core import secrecy" in text, module
