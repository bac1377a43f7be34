// The player's own marks, as on lichess (issue 58.9): a right-drag on the board
// draws an arrow, a right-click rings a square, hex or point, for planning. They
// stay on this page only -- nothing is sent to the server -- and survive new
// pictures of the board; a left click anywhere on the board clears them. The same
// mark made again takes it away. A mark snaps to the nearest piece or clickable
// place when the press is on one, else it stays where it was made.
import {$, svgNode} from "../dom.js";
import {table} from "./connection.js";
import {boardSvg, onBoardDrawn} from "./board.js";
import {svgPoint} from "./drag.js";

const MOVE_PX = 8;  // a right press that moves less than this is a click: a ring
let marks = [];     // {kind: "ring", at: [x, y]} | {kind: "arrow", from: [x, y], to: [x, y]}
let press = null;

/** The marks shown now (for tests and other modules): a copy. */
export function shownMarks() { return marks.map(m => ({...m})); }

function drawingSize(svg) {
  const b = svg.viewBox.baseVal;
  return b && b.width ? Math.max(b.width, b.height) : 600;
}

/** How big a mark is drawn: a place's spot, a piece, else a share of the board. */
function reach(svg) {
  const r = table.state && table.state.targets && table.state.targets.radius;
  if (r) return Number(r);
  const piece = svg.querySelector("[data-piece]");
  if (piece) {
    const b = piece.getBBox();
    if (b.width) return Math.max(b.width, b.height) / 2;
  }
  return drawingSize(svg) * 0.025;
}

/** The drawing's point of a piece (its transform's origin: the art contract). */
function pieceCentre(svg, node) {
  const m = svg.getScreenCTM().inverse().multiply(node.getScreenCTM());
  return [m.e, m.f];
}

/** The nearest piece or place to `p` within the mark's reach, else `p` itself. */
function snap(svg, p) {
  const r = reach(svg);
  let best = null;
  const consider = (xy) => {
    const d = Math.hypot(xy[0] - p.x, xy[1] - p.y);
    if (d <= r * 1.1 && (!best || d < best.d)) best = {d, xy};
  };
  for (const node of svg.querySelectorAll("[data-piece]")) consider(pieceCentre(svg, node));
  const places = table.state && table.state.targets && table.state.targets.places;
  if (places) for (const xy of Object.values(places)) consider(xy);
  return best ? [...best.xy] : [p.x, p.y];
}

const same = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]) < 1e-6;

function toggle(mark) {
  const i = marks.findIndex(m => m.kind === mark.kind && (mark.kind === "ring"
    ? same(m.at, mark.at) : same(m.from, mark.from) && same(m.to, mark.to)));
  if (i >= 0) marks.splice(i, 1); else marks.push(mark);
}

function arrowShape(from, to, r) {
  const [x1, y1] = from, [x2, y2] = to;
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len, nx = -uy, ny = ux;
  const w = r * 0.22, head = r * 0.75, hw = r * 0.55;
  const sx = x1 + ux * r * 0.45, sy = y1 + uy * r * 0.45;  // from the piece's edge, not its middle
  const bx = x2 - ux * head, by = y2 - uy * head;
  const pts = [[sx + nx * w, sy + ny * w], [bx + nx * w, by + ny * w], [bx + nx * hw, by + ny * hw], [x2, y2],
               [bx - nx * hw, by - ny * hw], [bx - nx * w, by - ny * w], [sx - nx * w, sy - ny * w]];
  return pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

function draw(preview) {
  const svg = boardSvg();
  if (!svg) return;
  svg.querySelector("#tt-marks")?.remove();
  const shown = preview ? [...marks, preview] : marks;
  if (!shown.length) return;
  const r = reach(svg);
  const layer = svgNode("g", {id: "tt-marks", "pointer-events": "none"});
  for (const m of shown) {
    if (m.kind === "ring") {
      layer.append(svgNode("circle", {cx: m.at[0], cy: m.at[1], r: r * 0.92, class: "tt-mark-ring",
                                      "stroke-width": (r * 0.14).toFixed(2)}));
    } else {
      layer.append(svgNode("polygon", {points: arrowShape(m.from, m.to, r), class: "tt-mark-arrow"}));
    }
  }
  svg.append(layer);
}

function down(event) {
  const svg = boardSvg();
  if (!svg || !svg.contains(event.target)) return;
  if (event.button === 2) {
    event.preventDefault();
    press = {id: event.pointerId, x: event.clientX, y: event.clientY, from: snap(svg, svgPoint(svg, event))};
  } else if (event.button === 0 && marks.length) {
    marks = [];  // a left click clears them, and is still the click it was
    draw();
  }
}

function move(event) {
  if (!press || event.pointerId !== press.id) return;
  const svg = boardSvg();
  if (!svg || Math.hypot(event.clientX - press.x, event.clientY - press.y) < MOVE_PX) return;
  draw({kind: "arrow", from: press.from, to: snap(svg, svgPoint(svg, event))});
}

function up(event) {
  if (!press || event.pointerId !== press.id) return;
  const was = press;
  press = null;
  const svg = boardSvg();
  if (!svg) return;
  const to = snap(svg, svgPoint(svg, event));
  const far = Math.hypot(event.clientX - was.x, event.clientY - was.y) >= MOVE_PX && !same(to, was.from);
  toggle(far ? {kind: "arrow", from: was.from, to} : {kind: "ring", at: was.from});
  draw();
}

export function setup() {
  const board = $("board");
  board.addEventListener("pointerdown", down, true);
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  board.addEventListener("contextmenu", event => {
    if (boardSvg()?.contains(event.target)) event.preventDefault();
  });
  onBoardDrawn(() => draw());
}
