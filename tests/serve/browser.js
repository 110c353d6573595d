// The browser test of sudokit serve: headless Chromium (puppeteer-core and
// the system's Chromium) loads the page, starts a game, types digits and
// marks, undoes, asks for a hint, plays from two tabs (the second opened
// from the URL with the game, as a bookmark), sees a conflict, a
// highlighted digit and a check, reloads and finds the game as it was,
// saves a screenshot whose board is checked pixel by pixel, then explores
// a level's puzzles page by page, steps through a solve path and draws
// the charts (readable: axis values, no label over another, a log axis
// for the runs), draws a hint that is a forcing chain and unfolds it; a page of another port of 127.0.0.1 then gets no cookie
// and nothing done. Then at a phone's size (390x844): the landing page
// offers the game to resume, the board stays in view after Start and
// every action, nine marks typed without delay are all kept, marks and
// chart text are readable, Explore's table and the charts fit the screen.
// Prints "game ID CELLS" for the shell part to resume in the terminal.
// Usage: node browser.js URL SCREENSHOT_DIR (desktop-hint.png,
// desktop-play.png, desktop-chain.png, desktop-charts.png, phone-landing.png, phone-play.png,
// phone-explore.png, phone-charts.png)
"use strict";
const fs = require("fs");
const http = require("http");
const os = require("os");
const path = require("path");
const puppeteer = require("puppeteer-core");
const {readPng, luminance} = require("./png.js");

const [url, shots] = process.argv.slice(2);
const token = new URL(url).searchParams.get("token");
const PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
let failures = 0;
function check(ok, what) {
  console.error(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
}

// What the board shows: per cell its big digit, else its marks.
function boardText(page) {
  return page.$$eval("#board [data-cell]", (cells) => cells.map((g) =>
    Array.from(g.querySelectorAll("text")).map((t) => t.textContent + (t.getAttribute("font-size") === "64" ? "!" : "")).join("")));
}

// Click cell c where the board is drawn, scrolled into view first as a
// user would (the board is redrawn whenever the game changes, so no
// element is held across the click).
async function clickCell(page, c) {
  await page.$eval("#board", (b) => {
    const r = b.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) b.scrollIntoView({block: "nearest"});
  });
  const box = await page.$eval("#board", (b) => { const r = b.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; });
  await page.mouse.click(box.x + ((c % 9) + 0.5) * box.w / 9, box.y + (Math.floor(c / 9) + 0.5) * box.h / 9);
}

async function state(page) {
  return page.evaluate(async (t) => {
    const id = /game=(\d+)/.exec(location.hash)[1];
    return (await fetch("/api/games/" + id, {headers: {"X-Sudokit-Token": t}})).json();
  }, token);
}

// The screenshot shows a board: dark box lines at each third of the board,
// grey cell lines between, light cell centres.
function checkScreenshot(file, box) {
  const img = readPng(fs.readFileSync(file));
  const inset = 6, dark = (x, y) => luminance(img, x, y) < 90;
  for (let k = 0; k <= 3; k++) {
    const x = Math.min(Math.max(box.x + (k * box.width) / 3, box.x + 1.5), box.x + box.width - 1.5);
    const y = Math.min(Math.max(box.y + (k * box.height) / 3, box.y + 1.5), box.y + box.height - 1.5);
    let vertical = 0, horizontal = 0, n = 0;
    for (let t = box.y + inset; t < box.y + box.height - inset; t += 4, n++) vertical += dark(x, t);
    for (let t = box.x + inset; t < box.x + box.width - inset; t += 4) horizontal += dark(t, y);
    check(vertical > 0.9 * n && horizontal > 0.9 * n, `box line ${k} drawn dark in the screenshot`);
  }
  const cell = box.width / 9;
  const thin = luminance(img, box.x + cell, box.y + cell * 4.5 + 20);
  check(thin < 230 && thin > 60, `a cell line is drawn grey (${Math.round(thin)})`);
  const centre = luminance(img, box.x + cell * 2.5, box.y + cell * 7.5 + cell * 0.4);
  check(centre > 200, `an empty cell is light (${Math.round(centre)})`);
}

// Two tabs on one game: a digit placed in the second, then a stale move in
// the first is made on the game as it is (the later move wins); both tabs
// are told. Returns the game after both moves.
async function twoTabs(browser, page, game) {
  const other = await browser.newPage();
  await other.goto(`${url}#game=${game}`, {waitUntil: "networkidle0"});
  await other.waitForFunction(() => /^game \d+/.test(document.getElementById("title").textContent));
  await clickCell(other, 5);
  await other.keyboard.press("2");
  await other.waitForFunction(() => document.querySelector('#board [data-cell="5"] text')?.textContent === "2");
  await page.bringToFront();
  await clickCell(page, 6);
  await page.keyboard.press("1");
  await page.waitForFunction(() => document.querySelector('#board [data-cell="6"] text')?.textContent === "1");
  const s = await state(page);
  check(s.cells[5] === "2" && s.cells[6] === "1", `both tabs' moves kept (${s.cells.slice(0, 9)})`);
  check(/another tab/.test(await page.$eval("#notice", (n) => n.textContent)), "the stale tab is told");
  await other.bringToFront();
  await other.waitForFunction(() => /another tab/.test(document.getElementById("notice").textContent) &&
    document.querySelector('#board [data-cell="6"] text')?.textContent === "1", {timeout: 60000});
  check(true, "the other tab is told and shows the later move");
  await other.close();
  await page.bringToFront();
  return s;
}

// A 5 beside the given 5 of row 1 is a conflict (then undone); "d 9"
// highlights the four 9s (the cursor's cell, r1c8, is none of them); check marks the tabs' wrong 2 and 1 (r1c6 is 8 and
// r1c7 is 9 in the solution).
async function conflictsHighlightCheck(page) {
  await clickCell(page, 7);
  await page.keyboard.press("5");
  await page.waitForFunction(() => document.querySelector('#board [data-cell="7"] text')?.textContent === "5");
  const bad = await page.$eval('#board [data-cell="7"] text', (t) => t.getAttribute("fill"));
  const given = await page.$eval('#board [data-cell="1"] text', (t) => t.getAttribute("fill"));
  check(bad === "#c62828" && given !== bad, `the conflicting 5 is drawn red (${bad}), the 3 beside it not (${given})`);
  await page.keyboard.press("u");
  await page.waitForFunction(() => !document.querySelector('#board [data-cell="7"] text'));
  await page.keyboard.press("d");
  await page.keyboard.press("9");
  const nines = await page.$$eval('#board rect[fill="#e6effb"]', (r) => r.map((x) => x.parentNode.getAttribute("data-cell")));
  const want = Array.from((await state(page)).cells).flatMap((v, c) => (v === "9" ? [String(c)] : []));
  check(nines.length === 4 && JSON.stringify(nines) === JSON.stringify(want), `"d 9" highlights the 9s (${nines})`);
  await page.keyboard.press("c");
  await page.waitForFunction(() => document.querySelectorAll('#board rect[fill="#ffd6d6"]').length > 0);
  const wrong = await page.$$eval('#board [data-cell] rect[fill="#ffd6d6"]', (r) => r.map((x) => x.parentNode.getAttribute("data-cell")));
  check(JSON.stringify(wrong) === '["5","6"]', `check shows r1c6 and r1c7 wrong (${wrong})`);
}

// Wait until the page has the answer of every move it sent (the board is
// aria-busy until then); false after 20 s.
function settled(page) {
  return page.waitForFunction(() => document.getElementById("board").getAttribute("aria-busy") === "false",
    {timeout: 20000}).then(() => true, () => false);
}

// The whole board is in the window.
async function boardInView(page, when) {
  const r = await page.$eval("#board", (b) => {
    const box = b.getBoundingClientRect();
    return {top: box.top, bottom: box.bottom, left: box.left, right: box.right, h: innerHeight, w: innerWidth};
  });
  check(r.top >= -0.5 && r.bottom <= r.h + 0.5 && r.left >= -0.5 && r.right <= r.w + 0.5,
    `${when}: the board is in view (${Math.round(r.left)}-${Math.round(r.right)} x ${Math.round(r.top)}-${Math.round(r.bottom)} in ${r.w}x${r.h})`);
}

// The size in CSS pixels at which the page shows each text of selector.
function textSizes(page, selector) {
  return page.$$eval(selector, (ts) => ts.map((t) => t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize)));
}

// The texts of selector (in view) that overlap another.
function overlaps(page, selector) {
  return page.$$eval(selector, (ts) => {
    const boxes = ts.map((t) => [t.textContent, t.getBoundingClientRect()]), found = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [sa, a] = boxes[i], [sb, b] = boxes[j];
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
          found.push(`"${sa}" over "${sb}"`);
      }
    }
    return found;
  });
}

// A chart is readable: within the window, every text at least 10 px, no
// text over another, values written on its axis.
async function chartReadable(page, id, where) {
  const sizes = await textSizes(page, `#${id} text`);
  check(sizes.length > 0 && Math.min(...sizes) >= 10, `${where}: the ${id} chart's text is readable (smallest ${Math.min(...sizes).toFixed(1)} px)`);
  const over = await overlaps(page, `#${id} text`);
  check(over.length === 0, `${where}: no label of the ${id} chart overlaps another (${over.slice(0, 3).join(", ")})`);
  const ticks = await page.$$eval(`#${id} g.tick text`, (ts) => ts.map((t) => t.textContent));
  check(ticks.length >= 2, `${where}: the ${id} chart writes its axis values (${ticks.join(" ")})`);
  const cut = await page.$eval(`#${id}`, (svg) => {
    const box = svg.getBoundingClientRect();
    return box.right > innerWidth ? ["the chart itself"] : Array.from(svg.querySelectorAll("text")).filter((t) => {
      const r = t.getBoundingClientRect();
      return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
    }).map((t) => t.textContent);
  });
  check(cut.length === 0, `${where}: the ${id} chart and its text fit the window (${cut.join(", ")})`);
}

// The benchmark runs, whose speeds span ten times or more, are on a log
// axis: ticks at successive powers of ten, equally far apart, and every
// bar ends where its value falls between them.
async function runsOnLogAxis(page, where) {
  const {ticks, bars} = await page.$eval("#bench", (svg) => ({
    ticks: Array.from(svg.querySelectorAll("g.tick")).map((g) => ({v: +g.dataset.value, x: +g.querySelector("line").getAttribute("x1")})),
    bars: Array.from(svg.querySelectorAll("rect.bar")).map((r) => ({v: +r.dataset.value, x: +r.getAttribute("x"), end: +r.getAttribute("x") + +r.getAttribute("width")})),
  }));
  const values = bars.map((b) => b.v);
  check(values.length >= 8 && Math.max(...values) / Math.min(...values) >= 10,
    `${where}: the stored runs span ten times or more (${values.map(Math.round).join(" ")})`);
  const decades = ticks.length >= 2 && ticks.every((t, i) => i === 0 ||
    (Math.abs(t.v / ticks[i - 1].v - 10) < 1e-6 && Math.abs((t.x - ticks[i - 1].x) - (ticks[1].x - ticks[0].x)) < 0.5));
  check(decades, `${where}: the runs' axis is logarithmic (${ticks.map((t) => `${t.v}@${Math.round(t.x)}`).join(" ")})`);
  if (!decades) return;
  const decade = ticks[1].x - ticks[0].x;
  const off = bars.filter((b) => Math.abs(b.x - ticks[0].x) > 0.5 ||
    Math.abs(b.end - (ticks[0].x + decade * Math.log10(b.v / ticks[0].v))) > 1);
  check(off.length === 0, `${where}: every run's bar ends at its value on that axis (${JSON.stringify(off.slice(0, 2))})`);
}

// Explore's list: the page size and the page number say what they are,
// Next and Previous turn pages.
async function pages(page) {
  const label = await page.$eval("#filters input[name=limit]", (i) => i.closest("label").textContent.trim());
  check(/per page/i.test(label), `the page size is called so ("${label}")`);
  await page.$eval("#filters input[name=limit]", (i) => { i.value = "5"; });
  await page.click("#filters button[type=submit]");
  const list = async (want) => {
    await page.waitForFunction((w) => document.getElementById("page-info").textContent === w,
      {timeout: 10000}, want).catch(() => {});
    return page.evaluate(() => ({info: document.getElementById("page-info").textContent,
      ids: Array.from(document.querySelectorAll("#puzzles tbody tr"), (r) => r.cells[0].textContent),
      prev: document.getElementById("prev-page").disabled}));
  };
  const first = await list("page 1: puzzles 1-5");
  check(/^page 1: puzzles 1-5$/.test(first.info) && first.ids.length === 5 && first.prev,
    `the first page of 5 says so, Previous is off (${first.info}; ${first.ids})`);
  await page.click("#next-page");
  const second = await list("page 2: puzzles 6-10");
  check(/^page 2: puzzles 6-10$/.test(second.info) && second.ids.length === 5 && !second.prev &&
    second.ids.every((id) => !first.ids.includes(id)), `Next shows page 2 (${second.info}; ${second.ids})`);
  await page.click("#prev-page");
  const back = await list("page 1: puzzles 1-5");
  check(JSON.stringify(back.ids) === JSON.stringify(first.ids), "Previous shows page 1 again");
  await page.$eval("#filters input[name=limit]", (i) => { i.value = "50"; });
}

// Explore: list puzzles of level 2, page through them, open one, step
// through its solve path (the step's cells drawn); charts: the score
// histogram and the runs.
async function exploreAndCharts(page) {
  await page.click('nav [data-view="explore"]');
  await page.select("#filters select[name=level]", "2");
  await page.click("#filters button[type=submit]");
  const filtered = await page.waitForFunction(() => {
    const rows = Array.from(document.querySelectorAll("#puzzles tbody tr"));
    return rows.length > 0 && rows.every((r) => r.cells[4].textContent === "2");
  }, {timeout: 60000}).then(() => true, () => false);
  check(filtered, "the list shows the puzzles of level 2 only");
  await pages(page);
  await page.click("#puzzles tbody tr");
  await page.waitForFunction(() => document.querySelectorAll("#steps li").length > 0);
  await page.click("#step-next");
  const drawn = await page.$$eval('#path-board rect[fill="#c9f0cf"]', (r) => r.length);
  const text = await page.$eval("#step-text", (p) => p.textContent);
  check(drawn > 0 && /^Step 1 of \d+/.test(text), `the first step is drawn (${drawn} cells: ${text.slice(0, 60)})`);
  const href = await page.$eval("#export", (a) => a.getAttribute("href"));
  check(/level=2/.test(href) && href.includes(`token=${token}`), `the export link carries the filters and the token (${href})`);
  await page.click('nav [data-view="charts"]');
  await page.waitForFunction(() => document.querySelectorAll("#histogram rect.bar").length > 0);
  check(true, "the score histogram is drawn");
  await page.waitForFunction(() => document.querySelectorAll("#bench rect.bar").length > 0);
  const runs = await page.$$eval("#bench rect.bar title", (ts) => ts.map((t) => t.textContent));
  check(runs.some((r) => /^fast on one\.txt: \d+ puzzles a second/.test(r)), `the stored benchmark runs are charted (${runs[0]})`);
  await chartReadable(page, "histogram", "desktop");
  await chartReadable(page, "bench", "desktop");
  await runsOnLogAxis(page, "desktop");
  const charts = await page.$eval("#view-charts", (v) => { const r = v.getBoundingClientRect(); return {x: 0, y: 0, width: Math.min(innerWidth, 860), height: r.bottom + 16}; });
  await page.screenshot({path: path.join(shots, "desktop-charts.png"), clip: charts});
}

// Nine marks typed in marks mode without delay (six by the keyboard, three
// in one burst of key events) are all kept, in order.
async function marksAtFullSpeed(page) {
  await clickCell(page, 3);
  await page.click("#mode");
  await page.keyboard.type("123456", {delay: 0});
  await page.evaluate(() => {
    for (const key of "789") document.body.dispatchEvent(new KeyboardEvent("keydown", {key: key, bubbles: true, cancelable: true}));
  });
  const shown = await page.waitForFunction(() => document.querySelectorAll('#board [data-cell="3"] text').length === 9,
    {timeout: 10000}).then(() => true, () => false);
  const s = await state(page), said = await page.$eval("#message", (m) => m.textContent);
  check(shown && s.marks[3] === 511, `nine marks typed without delay are all kept (stored ${s.marks[3].toString(2)})`);
  check(/mark 9 on/.test(said), `the message is the last key's ("${said}")`);
  await page.click("#mode");
}

// At a phone's size, on the game just started: marks and digits readable,
// the board in view after each action, even one made with the page
// scrolled down.
async function phonePlay(page) {
  await marksAtFullSpeed(page);
  const marks = await textSizes(page, '#board [data-cell="3"] text');
  check(marks.length === 9 && Math.min(...marks) >= 10, `pencil marks are readable (${Math.min(...marks).toFixed(1)} px)`);
  const inside = await page.$eval('#board [data-cell="3"]', (g) => {
    const cell = g.querySelector("rect").getBoundingClientRect();
    return Array.from(g.querySelectorAll("text")).every((t) => {
      const b = t.getBoundingClientRect();
      return b.left >= cell.left && b.right <= cell.right && b.top >= cell.top - 1 && b.bottom <= cell.bottom + 1;
    });
  });
  check(inside, "the nine marks fit in their cell");
  const digits = await textSizes(page, '#board text[font-size="64"]');
  check(Math.min(...digits) >= 20, `digits are readable (${Math.min(...digits).toFixed(1)} px)`);
  await clickCell(page, 2);
  for (const [what, selector] of [["a digit from the pad", '#pad button[data-digit="4"]'], ["Undo", '[data-act="undo"]'],
    ["Hint", '[data-act="hint"]'], ["Check", '[data-act="check"]']]) {
    await page.evaluate(() => window.scrollBy(0, 300));
    await page.$eval(selector, (b) => b.scrollIntoView({block: "nearest"}));
    await page.click(selector);
    check(await settled(page), `${what}: the page has its answer`);
    await boardInView(page, `after ${what} with the page scrolled down`);
  }
  await page.screenshot({path: path.join(shots, "phone-play.png")});
}

// At a phone's size: Explore's table fits the screen or scrolls in its
// own box with every column reachable; the charts are readable.
async function phoneExploreAndCharts(page) {
  await page.click('nav [data-view="explore"]');
  await page.waitForFunction(() => document.querySelectorAll("#puzzles tbody tr").length > 0);
  const fit = await page.evaluate(() => {
    const table = document.getElementById("puzzles"), box = table.parentElement, heads = table.tHead.rows[0].cells;
    const b = box.getBoundingClientRect(), at = (th) => [th.getBoundingClientRect().left, th.getBoundingClientRect().right];
    box.scrollLeft = 0;
    const first = at(heads[0]);
    box.scrollLeft = box.scrollWidth; // scrolled right to the end: the last columns
    const hardest = at(heads[5]), last = at(heads[heads.length - 1]);
    box.scrollLeft = 0;
    return {page: document.documentElement.scrollWidth, window: innerWidth, box: [b.left, b.right],
      first: first, hardest: hardest, last: last};
  });
  // A page wider than the screen is shown zoomed out: the window then
  // reports that width, so the screen's own is the measure.
  const screen = page.viewport().width;
  check(fit.page <= screen && fit.window === screen, `no sideways scrolling of the page (${fit.page} px wide, window ${fit.window}, screen ${screen})`);
  const within = (c) => c[0] >= fit.box[0] - 0.5 && c[1] <= fit.box[1] + 0.5;
  check(fit.box[1] <= screen && within(fit.first) && within(fit.last) && within(fit.hardest),
    `every column of the table is reachable in its box (${JSON.stringify(fit)})`);
  await page.screenshot({path: path.join(shots, "phone-explore.png")});
  await page.click('nav [data-view="charts"]');
  await page.waitForFunction(() => document.querySelectorAll("#bench rect.bar").length > 0);
  await chartReadable(page, "histogram", "phone");
  await chartReadable(page, "bench", "phone");
  await runsOnLogAxis(page, "phone");
  await page.screenshot({path: path.join(shots, "phone-charts.png"), fullPage: true});
}

// At a phone's size (390x844): the landing page offers the latest
// unfinished game (game) and opens it in one click; a new game started
// from the form below the board shows the board whole; then play, explore
// and charts.
async function phoneSize(browser, game) {
  const page = await browser.newPage();
  await page.setViewport({width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2});
  page.on("pageerror", (e) => check(false, "no script error at phone size: " + e.message));
  try {
    await page.goto(url, {waitUntil: "networkidle0"});
    const offered = await page.waitForFunction((g) => { const b = document.getElementById("resume-game");
      return b && b.offsetParent !== null && b.textContent === `Resume game ${g}`; }, {timeout: 10000}, game).then(() => true, () => false);
    check(offered, `the landing page offers to resume game ${game}`);
    await page.screenshot({path: path.join(shots, "phone-landing.png")});
    if (offered) {
      await page.click("#resume-game");
      const opened = await page.waitForFunction((g) => document.getElementById("title").textContent.startsWith(`game ${g},`),
        {timeout: 10000}, game).then(() => true, () => false);
      check(opened && (await state(page)).game === game, `one click resumes game ${game}`);
      await boardInView(page, "after resuming");
    }
    await page.type("#new-game input[name=puzzle]", PUZZLE);
    await page.click("#new-game button[type=submit]");
    await page.waitForFunction((g) => { const m = /^game (\d+)/.exec(document.getElementById("title").textContent);
      return m && +m[1] !== g; }, {}, game);
    await settled(page);
    await boardInView(page, "after Start");
    await phonePlay(page);
    await phoneExploreAndCharts(page);
  } finally {
    await page.close();
  }
}

// Another program's page on another port of 127.0.0.1, which a browser
// takes for the same site, opened after sudokit's page: its server gets
// no cookie of sudokit's, and its requests to sudokit's server (with the
// credentials of the browser, even with the token) are refused, running
// nothing (a Lua file named as the rater would run unsandboxed).
async function otherPort(browser) {
  const base = new URL(url).origin;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sudokit-other-"));
  const ran = path.join(dir, "ran"), script = path.join(dir, "rater.lua");
  fs.writeFileSync(script, `io.open(${JSON.stringify(ran)}, "w"):write("ran")\nreturn {kind = "rater", rate = function() end}\n`);
  const cookies = [];
  const other = http.createServer((req, res) => {
    cookies.push(req.headers.cookie || "");
    res.setHeader("Content-Type", "text/html");
    res.end("<!doctype html><title>another page</title><p>another program's page");
  });
  await new Promise((done) => other.listen(0, "127.0.0.1", done));
  const page = await browser.newPage();
  const statuses = [];
  page.on("response", (r) => { if (r.url().startsWith(base + "/api/")) statuses.push(r.status()); });
  try {
    await page.goto(`http://127.0.0.1:${other.address().port}/`, {waitUntil: "networkidle0"});
    const lua = `${base}/api/path?puzzle=${PUZZLE}&rater=lua:${script}`;
    const targets = [lua, `${lua}&token=${token}`, `${base}/api/stats?token=${token}`];
    await page.evaluate(async (all) => {
      for (const t of all) await fetch(t, {mode: "no-cors", credentials: "include"}).catch(() => {});
    }, targets);
    await page.waitForFunction(() => true);
    check(cookies.length > 0 && cookies.every((c) => !/sudokit/.test(c)), `the other port's server gets no cookie of sudokit's (${JSON.stringify(cookies)})`);
    check(!fs.existsSync(ran), "the other page's requests ran no Lua file");
    check(statuses.length === targets.length && statuses.every((s) => s === 403),
      `the other page's requests are refused with 403 (${statuses})`);
  } finally {
    await page.close();
    other.close();
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

// A hint that is a chain, drawn: the hardest puzzle's step after its first
// single is a dynamic forcing chain. The page rings its nodes (green: made
// true, orange: made false), draws its links as arrows (strong solid, weak
// dashed), lists them, and unfolds them one node at a time with ] and [,
// into the chain nested at a node and out again. The screenshot shows the
// rings and a solid strong link in their colours.
async function chainDrawn(page) {
  const HARDEST = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.$eval("#new-game input[name=puzzle]", (i) => { i.value = ""; });
  await page.type("#new-game input[name=puzzle]", HARDEST);
  const before = (await state(page)).game;
  await page.click("#new-game button[type=submit]");
  // The board is the new game's once the title names another game: cell 17
  // of the game before may be empty too, and a key sent then would go to it.
  await page.waitForFunction((g) => { const m = /^game (\d+)/.exec(document.getElementById("title").textContent);
    return m && +m[1] !== g; }, {}, before);
  await settled(page);
  await clickCell(page, 17);
  await page.keyboard.press("2");
  await page.waitForFunction(() => document.querySelector('#board [data-cell="17"] text')?.textContent === "2");
  await page.keyboard.press("?");
  await page.waitForFunction(() => !document.getElementById("chain-panel").hidden, {timeout: 60000});
  const s = await state(page);
  const own = s.hint ? s.hint.chains.filter((c) => !c.unfolds) : [];
  check(s.hint && /chain/i.test(s.hint.text) && own.length === 3,
    `the hint is a forcing chain with its branches as data (${s.hint && s.hint.text}, ${own.length} branches)`);
  const first = own[0].nodes;
  const nestedAt = first.findIndex((n) => n.link === "nested");
  const inner = s.hint.chains.filter((c) => c.unfolds && c.unfolds.chain === 0 && c.unfolds.node === nestedAt);
  check(nestedAt > 0 && inner.length > 0, `the chain nested at node ${nestedAt + 1} of branch 1 comes with the hint (${inner.length})`);
  const shown = () => page.$$eval("#board .chain circle", (c) => c.length);
  const where = () => page.$eval("#chain-where", (w) => w.textContent);
  const listed = () => page.$$eval("#chain-links li", (l) => l.map((x) => x.textContent));
  check((await shown()) === 1, "the chain starts with its first node alone");
  for (let i = 1; i <= nestedAt; i++) await page.keyboard.press("]");
  check((await shown()) === nestedAt + 1, `"]" unfolds the branch one node at a time (${await shown()} of ${nestedAt + 1})`);
  // Past a node a nested chain proves, that chain unfolds on the board, node by node.
  await page.keyboard.press("]");
  const proved = `${first[nestedAt].cells[0]}<>${first[nestedAt].digit}`;
  check((await shown()) === 1 && (await where()).startsWith(`${proved} (branch 1, node ${nestedAt + 1}) nested chain 1 of ${inner.length}, node 1 of`),
    `"]" on a nested node opens the chain that proves it (${await where()})`);
  for (let i = 1; i < inner[0].nodes.length; i++) await page.keyboard.press("]");
  const innerLines = await listed();
  check((await shown()) === inner[0].nodes.length && innerLines.length === inner[0].nodes.length &&
    innerLines[innerLines.length - 1].endsWith(`→ ${proved} (weak, column 4)`),
    `the nested chain is drawn and listed to the node it proves (${innerLines.join(" | ")})`);
  await page.screenshot({path: path.join(shots, "desktop-nested-chain.png")});
  for (let i = 0; i < 40 && !/^Branch 1 of 3, node (\d+) of \1$/.test(await where()); i++) await page.keyboard.press("]");
  check((await shown()) === first.length, `after the nested chains the branch goes on to its end (${await where()})`);
  const lines = await listed();
  check(lines.length === first.length && /^r6c1=3$/.test(lines[0]) && lines.some((l) => /→ r6c5=8 \(strong, box 5\)/.test(l)),
    `the links are listed with what makes them (${lines.slice(0, 3).join(" | ")} ...)`);
  const links = await page.$$eval("#board .chain line", (l) => l.map((x) => [x.getAttribute("data-link"), x.getAttribute("stroke-dasharray")]));
  check(links.some(([k, d]) => k === "strong" && d === null) && links.some(([k, d]) => k === "weak" && d),
    "strong links are drawn solid and weak ones dashed");
  check(links.some(([k, d]) => k === "nested" && d), "a node a nested chain gave is linked dotted");
  await page.keyboard.press("[");
  check((await shown()) === first.length - 1, `"[" folds one node back`);
  await page.click("#chain-all");
  await page.keyboard.press("]");
  check(/Branch 2 of 3/.test(await page.$eval("#chain-where", (w) => w.textContent)), "past a branch's end comes the next branch");
  await page.keyboard.press("[");
  const shot = path.join(shots, "desktop-chain.png");
  await page.screenshot({path: shot});
  const geo = await page.evaluate(() => {
    const b = document.getElementById("board"), r = b.getBoundingClientRect(), k = r.width / 900;
    const at = (e) => ({x: r.x + +e.getAttribute("cx") * k, y: r.y + +e.getAttribute("cy") * k, r: +e.getAttribute("r") * k});
    const strong = Array.from(b.querySelectorAll('.chain line[data-link="strong"]')).map((l) => ({
      x: r.x + ((+l.getAttribute("x1") + +l.getAttribute("x2")) / 2) * k, y: r.y + ((+l.getAttribute("y1") + +l.getAttribute("y2")) / 2) * k}));
    return {on: at(b.querySelector('.chain circle[data-role="on"]')), off: at(b.querySelector('.chain circle[data-role="off"]')), strong: strong[0]};
  });
  const img = readPng(fs.readFileSync(shot));
  const rgb = (x, y) => {
    const i = (Math.round(y) * img.width + Math.round(x)) * img.channels;
    return [img.pixels[i], img.pixels[i + 1], img.pixels[i + 2]];
  };
  // The first pixel near (x, y) (within d) that passes test, or null.
  const near = (x, y, d, test) => {
    for (let dy = -d; dy <= d; dy++)
      for (let dx = -d; dx <= d; dx++) {
        const p = rgb(x + dx, y + dy);
        if (test(...p)) return p;
      }
    return null;
  };
  const green = near(geo.on.x, geo.on.y, Math.ceil(geo.on.r) + 2, (r, g, b) => g > r + 40 && g > b + 40);
  const orange = near(geo.off.x, geo.off.y, Math.ceil(geo.off.r) + 2, (r, g, b) => r > g + 60 && g > b + 10);
  const blue = near(geo.strong.x, geo.strong.y, 3, (r, g, b) => b > r + 40 && b > g + 40);
  check(green !== null, `the screenshot rings a node made true in green (${green})`);
  check(orange !== null, `the screenshot rings a node made false in orange (${orange})`);
  check(blue !== null, `the screenshot draws a strong link in dark blue (${blue})`);
}

async function main() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "sudokit-chromium-"));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      `--user-data-dir=${profile}`],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({width: 1280, height: 900});
    page.on("pageerror", (e) => check(false, "no script error: " + e.message));
    await page.goto(url, {waitUntil: "networkidle0"});
    check(new URL(page.url()).searchParams.get("token") === token, "the address keeps the token (a reload or a bookmark works)");
    const jar = await page.cookies();
    check(jar.length === 0 && (await page.evaluate(() => document.cookie)) === "", `the page sets no cookie (${jar.map((c) => c.name)})`);
    await page.type("#new-game input[name=puzzle]", PUZZLE);
    await page.click("#new-game button[type=submit]");
    await page.waitForFunction(() => /^game \d+/.test(document.getElementById("title").textContent));
    await clickCell(page, 2);
    await page.keyboard.press("4");
    await page.waitForFunction(() => document.querySelector('#board [data-cell="2"] text')?.textContent === "4");
    await clickCell(page, 3);
    await page.keyboard.press("m");
    await page.keyboard.press("1");
    await page.waitForFunction(() => document.querySelectorAll('#board [data-cell="3"] text').length === 1);
    await page.keyboard.press("2");
    await page.waitForFunction(() => document.querySelectorAll('#board [data-cell="3"] text').length === 2);
    await page.keyboard.press("9");
    await page.waitForFunction(() => document.querySelectorAll('#board [data-cell="3"] text').length === 3);
    await page.keyboard.press("u");
    await page.waitForFunction(() => document.querySelectorAll('#board [data-cell="3"] text').length === 2);
    await page.keyboard.press("m");
    let s = await state(page);
    check(s.cells[2] === "4" && s.marks[3] === 3 && s.undo === 3 && s.redo === 1,
      `digit, marks and undo saved (cell ${s.cells[2]}, marks ${s.marks[3]}, undo ${s.undo}, redo ${s.redo})`);
    await page.keyboard.press("?");
    await page.waitForFunction(() => document.getElementById("hint-text").textContent.length > 0);
    const hinted = await page.$$eval('#board rect[fill="#c9f0cf"]', (r) => r.length);
    check(hinted > 0, `the hint's cells are highlighted (${hinted})`);
    s = await state(page);
    check(s.hints === 1 && s.hint && s.hint.cells.length === hinted, `the hint counts once and names its cells`);
    await page.screenshot({path: path.join(shots, "desktop-hint.png")});
    s = await twoTabs(browser, page, s.game);
    await conflictsHighlightCheck(page);
    s = await state(page);
    const before = await boardText(page);
    await page.reload({waitUntil: "networkidle0"});
    await page.waitForFunction(() => /^game \d+/.test(document.getElementById("title").textContent));
    check(JSON.stringify(await boardText(page)) === JSON.stringify(before), "the reloaded page shows the same board");
    const after = await state(page);
    check(after.cells === s.cells && JSON.stringify(after.marks) === JSON.stringify(s.marks) && after.undo === s.undo,
      "the reloaded game is the same game");
    const shot = path.join(shots, "desktop-play.png");
    await page.screenshot({path: shot});
    const box = await page.$eval("#board", (b) => { const r = b.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; });
    checkScreenshot(shot, box);
    await exploreAndCharts(page);
    await otherPort(browser);
    await phoneSize(browser, after.game);
    await page.bringToFront();
    await page.click('nav [data-view="play"]');
    await chainDrawn(page);
    console.log(`game ${after.game} ${after.cells}`);
  } finally {
    await browser.close();
    fs.rmSync(profile, {recursive: true, force: true});
  }
  if (failures) throw new Error(`${failures} check(s) failed`);
}

main().catch((e) => { console.error("FAIL " + e.message); process.exit(1); });
