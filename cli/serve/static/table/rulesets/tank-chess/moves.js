// Tank Chess moves as the page reads them from the server's notation (TC-9.3):
// `MT d2-d5:NE xg8` is the piece, from, to, final facing and the shot's target.

/** The eight facings of TC-4.1, clockwise from N (towards Black). */
export const FACINGS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

const MOVE = /^(\S+)\s+([a-z]\d+)-([a-z]\d+|off)(?::(NE|NW|SE|SW|N|E|S|W))?(?:\s*x([a-z]\d+))?/i;

/** `{piece, from, to, facing, target}` of a move's text, or null for anything else. */
export function readMove(text) {
  const m = MOVE.exec(text || "");
  if (!m) return null;
  return {piece: m[1], from: m[2], to: m[3], facing: m[4] ? m[4].toUpperCase() : null, target: m[5] || null};
}

/** The moves ending on one square, by final facing: `{NE: {plain, shots: [...]}, ...}`;
 * `plain` is the move without a shot (TC-3.2: shooting is optional). */
export function byFacing(choices) {
  const out = {};
  for (const a of choices) {
    const m = readMove(a.text);
    if (!m || !m.facing) continue;
    const group = out[m.facing] || (out[m.facing] = {plain: null, shots: []});
    if (m.target) group.shots.push(a); else group.plain = a;
  }
  return out;
}
