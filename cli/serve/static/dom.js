// DOM helpers shared by the start page and the table page.

/** The element with this id. */
export const $ = id => document.getElementById(id);

/** A DOM element: el("a", {href: "/", text: "home"}, child, ...). */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

export const SVGNS = "http://www.w3.org/2000/svg";

/** An SVG element, with its attributes and (optionally) its text. */
export function svgNode(tag, attrs, text) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}
