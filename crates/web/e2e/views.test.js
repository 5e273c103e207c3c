// The views the page hides are hidden for the user: invisible, taking no room and out of the
// tab order, checked by what the browser shows (visibility, screenshots, focus), not by the
// `hidden` attribute. See docs/web.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, open, paste, example } from './helpers.js';

useBrowser();

/** The elements the keyboard reaches from the top of the page, in order (at most `max`):
 * each as its id (or tag) and whether the user could see it. */
async function tabOrder(page, max = 80) {
  await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
  const seen = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      return { id: e.id || e.tagName.toLowerCase(), visible: e.checkVisibility({ visibilityProperty: true }), inJudge: Boolean(e.closest('#judge')), inTable: Boolean(e.closest('#table')) };
    });
    if (!at) break;
    if (seen.length && at.id === seen[0].id) break;
    seen.push(at);
  }
  return seen;
}

/** Every element that carries `hidden` and yet shows or takes room. */
async function shownHidden(page) {
  return page.$$eval('[hidden]', (all) => all.filter((e) => {
    const box = e.getBoundingClientRect();
    return e.checkVisibility() || box.width > 0 || box.height > 0;
  }).map((e) => e.id || e.className || e.tagName));
}

test('the tab "At the table" hides the judge view: nothing of it is seen or reached', async () => {
  const page = await open();
  await paste(page, readFileSync(example('quartets/sample1.log'), 'utf8'));
  assert.ok(await page.isVisible('#log'));
  assert.ok(await page.isVisible('#stepper'));
  const judgeOrder = await tabOrder(page);
  assert.ok(judgeOrder.some((e) => e.id === 'log') && judgeOrder.some((e) => e.id === 'slider'), JSON.stringify(judgeOrder));
  assert.ok(judgeOrder.every((e) => !e.inTable), 'the hidden table view is reached by Tab');

  await page.click('#tab-table');
  for (const id of ['judge', 'log', 'verdict', 'stepper', 'slider', 'actions', 'grid']) {
    assert.equal(await page.isVisible(`#${id}`), false, `#${id} is visible at the table`);
  }
  assert.deepEqual(await shownHidden(page), []);
  // The table view starts where the judge view did: the hidden one takes no room.
  const top = await page.$eval('#table', (s) => s.getBoundingClientRect().top);
  const header = await page.$eval('.bar', (b) => b.getBoundingClientRect().bottom);
  assert.ok(top - header < 40, `the table view starts ${top - header} px below the header`);
  const order = await tabOrder(page);
  assert.ok(order.some((e) => e.inTable), JSON.stringify(order));
  assert.deepEqual(order.filter((e) => e.inJudge || !e.visible), [], 'Tab reaches what is not shown');
  // The screen is the same as with the judge view taken out of the page.
  const shown = await page.screenshot({ fullPage: true });
  await page.evaluate(() => { window.judgeView = document.getElementById('judge'); window.judgeView.remove(); });
  const without = await page.screenshot({ fullPage: true });
  assert.ok(shown.equals(without), 'the hidden judge view changes what is on the screen');
  await page.evaluate(() => document.querySelector('main').prepend(window.judgeView));

  await page.click('#tab-judge');
  assert.ok(await page.isVisible('#log'));
  assert.equal(await page.isVisible('#table'), false);
  assert.deepEqual(await shownHidden(page), []);
  await page.context().close();
});

test('the stepper and the error line are hidden until there is something to show', async () => {
  const page = await open();
  // Nothing judged yet: no stepper, no error.
  assert.equal(await page.isVisible('#stepper'), false);
  assert.equal(await page.isVisible('#error'), false);
  assert.deepEqual(await shownHidden(page), []);
  assert.ok((await tabOrder(page)).every((e) => e.visible && !['first', 'prev', 'slider', 'next', 'last', 'share'].includes(e.id)));
  // A log that cannot be judged: the error, still no stepper.
  await paste(page, '2\n1 A 2 3C no\n2 A 1 3C maybe\n');
  assert.ok(await page.isVisible('#error'));
  assert.equal(await page.isVisible('#stepper'), false);
  assert.deepEqual(await shownHidden(page), []);
  assert.ok((await tabOrder(page)).every((e) => e.visible && e.id !== 'slider'));
  // A log judged: the stepper, no error.
  await paste(page, readFileSync(example('quartets/sample2.log'), 'utf8'));
  assert.ok(await page.isVisible('#stepper'));
  assert.equal(await page.isVisible('#error'), false);
  assert.deepEqual(await shownHidden(page), []);
  await page.context().close();
});

test('the line numbers: those in view only, in a gutter as wide as the line count needs', async () => {
  const page = await open();
  const log = (n) => `${n}\n${Array.from({ length: n }, (_, i) => `${(i % 4) + 1} A ${((i + 1) % 4) + 1} 3C no`).join('\n')}\n`;
  const width = () => page.$eval('#gutter', (g) => g.getBoundingClientRect().width);
  await paste(page, log(200));
  const wide3 = await width();
  // The numbers in the gutter: the first lines, a screenful (not 202).
  const shown = async () => (await page.$eval('#gutter', (g) => g.textContent)).trim().split('\n').map(Number);
  const first = await shown();
  assert.equal(first[0], 1);
  assert.ok(first.length < 40, `${first.length} numbers in the gutter`);
  // Another log of as many digits: the same width, so nothing beside it moves.
  await paste(page, log(900));
  assert.equal(await width(), wide3);
  await paste(page, log(2000));
  const wide4 = await width();
  assert.ok(wide4 > wide3, `${wide4} px for four digits, ${wide3} px for three`);
  // Scrolled to the end: the last numbers, level with the editor's last lines.
  await page.$eval('#log', (a) => { a.scrollTop = a.scrollHeight; });
  await page.waitForFunction(() => document.getElementById('gutter').textContent.includes('2002'));
  const last = await shown();
  assert.equal(last.at(-1), 2002);
  const [lineTop, areaBottom] = await page.evaluate(() => {
    const area = document.getElementById('log');
    const spans = document.getElementById('gutter-lines');
    const range = document.createRange();
    range.selectNodeContents(spans);
    const rects = [...range.getClientRects()];
    return [rects.at(-1).bottom, area.getBoundingClientRect().bottom];
  });
  assert.ok(Math.abs(lineTop - areaBottom) < 30, `last number at ${lineTop}, the editor ends at ${areaBottom}`);
  // A malformed line far down is marked when in view.
  await paste(page, log(2000).split('\n').map((l, i) => (i === 1500 ? '1 A 2 3C maybe' : l)).join('\n'));
  await page.$eval('#log', (a) => { a.scrollTop = 1490 * parseFloat(getComputedStyle(a).lineHeight); });
  await page.waitForSelector('#gutter .bad');
  assert.equal(await page.$eval('#gutter .bad', (b) => b.textContent.trim()), '1501');
  await page.context().close();
});
