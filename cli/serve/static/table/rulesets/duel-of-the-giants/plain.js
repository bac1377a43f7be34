// The decision in a player's words (playtest of issues 58/59): the server's decision
// reads as the rulebook orders play ("phase A1: put tire markers on ATGs (DG-12.6)",
// "phase D2 combat, one barrel aimed: the aiming unit fires (case B, step B1, DG-17.4)
// -- Tiger 1 at d3 may fire at ..."). The panel says first what the player does, in
// plain words, whole (the one-line header cuts a long decision short at 1024x768), and
// after it, quieter, where that stands in the rules (the phase, the case, the rule ID).
// Side names are capitalised wherever a player reads them.

/** "german" as a player reads it: "German". */
export function side(name) {
  return name ? name[0].toUpperCase() + name.slice(1) : name;
}

// What the player does in each step the server names by the rulebook's words
// (rulesets/duel_of_the_giants/game.py STEP_NAMES), as an instruction.
const DOES = {
  "place a landscape element": "Place a landscape element on the map",
  "place a front element": "Place a front element on the map",
  "place a tank marker": "Place a tank marker on your side",
  "place a German weapon": "Place a German weapon: a Tiger, the airfield, an ATG or a mine",
  "move tank markers": "Move your tank markers (click one, then where it goes), or end the step",
  "recon with the Tigers": "Recon: click a marker your Tigers see to turn it up, or end the step",
  "activate wheel markers": "Turn wheel markers into T-34s (click one, then its hull and turret), or end the step",
  "activate wheel markers, at least one before the phase ends": "Turn at least one wheel marker into a T-34 (click it, then its hull and turret)",
  "T-34 recon of ATG markers": "Recon with your T-34s: click an ATG marker a ringed T-34 sees to turn it up (or the T-34, then the marker), or end the step",
  "move ATGs in transport": "Haul the ATG that carries a tire marker: click where it goes, then its facing",
  "put tire markers on ATGs": "Put a tire marker on an ATG to haul it next round, or end the step",
  "turn or activate ATG markers": "Turn an ATG marker to a new facing, or turn it face up; or end the step",
  "recon with Tigers and activated ATGs": "Recon: click a marker your Tigers or face-up ATGs see to turn it up, or end the step",
  "program a Tiger": "Program a Tiger",
  "program the Tigers": "Program the Tigers",
  "move T-34s": "Move your T-34s (click one, then where it goes), or end the step",
  "choose the Tiger that executes first": "Choose the Tiger that drives its program first",
  "activate ATG markers": "Turn ATG markers face up to fire in combat, or end the step",
  "combat": "Combat",
  "Stuka": "Fly the Stuka: launch it from the airfield, or end the step",
};

const CASES = [  // combat's stage, its case named after the rule ID (combat.py STAGE_TEXT)
  [/\(case ([ABC]), step ([ABC]\d), (DG-[\d.]+)\)/, (m) => `${m[3]}, case ${m[2]}`],
  [/\(case ([ABC]), (DG-[\d.]+)\)/, (m) => `${m[2]}, case ${m[1]}`],
];

/** `{does, then, rule}`: what the player does now (plain words), what the step is (or
 * ""), and where it stands in the rules (quieter); a text the page does not know stays
 * whole in `does`. */
export function plainDecision(text) {
  if (!text) return {does: "", then: "", rule: ""};
  let t = String(text);
  // combat: "phase D2 combat, STAGE (case ..., DG-17.4) -- WHO may fire at ..."
  const fight = /^phase D2 combat, (.*?) -- (.*)$/.exec(t);
  if (fight) {
    let stage = fight[1], rule = "phase D2";
    for (const [re, words] of CASES) {
      const m = re.exec(stage);
      if (m) { rule += `, ${words(m)}`; stage = stage.replace(m[0], "").trim(); break; }
    }
    // the notation of each choice is on the buttons and the map, not in the sentence
    const does = fight[2].replace(/\s*\((?:fire|hold) [^()]*\)/g, "");
    return {does: side(does), then: `Combat: ${stage}`, rule};
  }
  const found = /^set the hull and turret of the T-34 revealed at ([a-i]\d+)\b.*\((DG-[\d.]+)\)$/.exec(t);
  if (found) {  // a recon turned one of your markers up (DG-10.6): you face the T-34 it hid
    return {does: `Face your T-34 found at ${found[1]}: click it, then its hull and its turret`, then: "",
            rule: found[2]};
  }
  const m = /^(phase [A-D]\d\b|opening|set-up \d)(?: [a-z]+)?: (.*)$/.exec(t);
  if (!m) return {does: t, then: "", rule: ""};
  const where = m[1];
  t = m[2];
  let rule = "";
  const ref = /\s*\(((?:DG-[\w.-]+)[^()]*)\)$/.exec(t);
  if (ref) { rule = ref[1]; t = t.slice(0, ref.index); }
  const known = DOES[t];
  if (known) return {does: known, then: "", rule: `${where}, ${rule}`.replace(/, $/, "")};
  const moving = /^move T-34s \(DG-15\); (T-34 #\d+ at [a-i]\d+) has (\d+) MA left: (.*)$/.exec(t);  // B3, a T-34 under way
  if (moving) {
    const does = moving[2] === "0" ? `${moving[1]} has no MA left: move another T-34, or end the step`
      : `Move ${moving[1]} on: ${moving[2]} MA left; or another T-34`;
    return {does, then: side(moving[3]), rule: `${where}, DG-15, ${rule}`};
  }
  const head = /^(program Tiger \d+ at [a-i]\d+)(, .*)$/.exec(t);  // A4: "program Tiger 1 at c5, at most ..."
  if (head) {  // the cards are buttons below: say so, not the notation to type
    const most = /at most (\d+) cards before a Stop/.exec(head[2]);
    const then = most ? `Lay its cards below, one at a time, up to ${most[1]} before a Stop; then end the stack`
      : side(head[2].slice(2));
    return {does: side(head[1]), then, rule: `${where}, ${rule}`};
  }
  const stuka = /^the Stuka flies, (.*)$/.exec(t);
  if (stuka) return {does: "Fly the Stuka: click where it goes, or a T-34 to attack", then: side(stuka[1]), rule: `${where}, ${rule}`};
  return {does: side(t), then: "", rule: `${where}${rule ? ", " + rule : ""}`};
}

/** "round 3, step A1b" in a player's words: "Round 3, phase A". */
export function roundWords(round, step) {
  if (/^O/.test(step || "")) return "Opening";  // before round 1 (DG-8.1)
  if (!/^[A-D]/.test(step || "")) return "Set-up";
  return `Round ${round}, phase ${step[0]}`;
}
