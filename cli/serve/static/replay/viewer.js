// The replay's viewer: the board of one step, its move with events and dice,
// the log, and the ways to step (buttons, slider, arrow keys, a swipe on the board).
import {$, el} from "../dom.js";
import {loadBoard} from "./source.js";

const view = {summary: null, n: 0, shown: -1};

const last = () => view.summary.steps.length;

/** Show `summary` from its last step (a finished game's end) or `start`. */
export function open(summary, start) {
  view.summary = summary;
  const s = summary;
  // the scenario named in full, the game's id smaller after it (hidden playtest: the title
  // was cut off at "Tank Chess — tank-chess-2026…")
  $("title").replaceChildren(`${s.title}${s.scenario ? ": " + s.scenario : ""} (replay) `,
                             el("small", {class: "replay-id", text: s.name}));
  $("you").textContent = s.you ? `as ${s.you} sees it`
    : !s.hidden_information ? "" : s.everything ? "every side's secrets shown" : "as a spectator sees it";
  $("slider").max = String(last());
  $("result").hidden = !s.result;
  $("result").textContent = s.result ? `Result: ${s.result.winners.join(", ") || "draw"} — ${s.result.reason}` : "";
  drawDice(s.dice);
  drawLog();
  $("viewer").hidden = false;
  go(start === undefined ? 0 : start);
}

/** Go to the position after `n` moves (clamped to the game). */
export function go(n) {
  if (!view.summary) return;
  view.n = Math.max(0, Math.min(last(), n));
  $("slider").value = String(view.n);
  $("step-count").textContent = `move ${view.n} of ${last()}`;
  $("first").disabled = $("back").disabled = view.n === 0;
  $("forward").disabled = $("last").disabled = view.n === last();
  drawStep();
  drawBoard(view.n);
}

/** The board of the picture turned round about its squares' centre, its heading and legend
 * left as drawn and every text in it turned back upright: a seat's replay shows its own
 * side at the foot, as its live table does (issue 58.8, turn.js). */
function turnBoard(svg) {
  const field = ((svg && svg.dataset.field) || "").split(" ").map(Number);
  if (!svg || field.length !== 4 || !field.every(Number.isFinite)) return;
  const cx = field[0] + field[2] / 2, cy = field[1] + field[3] / 2;
  const NS = "http://www.w3.org/2000/svg";
  const g = document.createElementNS(NS, "g");
  g.setAttribute("class", "tt-replay-turned");
  g.setAttribute("transform", `rotate(180 ${cx} ${cy})`);
  const keep = [...svg.children].filter(c => !c.matches("title, defs, .caption, .legend") && c !== svg.querySelector(":scope > rect"));
  if (!keep.length) return;
  keep[0].before(g);
  g.append(...keep);
  for (const text of g.querySelectorAll("text")) {
    let b;
    try { b = text.getBBox(); } catch (e) { continue; }
    const own = text.getAttribute("transform") || "";
    text.setAttribute("transform", `${own} rotate(180 ${(b.x + b.width / 2).toFixed(2)} ${(b.y + b.height / 2).toFixed(2)})`.trim());
  }
  svg.classList.add("tt-replay-turned-board");
}

export function step(delta) { go(view.n + delta); }
export function toEnd() { go(last()); }

async function drawBoard(n) {
  $("error").hidden = true;
  let board;
  try {
    board = await loadBoard(view.summary, n);
  } catch (e) {
    $("error").textContent = e.message;
    $("error").hidden = false;
    return;
  }
  if (n !== view.n) return;  // a later step was asked meanwhile
  $("position-status").textContent = board.status;
  $("hidden-board").hidden = !board.hidden;
  $("hidden-board").textContent = board.hidden || "";
  if (view.shown !== n) {
    $("board").innerHTML = board.svg || "";
    view.shown = n;
    if (view.summary.turned) turnBoard($("board").querySelector("svg"));
  }
  document.body.dataset.step = String(n);
  if (n < last()) loadBoard(view.summary, n + 1).catch(() => {});  // the next one, before it is asked
}

function moveText(entry) {
  return entry.move === null ? (entry.hidden ? "(hidden)" : "") : entry.move;
}

function drawStep() {
  const entry = view.n > 0 ? view.summary.steps[view.n - 1] : null;
  $("current-move").replaceChildren(entry
    ? el("span", {}, `${entry.n}. `, el("b", {text: entry.player + " "}), moveText(entry))
    : "the start, before the first move");
  $("current-events").replaceChildren(...(entry ? entry.events : [])
    .map(e => el("li", {class: "event-" + e.kind, text: e.text})));
  const dice = entry ? entry.dice : [];
  $("step-dice").hidden = !dice.length;
  $("step-dice").textContent = dice.length ? "🎲 " + dice.join(" · ") : "";
  for (const item of $("log").children) item.classList.toggle("now", Number(item.value) === view.n);
  const now = $("log").querySelector("li.now");
  if (now) {  // keep the current move in view inside the log, without scrolling the page
    const log = $("log");
    if (now.offsetTop < log.scrollTop || now.offsetTop > log.scrollTop + log.clientHeight - now.offsetHeight)
      log.scrollTop = now.offsetTop - log.clientHeight / 2;
  }
}

function drawLog() {
  const log = $("log");
  log.replaceChildren();
  for (const entry of view.summary.steps) {
    const jump = el("button", {class: "jump", text: moveText(entry) || "…"});
    jump.addEventListener("click", () => go(entry.n));
    log.append(el("li", {value: String(entry.n)}, el("b", {text: entry.player + " "}), jump));
  }
}

function drawDice(dice) {
  const box = $("dice");
  if (!dice) { box.hidden = true; return; }
  box.hidden = false;
  if (dice.commitment === null) {
    box.textContent = dice.seed === null ? "dice: a seed chosen by a player, shown when the game is over"
      : `dice: seed ${dice.seed}, chosen by a player (no commitment)`;
  } else if (dice.seed === null) {
    box.textContent = `dice sealed: commitment ${dice.commitment} (the seed is shown when the game ends)`;
  } else {
    box.textContent = `dice revealed: seed ${dice.seed}, salt ${dice.salt}; ` +
      `matches the commitment ${dice.commitment} published at the start`;
  }
}

/** Buttons, slider, keys and swipes. */
export function wire() {
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => step(-1));
  $("forward").addEventListener("click", () => step(1));
  $("last").addEventListener("click", toEnd);
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  document.addEventListener("keydown", event => {
    if (!view.summary || event.target.closest("input:not([type=range]), textarea")) return;
    const moves = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1, PageUp: -10, PageDown: 10};
    if (event.key in moves) step(moves[event.key]);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") toEnd();
    else return;
    event.preventDefault();
  });
  // a finger (or a mouse) swept across the board steps back or forward
  let start = null;
  const board = $("board");
  board.addEventListener("pointerdown", e => { start = {x: e.clientX, y: e.clientY}; });
  board.addEventListener("pointerup", e => {
    if (!start) return;
    const dx = e.clientX - start.x, dy = e.clientY - start.y;
    start = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) step(dx < 0 ? 1 : -1);
  });
  board.addEventListener("pointercancel", () => { start = null; });
}
