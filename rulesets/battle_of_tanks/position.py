"""Position documents (``kind: position``): any reachable state of a game.

:func:`position_of` writes the whole state as plain YAML-safe data -- the
table (its shipped name or its data), every tank with its card, side, pose,
hit points and markers, the chits in the bag and drawn, the round, whose
decision it is and of what kind, the activation under way, the score and the
options (armies, cards, rules settings). :func:`game_from_position` reads it
back into a game with the same legal actions; :func:`position_problems` is
what ``tanktable validate`` reports, each problem at its line. Both run the
same checks a scenario gets: the table (BT-3), tanks on the table and off
impassable terrain (BT-5.1), one chit per tank (BT-1.3, BT-4.3), and a
decision the rules can reach.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import shapely

from core.data import Document, Problem, validate
from core.dice import Dice
from core.errors import DataError, TanktableError, did_you_mean
from core.game import Outcome
from core.geometry import Pose
from core.orders import ChitBag
from core.streams import Seed
from rulesets.battle_of_tanks import catalogue as cat
from rulesets.battle_of_tanks.field import Battlefield, Feature, features_of
from rulesets.battle_of_tanks.game import OTHER, SIDES, BattleGame
from rulesets.battle_of_tanks.models import Position, Step
from rulesets.battle_of_tanks.setup import RESERVED_WORDS, placement_problem, table_problems
from rulesets.battle_of_tanks.state import Tank

TYPED_OPTIONS = ("armies", "cards")
"""Options a position carries besides rules settings (the table has its own key)."""

RESTING = ("order", "path", "fire", "window")
"""Phases in which the game waits for a decision; any other means it is over."""


def _step_text(step: tuple[str, ...]) -> Step:
    return " ".join(step)  # type: ignore[return-value]


def _step_tuple(text: str) -> tuple[str, ...]:
    return tuple(text.split(" "))


def position_of(game: BattleGame) -> dict[str, Any]:
    """The game's whole state as a ``kind: position`` document (plain data)."""
    options: dict[str, Any] = {k: copy.deepcopy(game.options[k]) for k in TYPED_OPTIONS if k in game.options}
    options.update(copy.deepcopy(game.rule_settings))
    over = game.result is not None or game.phase not in RESTING
    doc: dict[str, Any] = {
        "ruleset": "battle-of-tanks",
        "kind": "position",
        "scenario": game.scenario,
        "title": game.title,
        "options": options,
        "table": copy.deepcopy(game.table_source),
        "round": game.round,
        "decisions": game.decisions_before + len(game.history),
        "first_drawer": game.first_drawer,
        "to_move": None if over else SIDES[game.to_move()],
        "decision": "over" if over else game.phase,
    }
    if game.active is not None:
        doc["activation"] = {
            "tank": game.active,
            "pending": [_step_text(s) for s in game.steps],
            "route": [[float(x), float(y)] for x, y in game.route],
            "route_heading": None if game.route_heading is None else float(game.route_heading),
            "window": game.window,
            "window_quiet": game.window_quiet,
        }
    doc.update({
        "bag": list(game.bag.chits),
        "drawn": list(game.bag.out),
        "spotted": sorted(game.spotted),
        "destroyed_tiers": dict(game.destroyed_tiers),
        "tanks": [_tank_of(t) for t in game.tanks],
    })
    if game.result is not None:
        doc["result"] = {"winners": [SIDES[w] for w in game.result.winners], "reason": game.result.reason}
    return doc


def _tank_of(t: Tank) -> dict[str, Any]:
    return {
        "key": t.key, "label": t.label, "side": t.side, "card": t.card.id,
        "x": float(t.x), "y": float(t.y), "heading": float(t.heading), "hp": int(t.hp),
        "order": t.order, "ambush": t.ambush, "ambush_since": t.ambush_since, "moved": t.moved, "track_until": t.track_until,
        "wreck": t.wreck, "plate_at_start": t.plate_at_start, "damaged": t.damaged,
        "plate_rounds": t.plate_rounds,
    }


# ------------------------------------------------------------------ reading
def game_from_position(position: Mapping[str, Any] | Document, seed: Seed = 0) -> BattleGame:
    """The game a position describes; :class:`DataError` with every problem otherwise."""
    doc = position if isinstance(position, Document) else Document(path="<position>", data=dict(position))
    model = validate(doc, Position)
    game, problems = _build(model, doc, seed)
    if problems or game is None:
        raise DataError(problems or [doc.problem((), "the position cannot be set up")])
    return game


def position_problems(model: Position, doc: Document) -> list[Problem]:
    """Every problem of a valid-looking position: what ``tanktable validate`` reports."""
    return _build(model, doc, 0)[1]


def _build(model: Position, doc: Document, seed: Seed) -> tuple[BattleGame | None, list[Problem]]:
    from rulesets.battle_of_tanks import RULESET
    from rulesets.battle_of_tanks.ruleset import BattleOfTanksOptions

    problems: list[Problem] = []

    def refuse(loc: tuple[Any, ...], message: str) -> None:
        problems.append(doc.problem(loc, message))

    # ---- options, cards, rules, table: as a scenario's
    if "table" in model.options:
        refuse(("options", "table"), "a position gives its table under 'table:', not in options")
        return None, problems
    known = {*TYPED_OPTIONS, *RULESET.setting_names()}
    for key in model.options:
        if key not in known:
            hint = did_you_mean(key, sorted(known), otherwise=" (tanktable schema battle-of-tanks rules lists them)")
            problems.append(doc.problem(("options", key), f"unknown option {key!r}{hint}", key=True))
    if problems:
        return None, problems
    try:
        opts = RULESET.parse_options(model.options)
        assert isinstance(opts, BattleOfTanksOptions)
        cards, _ = cat.cards_with_inline(list(opts.cards or []))
        rules = cat.with_settings(cat.rules_table(), opts.settings, "option")
    except DataError as exc:
        problems.extend(p if isinstance(p, Problem) else doc.problem(("options",), str(p)) for p in exc.problems)
        return None, problems
    except TanktableError as exc:
        refuse(("options",), str(exc))
        return None, problems
    try:
        table, _ = cat.load_table(model.table)
    except TanktableError as exc:
        refuse(("table",), str(exc))
        return None, problems
    inline = isinstance(model.table, Mapping)
    found = table_problems(table, rules, doc, ("table",) if inline else ())
    if not inline:
        found = [doc.problem(("table",), f"table {model.table}: {p.message}") for p in found]
    if found:
        return None, [*problems, *found]
    field = Battlefield(table, rules, features_of(table, rules))

    # ---- tanks
    tanks: list[Tank] = []
    names: dict[str, int] = {}
    for i, tp in enumerate(model.tanks):
        here = ("tanks", i)
        if not tp.key.startswith(tp.side):
            refuse((*here, "key"), f"tank {tp.key} is on side {tp.side}: its key starts with its side's letter")
        for name, what in ((tp.key, "key"), (tp.label, "label")):
            if name in names and names[name] != i:
                refuse((*here, what), f"{what} {name!r} is used by tank {names[name] + 1} already")
            names.setdefault(name, i)
        if tp.label in RESERVED_WORDS or (tp.label != tp.key and cat_key(tp.label)):
            refuse((*here, "label"), f"label {tp.label!r} is a word of the notation or another tank's key")
        card = cards.get(tp.card)
        if card is None:
            refuse((*here, "card"), f"unknown card {tp.card!r} (give your own cards in options.cards) (BT-2)")
            continue
        if tp.hp > card.hit_points:
            refuse((*here, "hp"), f"{tp.label}: {tp.hp} hit points, more than the card's {card.hit_points} (BT-1.3)")
        if tp.wreck and tp.hp > 0:
            refuse((*here, "wreck"), f"{tp.label} is a wreck but has {tp.hp} hit points (BT-3.4)")
        if tp.track_until is not None and tp.track_until < model.round:
            refuse((*here, "track_until"), f"{tp.label}: a track hit until round {tp.track_until} "
                                           f"ended before round {model.round} (BT-6.5)")
        if tp.hp == 0 and (tp.ambush or tp.order is not None and tp.wreck):
            refuse((*here,), f"{tp.label} is destroyed: it holds no order or ambush (BT-4.3)")
        if tp.ambush and tp.order != "AMBUSH":
            refuse((*here, "ambush"), f"{tp.label} waits in ambush: its order is AMBUSH (BT-7.1)")
        if tp.ambush != (tp.ambush_since is not None) or (tp.ambush_since or 0) > model.round:
            refuse((*here, "ambush_since"), f"{tp.label}: a waiting ambush gives the round it was set in "
                                            f"(at most {model.round}), and only a waiting one (BT-7.1)")
        fp = card.footprint or rules.footprint
        why = placement_problem(field, tp.label, Pose(tp.x, tp.y, tp.heading), fp.length_cm, fp.width_cm)
        if why is not None:
            refuse(here, why)
        tanks.append(Tank(tp.key, tp.label, tp.side, card, fp.length_cm, fp.width_cm,
                          tp.x, tp.y, tp.heading, tp.hp, tp.order, tp.ambush, tp.ambush_since, tp.moved, tp.track_until,
                          tp.wreck, tp.plate_at_start, tp.damaged, tp.plate_rounds))
    if problems:
        return None, problems
    for i, a in enumerate(tanks):
        for b in tanks[:i]:
            fa, fb = a.footprint(), b.footprint()
            if shapely.intersects(fa, fb) and not shapely.touches(fa, fb):
                refuse(("tanks", i), f"{a.label} overlaps {b.label} (BT-5.1)")
    if not any(t.alive for t in tanks if t.side == "a") and model.result is None \
            or not any(t.alive for t in tanks if t.side == "b") and model.result is None:
        refuse(("tanks",), "a side has no tank left but the position has no result (BT-8.1)")

    # ---- chits, spot markers, decision
    by_key = {t.key: t for t in tanks}
    for where, chits in (("bag", model.bag), ("drawn", model.drawn)):
        for j, chit in enumerate(chits):
            if chit not in by_key:
                refuse((where, j), f"chit {chit!r} belongs to no tank")
    for j, key in enumerate(model.spotted):
        if key not in by_key:
            refuse(("spotted", j), f"spot marker on {key!r}, which is no tank")
    for i, t in enumerate(tanks):
        if t.order is not None and t.alive and t.key not in model.drawn:
            refuse(("tanks", i, "order"), f"{t.label} has an order, so its chit is drawn (BT-4.2)")
    problems.extend(_decision_problems(model, doc, by_key))
    if problems:
        return None, problems

    wr = rules.wrecks
    wrecks = [Feature(f"wreck of {t.label}", "wreck", wr.cover, wr.passable, wr.height, t.footprint())
              for t in tanks if t.wreck]
    if wrecks:
        field = field.with_wrecks(wrecks)
    game = BattleGame(Dice(seed), model.scenario or "position", opts.flat(), rules, field, tanks,
                      title=model.title or model.name, start=False)
    game.table_source = copy.deepcopy(model.table)
    game.rule_settings = dict(opts.settings)
    game.decisions_before = model.decisions
    game.round = model.round
    game.first_drawer = model.first_drawer
    game.bag = ChitBag(list(model.bag), list(model.drawn))
    game.spotted = set(model.spotted)
    game.destroyed_tiers = {"a": model.destroyed_tiers.get("a", 0), "b": model.destroyed_tiers.get("b", 0)}
    act = model.activation
    if act is not None:
        game.active = act.tank
        game.steps = [_step_tuple(s) for s in act.pending]
        game.route = [(float(x), float(y)) for x, y in act.route]
        game.route_heading = act.route_heading
        game.window = act.window
        game.window_quiet = act.window_quiet
    if model.decision == "over":
        game.phase = "over"
        assert model.result is not None
        game.result = Outcome(tuple(SIDES.index(w) for w in model.result.winners), model.result.reason, game._score())
    else:
        game.phase = model.decision
        if model.decision == "order":
            game.chit_side = model.to_move
    for message in game.chit_problems():
        refuse(("bag",), f"chits: {message} (BT-1.3, BT-4.3)")
    return (None if problems else game), problems


def cat_key(label: str) -> bool:
    """A label that reads as a tank key (``a1``) would shadow that tank in notation."""
    return len(label) > 1 and label[0] in "ab" and label[1:].isdigit()


def _decision_problems(model: Position, doc: Document, by_key: Mapping[str, Tank]) -> list[Problem]:
    out: list[Problem] = []

    def refuse(loc: tuple[Any, ...], message: str) -> None:
        out.append(doc.problem(loc, message))

    kind = model.decision
    if kind == "over":
        if model.result is None:
            refuse(("decision",), "decision over needs a result (winners and reason)")
        if model.to_move is not None:
            refuse(("to_move",), "nobody is to move in a finished game: to_move: null")
        return out
    if model.result is not None:
        refuse(("result",), f"a game with a result is over: decision over, not {kind}")
    if model.to_move is None:
        refuse(("to_move",), f"a {kind} decision belongs to a side: to_move a or b")
        return out
    if kind == "order":
        if model.activation is not None:
            refuse(("activation",), "an order decision has no activation under way (BT-4.2)")
        if not model.drawn or model.drawn[-1] not in by_key:
            refuse(("drawn",), "an order decision needs the chit just drawn, last in 'drawn' (BT-4.2)")
        elif by_key[model.drawn[-1]].side != model.to_move:
            refuse(("to_move",), f"the chit drawn last ({model.drawn[-1]}) is {by_key[model.drawn[-1]].side}'s, "
                                 f"so {by_key[model.drawn[-1]].side} gives the order (BT-4.2)")
        elif not any(t.side == model.to_move and t.alive and t.order is None and not t.ambush for t in by_key.values()):
            refuse(("to_move",), f"{model.to_move} has no tank without an order to give it to (BT-4.2)")
        return out
    act = model.activation
    if act is None:
        refuse(("decision",), f"a {kind} decision needs the activation under way ('activation:')")
        return out
    t = by_key.get(act.tank)
    if t is None:
        refuse(("activation", "tank"), f"no tank {act.tank!r}")
        return out
    if not t.alive or t.order is None:
        refuse(("activation", "tank"), f"{t.label} cannot be active: it is destroyed or has no order")
        return out
    side = OTHER[t.side] if kind == "window" else t.side
    if model.to_move != side:
        refuse(("to_move",), f"the {kind} decision of {t.label}'s activation is {side}'s")
    if kind == "path" and t.order not in ("MOVE", "ATTACK", "RETREAT"):
        refuse(("decision",), f"{t.label} has order {t.order}: it has no path to give (BT-5)")
    if kind == "fire" and t.order not in ("FIRE", "ATTACK"):
        refuse(("decision",), f"{t.label} has order {t.order}: it has no fire part (BT-5)")
    if kind == "window":
        if act.window is None:
            refuse(("activation", "window"), "an ambush decision names its window: declared, segment or before_fire (BT-7.2)")
        if not any(o.side == side and o.alive and o.ambush for o in by_key.values()):
            refuse(("decision",), f"no tank of {side} waits in AMBUSH to react (BT-7.1)")
    return out
