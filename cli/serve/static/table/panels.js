// The panels beside the board: the header's status, the buttons, the legal
// moves, the log, the dice's commitment and the table's commands.
import {$, el, ruled} from "../dom.js";
import {table, API, play} from "./connection.js";
import {hoverShows} from "./aids.js";

const LISTED = 300;  // moves listed at once; the filter or typing reaches the rest

function visibleActions() {
  const state = table.state;
  const needle = $("filter").value.toLowerCase();
  const out = [];
  state.actions.forEach((a, i) => {
    const m = state.targets && state.targets.moves ? state.targets.moves[i] : null;
    // a filter searches every piece's moves; without one, the selected piece's are listed (issue 29.12)
    if (!needle && table.selected && !(m && m.from === table.selected)) return;
    if (needle && !(a.text + " " + (a.note || "")).toLowerCase().includes(needle)) return;
    out.push(a);
  });
  return out;
}

/** A button that plays `a`, with its note, as a list item. */
export function actionItem(a) {
  const button = el("button", {class: "action", text: a.text});
  button.addEventListener("click", () => play(a.text));
  hoverShows(button, [a]);
  return el("li", {}, button, a.note ? el("span", {class: "note", text: " " + a.note}) : "");
}

let listView = null;

/** A ruleset's own layout of the move list (Tank Chess: by tank, then destination,
 * issue 59.6): `view(list, shown)` fills the list and returns true, or false to
 * leave it to the plain list below. */
export function setListView(view) { listView = view; }

export function drawActions() {
  const state = table.state;
  const list = $("actions");
  // the same list again (the move's answer and the push stream bring the same state):
  // keep the buttons, so that a pointer on one (a hover, a click under way) is not lost
  const shownFor = [state.version, state.notes, state.your_turn, table.selected, $("filter").value].join("|");
  if (list.dataset.shownFor === shownFor) return;
  list.dataset.shownFor = shownFor;
  list.replaceChildren();
  const shown = visibleActions();
  $("action-count").textContent = state.your_turn ? `(${shown.length} of ${state.actions.length})` : "";
  if (listView && listView(list, shown)) return;
  for (const a of shown.slice(0, LISTED)) list.append(actionItem(a));
  if (shown.length > LISTED) list.append(el("li", {text: `… ${shown.length - LISTED} more: filter, or type the move`}));
}

export function drawLog() {
  const state = table.state;
  const log = $("log");
  log.replaceChildren();
  for (const entry of state.log) {
    const move = entry.move === null ? (entry.hidden ? "(hidden)" : "") : entry.move;
    const item = el("li", {value: String(entry.n)}, el("b", {text: entry.player + " "}), move);
    if (entry.events.length) {
      const events = el("ul", {class: "events"});
      for (const e of entry.events) events.append(el("li", {class: "event-" + e.kind}, ...ruled(e.text)));
      item.append(events);
    }
    log.append(item);
  }
  // bring a new entry into view, and only then, by scrolling the log's own box:
  // the page itself never scrolls under a pointer on its way to a button (issue 29.11)
  const last = state.log.length ? String(state.log[state.log.length - 1].n) : "";
  if (log.dataset.last !== last) {
    log.dataset.last = last;
    log.scrollTop = log.scrollHeight;
  }
}

// The dice's commitment from the start; the seed and its salt once the game is over.
function drawDice(dice) {
  const box = $("dice");
  box.hidden = !dice || !dice.commitment;
  if (box.hidden) return;
  // a game without dice (Tank Chess) seals only the seed of the computer players' choices;
  // a game of chance seals its dice and its draws alike (Battle of Tanks' order chits,
  // Duel of the Giants' dealt markers)
  const what = dice.chance === false ? "the computer players' seed" : "dice and draws";
  box.textContent = dice.seed === null
    ? `${what} sealed: commitment ${dice.commitment} (the seed is shown when the game ends)`
    : `${what} revealed: seed ${dice.seed}, salt ${dice.salt}; commitment ${dice.commitment} ` +
      "(tanktable replay --verify on the record checks it)";
}

export function drawStatus() {
  const state = table.state;
  // the game's name in the header, its id small in the game info (playtest of issue 58:
  // the id took the room the decision needed at 1024x768)
  $("title").textContent = state.title;
  $("title").title = `${state.title} — ${state.id}`;
  if ($("game-id")) $("game-id").textContent = `game ${state.id}`;
  $("you").textContent = state.you ? `you play ${state.you}` : (state.role === "spectator" ? "spectator" : "");
  let status;
  if (state.outcome) status = `game over: ${state.outcome.reason}`;
  else if (state.your_turn) status = `your decision: ${state.decision}`;
  else status = `${state.to_move} to decide` + (state.decision ? `: ${state.decision}` : "");
  $("status").replaceChildren(...ruled(status));
  $("status").title = status;  // whole, where the one-line header cuts it short
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
  drawSections(state);
  drawEnd(state);
}

// The side panel in sections (issue 58.10): what matters now (the decision, its dice, the
// moves) above what is reference (the log, the game's facts, the help). The first section's
// heading says whose decision it is, in words that name no side (the hot-seat pass screen
// leaves it in the page); the evaluation bar (evalbar.js puts it at the panel's top) joins
// the game's facts.
function drawSections(state) {
  const acting = state.role !== "spectator";
  const heading = state.outcome ? "Game over" : state.your_turn ? "Your turn"
    : acting ? "Waiting for the other side" : "Watching";
  if ($("turn-heading").textContent !== heading) $("turn-heading").textContent = heading;
  $("turn-panel").classList.toggle("your-turn", Boolean(state.your_turn));
  const bar = $("evalbar-box");
  if (bar && bar.parentElement !== $("info-panel")) $("info-heading").after(bar);
}

// The phase's end (issue 59.3): a decision with one obvious answer is one visible
// click or key, never only in the folded move list. The server names the seat's
// legal action that ends the phase (`state.end`: Duel of the Giants' `end`, Battle
// of Tanks' `pass`); it is a button beside the board, and the key E (or Enter when
// it is the only legal action). A phase whose only legal action it is passes by
// itself after a moment, with a line saying so: it is still sent as the seat's
// decision, so records and replays read it as before.
const AUTO_PASS_MS = 900;
let autoPassFor = null;

// The end acts only on the step the player saw (Duel of the Giants playtest of issues
// 58/59: B2 passed by itself and an E pressed a moment later ended B3 with nothing
// moved). After the step on screen changes, the key and the button wait a moment (longer
// after a step passed by itself) and the step line flashes "now: ..." instead; the end
// carries the version it was decided on, which the server refuses once it has moved on.
const SETTLE_MS = 1000, SETTLE_AFTER_PASS_MS = 2000;
let stepShown = null, stepChangedAt = -1e9, settleMs = 0;

function noteStep(state) {
  const key = `${state.to_move} ${state.view && state.view.step ? state.view.step : state.decision}`;
  if (key === stepShown) return;
  const first = stepShown === null;
  stepShown = key;
  if (first || !state.your_turn) return;
  const last = state.log.length ? state.log[state.log.length - 1] : null;
  const passed = last && last.events.some(e => /passed by itself/.test(e.text));
  stepChangedAt = performance.now();
  settleMs = passed ? SETTLE_AFTER_PASS_MS : SETTLE_MS;
  flashStep(state, false);
}

function flashStep(state, refused) {
  const line = $("decision");
  line.classList.remove("tt-step-new");
  void line.offsetWidth;  // restart the flash
  line.classList.add("tt-step-new");
  if (refused) $("notice").textContent = `the step has just changed, now: ${state.decision}. Press E again to end this one`;
}

/** The end, unless the step changed a moment ago (then only the flash). */
function playEnd() {
  const state = table.state;
  if (!state || !state.end) return;
  if (performance.now() - stepChangedAt < settleMs) { flashStep(state, true); return; }
  play(state.end, state.version);
}

function endButton() {
  let button = $("end-phase");
  if (button) return button;
  button = el("button", {id: "end-phase", class: "end-phase primary", type: "button"});
  button.addEventListener("click", playEnd);
  $("decision").before(button);
  return button;
}

function drawEnd(state) {
  noteStep(state);
  const button = endButton();
  const end = state.your_turn ? state.end : null;
  button.hidden = !end;
  button.style.display = end ? "block" : "none";  // its own line; hidden for sure (a display wins over [hidden])
  if (!end) return;
  const wait = stepChangedAt + settleMs - performance.now();
  button.disabled = wait > 0;  // the step has just changed: a moment to see it
  if (wait > 0) setTimeout(() => { button.disabled = false; }, wait);
  const only = state.actions.length === 1;
  // "end" ends a phase (Duel of the Giants), "pass" a reaction (Battle of Tanks' ambush):
  // the button says what it does for the seat, the command after it
  button.textContent = `${only ? "Nothing to decide" : "Done with this step"} (${end})`;
  button.title = `${state.decision}\n${end} ends it (key E${only ? " or Enter" : ""})`;
  if (only && autoPassFor !== state.version) {  // no choice at all: it passes by itself
    autoPassFor = state.version;
    $("notice").textContent = `${state.decision}: nothing to decide, passed by itself (${end})`;
    const version = state.version;
    setTimeout(() => { if (table.state && table.state.version === version && table.state.your_turn) play(end); },
               AUTO_PASS_MS);
  }
}

document.addEventListener("keydown", e => {
  const state = table.state;
  if (!state || !state.your_turn || !state.end || e.ctrlKey || e.metaKey || e.altKey) return;
  const typing = e.target instanceof HTMLElement && e.target.closest("input, textarea, select, [contenteditable]");
  if (typing) return;
  const only = state.actions.length === 1;
  if (e.key === "e" || e.key === "E" || (e.key === "Enter" && only && !(e.target instanceof HTMLButtonElement))) {
    e.preventDefault();
    playEnd();
  }
});

// The hint shows that it is thinking (issue 59.3): the search takes a moment, and a
// page that says nothing looks broken. Its answer (or an error) replaces the line.
const HINT_THINKING = "thinking about a hint…";
$("hint")?.addEventListener("click", () => { $("answer").textContent = HINT_THINKING; });
new MutationObserver(() => {
  if (!$("error").hidden && $("answer").textContent === HINT_THINKING) $("answer").textContent = "";
}).observe($("error"), {attributes: true, childList: true, characterData: true, subtree: true});
