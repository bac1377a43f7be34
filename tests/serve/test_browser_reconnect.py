"""Issue 29.10 in a real Chromium against a real ``tanktable serve`` process:
the server is killed and started again while a seat's page is open. The page
says "reconnecting…", refuses a move made meanwhile (nothing is sent), then
catches up by itself with what happened since and plays on. And a server that
hangs without closing the stream is noticed by its missed pings.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli.serve.app import TableServer
from tests.serve.browser import Browser
from tests.serve.helpers import create_live

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


class ServeProcess:
    """``tanktable serve`` in a process of its own, on a fixed port and games directory."""

    def __init__(self, folder: Path, port: int):
        self.folder, self.port = folder, port
        self.proc: subprocess.Popen[str] | None = None
        self.key = ""

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from cli.app import main; main()", "serve", "--port", str(self.port),
             "--games-dir", str(self.folder), "--think", "0.05"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        assert self.proc.stdout is not None
        end = time.monotonic() + 30
        while time.monotonic() < end:
            line = self.proc.stdout.readline()
            m = re.search(r"\?key=(\S+)", line)
            if m:
                self.key = m.group(1)
                break
        else:
            raise AssertionError("the server did not start")
        while time.monotonic() < end:  # uvicorn listens once the games are read
            try:
                urllib.request.urlopen(f"{self.base}/static/table.css", timeout=2).read()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("the server did not answer")

    def kill(self) -> None:
        """The server dies at once (no goodbye on the push streams)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def request(self, path: str, body: dict[str, Any] | None = None, key: bool = False) -> Any:
        headers = {"content-type": "application/json", "origin": self.base}
        if key:
            headers["x-host-key"] = self.key
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, headers=headers)
        with urllib.request.urlopen(req, timeout=10) as answer:
            return json.loads(answer.read())


@pytest.fixture()
def serve(tmp_path: Path) -> Iterator[ServeProcess]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = ServeProcess(tmp_path / "games", port)
    server.start()
    yield server
    if server.proc is not None and server.proc.poll() is None:
        server.kill()


def log_length(browser: Browser) -> int:
    return int(browser.js("document.querySelectorAll('#log > li').length"))


def type_move(browser: Browser, text: str) -> None:
    """Type a move into the notation box and press the play button, as a player does."""
    browser.click("#move")
    browser.js("document.getElementById('move').select()")  # typing replaces what the box held
    browser.send("Input.insertText", text=text)
    browser.click("#move-form button[type=submit]")


def test_29_10_the_page_reconnects_after_a_restart_and_refuses_blind_moves(
        browser: Browser, serve: ServeProcess, screenshots: Path) -> None:
    game = serve.request("/api/games", {"ruleset": "tank-chess", "seed": 5,
                                        "seats": {"white": "human", "black": "human"}}, key=True)
    white, black = game["links"]["white"], game["links"]["black"]
    black_api = "/api" + black[black.index("/t/"):]
    browser.open(white)
    browser.wait("document.getElementById('status').textContent.startsWith('your decision')")
    type_move(browser, browser.js("document.querySelector('#actions button.action').textContent"))
    browser.wait("document.querySelectorAll('#log > li').length == 1")
    serve.request(f"{black_api}/act", {"move": serve.request(f"{black_api}/state")["actions"][0]["text"]})
    browser.wait("document.querySelectorAll('#log > li').length == 2")
    browser.wait("document.getElementById('status').textContent.startsWith('your decision')")
    seen = int(browser.js("document.body.dataset.version"))
    mine = browser.js("document.querySelector('#actions button.action').textContent")

    serve.kill()
    browser.wait("!document.getElementById('connection').hidden", timeout=10)
    banner = browser.js("document.getElementById('connection').textContent")
    assert banner.startswith("reconnecting…"), banner
    # a move made meanwhile is refused on the page, visibly; nothing reaches the server
    type_move(browser, mine)
    browser.wait("!document.getElementById('error').hidden")
    assert "not sent" in browser.js("document.getElementById('error').textContent")
    browser.screenshot(screenshots / "reconnecting.png")

    serve.start()
    restarted = time.monotonic()
    state = serve.request(f"{black_api}/state")
    assert len(state["log"]) == 2, "the refused move was never sent"
    assert state["version"] > seen
    # black takes his move back and plays another while white's page reconnects
    serve.request(f"{black_api}/undo", {})
    reply = serve.request(f"{black_api}/state")["actions"][-1]["text"]
    serve.request(f"{black_api}/act", {"move": reply})
    browser.wait("document.getElementById('connection').hidden", timeout=15)
    browser.wait(f"document.getElementById('log').textContent.includes({json.dumps(reply)})", timeout=10)
    print(f"\nthe page caught up {time.monotonic() - restarted:.1f} s after the server answered again")
    assert browser.js("document.getElementById('error').hidden")
    assert int(browser.js("document.body.dataset.version")) > seen
    # and it plays on, through the new push stream
    browser.wait("document.getElementById('status').textContent.startsWith('your decision')")
    type_move(browser, browser.js("document.querySelector('#actions button.action').textContent"))
    browser.wait("document.querySelectorAll('#log > li').length == 3")
    serve.request(f"{black_api}/act", {"move": serve.request(f"{black_api}/state")["actions"][0]["text"]})
    browser.wait("document.querySelectorAll('#log > li').length == 4")
    browser.screenshot(screenshots / "reconnected.png")


def test_29_10_a_server_gone_silent_is_noticed_by_its_missed_pings(
        browser: Browser, live: tuple[str, TableServer], screenshots: Path) -> None:
    """The stream stays open but nothing comes (the table's lock held: the server hangs):
    after three missed pings the page says so, and catches up once the server answers."""
    base, server = live
    server.ping_seconds = 0.25
    try:
        game = create_live(base, ruleset="tank-chess", seed=5, seats={"white": "human", "black": "human"})
        browser.open(base + game["links"]["white"])
        browser.wait("document.getElementById('status').textContent.startsWith('your decision')")
        time.sleep(1.5)  # pings come: all is well
        assert browser.js("document.getElementById('connection').hidden")
        table = server.store.tables[game["id"]]
        with table.lock:
            browser.wait("!document.getElementById('connection').hidden", timeout=10)
            banner = browser.js("document.getElementById('connection').textContent")
            assert banner == "reconnecting… the server has gone silent", banner
            browser.screenshot(screenshots / "reconnecting-silent.png")
        browser.wait("document.getElementById('connection').hidden", timeout=15)
        type_move(browser, browser.js("document.querySelector('#actions button.action').textContent"))
        browser.wait("document.querySelectorAll('#log > li').length == 1")
        time.sleep(1.5)
        assert browser.js("document.getElementById('connection').hidden"), "the new stream is heard"
    finally:
        server.ping_seconds = 15.0
