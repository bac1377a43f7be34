// The hint played with one click (playtest of issues 58/59: the Duel of the Giants hint
// was plain text to copy into the move box, where Tank Chess's and Battle of Tanks' are
// buttons). The table's answer reads "hint: tiger1 F F F F F S, then tiger2 R R T10 S S S
// (-0.10) · ...": each suggestion is the move to play now, then what the search would do
// after it. The move to play now becomes a button that plays it (a whole Tiger program is
// one move, as the decision says: "or all at once"); what follows stays text, since it is
// a later decision. The answer's text stays as it was read.
import {$, el} from "../../../dom.js";
import {buttonsInAnswer} from "../../answerbuttons.js";
import {play} from "../../connection.js";

/** The suggestions of a hint's answer, best first: `{shown}`, the move to play now (the
 * text before ", then" and the estimate); empty for any other answer. */
export function hintParts(answer) {
  if (!answer.startsWith("hint: ")) return [];
  return answer.slice(6).split(";")[0].split(" · ").map(part => {
    const text = part.trim().replace(/\s*\([^()]*\)$/, "");
    return {shown: text.split(", then ")[0].trim()};
  }).filter(p => p.shown);
}

function offer() {
  const answer = $("answer");
  if (!answer || answer.querySelector(".dg-hint-play")) return;
  const parts = hintParts(answer.textContent);
  if (!parts.length) return;
  buttonsInAnswer(answer, parts, ({shown}) => {
    const button = el("button", {type: "button", class: "dg-hint-play", text: shown, "data-move": shown,
                                 title: `play ${shown}`});
    button.addEventListener("click", event => { event.stopPropagation(); event.preventDefault(); play(shown); });
    return button;
  });
  // "the result for german": side names as a player reads them
  for (const node of answer.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) node.textContent = node.textContent.replace(/\b(german|soviet)\b/g, w => w[0].toUpperCase() + w.slice(1));
  }
}

export function setup() {
  const answer = $("answer");
  if (answer) new MutationObserver(offer).observe(answer, {childList: true, characterData: true, subtree: true});
}
