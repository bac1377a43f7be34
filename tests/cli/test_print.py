"""``tanktable print`` (issue 60.5): what the print view holds, read from the output itself.

Fast: these read the HTML print view and its SVG sheets (sizes in mm); the PDF
that Chromium prints from the same view is read in tests/cli/test_print_pdf.py.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from cli.print_cmd import map_document
from core.errors import TanktableError, UsageError
from core.printing.cards import local
from core.printing.pdf import NoBrowser

runner = CliRunner()
ARMIES = Path(__file__).resolve().parents[2] / "data" / "battle_of_tanks" / "armies"


def sheets(html: str) -> list[ET.Element]:
    """Every printed page of a print view: its ``<svg class="tt-sheet ...">`` elements, their
    tags without SVG's namespace."""
    start = '<svg xmlns="http://www.w3.org/2000/svg" class="tt-sheet'
    out = []
    for part in html.split(start)[1:]:
        part = re.split(r"<section|</body>", part, maxsplit=1)[0]
        out.append(local(ET.fromstring(start + part[: part.rindex("</svg>") + 6])))
    return out


def mm_per_unit(page: ET.Element) -> float:
    """Paper millimetres per unit of the board's drawing on a tiled page (its window's width
    in mm over the width of the drawing it shows)."""
    window = page.find("svg[@class='tile']")
    assert window is not None
    return float(window.get("width", "0")) / float(window.get("viewBox", "").split()[2])


def test_issue_60_5_battle_of_tanks_table_prints_a_centimetre_as_a_centimetre_on_35_a4_pages(tmp_path: Path) -> None:
    from rulesets.battle_of_tanks.svg import SCALE

    out = tmp_path / "table.html"
    result = runner.invoke(app, ["print", "map", "battle-of-tanks", "village-crossroads", "-o", str(out)])
    assert result.exit_code == 0, result.output
    pages = sheets(out.read_text(encoding="utf-8"))
    key = pages.pop()
    assert len(pages) == 35  # 120 x 120 cm: 5 rows x 7 columns of A4 with 10 mm overlap
    labels = [t.text or "" for t in key.iter("text") if t.get("class") == "key-label"]
    assert any(x.startswith("stone house") for x in labels) and any(x.startswith("grid: 10 cm") for x in labels)
    assert not any(x.startswith(("last shot", "side a's tank")) for x in labels)  # not on a mat without tanks
    assert {(p.get("width"), p.get("height")) for p in pages} == {("210mm", "297mm")}
    assert mm_per_unit(pages[0]) * SCALE == pytest.approx(10, rel=1e-5)  # BT-3.1: 1 cm of table = 10 mm of paper
    labels = [p.get("data-tile") for p in pages]
    assert labels[0] == "A1" and labels[-1] == "E7"
    page = pages[8]  # B2: trimmed on two edges, marks in its shared strips, a scale bar and its place
    assert len(page.findall(".//line[@class='cut']")) == 2
    assert len(page.findall(".//g[@class='registration']")) == 8  # two in each of its four shared strips
    bar = page.find(".//g[@class='scale-bar']")
    assert bar is not None and bar.get("data-mm") == "100" and bar.get("data-label") == "10 cm"
    place = page.find(".//text[@class='page-label']")
    assert place is not None and place.text == "page B2 (9 of 35: 5 rows x 7 columns)"
    html = out.read_text(encoding="utf-8")
    assert "30,100" in html  # the grid's crossings carry table cm
    grid = re.search(r'<g class="grid">(.*?)</g>', html)
    assert grid is not None and set(re.findall(r'stroke-width="([\d.]+)"', grid.group(1))) == {"0.125"}  # 0.25 mm


def test_issue_60_5_a_table_file_prints_at_half_scale_with_a_scale_bar_in_table_centimetres() -> None:
    from rulesets.battle_of_tanks.svg import SCALE

    table = ARMIES.parent / "tables" / "wooded-ridge.yaml"  # a kind: table file, as a designer's own
    doc = map_document("battle-of-tanks", str(table), scale=0.5, plain=True)
    assert doc.title.startswith("Battle of Tanks: table Wooded ridge, 120 x 120 cm")
    (top,) = re.findall(r'<rect[^>]*class="table-top"[^>]*>', doc.html())
    assert 'fill="#ffffff"' in top  # --plain: no grass to print
    pages = sheets(doc.html())
    assert mm_per_unit(pages[0]) * SCALE == pytest.approx(5, rel=1e-5)
    bar = pages[0].find(".//g[@class='scale-bar']")
    assert bar is not None and (bar.get("data-mm"), bar.get("data-label")) == ("100", "20 cm")
    assert len(pages) < 35
    poster = sheets(map_document("battle-of-tanks", None, poster=True).html())
    assert len(poster) == 2 and (poster[0].get("width"), poster[0].get("height")) == ("1216mm", "1230mm")
    assert poster[1].get("width") == "210mm"  # the key on A4
    assert mm_per_unit(poster[0]) * SCALE == pytest.approx(10, rel=1e-5)  # one sheet, 1:1, margins and footer


def test_issue_60_5_duel_of_the_giants_hexes_are_the_settings_width_and_every_counter_is_on_the_sheet() -> None:
    from rulesets.duel_of_the_giants.svg import W

    doc = map_document("duel-of-the-giants", "summer", paper="letter")
    pages = sheets(doc.html())
    tiles = [p for p in pages if p.get("data-tile")]
    assert mm_per_unit(tiles[0]) * W == pytest.approx(30, rel=1e-5)  # data/print.yaml: 30 mm across the flats
    assert {p.get("width") for p in pages} <= {"215.9mm", "279.4mm"}
    fronts = [p for p in pages if p.get("data-side") == "front"]
    backs = [p for p in pages if p.get("data-side") == "back"]
    # DG-2.1, summer: 2 Tigers, 8 T-34s, 16 tank markers, 6 ATG markers, 8 mine markers, 2 tires, the Stuka
    assert sum(len(p.findall("g[@class='counter-front']")) for p in fronts) == 43
    assert sum(len(p.findall("g[@class='counter-back']")) for p in backs) == 40  # tires and Stuka: one face
    html = doc.html()  # an ATG bluff and a mine bluff both read b: a word on each tells them apart
    assert (html.count('class="caption">ATG<'), html.count('class="caption">mine<')) == (3, 8)
    counter = fronts[0].find("g[@class='counter-cuts']/rect")
    assert counter is not None and float(counter.get("width", "0")) == pytest.approx(30 * 0.66)
    def grounds(html: str) -> list[str]:
        return re.findall(r'<polygon class="hex-ground[^>]*>', html)

    textured = doc.html()  # textured ground (a forest is flat under its trees), drawn out as vector tiles
    assert textured.count('class="tt-texture-tiles"') > 80
    patterns = re.findall(r'<pattern id="([^"]+)"', textured)  # Chromium's PDF would rasterise a pattern fill
    assert patterns and not any(f'fill="url(#{p})"' in textured for p in patterns)
    bigger = map_document("duel-of-the-giants", "summer", hex_mm=40, scale=0.5, counters=False, plain=True)
    flat = grounds(bigger.html())  # --plain: the 99 hexes and the key's samples alike
    assert len(flat) > 99 and not any("url(#" in g for g in flat)
    assert mm_per_unit(sheets(bigger.html())[0]) * W == pytest.approx(20, rel=1e-5)  # 40 mm at half scale
    assert 'class="page-note">1 hex = 20 mm across the flats<' in bigger.html()
    assert not any(p.get("data-side") for p in sheets(bigger.html()))
    assert "Key: Duel of the Giants" in bigger.html() and "front element (DG-5)" in bigger.html()
    assert "Key:" not in map_document("duel-of-the-giants", "summer", counters=False, key=False).html()


def test_issue_60_5_tank_chess_board_squares_and_a_token_for_every_piece() -> None:
    from rulesets.tank_chess.svg import CELL

    doc = map_document("tank-chess", "standard-16", square_mm=25)
    pages = sheets(doc.html())
    tiles = [p for p in pages if p.get("data-tile")]
    assert mm_per_unit(tiles[0]) * CELL == pytest.approx(25, rel=1e-5)
    side = 16 * 25 + 2 * 20 * 25 / CELL  # the squares and the frame
    assert len(tiles) == math.ceil((side - 10) / (194 - 10)) * math.ceil((side - 10) / (267 - 10))
    tokens = [g for p in pages if p.get("data-side") == "front" for g in p.findall("g[@class='counter-front']")]
    assert len(tokens) == 20
    assert "tt-piece" not in doc.html().split("tt-print-board", 1)[1].split("</defs>", 1)[0]  # no pieces on the board
    with_pieces = map_document("tank-chess", "standard-16", pieces=True, counters=False)
    assert with_pieces.html().count('class="piece white tt-piece"') == 10


def test_issue_60_5_roster_lists_every_tank_with_its_card_values_and_the_total_against_the_budget(tmp_path: Path) -> None:
    out = tmp_path / "roster.html"
    result = runner.invoke(app, ["print", "roster", str(ARMIES / "spearhead.yaml"), "--with-cards", "-o", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    roster = html.split('<section class="flow">', 1)[1].split("</section>", 1)[0]
    for label in ("t34#1", "lynx", "amx#1", "t80#1"):
        assert f"<b>{label}</b>" in roster
    assert "<td>720</td>" in roster and "<td>40 cm</td>" in roster and "<td>3+</td>" in roster  # T-34-85M (BT-2)
    assert "20 / 20" in roster and "total 20 of 20: 0 left (BT-1.1)" in roster
    cards = [g for p in sheets(html) for g in p.findall("g[@class='card']")]
    assert len(cards) == 4  # --with-cards: one card per card the army uses
    assert "(A4: a roster, 1 card sheet)" in result.output  # issue 60.6: not a bare "1 sheet"


def test_issue_60_5_roster_labels_are_the_ones_the_game_gives() -> None:
    from core.registry import get_ruleset
    from rulesets.battle_of_tanks.printing import labels

    game = get_ruleset("battle-of-tanks").new_game("village-crossroads")
    tanks = [t for t in game.tanks if t.side == "a"]  # side b's numbers go on after side a's (t34#2)
    names = [None if t.label.split("#")[0] == t.card.label else t.label for t in tanks]
    assert labels([(n, t.card, t.card.id) for n, t in zip(names, tanks, strict=True)]) == [t.label for t in tanks]


def test_issue_60_5_an_invalid_army_still_prints_its_roster_with_every_problem_and_exits_1(tmp_path: Path) -> None:
    army = tmp_path / "big.yaml"
    army.write_text("ruleset: battle-of-tanks\nkind: army\nname: Too Big\nbudget: 10\ntanks:\n"
                    "  - card: tiger-i\n  - {card: is-2, name: Stalin}\n  - {card: is-2, name: stalin}\n"
                    "  - card: panzer-z\n", encoding="utf-8")
    out = tmp_path / "big.html"
    result = runner.invoke(app, ["print", "roster", str(army), "-o", str(out)])
    assert result.exit_code == 1
    roster = out.read_text(encoding="utf-8")
    assert "unknown card panzer-z" in roster and "over budget by" in roster
    assert 'class="problems"' in roster and 'class="warnings"' in roster  # the two Stalins
    assert "<b>stalin</b>" in roster and "<b>stalin#2</b>" in roster  # as the table tells them apart
    broken = tmp_path / "broken.yaml"  # a structural typo: the tanks still print, with the problem
    broken.write_text("ruleset: battle-of-tanks\nkind: army\nnmae: Typo\nbudget: 20\ntanks:\n  - card: t-80\n",
                      encoding="utf-8")
    result = runner.invoke(app, ["print", "roster", str(broken), "-o", str(out)])
    assert result.exit_code == 1
    roster = out.read_text(encoding="utf-8")
    assert "<b>t80#1</b>" in roster and "nmae" in roster
    # authoring playtest of issue 60: the list's own card (cards:, beside it) keeps its values
    (tmp_path / "panther.yaml").write_text("ruleset: battle-of-tanks\nkind: card\nid: panther\nname: Panther\n"
                                           "based_on: t-34-85m\ntier: 7\nfirepower: 215\n", encoding="utf-8")
    broken.write_text("ruleset: battle-of-tanks\nkind: army\nnmae: Typo\nbudget: 20\ntanks:\n  - card: panther\n"
                      "cards: [panther.yaml]\n", encoding="utf-8")
    result = runner.invoke(app, ["print", "roster", str(broken), "-o", str(out)])
    assert result.exit_code == 1
    roster = out.read_text(encoding="utf-8")
    assert "unknown card panther" not in roster and ">215<" in roster and "nmae" in roster


def test_issue_60_5_card_sheets_for_each_ruleset_and_a_chosen_card(tmp_path: Path) -> None:
    for ruleset, count in (("tank-chess", 6), ("duel-of-the-giants", 5), ("battle-of-tanks", 8)):
        out = tmp_path / f"{ruleset}.html"
        result = runner.invoke(app, ["print", "cards", ruleset, "-o", str(out)])
        assert result.exit_code == 0, result.output
        html = out.read_text(encoding="utf-8")
        assert sum(len(p.findall("g[@class='card']")) for p in sheets(html)) == count
        assert html.count('class="card-art"') == count  # each card with its drawing
    result = runner.invoke(app, ["print", "cards", "tank-chess", "HT", "medium tank", "-o", str(out)],
                           env={"TANKTABLE_PAPER": "letter"})  # a Letter user's default
    assert result.exit_code == 0, result.output
    page = sheets(out.read_text(encoding="utf-8"))[0]
    assert page.get("width") == "215.9mm"
    titles = [t.text for t in page.iter("text") if t.get("class") == "card-title"]
    assert titles == ["Heavy Tank", "Medium Tank"]
    result = runner.invoke(app, ["print", "cards", "battle-of-tanks", "--army", str(ARMIES / "heavy-line.yaml"),
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    titles = [t.text for p in sheets(out.read_text(encoding="utf-8")) for t in p.iter("text")
              if t.get("class") == "card-title"]
    assert titles == ["Tiger I", "IS-2", "T-34-85M"]  # the army's cards, once each, in its order


def test_issue_60_5_a_pdf_without_chromium_says_what_to_do_and_writes_nothing(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TANKTABLE_CHROMIUM", str(tmp_path / "no-such-browser"))
    out = tmp_path / "cards.pdf"
    result = runner.invoke(app, ["print", "cards", "tank-chess", "-o", str(out)])
    assert isinstance(result.exception, NoBrowser)
    message = str(result.exception)
    assert "apt-get install chromium" in message and f"-o {tmp_path / 'cards.html'}" in message
    assert not out.exists()
    monkeypatch.chdir(tmp_path)  # no -o: the print view instead, and a line saying why
    result = runner.invoke(app, ["print", "cards", "tank-chess"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "tank-chess-cards.html").is_file() and "no Chromium for a PDF" in result.output
    # authoring tester 61.3: a default name is distinct per sheet and never silently replaced
    again = runner.invoke(app, ["print", "cards", "tank-chess"])
    assert isinstance(again.exception, UsageError) and "--force" in str(again.exception)
    assert runner.invoke(app, ["print", "cards", "tank-chess", "--force"]).exit_code == 0
    named = runner.invoke(app, ["print", "cards", "tank-chess", "HT", "MT"])
    assert named.exit_code == 0 and (tmp_path / "tank-chess-ht-mt-cards.html").is_file()
    assert runner.invoke(app, ["print", "cards", "tank-chess", "-o", "tank-chess-cards.html"]).exit_code == 0


def test_issue_61_3_default_card_sheet_names_follow_what_is_printed() -> None:
    from cli.print_cmd import cards_stem

    assert cards_stem("battle-of-tanks", [], Path("dir/army.yaml")) == "army"
    assert cards_stem("battle-of-tanks", ["panther-g"], None) == "battle-of-tanks-panther-g"
    assert cards_stem("battle-of-tanks", ["Tiger I", "a", "b", "c"], None) == "battle-of-tanks-tiger-i-a-b-and-1-more"
    assert cards_stem("battle-of-tanks", [], None) == "battle-of-tanks"
    assert cards_stem("battle-of-tanks", ["cards/panther.yaml"], None) == "battle-of-tanks-panther"  # issue 60


def test_issue_60_5_usage_errors_are_named(tmp_path: Path) -> None:
    cases = [(["print", "cards", "tank-chess", "-o", str(tmp_path / "x.png")], UsageError, "write .pdf or .html"),
             (["print", "map", "tank-chess", "--paper", "a3", "-o", str(tmp_path / "x.html")], UsageError, "a4, letter"),
             (["print", "map", "tank-chess", "--hex-mm", "20", "-o", str(tmp_path / "x.html")], UsageError, "hex"),
             (["print", "map", "tank-chess", "standrd-16", "-o", str(tmp_path / "x.html")], UsageError, "standard-16"),
             (["print", "cards", "tank-chess", "XX", "-o", str(tmp_path / "x.html")], TanktableError, "no card 'XX'")]
    for args, kind, words in cases:
        result = runner.invoke(app, args)
        assert isinstance(result.exception, kind), (args, result.exception)
        assert words in str(result.exception)


def _map_file(tmp_path: Path, ruleset: str, name: str) -> Path:
    result = runner.invoke(app, ["map", "new", ruleset])
    assert result.exit_code == 0, result.output
    path = tmp_path / name
    path.write_text(result.stdout, encoding="utf-8")
    return path


def test_issue_60_5_a_hex_map_file_prints_as_a_map_with_its_terrain_key_under_either_name(tmp_path: Path) -> None:
    """Walkthrough point 1: the file `map new duel-of-the-giants` writes (ruleset: hex, kind: map) is
    a map, not a scenario: it prints as its board and terrain key (no counters), named by the DG
    ruleset or by `hex`; `print map hex` with a ruleset's file names the command that prints it."""
    giants = _map_file(tmp_path, "duel-of-the-giants", "giants.yaml")
    for ruleset in ("duel-of-the-giants", "hex"):
        out = tmp_path / f"{ruleset}.html"
        result = runner.invoke(app, ["print", "map", ruleset, str(giants), "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert "4 board pages (2 rows x 2 columns), 1 key page)" in result.stdout
        pages = sheets(out.read_text(encoding="utf-8"))
        assert len(pages) == 5
        from core.grid.hexsvg import R

        assert mm_per_unit(pages[0]) * R * math.sqrt(3) == pytest.approx(30.0, abs=0.01)  # data/print.yaml's hex
        key = ET.tostring(pages[4], encoding="unicode")
        assert 'data-terrain="' in key and "counter" not in key  # the map's terrain, no counter sheet
    tc = _map_file(tmp_path, "tank-chess", "tc.yaml")
    result = runner.invoke(app, ["print", "map", "hex", str(tc), "-o", str(tmp_path / "x.html")])
    assert isinstance(result.exception, UsageError)
    assert "print it with tanktable print map tank-chess" in str(result.exception)
    result = runner.invoke(app, ["print", "map", "hex", "-o", str(tmp_path / "x.html")])
    assert isinstance(result.exception, UsageError)
    assert "tanktable print map hex MAP.yaml" in str(result.exception)
    result = runner.invoke(app, ["print", "map", "hex", "nosuch", "-o", str(tmp_path / "x.html")])
    assert isinstance(result.exception, UsageError)
    assert "or a shipped map: river_crossing, village" in str(result.exception)


def test_issue_60_5_a_shipped_hex_map_prints_by_its_name_as_hex_draw_takes_it(tmp_path: Path) -> None:
    """Walkthrough: `hex draw village` draws a shipped map by name, so `print map hex village`
    prints it too, with the terrain of its own chart."""
    out = tmp_path / "village.html"
    result = runner.invoke(app, ["print", "map", "hex", "village", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "Village on the ridge, 12 x 10 hexes" in result.stdout
    assert 'data-terrain="' in ET.tostring(sheets(out.read_text(encoding="utf-8"))[-1], encoding="unicode")


def test_issue_60_5_the_summary_line_names_every_part_of_a_map(tmp_path: Path) -> None:
    """Walkthrough point 2: 9 pages for a 6-tile board are accounted for: board pages, key, counters."""
    tc = _map_file(tmp_path, "tank-chess", "tc.yaml")
    out = tmp_path / "tc.html"
    result = runner.invoke(app, ["print", "map", "tank-chess", str(tc), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "(A4: 6 board pages (2 rows x 3 columns), 1 key page, 1 counter sheet + 1 back)" in result.stdout
    assert len(sheets(out.read_text(encoding="utf-8"))) == 9


def test_issue_60_5_roster_boxes_stay_within_the_printable_width(tmp_path: Path) -> None:
    """Walkthrough point 3: a warning naming a long path (no space to break at) reached past the
    right margin; the boxes are border-box and wrap a long word anywhere."""
    folder = tmp_path / ("a_long_folder_name_without_spaces_" * 3)
    folder.mkdir()
    army = folder / "twins.yaml"
    army.write_text("ruleset: battle-of-tanks\nkind: army\nname: Twins\nbudget: 20\ntanks:\n"
                    "  - {card: is-2, name: Stalin}\n  - {card: is-2, name: stalin}\n", encoding="utf-8")
    out = tmp_path / "twins.html"
    runner.invoke(app, ["print", "roster", str(army), "-o", str(out)])
    page = out.read_text(encoding="utf-8")
    assert 'class="warnings"' in page
    rule = re.search(r"section\.flow \.problems, section\.flow \.warnings \{([^}]*)\}", page)
    assert rule is not None and "box-sizing: border-box" in rule.group(1) and "max-width: 100%" in rule.group(1)
    wrap = re.search(r"section\.flow \.warnings,[^{]*\{([^}]*)\}", page)
    assert wrap is not None and "overflow-wrap: anywhere" in wrap.group(1)
