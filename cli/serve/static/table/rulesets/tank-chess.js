// Tank Chess at the table: the board's clickable squares (board.js) with the
// facing picked on the board and shots marked (tank-chess/facing.js), and the
// CHECK banner (main.js); the danger on each destination (tank-chess/danger.js)
// and the move list by tank and destination (tank-chess/movelist.js), your tanks
// in fire now ringed (tank-chess/hanging.js), issue 59; a hint's moves drawn as
// arrows (tank-chess/hint.js).
// The sixteen ranks take the window's height: the legend starts folded and the
// coordinates are read inside the squares (tank-chess/board.css, issue 58.8).
import {el} from "../../dom.js";
import * as facing from "./tank-chess/facing.js";
import * as danger from "./tank-chess/danger.js";
import * as hanging from "./tank-chess/hanging.js";
import * as hint from "./tank-chess/hint.js";
import {drawList} from "./tank-chess/movelist.js";
import {setListView} from "../panels.js";
import {fit, foldLegendFirst, onBoardResized} from "../fit.js";
import {boardSvg} from "../board.js";

const STYLES = "/static/table/rulesets/tank-chess/board.css";

export function setup() {
  document.body.classList.add("rs-tank-chess");
  if (!document.querySelector(`link[href="${STYLES}"]`)) {
    // the styles float the note line over the board: the board takes the room it leaves
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
  setListView(drawList);
  onBoardResized(bannerRoom);
  window.addEventListener("resize", bannerRoom);
}

/** The room right of the board's drawing (the svg element may be wider than the picture
 * it letterboxes): the page's messages float there (board.css), clear of the squares. */
function bannerRoom() {
  const svg = boardSvg(), box = svg?.viewBox.baseVal;
  if (!svg || !box || !box.width) return;
  const r = svg.getBoundingClientRect();
  const drawn = Math.min(r.width, r.height * box.width / box.height);
  const right = r.left + (r.width + drawn) / 2;
  document.body.style.setProperty("--tc-banner-room", `${Math.max(240, Math.floor(innerWidth - right - 32))}px`);
}

export function draw(state, fresh) {
  if (fresh) facing.cancel();
  bannerRoom();
}
