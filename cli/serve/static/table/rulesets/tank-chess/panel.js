// Tank Chess's side panel holds what the board's room cannot (this session's playtest,
// issues 58/59): the sixteen ranks take the window's whole height, so
// - the page's messages (a hint's answer, a refusal, the notice) stand at the foot of
//   the turn panel, under the move list, not floating over the board's lower right; what
//   a pointer may be on (the board, the buttons, the move box, the list) stays where it
//   was when one comes (issue 29.11); a hint's answer has a close button (Esc, or a
//   click on its text, puts it away too);
// - the legend is a section of the side panel, opened by the "legend" button above
//   the board or its own title: under the board it cut the board at 1024x768; it
//   explains the page's own marks as well as the pieces (the blue ring on a tank
//   you may move, the red and amber rings of a tank in fire, the green places);
// - a tank you may move says so when pointed at (the blue ring's title);
// - the legal-move list folds once a move is played: the list it showed was the old
//   position's.
import {$, el, svgNode} from "../../../dom.js";
import {table} from "../../connection.js";
import {boardSvg, onBoardDrawn, onOverlay} from "../../board.js";
import {fit, legendSvg} from "../../fit.js";
import {answerInPanel} from "../../answerpanel.js";
import {readMove} from "./moves.js";

const OPEN_KEY = "tanktable.tc.legend.open";

/** The messages at the turn panel's foot; the answer in a box with a close button. Esc
 * first lets go a picked tank (main.js), and only with nothing picked puts the answer
 * away: a hint's arrows stay while its tank is tried and let go. */
function messagesInPanel() {
  answerInPanel("tc", () => Boolean(table.selected || document.querySelector("#tc-pick") || !$("chooser").hidden));
}

/** The page's own marks, as the legend explains them: [drawing, meaning]. */
function marks() {
  const ring = (cls, extra) => svgNode("circle", {cx: 10, cy: 10, r: 8, class: cls, ...(extra || {})});
  const dashed = colour => ring("", {fill: "none", stroke: colour, "stroke-width": 3, "stroke-dasharray": "4 2"});
  const arrow = svgNode("g", {});
  arrow.append(svgNode("line", {x1: 2, y1: 17, x2: 14, y2: 5, stroke: "#2e7d32", "stroke-width": 4, opacity: 0.75}),
               svgNode("polygon", {points: "18,2 9,5 15,11", fill: "#2e7d32", opacity: 0.75}));
  const shot = svgNode("g", {});
  shot.append(ring("tt-to tc-shot-from"), svgNode("circle", {cx: 10, cy: 10, r: 3, class: "tc-shot-mark"}));
  return [
    [ring("tt-from"), "blue ring: your tank that can move this turn -- click it (or drag it) to see where it can go"],
    [ring("tt-selected"), "the tank you picked: click it again or press Esc to let it go"],
    [ring("tt-to"), "green: a square the picked tank can end on (then choose its facing on the arrows)"],
    [shot, "dashed red ring with a dot: it can shoot from there"],
    [ring("tt-to tc-danger-dead"), "red square: the enemy destroys it there next turn, whatever its facing"],
    [ring("tt-to tc-danger-some"), "amber square: in the enemy's fire for some facings, or its armour holds"],
    [dashed("#c62828"), "red dashed ring on your tank: in fire now -- it is destroyed next turn if it stays"],
    [dashed("#f9a825"), "amber dashed ring on your tank: in fire now, but its armour holds"],
    [arrow, "green arrow: a hint's suggestion (click its head to play it)"],
  ];
}

/** A legend entry's drawing: the page's marks are drawn about (10, 10), the server's
 * samples in its 16-unit box (core/svgframe.py's SWATCH). */
function sampleSvg(child, box = "0 0 20 20", px = 22) {
  const svg = svgNode("svg", {class: "tc-legend-sample", viewBox: box, width: px, height: px,
                              "aria-hidden": "true"});
  svg.append(child);
  return svg;
}

/** The server's legend (its entries: a sample and a label, a long label going on in the
 * rows after it, class "more") as a list of the side panel; the legend's drawing leaves the board. */
function pieceEntries(key) {
  const out = [];
  const legend = key.querySelector("g.legend");
  if (!legend) return out;
  for (const entry of legend.querySelectorAll(":scope > g")) {
    const label = entry.querySelector(":scope > text")?.textContent || "";
    if (entry.matches(".more")) { if (out.length) out[out.length - 1].label += " " + label; continue; }
    const sample = entry.querySelector(":scope > g.sample");
    out.push({sample: sample ? sample.cloneNode(true) : null, label});
  }
  return out;
}

function legendSection() {
  let section = $("tc-legend-panel");
  if (section) return section;
  const details = el("details", {id: "tc-legend"});
  details.open = localStorage.getItem(OPEN_KEY) === "1";
  details.addEventListener("toggle", () => {
    localStorage.setItem(OPEN_KEY, details.open ? "1" : "0");
    drawToggle();
  });
  details.append(el("summary", {text: "Legend: what the board shows"}),
                 el("ul", {id: "tc-legend-pieces", class: "tc-legend-list"}),
                 el("ul", {id: "tc-legend-marks", class: "tc-legend-list"}));
  section = el("section", {id: "tc-legend-panel", class: "side-section", "aria-label": "legend"}, details);
  const help = $("help-panel");
  if (help) help.before(section); else document.querySelector("aside")?.append(section);
  $("tc-legend-marks").append(...marks().map(([drawing, text]) =>
    el("li", {}, sampleSvg(drawing), el("span", {text}))));
  return section;
}

/** The "legend" button above the board opens the side panel's legend and shows it. */
function drawToggle() {
  let button = $("tc-legend-toggle");
  if (!button) {
    button = el("button", {id: "tc-legend-toggle", type: "button", title: "the legend, in the side panel"});
    button.addEventListener("click", () => {
      // opened, the legend is brought into the side panel's view; folded again, the panel
      // shows its head (your turn) again
      const details = $("tc-legend"), aside = document.querySelector("aside");
      details.open = !details.open;
      if (details.open) $("tc-legend-panel").scrollIntoView({block: "start"});
      else if (aside) aside.scrollTop = 0;
    });
    $("board-tools")?.append(button);
  }
  const open = $("tc-legend")?.open;
  button.textContent = open ? "legend ◂" : "legend ▸";
  button.setAttribute("aria-pressed", String(Boolean(open)));
}

function takeLegend() {
  const key = legendSvg();
  legendSection();
  if (key) {
    const entries = pieceEntries(key);
    key.remove();
    $("tc-legend-pieces").replaceChildren(...entries.map(({sample, label}) =>
      el("li", {}, sample ? sampleSvg(sample, "-1 0 17 17", 30) : el("span", {class: "tc-legend-blank"}), el("span", {text: label}))));
    fit();  // the board takes the room the legend left (fit.js hides its own button with no legend under the board)
  }
  drawToggle();
}

/** A tank you may move says so when pointed at: its code and square, and what to do. */
function titles(overlay) {
  const pieces = new Map();
  for (const a of table.state.actions) {
    const m = readMove(a.text);
    if (m && !pieces.has(m.from)) pieces.set(m.from, m.piece);
  }
  for (const spot of overlay.querySelectorAll("circle.tt-from[data-place]")) {
    const key = spot.dataset.place, title = spot.querySelector("title");
    if (!title || spot.classList.contains("tt-selected")) continue;
    title.textContent = `${pieces.get(key) || "your tank"} ${key}: it can move this turn (blue ring) -- ` +
      "click it, or drag it to a green square";
  }
}

let shownMove = null;

/** After a move (anyone's), the legal-move list folds: it listed the old position's moves. */
export function foldListAfterMove(state) {
  const last = state.log.length ? state.log[state.log.length - 1].n : 0;
  if (shownMove !== null && shownMove !== last) $("actions-box").open = false;
  shownMove = last;
}

export function setup() {
  messagesInPanel();
  legendSection();
  onBoardDrawn(() => takeLegend());
  onOverlay(overlay => titles(overlay));
  if (boardSvg()) takeLegend();
}
