// Danger before you commit (issue 59.1), Battle of Tanks: while a tank's drive is
// being chosen, each suggested drive's end is tinted by what the enemy could do to
// the tank there on its next FIRE -- red where some enemy destroys it at least half
// the time, amber where some enemy could harm it, a pale dashed ring where enemies
// see it in cover and may fire only once it is spotted (BT-5.5) -- and the shooters
// are named on hover (the spot's title; the drawing's label and the note under the
// board). The figures are the server's (rulesets/battle_of_tanks/threats.py, exact
// odds), sent as a `danger-*` mark in each drive's aid; the table is open to both
// seats, so nothing here is more than the seat may see. A path of one's own is
// judged by the server's `preview` and tinted by drive.js (dangerClass below).
import {boardSvg, choicesAt, onOverlay} from "../../board.js";
import {dangerStyles} from "../../aids.js";
import {onState, table} from "../../connection.js";

const ORDER = ["danger-dead", "danger-fire", "danger-spot"];
const CLASSES = ORDER.map(kind => "bt-" + kind);

/** The worst danger among these actions' drawings: {kind, text}, or null for none. */
export function dangerOf(actions) {
  let best = null;
  for (const a of actions) {
    for (const mark of (a && a.aid && a.aid.marks) || []) {
      const rank = ORDER.indexOf(mark.kind);
      if (rank >= 0 && (!best || rank < best.rank)) best = {rank, kind: mark.kind, text: mark.label};
    }
  }
  return best;
}

/** The class a danger level of the server's preview (`dead`, `fire`, `spot`) tints with. */
export function dangerClass(level) {
  return level ? "bt-danger-" + level : "";
}

function tint() {
  const state = table.state;
  const overlay = boardSvg()?.querySelector("#tt-overlay");
  if (!overlay || !state || !state.your_turn) return;
  for (const spot of overlay.querySelectorAll("circle.tt-to")) {
    const key = spot.getAttribute("data-place");
    const danger = dangerOf(choicesAt(key));
    spot.classList.remove(...CLASSES);
    const title = spot.querySelector("title");
    if (!danger) { if (title) title.textContent = `${key}: no enemy has it in sight and range there`; continue; }
    spot.classList.add("bt-" + danger.kind);
    if (title) title.textContent = `${key}: ${danger.text}`;
  }
}

export function setup() {
  dangerStyles();
  onOverlay(tint);
  onState(() => queueMicrotask(tint));  // notes and drawings merged in after the board: tint again
}
