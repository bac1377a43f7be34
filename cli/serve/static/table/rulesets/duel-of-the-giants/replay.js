// The other side's decisions, step by step (issue 29.7). When several of them
// land at once (a whole phase B, a Stuka flight, the computer's moves), the page
// plays them back one at a time over the board: each move's drawing (the pieces'
// paths, the shots with their hits, the reveals flashed: the `aid` the server made
// from the entry as this seat was sent it), its text and its events, and its line
// in the log lit. Back, forward, play/pause and a pace the player sets (kept in
// the browser). Only the seat's own log is read, so it shows nothing the seat
// may not know.
import {$, el, svgNode} from "../../../dom.js";
import {table, API} from "../../connection.js";
import {boardSvg} from "../../board.js";
import {drawAid} from "../../aids.js";

// a brisk default (playtest of issue 58: 1.2 s a step dragged over a whole phase B)
const PACES = [["slow", 1500], ["normal", 600], ["fast", 300], ["by hand", 0]];
const NORMAL = 600;
const PACE_KEY = "tanktable.replay.pace";
const PLAYED_BY_HAND = NORMAL;  // ▶ pressed while the pace is "by hand": the normal pace

const replay = {entries: [], at: -1, timer: null, seen: null, played: 0, closed: true};

// The board as it stood at each step (hidden playtest of Battle of Tanks: at "1 of 6" every
// enemy tank already stood where it ended up). A ruleset that asks for it (`rewindBoard`)
// has each step's pieces put where the server's own picture of that position, drawn for
// this seat (the replay API: nothing the seat may not know), has them, moved there from
// where the step before left them; the live board's poses come back when the replay closes.
const rewind = {on: false, pictures: new Map(), kept: new Map(), asked: 0};
const STEP_MOTION_MS = 450;

/** Show the board of each replayed step (the seat's own pictures of those positions). */
export function rewindBoard() { rewind.on = true; }

function picture(n) {
  if (!rewind.pictures.has(n)) {
    rewind.pictures.set(n, fetch(`${API}/replay/board/${n}`)
      .then(r => (r.ok ? r.json() : null))
      .then(j => {
        if (!j || !j.svg) return null;
        const doc = new DOMParser().parseFromString(j.svg, "image/svg+xml");
        const out = new Map();
        for (const node of doc.querySelectorAll("[data-piece]")) {
          out.set(node.getAttribute("data-piece"), {transform: node.getAttribute("transform") || "",
                                                   wreck: node.classList.contains("tt-wreck")});
        }
        return out;
      })
      .catch(() => null));
  }
  return rewind.pictures.get(n);
}

/** An SVG transform attribute as a CSS one ("translate(1 2) rotate(3)" -> px and deg). */
function cssOf(transform) {
  const m = /translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)\s*\)(?:\s*rotate\(\s*([-\d.e]+))?/.exec(transform);
  return m ? `translate(${m[1]}px, ${m[2]}px) rotate(${m[3] || 0}deg)` : null;
}

/** A transform attribute's translation, [x, y] (null: none). */
function placeOf(transform) {
  const m = /translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)/.exec(transform || "");
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The piece's name and marks drawn beside it (a Battle of Tanks `g.tank`'s label and hit
 * points: upright, outside the piece), which travel with it while the board is rewound. */
function besides(node) {
  const holder = node.parentElement;
  return holder && holder.matches("g[data-tank]")
    ? [...holder.children].filter(c => c !== node && (c.matches("text") || c.matches("g.hp")))
    : [];
}

/** An element's own SVG transform attribute as CSS, to keep under a CSS shift: a CSS
 * transform replaces the attribute, and on a turned board a label's attribute is what
 * turns it upright (turn.js: "rotate(180 cx cy)"). */
function ownAsCss(el) {
  const parts = [];
  for (const [, fn, args] of (el.getAttribute("transform") || "").matchAll(/(\w+)\(([^)]*)\)/g)) {
    const n = args.split(/[\s,]+/).filter(Boolean).map(Number);
    if (fn === "translate") parts.push(`translate(${n[0]}px, ${n[1] || 0}px)`);
    else if (fn === "rotate" && n.length === 3) {
      parts.push(`translate(${n[1]}px, ${n[2]}px) rotate(${n[0]}deg) translate(${-n[1]}px, ${-n[2]}px)`);
    } else if (fn === "rotate") parts.push(`rotate(${n[0]}deg)`);
    else if (fn === "scale") parts.push(`scale(${n[0]}, ${n.length > 1 ? n[1] : n[0]})`);
  }
  return parts.join(" ");
}

/** Shift the piece's name and marks by how far the shown pose is from the live one. */
function shiftBesides(node, live, from, to, moving) {
  const at = placeOf(live), a = placeOf(from), b = placeOf(to);
  if (!at || !b) return;
  const css = p => `translate(${(p[0] - at[0]).toFixed(2)}px, ${(p[1] - at[1]).toFixed(2)}px)`;
  for (const c of besides(node)) {
    c.getAnimations().forEach(x => x.cancel());
    const own = ownAsCss(c);
    c.style.transform = `${css(b)} ${own}`.trim();
    if (moving && a && css(a) !== css(b)) {
      c.animate([{transform: `${css(a)} ${own}`.trim()}, {transform: `${css(b)} ${own}`.trim()}],
                {duration: STEP_MOTION_MS, easing: "ease-in-out"});
    }
  }
}

/** The live poses back on the board (the replay closed, or nothing to show). */
function restorePoses() {
  const svg = boardSvg();
  for (const [id, was] of rewind.kept) {
    const node = svg?.querySelector(`[data-piece="${CSS.escape(id)}"]`);
    if (!node) continue;
    node.getAnimations().forEach(a => a.cancel());
    node.setAttribute("transform", was.transform);
    node.classList.toggle("tt-wreck", was.wreck);
    node.style.visibility = was.visibility;
    for (const c of besides(node)) { c.getAnimations().forEach(x => x.cancel()); c.style.transform = ""; c.style.visibility = ""; }
  }
  rewind.kept.clear();
}

async function poseBoard() {
  if (!rewind.on) return;
  const asked = ++rewind.asked;
  if (replay.at < 0 || replay.closed) { restorePoses(); return; }
  const e = replay.entries[replay.at];
  const [from, to] = await Promise.all([picture(e.n - 1), picture(e.n)]);
  const svg = boardSvg();
  if (asked !== rewind.asked || !svg || !to || replay.closed) return;
  const moving = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  for (const node of svg.querySelectorAll("[data-piece]")) {
    const id = node.getAttribute("data-piece");
    if (!rewind.kept.has(id)) {
      rewind.kept.set(id, {transform: node.getAttribute("transform") || "", wreck: node.classList.contains("tt-wreck"),
                           visibility: node.style.visibility});
    }
    node.getAnimations().forEach(a => a.cancel());
    const now = to.get(id);
    node.style.visibility = now ? "" : "hidden";  // not on the board (not known to this seat) then
    for (const c of besides(node)) c.style.visibility = node.style.visibility;
    if (!now) continue;
    node.setAttribute("transform", now.transform);
    node.classList.toggle("tt-wreck", now.wreck);
    const was = from && from.get(id);
    shiftBesides(node, rewind.kept.get(id).transform, was && was.transform, now.transform, moving);
    const a = was && cssOf(was.transform), b = cssOf(now.transform);
    if (moving && a && b && a !== b) node.animate([{transform: a}, {transform: b}], {duration: STEP_MOTION_MS, easing: "ease-in-out"});
  }
  svg.setAttribute("data-replay-board", String(e.n));
}

function pace() {
  // nothing saved is the normal pace (Number(null) is 0, "by hand": the default was that, issue 59.3)
  const raw = localStorage.getItem(PACE_KEY);
  const saved = raw === null || raw === "" ? NaN : Number(raw);
  return PACES.some(([, ms]) => ms === saved) ? saved : NORMAL;
}

/** The other side's entries since this seat's own last one (newest last). */
function batch(state) {
  const out = [];
  for (let i = state.log.length - 1; i >= 0; i--) {
    const e = state.log[i];
    if (e.player === state.you) break;
    out.unshift(e);
  }
  return out;
}

function panel() {
  let box = $("dg-replay");
  if (box) return box;
  box = el("div", {id: "dg-replay", class: "dg-panel", hidden: ""});
  const button = (id, text, title, act) => {
    const b = el("button", {id, text, title});
    b.addEventListener("click", act);
    return b;
  };
  const select = el("select", {id: "dg-replay-pace", title: "pace of the replay"});
  for (const [name, ms] of PACES) select.append(el("option", {value: String(ms), text: name}));
  select.value = String(pace());
  select.addEventListener("change", () => {
    localStorage.setItem(PACE_KEY, select.value);
    if (replay.timer || Number(select.value) > 0) restart();
    else stop();
  });
  box.append(
    el("p", {class: "dg-replay-head"}, el("b", {id: "dg-replay-title"}), " ", el("span", {id: "dg-replay-count"}),
       " ", select),
    el("p", {class: "dg-replay-controls"},
       // one line at 1024x768 (playtest of issue 58: the words wrapped the row in three):
       // signs on the buttons, their words in the tooltips
       button("dg-replay-first", "|◀", "first step", () => { stop(); show(0); }),
       button("dg-replay-back", "◀", "one step back", () => { stop(); show(replay.at - 1); }),
       button("dg-replay-play", "▶", "play / pause", () => (replay.timer ? stop() : restart(true))),
       button("dg-replay-forward", "▶▶", "one step forward", () => { stop(); show(replay.at + 1); }),
       button("dg-replay-last", "▶|", "last step", () => { stop(); show(replay.entries.length - 1); }),
       button("dg-replay-close", "✕", "close the replay", close)),
    el("div", {id: "dg-replay-entry"}));
  $("decision").before(box);
  return box;
}

function stop() {
  clearTimeout(replay.timer);
  replay.timer = null;
  const play = $("dg-replay-play");
  if (play) play.textContent = "▶";
}

// A press on ▶ plays at the normal pace when the pace is "by hand" (issue 59.3: it did
// nothing); "by hand" only keeps a replay that opens by itself on its first step.
function restart(pressed = false) {
  stop();
  const ms = pace() || (pressed ? PLAYED_BY_HAND : 0);
  if (!ms) return;
  if (replay.at >= replay.entries.length - 1) show(0);
  $("dg-replay-play").textContent = "❚❚";
  const tick = () => {
    if (replay.at >= replay.entries.length - 1) { stop(); return; }
    show(replay.at + 1);
    replay.timer = setTimeout(tick, dwell(replay.entries[replay.at], pace() || PLAYED_BY_HAND));
  };
  replay.timer = setTimeout(tick, dwell(replay.entries[replay.at], ms));
}

// A step with nothing to look at -- an `end`, a hidden declaration -- passes in a
// quarter of the pace (playtest of issue 58: a phase replayed at the normal pace spent
// seconds on bare "end" steps between the moves).
function bare(e) {
  return !e.aid && e.events.every(ev => ev.text.startsWith("---") || ev.kind === "declare");
}

function dwell(e, ms) {
  return e && bare(e) ? Math.max(150, ms / 4) : ms;
}

function close() {
  stop();
  replay.closed = true;
  replay.at = -1;
  $("dg-replay").hidden = true;
  drawOnBoard();
  litLog();
  poseBoard();
  if (table.state) offer(table.state, replay.entries);
}

/** Show entry `i` of the batch: its text, its events, its drawing, its log line. */
function show(i) {
  if (!replay.entries.length) return;
  replay.at = Math.max(0, Math.min(replay.entries.length - 1, i));
  const e = replay.entries[replay.at];
  $("dg-replay-count").textContent = `${replay.at + 1} of ${replay.entries.length}`;
  const move = e.move === null ? (e.hidden ? "(a hidden decision)" : "") : e.move;
  // the step in a player's words first (playtest of issue 59: the headline was the bare
  // notation, `marker b3-c4`, `h8 dash 2`): its first event without the rule, the
  // notation after it, small; the other events below
  const said = e.events.findIndex(ev => !ev.text.startsWith("---"));
  const words = said >= 0 ? plain(e.events[said].text) : (e.move === "end" ? "ends the phase" : move);
  const events = el("ul", {class: "events"});
  e.events.forEach((ev, i) => { if (i !== said) events.append(el("li", {class: "event-" + ev.kind, text: ev.text})); });
  const head = el("p", {class: "dg-replay-words"}, el("b", {text: `${e.n}. `}), words);
  if (e.move && words !== e.move && e.move !== "end") head.append(" ", el("code", {class: "note", text: move, title: "the notation"}));
  $("dg-replay-entry").replaceChildren(head, events);
  $("dg-replay-back").disabled = replay.at === 0;
  $("dg-replay-first").disabled = replay.at === 0;
  $("dg-replay-forward").disabled = replay.at === replay.entries.length - 1;
  $("dg-replay-last").disabled = replay.at === replay.entries.length - 1;
  drawOnBoard();
  litLog();
  poseBoard();
}

/** A side's name as the events write it ("German", "Soviet"; "german1" as "German1"). */
function side(name) {
  return name ? name[0].toUpperCase() + name.slice(1) : "";
}

/** An event's text without its rule IDs, "->" as an arrow: a headline, not a reference. */
function plain(text) {
  return text.replace(/\s*\((?:DG|HTC)-[^)]*\)/g, "").replace(/ -> /g, " → ").trim();
}

function drawOnBoard() {
  const svg = boardSvg();
  svg?.querySelector("#dg-replay-aid")?.remove();
  if (!svg || replay.at < 0 || replay.closed) return;
  const e = replay.entries[replay.at];
  if (!e || !e.aid) return;
  const group = svgNode("g", {id: "dg-replay-aid", class: "dg-replay-aid", "data-n": String(e.n)});
  drawAid(group, e.aid);
  svg.append(group);
}

function litLog() {
  for (const li of $("log").querySelectorAll("li.replaying")) li.classList.remove("replaying");
  if (replay.at < 0 || replay.closed) return;
  const e = replay.entries[replay.at];
  const log = $("log");
  const li = e && log.querySelector(`:scope > li[value="${e.n}"]`);
  if (!li) return;
  li.classList.add("replaying");
  // bring it into the log's own view; the page itself does not scroll
  const top = li.offsetTop - log.offsetTop;
  if (top < log.scrollTop || top + li.offsetHeight > log.scrollTop + log.clientHeight) log.scrollTop = Math.max(0, top - 8);
}

/** The pass screen of a hot seat: nothing of the last player's log stays on the page. */
export function forget() {
  stop();
  Object.assign(replay, {entries: [], at: -1, seen: null, played: 0, closed: true});
  rewind.pictures.clear();  // the next seat's eyes: none of this one's pictures
  rewind.kept.clear();
  const box = $("dg-replay");
  if (box) { box.hidden = true; $("dg-replay-entry").replaceChildren(); $("dg-replay-count").textContent = ""; }
  const again = $("dg-replay-again");
  if (again) { again.hidden = true; again.textContent = ""; }
  for (const li of $("log").querySelectorAll("li.replaying")) li.classList.remove("replaying");
}

/** After every state: when the seat's turn comes back after two or more of the other
 * side's decisions it has not yet been shown, and something of them can be drawn,
 * they are played back from the first (set-up placements alone are only offered).
 * A page opened before its seat's first decision plays them too; one opened later
 * offers them. */
export function draw(state, fresh) {
  const box = panel();
  if (fresh) rewind.kept.clear();  // a new picture: its poses are the live ones
  if (!state.you) { box.hidden = true; return; }
  const entries = batch(state);
  const last = state.log.length ? state.log[state.log.length - 1].n : 0;
  if (fresh) {
    const first = replay.seen === null;
    replay.seen = last;
    replay.entries = entries;
    if (!entries.length) {
      stop();
      replay.at = -1;
      replay.closed = true;
      box.hidden = true;
    } else if (first && state.log.some(e => e.player === state.you)) {
      replay.played = last;             // the page opened again mid-game: offer it, do not play it
      replay.closed = true;
    } else if (state.your_turn && entries.length >= 2 && last > replay.played && entries.some(e => e.aid)) {
      // (also a new game's first page, when the other side opened before it loaded: the
      // computer's whole opening was there without a word, playtest of issue 58)
      replay.played = last;
      replay.closed = false;
      box.hidden = false;
      $("dg-replay-title").textContent = `${side(entries[0].player)}'s decisions, step by step:`;
      show(0);
      restart();
    }
  }
  offer(state, entries);
  drawOnBoard();
  litLog();
  poseBoard();
}

// A closed replay leaves a button to start it again while the batch is the newest.
function offer(state, entries) {
  let again = $("dg-replay-again");
  if (!again) {
    again = el("button", {id: "dg-replay-again", hidden: ""});
    again.addEventListener("click", () => {
      replay.closed = false;
      $("dg-replay").hidden = false;
      $("dg-replay-title").textContent = `${side(replay.entries[0].player)}'s decisions, step by step:`;
      again.hidden = true;
      show(0);
      restart();
    });
    $("buttons").append(again);
  }
  again.hidden = !(replay.closed && entries.length >= 2);
  if (!again.hidden) again.textContent = `replay the ${side(entries[0].player)}'s last ${entries.length} decisions`;
}
