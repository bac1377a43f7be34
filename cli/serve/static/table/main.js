// One seat at the table: the board drawn by the server, made clickable; moves,
// commands and the log. The server pushes the seat's state after every change
// (Server-Sent Events); everything shown comes from that state.
import {$, el} from "../dom.js";
import {table, post, play, connect, onState, showError} from "./connection.js";
import {drawCheckLine} from "./aids.js";
import {cancelChoice, drawBoard, onSelect, widenPlaces} from "./board.js";
import {drawActions, drawLog, drawStatus} from "./panels.js";
import {setupGameOver} from "./gameover.js";
import {setupReplayLink} from "./replaylink.js";
import {setupInvite} from "./invite.js";
import {setupEvalbar} from "./evalbar.js";
import {rulesetModule} from "./rulesets/index.js";
import {showPassScreen, hidePassScreen} from "./passscreen.js";
import * as zoom from "./zoom.js";
import * as fit from "./fit.js";
import * as turn from "./turn.js";
import * as marks from "./marks.js";
import {drawDice} from "./dicetray.js";
import "./notes.js";

let ruleset = null;
let shownPosition = null;

/** What tells one position from the next: the last decision taken, and the one due. */
function positionOf(state) {
  const last = state.log.length ? state.log[state.log.length - 1].n : 0;
  return `${last} ${state.to_move} ${state.decision}`;
}

/** What the last move announced (a CHECK), in words and drawn. */
function drawAnnouncement(state) {
  const last = state.log.length ? state.log[state.log.length - 1] : null;
  const check = last ? last.events.find(e => e.kind.toLowerCase().includes("check")) : null;
  if (check && !state.outcome) {
    $("aids").append(el("p", {class: "check", text: check.text}));  // the event says it all, once
  }
  drawCheckLine();
}

function render(state, fresh) {
  if (!ruleset) { ruleset = rulesetModule(state.ruleset); ruleset.setup(); }
  if (state.pass_to) { showPassScreen(state); return; }
  hidePassScreen();
  if (fresh) $("chooser").hidden = true;
  const position = positionOf(state);
  if (position !== shownPosition) {  // answers and errors belong to the position they were given for (issue 29.11)
    shownPosition = position;
    $("answer").textContent = "";
    if (table.online) showError("");
  }
  drawStatus();
  drawBoard();
  drawActions();
  drawLog();
  drawDice(state);
  $("aids").replaceChildren();
  drawAnnouncement(state);
  ruleset.draw(state, fresh);
}

function main() {
  zoom.setup();
  fit.setup();
  turn.setup();
  marks.setup();
  widenPlaces();
  onState(render);
  onSelect(drawActions);
  setupGameOver();
  setupReplayLink();
  setupInvite();
  setupEvalbar();
  $("move-form").addEventListener("submit", e => {
    e.preventDefault();
    const t = $("move").value.trim();
    if (t) play(t).then(ok => { if (ok) $("move").value = ""; });
  });
  $("ask-form").addEventListener("submit", e => { e.preventDefault(); post("ask", {command: $("ask").value}); });
  $("undo").addEventListener("click", () => post("undo"));
  $("hint").addEventListener("click", () => post("hint"));
  $("resign").addEventListener("click", () => { if (confirm("Resign this game?")) post("resign"); });
  $("draw").addEventListener("click", () => post("draw", {accept: true}));
  $("decline").addEventListener("click", () => post("draw", {accept: false}));
  $("pass-ready").addEventListener("click", () => post("ready"));
  $("chooser-cancel").addEventListener("click", () => cancelChoice(true));
  $("filter").addEventListener("input", drawActions);
  $("answer").addEventListener("click", () => { $("answer").textContent = ""; });  // read: put it away
  $("error").addEventListener("click", () => showError(""));
  $("board").addEventListener("click", () => cancelChoice());
  document.addEventListener("keydown", e => { if (e.key === "Escape") cancelChoice(); });
  connect();
}

main();
