// Room to look (issue 29.4), for every ruleset: the wheel zooms the board about
// the pointer, a drag on the table pans it, two fingers pinch and pan; the +, −
// and "whole board" buttons do the same by click. Only the SVG's viewBox changes,
// so every click and drag still maps to the drawing through getScreenCTM(), and
// the view is kept when the server sends a new picture of the same board.
// A press on one of the board's places (board.js) or that a ruleset's own code
// takes (a tank grabbed for a drive) does not pan; a drag that panned does not
// also click.
//
// Targets a finger can hit (issue 58.8): every place a player can press is at
// least TARGET_PX wide on the screen. A place's press area reaches TARGET_PX / 2
// from its centre (board.js) unless a neighbour's centre is nearer, so what limits
// it is the distance between neighbouring places: where the whole board would put
// two of them closer than TARGET_PX (a 16x16 Tank Chess board at 1024x768), the
// view never zooms out below the level that keeps them TARGET_PX apart, and it
// opens there with the viewer's own side, the bottom, in sight; dragging pans to
// the rest. "whole board" shows as much of it as that allows. A table on which
// pieces stand anywhere (Battle of Tanks: the state has a ruler's `geometry`) has no
// grid of places to keep apart: there the rings and label pads are drawn 40 px
// wide themselves (orders.js, fire.js), and the whole table stays in view.
import {$, el} from "../dom.js";
import {boardSvg, onBoardDrawn, onOverlay} from "./board.js";
import {turned} from "./turn.js";
import {table} from "./connection.js";
import {onBoardResized} from "./fit.js";

const MAX_ZOOM = 8;
const DRAG_PX = 4;
export const TARGET_PX = 40;
const LEAST_CAP = 2;  // the least zoom never hides more than three quarters of the board

let base = null;   // the drawing's whole viewBox [x, y, w, h]
let view = null;   // the part shown, or null for the whole
let spacing = Infinity;  // the least distance between two places a player can press, drawing units
const pointers = new Map();
let gesture = null;
let panned = false;
let leastShown = 0;  // the least level the view was last set to (leastView)
// "whole board" asked for: the player chose to see every square, smaller than TARGET_PX if
// the window is too short for them all (a laptop's browser leaves a 16x16 board ~700 px);
// zooming in again brings the floor back
let wholeAsked = false;

/** The least zoom level: 1, or more where the whole board would put two places closer than
 * TARGET_PX, or where the picture names its playing field (`data-field`, drawing units: a
 * Tank Chess board's squares inside their frame) the level at which the field fills the view
 * with FIELD_PAD round it -- the frame is cropped, so the board keeps one size all game. */
export function leastZoom() {
  const svg = boardSvg();
  if (!svg || !base) return 1;
  const r = svg.getBoundingClientRect();
  const whole = Math.min(r.width / base[2], r.height / base[3]);  // screen pixels a drawing unit, whole board
  if (!whole) return 1;
  // a game over has nothing left to press: the board is shown whole for the last look
  const pressing = Number.isFinite(spacing) && !(table.state && table.state.outcome);
  let least = pressing && !wholeAsked && !shortWithMouse() ? TARGET_PX / (spacing * whole) : 1;
  const field = fieldOf(svg);
  if (field) least = Math.max(least, Math.min(r.width / (field[2] + 2 * FIELD_PAD), r.height / (field[3] + 2 * FIELD_PAD)) / whole);
  return Math.min(LEAST_CAP, Math.max(1, least));
}

/** A window shorter than a 1024x768 screen's page, not pointed at with a finger (a laptop's
 * browser): a mouse needs no finger-wide targets, and every square in sight matters more.
 * Asked as "no coarse pointer", since a browser without any pointing device reports none,
 * neither fine nor coarse, and a touch screen is the one case that needs the floor. */
function shortWithMouse() {
  return window.innerHeight < SHORT_PX && !matchMedia("(any-pointer: coarse)").matches;
}
const SHORT_PX = 740;

const FIELD_PAD = 4;  // drawing units of a picture's frame left in sight round its field

/** The picture's playing field [x, y, w, h] in drawing units (svg.py's data-field), or null;
 * with every place to press drawn outside it (Tank Chess's exit off the board's edge). */
function fieldOf(svg) {
  const field = (svg?.dataset.field || "").split(" ").map(Number);
  if (!(field.length === 4 && field.every(Number.isFinite))) return null;
  let [x0, y0, x1, y1] = [field[0], field[1], field[0] + field[2], field[1] + field[3]];
  for (const [cx, cy, r] of placesOf(svg)) {
    x0 = Math.min(x0, cx - r); y0 = Math.min(y0, cy - r); x1 = Math.max(x1, cx + r); y1 = Math.max(y1, cy + r);
  }
  return [x0, y0, x1 - x0, y1 - y0];
}

function placesOf(svg) {
  return [...svg.querySelectorAll("#tt-overlay circle[data-place]")]
    .map(c => [Number(c.getAttribute("cx")), Number(c.getAttribute("cy")), Number(c.getAttribute("r")) || 0]);
}

/** The view at the least zoom level: centred across, the viewer's own side (the bottom of the screen) in sight.
 * A picture naming its playing field (`data-field`: a Tank Chess board's squares inside
 * their frame) crops the frame first: the whole field centred where it fits, else the
 * field's own edge on the viewer's side at the foot. */
function leastView() {
  const least = leastZoom();
  leastShown = least;
  if (least <= 1 + 1e-6) return null;
  const [bx, by, bw, bh] = base;
  const w = bw / least, h = bh / least;
  let y = turned() ? by : by + bh - h;  // a board turned round has its drawing's top at the screen's foot
  const svg = boardSvg(), field = fieldOf(svg);
  if (field) {
    const [, fy, , fh] = field;
    y = fh <= h ? fy + (fh - h) / 2 : (turned() ? fy : fy + fh - h);
    // and every place to press in sight where they fit together (the exit off the far edge)
    const spots = placesOf(svg);
    if (fh > h && spots.length) {
      const top = Math.min(...spots.map(([, cy, r]) => cy - r)), bottom = Math.max(...spots.map(([, cy, r]) => cy + r));
      if (bottom - top <= h) y = turned() ? Math.max(Math.min(y, top), bottom - h) : Math.min(Math.max(y, bottom - h), top);
    }
    return clamp([bx + (bw - w) / 2, y, w, h]);
  }
  return [bx + (bw - w) / 2, y, w, h];
}

function clamp(box) {
  const [bx, by, bw, bh] = base;
  let [x, y, w, h] = box;
  w = Math.min(bw / leastZoom(), Math.max(bw / MAX_ZOOM, w));
  h = w * bh / bw;
  x = Math.min(bx + bw - w, Math.max(bx, x));
  y = Math.min(by + bh - h, Math.max(by, y));
  return [x, y, w, h];
}

function apply() {
  const svg = boardSvg();
  if (!svg || !base) return;
  const box = view || base;
  svg.setAttribute("viewBox", box.join(" "));
  const level = base[2] / box[2];
  const label = $("zoom-level");
  if (label) label.textContent = `${Math.round(level * 100)}%`;
  document.body.dataset.zoom = level.toFixed(3);
}

/** The drawing's point under the screen point (clientX, clientY). */
function drawingPoint(svg, cx, cy) {
  const pt = svg.createSVGPoint();
  pt.x = cx; pt.y = cy;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

/** Zoom by `factor` (> 1: closer) keeping the drawing's point under (cx, cy) in place. */
export function zoomAt(cx, cy, factor) {
  const svg = boardSvg();
  if (!svg || !base) return;
  const box = view || base;
  const p = drawingPoint(svg, cx, cy);
  const w = Math.min(base[2] / leastZoom(), Math.max(base[2] / MAX_ZOOM, box[2] / factor));
  const k = w / box[2];
  view = clamp([p.x - (p.x - box[0]) * k, p.y - (p.y - box[1]) * k, w, box[3] * k]);
  if (view[2] >= base[2] - 1e-9) view = null;
  apply();
}

function zoomCentre(factor) {
  const r = boardSvg()?.getBoundingClientRect();
  if (r) zoomAt(r.left + r.width / 2, r.top + r.height / 2, factor);
}

/** Pan by a screen distance (dx, dy) in pixels. */
function panBy(dx, dy) {
  const svg = boardSvg();
  if (!svg || !view) return;
  const scale = svg.getScreenCTM().a;   // screen pixels per drawing unit
  view = clamp([view[0] - dx / scale, view[1] - dy / scale, view[2], view[3]]);
  apply();
}

function wheel(event) {
  const svg = boardSvg();
  if (!svg || !svg.contains(event.target)) return;
  event.preventDefault();
  const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
  if (delta < 0) wholeAsked = false;  // zooming in: the floor of TARGET_PX again
  zoomAt(event.clientX, event.clientY, Math.exp(-delta * 0.0015));
}

function down(event) {
  const svg = boardSvg();
  if (!svg || !svg.contains(event.target) || (event.pointerType === "mouse" && event.button !== 0)) return;
  // a press on a place a move starts or ends on belongs to the move (a click, or a piece's drag)
  if (event.target.closest && event.target.closest("[data-place]") && pointers.size === 0) return;
  pointers.set(event.pointerId, [event.clientX, event.clientY]);
  panned = false;
  gesture = pointers.size === 1 ? {kind: "pan", from: [event.clientX, event.clientY], moved: false} : pinchStart();
}

/** Keep the pointer once a drag has begun (not before: a click must reach what it clicks). */
function hold(event) {
  try { boardSvg()?.setPointerCapture(event.pointerId); } catch (e) { /* a synthetic press */ }
}

function pinchStart() {
  const [a, b] = [...pointers.values()];
  return {kind: "pinch", distance: Math.hypot(a[0] - b[0], a[1] - b[1]), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]};
}

function move(event) {
  if (!pointers.has(event.pointerId) || !gesture) return;
  pointers.set(event.pointerId, [event.clientX, event.clientY]);
  if (gesture.kind === "pan") {
    const [x0, y0] = gesture.from;
    if (!gesture.moved && Math.hypot(event.clientX - x0, event.clientY - y0) < DRAG_PX) return;
    if (!gesture.moved) hold(event);
    gesture.moved = true;
    panned = true;
    panBy(event.clientX - x0, event.clientY - y0);
    gesture.from = [event.clientX, event.clientY];
  } else if (pointers.size >= 2) {
    const now = pinchStart();
    if (!panned) for (const id of pointers.keys()) hold({pointerId: id});
    panned = true;
    if (gesture.distance > 0) zoomAt(now.mid[0], now.mid[1], now.distance / gesture.distance);
    panBy(now.mid[0] - gesture.mid[0], now.mid[1] - gesture.mid[1]);
    gesture = now;
  }
}

function up(event) {
  if (!pointers.delete(event.pointerId)) return;
  gesture = pointers.size === 1
    ? {kind: "pan", from: [...pointers.values()][0], moved: true}
    : (pointers.size >= 2 ? pinchStart() : null);
}

function click(event) {
  if (panned) { panned = false; event.stopPropagation(); event.preventDefault(); }
}

function remember(svg) {
  const b = svg.viewBox.baseVal;
  const next = b && b.width ? [b.x, b.y, b.width, b.height]
                            : [0, 0, Number(svg.getAttribute("width")) || 0, Number(svg.getAttribute("height")) || 0];
  if (!base || next.some((v, i) => Math.abs(v - base[i]) > 1e-6)) { view = null; spacing = Infinity; }
  base = next;
  const shown = view ? base[2] / view[2] : 1;
  // a view left at the least level follows it (a game over shows the board whole again)
  if (!view || shown < leastZoom() - 1e-6 || Math.abs(shown - Math.max(1, leastShown)) < 1e-6) view = leastView();
  apply();
}

/** The least distance between two of the pieces a player may pick (their destinations lie
 * on the same squares or hexes); kept for the board while it is shown, so
 * that the view does not change with whose turn it is. The view follows it at once only
 * for the board's first places; after that, at the next picture, so that a view never
 * moves under a finger half-way through a move. */
function measure(overlay) {
  if (table.state && table.state.geometry) return;
  // a place outside a view left at its least level (a field's exit, shown when the piece
  // that may leave is picked) brings the view round it
  const box = view || base, svg = boardSvg();
  if (box && svg && fieldOf(svg) && Math.abs(base[2] / box[2] - Math.max(1, leastShown)) < 1e-6 &&
      placesOf(svg).some(([cx, cy, r]) => cx - r < box[0] || cy - r < box[1] || cx + r > box[0] + box[2] ||
                                          cy + r > box[1] + box[3])) {
    view = leastView(); apply();
  }
  const spots = [...overlay.querySelectorAll("circle.tt-from[data-place]")]
    .map(c => [Number(c.getAttribute("cx")), Number(c.getAttribute("cy")), Number(c.getAttribute("r")) || 0]);
  let least = spacing;
  for (let i = 0; i < spots.length; i++) {
    for (let j = i + 1; j < spots.length; j++) {
      const d = Math.hypot(spots[i][0] - spots[j][0], spots[i][1] - spots[j][1]);
      // two spots stacked on one square or hex (a gun and its target, two roles of one
      // piece) are told apart by what they draw, not by distance: not neighbours
      if (d >= Math.max(spots[i][2], spots[j][2]) && d < least) least = d;
    }
  }
  if (least === spacing) return;
  const first = !Number.isFinite(spacing);
  spacing = least;
  if (!base || !first) return;
  const shown = view ? base[2] / view[2] : 1;
  if (shown < leastZoom() - 1e-6) { view = leastView(); apply(); }
}

/** The window or the board's room changed size (a resize, the legend folded): the least
 * level with it, and a view left at the least level follows it both ways. */
function resized() {
  if (!base) return;
  const shown = view ? base[2] / view[2] : 1;
  if (shown < leastZoom() - 1e-6 || Math.abs(shown - Math.max(1, leastShown)) < 1e-6) { view = leastView(); apply(); }
}

export function setup() {
  const board = $("board");
  board.addEventListener("wheel", wheel, {passive: false});
  board.addEventListener("pointerdown", down);
  board.addEventListener("pointermove", move);
  board.addEventListener("pointerup", up);
  board.addEventListener("pointercancel", up);
  window.addEventListener("click", click, true);
  onBoardDrawn(remember);
  onOverlay(measure);
  window.addEventListener("resize", resized);
  onBoardResized(resized);
  window.addEventListener("tt-turned", () => {
    if (base && view && Math.abs(base[2] / view[2] - leastZoom()) < 1e-6) { view = leastView(); apply(); }
  });
  const tools = $("board-tools");
  const button = (id, text, title, action) => {
    const b = el("button", {id, text, title, class: "zoom"});
    b.addEventListener("click", action);
    return b;
  };
  tools.prepend(
    button("zoom-in", "+", "zoom in (or turn the wheel over the board, or pinch)", () => { wholeAsked = false; zoomCentre(1.5); }),
    button("zoom-out", "−", "zoom out", () => zoomCentre(1 / 1.5)),
    button("zoom-fit", "whole board", "show the whole board, every square of it (+ or the wheel zooms in again)",
           () => { wholeAsked = true; view = leastView(); apply(); }),
    el("span", {id: "zoom-level", class: "note", text: "100%"}));
}
