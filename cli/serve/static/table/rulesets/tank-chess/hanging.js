// Your tanks in fire now (issue 59.1; this session's playtest: four of White's tanks
// could be shot next turn and nothing on the board said so -- only the `threats`
// question, answered as text in a corner). At your turn the page asks the table
// `threats` (the rules engine's own answer, rulesets/tank_chess/danger.py) and rings
// each of your tanks the enemy could shoot on its next turn if you left it there:
// red when the shot destroys it, amber when its armour would hold. Hovering a ringed
// tank names the shooters and draws their arrows; a line under the buttons lists them.
import {el, svgNode, $} from "../../../dom.js";
import {table, ask, onState} from "../../connection.js";
import {boardSvg, onBoardDrawn, onOverlay} from "../../board.js";
import {squareAt, showThreat, tipBeside, hideTip} from "./danger.js";

let asked = null;  // the version the question was asked for
let found = [];    // [{code, square, text, destroys}] for the position asked about

/** Your tanks under fire, from the `threats` answer's lines ("  MT e4: MT i9 from g6
 * destroys it from the side"), up to its map. */
export function readThreats(answer) {
  const out = [];
  for (const line of answer.split("\n")) {
    if (line.startsWith("squares the enemy")) break;
    const m = /^\s+([A-Z]{2,3}) ([a-z]\d+): (.+)$/.exec(line);
    if (m) out.push({code: m[1], square: m[2], text: m[3].replace(/\s*<-.*$/, ""), destroys: m[3].includes("destroys it")});
  }
  return out;
}

async function refresh() {
  const state = table.state;
  if (!state || !state.your_turn || state.outcome || !state.svg) { asked = null; found = []; draw(); return; }
  const version = String(state.version);
  if (asked === version) { draw(); return; }
  asked = version;
  found = [];
  draw();
  const reply = await ask("threats");
  if (asked !== version || !reply.answer) return;  // a newer position came meanwhile, or no answer
  found = readThreats(reply.answer);
  draw();
}

/** The rings on the board and the line beside it. */
function draw() {
  const svg = boardSvg();
  svg?.querySelector("#tc-hanging")?.remove();
  $("tc-hanging-line")?.remove();
  if (!svg || !found.length) return;
  const n = Number(svg.dataset.grid), field = (svg.dataset.field || "").split(" ").map(Number);
  const r = field[2] / n * 0.5;
  const g = svgNode("g", {id: "tc-hanging"});
  for (const t of found) {
    const at = squareAt(svg, t.square);
    if (!at) continue;
    g.append(svgNode("circle", {cx: at[0], cy: at[1], r, class: t.destroys ? "tc-hanging-dead" : "tc-hanging-hit",
                                "data-square": t.square}));
  }
  const overlay = svg.querySelector("#tt-overlay");
  if (overlay) svg.insertBefore(g, overlay); else svg.append(g);  // under the places, never in a click's way
  // under the buttons, not above the move box: there it came and went from one turn to the
  // next and moved the move box and the hint button under the pointer (playtest of 58/59)
  const buttons = $("buttons");
  if (buttons) {
    buttons.after(el("p", {id: "tc-hanging-line", class: "tc-hanging-line",
                           text: "in fire now: " + found.map(t => `${t.code} ${t.square}${t.destroys ? "" : " (armour holds)"}`)
                             .join(", ") + " -- point at a ringed tank to see who"}));
  }
}

/** Pointing at one of your ringed tanks: who could shoot it, and their arrows. */
function hover(overlay) {
  for (const spot of overlay.querySelectorAll("circle.tt-from[data-place]")) {
    spot.addEventListener("mouseenter", () => {
      const t = found.find(f => f.square === spot.dataset.place);
      if (!t || document.body.classList.contains("tt-dragging")) return;
      showThreat(t.square, t.text);
      tipBeside(spot, `${t.code} ${t.square} can be shot next turn if it stays:\n${t.text}`, t.destroys);
    });
    spot.addEventListener("mouseleave", hideTip);
  }
}

export function setup() {
  onState(() => queueMicrotask(refresh));
  onBoardDrawn(() => queueMicrotask(draw));
  onOverlay(overlay => { hover(overlay); queueMicrotask(draw); });
}
