// Accessibility of the page (issue 34): axe-core (from npm, injected into the page) on every
// view in English and Hebrew at a phone's and a desktop's size, and the Sequence board as a
// grid a keyboard and a screen reader can walk. See docs/web.md, "Accessibility".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { useBrowser, open, paste, cli, example } from './helpers.js';

useBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it is now: every rule axe runs by default. */
async function violations(page) {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(() => window.axe.run(document));
  return result.violations;
}

const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

/** Each view the page has, reached as a user reaches it. */
const views = {
  'judge, empty': async () => {},
  'judge, a Quartets log with its grid': async (page) => paste(page, readFileSync(example('quartets/sample1.log'), 'utf8')),
  'judge, a malformed line': async (page) => paste(page, '3\n1 A 2 3C no\n2 A 3 3A maybe\n2 A 4 3D yes\n'),
  'judge, a seat': async (page) => {
    await page.fill('#seat', '1');
    await page.fill('#hand', '1A,1B,2A,2B,3A,3B,4A,4B');
    await paste(page, readFileSync(example('quartets/sample2.log'), 'utf8'));
  },
  'judge, the Sequence board (full rules)': async (page) => {
    await page.check('input[name=rules][value=full]');
    await paste(page, readFileSync(example('sequence/full-illegal.log'), 'utf8'));
  },
  'judge, the Sequence tokens (contract)': async (page) => paste(page, readFileSync(example('sequence/sample1.log'), 'utf8')),
  'judge, a Go Fish log with its ranges': async (page) => paste(page, readFileSync(example('gofish/standard-cheat.log'), 'utf8')),
  'at the table, Go Fish': async (page) => {
    await page.click('#tab-table');
    await page.check('input[name=t-game][value=gofish]');
    await page.click('#g-fish');
  },
  'at the table, Quartets': async (page) => {
    await page.click('#tab-table');
    await page.click('#t-no');
  },
  'at the table, Sequence': async (page) => {
    await page.check('input[name=rules][value=full]');
    await page.click('#tab-table');
    await page.check('input[name=t-game][value=sequence]');
    await page.click('#s-place');
  },
};

for (const [locale, code] of [['en-US', 'en'], ['he-IL', 'he']]) {
  for (const [size, viewport] of Object.entries(sizes)) {
    test(`axe-core: no critical or serious violation on any view (${code}, ${size} ${viewport.width}x${viewport.height})`, async () => {
      const found = [];
      for (const [name, reach] of Object.entries(views)) {
        const page = await open('', { locale, viewport });
        assert.equal(await page.$eval('html', (h) => h.lang), code);
        await reach(page);
        for (const v of await violations(page)) {
          if (v.impact === 'critical' || v.impact === 'serious') {
            found.push(`${name}: ${v.impact} ${v.id} (${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`);
          }
        }
        await page.context().close();
      }
      assert.deepEqual(found, []);
    });
  }
}

test('the Sequence board is a grid of rows and named cells, walked with one roving focus', async () => {
  const file = example('sequence/full-illegal.log');
  const expected = cli(['sequence', file, '--rules', 'full', '--explain', '--format', 'json']).explanation;
  const page = await open();
  await page.check('input[name=rules][value=full]');
  await paste(page, readFileSync(file, 'utf8'));
  const shape = await page.$eval('#board', (board) => ({
    role: board.getAttribute('role'),
    rows: [...board.children].map((row) => [row.getAttribute('role'), [...row.children].map((c) => c.getAttribute('role'))]),
  }));
  assert.equal(shape.role, 'grid');
  assert.equal(shape.rows.length, 10);
  for (const [role, cells] of shape.rows) {
    assert.equal(role, 'row');
    assert.deepEqual(cells, Array(10).fill('gridcell'));
  }
  // Each square's name says what is drawn on it, from the command line's board.
  const marks = expected.board.rows.join('');
  const names = await page.$$eval('#board [role=gridcell]', (cells) => cells.map((c) => [c.dataset.square, c.getAttribute('aria-label')]));
  const teams = { b: 'blue', g: 'green', r: 'red' };
  names.forEach(([square, name], i) => {
    const mark = marks[i];
    assert.ok(name.startsWith(`${square}, `), name);
    const team = teams[mark.toLowerCase()];
    if (team) assert.match(name, new RegExp(`, ${team} chip`), name);
    else assert.doesNotMatch(name, /chip/, name);
    assert.equal(/in a completed sequence/.test(name), Boolean(team) && mark !== mark.toLowerCase(), name);
    assert.equal(/the illegal move/.test(name), square === expected.illegal.square, name);
    if (mark === '*') assert.match(name, /free corner/);
  });
  assert.ok(marks.match(/[BGR]/), 'the log has a completed sequence to name');
  // One square in the tab order; the arrows, Home and End move it, and do not step the log.
  const tabbable = () => page.$$eval('#board [tabindex="0"]', (c) => c.map((x) => x.dataset.square));
  assert.deepEqual(await tabbable(), ['A1']);
  const step = await page.evaluate(() => window.fairplay.step);
  await page.focus('#board [data-square=A1]');
  const walk = [['ArrowRight', 'B1'], ['ArrowDown', 'B2'], ['ArrowDown', 'B3'], ['End', 'J3'], ['ArrowRight', 'J3'],
    ['ArrowLeft', 'I3'], ['Home', 'A3'], ['ArrowUp', 'A2'], ['Control+End', 'J10'], ['PageUp', 'J1'], ['Control+Home', 'A1']];
  for (const [key, square] of walk) {
    await page.keyboard.press(key);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.square), square, key);
    assert.deepEqual(await tabbable(), [square]);
  }
  assert.equal(await page.evaluate(() => window.fairplay.step), step, 'the board keys do not step the log');
  // In Hebrew the names are Hebrew.
  await page.selectOption('#lang', 'he');
  await page.evaluate(() => window.fairplay.complete);
  const hebrew = await page.$eval(`#board [data-square=${expected.illegal.square}]`, (c) => c.getAttribute('aria-label'));
  assert.match(hebrew, /המהלך הלא חוקי/);
  await page.context().close();
});

test('the views are WAI-ARIA tabs; the stepping keys work in the stepper and the action list only', async () => {
  for (const [locale, forward, back] of [['en-US', 'ArrowRight', 'ArrowLeft'], ['he-IL', 'ArrowLeft', 'ArrowRight']]) {
    const page = await open('', { locale });
    await paste(page, readFileSync(example('quartets/sample2.log'), 'utf8'));
    const tabsNow = () => page.$$eval('[role=tablist] [role=tab]', (tabs) => tabs.map((tab) => {
      const panel = document.getElementById(tab.getAttribute('aria-controls'));
      return [tab.id, tab.getAttribute('aria-selected'), tab.tabIndex, panel.getAttribute('role'), panel.getAttribute('aria-labelledby') === tab.id, panel.hidden];
    }));
    assert.deepEqual(await tabsNow(), [['tab-judge', 'true', 0, 'tabpanel', true, false], ['tab-table', 'false', -1, 'tabpanel', true, true]]);
    const step = await page.evaluate(() => window.fairplay.step);
    assert.ok(step > 1, 'the log opens past its first actions');
    // The arrow in the reading direction moves to the other tab and selects it; the log stays.
    await page.focus('#tab-judge');
    await page.keyboard.press(forward);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-table', locale);
    assert.deepEqual(await tabsNow(), [['tab-judge', 'false', -1, 'tabpanel', true, true], ['tab-table', 'true', 0, 'tabpanel', true, false]]);
    assert.equal(await page.evaluate(() => window.fairplay.step), step);
    // Tab and Shift+Tab leave the tab list (one tab in the tab order).
    await page.keyboard.press('Shift+Tab');
    assert.notEqual(await page.evaluate(() => document.activeElement.getAttribute('role')), 'tab', 'Shift+Tab leaves the tabs');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-table');
    await page.keyboard.press('Tab');
    assert.notEqual(await page.evaluate(() => document.activeElement.getAttribute('role')), 'tab', 'Tab leaves the tabs');
    // The table's buttons do not step the hidden log.
    for (const id of ['t-undo', 't-no']) {
      await page.focus(`#${id}`);
      for (const key of ['ArrowRight', 'ArrowLeft', 'Home', 'End']) await page.keyboard.press(key);
    }
    assert.equal(await page.evaluate(() => window.fairplay.step), step, 'keys on the table view step nothing');
    await page.focus('#tab-table');
    await page.keyboard.press(back);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-judge');
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-table');
    await page.keyboard.press('Home');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-judge');
    assert.equal(await page.evaluate(() => window.fairplay.step), step);
    // On the judge view, a control outside the stepper and the list does not step either...
    await page.focus('#example');
    await page.focus('#players');
    await page.keyboard.press('Escape');
    await page.focus('#file');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => window.fairplay.step), step);
    // ...while the action list and the stepper's buttons do.
    await page.focus('#actions');
    await page.keyboard.press('Home');
    assert.equal(await page.evaluate(() => window.fairplay.step), 0);
    await page.keyboard.press(forward);
    assert.equal(await page.evaluate(() => window.fairplay.step), 1);
    await page.focus('#next');
    await page.keyboard.press(forward);
    assert.equal(await page.evaluate(() => window.fairplay.step), 2);
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => window.fairplay.step), await page.$eval('#slider', (s) => Number(s.max)));
    await page.context().close();
  }
});

/** The elements wider than the page at this width (those that make it scroll sideways), and
 * the page's own overflow in CSS pixels. */
async function sideways(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const over = [...document.querySelectorAll('body *')].filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width && (r.right > width + 0.5 || r.left < -0.5) && getComputedStyle(e).position !== 'fixed'
        && ![...document.querySelectorAll('body *')].some((a) => a !== e && a.contains(e) && getComputedStyle(a).overflowX !== 'visible');
    }).map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${e.className}`);
    return { overflow: document.documentElement.scrollWidth - width, over };
  });
}

for (const width of [320, 360]) {
  test(`reflow: no view scrolls sideways at ${width} px (English and Hebrew)`, async () => {
    const found = [];
    for (const locale of ['en-US', 'he-IL']) {
      for (const [name, reach] of Object.entries(views)) {
        const page = await open('', { locale, viewport: { width, height: 740 } });
        await reach(page);
        const { overflow, over } = await sideways(page);
        if (overflow > 0) found.push(`${locale} ${name}: ${overflow} px (${over.slice(0, 4).join(', ')})`);
        await page.context().close();
      }
    }
    assert.deepEqual(found, []);
  });
}

/** Whether the focus ring of the focused element is drawn whole: the ring's box (the element's
 * box grown by its outline's offset and width) inside every ancestor that clips its content. */
async function ringClipped(page) {
  return page.evaluate(() => {
    const e = document.activeElement;
    const style = getComputedStyle(e);
    const grow = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
    if (style.outlineStyle === 'none' || !(parseFloat(style.outlineWidth) > 0)) return 'no ring';
    const r = e.getBoundingClientRect();
    const ring = { left: r.left - grow, right: r.right + grow, top: r.top - grow, bottom: r.bottom + grow };
    for (let a = e.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      const clips = s.overflowX !== 'visible' || s.overflowY !== 'visible' || /paint|strict|content/.test(s.contain);
      if (!clips || a === document.documentElement || a === document.body) continue;
      const b = a.getBoundingClientRect();
      if (ring.left < b.left - 0.5 || ring.right > b.right + 0.5 || ring.top < b.top - 0.5 || ring.bottom > b.bottom + 0.5) {
        return `clipped by ${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''}.${a.className}`;
      }
    }
    return null;
  });
}

test('focus rings are drawn whole: the editor, the grid, the board, the list, the table and its board', async () => {
  const found = [];
  for (const viewport of [sizes.phone, sizes.desktop]) {
    const page = await open('', { viewport });
    // Reached by the keyboard (Tab), so that :focus-visible applies as it does for a user.
    const ring = async (selector) => {
      await page.$eval(selector, (e) => { e.scrollIntoView({ block: 'center' }); });
      await page.focus(selector);
      await page.keyboard.press('Shift');
      const clipped = await ringClipped(page);
      if (clipped) found.push(`${viewport.width}: ${selector}: ${clipped}`);
    };
    await paste(page, readFileSync(example('quartets/sample1.log'), 'utf8'));
    for (const selector of ['#log', '#file', '.gridwrap', '#actions', '#slider', '#share', '#tab-judge', '#lang']) await ring(selector);
    await page.check('input[name=rules][value=full]');
    await paste(page, readFileSync(example('sequence/full-illegal.log'), 'utf8'));
    for (const square of ['A1', 'J1', 'A10', 'J10', 'E5']) await ring(`#board [data-square=${square}]`);
    await page.click('#tab-table');
    for (const selector of ['#t-asked button', '#t-no', '#t-undo', '#t-clear']) await ring(selector);
    // The board at the table (full rules), which scrolls sideways in its own box on a phone.
    await page.check('input[name=t-game][value=sequence]');
    for (const selector of ['#s-teams button', ...['A1', 'J1', 'E5', 'A10', 'J10'].map((q) => `#s-board [data-square=${q}]`)]) await ring(selector);
    await page.context().close();
  }
  assert.deepEqual(found, []);
});

/** In the page: the contrast ratio (WCAG) of two CSS colours, the first drawn over the second
 * and the second over the page's background. */
const contrastInPage = `
  window.rgba = (color) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  window.over = (top, bottom) => top.slice(0, 3).map((c, i) => c * top[3] + bottom[i] * (1 - top[3])).concat(1);
  window.contrast = (fore, back) => {
    const page = rgba(getComputedStyle(document.body).backgroundColor);
    const b = over(rgba(back), page);
    const f = over(rgba(fore), b);
    const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const [hi, lo] = [lum(f), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };`;

for (const colorScheme of ['light', 'dark']) {
  test(`not by colour alone (${colorScheme}): the grid's marks differ in shape, have keys and 3:1; the chips have letters and shapes`, async () => {
    const page = await open('', { colorScheme, viewport: sizes.phone });
    await page.addScriptTag({ content: contrastInPage });
    await paste(page, readFileSync(example('quartets/sample1.log'), 'utf8'));
    // At the foul the grid has all three marks (3A, 3B, 3D seen; 3C certain; the rest possible).
    const marks = await page.evaluate(() => Object.fromEntries(['seen', 'certain', 'possible'].map((kind) => {
      const cell = document.querySelector(`#grid td.${kind}`);
      const key = document.querySelector(`.legend .swatch.${kind}`);
      const style = getComputedStyle(cell);
      const root = getComputedStyle(document.documentElement);
      const ink = kind === 'possible' ? root.getPropertyValue('--muted') : root.getPropertyValue('--fg');
      const shape = (s) => `${s.backgroundImage.replace(/(rgba?|color|oklab|oklch|lab)\([^)]*\)/g, 'C')} ${s.backgroundSize}`;
      return [kind, { shape: shape(style), key: key ? shape(getComputedStyle(key)) : null, keyText: key?.parentElement.textContent,
        contrast: contrast(ink, style.backgroundColor) }];
    })));
    const shapes = Object.values(marks).map((m) => m.shape);
    assert.equal(new Set(shapes).size, 3, `three different shapes: ${shapes.join(' | ')}`);
    for (const [kind, m] of Object.entries(marks)) {
      assert.equal(m.key, m.shape, `the legend's key for ${kind} is drawn as the cell`);
      assert.ok(m.keyText.trim().length > 3, `the key for ${kind} says what it means`);
      assert.ok(m.contrast >= 3, `${kind}: the mark against its cell ${m.contrast.toFixed(2)}:1`);
    }
    // The board of three teams: a letter and a shape per team, 3:1 against the square, the
    // letter 4.5:1 on its chip, the card's label 12 px or more and clear of the chip.
    await page.check('input[name=rules][value=full]');
    await paste(page, readFileSync(example('sequence/three-teams.log'), 'utf8'));
    const chips = await page.evaluate(() => ['b', 'g', 'r'].map((team) => {
      const chip = document.querySelector(`#board .chip.${team}`);
      const square = chip.closest('.sq');
      const style = getComputedStyle(chip);
      const label = square.querySelector('.label');
      const a = label.getBoundingClientRect();
      const c = chip.getBoundingClientRect();
      return {
        team, letter: getComputedStyle(chip, '::after').content, shape: `${style.borderRadius} ${style.transform}`,
        chip: contrast(style.backgroundColor, getComputedStyle(square).backgroundColor),
        text: contrast(style.color, style.backgroundColor),
        labelPx: parseFloat(getComputedStyle(label).fontSize),
        overlap: Math.max(0, Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top)) * Math.max(0, Math.min(a.right, c.right) - Math.max(a.left, c.left)),
      };
    }));
    assert.equal(new Set(chips.map((c) => c.letter)).size, 3, chips.map((c) => c.letter).join());
    assert.ok(chips.every((c) => /^"\S"$/.test(c.letter)), chips.map((c) => c.letter).join());
    assert.equal(new Set(chips.map((c) => c.shape)).size, 3, chips.map((c) => c.shape).join(' | '));
    for (const c of chips) {
      assert.ok(c.chip >= 3, `${c.team} chip ${c.chip.toFixed(2)}:1 against its square`);
      assert.ok(c.text >= 4.5, `${c.team} letter ${c.text.toFixed(2)}:1 on its chip`);
      assert.ok(c.labelPx >= 12, `label ${c.labelPx} px`);
      assert.equal(c.overlap, 0, `the ${c.team} chip covers its card's label`);
    }
    await page.context().close();
  });
}

test('status messages: "Link copied" is announced in a status region and cleared; a refused table entry in the live answer', async () => {
  const page = await open('', { context: { permissions: ['clipboard-read', 'clipboard-write'] } });
  await paste(page, readFileSync(example('quartets/sample2.log'), 'utf8'));
  assert.equal(await page.$eval('#share-status', (s) => s.getAttribute('role')), 'status');
  assert.equal(await page.textContent('#share-status'), '');
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share').dataset.state === 'copied');
  assert.equal(await page.textContent('#share-status'), 'Link copied');
  await page.waitForFunction(() => document.getElementById('share-status').textContent === '', null, { timeout: 5000 });
  assert.equal(await page.textContent('#share'), 'Copy link');
  // At the table, the refusal is the text of the live region (not only a line of the list).
  await page.click('#tab-table');
  await page.evaluate(() => window.fairplay.table.enter('2 A 1 3C no'));
  assert.equal(await page.$eval('#t-verdict', (v) => v.getAttribute('aria-live')), 'polite');
  assert.match(await page.textContent('#t-verdict'), /^Not entered: .*player 2 acts, but it is player 1's turn/);
  await page.context().close();
});
