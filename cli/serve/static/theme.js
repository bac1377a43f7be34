// The light and dark themes (issue 58.10; the colours are theme.css's). A classic script
// loaded in <head>, before the page is drawn, so that a page opens in its theme without
// a flash of the other one. The page follows the system (prefers-color-scheme) until the
// player presses the switch; the choice is remembered in this browser (localStorage) for
// every page of the server. The switch fills the page's .tt-theme-slot, whose room is kept
// by the stylesheet, so nothing moves when it appears or when the theme changes.
(function () {
  "use strict";
  var KEY = "tanktable-theme";
  var root = document.documentElement;
  var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function chosen() {
    try {
      var value = localStorage.getItem(KEY);
      return value === "light" || value === "dark" ? value : null;
    } catch (e) {
      return null;  // storage refused (a private window's policy): follow the system
    }
  }

  /** The theme shown: the player's choice, else the system's. */
  function current() { return chosen() || (dark && dark.matches ? "dark" : "light"); }

  function apply() {
    var theme = chosen();
    if (theme) root.setAttribute("data-theme", theme); else root.removeAttribute("data-theme");
    var buttons = document.querySelectorAll("button.tt-theme-switch");
    for (var i = 0; i < buttons.length; i++) label(buttons[i]);
  }

  function label(button) {
    var next = current() === "dark" ? "light" : "dark";
    button.setAttribute("aria-label", "Switch to the " + next + " theme");
    button.title = "Switch to the " + next + " theme" + (chosen() ? "" : " (now following your system's)");
    button.setAttribute("aria-pressed", current() === "dark" ? "true" : "false");
  }

  function toggle() {
    var next = current() === "dark" ? "light" : "dark";
    try { localStorage.setItem(KEY, next); } catch (e) { /* kept for this page only */ }
    root.setAttribute("data-theme", next);
    apply();
  }

  function mount() {
    var slots = document.querySelectorAll(".tt-theme-slot");
    for (var i = 0; i < slots.length; i++) {
      if (slots[i].querySelector("button")) continue;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "tt-theme-switch";
      button.id = i === 0 ? "theme-switch" : "theme-switch-" + i;
      var icon = document.createElement("span");
      icon.className = "tt-theme-icon";
      icon.setAttribute("aria-hidden", "true");
      button.appendChild(icon);
      button.addEventListener("click", toggle);
      slots[i].appendChild(button);
      label(button);
    }
  }

  apply();
  if (dark && dark.addEventListener) dark.addEventListener("change", apply);
  window.addEventListener("storage", function (e) { if (e.key === KEY) apply(); });  // another tab chose
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
  else mount();
})();
