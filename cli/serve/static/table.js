// One seat at the table: the board drawn by the server, made clickable; moves,
// commands and the log. The server pushes the seat's state after every change
// (Server-Sent Events); everything shown comes from that state.
"use strict";

const [, , GAME, TOKEN] = location.pathname.split("/");
const API = `/api/t/${GAME}/${TOKEN}`;
const SVGNS = "http://www.w3.org/2000/svg";
let state = null;
let selected = null;   // the "from" place clicked
let stream = null;

const $ = id => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
}

async function post(what, body) {
  showError("");
  const response = await fetch(`${API}/${what}`, {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body || {})});
  let data = {};
  try { data = await response.json(); } catch (e) { data = {error: response.statusText}; }
  if (!response.ok) { showError(data.error); return null; }
  if (data.answer) $("answer").textContent = data.answer;
  update(data);
  return data;
}

function play(text) {
  selected = null;
  $("chooser").hidden = true;
  window.ttSentAt = performance.now();
  return post("act", {move: text});
}

// ------------------------------------------------------------------- board
function drawBoard() {
  const board = $("board");
  if (!state.svg) { board.replaceChildren(); return; }
  if (board.dataset.version !== String(state.version)) {
    board.innerHTML = state.svg;
    board.dataset.version = String(state.version);
  }
  const svg = board.querySelector("svg");
  if (!svg) return;
  svg.querySelector("#tt-overlay")?.remove();
  const targets = state.targets;
  if (!state.your_turn || !targets || !targets.places) return;
  const overlay = document.createElementNS(SVGNS, "g");
  overlay.setAttribute("id", "tt-overlay");
  const starts = new Set(), ends = new Set();
  targets.moves.forEach(m => {
    if (m.from) starts.add(m.from);
    if (m.to && (m.from === null || m.from === selected)) ends.add(m.to);
  });
  const spot = (key, cls) => {
    const [x, y] = targets.places[key];
    const c = document.createElementNS(SVGNS, "circle");
    c.setAttribute("cx", x); c.setAttribute("cy", y); c.setAttribute("r", targets.radius);
    c.setAttribute("class", cls); c.setAttribute("data-place", key);
    const title = document.createElementNS(SVGNS, "title");
    title.textContent = key;
    c.append(title);
    c.addEventListener("click", event => { event.stopPropagation(); clickPlace(key, cls); });
    overlay.append(c);
  };
  for (const key of starts) if (!ends.has(key)) spot(key, key === selected ? "tt-from tt-selected" : "tt-from");
  for (const key of ends) spot(key, "tt-to");
  svg.append(overlay);
}

function clickPlace(key, cls) {
  if (cls.startsWith("tt-from")) {
    selected = selected === key ? null : key;
    $("filter").value = "";
    drawBoard();
    drawActions();
    return;
  }
  const choices = [];
  state.targets.moves.forEach((m, i) => {
    if (m.to === key && (m.from === selected || m.from === null)) choices.push(state.actions[i]);
  });
  if (choices.length === 1) { play(choices[0].text); return; }
  const list = $("chooser").querySelector("ul");
  list.replaceChildren();
  for (const a of choices) {
    const button = el("button", {class: "choice", text: a.text});
    button.addEventListener("click", () => play(a.text));
    list.append(el("li", {}, button, a.note ? " " + a.note : ""));
  }
  $("chooser").hidden = false;
}

// ------------------------------------------------------------------- panels
function visibleActions() {
  const needle = $("filter").value.toLowerCase();
  const out = [];
  state.actions.forEach((a, i) => {
    const m = state.targets && state.targets.moves ? state.targets.moves[i] : null;
    if (selected && !(m && m.from === selected)) return;
    if (needle && !(a.text + " " + a.note).toLowerCase().includes(needle)) return;
    out.push(a);
  });
  return out;
}

function drawActions() {
  const list = $("actions");
  list.replaceChildren();
  const shown = visibleActions();
  $("action-count").textContent = state.your_turn ? `(${shown.length} of ${state.actions.length})` : "";
  for (const a of shown.slice(0, 300)) {
    const button = el("button", {class: "action", text: a.text});
    button.addEventListener("click", () => play(a.text));
    list.append(el("li", {}, button, a.note ? el("span", {class: "note", text: " " + a.note}) : ""));
  }
  if (shown.length > 300) list.append(el("li", {text: `… ${shown.length - 300} more: filter, or type the move`}));
}

function drawLog() {
  const log = $("log");
  log.replaceChildren();
  for (const entry of state.log) {
    const move = entry.move === null ? (entry.hidden ? "(hidden)" : "") : entry.move;
    const item = el("li", {value: String(entry.n)}, el("b", {text: entry.player + " "}), move);
    if (entry.events.length) {
      const events = el("ul", {class: "events"});
      for (const e of entry.events) events.append(el("li", {class: "event-" + e.kind, text: e.text}));
      item.append(events);
    }
    log.append(item);
  }
  log.lastElementChild?.scrollIntoView({block: "nearest"});
}

function drawStatus() {
  $("title").textContent = `${state.title} — ${state.id}`;
  $("you").textContent = state.you ? `you play ${state.you}` : (state.role === "spectator" ? "spectator" : "");
  let status;
  if (state.outcome) status = `game over: ${state.outcome.reason}`;
  else if (state.your_turn) status = `your decision: ${state.decision}`;
  else status = `${state.to_move} to decide` + (state.decision ? `: ${state.decision}` : "");
  $("status").textContent = status;
  $("thinking").hidden = !state.thinking;
  $("thinking").textContent = state.thinking ? `${state.thinking} is thinking…` : "";
  $("notice").textContent = state.notice + (state.draw_offer.length ? ` (draw offered by ${state.draw_offer.join(", ")})` : "");
  $("decision").textContent = "";
  const acting = state.role !== "spectator" && !state.outcome;
  for (const id of ["undo", "resign", "draw", "move-form", "hint"]) $(id).hidden = !acting;
  $("hint").hidden = !state.your_turn;
  $("move-form").hidden = !state.your_turn;
  const offered = state.draw_offer.length > 0 && !state.draw_offer.includes(state.you);
  $("draw").textContent = offered ? "accept draw" : "offer draw";
  $("decline").hidden = !(acting && offered);
  $("record").hidden = state.hidden_information && !state.outcome;
  $("record").href = `${API}/record`;
  $("notation").textContent = state.notation_help || "";
  $("commands-box").hidden = !state.commands.length;
  $("commands").replaceChildren(...state.commands.map(c => el("li", {}, el("code", {text: c.usage}), " " + c.summary)));
  $("hidden-board").hidden = !state.hidden;
  $("hidden-board").textContent = state.hidden || "";
  $("actions-box").hidden = !state.your_turn;
}

function drawAids() {
  // per-ruleset aids, drawn only from what this seat was sent (see docs/browser.md)
  const aids = $("aids");
  aids.replaceChildren();
  const last = state.log.length ? state.log[state.log.length - 1] : null;
  const check = last ? last.events.find(e => e.kind.toLowerCase().includes("check")) : null;
  if (check && !state.outcome) aids.append(el("p", {class: "check", text: "CHECK — " + check.text}));
  const v = state.view;
  if (!v) return;
  if (state.ruleset === "duel-of-the-giants" && v.vp) {
    const totals = Object.entries(v.vp.totals || {}).map(([side, n]) => `${side} ${n}`).join(" : ");
    aids.append(el("p", {class: "vp", text: `round ${v.round}, step ${v.step} — victory points ${totals}`}),
                el("pre", {class: "vp-bar", text: v.vp.bar}));
  }
  if (state.ruleset === "battle-of-tanks" && v.round !== undefined) {
    aids.append(el("p", {class: "phase", text: `round ${v.round}, ${v.phase}; ${v.bag} order chits in the bag`}));
  }
}

function update(next) {
  if (!next || (state && next.version < state.version)) return;
  const fresh = !state || next.version !== state.version;
  state = next;
  if (state.pass_to) {
    $("pass").hidden = false;
    $("pass-text").textContent = `Pass the screen to ${state.pass_to}. ${state.pass_to}: press when the other player cannot see.`;
    $("board").replaceChildren();
    return;
  }
  $("pass").hidden = true;
  if (fresh) { selected = null; $("chooser").hidden = true; }
  if (window.ttSentAt && fresh) { window.ttLastRoundTrip = performance.now() - window.ttSentAt; }
  drawStatus();
  drawBoard();
  drawActions();
  drawLog();
  drawAids();
  document.body.dataset.version = String(state.version);
  if (state.outcome && stream) { stream.close(); stream = null; }
}

function listen() {
  stream = new EventSource(`${API}/stream`);
  stream.onmessage = event => update(JSON.parse(event.data));
}

async function main() {
  $("move-form").addEventListener("submit", e => { e.preventDefault(); const t = $("move").value.trim(); if (t) play(t).then(ok => { if (ok) $("move").value = ""; }); });
  $("ask-form").addEventListener("submit", e => { e.preventDefault(); post("ask", {command: $("ask").value}); });
  $("undo").addEventListener("click", () => post("undo"));
  $("hint").addEventListener("click", () => post("hint"));
  $("resign").addEventListener("click", () => { if (confirm("Resign this game?")) post("resign"); });
  $("draw").addEventListener("click", () => post("draw", {accept: true}));
  $("decline").addEventListener("click", () => post("draw", {accept: false}));
  $("pass-ready").addEventListener("click", () => post("ready"));
  $("chooser-cancel").addEventListener("click", () => { $("chooser").hidden = true; });
  $("filter").addEventListener("input", drawActions);
  $("board").addEventListener("click", () => { if (selected) { selected = null; drawBoard(); drawActions(); } });
  const response = await fetch(`${API}/state`);
  const data = await response.json();
  if (!response.ok) { showError(data.error); return; }
  update(data);
  if (!state.outcome) listen();
}

main();
