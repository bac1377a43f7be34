// Battle of Tanks: fire on the board (issue 29.3). When a fire part is yours
// (FIRE, ATTACK) or an ambush window is open for you, the server's fire
// choices (state.view.fire, rulesets/battle_of_tanks/firing.py) say who may
// fire, how many shots it has and, for each enemy, the odds of one shot or why
// it cannot be fired at (with the rule ID). Click or tap targets on the board;
// beside each chosen target −/+ allocate its shots and, against a HULL-DOWN
// target, a toggle declares the turret shot (its own odds); "fire" sends the
// allocation in the ruleset's notation (`fire tiger#1*2 is2#1@turret`,
// `ambush amx#1 tiger#1`). The page only shows the server's figures; the
// server judges the shot, and a refusal is shown with its rule ID.
import {$, el, svgNode} from "../../../dom.js";
import {table, play, onState} from "../../connection.js";
import {boardSvg} from "../../board.js";
import {place, tankRects, unitsPerPixel} from "./orders.js";

const FINGER = 40;
const RING = 24;  // drawing units, as the order rings (rulesets/battle_of_tanks/table_aids.py)

let plan = {version: null, shooter: null, shots: new Map(), message: ""};

function choices() {
  const state = table.state;
  if (!state || !state.your_turn || !state.view || !state.view.fire) return null;
  return state.view.fire;
}

function shooterOf(fire) {
  return fire.shooters.find(s => s.key === plan.shooter) || null;
}

function tankAt(key) {
  const t = ((table.state.view && table.state.view.tanks) || []).find(x => x.key === key);
  const g = table.state.geometry;
  return t && g ? {tank: t, x: t.x * g.scale, y: (g.depth - t.y) * g.scale} : null;
}

function allocated() {
  let n = 0;
  for (const s of plan.shots.values()) n += s.n;
  return n;
}

/** The allocation in the ruleset's notation (actions.py: TARGET[*N][@turret]). */
export function notation(fire, shooter) {
  const parts = [];
  for (const [key, s] of plan.shots) {
    const target = shooter.targets.find(t => t.key === key);
    if (!target || s.n < 1) continue;
    parts.push(target.label + (s.n > 1 ? `*${s.n}` : "") + (s.turret ? "@turret" : ""));
  }
  if (fire.verb === "ambush") return parts.length ? `ambush ${shooter.label} ${parts.join(" ")}` : "pass";
  return parts.length ? `fire ${parts.join(" ")}` : "fire none";
}

/** Why `shooter` has nothing to fire at, or "" when it has a target (hidden playtest: an
 * ambusher without a target was offered, and a click on it said "click a red-ringed enemy"
 * with none ringed): the first enemies' reasons, with their rule IDs. */
export function noTarget(shooter) {
  if (shooter.targets.some(t => t.allowed)) return "";
  const why = shooter.targets.slice(0, 2).map(t => `${t.label}: ${t.reason} (${t.rule})`).join("; ");
  return `${shooter.label} has no target in sight` + (why ? ` (${why})` : "");
}

function say(text) { plan.message = text; const m = $("bt-fire-message"); if (m) m.textContent = text; }

function clickTarget(shooter, target) {
  if (!target.allowed) { say(`${target.label}: ${target.reason} (${target.rule})`); return; }
  if (plan.shots.has(target.key)) { change(shooter, target, +1); return; }  // a chosen target: one shot more
  if (allocated() >= shooter.shots) { say(`all ${shooter.shots} shot(s) are allocated (BT-6.2): take one off another target first`); return; }
  plan.shots.set(target.key, {n: 1, turret: false});
  say("");
  draw();
}

function change(shooter, target, delta) {
  const s = plan.shots.get(target.key);
  if (!s) return;
  if (delta > 0 && allocated() >= shooter.shots) { say(`all ${shooter.shots} shot(s) are allocated (BT-6.2)`); return; }
  say("");
  s.n += delta;
  if (s.n < 1) plan.shots.delete(target.key);
  draw();
}

function odds(target, turret) { return turret && target.turret ? target.turret : target.odds; }

// What the shots allocated to this target do, as the server counted it exactly over the
// dice (issue 59.2): "2 shots: destroys it 47%, damages it 30% (...), no effect 23%".
function oddsText(target, s) {
  const o = odds(target, s.turret);
  const whole = o.chances && o.chances[s.n];
  const rule = `a shot hits on ${o.need}+ (${o.hit}), penetrates ${o.penetrate} (${o.counts})`;
  return whole ? `${s.n} shot(s): ${whole.text} · ${rule}` : rule;
}

// The shooter's and the targets' rings, and a line to each chosen target.
function drawRings(svg, fire, shooter) {
  svg.querySelector("#bt-fire")?.remove();
  const group = svgNode("g", {id: "bt-fire"});
  const r = Math.max(RING, FINGER / 2 * unitsPerPixel(svg));
  for (const s of fire.shooters) {
    const at = tankAt(s.key);
    if (!at) continue;
    const c = svgNode("circle", {cx: at.x, cy: at.y, r, class: "bt-shooter" + (s.key === plan.shooter ? " bt-chosen" : ""),
                                 "data-tank": s.key});
    const blind = noTarget(s);
    if (blind) c.classList.add("bt-blind");
    c.append(svgNode("title", {}, blind || `${s.label}: ${s.shots} shot(s)`));
    c.addEventListener("click", event => {
      event.stopPropagation();
      if (blind && fire.shooters.length > 1) { say(`${blind}: pick another ambusher, or pass`); return; }
      if (plan.shooter !== s.key) { plan.shooter = s.key; plan.shots = new Map(); say(""); draw(); }
    });
    group.append(c);
  }
  if (shooter) {
    const from = tankAt(shooter.key);
    for (const target of shooter.targets) {
      const at = tankAt(target.key);
      if (!at) continue;
      if (plan.shots.has(target.key) && from) {
        group.append(svgNode("line", {x1: from.x, y1: from.y, x2: at.x, y2: at.y, class: "bt-fire-line"}));
      }
      const cls = "bt-target " + (target.allowed ? "bt-allowed" : "bt-refused") + (plan.shots.has(target.key) ? " bt-chosen" : "");
      const c = svgNode("circle", {cx: at.x, cy: at.y, r, class: cls, "data-tank": target.key});
      c.append(svgNode("title", {}, target.allowed ? `${target.label}: ${target.cover}` : `${target.label}: ${target.reason} (${target.rule})`));
      c.addEventListener("click", event => { event.stopPropagation(); clickTarget(shooter, target); });
      group.append(c);
    }
  }
  svg.append(group);
}

// The screen rectangles of the rings a click must still reach (all but `key`'s).
function ringsBut(key) {
  return [...document.querySelectorAll("#bt-fire circle")].filter(c => c.dataset.tank !== key)
    .map(c => c.getBoundingClientRect());
}

// Beside each chosen target: −, its shots, +, the odds, and the turret toggle.
function drawCards(svg, shooter) {
  for (const card of document.querySelectorAll(".bt-shot-card")) card.remove();
  if (!shooter) return;
  const placed = [];
  for (const [key, s] of plan.shots) {
    const target = shooter.targets.find(t => t.key === key);
    if (!target) continue;
    const minus = el("button", {class: "bt-minus", text: "−", title: "one shot less"});
    const plus = el("button", {class: "bt-plus", text: "+", title: "one shot more"});
    // every shot left at this target in one press (a lynx has ten: ten clicks was the playtest's complaint)
    const all = el("button", {class: "bt-all", text: "all", title: "every shot left at this target"});
    plus.disabled = all.disabled = allocated() >= shooter.shots;
    minus.addEventListener("click", () => change(shooter, target, -1));
    plus.addEventListener("click", () => change(shooter, target, +1));
    all.addEventListener("click", () => change(shooter, target, shooter.shots - allocated()));
    const card = el("div", {class: "bt-shot-card", "data-tank": key},
                    el("b", {text: target.label}), minus, el("span", {class: "bt-count", text: String(s.n)}), plus, all);
    if (target.turret) {
      const toggle = el("button", {class: "bt-turret" + (s.turret ? " on" : ""), "aria-pressed": String(s.turret),
                                   text: s.turret ? "turret shot ✓" : "turret shot",
                                   title: "HULL-DOWN: no heavy-cover modifier, only T counts (BT-6.6)"});
      toggle.addEventListener("click", () => { s.turret = !s.turret; draw(); });
      card.append(toggle);
    }
    const o = odds(target, s.turret);
    card.append(el("div", {class: "bt-odds", title: o.explain, text: oddsText(target, s)}));
    $("board-wrap").append(card);
    // beside its target, over no tank, no ring a click must reach, no other card (playtest of issue 29)
    place(card, svg, tankAt(key).tank, [...tankRects(svg), ...ringsBut(key), ...placed]);
    placed.push(card.getBoundingClientRect());
  }
}

// The shooter's panel: shots allocated, fire, hold fire (or pass), clear.
function drawPanel(svg, fire, shooter) {
  let panel = $("bt-fire-panel");
  if (!panel) {
    panel = el("div", {id: "bt-fire-panel", class: "bt-menu"});
    $("board-wrap").append(panel);
  }
  panel.replaceChildren();
  const head = shooter
    ? `${shooter.label} ${fire.verb === "ambush" ? "springs its AMBUSH" : fire.mode === "attack" ? "attacks" : "fires"}: ` +
      `${allocated()} of ${shooter.shots} shot(s) allocated`
    : "ambush: click one of your ambushing tanks to fire, or pass";
  panel.append(el("div", {class: "bt-menu-head"}, el("b", {text: head})));
  // what "fire" and Enter send, in the notation the log will show (issue 59.7)
  if (shooter) {
    panel.append(el("div", {id: "bt-fire-sends", class: "bt-sends"},
      allocated() ? el("span", {text: "fire (Enter) sends "})
        : el("span", {text: noTarget(shooter) ? `${noTarget(shooter)}: it cannot fire now` : "click a red-ringed enemy to give it a shot"}),
      allocated() ? el("code", {text: notation(fire, shooter)}) : ""));
  }
  const row = el("div", {class: "bt-menu-row"});
  if (shooter) {
    const fireButton = el("button", {id: "bt-fire-send", class: "bt-send", text: "fire"});
    fireButton.disabled = allocated() === 0;
    fireButton.addEventListener("click", () => send(fire, shooter));
    const clear = el("button", {id: "bt-fire-clear", text: "clear"});
    clear.addEventListener("click", () => { plan.shots = new Map(); say(""); draw(); });
    row.append(fireButton, clear);
  }
  const hold = el("button", {id: "bt-fire-hold", text: fire.verb === "ambush" ? "pass" : "hold fire"});
  hold.addEventListener("click", () => play(fire.verb === "ambush" ? "pass" : "fire none"));
  row.append(hold);
  panel.append(row, el("div", {id: "bt-fire-message", class: "error", text: plan.message}));
  panel.dataset.shooter = shooter ? shooter.key : "";
  const anchor = shooter ? tankAt(shooter.key) : tankAt(fire.shooters[0].key);
  const cards = [...document.querySelectorAll(".bt-shot-card")].map(c => c.getBoundingClientRect());
  if (anchor) place(panel, svg, anchor.tank, [...tankRects(svg), ...ringsBut(null), ...cards]);
}

async function send(fire, shooter) {
  const text = notation(fire, shooter);
  say("");
  const answer = await play(text);
  if (!answer) say($("error").textContent);  // the server's refusal, with its rule ID
}

function clear() {
  boardSvg()?.querySelector("#bt-fire")?.remove();
  for (const node of document.querySelectorAll(".bt-shot-card, #bt-fire-panel")) node.remove();
}

/** Draw the fire choices; after a state (`pushed`), only when it is a new one or the
 * board was drawn again: the same state pushed twice keeps the buttons under a finger. */
export function draw(pushed) {
  const state = table.state;
  const fire = choices();
  const svg = boardSvg();
  if (!fire || !svg || !fire.shooters.length) { plan.version = null; clear(); return; }
  if (pushed && plan.version === state.version && svg.querySelector("#bt-fire")) return;
  if (plan.version !== state.version) {
    plan = {version: state.version, shooter: fire.shooters.length === 1 ? fire.shooters[0].key : null,
            shots: new Map(), message: ""};
  }
  const shooter = shooterOf(fire);
  drawRings(svg, fire, shooter);
  drawCards(svg, shooter);
  drawPanel(svg, fire, shooter);
}

export function setup() {
  onState(state => { if (state.pass_to) { plan.version = null; clear(); } });  // hot-seat: the pass screen hides nothing
  document.addEventListener("keydown", event => {
    const fire = choices();
    if (!fire || !$("bt-fire-panel") || event.target.matches("input, textarea")) return;
    const shooter = shooterOf(fire);
    if (event.key === "Enter" && shooter && allocated() > 0) { event.preventDefault(); send(fire, shooter); }
    if (event.key === "Escape") { event.preventDefault(); plan.shots = new Map(); say(""); draw(); }
  });
}
