// The notes of a long move list arrive after the board: a state with
// `notes: "later"` (a Tank Chess position has hundreds of moves) carries the
// moves without their notes, and this module asks for them once per version
// and merges them in (the same moves, in the same order), then draws again.
// The same version sent again (the push stream's first message, a reconnect)
// gets the notes already fetched.
import {API, table, onState, update} from "./connection.js";

let asked = -1;
let answer = null;  // the last notes received: {version, count, notes, aids}

function merge() {
  const now = table.state;
  if (!answer || !now || now.version !== answer.version || now.notes !== "later"
      || answer.count !== now.actions.length) return;
  const actions = now.actions.map((a, i) => {
    const merged = {...a, note: answer.notes[i] || ""};
    if (answer.aids[i]) merged.aid = answer.aids[i];
    return merged;
  });
  update({...now, actions, notes: "given"});
}

onState(state => {
  if (state.notes !== "later") return;
  if (answer && answer.version === state.version) { queueMicrotask(merge); return; }
  if (asked === state.version) return;
  asked = state.version;
  fetch(`${API}/notes?version=${state.version}`)
    .then(response => (response.ok ? response.json() : null))
    .then(data => { if (data) { answer = data; merge(); } })
    .catch(() => { asked = -1; });  // the next state asks again
});
