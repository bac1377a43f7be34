// A ruleset's page messages at the foot of the turn panel (hidden playtests of issues
// 58/59): a hint's answer, a refusal and the notice floated over the board's lower half
// and covered its pieces. Moved under the legal-move list, they cover nothing; a hint's
// answer gets a close button, and Esc puts it away once nothing else wants Esc first.
import {$, el} from "../dom.js";

/** Move the messages under the move list, the answer in a box with a close button
 * (ids ``PREFIX-answer-box`` and ``PREFIX-answer-close``, styled by the ruleset); Esc
 * clears the answer unless ``busy()`` says something else takes it (a picked piece, a
 * menu). Seen before the page's other Esc handlers, so with a menu open Esc closes only
 * the menu. Safe to call on every drawing: it acts once. */
export function answerInPanel(prefix, busy) {
  const banners = $("banners"), list = $("actions-box"), answer = $("answer");
  if (!banners || !list || !answer || banners.dataset.inPanel) return;
  banners.dataset.inPanel = prefix;
  list.after(banners);
  const close = el("button", {type: "button", id: `${prefix}-answer-close`, class: `${prefix}-answer-close`,
                              title: "put the answer away (Esc)", "aria-label": "close the answer", text: "✕"});
  close.addEventListener("click", e => { e.stopPropagation(); answer.textContent = ""; });
  const box = el("div", {id: `${prefix}-answer-box`});
  answer.before(box);
  box.append(answer, close);
  document.addEventListener("keydown", e => {
    if (e.key !== "Escape" || !answer.textContent || busy()) return;
    answer.textContent = "";
  }, true);
}
