// The board the server drew, made clickable: places a move starts from and
// places it can end on (state.targets), a chooser when one place has several
// moves, and labels moved off the tanks they would hide.
import {$, el, svgNode} from "../dom.js";
import {table, play} from "./connection.js";
import {hoverShows} from "./aids.js";

const drawnHooks = [];

/** Call `hook(svg)` each time a new picture of the board is put on the page. */
export function onBoardDrawn(hook) { drawnHooks.push(hook); }

/** The board's SVG element, if one is shown. */
export function boardSvg() { return $("board").querySelector("svg"); }

export function drawBoard() {
  const state = table.state;
  const board = $("board");
  if (!state.svg) { board.replaceChildren(); return; }
  if (board.dataset.version !== String(state.version)) {
    board.innerHTML = state.svg;
    board.dataset.version = String(state.version);
    const drawn = board.querySelector("svg");
    if (drawn) {
      dropCaption(drawn);
      spreadLabels(drawn);
      for (const hook of drawnHooks) hook(drawn);
    }
  }
  const svg = boardSvg();
  if (!svg) return;
  // the same state pushed again (the answer to a move and the stream both bring it):
  // keep the places, so that a click under way is not lost on a replaced one
  const drawnFor = `${state.version} ${table.selected}`;
  const old = svg.querySelector("#tt-overlay");
  if (old && old.dataset.for === drawnFor) return;
  old?.remove();
  const targets = state.targets;
  if (!state.your_turn || !targets || !targets.places) return;
  const overlay = svgNode("g", {id: "tt-overlay", "data-for": drawnFor});
  const starts = new Set(), ends = new Set();
  targets.moves.forEach(m => {
    if (m.from) starts.add(m.from);
    if (m.to && (m.from === null || m.from === table.selected)) ends.add(m.to);
  });
  const spot = (key, cls) => {
    const [x, y] = targets.places[key];
    const c = svgNode("circle", {cx: x, cy: y, r: targets.radius, class: cls, "data-place": key});
    c.append(svgNode("title", {}, key));
    c.addEventListener("click", event => { event.stopPropagation(); clickPlace(key, cls); });
    if (cls === "tt-to") hoverShows(c, choicesAt(key));
    overlay.append(c);
  };
  for (const key of starts) if (!ends.has(key)) spot(key, key === table.selected ? "tt-from tt-selected" : "tt-from");
  for (const key of ends) spot(key, "tt-to");
  svg.append(overlay);
}

// The picture's heading says what the page's header already says (whose
// decision, the result): drop it and its band; the legend stays.
function dropCaption(svg) {
  const caption = svg.querySelector("g.caption");
  if (!caption) return;
  const band = Number(caption.getAttribute("data-band")) || 0;
  const box = svg.viewBox.baseVal;
  svg.setAttribute("viewBox", `${box.x} ${box.y + band} ${box.width} ${box.height - band}`);
  svg.setAttribute("height", String(Number(svg.getAttribute("height")) - band));
  caption.remove();
}

/** The legal actions that end on `key` from the selected place (or from nowhere). */
export function choicesAt(key) {
  const state = table.state;
  const out = [];
  state.targets.moves.forEach((m, i) => {
    if (m.to === key && (m.from === table.selected || m.from === null)) out.push(state.actions[i]);
  });
  return out;
}

const selectionHooks = [];

/** Call `hook()` when the selected place changes (the move list follows it). */
export function onSelect(hook) { selectionHooks.push(hook); }

export function select(key) {
  table.selected = key;
  $("filter").value = "";
  drawBoard();
  for (const hook of selectionHooks) hook();
}

const chooseHooks = [];

/** Let `hook(choices, key)` offer several moves on one place its own way (a ruleset's
 * facing picker); it returns true when it did, else the chooser lists them. */
export function onChoose(hook) { chooseHooks.push(hook); }

function clickPlace(key, cls) {
  if (cls.startsWith("tt-from")) { select(table.selected === key ? null : key); return; }
  const choices = choicesAt(key);
  if (choices.length === 1) { play(choices[0].text); return; }
  if (chooseHooks.some(hook => hook(choices, key))) return;
  choose(choices);
}

/** Offer these actions in the chooser beside the board. */
export function choose(choices) {
  const list = $("chooser").querySelector("ul");
  list.replaceChildren();
  for (const a of choices) {
    const button = el("button", {class: "choice", text: a.text});
    button.addEventListener("click", () => play(a.text));
    hoverShows(button, [a]);
    list.append(el("li", {}, button, a.note ? " " + a.note : ""));
  }
  $("chooser").hidden = false;
}

// Tank labels that sit on a tank or on another label move to a free spot
// above, below or beside their tank, and get a halo (table.css).
function spreadLabels(svg) {
  const tanks = [...svg.querySelectorAll("g.tank")];
  if (!tanks.length) return;
  const boxes = tanks.map(g => g.querySelector("polygon")?.getBBox()).filter(Boolean);
  const placed = [];
  const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  for (const g of tanks) {
    const text = g.querySelector("text");
    const body = g.querySelector("polygon")?.getBBox();
    if (!text || !body) continue;
    const x0 = Number(text.getAttribute("x")), y0 = Number(text.getAttribute("y"));
    const cx = body.x + body.width / 2;
    const spots = [[x0, y0], [cx, body.y - 3], [cx, body.y + body.height + 12], [cx, body.y - 15],
                   [cx, body.y + body.height + 24], [cx, body.y - 27]];
    let chosen = null;
    for (const [x, y] of spots) {
      text.setAttribute("x", x); text.setAttribute("y", y);
      const box = text.getBBox();
      if (!boxes.some(b => overlaps(box, b)) && !placed.some(b => overlaps(box, b))) { chosen = box; break; }
    }
    if (!chosen) { text.setAttribute("x", spots[1][0]); text.setAttribute("y", spots[1][1]); chosen = text.getBBox(); }
    placed.push(chosen);
  }
}
