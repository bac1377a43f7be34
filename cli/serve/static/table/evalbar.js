// The evaluation bar (issue 28.5): the search's estimate of the result from this
// seat's side, +1 a win, -1 a loss. Off by default; a checkbox in the side panel
// turns it on. The server computes the figure off its event loop, from what this
// seat may know (GET .../estimate); the page asks once per new position and
// never waits for it: the table is played on while the figure is on its way.
import {$, el} from "../dom.js";
import {API, onState, table} from "./connection.js";

const stylesheet = el("link", {rel: "stylesheet", href: "/static/table/evalbar.css"});

let asked = null;    // the version last asked for
let wanted = null;   // the newest version seen while a question was out
let busy = false;

function enabled() { return $("evalbar-toggle").checked; }

/** Draw an estimate in [-1, 1] for `player`: the bar filled from the left by the
 * seat's share, the figure beside it. */
function draw(answer) {
  const share = Math.max(0, Math.min(1, (answer.estimate + 1) / 2));
  $("evalbar-fill").style.width = `${(share * 100).toFixed(1)}%`;
  const figure = answer.estimate === 0 ? "0.00" : (answer.estimate > 0 ? "+" : "") + answer.estimate.toFixed(2);
  $("evalbar-text").textContent = `${answer.player} ${figure}`;
  $("evalbar").title = `the search's estimate of the result for ${answer.player}: +1 a win, -1 a loss`;
  $("evalbar").dataset.version = String(answer.version);
}

async function ask(version) {
  busy = true;
  asked = version;
  try {
    const response = await fetch(`${API}/estimate`);
    const data = await response.json().catch(() => ({}));
    if (response.ok && enabled() && table.state && data.version === table.state.version) draw(data);
    else if (!response.ok) $("evalbar-text").textContent = data.error || response.statusText;
  } catch (e) {
    // the connection's own banner says the page is offline; the bar asks again on the next state
  } finally {
    busy = false;
  }
  if (wanted !== null && wanted !== asked && enabled()) { const next = wanted; wanted = null; ask(next); }
}

function update(state) {
  const player = Boolean(state && state.you) && !state.pass_to;
  $("evalbar-box").hidden = !player;
  $("evalbar").hidden = !player || !enabled();
  if (!player || !enabled() || state.version === asked) return;
  if (busy) { wanted = state.version; return; }
  $("evalbar-text").textContent = "…";
  ask(state.version);
}

/** Put the checkbox and the (hidden) bar at the top of the side panel. */
export function setupEvalbar() {
  document.head.append(stylesheet);
  const toggle = el("input", {type: "checkbox", id: "evalbar-toggle"});
  const bar = el("div", {id: "evalbar", role: "meter", hidden: ""},
    el("div", {id: "evalbar-fill"}), el("span", {id: "evalbar-text"}));
  const box = el("div", {id: "evalbar-box", hidden: ""},
    el("label", {}, toggle, " evaluation bar"), bar);
  document.querySelector("aside").prepend(box);
  toggle.addEventListener("change", () => { asked = null; update(table.state); });
  onState(state => update(state));
}
