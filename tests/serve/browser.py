"""A tiny driver for headless Chromium over the DevTools protocol (CDP).

Chromium (Debian's package) is started with a debugging port; this module
speaks CDP over one websocket (the ``websockets`` package): open a page,
evaluate JavaScript, click with real mouse events at an element's centre,
take a screenshot. Nothing is downloaded at test time, and no driver binary
has to match the browser's version (see docs/browser.md).
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

CANDIDATES = ("chromium", "chromium-browser", "google-chrome")


def find_chromium() -> str | None:
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


class BrowserError(RuntimeError):
    pass


class Browser:
    """One headless Chromium with one page."""

    def __init__(self, executable: str, width: int = 1400, height: int = 1000):
        self.profile = tempfile.mkdtemp(prefix="tanktable-chromium-")
        self.proc = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-dev-shm-usage", "--remote-debugging-port=0", "--remote-allow-origins=*",
             f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        port = self._debug_port()
        pages = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10).read())
        page = next(p for p in pages if p.get("type") == "page")
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(page["webSocketDebuggerUrl"], max_size=None))
        self._ids = itertools.count(1)
        self.send("Page.enable")
        self.send("Runtime.enable")

    def _debug_port(self) -> int:
        assert self.proc.stderr is not None
        end = time.monotonic() + 30
        lines = []
        while time.monotonic() < end:
            line = self.proc.stderr.readline()
            if not line:
                break
            lines.append(line)
            m = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if m:
                return int(m.group(1))
        self.close()
        raise BrowserError("chromium did not start: " + "".join(lines[-10:]))

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        """One CDP command; its result (events arriving meanwhile are dropped)."""
        ident = next(self._ids)
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv(timeout=60))
            if message.get("id") == ident:
                if "error" in message:
                    raise BrowserError(f"{method}: {message['error']}")
                return message.get("result", {})  # type: ignore[no-any-return]

    def js(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url: str) -> None:
        self.send("Page.navigate", url=url)
        self.wait("document.readyState === 'complete' && location.href !== 'about:blank'")

    def wait(self, expression: str, timeout: float = 20.0) -> Any:
        """Poll until ``expression`` is truthy (an element counts as true); its value."""
        end = time.monotonic() + timeout
        probe = f"(() => {{ const v = ({expression}); return v instanceof Node ? true : v; }})()"
        last = ""
        while True:
            try:
                value = self.js(probe)
            except BrowserError as exc:  # a page between two documents
                value, last = None, str(exc)
            if value:
                return value
            if time.monotonic() > end:
                raise BrowserError(f"timed out waiting for {expression} {last}")
            time.sleep(0.05)

    def click(self, selector: str) -> None:
        """A real click (mouse pressed and released) at the centre of the element."""
        box = self.wait(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: 'center'}});
            const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
        x, y = box
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def screenshot(self, path: Path) -> Path:
        data = self.send("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            if hasattr(self, "_stack"):
                self._stack.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            shutil.rmtree(self.profile, ignore_errors=True)


def required() -> bool:
    """CI sets TANKTABLE_REQUIRE_BROWSER=1: there a missing browser fails the tests."""
    return os.environ.get("TANKTABLE_REQUIRE_BROWSER", "") not in ("", "0")
