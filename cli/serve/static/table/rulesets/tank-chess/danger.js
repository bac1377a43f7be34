// Danger before you commit (issue 59.1): each destination of the selected tank is
// tinted by what the server's notes say could shoot it there on the opponent's
// next turn -- red when it would be destroyed whatever facing it ends in, amber
// when some facings (or shots) are in fire or the armour would hold -- and names
// the shooters on hover (the circle's title, and the note under the board).
// The notes ("into fire: MT l16 destroys it from the side") are worked out by the
// rules engine (rulesets/tank_chess/danger.py) and arrive after the board
// (notes.js); until then nothing is tinted.
import {$, el, svgNode} from "../../../dom.js";
import {table, onState} from "../../connection.js";
import {boardSvg, choicesAt, onOverlay} from "../../board.js";
import {readMove} from "./moves.js";

const INTO = "into fire: ";
const LEVELS = ["tc-danger-dead", "tc-danger-some"];

/** What could shoot the tank after this move, in the note's words ("" for nothing). */
export function fireOf(action) {
  const note = (action && action.note) || "";
  const i = note.indexOf(INTO);
  return i < 0 ? "" : note.slice(i + INTO.length);
}

/** How a move reads in a short list: its facing and its shot (`NE xh9`). */
export function shortOf(action) {
  const m = readMove(action.text);
  if (!m) return action.text;
  if (m.to === "off") return "off";
  return (m.facing || "") + (m.target ? " x" + m.target : "");
}

/** The danger of ending on `key`: {level: "dead" | "some" | null, text}, or null
 * while the notes are still to come. */
export function dangerAt(key, choices) {
  const state = table.state;
  if (!state || state.notes === "later" || !choices.length) return null;
  const byFire = new Map();  // what could shoot it -> the moves it applies to
  let dead = 0, hit = 0;
  for (const a of choices) {
    const fire = fireOf(a);
    if (!byFire.has(fire)) byFire.set(fire, []);
    byFire.get(fire).push(shortOf(a));
    if (fire) { hit++; if (fire.includes("destroys")) dead++; }
  }
  if (!hit) return {level: null, text: `${key}: no enemy tank can shoot it there next turn`};
  const level = dead === choices.length ? "dead" : "some";
  const lines = [...byFire].map(([fire, moves]) => `  ${moves.join(", ")}: ${fire ? "into fire: " + fire : "safe"}`);
  const head = level === "dead" ? `${key}: destroyed next turn whatever its facing` : `${key}: in fire`;
  // the tip at a glance: who could shoot, and the moves that stay safe (the lines of
  // fire are drawn on the board; the square's title keeps every facing's detail)
  const shooters = [...new Set([...byFire.keys()].flatMap(fire => [...fire.matchAll(SHOOTER)].map(m => m[0])))];
  const safe = byFire.get("") || [];
  const brief = [head, `into fire: ${shooters.join(", ")}`, ...(safe.length ? [`safe: ${safe.join(", ")}`] : [])];
  return {level, text: [head, ...lines].join("\n"), brief: brief.join("\n")};
}

/** A tank named in a danger note: its card and square ("LT k16"). */
const SHOOTER = /\b[A-Z]{2,3} [a-z]\d+\b/g;

/** Tint the destinations drawn (board.js's overlay) by their danger. */
function tint() {
  const overlay = boardSvg()?.querySelector("#tt-overlay");
  if (!overlay) return;
  for (const spot of overlay.querySelectorAll("circle.tt-to")) {
    const key = spot.getAttribute("data-place");
    const danger = dangerAt(key, choicesAt(key));
    spot.classList.remove(...LEVELS);
    if (danger && danger.level) spot.classList.add(danger.level === "dead" ? LEVELS[0] : LEVELS[1]);
    spot.dataset.danger = danger ? danger.text : "";
    spot.dataset.brief = danger && danger.brief ? danger.brief : "";
    const title = spot.querySelector("title");
    if (title && danger) title.textContent = danger.text;
    if (!spot.dataset.dangerHover) {
      spot.dataset.dangerHover = "1";
      spot.addEventListener("mouseenter", () => showTip(spot));
      spot.addEventListener("mouseleave", hideTip);
    }
  }
}

/** The centre of the square named `name` on the board's drawing: a name counts from
 * the drawing's bottom left whichever side is drawn there (svg.py's data-field, data-grid). */
export function squareAt(svg, name) {
  const field = (svg.dataset.field || "").split(" ").map(Number), n = Number(svg.dataset.grid);
  const m = /^([a-z])(\d+)$/.exec(name);
  if (!m || field.length !== 4 || !n) return null;
  const cell = field[2] / n, col = m[1].charCodeAt(0) - 97, row = n - Number(m[2]);
  return [field[0] + (col + 0.5) * cell, field[1] + (row + 0.5) * cell];
}

/** The enemy's lines of fire into `key`, drawn from each shooter the danger text
 * names ("LT k16 destroys it from the side"): as lichess draws an arrow, so the eye
 * finds the shooter on the board, not only in words (issue 59.1). */
export function showThreat(key, text) {
  const svg = boardSvg();
  svg?.querySelector("#tc-threat")?.remove();
  const to = svg && squareAt(svg, key);
  if (!to || !text) return;
  const g = svgNode("g", {id: "tc-threat"});
  const seen = new Set();
  for (const m of text.matchAll(SHOOTER)) {
    const square = m[0].split(" ")[1], from = squareAt(svg, square);
    if (!from || seen.has(square)) continue;
    seen.add(square);
    const [x1, y1] = from, [x2, y2] = to, a = Math.atan2(y2 - y1, x2 - x1), s = 11;
    const end = [x2 - Math.cos(a) * 12, y2 - Math.sin(a) * 12];  // the head stops short of the tank's middle
    g.append(svgNode("circle", {cx: x1, cy: y1, r: 15, "data-shooter": square}));
    g.append(svgNode("line", {x1, y1, x2: end[0], y2: end[1]}));
    const head = [[end[0], end[1]], [end[0] - s * Math.cos(a - 0.45), end[1] - s * Math.sin(a - 0.45)],
                  [end[0] - s * Math.cos(a + 0.45), end[1] - s * Math.sin(a + 0.45)]];
    g.append(svgNode("polygon", {points: head.map(p => p.map(v => v.toFixed(1)).join(",")).join(" ")}));
  }
  svg.append(g);
}

export function hideThreat() { boardSvg()?.querySelector("#tc-threat")?.remove(); }

/** The shooters, named beside a hovered destination in fire: a box floating over
 * the page (position: fixed), so nothing on the page moves under the pointer; their
 * lines of fire drawn on the board. */
function showTip(spot) {
  const text = spot.dataset.danger;
  if (!text || !text.includes(INTO) || document.body.classList.contains("tt-dragging")) { hideTip(); return; }
  showThreat(spot.getAttribute("data-place"), text);
  tipBeside(spot, spot.dataset.brief || text, spot.classList.contains(LEVELS[0]));
}

/** The floating tip with `text` beside `node` (red-edged when `dead`). */
export function tipBeside(node, text, dead) {
  let tip = $("tc-danger-tip");
  if (!tip) {
    tip = el("div", {id: "tc-danger-tip", role: "tooltip"});
    document.body.append(tip);
  }
  tip.textContent = text;
  tip.className = dead ? "tc-tip-dead" : "tc-tip-some";
  const r = node.getBoundingClientRect();
  tip.hidden = false;
  const width = tip.offsetWidth;
  const left = r.right + 8 + width > innerWidth ? Math.max(4, r.left - 8 - width) : r.right + 8;
  tip.style.left = `${left}px`;
  tip.style.top = `${Math.max(4, Math.min(r.top, innerHeight - tip.offsetHeight - 4))}px`;
}

export function hideTip() {
  const tip = $("tc-danger-tip");
  if (tip) tip.hidden = true;
  hideThreat();
}

/** The `threats` command's answer holds a map of the board: set it in a fixed-width font. */
function mapsInColumns() {
  const answer = $("answer");
  if (!answer) return;
  const fit = () => answer.classList.toggle("tc-map", answer.textContent.includes("squares the enemy can fire into"));
  new MutationObserver(fit).observe(answer, {childList: true, characterData: true, subtree: true});
}

export function setup() {
  mapsInColumns();
  onOverlay(() => { hideTip(); tint(); });
  onState(() => queueMicrotask(tint));  // the notes merged in after the board: tint again
}
