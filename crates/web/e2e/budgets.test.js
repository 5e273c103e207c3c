// The page's budgets, measured in the browser (docs/web.md, "Size and timings"): the size of
// every file it loads, and the engine's answer to long requests. The figures go to
// target/web-figures.json; the bounds leave room for a loaded CI machine (three times the
// budget).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { useBrowser, open, cli, figures, site } from './helpers.js';

useBrowser();

test('every file of the page, gzip-compressed, is under 300 KB in all', () => {
  let raw = 0;
  let gzip = 0;
  const files = {};
  // Every file the page itself is made of (the example logs are fetched only when picked).
  for (const name of readdirSync(site)) {
    const path = join(site, name);
    if (statSync(path).isDirectory()) continue;
    const bytes = readFileSync(path);
    raw += bytes.length;
    files[name] = gzipSync(bytes, { level: 9 }).length;
    gzip += files[name];
  }
  figures.pageBytes = raw;
  figures.pageGzipBytes = gzip;
  figures.pageGzipFiles = files;
  for (const name of ['index.html', 'app.js', 'engine.js', 'style.css', 'fairplay.wasm', 'favicon.ico']) assert.ok(name in files, name);
  assert.ok(gzip < 300 * 1000, `${gzip} bytes`);
});

test('the table\'s live request is linear: 40 000 lines in under half a second', async () => {
  // A simulated honest game, each action followed by a line the referee skips.
  const game = cli(['simulate', 'quartets', '--seed', '7', '--actions', '20000', '--lay-aside-rate', '0']).split('\n').slice(1, 20001);
  assert.equal(game.length, 20000);
  const lines = (n) => game.slice(0, n / 2).flatMap((action, i) => [action, i % 2 ? 'not an action' : '1 A 1 1A no']).join('\n') + '\n';
  const page = await open();
  const times = {};
  for (const n of [10000, 40000]) {
    const text = lines(n);
    times[n] = await page.evaluate((request) => {
      const best = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const events = window.fairplay.call(request);
        best.push(performance.now() - started);
        if (events.length !== request.lines.split('\n').length) throw new Error(`${events.length} events`);
      }
      return Math.min(...best);
    }, { op: 'live', game: 'quartets', lines: text });
  }
  figures.live10000Ms = times[10000];
  figures.live40000Ms = times[40000];
  // Linear: four times the lines, about four times the time (quadratic would be sixteen).
  assert.ok(times[40000] < 500 * 3, `${times[40000]} ms`);
  assert.ok(times[40000] / times[10000] < 10, `10 000 lines ${times[10000]} ms, 40 000 ${times[40000]} ms`);
  await page.context().close();
});

/** Pastes `text` into the editor as a user does (a paste event with the text). */
async function pasteEvent(page) {
  return page.evaluate(async () => {
    const text = window.bigLog;
    const area = document.getElementById('log');
    area.focus();
    area.select();
    const data = new DataTransfer();
    data.setData('text/plain', text);
    const started = performance.now();
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    // The page takes the text in its next tasks: until its verdict is shown, then whole.
    while (!(window.fairplay.verdictShown > started)) await new Promise((resolve) => setTimeout(resolve, 5));
    const verdict = window.fairplay.verdictShown - started;
    await window.fairplay.complete;
    return verdict;
  });
}

test('a 5 MB log: pasted with no long task, judged within 2 s, stepped within a frame, typed into', async () => {
  const log = cli(['simulate', 'quartets', '--seed', '9', '--actions', '420000', '--lay-aside-rate', '0']);
  assert.ok(log.length > 5e6, `${log.length} characters`);
  const expected = cli(['quartets', '--format', 'json'], log);
  // No service worker here: the test serves the log itself (page.route), which a service
  // worker's fetch would bypass.
  const page = await open('', { context: { serviceWorkers: 'block' } });
  // The log reaches the page as a download would, before the clock starts.
  await page.route('**/big.log', (route) => route.fulfill({ body: log, contentType: 'text/plain' }));
  await page.evaluate(async () => { window.bigLog = await (await fetch('big.log')).text(); });
  // Every task of the page's thread over 50 ms, from here on.
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
  });
  figures.paste5MbVerdictMs = await pasteEvent(page);
  assert.equal(await page.$eval('#verdict', (v) => v.dataset.contract), expected.contract);
  assert.equal(await page.evaluate(() => window.fairplay.result.actions.count), 420000);
  // The editor holds a window of the log; the rest is beside it, and judged with it.
  assert.ok(await page.$eval('#log', (a) => a.value.length) < 200000);
  assert.ok(await page.isVisible('#window-notice'));
  assert.ok(await page.isVisible('#kept-notice'));
  assert.ok((await page.$$('#actions li')).length < 60);
  // Steps anywhere in the log: from the event until the grid is shown and laid out.
  const steps = await page.evaluate(async () => {
    const slider = document.getElementById('slider');
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const times = [];
    const time = async (act) => {
      await frame();
      const started = performance.now();
      const from = window.fairplay.step;
      act();
      await window.fairplay.stepped;
      document.documentElement.getBoundingClientRect();
      times.push(performance.now() - started);
      if (window.fairplay.step === from) throw new Error(`no step from ${from}`);
    };
    const key = (name) => document.getElementById('actions').dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
    for (const k of [1, 100000, 419999, 420000, 2, 210000, 333333]) {
      await time(() => { slider.value = String(k); slider.dispatchEvent(new Event('input')); });
      for (const name of k > 419990 ? ['ArrowLeft', 'ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowRight', 'ArrowLeft']) await time(() => key(name));
    }
    return times;
  });
  const sorted = [...steps].sort((a, b) => a - b);
  figures.step5MbMedianMs = sorted[Math.floor(sorted.length / 2)];
  figures.step5MbMaxMs = sorted.at(-1);
  // Typing at the end of the log: a key is a small task.
  await page.focus('#log');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('1 A 2 3C no\n');
  await page.evaluate(() => window.fairplay.complete);
  assert.ok((await page.evaluate(() => window.fairplay.editorText().endsWith('1 A 2 3C no\n'))));
  figures.paste5MbLongTasksMs = await page.evaluate(() => window.longTasks);
  const longest = Math.max(0, ...figures.paste5MbLongTasksMs);
  figures.paste5MbLongestTaskMs = longest;
  assert.ok(figures.paste5MbVerdictMs < 2000 * 3, `verdict after ${figures.paste5MbVerdictMs} ms`);
  assert.ok(figures.step5MbMedianMs < 16 * 3, `steps ${steps.join(', ')} ms`);
  assert.ok(longest < 100 * 3, `tasks of ${figures.paste5MbLongTasksMs.join(', ')} ms`);
  // Too long to keep: a reload brings back no part of it, and nothing failed.
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.ok(await page.$eval('#log', (a) => a.value.length) < 1000);
  await page.context().close();
});

test('storage that fails never breaks the page: the log stays, and the page says it is not kept', async () => {
  const page = await open();
  await page.evaluate(() => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.evaluate(() => {
    const area = document.getElementById('log');
    area.value = '2\n1 A 2 3C no\n2 A 1 3C no\n';
    area.dispatchEvent(new Event('input'));
    return window.fairplay.complete;
  });
  await page.waitForSelector('#kept-notice', { state: 'visible' });
  assert.equal(await page.$eval('#verdict', (v) => v.dataset.contract), cli(['quartets', '--format', 'json'], '2\n1 A 2 3C no\n2 A 1 3C no\n').contract);
  assert.equal(await page.$eval('#log', (a) => a.value), '2\n1 A 2 3C no\n2 A 1 3C no\n');
  assert.deepEqual(errors, []);
  await page.context().close();
});
