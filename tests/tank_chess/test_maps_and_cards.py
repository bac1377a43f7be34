"""Maps (TC-1, TC-9.1/9.2), unit cards (TC-2) and settings: data in YAML, checked with lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.commands import check_file
from core.errors import DataError, TanktableError
from core.resources import shipped
from rulesets.tank_chess import RULESET
from rulesets.tank_chess.cards import shipped_cards

EXAMPLES = Path(str(shipped("tank_chess", "examples")))


def test_tc_2_shipped_cards_carry_the_rulebook_values() -> None:
    cards = shipped_cards()
    table = {cid: (c.speed, (c.armour.front, c.armour.side, c.armour.rear), c.gun, len(c.fires))
             for cid, c in cards.items()}
    assert table == {
        "HT": (3, (3, 2, 1), 3, 3), "MT": (4, (2, 1, 0), 2, 3), "LT": (5, (1, 0, 0), 1, 3),
        "CLT": (5, (1, 0, 0), 1, 3), "TD": (4, (2, 1, 0), 4, 1), "HM": (3, (1, 0, 0), 5, 1),
    }
    assert cards["CLT"].command and not cards["LT"].command
    assert cards["HM"].indirect is not None and (cards["HM"].indirect.min, cards["HM"].indirect.max) == (3, 5)


def test_tc_7_1_7_2_the_command_tanks_card_says_what_it_is_worth_in_words() -> None:
    """``card CLT`` at the prompt (playtest: a bare "value 0" read as worthless): its loss
    loses the game (TC-7.1), its drive off the far edge wins it (TC-7.2); another card's
    value says whose count it is; ``cards show`` carries the same in the card's description."""
    game = RULESET.new_game("standard-16")
    clt = game.card_text("clt").splitlines()
    assert "  command  yes: lose it and you lose the game (TC-7.1)" in clt
    assert "  value    the game: drive it off the far edge and you win (TC-7.2)" in clt
    assert not any(line.split()[:2] == ["value", "0"] for line in clt) and max(map(len, clt)) <= 80
    assert "  value    1 (what the computer player counts it as)" in game.card_text("MT").splitlines()
    assert "TC-7.1" in shipped_cards()["CLT"].description


@pytest.mark.parametrize("name,size,extra", [("standard-16", 16, {}), ("standard-20", 20, {"TD": 2, "HM": 2})])
def test_tc_2_1_standard_setups(name: str, size: int, extra: dict[str, int]) -> None:
    game = RULESET.new_game(name)
    assert game.layout.size == size and game.layout.fair
    for side in (0, 1):
        counts: dict[str, int] = {}
        for p in game.layout.pieces:
            if p.side == side:
                counts[p.card] = counts.get(p.card, 0) + 1
        assert counts == {"HT": 2, "MT": 3, "LT": 4, "CLT": 1, **extra}


def test_tc_1_4_every_shipped_map_validates_and_two_examples_per_size() -> None:
    names = RULESET.scenarios()
    for size in (16, 20):
        assert {f"standard-{size}", f"blank-{size}"} <= set(names)
        assert len([n for n in names if n.endswith(f"-{size}")]) >= 4
    maps = Path(str(shipped("tank_chess", "maps")))
    for path in sorted(maps.glob("*.yaml")):
        assert check_file(path) == [], path


def test_tc_4_1_pieces_start_facing_the_enemy() -> None:
    game = RULESET.new_game("standard-16")
    for pid in range(len(game.pos.kind)):
        assert game.pos.face[pid] == (0 if game.pos.side[pid] == 0 else 4)


BROKEN = """\
ruleset: tank-chess
kind: map
name: broken
size: 6
fair: true
facing: {f6: N}
grid: |
  . . . . . c
  . . . . . .
  . . C # . .
  . . . . . .
  . . . ? . .
  . . . . . .
"""


def test_tc_9_2_validator_names_every_broken_rule_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN)
    problems = [str(p) for p in check_file(path)]
    assert any(":12:" in p and "unknown square '?'" in p and "TC-9.1" in p for p in problems)
    path.write_text(BROKEN.replace("  . . . ? . .", "  . . . . . ."))
    problems = [str(p) for p in check_file(path)]
    text = "\n".join(problems)
    assert "broken.yaml:10:" in text and "white CLT on c4 is not on its own half (TC-9.2)" in text
    assert "not point-symmetric" in text
    assert all("TC-9.2" in p for p in problems)


def test_tc_9_2_command_tank_must_reach_the_far_edge(tmp_path: Path) -> None:
    path = tmp_path / "walled.yaml"
    path.write_text("""\
ruleset: tank-chess
kind: map
name: walled
size: 6
grid: |
  . . c . . .
  . . . . . .
  . . . . . .
  # # # # # #
  . . . . . .
  . . C . . .
""")
    problems = [str(p) for p in check_file(path)]
    assert any("cannot reach the far edge" in p and ":11:" in p for p in problems)
    with pytest.raises(DataError):
        RULESET.new_game(path)


def test_tc_9_1_grid_size_and_piece_counts(tmp_path: Path) -> None:
    path = tmp_path / "short.yaml"
    path.write_text("ruleset: tank-chess\nkind: map\nname: s\nsize: 6\ngrid: |\n  . . c . .\n  . . C . . .\n")
    problems = [str(p) for p in check_file(path)]
    assert any("2 rows" in p for p in problems)
    assert any("rank 6: 5 squares" in p and ":6:" in p for p in problems)


def test_user_map_by_path_plays(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("""\
ruleset: tank-chess
kind: map
name: mine
size: 6
grid: |
  . . c l . .
  . . . . . .
  . . # . . .
  . . . # . .
  . . . . . .
  . . L C . .
""")
    game = RULESET.new_game(str(path))
    assert game.layout.name == "mine" and len(game.legal_actions()) > 0


def test_unknown_scenario_suggests_a_name() -> None:
    with pytest.raises(TanktableError, match="standard-16"):
        RULESET.new_game("standard16")


def test_tc_2_2_authored_pieces_play_without_code() -> None:
    """The example pieces (super-heavy, turretless tank hunter, light mortar 2-4) play a game."""
    import random

    cards = RULESET.cards([EXAMPLES / "authored-cards.yaml"])
    assert cards["SHT"].armour.front == 4 and cards["SHT"].fires == cards["HT"].fires  # based_on HT
    assert cards["TH"].fires == ["forward"]
    assert cards["LM"].indirect is not None and cards["LM"].indirect.min == 2
    game = RULESET.new_game(EXAMPLES / "authored-16.yaml")
    assert {"SHT", "TH", "LM"} <= {p.card for p in game.layout.pieces}
    assert [c["id"] for c in game.options["cards"]] == ["SHT", "TH", "LM"]
    rng = random.Random(2)
    played = set()
    while game.outcome() is None:
        actions = game.legal_actions()
        action = actions[rng.randrange(len(actions))]
        played.add(action.piece)
        game.apply(action)
    assert {"SHT", "TH", "LM"} & played


def test_tc_6m_1_authored_mortar_band_is_used() -> None:
    from tests.tank_chess.helpers import board

    lm = [{"id": "LM", "based_on": "HM", "name": "Light Mortar", "letter": "O", "indirect": {"min": 2, "max": 4}}]
    g = board("""
. . . . . . . .
. . . . . . . .
. . . l . . . .
. . . l . . . .
. . . l . . . .
. . . . . . . .
. . . O . . . .
. . . . . . . .
""", cards=lm)
    shots = {a.target for a in g.legal_actions() if a.to == (3, 0) and a.facing == 0 and a.target}
    assert shots == {(3, 3), (3, 4)}  # 3 and 4 away; 5 is beyond this card's band


def test_cards_validate_with_lines(tmp_path: Path) -> None:
    path = tmp_path / "bad-cards.yaml"
    path.write_text("""\
ruleset: tank-chess
kind: unit
cards:
  - id: XT
    based_on: QQ
  - id: YT
    name: Y
    speed: 2
    armour: {front: 1, side: 1, rear: 1}
    gun: 2
    fires: [sideways]
""")
    problems = [str(p) for p in check_file(path)]
    assert any(":11:" in p and "'forward-left'" in p for p in problems)  # the schema speaks first
    path.write_text(path.read_text().replace("[sideways]", "[forward]"))
    problems = [str(p) for p in check_file(path)]
    assert any(":5:" in p and "unknown base 'QQ'" in p for p in problems)


def test_card_template_is_a_valid_card(tmp_path: Path) -> None:
    path = tmp_path / "new.yaml"
    path.write_text(RULESET.card_template())
    assert check_file(path) == []


def test_settings_file_and_overrides() -> None:
    path = Path(str(shipped("tank_chess", "settings.yaml")))
    assert check_file(path) == []
    game = RULESET.new_game("standard-16", {"movement.corner_cutting": False, "draw": {"move_limit": 40}})
    assert game.settings.movement.corner_cutting is False and game.settings.draw.move_limit == 40
    with pytest.raises(TanktableError, match="tank-chess takes no option 'movement.teleport'; did you mean 'movement.corner_cutting'"):
        RULESET.new_game("standard-16", {"movement.teleport": True})
    with pytest.raises(TanktableError, match="bad tank-chess option"):
        RULESET.new_game("standard-16", {"exit.diagonal": "sometimes"})


def test_tc_1_2_coordinates_from_blacks_side() -> None:
    game = RULESET.new_game("standard-16", {"coordinates.origin": "black"})
    texts = {game.format_action(a) for a in game.legal_actions()}
    # white's Command Tank stands on h1 from White's view, i16 from Black's
    assert any(t.startswith("CLT i16-") for t in texts)
    action = game.legal_actions()[0]
    assert game.parse_action(game.format_action(action)) == action


def test_tc_7_5_recommended_clock() -> None:
    assert RULESET.new_game("standard-16").recommended_clock_seconds() == 30 * 60
    assert RULESET.new_game("standard-20").recommended_clock_seconds() == 45 * 60


def test_tc_9_1_card_letters_must_be_unambiguous(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(
        "ruleset: tank-chess\nkind: unit\nid: BHT\nbased_on: HT\nname: Big heavy\nletter: H\n")
    grid = "  . . c . . .\n  . . . . . .\n  . . . . . .\n  . . . . . .\n  . . . . . .\n  . . C H . .\n"
    path = tmp_path / "clash.yaml"
    path.write_text(f"ruleset: tank-chess\nkind: map\nname: clash\nsize: 6\ncards: [mine.yaml]\ngrid: |\n{grid}")
    problems = [str(p) for p in check_file(path)]
    assert any("ambiguous" in p and "BHT" in p and "HT" in p and ":12:" in p for p in problems)
    path.write_text(f"ruleset: tank-chess\nkind: map\nname: clash\nsize: 6\ncards: [mine.yaml]\n"
                    f"legend: {{H: BHT}}\ngrid: |\n{grid}")
    assert check_file(path) == []
    assert [p.card for p in RULESET.new_game(path).layout.pieces if p.side == 0] == ["CLT", "BHT"]


FIRST_MOVE_WIN = """\
ruleset: tank-chess
kind: map
name: first-move
size: 6
fair: true
grid: |
  . . c . . .
  . . . . . .
  . . . . . .
  . . . . . .
  . . . . . .
  . . . C . .
"""


def test_tc_9_2_fair_map_refuses_a_first_move_that_destroys_the_command_tank(tmp_path: Path) -> None:
    """A fair map gives the side to move first no win on its first move: the turreted
    CLT d1 reaches e4 facing N and fires forward-left over d5 into the side of c6
    (TC-6.1, TC-7.1). The problem names the move and the rule, at the mover's line."""
    path = tmp_path / "first-move.yaml"
    path.write_text(FIRST_MOVE_WIN)
    problems = [str(p) for p in check_file(path)]
    assert len(problems) == 1, problems
    assert "first-move.yaml:12:" in problems[0]
    assert "CLT d1-" in problems[0] and "xc6" in problems[0]
    assert "TC-7.1" in problems[0] and "TC-9.2" in problems[0]
    with pytest.raises(DataError):
        RULESET.new_game(path)
    # the same board is a valid map once it no longer claims to be fair
    path.write_text(FIRST_MOVE_WIN.replace("fair: true", "fair: false"))
    assert check_file(path) == []
    assert RULESET.new_game(path).outcome() is None


def test_tc_9_2_fair_map_refuses_a_first_move_off_the_far_edge(tmp_path: Path) -> None:
    """TC-9.2 with TC-7.2: White's CLT three squares from the far edge drives off on move one."""
    path = tmp_path / "escape.yaml"
    path.write_text(FIRST_MOVE_WIN.replace("""\
  . . c . . .
  . . . . . .
  . . . . . .
  . . . . . .
  . . . . . .
  . . . C . .
""", """\
  . . . . . .
  . . . . . .
  . . . c . .
  . . C . . .
  . . . . . .
  . . . . . .
"""))
    problems = [str(p) for p in check_file(path)]
    assert any("CLT c3-off" in p and "TC-7.2" in p and "TC-9.2" in p and "escape.yaml:10:" in p
               for p in problems), problems


def test_tc_9_2_first_move_check_follows_its_setting(tmp_path: Path) -> None:
    """The Decision is a setting: ``maps.fair_first_move`` off lets the map through once
    ``maps.fair_first_shot`` is off too (the win is a shot at the Command Tank, which that
    check names as a shot, issue 60.4)."""
    path = tmp_path / "first-move.yaml"
    path.write_text(FIRST_MOVE_WIN)
    with pytest.raises(DataError):
        RULESET.new_game(path)
    with pytest.raises(DataError):
        RULESET.new_game(path, {"maps.fair_first_move": False})
    game = RULESET.new_game(path, {"maps.fair_first_move": False, "maps.fair_first_shot": False})
    assert game.layout.fair


@pytest.mark.parametrize("name", ["blank-20", "crossroads-20", "standard-16", "standard-20", "blank-16"])
def test_tc_9_2_shipped_maps_are_not_won_on_the_first_move(name: str) -> None:
    """Issue 17 bug 6: White had 17 first moves that destroyed Black's Command Tank on
    blank-20 and crossroads-20 (e.g. MT l1-k3:N xk20). Every first move is played out.
    The blank maps are open brawls (``fair: false``, issue 60.4) but still not won on move one."""
    game = RULESET.new_game(name)
    assert game.layout.fair != name.startswith("blank-")
    for mv in game.legal_moves():
        game.pos.push(mv)
        assert game.pos.winner < 0, game.format_action(game.to_action(mv))
        game.pos.pop()
