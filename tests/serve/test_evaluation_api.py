"""Issue 28.5 at the browser's table: the hint button's answer lists the search's three
best moves with their estimates, and ``GET .../estimate`` gives the evaluation bar the
search's estimate from the seat's own side."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli.serve.seatview import hint_text
from core.ai.analysis import analyse
from core.registry import get_ruleset
from core.streams import decision_seed
from tests.serve.helpers import TestClient, create, make_server
from tests.serve.test_api import human_pair, links


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app, _server = make_server(tmp_path / "games")
    with TestClient(app) as c:
        yield c


def test_issue_28_5_the_hint_button_answers_three_moves_with_estimates(client: TestClient) -> None:
    seats = human_pair(client)
    answer = seats["white"].post("hint").json()["answer"]
    game = get_ruleset("tank-chess").new_game(None, None, 1)
    assert answer == "hint: " + hint_text(game, decision_seed(1, "hint", 0, 0))
    assert len(re.findall(r"\((?:[-+]\d\.\d\d|0\.00)\)", answer)) == 3
    assert "estimates of the result for white" in answer


def test_issue_28_5_the_estimate_is_the_seats_own_and_a_spectator_has_none(client: TestClient) -> None:
    seats = human_pair(client)
    white = client.get(f"{seats['white'].api}/estimate")
    assert white.status_code == 200
    game = get_ruleset("tank-chess").new_game(None, None, 1)
    expected = analyse(game, 0, decision_seed(1, "estimate", 0, 0)).estimate
    assert white.json() == {"player": "white", "version": seats["white"].state()["version"], "estimate": expected}
    black = client.get(f"{seats['black'].api}/estimate").json()
    assert black["player"] == "black"
    assert black["estimate"] == analyse(game, 1, decision_seed(1, "estimate", 1, 0)).estimate
    assert client.get(f"{seats['white'].api}/estimate").json() == white.json()  # asked again: the same
    watcher = create(client, ruleset="tank-chess", seed=1, seats={"white": "human", "black": "human"})
    spectator = links(client, watcher)
    assert "spectator" in spectator
    refused = client.get(f"{spectator['spectator'].api}/estimate")
    assert refused.status_code == 403 and "spectator" in refused.json()["error"]


def test_issue_28_5_the_estimate_never_holds_up_the_table(client: TestClient,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """While the bar's estimate is being worked out (held here until released), the
    table answers its seats and plays a move: the search runs off the event loop and
    without the table's lock. The estimate then answers for the position it was asked in."""
    from cli.serve import evaluation

    started, release = threading.Event(), threading.Event()
    real = evaluation.analyse

    def held(*args: Any, **kwargs: Any) -> Any:
        started.set()
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(evaluation, "analyse", held)
    seats = human_pair(client)
    before = seats["white"].state()["version"]
    answers: dict[str, Any] = {}
    asking = threading.Thread(target=lambda: answers.update(r=client.get(f"{seats['white'].api}/estimate")))
    asking.start()
    try:
        assert started.wait(30)
        game = get_ruleset("tank-chess").new_game(None, None, 1)
        move = game.format_action(game.legal_actions()[0])
        state = seats["white"].post("act", {"move": move}).json()
        assert len(state["log"]) == 1 and state["version"] > before
        assert seats["black"].state()["your_turn"]
    finally:
        release.set()
        asking.join(30)
    assert answers["r"].status_code == 200 and answers["r"].json()["version"] == before
