"""Issue 26.2 and 26.4 in the browser: every seat sees the commitment to the seed,
never the seed, until the game ends; a record downloaded mid-game cannot foretell
a roll; the computer replies the same after an undo."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from core.commitment import commit
from core.errors import RecordError
from core.record import load_record, parse_record, replay
from core.registry import get_ruleset
from tests.serve.helpers import Link, TestClient, create, make_server, wait_for


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    app, _server = make_server(tmp_path / "games")
    with TestClient(app) as c:
        yield c, tmp_path / "games"


def _sent(client: TestClient, link: Link) -> str:
    """Every byte a link is sent to play: its page and its state (the push stream
    sends the same state, built by the same function)."""
    page = client.get(link.url[link.url.index("/t/"):]).text
    return page + json.dumps(link.state())


def test_issue_26_2_no_byte_sent_to_a_seat_during_play_holds_the_seed(served: tuple[TestClient, Path]) -> None:
    client, folder = served
    game = create(client, ruleset="battle-of-tanks", seats={"a": "human", "b": "human"})
    seats = {name: Link(client, url) for name, url in game["links"].items()}
    on_disk = yaml.safe_load((folder / f"{game['id']}.yaml").read_text())  # the operator's own file
    seed, salt = on_disk["seed"], on_disk["salt"]
    assert seed.bit_length() > 64 and on_disk["commitment"] == commit(seed, salt)
    for _ in range(12):  # orders, drives, shots: dice are rolled on the way
        for link in seats.values():
            text = _sent(client, link)
            assert str(seed) not in text and salt not in text
            assert link.state()["dice"] == {"commitment": on_disk["commitment"], "seed": None, "salt": None,
                                            "chance": True}
        mover = next(link for link in seats.values() if link.state()["your_turn"])
        assert mover.post("act", {"move": mover.state()["actions"][0]["text"]}).status_code == 200
    r = client.get(f"{seats['spectator'].api}/record")
    assert r.status_code == 200 and on_disk["commitment"] in r.text
    assert str(seed) not in r.text and salt not in r.text
    downloaded = parse_record(r.text)
    assert downloaded.seed is None and len(downloaded.moves) == 12
    with pytest.raises(RecordError, match="only the commitment"):  # it cannot foretell a roll
        replay(downloaded, get_ruleset("battle-of-tanks"), verify=False)


def test_issue_26_2_the_end_reveals_the_seed_and_the_record_verifies(served: tuple[TestClient, Path]) -> None:
    client, _folder = served
    game = create(client, ruleset="battle-of-tanks", seats={"a": "human", "b": "human"})
    seats = {name: Link(client, url) for name, url in game["links"].items()}
    mover = next(link for link in seats.values() if link.state()["your_turn"])
    mover.post("act", {"move": mover.state()["actions"][0]["text"]})
    assert seats["a"].post("resign").status_code == 200
    dice = seats["b"].state()["dice"]
    assert dice["seed"] is not None and commit(dice["seed"], dice["salt"]) == dice["commitment"]
    r = client.get(f"{seats['b'].api}/record")
    record = parse_record(r.text)
    assert str(record.seed) == dice["seed"] and record.salt == dice["salt"]
    replay(record, get_ruleset("battle-of-tanks"), verify=True)  # commitment, then every roll
    stream = client.get(f"{seats['spectator'].api}/stream").text
    assert dice["seed"] in stream  # shown to everyone once the game is over


def test_issue_26_2_a_seed_chosen_at_creation_is_sealed_too(served: tuple[TestClient, Path]) -> None:
    client, folder = served
    game = create(client, ruleset="battle-of-tanks", seed=5, seats={"a": "human", "b": "human"})
    link = Link(client, game["links"]["a"])
    record, _doc = load_record(folder / f"{game['id']}.yaml")
    assert record.seed == 5 and record.commitment == commit(5, record.salt or "")
    assert link.state()["dice"]["seed"] is None


def _black_replies(link: Link) -> str:
    state = wait_for(link, lambda s: s["your_turn"] and not s["thinking"])
    return str(state["log"][-1]["move"])


def test_issue_26_4_after_undo_the_same_move_draws_the_same_computer_reply(
        served: tuple[TestClient, Path]) -> None:
    client, _folder = served
    game = create(client, ruleset="tank-chess", seats={"white": "human", "black": "greedy"})
    white = Link(client, game["links"]["white"])
    replies = []
    for _ in range(3):
        assert white.post("act", {"move": "MT e1-d1:NW"}).status_code == 200
        replies.append(_black_replies(white))
        assert white.post("undo").status_code == 200
    assert replies[0] == replies[1] == replies[2]


def test_issue_26_4_undo_is_refused_past_a_reveal_in_the_browser(served: tuple[TestClient, Path]) -> None:
    """The same refusal as at the terminal: the table's undo goes through Game.undo_to."""
    from cli.serve.tables import HUMAN, Seat, Table
    from core.errors import TanktableError
    from tests.duel_of_the_giants.test_fair_play import _stuka_over_a_bluff

    g: Any = _stuka_over_a_bluff()
    g.apply(g.parse_action("recon f5"))
    table = Table("t", get_ruleset("duel-of-the-giants"), g, None, {0: HUMAN, 1: HUMAN},  # type: ignore[arg-type]
                  Path("unused"))
    with pytest.raises(TanktableError, match="cannot take back recon f5"):
        table.undo(Seat(HUMAN, 0))
    assert len(g.history) == 2
