// The seat's link to its table: the state the server last sent, the POSTs
// that change it, and the push stream (Server-Sent Events) that brings every
// change. Everything the page shows is drawn from `table.state`.
import {$} from "../dom.js";

const [, , GAME, TOKEN] = location.pathname.split("/");
export const API = `/api/t/${GAME}/${TOKEN}`;

/** What the page knows: the seat's state, and the place the player picked on the board. */
export const table = {state: null, selected: null};

const renderers = [];
let stream = null;

/** Call `draw(state, fresh)` after every new state (fresh: a new version, not the same one again). */
export function onState(draw) { renderers.push(draw); }

export function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
}

/** POST to the seat's API; the answer is drawn, an error shown. Returns the answer or null. */
export async function post(what, body) {
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

/** Ask the table a question without drawing its answer as a state (e.g. `preview`);
 * the server answers briefly (the answer, not the whole state). */
export async function ask(command) {
  const response = await fetch(`${API}/ask`, {method: "POST", headers: {"content-type": "application/json"},
                                              body: JSON.stringify({command, brief: true})});
  const data = await response.json().catch(() => ({}));
  return response.ok ? {answer: data.answer || ""} : {error: data.error || response.statusText};
}

/** Play a move in the ruleset's notation. */
export function play(text) {
  table.selected = null;
  $("chooser").hidden = true;
  window.ttSentAt = performance.now();
  return post("act", {move: text});
}

/** Take a state from the server; an older version than the one shown is ignored. */
export function update(next) {
  const state = table.state;
  if (!next || (state && next.version < state.version)) return;
  const fresh = !state || next.version !== state.version;
  table.state = next;
  if (fresh) table.selected = null;
  if (window.ttSentAt && fresh) window.ttLastRoundTrip = performance.now() - window.ttSentAt;
  for (const draw of renderers) draw(next, fresh);
  document.body.dataset.version = String(next.version);
  if (next.outcome && stream) { stream.close(); stream = null; }
}

/** Load the seat's state, then follow the push stream until the game is over. */
export async function connect() {
  const response = await fetch(`${API}/state`);
  const data = await response.json();
  if (!response.ok) { showError(data.error); return; }
  update(data);
  if (!table.state.outcome) {
    stream = new EventSource(`${API}/stream`);
    stream.onmessage = event => update(JSON.parse(event.data));
  }
}
