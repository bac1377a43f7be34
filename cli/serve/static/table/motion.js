// Motion between two pictures the server sent (issue 58.6), for every ruleset
// alike: a ruleset whose pieces follow the art contract -- one
// `<g data-piece="ID" transform="translate(X Y) rotate(DEG)">` a piece, the same
// ID from one picture to the next, `tt-wreck` added when it is destroyed -- moves
// without code of its own.
//
// Before a new picture replaces the old one, `remember` notes where each piece
// stands (as shown: a piece caught mid-animation starts again from there); after,
// `animate` tweens each piece from there to where the new picture puts it. The DOM
// is the new state at once: only the pieces' CSS transforms and a layer of passing
// shapes (tracers, bursts, fading pieces) are animated, with the Web Animations
// API, so a click during an animation acts on the position the server sent.
//
// What moved where comes from the log entries that arrived with the picture: each
// entry's drawing (`aid`, and `last_drawing` for the seat's own last move) gives a
// drive its path and a shot its line, gun to target. Several decisions that landed
// at once (the other side's, or the computer's) play one after another, a step
// each. A picture that lands while the last one is still being animated (the
// computer's reply a moment after the player's own shot) does not cut it short:
// the steps under way carry on from where they are shown and the new ones follow
// (as if both had landed at once), so the player sees what their own shot did.
// `prefers-reduced-motion: reduce` turns all of it off.
import {svgNode} from "../dom.js";

const STEP_MS = 320;     // one decision's movement
const GAP_MS = 110;      // the pause between two decisions shown one by one
const LEAST_MS = 150;    // a long run of decisions is shown faster, never below this a step
const RUN_MS = 2600;     // ... so that the whole run takes about this long at most
const EASE = "cubic-bezier(.45,.05,.35,1)";
const NEAR = 0.04;       // of the drawing's larger side: a path's end this close to a piece is its own

const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

/** Whether the page shows motion (the player has not asked for reduced motion). */
export function motionOn() { return !reduced.matches; }

let before = null;      // {pieces: Map(id -> {pose, wreck, node}), entry, carry}
let shownEntry = null;  // the number of the newest log entry the board shows
let running = null;     // the run being shown: {pieces, steps, start, until, pace} (see animate)

/** The animations' own clock (ms): it keeps their pace, also when it is slowed down. */
const clock = () => Number(document.timeline.currentTime) || 0;

/** A node's transform as shown, as {x, y, deg, scale}, in its parent's units. */
function pose(node) {
  const shown = getComputedStyle(node).transform;
  const m = shown && shown !== "none" ? new DOMMatrix(shown) : new DOMMatrix();
  return {x: m.e, y: m.f, deg: Math.atan2(m.b, m.a) * 180 / Math.PI, scale: Math.hypot(m.a, m.b)};
}

function piecesOf(svg) {
  const out = new Map();
  for (const node of svg.querySelectorAll("[data-piece]")) {
    out.set(node.getAttribute("data-piece"), {node, pose: pose(node), wreck: node.classList.contains("tt-wreck")});
  }
  return out;
}

/** Note where the pieces of the picture about to be replaced stand. */
export function remember(svg, state) {
  const now = clock();
  if (svg && running && now < running.until && motionOn() && newestEntry(state) >= shownEntry) {
    // still being animated, and the game went on (not back: an undo drops what was shown):
    // the next run starts from where this one started, with its steps
    before = {pieces: running.pieces, entry: shownEntry, carry: running};
  } else {
    before = svg ? {pieces: piecesOf(svg), entry: shownEntry} : null;
  }
  running = null;
  if (!svg) shownEntry = newestEntry(state);
}

function newestEntry(state) {
  const log = (state && state.log) || [];
  return log.length ? log[log.length - 1].n : 0;
}

const turnBy = (from, to) => ((to - from) % 360 + 540) % 360 - 180;  // the shortest way round

function css(p) {
  const scale = Math.abs(p.scale - 1) > 1e-3 ? ` scale(${p.scale.toFixed(4)})` : "";
  return `translate(${p.x.toFixed(2)}px, ${p.y.toFixed(2)}px) rotate(${p.deg.toFixed(2)}deg)${scale}`;
}

const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The decisions that came with this picture, each with its drawing, oldest first. */
function stepsOf(state, since) {
  const log = state.log || [];
  if (since === null) return [];
  const fresh = log.filter(e => e.n > since);
  return fresh.map((e, i) => {
    let aid = e.aid || null;
    if (!aid && i === fresh.length - 1 && state.last_drawing) aid = state.last_drawing;
    return {entry: e, aid};
  });
}

/** What the shot did, read from its events' data and words: "kill", "pen", "hit", "miss" or "". */
function outcomeOf(events) {
  let hit = null, pen = false, fired = false, kill = false;
  for (const e of events || []) {
    const d = e.data || {};
    const text = (e.text || "").toLowerCase();
    if (typeof d.hit === "boolean") hit = Boolean(hit) || d.hit;
    if (e.kind === "penetration" && Number(d.damage) > 0) pen = true;
    if (e.kind !== "roll" && e.kind !== "penetration" && /\b(destroyed|damaged)\b/.test(text)) pen = true;
    if (e.kind === "fired" || e.kind === "shot") fired = true;
    if (e.kind === "destroyed" || (e.kind !== "roll" && /\bdestroyed\b/.test(text) && !/already destroyed/.test(text))) kill = true;
  }
  if (kill) return "kill";
  if (pen) return "pen";
  if (hit === false) return "miss";
  return hit || fired ? "hit" : "";
}

/** Each shot's events, one list a line, when the entry's to-hit rolls name their shooter and
 * target (the lines are drawn one a pair, in the order the pairs first roll): a mark goes
 * on the tank its own shots struck, never another's kill in the same entry (hidden playtest:
 * "destroyed" under a tank whose shots had all bounced). `null`: the events do not say. */
export function shotsOf(events) {
  const groups = new Map();
  let open = null;
  for (const e of events || []) {
    const d = e.data || {};
    if (e.kind === "roll" && d.shooter && d.target) {
      open = `${d.shooter}>${d.target}`;
      if (!groups.has(open)) groups.set(open, []);
      groups.get(open).push(e);
    } else if (open && (e.kind === "penetration" || (e.kind === "destroyed" && d.tank === open.split(">")[1]))) {
      groups.get(open).push(e);
    } else {
      open = null;
    }
  }
  return groups.size ? [...groups.values()] : null;
}

/** The board's picture is turned round on the page (turn.js): text drawn here is turned back. */
function upright(svg, node, x, y) {
  if (svg.closest(".tt-turned")) node.setAttribute("transform", `rotate(180 ${x} ${y})`);
}

/** Tween the new picture's pieces from where the old one showed them. */
export function animate(svg, state) {
  const was = before;
  before = null;
  const since = was ? was.entry : null;
  shownEntry = newestEntry(state);
  if (!was || !svg || !motionOn()) return;
  const box = svg.viewBox.baseVal;
  const size = box && box.width ? Math.max(box.width, box.height) : 600;
  const near = size * NEAR;
  const carry = was.carry || null;
  let steps = stepsOf(state, since);
  const now = piecesOf(svg);
  if (carry) steps = carry.steps.concat(steps);  // the steps under way first, then the new ones
  if (!steps.length) steps = [{entry: null, aid: null}];
  const step = Math.max(LEAST_MS, Math.min(STEP_MS, RUN_MS / steps.length - GAP_MS));
  // carried on: the run is `skip` ms in already (the time shown so far, at this run's
  // pace), and the new steps start no earlier than now
  const kept = carry ? carry.steps.length : 0;
  const skip = carry ? (clock() - carry.start) * (step + GAP_MS) / carry.pace : 0;
  const late = Math.max(0, skip - kept * (step + GAP_MS));
  const startOf = i => i * (step + GAP_MS) + (i >= kept ? late : 0);
  const prior = new Set(document.getAnimations());
  const layer = svgNode("g", {id: "tt-motion", "pointer-events": "none"});
  svg.append(layer);
  let last = 0;

  for (const [id, after] of now) {
    const old = was.pieces.get(id);
    if (!old) {  // a piece come into sight
      after.node.animate([{opacity: 0}, {opacity: 1}], {duration: step, delay: startOf(steps.length - 1), fill: "backwards"});
      continue;
    }
    const a = old.pose, b = after.pose;
    const moved = Math.hypot(a.x - b.x, a.y - b.y) > 0.5 || Math.abs(turnBy(a.deg, b.deg)) > 0.5;
    let ends = steps.length - 1;
    if (moved) ends = movePiece(after.node, a, b, steps, near, step, startOf);
    last = Math.max(last, startOf(ends) + step);
    if (after.wreck && !old.wreck) {  // destroyed: it flashes, then settles as its wreck
      const at = startOf(ends) + step * 0.6;
      after.node.animate([{opacity: 1, filter: "brightness(1)"}, {opacity: 1, filter: "brightness(2.6)", offset: 0.25},
                          {opacity: 0.35, offset: 0.5}, {opacity: 1, filter: "brightness(1)"}],
                         {duration: step * 1.6, delay: at});
      burst(layer, [b.x, b.y], near * 0.9, "tt-burst-wreck", at, step * 1.4);
      last = Math.max(last, at + step * 1.6);
    }
  }
  for (const [id, old] of was.pieces) {  // a piece gone: it fades where it stood
    if (now.has(id)) continue;
    const ghost = old.node.cloneNode(true);
    ghost.removeAttribute("data-piece");
    for (const use of ghost.querySelectorAll("use")) {  // its drawing, kept in the old picture's defs
      const art = old.node.ownerSVGElement?.getElementById((use.getAttribute("href") || "").slice(1));
      if (!art) continue;
      const copy = art.cloneNode(true);
      copy.removeAttribute("id");
      use.replaceWith(copy);
    }
    ghost.setAttribute("transform", `translate(${old.pose.x} ${old.pose.y}) rotate(${old.pose.deg})`);
    layer.append(ghost);
    const at = startOf(steps.length - 1);
    ghost.animate([{opacity: 1}, {opacity: 0}], {duration: step, delay: at, fill: "both", easing: "ease-in"});
    last = Math.max(last, at + step);
  }
  steps.forEach((s, i) => {  // the shots: a tracer from gun to target, then what it did there
    const lines = (s.aid && s.aid.lines) || [];
    const shots = shotsOf(s.entry && s.entry.events);
    const whole = outcomeOf(s.entry && s.entry.events);
    lines.forEach((line, k) => {
      const result = shots && shots.length === lines.length ? outcomeOf(shots[k]) : whole;
      const at = startOf(i) + step * 0.5;
      tracer(layer, line.from, line.to, at, step);
      const own = shots && shots.length === lines.length ? shots[k] : (s.entry && s.entry.events) || [];
      // a hit whose penetration dice all bounced says so (hidden playtest: "hit" read as harm done)
      const bounced = result === "hit" && own.some(e => e.kind === "penetration")
        && own.every(e => e.kind !== "penetration" || /\bbounced\b/.test(e.text || ""));
      if (result) mark(svg, layer, line.to, result, near, at + step * 0.7, step * 2.2, bounced ? "bounced" : null);
      last = Math.max(last, at + step * 3);
    });
  });
  if (skip > 0) for (const a of document.getAnimations()) if (!prior.has(a)) a.currentTime = (a.currentTime || 0) + skip;
  const start = clock() - skip;
  running = {pieces: was.pieces, steps, start, until: start + last, pace: step + GAP_MS};
  window.setTimeout(() => layer.remove(), Math.max(0, last - skip) + 50);
}

/** Move one piece from pose `a` to pose `b`: along the paths of the decisions whose
 * drawings lead from it to there, one after the other, else straight in the last
 * decision's step. The step it ends in. */
function movePiece(node, a, b, steps, near, step, startOf) {
  const chain = [];
  let at = [a.x, a.y];
  steps.forEach((s, i) => {
    const path = s.aid && s.aid.path;
    if (path && path.length >= 2 && dist(path[0], at) <= near) { chain.push({i, path}); at = path[path.length - 1]; }
  });
  if (!chain.length || dist(at, [b.x, b.y]) > near) {
    const i = steps.length - 1;
    chain.length = 0;
    chain.push({i, path: [[a.x, a.y], [b.x, b.y]]});
  } else {  // the path's ends are the piece's own (a drawing may round them)
    chain[0].path = [[a.x, a.y], ...chain[0].path.slice(1)];
    const tail = chain[chain.length - 1].path;
    chain[chain.length - 1].path = [...tail.slice(0, -1), [b.x, b.y]];
  }
  const turn = turnBy(a.deg, b.deg);
  const length = chain.reduce((sum, c) => sum + pathLength(c.path), 0) || 1;
  const t0 = startOf(chain[0].i), t1 = startOf(chain[chain.length - 1].i) + step;
  const marks = [];  // each point of the path: where, when, and the share of the way done
  let done = 0;
  for (const c of chain) {
    const start = startOf(c.i), own = pathLength(c.path) || 1;
    let walked = 0;
    marks.push({p: c.path[0], t: start, share: done / length});
    for (let k = 1; k < c.path.length; k++) {
      walked += dist(c.path[k - 1], c.path[k]);
      marks.push({p: c.path[k], t: start + step * walked / own, share: (done + walked) / length});
    }
    done += own;
  }
  const offset = t => Math.min(1, Math.max(0, (t - t0) / (t1 - t0)));
  const pose = (p, deg, share) => css({x: p[0], y: p[1], deg, scale: a.scale + (b.scale - a.scale) * share});
  const frames = [];
  const legs = marks.filter((m, k) => k === 0 || dist(marks[k - 1].p, m.p) > 1);  // not a chain's seam
  const heading = (p, q) => Math.atan2(q[1] - p[1], q[0] - p[0]) * 180 / Math.PI;
  if (legs.length > 2 && Math.abs(turnBy(heading(legs[legs.length - 2].p, legs[legs.length - 1].p), b.deg)) < 2) {
    // it ends facing along its last leg: it drove forward along the path, so it turns to each
    // leg at the leg's start, briefly, and keeps that heading along it (a drive through waypoints)
    let deg = a.deg;
    legs.forEach((m, k) => {
      if (k > 0) frames.push({transform: pose(m.p, deg, m.share), offset: offset(m.t)});
      if (k === legs.length - 1) return;
      const gap = offset(legs[k + 1].t) - offset(m.t);
      const at = k === 0 ? offset(m.t) : offset(m.t) + Math.min(0.04, gap / 3);
      if (k === 0) frames.push({transform: pose(m.p, deg, m.share), offset: at});
      deg += turnBy(deg, heading(m.p, legs[k + 1].p));
      frames.push({transform: pose(m.p, deg, m.share), offset: k === 0 ? at + Math.min(0.04, gap / 3) : at});
    });
  } else {
    for (const m of marks) frames.push({transform: pose(m.p, a.deg + turn * m.share, m.share), offset: offset(m.t)});
  }
  if (chain.length > 1 || chain[0].path.length > 2) {
    // a drive along a path: even pace along it (eased at its two ends by the frames' own timing)
    node.animate(frames, {duration: t1 - t0, delay: t0, fill: "backwards", easing: "ease-in-out"});
  } else {
    node.animate([frames[0], frames[frames.length - 1]].map(({transform}) => ({transform})),
                 {duration: step, delay: t0, fill: "backwards", easing: EASE});
  }
  return chain[chain.length - 1].i;
}

function pathLength(path) {
  let total = 0;
  for (let k = 1; k < path.length; k++) total += dist(path[k - 1], path[k]);
  return total;
}

/** A shot's tracer: a short bright dash running from the gun to the target. */
function tracer(layer, from, to, delay, duration) {
  const length = dist(from, to);
  if (length < 1) return;
  const dash = Math.max(length * 0.22, 6);
  const line = svgNode("line", {x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: "tt-tracer",
                                "stroke-dasharray": `${dash} ${length + dash}`, "stroke-dashoffset": dash});
  layer.append(line);
  line.animate([{strokeDashoffset: dash, opacity: 1}, {strokeDashoffset: -length, opacity: 1, offset: 0.85},
                {strokeDashoffset: -length, opacity: 0}],
               {duration, delay, fill: "both", easing: "ease-in"});
}

/** A ring spreading and fading at `at`. */
function burst(layer, at, r, cls, delay, duration) {
  const ring = svgNode("circle", {cx: at[0], cy: at[1], r, class: cls});
  layer.append(ring);
  ring.animate([{opacity: 0, transform: "scale(0.3)"}, {opacity: 1, transform: "scale(0.8)", offset: 0.3},
                {opacity: 0, transform: "scale(1.4)"}],
               {duration, delay, fill: "both", easing: "ease-out"});
  ring.style.transformOrigin = `${at[0]}px ${at[1]}px`;
}

const WORDS = {kill: "destroyed", pen: "penetrated", hit: "hit", miss: "miss"};

/** What a shot did, marked briefly on its target: a burst and a word. */
function mark(svg, layer, at, result, r, delay, duration, said = null) {
  if (result !== "miss") burst(layer, at, r * 0.8, `tt-burst-${result}`, delay, duration * 0.6);
  const y = at[1] - r * 0.9;
  const word = svgNode("text", {x: at[0], y, class: `tt-shot-word tt-shot-${result}`, "text-anchor": "middle",
                                "font-size": Math.max(9, r * 0.45).toFixed(1)}, said || WORDS[result]);
  upright(svg, word, at[0], y - r * 0.15);
  layer.append(word);
  word.animate([{opacity: 0}, {opacity: 1, offset: 0.15}, {opacity: 1, offset: 0.75}, {opacity: 0}],
               {duration, delay, fill: "both"});
}
