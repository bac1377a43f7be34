"""An army list carries its own cards (BT-1.2, BT-2): ``cards:`` in the army file
names card files or folders beside it, or gives card data, and every entry
point (``army validate``, ``validate``, ``play --army``, a scenario naming the
army, the record) reads them the same way."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from core.data import load_document
from core.errors import DataError
from core.record import load_record, replay
from rulesets.battle_of_tanks import RULESET
from tests.console import tanktable

runner = CliRunner()

BIG = """\
ruleset: battle-of-tanks
kind: card
id: big-t34
based_on: t-34-85m
name: Big T-34
tier: 5
"""

BIGGER = """\
ruleset: battle-of-tanks
kind: card
id: bigger-t34
based_on: big-t34
name: Bigger T-34
tier: 6
"""


def _app():  # type: ignore[no-untyped-def]
    from cli.app import app

    return app


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _army(folder: Path, cards: str, tanks: str = "[{card: big-t34}, {card: bigger-t34}, {card: t-80}]",
          name: str = "army.yaml") -> Path:
    return _write(folder, name, f"ruleset: battle-of-tanks\nkind: army\nname: Mine\nbudget: 20\n"
                                f"cards: {cards}\ntanks: {tanks}\n")


@pytest.fixture
def own_cards(tmp_path: Path) -> Path:
    _write(tmp_path, "mine/big.yaml", BIG)
    _write(tmp_path, "mine/bigger.yaml", BIGGER)
    return tmp_path


def test_bt_1_2_army_validate_reads_the_army_s_own_card_files_beside_it(own_cards: Path) -> None:
    """The cards resolve beside the army file, in any order (bigger is based on big)."""
    army = _army(own_cards, "[mine/bigger.yaml, mine/big.yaml]")
    result = runner.invoke(_app(), ["army", "validate", str(army)])
    assert result.exit_code == 0, result.output
    assert "Bigger T-34                      tier  6   left 9" in result.output
    assert "total 15 of 20: 5 left (BT-1.1)" in result.output


def test_bt_1_2_a_folder_of_cards_and_inline_card_data(own_cards: Path) -> None:
    inline = "{id: tiny, based_on: t-80, name: Tiny, tier: 1}"
    army = _army(own_cards, f"[mine, {inline}]", "[{card: bigger-t34}, {card: tiny}]")
    report = RULESET.check_army(load_document(army))
    assert report.valid and report.total == 7


def test_bt_2_army_cards_problems_are_all_at_their_lines(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing file, a card that would change a shipped one and an unknown base:
    all three reported at once, each at its line; the file stays valid YAML."""
    army = _write(tmp_path, "bad.yaml", """\
        ruleset: battle-of-tanks
        kind: army
        name: Bad
        budget: 20
        cards:
          - mine/missing.yaml
          - {id: t-80, name: Fake, tier: 1, hit_points: 10, move_cm: 10, sight_cm: 10, recon: 3+, accuracy: 3+, rate_of_fire: 1, firepower: 1, repair: 3+}
          - {id: odd, based_on: nope}
        tanks: [{card: t-80}]
        """)
    result = runner.invoke(_app(), ["validate", str(army)])
    assert result.exit_code == 1
    assert f"{army}:6:5: no card file 'mine/missing.yaml': no such file" in result.output
    assert (f"{army}:7:10: card 't-80' is already a card with other values; give yours its own id (BT-2)"
            in result.output)
    assert f"{army}:8:25: based_on: unknown card 'nope'" in result.output
    code, output = tanktable(monkeypatch, capsys, "play", "battle-of-tanks", "--army", f"a={army}",
                         "--seat", "a=random", "--seat", "b=random")
    assert code == 1 and f"{army}:6:5: no card file" in output and f"{army}:8:25: based_on" in output


def test_bt_2_two_armies_may_carry_the_same_card_but_not_two_cards_of_one_id(own_cards: Path) -> None:
    first = _army(own_cards, "[mine/big.yaml]", "[{card: big-t34}]", name="first.yaml")
    same = _army(own_cards, "[mine/big.yaml]", "[{card: big-t34}]", name="same.yaml")
    game = RULESET.new_game(None, {"armies": {"a": str(first), "b": str(same)}}, seed=1)
    assert {t.card.id for t in game.tanks} == {"big-t34"}
    _write(own_cards, "other/big.yaml", BIG.replace("tier: 5", "tier: 2"))
    other = _army(own_cards, "[other/big.yaml]", "[{card: big-t34}]", name="other.yaml")
    with pytest.raises(DataError) as refused:
        RULESET.new_game(None, {"armies": {"a": str(first), "b": str(other)}}, seed=1)
    assert "card 'big-t34' is already a card with other values" in str(refused.value)


def test_bt_2_the_record_keeps_the_army_s_cards_and_replays_without_the_files(own_cards: Path) -> None:
    army = _army(own_cards, "[mine/bigger.yaml, mine/big.yaml]")
    record = own_cards / "game.yaml"
    result = runner.invoke(_app(), ["play", "battle-of-tanks", "--army", f"a={army}", "--seat", "a=random",
                                    "--seat", "b=random", "--seed", "4", "--record", str(record)])
    assert result.exit_code == 0, result.output
    for name in ("mine/big.yaml", "mine/bigger.yaml", "army.yaml"):
        (own_cards / name).unlink()
    loaded, doc = load_record(record)
    game = replay(loaded, RULESET, doc, verify=True)
    assert {t.card.id for t in game.tanks if t.side == "a"} == {"big-t34", "bigger-t34", "t-80"}
    verified = runner.invoke(_app(), ["replay", "--verify", str(record)])
    assert verified.exit_code == 0, verified.output


def test_bt_3_a_scenario_naming_an_army_with_its_own_cards_validates_and_plays(own_cards: Path) -> None:
    _army(own_cards, "[mine/big.yaml, mine/bigger.yaml]")
    scenario = _write(own_cards, "scenario.yaml", """\
        ruleset: battle-of-tanks
        kind: scenario
        name: Mine against the heavies
        table: village
        armies: {a: army.yaml, b: heavy-line}
        """)
    checked = runner.invoke(_app(), ["validate", str(scenario)])
    assert checked.exit_code == 0, checked.output
    game = RULESET.new_game(scenario, None, seed=2)
    again = RULESET.from_position(game.position(), seed=2)
    assert [t.card.id for t in again.tanks] == [t.card.id for t in game.tanks]
