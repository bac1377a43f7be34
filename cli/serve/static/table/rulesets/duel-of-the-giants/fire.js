// Duel of the Giants, phase D2 (issue 29.5): the gun or Tiger that declares now
// is a place on the board; a click selects it and lights its targets, and every
// shot is drawn from it with the hits the ruleset says it would score against the
// armour face it meets (the server's `aid` and note for each `fire` move). The
// panel repeats the shots as buttons, and `hold` is a button of its own: holding
// fire is never a click on the board.
import {$, el, svgNode} from "../../../dom.js";
import {table, play, post} from "../../connection.js";
import {boardSvg, select} from "../../board.js";
import {drawAid, hoverShows} from "../../aids.js";

const FIRE = /^fire ([a-z]\d+) ([a-z]\d+)$/;
const HOLD = /^hold ([a-z]\d+)$/;

/** The shots and the hold of the gun that declares now, if this is the fire step. */
function fireStep(state) {
  if (!state.your_turn) return null;
  const fires = state.actions.filter(a => FIRE.test(a.text));
  const hold = state.actions.find(a => HOLD.test(a.text));
  if (!fires.length && !hold) return null;
  const shooter = hold ? HOLD.exec(hold.text)[1] : FIRE.exec(fires[0].text)[1];
  return {shooter, fires, hold};
}

/** "Tiger 1 at d2", "T-34 #2 at h8": the unit the decision names there (a tank is no gun),
 * else "the gun at d2". */
function shooterName(at) {
  const unit = new RegExp(`(Tiger \\d+|T-34 #\\d+) at ${at}\\b`).exec(table.state.decision || "");
  return unit ? `${unit[1]} at ${at}` : `the gun at ${at}`;
}

function panel() {
  let box = $("dg-fire");
  if (!box) {
    box = el("div", {id: "dg-fire", class: "dg-panel", hidden: ""});
    $("decision").after(box);
  }
  return box;
}

/** The shots of the selected gun, drawn while it stays selected (a finger has no hover). */
function drawShots() {
  const svg = boardSvg();
  svg?.querySelector("#dg-shots")?.remove();
  const step = table.state && fireStep(table.state);
  if (!svg || !step || table.selected !== step.shooter) return;
  const group = svgNode("g", {id: "dg-shots"});
  for (const a of step.fires) if (a.aid) drawAid(group, a.aid);
  // the replayed step's drawing would lie over these shots, label on label: it goes
  svg.querySelector("#dg-replay-aid")?.remove();
  svg.querySelector("#tt-overlay")?.before(group);
  if (!svg.querySelector("#tt-overlay")) svg.append(group);
}

// A click on a piece that is no target of the gun declaring (playtest of issue 58/59.10:
// nothing happened, and the player could not tell why the shot was not on offer) sends
// that shot all the same: the server refuses it with the one reason that applies (not in
// a straight row, no line of sight, concealed, nothing there to fire at), shown as any
// refusal is. The hex is the one whose centre is nearest the piece (a piece is drawn at
// its hex's centre, an ATG a little aside: svg.py); the page decides no rule.
function hexOfPiece(svg, piece) {
  const m = piece.transform.baseVal.consolidate()?.matrix;
  if (!m) return null;
  let best = null;
  for (const t of svg.querySelectorAll("text")) {
    if (!/^[a-z]\d+$/.test(t.textContent) || !t.getAttribute("style")?.includes("8px")) continue;
    // a hex's label sits just above its centre (svg.py; board-play.js reads it the same way)
    const x = Number(t.getAttribute("x")) + 8, y = Number(t.getAttribute("y")) + 16.5;
    const d = Math.hypot(x - m.e, y - m.f);
    if (!best || d < best[1]) best = [t.textContent, d];
  }
  return best && best[1] < 20 ? best[0] : null;
}

function fireAtPiece(event) {
  const step = table.state && fireStep(table.state);
  const svg = boardSvg();
  const piece = event.target.closest && event.target.closest("g.tt-piece");
  if (!step || !svg || !piece) return;
  const at = hexOfPiece(svg, piece);
  if (!at || at === step.shooter) return;
  const target = step.fires.some(a => FIRE.exec(a.text)[2] === at);
  if (target && table.selected === step.shooter) return;  // its place on the board fires it
  // taken here, before the board's own click lets the selected gun go
  event.stopPropagation();
  // a target on offer before its gun is picked: the gun is picked and its shots drawn
  if (target) select(step.shooter);
  // sent as it is, keeping the gun picked: the refusal leaves its shots drawn
  else post("act", {move: `fire ${step.shooter} ${at}`});
}

export function setup() {
  $("board").addEventListener("click", fireAtPiece, true);
}

/** The pass screen of a hot seat: the last player's shots leave the page. */
export function forget() {
  const box = $("dg-fire");
  if (box) { box.hidden = true; box.replaceChildren(); delete box.dataset.version; }
}

export function onSelected() { drawShots(); }

export function draw(state) {
  const box = panel();
  const step = fireStep(state);
  box.hidden = !step;
  if (!step) { box.replaceChildren(); return; }
  if (box.dataset.version !== String(state.version)) {
    box.dataset.version = String(state.version);
    const aim = el("button", {id: "dg-aim", class: "dg-aim", text: `aim from ${step.shooter}`});
    aim.addEventListener("click", () => select(table.selected === step.shooter ? null : step.shooter));
    const list = el("ul", {class: "dg-shots"});
    for (const a of step.fires) {
      const target = FIRE.exec(a.text)[2];
      const button = el("button", {class: "action dg-fire", text: `fire at ${target}`, "data-target": target});
      button.addEventListener("click", () => play(a.text));
      hoverShows(button, [a]);
      list.append(el("li", {}, button, el("span", {class: "note", text: " " + (a.note || "")})));
    }
    // every shot on offer would do nothing: holding fire is the obvious answer, the primary
    // button, with the reason (playtest of issue 58: such a gun was asked to fire all the same)
    const idle = step.hold && step.fires.length && step.fires.every(a => /^no effect\b/.test(a.note || ""));
    const hold = el("button", {id: "dg-hold", class: idle ? "primary" : "", text: `hold fire (${step.shooter})`});
    hold.disabled = !step.hold;
    hold.addEventListener("click", () => { if (step.hold) play(step.hold.text); });
    const how = idle
      ? `No shot of ${shooterName(step.shooter)} would do anything (why: beside each shot): hold its fire.`
      : step.fires.length
        ? "Click it on the board to light its targets and draw each shot with its hits; click a target to fire."
        : "It has no target now.";
    box.replaceChildren(
      el("p", {class: "dg-fire-head"}, el("b", {text: `Fire step: ${shooterName(step.shooter)} declares.`})),
      el("p", {class: "note", text: how}), list,
      el("p", {class: "dg-fire-buttons"}, ...(step.fires.length ? [aim, " "] : []), hold));
  }
  drawShots();
}
