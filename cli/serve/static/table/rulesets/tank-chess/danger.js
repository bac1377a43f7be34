// Danger before you commit (issue 59.1): each destination of the selected tank is
// tinted by what the server's notes say could shoot it there on the opponent's
// next turn -- red when it would be destroyed whatever facing it ends in, amber
// when some facings (or shots) are in fire or the armour would hold -- and names
// the shooters on hover (the circle's title, and the note under the board).
// The notes ("into fire: MT l16 destroys it from the side") are worked out by the
// rules engine (rulesets/tank_chess/danger.py) and arrive after the board
// (notes.js); until then nothing is tinted.
import {$, el} from "../../../dom.js";
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
  return {level, text: [head, ...lines].join("\n")};
}

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
    const title = spot.querySelector("title");
    if (title && danger) title.textContent = danger.text;
    if (!spot.dataset.dangerHover) {
      spot.dataset.dangerHover = "1";
      spot.addEventListener("mouseenter", () => showTip(spot));
      spot.addEventListener("mouseleave", hideTip);
    }
  }
}

/** The shooters, named beside a hovered destination in fire: a box floating over
 * the page (position: fixed), so nothing on the page moves under the pointer. */
function showTip(spot) {
  const text = spot.dataset.danger;
  if (!text || !text.includes(INTO) || document.body.classList.contains("tt-dragging")) { hideTip(); return; }
  let tip = $("tc-danger-tip");
  if (!tip) {
    tip = el("div", {id: "tc-danger-tip", role: "tooltip"});
    document.body.append(tip);
  }
  tip.textContent = text;
  tip.className = spot.classList.contains(LEVELS[0]) ? "tc-tip-dead" : "tc-tip-some";
  const r = spot.getBoundingClientRect();
  tip.hidden = false;
  const width = tip.offsetWidth;
  const left = r.right + 8 + width > innerWidth ? Math.max(4, r.left - 8 - width) : r.right + 8;
  tip.style.left = `${left}px`;
  tip.style.top = `${Math.max(4, Math.min(r.top, innerHeight - tip.offsetHeight - 4))}px`;
}

function hideTip() {
  const tip = $("tc-danger-tip");
  if (tip) tip.hidden = true;
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
