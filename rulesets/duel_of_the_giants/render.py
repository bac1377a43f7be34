"""The text board, drawn only from a player's view (so it cannot leak secrets).

Each hex is seven characters: its column letter, its terrain letter, ``#``
for a front element, then the top piece (``T1`` Tiger 1, ``R3`` T-34 #3,
``A8``/``A3``/``Ab``/``A?`` ATG, ``M?``/``Mw``/``Mb`` tank marker,
``m?``/``m*``/``mb`` mine, ``AF`` airfield) with hull and turret arrows.
Even rows are shifted half a hex east, as on the board; with the column
written in every hex, a hex of a shifted row is not read as its neighbour's
column (issue 27.19): ``e.`` on row 4 is e4. Everything in a hex is listed
below the map.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rulesets.duel_of_the_giants.board import ARROWS, FACINGS, LETTERS, parse_hex

ATG_CODE = {"pak88": "8", "pak36": "3", "bluff": "b", None: "?"}


def _arrow(d: str) -> str:
    return ARROWS[FACINGS.index(d)]


def cell_contents(v: dict[str, Any]) -> dict[str, list[tuple[int, str, str]]]:
    """hex label -> [(priority, 4-char code, description)]."""
    out: dict[str, list[tuple[int, str, str]]] = {}

    def put(at: str, prio: int, code: str, text: str) -> None:
        out.setdefault(at, []).append((prio, code, text))

    for t in v["tanks"]:
        n = t["number"]
        if t["kind"] == "tiger":
            code = f"T{n}{_arrow(t['hull'])}{_arrow(t['turret'])}"
            text = (f"Tiger {n}: hull {t['hull']}, turret {t['clock']} o'clock ({t['turret']}), "
                    f"track {t['track']}")
        else:
            code = f"x{n % 10} " if t["destroyed"] else f"R{n % 10}{_arrow(t['hull'])}{_arrow(t['turret'])}"
            state = "wreck" if t["destroyed"] else ("" if t["may_move"] else "activated, moves next phase B")
            text = f"T-34 #{n}: hull {t['hull']}, turret {t['turret']}" + (f" ({state})" if state else "")
        put(t["at"], 0, code, text)
    for a in v["atgs"]:
        kind = a["kind"]
        up = "face up" if a["face_up"] else "face down"
        what = {"pak88": "PAK 8.8", "pak36": "PAK 36", "bluff": "bluff", None: "unknown"}[kind]
        tire = f", {a['tire']} tire" if a["tire"] else ""
        code = f"A{ATG_CODE[kind]}{_arrow(a['facing'])}{'t' if a['tire'] else ' '}"
        if a["destroyed"]:  # until combat ends its wreck stays (DG-17.11): not to be read as a live gun
            code, up = f"xA{ATG_CODE[kind]} ", "destroyed"
        put(a["at"], 1, code, f"ATG marker ({what}, {up}) facing {a['facing']}{tire}")
    for m in v["markers"]:
        w = m.get("wheel")
        code = "M?  " if w is None else ("Mw  " if w else "Mb  ")
        what = "unknown" if w is None else ("wheel" if w else "bluff")
        put(m["at"], 2, code, f"tank marker face down ({what}, {m['owner']})")
    for mi in v["mines"]:
        r = mi["real"]
        code = "m?  " if r is None else ("m*  " if r else "mb  ")
        what = "unknown" if r is None else ("mine" if r else "bluff")
        put(mi["at"], 3, code, f"mine marker {'face up' if mi['face_up'] else 'face down'} ({what})")
    s = v["stuka"]
    if s is not None:
        ground = s["state"] in ("ground", "landed")
        put(s["airfield"], 4, "AF" + (_arrow(s["facing"]) if ground else " ") + " ",
            "airfield" + (f", Stuka on the ground facing {s['facing']}" if ground else ""))
        if s["state"] == "flying":
            put(s["at"], 5, "St" + _arrow(s["facing"]) + " ",
                f"Stuka flying, facing {s['facing']}, flight phase {s['flight_phase']}, "
                f"{s['actions_left']} action(s) left")
    return out


END_HINT = "('end' finishes this phase, 'moves' lists what you may do, 'board' every piece)"
"""The compact board's last line when its viewer is to move and may end the phase."""


def render_text(v: dict[str, Any], compact: bool = False) -> str:
    cols, rows = v["columns"], v["rows"]
    contents = cell_contents(v)
    front = set(v["front"])
    lines = [f"Duel of the Giants -- {v['title'] or v['scenario']} ({v['season']}), round {v['round']}"
             + (f", seen by {v['viewer']}" if v["viewer"] else ", full view")]
    lines.append("German edge (west) left, Soviet edge (east) right; a hex starts with its column")
    lines.append("    " + "".join(f"{LETTERS[c]:<8}" for c in range(cols)).rstrip())
    for r in range(1, rows + 1):
        terrain_row = v["terrain"][r - 1]
        cells = []
        for c in range(1, cols + 1):
            at = f"{LETTERS[c - 1]}{r}"
            letter = terrain_row[c - 1]
            mark = "#" if at in front else " "
            items = sorted(contents.get(at, []))
            code = items[0][1] if items else "    "
            if items and len(items) > 1 and code.endswith("  "):
                code = code[:2] + "+ "
            cells.append(f"{LETTERS[c - 1]}{letter}{mark}{code}")
        pad = "    " if r % 2 == 0 else ""
        lines.append((f"{r:>3} {pad}" + " ".join(cells)).rstrip())
    lines += textwrap.wrap("terrain: " + ", ".join(f"{t['letter']} {k.replace('_', ' ')}"
                                                   for k, t in v["terrain_types"].items()
                                                   if t["season"] == v["season"]) + "; # front element",
                           80, subsequent_indent="    ", break_on_hyphens=False)
    score = (f"this round: German {v['vp']['round']['german']}, Soviet {v['vp']['round']['soviet']}; "
             f"totals {v['vp']['totals']['german']}:{v['vp']['totals']['soviet']}")
    lines.append(v["vp"]["bar"] + "\n" + score)  # under the bar: beside it the line ran past 80 columns
    if v["medals"]:
        lines.append("medals: " + ", ".join(f"{k} {n}" for k, n in v["medals"].items()))
    if compact and v.get("may_end") and v["to_move"] == v["viewer"] and not v["finished"]:
        lines.append(END_HINT)  # above your prompt: how to pass a phase is never a guess (issue 59.3)
    elif compact:
        lines.append("(the hex-by-hex list of pieces: 'board')")
    else:
        for at in sorted(contents, key=lambda s: (parse_hex(s)[1], parse_hex(s)[0])):
            for _, _, text in sorted(contents[at]):
                lines.append(f"  {at:>4}: {text}")
    if v["drifts"]:
        lines.append("drop markers: " + ", ".join(f"{k} {n}" for k, n in v["drifts"].items()))
    for n, cards in v["programs"].items():
        lines.append(f"program of Tiger {n}: {' '.join(cards) or '(empty)'}")
    if v.get("draft"):
        d = v["draft"]
        lines.append(f"stack of Tiger {d['tiger']} so far: {' '.join(d['cards']) or '(no card yet)'}")
    if v.get("to_place"):  # a manual set-up: what is left in your box (DG-7)
        line = "still to place:"
        for what, n in v["to_place"].items():  # wrapped between pieces, never inside "4 mines"
            item = f" {what}" if n == 1 else f" {n} {what}"
            if len(line) + len(item) + 1 > 80:
                lines.append(line + ",")
                line = "   "
            line += ("," if not line.endswith((":", "   ")) else "") + item
        lines.append(line)
    for at, tgt in v["declarations"].items():
        lines.append(f"declared: {at} -> {tgt}")
    if v["finished"]:
        lines.append(f"game over: {v['finished']}")
    elif v["to_move"] and not compact:  # the compact board stands above the prompt, which says it (issue 59.8)
        lines += textwrap.wrap(f"to move: {v['to_move']} -- {v['decision']}", 80, subsequent_indent="    ",
                               break_on_hyphens=False)
    return "\n".join(lines)
