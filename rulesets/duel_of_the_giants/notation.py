"""Notation: every action as a short line a player can type, both ways.

Hexes are ``e7`` (column letter from the west edge, row from the north);
directions ``NE E SE SW W NW``. Tiger programs follow DG-11.4, e.g.
``tiger1 F F R T2 S``, laid card by card as ``tiger1 +F`` ... ``tiger1 done``.
See ``NOTATION_HELP`` for the whole list.
"""

from __future__ import annotations

from core.errors import NotationError, did_you_mean
from core.game import Action
from rulesets.duel_of_the_giants.actions import (
    Activate,
    CloseProgram,
    EndStep,
    Execute,
    Face,
    Fire,
    Haul,
    Hold,
    LayCard,
    MoveMarker,
    Orient,
    PlaceAirfield,
    PlaceAtg,
    PlaceFront,
    PlaceMarker,
    PlaceMine,
    PlaceTiger,
    PlaceTile,
    Program,
    Recon,
    StukaAction,
    T34Dash,
    T34Goto,
    T34Reveal,
    T34Step,
    T34Turret,
    Tire,
)
from rulesets.duel_of_the_giants.board import FACINGS, Pos, facing_index, label, parse_hex
from rulesets.duel_of_the_giants.tigers import CARDS

NOTATION_HELP = """\
Duel of the Giants notation (hexes like e7: column letter from the west, row from the north;
directions NE E SE SW W NW):
  end                         finish the current step / pass
  tiger1 +F | tiger1 done     program a Tiger card by card: lay a card, end the stack
  tiger1 F F R T2 S           ... or type it whole (F B L R moves, T12..T10 turret, S stop + filler)
  execute tiger1              phase C: which Tiger executes first
  recon g4                    reveal a tank marker (Tigers, ATGs, Stuka)
  marker g3-g4-f4             move a tank marker hex by hex (up to 2 hexes)
  activate g3 W NW            turn a wheel marker into a T-34 (hull, turret)
  orient g3 W NW              set a revealed T-34's hull and turret
  g4 F | g4 B | g4 L | g4 R   T-34 forward/backward/turn left/turn right
  g4 T NW                     set the T-34's turret   g4 dash 3   straight steppe dash
  g4 to d4                    drive the cheapest way to a hex   g4 reveal d4   T-34 recon
  haul d4 c4 NE | tire d4 | face d4 NE | activate d4   ATG transport, tire, turn, activate
  fire c4 g4 | hold c4        phase D combat
  stuka launch | stuka F | stuka L | stuka R | stuka attack g4 | stuka land
  place tile forest e7 | place front e5 | place marker e7 wheel | place tiger c4 E
  place airfield a6 E | place atg pak88 d4 E | place mine d5 real   (manual set-up)"""


def format_action(a: Action) -> str:
    if isinstance(a, EndStep):
        return "end"
    if isinstance(a, Program):
        return " ".join([f"tiger{a.tiger}", *a.cards]) if a.cards else f"tiger{a.tiger}"
    if isinstance(a, LayCard):
        return f"tiger{a.tiger} +{a.card}"
    if isinstance(a, CloseProgram):
        return f"tiger{a.tiger} done"
    if isinstance(a, Execute):
        return f"execute tiger{a.tiger}"
    if isinstance(a, Recon):
        return f"recon {label(a.target)}"
    if isinstance(a, MoveMarker):
        return "marker " + "-".join(label(p) for p in a.path)
    if isinstance(a, Activate):
        if a.hull is None or a.turret is None:
            return f"activate {label(a.at)}"
        return f"activate {label(a.at)} {FACINGS[a.hull]} {FACINGS[a.turret]}"
    if isinstance(a, Orient):
        return f"orient {label(a.at)} {FACINGS[a.hull]} {FACINGS[a.turret]}"
    if isinstance(a, T34Step):
        return f"{label(a.at)} {a.op}"
    if isinstance(a, T34Turret):
        return f"{label(a.at)} T {FACINGS[a.facing]}"
    if isinstance(a, T34Dash):
        return f"{label(a.at)} dash {a.length}"
    if isinstance(a, T34Goto):
        return f"{label(a.at)} to {label(a.target)}"
    if isinstance(a, T34Reveal):
        return f"{label(a.at)} reveal {label(a.target)}"
    if isinstance(a, Haul):
        return f"haul {label(a.at)} {label(a.to)} {FACINGS[a.facing]}"
    if isinstance(a, Tire):
        return f"tire {label(a.at)}"
    if isinstance(a, Face):
        return f"face {label(a.at)} {FACINGS[a.facing]}"
    if isinstance(a, Fire):
        return f"fire {label(a.shooter)} {label(a.target)}"
    if isinstance(a, Hold):
        return f"hold {label(a.shooter)}"
    if isinstance(a, StukaAction):
        if a.op == "attack" and a.target is not None:
            return f"stuka attack {label(a.target)}"
        return f"stuka {a.op}"
    if isinstance(a, PlaceTile):
        return f"place tile {a.kind.replace('_', ' ')} {label(a.at)}"  # in words (issue 59); parsed back
    if isinstance(a, PlaceFront):
        return f"place front {label(a.at)}"
    if isinstance(a, PlaceMarker):
        return f"place marker {label(a.at)} {'wheel' if a.wheel else 'bluff'}"
    if isinstance(a, PlaceTiger):
        return f"place tiger {label(a.at)} {FACINGS[a.hull]}"
    if isinstance(a, PlaceAirfield):
        return f"place airfield {label(a.at)} {FACINGS[a.facing]}"
    if isinstance(a, PlaceAtg):
        return f"place atg {a.kind} {label(a.at)} {FACINGS[a.facing]}"
    if isinstance(a, PlaceMine):
        return f"place mine {label(a.at)} {'real' if a.real else 'bluff'}"
    raise NotationError(f"cannot write {a!r}")


def _need(words: list[str], n: int, usage: str) -> None:
    if len(words) != n:
        raise NotationError(f"usage: {usage}")


def parse_action(text: str) -> Action:
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError("empty move; type 'help' for the notation")
    head = words[0].lower()
    if head in ("end", "pass", "done"):
        _need(words, 1, "end")
        return EndStep()
    if head.startswith("tiger") and head[5:].isdigit():
        return _parse_tiger(int(head[5:]), words[1:])
    if head == "execute":
        _need(words, 2, "execute tiger1")
        w = words[1].lower()
        if not (w.startswith("tiger") and w[5:].isdigit()):
            raise NotationError("usage: execute tiger1")
        return Execute(int(w[5:]))
    if head == "recon":
        _need(words, 2, "recon g4")
        return Recon(parse_hex(words[1]))
    if head == "marker":
        _need(words, 2, "marker g3-g4-f4")
        path = tuple(parse_hex(w) for w in words[1].split("-"))
        if len(path) < 2:
            raise NotationError("usage: marker g3-g4 (start hex, then each hex entered)")
        return MoveMarker(path)
    if head == "activate":
        if len(words) == 2:
            return Activate(parse_hex(words[1]))
        _need(words, 4, "activate g3 W NW (T-34 hull and turret) or activate d4 (ATG)")
        return Activate(parse_hex(words[1]), facing_index(words[2]), facing_index(words[3]))
    if head == "orient":
        _need(words, 4, "orient g3 W NW")
        return Orient(parse_hex(words[1]), facing_index(words[2]), facing_index(words[3]))
    if head == "haul":
        _need(words, 4, "haul d4 c4 NE")
        return Haul(parse_hex(words[1]), parse_hex(words[2]), facing_index(words[3]))
    if head == "tire":
        _need(words, 2, "tire d4")
        return Tire(parse_hex(words[1]))
    if head == "face":
        _need(words, 3, "face d4 NE")
        return Face(parse_hex(words[1]), facing_index(words[2]))
    if head == "fire":
        _need(words, 3, "fire c4 g4 (shooter hex, target hex)")
        return Fire(parse_hex(words[1]), parse_hex(words[2]))
    if head == "hold":
        _need(words, 2, "hold c4")
        return Hold(parse_hex(words[1]))
    if head == "stuka":
        if len(words) == 3 and words[1].lower() == "attack":
            return StukaAction("attack", parse_hex(words[2]))
        _need(words, 2, "stuka launch|F|L|R|land  or  stuka attack g4")
        op = words[1].lower()
        ops = {"launch": "launch", "f": "F", "l": "L", "r": "R", "land": "land"}
        if op not in ops:
            raise NotationError("usage: stuka launch|F|L|R|land  or  stuka attack g4")
        return StukaAction(ops[op])
    if head == "place":
        return _parse_place(words)
    # T-34 actions start with the tank's hex
    at = _hex_or_verb(words[0])
    if len(words) < 2:
        raise NotationError("usage: g4 F|B|L|R, g4 T NW, g4 dash 3, g4 to d4, g4 reveal d4")
    op = words[1].lower()
    if op in ("f", "b", "l", "r") and len(words) == 2:
        return T34Step(at, op.upper())
    if op == "t":
        _need(words, 3, "g4 T NW")
        return T34Turret(at, facing_index(words[2]))
    if op == "dash":
        _need(words, 3, "g4 dash 3")
        if not words[2].isdigit():
            raise NotationError("usage: g4 dash 3 (number of hexes)")
        return T34Dash(at, int(words[2]))
    if op == "to":
        _need(words, 3, "g4 to d4")
        return T34Goto(at, parse_hex(words[2]))
    if op == "reveal":
        _need(words, 3, "g4 reveal d4")
        return T34Reveal(at, parse_hex(words[2]))
    raise NotationError("usage: g4 F|B|L|R, g4 T NW, g4 dash 3, g4 to d4, g4 reveal d4")


VERBS = ("end", "pass", "done", "execute", "recon", "marker", "activate", "orient", "haul", "tire", "face",
         "fire", "hold", "stuka", "place", "tiger1", "tiger2")
"""The words a line may start with besides a T-34's hex (the "did you mean" of a typo)."""


def _hex_or_verb(word: str) -> Pos:
    """The hex a T-34's line starts with; a word that is no hex is read as a misspelt verb."""
    try:
        return parse_hex(word)
    except NotationError:
        if word[:1].isalpha() and not word[1:].isdigit():
            hint = did_you_mean(word.lower(), VERBS, otherwise="; a move starts with a verb (fire, recon, "
                                "activate, ...) or a T-34's hex; type 'help' for the notation")
            raise NotationError(f"{word!r} is neither a move nor a hex{hint}") from None
        raise


def _card(word: str) -> str:
    card = word.upper()
    if card not in CARDS:
        raise NotationError(f"{word!r} is not a Tiger card; cards are F B L R S and T12 T2 T4 T6 T8 T10 (DG-11.2)")
    return card


def _parse_tiger(tiger: int, words: list[str]) -> Action:
    """``tiger1 +F`` (lay a card), ``tiger1 done`` (end the stack), ``tiger1 F F R T2`` (a whole program)."""
    if len(words) == 1 and words[0].lower() == "done":
        return CloseProgram(tiger)
    if words and words[0].startswith("+"):
        rest = [words[0][1:], *words[1:]] if words[0] != "+" else words[1:]
        if len(rest) != 1:
            raise NotationError(f"usage: tiger{tiger} +F (one card at a time) or tiger{tiger} F F R T2 (a whole program)")
        return LayCard(tiger, _card(rest[0]))
    return Program(tiger, tuple(_card(w) for w in words))


TILE_WORDS = {"high": "high_ground", "hill": "high_ground", "snow_high": "snow_high_ground",
              "drift": "snowdrift", "snow_drift": "snowdrift", "wood": "forest", "woods": "forest"}
"""What a player may call a landscape tile (``place tile high d3``, ``place tile high ground d3``),
besides its name in the terrain data (``high_ground``, DG-7.1)."""


def _parse_place(words: list[str]) -> Action:
    usage = ("place tile forest e7 | place front e5 | place marker e7 wheel|bluff | "
             "place tiger c4 E | place airfield a6 E | place atg pak88 d4 E | place mine d5 real|bluff")
    if len(words) < 3:
        raise NotationError(f"usage: {usage}")
    what = words[1].lower()
    if what == "tile" and len(words) >= 4:
        kind = "_".join(words[2:-1]).lower().replace("-", "_")
        return PlaceTile(TILE_WORDS.get(kind, kind), parse_hex(words[-1]))
    if what == "front" and len(words) == 3:
        return PlaceFront(parse_hex(words[2]))
    if what == "marker" and len(words) == 4 and words[3].lower() in ("wheel", "bluff"):
        return PlaceMarker(parse_hex(words[2]), words[3].lower() == "wheel")
    if what == "tiger" and len(words) == 4:
        return PlaceTiger(parse_hex(words[2]), facing_index(words[3]))
    if what == "airfield" and len(words) == 4:
        return PlaceAirfield(parse_hex(words[2]), facing_index(words[3]))
    if what == "atg" and len(words) == 5 and words[2].lower() in ("pak88", "pak36", "bluff"):
        return PlaceAtg(words[2].lower(), parse_hex(words[3]), facing_index(words[4]))
    if what == "mine" and len(words) == 4 and words[3].lower() in ("real", "bluff"):
        return PlaceMine(parse_hex(words[2]), words[3].lower() == "real")
    raise NotationError(f"usage: {usage}")
