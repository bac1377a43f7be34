"""A tiny driver for headless Chromium over the DevTools protocol (CDP).

Chromium (Debian's package) is started with a debugging port; this module
speaks CDP over websockets (the ``websockets`` package): open a page,
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


class Chromium:
    """One headless Chromium process, shared by the pages of a test session.

    Starting Chromium costs about a second; a page in a browser context of its own
    (fresh cookies, storage and cache, as a new profile would have) costs a fifth
    of that, so each test module gets a new page, not a new process."""

    def __init__(self, executable: str):
        self.profile = tempfile.mkdtemp(prefix="tanktable-chromium-")
        self.proc = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-dev-shm-usage", "--remote-debugging-port=0", "--remote-allow-origins=*",
             f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self._stack = contextlib.ExitStack()
        self.port, address = self._debug_address()
        self.ws: ClientConnection = self._stack.enter_context(connect(address, max_size=None))
        self._ids = itertools.count(1)

    def _debug_address(self) -> tuple[int, str]:
        assert self.proc.stderr is not None
        end = time.monotonic() + 30
        lines = []
        while time.monotonic() < end:
            line = self.proc.stderr.readline()
            if not line:
                break
            lines.append(line)
            m = re.search(r"DevTools listening on (ws://[^:]+:(\d+)/\S+)", line)
            if m:
                return int(m.group(2)), m.group(1)
        self.close()
        raise BrowserError("chromium did not start: " + "".join(lines[-10:]))

    def alive(self) -> bool:
        return self.proc.poll() is None

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        return _command(self.ws, self._ids, method, params)

    def page(self, width: int = 1400, height: int = 1000) -> Browser:
        """A new window of ``width`` x ``height`` in a browser context of its own."""
        context = self.send("Target.createBrowserContext")["browserContextId"]
        target = self.send("Target.createTarget", url="about:blank", browserContextId=context,
                           newWindow=True, width=width, height=height)["targetId"]
        return Browser(self, target, context, width)

    def close(self) -> None:
        try:
            self._stack.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            shutil.rmtree(self.profile, ignore_errors=True)


def _command(ws: ClientConnection, ids: itertools.count[int], method: str, params: dict[str, Any]) -> dict[str, Any]:
    """One CDP command over ``ws``; its result (events arriving meanwhile are dropped)."""
    ident = next(ids)
    ws.send(json.dumps({"id": ident, "method": method, "params": params}))
    while True:
        message = json.loads(ws.recv(timeout=60))
        if message.get("id") == ident:
            if "error" in message:
                raise BrowserError(f"{method}: {message['error']}")
            return message.get("result", {})  # type: ignore[no-any-return]


class Browser:
    """One page (a window of its own) of a shared Chromium."""

    def __init__(self, chromium: Chromium, target: str, context: str, width: int):
        self.chromium, self.target, self.context = chromium, target, context
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(f"ws://127.0.0.1:{chromium.port}/devtools/page/{target}", max_size=None))
        self._ids = itertools.count(1)
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.wait(f"innerWidth === {width}", timeout=10)  # the window takes its size a moment later

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        """One CDP command to the page; its result."""
        return _command(self.ws, self._ids, method, params)

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
        """Closes the page and its browser context; the Chromium stays for the next page."""
        try:
            self._stack.close()
        finally:
            if self.chromium.alive():
                with contextlib.suppress(BrowserError, OSError, TimeoutError):
                    self.chromium.send("Target.closeTarget", targetId=self.target)
                    self.chromium.send("Target.disposeBrowserContext", browserContextId=self.context)


def required() -> bool:
    """CI sets TANKTABLE_REQUIRE_BROWSER=1: there a missing browser fails the tests."""
    return os.environ.get("TANKTABLE_REQUIRE_BROWSER", "") not in ("", "0")
