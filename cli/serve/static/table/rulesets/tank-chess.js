// Tank Chess at the table: the board's clickable squares (board.js) with the
// facing picked on the board and shots marked (tank-chess/facing.js), and the
// CHECK banner (main.js); the danger on each destination (tank-chess/danger.js)
// and the move list by tank and destination (tank-chess/movelist.js), issue 59.
// The sixteen ranks take the window's height: the legend starts folded and the
// coordinates are read inside the squares (tank-chess/board.css, issue 58.8).
import {el} from "../../dom.js";
import * as facing from "./tank-chess/facing.js";
import * as danger from "./tank-chess/danger.js";
import {drawList} from "./tank-chess/movelist.js";
import {setListView} from "../panels.js";
import {foldLegendFirst} from "../fit.js";

const STYLES = "/static/table/rulesets/tank-chess/board.css";

export function setup() {
  document.body.classList.add("rs-tank-chess");
  if (!document.querySelector(`link[href="${STYLES}"]`)) document.head.append(el("link", {rel: "stylesheet", href: STYLES}));
  foldLegendFirst();
  facing.setup();
  danger.setup();
  setListView(drawList);
}

export function draw(state, fresh) {
  if (fresh) facing.cancel();
}
