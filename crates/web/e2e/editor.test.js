// The windowed editor (a log over 512 K characters, docs/web.md "Long logs"): select all
// (Ctrl+A) then a paste, a key or a delete act on the whole log, not only the lines the
// textarea holds; an ordinary edit stays inside the window.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, open, cli } from './helpers.js';

useBrowser();

/** Pastes `text` where the editor's selection is, as a user does (a paste event). */
async function pasteEvent(page, text) {
  await page.evaluate(async (text) => {
    const area = document.getElementById('log');
    const data = new DataTransfer();
    data.setData('text/plain', text);
    const started = performance.now();
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    while (!(window.fairplay.verdictShown > started)) await new Promise((resolve) => setTimeout(resolve, 5));
    await window.fairplay.complete;
  }, text);
}

/** The shown verdict, the count of actions and the texts of the action rows in the DOM. */
function shown(page) {
  return page.evaluate(() => ({
    contract: document.getElementById('verdict').dataset.contract,
    count: window.fairplay.result?.actions?.count ?? 0,
    rows: [...document.querySelectorAll('#actions li')].map((li) => li.textContent),
    text: window.fairplay.editorText(),
  }));
}

test('select all in a long log, then paste, type or delete: the whole log is replaced', async () => {
  const big = cli(['simulate', 'quartets', '--seed', '11', '--actions', '60000', '--lay-aside-rate', '0']);
  assert.ok(big.length > (1 << 19), `${big.length} characters`);
  const small = cli(['simulate', 'quartets', '--seed', '3', '--actions', '12', '--cheat-rate', '0.3']);
  const expected = cli(['quartets', '--format', 'json'], small);
  assert.notEqual(cli(['quartets', '--format', 'json'], big).contract, undefined);
  const page = await open('', { context: { serviceWorkers: 'block' } });
  await page.click('#log');
  await pasteEvent(page, big);
  assert.equal((await shown(page)).count, 60000);
  assert.ok(await page.isVisible('#window-notice'), 'the editor is windowed');

  // An ordinary key at the window's start edits there: the rest of the log is kept.
  await page.evaluate(() => { const a = document.getElementById('log'); a.focus(); a.setSelectionRange(0, 0); });
  await page.keyboard.type('#');
  let now = await shown(page);
  assert.ok(!big.includes('#'));
  assert.equal(now.text.length, big.length + 1);
  assert.equal(now.text.replace('#', ''), big);

  // Ctrl+A and a paste: the new log whole, nothing of the old one.
  await page.focus('#log');
  await page.keyboard.press('Control+A');
  await pasteEvent(page, small);
  now = await shown(page);
  assert.equal(now.text, small);
  assert.equal(now.contract, expected.contract);
  const lines = small.trim().split('\n').slice(1);
  assert.equal(now.count, lines.length);
  assert.equal(now.rows.length, lines.length);
  for (const [i, line] of lines.entries()) assert.ok(now.rows[i].includes(line), `row ${i + 1}: ${now.rows[i]} (${line})`);
  assert.ok(await page.isHidden('#window-notice'));

  // Ctrl+A and Backspace, and Ctrl+A and a key, in a long log: all of it goes.
  for (const [key, left] of [['Backspace', ''], ['x', 'x']]) {
    await page.evaluate(() => document.getElementById('log').select());
    await pasteEvent(page, big);
    assert.equal((await shown(page)).count, 60000);
    await page.focus('#log');
    await page.keyboard.press('Control+A');
    await page.keyboard.press(key);
    await page.waitForFunction((left) => window.fairplay.editorText() === left, left);
    await page.evaluate(() => window.fairplay.complete);
    assert.equal((await shown(page)).count, 0, key);
  }
  await page.context().close();
});
