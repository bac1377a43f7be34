// The dice tray (issue 58.6): each die of the newest decision that rolled any, what
// it needed and what came of it, read from the events the seat was sent (an event
// whose data has a `roll`; `need`, `hit`/`success` and a penetration die's `face`
// where the ruleset gives them). Dice that just landed tumble briefly before they
// show their number, unless the player asked for reduced motion.
import {$, el} from "../dom.js";
import {motionOn} from "./motion.js";

const LOOK_BACK = 12;  // log entries searched for the newest rolls
const TUMBLE_MS = 380;
let shown = null;      // the newest entry number whose dice are shown
let shownKey = "";     // ... and every entry shown with it

function diceOf(entry) {
  return (entry.events || []).filter(e => e.data && Number.isInteger(e.data.roll));
}

function caption(e) {
  const d = e.data;
  if (e.kind === "penetration") return "penetration";
  if (d.shooter) return "to hit";
  const text = e.text || "";
  if (/repair/i.test(text)) return "repair";
  const spots = /spots (\S+?)\?/.exec(text);
  if (spots) return `spots ${spots[1]}`;
  if (/spots/i.test(text)) return "spotting";
  return e.kind === "roll" ? "roll" : e.kind;
}

function verdict(e) {
  const d = e.data;
  if (e.kind === "penetration") {
    if (Number(d.damage) > 0) return ["penetrated", "good"];
    if (d.face === "K" && /track/.test(e.text || "")) return ["track hit", "good"];
    return [/bounced/.test(e.text || "") ? "bounced" : "no effect", "bad"];
  }
  const ok = typeof d.hit === "boolean" ? d.hit : typeof d.success === "boolean" ? d.success
    : Number.isInteger(d.need) ? d.roll >= d.need : null;
  if (ok === null) return ["", ""];
  if (typeof d.hit === "boolean") return [ok ? "hit" : "miss", ok ? "good" : "bad"];
  return [ok ? "success" : "failed", ok ? "good" : "bad"];
}

function tumble(face, value) {
  if (!motionOn()) return;
  const end = performance.now() + TUMBLE_MS;
  face.classList.add("rolling");
  const spin = now => {
    if (now >= end) { face.textContent = value; face.classList.remove("rolling"); return; }
    face.textContent = String(1 + Math.floor(Math.random() * 6));
    requestAnimationFrame(spin);
  };
  requestAnimationFrame(spin);
}

/** A shot's to-hit die and the penetration die it earned kept together, one item
 * (`li.shot`) that never wraps apart, so that twelve dice read as six shots. */
function shots(events, dice) {
  const out = [];
  events.forEach((e, i) => {
    const prev = i > 0 ? events[i - 1] : null;
    if (e.kind === "penetration" && prev && prev.data.shooter && out.length && out[out.length - 1] === dice[i - 1]) {
      out[out.length - 1] = el("li", {class: "shot"}, el("ul", {class: "shot-dice"}, dice[i - 1], dice[i]));
    } else {
      out.push(dice[i]);
    }
  });
  return out;
}

/** A decision's dice in words: "to hit 5 hit, 1 miss; penetration 3 penetrated, 2 bounced". */
function tally(events) {
  const by = new Map();
  for (const e of events) {
    const what = caption(e), word = verdict(e)[0] || "rolled";
    if (!by.has(what)) by.set(what, new Map());
    by.get(what).set(word, (by.get(what).get(word) || 0) + 1);
  }
  return [...by].map(([what, words]) => `${what} ` + [...words].map(([w, n]) => `${n} ${w}`).join(", ")).join("; ");
}

/** What a decision's dice were for, in words: "t80#1 fires at lynx, tiger#1" where its events
 * say who fired at whom (hidden playtest of Battle of Tanks: "fire t80#1", the notation, read as
 * t80#1 firing when t80#1 was the target), else the move's notation. */
function said(entry) {
  const shots = (entry.events || []).map(e => /^(\S+) fires at (\S+)/.exec(e.text || "")).filter(Boolean);
  if (!shots.length) return entry.move || "";
  return `${shots[0][1]} fires at ${[...new Set(shots.map(m => m[2]))].join(", ")}`;
}

const MOST_GROUPS = 3;  // decisions shown at once, newest last

/** The decisions whose dice the tray shows: the newest that rolled any, and, when that
 * was not the viewer's, every decision that rolled since the viewer's own last one
 * (its own included) -- so that your shots' dice are not replaced by the reply that
 * landed a moment later (playtest: a computer's answer hid the player's own four
 * misses). At most MOST_GROUPS, oldest first. */
function groupsOf(state) {
  const log = state.log || [];
  const out = [];
  for (let i = log.length - 1; i >= Math.max(0, log.length - LOOK_BACK); i--) {
    const entry = log[i];
    const mine = state.you !== undefined && state.you !== null && entry.player === state.you;
    if (diceOf(entry).length) out.unshift(entry);
    if (out.length && (mine || !state.you)) break;
    if (out.length >= MOST_GROUPS) break;
  }
  return out;
}

/** Show the newest rolls in the tray (hidden when none of the latest entries rolled). */
export function drawDice(state) {
  const tray = $("dice-tray");
  if (!tray) return;
  const groups = groupsOf(state);
  if (!groups.length) { tray.hidden = true; tray.replaceChildren(); shown = null; return; }
  const newest = groups[groups.length - 1].n, key = groups.map(g => g.n).join(" ");
  if (shown === newest && shownKey === key && !tray.hidden) return;
  const before = shown;
  shown = newest; shownKey = key;
  tray.replaceChildren(...groups.flatMap((entry, i) => {
    const fresh = before !== null && entry.n > before;
    const who = entry.player === state.you ? "you" : entry.player;
    const head = el("p", {class: "note", text: `dice of move ${entry.n} (${who})` + (said(entry) ? `: ${said(entry)}` : "")});
    // between your own decision and the newest, a decision's dice in one line (the tray
    // keeps to the panel: two volleys of ten shots were a column taller than the window)
    if (i < groups.length - 1 && who !== "you") return [head, el("div", {class: "note dice-summary", text: tally(diceOf(entry))})];
    const dice = diceOf(entry).map(e => {
      const d = e.data;
      const value = d.face && e.kind === "penetration" ? `${d.roll}·${d.face}` : String(d.roll);
      const [word, cls] = verdict(e);
      const face = el("span", {class: "die-face", text: value});
      if (fresh) tumble(face, value);
      return el("li", {class: `die ${cls}`, title: e.text || ""},
                el("span", {class: "die-what", text: caption(e)}), face,
                el("span", {class: "die-need", text: Number.isInteger(d.need) ? `needs ${d.need}+` : ""}),
                el("span", {class: "die-result", text: word}));
    });
    return [head, el("ul", {}, ...shots(diceOf(entry), dice))];
  }));
  tray.hidden = false;
}
