// The notes of a long move list arrive after the board: a state with
// `notes: "later"` (a Tank Chess position has hundreds of moves) carries the
// moves without their notes, and this module asks for them once per version
// and merges them in (the same moves, in the same order), then draws again.
import {API, table, onState, update} from "./connection.js";

let asked = -1;

onState(state => {
  if (state.notes !== "later" || asked === state.version) return;
  asked = state.version;
  fetch(`${API}/notes?version=${state.version}`)
    .then(response => (response.ok ? response.json() : null))
    .then(data => {
      const now = table.state;
      if (!data || !now || now.version !== data.version || now.notes !== "later"
          || data.count !== now.actions.length) return;
      const actions = now.actions.map((a, i) => {
        const merged = {...a, note: data.notes[i] || ""};
        if (data.aids[i]) merged.aid = data.aids[i];
        return merged;
      });
      update({...now, actions, notes: "given"});
    })
    .catch(() => {});  // the next state asks again
});
