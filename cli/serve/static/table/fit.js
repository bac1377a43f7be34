// The map and its legend in one window (playtest of issue 29): at 1024x768 the
// map took the window's whole height and its legend lay below the window's foot,
// to be scrolled to. Here the legend is laid out again for the board column's
// width at the size the server drew it (its rows as long as the column allows:
// compact, readable, no scaling up), and the map is given the height the window
// leaves above the legend, once whatever stands above the board (the header, the
// game-over banner) is counted. In a window too small for both, the map keeps
// half the window's height and the page scrolls, as before.
//
// The "legend" button above the board folds the legend away (and back): the map then
// takes its room; the browser remembers the choice.
import {$, el} from "../dom.js";
import {boardSvg, onBoardDrawn} from "./board.js";

const FOLDED_KEY = "tanktable.legend.folded";

// the legend's own measures, as core/svgframe.py draws it (drawing units)
const PAD = 8, ROW = 20, GAP = 14;
const LEAST = 0.5;  // of the window's height, the least the map is given
const FOOT = 2;     // pixels kept free at the window's foot

/** The legend drawn under the map (legend.js), if any. */
export function legendSvg() {
  const next = boardSvg()?.nextElementSibling;
  return next && next.matches("svg.tt-legend") ? next : null;
}

/** Lay the legend's entries out in rows of `width` CSS pixels, one drawing unit a pixel.
 * A column narrower than the server's own layout keeps that layout, scaled to fit. */
function layoutLegend(key, width) {
  const legend = key.querySelector("g.legend");
  const paper = key.querySelector(":scope > rect");
  const drawn = Number(key.dataset.drawnWidth || key.viewBox.baseVal.width);
  key.dataset.drawnWidth = String(drawn);
  if (!legend || !paper || width < drawn) {
    delete key.dataset.fitted;
    key.style.width = key.style.height = "";
    return;
  }
  const items = [...legend.children];
  let x = PAD, y = PAD;
  for (const item of items) {
    const w = item.getBBox().width;
    if (x > PAD && x + w > width - PAD) { x = PAD; y += ROW; }
    item.setAttribute("transform", `translate(${x},${y})`);
    x += w + GAP;
  }
  const height = y + ROW + PAD / 2;
  key.setAttribute("viewBox", `0 0 ${width} ${height}`);
  key.setAttribute("width", String(width));
  key.setAttribute("height", String(height));
  paper.setAttribute("x", "0"); paper.setAttribute("y", "0");
  paper.setAttribute("width", String(width)); paper.setAttribute("height", String(height));
  key.dataset.fitted = "1";
  key.style.width = `${width}px`;
  key.style.height = `${height}px`;
}

/** Fit the map and its legend to the window (after a new picture, a resize, a banner). */
function folded() {
  const chosen = localStorage.getItem(FOLDED_KEY);
  return chosen === null ? foldedFirst : chosen === "1";
}

let foldedFirst = false;
/** A ruleset's legend starts folded until the player chooses (Tank Chess: the board's
 * sixteen ranks need the room at 1280x800, and its badges name the pieces). */
export function foldLegendFirst() { foldedFirst = true; }

// The button that folds the legend, shown when there is a legend to fold.
function drawToggle(key) {
  let button = $("legend-toggle");
  if (!button) {
    button = el("button", {id: "legend-toggle", title: "show or fold away the legend under the board"});
    button.addEventListener("click", () => {
      localStorage.setItem(FOLDED_KEY, folded() ? "0" : "1");
      fit();
    });
    $("board-tools").append(button);
  }
  button.hidden = !key;
  button.textContent = folded() ? "legend ▸" : "legend ▾";
  button.setAttribute("aria-pressed", String(!folded()));
}

export function fit() {
  const map = boardSvg();
  if (!map) return;
  const key = legendSvg();
  drawToggle(key);
  if (key) key.toggleAttribute("hidden", folded());  // an SVG element: the attribute, not a property
  if (key && !folded()) layoutLegend(key, Math.floor($("board").clientWidth));
  // what the board column holds under the map (the legend, the line of notes), and the page's margin
  const drawn = map.getBoundingClientRect();
  const below = $("board-wrap").getBoundingClientRect().bottom - drawn.bottom
    + parseFloat(getComputedStyle(document.querySelector("main")).paddingBottom || "0");
  const room = window.innerHeight - (drawn.top + window.scrollY) - below - FOOT;
  map.style.maxHeight = `${Math.floor(Math.max(room, window.innerHeight * LEAST))}px`;
}

let queued = false;
function later() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => { queued = false; fit(); });
}
const watch = new ResizeObserver(later);

/** Fit again whenever `node`, standing above the board, changes its height (a banner comes or goes). */
export function watchAbove(node) { watch.observe(node); }

// The map's size on the screen: what is placed over the board by screen position (Battle
// of Tanks' menus and cards) is placed again when it changes.
const resizedHooks = [];
let shown = {svg: null, size: ""};
const sized = new ResizeObserver(() => {
  const svg = boardSvg();
  if (!svg) return;
  const r = svg.getBoundingClientRect();
  const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
  if (size === shown.size) return;
  shown.size = size;
  for (const hook of resizedHooks) hook(svg);
});

/** Call `hook(svg)` when the board's picture takes another size on the screen. */
export function onBoardResized(hook) { resizedHooks.push(hook); }

function observeMap(svg) {
  if (shown.svg) sized.unobserve(shown.svg);
  shown.svg = svg;
  sized.observe(svg);
}

export function setup() {
  onBoardDrawn(svg => { fit(); observeMap(svg); });
  window.addEventListener("resize", later);
  watchAbove(document.querySelector("header"));
  watchAbove($("board-tools"));
}
