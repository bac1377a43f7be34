// A link to the replay of this game as this seat sees it (static/replay.html),
// beside the table's buttons. The hot-seat screen, shared by every player,
// offers it once the game is over, as the server does.
import {$, el} from "../dom.js";
import {onState} from "./connection.js";

function draw(state) {
  let link = $("replay-so-far");
  if (!link) {
    link = el("a", {id: "replay-so-far", href: "/replay" + location.pathname.slice(2), text: "replay"});
    $("buttons").append(link);
  }
  link.hidden = state.role === "hotseat" && !state.outcome;
}

/** Keep the replay link beside the buttons. */
export function setupReplayLink() { onState(draw); }
