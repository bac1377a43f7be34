// The hot-seat pass screen (issue 29.16). While it shows, the page holds
// nothing of the last player's view: no text, no attribute, no form field, no
// drawing. The next player's view is drawn afresh from the next state.
import {$} from "../dom.js";
import {table} from "./connection.js";

/** Containers whose whole content is the seat's view. */
const EMPTIED = ["board", "aids", "aid-note", "hidden-board", "decision", "answer", "error", "actions",
                 "action-count", "log", "commands", "notation", "composer-program", "composer-count",
                 "composer-cards", "composer-preview", "composer-list", "you", "status"];
/** Parts of the page hidden until the next player's view fills them. */
const HIDDEN = ["composer", "chooser", "actions-box", "commands-box", "hidden-board", "error", "move-form",
                "buttons"];

/** Show the pass screen to `player` and wipe the last player's view from the page. */
export function showPassScreen(state) {
  table.selected = null;
  for (const id of EMPTIED) $(id)?.replaceChildren();
  $("chooser").querySelector("ul")?.replaceChildren();
  for (const id of HIDDEN) { const node = $(id); if (node) node.hidden = true; }
  for (const field of document.querySelectorAll("main input, main textarea")) field.value = "";
  // what the panels remember of the last state (a program's stack, the last log entry, drawn versions)
  for (const node of document.querySelectorAll("main, main *")) {
    for (const key of Object.keys(node.dataset)) delete node.dataset[key];
  }
  $("status").textContent = `hot seat: pass the screen to ${state.pass_to}`;
  $("status").title = $("status").textContent;  // the tooltip keeps nothing of the last player's decision
  $("pass-text").textContent = `Pass the screen to ${state.pass_to}. ${state.pass_to}: press when the other player cannot see.`;
  $("pass").hidden = false;
}

/** The pass screen is done: the seat's view is drawn again over the page. */
export function hidePassScreen() {
  if ($("pass").hidden) return;
  $("pass").hidden = true;
  $("buttons").hidden = false;
}
