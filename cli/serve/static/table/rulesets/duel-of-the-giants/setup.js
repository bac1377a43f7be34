// A set-up by hand (DG-7) made readable (playtest of issue 58/59: the green "you may
// place here" spots covered the whole German half, and a newcomer did not see what to
// put where). While a step places pieces:
// * the spots are faint rings that light up under the pointer, so the map, its hex
//   names and its terrain stay readable;
// * a row of buttons beside the board names what may be placed now, in words
//   ("forest", "Tiger", "PAK 8.8", "bluff mine"); choosing one leaves only the hexes
//   where that piece may go, and a click there places it (its facing, if it has one,
//   from the arrows round the hex). With nothing chosen a click on a hex asks which
//   piece, as before, so every legal placement stays a click away either way.
// Only moves of the legal list are offered; the server judges every one.
import {el} from "../../../dom.js";
import {table, play} from "../../connection.js";
import {onOverlay, onDestination, boardSvg} from "../../board.js";

// A placement's piece in words, from its notation (the order is the buttons' order).
const KINDS = [
  [/^place tile (.+) \S+$/, m => m[1].replace(/_/g, " ")],
  [/^place front /, () => "front element"],
  [/^place marker \S+ wheel$/, () => "wheel marker (a T-34)"],
  [/^place marker \S+ bluff$/, () => "bluff marker"],
  [/^place tiger /, () => "Tiger"],
  [/^place airfield /, () => "airfield"],
  [/^place atg pak88 /, () => "PAK 8.8"],
  [/^place atg pak36 /, () => "PAK 36"],
  [/^place atg bluff /, () => "bluff ATG marker"],
  [/^place mine \S+ real$/, () => "mine"],
  [/^place mine \S+ bluff$/, () => "bluff mine"],
];

/** The piece a placement puts down, in words; null for any other move. */
export function kindOf(text) {
  for (const [re, word] of KINDS) {
    const m = re.exec(text);
    if (m) return word(m);
  }
  return null;
}

let chosen = null;  // the kind of piece the player chose to place, or null: any

/** Whether the seat is placing pieces now: every legal move but the end is a placement. */
function placing(state) {
  return Boolean(state && state.your_turn && state.actions.length &&
                 state.actions.every(a => a.text === state.end || kindOf(a.text)));
}

/** hex -> the kinds that may be placed there, from the server's targets. */
function kindsByHex(state) {
  const out = new Map();
  if (!state.targets) return out;
  state.targets.moves.forEach((m, i) => {
    const kind = m.to ? kindOf(state.actions[i].text) : null;
    if (kind) out.set(m.to, new Set([...(out.get(m.to) || []), kind]));
  });
  return out;
}

/** The board's spots as the choice stands: faint rings, the other kinds' hexes hidden. */
function markSpots(overlay) {
  const state = table.state;
  const on = placing(state);
  const byHex = on ? kindsByHex(state) : new Map();
  for (const c of overlay.querySelectorAll("circle.tt-to")) {
    c.classList.toggle("dg-setup-spot", on);
    const kinds = byHex.get(c.dataset.place);
    c.classList.toggle("dg-setup-off", Boolean(on && chosen && !(kinds && kinds.has(chosen))));
  }
}

function choose(kind) {
  chosen = chosen === kind ? null : kind;
  for (const b of document.querySelectorAll("#dg-setup button")) {
    b.setAttribute("aria-pressed", String(b.dataset.kind === chosen));
  }
  const overlay = boardSvg()?.querySelector("#tt-overlay");
  if (overlay) markSpots(overlay);
  const help = document.getElementById("dg-setup-help");
  if (help) help.textContent = helpText();
}

function helpText() {
  return chosen ? `then click a lit hex to place the ${chosen}; click it again for any piece`
    : "choose a piece, then a hex; or click a hex and choose there";
}

/** `offer(choices, key)` opens the facing arrows for a placement with a facing (board-play.js). */
export function setup(offer) {
  onOverlay(overlay => markSpots(overlay));
  // a click on a hex with a piece chosen places that piece: no question which
  onDestination((key, choices) => {
    if (!chosen || !placing(table.state)) return false;
    const mine = choices.filter(a => kindOf(a.text) === chosen);
    if (!mine.length) return false;
    if (mine.length === 1) { play(mine[0].text); return true; }
    return offer(mine, key);
  });
}

/** The pass screen of a hot seat: the last player's choice goes. */
export function forget() { chosen = null; }

export function draw(state) {
  if (state && !state.your_turn) return;  // the other side places: the choice waits for the turn back
  const kinds = placing(state) ? [...new Set(state.actions.map(a => kindOf(a.text)).filter(Boolean))] : [];
  if (!kinds.includes(chosen)) {  // all of it placed, or set-up over: the spots as drawn for any
    chosen = null;
    const overlay = boardSvg()?.querySelector("#tt-overlay");
    if (overlay) markSpots(overlay);
  }
  if (kinds.length < 2) return;  // one kind of piece (the front): its hexes say it all
  const row = el("p", {class: "dg-setup-kinds"});
  for (const kind of kinds) {
    const button = el("button", {type: "button", class: "dg-place-kind", "data-kind": kind,
                                 "aria-pressed": String(kind === chosen), text: kind});
    button.addEventListener("click", () => choose(kind));
    row.append(button);
  }
  document.getElementById("aids").append(
    el("div", {id: "dg-setup", class: "dg-panel"}, el("p", {}, el("b", {text: "Place: "}),
       el("span", {id: "dg-setup-help", class: "note", text: helpText()})), row));
}
