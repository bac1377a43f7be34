// The dice tray (issue 58.6): each die of the newest decision that rolled any, what
// it needed and what came of it, read from the events the seat was sent (an event
// whose data has a `roll`; `need`, `hit`/`success` and a penetration die's `face`
// where the ruleset gives them). Dice that just landed tumble briefly before they
// show their number, unless the player asked for reduced motion.
import {$, el} from "../dom.js";
import {motionOn} from "./motion.js";

const LOOK_BACK = 12;  // log entries searched for the newest rolls
const TUMBLE_MS = 380;
let shown = null;      // the entry number whose dice are shown

function diceOf(entry) {
  return (entry.events || []).filter(e => e.data && Number.isInteger(e.data.roll));
}

function caption(e) {
  const d = e.data;
  if (e.kind === "penetration") return "penetration";
  if (d.shooter) return "to hit";
  const text = e.text || "";
  if (/repair/i.test(text)) return "repair";
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

/** Show the newest rolls in the tray (hidden when none of the latest entries rolled). */
export function drawDice(state) {
  const tray = $("dice-tray");
  if (!tray) return;
  const log = state.log || [];
  let entry = null;
  for (let i = log.length - 1; i >= Math.max(0, log.length - LOOK_BACK); i--) {
    if (diceOf(log[i]).length) { entry = log[i]; break; }
  }
  if (!entry) { tray.hidden = true; tray.replaceChildren(); shown = null; return; }
  if (shown === entry.n && !tray.hidden) return;
  const fresh = shown !== null && entry.n > shown;
  shown = entry.n;
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
  tray.replaceChildren(el("p", {class: "note", text: `dice of move ${entry.n} (${entry.player})`}),
                       el("ul", {}, ...dice));
  tray.hidden = false;
}
