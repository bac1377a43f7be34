"""Maps (TC-9.1) and the map validator (TC-9.2).

A map is YAML with an ASCII grid, top row = the last rank (Black's home
edge), one character per square, spaces between squares optional::

    . empty    # obstacle    x wreck
    H M L C D A   pieces by card letter: UPPERCASE white, lowercase black

Pieces face north (white) or south (black) unless ``facing:`` turns them.
A map may bring its own pieces: ``cards: [my-cards.yaml]`` (paths relative
to the map) and ``legend: {S: SHT}`` for letters of its own.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from core.data import DataModel, Document, Problem, validate
from core.errors import DataError
from core.grid.square import DELTAS, Dir, SquareBoard
from core.references import BadReference, resolve
from rulesets.tank_chess.cards import Card, CardFile, raw_cards, resolve_cards
from rulesets.tank_chess.settings import Settings

EMPTY_CHARS = frozenset(".")
OBSTACLE_CHARS = frozenset("#")
WRECK_CHARS = frozenset("x")


class MapFile(DataModel):
    """``kind: map``: board size, an ASCII grid, facings, extra cards."""

    ruleset: Literal["tank-chess"]
    kind: Literal["map"]
    name: str = Field(min_length=1)
    title: str = ""
    description: str = ""
    size: int = Field(ge=6, le=26, description="Squares per side (16 small, 20 large: TC-1.1).")
    fair: bool = Field(default=False, description="A standard/fair map: must be point-symmetric (TC-9.2).")
    grid: str | list[str]
    facing: dict[str, Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]] = Field(default_factory=dict)
    legend: dict[str, str] = Field(default_factory=dict, description="Extra grid letters -> card id.")
    cards: list[str] = Field(default_factory=list, description="Card files, relative to the map.")


@dataclass
class Placed:
    """A piece on a map: card id, side (0 white, 1 black), square, facing."""

    card: str
    side: int
    square: tuple[int, int]
    facing: int


@dataclass
class MapLayout:
    """A parsed map, ready to start a game from."""

    name: str
    title: str
    size: int
    fair: bool
    obstacles: set[tuple[int, int]] = field(default_factory=set)
    wrecks: set[tuple[int, int]] = field(default_factory=set)
    pieces: list[Placed] = field(default_factory=list)
    cards: dict[str, Card] = field(default_factory=dict)
    extra_cards: list[dict[str, Any]] = field(default_factory=list)
    """Raw fields of the map's own cards (kept in the game options for records)."""


def grid_rows(model: MapFile, doc: Document | None) -> list[tuple[str, tuple[int, int]]]:
    """Grid rows (top first) with the line and column each starts at."""
    return rows_of(model.grid, doc)


def rows_of(grid: str | list[str], doc: Document | None) -> list[tuple[str, tuple[int, int]]]:
    """The rows (top first) of a document's ``grid`` with the line and column each starts at."""
    if isinstance(grid, list):
        rows = []
        for i, row in enumerate(grid):
            pos = doc.where(("grid", i)) if doc else (0, 0)
            rows.append((row, pos))
        return rows
    line, col = doc.where(("grid",)) if doc else (0, 0)
    text_lines = grid.split("\n")
    if text_lines and not text_lines[-1].strip():
        text_lines = text_lines[:-1]
    block = doc is not None and _is_block(doc, line)
    return [(row, (line + (i + 1 if block else i), col)) for i, row in enumerate(text_lines)]


def _letter_pos(doc: Document | None, pos: tuple[int, int], row: str, f: int) -> tuple[int, int]:
    """Where the ``f``-th square of a grid row stands in the file (its letter's own column,
    not the row's start), when the row is a line of a block; else the row's start."""
    if doc is None:
        return pos
    lines = doc.text.split("\n")
    if not 0 < pos[0] <= len(lines) or lines[pos[0] - 1].strip() != row.strip():
        return pos
    text = lines[pos[0] - 1]
    squares = [i for i, ch in enumerate(text) if not ch.isspace()]
    return (pos[0], squares[f] + 1) if f < len(squares) else pos


def _is_block(doc: Document, line: int) -> bool:
    lines = doc.text.split("\n")
    if 0 < line <= len(lines):
        tail = lines[line - 1].split("#", 1)[0].rstrip()
        return tail.endswith(("|", "|-", "|+", ">", ">-", ">+"))
    return False


def parse_map(
    model: MapFile,
    doc: Document | None,
    settings: Settings,
    base_cards: Mapping[str, Card],
    map_path: Path | None = None,
    embedded_cards: list[dict[str, Any]] | None = None,
) -> tuple[MapLayout, list[Problem]]:
    """Read a map into a layout, collecting every problem (TC-9.1); no TC-9.2 checks yet."""
    path = doc.path if doc else model.name
    problems: list[Problem] = []

    def bad(loc: tuple[Any, ...], msg: str, line_col: tuple[int, int] | None = None) -> None:
        if line_col is not None:
            problems.append(Problem(path, line_col[0], line_col[1], msg))
        elif doc is not None:
            problems.append(doc.problem(loc, msg))
        else:
            problems.append(Problem(path, 1, 1, msg))

    cards = dict(base_cards)
    extra_raw: list[dict[str, Any]] = []
    inherited: dict[str, Problem] = {}  # card id -> the place of its based_on, when its letter came from there
    told: set[str] = set()  # the cards whose based_on letter is already reported
    if embedded_cards is not None:
        from rulesets.tank_chess.cards import cards_from_data

        try:
            cards.update(cards_from_data(embedded_cards, base_cards))
            extra_raw = [dict(c) for c in embedded_cards]
        except Exception as exc:  # noqa: BLE001 - reported as a map problem
            bad(("cards",), f"embedded cards are invalid: {exc}")
    elif model.cards:
        files: list[tuple[Document, CardFile]] = []
        for i, name in enumerate(model.cards):
            try:
                found = resolve(name, "card file", beside=map_path.parent if map_path else None)
                cdoc = found.document()
                files.append((cdoc, validate(cdoc, CardFile)))
            except BadReference as exc:
                bad(("cards", i), f"cards: {exc} (TC-2.2)")
            except DataError as exc:
                bad(("cards", i), f"card file {name!r}: " + "; ".join(str(p) for p in exc.problems) + " (TC-2.2)")
        more, card_problems = resolve_cards(files, base_cards)
        problems.extend(card_problems)
        cards.update(more)
        for cdoc, unit in files:  # a card that took its base's letter: where to say so (issue 60.6)
            for loc, raw in raw_cards(unit):
                if raw.get("based_on") is not None and raw.get("letter") is None and raw.get("id") in more:
                    inherited[str(raw["id"])] = cdoc.problem((*loc, "based_on"), "")
        for _cdoc, unit in files:
            for _loc, raw in raw_cards(unit):
                if raw.get("id") in more:
                    extra_raw.append(raw)

    letters: dict[str, str] = {}
    clashes: dict[str, set[str]] = {}
    for card in cards.values():
        if card.letter:
            if card.letter in letters:
                clashes.setdefault(card.letter, {letters[card.letter]}).add(card.id)
            letters[card.letter] = card.id
    for letter, cid in model.legend.items():
        if len(letter) != 1 or not letter.isalpha() or letter.upper() == "X":
            bad(("legend", letter), f"legend key {letter!r} must be one letter other than x (TC-9.1)")
        elif cid not in cards:
            bad(("legend", letter), f"legend {letter!r}: unknown card {cid!r} (TC-2.2)")
        else:
            letters[letter.upper()] = cid

    layout = MapLayout(model.name, model.title, model.size, model.fair, cards=cards, extra_cards=extra_raw)
    board = SquareBoard(model.size, model.size)
    rows = grid_rows(model, doc)
    if len(rows) != model.size:
        bad(("grid",), f"the grid has {len(rows)} rows; a {model.size}x{model.size} board needs {model.size} (TC-9.1)")
    start = {0: Dir[settings.start_facing.white], 1: Dir[settings.start_facing.black]}
    for i, (row, pos) in enumerate(rows[: model.size]):
        cells = row.replace(" ", "").replace("\t", "")
        rank = model.size - 1 - i
        if len(cells) != model.size:
            bad((), f"rank {rank + 1}: {len(cells)} squares; the board is {model.size} wide (TC-9.1)", pos)
        for f, ch in enumerate(cells[: model.size]):
            sq = (f, rank)
            if ch in EMPTY_CHARS:
                continue
            if ch in OBSTACLE_CHARS:
                layout.obstacles.add(sq)
            elif ch in WRECK_CHARS:
                layout.wrecks.add(sq)
            elif ch.upper() in clashes and ch.upper() not in {k.upper() for k in model.legend}:
                taken = sorted(c for c in clashes[ch.upper()] if c in inherited)
                why = "".join(f"; {c} has it from its based_on" for c in taken)
                bad((), f"rank {rank + 1}: letter {ch!r} at {board.name(sq)} is ambiguous: cards "
                         f"{', '.join(sorted(clashes[ch.upper()]))} share it{why}; name one in 'legend' (TC-9.1)",
                    _letter_pos(doc, pos, row, f))
                for c in [c for c in taken if c not in told]:
                    told.add(c)
                    at = inherited[c]
                    base = next((k for k in clashes[ch.upper()] if k != c), "its base")
                    problems.append(Problem(at.path, at.line, at.col, f"card {c}: based_on gives it {base}'s "
                                            f"letter {ch.upper()!r}, which {base} keeps: give {c} a letter of "
                                            "its own (letter:) or name it in a map's legend (TC-9.1)"))
            elif ch.upper() in letters:
                side = 0 if ch.isupper() else 1
                layout.pieces.append(Placed(letters[ch.upper()], side, sq, int(start[side])))
            else:
                known = "".join(sorted(letters))
                bad((), f"rank {rank + 1}: unknown square {ch!r} at {board.name(sq)} "
                         f"(use . # x or a piece letter {known}, lowercase for black) (TC-9.1)", _letter_pos(doc, pos, row, f))
    by_square = {p.square: p for p in layout.pieces}
    for name, facing in model.facing.items():
        try:
            sq = board.parse(name)
        except ValueError as exc:
            bad(("facing", name), f"facing: {exc} (TC-4.1)")
            continue
        if sq not in by_square:
            bad(("facing", name), f"facing: no piece on {name} to turn (TC-4.1)")
            continue
        by_square[sq].facing = int(Dir[facing])
    return layout, problems


def validate_layout(layout: MapLayout, model: MapFile, doc: Document | None, settings: Settings) -> list[Problem]:
    """The TC-9.2 authoring rules: each broken rule named, at the line it concerns."""
    rules = settings.maps
    path = doc.path if doc else layout.name
    problems: list[Problem] = []
    board = SquareBoard(layout.size, layout.size)
    rows = grid_rows(model, doc)
    n = layout.size

    def at(sq: tuple[int, int], msg: str) -> None:
        row = n - 1 - sq[1]
        line, col = rows[row][1] if row < len(rows) else (1, 1)
        problems.append(Problem(path, line, col, msg))

    sides = ("white", "black")
    for side in (0, 1):
        mine = [p for p in layout.pieces if p.side == side]
        if not mine:
            problems.append(_top(doc, path, f"{sides[side]} has no pieces (TC-9.2)"))
        commands = [p for p in mine if layout.cards[p.card].command]
        if rules.one_command_tank and len(commands) != 1:
            problems.append(_top(doc, path, f"{sides[side]} has {len(commands)} Command Tanks; "
                                            "a map needs exactly one per side (TC-9.2, TC-7.1)"))
        if rules.own_half:
            for p in mine:
                own = p.square[1] < n // 2 if side == 0 else p.square[1] >= n - n // 2
                if not own:
                    at(p.square, f"{sides[side]} {p.card} on {board.name(p.square)} is not on its own half (TC-9.2)")
        if rules.command_path:
            for p in commands:
                if not command_path_exists(layout, p, settings):
                    at(p.square, f"{sides[side]} Command Tank on {board.name(p.square)} cannot reach "
                                 f"the far edge even on an otherwise empty board (TC-9.2)")
    if layout.fair and rules.symmetry_for_fair:
        for sq in sorted(layout.obstacles | layout.wrecks):
            twin = board.rotate180(sq)
            kind = "obstacle" if sq in layout.obstacles else "wreck"
            if twin not in (layout.obstacles if kind == "obstacle" else layout.wrecks):
                at(sq, f"fair map is not point-symmetric: {kind} on {board.name(sq)} "
                       f"but not on {board.name(twin)} (TC-9.2)")
        placed = {p.square: p for p in layout.pieces}
        for p in layout.pieces:
            mate = placed.get(board.rotate180(p.square))
            if mate is None or mate.card != p.card or mate.side == p.side or mate.facing != (p.facing + 4) % 8:
                at(p.square, f"fair map is not point-symmetric: {sides[p.side]} {p.card} on "
                             f"{board.name(p.square)} has no mirrored {sides[1 - p.side]} {p.card} on "
                             f"{board.name(board.rotate180(p.square))} facing the other way (TC-9.2)")
    return problems


def _top(doc: Document | None, path: str, msg: str) -> Problem:
    return doc.problem(("grid",), msg) if doc else Problem(path, 1, 1, msg)


def command_path_exists(layout: MapLayout, piece: Placed, settings: Settings) -> bool:
    """Can this Command Tank drive off the far edge with only obstacles on the board?

    Breadth-first search over (square, facing) with unlimited steps; the
    exit step obeys TC-7.2/7.3.
    """
    n = layout.size
    blocked = layout.obstacles | layout.wrecks
    start = (piece.square, piece.facing)
    seen = {start}
    queue = deque([start])
    while queue:
        (f, r), face = queue.popleft()
        df, dr = DELTAS[face]
        nf, nr = f + df, r + dr
        if not (0 <= nf < n and 0 <= nr < n):
            if exit_allowed((f, r), face, piece.side, n, n, settings.exit.diagonal):
                return True
        elif (nf, nr) not in blocked and (
            settings.movement.corner_cutting or df == 0 or dr == 0
            or (f + df, r) not in blocked or (f, r + dr) not in blocked
        ):
            nxt = ((nf, nr), face)
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
        for turn in (1, 7):
            nxt = ((f, r), (face + turn) % 8)
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return False


def exit_allowed(sq: tuple[int, int], face: int, side: int, files: int, ranks: int, diagonal: str) -> bool:
    """TC-7.2/7.3: does a forward step from ``sq`` with ``face`` leave across the opponent's edge legally?"""
    df, dr = DELTAS[face]
    f, r = sq
    toward = 1 if side == 0 else -1
    edge = ranks - 1 if side == 0 else 0
    if r != edge or dr != toward:
        return False
    if df == 0:
        return True
    if diagonal == "forbidden":
        return False
    if diagonal == "allowed":
        return True
    return f not in (0, files - 1)
