// Duel of the Giants at the table: the victory-point track, and the Tiger
// composer, with the course of the stack drawn on the map (program-map.js); the
// fire step (fire.js), the other side's decisions step by step (replay.js) and
// facings, the Stuka and the ATGs' identities on the board (board-play.js). The server programs a Tiger card by card (`tiger1 +F` lays a card,
// `tiger1 done` ends the stack), offering the cards the rules allow next; the
// composer shows them as cards, each with where the stack would lead were it
// ended there, the stack so far (the seat's own view), and the table's
// `preview` of it. Taking back a card is the table's undo.
import {$, el, ruled} from "../../dom.js";
import {table, play, post, ask, onState} from "../connection.js";
import {hoverShows} from "../aids.js";
import {actionItem} from "../panels.js";
import {onSelect} from "../board.js";
import * as fire from "./duel-of-the-giants/fire.js";
import * as programMap from "./duel-of-the-giants/program-map.js";
import * as replay from "./duel-of-the-giants/replay.js";
import * as boardPlay from "./duel-of-the-giants/board-play.js";
import * as danger from "./duel-of-the-giants/danger.js";
import * as placement from "./duel-of-the-giants/setup.js";
import * as hint from "./duel-of-the-giants/hint.js";
import * as reconClick from "./duel-of-the-giants/recon-click.js";
import {plainDecision, roundWords, side} from "./duel-of-the-giants/plain.js";

function programActions() {
  return table.state.actions.filter(a => /^tiger\d+ (\+\S+|done)$/.test(a.text));
}

// A card in words under its letter (playtest of issue 59: `F B L R S T12 …` had to be
// looked up in the rules; DG-11.2)
const CARD_WORDS = {F: "forward", B: "back", L: "turn left", R: "turn right", S: "stop"};

function cardWords(card) {
  const turret = /^T(\d+)$/.exec(card);
  return turret ? `turret ${turret[1]} o'clock` : CARD_WORDS[card] || "";
}

function drawComposer() {
  const state = table.state;
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
    const button = el("button", {class: "card", "data-card": card, title: a.note || ""},
                      el("b", {text: card}), el("small", {class: "dg-card-words", text: cardWords(card)}));
    button.addEventListener("click", () => play(a.text));
    hoverShows(button, [a]);
    // the hovered card's course is what the stack would do with it, not the stack's own
    // (playtest of issue 58: it read like the result of the cards laid so far)
    const ifAdded = () => {
      const note = $("aid-note").textContent;
      if (note.startsWith(`${a.text}: `)) {
        $("aid-note").textContent = `if you add ${card} (${cardWords(card)}): ${note.slice(a.text.length + 2)}`;
      }
    };
    button.addEventListener("mouseenter", ifAdded);
    button.addEventListener("focus", ifAdded);
    cards.append(button);
  }
  $("composer-send").disabled = !done;
  $("composer-send").onclick = () => { if (done) play(done.text); };
  $("composer-back").disabled = !draft.length;
  $("composer-back").onclick = () => post("undo");
  $("composer-list").replaceChildren(...programs.map(actionItem));
  const shown = `${state.view ? state.view.round : ""} ${$("composer-program").textContent}`;
  if (box.dataset.shown !== shown) {  // a new stack, or a card more or less: ask again
    box.dataset.shown = shown;
    preview(tiger, draft);
  }
}

async function preview(tiger, draft) {
  if (!table.state.commands.some(c => c.name === "preview")) return;
  const said = await ask(`preview ${[tiger, ...draft].join(" ")}`);
  $("composer-preview").textContent = said.error || `the stack laid so far: ${said.answer}`;
}

// The previews' own looks (issue 59.9): the hexes an ATG's gun would cover tinted red,
// the hexes the Stuka can still reach tinted blue, without the flash of a reveal; a
// T-34's destination under fire tinted dark red, dashed lines from who could shoot (59.1).
const PREVIEW_STYLE = `
.tt-mark-cover { fill: #d84315; fill-opacity: 0.22; stroke: #d84315; stroke-width: 1.5; animation: none; }
.tt-mark-reach { fill: #1565c0; fill-opacity: 0.16; stroke: #1565c0; stroke-width: 1; animation: none; }
.tt-face-cover { stroke: #d84315; }
.tt-face-strike { stroke: #1565c0; stroke-dasharray: 6 3; }
/* a destination's danger is written by danger.js, one short label at a time, not by every hovered move */
#tt-aid .tt-mark-label-threat, #tt-aid .tt-mark-label-mine, #tt-aid .tt-mark-label-safe { display: none; }
.tt-mark-threat { fill: #b00020; fill-opacity: 0.25; stroke: #b00020; stroke-width: 2; animation: none; }
.tt-face-threat { stroke: #b00020; stroke-dasharray: 8 4; }
#tt-overlay circle.tt-to.dg-setup-spot { fill-opacity: 0.1; stroke-opacity: 0.7; stroke-width: 1.5; stroke-dasharray: 5 3; }
#tt-overlay circle.tt-to.dg-setup-spot:hover { fill-opacity: 0.55; stroke-opacity: 1; stroke-width: 2.5; stroke-dasharray: none; }
#tt-overlay circle.tt-to.dg-setup-off { display: none; }
#chooser.dg-t34-moves ul { display: flex; flex-wrap: wrap; gap: 4px; margin: 0.2rem 0; }
#chooser.dg-t34-moves li { margin: 0; }
.dg-setup-kinds { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0 0; }
#composer-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(4.8rem, 1fr)); gap: 4px; }
#composer-cards button.card { display: flex; flex-direction: column; align-items: center; justify-content: flex-start;
  margin: 0; line-height: 1.15; padding: 4px 2px; }
#composer-cards .dg-card-words { font: normal 0.72rem system-ui, sans-serif; }
#dg-replay .dg-replay-controls { display: flex; flex-wrap: nowrap; gap: 3px; align-items: center; }
#dg-replay .dg-replay-controls button { min-width: 2.1rem; padding: 0 0.35rem; margin: 0; }
#dg-replay .dg-replay-head select { min-height: 1.8rem; padding: 0 0.3rem; }
#decision .dg-decision { margin: 0 0 4px; }
#decision .dg-routine label { display: flex; gap: 6px; align-items: flex-start; cursor: pointer; }
#decision .dg-routine input { margin-top: 2px; }
#decision .dg-execute { list-style: none; padding: 0; margin: 0 0 6px; }
#decision .dg-execute li { margin: 0 0 4px; }
#decision .dg-decision-then { margin: 0 0 6px; }
#answer button.dg-hint-play { font-family: var(--tt-mono, monospace); font-weight: 600; min-height: 2rem; padding: 0 0.5em;
  margin: 0.15em 0; cursor: pointer; }
#answer button.dg-hint-play::before { content: "▶ "; color: var(--tt-focus, #1565c0); }
.dg-place-kind[aria-pressed="true"] { background: var(--tt-accent); border-color: var(--tt-accent); color: var(--tt-on-accent); }`;

/** One label per text on a hovered drawing (hidden playtest of issues 58/59, point 3:
 * pointing at a wheel marker in B2 drew its 36 activations at once, and six copies of
 * "no German gun in line" lay on each other). The first of identical labels stays; the
 * note line under the board says a note shared by several moves once, after the first
 * of them and how many more. Runs when the table's hover drawing (aids.js) is put in. */
function dedupeAids() {
  const group = document.getElementById("tt-aid");
  if (!group || group.dataset.dgDeduped) return;
  group.dataset.dgDeduped = "1";
  const seen = new Set();
  for (const text of group.querySelectorAll("text.tt-aid-label")) {
    if (seen.has(text.textContent)) text.remove(); else seen.add(text.textContent);
  }
  const note = $("aid-note");
  const lines = note.textContent.split("\n");
  if (lines.length < 2) return;
  const byNote = new Map();
  for (const line of lines) {
    const cut = line.indexOf(": ");
    const [move, said] = cut < 0 ? [line, ""] : [line.slice(0, cut), line.slice(cut + 2)];
    if (!byNote.has(said)) byNote.set(said, []);
    byNote.get(said).push(move);
  }
  note.textContent = [...byNote].map(([said, moves]) =>
    (moves.length > 1 ? `${moves[0]} and ${moves.length - 1} more` : moves[0]) + (said ? `: ${said}` : "")).join("\n");
}

export function setup() {
  new MutationObserver(dedupeAids).observe($("board"), {childList: true, subtree: true});
  // a constructed sheet: the table's policy admits no <style> element (cli/serve/guard.py)
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(PREVIEW_STYLE);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  fire.setup();
  danger.setup();  // issue 59.1: before boardPlay, whose facing picker takes a T-34's click
  reconClick.setup($("board"));  // B1: a click on the ATG marker a T-34 sees turns it up
  placement.setup(boardPlay.offerFacings);  // a set-up's chosen piece goes before the question which
  boardPlay.setup();
  hint.setup();  // a hint's suggestion played with one click
  onSelect(() => { fire.onSelected(); programMap.onSelected(); boardPlay.onSelected(); });
  // a hot seat's pass screen: what this module put on the page for the last player goes
  onState(state => { if (state.pass_to) { fire.forget(); replay.forget(); boardPlay.forget(); danger.forget(); placement.forget(); } });
}

// The German's routine steps, passed by themselves once the player asks (playtest of
// issue 58: A1, A2, D1 and D4 were clicked through round after round with nothing done).
// Off until ticked, kept in the browser; a D1 only while no ATG has a T-34 in its line
// of fire, a D4 only with the Stuka on the ground. The page plays the step's `end`, as a
// click on the button would: the record keeps it as the player's own decision.
const ROUTINE_KEY = "tanktable.dg.pass-routine";
const ROUTINE = {A1b: "tire markers", A2: "turning ATGs", D1: "turning ATGs up", D4: "the Stuka's launch"};
let routineFor = null;

function routineStep(state) {
  const step = state.view && state.view.step;
  if (!state.your_turn || !state.end || !ROUTINE[step]) return null;
  if (step === "D4" && !/^phase D4: Stuka \(/.test(state.decision || "")) return null;  // flying: no routine
  if (step === "D1" && !state.actions.every(a => a.text === state.end || /^(a bluff|no line of fire)/.test(a.note || ""))) return null;
  return step;
}

function drawRoutine(state, box) {
  const step = routineStep(state);
  if (!step) return;
  const on = localStorage.getItem(ROUTINE_KEY) === "1";
  const tick = el("input", {type: "checkbox", id: "dg-routine"});
  tick.checked = on;
  tick.addEventListener("change", () => {
    localStorage.setItem(ROUTINE_KEY, tick.checked ? "1" : "0");
    if (tick.checked) passRoutine(state);
  });
  box.append(el("p", {class: "note dg-routine"}, el("label", {}, tick,
    " from now on, pass the ATG and Stuka steps by themselves (untick to use them)")));
  if (on) passRoutine(state);
}

function passRoutine(state) {
  if (routineFor === state.version) return;
  routineFor = state.version;
  const end = state.end;
  // a moment to see what passes; nothing is sent if the position moved on meanwhile
  setTimeout(() => { if (table.state && table.state.version === state.version && table.state.end === end) play(end); }, 400);
}

/** Each `end` in the log says which step it closed: "Soviet ends B2 (activate wheel
 * markers)", not "Soviet end" (playtest of issues 58/59: three such lines in a row,
 * one passed by itself, and no telling which step each ended). */
function endsInLog(state) {
  const items = document.querySelectorAll("#log > li");
  state.log.forEach((entry, i) => {
    const move = items[i] && items[i].childNodes[1];
    if (!entry.closes || !move || move.nodeType !== Node.TEXT_NODE || move.textContent !== "end") return;
    const m = /^(?:phase |opening|set-up )?(\w*)(?::\s*(.*?))?(?:\s*\(DG-[^)]*\))?(?:;.*)?$/.exec(entry.closes);
    const step = m && m[1] ? m[1] : entry.closes.split(":")[0];
    move.textContent = `ends ${step}` + (m && m[2] ? ` (${m[2]})` : "");
  });
}

/** The decision whole in the turn panel, in a player's words, the phase and rule ID after
 * it, quieter; the header's one line says the same words (cut short at 1024x768 where it
 * must, the panel keeping it whole); side names capitalised (playtest of issues 58/59). */
function drawDecision(state) {
  if (state.pass_to) return;
  if (state.you) $("you").textContent = `you play ${side(state.you)}`;
  for (const b of document.querySelectorAll("#log > li > b")) b.textContent = side(b.textContent);
  endsInLog(state);
  if (state.outcome) return;
  const plain = plainDecision(state.decision);
  const rule = () => plain.rule ? el("span", {class: "rule-id", text: ` (${plain.rule})`}) : "";
  if (state.your_turn) {
    $("status").replaceChildren("your decision: ", plain.does, rule());
    const box = $("decision");
    box.replaceChildren(el("p", {class: "dg-decision"}, el("strong", {text: plain.does}), rule()));
    if (plain.then) box.append(el("p", {class: "note dg-decision-then", text: plain.then}));
    // the Soviet's danger tints and notes read the Tigers where they stand: said once here,
    // not promised on every hex (hidden playtest: an untinted hex was not safe, DG-16 before DG-17)
    if (state.you === "soviet" && /^(B[23]|O3)$/.test((state.view && state.view.step) || "")) {
      box.append(el("p", {class: "note dg-forecast-caveat",
                          text: "Danger tints and notes: from where the Tigers stand now; "
                                + "they drive their programs in phase C before combat."}));
    }
    // D1 with no gun that could hit anything: say so, so that the end is the obvious click
    // (playtest of issue 58: A1, A2 and D1 were clicked through with nothing to gain)
    const guns = state.actions.filter(a => a.text !== state.end);
    if (guns.length && state.end && guns.every(a => /^activate [a-i]\d+$/.test(a.text)
                                               && /^(a bluff|no line of fire)/.test(a.note || ""))) {
      box.append(el("p", {class: "note dg-nothing",
                          text: "No ATG of yours has a T-34 in its line of fire: turning one up now only shows "
                                + "where it is. Done with this step (E) passes it."}));
    }
    drawRoutine(state, box);
    // C1: where each Tiger's program ends and what its gun is laid on there, each a button
    // (playtest of issue 58: the step did not say what each gun would be laid on)
    const first = state.actions.filter(a => /^execute tiger\d+$/.test(a.text));
    if (first.length) {
      const list = el("ul", {class: "dg-execute"});
      for (const a of first) {
        const n = a.text.replace("execute tiger", "");
        const button = el("button", {class: "choice", text: `Tiger ${n} first`, title: a.text});
        button.addEventListener("click", () => play(a.text));
        hoverShows(button, [a]);
        list.append(el("li", {}, button, " ", el("span", {class: "note"}, ...ruled(`Tiger ${n}: ${a.note || ""}`))));
      }
      box.append(list);
    }
  } else if (state.to_move) {
    $("status").replaceChildren(`${side(state.to_move)} to decide` + (plain.does ? `: ${plain.does}` : ""),
                                rule());
  }
  $("status").title = $("status").textContent;
}

export function draw(state, fresh) {
  const v = state.view;
  // the note line under the board speaks of what is pointed at now: a new position empties
  // it (playtest of issues 58/59: the last hover's words stood a step later)
  if (fresh) $("aid-note").textContent = "";
  drawDecision(state);
  if (v && v.vp) {
    const totals = Object.entries(v.vp.totals || {}).map(([who, n]) => `${side(who)} ${n}`).join(" : ");
    // the VP bar in words (playtest of issue 58: the text bar "VP German [---#---] Soviet
    // net +0" repeated the track drawn under the map, in characters)
    const net = Number(v.vp.net) || 0;
    let bar = net === 0 ? "VP bar: level" : `VP bar: ${net > 0 ? "German" : "Soviet"} side ahead by ${Math.abs(net)}`;
    // this round's points move the bar only at the round's end (DG-6.1): say so while some
    // wait, or "2 : 0" beside "level" reads as a mistake (playtest of issue 59)
    const pending = Object.entries(v.vp.round || {}).filter(([, n]) => Number(n) > 0);
    if (pending.length) bar += `; this round so far ${pending.map(([side, n]) => `${side[0].toUpperCase()}${side.slice(1)} +${n}`).join(", ")}, moved at the round's end`;
    $("aids").append(el("p", {class: "vp", text: `${roundWords(v.round, v.step)} — victory points ${totals}`}),
                     el("p", {class: "vp-bar note", text: bar}));
  }
  // a set-up by hand: what the seat still has to place, from its own view (playtest of
  // issue 58: "place a German weapon" said nothing of how many of each were left)
  const left = v && v.to_place ? Object.entries(v.to_place).filter(([, n]) => n > 0) : [];
  if (state.your_turn && left.length) {
    $("aids").append(el("p", {class: "note dg-to-place",
                              text: "still to place: " + left.map(([what, n]) => `${n} ${n === 1 ? what.replace(/s$/, "") : what}`)
                                .join(", ")}));  // "1 Tiger", not "1 Tigers"
  }
  placement.draw(state);
  drawComposer();
  programMap.drawProgram(state);
  fire.draw(state);
  boardPlay.draw(state, fresh);
  replay.draw(state, fresh);
}
