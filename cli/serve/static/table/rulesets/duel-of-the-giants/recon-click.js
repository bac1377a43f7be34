// T-34 recon of ATG markers (DG-10.7, phase B1) from the marker: a click on an ATG marker
// a T-34 sees turns it up with that T-34 (hidden playtest of issues 58/59, point 4: the
// instruction said "click an ATG marker", and the click did nothing until the ringed T-34
// had been clicked first). Seen by one T-34: played at once; by several: which, beside
// the board. With a T-34 picked first the board's own two clicks work as before.
import {table, play} from "../../connection.js";
import {boardSvg, choose} from "../../board.js";

const REVEAL = /^[a-i]\d+ reveal ([a-i]\d+)$/;

/** The reveal moves whose marker is under the click, or [] (exported for its test). */
export function revealsAt(event, state = table.state) {
  const svg = boardSvg();
  const ctm = svg && svg.getScreenCTM();
  if (!ctm || !state || !state.your_turn || !state.targets || table.selected !== null) return [];
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
  const places = state.targets.places || {};
  const radius = state.targets.radius || 24;  // a clickable spot's own size (table_aids.RADIUS)
  return state.actions.filter(a => {
    const m = REVEAL.exec(a.text);
    const at = m && places[m[1]];
    return at && Math.hypot(at[0] - p.x, at[1] - p.y) < radius;
  });
}

function clicked(event) {
  const ways = revealsAt(event);
  if (!ways.length) return;
  event.stopPropagation();
  event.preventDefault();
  if (ways.length === 1) play(ways[0].text); else choose(ways);
}

export function setup(board) {
  board.addEventListener("click", clicked, true);
}
