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
