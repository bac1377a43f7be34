// Tank Chess at the table: the board's clickable squares (board.js) with the
// facing picked on the board and shots marked (tank-chess/facing.js), and the
// CHECK banner (main.js); the danger on each destination (tank-chess/danger.js)
// and the move list by tank and destination (tank-chess/movelist.js), issue 59.
import * as facing from "./tank-chess/facing.js";
import * as danger from "./tank-chess/danger.js";
import {drawList} from "./tank-chess/movelist.js";
import {setListView} from "../panels.js";

export function setup() {
  document.body.classList.add("rs-tank-chess");
  facing.setup();
  danger.setup();
  setListView(drawList);
}

export function draw(state, fresh) {
  if (fresh) facing.cancel();
}
