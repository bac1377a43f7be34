// The legend under the board, out of the board's height (issue 29.4, playtest):
// the server's picture carries its legend below the map (core/svgframe.py); left
// there, it takes a quarter of the height the window gives the board. The legend
// moves into a drawing of its own right under the map, the map's viewBox is cut
// at the legend's top, and only the map is zoomed, panned and fitted to the window.
// An entry with a short form (data-brief: a terrain's name, where a picture read on
// its own says what the terrain does, issue 60.4) shows that here, with the whole
// text as its tooltip, so the legend leaves the board its room.
import {svgNode} from "../dom.js";

const GAP = 6;  // drawing units kept above the legend's first row (svgframe's PAD / 2)

/** Move `svg`'s legend into its own drawing, placed after `svg`; the map keeps the rest. */
export function moveLegend(svg) {
  const legend = svg.querySelector(":scope > g.legend");
  if (!legend || !legend.childElementCount) return;
  const box = svg.viewBox.baseVal;
  if (!box || !box.height) return;
  const top = legend.getBBox().y - GAP;
  const bottom = box.y + box.height;
  if (!(top > box.y && top < bottom)) return;
  const key = svgNode("svg", {class: "tt-legend", role: "img", "aria-label": "legend",
                              viewBox: `${box.x} ${top} ${box.width} ${bottom - top}`,
                              width: String(box.width), height: String(bottom - top)});
  // the legend's samples may use the picture's definitions and styles
  for (const shared of svg.querySelectorAll(":scope > defs, :scope > style")) key.append(shared.cloneNode(true));
  const paper = svg.querySelector(":scope > rect")?.getAttribute("fill") || "#fff";  // the picture's own paper
  key.append(svgNode("rect", {x: box.x, y: top, width: box.width, height: bottom - top, fill: paper}));
  key.append(legend);
  briefen(legend);
  svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${top - box.y}`);
  svg.setAttribute("height", String(top - box.y));
  svg.after(key);
}

/** Each entry of `legend` that has a short form shows it; its whole text (the rows it
 * went on in, class "more", folded in) becomes its tooltip. */
function briefen(legend) {
  for (const entry of legend.querySelectorAll(":scope > g[data-brief]")) {
    const label = entry.querySelector(":scope > text");
    if (!label) continue;
    const words = [label.textContent];
    for (let next = entry.nextElementSibling; next && next.matches("g.more"); next = entry.nextElementSibling) {
      words.push(next.textContent);
      next.remove();
    }
    label.textContent = entry.dataset.brief;
    entry.prepend(svgNode("title", {}, words.join(" ")));
  }
}
