// A hint's answer line with its suggestions made buttons (Tank Chess's moves, Battle of
// Tanks' one-line orders): one click plays a suggestion, and the line still reads as the
// server sent it.

/** Each of `parts` (`{shown, ...}`, found in the answer's text in this order) becomes the
 * button `make(part)` returns, the text around them kept; nothing changes when a part is
 * not found. */
export function buttonsInAnswer(answer, parts, make) {
  const text = answer.textContent;
  const nodes = [];
  let at = 0;
  for (const part of parts) {
    const i = text.indexOf(part.shown, at);
    if (i < 0) return;
    nodes.push(document.createTextNode(text.slice(at, i)));
    nodes.push(make(part));
    at = i + part.shown.length;
  }
  nodes.push(document.createTextNode(text.slice(at)));
  answer.replaceChildren(...nodes);
}
