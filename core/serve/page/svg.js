// SVG elements for the page's board and charts.

const SVG = "http://www.w3.org/2000/svg";

// A new SVG element name with attrs, appended to parent when given.
export function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const k in attrs) node.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(node);
  return node;
}

// Remove every child of node.
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}
