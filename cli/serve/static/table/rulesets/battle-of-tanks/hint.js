// The hint played with one click (playtest of issue 59.3/59.5): the table's answer to
// `hint` reads "hint: lynx attack, then to 68.2,36.3, fire t34#2*10 (+0.02) · ...", an
// order and the search's plan for it (its drive, its shots). Each suggestion becomes a
// button that sends the whole of it as the one line the terminal takes
// ("lynx attack to 68.2,36.3 fire t34#2*10"); the server judges that line whole on a
// copy and plays it whole or not at all. The answer's text stays as it was read.
// Where an ambush window cuts a line, the server says what is left; it waits in the
// move box, to be sent when the decision is back.
import {$, el} from "../../../dom.js";
import {buttonsInAnswer} from "../../answerbuttons.js";
import {play} from "../../connection.js";

const REST = /^not played yet, the decision has passed on: (.*) \(when it is back/;

/** A suggestion as the hint shows it ("lynx attack, then to 68.2,36.3, fire t34#2*10")
 * as the one line the move box and the terminal read ("lynx attack to 68.2,36.3 fire
 * t34#2*10"): the plan's steps (a drive, shots: never a ", " inside) after the order. */
export function oneLine(shown) {
  const [move, plan] = shown.split(", then ");
  return plan === undefined ? move : [move, ...plan.split(", ")].join(" ");
}

/** The suggestions of a hint's answer, best first: `{text, line}`, the text as shown
 * (its estimate left out) and the line that plays it; empty for any other answer. */
export function hintParts(answer) {
  if (!answer.startsWith("hint: ")) return [];
  return answer.slice(6).split(";")[0].split(" · ").map(part => {
    const text = part.trim().replace(/\s*\([^()]*\)$/, "");
    return {text, line: oneLine(text)};
  }).filter(p => p.text);
}

function offer() {
  const answer = $("answer");
  if (!answer) return;
  const text = answer.textContent;
  const rest = REST.exec(text);
  // after the move box has been emptied of the line it sent (a task later), unless typed in since
  if (rest) setTimeout(() => { if ($("move") && !$("move").value) $("move").value = rest[1]; });
  const parts = hintParts(text);
  if (!parts.length || answer.querySelector(".bt-hint-play")) return;
  buttonsInAnswer(answer, parts.map(({text: shown, line}) => ({shown, line})), ({shown, line}) => {
    // its ▶ is the stylesheet's: the answer reads as it was sent
    const button = el("button", {type: "button", class: "bt-hint-play", text: shown, "data-line": line,
                                 title: `play ${line} (the whole line, or nothing of it)`});
    button.addEventListener("click", event => { event.stopPropagation(); event.preventDefault(); play(line); });
    return button;
  });
}

export function setup() {
  const answer = $("answer");
  if (answer) new MutationObserver(offer).observe(answer, {childList: true, characterData: true, subtree: true});
}
