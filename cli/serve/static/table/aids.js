// Drawings of legal actions on the board (state.actions[i].aid, built by
// cli/serve/aids.py): a path with its length against the allowance, or shot
// lines with their notes. Shown while a move's button or place is hovered.
import {$, el, svgNode} from "../dom.js";
import {table} from "./connection.js";

export function label(group, x, y, text, cls) {
  if (!text) return;
  group.append(svgNode("text", {x, y, class: "tt-aid-label " + (cls || "")}, text));
}

// Lines drawn as arrows, not shots: a facing (a Tiger's hull or turret at the end of
// its program) or a move.
const ARROWED = new Set(["hull", "turret", "move"]);

function arrowHead(line, cls) {
  const [x1, y1] = line.from, [x2, y2] = line.to;
  const a = Math.atan2(y2 - y1, x2 - x1), s = 7;
  const pts = [[x2, y2], [x2 - s * Math.cos(a - 0.5), y2 - s * Math.sin(a - 0.5)],
               [x2 - s * Math.cos(a + 0.5), y2 - s * Math.sin(a + 0.5)]];
  return svgNode("polygon", {points: pts.map(p => p.map(v => v.toFixed(1)).join(",")).join(" "), class: cls});
}

/** Draw one aid (a path, lines, marked spots) into an SVG group. */
export function drawAid(group, aid) {
  if (aid.path) {
    const cls = "tt-path" + (aid.over ? " tt-over" : "");
    group.append(svgNode("polyline", {points: aid.path.map(p => p.join(",")).join(" "), class: cls}));
    const [x, y] = aid.path[aid.path.length - 1];
    group.append(svgNode("circle", {cx: x, cy: y, r: 4, class: cls}));
    label(group, x + 8, y - 8, aid.label, "tt-path-label");
  }
  for (const line of aid.lines || []) {
    const arrow = ARROWED.has(line.face);
    group.append(svgNode("line", {x1: line.from[0], y1: line.from[1], x2: line.to[0], y2: line.to[1],
                                  class: (arrow ? "tt-arrow" : "tt-shot") + (line.face ? " tt-face-" + line.face : "")}));
    if (arrow) group.append(arrowHead(line, "tt-arrow-head" + (line.face ? " tt-face-" + line.face : "")));
    else group.append(svgNode("circle", {cx: line.to[0], cy: line.to[1], r: 6, class: "tt-shot-end"}));
    label(group, (line.from[0] + line.to[0]) / 2 + 6, (line.from[1] + line.to[1]) / 2 - 6, line.label, "tt-shot-label");
  }
  for (const mark of aid.marks || []) {
    group.append(svgNode("circle", {cx: mark.at[0], cy: mark.at[1], r: 16, class: "tt-mark tt-mark-" + (mark.kind || "")}));
    label(group, mark.at[0] + 14, mark.at[1] - 14, mark.label, "tt-mark-label tt-mark-label-" + (mark.kind || ""));
  }
}

/** Turn a label that would run past the right edge of the board's squares (the
 * picture's data-field, else its viewBox) to the left of its point, so it is read
 * whole (Tank Chess playtest: "hits its front (arm" cut at the board's edge).
 * Call once `group` is in the page (a label's width is only known there). */
export function keepLabelsInside(svg, group) {
  const field = (svg.dataset.field || "").split(" ").map(Number);
  const box = svg.viewBox.baseVal;
  const right = field.length === 4 && field.every(Number.isFinite) ? field[0] + field[2] : box && box.x + box.width;
  if (!right) return;
  for (const text of group.querySelectorAll("text.tt-aid-label")) {
    const b = text.getBBox();
    if (b.x + b.width <= right) continue;
    text.setAttribute("text-anchor", "end");
    text.setAttribute("x", String(Math.max(Number(text.getAttribute("x")) - 12, b.width)));
    text.classList.add("tt-label-left");
  }
}

export function showAids(actions) {
  clearAids();
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const group = svgNode("g", {id: "tt-aid"});
  for (const a of actions) if (a && a.aid) drawAid(group, a.aid);
  svg.append(group);
  keepLabelsInside(svg, group);
  $("aid-note").textContent = actions.filter(a => a && a.aid).map(a => `${a.text}: ${aidText(a.aid)}`).join("\n");
}

function aidText(aid) {
  const parts = [];
  if (aid.path && aid.label) parts.push(aid.label);
  for (const line of aid.lines || []) if (line.label) parts.push(line.label);
  for (const mark of aid.marks || []) if (mark.label) parts.push(mark.label);
  return parts.join("; ");
}

export function clearAids() {
  $("board").querySelector("#tt-aid")?.remove();
  $("aid-note").textContent = "";
}

/** Hovering or focusing `node` draws these actions' aids. */
export function hoverShows(node, actions) {
  node.addEventListener("mouseenter", () => showAids(actions));
  node.addEventListener("focus", () => showAids(actions));
  node.addEventListener("mouseleave", clearAids);
  node.addEventListener("blur", clearAids);
}

/** The line of a CHECK (state.check_line), drawn while it stands. */
export function drawCheckLine() {
  const state = table.state;
  const svg = $("board").querySelector("svg");
  svg?.querySelector("#tt-check")?.remove();
  if (!svg || !state.check_line) return;
  const group = svgNode("g", {id: "tt-check"});
  for (const line of state.check_line.lines) {
    group.append(svgNode("line", {x1: line.from[0], y1: line.from[1], x2: line.to[0], y2: line.to[1], class: "tt-check"}));
    label(group, line.to[0] + 6, line.to[1] - 10, line.label, "tt-check-label");
  }
  svg.append(group);
}

/** The danger tints' stylesheet (danger.css: Battle of Tanks and Duel of the Giants,
 * issue 59.1), added to the page once, by the ruleset that tints. */
export function dangerStyles() {
  if (!document.querySelector('link[href="/static/table/danger.css"]')) {
    document.head.append(el("link", {rel: "stylesheet", href: "/static/table/danger.css"}));
  }
}
