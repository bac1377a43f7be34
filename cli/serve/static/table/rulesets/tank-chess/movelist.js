// The move list of Tank Chess (issue 59.6): by tank, then by destination, with
// the facings and shots of a destination on one line and the notes beside the
// moves they belong to. It opens short: a line per tank, folded, unless a tank
// is picked on the board or a filter is typed. Each move is still a button
// whose text is the move itself (so it can be read, copied and typed back);
// the part shared by the whole line is kept out of sight.
import {el} from "../../../dom.js";
import {table, play} from "../../connection.js";
import {hoverShows} from "../../aids.js";
import {readMove} from "./moves.js";
import {fireOf, shortOf} from "./danger.js";

function moveButton(a) {
  const short = shortOf(a);
  const cut = a.text.length - short.length;
  const button = el("button", {class: "action tc-move", title: a.text, "aria-label": a.text},
                    el("span", {class: "tc-shared", text: a.text.slice(0, cut)}), a.text.slice(cut));
  button.addEventListener("click", () => play(a.text));
  hoverShows(button, [a]);
  return button;
}

/** One destination's line: its square, then its moves, those with the same note together. */
function destinationLine(to, actions) {
  const li = el("li", {class: "tc-destination"}, el("b", {class: "tc-to", text: to === "off" ? "off the board" : to}));
  let run = [], note = null;
  const flush = () => {
    if (!run.length) return;
    const span = el("span", {class: "tc-run"}, ...run.map(moveButton));
    if (note) span.append(el("span", {class: "note" + (fireOf({note}) ? " tc-fire" : ""), text: " " + note}));
    li.append(span);
    run = [];
  };
  for (const a of actions) {
    if ((a.note || "") !== note) { flush(); note = a.note || ""; }
    run.push(a);
  }
  flush();
  return li;
}

/** Lay `shown` out in `list` by tank and destination; false when they are not Tank Chess moves. */
export function drawList(list, shown) {
  const tanks = new Map();
  for (const a of shown) {
    const m = readMove(a.text);
    if (!m) return false;
    const head = `${m.piece} ${m.from}`;
    if (!tanks.has(head)) tanks.set(head, new Map());
    const dests = tanks.get(head);
    if (!dests.has(m.to)) dests.set(m.to, []);
    dests.get(m.to).push(a);
  }
  const open = tanks.size === 1 || !!table.selected || !!document.getElementById("filter").value;
  for (const [head, dests] of tanks) {
    const moves = [...dests.values()].reduce((n, acts) => n + acts.length, 0);
    const fired = [...dests.values()].filter(acts => acts.some(a => fireOf(a))).length;
    const details = el("details", {class: "tc-tank"});
    details.open = open;
    const summary = el("summary", {text: `${head}: ${moves} move${moves === 1 ? "" : "s"} to ` +
                                         `${dests.size} square${dests.size === 1 ? "" : "s"}`});
    if (fired) summary.append(el("span", {class: "tc-fire", text: ` (${fired} in fire)`}));
    const lines = el("ul", {class: "tc-destinations"});
    for (const [to, acts] of dests) lines.append(destinationLine(to, acts));
    details.append(summary, lines);
    list.append(el("li", {class: "tc-group"}, details));
  }
  return true;
}
