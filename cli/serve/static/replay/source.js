// Where a replay comes from, read off the page's address:
//   /replay/{game}/{token}  a game as that seat's link may see it;
//   /replay/{game}          a finished game of the games directory (the host's key);
//   /replay                 a record the host uploads from disk.
// The server answers with the replay's summary (every step's move, events and
// dice) and the address its boards are asked at, one step at a time.

const params = new URLSearchParams(location.search);
if (params.get("key")) sessionStorage.setItem("tanktable-key", params.get("key"));
const KEY = sessionStorage.getItem("tanktable-key") || "";
const [, , GAME, TOKEN] = location.pathname.split("/");

/** "seat", "game" or "upload": which of the three this page is. */
export const kind = TOKEN ? "seat" : GAME ? "game" : "upload";

/** The table this replay belongs to, for a seat's link (null otherwise). */
export const tableLink = TOKEN ? `/t/${GAME}/${TOKEN}` : null;

async function getJson(url, options) {
  const response = await fetch(url, {...options, headers: {"x-host-key": KEY, ...(options || {}).headers}});
  let data = {};
  try { data = await response.json(); } catch (e) { data = {error: response.statusText}; }
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

/** The summary of the game named by the address (not for an upload). */
export function loadSummary() {
  return getJson(kind === "seat" ? `/api/t/${GAME}/${TOKEN}/replay` : `/api/replay/${GAME}`);
}

/** Send a record's text to the server; its summary, or an Error with the server's words. */
export function upload(name, text, side) {
  const body = {name, text};
  if (side) body.side = side;
  return getJson("/api/replay", {method: "POST", headers: {"content-type": "application/json"},
                                 body: JSON.stringify(body)});
}

const boards = new Map();

/** The board after `n` moves: {svg, hidden, status}, asked once per step. */
export function loadBoard(summary, n) {
  const key = summary.boards + "/" + n;
  if (!boards.has(key)) {
    const asked = getJson(key);
    asked.catch(() => boards.delete(key));
    boards.set(key, asked);
  }
  return boards.get(key);
}
