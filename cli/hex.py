"""``tanktable hex``: line of sight, paths and reach on any hex map, and the map drawn.

Only typer is imported at module level; the hex core loads when a command runs.
Exit codes: 0 ok (``los`` reports blocked lines as a result, not an error),
1 bad input or no path within the allowance, 2 usage.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from cli.ruleset_arg import PLUGIN_HELP, ruleset_arguments

_MAP_HELP = "A map file (kind: map) or the name of a shipped map (data/hex_maps)."
_TERRAIN_HELP = "Extra terrain file(s) (kind: terrain) on top of the map's own."


def register(app: typer.Typer) -> None:
    """Add the ``hex`` command group to the main app."""
    hex_app = typer.Typer(help="Hex maps: line of sight, cheapest paths, reachable hexes, the map drawn.",
                          no_args_is_help=True)

    @hex_app.command("los")
    def los_cmd(
        map_: str = typer.Argument(..., metavar="MAP", help=_MAP_HELP),
        frm: str = typer.Argument(..., metavar="FROM", help="Spotter's hex, e.g. A1."),
        to: str = typer.Argument(..., metavar="TO", help="Target's hex, e.g. F4."),
        edge: str | None = typer.Option(None, "--edge", help="Edge rule: both, either or shooter "
                                        "(default: the catalogue's)."),
        terrain: list[Path] = typer.Option([], "--terrain", help=_TERRAIN_HELP),
        json_out: bool = typer.Option(False, "--json", help="Machine-readable output."),
        svg: Path | None = typer.Option(None, "--svg", help="Draw the map and the line to this file."),
        rules: str | None = typer.Option(None, "--rules", help="Judge sight by this ruleset's own rules "
                                         "(e.g. duel-of-the-giants: DG-16) instead of the generic chart."),
        plugins: list[str] = typer.Option([], "--ruleset", help=PLUGIN_HELP, callback=ruleset_arguments),
    ) -> None:
        """Line of sight between two hexes: clear, hindered by N, or blocked (by what)."""
        raise typer.Exit(_guard(_los, map_, frm, to, edge, terrain, json_out, svg, rules))

    @hex_app.command("path")
    def path_cmd(
        map_: str = typer.Argument(..., metavar="MAP", help=_MAP_HELP),
        frm: str = typer.Argument(..., metavar="FROM", help="Start hex, e.g. A1."),
        to: str = typer.Argument(..., metavar="TO", help="Goal hex, e.g. F4."),
        mp: int | None = typer.Option(None, "--mp", min=0, help="Movement points available."),
        terrain: list[Path] = typer.Option([], "--terrain", help=_TERRAIN_HELP),
        json_out: bool = typer.Option(False, "--json", help="Machine-readable output."),
        svg: Path | None = typer.Option(None, "--svg", help="Draw the map and the path to this file."),
        plugins: list[str] = typer.Option([], "--ruleset", help=PLUGIN_HELP, callback=ruleset_arguments),
    ) -> None:
        """Cheapest path (A*) between two hexes; with --mp, only within that allowance."""
        raise typer.Exit(_guard(_path, map_, frm, to, mp, terrain, json_out, svg))

    @hex_app.command("reach")
    def reach_cmd(
        map_: str = typer.Argument(..., metavar="MAP", help=_MAP_HELP),
        frm: str = typer.Argument(..., metavar="FROM", help="Start hex, e.g. C3."),
        mp: int = typer.Option(..., "--mp", min=0, help="Movement points available."),
        terrain: list[Path] = typer.Option([], "--terrain", help=_TERRAIN_HELP),
        json_out: bool = typer.Option(False, "--json", help="Machine-readable output."),
        svg: Path | None = typer.Option(None, "--svg", help="Draw the map and the area to this file."),
        plugins: list[str] = typer.Option([], "--ruleset", help=PLUGIN_HELP, callback=ruleset_arguments),
    ) -> None:
        """Every hex reachable with N movement points (road bonus HTC-T93.1 included)."""
        raise typer.Exit(_guard(_reach, map_, frm, mp, terrain, json_out, svg))

    @hex_app.command("draw")
    def draw_cmd(
        map_: str = typer.Argument(..., metavar="MAP", help=_MAP_HELP),
        terrain: list[Path] = typer.Option([], "--terrain", help=_TERRAIN_HELP),
        svg: Path | None = typer.Option(None, "--svg", help="Write an SVG picture (with the terrain's legend) "
                                        "to this file instead of printing the map as text."),
        legend: bool = typer.Option(True, "--legend/--no-legend", help="Under the map (text or SVG), what each "
                                    "terrain on the map does."),
        plugins: list[str] = typer.Option([], "--ruleset", help=PLUGIN_HELP, callback=ruleset_arguments),
    ) -> None:
        """The map itself: as text with a key of its letters, or as an SVG picture with a legend of its terrain."""
        raise typer.Exit(_guard(_draw, map_, terrain, svg, legend))

    @hex_app.command("cover")
    def cover_cmd(
        map_: str = typer.Argument(..., metavar="MAP", help=_MAP_HELP),
        at: str = typer.Argument(..., metavar="HEX", help="The hex in cover, e.g. D4."),
        attack: str = typer.Option("direct", "--attack", help="direct, mortar, artillery, or mines."),
        frm: str | None = typer.Option(None, "--from", help="Attacker's hex (for walls)."),
        terrain: list[Path] = typer.Option([], "--terrain", help=_TERRAIN_HELP),
        json_out: bool = typer.Option(False, "--json", help="Machine-readable output."),
        plugins: list[str] = typer.Option([], "--ruleset", help=PLUGIN_HELP, callback=ruleset_arguments),
    ) -> None:
        """Cover of a hex against an attack (terrain, fortification, wall, road)."""
        raise typer.Exit(_guard(_cover, map_, at, attack, frm, terrain, json_out))

    app.add_typer(hex_app, name="hex")


def _guard(fn: Any, *args: Any) -> int:
    """User errors as one line on stderr with exit code 1, never a traceback."""
    from core.errors import TanktableError

    try:
        code: int = fn(*args)
        return code
    except TanktableError as exc:
        typer.echo(f"error: {exc}", err=True)
        return 1


def _board(map_: str, terrain: list[Path]) -> Any:
    from core.errors import TanktableError
    from core.grid.hexboard import load_board

    path = Path(map_)
    try:
        exists = path.exists()
    except (OSError, ValueError):
        exists = False
    if not exists:
        from core.resources import shipped, shipped_names

        names = shipped_names("hex_maps")
        if map_ not in names:
            raise TanktableError(f"{map_}: no such file and no shipped map of that name "
                                 f"(shipped: {', '.join(names) or 'none'})")
        node = shipped("hex_maps", f"{map_}.yaml")
        from core.data import parse_document, validate
        from core.errors import DataError
        from core.grid.hexboard import build_board
        from core.grid.hexmap import HexMapFile

        doc = parse_document(node.read_text(encoding="utf-8"), f"data/hex_maps/{map_}.yaml")
        board, problems = build_board(validate(doc, HexMapFile), doc, terrain)
        if board is None:
            raise DataError(problems)
        return board
    return load_board(path, terrain)


def _cell(board: Any, label: str) -> int:
    from core.errors import TanktableError

    try:
        cell: int = board.parse(label)
        return cell
    except ValueError as exc:
        raise TanktableError(str(exc)) from None


def _write_svg(svg: Path, text: str) -> None:
    from core.errors import TanktableError

    try:
        svg.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise TanktableError(f"{svg}: cannot write: {exc.strerror or exc}") from None


def _los(map_: str, frm: str, to: str, edge: str | None, terrain: list[Path], json_out: bool,
         svg: Path | None, rules: str | None = None) -> int:
    import json

    from core.errors import TanktableError
    from core.grid.los import EDGE_RULES, line_of_sight

    if edge is not None and edge not in EDGE_RULES:
        raise TanktableError(f"--edge {edge!r}: use one of {', '.join(EDGE_RULES)}")
    board = _board(map_, terrain)
    a, b = _cell(board, frm), _cell(board, to)
    if rules is None:
        result = line_of_sight(board, a, b, edge_rule=edge)
    else:
        from core.registry import get_ruleset

        lines, policy = get_ruleset(rules).map_sight(board)
        result = line_of_sight(lines, a, b, policy, edge_rule=edge)
    rule = edge or board.catalogue.edge_rule
    if svg is not None:
        from core.grid.hexsvg import board_svg

        key = "S from, T to" + (", red outline: what blocks" if result.blocked_by is not None else "")
        _write_svg(svg, board_svg(board, sight=result.line, sight_status=result.status,
                                  marks={a: "S", b: "T"}, blocked=result.blocked_by,
                                  title=f"LOS {frm} -> {to}: {result.describe(board)} ({key})"))
    if json_out:
        out = {"from": board.label(a), "to": board.label(b), "distance": board.hexes[a].distance(board.hexes[b]),
               "edge_rule": rule, **result.to_json(board)}
        typer.echo(json.dumps(out, indent=2))
    else:
        typer.echo(f"LOS {board.label(a)} -> {board.label(b)}: {result.describe(board)}")
        typer.echo("line: " + " ".join(board.label(c) if c >= 0 else "(off map)" for c in result.line))
        if result.detours:
            typer.echo(f"runs along hexsides at {result.detours} place(s); edge rule: {rule}"
                       + (f" (shooter's side: nudge {result.nudge:+d})" if result.nudge else ""))
        if svg is not None:
            typer.echo(f"wrote {svg}")
    return 0


def _path(map_: str, frm: str, to: str, mp: int | None, terrain: list[Path], json_out: bool,
          svg: Path | None) -> int:
    import json

    from core.grid.movement import find_path

    board = _board(map_, terrain)
    a, b = _cell(board, frm), _cell(board, to)
    result = find_path(board, a, b, mp)
    cheapest = result if mp is None or result is not None else find_path(board, a, b)
    if svg is not None:
        from core.grid.hexsvg import board_svg

        shown = result or cheapest
        _write_svg(svg, board_svg(board, path=shown.cells if shown else None, marks={a: "S", b: "T"},
                                  title=f"path {frm} -> {to}"
                                  + (f": {shown.cost} MP" if shown else ": none")))
    if json_out:
        out: dict[str, Any] = {"from": board.label(a), "to": board.label(b), "mp": mp,
                               "found": result is not None}
        if result is not None:
            out.update(result.to_json(board))
        elif cheapest is not None:
            out["cheapest_cost"] = cheapest.cost
        typer.echo(json.dumps(out, indent=2))
    elif result is None:
        if cheapest is None:
            typer.echo(f"no path from {board.label(a)} to {board.label(b)}")
        else:
            typer.echo(f"{board.label(b)} is not reachable from {board.label(a)} with {mp} MP "
                       f"(the cheapest path costs {cheapest.cost})")
    else:
        data = result.to_json(board)
        typer.echo(f"path {board.label(a)} -> {board.label(b)}: {result.cost} MP"
                   + (f" of {mp}" if mp is not None else "")
                   + (" (with the road bonus, HTC-T93.1)" if result.bonus_used else ""))
        for step in data["steps"]:
            typer.echo(f"  {step['hex']:<5} {step['terrain']:<14} +{step['cost']}  = {step['total']}")
    if svg is not None and not json_out:
        typer.echo(f"wrote {svg}")
    return 0 if result is not None else 1


def _reach(map_: str, frm: str, mp: int, terrain: list[Path], json_out: bool, svg: Path | None) -> int:
    import json

    from core.grid.movement import reachable

    board = _board(map_, terrain)
    a = _cell(board, frm)
    area = reachable(board, a, mp)
    if svg is not None:
        from core.grid.hexsvg import board_svg

        _write_svg(svg, board_svg(board, reach=area, marks={a: "S"},
                                  title=f"reach from {frm} with {mp} MP: {len(area) - 1} hexes"))
    order = sorted(area, key=lambda c: (area[c], c))
    if json_out:
        out = {"from": board.label(a), "mp": mp,
               "reachable": {board.label(c): area[c] for c in order},
               "road_bonus": {board.label(c): area[c] > mp for c in order}}
        typer.echo(json.dumps(out, indent=2))
    else:
        typer.echo(f"from {board.label(a)} with {mp} MP: {len(area) - 1} hexes reachable")
        by_cost: dict[int, list[str]] = {}
        for c in order:
            by_cost.setdefault(area[c], []).append(board.label(c))
        for cost, labels in sorted(by_cost.items()):
            # more than the allowance is only reached after entering a road hex (HTC-T93.1)
            bonus = f"  (beyond {mp} MP: each with the road bonus, HTC-T93.1)" if cost > mp else ""
            typer.echo(f"  {cost} MP: {' '.join(labels)}{bonus}")
        if svg is not None:
            typer.echo(f"wrote {svg}")
    return 0


def _draw(map_: str, terrain: list[Path], svg: Path | None, legend: bool) -> int:
    board = _board(map_, terrain)
    if svg is None:
        from core.grid.hextext import board_text

        typer.echo(board_text(board))
        if legend:
            from core.grid.hexsvg import describe_terrain

            used = [t for t in board.catalogue.terrain if t in set(board.terrain_ids)]
            typer.echo("key:")  # the letters mean what the map's chart says, as the SVG's legend
            for tid in used:
                kind = board.catalogue.terrain[tid]
                typer.echo(f"  {kind.symbol}  {describe_terrain(kind)}")
        return 0
    from core.grid.hexsvg import board_svg

    title = f"{board.name}: {board.columns} x {board.rows} hexes" if board.name else None
    _write_svg(svg, board_svg(board, title=title, legend=legend))
    typer.echo(f"wrote {svg}")
    return 0


def _cover(map_: str, at: str, attack: str, frm: str | None, terrain: list[Path], json_out: bool) -> int:
    import json

    from core.grid.cover import attack_bonus, cover

    board = _board(map_, terrain)
    c = _cell(board, at)
    attacker = _cell(board, frm) if frm else None
    result = cover(board, c, attack, attacker)
    bonus = attack_bonus(board, c, attack)
    if json_out:
        typer.echo(json.dumps({"hex": board.label(c), "attack": attack, **result.to_json(),
                               "attack_bonus": bonus}, indent=2))
    else:
        value = "none (no unit can be there)" if result.value is None else str(result.value)
        typer.echo(f"cover of {board.label(c)} against {attack}: {value}")
        for part in result.parts:
            typer.echo(f"  {part}")
        if bonus:
            typer.echo(f"  attack total +{bonus} (air burst, HTC-T99.1)")
    return 0
