// The start page: create a game, list the saved ones. Plain JavaScript, no build step.
import {el} from "./dom.js";
import {chosenArmies, setUpArmies, showArmies} from "./armies.js";

const params = new URLSearchParams(location.search);
if (params.get("key")) sessionStorage.setItem("tanktable-key", params.get("key"));
const KEY = sessionStorage.getItem("tanktable-key") || "";
let catalog = null;

async function api(path, body) {
  const options = {headers: {"x-host-key": KEY, "content-type": "application/json"}};
  if (body !== undefined) { options.method = "POST"; options.body = JSON.stringify(body); }
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function ruleset() {
  return catalog.rulesets.find(r => r.id === document.getElementById("ruleset").value);
}

function fillRuleset() {
  const r = ruleset();
  const scenario = document.getElementById("scenario");
  scenario.replaceChildren();
  for (const name of r.scenarios) {
    const option = el("option", {value: "scenario:" + name, text: name});
    if (name === r.default_scenario) option.selected = true;
    scenario.append(option);
  }
  for (const name of catalog.scenario_files) scenario.append(el("option", {value: "scenario:" + name, text: name + " (file)"}));
  for (const name of catalog.position_files) scenario.append(el("option", {value: "position:" + name, text: name + " (position)"}));
  const seats = document.getElementById("seats");
  seats.replaceChildren(el("legend", {text: "Seats"}));
  r.players.forEach((side, i) => {
    const select = el("select", {name: "seat-" + side, "data-side": side});
    for (const kind of catalog.seat_kinds) {
      if (!offered(kind, r.id)) continue;
      const option = el("option", {value: kind, text: kind});
      const note = levelNote(kind, r.id);
      if (note) option.title = note;
      if ((i === 0 && kind === "human") || (i > 0 && kind === "greedy")) option.selected = true;
      select.append(option);
    }
    const note = el("span", {class: "level-note"});
    const shown = () => { note.textContent = levelNote(select.value, r.id); };
    select.addEventListener("change", shown);
    shown();
    seats.append(el("label", {}, side + " ", select, note));
  });
  // only the typed options this ruleset takes (issue 29.14)
  document.getElementById("players-field").hidden = !r.option_fields.includes("players");
  document.getElementById("setup-field").hidden = !r.option_fields.includes("setup");
  document.getElementById("options-help").textContent = r.options_help;
  showArmies(r);
  showLevels(r.id);
}

/** The table of computer levels for this ruleset: what each does, how strong, how slow. */
function showLevels(rulesetId) {
  const body = document.querySelector("#levels tbody");
  body.replaceChildren();
  for (const kind of catalog.seat_kinds) {
    const level = (catalog.levels || {})[kind];
    if (!level) continue;
    const figures = level.rulesets[rulesetId] || {strength: "not measured", time: "?"};
    const strength = figures.offered === false ? "not offered: " + figures.withheld : figures.strength;
    body.append(el("tr", {"data-level": kind, class: figures.offered === false ? "withheld" : ""},
      el("th", {text: kind}), el("td", {text: level.summary}),
      el("td", {text: strength}), el("td", {text: figures.offered === false ? "" : figures.time})));
  }
}

/** Whether this ruleset offers the computer level `kind` (data/ai_levels.yaml: offered). */
function offered(kind, rulesetId) {
  const level = (catalog.levels || {})[kind];
  const figures = level && level.rulesets[rulesetId];
  return !figures || figures.offered !== false;
}

/** How strong and how slow a computer level is in this ruleset (data/ai_levels.yaml). */
function levelNote(kind, rulesetId) {
  const level = (catalog.levels || {})[kind];
  if (!level) return "";
  return level.rulesets[rulesetId] ? level.rulesets[rulesetId].note : level.summary;
}

function linkList(links) {
  const ul = el("ul");
  for (const [name, url] of Object.entries(links)) {
    ul.append(el("li", {}, el("a", {href: url, class: "seat-link", "data-seat": name, text: name}), " ", el("code", {text: url})));
  }
  return ul;
}

async function loadGames() {
  const data = await api("/api/games");
  const body = document.querySelector("#games tbody");
  body.replaceChildren();
  for (const g of data.games) {
    const seats = Object.entries(g.seats).map(([s, k]) => s + "=" + k).join(", ");
    body.append(el("tr", {}, el("td", {text: g.id}), el("td", {text: String(g.moves)}),
      el("td", {text: seats}),
      el("td", {text: (g.over ? g.result : "unfinished") + (g.problem ? " — " + g.problem : ""), class: g.problem ? "error" : ""}),
      el("td", {}, linkList(g.links), g.over ? el("a", {href: "/replay/" + g.id, class: "replay-link", text: "replay"}) : "")));
  }
  const bad = Object.entries(data.unreadable);
  const problem = document.getElementById("unreadable");
  problem.hidden = bad.length === 0;
  problem.textContent = bad.map(([id, why]) => id + ": " + why).join("\n");
}

async function create(event) {
  event.preventDefault();
  const error = document.getElementById("create-error");
  error.hidden = true;
  const [what, name] = document.getElementById("scenario").value.split(/:(.*)/s);
  const body = {ruleset: ruleset().id, seats: {}, options: []};
  body[what] = name;
  for (const select of document.querySelectorAll("#seats select")) body.seats[select.dataset.side] = select.value;
  const seed = document.getElementById("seed").value;
  if (seed !== "") body.seed = Number(seed);
  const players = document.getElementById("players").value;
  if (!document.getElementById("players-field").hidden && players !== "") body.players = Number(players);
  const setup = document.getElementById("setup").value;
  if (!document.getElementById("setup-field").hidden && setup) body.setup = setup;
  body.options = document.getElementById("options").value.split("\n").map(s => s.trim()).filter(Boolean);
  Object.assign(body, chosenArmies());
  try {
    const game = await api("/api/games", body);
    const list = document.getElementById("created-links");
    list.replaceChildren(...linkList(game.links).children);
    document.getElementById("created").hidden = false;
    loadGames();
  } catch (e) {
    error.textContent = e.message;
    error.hidden = false;
  }
}

async function main() {
  try {
    catalog = await api("/api/catalog");
  } catch (e) {
    const problem = document.getElementById("keyproblem");
    problem.textContent = e.message;
    problem.hidden = false;
    return;
  }
  const warning = document.getElementById("transport-warning");
  warning.textContent = catalog.warning || "";
  warning.hidden = !catalog.warning;
  const select = document.getElementById("ruleset");
  for (const r of catalog.rulesets) select.append(el("option", {value: r.id, text: r.title}));
  select.addEventListener("change", fillRuleset);
  setUpArmies(api);
  fillRuleset();
  document.getElementById("newgame").addEventListener("submit", create);
  loadGames();
}

main();
