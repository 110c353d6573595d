// A step's chains drawn on a board: each node's candidate ringed by its
// role (green: made true, orange: made false, the start ringed thicker),
// each link a line with an arrow from the node it follows, strong solid,
// weak dashed, a rule or a nested chain run inside the branch dotted. The
// chains unfold one node at a time (a branch after another), with the
// links so far written out beside the board.

import {el} from "./svg.js";

const ROLE = {on: {fill: "#c3ebcb", stroke: "#1e8e3e"}, off: {fill: "#ffe0c2", stroke: "#d9480f"}};
const LINK = {
  strong: {stroke: "#1f3f8f", dash: null},
  weak: {stroke: "#1f3f8f", dash: "10 8"},
  rule: {stroke: "#6b7280", dash: "2 7"},
  nested: {stroke: "#6b7280", dash: "2 7"},
};

function cellOf(name) { // "r3c5" -> 22
  const m = /^r(\d)c(\d)$/.exec(name);
  return m ? (+m[1] - 1) * 9 + (+m[2] - 1) : -1;
}

// The centre of digit d's pencil mark in cell c (the board's 900 units).
function markCentre(c, d) {
  return {x: (c % 9) * 100 + 20 + ((d - 1) % 3) * 30, y: Math.floor(c / 9) * 100 + 20 + Math.floor((d - 1) / 3) * 30};
}

// A node as players write it: "r1c2=5", "r1c2<>5", a group "r1c23=5".
export function nodeName(n) {
  return n.cells.join(",") + (n.on ? "=" : "<>") + n.digit;
}

// What makes the link into n, in words ("" for a chain's start).
function linkWords(n) {
  if (n.link === "start") return "";
  if (n.link === "rule") return "a basic technique on the branch's grid";
  if (n.link === "nested") return "a forcing chain nested in the branch";
  return `${n.link}${n.via ? ", " + n.via : ""}`;
}

// The arrowheads the links end in, one per link kind.
function markers(svg) {
  const defs = el("defs", {}, svg);
  for (const kind in LINK) {
    const m = el("marker", {id: `arrow-${kind}`, viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse"}, defs);
    el("path", {d: "M0,0 L10,5 L0,10 z", fill: LINK[kind].stroke}, m);
  }
}

// Draw nodes 0..upto of chain (nodes as the API gives them) over a board
// drawn in svg.
export function drawChain(svg, chain, upto) {
  const layer = el("g", {class: "chain"}, svg);
  markers(layer);
  const nodes = chain.nodes.slice(0, upto + 1);
  nodes.forEach((n, i) => {
    if (n.parent < 0 || n.parent > upto) return;
    const p = nodes[n.parent];
    const a = markCentre(cellOf(p.cells[0]), p.digit), b = markCentre(cellOf(n.cells[0]), n.digit);
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1, r = 15;
    const style = LINK[n.link] || LINK.weak;
    const line = el("line", {x1: a.x + ((b.x - a.x) * r) / len, y1: a.y + ((b.y - a.y) * r) / len,
      x2: b.x - ((b.x - a.x) * r) / len, y2: b.y - ((b.y - a.y) * r) / len, stroke: style.stroke,
      "stroke-width": i === upto ? 5 : 3.5, "marker-end": `url(#arrow-${n.link})`, "data-link": n.link,
      "data-node": i}, layer);
    if (style.dash) line.setAttribute("stroke-dasharray", style.dash);
  });
  nodes.forEach((n, i) => {
    const role = ROLE[n.on ? "on" : "off"];
    for (const name of n.cells) {
      const at = markCentre(cellOf(name), n.digit);
      el("circle", {cx: at.x, cy: at.y, r: 14, fill: role.fill, stroke: role.stroke,
        "stroke-width": i === 0 || i === upto ? 5 : 2.5, "data-node": i, "data-role": n.on ? "on" : "off"}, layer);
      const t = el("text", {x: at.x, y: at.y + 9, "text-anchor": "middle", "font-size": 25, "font-weight": 700,
        "font-family": "system-ui, sans-serif", fill: role.stroke}, layer);
      t.textContent = n.digit;
    }
  });
}

// The links of chain up to node upto, one line each: "r1c2=5 -> r1c7<>5 (weak, row 1)".
export function chainLines(chain, upto) {
  return chain.nodes.slice(0, upto + 1).map((n) => {
    const from = n.parent >= 0 ? nodeName(chain.nodes[n.parent]) + " → " : "";
    const why = linkWords(n);
    return from + nodeName(n) + (why ? ` (${why})` : "");
  });
}

// Where a step's chains are unfolded to: chain (index) and upto (its last
// node shown). start shows the first node of the first chain.
export class ChainWalk {
  constructor() { this.set([]); }
  set(chains) { this.chains = chains || []; this.chain = 0; this.upto = 0; }
  get current() { return this.chains[this.chain]; }
  // Move one node on (delta 1) or back (-1), across branches.
  step(delta) {
    if (!this.chains.length) return;
    const last = this.current.nodes.length - 1;
    if (delta > 0 && this.upto < last) this.upto++;
    else if (delta > 0 && this.chain + 1 < this.chains.length) { this.chain++; this.upto = 0; }
    else if (delta < 0 && this.upto > 0) this.upto--;
    else if (delta < 0 && this.chain > 0) { this.chain--; this.upto = this.current.nodes.length - 1; }
  }
  // Show the whole of the current chain.
  all() { if (this.chains.length) this.upto = this.current.nodes.length - 1; }
  // "Branch 1 of 3, link 4 of 12".
  where() {
    if (!this.chains.length) return "";
    const n = this.current.nodes.length;
    return `${this.chains.length > 1 ? `Branch ${this.chain + 1} of ${this.chains.length}, ` : ""}node ${this.upto + 1} of ${n}`;
  }
}
