// End-to-end tests of the "At the table" view; every expected answer comes from the command
// line's `--live --format json` on the same lines. See docs/web.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, open, cli, english } from './helpers.js';

useBrowser();

test('at the table: entries, the live verdict, undo, reload, export', async () => {
  const page = await open();
  await page.click('#tab-table');
  const enter = async (asker, asked, card, answer) => {
    await page.selectOption('#t-asker', String(asker));
    await page.selectOption('#t-asked', String(asked));
    await page.selectOption('#t-card', card);
    await page.click(answer === 'yes' ? '#t-yes' : '#t-no');
  };
  // The first sample, entered by hand: cheating is certain after its fourth action.
  await enter(1, 2, '3C', 'no');
  await enter(2, 3, '3A', 'yes');
  await enter(2, 4, '3D', 'yes');
  assert.equal(await page.$eval('#t-verdict', (v) => v.dataset.verdict), 'fair');
  await enter(2, 1, '3C', 'no');
  const lines = ['1 A 2 3C no', '2 A 3 3A yes', '2 A 4 3D yes', '2 A 1 3C no'];
  const live = cli(['quartets', '--live', '--format', 'json'], lines.join('\n') + '\n');
  assert.equal(await page.$eval('#t-verdict', (v) => v.dataset.verdict), live.at(-2).verdict);
  assert.equal(await page.$$eval('#t-events li', (l) => l.length), 4);
  await page.click('#t-undo');
  assert.equal(await page.$$eval('#t-events li', (l) => l.length), 3);
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  await page.click('#tab-table');
  assert.equal(await page.$$eval('#t-events li', (l) => l.length), 3);
  await page.click('#t-open');
  assert.equal(await page.$eval('#log', (e) => e.value), `3\n${lines.slice(0, 3).join('\n')}\n`);
  await page.context().close();
});

test('at the table, Sequence: picked moves, the live verdict, undo, reload, export', async () => {
  const page = await open();
  await page.check('input[name=rules][value=full]');
  await page.click('#tab-table');
  await page.check('input[name=t-game][value=sequence]');
  const move = async (card, square, act = 's-place', team = '') => {
    await page.selectOption('#s-team', team);
    await page.selectOption('#s-card', card);
    await page.selectOption('#s-square', square);
    await page.click(`#${act}`);
  };
  // The first moves of full-illegal.log, then a chip on an occupied square.
  await move('5h', 'E5', 's-place', 'blue');
  await move('2c', 'G4');
  await move('7c', 'C5');
  assert.equal(await page.$eval('#t-verdict', (v) => v.dataset.verdict), 'fair');
  await move('4d', 'E5');
  const lines = ['1 5h P E5 blue', '2 2c P G4', '3 7c P C5', '4 4d P E5'];
  const live = cli(['sequence', '--rules', 'full', '--live', '--format', 'json'], lines.join('\n') + '\n');
  const steps = live.filter((e) => e.event === 'step');
  assert.equal(await page.$eval('#t-verdict', (v) => v.dataset.verdict), steps.at(-1).verdict);
  assert.equal(steps.at(-1).verdict, 'foul');
  assert.equal(await page.$$eval('#t-events li', (l) => l.length), 4);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('fairplay.table.sequence')).join('|')), lines.join('|'));
  // In Hebrew, the illegal move in words of the table, from the engine's parameters.
  await page.selectOption('#lang', 'he');
  const illegal = await page.$eval('#t-events li:last-child', (li) => li.textContent);
  assert.match(illegal, /תור 4: מהלך לא חוקי: 4d שוחק על E5, שמראה 5h/);
  assert.ok(!english(illegal), illegal);
  await page.selectOption('#lang', 'en');
  await page.click('#t-undo');
  assert.equal(await page.$eval('#t-verdict', (v) => v.dataset.verdict), 'fair');
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  await page.check('input[name=rules][value=full]');
  await page.click('#tab-table');
  assert.ok(await page.$eval('input[name=t-game][value=sequence]', (r) => r.checked));
  assert.equal(await page.$$eval('#t-events li', (l) => l.length), 3);
  const download = page.waitForEvent('download');
  await page.click('#t-export');
  const file = await (await download).path();
  assert.equal(readFileSync(file, 'utf8'), `3\n${lines.slice(0, 3).join('\n')}\n`);
  await page.click('#t-open');
  assert.equal(await page.$eval('#log', (e) => e.value), `3\n${lines.slice(0, 3).join('\n')}\n`);
  await page.evaluate(() => window.fairplay.complete);
  assert.equal(await page.$$eval('#board .chip', (c) => c.length), 3);
  await page.context().close();
});
