// The start page's armies (issue 29.15): a choice per side, and the army builder.
// The server is the only judge of an army: every change of the built army is
// checked by POST /api/armies/check (the check `tanktable army validate` makes);
// a card that would take the army past its budget is refused with its verdict.
import {$, el} from "./dom.js";

const BUILT = "built";
// The card values a player compares, in the builder's columns (issue 60.3), by
// the field names of the card files; a ruleset's other fields follow under their own names.
const COLUMNS = {hit_points: ["HP", "hit points"], move_cm: ["move", "move (cm)"], sight_cm: ["sight", "sight (cm)"],
  accuracy: ["to hit", "accuracy: the d6 roll needed to hit"], rate_of_fire: ["shots", "rate of fire: shots it fires (BT-6.2)"],
  firepower: ["firepower", "firepower: damage a hit does"], recon: ["recon", "recon roll"], repair: ["repair", "repair roll"]};

let api = null;
let ruleset = null;       // the chosen ruleset's catalog entry (with .armies)
let draft = {name: "My army", budget: 0, tanks: []};
let checked = null;       // the server's answer for `draft`
let queue = Promise.resolve();

/** Wire the builder once; `call(path, body)` is the page's API function. */
export function setUpArmies(call) {
  api = call;
  $("army-name").addEventListener("change", () => later(() => recheck({...draft, name: $("army-name").value.trim() || "My army"})));
  $("army-budget").addEventListener("change", () => later(() => recheck({...draft, budget: Math.max(0, Number($("army-budget").value) || 0)})));
}

/** Show the armies of ruleset `r` (hidden when it has none). */
export function showArmies(r) {
  ruleset = r;
  const field = $("armies-field");
  field.hidden = !r.armies;
  $("army-choices").replaceChildren();
  if (!r.armies) return;
  for (const side of r.players) {
    const select = el("select", {"data-side": side, class: "army-choice"});
    select.append(el("option", {value: "", text: "the scenario's army"}));
    for (const a of r.armies.armies) {
      const text = a.valid ? `${a.title} — ${a.verdict}: ${a.tanks.join(", ")}` : `${a.label} — ${a.problem || a.verdict}`;
      select.append(el("option", {value: a.value, text}));
    }
    select.append(el("option", {value: BUILT, text: "the army built below"}));
    select.addEventListener("change", () => { if (select.value === BUILT) $("builder").open = true; });
    $("army-choices").append(el("label", {}, `side ${side} `, select));
  }
  const body = document.querySelector("#army-cards tbody");
  body.replaceChildren();
  const fields = [...new Set(r.armies.cards.flatMap(c => Object.keys(c.values || {})))]
    .sort((a, b) => order(a) - order(b));
  const head = el("tr", {}, el("th", {text: "card"}), el("th", {text: "tier", title: "tier points it costs"}),
    ...fields.map(f => el("th", {text: (COLUMNS[f] || [f])[0], title: (COLUMNS[f] || [f, f])[1]})), el("th", {}));
  document.querySelector("#army-cards thead").replaceChildren(head);
  for (const card of r.armies.cards) {
    const add = el("button", {type: "button", class: "add", "data-card": card.id, text: "add",
      "aria-label": `add ${card.name}`});
    add.addEventListener("click", () => later(() => addCard(card)));
    const values = fields.map(f => el("td", {class: "value", "data-field": f, text: f in (card.values || {}) ? String(card.values[f]) : ""}));
    body.append(el("tr", {class: card.own ? "own" : "", "data-card": card.id}, el("td", {text: card.name}),
      el("td", {class: "value", text: String(card.tier)}), ...values, el("td", {}, add)));
  }
  draft = {name: $("army-name").value.trim() || "My army", budget: r.armies.budget, tanks: []};
  $("army-budget").value = String(r.armies.budget);
  checked = null;
  render(null);
}

/** The armies part of a new game's request: {armies: {side: choice}, army?: the built one}. */
export function chosenArmies() {
  const out = {armies: {}};
  if ($("armies-field").hidden) return out;
  for (const select of document.querySelectorAll("#army-choices select")) {
    if (select.value) out.armies[select.dataset.side] = select.value;
  }
  if (Object.values(out.armies).includes(BUILT)) out.army = draft;
  return out;
}

function order(field) {
  const i = Object.keys(COLUMNS).indexOf(field);
  return i < 0 ? 99 : i;
}

function later(job) {
  queue = queue.then(job).catch(e => refuse(e.message));
  return queue;
}

async function check(army) {
  return api("/api/armies/check", {ruleset: ruleset.id, army});
}

async function addCard(card) {
  const candidate = {...draft, tanks: [...draft.tanks, {card: card.id}]};
  const answer = await check(candidate);
  if (!answer.valid) {  // refused: the army stays as it was
    refuse(`${card.name} (tier ${card.tier}) is not added:\n${answer.message}`);
    return;
  }
  draft = candidate;
  checked = answer;
  render(null);
}

async function removeCard(index) {
  await recheck({...draft, tanks: draft.tanks.filter((_, i) => i !== index)});
}

async function recheck(candidate) {
  draft = candidate;
  checked = draft.tanks.length ? await check(draft) : null;
  render(checked && !checked.valid ? checked.message : null);
}

function refuse(message) {
  const p = $("army-refusal");
  p.textContent = message;
  p.hidden = false;
}

function render(problem) {
  const list = $("army-list");
  list.replaceChildren();
  const lines = checked ? checked.tanks : [];
  lines.forEach((t, i) => {
    const remove = el("button", {type: "button", class: "remove", text: "remove", "aria-label": `remove ${t.title}`});
    remove.addEventListener("click", () => later(() => removeCard(i)));
    list.append(el("li", {}, `${t.title} — tier ${t.tier ?? "?"}`, el("span", {class: "left", text: `left ${t.remaining}`}), remove));
  });
  const total = $("army-total");
  if (checked && checked.verdict) total.textContent = checked.verdict;
  else total.textContent = draft.tanks.length ? "" : `no tanks yet: a budget of ${draft.budget} tier points to spend`;
  total.classList.toggle("over", Boolean(checked && !checked.valid));
  // what still fits the points left (the server's list), the rest greyed in the card table
  $("army-fits").textContent = checked ? (checked.fits_text || "") : "";
  const fits = checked && checked.fits ? new Set(checked.fits.map(f => f.card)) : null;
  for (const row of document.querySelectorAll("#army-cards tbody tr")) {
    row.classList.toggle("wont-fit", Boolean(fits && !fits.has(row.dataset.card)));
  }
  const refusal = $("army-refusal");
  refusal.hidden = !problem;
  refusal.textContent = problem || "";
  const link = $("army-download");
  link.hidden = !(checked && checked.valid);
  if (checked && checked.valid) {
    // the very text the server checked; a data: address (the page's policy lets it fetch nothing else)
    link.href = "data:application/x-yaml;charset=utf-8," + encodeURIComponent(checked.yaml);
    link.download = (draft.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "army") + ".yaml";
  } else {
    link.removeAttribute("href");
  }
}
