// Tank Chess on the board (issue 29.9): after the destination, the final facing
// is picked by pointing at one of eight arrows around it (or pressing on it and
// dragging the way the tank should face); only the facings the rules allow are
// drawn. Destinations and facings from which a shot is possible are marked
// before any hover. A facing with shots asks for the shot as a click of its own
// on the target (or the chosen arrow again: no shot); the chooser beside the
// board lists the same moves. A destination with one facing and no shot is never
// played by its first click (playtest: every other move showed a choice first, this
// one surprised): its one arrow is drawn chosen, with the tank drawn there facing so,
// and a second click on the square (or the arrow, or Enter) plays it. The tank is
// drawn at its destination whenever a facing is pointed at or chosen.
import {svgNode} from "../../../dom.js";
import {table, play} from "../../connection.js";
import {showAids, clearAids, drawAid} from "../../aids.js";
import {boardSvg, choose, choicesAt, onCancel, onDestination, onOverlay} from "../../board.js";
import {svgPoint, swallowNextClick} from "../../drag.js";
import {FACINGS, byFacing, readMove} from "./moves.js";
import {fireOf, shortOf, showThreat, hideThreat} from "./danger.js";

let pick = null;  // {key, at: [x, y], groups: byFacing(...), facing, confirm}

/** The angle on the screen of a facing: N is up unless Black's side is the bottom. */
function screenAngle(facing) {
  const north = table.state.view && table.state.view.north === "down" ? 90 : -90;
  return (north + 45 * FACINGS.indexOf(facing)) * Math.PI / 180;
}

/** The allowed facing nearest the way (dx, dy) points, within half a step of it. */
function facingToward(dx, dy) {
  const a = Math.atan2(dy, dx);
  let best = null;
  for (const f of Object.keys(pick.groups)) {
    const d = Math.abs(((a - screenAngle(f)) % (2 * Math.PI) + 3 * Math.PI) % (2 * Math.PI) - Math.PI);
    if (d <= Math.PI / 4 + 1e-9 && (!best || d < best.d)) best = {d, f};
  }
  return best ? best.f : null;
}

function radius() { return table.state.targets.radius; }

function facingAt(event) {
  const p = svgPoint(boardSvg(), event);
  const dx = p.x - pick.hub[0], dy = p.y - pick.hub[1];
  return Math.hypot(dx, dy) < (pick.dead ?? radius() * 0.9) ? null : facingToward(dx, dy);
}

/** Where the ring of arrows centres for a destination at `at`: on it, or as near it as
 * keeps the arrows on the board's squares (hidden playtest: on an edge square they spilled
 * over the frame, or off a board cropped to its squares; shortened there, they crowded
 * into a knot at a corner). */
function hubOf(at) {
  const f = fieldOf(boardSvg()), m = radius() * 2.8 + 2;
  if (!f || f[2] < 2 * m || f[3] < 2 * m) return at;
  return [Math.min(Math.max(at[0], f[0] + m), f[0] + f[2] - m), Math.min(Math.max(at[1], f[1] + m), f[1] + f[3] - m)];
}

/** The board's squares' box in the drawing ([x, y, width, height]: svg.py's data-field). */
function fieldOf(svg) {
  const f = ((svg && svg.dataset.field) || "").split(" ").map(Number);
  return f.length === 4 && f.every(Number.isFinite) ? f : null;
}

/** How far from (x, y) along (ux, uy) the board's squares go on (Infinity: no field known). */
function reach(x, y, ux, uy) {
  const f = fieldOf(boardSvg());
  if (!f) return Infinity;
  const [fx, fy, fw, fh] = f;
  let t = Infinity;
  if (ux > 1e-9) t = Math.min(t, (fx + fw - x) / ux);
  if (ux < -1e-9) t = Math.min(t, (x - fx) / -ux);
  if (uy > 1e-9) t = Math.min(t, (fy + fh - y) / uy);
  if (uy < -1e-9) t = Math.min(t, (y - fy) / -uy);
  return t;
}

/** The danger of a facing as its tooltip tells it: the best of its moves (with the shot
 * that removes the shooter it may be safe though the move without a shot is not: hidden
 * playtest of issues 58/59, "safe: W xi2" under a red W arrow). `{level: "dead" | "some"
 * | null, fire, safeBy}`: `fire` the best move's danger, `safeBy` the shot that makes it safe. */
export function facingDanger(group) {
  const rank = fire => !fire ? 0 : fire.includes("destroys") ? 2 : 1;
  let best = null;
  for (const a of [group.plain, ...group.shots]) {
    if (!a) continue;
    const fire = fireOf(a);
    if (!best || rank(fire) < rank(best.fire)) best = {fire, action: a};
  }
  if (!best) return {level: null, fire: "", safeBy: null};
  const level = [null, "some", "dead"][rank(best.fire)];
  const plainFire = group.plain ? fireOf(group.plain) : "";
  const safeBy = !best.fire && best.action !== group.plain && plainFire ? best.action : null;
  return {level, fire: best.fire, safeBy};
}

/** A destination with several moves: the ring of facings (true: taken over). */
function destination(key, choices) {
  const groups = byFacing(choices);
  const facings = Object.keys(groups);
  if (!facings.length || !table.state.targets.places[key]) return false;
  cancel();
  const at = table.state.targets.places[key];
  pick = {key, at, hub: hubOf(at), groups, facing: null, confirm: false};
  document.body.classList.add("tc-picking");  // the places under the ring rest meanwhile
  if (facings.length > 1) drawRing();
  else if (groups[facings[0]].shots.length) chooseFacing(facings[0]);
  else drawConfirm(facings[0]);
  return true;
}

/** The piece being moved, drawn at the destination facing `f` (a faint copy of its own
 * drawing, turned as the art contract has it: 0 degrees points east), or none. */
function ghost(f) {
  const svg = boardSvg();
  svg?.querySelector("#tc-ghost")?.remove();
  const from = table.selected && table.state.targets.places[table.selected];
  if (!svg || !pick || !f || !from) return;
  const piece = [...svg.querySelectorAll("g.tt-piece:not(.tt-wreck)")].find(g => {
    const m = /translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)/.exec(g.getAttribute("transform") || "");
    return m && Math.abs(m[1] - from[0]) < 1 && Math.abs(m[2] - from[1]) < 1;
  });
  if (!piece) return;
  const copy = piece.cloneNode(true);
  copy.removeAttribute("data-piece");  // the motion module follows the real piece only
  copy.querySelectorAll(".badge, title").forEach(n => n.remove());
  const deg = screenAngle(f) * 180 / Math.PI;
  copy.setAttribute("class", "tc-ghost-piece " + (piece.getAttribute("class") || "").replace("tt-piece", ""));
  copy.setAttribute("transform", `translate(${pick.at[0]} ${pick.at[1]}) rotate(${deg.toFixed(1)})`);
  const g = svgNode("g", {id: "tc-ghost", "data-facing": f});
  g.append(copy);
  svg.append(g);  // over the ring's pale disc, where it is seen; it takes no click (board.css)
}

/** The ring's pale disc, cut to the board's squares (it spilled over the frame). */
function ringDisc(x, y, r, cls) {
  const svg = boardSvg(), f = fieldOf(svg);
  const disc = svgNode("circle", {cx: x, cy: y, r, class: cls});
  if (!f) return disc;
  if (!svg.querySelector("#tc-field-clip")) {
    const clip = svgNode("clipPath", {id: "tc-field-clip"});
    clip.append(svgNode("rect", {x: f[0], y: f[1], width: f[2], height: f[3]}));
    svg.append(clip);
  }
  disc.setAttribute("clip-path", "url(#tc-field-clip)");
  return disc;
}

/** One facing and no shot: the move is shown (its arrow chosen, the tank drawn there)
 * and waits for a second click on the square or the arrow, or Enter. */
function drawConfirm(f) {
  pick.confirm = true;
  pick.facing = f;
  const svg = boardSvg();
  const R = radius(), [x, y] = pick.at;
  const plain = pick.groups[f].plain;
  const g = svgNode("g", {id: "tc-pick", "data-stage": "confirm"});
  g.append(ringDisc(pick.hub[0], pick.hub[1], R * 3.2, "tc-ring tc-ring-confirm"));
  const chosen = arrow(f, "tc-chosen");
  chosen.lastChild.textContent = `${plain.text}: click again (or press Enter) to play` +
    (fireOf(plain) ? `\ninto fire: ${fireOf(plain)}` : "");
  g.append(chosen);
  const centre = svgNode("circle", {cx: x, cy: y, r: R * 1.1, class: "tc-ring-centre tc-confirm"});
  centre.append(svgNode("title", {}, `${plain.text}: click again (or press Enter) to play`));
  g.append(centre);
  const go = e => { e.stopPropagation(); e.preventDefault(); swallowNextClick(); confirmMove(); };
  for (const node of [chosen, centre]) {
    node.addEventListener("pointerdown", e => e.stopPropagation());
    node.addEventListener("pointerup", go);
  }
  g.addEventListener("click", e => e.stopPropagation());  // a click elsewhere in the ring plays nothing, keeps it
  svg.querySelector("#tc-pick")?.remove();
  svg.append(g);
  ghost(f);
  showAids([plain]);
  showThreat(pick.key, fireOf(plain));
  choose([{...plain, note: "click the square again or press Enter" + (plain.note ? `; ${plain.note}` : "")}]);
}

/** The shown move (one facing, no shot) played: the second click, or Enter. */
function confirmMove() {
  if (!pick || !pick.confirm) return false;
  const text = pick.groups[pick.facing].plain.text;
  cancel();
  play(text);
  return true;
}

function arrow(f, cls) {
  const R = radius(), [x, y] = pick.hub, a = screenAngle(f);
  const ux = Math.cos(a), uy = Math.sin(a);
  // the arrow stays on the board's squares: the ring centres off an edge square (hubOf),
  // and an arrow that still does not fit (a board too small) is drawn shorter
  const far = Math.min(R * 2.8, reach(x, y, ux, uy) - 1.5);
  const near = Math.max(R * 0.3, far - R * 1.3);
  const k = Math.min(1, (far - near) / (R * 1.3));
  const tip = [x + ux * far, y + uy * far], base = [x + ux * near, y + uy * near];
  const px = -uy * R * 0.7 * k, py = ux * R * 0.7 * k;
  const points = [tip, [base[0] + px, base[1] + py], [base[0] - px, base[1] - py]]
    .map(p => p.map(v => v.toFixed(1)).join(",")).join(" ");
  const shoots = pick.groups[f].shots.length > 0;
  const {level, fire, safeBy} = facingDanger(pick.groups[f]);  // issue 59.1: the danger of ending so
  const danger = level ? ` tc-danger-${level}` : "";
  const node = svgNode("polygon", {points, class: `tc-arrow ${cls}` + (shoots ? " tc-shoots" : "") + danger,
                                   "data-facing": f, "data-near": near.toFixed(1)});
  node.append(svgNode("title", {}, `face ${f}` + (shoots ? ": a shot is possible" : "") +
                                   (fire ? `\ninto fire: ${fire}` : "") +
                                   (safeBy ? `\nsafe with the shot: ${shortOf(safeBy)}` : "")));
  return node;
}

function drawRing() {
  const svg = boardSvg();
  const R = radius(), [x, y] = pick.hub;
  const g = svgNode("g", {id: "tc-pick", "data-stage": "facing"});
  g.append(ringDisc(x, y, R * 3.2, "tc-ring"));
  // the centre first, the arrows over it: an arrow shortened at the board's edge starts in it
  g.append(svgNode("circle", {cx: x, cy: y, r: R * 0.9, class: "tc-ring-centre"}));
  for (const f of FACINGS) if (pick.groups[f]) g.append(arrow(f, ""));
  pick.dead = Math.min(R * 0.9, ...[...g.querySelectorAll(".tc-arrow")].map(n => Number(n.dataset.near)));
  let down = null;
  g.addEventListener("pointerdown", e => {
    e.stopPropagation();
    down = e.pointerId;
    g.setPointerCapture?.(e.pointerId);
  });
  g.addEventListener("pointermove", e => point(facingAt(e)));
  g.addEventListener("pointerleave", () => { if (down === null) point(null); });
  g.addEventListener("pointerup", e => {
    if (down !== e.pointerId) return;
    down = null;
    swallowNextClick();
    const f = facingAt(e);
    if (f) chooseFacing(f);
  });
  g.addEventListener("pointercancel", () => { down = null; });
  g.addEventListener("click", e => e.stopPropagation());
  svg.querySelector("#tc-pick")?.remove();
  svg.append(g);
}

/** Pointing at a facing: its arrow lit, its shots drawn. */
function point(f) {
  if (!pick || pick.facing) return;
  const svg = boardSvg();
  for (const node of svg.querySelectorAll("#tc-pick .tc-arrow")) {
    node.classList.toggle("tc-pointed", node.dataset.facing === f);
  }
  ghost(f);
  if (!f) { clearAids(); hideThreat(); return; }
  const group = pick.groups[f];
  showAids([group.plain, ...group.shots].filter(Boolean));
  showThreat(pick.key, fireOf(group.plain));  // where the enemy would shoot it from, facing so
  // the ring stays above the drawn shots; it is not moved itself (that would end a drag from it)
  const aid = svg.querySelector("#tt-aid");
  if (aid) svg.insertBefore(aid, svg.querySelector("#tc-pick"));
}

function chooseFacing(f) {
  const group = pick.groups[f];
  if (!group.shots.length) { const text = group.plain.text; cancel(); play(text); return; }
  pick.facing = f;
  drawShots(group);
  ghost(f);
}

/** The facing is chosen and shots are possible: a click on a target shoots it; the
 * arrow (or "no shot" in the chooser) moves without shooting. */
function drawShots(group) {
  const svg = boardSvg();
  svg.querySelector("#tc-pick")?.remove();
  const R = radius();
  clearAids();
  hideThreat();
  const g = svgNode("g", {id: "tc-pick", "data-stage": "shot"});
  // the shots, with the face each hits and whether it destroys, stay drawn while the
  // shot is chosen: part of the ring, not a hover's aid that the next pointer move clears
  const lines = svgNode("g", {class: "tc-shot-lines"});
  for (const shot of group.shots) if (shot.aid) drawAid(lines, shot.aid);
  g.append(lines);
  const chosen = arrow(pick.facing, "tc-chosen");
  if (group.plain) {
    const plain = group.plain.text;
    chosen.lastChild.textContent = `${plain}: move without shooting`;
    chosen.addEventListener("click", e => { e.stopPropagation(); cancel(); play(plain); });
  }
  g.append(chosen);
  for (const shot of group.shots) {
    const line = shot.aid && shot.aid.lines && shot.aid.lines[0];
    if (!line) continue;
    const target = readMove(shot.text).target;
    const ring = svgNode("circle", {cx: line.to[0], cy: line.to[1], r: R * 1.05, class: "tc-target",
                                    "data-target": target});
    ring.append(svgNode("title", {}, `${shot.text}: ${line.label}`));
    ring.addEventListener("click", e => { e.stopPropagation(); cancel(); play(shot.text); });
    g.append(ring);
  }
  svg.append(g);
  tidyShotLabels(svg, lines);
  const plain = group.plain && {...group.plain, note: "no shot" + (group.plain.note ? `; ${group.plain.note}` : "")};
  choose([plain, ...group.shots].filter(Boolean));
}

/** A shot's label at its target, one per target however many moves shoot it (hidden
 * playtest of issues 58/59: three facings' labels printed over each other, midway
 * along lines, with two targets the reader could not tell whose was whose): the
 * longest of its labels (it says the CHECK), just under the target's ring (over it on
 * the bottom rank), kept inside the board's squares. */
export function tidyShotLabels(svg, group) {
  const f = fieldOf(svg), R = radius(), kept = new Map();
  for (const line of [...group.querySelectorAll("line.tt-shot")]) {
    let text = line.nextElementSibling;
    if (text && !text.matches("text")) text = text.nextElementSibling;
    if (!text || !text.matches("text.tt-shot-label")) continue;
    const key = `${line.getAttribute("x2")},${line.getAttribute("y2")}`;
    const held = kept.get(key);
    if (held && held.textContent.length >= text.textContent.length) { text.remove(); continue; }
    held?.remove();
    kept.set(key, text);
    const tx = Number(line.getAttribute("x2")), ty = Number(line.getAttribute("y2"));
    text.classList.remove("tt-label-left");
    text.setAttribute("text-anchor", "middle");
    text.setAttribute("x", String(tx));
    text.setAttribute("y", String(ty + R * 1.05 + 13));
    text.dataset.target = key;
  }
  for (const text of kept.values()) {
    if (f) {
      let b = text.getBBox();
      if (b.y + b.height > f[1] + f[3]) {  // under the bottom rank: over the target instead
        text.setAttribute("y", String(Number(text.getAttribute("y")) - R * 2.1 - 17));
        b = text.getBBox();
      }
      const shift = Math.max(0, f[0] + 2 - b.x) - Math.max(0, b.x + b.width - (f[0] + f[2] - 2));
      if (shift) text.setAttribute("x", String(Number(text.getAttribute("x")) + shift));
    }
    // already turned back upright on a board turned round (turn.js): about where it now stands
    if (text.hasAttribute("data-tt-own") && /rotate\(180/.test(text.getAttribute("transform") || "")) {
      const b = text.getBBox(), own = text.getAttribute("data-tt-own");
      text.setAttribute("transform", `${own} rotate(180 ${(b.x + b.width / 2).toFixed(2)} ${(b.y + b.height / 2).toFixed(2)})`.trim());
    }
  }
}

/** Forget the half-made move (another piece, Esc, a click off the board, a new position). */
export function cancel() {
  if (!pick) return;
  pick = null;
  document.body.classList.remove("tc-picking");
  boardSvg()?.querySelector("#tc-pick")?.remove();
  boardSvg()?.querySelector("#tc-ghost")?.remove();
  clearAids();
  hideThreat();
}

/** Mark the destinations from which a shot is possible (before any hover), and keep
 * a ring being used above the freshly drawn places. */
function decorate(overlay, svg) {
  const R = radius();
  for (const spot of [...overlay.querySelectorAll("circle.tt-to")]) {
    if (!choicesAt(spot.dataset.place).some(a => (readMove(a.text) || {}).target)) continue;
    spot.classList.add("tc-shot-from");
    overlay.append(svgNode("circle", {cx: spot.getAttribute("cx"), cy: spot.getAttribute("cy"),
                                      r: Math.min(R * 0.3, Number(spot.getAttribute("r")) * 0.6),
                                      class: "tc-shot-mark"}));
  }
  // the spot beyond the edge a Command Tank drives off by (TC-7.2) says so
  const exit = overlay.querySelector("circle.tt-to[data-place='exit']");
  if (exit) {
    overlay.append(svgNode("text", {x: exit.getAttribute("cx"), y: Number(exit.getAttribute("cy")) + 4,
                                    class: "tc-exit-label", "text-anchor": "middle"}, "off"));
  }
  const ring = svg.querySelector("#tc-pick");
  if (ring) svg.insertBefore(overlay, ring);
}

export function setup() {
  // a hover's aids (board.js draws them by the shared aids.js): their shot labels tidied
  // as soon as they are drawn, before the page is painted
  const board = document.getElementById("board");
  if (board) {
    new MutationObserver(records => {
      for (const r of records) for (const n of r.addedNodes) {
        if (n.id === "tt-aid" && n.ownerSVGElement) tidyShotLabels(n.ownerSVGElement, n);
      }
    }).observe(board, {childList: true, subtree: true});
  }
  // Enter plays a move shown for confirmation (unless typing: the move box sends its own)
  document.addEventListener("keydown", e => {
    if (e.key !== "Enter" || !pick || !pick.confirm || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target instanceof HTMLElement && e.target.closest("input, textarea, select, button, [contenteditable]")) return;
    e.preventDefault();
    confirmMove();
  });
  onDestination(destination);
  onCancel(cancel);
  onOverlay(decorate);
}
