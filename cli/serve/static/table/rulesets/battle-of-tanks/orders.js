// Battle of Tanks: orders on the board (issue 29.2). When a chit is yours,
// every tank that may take its order is ringed (the server places each order
// on its tank: state.targets); a click or a tap on a ring or on the tank's
// label opens the tank's order menu beside it, one button per order the
// decision offers, each with the ruleset's note. A button plays the order in
// the ruleset's notation; Esc or a click on the table closes the menu.
import {$, el, svgNode} from "../../../dom.js";
import {table, play, onState} from "../../connection.js";
import {boardSvg, onBoardDrawn, select} from "../../board.js";
import {hoverShows} from "../../aids.js";

const FINGER = 40;  // CSS pixels: the least a ring or a label offers a finger (issue 29.17)
const OVER = 0.5;   // CSS pixels more, so that rounding never leaves a ring or a pad under FINGER

/** Each tank's order actions this decision, by tank key (from the server's places). */
export function ordersByTank(state) {
  const out = new Map();
  if (!state.your_turn || !state.view || state.view.phase !== "order" || !state.targets || !state.targets.moves) return out;
  state.targets.moves.forEach((m, i) => {
    if (!m.from || m.to) return;
    if (!out.has(m.from)) out.set(m.from, []);
    out.get(m.from).push(state.actions[i]);
  });
  return out;
}

function tankOf(state, key) {
  return ((state.view && state.view.tanks) || []).find(t => t.key === key) || null;
}

/** Drawing units per CSS pixel of the board as shown now. */
export function unitsPerPixel(svg) {
  const m = svg.getScreenCTM();
  return m && m.a ? 1 / m.a : 1;
}

// Rings at least a finger wide whatever the board's size on screen.
function fingerRings(svg, keys) {
  const least = (FINGER + OVER) / 2 * unitsPerPixel(svg);
  for (const c of svg.querySelectorAll("#tt-overlay circle.tt-from")) {
    if (!keys.has(c.dataset.place)) continue;
    if (Number(c.getAttribute("r")) < least) c.setAttribute("r", least.toFixed(1));
    c.classList.add("bt-ring");
  }
}

// Names over the rings (playtest: in a start zone a neighbour's ring crossed "t80#1"
// and "lynx"): each tank name a ring meets is drawn again above the rings, as the
// board draws it (white on a dark halo), and lets every press through to the ring or
// pad under it, so what a press picks does not change.
function labelsOverRings(svg) {
  svg.querySelector("#bt-ring-labels")?.remove();
  const rings = [...svg.querySelectorAll("#tt-overlay circle.bt-ring")]
    .map(c => ({x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")), r: Number(c.getAttribute("r"))}));
  if (!rings.length) return;
  const group = svgNode("g", {id: "bt-ring-labels", "aria-hidden": "true"});
  for (const text of svg.querySelectorAll("g.tank > text")) {
    const b = text.getBBox();
    const met = rings.some(r => Math.hypot(Math.max(b.x - r.x, 0, r.x - b.x - b.width),
                                           Math.max(b.y - r.y, 0, r.y - b.y - b.height)) < r.r);
    if (!met) continue;
    const copy = text.cloneNode(true);
    copy.setAttribute("class", "bt-ring-label");
    copy.dataset.tank = text.closest("g.tank").dataset.tank;
    group.append(copy);
  }
  if (group.children.length) svg.append(group);
}

// Where a press on a pad lands: the orderable tank whose body or label is nearest to
// it. Tanks standing close together (a start zone) have pads that reach over a
// neighbour's body or label; a press there means the tank under it, never the tank
// whose pad happens to be on top (playtest: a click on t34#1 opened lynx's menu).
export function nearestTank(svg, keys, clientX, clientY) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const at = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  let best = null;
  for (const key of keys) {
    const g = svg.querySelector(`g.tank[data-tank="${key}"]`);
    if (!g) continue;
    const anchors = [g.querySelector("polygon"), g.querySelector("text")].filter(Boolean).map(n => n.getBBox());
    for (const b of anchors) {
      // distance to the box (0 inside it), so that a long hull or name counts all along
      const dx = Math.max(b.x - at.x, 0, at.x - b.x - b.width), dy = Math.max(b.y - at.y, 0, at.y - b.y - b.height);
      const d = Math.hypot(dx, dy);
      if (!best || d < best.d) best = {d, key};
    }
  }
  return best ? best.key : null;
}

// A pad under each orderable tank's label, at least a finger high and wide:
// tapping the name works as well as tapping the tank. The pads lie under the rings
// (a press on a ring is always that ring's tank) and show only under the pointer or
// for the picked tank, so a cluster of tanks is not hidden under boxes.
function labelPads(svg, keys) {
  const drawn = svg.querySelector("#bt-label-pads");
  if (drawn && drawn.dataset.version === String(table.state.version)) {
    for (const pad of drawn.children) pad.classList.toggle("bt-selected", pad.dataset.tank === table.selected);
    return;
  }
  drawn?.remove();
  if (!keys.size) return;
  const group = svgNode("g", {id: "bt-label-pads", "data-version": String(table.state.version)});
  const least = (FINGER + OVER) * unitsPerPixel(svg);
  for (const key of keys) {
    const text = svg.querySelector(`g.tank[data-tank="${key}"] text`);
    if (!text) continue;
    const box = text.getBBox();
    const w = Math.max(box.width + 10, least), h = Math.max(box.height + 6, least);
    const pad = svgNode("rect", {x: box.x + box.width / 2 - w / 2, y: box.y + box.height / 2 - h / 2, width: w, height: h,
                                 rx: 6, class: "bt-label-pad" + (key === table.selected ? " bt-selected" : ""),
                                 "data-tank": key});
    pad.append(svgNode("title", {}, `orders for ${text.textContent}`));
    pad.addEventListener("click", event => {
      event.stopPropagation();
      const meant = nearestTank(svg, keys, event.clientX, event.clientY) || key;
      select(table.selected === meant ? null : meant);
    });
    group.append(pad);
  }
  const overlay = svg.querySelector("#tt-overlay");
  if (overlay) svg.insertBefore(group, overlay); else svg.append(group);
}

function closeMenu() { $("bt-order-menu")?.remove(); }

// The menu beside the selected tank: its orders and their notes.
function openMenu(svg, key, actions) {
  closeMenu();
  const tank = tankOf(table.state, key);
  const menu = el("div", {id: "bt-order-menu", class: "bt-menu", role: "menu", "data-tank": key});
  const name = tank ? `${tank.label} (${tank.card}) ${tank.hp} HP` + (tank.state.length ? ` — ${tank.state.join(", ")}` : "") : key;
  const close = el("button", {class: "bt-close", text: "×", title: "close (Esc)"});
  close.addEventListener("click", () => select(null));
  menu.append(el("div", {class: "bt-menu-head"}, el("b", {text: name}), close));
  for (const a of actions) {
    const word = a.text.split(" ").pop();
    const button = el("button", {class: "bt-order order-" + word, role: "menuitem", "data-order": word,
                                 text: word.toUpperCase()});
    button.addEventListener("click", () => play(a.text));
    hoverShows(button, [a]);
    menu.append(el("div", {class: "bt-menu-row"}, button, el("span", {class: "note", text: withReach(tank, word, a.note)})));
  }
  $("board-wrap").append(menu);
  placeMenu(menu, svg, tank);
  menu.querySelector("button.bt-order")?.focus({preventScroll: true});
}

// How far each drive order may take the tank, before the order's own note (hidden playtest:
// the menu never said how far), from the card and rules figures the server sends (view.reach).
const REACH = {move: "up to %s cm", attack: "one straight line up to %s cm", retreat: "one straight line into cover up to %s cm"};

export function withReach(tank, word, note) {
  const cm = tank && tank.reach && tank.reach[word.toUpperCase()];
  const reach = REACH[word] && cm !== undefined ? REACH[word].replace("%s", String(cm)) : "";
  return [reach, pageWords(note || "")].filter(Boolean).join(" · ");
}

/** A ruleset note in the page's words: the terminal's command hints go (hidden playtest: the
 * menu said "(1 of its 3 drives bring one: 'drives lynx attack')"; nothing is typed here),
 * and "bring(s) one" says what it brings. */
export function pageWords(note) {
  return note.replace(/: '[^']*'\)/g, ")").replace(/\s*\('[^']*' lists them\)/g, "")
    .replace(/ drives (brings?) one\)/g, " drives $1 a target in sight)");
}

/** Whether the box covers any tank's body, name or hit points on the screen. */
function coversTank(box, svg) {
  const m = box.getBoundingClientRect();
  return tankRects(svg).some(r => r.left < m.right && m.left < r.right && r.top < m.bottom && m.top < r.bottom);
}

// The menu beside its tank where it hides no tank; where the board has no such room (a
// small window, a crowded table: hidden playtest, the menu covered lynx and t34#1) it
// stands at the head of the side panel's turn section instead, the tank's ring still marked.
function placeMenu(menu, svg, tank) {
  if (menu.parentElement !== $("board-wrap")) { menu.classList.remove("bt-docked"); $("board-wrap").append(menu); }
  place(menu, svg, tank, tankRects(svg));
  if (!coversTank(menu, svg)) return;
  const head = $("turn-heading");
  menu.classList.add("bt-docked");
  menu.style.left = menu.style.top = "";
  if (head) head.after(menu); else $("turn-panel")?.prepend(menu);
  // in sight even when the side panel was scrolled down to the log
  const aside = menu.closest("aside"), top = menu.getBoundingClientRect().top;
  if (aside && (top < aside.getBoundingClientRect().top || top > window.innerHeight - 80)) aside.scrollTop = 0;
}

/** Put a floating box beside a tank on the board: right of it, else left, below or
 * above, else the spot of the board nearest the tank (on a grid) -- the first spot inside
 * the board that covers none of the `avoid` rectangles (screen rectangles: rings a click
 * must still reach, tanks a player must still see). */
export function place(box, svg, tank, avoid = []) {
  if (!tank || !table.state.geometry) return;
  const g = table.state.geometry;
  const pt = svg.createSVGPoint();
  pt.x = tank.x * g.scale; pt.y = (g.depth - tank.y) * g.scale;
  const at = pt.matrixTransform(svg.getScreenCTM());
  const wrap = $("board-wrap").getBoundingClientRect();
  const x = at.x - wrap.left, y = at.y - wrap.top, w = box.offsetWidth, h = box.offsetHeight;
  const room = svg.getBoundingClientRect();  // within the board, and within the window: a finger reaches it
  const maxX = Math.min(wrap.width, room.right - wrap.left, window.innerWidth - wrap.left) - w;
  const maxY = Math.min(wrap.height, room.bottom - wrap.top, window.innerHeight - wrap.top) - h;
  const minY = Math.max(0, room.top - wrap.top, -wrap.top);  // on the board, not over the tools above it
  // beside the tank, slid along its side to stay on the board
  const along = (v, least, most) => Math.max(least, Math.min(v, most));
  const beside = [[x + FINGER, along(y - h / 2, minY, maxY)], [x - FINGER - w, along(y - h / 2, minY, maxY)],
                  [along(x - w / 2, 0, maxX), y + FINGER], [along(x - w / 2, 0, maxX), y - FINGER - h]];
  const spots = [...beside, [0, minY], [maxX, minY], [0, maxY], [maxX, maxY]];
  const fits = ([l, t]) => l >= 0 && t >= minY && l <= maxX + 0.5 && t <= maxY + 0.5;
  // never over the tank itself, whatever else must stay free
  const self = {left: at.x - FINGER / 2, right: at.x + FINGER / 2, top: at.y - FINGER / 2, bottom: at.y + FINGER / 2};
  // the ground a box at [l, t] would cover of what it must leave free
  const covered = ([l, t]) => [self, ...avoid].reduce((sum, r) => {
    const dx = Math.min(l + wrap.left + w, r.right) - Math.max(l + wrap.left, r.left);
    const dy = Math.min(t + wrap.top + h, r.bottom) - Math.max(t + wrap.top, r.top);
    return sum + (dx > 0 && dy > 0 ? dx * dy : 0);
  }, 0);
  // a free spot beside the tank, else the free spot of the board nearest the tank, else
  // the spot beside it or in a corner that covers least (never a box on a box just because
  // the board is small: a finger must reach every button)
  const fitting = spots.filter(fits);
  const chosen = beside.filter(fits).find(s => covered(s) === 0) || nearestFree(x, y, w, h, minY, maxX, maxY, covered)
    || fitting.reduce((best, s) => (best === null || covered(s) < covered(best) ? s : best), null) || spots[0];
  box.style.left = `${Math.max(0, Math.min(chosen[0], Math.max(0, maxX)))}px`;
  box.style.top = `${Math.max(minY, Math.min(chosen[1], Math.max(minY, maxY)))}px`;
}

const STEP = 16;  // CSS pixels between two spots of the grid searched for a free one

// The free spot of the board nearest the tank at (x, y), on a grid over the board.
function nearestFree(x, y, w, h, minY, maxX, maxY, covered) {
  let best = null, bestD = Infinity;
  for (let l = 0; l <= maxX; l += STEP) {
    for (let t = minY; t <= maxY; t += STEP) {
      const d = Math.hypot(l + w / 2 - x, t + h / 2 - y);
      if (d < bestD && covered([l, t]) === 0) { best = [l, t]; bestD = d; }
    }
  }
  return best;
}

/** Screen rectangles of the tanks drawn on the board (their bodies, guns and labels). */
export function tankRects(svg, but = null) {
  return [...svg.querySelectorAll("g.tank")].filter(g => g.dataset.tank !== but)
    .map(g => g.getBoundingClientRect());
}

/** Rings, label pads and the open menu, drawn again after each state or selection. */
export function draw() {
  const state = table.state;
  const svg = boardSvg();
  const orders = ordersByTank(state);
  if (!svg || !orders.size) {
    svg?.querySelector("#bt-label-pads")?.remove();
    svg?.querySelector("#bt-ring-labels")?.remove();
    closeMenu();
    return;
  }
  const keys = new Set(orders.keys());
  fingerRings(svg, keys);
  labelPads(svg, keys);
  labelsOverRings(svg);
  const key = table.selected;
  if (key && orders.has(key)) {
    const open = $("bt-order-menu");
    if (!open || open.dataset.tank !== key) openMenu(svg, key, orders.get(key));
    else placeMenu(open, svg, tankOf(state, key));
  } else {
    closeMenu();
  }
}

// A press on a ring or a pad goes to the orderable tank nearest to it (see nearestTank):
// in a start zone a rear tank's name lies inside the front tank's finger-wide ring.
// A press on the tank's own drawing outside its ring (its gun, the end of a long hull) opens
// its menu too (playtest: a click on a T-34's gun did nothing).
function meantTank(event) {
  const svg = boardSvg();
  const t = event.target;
  if (!svg || !(t instanceof Element) || !table.state) return;
  const drawn = t.closest("g.tank[data-tank]");
  if (!drawn && !t.matches("#tt-overlay circle.tt-from, .bt-label-pad")) return;
  const orders = ordersByTank(table.state);
  const pressed = drawn ? drawn.dataset.tank : t.dataset.place || t.dataset.tank;
  if (!orders.has(pressed)) return;
  const meant = nearestTank(svg, new Set(orders.keys()), event.clientX, event.clientY);
  if (!meant || (meant === pressed && !drawn)) return;
  event.stopPropagation(); event.preventDefault();
  if (event.type === "click") select(table.selected === meant ? null : meant);
}

export function setup() {
  onBoardDrawn(svg => { svg.addEventListener("click", meantTank, true); svg.addEventListener("pointerdown", meantTank, true); });
  // the ruleset's own styles, beside its modules (table.css stays common)
  document.head.append(el("link", {rel: "stylesheet", href: "/static/table/rulesets/battle-of-tanks/board.css"}));
  document.body.classList.add("rs-battle-of-tanks");
  document.addEventListener("keydown", event => {
    if (event.key === "Escape" && $("bt-order-menu")) { event.preventDefault(); select(null); }
  });
  onState(state => { if (state.pass_to) closeMenu(); });  // hot-seat: nothing of the last player's view stays
}
