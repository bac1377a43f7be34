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

// A rule reference in parentheses at the end of a sentence: "(TC-6.1)", "(DG-8.1 O3)",
// "(TC-6.2, TC-6.3)", "(DG-AMB-16)"; a plugin's own prefix as well.
const RULE_REF = /\([A-Z]{2,4}-[\w.]+(?:(?:, | )(?:[A-Z]{2,4}-)?[\w.-]+)*\)/g;

/** `text` as nodes, each rule reference in a quieter `span.rule-id`: the player reads the
 * words first, the rule ID stays for whoever wants to look it up. The text is unchanged. */
export function ruled(value) {
  const text = String(value);
  const nodes = [];
  let at = 0;
  for (const m of text.matchAll(RULE_REF)) {
    if (m.index > at) nodes.push(text.slice(at, m.index));
    nodes.push(el("span", {class: "rule-id", text: m[0]}));
    at = m.index + m[0].length;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

export const SVGNS = "http://www.w3.org/2000/svg";

/** An SVG element, with its attributes and (optionally) its text. */
export function svgNode(tag, attrs, text) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}
