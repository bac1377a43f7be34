// Tank Chess at the table: the board's clickable squares (board.js) with the
// facing picked on the board and shots marked (tank-chess/facing.js), and the
// CHECK banner (main.js).
import * as facing from "./tank-chess/facing.js";

export function setup() {
  document.body.classList.add("rs-tank-chess");
  facing.setup();
}

export function draw(state, fresh) {
  if (fresh) facing.cancel();
}
