// The judge view's words and details (issue 30, point 5), each by what the user sees: the
// empty editor, a count line that is no number, Hebrew plurals and labels, the stepper's
// arrows, the share button's states, a damaged link, the grid's key, the action list's marks,
// the board's labels on a phone, the icon. See docs/web.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, open, paste, cli, example, english, base, setField } from './helpers.js';

useBrowser();

test('an empty editor asks for a log; a log with no action says so without a line 0', async () => {
  const page = await open();
  for (const log of ['', '  \n\n\t\n']) {
    await paste(page, log);
    assert.match(await page.$eval('#verdict', (v) => v.textContent), /Paste, type, drop or open a log/);
    assert.equal(await page.isVisible('#error'), false);
  }
  await paste(page, '3\n');
  const error = await page.$eval('#error', (e) => e.textContent);
  assert.match(error, /no action line/);
  assert.doesNotMatch(error, /Line 0/);
  await page.context().close();
});

test('a count line that is no number is reported at line 1, as the command line does', async () => {
  const page = await open();
  const log = 'three\n1 A 2 3C no\n2 A 1 3C no\n';
  await paste(page, log);
  const expected = cli(['quartets', '--format', 'json'], log).error;
  assert.equal(expected.line, 1);
  const shown = await page.$eval('#error', (e) => e.textContent);
  assert.equal(shown, `Line 1: ${expected.message}`);
  assert.doesNotMatch(shown, /cannot tell the game/);
  assert.equal(await page.$eval('#gutter .bad', (b) => b.textContent.trim()), '1');
  await page.context().close();
});

test('Hebrew: plurals by Intl.PluralRules, labels and arrows in Hebrew', async () => {
  const page = await open('', { locale: 'he-IL' });
  // Two players of one card each, then of two: "קלף אחד", "שני קלפים", never "1 קלפים".
  await setField(page, '#players', '2');
  await setField(page, '#sets', '1');
  await setField(page, '#cps', '2');
  await setField(page, '#hands', '1,1');
  await paste(page, '1\n1 A 2 1B no\n');
  const counts = await page.$$eval('#grid .count', (c) => c.map((e) => e.textContent));
  assert.deepEqual(counts, ['קלף אחד', 'קלף אחד']);
  await setField(page, '#cps', '4');
  await setField(page, '#hands', '2,2');
  await paste(page, '1\n1 A 2 1B no\n');
  assert.deepEqual(await page.$$eval('#grid .count', (c) => c.map((e) => e.textContent)), ['שני קלפים', 'שני קלפים']);
  // Every label a screen reader says, in the header and the judge view, is Hebrew (the
  // log's own notation aside), for the grid and for the board.
  // An action's label starts with the action as the log writes it: only its marks are words.
  const labels = () => page.$$eval('header [aria-label], #judge [aria-label]', (all) => all.map((e) => {
    const label = e.getAttribute('aria-label');
    return e.closest('#action-list') ? label.slice(label.lastIndexOf(': ') + 2) : label;
  }));
  for (const label of await labels()) assert.ok(!english(label), `English label: ${label}`);
  await page.check('input[name=rules][value=full]');
  await paste(page, readFileSync(example('sequence/full-illegal.log'), 'utf8'));
  for (const label of await labels()) assert.ok(!english(label), `English label: ${label}`);
  // The arrows point the way the steps go: right to left.
  const boxes = await page.$$eval('.stepper .arrow', (b) => b.map((e) => [e.id, e.getBoundingClientRect().left, getComputedStyle(e).transform]));
  const at = Object.fromEntries(boxes.map(([id, left, transform]) => [id, { left, transform }]));
  assert.ok(at.first.left > at.last.left, 'the first step is on the right');
  for (const id of ['first', 'prev', 'next', 'last']) assert.equal(at[id].transform, 'matrix(-1, 0, 0, 1, 0, 0)', id);
  await page.selectOption('#lang', 'en');
  assert.equal(await page.$eval('#prev', (e) => getComputedStyle(e).transform), 'none');
  assert.ok(await page.$eval('#first', (e) => e.getBoundingClientRect().left) < await page.$eval('#last', (e) => e.getBoundingClientRect().left));
  await page.context().close();
});

test('the share button says it copied, then is itself again; a refused copy shows the link', async () => {
  const page = await open('', { context: { permissions: ['clipboard-read', 'clipboard-write'] } });
  await paste(page, readFileSync(example('quartets/sample2.log'), 'utf8'));
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share').dataset.state === 'copied');
  assert.equal(await page.textContent('#share'), 'Link copied');
  const link = await page.$eval('#share', (b) => b.dataset.link);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  await page.waitForFunction(() => document.getElementById('share').textContent === 'Copy link', null, { timeout: 5000 });
  assert.equal(await page.isVisible('#share-link'), false);
  // The browser refuses: the link is shown, selected, to copy by hand.
  await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); });
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share').dataset.state === 'failed');
  assert.match(await page.textContent('#share'), /Could not copy/);
  assert.ok(await page.isVisible('#share-link'));
  assert.equal(await page.inputValue('#share-link'), link);
  await page.context().close();
});

test('a damaged link says so and restores what it could of the log', async () => {
  const log = readFileSync(example('quartets/sample2.log'), 'utf8');
  // A long log, so that a cut link still holds many whole lines.
  const long = cli(['simulate', 'quartets', '--seed', '3', '--actions', '400', '--lay-aside-rate', '0']);
  const page = await open();
  await paste(page, long);
  await page.click('#share');
  // The link is made (its log deflated) before the button says it is copied.
  await page.waitForFunction(() => ['copied', 'failed'].includes(document.getElementById('share').dataset.state));
  const link = await page.$eval('#share', (b) => b.dataset.link);
  // Cut short, as a mail program might.
  const cut = link.slice(0, link.indexOf('log=') + Math.floor((link.length - link.indexOf('log=')) * 0.6));
  const other = await open(cut.slice(base.length));
  const notice = await other.$eval('#link-notice', (n) => n.textContent);
  assert.ok(await other.isVisible('#link-notice'));
  assert.match(notice, /This link is damaged/);
  const recovered = await other.$eval('#log', (e) => e.value);
  const n = recovered.split('\n').length - 1;
  assert.ok(n > 20 && n < 402, `${n} lines recovered`);
  assert.equal(recovered, long.split('\n').slice(0, n).join('\n') + '\n');
  assert.match(notice, new RegExp(`Recovered the first ${n} lines`));
  // The settings before the log are kept.
  assert.equal(await other.$eval('#game', (g) => g.value), 'quartets');
  // A log of which nothing can be read.
  const none = await open('#game=quartets&log=%%%garbled');
  assert.match(await none.$eval('#link-notice', (n) => n.textContent), /Nothing of its log could be recovered/);
  // A whole link says nothing.
  const whole = await open(link.slice(base.length));
  assert.equal(await whole.isVisible('#link-notice'), false);
  assert.equal(await whole.$eval('#log', (e) => e.value), long);
  for (const p of [page, other, none, whole]) await p.context().close();
});

test('the grid has a key drawn as its cells, and the action list shows every mark whole', async () => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 1100 }]) {
    const page = await open('', { viewport });
    await paste(page, readFileSync(example('quartets/sample1.log'), 'utf8'));
    await page.focus('#actions');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    // The step is drawn when the worker answers: read the grid of action 1, not a grid between.
    await page.evaluate(() => window.fairplay.stepped);
    const key = await page.$$eval('#legend .swatch', (s) => s.map((e) => [e.className.split(' ')[1], getComputedStyle(e).backgroundImage, getComputedStyle(e).backgroundColor]));
    assert.deepEqual(key.map(([kind]) => kind), ['seen', 'certain', 'possible']);
    for (const [kind, image, color] of key) {
      const cell = await page.$(`#grid td.${kind}`);
      if (!cell) continue;
      assert.deepEqual(await cell.evaluate((e) => [getComputedStyle(e).backgroundImage, getComputedStyle(e).backgroundColor]), [image, color], kind);
    }
    assert.ok(await page.isVisible('#legend'));
    // No row of the list is cut: its text fits its width.
    const cut = await page.$$eval('#actions li', (rows) => rows.filter((r) => r.scrollWidth > r.clientWidth).map((r) => r.textContent));
    assert.deepEqual(cut, [], `at ${viewport.width} px`);
    assert.match(await page.textContent('#marks-key'), /✓ consistent so far/);
    assert.match(await page.$eval('#actions li.foul', (li) => li.getAttribute('aria-label')), /cheating certain/);
    await page.context().close();
  }
});

test('on a phone the chips leave the board\'s labels readable', async () => {
  const page = await open('', { viewport: { width: 390, height: 1100 } });
  await page.check('input[name=rules][value=full]');
  await paste(page, readFileSync(example('sequence/full-illegal.log'), 'utf8'));
  const covered = await page.$$eval('#board .sq', (squares) => squares.filter((sq) => {
    const chip = sq.querySelector('.chip');
    if (!chip) return false;
    const a = sq.querySelector('.label').getBoundingClientRect();
    const b = chip.getBoundingClientRect();
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }).map((sq) => sq.dataset.square));
  assert.ok(await page.$$eval('#board .chip', (c) => c.length) > 10);
  assert.deepEqual(covered, []);
  await page.context().close();
});

test('the icon is there: /favicon.ico and the page\'s icons load', async () => {
  const page = await open();
  for (const path of ['favicon.ico', 'icon-192.png', 'icon-512.png']) {
    const response = await page.request.get(base + path);
    assert.equal(response.status(), 200, path);
    assert.ok((await response.body()).length > 100, path);
  }
  const icon = await page.$eval('link[rel=icon]', (l) => l.href);
  assert.equal(icon, `${base}favicon.ico`);
  await page.context().close();
});
