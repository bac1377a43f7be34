// Tank Chess at the table: the board's clickable squares (board.js) and the
// CHECK banner (main.js) serve it; nothing of its own yet beyond this hook.

export function setup() {}

export function draw() {}
