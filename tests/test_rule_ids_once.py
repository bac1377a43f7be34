"""Issue 19 item 14: a rule ID is cited once where it applies -- no event or
refusal carries the same rule ID twice in a row (``(DG-13.5) (DG-13.5)``).

A whole random game of each shipped ruleset, every event text as each player
and everyone see it, and at every decision the refusal of a move that was
legal one decision earlier (which the rules now mostly refuse, for many
different reasons) and of the first move of the other decisions seen so far.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from core.game import Game
from core.registry import get_ruleset

RULE_ID = re.compile(r"\b(?:TC|BT|DG|HTC)-[A-Z]*-?\d+(?:\.\d+)*\b")
SHIPPED = ("tank-chess", "battle-of-tanks", "duel-of-the-giants")


def repeated(text: str) -> str | None:
    """The first rule ID cited twice in a row in ``text`` (nothing but brackets,
    commas or spaces between the two), or None."""
    found = list(RULE_ID.finditer(text))
    for a, b in zip(found, found[1:], strict=False):
        if a.group() == b.group() and not re.search(r"\w", text[a.end():b.start()]):
            return a.group()
    return None


def test_repeated_finds_a_doubled_id_and_passes_distinct_ones() -> None:
    assert repeated("no attack (DG-13.5) (DG-13.5)") == "DG-13.5"
    assert repeated("in forest (DG-4.3.5) (DG-13.5)") is None
    assert repeated("TC-4.2 then TC-4.3") is None
    assert repeated("ATTACK +1 (BT-6.3), target moved +1 (BT-6.3)") is None  # two modifiers, one rule each


@pytest.mark.parametrize("ruleset_id", SHIPPED)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_text_of_a_random_game_cites_a_rule_id_twice_in_a_row(ruleset_id: str, seed: int) -> None:
    game: Game[Any] = get_ruleset(ruleset_id).new_game(None, None, seed)
    rng = random.Random(seed)
    texts: list[str] = []
    earlier: list[Any] = []
    for _ in range(3000):
        if game.outcome() is not None:
            break
        legal = game.legal_actions()
        for stale in earlier[-3:]:
            illegal = game.check(stale)
            if illegal is not None:
                texts.append(str(illegal))
        action = rng.choice(legal)
        earlier += [legal[0], action]
        for event in game.apply(action):
            texts.append(event.text)
            for p in range(len(game.players)):
                shown = event.for_player(p)
                if shown is not None:
                    texts.append(shown.text)
    doubled = [(t, repeated(t)) for t in texts if repeated(t)]
    assert not doubled, doubled[:5]


def test_dg_13_5_a_second_stuka_attack_is_refused_citing_the_rule_once() -> None:
    from tests.duel_of_the_giants.helpers import blank, h, stuka, t34, tiger

    g = blank()
    tiger(g, 1, "c5", "E")
    t34(g, 1, "f5", "W")
    s = stuka(g, "a5")
    s.state, s.pos, s.attacked = "flying", h("g5"), True
    s.actions_left = 1
    g.step = "D4"
    illegal = g.check(g.parse_action("stuka attack f5"))
    assert illegal is not None and str(illegal).count("DG-13.5") == 1
