"""The printed PDF itself (issue 60.5): page size, page count, the scale bar's length, the text.

Chromium prints the print view (core/printing/pdf.py); these tests read its
PDF with pypdf. Without Chromium they skip and say why; with
``TANKTABLE_REQUIRE_BROWSER=1`` a missing browser fails them (as the browser
tests do, tests/serve/conftest.py).
"""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from cli.app import app
from cli.print_cmd import map_document
from core.printing.pdf import find_chromium
from tests.serve.browser import required

runner = CliRunner()
MM = 72 / 25.4
"""PDF points in a millimetre."""
ARMY = Path(__file__).resolve().parents[2] / "data" / "battle_of_tanks" / "armies" / "spearhead.yaml"


@pytest.fixture(scope="module")
def chromium() -> str:
    found = find_chromium()
    if found is None:
        message = "no Chromium found (apt-get install chromium): the PDF was not printed"
        if required():
            pytest.fail(message + " -- TANKTABLE_REQUIRE_BROWSER is set")
        pytest.skip(message)
    return found


def placed_text(page: pypdf.PageObject) -> dict[str, tuple[float, float]]:
    """Each run of text on ``page`` and where it starts, in points from the page's lower left."""
    found: dict[str, tuple[float, float]] = {}

    def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.setdefault(text.strip(), (x, y))

    page.extract_text(visitor_text=visit)
    return found


def test_issue_60_5_a_tiled_board_pdf_has_letter_pages_the_tiling_counts_and_a_true_10_cm_scale_bar(
        chromium: str, tmp_path: Path) -> None:
    out = tmp_path / "board.pdf"
    result = runner.invoke(app, ["print", "map", "tank-chess", "standard-16", "--paper", "letter", "--no-counters",
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    expected = map_document("tank-chess", "standard-16", paper="letter", counters=False)
    pdf = pypdf.PdfReader(out)
    assert len(pdf.pages) == expected.sheets == 6 + 1  # 3 x 2 landscape tiles, then the key (portrait)
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in pdf.pages]
    for w, h in sizes[:6]:  # Letter, landscape: 11 x 8.5 in (Chromium rounds the box to a CSS pixel)
        assert (w, h) == (pytest.approx(792, abs=0.5), pytest.approx(612, abs=0.5))
    for w, h in sizes[6:]:
        assert (w, h) == (pytest.approx(612, abs=0.5), pytest.approx(792, abs=0.5))
    for page in (pdf.pages[0], pdf.pages[6]):
        text = placed_text(page)
        zero, end = text["0"], text["10 cm"]
        assert end[0] - zero[0] == pytest.approx(100 * MM, abs=0.3)  # the bar's ticks, 100 mm apart on paper
        assert end[1] == pytest.approx(zero[1], abs=0.01)
    assert "page A1 (1 of 6: 3 rows x 2 columns)" in pdf.pages[0].extract_text()


def test_issue_60_5_the_roster_pdf_is_a4_and_reads_every_tank_its_values_and_the_total(chromium: str,
                                                                                      tmp_path: Path) -> None:
    out = tmp_path / "roster.pdf"
    result = runner.invoke(app, ["print", "roster", str(ARMY), "-o", str(out)])
    assert result.exit_code == 0, result.output
    pdf = pypdf.PdfReader(out)
    assert len(pdf.pages) == 1
    box = pdf.pages[0].mediabox
    assert (float(box.width), float(box.height)) == (pytest.approx(595.3, abs=0.5), pytest.approx(841.9, abs=0.5))
    text = pdf.pages[0].extract_text()
    for words in ("Spearhead", "t34#1", "lynx", "amx#1", "t80#1", "T-34-85M", "720", "3+", "20 / 20",
                  "total 20 of 20: 0 left (BT-1.1)"):
        assert words in text


def test_issue_60_5_a_duel_of_the_giants_board_pdf_stays_vector_small_and_at_30_mm_hexes(chromium: str,
                                                                                        tmp_path: Path) -> None:
    """Its textured hexes were rasterised at 72 dpi by Chromium (a pattern fill): 6.6 MB for a
    9 x 11 board on 4 pages. Drawn out as vector tiles, its circles as four curves each
    (core/printing/textures.py), it has no image at all and weighs about 0.23 MB."""
    out = tmp_path / "winter.pdf"
    result = runner.invoke(app, ["print", "map", "duel-of-the-giants", "winter", "--no-key", "--no-counters",
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.stat().st_size < 400_000
    assert out.read_bytes().count(b"/Subtype /Image") == 0  # not one raster, even in a pattern (233 were)
    pdf = pypdf.PdfReader(out)
    assert len(pdf.pages) == 4
    text = placed_text(pdf.pages[0])
    assert text["10 cm"][0] - text["0"][0] == pytest.approx(100 * MM, abs=0.3)
