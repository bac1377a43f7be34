// Each ruleset's own table code, by ruleset id. A module exports
// `setup()` (once, when the page opens) and `draw(state, fresh)` (after every
// state, once the common panels are drawn; it may append to #aids). A ruleset
// without a module here plays with the common board and panels alone.
import * as battleOfTanks from "./battle-of-tanks.js";
import * as duelOfTheGiants from "./duel-of-the-giants.js";
import * as tankChess from "./tank-chess.js";

const MODULES = {
  "battle-of-tanks": battleOfTanks,
  "duel-of-the-giants": duelOfTheGiants,
  "tank-chess": tankChess,
};

const NONE = {setup() {}, draw() {}};

export function rulesetModule(id) { return MODULES[id] || NONE; }
