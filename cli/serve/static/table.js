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
    const drawn = board.querySelector("svg");
    if (drawn) { dropCaption(drawn); spreadLabels(drawn); drawn.addEventListener("click", rulerClick, true); }
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
    if (cls === "tt-to") hoverShows(c, choicesAt(key));
    overlay.append(c);
  };
  for (const key of starts) if (!ends.has(key)) spot(key, key === selected ? "tt-from tt-selected" : "tt-from");
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

function choicesAt(key) {
  const out = [];
  state.targets.moves.forEach((m, i) => {
    if (m.to === key && (m.from === selected || m.from === null)) out.push(state.actions[i]);
  });
  return out;
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
    hoverShows(button, [a]);
    list.append(el("li", {}, button, a.note ? " " + a.note : ""));
  }
  $("chooser").hidden = false;
}


// ------------------------------------------------------------------- aids
// A legal action's drawing (state.actions[i].aid, built by cli/serve/aids.py):
// a path with its length against the allowance, or shot lines with their notes.
function svgNode(tag, attrs, text) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function label(group, x, y, text, cls) {
  if (!text) return;
  group.append(svgNode("text", {x, y, class: "tt-aid-label " + (cls || "")}, text));
}

function showAids(actions) {
  clearAids();
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const group = svgNode("g", {id: "tt-aid"});
  for (const a of actions) {
    const aid = a && a.aid;
    if (!aid) continue;
    if (aid.path) {
      const cls = "tt-path" + (aid.over ? " tt-over" : "");
      group.append(svgNode("polyline", {points: aid.path.map(p => p.join(",")).join(" "), class: cls}));
      const [x, y] = aid.path[aid.path.length - 1];
      group.append(svgNode("circle", {cx: x, cy: y, r: 4, class: cls}));
      label(group, x + 8, y - 8, aid.label, "tt-path-label");
    }
    for (const line of aid.lines || []) {
      group.append(svgNode("line", {x1: line.from[0], y1: line.from[1], x2: line.to[0], y2: line.to[1],
                                    class: "tt-shot" + (line.face ? " tt-face-" + line.face : "")}));
      group.append(svgNode("circle", {cx: line.to[0], cy: line.to[1], r: 6, class: "tt-shot-end"}));
      label(group, (line.from[0] + line.to[0]) / 2 + 6, (line.from[1] + line.to[1]) / 2 - 6, line.label, "tt-shot-label");
    }
  }
  svg.append(group);
  $("aid-note").textContent = actions.filter(a => a && a.aid).map(a => `${a.text}: ${aidText(a.aid)}`).join("\n");
}

function aidText(aid) {
  const parts = [];
  if (aid.path && aid.label) parts.push(aid.label);
  for (const line of aid.lines || []) parts.push(line.label);
  return parts.join("; ");
}

function drawCheckLine() {
  const svg = $("board").querySelector("svg");
  svg?.querySelector("#tt-check")?.remove();
  if (!svg || !state.check_line) return;
  const group = svgNode("g", {id: "tt-check"});
  for (const line of state.check_line.lines) {
    group.append(svgNode("line", {x1: line.from[0], y1: line.from[1], x2: line.to[0], y2: line.to[1], class: "tt-check"}));
    label(group, line.to[0] + 6, line.to[1] - 10, line.label, "tt-check-label");
  }
  svg.append(group);
}

function clearAids() {
  $("board").querySelector("#tt-aid")?.remove();
  $("aid-note").textContent = "";
}

function hoverShows(node, actions) {
  node.addEventListener("mouseenter", () => showAids(actions));
  node.addEventListener("focus", () => showAids(actions));
  node.addEventListener("mouseleave", clearAids);
  node.addEventListener("blur", clearAids);
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

// ------------------------------------------------------------------- ruler
// Battle of Tanks: two clicks (a tank or a point) ask the table's own
// `measure` command; its answer (distance, line of sight, cover) is shown
// and the line drawn.
let ruler = {on: false, points: []};

function toCm(svg, event) {
  const g = state.geometry;
  const pt = svg.createSVGPoint();
  pt.x = event.clientX; pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  return {px: [p.x, p.y], cm: [p.x / g.scale, g.depth - p.y / g.scale]};
}

function rulerEnd(at) {
  const tanks = (state.view && state.view.tanks) || [];
  let best = null;
  for (const t of tanks) {
    const d = Math.hypot(t.x - at.cm[0], t.y - at.cm[1]);
    if (d <= 4 && (!best || d < best.d)) best = {d, t};
  }
  if (best) {
    const g = state.geometry;
    return {word: best.t.label, px: [best.t.x * g.scale, (g.depth - best.t.y) * g.scale]};
  }
  return {word: `${at.cm[0].toFixed(1)},${at.cm[1].toFixed(1)}`, px: at.px};
}

function drawRuler() {
  const svg = $("board").querySelector("svg");
  svg?.querySelector("#tt-ruler")?.remove();
  if (!svg || !ruler.on || !ruler.points.length) return;
  const group = svgNode("g", {id: "tt-ruler"});
  const [a, b] = ruler.points;
  group.append(svgNode("circle", {cx: a.px[0], cy: a.px[1], r: 4, class: "tt-ruler"}));
  if (b) {
    group.append(svgNode("line", {x1: a.px[0], y1: a.px[1], x2: b.px[0], y2: b.px[1], class: "tt-ruler"}));
    group.append(svgNode("circle", {cx: b.px[0], cy: b.px[1], r: 4, class: "tt-ruler"}));
    label(group, (a.px[0] + b.px[0]) / 2 + 6, (a.px[1] + b.px[1]) / 2 - 6, ruler.distance || "…", "tt-ruler-label");
  }
  svg.append(group);
}

async function rulerClick(event) {
  const svg = $("board").querySelector("svg");
  if (!ruler.on || !svg || !state.geometry) return;
  event.stopPropagation(); event.preventDefault();
  const end = rulerEnd(toCm(svg, event));
  if (ruler.points.length !== 1) ruler.points = [end]; else ruler.points.push(end);
  ruler.distance = null;
  drawRuler();
  if (ruler.points.length === 2) {
    const data = await post("ask", {command: `measure ${ruler.points[0].word} ${ruler.points[1].word}`});
    if (data && data.answer) {
      const m = /([\d.]+) cm between (centres|footprints)/.exec(data.answer);
      ruler.distance = m ? `${m[1]} cm` : "";
      drawRuler();
    }
  }
}

function setupRuler() {
  const usable = state.geometry && state.commands.some(c => c.name === "measure");
  $("ruler").hidden = !usable;
  $("ruler").classList.toggle("on", ruler.on);
  $("ruler").textContent = ruler.on ? "ruler: on (click two tanks or points)" : "ruler";
  drawRuler();
}

// ------------------------------------------------------- Tiger programs
// Duel of the Giants: the server programs a Tiger card by card (`tiger1 +F`
// lays a card, `tiger1 done` ends the stack), offering the cards the rules allow
// next; the composer shows them as cards, each with where the stack would lead
// were it ended there, the stack so far (the seat's own view), and the table's
// `preview` of it. Taking back a card is the table's undo.
function programActions() {
  return state.actions.filter(a => /^tiger\d+ (\+\S+|done)$/.test(a.text));
}

function drawComposer() {
  const box = $("composer");
  const programs = state.your_turn ? programActions() : [];
  box.hidden = !programs.length;
  if (!programs.length) return;
  // the same state pushed again (the answer to a move and the stream both bring it):
  // keep the buttons, so that a click under way is not lost on a replaced one
  if (box.dataset.version === String(state.version)) return;
  box.dataset.version = String(state.version);
  const tiger = programs[0].text.split(" ")[0];
  const draft = state.view && state.view.draft ? state.view.draft.cards : [];
  $("composer-program").textContent = [tiger, ...draft].join(" ");
  const laying = programs.filter(a => a.text.includes("+"));
  const done = programs.find(a => a.text.endsWith(" done"));
  $("composer-count").textContent = draft.length
    ? `${draft.length} card(s) laid; ${laying.length} may follow` : `${laying.length} cards may go first`;
  const cards = $("composer-cards");
  cards.replaceChildren();
  for (const a of laying) {
    const card = a.text.split("+")[1];
    const button = el("button", {class: "card", text: card, "data-card": card, title: a.note || ""});
    button.addEventListener("click", () => play(a.text));
    hoverShows(button, [a]);
    cards.append(button);
  }
  $("composer-send").disabled = !done;
  $("composer-send").onclick = () => { if (done) play(done.text); };
  $("composer-back").disabled = !draft.length;
  $("composer-back").onclick = () => post("undo");
  const list = $("composer-list");
  list.replaceChildren();
  for (const a of programs) {
    const button = el("button", {class: "action", text: a.text});
    button.addEventListener("click", () => play(a.text));
    hoverShows(button, [a]);
    list.append(el("li", {}, button, a.note ? el("span", {class: "note", text: " " + a.note}) : ""));
  }
  const shown = `${state.view ? state.view.round : ""} ${$("composer-program").textContent}`;
  if (box.dataset.shown !== shown) {  // a new stack, or a card more or less: ask again
    box.dataset.shown = shown;
    preview(tiger, draft);
  }
}

async function preview(tiger, draft) {
  if (!state.commands.some(c => c.name === "preview")) return;
  const words = [tiger, ...draft].join(" ");
  const response = await fetch(`${API}/ask`, {method: "POST", headers: {"content-type": "application/json"},
                                              body: JSON.stringify({command: `preview ${words}`})});
  const data = await response.json().catch(() => ({}));
  $("composer-preview").textContent = response.ok ? (data.answer || "") : (data.error || "");
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
    hoverShows(button, [a]);
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
  // bring a new entry into view, and only then: scrolling the page under a pointer
  // on its way to a button (the same state pushed twice) would lose the click
  const last = state.log.length ? String(state.log[state.log.length - 1].n) : "";
  if (log.dataset.last !== last) {
    log.dataset.last = last;
    log.lastElementChild?.scrollIntoView({block: "nearest"});
  }
}

// The dice's commitment from the start; the seed and its salt once the game is over.
function drawDice(dice) {
  const box = $("dice");
  box.hidden = !dice || !dice.commitment;
  if (box.hidden) return;
  box.textContent = dice.seed === null
    ? `dice sealed: commitment ${dice.commitment} (the seed is shown when the game ends)`
    : `dice revealed: seed ${dice.seed}, salt ${dice.salt}; commitment ${dice.commitment} ` +
      "(tanktable replay --verify on the record checks it)";
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
  $("notice").textContent = (state.file_problem ? state.file_problem + ". " : "") + state.notice
    + (state.draw_offer.length ? ` (draw offered by ${state.draw_offer.join(", ")})` : "");
  $("decision").textContent = "";
  const acting = state.role !== "spectator" && !state.outcome;
  for (const id of ["undo", "resign", "draw", "move-form", "hint"]) $(id).hidden = !acting;
  $("hint").hidden = !state.your_turn;
  $("move-form").hidden = !state.your_turn;
  const offered = state.draw_offer.length > 0 && !state.draw_offer.includes(state.you);
  $("draw").textContent = offered ? "accept draw" : "offer draw";
  $("decline").hidden = !(acting && offered);
  $("record").hidden = state.hidden_information && !state.outcome;
  drawDice(state.dice);
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
  if (check && !state.outcome) {
    const d = check.data || {};
    const who = d.piece ? `${d.side}'s ${d.piece} on ${d.from}` : "";
    aids.append(el("p", {class: "check", text: `CHECK — ${who ? who + " threatens the Command Tank on " + d.target + ". " : ""}` + check.text}));
  }
  drawCheckLine();
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
  drawComposer();
  setupRuler();
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
  $("ruler").addEventListener("click", () => { ruler = {on: !ruler.on, points: []}; setupRuler(); });
  $("board").addEventListener("click", () => { if (selected) { selected = null; drawBoard(); drawActions(); } });
  const response = await fetch(`${API}/state`);
  const data = await response.json();
  if (!response.ok) { showError(data.error); return; }
  update(data);
  if (!state.outcome) listen();
}

main();
