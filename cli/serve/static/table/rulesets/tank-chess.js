// Tank Chess at the table: the board's clickable squares (board.js) with the
// facing picked on the board and shots marked (tank-chess/facing.js), and the
// CHECK banner (main.js); the danger on each destination (tank-chess/danger.js)
// and the move list by tank and destination (tank-chess/movelist.js), your tanks
// in fire now ringed (tank-chess/hanging.js), issue 59; a hint's moves drawn as
// arrows (tank-chess/hint.js); the messages, the legend and the folding move list in the
// side panel (tank-chess/panel.js).
// The sixteen ranks take the window's height: the legend is in the side panel and the
// coordinates are read inside the squares (tank-chess/board.css, issue 58.8).
import {el} from "../../dom.js";
import * as facing from "./tank-chess/facing.js";
import * as danger from "./tank-chess/danger.js";
import * as hanging from "./tank-chess/hanging.js";
import * as hint from "./tank-chess/hint.js";
import * as panel from "./tank-chess/panel.js";
import {drawList} from "./tank-chess/movelist.js";
import {setListView} from "../panels.js";
import {fit, foldLegendFirst} from "../fit.js";

const STYLES = "/static/table/rulesets/tank-chess/board.css";

export function setup() {
  document.body.classList.add("rs-tank-chess");
  if (!document.querySelector(`link[href="${STYLES}"]`)) {
    // the styles float the note line over the board, and move the messages and the legend
    // into the side panel: the board takes the room they leave
    // (a first fit before they load kept its line's 24 px until the game ended)
    const link = el("link", {rel: "stylesheet", href: STYLES});
    link.addEventListener("load", () => fit());
    document.head.append(link);
  }
  foldLegendFirst();
  facing.setup();
  danger.setup();
  hanging.setup();
  hint.setup();
  panel.setup();
  setListView(drawList);
}

export function draw(state, fresh) {
  if (fresh) facing.cancel();
  panel.foldListAfterMove(state);
}
