// The page's budgets, measured in the browser (docs/web.md, "Size and timings"): the size of
// every file it loads, and the engine's answer to long requests. The figures go to
// target/web-figures.json; each time budget holds for the median of five runs or more, every
// run reported (`withinBudget`, docs/web.md "How a budget is checked").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { useBrowser, open, cli, figures, site, withinBudget, setField, grid, expectedGrid, timedStep } from './helpers.js';

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
      const runs = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const events = window.fairplay.call(request);
        runs.push(performance.now() - started);
        if (events.length !== request.lines.split('\n').length) throw new Error(`${events.length} events`);
      }
      return runs;
    }, { op: 'live', game: 'quartets', lines: text });
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  figures.live10000Ms = median(times[10000]);
  figures.live40000Ms = median(times[40000]);
  withinBudget('the live request of 40 000 lines', times[40000], 500);
  // Linear: four times the lines, about four times the time (quadratic would be sixteen).
  assert.ok(figures.live40000Ms / figures.live10000Ms < 10, `10 000 lines ${times[10000].join(', ')} ms, 40 000 ${times[40000].join(', ')} ms`);
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
  await page.route('**/big.log', (route) => route.fulfill({ body: log, contentType: 'text/plain' }));
  // Five pastes, each into a page just loaded (the editor then empty, as the log is too long
  // to be kept; in the same page a paste would replace only the part of the log the editor
  // holds): the verdict's time and the page's longest task of each.
  const verdicts = [];
  const longestTasks = [];
  figures.paste5MbLongTasksMs = [];
  for (let i = 0; i < 5; i++) {
    if (i > 0) {
      await page.reload();
      await page.waitForSelector('body[data-ready=true]');
    }
    // The log reaches the page as a download would, before the clock starts; every task of
    // the page's thread over 50 ms is noted from here on.
    await page.evaluate(async () => {
      window.bigLog = await (await fetch('big.log')).text();
      window.longTasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
    });
    verdicts.push(await pasteEvent(page));
    const tasks = await page.evaluate(() => window.longTasks);
    figures.paste5MbLongTasksMs.push(tasks);
    longestTasks.push(Math.max(0, ...tasks));
  }
  figures.paste5MbVerdictMs = verdicts;
  assert.equal(await page.$eval('#verdict', (v) => v.dataset.contract), expected.contract);
  assert.equal(await page.evaluate(() => window.fairplay.result.actions.count), 420000);
  // The editor holds a window of the log; the rest is beside it, and judged with it.
  assert.ok(await page.$eval('#log', (a) => a.value.length) < 200000);
  assert.ok(await page.isVisible('#window-notice'));
  assert.ok(await page.isVisible('#kept-notice'));
  assert.ok((await page.$$('#actions li')).length < 60);
  // Steps anywhere in the log: from the event until the grid is shown and laid out.
  await page.evaluate(() => { window.longTasks = []; });
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
  // The tasks while stepping and typing count as those of a sixth paste.
  const typing = await page.evaluate(() => window.longTasks);
  figures.paste5MbLongTasksMs.push(typing);
  figures.paste5MbLongestTaskMs = Math.max(0, ...figures.paste5MbLongTasksMs.flat());
  withinBudget('the verdict of a 5 MB paste', verdicts, 2000);
  withinBudget('the longest task of the page\'s thread, each 5 MB paste (then steps and typing)', [...longestTasks, Math.max(0, ...typing)], 100);
  withinBudget('a step in a 5 MB log', steps, 16);
  // Too long to keep: a reload brings back no part of it, and nothing failed.
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.ok(await page.$eval('#log', (a) => a.value.length) < 1000);
  await page.context().close();
});

/** A long Sequence log by `rules`: simulated games one after another, turns numbered on,
 * `moves` moves in all. Under the page's rules (each card at most twice) no game is longer
 * than 104 moves: the first game is judged and the move after it breaks a rule (a move after
 * the win, or a card played a third time); the rest is the log's, stepped through all the same. */
function longSequenceLog(rules, moves) {
  const games = cli(['simulate', 'sequence', '--rules', rules, '--count', String(Math.ceil(moves / 30)), '--format', 'jsonl']).trim().split('\n').map((line) => JSON.parse(line).log);
  const lines = games.flatMap((log) => log.trim().split('\n').slice(1).map((line) => line.replace(/^\d+ /, ''))).slice(0, moves);
  assert.equal(lines.length, moves);
  return lines;
}

/** The board the command line shows after the first `k` of `lines` (the log cut there,
 * explained): full rules, the marks of the 100 squares; contract, the tokens by card. */
function boardAfter(rules, lines, k) {
  const cut = `${k}\n${lines.slice(0, k).map((line, i) => `${i + 1} ${line}\n`).join('')}`;
  const board = cli(['sequence', '--rules', rules, '--explain', '--format', 'json'], cut).explanation.board;
  return rules === 'full' ? board.rows.join('') : JSON.stringify(Object.entries(board.tokens).filter(([, n]) => n > 0).sort());
}

for (const rules of ['contract', 'full']) {
  test(`a 40 000-move Sequence log (${rules} rules): every step within a frame, the board the command line's`, async () => {
    const moves = 40000;
    const lines = longSequenceLog(rules, moves);
    const log = `${moves}\n${lines.map((line, i) => `${i + 1} ${line}\n`).join('')}`;
    const expected = cli(['sequence', '--rules', rules, '--format', 'json'], log);
    const page = await open();
    await page.check(`input[name=rules][value=${rules}]`);
    // Pasted as a user does (800 KB: the editor holds a window of it).
    await page.evaluate((text) => { window.bigLog = text; }, log);
    await pasteEvent(page);
    assert.equal(await page.$eval('#verdict', (v) => v.dataset.contract), expected.contract);
    assert.equal(await page.evaluate(() => window.fairplay.result.actions.count), moves);
    const shown = () => page.evaluate((full) => {
      if (full) return [...document.querySelectorAll('#board .sq')].map((s) => s.dataset.mark).join('');
      const tokens = [...document.querySelectorAll('#board td[data-card]')].map((td) => [td.dataset.card, Number(td.textContent) || 0]);
      return JSON.stringify(tokens.filter(([, n]) => n > 0).sort());
    }, rules === 'full');
    // Steps from the event until the board is shown and laid out: jumps by the slider, the
    // arrow keys, Home and End; each position's board checked against the command line's.
    const timed = (act) => timedStep(page, act);
    const steps = [];
    const checked = [];
    for (const k of [1, 50, 104, 20000, 39999, 2, 105, 30000, 12345]) {
      steps.push(await timed({ jump: k }));
      for (const key of k > moves - 10 ? ['ArrowLeft', 'ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowRight', 'ArrowLeft']) steps.push(await timed({ key }));
    }
    for (const key of ['End', 'ArrowLeft', 'Home', 'ArrowRight', 'End']) steps.push(await timed({ key }));
    for (const k of [1, 51, 104, 106, 20001, 30001, moves]) {
      await page.evaluate((step) => { const slider = document.getElementById('slider'); slider.value = String(step); slider.dispatchEvent(new Event('input')); return window.fairplay.stepped; }, k);
      assert.equal(await shown(), boardAfter(rules, lines, k), `the board after ${k} moves`);
      checked.push(k);
    }
    const ms = steps.map((s) => s.ms);
    figures[`stepSequence${rules}40000Ms`] = ms;
    // The engine's part of each step (the worker's `step` call, JSON both ways).
    const engine = steps.map((s) => s.engine).sort((a, b) => a - b);
    figures[`stepSequence${rules}40000EngineMedianMs`] = engine[Math.floor(engine.length / 2)];
    figures[`stepSequence${rules}40000EngineMaxMs`] = engine.at(-1);
    console.log(`engine's part of a step, ${rules}: median ${engine[Math.floor(engine.length / 2)].toFixed(2)} ms, slowest ${engine.at(-1).toFixed(2)} ms`);
    withinBudget(`a step in a 40 000-move Sequence log, ${rules} rules`, ms, 16);
    await page.context().close();
  });
}

test('a 120 000-action Go Fish game: every step within a frame, the grid the command line\'s --knowledge --at K', async () => {
  // A game that goes on with an empty stock (3 players, 3 ranks, 4 cards each: the deck is
  // dealt whole, and every ask is answered "Go fish"), then a foul: player 2, who said "Go
  // fish" to A all game, asks for A. 1.5 MB: the editor holds a window of it.
  const rounds = 40000;
  const log = '1 A 2 A fish\n2 A 3 3 fish\n3 A 1 2 fish\n'.repeat(rounds) + '1 A 2 A fish\n2 A 3 A fish\n';
  const actions = 3 * rounds + 2;
  const rules = ['--players', '3', '--ranks', '3', '--hand', '4'];
  const expected = cli(['gofish', ...rules, '--format', 'json'], log);
  assert.equal(expected.verdict.action, actions);
  const page = await open();
  await page.selectOption('#game', 'gofish');
  await setField(page, '#gf-players', '3');
  await setField(page, '#gf-ranks', '3');
  await setField(page, '#gf-hand', '4');
  await page.evaluate((text) => { window.bigLog = text; }, log);
  await pasteEvent(page);
  assert.equal(await page.$eval('#verdict', (v) => v.dataset.contract), expected.contract);
  assert.equal(await page.evaluate(() => window.fairplay.result.actions.count), actions);
  const slider = (k) => page.evaluate((step) => { const s = document.getElementById('slider'); s.value = String(step); s.dispatchEvent(new Event('input')); return window.fairplay.stepped; }, k);
  // Steps from the event until the grid is shown and laid out: jumps by the slider, the arrow
  // keys, Home and End.
  const timed = (act) => timedStep(page, act);
  const steps = [];
  for (const k of [1, 100, 256, 60000, 119999, 2, 257, 90000, 12345]) {
    steps.push(await timed({ jump: k }));
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft']) steps.push(await timed({ key }));
  }
  for (const key of ['End', 'ArrowLeft', 'Home', 'ArrowRight', 'End']) steps.push(await timed({ key }));
  // The grid at a few steps, the command line's (at or past the foul: just before it, noted).
  for (const k of [0, 1, 257, 60001, actions - 1, actions]) {
    await slider(k);
    const knowledge = cli(['gofish', ...rules, '--knowledge', '--at', String(k), '--format', 'json'], log).explanation.knowledge;
    assert.equal(knowledge.after, Math.min(k, actions - 1));
    const shown = await grid(page);
    const want = expectedGrid(knowledge, ['A', '2', '3']);
    assert.deepEqual(shown.heads, want.heads, `heads after ${k}`);
    assert.deepEqual(shown.rows, want.rows, `cells after ${k}`);
    assert.equal(shown.note, k >= actions, `note after ${k}`);
  }
  const ms = steps.map((s) => s.ms);
  figures.stepGoFish120000Ms = ms;
  const engine = steps.map((s) => s.engine).sort((a, b) => a - b);
  figures.stepGoFish120000EngineMedianMs = engine[Math.floor(engine.length / 2)];
  figures.stepGoFish120000EngineMaxMs = engine.at(-1);
  console.log(`engine's part of a Go Fish step: median ${engine[Math.floor(engine.length / 2)].toFixed(2)} ms, slowest ${engine.at(-1).toFixed(2)} ms`);
  withinBudget('a step in a 120 000-action Go Fish game', ms, 16);
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
