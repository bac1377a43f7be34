"""The heading and legend bands around a picture (core.svgframe): text wrapped
to the width, the board's coordinates kept, the bands' sizes in the viewBox."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from core.svgframe import (
    GAP,
    LEGEND_SIZE,
    PAD,
    ROW,
    SWATCH,
    HeadingLine,
    LegendItem,
    frame,
    text_width,
    wrap,
)
from tests.svg import NS


@given(st.lists(st.text("abcdefghij", min_size=1, max_size=12), min_size=1, max_size=30),
       st.integers(min_value=60, max_value=600))
def test_wrap_keeps_every_word_in_order_and_breaks_only_where_a_line_would_overflow(
        words: list[str], width: int) -> None:
    text = " ".join(words)
    lines = wrap(text, 12, width)
    assert " ".join(lines) == text
    for i, line in enumerate(lines):
        assert text_width(line, 12) <= width or " " not in line  # only a single long word overflows
        if i + 1 < len(lines):  # the next word would not have fitted
            assert text_width(f"{line} {lines[i + 1].split(' ')[0]}", 12) > width


def _framed(heading: list[HeadingLine], legend: list[LegendItem]) -> ET.Element:
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg")
    ET.SubElement(svg, "title").text = "board"
    ET.SubElement(svg, "rect", x="0", y="0", width="300", height="200", attrib={"class": "board"})
    frame(svg, width=300, top=0, bottom=200, heading=heading, legend=legend)
    return ET.fromstring(ET.tostring(svg, encoding="unicode"))


def test_frame_puts_the_heading_above_and_the_legend_below_the_board() -> None:
    sample = [ET.Element("rect", x="0", y="0", width="16", height="16", fill="#000")]
    root = _framed([HeadingLine("Title"), HeadingLine("CHECK", alert=True)],
                   [LegendItem("one", sample), LegendItem("two", sample)])
    caption = next(g for g in root if g.get("class") == "caption")
    band = int(caption.get("data-band", ""))
    assert root.get("viewBox") == f"0 {-band} 300 {band + 200 + ROW + PAD + PAD // 2}"
    assert root[0].tag == f"{NS}title" and root[1].get("y") == str(-band)  # the background under all
    texts = list(caption.iter(f"{NS}text"))
    assert [t.text for t in texts] == ["Title", "CHECK"]
    assert texts[0].get("font-weight") == "bold" and texts[1].get("fill") == "#b00020"
    assert all(-band < float(t.get("y", "")) < 0 for t in texts)
    legend = next(g for g in root if g.get("class") == "legend")
    second = PAD + SWATCH + 5 + text_width("one", LEGEND_SIZE) + GAP
    assert [g.get("transform") for g in legend] == ["translate(8,208)", f"translate({second:.0f},208)"]  # one row


def test_a_long_legend_note_takes_its_own_rows_with_its_sample_once() -> None:
    sample = [ET.Element("circle", cx="8", cy="8", r="7")]
    note = " ".join(["word"] * 40)
    root = _framed([HeadingLine("Title")], [LegendItem("short", sample), LegendItem(note, sample)])
    legend = next(g for g in root if g.get("class") == "legend")
    rows = list(legend)
    assert rows[0].get("transform") == "translate(8,208)"
    assert rows[1].get("transform") == f"translate(8,{208 + ROW})"  # a new row for the long note
    assert [len(r.findall(f"{NS}g")) for r in rows] == [1, 1] + [0] * (len(rows) - 2)
    assert " ".join(r.findtext(f"{NS}text") or "" for r in rows[1:]) == note
    assert all(text_width(r.findtext(f"{NS}text") or "", LEGEND_SIZE) <= 300 - 2 * PAD for r in rows)


def test_issue_60_4_a_brief_marks_its_entry_and_the_rows_its_long_label_goes_on_in() -> None:
    """An entry with a short form carries it (``data-brief``) for the browser table's
    legend; the rows a long label goes on in are ``class="more"``; other entries carry neither."""
    long = ("forest (DG-4.3): " + "hides units; " * 12).strip()
    root = _framed([], [LegendItem(long, [ET.Element("rect")], "forest (DG-4.3)"), LegendItem("airfield")])
    key = root.find(f"{NS}g[@class='legend']")
    assert key is not None
    entries = list(key)
    assert len(entries) >= 3
    assert entries[0].get("data-brief") == "forest (DG-4.3)" and entries[0].get("class") is None
    more = entries[1:-1]
    assert more and all(e.get("class") == "more" and e.get("data-brief") is None for e in more)
    assert " ".join(t.text or "" for e in entries[:-1] for t in e.iter(f"{NS}text")) == long
    assert entries[-1].get("data-brief") is None and entries[-1].get("class") is None
