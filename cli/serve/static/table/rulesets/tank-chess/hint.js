// The hint on the board, as lichess draws its analysis arrows: while the table's
// answer to `hint` stands ("hint: MT k1-j3:W (+0.07) · MT k1-i2:W (+0.05) · ..."),
// each suggested move is an arrow from its tank to its destination, the best one
// bold and the others faint, its shot a thin line on to the target -- so a
// suggestion is seen on the board, not decoded from its notation.
import {$, svgNode} from "../../../dom.js";
import {boardSvg, onBoardDrawn} from "../../board.js";
import {squareAt} from "./danger.js";
import {readMove} from "./moves.js";

/** The moves a hint's answer suggests, best first (empty for any other answer). */
export function hintMoves(answer) {
  if (!answer.startsWith("hint: ")) return [];
  return answer.slice(6).split(";")[0].split(" · ").map(part => readMove(part.trim())).filter(Boolean);
}

function arrowHead(g, [x1, y1], [x2, y2], size, cls) {
  const a = Math.atan2(y2 - y1, x2 - x1);
  const pts = [[x2, y2], [x2 - size * Math.cos(a - 0.45), y2 - size * Math.sin(a - 0.45)],
               [x2 - size * Math.cos(a + 0.45), y2 - size * Math.sin(a + 0.45)]];
  g.append(svgNode("polygon", {points: pts.map(p => p.map(v => v.toFixed(1)).join(",")).join(" "), class: cls}));
}

function draw() {
  const svg = boardSvg();
  svg?.querySelector("#tc-hint")?.remove();
  const moves = hintMoves(($("answer")?.textContent || "").trim());
  if (!svg || !moves.length) return;
  const g = svgNode("g", {id: "tc-hint"});
  moves.forEach((m, i) => {
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
  });
  svg.append(g);
}

export function setup() {
  const answer = $("answer");
  if (answer) new MutationObserver(draw).observe(answer, {childList: true, characterData: true, subtree: true});
  onBoardDrawn(() => queueMicrotask(draw));
}
