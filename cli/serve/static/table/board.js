// The board the server drew, made clickable: places a move starts from and
// places it can end on (state.targets), a chooser when one place has several
// moves, and labels moved off the tanks they would hide. A piece is picked by a
// click or a tap, or dragged to its destination (drag.js); clicking it again or
// Esc lets it go.
import {$, el, svgNode} from "../dom.js";
import {table, play} from "./connection.js";
import {hoverShows, clearAids} from "./aids.js";
import {pressOn} from "./drag.js";
import {moveLegend} from "./legend.js";
import {remember, animate} from "./motion.js";

const drawnHooks = [];

/** Call `hook(svg)` each time a new picture of the board is put on the page. */
export function onBoardDrawn(hook) { drawnHooks.push(hook); }

/** The board's SVG element, if one is shown. */
export function boardSvg() { return $("board").querySelector("svg"); }

export function drawBoard() {
  const state = table.state;
  const board = $("board");
  if (!state.svg) { remember(null, state); board.replaceChildren(); return; }
  if (board.dataset.version !== String(state.version)) {
    remember(board.querySelector("svg"), state);
    board.innerHTML = state.svg;
    board.dataset.version = String(state.version);
    const drawn = board.querySelector("svg");
    if (drawn) {
      for (const part of drawn.children) serverDrawn.add(part);
      dropCaption(drawn);
      moveLegend(drawn);
      spreadLabels(drawn);
      for (const hook of drawnHooks) hook(drawn);
      animate(drawn, state);  // the new position is in place: only the pieces' looks travel to it
    }
  }
  const svg = boardSvg();
  if (!svg) return;
  // the same state pushed again (the answer to a move and the stream both bring it):
  // keep the places, so that a click under way is not lost on a replaced one
  const drawnFor = `${state.version} ${table.selected}`;
  const old = svg.querySelector("#tt-overlay");
  if (old && old.dataset.for === drawnFor) return;
  old?.remove();
  const targets = state.targets;
  if (!state.your_turn || !targets || !targets.places) return;
  const overlay = svgNode("g", {id: "tt-overlay", "data-for": drawnFor});
  const starts = new Set(), ends = new Set();
  targets.moves.forEach(m => {
    if (m.from) starts.add(m.from);
    if (m.to && (m.from === null || m.from === table.selected)) ends.add(m.to);
  });
  const spot = (key, cls, at, r) => {
    const [x, y] = at || targets.places[key];
    const c = svgNode("circle", {cx: x, cy: y, r: r || targets.radius, class: cls, "data-place": key});
    c.append(svgNode("title", {}, cls.includes("tt-here") ? `${key}: stay (turn in place)` : key));
    c.addEventListener("click", event => { event.stopPropagation(); clickPlace(key, cls); });
    if (cls.startsWith("tt-from")) c.addEventListener("pointerdown", event => pressOn(event, key));
    if (cls.startsWith("tt-to")) hoverShows(c, choicesAt(key));
    overlay.append(c);
  };
  // the selected piece stays a piece: a click on it lets it go; ending where it
  // stands (a turn in place) is the small handle on its corner
  for (const key of starts) {
    if (!ends.has(key) || key === table.selected) spot(key, key === table.selected ? "tt-from tt-selected" : "tt-from");
  }
  for (const key of ends) if (key !== table.selected) spot(key, "tt-to");
  if (table.selected && ends.has(table.selected)) {
    const [x, y] = targets.places[table.selected];
    const d = targets.radius * 0.85;  // big enough for a finger, clear of the neighbours' spots
    spot(table.selected, "tt-to tt-here", [x + d, y - d], targets.radius * 0.6);
  }
  svg.append(overlay);
  for (const hook of overlayHooks) hook(overlay, svg);
}

const overlayHooks = [];

/** Call `hook(overlay, svg)` each time the clickable places are drawn (a ruleset marks some). */
export function onOverlay(hook) { overlayHooks.push(hook); }

const destinationHooks = [];

/** `hook(key, choices)` may take a click on a destination with several moves over
 * (Tank Chess picks the facing on the board); it returns true when it does. */
export function onDestination(hook) { destinationHooks.push(hook); }

const cancelHooks = [];

/** Call `hook()` when a half-made choice is dropped (another piece, Esc, a new position). */
export function onCancel(hook) { cancelHooks.push(hook); }

/** Drop whatever was half chosen on the board, and the selected piece unless `keepPiece`. */
export function cancelChoice(keepPiece) {
  $("chooser").hidden = true;
  clearAids();
  for (const hook of cancelHooks) hook();
  if (table.selected && !keepPiece) select(null);
}

// The picture's heading says what the page's header already says (whose
// decision, the result): drop it and its band; the legend stays.
function dropCaption(svg) {
  const caption = svg.querySelector("g.caption");
  if (!caption) return;
  const band = Number(caption.getAttribute("data-band")) || 0;
  const box = svg.viewBox.baseVal;
  svg.setAttribute("viewBox", `${box.x} ${box.y + band} ${box.width} ${box.height - band}`);
  svg.setAttribute("height", String(Number(svg.getAttribute("height")) - band));
  caption.remove();
}

/** The legal actions that end on `key` from the selected place (or from nowhere). */
export function choicesAt(key) {
  const state = table.state;
  const out = [];
  state.targets.moves.forEach((m, i) => {
    if (m.to === key && (m.from === table.selected || m.from === null)) out.push(state.actions[i]);
  });
  return out;
}

const selectionHooks = [];

/** Call `hook()` when the selected place changes (the move list follows it). */
export function onSelect(hook) { selectionHooks.push(hook); }

export function select(key) {
  if (key !== table.selected) {
    $("chooser").hidden = true;
    for (const hook of cancelHooks) hook();
  }
  table.selected = key;
  if (key) $("filter").value = "";  // the list shows the piece's moves
  drawBoard();
  for (const hook of selectionHooks) hook();
}

/** A click (or a drop) on a place: pick or let go a piece, or choose a destination. */
export function clickPlace(key, cls) {
  if (!table.state.your_turn) return;
  if (cls.startsWith("tt-from")) { select(table.selected === key ? null : key); return; }
  const choices = choicesAt(key);
  for (const hook of destinationHooks) if (hook(key, choices)) return;
  if (choices.length === 1) { play(choices[0].text); return; }
  choose(choices);
}

/** Offer these actions in the chooser beside the board. */
export function choose(choices) {
  const list = $("chooser").querySelector("ul");
  list.replaceChildren();
  for (const a of choices) {
    const button = el("button", {class: "choice", text: a.text});
    button.addEventListener("click", () => play(a.text));
    hoverShows(button, [a]);
    list.append(el("li", {}, button, a.note ? " " + a.note : ""));
  }
  $("chooser").hidden = false;
}

// Tank labels (Battle of Tanks) stay inside the board's view and clear of every tank's
// drawing, hull and gun (a label under a neighbour's body is hidden by it, one past the
// picture's edge is cut): a label that would be either, or lie on another label, moves
// to the first free spot above, below or beside its tank, pushed inside the view. With
// no free spot it takes the first one clear of the tanks, else the one above its own.
// Each gets a halo (table.css).
const LABEL_GAP = 2;  // drawing units kept between a label and a tank (its halo)

/** The rectangle, in the picture's units, that a tank's drawing (footprint and art) takes. */
function tankBox(g) {
  const boxes = [];
  const foot = g.querySelector("polygon");
  if (foot) boxes.push(foot.getBBox());
  const art = g.querySelector(".tt-piece");
  if (art) {
    const b = art.getBBox();
    const m = art.transform.baseVal.consolidate()?.matrix || new DOMMatrix();
    const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
      .map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
    const xs = corners.map(p => p.x), ys = corners.map(p => p.y);
    boxes.push({x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs),
                height: Math.max(...ys) - Math.min(...ys)});
  }
  if (!boxes.length) return null;
  const x = Math.min(...boxes.map(b => b.x)), y = Math.min(...boxes.map(b => b.y));
  return {x, y, width: Math.max(...boxes.map(b => b.x + b.width)) - x, height: Math.max(...boxes.map(b => b.y + b.height)) - y};
}

function spreadLabels(svg) {
  const tanks = [...svg.querySelectorAll("g.tank")];
  if (!tanks.length) return;
  const view = svg.viewBox.baseVal;
  const bodies = tanks.map(tankBox).filter(Boolean);
  const placed = [];
  const overlaps = (a, b, gap) => a.x < b.x + b.width + gap && b.x < a.x + a.width + gap &&
                                  a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
  const put = (text, x, y) => {  // at (x, y), then pushed inside the view
    text.setAttribute("x", x); text.setAttribute("y", y);
    const box = text.getBBox();
    if (!view || !view.width) return box;
    const dx = Math.max(view.x - box.x, 0) - Math.max(box.x + box.width - (view.x + view.width), 0);
    const dy = Math.max(view.y - box.y, 0) - Math.max(box.y + box.height - (view.y + view.height), 0);
    if (!dx && !dy) return box;
    text.setAttribute("x", x + dx); text.setAttribute("y", y + dy);
    return text.getBBox();
  };
  for (const g of tanks) {
    const text = g.querySelector("text");
    const body = tankBox(g);
    if (!text || !body) continue;
    const x0 = Number(text.getAttribute("x")), y0 = Number(text.getAttribute("y"));
    const own = text.getBBox();
    const h = own.height, w = own.width, base = y0 - own.y;  // the baseline below the text's top
    const cx = body.x + body.width / 2, cy = body.y + body.height / 2 - h / 2 + base;
    const above = body.y - LABEL_GAP - 1 - h + base, below = body.y + body.height + LABEL_GAP + 1 + base;
    const spots = [[x0, y0], [cx, above], [cx, below], [body.x - LABEL_GAP - 2 - w / 2, cy],
                   [body.x + body.width + LABEL_GAP + 2 + w / 2, cy], [cx, above - h], [cx, below + h],
                   [cx, above - 2 * h], [cx, below + 2 * h]];
    let chosen = null, fallback = null;
    for (const [x, y] of spots) {
      const box = put(text, x, y);
      if (bodies.some(b => overlaps(box, b, LABEL_GAP))) continue;
      if (!fallback) fallback = [x, y];
      if (!placed.some(b => overlaps(box, b, 0))) { chosen = box; break; }
    }
    if (!chosen) chosen = put(text, ...(fallback || spots[1]));
    placed.push(chosen);
  }
}

// A place's press area (issue 58.8): a press within PRESS_PX of a place's centre
// counts as a press on it, however small its drawn spot, unless another place's
// centre is nearer (zoom.js keeps neighbours at least twice that apart). A press on
// the picture there -- a piece's gun, the board -- is passed to the place as if it
// were on it; a press on anything the page drew over the picture (a ruleset's
// arrows, rings, pads) is left alone, and so is every press during a free drive,
// which takes the whole table.
const PRESS_PX = 20;
const serverDrawn = new WeakSet();  // the parts of the picture as the server sent it

/** Whether `node` belongs to the server's picture itself, not to anything the page drew over it. */
function ofPicture(svg, node) {
  let part = node;
  while (part && part.parentNode !== svg) part = part.parentNode;
  return Boolean(part) && serverDrawn.has(part);
}

function placeNear(event) {
  const svg = boardSvg();
  const t = event.target;
  if (!svg || !(t instanceof Element) || !(t === svg || ofPicture(svg, t)) || t.closest("[data-tank]")) return null;
  if (document.querySelector("#ruler.on")) return null;  // Battle of Tanks measures where it is clicked
  if (!table.state || !table.state.your_turn || table.state.drive) return null;
  const m = svg.getScreenCTM();
  if (!m) return null;
  const unit = Math.hypot(m.a, m.b);
  let best = null;
  for (const c of svg.querySelectorAll("#tt-overlay circle[data-place]")) {
    const p = new DOMPoint(Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))).matrixTransform(m);
    const d = Math.hypot(p.x - event.clientX, p.y - event.clientY);
    if (!best || d < best.d) best = {d, c, reach: Math.max(PRESS_PX, Number(c.getAttribute("r")) * unit)};
  }
  return best && best.d <= best.reach ? best.c : null;
}

function passOn(event) {
  if (event.isTrusted === false || (event.button !== 0 && event.type !== "click")) return;
  const place = placeNear(event);
  if (!place) return;
  event.stopPropagation();
  event.preventDefault();
  const init = {bubbles: true, cancelable: true, clientX: event.clientX, clientY: event.clientY,
                screenX: event.screenX, screenY: event.screenY, button: event.button, buttons: event.buttons};
  place.dispatchEvent(event.type === "pointerdown"
    ? new PointerEvent("pointerdown", {...init, pointerId: event.pointerId, pointerType: event.pointerType,
                                       isPrimary: event.isPrimary})
    : new MouseEvent("click", init));
}

/** Widen every place's press area to PRESS_PX about its centre (see above). */
export function widenPlaces() {
  $("board").addEventListener("pointerdown", passOn, true);
  $("board").addEventListener("click", passOn, true);
}
