// The hint on the board, as lichess draws its analysis arrows: while the table's
// answer to `hint` stands ("hint: MT k1-j3:W (+0.07) · MT k1-i2:W (+0.05) · ..."),
// each suggested move is an arrow from its tank to its destination, the best one
// bold and the others faint, its shot a thin line on to the target -- so a
// suggestion is seen on the board, not decoded from its notation.
// A suggestion is played with one click (playtest of issues 58/59): on its arrow's
// head (the destination, where no piece stands) or on its move in the answer's line,
// each a button. The arrow's shaft stays a drawing: it crosses squares whose tanks a
// click must still pick. While a tank is picked (or its facing chosen) the heads rest,
// so the ordinary destination spots below them answer.
import {$, el, svgNode} from "../../../dom.js";
import {buttonsInAnswer} from "../../answerbuttons.js";
import {play, table} from "../../connection.js";
import {boardSvg, onBoardDrawn} from "../../board.js";
import {squareAt} from "./danger.js";
import {readMove} from "./moves.js";

/** The parts of a hint's answer, best first: `{text, rest, move}` with the move's
 * notation, what follows it (its estimate) and the move read; empty for any other answer. */
export function hintParts(answer) {
  if (!answer.startsWith("hint: ")) return [];
  return answer.slice(6).split(";")[0].split(" · ").map(part => {
    const text = part.trim().replace(/\s*\([^()]*\)$/, "");
    return {text, rest: part.slice(part.indexOf(text) + text.length), move: readMove(text)};
  }).filter(p => p.move);
}

/** The moves a hint's answer suggests, best first (empty for any other answer). */
export function hintMoves(answer) { return hintParts(answer).map(p => p.move); }

function arrowHead(g, [x1, y1], [x2, y2], size, cls) {
  const a = Math.atan2(y2 - y1, x2 - x1);
  const pts = [[x2, y2], [x2 - size * Math.cos(a - 0.45), y2 - size * Math.sin(a - 0.45)],
               [x2 - size * Math.cos(a + 0.45), y2 - size * Math.sin(a + 0.45)]];
  g.append(svgNode("polygon", {points: pts.map(p => p.map(v => v.toFixed(1)).join(",")).join(" "), class: cls}));
}

function playHint(text) {
  return event => { event.stopPropagation(); event.preventDefault(); play(text); };
}

function draw() {
  const svg = boardSvg();
  svg?.querySelector("#tc-hint")?.remove();
  const parts = hintParts(($("answer")?.textContent || "").trim());
  offerInAnswer(parts);
  if (!svg || !parts.length) return;
  const g = svgNode("g", {id: "tc-hint"});
  const heads = [];
  parts.forEach(({text, move: m}, i) => {
    const from = squareAt(svg, m.from), to = m.to === "off" ? null : squareAt(svg, m.to);
    if (!from) return;
    const cls = i === 0 ? "tc-hint-best" : "tc-hint-other";
    const end = to || [from[0], from[1] - 30];
    if (Math.hypot(end[0] - from[0], end[1] - from[1]) > 1) {
      const a = Math.atan2(end[1] - from[1], end[0] - from[0]), stop = [end[0] - Math.cos(a) * 8, end[1] - Math.sin(a) * 8];
      g.append(svgNode("line", {x1: from[0], y1: from[1], x2: stop[0], y2: stop[1], class: cls, "data-move": `${m.from}-${m.to}`}));
      arrowHead(g, from, end, i === 0 ? 14 : 10, cls);
    } else {
      g.append(svgNode("circle", {cx: from[0], cy: from[1], r: 17, class: cls, "data-move": `${m.from}-${m.to}`}));
    }
    const target = m.target && squareAt(svg, m.target);
    if (target) g.append(svgNode("line", {x1: end[0], y1: end[1], x2: target[0], y2: target[1], class: cls + " tc-hint-shot"}));
    // a turn in place ends on the tank itself: its head is the small ring's corner, not the tank
    const radius = (table.state?.targets?.radius || 18);
    const at = to && (to[0] !== from[0] || to[1] !== from[1]) ? end : [from[0] + radius * 0.85, from[1] - radius * 0.85];
    const hit = svgNode("circle", {cx: at[0], cy: at[1], r: to && at === end ? radius : radius * 0.6,
                                   class: "tc-hint-hit", "data-hint": text});
    hit.append(svgNode("title", {}, `${text}: click to play the hint`));
    hit.addEventListener("click", playHint(text));
    hit.addEventListener("pointerdown", e => e.stopPropagation());
    heads.unshift(hit);  // the best on top where two heads meet
  });
  g.append(...heads);
  svg.append(g);
}

/** The answer's moves as buttons that play them; its text stays as it was read. */
function offerInAnswer(parts) {
  const answer = $("answer");
  if (!answer || !parts.length || answer.querySelector(".tc-hint-play")) return;
  buttonsInAnswer(answer, parts.map(({text}) => ({shown: text})), ({shown}) => {
    const button = el("button", {type: "button", class: "tc-hint-play", text: shown, title: `play ${shown}`});
    button.addEventListener("click", playHint(shown));
    return button;
  });
}

export function setup() {
  const answer = $("answer");
  if (answer) new MutationObserver(draw).observe(answer, {childList: true, characterData: true, subtree: true});
  onBoardDrawn(() => queueMicrotask(draw));
}
