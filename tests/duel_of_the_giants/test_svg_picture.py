"""The board's picture read on its own (issue 19 item 15): a heading with the
round, the phase and step, the season, whose view and who decides what, or the
result; a legend of every symbol; and neither tells a viewer what its view
does not hold (DG-24)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

from core.data import load_document
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.actions import LayCard, Program
from rulesets.duel_of_the_giants.board import label
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.svg import MINE, centre, heading
from tests.duel_of_the_giants.helpers import blank, goto, tiger
from tests.svg import NS, group

POSITIONS = Path(__file__).resolve().parents[2] / "data" / "duel_of_the_giants" / "positions"


def _heading(game: DuelGame, player: int | None) -> list[str]:
    """The heading's lines for ``player``'s view, after checking the picture draws
    exactly them (wrapped at spaces)."""
    outcome = game.outcome()
    lines = [line.text for line in heading(game.view(player), None if outcome is None else outcome.reason)]
    root = ET.fromstring(RULESET.render_svg(game, player))
    drawn = [t.text or "" for t in group(root, "caption").iter(f"{NS}text")]
    assert " ".join(drawn) == " ".join(lines)
    return lines


def test_dg_8_1_heading_of_the_opening_says_phase_step_season_and_whose_view() -> None:
    g = RULESET.new_game("summer", {}, 0)
    assert isinstance(g, DuelGame)
    assert _heading(g, 1) == [
        "Duel of the Giants: Summer '43",
        "before round 1, opening phase, step O1; season: summer; seen by soviet",
        "soviet to decide: opening: move tank markers (DG-8.1 O1)",
    ]
    assert _heading(g, None)[1] == "before round 1, opening phase, step O1; season: summer; full view"


def test_dg_8_5_heading_of_the_shipped_combat_position() -> None:
    g = RULESET.from_position(load_document(POSITIONS / "summer-combat.yaml").data)
    assert isinstance(g, DuelGame)
    assert _heading(g, 0)[1:] == [
        "round 2, phase D (combat), step D2; season: summer; seen by german",
        "german to decide: phase D2 combat, case A, forest unit fires first (DG-17.6): Tiger 1 at d2 "
        "may fire at h9 (fire d2 HEX) or hold",
    ]


def test_dg_23_heading_and_legend_follow_the_season() -> None:
    g = RULESET.new_game("winter", {}, 0)
    root = ET.fromstring(RULESET.render_svg(g, 0))
    assert "season: winter" in _heading(g, 0)[1]
    legend = [t.text for t in group(root, "legend").iter(f"{NS}text")]
    assert "snow steppe" in legend and "steppe" not in legend


def test_dg_23_6_a_drop_marker_shows_its_drops_on_its_hex() -> None:
    """A T-34 in a snowdrift: its drop marker is drawn on that hex with the drops
    counted, for either side (the marker is public), and the winter legend names it."""
    from rulesets.duel_of_the_giants.board import parse_hex
    from rulesets.duel_of_the_giants.pieces import Drift

    g = RULESET.new_game("winter", {}, 0)
    assert isinstance(g, DuelGame)
    g.drifts[parse_hex("e5")] = Drift(2, 0, "t34")
    for player in (0, 1):
        root = ET.fromstring(RULESET.render_svg(g, player))
        badges = [b for b in root.iter(f"{NS}g") if b.get("class") == "drift"]
        assert len(badges) == 1
        circle = badges[0].find(f"{NS}circle")
        assert circle is not None
        x, y = centre(*parse_hex("e5"))
        assert (float(circle.get("cx", "0")), float(circle.get("cy", "0"))) == (round(x + 12, 1), round(y - 12, 1))
        assert [t.text for t in badges[0].iter(f"{NS}text")] == ["2"]
    legend = [t.text for t in group(root, "legend").iter(f"{NS}text")]
    assert any(t and t.startswith("drop marker (DG-23.6)") for t in legend)


def test_dg_20_1_heading_says_game_over_with_the_result() -> None:
    g = blank()
    tiger(g, 1, "c5", "E")
    g.round_vp = {"german": 3, "soviet": 0}
    goto(g, "D6")
    assert _heading(g, 1)[1:] == [
        "round 1; season: summer; seen by soviet",
        "game over: German side wins by 3 VP (0:0); the Soviet side has no weapons left in play (DG-20.1)",
    ]
    resigned = RULESET.new_game("summer", {}, 0)
    resigned.forfeit(1)
    assert _heading(resigned, 1)[-1] == "game over: soviet resigned"


def test_legend_names_every_symbol() -> None:
    root = ET.fromstring(RULESET.render_svg(RULESET.new_game("summer", {}, 0), 1))
    text = " ".join(t.text or "" for t in group(root, "legend").iter(f"{NS}text"))
    for symbol in ("steppe", "forest", "high ground", "swamp", "front element (DG-5)", "Tiger", "T-34",
                   "destroyed tank", "hull: the dot; turret: the line",
                   "tank marker (DG-9): ? unknown, W wheel, b bluff",
                   "ATG marker (DG-12): 8 PAK 8.8, 3 PAK 36, b bluff, ? unknown, t tire",
                   "mine marker (DG-14)", "airfield", "Stuka", "VP bar"):
        assert symbol in text, symbol


def _secret_phase_b() -> DuelGame:
    """A seeded game played to phase B of round 1: the Tigers are programmed and the
    ATGs and mines are face down -- German secrets while the Soviet side moves (the
    German player here never activates an ATG)."""
    from rulesets.duel_of_the_giants.actions import Activate

    g = RULESET.new_game("summer", {}, 0)
    assert isinstance(g, DuelGame)
    rng = random.Random(1)
    while not (g.step.startswith("B") and g.programs):
        actions = [a for a in g.legal_actions() if not (isinstance(a, Activate) and a.hull is None)]
        cards = [a for a in actions if isinstance(a, LayCard) and a.card != "S"]
        g.apply(rng.choice(cards or actions))  # full stacks: secrets worth looking for
    return g


def test_dg_24_the_soviet_picture_holds_no_german_secret() -> None:
    g = _secret_phase_b()
    german = RULESET.render_svg(g, 0)
    soviet = RULESET.render_svg(g, 1)
    german_root, soviet_root = ET.fromstring(german), ET.fromstring(soviet)
    assert _heading(g, 1) == [
        "Duel of the Giants: Summer '43",
        "round 1, phase B (Soviet movement), step B1; season: summer; seen by soviet",
        "soviet to decide: phase B1: move tank markers (DG-9.5)",
    ]
    # the Tiger programs (DG-11.2), not yet executed
    assert any(len(cards) > 2 for cards in g.programs.values())
    for n, cards in g.programs.items():
        assert n not in g.executed
        assert g.format_action(Program(n, cards)) not in soviet
        assert len(cards) < 3 or " ".join(cards) not in soviet
    # face-down ATGs (DG-12): the German picture shows their kind, the Soviet one "?"
    atg_labels = {}
    for a in g.atgs.values():
        assert not a.face_up
        x, y = centre(*a.pos)
        at = (f"{x - 14:.1f}", f"{y + 7:.1f}")
        atg_labels[label(a.pos)] = [
            next(t.text for t in root.iter(f"{NS}text") if (t.get("x"), t.get("y")) == at)
            for root in (german_root, soviet_root)]
    assert {soviet_label.rstrip("t") for _, soviet_label in atg_labels.values()} == {"?"}
    assert {german_label.rstrip("t") for german_label, _ in atg_labels.values()} >= {"8", "3", "b"}
    # face-down mines (DG-14): only the German picture tells a mine from a bluff
    board_mines = [c.get("fill") for c in soviet_root.findall(f"{NS}circle") if c.get("r") == "5"]
    assert board_mines == [MINE[None]] * len(g.mines)
    assert sorted(c.get("fill") or "" for c in german_root.findall(f"{NS}circle") if c.get("r") == "5") == \
        sorted(MINE[m.real] for m in g.mines.values())
    # the heading and the legend tell both sides the same, but for whose view it is
    assert _heading(g, 0)[1].replace("german", "soviet") == _heading(g, 1)[1]
    assert _heading(g, 0)[2] == _heading(g, 1)[2]
    assert ET.tostring(group(german_root, "legend")) == ET.tostring(group(soviet_root, "legend"))
