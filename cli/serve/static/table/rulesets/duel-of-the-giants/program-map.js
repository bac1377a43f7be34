// Duel of the Giants, phase A4 (issue 29.6): while a Tiger's stack is composed,
// the course it would drive were it ended now -- the hexes passed, the end hex,
// the hull and the turret there -- stays drawn on the map (the server's `aid` of
// `tigerN done`, made by the ruleset's own execution of the cards). Hovering a
// card or a move of the list draws that choice's course over it (aids.js).
import {svgNode} from "../../../dom.js";
import {table} from "../../connection.js";
import {boardSvg} from "../../board.js";
import {drawAid} from "../../aids.js";

const DONE = /^tiger\d+ done$/;

/** The course of the stack so far, drawn under the board's clickable places. */
export function drawProgram(state) {
  const svg = boardSvg();
  svg?.querySelector("#dg-program")?.remove();
  if (!svg || !state.your_turn) return;
  const done = state.actions.find(a => DONE.test(a.text));
  if (!done || !done.aid) return;
  const group = svgNode("g", {id: "dg-program", class: "dg-program"});
  drawAid(group, done.aid);
  const end = done.aid.path ? done.aid.path[done.aid.path.length - 1] : null;
  if (end) group.prepend(svgNode("circle", {cx: end[0], cy: end[1], r: 22, class: "dg-program-end"}));
  const overlay = svg.querySelector("#tt-overlay");
  if (overlay) overlay.before(group); else svg.append(group);
}

export function onSelected() { if (table.state) drawProgram(table.state); }
