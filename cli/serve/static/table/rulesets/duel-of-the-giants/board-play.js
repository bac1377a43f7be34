// Duel of the Giants played from the board (issue 29.8):
// * a move that names facings -- a marker activated as a T-34 (hull, then turret),
//   a revealed T-34 oriented, an ATG turned or hauled, a T-34's turret -- is picked
//   by clicking one of six arrows around its hex instead of a list; the other moves
//   on that hex (turning an ATG up, a T-34's step) stay in the chooser beside it;
// * the Stuka's moves are the hexes the server placed them on (the hex ahead, the
//   hexes a turn would face, the airfield, a T-34 to attack), each labelled;
// * a placement with a facing (a Tiger, the airfield, an ATG) is asked for by name
//   beside the board, then its facing by the arrows.
// An ATG's kind is on its counter (8, 3, b; ? to the Soviet), drawn by the server
// from the seat's own view, with its name in words as the counter's tooltip: the
// page adds no second badge (playtest of issue 58: the kind was shown twice, the
// badge sometimes a hex away from its marker).
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
// an arrow pointing along +u: its head, then its shaft (drawing units, turned to each facing)
const ARROW = [[13, 0], [1, 9], [1, 3.2], [-12, 3.2], [-12, -3.2], [1, -3.2], [1, -9]];
// the arrows' size and distance from the hex's centre: each a target of about 32 px at
// 1024x768 and 40 at 1280x800 (issue 58.8; they were 23 px), clear of each other
const ARROW_R = 19, ARROW_AT = 46;

let picker = null;  // {key, moves: [{a, first, second}], first: chosen hull or null}

function parse(a) {
  const m = FACING.exec(a.text);
  return m ? {a, verb: m[1], first: m[2], second: m[3] || null} : null;
}

/** Several moves on one hex: facings become arrows, anything else stays in the chooser.
 * Several kinds of move with facings on one hex (set-up: a Tiger, the airfield, each
 * kind of ATG, DG-7.4) are first asked for by name, one button each; its facings then
 * become the arrows (playtest of issue 58: the ATGs could not be placed by a click, and
 * a Tiger's placement was six buttons of notation). */
export function offerFacings(choices, key) {
  const parsed = choices.map(parse);
  const facings = parsed.filter(Boolean);
  const rest = choices.filter((a, i) => !parsed[i]);
  const kinds = new Map();
  for (const f of facings) kinds.set(f.verb, [...(kinds.get(f.verb) || []), f]);
  if (kinds.size > 1 || (!facings.length && rest.some(a => MINE.test(a.text) || TILE.test(a.text)))) {
    askKind(kinds, rest, key);
    return true;
  }
  if (facings.length < 2) {
    if (!rest.some(a => T34_MOVE.test(a.text))) return false;
    choose(choices);  // a T-34 without a turret turn left: its moves, in words
    nameChoices();
    return true;
  }
  if (rest.some(a => T34_MOVE.test(a.text))) {
    // a T-34 in B3: its destinations light up on the map (danger.js) and are clicked there
    // or here; the turret's arrows only on asking, so they never cover a destination
    // (playtest of issues 58/59: the wheel hid e10 and could not be clicked through)
    choose(rest);
    nameChoices();
    const turret = el("button", {class: "choice dg-turret", type: "button", text: "turn the turret…",
                                 title: "then click its new direction on the board"});
    turret.addEventListener("click", event => {
      event.stopPropagation();
      picker = {key, moves: facings, first: null};
      drawPicker();
    });
    $("chooser").querySelector("ul").prepend(el("li", {}, turret));
    return true;
  }
  openPicker(facings, rest, key);
  return true;
}

function openPicker(facings, rest, key) {
  picker = {key, moves: facings, first: null};
  drawPicker();
  if (rest.length) { choose(rest); nameChoices(); } else $("chooser").hidden = true;
}

// A T-34's moves in the chooser in words, the notation after them (playtest of issue 58:
// "f4 F", "f4 L" were the Soviet's most frequent buttons, in notation only).
const T34_WORDS = {F: "forward", B: "backward", L: "turn left", R: "turn right"};
const T34_MOVE = /^[a-i]\d+ ([FBLR]|dash \d+)$/;

export function nameChoices() {
  let named = false;
  for (const button of $("chooser").querySelectorAll("button.choice")) {
    const text = button.textContent;
    const step = /^[a-i]\d+ ([FBLR])$/.exec(text), dash = /^[a-i]\d+ dash (\d+)$/.exec(text);
    const words = step ? T34_WORDS[step[1]] : dash ? `dash ${dash[1]} hex${dash[1] === "1" ? "" : "es"}` : null;
    if (!words) continue;
    named = true;
    // the note (what waits there) is the tint on the map and the button's tooltip: the list
    // stays a few buttons in a row, not 450 px pushing the panel down (playtest of 58/59)
    const note = [...button.parentElement.childNodes].filter(n => n.nodeType === Node.TEXT_NODE)
      .map(n => { n.remove(); return n.textContent.trim(); }).join(" ");
    button.title = note ? `${text}: ${note}` : text;  // the notation first in the tooltip
    button.textContent = words;
    button.dataset.move = text;
  }
  $("chooser").classList.toggle("dg-t34-moves", named);
}

const MINE = /^place mine \S+ (real|bluff)$/;
const TILE = /^place tile (.+) \S+$/;  // the tile in words, one or more ("high ground")

// A placement's piece in words (its notation stays the button's tooltip).
const PIECE_WORDS = [[/^place tiger /, "Tiger"], [/^place airfield /, "airfield"], [/^place atg pak88 /, "PAK 8.8"],
                     [/^place atg pak36 /, "PAK 36"], [/^place atg bluff /, "bluff ATG marker"]];

function kindWords(verb) {
  const found = PIECE_WORDS.find(([re]) => re.test(verb + " "));
  return found ? `${found[1]}: then its facing` : `${verb} …: then its facing`;
}

/** The chooser beside the board asks which kind of move; the moves without a facing
 * (a mine, real or bluff; a landscape tile) are played from it, named in words. */
function askKind(kinds, rest, key) {
  choose(rest);
  $("chooser").classList.remove("dg-t34-moves");
  const list = $("chooser").querySelector("ul");
  for (const button of list.querySelectorAll("button.choice")) {
    const mine = MINE.exec(button.textContent), tile = TILE.exec(button.textContent);
    if (mine || tile) button.title = button.textContent;
    if (mine) button.textContent = mine[1] === "real" ? "mine (face down)" : "bluff mine marker";
    if (tile) button.textContent = tile[1].replace(/_/g, " ");  // snow_forest: "snow forest"
  }
  const items = [];
  for (const [verb, moves] of kinds) {
    const button = el("button", {class: "choice dg-kind", text: kindWords(verb), title: `${verb} …`,
                                 "data-verb": verb});
    button.addEventListener("click", () => {
      if (moves.length === 1) { $("chooser").hidden = true; play(moves[0].a.text); return; }
      openPicker(moves, [], key);
    });
    items.push(el("li", {}, button));
  }
  list.prepend(...items);
  $("chooser").hidden = false;
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
  group.append(svgNode("circle", {cx: at[0], cy: at[1], r: ARROW_AT + ARROW_R + 2, class: "dg-picker-ring"}));
  const word = two ? (stage === "first" ? "hull?" : "turret?") : "facing?";
  if (stage === "second") {  // the hull already chosen, drawn as the board draws a hull
    const rad = ANGLE[picker.first] * Math.PI / 180;
    group.append(svgNode("line", {x1: at[0], y1: at[1], x2: at[0] + ARROW_AT * Math.cos(rad), y2: at[1] + ARROW_AT * Math.sin(rad),
                                  class: "dg-picker-hull"}));
  }
  group.append(svgNode("text", {x: at[0], y: at[1] + 4, class: "dg-picker-word", "text-anchor": "middle"}, word));
  const offered = new Map();
  for (const m of moves) if (!offered.has(m[stage])) offered.set(m[stage], m);
  for (const [dir, m] of offered) {
    const rad = ANGLE[dir] * Math.PI / 180;
    const x = at[0] + ARROW_AT * Math.cos(rad), y = at[1] + ARROW_AT * Math.sin(rad);
    const arrow = svgNode("g", {class: "dg-arrow", "data-dir": dir, tabindex: "0", role: "button"});
    arrow.append(svgNode("title", {}, stage === "second" || !two ? m.a.text : `${m.verb} ${dir} …`));
    arrow.append(svgNode("circle", {cx: x, cy: y, r: ARROW_R}));
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
  drawStukaWords(state);
  drawPicker();
}
