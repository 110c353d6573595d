// The sudokit page: one board drawn in SVG at any size, the game moves sent
// to the server (which plays them through the operations layer and saves
// every one), the database explored with its solve paths, and charts
// (charts.js). No framework and nothing fetched but this server's API.

import {el, clear} from "./svg.js";
import {drawHistogram, drawRuns} from "./charts.js";
import {drawChain, chainLines, ChainWalk} from "./chain.js";

const $ = (id) => document.getElementById(id);

// ----------------------------------------------------------------- api --

// The server's token: in the URL it printed (kept there, so that a reload
// or a bookmark of the page works), and in this tab's session storage for
// a page opened without it. Every request sends it in a header: the server
// sets no cookie, since a browser would send a cookie of 127.0.0.1 to the
// servers of every other port too.
const TOKEN = (() => {
  const given = new URLSearchParams(location.search).get("token");
  if (given) sessionStorage.setItem("sudokit-token", given);
  return given || sessionStorage.getItem("sudokit-token") || "";
})();

// Ask the server; resolves to {status, body} (body parsed JSON).
async function api(path, body) {
  const init = {headers: {"X-Sudokit-Token": TOKEN}};
  if (body !== undefined) {
    init.method = "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (e) { data = {error: "the server sent no JSON"}; }
  return {status: response.status, body: data};
}

function notice(text) { $("notice").textContent = text || ""; }

// --------------------------------------------------------------- board --

// Draw a board into svg from a model: values[81] (0 empty), given[81],
// marks[81] (bit d-1 for d), and what to show: selected, highlight (a
// digit), hintCells (Set), eliminated (Map cell -> mask), conflicts and
// wrong (Sets), placed (a cell to show as just placed).
function drawBoard(svg, m) {
  clear(svg);
  el("rect", {x: 0, y: 0, width: 900, height: 900, fill: "#fff"}, svg);
  const sel = m.selected ?? -1;
  for (let c = 0; c < 81; c++) {
    const r = Math.floor(c / 9), col = c % 9, x = col * 100, y = r * 100;
    const g = el("g", {"data-cell": c, role: "gridcell"}, svg);
    let fill = null;
    const peer = sel >= 0 && (Math.floor(sel / 9) === r || sel % 9 === col ||
      (Math.floor(sel / 27) === Math.floor(r / 3) && Math.floor((sel % 9) / 3) === Math.floor(col / 3)));
    if (peer) fill = "#f4f6f8";
    if (m.highlight && (m.values[c] === m.highlight || (!m.values[c] && (m.marks[c] >> (m.highlight - 1)) & 1))) fill = "#e6effb";
    if (m.hintCells && m.hintCells.has(c)) fill = "#c9f0cf";
    if (m.wrong && m.wrong.has(c)) fill = "#ffd6d6";
    if (c === sel) fill = "#ffe9a8";
    el("rect", {x: x, y: y, width: 100, height: 100, fill: fill || "#fff"}, g);
    if (m.values[c]) {
      const bad = (m.conflicts && m.conflicts.has(c)) || (m.wrong && m.wrong.has(c));
      const t = el("text", {x: x + 50, y: y + 72, "text-anchor": "middle", "font-size": 64,
        "font-family": "system-ui, sans-serif", "font-weight": m.given[c] ? 700 : 400,
        fill: bad ? "#c62828" : m.given[c] ? "#1b1f24" : m.placed === c ? "#1e8e3e" : "#1f5fbf"}, g);
      if (m.conflicts && m.conflicts.has(c)) t.setAttribute("text-decoration", "underline");
      t.textContent = m.values[c];
      continue;
    }
    const elim = m.eliminated ? m.eliminated.get(c) || 0 : 0;
    for (let d = 1; d <= 9; d++) {
      const on = (m.marks[c] >> (d - 1)) & 1, gone = (elim >> (d - 1)) & 1;
      if (!on && !gone) continue;
      const t = el("text", {x: x + 20 + ((d - 1) % 3) * 30, y: y + 30 + Math.floor((d - 1) / 3) * 30,
        "text-anchor": "middle", "font-size": 29, "font-family": "system-ui, sans-serif",
        fill: gone ? "#c62828" : d === m.highlight ? "#1f5fbf" : "#5b6470",
        "font-weight": gone || d === m.highlight ? 700 : 400}, g);
      if (gone) t.setAttribute("text-decoration", "line-through");
      t.textContent = d;
    }
  }
  for (let i = 0; i <= 9; i++) {
    const thick = i % 3 === 0, w = thick ? 6 : 1.5, p = Math.min(Math.max(i * 100, w / 2), 900 - w / 2);
    const stroke = thick ? "#1b1f24" : "#8a929c";
    el("line", {x1: p, y1: 0, x2: p, y2: 900, stroke: stroke, "stroke-width": w, class: thick ? "box" : "cell"}, svg);
    el("line", {x1: 0, y1: p, x2: 900, y2: p, stroke: stroke, "stroke-width": w, class: thick ? "box" : "cell"}, svg);
  }
}

function digitsOf(text) { return Array.from(text, (ch) => (ch >= "1" && ch <= "9" ? +ch : 0)); }

function cellIndex(name) { // "r3c5" -> 22
  const m = /^r(\d)c(\d)$/.exec(name);
  return m ? (+m[1] - 1) * 9 + (+m[2] - 1) : -1;
}

function clock(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

// ---------------------------------------------------------------- play --

const play = {state: null, selected: 0, marks: false, highlight: 0, hintHidden: false,
  pendingD: false, shownAt: 0, queue: Promise.resolve(), waiting: 0, walk: new ChainWalk(), walkOf: ""};

// ------------------------------------------------------------- chains --

// Show where walk is in the panel whose elements' ids start with prefix
// (PREFIX-panel, -where, -links), hidden when there is no chain.
function renderChainPanel(prefix, walk) {
  const chain = walk.current;
  $(prefix + "-panel").hidden = !chain;
  if (!chain) return;
  $(prefix + "-where").textContent = walk.where();
  const list = $(prefix + "-links");
  list.textContent = "";
  for (const line of chainLines(chain, walk.upto)) {
    const li = document.createElement("li");
    li.textContent = line;
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

// Fill the panel PREFIX-panel (buttons PREFIX-prev, -next, -all, the place
// PREFIX-where and the list PREFIX-links) and bind its buttons to walk,
// redrawing with render.
function bindChainPanel(prefix, walk, render) {
  $(prefix + "-panel").innerHTML = `<p><button type="button" id="${prefix}-prev" title="[">&#9664; Back</button>
    <button type="button" id="${prefix}-next" title="]">Next &#9654;</button>
    <button type="button" id="${prefix}-all">Whole branch</button> <span id="${prefix}-where"></span></p>
    <ol id="${prefix}-links" class="chain-links"></ol>
    <p class="note">Green: made true, orange: made false; solid arrow: strong link, dashed: weak,
    dotted: a rule inside the branch.</p>`;
  $(prefix + "-prev").addEventListener("click", () => { walk.step(-1); render(); });
  $(prefix + "-next").addEventListener("click", () => { walk.step(1); render(); });
  $(prefix + "-all").addEventListener("click", () => { walk.all(); render(); });
}

function playModel() {
  const s = play.state;
  const hint = s.hint && !play.hintHidden ? s.hint : null;
  return {
    values: digitsOf(s.cells), given: digitsOf(s.givens).map((v) => v > 0), marks: s.marks,
    selected: play.selected, highlight: play.highlight || 0,
    hintCells: hint ? new Set(hint.cells) : null,
    eliminated: hint ? new Map(hint.eliminated.map(([c, mask]) => [c, mask])) : null,
    conflicts: new Set(s.conflicts), wrong: new Set(s.wrong),
  };
}

function renderPlay() {
  const s = play.state;
  if (!s) return;
  drawBoard($("board"), playModel());
  const hint = s.hint && !play.hintHidden ? s.hint : null;
  const shown = hint ? hint.text + hint.notation : "";
  if (shown !== play.walkOf) {
    play.walk.set(hint ? hint.chains : []);
    play.walkOf = shown;
  }
  if (hint && play.walk.current) drawChain($("board"), play.walk.current, play.walk.upto);
  renderChainPanel("chain", play.walk);
  $("title").textContent = s.title + (s.status !== "playing" ? ` (${s.status})` : "");
  $("resume").hidden = true;
  $("hints").textContent = s.hints;
  $("filled").textContent = s.filled;
  $("undo").textContent = s.undo;
  $("redo").textContent = s.redo;
  const hintText = s.hint && !play.hintHidden ? s.hint.text : "";
  const said = s.alert ? s.notice : s.message || s.notice;
  $("message").textContent = said === hintText ? "" : said;
  $("hint-text").textContent = hintText;
  $("mode").textContent = play.marks ? "Mode: marks" : "Mode: digits";
  $("mode").classList.toggle("on", play.marks);
  $("highlight").value = String(play.highlight || 0);
  renderTimer();
}

function renderTimer() {
  const s = play.state;
  if (!s) return;
  const running = s.status === "playing" && document.visibilityState === "visible";
  $("timer").textContent = clock(s.elapsed_ms + (running ? Date.now() - play.shownAt : 0));
}

// Scroll the page, if need be, so that the whole board is in view (after
// a game is opened and after every move: on a phone the buttons and the
// forms are below the board): to the top when the page's head and the
// board fit in the window together, else just enough.
function boardInView() {
  const r = $("board").getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  if (r.bottom + window.scrollY <= window.innerHeight) window.scrollTo(0, 0);
  else $("board").scrollIntoView({block: "nearest"});
}

// Take a state from the server; other tells why it changed without us.
function adopt(state, other) {
  const moved = play.state && play.state.game === state.game && play.state.version !== state.version;
  play.state = state;
  play.shownAt = Date.now();
  if (location.hash !== "#game=" + state.game) history.replaceState(null, "", location.pathname + location.search + "#game=" + state.game);
  if (other && moved) notice(other);
  renderPlay();
}

// Every request about the game (open, start, move, look) waits for its
// turn: one at a time, in the order they were asked for, each move made
// on the version the one before it left. So keys typed faster than the
// server answers are all made, in order, and no answer is overtaken by an
// older one. The board is aria-busy while some are waiting.
function inTurn(task) {
  play.waiting++;
  $("board").setAttribute("aria-busy", "true");
  play.queue = play.queue.then(task).catch((e) => notice("The server did not answer: " + e.message)).finally(() => {
    if (--play.waiting === 0) $("board").setAttribute("aria-busy", "false");
  });
  return play.queue;
}

function openGame(id) {
  return inTurn(async () => {
    const r = await api("/api/games/" + id);
    if (r.status !== 200) return notice(r.body.error);
    notice("");
    play.hintHidden = false;
    adopt(r.body);
    boardInView();
  });
}

// Queue one move on the game shown, on the cell selected now (digit: for
// place and mark).
function move(action, digit) {
  if (!play.state) return;
  const game = play.state.game, cell = play.selected;
  inTurn(() => sendMove(game, action, cell, digit));
}

// Send a move when its turn comes. A stale one comes back 409 with the
// game as it is (another tab or the terminal moved it): a move on a cell
// is then made again on that game (the later move wins); undo, redo,
// hint, check and auto marks meant the game as it was, so they are not.
async function sendMove(game, action, cell, digit) {
  if (!play.state || play.state.game !== game)
    return notice(`A move meant for game ${game} was not made: another game was opened first.`);
  const cellMove = ["place", "mark", "erase"].includes(action);
  const body = {version: play.state.version, action: action};
  if (cellMove) body.cell = cell;
  if (digit) body.digit = digit;
  let r = await api("/api/games/" + game, body), told = "";
  if (r.status === 409) {
    adopt(r.body.state);
    told = "This game was changed in another tab or window";
    if (cellMove) {
      body.version = play.state.version;
      r = await api("/api/games/" + game, body);
      told += "; your move was made on the game as it is now.";
    } else {
      told += "; the board shows it as it is now, make your move again.";
    }
  }
  if (r.status === 200) {
    play.hintHidden = false;
    adopt(r.body);
  }
  notice(r.status === 200 || r.status === 409 ? told : r.body.error);
  boardInView();
}

function digitKey(d) {
  if (play.pendingD) {
    play.pendingD = false;
    play.highlight = play.highlight === d ? 0 : d;
    return renderPlay();
  }
  move(play.marks ? "mark" : "place", d);
}

function moveCursor(dr, dc) {
  const r = (Math.floor(play.selected / 9) + dr + 9) % 9, c = (play.selected % 9 + dc + 9) % 9;
  play.selected = r * 9 + c;
  renderPlay();
}

const keyActions = {
  ArrowUp: () => moveCursor(-1, 0), ArrowDown: () => moveCursor(1, 0),
  ArrowLeft: () => moveCursor(0, -1), ArrowRight: () => moveCursor(0, 1),
  k: () => moveCursor(-1, 0), j: () => moveCursor(1, 0), h: () => moveCursor(0, -1), l: () => moveCursor(0, 1),
  m: () => { play.marks = !play.marks; renderPlay(); }, p: () => { play.marks = !play.marks; renderPlay(); },
  0: () => move("erase"), Backspace: () => move("erase"), Delete: () => move("erase"),
  u: () => move("undo"), r: () => move("redo"), a: () => move("auto"), c: () => move("check"),
  "?": () => move("hint"), H: () => move("hint"),
  d: () => { play.pendingD = !play.pendingD; if (!play.pendingD) { play.highlight = 0; renderPlay(); } },
  Escape: () => { play.pendingD = false; play.hintHidden = true; renderPlay(); },
  "[": () => { play.walk.step(-1); renderPlay(); }, "]": () => { play.walk.step(1); renderPlay(); },
};

function onKey(e) {
  if ($("view-play").hidden || !play.state || e.target.closest("input, select, textarea")) return;
  if ((e.ctrlKey || e.metaKey) && (e.key === "z" || e.key === "y")) {
    e.preventDefault();
    return move(e.key === "z" ? "undo" : "redo");
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key >= "1" && e.key <= "9") {
    e.preventDefault();
    return digitKey(+e.key);
  }
  const act = keyActions[e.key];
  if (act) {
    e.preventDefault();
    act();
  }
}

function onBoardClick(e) {
  const g = e.target.closest("[data-cell]");
  if (!g || !play.state) return;
  play.selected = +g.getAttribute("data-cell");
  const v = digitsOf(play.state.cells)[play.selected];
  if (v) play.highlight = v;
  renderPlay();
}

// Start a game from a request body (as POST /api/games takes it).
function newGame(body) {
  return inTurn(async () => {
    notice(body.generate ? "Generating a puzzle..." : "");
    const r = await api("/api/games", body);
    if (r.status !== 201) return notice(r.body.error);
    notice("");
    play.selected = 0;
    show("play");
    adopt(r.body);
    boardInView();
    loadSavedGames();
  });
}

function startGame(e) {
  e.preventDefault();
  const f = e.target, body = {};
  for (const name of ["level", "rating", "id", "puzzle"]) if (f[name].value.trim()) body[name] = f[name].value.trim();
  if (f.generate.checked) body.generate = true;
  newGame(body);
}

function describeGame(g) {
  return `puzzle ${g.puzzle}, ${g.filled}/81 filled, ${g.time} played`;
}

// The unfinished games (most recent first) in "Saved games"; while no
// game is open, the latest is offered to resume in one click.
async function loadSavedGames() {
  const r = await api("/api/games?unfinished&limit=20");
  const games = r.status === 200 ? r.body.items : [], list = $("saved-games");
  list.textContent = "";
  for (const g of games) {
    const li = document.createElement("li"), b = document.createElement("button");
    b.type = "button";
    b.textContent = `Game ${g.game}: ${describeGame(g)}`;
    b.addEventListener("click", () => openGame(g.game));
    li.appendChild(b);
    list.appendChild(li);
  }
  if (play.state || play.waiting) return;
  const latest = games[0];
  $("title").textContent = latest ? "No game open" : "No game yet";
  $("resume").hidden = !latest;
  if (latest) {
    $("resume-game").textContent = `Resume game ${latest.game}`;
    $("resume-game").dataset.game = latest.game;
    $("resume-what").textContent = `(${describeGame(latest)}), or start a new game below.`;
  }
}

// Every few seconds while shown: the time goes on at the server, and a move
// made in another tab shows here.
function poll() {
  if (!play.state || document.visibilityState !== "visible" || play.waiting) return;
  inTurn(async () => {
    const r = await api("/api/games/" + play.state.game);
    if (r.status === 200) adopt(r.body, "This game was changed in another tab or window.");
  });
}

// ------------------------------------------------------------- explore --

const explore = {offset: 0, items: [], puzzle: null, steps: [], step: 0, asked: 0, walk: new ChainWalk(), walkOf: -1};

// The download of the selection: a link cannot send a header, so its URL
// carries the token.
function exportHref() {
  return "/api/export?" + filterArgs({format: $("export-format").value, token: TOKEN}).toString();
}

// The URL arguments of the filters (and extra ones).
function filterArgs(extra) {
  const f = $("filters"), args = new URLSearchParams();
  for (const name of ["rater", "level", "score-min", "score-max", "clues-min", "clues-max", "symmetry"]) {
    const v = f[name].value.trim();
    if (v) args.set(name, v);
  }
  if (f.played.value) args.set(f.played.value, "1");
  for (const k in extra || {}) args.set(k, extra[k]);
  return args;
}

// The page size of the list (its field, at least 1).
function pageSize() { return Math.max(1, Math.floor(+$("filters").limit.value) || 50); }

// List the page of the selection that starts at explore.offset (one
// puzzle more is asked for, to know whether a next page exists).
async function listPuzzles(e) {
  if (e) { e.preventDefault(); explore.offset = 0; }
  const size = pageSize();
  const args = filterArgs({limit: size + 1, offset: explore.offset});
  $("export").href = exportHref();
  const seq = ++explore.asked;
  const r = await api("/api/puzzles?" + args.toString());
  if (seq !== explore.asked) return; // a newer list was asked for
  if (r.status !== 200) return notice(r.body.error);
  notice("");
  explore.items = r.body.items.slice(0, size);
  const body = $("puzzles").tBodies[0];
  body.textContent = "";
  for (const p of explore.items) {
    const tr = body.insertRow();
    for (const v of [p.id, p.clues, p.symmetry, p.score == null ? "" : p.score.toFixed(1), p.level ?? "", p.hardest ?? "", p.games ?? 0])
      tr.insertCell().textContent = v;
    tr.addEventListener("click", () => { for (const row of body.rows) row.classList.remove("chosen"); tr.classList.add("chosen"); openPuzzle(p); });
  }
  const page = Math.floor(explore.offset / size) + 1;
  $("page-info").textContent = explore.items.length ?
    `page ${page}: puzzles ${explore.offset + 1}-${explore.offset + explore.items.length}` : `page ${page}: no puzzle matches`;
  $("prev-page").disabled = explore.offset === 0;
  $("next-page").disabled = r.body.items.length <= size;
}

function turnPage(delta) {
  explore.offset = Math.max(0, explore.offset + delta * pageSize());
  listPuzzles();
}

async function openPuzzle(p) {
  explore.puzzle = p;
  explore.steps = [];
  explore.step = 0;
  const args = new URLSearchParams({puzzle: p.puzzle});
  if ($("filters").rater.value.trim()) args.set("rater", $("filters").rater.value.trim());
  const r = await api("/api/path?" + args.toString());
  if (r.status !== 200) notice(r.body.error);
  else explore.steps = r.body.items;
  const list = $("steps");
  list.textContent = "";
  explore.steps.forEach((s, i) => {
    const li = document.createElement("li");
    li.textContent = `${s.technique} (${s.rating}): ${s.explanation}`;
    li.addEventListener("click", () => { explore.step = i + 1; renderPath(); });
    list.appendChild(li);
  });
  renderPath();
}

// The board before step n (1-based; 0: the puzzle), with step n drawn.
function renderPath() {
  const p = explore.puzzle;
  if (!p) return;
  const values = digitsOf(p.puzzle), given = values.map((v) => v > 0);
  const n = explore.step, steps = explore.steps;
  for (let i = 0; i < n - 1 && i < steps.length; i++)
    for (const pl of steps[i].place) values[cellIndex(pl.cell)] = pl.digit;
  const model = {values: values, given: given, marks: new Array(81).fill(0), selected: -1};
  const s = n > 0 ? steps[n - 1] : null;
  if (explore.walkOf !== n) {
    explore.walk.set(s ? s.chains : []);
    explore.walkOf = n;
  }
  if (s) {
    model.hintCells = new Set(s.cells.map(cellIndex));
    model.eliminated = new Map();
    for (const rm of s.remove) {
      const c = cellIndex(rm.cell);
      model.eliminated.set(c, (model.eliminated.get(c) || 0) | (1 << (rm.digit - 1)));
    }
    for (const pl of s.place) { values[cellIndex(pl.cell)] = pl.digit; model.placed = cellIndex(pl.cell); }
  }
  drawBoard($("path-board"), model);
  if (explore.walk.current) drawChain($("path-board"), explore.walk.current, explore.walk.upto);
  renderChainPanel("path-chain", explore.walk);
  $("step-text").textContent = s ? `Step ${n} of ${steps.length}: ${s.technique} (${s.rating}): ${s.explanation}` :
    `Puzzle ${p.id}: ${steps.length} steps; step through its solve path.`;
  Array.from($("steps").children).forEach((li, i) => li.classList.toggle("current", i === n - 1));
}

function stepBy(delta) {
  explore.step = Math.min(Math.max(explore.step + delta, 0), explore.steps.length);
  renderPath();
}

function playChosen() {
  if (explore.puzzle) newGame({id: String(explore.puzzle.id)});
}

// -------------------------------------------------------------- charts --

const charts = {bins: null, runs: null};

// Fetch what the charts show, then draw them.
async function drawCharts() {
  const r = await api("/api/puzzles?" + filterArgs({limit: 5000, rated: "1"}).toString());
  if (r.status === 200) {
    const counts = new Map();
    for (const p of r.body.items) {
      const b = Math.floor(p.score * 2) / 2;
      counts.set(b, (counts.get(b) || 0) + 1);
    }
    const keys = Array.from(counts.keys()).sort((a, b) => a - b);
    charts.bins = [];
    for (let b = keys[0]; keys.length && b <= keys[keys.length - 1]; b += 0.5)
      charts.bins.push({from: b, to: b + 0.5, value: counts.get(b) || 0});
    $("histogram-count").textContent = `${r.body.items.length} rated puzzle${r.body.items.length === 1 ? "" : "s"}`;
  } else {
    notice(r.body.error);
  }
  const runs = await api("/api/runs");
  if (runs.status === 200) {
    charts.runs = runs.body.items.map((run) => {
      const dataset = run.dataset.split("/").pop() + (run.count_limit !== 1 ? `, count limit ${run.count_limit}` : "");
      return {solver: run.solver, dataset: dataset, value: run.puzzles_per_second,
        about: `${run.solver} on ${dataset}: ${Math.round(run.puzzles_per_second)} puzzles a second (run ${run.run}, ${run.created.slice(0, 10)})`};
    });
  }
  renderCharts();
}

// Draw the charts at the size the page gives them now.
function renderCharts() {
  if ($("view-charts").hidden) return;
  if (charts.bins) drawHistogram($("histogram"), charts.bins);
  if (charts.runs) drawRuns($("bench"), charts.runs);
}

// ---------------------------------------------------------------- page --

function show(view) {
  for (const v of ["play", "explore", "charts"]) $("view-" + v).hidden = v !== view;
  for (const b of document.querySelectorAll("nav .tab")) b.classList.toggle("active", b.dataset.view === view);
  if (view === "explore" && !explore.items.length) listPuzzles();
  if (view === "charts") drawCharts();
}

function setUp() {
  const pad = $("pad");
  for (let d = 1; d <= 9; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = d;
    b.dataset.digit = d;
    b.addEventListener("click", () => digitKey(d));
    pad.appendChild(b);
    const o = document.createElement("option");
    o.value = o.textContent = d;
    $("highlight").appendChild(o);
  }
  for (const b of document.querySelectorAll("[data-act]")) b.addEventListener("click", () => move(b.dataset.act));
  for (const b of document.querySelectorAll("nav .tab")) b.addEventListener("click", () => show(b.dataset.view));
  $("mode").addEventListener("click", () => { play.marks = !play.marks; renderPlay(); });
  $("highlight").addEventListener("change", (e) => { play.highlight = +e.target.value; renderPlay(); });
  $("board").addEventListener("click", onBoardClick);
  $("resume-game").addEventListener("click", (e) => openGame(+e.target.dataset.game));
  $("new-game").addEventListener("submit", startGame);
  $("filters").addEventListener("submit", listPuzzles);
  $("export-format").addEventListener("change", () => { $("export").href = exportHref(); });
  $("prev-page").addEventListener("click", () => turnPage(-1));
  $("next-page").addEventListener("click", () => turnPage(1));
  $("step-prev").addEventListener("click", () => stepBy(-1));
  $("step-next").addEventListener("click", () => stepBy(1));
  $("play-this").addEventListener("click", playChosen);
  bindChainPanel("chain", play.walk, renderPlay);
  bindChainPanel("path-chain", explore.walk, renderPath);
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", renderCharts);
  setInterval(renderTimer, 1000);
  setInterval(poll, 4000);
  const m = /^#game=(\d+)$/.exec(location.hash);
  if (!TOKEN) notice("This page needs the token of the URL that sudokit serve printed: open that URL.");
  drawBoard($("board"), {values: new Array(81).fill(0), given: [], marks: new Array(81).fill(0), selected: -1});
  if (m) openGame(+m[1]);
  loadSavedGames();
}

setUp();
