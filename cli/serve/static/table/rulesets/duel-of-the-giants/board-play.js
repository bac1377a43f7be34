// Duel of the Giants played from the board (issue 29.8):
// * a move that names facings -- a marker activated as a T-34 (hull, then turret),
//   a revealed T-34 oriented, an ATG turned or hauled, a T-34's turret -- is picked
//   by clicking one of six arrows around its hex instead of a list; the other moves
//   on that hex (turning an ATG up, a T-34's step) stay in the chooser beside it;
// * the Stuka's moves are the hexes the server placed them on (the hex ahead, the
//   hexes a turn would face, the airfield, a T-34 to attack), each labelled;
// * the seat's own ATG markers say what they are (PAK 8.8, PAK 36, bluff) in a
//   badge: read from the seat's own view, so only the German seat has them for
//   face-down markers.
// Only moves of the legal list are offered; the server judges every one.
import {$, el, svgNode} from "../../../dom.js";
import {table, play} from "../../connection.js";
import {boardSvg, choose, onDestination} from "../../board.js";
import {hoverShows} from "../../aids.js";

const DIR = "(NE|E|SE|SW|W|NW)";
// a move that ends in one facing (a turret, an ATG, a haul's end) or two (hull and turret)
const FACING = new RegExp(`^(.*?) ${DIR}(?: ${DIR})?$`);
const ANGLE = {NE: -60, E: 0, SE: 60, SW: 120, W: 180, NW: -120};
const STUKA = {"stuka F": "fly here", "stuka L": "turn left", "stuka R": "turn right",
               "stuka launch": "launch", "stuka land": "land"};
const ATG_BADGE = {pak88: "8.8", pak36: "36", bluff: "bluff"};
// an arrow pointing along +u: its head, then its shaft (drawing units, turned to each facing)
const ARROW = [[10, 0], [1, 7], [1, 2.5], [-9, 2.5], [-9, -2.5], [1, -2.5], [1, -7]];

let picker = null;  // {key, moves: [{a, first, second}], first: chosen hull or null}

function parse(a) {
  const m = FACING.exec(a.text);
  return m ? {a, verb: m[1], first: m[2], second: m[3] || null} : null;
}

/** Several moves on one hex: facings become arrows, anything else stays in the chooser. */
function offerFacings(choices, key) {
  const parsed = choices.map(parse);
  const facings = parsed.filter(Boolean);
  // one kind of move only (the same words before the facings), else the list asks
  if (facings.length < 2 || new Set(facings.map(f => f.verb)).size > 1) return false;
  picker = {key, moves: facings, first: null};
  drawPicker();
  const rest = choices.filter((a, i) => !parsed[i]);
  if (rest.length) choose(rest); else $("chooser").hidden = true;
  return true;
}

function closePicker() {
  picker = null;
  boardSvg()?.querySelector("#dg-picker")?.remove();
}

function drawPicker() {
  const svg = boardSvg();
  const drawnFor = picker ? `${table.state.version} ${picker.key} ${picker.first}` : "";
  const old = svg?.querySelector("#dg-picker");
  if (old && old.dataset.for === drawnFor && !old.nextElementSibling) return;  // on top already: keep it
  old?.remove();
  if (!svg || !picker) return;
  const places = table.state.targets && table.state.targets.places;
  const at = places && places[picker.key];
  if (!at) { picker = null; return; }
  const two = picker.moves.some(m => m.second);
  const stage = two && picker.first ? "second" : "first";
  const moves = stage === "second" ? picker.moves.filter(m => m.first === picker.first) : picker.moves;
  const group = svgNode("g", {id: "dg-picker", "data-for": drawnFor,
                              "data-stage": two ? (stage === "first" ? "hull" : "turret") : "facing"});
  group.append(svgNode("circle", {cx: at[0], cy: at[1], r: 46, class: "dg-picker-ring"}));
  const word = two ? (stage === "first" ? "hull?" : "turret?") : "facing?";
  if (stage === "second") {  // the hull already chosen, drawn as the board draws a hull
    const rad = ANGLE[picker.first] * Math.PI / 180;
    group.append(svgNode("line", {x1: at[0], y1: at[1], x2: at[0] + 44 * Math.cos(rad), y2: at[1] + 44 * Math.sin(rad),
                                  class: "dg-picker-hull"}));
  }
  group.append(svgNode("text", {x: at[0], y: at[1] + 4, class: "dg-picker-word", "text-anchor": "middle"}, word));
  const offered = new Map();
  for (const m of moves) if (!offered.has(m[stage])) offered.set(m[stage], m);
  for (const [dir, m] of offered) {
    const rad = ANGLE[dir] * Math.PI / 180;
    const x = at[0] + 34 * Math.cos(rad), y = at[1] + 34 * Math.sin(rad);
    const arrow = svgNode("g", {class: "dg-arrow", "data-dir": dir, tabindex: "0", role: "button"});
    arrow.append(svgNode("title", {}, stage === "second" || !two ? m.a.text : `${m.verb} ${dir} …`));
    arrow.append(svgNode("circle", {cx: x, cy: y, r: 14}));
    arrow.append(svgNode("polygon", {points: ARROW.map(([u, v]) => [x + u * Math.cos(rad) - v * Math.sin(rad),
                                                                     y + u * Math.sin(rad) + v * Math.cos(rad)])
                                                 .map(p => p.map(c => c.toFixed(1)).join(",")).join(" ")}));
    arrow.addEventListener("click", event => {
      event.stopPropagation();
      if (two && stage === "first") { picker.first = dir; drawPicker(); return; }
      const chosen = picker.moves.find(p => (two ? p.first === picker.first && p.second === dir : p.first === dir));
      closePicker();
      $("chooser").hidden = true;
      if (chosen) play(chosen.a.text);
    });
    if (stage === "second" || !two) hoverShows(arrow, [m.a]);
    group.append(arrow);
  }
  svg.append(group);
}

/** Words beside the Stuka's places: what a click there does. */
function drawStukaWords(state) {
  const svg = boardSvg();
  svg?.querySelector("#dg-stuka-words")?.remove();
  if (!svg || !state.your_turn || !state.targets || !state.targets.places) return;
  const group = svgNode("g", {id: "dg-stuka-words"});
  const words = new Map();
  state.actions.forEach((a, i) => {
    const to = state.targets.moves[i] && state.targets.moves[i].to;
    const word = STUKA[a.text] || (a.text.startsWith("stuka attack ") ? "Stuka attack" : null);
    if (to && word) words.set(to, [...(words.get(to) || []), word]);
  });
  for (const [key, list] of words) {
    const [x, y] = state.targets.places[key];
    group.append(svgNode("text", {x, y: y + 36, class: "tt-aid-label dg-stuka-word", "text-anchor": "middle"},
                         list.join(" / ")));
  }
  if (words.size) svg.append(group);
}

/** A badge on each ATG marker whose kind the seat's view tells. */
function drawAtgBadges(state) {
  const svg = boardSvg();
  svg?.querySelector("#dg-atg-ids")?.remove();
  const atgs = state.view && state.view.atgs;
  if (!svg || !atgs) return;
  const group = svgNode("g", {id: "dg-atg-ids"});
  const units = unitBoxes(svg);
  const placed = [];
  for (const a of atgs) {
    if (!a.kind || a.destroyed || !ATG_BADGE[a.kind]) continue;
    const at = centreOf(svg, a.at);
    if (!at) continue;
    const badge = svgNode("g", {class: "dg-atg-id dg-atg-" + a.kind, "data-at": a.at});
    const [bx, by, bw, bh, small] = badgeSpot(at, ATG_BADGE[a.kind], [...units, ...placed]);
    placed.push({x: bx, y: by, width: bw, height: bh});
    badge.append(svgNode("rect", {x: bx, y: by, width: bw, height: bh, rx: 3}));
    badge.append(svgNode("text", {x: bx + bw / 2, y: by + bh - (small ? 2.5 : 3), "text-anchor": "middle",
                                  class: small ? "dg-atg-small" : ""}, ATG_BADGE[a.kind]));
    // "your" only on the German's page: the Soviet sees a face-up ATG as everyone does
    const whose = state.you === "german" ? "your" : "German";
    badge.append(svgNode("title", {}, `${whose} ${a.kind === "bluff" ? "bluff ATG marker" : a.kind === "pak88" ? "PAK 8.8" : "PAK 36"}`
                                      + (a.face_up ? " (face up)" : " (face down: the Soviet does not know it)")));
    group.append(badge);
  }
  svg.append(group);
}

// Where a badge goes (playtest of issue 29: beside the marker it covered a Tiger's gun in the
// same hex and reached into the neighbouring hexes): around its ATG marker, nearest first,
// below, then aside, then above, the first spot that covers no piece drawn on the board
// and no other badge; else the same at a smaller size; else the spot that covers least.
const ATG_CENTRE = [-9, 3];  // the ATG marker's centre from its hex's centre (svg.py)
const RADII = [14, 18, 23, 28];
const ANGLES = [90, 135, 45, 180, 0, 270, 225, 315];  // degrees, y downwards: 90 is below
const MARGIN = 1.5;  // drawing units kept free round a badge

function badgeSpot(at, text, avoid) {
  const cx = at[0] + ATG_CENTRE[0], cy = at[1] + ATG_CENTRE[1];
  const overlap = (x, y, w, h) => avoid.reduce((sum, b) => {
    const dx = Math.min(x + w, b.x + b.width) - Math.max(x, b.x);
    const dy = Math.min(y + h, b.y + b.height) - Math.max(y, b.y);
    return sum + (dx > 0 && dy > 0 ? dx * dy : 0);
  }, 0);
  let least = null;
  for (const small of [false, true]) {
    const w = text.length * (small ? 5 : 6) + (small ? 5 : 8), h = small ? 10 : 13;
    for (const r of RADII) {
      for (const deg of ANGLES) {
        const rad = deg * Math.PI / 180;
        const x = cx + r * Math.cos(rad) * (1 + w / 40) - w / 2, y = cy + r * Math.sin(rad) - h / 2;
        const covered = overlap(x - MARGIN, y - MARGIN, w + 2 * MARGIN, h + 2 * MARGIN);
        if (covered === 0) return [x, y, w, h, small];
        if (!least || covered < least[5]) least = [x, y, w, h, small, covered];
      }
    }
  }
  return least.slice(0, 5);
}

// The boxes of the pieces drawn on the board (svg.py draws each piece as the picture's own
// circles, lines and small squares: tanks with their hull dot and gun, markers, ATGs with
// their facing, mines, drop markers, the airfield and the Stuka), in drawing units.
function unitBoxes(svg) {
  const out = [];
  for (const node of svg.children) {
    const tag = node.tagName.toLowerCase();
    const small = tag === "rect" && Number(node.getAttribute("width")) <= 30 && Number(node.getAttribute("height")) <= 20;
    if (tag === "circle" || tag === "line" || small || node.matches("g.drift")) out.push(node.getBBox());
    else if (node.matches("g.tt-piece")) out.push(placedBox(node));
  }
  return out;
}

// A piece's box on the drawing (issue 58.3): its own box carried through its translate and rotate.
function placedBox(node) {
  const b = node.getBBox(), m = node.transform.baseVal.consolidate()?.matrix;
  if (!m) return b;
  const xs = [], ys = [];
  for (const [x, y] of [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]) {
    xs.push(m.a * x + m.c * y + m.e); ys.push(m.b * x + m.d * y + m.f);
  }
  const x = Math.min(...xs), y = Math.min(...ys);
  return {x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y};
}

// A hex's centre on the drawing: the hex label the server wrote on the board sits
// just above it (svg.py); the page reads the drawing, it computes no rule.
function centreOf(svg, at) {
  for (const t of svg.querySelectorAll("text")) {
    if (t.textContent === at && t.getAttribute("style")?.includes("8px")) {
      return [Number(t.getAttribute("x")) + 8, Number(t.getAttribute("y")) + 16.5];
    }
  }
  return null;
}

export function setup() {
  // several moves on one hex (a marker's facings): the arrows offer them
  onDestination((key, choices) => choices.length > 1 && offerFacings(choices, key));
  document.addEventListener("keydown", e => { if (e.key === "Escape" && picker) closePicker(); });
  $("board").addEventListener("click", () => { if (picker) closePicker(); });
}

export function onSelected() { drawPicker(); }

/** The pass screen of a hot seat: no half-chosen facing survives it. */
export function forget() { closePicker(); }

export function draw(state, fresh) {
  if (fresh) picker = null;
  drawAtgBadges(state);
  drawStukaWords(state);
  drawPicker();
}
