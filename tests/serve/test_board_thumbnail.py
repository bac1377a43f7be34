"""The start page's card pictures (issue 58.10): each ruleset's board, drawn by the
server from its default scenario, without the heading and the legend of a full picture."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.serve.thumbnail import board_only
from core.svgframe import HeadingLine, LegendItem, frame
from tests.serve.helpers import HOST, TestClient, make_server

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app, _server = make_server(tmp_path)
    with TestClient(app) as c:
        yield c


def test_58_10_a_card_picture_is_the_default_scenarios_board_for_the_host_only(client: TestClient) -> None:
    """The host's page gets Tank Chess's board, cut to the board; without the key, a
    refusal; an unknown ruleset, its name in the error (no traceback)."""
    assert client.get("/api/rulesets/tank-chess/board.svg").status_code == 403
    answer = client.get("/api/rulesets/tank-chess/board.svg", headers=HOST)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    svg = ET.fromstring(answer.text)
    classes = {c for g in svg.iter(f"{SVG}g") for c in g.get("class", "").split()}
    assert "tt-piece" in classes, "the pieces of the opening position are drawn"
    assert not {"caption", "legend"} & classes, "the heading and the legend are cut off"
    missing = client.get("/api/rulesets/no-such-game/board.svg", headers=HOST)
    assert missing.status_code == 400 and "no-such-game" in missing.json()["error"]


def test_58_10_the_cut_keeps_the_band_between_the_heading_and_the_legend() -> None:
    """core.svgframe's bands are cut off: the viewBox is the board's own (0..300 here)."""
    svg = ET.Element("svg", {"xmlns": SVG[1:-1]})
    ET.SubElement(svg, "rect", {"x": "0", "y": "0", "width": "400", "height": "300", "class": "board"})
    frame(svg, width=400, top=0, bottom=300, heading=[HeadingLine("A game"), HeadingLine("move 1")],
          legend=[LegendItem("a sample", [ET.Element("rect", {"width": "8", "height": "8"})])])
    framed = ET.tostring(svg, encoding="unicode")
    assert ET.fromstring(framed).get("viewBox") != "0 0 400 300"
    cut = ET.fromstring(board_only(framed))
    assert cut.get("viewBox") == "0 0 400 300"
    assert (cut.get("width"), cut.get("height")) == ("400", "300")
    assert [g for g in cut.iter(f"{SVG}g") if g.get("class") in ("caption", "legend")] == []
