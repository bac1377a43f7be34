// One seat at the table: the board drawn by the server, made clickable; moves,
// commands and the log. The server pushes the seat's state after every change
// (Server-Sent Events); everything shown comes from that state.
import {$, el} from "../dom.js";
import {table, post, play, connect, onState} from "./connection.js";
import {drawCheckLine} from "./aids.js";
import {drawBoard, onSelect, select} from "./board.js";
import {drawActions, drawLog, drawStatus} from "./panels.js";
import {rulesetModule} from "./rulesets/index.js";
import "./notes.js";

let ruleset = null;

/** What the last move announced (a CHECK), in words and drawn. */
function drawAnnouncement(state) {
  const last = state.log.length ? state.log[state.log.length - 1] : null;
  const check = last ? last.events.find(e => e.kind.toLowerCase().includes("check")) : null;
  if (check && !state.outcome) {
    const d = check.data || {};
    const who = d.piece ? `${d.side}'s ${d.piece} on ${d.from}` : "";
    $("aids").append(el("p", {class: "check", text: `CHECK — ${who ? who + " threatens the Command Tank on " + d.target + ". " : ""}` + check.text}));
  }
  drawCheckLine();
}

function render(state, fresh) {
  if (!ruleset) { ruleset = rulesetModule(state.ruleset); ruleset.setup(); }
  if (state.pass_to) {
    $("pass").hidden = false;
    $("pass-text").textContent = `Pass the screen to ${state.pass_to}. ${state.pass_to}: press when the other player cannot see.`;
    $("board").replaceChildren();
    return;
  }
  $("pass").hidden = true;
  if (fresh) $("chooser").hidden = true;
  drawStatus();
  drawBoard();
  drawActions();
  drawLog();
  $("aids").replaceChildren();
  drawAnnouncement(state);
  ruleset.draw(state, fresh);
}

function main() {
  onState(render);
  onSelect(drawActions);
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
  $("chooser-cancel").addEventListener("click", () => { $("chooser").hidden = true; });
  $("filter").addEventListener("input", drawActions);
  $("board").addEventListener("click", () => { if (table.selected) select(null); });
  connect();
}

main();
