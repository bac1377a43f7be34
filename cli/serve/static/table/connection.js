// The seat's link to its table: the state the server last sent, the POSTs
// that change it, and the push stream (Server-Sent Events) that brings every
// change. Everything the page shows is drawn from `table.state`.
import {$} from "../dom.js";

const [, , GAME, TOKEN] = location.pathname.split("/");
export const API = `/api/t/${GAME}/${TOKEN}`;

/** What the page knows: the seat's state, the place the player picked on the
 * board, and whether the push stream is open (`online`). */
export const table = {state: null, selected: null, online: true};

const renderers = [];
let stream = null;
let retry = null;
let delay = 0;
const FIRST_RETRY_MS = 300, LAST_RETRY_MS = 4000;

/** Call `draw(state, fresh)` after every new state (fresh: a new version, not the same one again). */
export function onState(draw) { renderers.push(draw); }

export function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
}

const NOT_SENT = "not sent: the page is not connected to the server";

/** POST to the seat's API; the answer is drawn, an error shown. Returns the answer or null.
 * While the page is disconnected nothing is sent: a move made on a stale board
 * is refused here, visibly (issue 29.10). */
export async function post(what, body) {
  if (!table.online) { showError(NOT_SENT); return null; }
  showError("");
  let response;
  try {
    response = await fetch(`${API}/${what}`, {
      method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body || {})});
  } catch (e) {
    showError("the server did not answer: the table reconnects and then shows whether it was played");
    lost();
    return null;
  }
  let data = {};
  try { data = await response.json(); } catch (e) { data = {error: response.statusText}; }
  if (!response.ok) {
    // a file that cannot be saved is named by the notice above; the error says only what became of the move
    showError(data.file_problem ? "not played: this game's file cannot be saved (see the notice)" : data.error);
    return null;
  }
  update(data);
  if (data.answer) $("answer").textContent = data.answer;  // after the state: it answers this position
  return data;
}

/** Ask the table a question without drawing its answer as a state (e.g. `preview`);
 * the server answers briefly (the answer, not the whole state). */
export async function ask(command) {
  if (!table.online) return {error: NOT_SENT};
  try {
    const response = await fetch(`${API}/ask`, {method: "POST", headers: {"content-type": "application/json"},
                                                body: JSON.stringify({command, brief: true})});
    const data = await response.json().catch(() => ({}));
    return response.ok ? {answer: data.answer || ""} : {error: data.error || response.statusText};
  } catch (e) {
    lost();
    return {error: NOT_SENT};
  }
}

/** Play a move in the ruleset's notation; with `version`, only on the position of that
 * version (the server refuses it, saying why, once the table has moved on). */
export function play(text, version) {
  if (!table.online) { showError(NOT_SENT); return Promise.resolve(null); }
  table.selected = null;
  $("chooser").hidden = true;
  window.ttSentAt = performance.now();
  return post("act", version === undefined ? {move: text} : {move: text, version}).then(data => { if (data) clearInputs(); return data; });
}

/** A move played, however (the move box, a board click, a hint's button, the list):
 * what was typed for the last position is stale, so the move box and the list's filter
 * are emptied (Tank Chess playtest: a hint's move left both, a refused move's text
 * stood three moves later). Done at once, before a hint's left-over order is put back
 * in the move box a task later (Battle of Tanks' hint.js). */
function clearInputs() {
  const move = $("move"), filter = $("filter");
  if (move) move.value = "";
  if (filter && filter.value) { filter.value = ""; filter.dispatchEvent(new Event("input")); }
}

/** Take a state from the server; an older version than the one shown is ignored,
 * unless `reset` (the state fetched on reconnecting is the server's word, whatever it shows). */
export function update(next, reset) {
  const state = table.state;
  if (!next || (!reset && state && next.version < state.version)) return;
  const fresh = reset || !state || next.version !== state.version;
  if (reset) $("board").dataset.version = "";
  table.state = next;
  if (fresh) table.selected = null;
  if (window.ttSentAt && fresh) window.ttLastRoundTrip = performance.now() - window.ttSentAt;
  for (const draw of renderers) draw(next, fresh);
  document.body.dataset.version = String(next.version);
  if (next.outcome && stream) { stream.close(); stream = null; }
}

function setOnline(on, why) {
  table.online = on;
  document.body.classList.toggle("offline", !on);
  $("connection").hidden = on;
  $("connection").textContent = on ? "" : "reconnecting… " + (why || "the connection to the server was lost");
  if (on && $("error").textContent === NOT_SENT) showError("");
}

/** The push stream broke (the server restarted, the network dropped): say so, and
 * try again, sooner first, then every few seconds. */
function lost(why) {
  if (stream) { stream.close(); stream = null; }
  setOnline(false, why);
  if (retry === null) {
    retry = setTimeout(reconnect, delay);
    delay = Math.min(LAST_RETRY_MS, Math.max(FIRST_RETRY_MS, delay * 2));
  }
}

async function reconnect() {
  retry = null;
  let response, data;
  try {
    response = await fetch(`${API}/state`, {cache: "no-store"});
    data = await response.json();
  } catch (e) {
    lost();
    return;
  }
  if (!response.ok) {
    if (!table.state) { showError(data.error || response.statusText); return; }  // a link that is no seat
    lost(`the server answers: ${data.error || response.statusText}`);
    return;
  }
  delay = 0;
  setOnline(true);
  update(data, true);
  follow();
}

// A stream can go quiet without breaking (a server that hangs, a connection a
// sleeping laptop or a changed network left half open): the server pings an
// idle stream, and a stream silent for three pings is taken as broken.
let heard = 0;
let pingEvery = 15;

function follow() {
  if (table.state.outcome) return;
  stream = new EventSource(`${API}/stream`);
  heard = performance.now();
  stream.onopen = () => { heard = performance.now(); };
  stream.onmessage = event => { heard = performance.now(); update(JSON.parse(event.data)); };
  stream.addEventListener("ping", event => {
    heard = performance.now();
    try { pingEvery = Number(JSON.parse(event.data).every) || pingEvery; } catch (e) { /* keep the last */ }
  });
  stream.onerror = () => lost();
}

setInterval(() => {
  if (stream && performance.now() - heard > 3 * pingEvery * 1000 + 1000) lost("the server has gone silent");
}, 500);

// A page left for another (a link, the back button) may be kept whole for the
// way back, and a push stream it keeps open holds one of the few connections a
// browser allows one server (six in Chromium): a player who walks through a few
// tables would find the next page waiting for a free one. So a hidden page
// closes its stream, and a page shown again reloads its state and follows anew.
window.addEventListener("pagehide", () => {
  if (stream) { stream.close(); stream = null; }
  if (retry !== null) { clearTimeout(retry); retry = null; }
});
window.addEventListener("pageshow", event => {
  if (event.persisted && !stream) reconnect();
});

/** Load the seat's state, then follow the push stream until the game is over;
 * a broken stream is reopened by itself (issue 29.10). */
export async function connect() {
  await reconnect();
}
