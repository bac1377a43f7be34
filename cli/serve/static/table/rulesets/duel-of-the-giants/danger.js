// Danger before you commit (issue 59.1), Duel of the Giants: in the Soviet's phase B
// every hex a T-34's step or dash would end on is tinted by what the Soviet knows could
// hit it there -- red where a Tiger or an ATG turned face up could shoot it in the next
// combat, amber where a mine marker lies on its way -- so the danger shows before any
// hover. Pointing at a destination writes beside it, in a few words and inside the
// board, what waits there: the shooters and what their shot would do, the mine marker,
// or that no German gun is in line from where they stand now -- never a promise: the
// Tigers drive their programs in phase C before combat, and the panel says so once
// (hidden playtest: a T-34 on an untinted hex was shot by a Tiger that drove up); one label at a time (playtest of issues
// 58/59: a label at every destination overlapped along a row and ran off both edges).
// The whole sentence is the hex's title and the note line under the board.
//
// The figures are the server's, sent as the mark of each step's drawing
// (rulesets/duel_of_the_giants/table_aids.py danger_drawing): kinds `threat`, `mine`,
// `safe`. They are read from the Soviet's own knowledge (Tigers, ATGs turned face up,
// mine markers as markers); face-down ATGs and what a face-down mine marker is are
// never used, so nothing here can tell the Soviet more than the table does.
import {$, svgNode} from "../../../dom.js";
import {table, onState, play} from "../../connection.js";
import {boardSvg, choose, onCancel, onDestination, onOverlay} from "../../board.js";
import {nameChoices} from "./board-play.js";
import {dangerStyles} from "../../aids.js";

const KINDS = ["threat", "mine", "safe"];        // worst first
const TINT = {threat: "dg-danger-hit", mine: "dg-danger-mine", safe: "dg-danger-safe"};
const SIZE = 30;                                  // a hex's corner radius in the drawing (svg.py)

const WORD = {threat: "in fire", mine: "mine?"};

/** What waits on a hex in a few words for the map: the shooters without their hexes
 * (`in fire: Tiger 1: destroys it`), the mine marker, or `no gun in line now`; the whole
 * sentence is the hex's title and the move's note in the list beside the board. */
function short(d) {
  if (d.kind === "safe") return "no gun in line now";
  const words = d.texts.map(t => t.replace(/ \([a-z]\d+\)/g, "").replace(/ \(DG-[\d.]+\)$/, "")).join("; ");
  return words.length > SHORT ? words.slice(0, SHORT - 1).trimEnd() + "…" : words;
}

const SHORT = 44;  // characters: a label about a third of the board wide at most
let hovered = null;  // [x, y] of the destination pointed at, or null

/** The destination hex under the pointer, found by where it points on the board's
 * picture (the tints let clicks through to the places above them). */
function hexAt(event) {
  const svg = boardSvg();
  const ctm = svg && svg.getScreenCTM();
  if (!ctm || !table.state) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
  const d = destinations(table.state).find(d => Math.hypot(d.at[0] - p.x, d.at[1] - p.y) < SIZE * 0.85);
  return d ? d.at : null;
}

function pointed(event) {
  const at = hexAt(event);
  const same = at && hovered && Math.hypot(at[0] - hovered[0], at[1] - hovered[1]) < 1;
  if (same || (!at && !hovered)) return;
  hovered = at;
  const d = at && destinations(table.state).find(d => d.at === at);
  if (d || $("aid-note").dataset.dgDanger) {  // the whole sentence in the note line, while pointed at
    $("aid-note").textContent = d ? d.texts.join("; ") || short(d) : "";
    $("aid-note").dataset.dgDanger = d ? "1" : "";
  }
  queueMicrotask(draw);
}

/** Slide a label sideways so it reads whole inside the board's picture. */
function keepInside(svg, text) {
  const box = svg.viewBox.baseVal;
  if (!box || !box.width) return;
  const b = text.getBBox();
  const shift = b.x < box.x + 2 ? box.x + 2 - b.x : b.x + b.width > box.x + box.width - 2
    ? box.x + box.width - 2 - (b.x + b.width) : 0;
  if (shift) text.setAttribute("x", String(Number(text.getAttribute("x")) + shift));
}

let considering = null;  // the hex of the T-34 whose moves are open, or null
let seen = null;         // the version drawn: a new position forgets the T-34 considered

function hexagon(x, y, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (60 * i - 30) * Math.PI / 180;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** Each destination hex of a T-34's step or dash with its worst danger:
 * [{at: [x, y], kind, texts: [...], from: Set of T-34 hexes}]. */
export function destinations(state) {
  const byAt = new Map();
  if (!state || !state.your_turn || !state.targets || !state.targets.moves) return [];
  state.actions.forEach((a, i) => {
    const own = state.targets.moves[i] && state.targets.moves[i].to;
    const here = own && state.targets.places[own];
    for (const mark of (a.aid && a.aid.marks) || []) {
      if (!KINDS.includes(mark.kind)) continue;
      if (here && Math.hypot(here[0] - mark.at[0], here[1] - mark.at[1]) < 1) continue;  // a turn in place
      const key = mark.at.join(",");
      const d = byAt.get(key) || {at: mark.at, kind: mark.kind, texts: [], from: new Set()};
      if (KINDS.indexOf(mark.kind) < KINDS.indexOf(d.kind)) d.kind = mark.kind;
      if (mark.label && !d.texts.includes(mark.label)) d.texts.push(mark.label);
      d.from.add(own);
      byAt.set(key, d);
    }
  });
  return [...byAt.values()];
}

function draw() {
  const svg = boardSvg();
  svg?.querySelector("#dg-danger")?.remove();
  svg?.querySelector("#dg-danger-words")?.remove();
  const state = table.state;
  if (!svg || !state || !state.your_turn) return;
  const found = destinations(state);
  if (!found.length) return;
  const group = svgNode("g", {id: "dg-danger", "data-considering": considering || ""});
  const labels = svgNode("g", {id: "dg-danger-words"});
  for (const d of found) {
    const mine = considering !== null && d.from.has(considering);
    if (d.kind === "safe" && !mine) continue;  // a safe hex is tinted only for the T-34 considered
    const [x, y] = d.at;
    const hex = svgNode("polygon", {points: hexagon(x, y, SIZE * 0.9), class: `dg-danger ${TINT[d.kind]}`,
                                    "data-kind": d.kind, "data-at": d.at.join(",")});
    hex.append(svgNode("title", {}, d.texts.join("\n")));
    group.append(hex);
    if (d.kind !== "safe") {  // a word in the hex, so a tint never reads as the front line's red edge
      group.append(svgNode("text", {x, y: y + SIZE * 0.68, class: `dg-danger-word ${TINT[d.kind]}`,
                                    "text-anchor": "middle"}, WORD[d.kind]));
    }
    const here = hovered && Math.hypot(hovered[0] - x, hovered[1] - y) < 1;
    if (here && (mine || d.kind !== "safe")) labels.append(label(d, x, y));
  }
  // the tints under the clickable places and the pickers, over the picture; the words on top
  const overlay = svg.querySelector("#tt-overlay");
  if (overlay) overlay.before(group); else svg.append(group);
  if (labels.childNodes.length) {
    svg.append(labels);
    for (const text of labels.querySelectorAll("text")) keepInside(svg, text);
  }
}

/** The words for a destination of the T-34 considered, written beyond the hex on the
 * side away from the T-34 (its facing picker stands around the T-34's own hex). */
function label(d, x, y) {
  const from = table.state.targets.places[considering] || [x, y - 1];
  const len = Math.hypot(x - from[0], y - from[1]) || 1;
  const ux = (x - from[0]) / len, uy = (y - from[1]) / len;
  const anchor = ux < -0.3 ? "end" : ux > 0.3 ? "start" : "middle";
  return svgNode("text", {x: x + ux * SIZE * 1.05, y: y + uy * SIZE * 1.05 + 4, "text-anchor": anchor,
                          class: `tt-aid-label dg-danger-label ${TINT[d.kind]}`}, short(d));
}

/** A click on a destination of the T-34 considered plays its move there (lichess-style:
 * pick the piece, its destinations light up, click one; playtest of issues 58/59: a click
 * on f10 did nothing). Two ways there (a step and a dash of one hex) are offered alone
 * in the list beside the board. Taken before the board's own click, which would cancel. */
function clicked(event) {
  const state = table.state;
  const at = considering === null || !state || !state.your_turn ? null : hexAt(event);
  if (!at) return;
  const ways = state.actions.filter((a, i) => state.targets.moves[i] && state.targets.moves[i].to === considering
    && ((a.aid && a.aid.marks) || []).some(m => KINDS.includes(m.kind)
      && Math.hypot(m.at[0] - at[0], m.at[1] - at[1]) < 1));
  if (!ways.length) return;
  event.stopPropagation();
  event.preventDefault();
  if (ways.length === 1) { play(ways[0].text); return; }
  choose(ways);  // a step and a dash to the same hex: which, beside the board
  nameChoices();
}

export function setup() {
  dangerStyles();
  $("board").addEventListener("click", clicked, true);
  $("board").addEventListener("mousemove", pointed);
  $("board").addEventListener("mouseleave", () => { if (hovered) { hovered = null; queueMicrotask(draw); } });
  onOverlay(() => queueMicrotask(draw));
  onState(state => {
    if (state.version !== seen) { seen = state.version; considering = null; hovered = null; }
    queueMicrotask(draw);
  });
  // registered before the facing picker's hook (which takes the click): it only notes
  // which T-34 is considered and lets the click go on
  onDestination(key => { considering = key; queueMicrotask(draw); return false; });
  onCancel(() => { if (considering !== null) { considering = null; queueMicrotask(draw); } });
}

export function forget() {
  considering = null;
  boardSvg()?.querySelector("#dg-danger")?.remove();
  boardSvg()?.querySelector("#dg-danger-words")?.remove();
}
