"""The server checks who is asking (issue 26.5 and 26.7): every probe of the
issue, each answered with its 4xx and nothing played."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli.serve.guard import (
    CONTENT_SECURITY_POLICY,
    MAX_NESTING,
    BadServedName,
    ServedNames,
    check_nesting,
    plain_http_from_afar,
)
from cli.serve.store import OPTION_FILES, ServerFiles
from core.resources import shipped
from tests.serve.helpers import HOST, KEY, BareClient, Link, TestClient, create, make_server

FOREIGN = "http://evil.example"
JSON = {"content-type": "application/json"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app, _server = make_server(tmp_path / "games")
    with TestClient(app) as c:
        yield c


@pytest.fixture
def bare(client: TestClient) -> BareClient:
    """The same server through a client that sends no Origin unless told (another page, curl)."""
    return BareClient(client.app)


def white_link(client: TestClient) -> Link:
    game = create(client, ruleset="tank-chess", seed=1, seats={"white": "human", "black": "human"})
    return Link(client, game["links"]["white"])


def test_a_post_from_another_origin_plays_no_move(client: TestClient, bare: BareClient) -> None:
    """issue 26.5: a page of evil.example posting a move (JSON or text/plain, the
    kind of body a form can send) is refused; the table has no move after it."""
    white = white_link(client)
    move = white.state()["actions"][0]["text"]
    body = json.dumps({"move": move})
    for headers in ({"origin": FOREIGN, **JSON}, {"origin": FOREIGN, "content-type": "text/plain"},
                    {"origin": "null", **JSON}, {"origin": "http://testserver:8080", **JSON},
                    {"origin": "https://testserver.evil.example", **JSON}):
        r = bare.post(f"{white.api}/act", content=body, headers=headers)
        assert r.status_code == 403, (headers, r.text)
        assert "refused" in r.json()["error"]
    r = bare.post(f"{white.api}/act", content=body, headers=JSON)
    assert r.status_code == 403 and "no Origin" in r.json()["error"]
    assert white.state()["log"] == []


def test_a_body_is_read_only_as_json(client: TestClient) -> None:
    """issue 26.5: a text/plain (or form) body from the page's own origin is 415, nothing played."""
    white = white_link(client)
    move = white.state()["actions"][0]["text"]
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        headers = {"content-type": kind} if kind else {}
        r = client.post(f"{white.api}/act", content=json.dumps({"move": move}), headers=headers)
        assert r.status_code == 415, (kind, r.text)
    r = client.post("/api/games", headers={**HOST, "content-type": "text/plain"},
                    content='{"ruleset": "tank-chess"}')
    assert r.status_code == 415
    assert white.state()["log"] == []
    r = client.post(f"{white.api}/act", content=json.dumps({"move": move}),
                    headers={"content-type": "application/json; charset=utf-8"})
    assert r.status_code == 200 and len(r.json()["log"]) == 1


def test_a_host_the_server_does_not_serve_is_refused(client: TestClient) -> None:
    """issue 26.5: DNS rebinding (a page whose name is made to point here) gets no answer."""
    white = white_link(client)
    page = white.url[white.url.index("/t/"):]
    for path in ("/", page, f"{white.api}/state", f"{white.api}/stream", "/static/table/main.js"):
        r = client.get(path, headers={"host": "evil.example", "origin": FOREIGN})
        assert r.status_code == 421, path
        r = client.get(path, headers={"host": "evil.example:8000"})
        assert r.status_code == 421, path
    r = client.post(f"{white.api}/resign", json={}, headers={"host": "evil.example", "origin": "http://evil.example"})
    assert r.status_code == 421 and white.state()["outcome"] is None
    assert client.get("/", headers={"host": "localhost:8000", "origin": "http://localhost:8000"}).status_code == 200


def test_deeply_nested_json_is_a_400_not_a_500(client: TestClient) -> None:
    """issue 26.5: 3 KB of nested brackets used to end in a RecursionError (500)."""
    white = white_link(client)
    deep = b"[" * 1500 + b"]" * 1500
    assert len(deep) == 3000
    for path, headers in ((f"{white.api}/act", JSON), ("/api/games", {**HOST, **JSON})):
        r = client.post(path, content=deep, headers=headers)
        assert r.status_code == 400 and f"deeper than {MAX_NESTING}" in r.json()["error"]
    r = client.post(f"{white.api}/act", content=b'{"move": ' + b"{" * 40 + b"}" * 40 + b"}", headers=JSON)
    assert r.status_code == 400
    assert white.state()["log"] == []


def test_nesting_is_counted_outside_strings() -> None:
    assert check_nesting(b'{"move": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"[[["}', limit=1)
    assert check_nesting(b"[" * 32 + b"]" * 32) and not check_nesting(b"[" * 33 + b"]" * 33)
    assert not check_nesting(b'{"a": [{"b": [1]}]}', limit=3)


def test_an_oversized_body_is_413(client: TestClient) -> None:
    """issue 26.5: a body past 16 KB is not read."""
    white = white_link(client)
    big = b'{"move": "' + b"a" * 17000 + b'"}'
    assert client.post(f"{white.api}/act", content=big, headers=JSON).status_code == 413
    r = client.post("/api/games", content=b'{"ruleset": "' + b"a" * 17000 + b'"}', headers={**HOST, **JSON})
    assert r.status_code == 413


@pytest.mark.parametrize(("option", "there", "not_there"), [
    ("cards=[{}]", "/etc", "/no-such-folder"),
    ("cards=[{}]", "/etc/passwd", "/etc/no-such-file"),
    ("table={}", "/etc/passwd", "/etc/no-such-file"),
    ("table={}", "../../../../../../etc/passwd", "../../../../../../etc/no-such-file"),
    ("armies={{a: {}}}", "/etc/passwd", "/etc/no-such-file"),
    ("armies={{a: {{name: x, budget: 21, tanks: [{{card: is-2}}], cards: [{}]}}}}", "/etc/passwd",
     "/etc/no-such-file"),
    ("armies={{a: {{name: x, budget: 21, tanks: [{{card: is-2}}], cards: [{}]}}}}", "/etc", "/no-such-folder"),
])
def test_an_option_naming_a_file_is_refused_without_telling_whether_it_exists(
        client: TestClient, option: str, there: str, not_there: str) -> None:
    """issue 26.5: a new game's options name no file of the server's disk (400, saying
    such options are given when the server is started); the refusal of a file
    that exists reads exactly as that of one that does not."""
    errors = []
    for path in (there, not_there):
        r = client.post("/api/games", headers=HOST,
                        json={"ruleset": "battle-of-tanks", "options": [option.format(path)]})
        assert r.status_code == 400, r.text
        errors.append(r.json()["error"].replace(path, "PATH"))
    assert errors[0] == errors[1]
    assert "given when the server is started" in errors[0], errors[0]
    assert client.get("/api/games", headers=HOST).json()["games"] == []


def test_options_may_still_name_shipped_data(client: TestClient) -> None:
    """issue 26.5: confinement keeps shipped names (a table, an army) working."""
    game = create(client, ruleset="battle-of-tanks", seed=4, options=["table=wooded-ridge", "armies={a: heavy-line}"])
    assert game["scenario"] == "village-crossroads"
    assert OPTION_FILES.startswith("options that name files are given when the server is started")


def test_an_offered_scenario_file_still_reads_the_files_beside_it(tmp_path: Path) -> None:
    """issue 26.5: the operator's --scenario file names its own table by a path beside it."""
    folder = tmp_path / "mine"
    folder.mkdir()
    table = shipped("battle_of_tanks", "tables", "village.yaml").read_text(encoding="utf-8")
    (folder / "my-table.yaml").write_text(table, encoding="utf-8")
    scenario = shipped("battle_of_tanks", "scenarios", "village-crossroads.yaml").read_text(encoding="utf-8")
    (folder / "my-scenario.yaml").write_text(scenario.replace("table: village", "table: my-table.yaml"),
                                             encoding="utf-8")
    app, _ = make_server(tmp_path / "games", ServerFiles.of([folder / "my-scenario.yaml"], []))
    with TestClient(app) as c:
        game = create(c, ruleset="battle-of-tanks", scenario="my-scenario.yaml", seed=2)
        assert Link(c, game["links"]["a"]).state()["your_turn"] is not None
        r = c.post("/api/games", headers=HOST, json={"ruleset": "battle-of-tanks", "scenario": "my-scenario.yaml",
                                                     "options": [f"table={folder / 'my-table.yaml'}"]})
        assert r.status_code == 400 and "given when the server is started" in r.json()["error"]
    shutil.rmtree(folder)


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    """issue 26.5: no Referer leaves a page, no framing, no sniffing, no inline script."""
    white = white_link(client)
    pages = ["/", white.url[white.url.index("/t/"):], "/static/table/main.js", f"{white.api}/state",
             "/api/games?key=" + KEY, "/t/nothing/x"]
    for path in pages:
        r = client.get(path)
        assert r.headers["referrer-policy"] == "no-referrer", path
        assert r.headers["x-content-type-options"] == "nosniff", path
        csp = r.headers["content-security-policy"]
        assert csp == CONTENT_SECURITY_POLICY
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert "unsafe-inline" not in csp.split("script-src", 1)[1].split(";")[0]
    r = client.get("/", headers={"host": "evil.example"})
    assert r.status_code == 421 and r.headers["referrer-policy"] == "no-referrer"


def test_the_pages_hold_no_inline_script() -> None:
    """issue 26.5: the CSP allows scripts only from files; the pages have none inline."""
    import re
    from importlib import resources

    for name in ("start.html", "table.html"):
        html = resources.files("cli.serve").joinpath("static", name).read_text(encoding="utf-8")
        assert all('src="/static/' in tag for tag in re.findall(r"<script[^>]*>", html)), name
        assert not re.search(r"\son[a-z]+\s*=", html) and "javascript:" not in html, name
        assert " style=" not in html, name


def test_the_push_stream_refuses_another_origin(client: TestClient, bare: BareClient) -> None:
    """issue 26.5: an EventSource of another site gets no seat's state."""
    white = white_link(client)
    r = bare.get(f"{white.api}/stream", headers={"origin": FOREIGN})
    assert r.status_code == 403 and "data:" not in r.text
    r = bare.get(f"{white.api}/state", headers={"origin": FOREIGN})
    assert r.status_code == 403
    white.post("resign")  # the stream then ends after one state
    r = bare.get(f"{white.api}/stream")  # a same-origin EventSource sends no Origin
    assert r.status_code == 200 and r.text.startswith("data: ")


def test_served_names() -> None:
    """issue 26.5: the names a server answers to, from its command line."""
    local = ServedNames.of("127.0.0.1")
    assert local.host_ok("127.0.0.1:8000") and local.host_ok("localhost:8000") and local.host_ok("[::1]:8000")
    assert not local.host_ok("evil.example") and not local.host_ok("10.0.0.5:8000") and not local.host_ok("")
    assert not local.host_ok("localhost@evil.example") and not local.host_ok("localhost:80:80")
    assert local.origin_ok("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert not local.origin_ok("http://localhost:3000", "localhost:8000")  # another local site
    assert not local.origin_ok("http://127.0.0.1:8000", "localhost:8000")
    assert not local.origin_ok("http://127.0.0.1:8000/x", "127.0.0.1:8000")
    lan = ServedNames.of("0.0.0.0", allow_hosts=["pc.home.arpa"])
    assert lan.host_ok("192.168.1.5:8000") and lan.host_ok("pc.home.arpa:8000") and not lan.host_ok("evil.example")
    assert lan.origin_ok("http://192.168.1.5:8000", "192.168.1.5:8000")
    one = ServedNames.of("192.168.1.5")
    assert one.host_ok("192.168.1.5:8000") and not one.host_ok("192.168.1.6:8000") and not one.host_ok("127.0.0.1")
    public = ServedNames.of("127.0.0.1", public_url="https://Tanks.Example.org/")
    assert public.public_origin == "https://tanks.example.org"
    assert public.host_ok("tanks.example.org") and public.origin_ok("https://tanks.example.org", "127.0.0.1:8000")
    assert public.origin_ok("https://tanks.example.org", "tanks.example.org")
    assert not public.origin_ok("http://tanks.example.org:8080", "127.0.0.1:8000")
    for url in ("tanks.example.org", "ftp://x", "https://x/tables", "https://"):
        with pytest.raises(BadServedName):
            ServedNames.of("127.0.0.1", public_url=url)
    with pytest.raises(BadServedName):
        ServedNames.of("127.0.0.1", allow_hosts=["http://x"])


def test_plain_http_from_another_machine_is_warned_on_the_start_page(tmp_path: Path) -> None:
    """issue 26.6: reached over plain HTTP from another machine, the start page says so."""
    def scope(client: Any, **headers: str) -> dict[str, Any]:
        return {"scheme": "http", "client": client,
                "headers": [(k.encode(), v.encode()) for k, v in headers.items()]}

    assert plain_http_from_afar(scope(("192.168.1.7", 5000)))
    assert not plain_http_from_afar(scope(("127.0.0.1", 5000)))
    assert not plain_http_from_afar(scope(("192.168.1.7", 5000), **{"x-forwarded-proto": "https"}))
    assert not plain_http_from_afar({**scope(("192.168.1.7", 5000)), "scheme": "https"})
    app, _ = make_server(tmp_path / "games")
    with TestClient(app, client=("192.168.1.7", 5000)) as far:
        assert "plain HTTP" in far.get("/api/catalog", headers=HOST).json()["warning"]
    with TestClient(app, client=("127.0.0.1", 5000)) as near:
        assert near.get("/api/catalog", headers=HOST).json()["warning"] is None
