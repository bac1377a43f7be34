// Drive anywhere (issue 29.1): with a MOVE, ATTACK or RETREAT to carry out, press
// on the tank and drag, or click the tank and then click points on the table. The
// path follows the pointer with its length against the allowance, turns red where
// the tank would leave the table, enter impassable terrain or another tank (named),
// and the heading is set by the handle beyond the end or the wheel over the end.
// Enter or "drive" sends the path in the ruleset's notation (`to 40,20 55,35 @90`)
// through the table's `act`; Esc or "cancel" drops it. When the path rests, the
// table's `preview` says whether the server accepts it, the cover the tank
// would end in from each enemy and what that enemy's next FIRE would do to it there
// (issue 59.1): the tank where it would end is tinted by that danger, each line of
// sight labelled with its enemy's chance. Everything is judged here from state.drive (what
// the seat may see, cli/serve/aids.py) with sweep.js, the server's own geometry;
// the server stays the judge.
import {$, el, svgNode} from "../../../dom.js";
import {table, play, ask, showError} from "../../connection.js";
import {boardSvg, onDestination} from "../../board.js";
import {verdict, endHeading} from "./sweep.js";
import {dangerClass} from "./danger.js";

const GRAB_CM = 6;        // a press this close to the tank's centre grabs it
const CLICK_PX = 5;       // a press that moves less than this is a click
const REST_MS = 120;      // the path rests this long before the server is asked
const HANDLE_CM = 9;      // the heading handle stands this far beyond the end

let draft = null;         // {points: [[x, y]...], heading: number|null, hover: [x, y]|null}
let grab = null;          // the press being dragged: {kind: "tank"|"end"|"heading"|"point", index, x0, y0, moved}
let swallowClick = false;
let lastUp = null;        // where the last press was let go: pointer events have fractions of a pixel, clicks not
let rest = null;
let asked = 0;
let answer = null;        // {text, lines: [{enemy, level, fire}], danger, accepted} for the draft as it stands

/** Redraw times of the path under the pointer (ms), for the browser test and the docs. */
window.ttDriveTimes = [];
/** Round trips of the server's `preview` (ms). */
window.ttPreviewTimes = [];

const due = () => {
  const s = table.state;
  return s && s.your_turn && s.drive && s.geometry ? s.drive : null;
};

/** A table point at the notation's resolution (0.1 cm). */
const tenth = v => Math.round(v * 10) / 10;
const num = v => { const t = tenth(v).toFixed(1).replace(/\.0$/, ""); return t === "-0" ? "0" : t; };

/** The drawing of the tank called `label` on the board (the art contract's piece), if any. */
function modelOf(svg, label) {
  const tank = ((table.state.view && table.state.view.tanks) || []).find(t => t.label === label);
  return tank ? svg.querySelector(`g.tt-piece[data-piece="${tank.key}"]`) : null;
}

function px([x, y]) {
  const g = table.state.geometry;
  return [x * g.scale, (g.depth - y) * g.scale];
}

/** A pointer event's place on the table in cm (through the zoom: getScreenCTM). */
export function cmAt(svg, event) {
  const g = table.state.geometry;
  const pt = svg.createSVGPoint();
  pt.x = event.clientX; pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  return [tenth(p.x / g.scale), tenth(g.depth - p.y / g.scale)];
}

/** The path as the ruleset writes it: `to X,Y ... @H`, or null before it has a point. */
export function notation(points, heading) {
  if (!points.length && heading === null) return null;
  const parts = ["to", ...points.map(([x, y]) => `${num(x)},${num(y)}`)];
  if (heading !== null) parts.push(`@${num(heading)}`);
  return parts.join(" ");
}

/** The path the panel, the server and Enter speak of: a drag in progress counts. */
function judgedPoints(d, drive) { return grab && d.hover ? shownPoints(d, drive) : d.points; }

/** The points to draw: the draft's, with the pointer's place while it moves. */
function shownPoints(d, drive) {
  if (!d.hover) return d.points;
  if (drive.straight) return [d.hover];
  return [...d.points, d.hover];
}

// ------------------------------------------------------------------ drawing
function redraw() {
  const t0 = performance.now();
  const svg = boardSvg();
  const drive = due();
  svg?.querySelector("#tt-drive")?.remove();
  if (!svg || !drive || !draft) { panel(); return; }
  const g = table.state.geometry;
  const points = shownPoints(draft, drive);
  const v = verdict(drive, points, draft.heading, g);
  const group = svgNode("g", {id: "tt-drive"});
  const start = [drive.x, drive.y];
  const all = [start, ...points];
  // the path, split where it goes wrong: past the allowance, or from the leg that hits
  const badLeg = v.problem && v.problem.leg !== undefined ? v.problem.leg : (v.problem ? 0 : Infinity);
  let run = 0;
  for (let i = 1; i < all.length; i++) {
    const a = all[i - 1], b = all[i];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const bad = i - 1 >= badLeg;
    const [ax, ay] = px(a), [bx, by] = px(b);
    if (!bad && run + len > drive.allowance + 1e-6 && len > 0) {
      const f = Math.max(0, (drive.allowance - run) / len);
      const [mx, my] = px([a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])]);
      group.append(svgNode("line", {x1: ax, y1: ay, x2: mx, y2: my, class: "tt-drive-path"}));
      group.append(svgNode("line", {x1: mx, y1: my, x2: bx, y2: by, class: "tt-drive-path tt-drive-bad"}));
    } else {
      group.append(svgNode("line", {x1: ax, y1: ay, x2: bx, y2: by,
                                    class: "tt-drive-path" + (bad ? " tt-drive-bad" : "")}));
    }
    run += len;
  }
  // the swept ground that hits, and where
  if (v.problem && v.problem.shape) {
    group.append(svgNode("polygon", {points: v.problem.shape.map(p => px(p).join(",")).join(" "), class: "tt-drive-hit"}));
  }
  if (v.problem && v.problem.at) {
    const [hx, hy] = px(v.problem.at);
    group.append(svgNode("circle", {cx: hx, cy: hy, r: 6, class: "tt-drive-hit-at"}));
  }
  // the tank where it would end, its heading, and the handles
  const end = all[all.length - 1];
  const heading = endHeading(drive, points, draft.heading);
  const ghost = footprint(end, heading, drive.length, drive.width);
  // issue 59.1: the ghost tinted by the danger the server found there (its preview)
  const danger = !v.problem && answer && !draft.hover && answer.for === notation(points, draft.heading) ? answer.danger : "";
  // the tank itself, pale, where it would stand (its own drawing, turned to the end heading:
  // it looks like the model set down at the end of the move, in its side's colours)
  const model = modelOf(svg, drive.mover);
  if (model) {
    const [ex, ey] = px(end);
    const art = model.cloneNode(true);
    art.removeAttribute("data-piece");
    art.setAttribute("class", "bt-drive-model");
    art.setAttribute("transform", `translate(${ex.toFixed(1)} ${ey.toFixed(1)}) rotate(${(-heading).toFixed(1)})`);
    group.append(art);
  }
  group.append(svgNode("polygon", {points: ghost.map(p => px(p).join(",")).join(" "),
                                   class: "tt-drive-ghost" + (model ? " bt-over-model" : "") + (v.problem ? " tt-drive-bad" : "")
                                     + (danger ? " " + dangerClass(danger) : "")}));
  drawCover(group, end);
  draft.points.forEach((p, i) => {
    const [x, y] = px(p);
    group.append(svgNode("circle", {cx: x, cy: y, r: 7, class: "tt-drive-point", "data-point": i}));
  });
  if (points.length) {
    const rad = heading * Math.PI / 180;
    const [hx, hy] = px([end[0] + Math.cos(rad) * HANDLE_CM, end[1] + Math.sin(rad) * HANDLE_CM]);
    const [ex, ey] = px(end);
    group.append(svgNode("line", {x1: ex, y1: ey, x2: hx, y2: hy, class: "tt-drive-heading-line"}));
    const handle = svgNode("circle", {cx: hx, cy: hy, r: 9, class: "tt-drive-heading", "data-heading": "1"});
    handle.append(svgNode("title", {}, "drag to set the final heading (or turn the wheel over the end)"));
    group.append(handle);
  }
  const [lx, ly] = px(end);
  const words = `${v.length.toFixed(1)} / ${num(drive.allowance)} cm` + (v.problem ? ` — ${shortProblem(v.problem)}` : "");
  group.append(svgNode("text", {x: lx + 12, y: ly - 12, class: "tt-aid-label tt-drive-label" + (v.problem ? " tt-drive-bad" : "")}, words));
  if (danger) {
    group.append(svgNode("text", {x: lx + 12, y: ly + 4, class: "tt-aid-label bt-danger-label " + dangerClass(danger)},
                         answer.dangerText));
  }
  svg.append(group);
  keepLabelsIn(svg, group);
  panel(v);
  const spent = performance.now() - t0;
  window.ttDriveTimes.push(spent);
  if (window.ttDriveTimes.length > 2000) window.ttDriveTimes.shift();
}

/** A label that would run off the board's right edge stands left of the drive's end instead
 * (hidden playtest: "hits mill (stone ho" was cut at the edge). */
export function keepLabelsIn(svg, group) {
  const box = svg.viewBox.baseVal;
  if (!box || !box.width) return;
  for (const text of group.querySelectorAll("text.tt-aid-label")) {
    const b = text.getBBox();
    if (b.x + b.width <= box.x + box.width) continue;
    text.setAttribute("x", String(Math.max(box.x, Number(text.getAttribute("x")) - 24 - b.width)));
  }
}

function shortProblem(p) {
  if (p.kind === "terrain") return `hits ${p.name.replace(/^impassable /, "")}`;
  if (p.kind === "tank") return `hits ${p.name}`;
  if (p.kind === "table") return "off the table";
  if (p.kind === "length") return "too long";
  return p.text;
}

function footprint([x, y], heading, length, width) {
  const r = heading * Math.PI / 180, c = Math.cos(r), s = Math.sin(r), hl = length / 2, hw = width / 2;
  return [[hl, hw], [-hl, hw], [-hl, -hw], [hl, -hw]].map(([u, v]) => [x + u * c - v * s, y + u * s + v * c]);
}

/** Lines from each enemy in sight to the end, styled by the cover the server reported. */
function drawCover(group, end) {
  if (!answer || !answer.lines.length || draft.hover) return;
  const tanks = (table.state.view && table.state.view.tanks) || [];
  const [ex, ey] = px(end);
  for (const {enemy, level, fire} of answer.lines) {
    const t = tanks.find(x => x.label === enemy);
    if (!t || level === "out") continue;
    const [tx, ty] = px([t.x, t.y]);
    group.append(svgNode("line", {x1: tx, y1: ty, x2: ex, y2: ey, class: `tt-drive-cover tt-cover-${level}`}));
    if (fire) {  // what this enemy's FIRE would do there, by the enemy's end of the line
      const at = [tx + (ex - tx) * 0.2, ty + (ey - ty) * 0.2];
      group.append(svgNode("text", {x: at[0] + 6, y: at[1] - 6, class: "tt-aid-label bt-danger-shooter"}, `${enemy}: ${fire}`));
    }
  }
}

// -------------------------------------------------------------------- panel
function panel(v) {
  const box = $("drive-panel");
  if (!box) return;
  const drive = due();
  box.hidden = !drive;
  if (!drive) return;
  const what = drive.straight ? "one straight line" : "a path (click to add waypoints)";
  const head = `${drive.mover}: ${what}, up to ${num(drive.allowance)} cm`;
  // the panel speaks of the path as it will be sent (a drag in progress counts as sent)
  const judged = draft ? judgedPoints(draft, drive) : [];
  if (draft && draft.hover && !grab) v = verdict(drive, judged, draft.heading, table.state.geometry);
  const text = draft ? notation(judged, draft.heading) : null;
  $("drive-head").textContent = head;
  $("drive-state").classList.toggle("bad", Boolean(draft && v && v.problem));  // no stale red once a path is dropped
  if (!draft) {
    $("drive-state").textContent = "Press on the tank and drag, or click the tank, then click on the table.";
  } else if (!v) {
    $("drive-state").textContent = "";
  } else {
    $("drive-state").textContent = (text ? text + ": " : "") + `${v.length.toFixed(1)} / ${num(drive.allowance)} cm`
      + (v.problem ? ` — ${v.problem.text} (${v.problem.rule})` : "");
  }
  $("drive-server").textContent = answer && text && answer.for === text ? answer.text : "";
  $("drive-go").disabled = !text;
  $("drive-undo").disabled = !(draft && (draft.points.length || draft.heading !== null));
}

function makePanel() {
  if ($("drive-panel")) return;
  const box = el("div", {id: "drive-panel", hidden: ""},
    el("p", {id: "drive-head"}),
    el("p", {id: "drive-state"}),
    // the buttons above the server's answer: they stay put under a finger when it arrives
    el("div", {class: "drive-buttons"},
      el("button", {id: "drive-go", text: "drive (Enter)"}),
      el("button", {id: "drive-undo", text: "undo point"}),
      // it drops the drawn path only: the order stays given (hidden playtest), the table's undo takes it back
      el("button", {id: "drive-cancel", text: "clear path (Esc)",
                    title: "clears the drawn path; the order stays given: the undo button takes the order back"})),
    el("pre", {id: "drive-server"}));
  $("decision").before(box);  // at the head of the side panel; a refusal shows in the banners
  $("drive-go").addEventListener("click", confirm);
  $("drive-undo").addEventListener("click", undoPoint);
  $("drive-cancel").addEventListener("click", cancel);
}

// ------------------------------------------------------------------ changes
function changed() {
  redraw();
  clearTimeout(rest);
  rest = setTimeout(askServer, REST_MS);
}

/** The server's word on the draft as it stands: accepted or why not, and the cover at its end. */
async function askServer() {
  const drive = due();
  if (!drive || !draft) return;
  const text = notation(judgedPoints(draft, drive), draft.heading);
  if (!text || (answer && answer.for === text)) return;
  const mine = ++asked;
  const t0 = performance.now();
  const said = await ask(`preview ${text}`);
  window.ttPreviewTimes.push(performance.now() - t0);
  if (mine !== asked || !draft) return;
  const lines = [];
  let danger = "", dangerText = "";
  for (const line of (said.answer || "").split("\n").slice(1)) {
    const m = /^\s*from (\S+): (.*)$/.exec(line);
    if (m) lines.push({enemy: m[1], level: m[2].startsWith("out of sight") ? "out" : m[2].split(/[\s;]/)[0], fire: fireWords(m[2])});
    const d = /^\s*danger: (.*)$/.exec(line);
    if (d) {
      dangerText = d[1].split(":")[0];
      danger = DANGER_LEVELS.find(([head]) => d[1].startsWith(head))?.[1] || "";
    }
  }
  answer = {for: text, text: said.error || said.answer, lines, danger, dangerText,
            accepted: /, accepted$/m.test(said.answer || "")};
  redraw();
}

// The preview's `danger:` line starts with one of these (threats.py DANGER_HEADS).
const DANGER_LEVELS = [["deadly", "dead"], ["under fire", "fire"], ["seen in cover", "spot"]];

/** An enemy's FIRE at the end in a few words (`destroys 47%, damages 30%`), from the
 * preview's line for it; "" when it could not fire there. */
function fireWords(words) {
  const m = /destroys it (\S+), damages it (\S+)$/.exec(words);
  if (m) return `destroys ${m[1]}, damages ${m[2]}`;
  return /only once .* spotted/.test(words) ? "once spotted" : "";
}

/** Send the path; a refused one stays drawn (the reason shows above the panel) to be mended. */
function confirm() {
  if (!draft || !draft.points.length && draft.heading === null) return;
  draft.hover = null;
  play(notation(draft.points, draft.heading));
}

function cancel() { draft = null; answer = null; grab = null; redraw(); }

/** Whether a path is being drawn (Esc lets it go before it puts a message away). */
export function drafting() { return draft !== null; }

function undoPoint() {
  if (!draft) return;
  if (draft.heading !== null) draft.heading = null; else draft.points.pop();
  answer = null;
  changed();
}

// ----------------------------------------------------------------- pointer
function onTank(at, drive) { return Math.hypot(at[0] - drive.x, at[1] - drive.y) <= Math.max(GRAB_CM, drive.length / 2); }

function pressed(event) {
  swallowClick = false;
  const drive = due();
  const svg = boardSvg();
  if (!drive || !svg || !svg.contains(event.target) || (event.button !== undefined && event.button > 0)) return;
  if ($("ruler") && $("ruler").classList.contains("on")) return;
  const at = cmAt(svg, event);
  let kind = null, index = null;
  const target = event.target;
  if (target.closest && target.closest("[data-heading]")) kind = "heading";
  else if (target.closest && target.closest("[data-point]")) { kind = "point"; index = Number(target.closest("[data-point]").dataset.point); }
  else if (onTank(at, drive)) kind = "tank";
  if (!kind) return;
  event.stopPropagation();
  event.preventDefault();
  grab = {kind, index, x0: event.clientX, y0: event.clientY, moved: false, id: event.pointerId};
  if (kind === "tank" && !draft) { draft = {points: [], heading: null, hover: null}; answer = null; showError(""); }
  redraw();
}

function moved(event) {
  const drive = due();
  const svg = boardSvg();
  if (!drive || !svg || !draft) return;
  const at = cmAt(svg, event);
  if (grab && grab.id === event.pointerId) {
    if (!grab.moved && Math.hypot(event.clientX - grab.x0, event.clientY - grab.y0) < CLICK_PX) return;
    if (!grab.moved && grab.kind === "tank") { draft.points = []; draft.heading = null; }
    // keep the pointer once the drag has begun (a click must still reach what it clicks)
    if (!grab.moved) { try { svg.setPointerCapture(event.pointerId); } catch (e) { /* synthetic */ } }
    grab.moved = true;
    event.preventDefault();
    if (grab.kind === "tank") draft.hover = at;
    else if (grab.kind === "point") draft.points[grab.index] = at;
    else if (grab.kind === "heading") {
      const points = draft.points;
      const end = points.length ? points[points.length - 1] : [drive.x, drive.y];
      draft.heading = Math.round(Math.atan2(at[1] - end[1], at[0] - end[0]) * 180 / Math.PI + 360) % 360;
    }
    answer = null;
    changed();
    return;
  }
  if (grab || event.pointerType === "touch" || !svg.contains(event.target)) return;
  // a path being clicked out: the next segment follows the pointer
  if (drive.straight && draft.points.length) return;
  const last = draft.points[draft.points.length - 1];
  const atEnd = last && Math.hypot(at[0] - last[0], at[1] - last[1]) <= HANDLE_CM + 3;
  draft.hover = atEnd ? null : at;  // over the end, the wheel turns the heading
  redraw();
  clearTimeout(rest);
}

function released(event) {
  lastUp = {x: event.clientX, y: event.clientY, at: event.timeStamp};
  if (!grab || grab.id !== event.pointerId) return;
  const done = grab;
  grab = null;
  if (done.moved) {
    swallowClick = true;
    if (done.kind === "tank" && draft.hover) { draft.points = [draft.hover]; draft.hover = null; }
    changed();
  } else if (done.kind === "heading") {
    // a click (not a drag) on the heading handle is a click on the table under it
    swallowClick = true;
    addPoint(cmAt(boardSvg(), event));
  }
}

function left() {
  if (draft && draft.hover && !grab) { draft.hover = null; redraw(); }
}

function clicked(event) {
  if (swallowClick) { swallowClick = false; event.stopPropagation(); event.preventDefault(); return; }
}

function clickedTable(event) {
  const drive = due();
  const svg = boardSvg();
  if (!drive || !svg || !svg.contains(event.target) || !draft) return;
  if (event.target.closest && event.target.closest("[data-point], [data-heading]")) return;
  const near = lastUp && Math.hypot(lastUp.x - event.clientX, lastUp.y - event.clientY) < 1;
  const at = cmAt(svg, near ? {clientX: lastUp.x, clientY: lastUp.y} : event);
  if (onTank(at, drive) && !draft.points.length) return;
  addPoint(at);
}

function addPoint(at) {
  if (due().straight) draft.points = [at];
  else draft.points.push(at);
  draft.hover = null;
  answer = null;
  changed();
}

function wheel(event) {
  const drive = due();
  const svg = boardSvg();
  if (!drive || !svg || !draft || !draft.points.length || !svg.contains(event.target)) return;
  const at = cmAt(svg, event);
  const end = draft.points[draft.points.length - 1];
  if (Math.hypot(at[0] - end[0], at[1] - end[1]) > HANDLE_CM + 3) return;  // elsewhere the wheel zooms
  event.preventDefault();
  event.stopPropagation();
  const step = event.shiftKey ? 1 : 5;
  const now = endHeading(drive, draft.points, draft.heading);
  draft.heading = (Math.round(now / step) * step + (event.deltaY > 0 ? step : -step) + 360) % 360;
  answer = null;
  changed();
}

function key(event) {
  if (!due() || !draft) return;
  if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
  if (event.key === "Enter") { event.preventDefault(); confirm(); }
  else if (event.key === "Escape") { event.preventDefault(); cancel(); }
  else if (event.key === "Backspace") { event.preventDefault(); undoPoint(); }
}

/** A click on a suggested drive's end picks it as the path (issue 59.7): drawn and
 * judged like a path of one's own, sent only by Enter or the panel's button. */
function pickSuggestion(key, choices) {
  const drive = due();
  if (!drive) return false;
  const drives = choices.filter(a => /^to /.test(a.text));
  if (!drives.length) return false;
  const points = [];
  let heading = null;
  for (const word of drives[0].text.split(/\s+/).slice(1)) {
    if (word.startsWith("@")) heading = Number(word.slice(1));
    else points.push(word.split(",").map(Number));
  }
  draft = {points, heading, hover: null};
  answer = null;
  showError("");
  changed();
  return true;
}

export function setup() {
  makePanel();
  onDestination(pickSuggestion);
  const board = $("board");
  board.addEventListener("pointerdown", pressed, true);
  board.addEventListener("pointermove", moved, true);
  board.addEventListener("pointerup", released, true);
  board.addEventListener("pointercancel", released, true);
  board.addEventListener("pointerleave", left);
  board.addEventListener("click", clicked, true);
  board.addEventListener("click", clickedTable);
  board.addEventListener("wheel", wheel, {capture: true, passive: false});
  document.addEventListener("keydown", key);
}

/** After every state: a new position drops the draft; the drawing follows the board. */
export function draw(state, fresh) {
  makePanel();
  if (fresh || !due()) { draft = null; answer = null; grab = null; }
  redraw();
}
