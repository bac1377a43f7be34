"""A printed card's values (issue 60.5): read from the card model as ``cards show`` reads it,
so a plugin's card prints with no code of its own."""

from __future__ import annotations

from pydantic import BaseModel

from core.printing.cards import card_values, plain_face
from core.printing.paper import PAPERS
from core.printing.sheets import card_sheets
from core.registry import get_ruleset


class Armour(BaseModel):
    front: int
    side: int


class Scout(BaseModel):
    """A plugin's unit card, as a third-party ruleset might write one."""

    id: str = "scout"
    name: str = "Scout car"
    tier: int = 3
    move_mp: int = 6
    armour: Armour = Armour(front=1, side=0)
    hidden: bool = False
    notes: str = "Sees two hexes further."


def test_issue_60_5_card_values_fold_units_and_nesting_and_leave_out_what_the_card_does_not_fill() -> None:
    assert card_values(Scout()) == [("move", "6 mp"), ("armour", "front 1, side 0")]
    t34 = get_ruleset("battle-of-tanks").cards([])["t-34-85m"]
    values = dict(card_values(t34))
    assert values["move"] == "40 cm" and values["accuracy"] == "3+" and values["hit points"] == "720"  # BT-2


def test_issue_60_5_a_plugin_card_prints_with_its_values_and_tier_without_a_drawing() -> None:
    face = plain_face("scout", Scout(), "Hex Recon")
    assert (face.title, face.badge, face.art, face.notes) == ("Scout car", "3", None, "Sees two hexes further.")
    (page,) = card_sheets([face], PAPERS["a4"], width=63, height=88, margin=8, footer_mm=14, title="Hex Recon")
    words = [t.text for t in page.iter("text")]
    assert "Scout car" in words and "6 mp" in words and "front 1, side 0" in words
    # the footer says "cards" once (authoring playtest of issue 60: it read "Hex Recon: cards 63 x 88")
    assert "Hex Recon: 63 x 88 mm, cut along the marks" in words
    assert page.find(".//g[@class='card-art']") is None
