// The invitation: a game made on this browser's start page for people on other screens
// lands its maker at their own seat (as a chess site does), with the other seats' links
// here at the head of the side panel, to copy and send. The start page leaves them in
// this tab's session storage under this seat's address: only the tab that made the game
// ever holds them (the server gives a seat no other seat's link). Closed, it stays closed.
import {el} from "../dom.js";
import {onState} from "./connection.js";

const KEY = "tanktable-invite:" + location.pathname;

function stored() {
  try {
    const invite = JSON.parse(sessionStorage.getItem(KEY) || "null");
    return invite && invite.others && Object.keys(invite.others).length ? invite : null;
  } catch (e) {
    return null;
  }
}

/** Copy the link; where the clipboard is closed to the page (plain HTTP from another
 * machine), the link stays selected for the player's own Ctrl+C. */
async function copy(input, button, said) {
  input.focus();
  input.select();
  let done = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(input.value);
      done = true;
    }
  } catch (e) { done = false; }
  if (!done) {
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
  }
  button.textContent = done ? "copied" : "copy";
  said.textContent = done ? "" : "selected: press Ctrl+C to copy";
}

function row(side, url) {
  const input = el("input", {class: "invite-url", readonly: "", value: url, "data-seat": side,
                             "aria-label": `the link for ${side}`, spellcheck: "false"});
  input.addEventListener("focus", () => input.select());
  const said = el("span", {class: "invite-said", "aria-live": "polite"});
  const button = el("button", {type: "button", class: "primary invite-copy", "data-seat": side, text: "copy"});
  button.addEventListener("click", () => copy(input, button, said));
  return el("div", {class: "invite-row"},
    el("p", {class: "invite-who"}, "Send ", el("strong", {text: side}), " this link: whoever opens it plays ", side, "."),
    el("div", {class: "invite-line"}, input, button), said);
}

/** Show the invitation, if this tab made this game for people elsewhere. */
export function setupInvite() {
  const invite = stored();
  if (!invite) return;
  document.head.append(el("link", {rel: "stylesheet", href: "/static/table/invite.css"}));
  const close = el("button", {type: "button", id: "invite-close", "aria-label": "close the invitation",
                              title: "close: the start page keeps every link", text: "×"});
  const others = Object.entries(invite.others);
  const box = el("section", {id: "invite", class: "side-section", "aria-labelledby": "invite-heading"},
    el("div", {class: "invite-head"},
      el("h2", {id: "invite-heading", class: "panel-title",
                text: others.length === 1 ? "Invite the other player" : "Invite the other players"}),
      close),
    ...others.map(([side, url]) => row(side, url)),
    invite.watch ? el("p", {class: "invite-watch note"}, "To watch: ",
                      el("a", {href: invite.watch, target: "_blank", rel: "noopener", text: "the spectators' link"})) : "");
  close.addEventListener("click", () => { box.remove(); sessionStorage.removeItem(KEY); });
  const side = document.querySelector("main aside");
  if (side) side.prepend(box); else document.querySelector("main").before(box);
  onState(state => { box.hidden = Boolean(state.outcome); });  // over: the game-over box heads the panel
}
