"""Page geometry of printing (issue 60.5): tiles, overlap, the scale bar, card and counter grids."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from core.errors import UsageError
from core.printing.paper import PAPERS, bar_length, paper, row_letter, scale_bar, tile, tile_marks
from core.printing.sheets import CardFace, Counter, card_sheets, counter_sheets


def test_issue_60_5_a_120_cm_table_tiles_a4_in_35_pages_that_cover_it_and_overlap_by_10_mm() -> None:
    t = tile(1200, 1200, PAPERS["a4"], margin=8, footer=14, overlap=10)
    assert (t.layout.landscape, t.rows, t.cols, t.pages) == (False, 5, 7, 35)
    aw, ah = t.layout.area
    assert (aw, ah) == (194, 267)
    tiles = t.tiles
    assert len(tiles) == 35 and tiles[0].label == "A1" and tiles[-1].label == "E7"
    first_row = [x for x in tiles if x.row == 0]
    for a, b in zip(first_row, first_row[1:], strict=False):
        assert a.x + a.width - b.x == pytest.approx(10)  # each neighbour repeats 10 mm
    last = tiles[-1]
    assert last.x + last.width == pytest.approx(1200) and last.y + last.height == pytest.approx(1200)
    assert all(x.width <= aw and x.height <= ah for x in tiles)


def test_issue_60_5_auto_orientation_takes_the_fewer_pages_and_a_small_board_one() -> None:
    wide = tile(400, 150, PAPERS["a4"], margin=8, footer=14, overlap=10)
    assert wide.layout.landscape and wide.pages == 2
    assert tile(150, 150, PAPERS["letter"], margin=8, footer=14, overlap=10).pages == 1
    forced = tile(400, 150, PAPERS["a4"], margin=8, footer=14, overlap=10, orientation="portrait")
    assert not forced.layout.landscape and forced.pages == 3


def test_issue_60_5_paper_names_and_sizes() -> None:
    assert (paper("A4").width, paper("a4").height) == (210, 297)
    assert (paper("Letter").width, paper("letter").height) == (215.9, 279.4)  # 8.5 x 11 in
    with pytest.raises(UsageError, match="a4, letter"):
        paper("a3")


def test_issue_60_5_the_scale_bar_is_ten_centimetres_at_true_scale_and_round_when_scaled() -> None:
    assert bar_length(1.0)[:2] == (100.0, "10 cm")
    assert bar_length(0.5)[:2] == (100.0, "20 cm")
    length, label, _ = bar_length(0.1)
    assert label == "100 cm" and length == pytest.approx(100)
    g = scale_bar(ET.Element("svg"), 8, 280)
    zero, end = g.find("text[@class='scale-0']"), g.find("text[@class='scale-end']")
    assert zero is not None and end is not None
    assert float(end.get("x", "0")) - float(zero.get("x", "0")) == pytest.approx(100)
    assert end.text == "10 cm"


def test_issue_60_5_rows_are_lettered_like_a_map() -> None:
    assert [row_letter(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


def test_issue_60_5_nine_poker_cards_fit_a4_and_letter_touching_with_crop_marks() -> None:
    for name in ("a4", "letter"):
        faces = [CardFace(title=f"card {i}") for i in range(10)]
        pages = card_sheets(faces, PAPERS[name], width=63, height=88, margin=8, footer_mm=14, title="x")
        assert len(pages) == 2  # nine on the first sheet, one on the second
        cards = pages[0].findall("g[@class='card']")
        assert len(cards) == 9
        edges = [c.find("rect[@class='card-edge']") for c in cards]
        assert all(e is not None and (e.get("width"), e.get("height")) == ("63", "88") for e in edges)
        size = PAPERS[name]
        assert pages[0].get("viewBox") == f"0 0 {size.width:g} {size.height:g}"
        y = sorted({float(c.get("transform", "").split()[1].rstrip(")")) for c in cards})
        assert y[0] >= 4 and y[-1] + 88 <= size.height - 4  # three rows within the paper's margins
        # four cuts each way (three cards touching), marked at both ends
        assert len(pages[0].findall("g[@class='crop-marks']/line")) == 4 * 2 + 4 * 2


def test_issue_60_5_counter_backs_come_after_their_fronts_in_mirrored_columns() -> None:
    def front(s: float) -> ET.Element:
        return ET.Element("rect", {"class": "f", "width": str(s)})

    def back(s: float) -> ET.Element:
        return ET.Element("rect", {"class": "b", "width": str(s)})

    pages = counter_sheets([Counter("one", front, back)], PAPERS["a4"], size=20, margin=8, footer_mm=14, title="t")
    assert [p.get("data-side") for p in pages] == ["front", "back"]
    x_front = float(pages[0].find("g[@class='counter-front']").get("transform").split("(")[1].split()[0])  # type: ignore[union-attr]
    x_back = float(pages[1].find("g[@class='counter-back']").get("transform").split("(")[1].split()[0])  # type: ignore[union-attr]
    assert x_front + x_back == pytest.approx(210)  # the same place seen from the other side


def test_issue_60_5_registration_marks_of_neighbouring_pages_fall_on_the_same_places_of_the_board() -> None:
    t = tile(1200, 800, PAPERS["a4"], margin=8, footer=14, overlap=10)
    marks: dict[str, set[tuple[float, float]]] = {}
    for x in t.tiles:
        page = ET.Element("svg")
        tile_marks(page, t, x)
        centres = {(round(float(c.get("cx", "0")) - 8 + x.x, 6), round(float(c.get("cy", "0")) - 8 + x.y, 6))
                   for c in page.iter("circle")}  # in mm of the board
        marks[x.label] = centres
    by_place = {(x.row, x.col): x.label for x in t.tiles}
    pairs = 0
    for (r, c), label in by_place.items():
        for neighbour in ((r, c + 1), (r + 1, c)):
            if neighbour in by_place:
                assert len(marks[label] & marks[by_place[neighbour]]) == 2, (label, by_place[neighbour])
                pairs += 1
    assert pairs == t.rows * (t.cols - 1) + t.cols * (t.rows - 1)
    assert not marks["A1"] & marks["B2"]  # a diagonal neighbour shares no strip
