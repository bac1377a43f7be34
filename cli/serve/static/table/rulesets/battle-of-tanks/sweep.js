// The ground a tank sweeps along a drive, and the page's verdict on it (issue
// 29.1): the same figures as the server's check (core/geometry.py swept_parts and
// straight_sweeps, rulesets/battle_of_tanks/field.py, game.py _check_drive), so
// what the page draws under the pointer is what the server will accept. The
// server stays the judge; tests/serve/test_browser_bt_drive.py compares the two
// on many paths. Units are the table's centimetres (y up, degrees from +x).

const EPS = 1e-9;
const AREA_EPS = 1e-9;   // cm²: overlap below this is touching (shapely: intersects and not touches)
const DIGITS = 1e12;     // a heading's cosine and sine are rounded to 12 decimals (DIRECTION_DIGITS)
const RAD = Math.PI / 180, DEG = 180 / Math.PI;

/** Python's float `a % b` (the sign of `b`), as numpy and the server compute it. */
function pyMod(a, b) {
  let m = a % b;
  if (m !== 0) { if ((b < 0) !== (m < 0)) m += b; } else m = 0;
  return m;
}

/** Python's float `a // b`. */
function pyFloorDiv(a, b) {
  const mod = a % b;
  let div = (a - mod) / b;
  if (mod && ((b < 0) !== (mod < 0))) div -= 1;
  let floor = Math.floor(div);
  if (div - floor > 0.5) floor += 1;
  return floor;
}

/** numpy's round half to even at 12 decimals. */
function round12(v) {
  const y = v * DIGITS;
  let r = Math.round(y);
  if (Math.abs(y % 1) === 0.5 && r % 2 !== 0) r -= 1;
  return r / DIGITS;
}

export function headingBetween(a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  if (Math.abs(dx) < EPS && Math.abs(dy) < EPS) return 0;
  return pyMod(Math.atan2(dy, dx) * DEG, 360);
}

const U = [1, -1, -1, 1], V = [1, 1, -1, -1];

/** The four corners of a `length` x `width` rectangle at (x, y) facing `heading`. */
export function corners(x, y, heading, length, width, out = []) {
  const rad = heading * RAD;
  const c = round12(Math.cos(rad)), s = round12(Math.sin(rad));
  const hl = length / 2, hw = width / 2;
  for (let i = 0; i < 4; i++) {
    const u = U[i] * hl, v = V[i] * hw;
    out.push([x + u * c - v * s, y + u * s + v * c]);
  }
  return out;
}

function cross(o, a, b) { return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]); }

/** Convex hull (counter-clockwise, Andrew's monotone chain). */
export function hull(points) {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const lower = [], upper = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  upper.pop(); lower.pop();
  return lower.concat(upper);
}

function foldDelta(h, heading) {
  let delta = pyMod(h - heading + 180, 360) - 180;
  // a rectangle is symmetric under a half turn: never sweep more than 90 degrees
  if (delta > 90) delta -= 180; else if (delta < -90) delta += 180;
  return delta;
}

/** A part: its sampled corners, and which leg of the path (0-based waypoint) it belongs to. */
function part(points, leg) { return {points, leg}; }

/** core/geometry.py swept_parts: one part per turn and per straight segment. */
export function sweptParts(start, waypoints, length, width, finalHeading, turnStep) {
  const legs = [];
  let x = start.x, y = start.y, heading = start.heading;
  waypoints.forEach(([px, py], i) => {
    if (Math.hypot(px - x, py - y) < EPS) return;
    legs.push([px, py, headingBetween([x, y], [px, py]), i]);
    x = px; y = py;
  });
  if (finalHeading !== null && finalHeading !== undefined) legs.push([x, y, finalHeading, waypoints.length]);
  x = start.x; y = start.y; heading = start.heading;
  const parts = [];
  for (const [px, py, h, leg] of legs) {
    const delta = foldDelta(h, heading);
    if (Math.abs(delta) > EPS) {
      const n = pyFloorDiv(Math.abs(delta), turnStep) + 1;
      const pts = [];
      for (let i = 0; i <= n; i++) corners(x, y, heading + delta * i / n, length, width, pts);
      parts.push(part(pts, leg));
    }
    if (Math.hypot(px - x, py - y) > EPS) {
      const pts = corners(x, y, heading + delta, length, width);
      corners(px, py, heading + delta, length, width, pts);
      parts.push(part(pts, leg));
    }
    x = px; y = py; heading = h;
  }
  if (!parts.length) return [part(corners(start.x, start.y, start.heading, length, width), 0)];
  return parts;
}

/** core/geometry.py straight_sweeps for one end point: the turn towards it and the drive. */
export function straightParts(start, end, length, width, turnStep) {
  const dx = end[0] - start.x, dy = end[1] - start.y;
  const heading = pyMod(Math.atan2(dy, dx) * DEG, 360);
  const delta = foldDelta(heading, start.heading);
  const k = pyFloorDiv(90, turnStep) + 2;
  const turn = [];
  for (let i = 0; i < k; i++) corners(start.x, start.y, start.heading + delta * (i / (k - 1)), length, width, turn);
  const final = start.heading + delta;
  const drive = corners(start.x, start.y, final, length, width);
  corners(end[0], end[1], final, length, width, drive);
  return [part(turn, 0), part(drive, 0)];
}

function bbox(points) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of points) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
  return [x0, y0, x1, y1];
}

/** `subject` (any simple polygon) clipped to the convex counter-clockwise `clip` (Sutherland-Hodgman). */
function clipTo(subject, clip) {
  let out = subject;
  for (let i = 0; i < clip.length && out.length; i++) {
    const a = clip[i], b = clip[(i + 1) % clip.length];
    const input = out;
    out = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j], q = input[(j + 1) % input.length];
      const cp = cross(a, b, p), cq = cross(a, b, q);
      if (cp >= 0) out.push(p);
      if ((cp >= 0) !== (cq >= 0)) {
        const t = cp / (cp - cq);
        out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
      }
    }
  }
  return out;
}

function areaAndCentre(poly) {
  let a = 0, cx = 0, cy = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i], [x1, y1] = poly[(i + 1) % poly.length];
    const f = x0 * y1 - x1 * y0;
    a += f; cx += (x0 + x1) * f; cy += (y0 + y1) * f;
  }
  a /= 2;
  return a ? {area: Math.abs(a), at: [cx / (6 * a), cy / (6 * a)]} : {area: 0, at: null};
}

/** Where the convex `shape` and `obstacle` share area (more than touching), or null. */
export function overlap(shape, shapeBox, obstacle) {
  const box = obstacle.box || (obstacle.box = bbox(obstacle.outline));
  if (box[0] >= shapeBox[2] || shapeBox[0] >= box[2] || box[1] >= shapeBox[3] || shapeBox[1] >= box[3]) return null;
  const {area, at} = areaAndCentre(clipTo(obstacle.outline, shape));
  return area > AREA_EPS ? at : null;
}

const fmt = v => v.toFixed(1);

/** The first part (in driving order) that leaves the table, enters blocking ground or
 * another tank, as the server's path_problem tests them: the table first, then
 * terrain, then tanks. `{kind, name, at, leg, shape}` or null. */
function problemOf(parts, drive, table) {
  const shapes = parts.map(p => { const h = hull(p.points); return {h, box: bbox(h), leg: p.leg}; });
  for (const s of shapes) {
    if (s.box[0] < 0 || s.box[1] < 0 || s.box[2] > table.width || s.box[3] > table.depth) {
      return {kind: "table", text: "the tank would leave the table", leg: s.leg, shape: s.h, at: null};
    }
  }
  for (const s of shapes) {
    for (const o of drive.blocking) {
      const at = overlap(s.h, s.box, o);
      if (at) return {kind: "terrain", name: o.name, at, leg: s.leg, shape: s.h,
                      text: `the tank would drive through ${o.name} at ${fmt(at[0])},${fmt(at[1])}`};
    }
  }
  for (const s of shapes) {
    for (const o of drive.pieces) {
      const at = overlap(s.h, s.box, o);
      if (at) return {kind: "tank", name: o.name, at, leg: s.leg, shape: s.h,
                      text: `the tank would run into ${o.name} at ${fmt(at[0])},${fmt(at[1])}`};
    }
  }
  return null;
}

/** The page's verdict on driving `drive` (state.drive) through `points` ([x, y] in cm,
 * already at the notation's 0.1 cm) and turning to `heading` (or null), on a table of
 * `table` = {width, depth}: {length, over, problem: {rule, kind, text, name?, at?, leg?} | null}.
 * The order of the tests is the server's (game.py _check_drive). */
export function verdict(drive, points, heading, table) {
  const start = {x: drive.x, y: drive.y, heading: drive.heading};
  let length = 0, px = start.x, py = start.y;
  for (const [x, y] of points) { length += Math.hypot(x - px, y - py); px = x; py = y; }
  const over = length > drive.allowance + 1e-6;
  const out = {length, over, problem: null};
  if (!points.length && heading === null) return out;
  if (drive.straight && points.length > 1) {
    out.problem = {rule: drive.rule, kind: "straight", text: "one straight line: give one point"};
  } else if (points.length > drive.max_waypoints) {
    out.problem = {rule: "BT-5.1", kind: "waypoints", text: `at most ${drive.max_waypoints} waypoints`};
  } else if (over) {
    out.problem = {rule: drive.rule, kind: "length",
                   text: `path of ${length.toFixed(1)} cm is longer than ${drive.mover}'s ${drive.allowance} cm`};
  } else {
    let problem;
    if (points.length === 1 && heading === null) {
      problem = problemOf(straightParts(start, points[0], drive.length, drive.width, drive.turn_step), drive, table);
      if (problem) {
        problem = problemOf(sweptParts(start, points, drive.length, drive.width, null, drive.turn_step), drive, table)
          || {kind: "edge", leg: 0, text: "the tank would touch impassable terrain, another tank or the table edge"};
      }
    } else {
      problem = problemOf(sweptParts(start, points, drive.length, drive.width, heading, drive.turn_step), drive, table);
    }
    if (problem) out.problem = {rule: "BT-5.1", ...problem};
  }
  return out;
}

/** The heading a drive ends with: `heading` if given, else the last segment's direction. */
export function endHeading(drive, points, heading) {
  if (heading !== null) return heading;
  if (!points.length) return drive.heading;
  const prev = points.length > 1 ? points[points.length - 2] : [drive.x, drive.y];
  return headingBetween(prev, points[points.length - 1]);
}
