"""``tanktable print``: rosters, card sheets and boards at true scale on A4 or Letter (issue 60.5).

``print roster ARMY`` (a Battle of Tanks army list with every tank's card
values and the total against its budget, problems printed on it), ``print
cards RULESET [CARD...]`` (playing-card size sheets with crop marks) and
``print map RULESET [SCENARIO]`` (the table or board at true scale, tiled
across pages with overlap and registration marks and a scale bar on each,
then the counter sheet of hex and square games). ``-o`` picks the format by
its suffix: ``.pdf`` is printed by headless Chromium (:mod:`core.printing`
says why), ``.html`` is the same print view for any browser's print.

Exit codes: 0 written, 1 invalid input (a roster of an invalid list is still
written, and exits 1 like ``army validate``), 2 usage error.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from cli.ruleset_arg import PLUGIN_HELP, RULESET_HELP, as_typed, ruleset_argument, ruleset_arguments

if TYPE_CHECKING:
    from core.printing.document import PrintDocument
    from core.printing.settings import PrintSettings

FORMATS = (".pdf", ".html", ".htm")
BOARD_SETTING = {"battle-of-tanks": "mm_per_unit", "duel-of-the-giants": "hex_mm", "tank-chess": "square_mm"}
"""The ``data/print.yaml`` setting that sizes each shipped ruleset's board."""

PAPER_HELP = "Paper: a4 or letter (default: $TANKTABLE_PAPER, else a4)."
FORCE_HELP = "Replace the default file if it is already there (-o FILE is always written)."
OUT_HELP = "Where to write: .pdf (printed by Chromium) or .html (print it from any browser)."


def register(app: typer.Typer) -> None:
    """Add the ``print`` command group to the main app."""
    print_app = typer.Typer(help="Print on A4 or Letter: an army roster, a sheet of cards, a board at true scale "
                                 "(PDF via Chromium, or an HTML print view).", no_args_is_help=True)

    @print_app.command("roster")
    def roster_cmd(
        army: Path = typer.Argument(..., help="An army file (kind: army)."),
        cards: list[Path] = typer.Option([], "--cards", help="Extra card files or folders (repeatable)."),
        budget: int | None = typer.Option(None, "--budget", help="Override the file's budget."),
        with_cards: bool = typer.Option(False, "--with-cards", help="Add a sheet of the army's cards."),
        paper: str = typer.Option("a4", "--paper", help=PAPER_HELP, envvar="TANKTABLE_PAPER"),
        out: Path | None = typer.Option(None, "-o", "--output", help=OUT_HELP + " Default: ARMY-roster.pdf."),
        force: bool = typer.Option(False, "--force", help=FORCE_HELP),
    ) -> None:
        """An army roster: every tank with its label, card values and tier, the total against the budget."""
        target = _target(out, Path(f"{army.stem}-roster.pdf"), force)
        doc, valid = roster_document(army, cards, budget, paper, with_cards)
        _write(doc, target)
        if not valid:
            typer.echo(f"{army}: not a valid army list (its problems are printed on the roster)", err=True)
            raise typer.Exit(1)

    @print_app.command("cards")
    def cards_cmd(
        ruleset: str = typer.Argument(..., help=RULESET_HELP, callback=ruleset_argument),
        names: list[str] = typer.Argument(None, help="Cards to print (id or name); default: every card."),
        cards: list[Path] = typer.Option([], "--cards", help="Extra card files or folders (repeatable)."),
        army: Path | None = typer.Option(None, "--army", help="Print the cards of this army list."),
        paper: str = typer.Option("a4", "--paper", help=PAPER_HELP, envvar="TANKTABLE_PAPER"),
        out: Path | None = typer.Option(None, "-o", "--output", help=OUT_HELP + " Default: RULESET-cards.pdf, "
                                        "ARMY-cards.pdf with --army, RULESET-CARD-...-cards.pdf for named cards."),
        force: bool = typer.Option(False, "--force", help=FORCE_HELP),
    ) -> None:
        """A sheet of cards at playing-card size (63 x 88 mm) with crop marks, each with its drawing and values."""
        target = _target(out, Path(f"{cards_stem(ruleset, names or [], army)}-cards.pdf"), force)
        _write(cards_document(ruleset, names or [], cards, army, paper), target)

    @print_app.command("map")
    def map_cmd(
        ruleset: str = typer.Argument(..., help=RULESET_HELP, callback=ruleset_argument),
        scenario: str | None = typer.Argument(None, help="A shipped scenario (or map) name, or a file."),
        paper: str = typer.Option("a4", "--paper", help=PAPER_HELP, envvar="TANKTABLE_PAPER"),
        scale: float = typer.Option(1.0, "--scale", help="1 is true scale; 0.5 half size."),
        hex_mm: float | None = typer.Option(None, "--hex-mm", help="A hex's width across the flats (mm)."),
        square_mm: float | None = typer.Option(None, "--square-mm", help="A square's side (mm)."),
        orientation: str = typer.Option("auto", "--orientation", help="auto, portrait or landscape."),
        overlap: float | None = typer.Option(None, "--overlap", help="Millimetres neighbouring pages share."),
        pieces: bool = typer.Option(False, "--pieces", help="Draw the pieces where they start."),
        plain: bool = typer.Option(False, "--plain", help="Ground without texture, the table top white: saves ink."),
        key: bool = typer.Option(True, "--key/--no-key", help="Add a page of what each symbol means."),
        poster: bool = typer.Option(False, "--poster", help="The board on one sheet its own size (for a print "
                                                              "shop's large-format printer); counters on --paper."),
        counters: bool = typer.Option(True, "--counters/--no-counters",
                                      help="Add the counter sheet (hex and square boards)."),
        out: Path | None = typer.Option(None, "-o", "--output",
                                        help=OUT_HELP + " Default: RULESET-SCENARIO-map.pdf."),
        force: bool = typer.Option(False, "--force", help=FORCE_HELP),
        plugins: list[str] = typer.Option([], "--ruleset", help=PLUGIN_HELP, callback=ruleset_arguments),
    ) -> None:
        """The board or table at true scale, tiled across pages with overlap marks and a scale bar."""
        target = _target(out, Path(f"{ruleset}-{Path(scenario).stem if scenario else 'default'}-map.pdf"),
                         force)
        _write(map_document(ruleset, scenario, paper=paper, scale=scale, hex_mm=hex_mm, square_mm=square_mm,
                            orientation=orientation, overlap=overlap, pieces=pieces, counters=counters, plain=plain,
                            poster=poster, key=key),
               target)

    app.add_typer(print_app, name="print")


# ----------------------------------------------------------------- helpers
def cards_stem(ruleset: str, names: list[str], army: Path | None) -> str:
    """The default file name of a card sheet, distinct per what it holds: the army's name
    with ``--army``, the ruleset and the named cards (the first three, then how many more),
    else the ruleset (every card). The authoring tester's ``--army`` sheet was written as
    ``battle-of-tanks-cards.pdf`` and a later sheet of one card replaced it."""
    if army is not None:
        return f"{army.stem}-{_slug(names)}" if names else army.stem
    return f"{ruleset}-{_slug(names)}" if names else ruleset


def _slug(names: list[str]) -> str:
    # a card file by its stem (panther.yaml: panther), not its whole name (panther-yaml)
    words = [re.sub(r"[^a-z0-9]+", "-", (Path(n).stem if Path(n).suffix in (".yaml", ".yml") else n)
                    .lower()).strip("-") or "card" for n in names]
    more = f"-and-{len(words) - 3}-more" if len(words) > 3 else ""
    return "-".join(words[:3]) + more


def _target(out: Path | None, default: Path, force: bool = False) -> Path:
    """Where to write. A default name never replaces a file that is there (two sheets printed
    one after the other would silently become one) unless ``--force``; ``-o FILE`` names the
    file to write, so it is written, replacing what was there (reprinting after an edit)."""
    from core.errors import UsageError

    target = out if out is not None else default
    if out is None:
        from core.printing.pdf import find_chromium

        if find_chromium() is None:  # no PDF without Chromium: the print view any browser prints
            target = default.with_suffix(".html")
            if target.exists() and not force:
                raise UsageError(f"{target} is already there: --force replaces it, -o FILE writes another file")
            typer.echo(f"no Chromium for a PDF (sudo apt-get install chromium): writing {target}, "
                       f"a print view to print from any browser", err=True)
    if target.suffix.lower() not in FORMATS:
        raise UsageError(f"-o {target}: write .pdf or .html (the suffix picks the format)")
    if target.is_dir():
        raise UsageError(f"-o {target}: is a folder")
    if not target.parent.is_dir():
        raise UsageError(f"-o {target}: no folder {target.parent}")
    if out is None and not force and target.exists():
        raise UsageError(f"{target} is already there: --force replaces it, -o FILE writes another file")
    return target


def _write(doc: PrintDocument, target: Path) -> None:
    from core.errors import TanktableError

    text = doc.html()
    if target.suffix.lower() == ".pdf":
        from core.printing.pdf import print_pdf

        print_pdf(text, target)
    else:
        try:
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise TanktableError(f"cannot write {target}: {exc.strerror}") from None
    parts = ["a roster"] if any(p.startswith('<section class="flow">') for p in doc.parts) else []
    if doc.contents:  # every part named (a map's board pages, key, counters), not a bare page count
        parts.extend(doc.contents)
    elif doc.sheets:
        parts.append(_count(doc.sheets, "sheet"))
    typer.echo(f"wrote {target} ({doc.paper.name}: {', '.join(parts)}): {doc.title}")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _settings() -> PrintSettings:
    from core.printing.settings import print_settings

    return print_settings()


def _ruleset_printing(ruleset_id: str) -> Any | None:
    """The shipped ruleset's print module, or None for a ruleset without one (a plugin)."""
    import importlib

    module = {"battle-of-tanks": "rulesets.battle_of_tanks.printing", "tank-chess": "rulesets.tank_chess.printing",
              "duel-of-the-giants": "rulesets.duel_of_the_giants.printing"}.get(ruleset_id)
    return importlib.import_module(module) if module else None


def _check_paths(paths: list[Path], option: str) -> None:
    from core.errors import UsageError

    for p in paths:
        if not p.exists():
            raise UsageError(f"{option} {p}: no such file or folder")


# ----------------------------------------------------------------- roster
def roster_document(army: Path, cards: list[Path], budget: int | None, paper_name: str,
                    with_cards: bool) -> tuple[PrintDocument, bool]:
    """The roster of ``army`` (and its cards' sheet); whether the list is valid."""
    from core.data import load_document
    from core.errors import DataError, TanktableError, UsageError
    from core.printing.document import PrintDocument
    from core.printing.paper import paper
    from core.registry import get_ruleset

    sheet = paper(paper_name)
    if not army.is_file():
        raise UsageError(f"{army}: no such army file")
    _check_paths(cards, "--cards")
    if budget is not None and budget < 0:
        raise UsageError("--budget must be 0 or more")
    doc = load_document(army)
    ruleset_id, kind = doc.header()
    if kind != "army" or ruleset_id is None:
        raise DataError([doc.problem(("kind",), f"kind: expected 'army' with its ruleset:, found {kind!r}")])
    ruleset = get_ruleset(ruleset_id)
    module = _ruleset_printing(ruleset_id)
    if module is None or not hasattr(module, "roster_html"):
        raise TanktableError(f"{ruleset_id} has no printed roster (tanktable print roster is for Battle of Tanks)")
    from rulesets.battle_of_tanks.army import ArmyReport
    from rulesets.battle_of_tanks.printing import Roster, RosterLine, labels

    library = dict(ruleset.cards(cards))
    try:
        report = ruleset.check_army(doc, cards, budget)
        if not isinstance(report, ArmyReport):
            raise TanktableError(f"{ruleset_id} has no printed roster")
    except DataError as exc:  # a broken list still prints: its tanks as far as they read, its problems
        raw = doc.data if isinstance(doc.data, dict) else {}
        # the list's own card files (cards:, beside it) still give their tanks' values: a typo
        # elsewhere printed "unknown card panther" (authoring playtest of issue 60)
        own = [army.parent / c for c in raw.get("cards", []) if isinstance(c, str)] \
            if isinstance(raw.get("cards"), list) else []
        if own:
            import contextlib

            with contextlib.suppress(DataError, TanktableError):  # a broken card file: the list's problem
                library.update(ruleset.cards([*cards, *(p for p in own if p.exists())]))
        tanks = [t for t in raw.get("tanks", []) if isinstance(t, dict)] if isinstance(raw.get("tanks"), list) else []
        entries = [(t.get("name") if isinstance(t.get("name"), str) else None,
                    library.get(str(t.get("card"))), str(t.get("card"))) for t in tanks]
        raw_budget = budget if budget is not None else raw.get("budget")
        roster = Roster(str(raw.get("name") or army.stem), str(army),
                        raw_budget if isinstance(raw_budget, int) else None,
                        errors=[str(p) for p in exc.problems])
        roster.lines = [RosterLine(lab, cid, card) for lab, (_, card, cid) in zip(labels(entries), entries, strict=True)]
        valid = False
    else:
        library.update(report.library)
        entries = [(t.name, report.library.get(t.card), t.card) for t in report.tanks]
        roster = Roster(report.name, str(army), report.budget, errors=[str(p) for p in report.errors],
                        warnings=[str(p) for p in report.warnings], verdict=report.verdict, fits=report.fits_text)
        roster.lines = [RosterLine(lab, cid, card) for lab, (_, card, cid) in zip(labels(entries), entries, strict=True)]
        valid = report.valid
    if not roster.verdict and roster.budget is not None:
        left = roster.budget - roster.total
        roster.verdict = f"total {roster.total} of {roster.budget}: " + (
            f"{left} left" if left >= 0 else f"over budget by {-left}") + " (BT-1.1)"
    out = PrintDocument(f"{roster.name}: army roster", sheet)
    out.add_flow(module.roster_html(roster))
    if with_cards:
        used = list(dict.fromkeys(ln.card.id for ln in roster.lines if ln.card is not None))
        n = _add_cards(out, module.card_faces({cid: library[cid] for cid in used}), f"{roster.name} cards")
        out.contents.append(_count(n, "card sheet"))  # "a roster, 1 card sheet", not a bare "1 sheet"
    return out, valid


# ----------------------------------------------------------------- cards
def _add_cards(doc: PrintDocument, faces: list[Any], title: str) -> int:
    """The sheets of ``faces`` added to ``doc``; how many."""
    from core.printing.sheets import card_sheets

    s = _settings()
    pages = card_sheets(faces, doc.paper, width=s.card.width_mm, height=s.card.height_mm,
                        margin=s.margin_mm, footer_mm=s.footer_mm, title=title)
    for page in pages:
        doc.add_sheet(page)
    return len(pages)


def cards_document(ruleset_id: str, names: list[str], extra: list[Path], army: Path | None,
                   paper_name: str) -> PrintDocument:
    """Sheets of ``ruleset_id``'s cards: those named, the army's, or all."""
    from core.cards import find_card
    from core.data import load_document
    from core.errors import TanktableError, UsageError
    from core.printing.cards import plain_face
    from core.printing.document import PrintDocument
    from core.printing.paper import paper
    from core.registry import get_ruleset

    sheet = paper(paper_name)
    _check_paths(extra, "--cards")
    ruleset = get_ruleset(ruleset_id)
    library = dict(ruleset.cards(extra))
    chosen: dict[str, Any] = {}
    if army is not None:
        if names:
            raise UsageError("name cards or give --army, not both")
        if not army.is_file():
            raise UsageError(f"--army {army}: no such army file")
        from rulesets.battle_of_tanks.army import ArmyReport

        report = ruleset.check_army(load_document(army), extra, None)
        if not isinstance(report, ArmyReport):
            raise TanktableError(f"--army: {ruleset_id} army lists do not name their cards as this command reads them")
        library.update(report.library)
        chosen = {t.card: library[t.card] for t in report.tanks if t.card in library}
    for name in names:
        if name not in library and Path(name).suffix in (".yaml", ".yml") and Path(name).is_file():
            # a card file's own cards, as cards show takes them (hidden authoring tester)
            from cli.commands import cards_of_file

            mine = cards_of_file(ruleset_id, Path(name), extra)
            if mine:
                chosen.update(mine)
                continue
        card_id, card = find_card(name, library)
        chosen[card_id] = card
    if not names and army is None:
        chosen = library
    if not chosen:
        raise TanktableError(f"{ruleset_id}: no cards to print")
    module = _ruleset_printing(ruleset_id)
    title = getattr(ruleset, "title", None) or ruleset_id
    faces = module.card_faces(chosen) if module is not None else [
        plain_face(k, c, str(title)) for k, c in chosen.items()]
    doc = PrintDocument(f"{title}: {len(chosen)} card{'s' if len(chosen) != 1 else ''}", sheet)
    _add_cards(doc, faces, f"{title} cards")
    return doc


# ----------------------------------------------------------------- maps
def map_document(ruleset_id: str, scenario: str | None, *, paper: str = "a4", scale: float = 1.0,
                 hex_mm: float | None = None, square_mm: float | None = None, orientation: str = "auto",
                 overlap: float | None = None, pieces: bool = False, counters: bool = True,
                 plain: bool = False, poster: bool = False, key: bool = True) -> PrintDocument:
    """The board of ``scenario`` at true scale (times ``scale``), tiled (``poster``: on one
    sheet of its own size), then its key (the symbols' meanings) and its counters."""
    from core.errors import TanktableError, UsageError
    from core.printing.paper import Paper
    from core.printing.paper import paper as paper_of
    from core.printing.settings import board_size
    from core.registry import get_ruleset

    sheet = paper_of(paper)
    if not 0.05 <= scale <= 4:
        raise UsageError(f"--scale {scale:g}: give a factor from 0.05 to 4 (1 is true scale)")
    if orientation not in ("auto", "portrait", "landscape"):
        raise UsageError(f"--orientation {orientation!r}: auto, portrait or landscape")
    for name, value in (("--hex-mm", hex_mm), ("--square-mm", square_mm), ("--overlap", overlap)):
        if value is not None and not 0 <= value <= 300:
            raise UsageError(f"{name} {value:g}: give millimetres from 0 to 300")
    s = _settings()
    map_file = _hex_map_file(ruleset_id, scenario)
    if map_file is not None:
        if square_mm is not None:
            raise UsageError("--square-mm sizes a square board (tank-chess); a hex map takes --hex-mm")
        return _hex_map_document(map_file, sheet, scale=scale, hex_mm=hex_mm, orientation=orientation,
                                 overlap=overlap, plain=plain, poster=poster, key=key)
    if hex_mm is not None and ruleset_id != "duel-of-the-giants":
        raise UsageError("--hex-mm sizes a hex board (duel-of-the-giants)")
    if square_mm is not None and ruleset_id != "tank-chess":
        raise UsageError("--square-mm sizes a square board (tank-chess)")
    ruleset = get_ruleset(ruleset_id)
    module = _ruleset_printing(ruleset_id)
    plugin_map = _plugin_hex_map(ruleset, scenario) if module is None else None
    if plugin_map is not None:  # a plugin without a printer of its own: its core hex map (issue 60.3)
        if square_mm is not None:
            raise UsageError("--square-mm sizes a square board (tank-chess); a hex map takes --hex-mm")
        return _hex_map_document(plugin_map, sheet, scale=scale, hex_mm=hex_mm, orientation=orientation,
                                 overlap=overlap, plain=plain, poster=poster, key=key)
    if module is None:
        ways = [f"a core hex map of it prints with: tanktable print map hex MAP.yaml --ruleset {as_typed(ruleset_id)}"]
        if ruleset.cards():  # only a ruleset with unit cards is told to print them
            ways.append(f"its cards print with: tanktable print cards {as_typed(ruleset_id)}")
        raise TanktableError(f"{ruleset_id} has no printed board of its own, and this scenario names no core "
                             f"hex map (print map draws the three shipped rulesets); " + "; ".join(ways))
    if scenario is not None and not Path(scenario).exists() and scenario not in ruleset.scenarios():
        from core.errors import did_you_mean

        raise UsageError(f"{ruleset_id} has no scenario {scenario!r}{did_you_mean(scenario, ruleset.scenarios())}; "
                         f"scenarios: {', '.join(ruleset.scenarios())}")
    source: str | Path | None = Path(scenario) if scenario is not None and Path(scenario).exists() else scenario
    options: dict[str, Any] = {}
    if isinstance(source, Path) and ruleset_id == "battle-of-tanks":
        from core.data import load_document

        if load_document(source).header()[1] == "table":  # a table of one's own, on the default scenario
            options, source = {"table": str(source)}, None
    game: Any = ruleset.new_game(source, options, 0)
    size = board_size(ruleset_id)
    tokens: tuple[float, list[Any]] | None = None
    if ruleset_id == "battle-of-tanks":
        board = module.table_board(game, pieces=pieces and not options, mm_per_cm=size.mm_per_unit or 10.0,
                                   table_only=bool(options), plain=plain)
    elif ruleset_id == "tank-chess":
        mm = (square_mm or size.square_mm or 30.0) * scale  # a square has no true size: scale sizes it
        board = module.board(game, square_mm=mm, pieces=pieces)
        tokens, scale = module.tokens(game, square_mm=mm), 1.0
    else:
        mm = (hex_mm or size.hex_mm or 30.0) * scale
        board = module.board(game.view(None), hex_mm=mm, pieces=pieces, plain=plain)
        tokens, scale = module.counters(source, hex_mm=mm), 1.0
    board_sheet = sheet
    if poster:
        k = board.mm_per_unit * scale
        board_sheet = Paper("board-sized", board.width * k + 2 * s.margin_mm,
                            board.height * k + 2 * s.margin_mm + s.footer_mm)
        orientation = "portrait"
    items: list[Any] = []
    if key:
        items = (module.key(game, pieces=pieces) if ruleset_id == "battle-of-tanks"
                 else module.key(game, plain=plain) if ruleset_id == "duel-of-the-giants" else module.key(game))
    doc = _board_document(board, sheet, board_sheet, items, tokens if counters else None, scale=scale,
                          orientation=orientation, overlap=overlap)
    return doc


def _board_document(board: Any, sheet: Any, board_sheet: Any, key_items: list[Any],
                    tokens: tuple[float, list[Any]] | None, *, scale: float, orientation: str,
                    overlap: float | None) -> PrintDocument:
    """The document of a board: its pages (tiled, or one sheet of its own size when
    ``board_sheet`` is not ``sheet``), its key, its counters (fronts, then backs); its
    ``contents`` name each part, so that the summary line accounts for every page."""
    from core.printing.board import board_defs, board_pages
    from core.printing.document import PrintDocument
    from core.printing.sheets import counter_sheets, key_sheets

    s = _settings()
    tiling, pages = board_pages(board, board_sheet, margin=s.margin_mm, footer_mm=s.footer_mm,
                                overlap=s.overlap_mm if overlap is None else overlap, scale=scale,
                                orientation=orientation)  # type: ignore[arg-type]
    doc = PrintDocument(board.title, sheet, defs=[board_defs(board)])
    for page in pages:
        doc.add_sheet(page)
    poster = board_sheet is not sheet
    if poster:
        doc.contents.append(f"1 board sheet {board_sheet.width:.0f} x {board_sheet.height:.0f} mm")
    elif tiling.pages > 1:
        doc.contents.append(f"{len(pages)} board pages ({tiling.rows} rows x {tiling.cols} columns)")
    else:
        doc.contents.append("1 board page")
    title = board.title.split(",")[0]
    if key_items:
        keys = key_sheets(key_items, sheet, margin=s.margin_mm, footer_mm=s.footer_mm, title=title)
        for page in keys:
            doc.add_sheet(page)
        doc.contents.append(_count(len(keys), "key page"))
    if tokens is not None:
        side, found = tokens
        counter_pages = counter_sheets(found, sheet, size=side, margin=s.margin_mm, footer_mm=s.footer_mm,
                                       title=title)
        for page in counter_pages:
            doc.add_sheet(page)
        if any(c.back is not None for c in found):  # each sheet of fronts is followed by its backs
            n = len(counter_pages) // 2
            doc.contents.append(f"{_count(n, 'counter sheet')} + {n} back{'s' if n != 1 else ''}")
        elif counter_pages:
            doc.contents.append(_count(len(counter_pages), "counter sheet"))
    if poster:
        doc.title = f"{board.title} (one sheet {board_sheet.width:.0f} x {board_sheet.height:.0f} mm)"
    elif tiling.pages > 1:
        doc.title = f"{board.title} ({tiling.rows} rows x {tiling.cols} columns of pages)"
    else:
        doc.title = f"{board.title} (one page)"
    return doc


def _hex_map_file(ruleset_id: str, scenario: str | None) -> Path | None:
    """The file of a core hex map to print (``ruleset: hex``, ``kind: map``: what ``tanktable
    map new duel-of-the-giants`` writes), read by its header whatever ruleset was named;
    None for a scenario. ``print map hex`` also takes a shipped hex map's name (``village``),
    as ``hex draw`` does; with anything else it says how."""
    from core.errors import UsageError
    from core.printing.hexmap import is_hex_map

    path = Path(scenario) if scenario is not None else None
    if path is not None and path.is_file() and is_hex_map(path):
        return path
    if ruleset_id == "hex" and scenario is not None and not (path is not None and path.is_file()):
        from core.resources import shipped, shipped_names

        if scenario in shipped_names("hex_maps"):  # a shipped map by name, as hex draw takes it
            return Path(str(shipped("hex_maps", f"{scenario}.yaml")))
    if ruleset_id == "hex":
        if path is not None and path.is_file():
            from core.data import load_document

            named = load_document(path).header()[0]
            if named and named != "hex":  # a scenario or map of a ruleset: printed under its ruleset
                raise UsageError(f"{scenario} is a {named} file: print it with tanktable print map {named} {scenario}")
        what = f"{scenario}: not a hex map file" if scenario is not None else "print map hex needs a map file"
        from core.resources import shipped_names

        names = ", ".join(shipped_names("hex_maps"))
        raise UsageError(f"{what} (ruleset: hex, kind: map, as tanktable map new duel-of-the-giants writes); "
                         f"print it with: tanktable print map hex MAP.yaml, or a shipped map: {names}")
    return None


def _plugin_hex_map(ruleset: Any, scenario: str | None) -> Path | None:
    """The core hex map (``ruleset: hex``, ``kind: map``) a plugin's scenario names, read
    through the plugin's :class:`~core.package_data.PackageData` (a file, or a shipped
    scenario by name; none named: its default scenario), or None when it names none."""
    from core.printing.hexmap import is_hex_map

    data = getattr(ruleset, "package_data", None)
    if data is None or "scenario" not in data.kinds:
        return None
    name: str | Path = scenario if scenario is not None else ruleset.default_scenario
    if isinstance(name, str) and Path(name).is_file():
        name = Path(name)
    loaded = data.load("scenario", name)
    for ref in loaded.refs.values():
        where = ref.source.path if ref.source.path is not None else ref.source.node
        if where is not None and Path(str(where)).is_file() and is_hex_map(Path(str(where))):
            return Path(str(where))
    return None


def _hex_map_document(path: Path, sheet: Any, *, scale: float, hex_mm: float | None, orientation: str,
                      overlap: float | None, plain: bool, poster: bool, key: bool) -> PrintDocument:
    """A core hex map at true scale: its board (a hex as wide as Duel of the Giants' in
    ``data/print.yaml``, or ``--hex-mm``) and the key of its terrain; a map has no pieces,
    so no counter sheet."""
    from core.printing.hexmap import hex_map
    from core.printing.paper import Paper
    from core.printing.settings import board_size

    s = _settings()
    mm = (hex_mm or board_size("duel-of-the-giants").hex_mm or 30.0) * scale
    board, items = hex_map(path, hex_mm=mm)
    board_sheet = sheet
    if poster:
        board_sheet = Paper("board-sized", board.width * board.mm_per_unit + 2 * s.margin_mm,
                            board.height * board.mm_per_unit + 2 * s.margin_mm + s.footer_mm)
        orientation = "portrait"
    del plain  # the map's terrain art has no textured ground to flatten (the chart's own colours print)
    return _board_document(board, sheet, board_sheet, items if key else [], None, scale=1.0,
                           orientation=orientation, overlap=overlap)
