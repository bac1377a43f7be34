"""The start page's armies through the HTTP API (issue 29.15, BT-1.1, BT-1.2).

The armies offered (shipped, the server's ``--army`` files, a card list with
the server's ``--cards``), the builder's check against the budget with the very
verdict ``tanktable army validate`` prints for the same army file, and games
created with a built army or a file army. No request names a file.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from cli.app import main
from cli.serve.store import ServerFiles
from core.registry import get_ruleset
from tests.serve.helpers import HOST, Link, TestClient, create, make_server

OWN_CARD = """\
ruleset: battle-of-tanks
kind: card
id: scout-car
name: Scout car
short: scout
based_on: t-80
tier: 3
"""

OWN_ARMY = """\
ruleset: battle-of-tanks
kind: army
name: Club list
budget: 20
tanks:
  - card: scout-car
  - card: tiger-i
"""


@pytest.fixture
def client(tmp_path: Path) -> Any:
    own = tmp_path / "own"
    own.mkdir()
    (own / "scout-car.yaml").write_text(OWN_CARD, encoding="utf-8")
    (own / "club-list.yaml").write_text(OWN_ARMY, encoding="utf-8")
    files = ServerFiles.of([], [], [own / "club-list.yaml"], [own / "scout-car.yaml"])
    app, server = make_server(tmp_path / "games", files)
    with TestClient(app) as c:
        c.server = server  # type: ignore[attr-defined]
        yield c


def army_validate(path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                  *extra: str) -> tuple[int, str]:
    """``tanktable army validate FILE`` as a user runs it: its exit code and output."""
    monkeypatch.setattr(sys, "argv", ["tanktable", "army", "validate", str(path), *extra])
    with pytest.raises(SystemExit) as info:
        main()
    out, err = capsys.readouterr()
    return int(info.value.code or 0), out + err


def check(client: Any, tanks: list[str], budget: int = 20, name: str = "Mine") -> dict[str, Any]:
    r = client.post("/api/armies/check", headers=HOST, json={
        "ruleset": "battle-of-tanks",
        "army": {"name": name, "budget": budget, "tanks": [{"card": t} for t in tanks]}})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def battle(client: Any) -> dict[str, Any]:
    catalog = client.get("/api/catalog", headers=HOST).json()
    return next(r for r in catalog["rulesets"] if r["id"] == "battle-of-tanks")  # type: ignore[no-any-return]


def test_issue_29_15_catalog_offers_shipped_and_own_armies_and_cards(client: Any) -> None:
    catalog = client.get("/api/catalog", headers=HOST).json()
    offered = {r["id"]: r["armies"] for r in catalog["rulesets"]}
    assert offered["tank-chess"] is None and offered["duel-of-the-giants"] is None
    armies = offered["battle-of-tanks"]
    shipped = sorted(get_ruleset("battle-of-tanks").armies())
    assert [a["value"] for a in armies["armies"]] == [f"shipped:{n}" for n in shipped] + ["file:club-list.yaml"]
    club = armies["armies"][-1]
    assert club["title"] == "Club list" and club["verdict"] == "total 10 of 20: 10 left (BT-1.1)"
    cards = {c["id"]: c for c in armies["cards"]}
    scout = {k: v for k, v in cards["scout-car"].items() if k != "values"}
    assert scout == {"id": "scout-car", "name": "Scout car", "tier": 3, "own": True}
    assert cards["tiger-i"]["own"] is False and cards["tiger-i"]["tier"] == 7  # BT-2's table


def test_issue_29_15_over_budget_refused_with_army_validates_verdict(
        client: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """BT-1.1: Tiger I (7) + IS-2 (7) + T-34-85M (6) + T-80 (4) = 24 of 20. The
    builder's refusal is the line ``army validate`` prints for the downloaded file."""
    answer = check(client, ["tiger-i", "is-2", "t-34-85m", "t-80"])
    assert not answer["valid"]
    assert answer["message"] == "total 24 of 20: over budget by 4 (BT-1.1)"
    assert [t["remaining"] for t in answer["tanks"]] == [13, 6, 0, -4]
    downloaded = tmp_path / "mine.yaml"
    downloaded.write_text(answer["yaml"], encoding="utf-8")
    code, out = army_validate(downloaded, capsys, monkeypatch)
    assert code == 1
    assert answer["message"] in out.splitlines()


def test_issue_29_15_within_budget_with_an_own_card(
        client: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    answer = check(client, ["scout-car", "tiger-i"], budget=12)
    assert answer["valid"] and answer["message"] == ""
    assert answer["verdict"] == "total 10 of 12: 2 left (BT-1.1)"
    downloaded = tmp_path / "mine.yaml"
    downloaded.write_text(answer["yaml"], encoding="utf-8")
    own = next(p for p in (tmp_path / "own").iterdir() if p.name == "scout-car.yaml")
    code, out = army_validate(downloaded, capsys, monkeypatch, "--cards", str(own))
    assert code == 0 and answer["verdict"] in out.splitlines()


def test_issue_60_3_downloaded_army_carries_its_cards_and_validates_anywhere(
        client: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The builder's YAML embeds the server's own cards it uses (and what they are
    based on), so ``army validate`` passes in another folder with no --cards."""
    answer = check(client, ["scout-car", "tiger-i"], budget=12)
    assert answer["valid"], answer["message"]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    downloaded = elsewhere / "mine.yaml"
    downloaded.write_text(answer["yaml"], encoding="utf-8")
    code, out = army_validate(downloaded, capsys, monkeypatch)
    assert code == 0, out
    assert "unknown card" not in out and answer["verdict"] in out.splitlines()
    assert "id: scout-car" in answer["yaml"] and "id: tiger-i" not in answer["yaml"]
    plain = check(client, ["tiger-i"], budget=12)
    assert "cards:" not in plain["yaml"], "only the server's own cards are carried"


def test_issue_60_3_serve_army_brings_its_own_cards_into_the_builder(tmp_path: Path) -> None:
    """``serve --army`` alone (no --cards): the cards the army file carries join the
    card list, can be built with, and go with the built army into a game."""
    own = tmp_path / "own"
    own.mkdir()
    (own / "firefly.yaml").write_text(OWN_CARD.replace("scout-car", "firefly").replace("Scout car", "Firefly")
                                      .replace("short: scout", "short: ffly"), encoding="utf-8")
    (own / "list.yaml").write_text(OWN_ARMY.replace("scout-car", "firefly") + "cards: [firefly.yaml]\n",
                                   encoding="utf-8")
    files = ServerFiles.of([], [], [own / "list.yaml"], [])
    app, _server = make_server(tmp_path / "games", files)
    with TestClient(app) as client:
        cards = {c["id"]: c for c in battle(client)["armies"]["cards"]}
        assert cards["firefly"]["own"] is True and cards["firefly"]["tier"] == 3
        answer = check(client, ["firefly", "t-80"], budget=20)
        assert answer["valid"], answer["message"]
        assert "id: firefly" in answer["yaml"]
        game = create(client, ruleset="battle-of-tanks", seed=5, seats={"a": "human", "b": "greedy"},
                      armies={"a": "built"}, army={"name": "Mine", "budget": 20,
                                                   "tanks": [{"card": "firefly"}]})
        assert ">ffly#1<" in Link(client, game["links"]["a"]).state()["svg"]


def test_issue_60_3_builder_cards_carry_their_values(client: Any) -> None:
    """Each card in the builder comes with the values a player compares: hit points,
    move (speed), the gun (accuracy, rate of fire, firepower), sight, recon, repair."""
    cards = {c["id"]: c for c in battle(client)["armies"]["cards"]}
    tiger = cards["tiger-i"]["values"]
    for field in ("hit_points", "move_cm", "sight_cm", "accuracy", "rate_of_fire", "firepower", "recon", "repair"):
        assert field in tiger, field
    assert isinstance(tiger["hit_points"], int) and str(tiger["accuracy"]).endswith("+")
    assert cards["scout-car"]["values"]["hit_points"] > 0, "an own card's values too"


def test_issue_60_3_builder_check_says_what_still_fits(client: Any) -> None:
    answer = check(client, ["tiger-i"], budget=12)
    assert answer["fits_text"].startswith("still fits in 5:")
    assert all(f["tier"] <= 5 for f in answer["fits"]) and any(f["card"] == "scout-car" for f in answer["fits"])


def test_issue_29_15_unknown_card_names_its_line(client: Any) -> None:
    """BT-1.2: an unknown card id with its line and the closest known one."""
    answer = check(client, ["tigr-i"])
    assert not answer["valid"]
    assert answer["message"] == "built army:7:9: unknown card 'tigr-i'; did you mean 'tiger-i'? (BT-1.2)"


def test_issue_29_15_built_army_names_no_file(client: Any) -> None:
    """An army sent by the page has no ``cards:`` (which would name files)."""
    r = client.post("/api/armies/check", headers=HOST, json={
        "ruleset": "battle-of-tanks",
        "army": {"name": "x", "budget": 20, "tanks": [{"card": "t-80"}], "cards": ["/etc/passwd"]}})
    assert r.status_code == 400 and "army.cards" in r.json()["error"]


def test_issue_29_15_check_needs_the_host_key(client: Any) -> None:
    r = client.post("/api/armies/check", json={"ruleset": "battle-of-tanks",
                                               "army": {"budget": 20, "tanks": []}})
    assert r.status_code == 403


def test_issue_29_15_game_with_a_built_army_and_a_file_army(client: Any) -> None:
    game = create(client, ruleset="battle-of-tanks", seed=5, seats={"a": "human", "b": "greedy"},
                  armies={"a": "built", "b": "file:club-list.yaml"},
                  army={"name": "Mine", "budget": 20, "tanks": [{"card": "scout-car"}, {"card": "is-2"}]})
    state = Link(client, game["links"]["a"]).state()
    for label in ("scout#1", "is2#1", "scout#2", "tiger#1"):  # a: the built army, b: the file's
        assert f">{label}<" in state["svg"], label


def test_issue_29_15_built_army_over_budget_is_refused_at_creation(client: Any) -> None:
    r = client.post("/api/games", headers=HOST, json={
        "ruleset": "battle-of-tanks", "armies": {"a": "built"},
        "army": {"name": "Mine", "budget": 10, "tanks": [{"card": "tiger-i"}, {"card": "t-80"}]}})
    assert r.status_code == 400
    assert r.json()["error"] == "army a (Mine): total 11 of 10: over budget by 1 (BT-1.1)"


@pytest.mark.parametrize("choice", ["/etc/passwd", "file:../club-list.yaml", "shipped:../../x", "heavy-line"])
def test_issue_29_15_an_army_not_offered_is_refused_by_name(client: Any, choice: str) -> None:
    r = client.post("/api/games", headers=HOST, json={"ruleset": "battle-of-tanks", "armies": {"a": choice}})
    assert r.status_code == 400
    assert "no army" in r.json()["error"] and "shipped:spearhead" in r.json()["error"]


def test_issue_29_15_armies_for_a_ruleset_without_them_are_refused(client: Any) -> None:
    r = client.post("/api/games", headers=HOST, json={"ruleset": "tank-chess", "armies": {"white": "built"}})
    assert r.status_code == 400 and r.json()["error"] == "tank-chess has no army lists"


def test_issue_29_15_serve_refuses_broken_cards_and_armies_at_start(tmp_path: Path) -> None:
    """``serve --cards/--army``: a file the start page could not offer stops the
    server at once with its problems, not a start page that fails later."""
    from cli.serve.armies import check_server_files
    from core.errors import DataError, TanktableError, UsageError
    from core.registry import available_rulesets

    rulesets = available_rulesets()
    bad_card = tmp_path / "bad-card.yaml"
    bad_card.write_text(OWN_CARD.replace("tier: 3", "tier: -3"), encoding="utf-8")
    with pytest.raises(DataError, match=r"bad-card.yaml:7:\d+: tier"):
        check_server_files(ServerFiles.of([], [], [], [bad_card]), rulesets)
    not_army = tmp_path / "card.yaml"
    not_army.write_text(OWN_CARD, encoding="utf-8")
    with pytest.raises(UsageError, match="not an army list"):
        check_server_files(ServerFiles.of([], [], [not_army], []), rulesets)
    over = tmp_path / "over.yaml"
    over.write_text(OWN_ARMY.replace("budget: 20", "budget: 5").replace("scout-car", "t-80"), encoding="utf-8")
    with pytest.raises(TanktableError, match=r"total 11 of 5: over budget by 6 \(BT-1.1\)"):
        check_server_files(ServerFiles.of([], [], [over], []), rulesets)
    good = tmp_path / "good.yaml"
    good.write_text(OWN_ARMY, encoding="utf-8")
    check_server_files(ServerFiles.of([], [], [good], [not_army]), rulesets)


def test_issue_60_3_a_rematch_keeps_each_players_army_with_the_player(client: Any) -> None:
    """The player who built an army on side a plays it on side b in the rematch, and
    the opponent's file army follows the opponent to side a."""
    game = create(client, ruleset="battle-of-tanks", seed=5, seats={"a": "human", "b": "greedy"},
                  armies={"a": "built", "b": "file:club-list.yaml"},
                  army={"name": "Mine", "budget": 20, "tanks": [{"card": "scout-car"}, {"card": "is-2"}]})
    a = Link(client, game["links"]["a"])
    a.post("resign")
    r = a.post("rematch")
    assert r.status_code == 201, r.text
    rematch = r.json()
    assert rematch["seats"] == {"a": "greedy", "b": "human"}
    store = client.server.store
    old, new = store.get(game["id"]), store.get(rematch["id"])
    assert new.game.options["armies"]["b"] == old.game.options["armies"]["a"]
    assert new.game.options["armies"]["a"] == old.game.options["armies"]["b"]
    svg = Link(client, rematch["link"]).state()["svg"]
    for label in ("tiger#1", "scout#1", "is2#1"):
        assert f">{label}<" in svg, label
