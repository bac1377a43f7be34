// The start page: a card per ruleset with a one-click game against the computer, the
// full form behind "More options", the saved games. Plain JavaScript, no build step.
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

// What each shipped ruleset is, in a line, and how long a game takes (the rules' own
// figures: TC-7.5's clock, DG-1.5, the shipped Battle of Tanks scenarios' round limit).
// A ruleset from a plugin gets its card all the same, with its name, sides and scenarios.
const ABOUT = {
  "tank-chess": {about: "Chess with tanks on a 16×16 or 20×20 board: each turn one tank drives, turns and may fire; armour against gun decides every shot, no dice.",
                 length: "up to 1 hour with the clock", example: "draw.move_limit=150"},
  "battle-of-tanks": {about: "Miniatures on a table measured in centimetres: buy an army with tier points, give every tank an order each round, roll to hit and to penetrate.",
                      length: "up to 30 rounds", example: "victory.max_rounds=10"},
  "duel-of-the-giants": {about: "Two Tigers and hidden guns against eight T-34s among sixteen markers, on a hex map of the Eastern Front, 1943.",
                         length: "a full game 30–60 min; Play the computer: ten rounds", example: "end.max_rounds=10"},
};

/** The computer level a quick start plays against: the form's default (greedy), else the
 * first level this ruleset offers. */
function quickLevel(r) {
  const kinds = catalog.seat_kinds.filter(k => k !== "human" && offered(k, r.id));
  return kinds.includes("greedy") ? "greedy" : kinds[0];
}

/** One click: a game of `r`'s quick scenario (a short one where the ruleset ships one),
 * the first side yours, the others the computer's. */
async function quickStart(r, button) {
  const error = document.getElementById("quick-error");
  error.hidden = true;
  const level = quickLevel(r);
  const seats = Object.fromEntries(r.players.map((side, i) => [side, i === 0 ? "human" : level]));
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    const game = await api("/api/games", {ruleset: r.id, scenario: r.quick_scenario || r.default_scenario, seats, options: []});
    location.assign(game.links[r.players[0]]);
  } catch (e) {
    error.textContent = `${r.title}: ${e.message}`;
    error.hidden = false;
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

/** Show the full form, for ruleset `id` when given (a card's "More options"). */
function showForm(id) {
  const select = document.getElementById("ruleset");
  if (id && select.value !== id) {
    select.value = id;
    fillRuleset();
  }
  const form = document.getElementById("new");
  form.hidden = false;
  form.scrollIntoView({block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth"});
  select.focus({preventScroll: true});
}

/** The board's picture on a card: the server draws the default scenario's board. */
async function cardPicture(r, frame) {
  try {
    const response = await fetch(`/api/rulesets/${encodeURIComponent(r.id)}/board.svg`, {headers: {"x-host-key": KEY}});
    if (!response.ok) throw new Error(response.statusText);
    const svg = await response.text();
    const img = el("img", {alt: `the board of ${r.title}, ${r.default_scenario}`, class: "card-board", decoding: "async",
                           src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg)});
    frame.replaceChildren(img);
  } catch (e) {
    frame.replaceChildren(el("span", {class: "card-noboard", text: "no picture of this board"}));
  }
}

function card(r) {
  const known = ABOUT[r.id] || {about: "A ruleset added by a plugin.", length: ""};
  const level = quickLevel(r);
  const play = el("button", {type: "button", class: "primary quick-start", "data-ruleset": r.id, text: "Play the computer"});
  play.addEventListener("click", () => quickStart(r, play));
  const more = el("button", {type: "button", class: "more-options", "data-ruleset": r.id, text: "More options",
                             "aria-controls": "new"});
  more.addEventListener("click", () => showForm(r.id));
  if (!level) play.disabled = true;
  const sides = r.players.join(" v ");  // the sides' own names
  const scenarios = r.scenarios.length === 1 ? "1 scenario" : `${r.scenarios.length} scenarios`;
  const facts = el("ul", {class: "card-facts"},
    el("li", {text: `${r.players.length} players · ${sides}`}),
    known.length ? el("li", {text: known.length}) : "",
    el("li", {text: scenarios, title: r.scenarios.map(n => (r.scenario_titles || {})[n] ? `${n}: ${r.scenario_titles[n]}` : n).join("\n")}));
  const frame = el("div", {class: "card-picture"}, el("span", {class: "card-noboard", text: "drawing the board…"}));
  cardPicture(r, frame);
  return el("article", {class: "card", "data-ruleset": r.id, "aria-labelledby": `card-${r.id}`},
    frame,
    el("div", {class: "card-body"},
      el("h2", {class: "card-title", id: `card-${r.id}`, text: r.title}),
      el("p", {class: "card-about", text: known.about}),
      facts,
      el("div", {class: "card-actions"}, play,
        el("div", {class: "card-more"},
          el("p", {class: "card-note", text: level ? `you (${r.players[0]}) v ${level}` : "no computer level plays this game",
                   title: level ? `you play ${r.players[0]} against ${level}, on ${r.default_scenario}` : ""}),
          more))));
}

function fillRuleset() {
  const r = ruleset();
  const scenario = document.getElementById("scenario");
  scenario.replaceChildren();
  const titles = r.scenario_titles || {};
  for (const name of r.scenarios) {
    // the name with what it is ("summer-short — Summer '43, ten rounds"); a long line cut, whole on hover
    const line = titles[name] || "";
    const short = line.length > 48 ? line.slice(0, line.lastIndexOf(" ", 46)) + " …" : line;
    const option = el("option", {value: "scenario:" + name, text: line ? `${name} — ${short}` : name,
                                 title: line});
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
      if (!offered(kind, r.id)) {
        // every level the docs name is listed (hidden playtest: easy, normal, hard were missing
        // without a word); one withheld in this ruleset (data/ai_levels.yaml) is shown, greyed, with why
        const why = ((catalog.levels || {})[kind] || {rulesets: {}}).rulesets[r.id].withheld || "";
        select.append(el("option", {value: kind, text: `${kind} (not offered here)`, disabled: "", title: why}));
        continue;
      }
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
    select.addEventListener("change", showWhere);
  });
  showWhere();
  // only the typed options this ruleset takes (issue 29.14)
  document.getElementById("players-field").hidden = !r.option_fields.includes("players");
  document.getElementById("setup-field").hidden = !r.option_fields.includes("setup");
  document.getElementById("options-help").textContent = r.options_help;
  // an example setting of this ruleset's own (a plugin's: the form of one)
  const example = (ABOUT[r.id] || {}).example;
  document.getElementById("options").placeholder = example ? `e.g. ${example}` : "KEY=VALUE, from the settings below";
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
  document.getElementById("no-games").hidden = data.games.length > 0;
  document.getElementById("games").hidden = data.games.length === 0;
  const bad = Object.entries(data.unreadable);
  const problem = document.getElementById("unreadable");
  problem.hidden = bad.length === 0;
  problem.textContent = bad.map(([id, why]) => id + ": " + why).join("\n");
}

/** The sides the form gives to people, in the form's order: the first is the player's own. */
function humanSides() {
  return [...document.querySelectorAll("#seats select")].filter(s => s.value === "human").map(s => s.dataset.side);
}

/** "Where are the other players?" only when more than one person plays. */
function showWhere() {
  document.getElementById("where").hidden = humanSides().length < 2;
}

/** Where the player who made a game goes at once, as on a chess site: to their own seat
 * (the form's first human side) when they play; to the hot-seat table when everyone plays
 * at this screen; to the spectators' seat when only computers play. The other people's
 * links go with them to their table (table/invite.js shows them there to copy and send);
 * null when the game has no such link (the page then lists the links). */
function landing(links, humans, here) {
  const link = name => Object.entries(links).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
  if (humans.length === 0) return link("spectator") || null;
  if (humans.length > 1 && here) return link("hotseat") || null;
  const own = link(humans[0]);
  if (!own || humans.length === 1) return own || null;
  const absolute = url => new URL(url, location.href).href;
  const others = Object.fromEntries(humans.slice(1).filter(link).map(side => [side, absolute(link(side))]));
  const invite = {you: humans[0], others, watch: link("spectator") ? absolute(link("spectator")) : null};
  try {
    sessionStorage.setItem("tanktable-invite:" + new URL(own, location.href).pathname, JSON.stringify(invite));
  } catch (e) { return null; }  // no storage: the links stay here, on this page
  return own;
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
    const here = document.querySelector("#where input[value='here']").checked;
    const target = landing(game.links, humanSides(), here);
    if (target) {
      location.assign(target);
      return;
    }
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
  // a change of the form's ruleset shows the form (a card's "More options" makes one)
  select.addEventListener("change", () => { fillRuleset(); document.getElementById("new").hidden = false; });
  document.getElementById("cards").replaceChildren(...catalog.rulesets.map(card));
  document.getElementById("show-more").addEventListener("click", () => showForm());
  document.getElementById("hide-more").addEventListener("click", () => {
    document.getElementById("new").hidden = true;
    document.getElementById("play").scrollIntoView({block: "start"});
  });
  setUpArmies(api);
  fillRuleset();
  document.getElementById("newgame").addEventListener("submit", create);
  loadGames();
}

main();
