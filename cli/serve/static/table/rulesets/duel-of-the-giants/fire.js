// Duel of the Giants, phase D2 (issue 29.5): the gun or Tiger that declares now
// is a place on the board; a click selects it and lights its targets, and every
// shot is drawn from it with the hits the ruleset says it would score against the
// armour face it meets (the server's `aid` and note for each `fire` move). The
// panel repeats the shots as buttons, and `hold` is a button of its own: holding
// fire is never a click on the board.
import {$, el, svgNode} from "../../../dom.js";
import {table, play} from "../../connection.js";
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

/** "Tiger 1 at d2" where the decision names a Tiger there (a Tiger is no gun), else "the gun at d2". */
function shooterName(at) {
  const tiger = new RegExp(`(Tiger \\d+) at ${at}\\b`).exec(table.state.decision || "");
  return tiger ? `${tiger[1]} at ${at}` : `the gun at ${at}`;
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
  svg.querySelector("#tt-overlay")?.before(group);
  if (!svg.querySelector("#tt-overlay")) svg.append(group);
}

export function setup() {}

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
    const hold = el("button", {id: "dg-hold", text: `hold fire (${step.shooter})`});
    hold.disabled = !step.hold;
    hold.addEventListener("click", () => { if (step.hold) play(step.hold.text); });
    const how = step.fires.length
      ? "Click it on the board to light its targets and draw each shot with its hits; click a target to fire."
      : "It has no target now.";
    box.replaceChildren(
      el("p", {class: "dg-fire-head"}, el("b", {text: `Fire step: ${shooterName(step.shooter)} declares.`})),
      el("p", {class: "note", text: how}), list,
      el("p", {class: "dg-fire-buttons"}, ...(step.fires.length ? [aim, " "] : []), hold));
  }
  drawShots();
}
