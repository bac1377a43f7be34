"""The non-interactive commands: rulesets, validate, schema, replay, render, cards."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from cli.ruleset_arg import as_typed
from core.data import Problem, judge_partly, load_document, validate, yaml_files
from core.errors import DataError, TanktableError, did_you_mean
from core.game import Event, Game
from core.registry import available_rulesets, get_ruleset, kind_model, ruleset_ids
from core.secrecy import same_history, shown
from core.streams import normal_seed, seed_text

if TYPE_CHECKING:
    from core.record import RecordFile


def list_rulesets(json_out: bool) -> None:
    described = [r.describe() for r in available_rulesets()]
    if json_out:
        typer.echo(json.dumps(described, indent=2))
        return
    if not described:
        typer.echo("no rulesets registered")
    for r in described:
        typer.echo(f"{r['id']:<20} {r['title']}")
        typer.echo(f"{'':<20} sides: {', '.join(r['players'])}")
        titles = r.get("scenario_titles", {})
        if not titles:
            typer.echo(f"{'':<20} scenarios: {', '.join(r['scenarios']) or '-'}")
            continue
        typer.echo(f"{'':<20} scenarios:")
        indent = " " * 23 + " " * (max(len(name) for name in r["scenarios"]) + 2)
        room = max(30, shutil.get_terminal_size().columns - 1 - len(indent))
        for name in r["scenarios"]:  # one a line, with what it is, wrapped to the screen
            lines = textwrap.wrap(titles.get(name, ""), room) or [""]
            typer.echo((f"{'':<23}{name:<{len(indent) - 23}}" + lines[0]).rstrip())
            for more in lines[1:]:
                typer.echo(indent + more)


def check_file(path: Path) -> list[Problem]:
    """Every problem of one data file (schema and the ruleset's own rules)."""
    try:
        doc = load_document(path)
    except DataError as exc:
        return [p for p in exc.problems if isinstance(p, Problem)]
    ruleset, kind = doc.header()
    problems = []
    if ruleset is None:
        problems.append(doc.problem((), "missing 'ruleset:' header (which ruleset is this file for?)"))
    if kind is None:
        problems.append(doc.problem((), "missing 'kind:' header (card, map, scenario, army, record, ...)"))
    if problems:
        return problems
    assert ruleset is not None and kind is not None
    known_rulesets = set(ruleset_ids()) | {r for r, _ in _core_kinds()}
    if ruleset not in known_rulesets:
        hint = did_you_mean(ruleset, sorted(known_rulesets))
        return [doc.problem(("ruleset",), f"unknown ruleset {ruleset!r}{hint} (one not installed: "
                                          "--ruleset module:object or --ruleset path/to/its/package)")]
    try:
        model = kind_model(ruleset, kind)
    except TanktableError as exc:
        return [doc.problem(("kind",), str(exc))]
    if kind != "record" and (ruleset, kind) not in _core_kinds():
        owner = get_ruleset(ruleset)
        found = owner.validate_document(owner.canonical_kind(kind), doc)
        return sorted(p for p in found if isinstance(p, Problem))
    if kind == "record":
        try:
            validate(doc, model)
        except DataError as exc:
            return [p for p in exc.problems if isinstance(p, Problem)]
        return []
    # a map's rules are judged on its well-formed parts too: every mistake in one run (issue 60)
    checker = _core_checker(ruleset, kind)
    found = judge_partly(doc, model, lambda instance, mended: checker(kind, instance, mended))
    return sorted({p for p in found if isinstance(p, Problem)})


def _core_checker(ruleset: str, kind: str) -> Any:
    """The semantic checker beside a core kind's model (``check_document``), if any."""
    from importlib import import_module

    from core.registry import CORE_KINDS

    module = import_module(CORE_KINDS[(ruleset, kind)].split(":")[0])
    return getattr(module, "check_document", lambda kind, model, doc: [])


def _core_kinds() -> set[tuple[str, str]]:
    from core.registry import CORE_KINDS

    return set(CORE_KINDS)


def validate_paths(paths: list[Path], json_out: bool) -> int:
    """Check every file; each problem reported once, at the file where it is.

    A file that names a broken one (a scenario its table or map, an army its cards)
    finds that file's problems too (issue 25.7); they are reported with that file --
    under its own entry when it is checked as well, else right after the file that
    named it -- never twice (the hidden authoring tester saw a scenario's map's problem
    twice, once by the path the scenario resolved and once as typed). The count of bad
    files is of the files the problems are in. ``valid`` in --json is whether a file's
    own check passed (a scenario with a broken map is not valid)."""
    files = yaml_files(paths)
    if not files:
        typer.echo("error: no YAML files found", err=True)
        return 2
    checked = {_located(str(f)): f for f in files}
    found: dict[Path, list[Problem]] = {}  # location -> its problems, in the order found
    order: list[Path] = []
    seen: set[tuple[Path, int, int, str]] = set()
    valid: dict[Path, bool] = {}
    for f in files:
        problems = check_file(f)
        valid[_located(str(f))] = not problems
        for p in problems:
            where = _located(p.path)
            key = (where, p.line, p.col, p.message)
            if key in seen:
                continue
            seen.add(key)
            shown = str(checked[where]) if where in checked else _shown_path(p.path)
            found.setdefault(where, []).append(Problem(shown, p.line, p.col, p.message))
        if _located(str(f)) not in order:
            order.append(_located(str(f)))
        order += [w for w in found if w not in order and w not in checked]
    order += [w for w in checked if w not in order]
    total = sum(len(v) for v in found.values())
    if json_out:
        report = [{"path": str(checked[w]) if w in checked else found[w][0].path,
                   "checked": w in checked, "valid": valid.get(w, not found.get(w)),
                   "problems": [p.to_json() for p in found.get(w, [])]} for w in order]
        typer.echo(json.dumps({"valid": total == 0, "files": report}, indent=2))
    else:
        for w in order:
            for p in found.get(w, []):
                typer.echo(str(p), err=True)
        status = "ok" if total == 0 else f"{total} problem(s) in {len(found)} file(s)"
        typer.echo(f"{len(files)} file(s) checked: {status}")
    return 0 if total == 0 else 1


def _located(path: str) -> Path:
    """Where a file is, whatever the path it was named by (as typed, or resolved)."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError):
        return Path(path)


def _shown_path(path: str) -> str:
    """A problem's file as a person reads it: relative to the current folder when it is
    under it (a scenario's map resolved beside it is named as the user would type it)."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except (OSError, ValueError):
        return path


def list_kinds(ruleset: str) -> None:
    """The data kinds ``tanktable schema`` and ``validate`` know for ``ruleset``, one a line
    (a plugin's hex maps too, issue 60.6); ``record`` last."""
    from core.schema import kinds_of

    kinds = sorted(kinds_of(ruleset))
    for kind in [k for k in kinds if k != "record"] + [k for k in kinds if k == "record"]:
        typer.echo(kind)


def print_schema(ruleset: str, kind: str) -> None:
    """The JSON Schema an editor checks a file of ``kind`` with: generated from the models
    ``validate`` uses, widened to what ``validate`` accepts (issue 60.2, :mod:`core.schema`)."""
    from core.schema import schema_of

    typer.echo(json.dumps(schema_of(ruleset, kind), indent=2))


def write_schemas(ruleset: str, kind: str | None, folder: Path) -> None:
    """``tanktable schema RULESET [KIND] --out FOLDER``: each schema in the file a template's
    modeline names (``RULESET.KIND.schema.json``, by the header its files carry)."""
    from core.schema import json_schema, kinds_of, resolve_kind, schema_file_name

    found = [resolve_kind(ruleset, k) for k in (sorted(kinds_of(ruleset)) if kind is None else [kind])]
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TanktableError(f"{folder}: cannot make the folder: {exc.strerror or exc}") from None
    for header, name, model in found:
        target = folder / schema_file_name(header, name)
        try:
            target.write_text(json.dumps(json_schema(model, header, name), indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            raise TanktableError(f"{target}: cannot write: {exc.strerror or exc}") from None
        typer.echo(f"wrote {target}")


def _side(game: Any, side: str | None) -> int | None:
    return None if side is None else game.player_index(side)


def replay_file(file: Path, verify: bool, side: str | None, upto: int | None, json_out: bool,
                step: bool = False) -> int:
    from core.record import load_record, replay, replay_moves, start_game

    record, doc = load_record(file)
    ruleset = get_ruleset(record.ruleset)
    if verify:
        game = replay(record, ruleset, doc, verify=True)
        outcome = game.outcome()
        msg = f"{file}: {len(record.moves)} moves replay; result " + (
            f"{outcome.reason}" if outcome else "(game still running)"
        )
        if json_out:
            typer.echo(json.dumps({"valid": True, "moves": len(record.moves), **_checked_seed(record)}))
        else:
            typer.echo(f"{file}: {_seed_line(record)}")
            typer.echo(msg)
        return 0
    game = start_game(record, ruleset)
    viewer = _side(game, side)
    if viewer is None and game.hidden_information and record.result is None:
        raise TanktableError(
            "this game is not over and has hidden information: say which side you are with --as SIDE"
        )
    out: list[dict[str, Any]] = []
    if not json_out:
        for line in replay_header(record, ruleset.title):
            typer.echo(line)
    for move in replay_moves(record, game, doc, upto):
        i, player = move.n, move.player
        shown_move = move.text if viewer is None or viewer == player else shown(
            game, viewer, "moves", partial(_last_public, game, move.public))
        visible = shown(game, viewer, "events", partial(_last_events, game, viewer, move.events))
        out.append({"n": i, "side": game.players[player], "move": shown_move,
                    "events": [e.to_json() for e in visible]})
        if not json_out:
            typer.echo(f"{i:>4}. {game.players[player]:<8} {shown_move or '(hidden)'}")
            for e in visible:
                typer.echo(f"        {e.text}")
            if step:
                typer.echo(shown(game, viewer, "board", partial(_board, viewer=viewer)))
                typer.echo("-- Enter for the next move, q to stop --", nl=False)
                answer = sys.stdin.readline()
                if not answer:  # end of input: nobody is there to press Enter
                    typer.echo(f"\nend of input: replay stopped after move {i}")
                    return 0
                if answer.strip().lower() == "q":
                    return 0
    if json_out:
        typer.echo(json.dumps({"moves": out, "result": record.result.model_dump() if record.result else None}, indent=2))
    else:
        typer.echo(shown(game, viewer, "board", partial(_board, viewer=viewer)))
        if record.result:
            typer.echo(f"Result: {', '.join(record.result.winners) or 'draw'} -- {record.result.reason}")
    return 0


def replay_header(record: RecordFile, title: str) -> list[str]:
    """What a printed replay opens with: the game, where, who, when, how it ended."""
    position = " (from a position)" if record.position is not None else ""
    seats = ", ".join(f"{side} {kind}" for side, kind in record.seats.items()) or "not recorded"
    if record.result is None:
        result = f"not finished ({len(record.moves)} decisions so far)"
    else:
        won = ", ".join(record.result.winners) or "draw"
        result = f"{won} -- {record.result.reason} ({len(record.moves)} decisions)"
    lines = [f"{title}: {record.scenario}{position}", f"seats: {seats}"]
    if record.date:
        lines.append(f"played: {record.date}")
    lines += [f"result: {result}", ""]
    return lines


def _checked_seed(record: RecordFile) -> dict[str, Any]:
    """What ``replay --verify`` checked the dice against: the commitment and what it revealed."""
    seed = normal_seed(record.seed) if record.seed is not None else None
    return {"commitment": record.commitment, "seed": seed, "salt": record.salt}


def _seed_line(record: RecordFile) -> str:
    """The commitment ``replay --verify`` checked and the seed it revealed (issue 61.3), for
    the player to hold against the commitment the game showed at its start."""
    assert record.seed is not None  # a record without its seed does not verify
    seed = seed_text(record.seed)
    if record.commitment is None:
        return f"seed {seed}, chosen for the game (no commitment to check)"
    return (f"commitment {record.commitment} matches seed {seed} with salt {record.salt}; "
            "compare it with the commitment shown when the game started")


def _board(game: Game[Any], viewer: int | None) -> str:
    """The text board of ``game`` (or of a variant of it, in the gate for secrets)."""
    return game.render(viewer)


def _last_events(game: Game[Any], viewer: int | None, events: Sequence[Event], g: Game[Any]) -> list[Event]:
    """The events of the step just replayed as ``viewer`` reads them: ``events`` in
    ``game`` itself, a variant's own last step's in the gate for secrets."""
    return g.events_for(viewer, events if g is game else g.history[-1].events)


def _last_public(game: Game[Any], public: str | None, g: Game[Any]) -> str | None:
    """The move just replayed as everyone reads it (``public`` in ``game`` itself)."""
    return public if g is game or same_history(game, g) else g.public_moves()[-1]


def load_position(ruleset_id: str, source: str, upto: int | None) -> tuple[Any, Any]:
    """A game from a record file, a position file, a scenario name or a scenario file."""
    from core.record import load_record, replay

    ruleset = get_ruleset(ruleset_id)
    path = Path(source)
    try:
        is_file = path.is_file()
    except (OSError, ValueError):
        is_file = False  # a name the system refuses: judged as a scenario name below
    if is_file:
        doc = load_document(path)
        kind = doc.data.get("kind") if isinstance(doc.data, dict) else None
        if kind == "record":
            record, rdoc = load_record(path)
            if record.ruleset != ruleset.id:
                raise TanktableError(f"{path} is a {record.ruleset} record, not {ruleset.id}")
            return ruleset, replay(record, ruleset, rdoc, verify=False, upto=upto)
        if kind == "position":
            problems = ruleset.validate_document("position", doc)
            if problems:
                raise DataError(problems)
            return ruleset, ruleset.from_position(doc.data)
    return ruleset, ruleset.new_game(source, None, 0)


def render_source(ruleset_id: str, source: str, svg: Path | None, side: str | None, upto: int | None,
                  everything: bool = False) -> int:
    from core.errors import UsageError

    ruleset, game = load_position(ruleset_id, source, upto)
    if side is not None and everything:
        raise UsageError("--as SIDE draws one side's view and --all every secret: choose one")
    if game.hidden_information and side is None and not everything:
        raise UsageError(f"{ruleset.id} has hidden information: say whose view to draw with "
                         "--as SIDE, or --all for every secret")
    viewer = _side(game, side)
    if svg is None:
        typer.echo(shown(game, viewer, "board", partial(_board, viewer=viewer)))
        return 0
    text = shown(game, viewer, "svg board", partial(ruleset.render_svg, player=viewer))
    try:
        svg.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise TanktableError(f"{svg}: cannot write: {exc.strerror or exc}") from None
    typer.echo(f"wrote {svg}")
    return 0


def _card_dict(card: Any) -> dict[str, Any]:
    return card.model_dump(mode="json", exclude_none=True) if hasattr(card, "model_dump") else dict(card)


def _shown_card(card: Any) -> str:
    """A card as ``cards show`` prints it: YAML of the values the game uses, with fields left
    empty (``notes: ''``) left out, as ``card_lines`` does (hidden authoring tester)."""
    import yaml

    shown = {k: v for k, v in _card_dict(card).items() if v not in ("", [], {})}
    return str(yaml.safe_dump(shown, sort_keys=False, allow_unicode=True))


def list_cards(ruleset_id: str, extra: list[Path], json_out: bool) -> None:
    cards = get_ruleset(ruleset_id).cards(extra)
    if json_out:
        typer.echo(json.dumps({k: _card_dict(v) for k, v in cards.items()}, indent=2))
        return
    rows = {card_id: _key_values(_card_dict(card)) for card_id, card in cards.items()}
    columns = [c for c in dict.fromkeys(k for row in rows.values() for k in row)
               if all(c in row for row in rows.values())]
    if "tier" in columns:  # the army builder's first question
        columns.remove("tier")
        columns.insert(0, "tier")
    names = {card_id: str(getattr(card, "name", "") or "") for card_id, card in cards.items()}
    table = [["card", "name", *columns]] + [
        [card_id, names[card_id], *(rows[card_id][c] for c in columns)] for card_id in cards]
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    for line in table:
        cells = [f"{cell:<{w}}" if i < 2 else f"{cell:>{w}}" for i, (cell, w) in enumerate(zip(line, widths, strict=True))]
        typer.echo("  ".join(cells).rstrip())


def _key_values(data: Mapping[str, Any]) -> dict[str, str]:
    """A card's numbers and short codes, one level of nesting flattened
    (``armour.front``): the columns of ``cards list``."""
    out: dict[str, str] = {}
    for key, value in data.items():
        if key in ("ruleset", "kind", "id", "name", "short", "letter"):
            continue
        if isinstance(value, Mapping):
            for sub, inner in value.items():
                if isinstance(inner, (int, float)) and not isinstance(inner, bool):
                    out[f"{key}.{sub}"] = f"{inner:g}"
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out[key] = f"{value:g}"
        elif isinstance(value, str) and value.endswith("+") and len(value) <= 3:
            out[key] = value  # a die roll needed, e.g. accuracy 2+
    return out


def _card_files_beside(path: Path, ruleset_id: str) -> list[Path]:
    """The other card files of ``ruleset_id`` in ``path``'s folder (not below it): what a
    card there may be ``based_on`` (authoring playtest of issue 60). Files that do not read
    are left to their own ``validate``."""
    from core.data import load_document

    found: list[Path] = []
    for other in sorted(path.parent.glob("*.y*ml")):
        if other.suffix not in (".yaml", ".yml") or other.resolve() == path.resolve():
            continue
        try:
            ruleset, kind = load_document(other).header()
        except (DataError, OSError):
            continue
        if ruleset == ruleset_id and kind in CARD_KINDS:
            found.append(other)
    return found


def cards_of_file(ruleset_id: str, path: Path, extra: list[Path]) -> dict[str, Any]:
    """The cards a card file adds or changes, by id, as the game reads them (``based_on``
    resolved, also on a card of the author's own in a file beside it, as validate reads
    it): what ``cards show`` and ``print cards`` take a card file's name for."""
    ruleset = get_ruleset(ruleset_id)
    beside = _card_files_beside(path, ruleset_id)
    before = ruleset.cards([*extra, *beside])
    with_file = ruleset.cards([*extra, *beside, path])
    return {cid: c for cid, c in with_file.items() if cid not in before or before[cid] != c}


def show_card(ruleset_id: str, card_id: str, extra: list[Path]) -> int:
    ruleset = get_ruleset(ruleset_id)
    cards = ruleset.cards(extra)
    if card_id not in cards and Path(card_id).is_file():
        # a new author's first try is the file they just wrote: show its cards, as read
        mine = cards_of_file(ruleset_id, Path(card_id), extra)
        if mine:
            typer.echo("\n".join(_shown_card(c) for c in mine.values()))
            return 0
    if card_id not in cards:
        hint = did_you_mean(card_id, list(cards))
        typer.echo(f"error: unknown card {card_id!r}{hint} (give a card id, with --cards FILE "
                   "for your own, or the card file itself)", err=True)
        return 1
    typer.echo(_shown_card(cards[card_id]))
    return 0


CARD_KINDS = ("card", "cards", "unit", "units")
"""Names a ruleset's kind of unit-card files goes by (a plugin's may be ``units``)."""

ROLES: dict[str, tuple[str, ...]] = {
    "card": CARD_KINDS, "army": ("army",), "scenario": ("scenario",), "map": ("map", "table"),
}
"""What ``cards new``, ``army new``, ``scenario new`` and ``map new`` start, by the kinds
that play that part (a Battle of Tanks map is a ``table``)."""


def role_kind(ruleset_id: str, role: str) -> str:
    """The data kind of ``ruleset_id`` that plays ``role``; a clear error where none does."""
    from core.schema import kinds_of

    kinds = kinds_of(ruleset_id)
    for kind in ROLES[role]:
        if kind in kinds:
            return kind
    what = {"card": "unit cards", "army": "army lists", "scenario": "scenario files",
            "map": "map files"}[role]
    hint = ""
    if role == "scenario" and any(k in kinds for k in ROLES["map"]):
        hint = f"; its scenarios are maps: tanktable map new {as_typed(ruleset_id)}"
    own = sorted(k for k in kinds if k != "record")
    if ruleset_id in {r for r, _ in _core_kinds()} and ruleset_id not in ruleset_ids():
        # `hex`: the hex tools' files, which no game's army or card is
        start = f"; start a map with tanktable map new {as_typed(ruleset_id)}" if "map" in kinds else ""
        words = [{"map": "maps", "terrain": "terrain charts"}.get(k, f"{k} files") for k in own]
        raise TanktableError(f"{ruleset_id} is no game, so it has no {what}: its files are "
                             f"{' and '.join(words)} for the {ruleset_id} tools{start}")
    if not own:  # a plugin that declares no YAML kinds read "(its data kinds: )"
        raise TanktableError(f"{ruleset_id} has no {what}: it declares no data kinds of its own "
                             "(a ruleset's author adds them: docs/writing-a-ruleset.md, 'Data kinds')")
    raise TanktableError(f"{ruleset_id} has no {what} (its data kinds: {', '.join(own)}){hint}")


def template_text(ruleset_id: str, role: str) -> str:
    """The commented file ``tanktable ROLE new RULESET`` prints, with its schema modeline:
    the ruleset's template of that kind (``templates/KIND.yaml`` in its data, or its
    ``card_template``), else its first shipped file of the kind, named as such."""
    from core.schema import shipped_files, template_file, with_modeline

    kind = role_kind(ruleset_id, role)
    found = template_file(ruleset_id, kind)
    if found is not None:
        return with_modeline(found.read_text(encoding="utf-8"))
    if role == "card":
        try:
            return with_modeline(get_ruleset(ruleset_id).card_template())
        except TanktableError:
            pass  # no template of its own: start from a shipped card file
    shipped = shipped_files(ruleset_id, kind)
    if not shipped:
        raise TanktableError(f"{ruleset_id} ships no {kind} file to start from")
    name, node = next(iter(shipped.items()))
    typed = as_typed(ruleset_id)  # a plugin not installed: the hints name it as it was given
    validate = "tanktable validate FILE" if typed == ruleset_id else f"tanktable validate --ruleset {typed} FILE"
    intro = (f"# Started from the shipped {kind} {name!r} of {ruleset_id} (tanktable show "
             f"{typed} {kind} {name}): change it, then check it with {validate}\n")
    return with_modeline(intro + _terrain_files_anywhere(node.read_text(encoding="utf-8"), node, ruleset_id))


def _terrain_files_anywhere(text: str, node: Any, ruleset_id: str) -> str:
    """``text`` of a shipped map with its ``terrain_files:`` named as ``RULESET:PATH``
    (``duel-of-the-giants:hex_terrain``): a shipped map names them relative to itself
    inside the package, which a copy saved anywhere else would not find, and an
    installed path breaks when the map is shared; the shipped name works from any file
    on any machine with tanktable (issue 60.6). A map without them, or whose names do
    not lead to a shipped file of the ruleset, is returned as it is."""
    import posixpath

    import yaml

    from core.schema import shipped_folder, shipped_reference

    try:
        names = yaml.safe_load(text).get("terrain_files")
    except (yaml.YAMLError, AttributeError):
        return text
    if not names or not isinstance(names, list):
        return text
    folder = shipped_folder(ruleset_id, node)
    if folder is None:
        return text
    portable: list[str] = []
    for name in names:
        inside = posixpath.normpath(posixpath.join(*folder, str(name))) if folder else str(name)
        reference = f"{ruleset_id}:{inside.removesuffix('.yaml')}"
        try:
            if inside.startswith("..") or shipped_reference(reference) is None:
                return text
        except TanktableError:
            return text
        portable.append(reference)
    out: list[str] = []
    listing = False
    for line in text.splitlines(keepends=True):
        if listing and line.lstrip().startswith("- "):
            continue  # an item of a block list of terrain_files
        listing = False
        if line.rstrip() == "shipped_terrain: false":  # a bare field the playtest of issue 60 could not read
            out.append("shipped_terrain: false    # only the charts under terrain_files (true: the hex tools' "
                       "chart data/hex_terrain.yaml first)\n")
            continue
        if line.startswith("terrain_files:"):
            out.append("# the terrain chart this map is drawn with, shipped with tanktable: RULESET:NAME\n"
                       "# works from any folder (a file of your own: its path, relative to this map)\n")
            out.append(f"terrain_files: {json.dumps(portable)}\n")
            listing = True
            continue
        out.append(line)
    return "".join(out)


def new_card(ruleset_id: str) -> None:
    typer.echo(template_text(ruleset_id, "card"), nl=False)


def new_template(ruleset_id: str, role: str) -> None:
    """``tanktable army|scenario|map new RULESET``."""
    typer.echo(template_text(ruleset_id, role), nl=False)


def show_shipped(ruleset_id: str, kind: str, name: str | None) -> int:
    """``tanktable show RULESET KIND [NAME]``: a shipped file to start from, with its schema
    modeline (or, without a name, the names there are)."""
    from core.schema import kinds_of, shipped_files, with_modeline

    if kind not in kinds_of(ruleset_id) and kind in ROLES:
        kind = role_kind(ruleset_id, kind)  # "map" of Battle of Tanks: its tables
    files = shipped_files(ruleset_id, kind)
    if name is None:
        if not files:
            typer.echo(f"{ruleset_id} ships no {kind} files", err=True)
            return 1
        for found in files:
            typer.echo(found)
        return 0
    if name not in files:
        hint = did_you_mean(name, list(files))
        known = ", ".join(files) or "none"
        typer.echo(f"error: {ruleset_id} ships no {kind} {name!r}{hint} (shipped: {known})", err=True)
        return 1
    # a map's terrain_files named as RULESET:NAME, so the file validates where it is saved
    text = _terrain_files_anywhere(files[name].read_text(encoding="utf-8"), files[name], ruleset_id)
    typer.echo(with_modeline(text), nl=False)
    return 0
