// The game-over box: the result, a rematch with the sides swapped, the game's
// replay and the way back to the start page. It heads the side panel beside the
// board, as a chess site's result box does: never over the board (playtest of
// issue 29: over the foot of the page it hid the foot of the board), and never
// above it either (playtest of issue 58: in the page's flow it pushed the board
// down, cutting the last look at the final position).
import {$, el, ruled} from "../dom.js";
import {API, onState} from "./connection.js";

// the banner's own stylesheet, loaded with the first banner; the banner shows once
// it is styled, so that it never lands for a moment in the page's flow
const stylesheet = el("link", {rel: "stylesheet", href: "/static/table/gameover.css"});
const styled = new Promise(resolve => stylesheet.addEventListener("load", resolve, {once: true}));

function verdict(state) {
  const {winners, reason} = state.outcome;
  if (state.role === "human" && state.you && winners.length) return (winners.includes(state.you) ? "You won" : "You lost") + ` — ${reason}`;
  if (!winners.length) return `Draw — ${reason}`;
  return `${winners.join(" and ")} won — ${reason}`;
}

async function rematch(button) {
  button.disabled = true;
  $("gameover-error").hidden = true;
  const response = await fetch(`${API}/rematch`, {method: "POST", headers: {"content-type": "application/json"}, body: "{}"});
  const data = await response.json().catch(() => ({error: response.statusText}));
  if (!response.ok) {
    $("gameover-error").textContent = data.error || response.statusText;
    $("gameover-error").hidden = false;
    button.disabled = false;
    return;
  }
  location.assign(data.link);
}

function banner(state) {
  const rematchButton = el("button", {id: "rematch", text: "rematch (sides swapped)"});
  rematchButton.addEventListener("click", () => rematch(rematchButton));
  const close = el("button", {id: "gameover-close", "aria-label": "close", title: "close", text: "×"});
  const box = el("div", {id: "gameover", role: "status"},
    el("strong", {id: "gameover-result"}),
    el("span", {class: "gameover-links"},
      state.role === "spectator" ? "" : rematchButton,
      el("a", {id: "replay-link", href: "/replay" + location.pathname.slice(2), text: "replay this game"}),
      el("a", {id: "start-link", href: "/", text: "start page"})),
    el("span", {id: "gameover-error", class: "error", hidden: ""}),
    close);
  close.addEventListener("click", () => { box.hidden = true; box.dataset.closed = "1"; });
  return box;
}

function draw(state) {
  let box = $("gameover");
  if (!state.outcome) { if (box) box.remove(); return; }
  if (!box) {
    if (!stylesheet.isConnected) document.head.append(stylesheet);
    box = banner(state);
    box.hidden = true;
    const side = document.querySelector("main aside");
    if (side) side.prepend(box); else document.querySelector("main").before(box);
    const shown = box;
    styled.then(() => { if (!shown.dataset.closed) shown.hidden = false; });
  }
  $("gameover-result").replaceChildren(...ruled(verdict(state)));
}

/** Show the banner whenever the seat's state says the game is over. */
export function setupGameOver() { onState(draw); }
