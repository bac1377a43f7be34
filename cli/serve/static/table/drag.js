// Drag and drop on the board, by mouse, pen or finger alike (pointer events):
// press on a piece you may move, drag it onto one of its destinations and let
// go -- the same as clicking the piece, then the destination. A press that does
// not move is an ordinary click (or tap). Let go anywhere else and nothing is
// played; the piece stays picked.
import {svgNode} from "../dom.js";
import {table} from "./connection.js";
import {boardSvg, clickPlace, select} from "./board.js";

const START_PX = 6;  // a press that moves less than this is a click
let drag = null;
let swallowUntil = 0;

/** Where a pointer event falls on the board's drawing. */
export function svgPoint(svg, event) {
  const pt = svg.createSVGPoint();
  pt.x = event.clientX; pt.y = event.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

/** The click the browser sends after a gesture this page already answered (a drag,
 * a facing picked on the ring): not a click of the player's. It comes soon after
 * the pointer is let go and before any new press, however busy the machine. */
export function swallowNextClick() {
  swallowUntil = performance.now() + 500;
}

window.addEventListener("pointerdown", () => { swallowUntil = 0; }, true);
window.addEventListener("click", event => {
  if (performance.now() < swallowUntil) { event.stopPropagation(); event.preventDefault(); swallowUntil = 0; }
}, true);

/** A press on the piece on `key` (a tt-from place): it may become a drag. */
export function pressOn(event, key) {
  if (event.button !== 0 || !table.state.your_turn) return;
  drag = {key, id: event.pointerId, x0: event.clientX, y0: event.clientY, moving: false};
}

/** The destination under the pointer: the nearest green place whose spot it is on. */
function destinationAt(svg, event) {
  const p = svgPoint(svg, event);
  let best = null;
  for (const c of svg.querySelectorAll("#tt-overlay circle.tt-to")) {
    const d = Math.hypot(p.x - Number(c.getAttribute("cx")), p.y - Number(c.getAttribute("cy")));
    if (d <= Number(c.getAttribute("r")) * 1.25 && (!best || d < best.d)) best = {d, node: c};
  }
  return best && best.node;
}

function drawGhost(svg, event) {
  const p = svgPoint(svg, event);
  let ghost = svg.querySelector("#tt-drag");
  if (!ghost) {
    ghost = svgNode("circle", {id: "tt-drag", r: table.state.targets.radius, class: "tt-drag"});
    svg.append(ghost);
  }
  ghost.setAttribute("cx", p.x); ghost.setAttribute("cy", p.y);
  const under = destinationAt(svg, event);
  for (const c of svg.querySelectorAll(".tt-drop")) if (c !== under) c.classList.remove("tt-drop");
  under?.classList.add("tt-drop");
}

window.addEventListener("pointermove", event => {
  if (!drag || event.pointerId !== drag.id) return;
  if (!event.buttons) { finish(event, false); return; }  // let go where this page did not hear it
  const svg = boardSvg();
  if (!svg) return;
  if (!drag.moving) {
    if (Math.hypot(event.clientX - drag.x0, event.clientY - drag.y0) < START_PX) return;
    drag.moving = true;
    document.body.classList.add("tt-dragging");
    if (table.selected !== drag.key) select(drag.key);
  }
  event.preventDefault();
  drawGhost(svg, event);
}, {passive: false});

function finish(event, dropped) {
  if (!drag || event.pointerId !== drag.id) return;
  const was = drag;
  drag = null;
  if (!was.moving) return;  // a click: the place's own click handler answers it
  document.body.classList.remove("tt-dragging");
  swallowNextClick();
  const svg = boardSvg();
  if (!svg) return;
  const under = dropped ? destinationAt(svg, event) : null;
  svg.querySelector("#tt-drag")?.remove();
  if (under) clickPlace(under.dataset.place, under.getAttribute("class"));
}

window.addEventListener("pointerup", event => finish(event, true));
window.addEventListener("pointercancel", event => finish(event, false));
