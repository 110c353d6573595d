// The page's charts: the score histogram (a bar a bin, counts on a linear
// axis) and the benchmark runs (a horizontal bar a run, named on its left,
// puzzles a second on a log axis when they span ten times or more). A
// chart is drawn in its own pixels (its viewBox is its width on the
// page), so its text has the page's size on any screen; axis values are
// written, and a label that would overlap the one before it is left out.

import {el, clear} from "./svg.js";

const GAP = 6; // px at least between two labels of an axis

// Start drawing svg at its width on the page, h high; returns the width.
function canvas(svg, h) {
  clear(svg);
  const w = Math.max(200, Math.round(svg.getBoundingClientRect().width));
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  return w;
}

// A number in a few characters: 655454 -> "655k", 1436 -> "1.4k".
function short(v) {
  for (const [unit, size] of [["M", 1e6], ["k", 1e3]]) {
    if (v >= size) {
      const x = v / size;
      return (x >= 10 ? Math.round(x) : Math.round(x * 10) / 10) + unit;
    }
  }
  return String(Math.round(v * 100) / 100);
}

// The axis of values onto from..to (px): logarithmic (a tick at each power
// of ten around them) when log allows it and they are positive and span
// ten times or more, else linear from 0 (ticks 1, 2 or 5 times a power of
// ten apart).
function axis(values, from, to, log) {
  const lo = Math.min(...values), hi = Math.max(...values);
  if (log && lo > 0 && hi / lo >= 10) {
    const a = Math.floor(Math.log10(lo)), b = Math.ceil(Math.log10(hi)), ticks = [];
    for (let k = a; k <= b; k++) ticks.push(10 ** k);
    return {log: true, ticks: ticks, at: (v) => from + ((to - from) * (Math.log10(v) - a)) / (b - a)};
  }
  const rough = Math.max(hi, 1) / 5, power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough);
  const top = Math.max(step, Math.ceil(hi / step) * step), ticks = [];
  for (let t = 0; t <= top + step / 2; t += step) ticks.push(t);
  return {log: false, ticks: ticks, at: (v) => from + ((to - from) * v) / top};
}

// Leave out each label that would overlap the one kept before it (labels
// in order along x).
function thin(labels) {
  let right = -Infinity;
  for (const t of labels) {
    const box = t.getBBox();
    if (box.x < right + GAP) t.remove();
    else right = box.x + box.width;
  }
}

// Shorten the text of t with an ellipsis until it is at most width px.
function fit(t, width) {
  const whole = t.textContent;
  for (let n = whole.length - 1; t.getComputedTextLength() > width && n > 0; n--)
    t.textContent = whole.slice(0, n) + "\u2026";
}

function title(node, text) {
  el("title", {}, node).textContent = text;
}

// The histogram of bins ({from, to, value}: puzzles with a score in
// from..to) into svg.
export function drawHistogram(svg, bins) {
  const h = 280, w = canvas(svg, h), top = 30, left = 44, right = 16, bottom = 44;
  if (!bins.length) {
    el("text", {x: 8, y: 24}, svg).textContent = "no rated puzzle in the selection";
    return;
  }
  const y = axis(bins.map((b) => b.value), h - bottom, top, false);
  el("text", {x: 4, y: 14, class: "name"}, svg).textContent = "puzzles";
  for (const t of y.ticks) {
    const g = el("g", {class: "tick", "data-value": t}, svg);
    el("line", {x1: left, y1: y.at(t), x2: w - right, y2: y.at(t), class: "grid"}, g);
    el("text", {x: left - 6, y: y.at(t) + 4, "text-anchor": "end"}, g).textContent = short(t);
  }
  const step = (w - left - right) / bins.length, edges = [];
  bins.forEach((b, i) => {
    const x = left + i * step, barTop = y.at(b.value);
    const bar = el("rect", {class: "bar", x: x + 1, y: barTop, width: Math.max(1, step - 2),
      height: h - bottom - barTop, "data-value": b.value}, svg);
    title(bar, `score ${b.from.toFixed(1)} to ${b.to.toFixed(1)}: ${b.value} puzzle${b.value === 1 ? "" : "s"}`);
  });
  el("line", {x1: left, y1: h - bottom, x2: w - right, y2: h - bottom, class: "axis"}, svg);
  [...bins.map((b) => b.from), bins[bins.length - 1].to].forEach((edge, i) => {
    const x = left + i * step;
    el("line", {x1: x, y1: h - bottom, x2: x, y2: h - bottom + 4, class: "axis"}, svg);
    edges.push(el("text", {x: x, y: h - bottom + 20, "text-anchor": "middle"}, svg));
    edges[i].textContent = edge.toFixed(1);
  });
  thin(edges);
  el("text", {x: left + (w - left - right) / 2, y: h - 6, "text-anchor": "middle", class: "name"}, svg)
    .textContent = "score (bins of 0.5)";
}

// The runs ({solver, dataset, value, about}: puzzles a second, and what
// the bar's tooltip says) into svg, grouped by data set, fastest first.
export function drawRuns(svg, runs) {
  const row = 40, top = 30, bottom = 30;
  const h = top + Math.max(1, runs.length) * row + bottom, w = canvas(svg, h);
  if (!runs.length) {
    el("text", {x: 8, y: 24}, svg).textContent = "no run is stored yet (sudokit bench --store)";
    return;
  }
  runs = runs.slice().sort((a, b) => a.dataset.localeCompare(b.dataset) || b.value - a.value);
  const names = runs.map((r, i) => [
    el("text", {y: top + i * row + 16, "text-anchor": "end", class: "solver"}, svg),
    el("text", {y: top + i * row + 32, "text-anchor": "end", class: "dataset"}, svg)]);
  names.forEach(([solver, dataset], i) => {
    solver.textContent = runs[i].solver;
    dataset.textContent = runs[i].dataset;
  });
  const widest = Math.max(...names.flat().map((t) => t.getComputedTextLength()));
  const labelWidth = Math.min(Math.ceil(widest) + 14, Math.round(w * 0.4));
  for (const t of names.flat()) {
    t.setAttribute("x", labelWidth - 8);
    fit(t, labelWidth - 12);
  }
  const x = axis(runs.map((r) => r.value), labelWidth, w - 64, true), ticks = [];
  for (const t of x.ticks) {
    const g = el("g", {class: "tick", "data-value": t}, svg);
    el("line", {x1: x.at(t), y1: top - 4, x2: x.at(t), y2: h - bottom, class: "grid"}, g);
    ticks.push(el("text", {x: x.at(t), y: top - 10, "text-anchor": "middle"}, g));
    ticks[ticks.length - 1].textContent = short(t);
  }
  thin(ticks);
  runs.forEach((r, i) => {
    const y = top + i * row, end = Math.max(x.at(r.value), labelWidth + 1);
    const bar = el("rect", {class: "bar", x: labelWidth, y: y + 8, width: end - labelWidth, height: row - 16,
      "data-value": r.value}, svg);
    title(bar, r.about);
    el("text", {x: end + 4, y: y + 24, class: "value"}, svg).textContent = short(r.value) + "/s";
  });
  el("text", {x: labelWidth, y: h - 8, class: "name"}, svg).textContent =
    `puzzles a second (${x.log ? "log" : "linear"} scale)`;
}
