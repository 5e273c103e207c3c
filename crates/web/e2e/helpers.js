// What every browser test file shares: the site's server, one headless Chromium, pages,
// the command line (every expected answer comes from it) and the figures the tests measure.
// Each test file calls `useBrowser()` once; see docs/web.md.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const site = process.env.SITE_DIR ?? join(root, 'target/site');
const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
const fairplay = process.env.FAIRPLAY ?? join(targetDir, 'debug/fairplay');
const port = 8600 + Math.floor(Math.random() * 300);
export const base = `http://127.0.0.1:${port}/`;
/** Figures measured by the tests, merged into target/web-figures.json at the end. */
export const figures = {};
let server;
export let browser;

/** The command line's answer, as JSON (or text). */
export function cli(args, input) {
  const run = spawnSync(fairplay, args, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.error) throw run.error;
  if (!args.includes('json')) return run.stdout;
  // One document, or with --live one object per line.
  return args.includes('--live') ? run.stdout.trim().split('\n').map((l) => JSON.parse(l)) : JSON.parse(run.stdout);
}

export function example(name) { return join(root, 'examples', name); }

/** Starts the server and the browser before this file's tests, and stops them after. */
export function useBrowser() {
  before(async () => {
    server = spawn('bash', [join(root, 'crates/web/serve.sh'), String(port), site], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      try { await fetch(base); break; } catch { await new Promise((r) => setTimeout(r, 100)); }
    }
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      // A fresh profile: playwright gives every launch its own new --user-data-dir.
    });
  });
  after(async () => {
    await browser?.close();
    server?.kill();
    if (Object.keys(figures).length) {
      const path = join(site, '..', 'web-figures.json');
      const all = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
      writeFileSync(path, JSON.stringify({ ...all, ...figures }, null, 2) + '\n');
      console.log('figures', JSON.stringify(figures));
    }
  });
}

/** Checks a time budget as docs/web.md says ("How a budget is checked"): every run is
 * reported (in the test's output and in `figures.budgets`), and the budget itself, with no
 * slack, holds for the median of the runs. On a machine busy with other work a run may be
 * slowed, and one in five often is; a page slow in itself is slow in most runs, and so in the
 * median. `runs`: milliseconds, five or more. */
export function withinBudget(name, runs, budgetMs) {
  assert.ok(runs.length >= 5, `${name}: ${runs.length} runs`);
  const sorted = [...runs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const round = (ms) => Math.round(ms * 10) / 10;
  figures.budgets = { ...figures.budgets, [name]: { budgetMs: budgetMs, runs: runs.length, medianMs: round(median), bestMs: round(sorted[0]), slowestMs: round(sorted.at(-1)), runsMs: runs.map(round) } };
  console.log(`budget ${name}: median ${round(median)} ms of ${runs.length} runs (budget ${budgetMs} ms; best ${round(sorted[0])}, slowest ${round(sorted.at(-1))}): ${runs.map(round).join(', ')}`);
  assert.ok(median < budgetMs, `${name}: median ${round(median)} ms, over the budget of ${budgetMs} ms (runs: ${runs.map(round).join(', ')} ms)`);
}

/** A new page (in a context of its own) with the site loaded and ready. */
export async function open(hash = '', options = {}) {
  const context = await browser.newContext({ locale: options.locale ?? 'en-US', viewport: options.viewport ?? { width: 1280, height: 900 }, colorScheme: options.colorScheme ?? 'light', ...(options.context ?? {}) });
  const page = await context.newPage();
  page.on('pageerror', (e) => { throw e; });
  await page.goto((options.base ?? base) + hash);
  await page.waitForSelector('body[data-ready=true]');
  return page;
}

/** Pastes `log` into the editor; returns the milliseconds until the verdict is shown, once
 * the actions and the explanation are shown too. */
export async function paste(page, log) {
  return page.evaluate(async (text) => {
    const area = document.getElementById('log');
    const started = performance.now();
    area.value = text;
    const typed = performance.now();
    area.dispatchEvent(new Event('input'));
    // The verdict comes from the worker: the time until it was shown.
    await window.fairplay.complete;
    window.fairplay.verdictAfterInputMs = window.fairplay.verdictShown - typed;
    return window.fairplay.verdictShown - started;
  }, log);
}

/** One step of the stepper, timed from its event until the view is shown and laid out:
 * `{ jump: k }` moves the slider to `k`, `{ key }` presses a key in the action list. Gives
 * the milliseconds, the step reached and the worker's part (`engine`); throws if the step
 * did not move. */
export function timedStep(page, act) {
  return page.evaluate(async (what) => {
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const slider = document.getElementById('slider');
    const from = window.fairplay.step;
    const started = performance.now();
    if (what.jump !== undefined) { slider.value = String(what.jump); slider.dispatchEvent(new Event('input')); } else document.getElementById('actions').dispatchEvent(new KeyboardEvent('keydown', { key: what.key, bubbles: true }));
    await window.fairplay.stepped;
    document.documentElement.getBoundingClientRect();
    const ms = performance.now() - started;
    if (window.fairplay.step === from) throw new Error(`no step from ${from}`);
    return { ms, at: window.fairplay.step, engine: window.fairplay.engineMs };
  }, act);
}

/** Types `value` into the field `selector` and leaves it, as a user does: the browser fires
 * its change event then, once, and the page judges the log again; this waits for that.
 * (A change event dispatched by hand while the field keeps the focus is followed by the
 * browser's own when the focus leaves, and that second judgment lands at a random moment.) */
export async function setField(page, selector, value) {
  await page.fill(selector, value);
  await page.$eval(selector, (field) => field.blur());
  await page.evaluate(() => window.fairplay.complete);
}

/** Whether `text` still holds English words, apart from the log's own notation (in
 * backquotes, and the cards, players and answers it names). */
export function english(text) {
  return /[A-Za-z]{4,}/.test(text.replace(/`[^`]*`/g, ''));
}

/** The page's grid as the command line's knowledge: every holding's size and ranges. */
export async function grid(page) {
  return page.$eval('#grid', (table) => {
    const heads = [...table.tHead.rows[0].cells].slice(1).map((th) => th.querySelector('.count').textContent);
    const rows = [...table.tBodies[0].rows].map((row) => ({
      rank: row.dataset.rank,
      cells: [...row.cells].slice(1).map((td) => ({ text: td.textContent, kind: td.className, label: td.getAttribute('aria-label') })),
    }));
    return { heads, rows, note: table.closest('.view').querySelector('p.error')?.hidden === false };
  });
}

/** What the grid should show for the command line's `knowledge`: the heads' counts, each
 * cell's text and mark, booked ranks across the row. */
export function expectedGrid(knowledge, ranks) {
  const holdings = [...knowledge.hands, knowledge.stock];
  const heads = holdings.map((h) => (h.cards === 1 ? '1 card' : `${h.cards} cards`));
  const rows = ranks.map((rank) => {
    if (knowledge.booked.includes(rank)) return { rank, cells: [{ text: 'book laid', kind: 'booked', label: null }] };
    return {
      rank,
      cells: holdings.map((h, i) => {
        const { min, max } = h.ranks.find((r) => r.rank === rank) ?? { min: 0, max: 0 };
        const who = i < knowledge.hands.length ? `Player ${h.player}` : 'Stock';
        if (max === 0) return { text: '', kind: '', label: `${rank}, ${who}: none` };
        if (min === max) return { text: `■ ${min}`, kind: 'exact', label: `${rank}, ${who}: exactly ${min}` };
        return { text: `${min > 0 ? '●' : '○'} ${min}–${max}`, kind: min > 0 ? 'some' : 'maybe', label: `${rank}, ${who}: ${min} to ${max}` };
      }),
    };
  });
  return { heads, rows };
}
