// Battle of Tanks at the table: the round, phase and chits in the bag, and a
// ruler: two clicks (a tank or a point) ask the table's own `measure`
// command; its answer (distance, line of sight, cover) is shown and the line drawn.
import {$, el, svgNode} from "../../dom.js";
import {table, post, onState} from "../connection.js";
import {label} from "../aids.js";
import {boardSvg, onBoardDrawn, onSelect} from "../board.js";
import {foldLegendFirst, onBoardResized} from "../fit.js";
import * as orders from "./battle-of-tanks/orders.js";
import * as fire from "./battle-of-tanks/fire.js";
import * as drive from "./battle-of-tanks/drive.js";
import * as danger from "./battle-of-tanks/danger.js";
import * as hint from "./battle-of-tanks/hint.js";
import * as panel from "./battle-of-tanks/panel.js";
// the other side's decisions step by step, the same replay as Duel of the Giants' (it reads only
// the seat's own log and each entry's drawing, nothing of one ruleset)
import * as replay from "./duel-of-the-giants/replay.js";

replay.rewindBoard();  // hidden playtest: each step shows the board as it stood then (the seat's own view)

let ruler = {on: false, points: []};

/** A pointer event's place on the board, in the drawing's pixels and in table centimetres. */
export function toCm(svg, event) {
  const g = table.state.geometry;
  const pt = svg.createSVGPoint();
  pt.x = event.clientX; pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  return {px: [p.x, p.y], cm: [p.x / g.scale, g.depth - p.y / g.scale]};
}

function rulerEnd(at) {
  const tanks = (table.state.view && table.state.view.tanks) || [];
  let best = null;
  for (const t of tanks) {
    const d = Math.hypot(t.x - at.cm[0], t.y - at.cm[1]);
    if (d <= 4 && (!best || d < best.d)) best = {d, t};
  }
  if (best) {
    const g = table.state.geometry;
    return {word: best.t.label, px: [best.t.x * g.scale, (g.depth - best.t.y) * g.scale]};
  }
  return {word: `${at.cm[0].toFixed(1)},${at.cm[1].toFixed(1)}`, px: at.px};
}

function drawRuler() {
  const svg = boardSvg();
  svg?.querySelector("#tt-ruler")?.remove();
  if (!svg || !ruler.on || !ruler.points.length) return;
  const group = svgNode("g", {id: "tt-ruler"});
  const [a, b] = ruler.points;
  group.append(svgNode("circle", {cx: a.px[0], cy: a.px[1], r: 4, class: "tt-ruler"}));
  if (b) {
    group.append(svgNode("line", {x1: a.px[0], y1: a.px[1], x2: b.px[0], y2: b.px[1], class: "tt-ruler"}));
    group.append(svgNode("circle", {cx: b.px[0], cy: b.px[1], r: 4, class: "tt-ruler"}));
    label(group, (a.px[0] + b.px[0]) / 2 + 6, (a.px[1] + b.px[1]) / 2 - 6, ruler.distance || "…", "tt-ruler-label");
  }
  svg.append(group);
}

async function rulerClick(event) {
  const svg = boardSvg();
  if (!ruler.on || !svg || !table.state.geometry) return;
  event.stopPropagation(); event.preventDefault();
  const end = rulerEnd(toCm(svg, event));
  if (ruler.points.length !== 1) ruler.points = [end]; else ruler.points.push(end);
  ruler.distance = null;
  drawRuler();
  if (ruler.points.length === 2) {
    const data = await post("ask", {command: `measure ${ruler.points[0].word} ${ruler.points[1].word}`});
    if (data && data.answer) {
      const m = /([\d.]+) cm between (centres|footprints)/.exec(data.answer);
      ruler.distance = m ? `${m[1]} cm` : "";
      drawRuler();
    }
  }
}

function setupRuler() {
  const state = table.state;
  const usable = state.geometry && state.commands.some(c => c.name === "measure");
  $("ruler").hidden = !usable;
  $("ruler").classList.toggle("on", ruler.on);
  $("ruler").textContent = ruler.on ? "ruler: on (click two tanks or points)" : "ruler";
  drawRuler();
}

export function setup() {
  // the table is as deep as it is wide: with its seven rows of legend under it the map had
  // 380 px at 1024x768 (a tank 25 px long); folded, ~560 (playtest of issue 58). The tanks
  // carry their names and the order menu its colours; "legend" unfolds it, remembered.
  foldLegendFirst();
  $("ruler").addEventListener("click", () => { ruler = {on: !ruler.on, points: []}; setupRuler(); });
  onBoardDrawn(svg => svg.addEventListener("click", rulerClick, true));
  orders.setup();
  onSelect(orders.draw);
  fire.setup();
  drive.setup();
  danger.setup();  // issue 59.1: each suggested drive's end tinted by the enemy fire there
  hint.setup();  // a hint's suggestion played whole with one click
  panel.setup();  // the messages at the turn panel's foot, not over the board (hidden playtest)
  onState(state => { if (state.pass_to) replay.forget(); });  // hot seat: nothing of the last player's log stays
  // menus and cards stand beside their tanks on the screen: placed again when the board is resized
  onBoardResized(() => { if (table.state) { orders.draw(); fire.draw(); } });
}

/** The header's words for the decision, as a player asks "what do I do now?" (the
 * ruleset's own line names the notation: "order for a tank (and path: TANK move X,Y)",
 * which the move box's help keeps), what to do first: the header is cut short at 1024
 * pixels. `null`: the ruleset's line stands. */
export function headline(state) {
  const v = state.view;
  if (!state.your_turn || state.outcome || !v) return null;
  if (v.phase === "order") {
    return `your decision: click a ringed tank to give it an order (round ${v.round})`;
  }
  if (v.phase === "window" && v.fire) {
    // only the ambushers with a target (hidden playtest: one without any was named, and its
    // click said "click a red-ringed enemy" with none ringed)
    const ready = v.fire.shooters.filter(s => !fire.noTarget(s)).map(s => s.label).join(", ");
    const moment = /^ambush reaction: ([^;]*);/.exec(state.decision || "");
    if (!ready) return "your decision: ambush window, but no ambusher has a target in sight: pass";
    // short enough for a 1024-pixel header (hidden playtest: "or pass (tiger…" was cut)
    // (the fire panel says to click a red-ringed enemy)
    return `your decision: ambush! ${ready} may fire, or pass` + (moment ? ` (${moment[1].replace(" was ordered ", " ordered ")})` : "");
  }
  return null;
}

/** A tank on a base plate, in the turn panel of both seats (hidden playtest: a game was lost
 * on the plate without a word; BT-8.2): whose plate, when it wins, what stops it. */
export function plateLine(state, p) {
  const whose = state.you ? (p.plate === state.you ? "your" : "the enemy's") : `${p.plate}'s`;
  return el("p", {class: "bt-plate" + (p.plate === state.you ? " bt-plate-yours" : ""), "data-tank": p.key,
                  text: `${p.tank} is on ${whose} base plate: ${p.text}`});
}

export function draw(state, fresh) {
  if (fresh) ruler.points = [];  // a measure belongs to the position it was taken in (issue 29.11)
  const line = headline(state);
  if (line) { $("status").textContent = line; $("status").title = line; }
  const v = state.view;
  if (v && v.round !== undefined) {
    $("aids").append(el("p", {class: "phase", text: `round ${v.round}, ${v.phase}; ${v.bag} order chits in the bag`}));
  }
  for (const p of (v && v.plate) || []) $("aids").append(plateLine(state, p));
  setupRuler();
  orders.draw();
  fire.draw(true);
  drive.draw(state, fresh);
  // hidden playtest: the enemy's turn arrived all at once; two or more of its decisions since
  // yours are played back one by one at a brisk pace, by themselves (closed with its ✕)
  replay.draw(state, fresh);
}
