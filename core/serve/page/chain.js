// A step's chains drawn on a board: each node's candidate ringed by its
// role (green: made true, orange: made false, the start ringed thicker),
// each link a line with an arrow from the node it follows, strong solid,
// weak dashed, a rule or a nested chain run inside the branch dotted. The
// chains unfold one node at a time (a branch after another; at a node a
// nested chain proves, that chain's branches first), with the links so far
// written out beside the board.

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

// The order a step's chains unfold in: each of its own chains node by node,
// and after a node a nested chain proves (a chain whose "unfolds" names it),
// that chain's branches, node by node (deeper nesting the same way), before
// the node after it. Each stop is {chain, upto}.
function unfoldOrder(chains) {
  const order = [];
  const visit = (c) => chains[c].nodes.forEach((_, i) => {
    order.push({chain: c, upto: i});
    chains.forEach((inner, j) => {
      if (inner.unfolds && inner.unfolds.chain === c && inner.unfolds.node === i) visit(j);
    });
  });
  chains.forEach((chain, c) => { if (!chain.unfolds) visit(c); });
  return order;
}

// Where a step's chains are unfolded to: chain (index) and upto (its last
// node shown), a stop of the unfold order. set starts at the first node of
// the first chain.
export class ChainWalk {
  constructor() { this.set([]); }
  set(chains) {
    this.chains = chains || [];
    this.order = unfoldOrder(this.chains);
    this.at = 0;
  }
  get chain() { return this.order.length ? this.order[this.at].chain : 0; }
  get upto() { return this.order.length ? this.order[this.at].upto : 0; }
  get current() { return this.order.length ? this.chains[this.chain] : undefined; }
  // Move one node on (delta 1) or back (-1), into a nested chain and out,
  // across branches.
  step(delta) { this.at = Math.max(0, Math.min(this.order.length - 1, this.at + delta)); }
  // Show the whole of the current chain.
  all() {
    if (!this.order.length) return;
    const c = this.chain, last = this.current.nodes.length - 1;
    this.at = this.order.findIndex((o) => o.chain === c && o.upto === last);
  }
  // "Branch 1 of 3, node 4 of 12"; in a nested chain, the node it proves:
  // "r4c4<>8 (branch 1, node 13) nested chain 1 of 2, node 3 of 6".
  where() {
    if (!this.order.length) return "";
    const n = this.current.nodes.length, u = this.current.unfolds;
    const own = (c) => this.chains.filter((x, j) => !x.unfolds && j <= c).length;
    const outer = this.chains.filter((x) => !x.unfolds).length;
    if (!u) return `${outer > 1 ? `Branch ${own(this.chain)} of ${outer}, ` : ""}node ${this.upto + 1} of ${n}`;
    const siblings = this.chains.map((x, j) => [x, j]).filter(([x]) => x.unfolds && x.unfolds.chain === u.chain && x.unfolds.node === u.node);
    const k = siblings.findIndex(([, j]) => j === this.chain);
    const proved = nodeName(this.chains[u.chain].nodes[u.node]);
    const from = this.chains[u.chain].unfolds ? `nested chain ${u.chain + 1}` : `branch ${own(u.chain)}`;
    return `${proved} (${from}, node ${u.node + 1}) nested chain ${k + 1} of ${siblings.length}, node ${this.upto + 1} of ${n}`;
  }
}
