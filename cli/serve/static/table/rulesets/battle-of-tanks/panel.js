// Battle of Tanks's messages in the side panel (hidden playtest of issues 58/59): the
// page's messages (a hint's answer, a refusal, the notice) floated over the board's
// lower half and covered a tank there, and the order menu's lower buttons. They stand
// at the foot of the turn panel instead, under the legal-move list, as on the Tank Chess
// table; a hint's answer has a close button, and Esc puts it away once nothing else is
// open (a picked tank, its order menu, a drive or a fire plan take Esc first).
import {$} from "../../../dom.js";
import {answerInPanel} from "../../answerpanel.js";
import {table} from "../../connection.js";
import {drafting} from "./drive.js";

/** Whether Esc has something else to do first: a tank picked, a menu, a drive or a shot. */
function busy() {
  return Boolean(table.selected || $("bt-order-menu") || drafting() || document.querySelector(".bt-shot-card")
                 || ($("chooser") && !$("chooser").hidden));
}

export function setup() {
  answerInPanel("bt", busy);
}
