// Your side at the bottom (issue 58.8). The server draws one picture of the board;
// where that picture has another side at its foot than the viewer's (Tank Chess
// black, or the side given black in a rematch), the state says `turned` and the
// page shows the picture turned round: the board's SVG is rotated 180° by CSS and
// every text in it is turned back about its own centre, so coordinates, labels and
// badges stay readable. Clicks, drags and zoom all map the screen to the drawing
// through getScreenCTM(), which includes the rotation, so nothing else changes.
// The "turn board" button turns it round (and back); the choice is kept for the
// table and seat for the browser's session.
import {$, el} from "../dom.js";
import {table} from "./connection.js";
import {boardSvg, onBoardDrawn} from "./board.js";

const OWN = "data-tt-own";  // a text's own transform, before it was turned back

function key() { return `tanktable.turned.${location.pathname}`; }

/** Whether the board is shown turned round now. */
export function turned() {
  const chosen = sessionStorage.getItem(key());
  if (chosen !== null) return chosen === "1";
  return Boolean(table.state && table.state.turned);
}

/** Turn every text in `root` back (or restore it), so that it reads upright on a turned board. */
function uprightTexts(root, on) {
  const texts = root.tagName === "text" ? [root] : root.querySelectorAll("text");
  for (const text of texts) {
    if (text.closest("svg.tt-legend, #tt-motion")) continue;  // motion.js turns its own words
    if (!text.hasAttribute(OWN)) text.setAttribute(OWN, text.getAttribute("transform") || "");
    const own = text.getAttribute(OWN);
    if (!on) {
      if (own) text.setAttribute("transform", own); else text.removeAttribute("transform");
      continue;
    }
    let b;
    try { b = text.getBBox(); } catch (e) { continue; }
    const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
    text.setAttribute("transform", `${own} rotate(180 ${cx.toFixed(2)} ${cy.toFixed(2)})`.trim());
  }
}

// Texts drawn later over the board (aids, labels) are turned back as they come.
const watcher = new MutationObserver(records => {
  if (!turned()) return;
  for (const r of records) {
    for (const node of r.addedNodes) {
      if (node.nodeType === 1 && !node.closest("#tt-motion")) uprightTexts(node, true);
    }
  }
});

function apply(svg) {
  const on = turned();
  $("board").classList.toggle("tt-turned", on);
  const button = $("turn-board");
  if (button) button.setAttribute("aria-pressed", String(on));
  if (!svg) return;
  watcher.disconnect();
  uprightTexts(svg, on);
  watcher.observe(svg, {childList: true, subtree: true});
}

export function setup() {
  const button = el("button", {id: "turn-board", text: "⟲", class: "zoom", "aria-label": "turn the board round",
                               title: "turn the board round: the other side at the bottom"});
  button.addEventListener("click", event => {
    event.stopPropagation();
    sessionStorage.setItem(key(), turned() ? "0" : "1");
    apply(boardSvg());
    window.dispatchEvent(new Event("tt-turned"));  // zoom.js shows the viewer's side again
  });
  $("board-tools").append(button);
  onBoardDrawn(apply);
}
