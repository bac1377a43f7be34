"""Fixtures of the browser tests (tests/serve/test_browser*.py), in one place.

``chromium`` finds Debian's Chromium; ``browser`` is a page in a large window,
``tablet`` a 1024x768 touch screen (issue 29.17) and ``small`` a 1024x768 window
with a mouse (the size the playtest of issue 29 found its traps at). Each is
a page of its own per test module (a window in a browser context of its own),
in one Chromium per test session. Without Chromium the tests skip and say why;
with ``TANKTABLE_REQUIRE_BROWSER=1`` a missing or broken browser fails them.
``live`` is a real server over a temporary games directory (a module may
define its own, offering its positions); ``screenshots`` is the folder
``$TANKTABLE_SCREENSHOTS`` names, else a temporary one.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.serve.app import TableServer
from tests.serve.browser import Browser, BrowserError, Chromium, find_chromium, required
from tests.serve.helpers import make_server, serving

TABLET = (1024, 768)


_running: dict[str, Chromium] = {}


@pytest.fixture(scope="session")
def chromium() -> Iterator[str]:
    """The Chromium executable; the process ``launch`` shares is closed when the session ends."""
    found = find_chromium()
    if found is None:
        message = "no Chromium found (apt-get install chromium): the browser tests did not run"
        if required():
            pytest.fail(message + " -- TANKTABLE_REQUIRE_BROWSER is set")
        pytest.skip(message)
    yield found
    while _running:
        _running.popitem()[1].close()


def shared(executable: str) -> Chromium:
    """The session's Chromium, started on first use and again if it died."""
    running = _running.get(executable)
    if running is None or not running.alive():
        if running is not None:
            running.close()
        running = _running[executable] = Chromium(executable)
    return running


def launch(chromium: str, width: int = 1400, height: int = 1000, *, exact: bool = False,
           touch: bool = False) -> Browser:
    """A Chromium with one page; ``exact`` sets the page's own size to ``width`` x ``height``
    (the window's size leaves less to the page); ``touch`` takes touch events as well."""
    try:
        b = shared(chromium).page(width, height)
        if exact:
            b.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                   mobile=False)
        if touch:
            b.send("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    except (BrowserError, OSError) as exc:
        if required():
            pytest.fail(f"Chromium would not start: {exc}")
        pytest.skip(f"Chromium would not start: {exc}")
    return b


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Browser]:
    b = launch(chromium)
    yield b
    b.close()


@pytest.fixture(scope="module")
def tablet(chromium: str) -> Iterator[Browser]:
    """Chromium as a 1024x768 touch screen (issue 29.17)."""
    b = launch(chromium, *TABLET, exact=True, touch=True)
    yield b
    b.close()


@pytest.fixture(scope="module")
def small(chromium: str) -> Iterator[Browser]:
    """Chromium with a 1024x768 page and a mouse: the size the playtest found the traps at."""
    b = launch(chromium, *TABLET, exact=True)
    yield b
    b.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, TableServer]]:
    """A real server on a free port of 127.0.0.1, in a thread."""
    app, server = make_server(tmp_path_factory.mktemp("games"))
    with serving(app, server) as base:
        yield base, server


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = os.environ.get("TANKTABLE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return tmp_path_factory.mktemp("screenshots")
