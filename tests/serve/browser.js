// The browser test of sudokit serve: headless Chromium (puppeteer-core and
// the system's Chromium) loads the page, starts a game, types digits and
// marks, undoes, asks for a hint, plays from two tabs (the second opened
// from the URL with the game, as a bookmark), sees a conflict, a
// highlighted digit and a check, reloads and finds the game as it was,
// saves a screenshot whose board is checked pixel by pixel, then explores
// a level's puzzles, steps through a solve path and draws the charts; a
// page of another port of 127.0.0.1 then gets no cookie and nothing done.
// Prints "game ID CELLS" for the shell part to resume in the terminal.
// Usage: node browser.js URL SCREENSHOT.png
"use strict";
const fs = require("fs");
const http = require("http");
const os = require("os");
const path = require("path");
const puppeteer = require("puppeteer-core");
const {readPng, luminance} = require("./png.js");

const [url, shot] = process.argv.slice(2);
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

// Click cell c where the board is drawn (the board is redrawn whenever the
// game changes, so no element is held across the click).
async function clickCell(page, c) {
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

// Explore: list puzzles of level 2, open one, step through its solve path
// (the step's cells drawn); charts: the score histogram and the runs.
async function exploreAndCharts(page) {
  await page.click('nav [data-view="explore"]');
  await page.select("#filters select[name=level]", "2");
  await page.click("#filters button[type=submit]");
  const filtered = await page.waitForFunction(() => {
    const rows = Array.from(document.querySelectorAll("#puzzles tbody tr"));
    return rows.length > 0 && rows.every((r) => r.cells[4].textContent === "2");
  }, {timeout: 60000}).then(() => true, () => false);
  check(filtered, "the list shows the puzzles of level 2 only");
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
  const run = await page.$eval("#bench rect.bar title", (t) => t.textContent);
  check(/^fast one\.txt: \d+$/.test(run), `the stored benchmark run is charted (${run})`);
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
    await page.screenshot({path: shot});
    const box = await page.$eval("#board", (b) => { const r = b.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; });
    checkScreenshot(shot, box);
    await exploreAndCharts(page);
    await otherPort(browser);
    console.log(`game ${after.game} ${after.cells}`);
  } finally {
    await browser.close();
    fs.rmSync(profile, {recursive: true, force: true});
  }
  if (failures) throw new Error(`${failures} check(s) failed`);
}

main().catch((e) => { console.error("FAIL " + e.message); process.exit(1); });
