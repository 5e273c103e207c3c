// The "At the table" view on a phone (issues 30 and 34): the referee's answer after every
// action, only legal choices, few taps, large targets, undo and New game, the game kept
// across a reload. Every expected answer comes from the command line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, open, cli, english } from './helpers.js';

useBrowser();

/** Enters Quartets action `line` by tapping only what the table has not already picked;
 * returns the taps it took. */
export async function tapAction(page, line) {
  const [actor, verb, ...rest] = line.trim().split(/\s+/);
  assert.equal(await page.$eval('#t-turn', (p) => p.dataset.turn), actor, `the table follows the turn: ${line}`);
  let taps = 0;
  const pick = async (row, value) => {
    const selector = `#${row} button[data-value="${value}"]`;
    if (!(await page.$(selector))) { await page.click('#t-all'); taps++; }
    if (await page.$eval(selector, (b) => b.getAttribute('aria-pressed')) !== 'true') { await page.tap(selector); taps++; }
  };
  if (verb === 'Q') {
    await pick('t-set', rest[0]);
    await page.tap('#t-lay');
    return taps + 1;
  }
  const [asked, card, answer] = rest;
  await pick('t-asked', asked);
  await pick('t-set', card.slice(0, -1));
  await pick('t-letter', card.slice(-1));
  await page.tap(answer === 'yes' ? '#t-yes' : '#t-no');
  return taps + 1;
}

/** The controls of the table view smaller than 44x44 px, by name and size: its buttons,
 * selects, inputs and the board's squares. A check box or radio button is its label's target
 * (a tap on the label toggles it). */
async function smallControls(page) {
  return page.$$eval('#table button, #table select, #table input, #table [role=gridcell]', (all) => all
    .filter((e) => e.getClientRects().length)
    .map((e) => [e.id || e.dataset.square || e.value || e.textContent.trim().slice(0, 20), (e.tagName === 'INPUT' ? e.closest('label') : e).getBoundingClientRect()])
    .filter(([, r]) => r.width < 44 || r.height < 44)
    .map(([name, r]) => `${name} ${Math.round(r.width * 10) / 10}x${Math.round(r.height * 10) / 10}`));
}

/** Whether `selector`'s box lies wholly inside the viewport. */
async function inView(page, selector) {
  return page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
  });
}

for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 740 }]) {
  test(`at the table on a phone (${viewport.width}x${viewport.height}): 10 Quartets actions in at most 30 taps, the answer always in sight`, async () => {
    const log = cli(['simulate', 'quartets', '--seed', '7']);
    const lines = log.trim().split('\n').slice(1, 11);
    assert.ok(lines.some((l) => / Q /.test(l)) && lines.some((l) => /yes$/.test(l)) && lines.some((l) => /no$/.test(l)), 'a game with every kind of action');
    const live = cli(['quartets', '--live', '--format', 'json'], lines.join('\n') + '\n').filter((e) => e.event === 'step');
    const page = await open('', { viewport, context: { hasTouch: true, isMobile: true } });
    await page.tap('#tab-table');
    let taps = 0;
    for (const [i, line] of lines.entries()) {
      taps += await tapAction(page, line);
      // The newest answer, in the live region, in sight without scrolling.
      assert.equal(await page.$eval('#t-verdict', (v) => v.dataset.verdict), live[i].verdict, line);
      assert.match(await page.$eval('#t-verdict', (v) => v.textContent), new RegExp(`^${i + 1}: `), line);
      assert.ok(await inView(page, '#t-verdict'), `the answer to action ${i + 1} is in sight`);
      assert.equal(await page.$eval('#t-verdict', (v) => v.getAttribute('aria-live')), 'polite');
    }
    assert.ok(taps <= 30, `${taps} taps for 10 actions`);
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('fairplay.table')).join('\n')), lines.join('\n'));
    assert.deepEqual(await smallControls(page), []);
    console.log(`taps ${viewport.width}: ${taps}`);
    await page.context().close();
  });
}

test('at the table: only the player on turn asks, only players in the game are asked, only cards in play', async () => {
  const page = await open();
  await page.click('#tab-table');
  assert.equal(await page.$eval('#t-turn', (p) => p.dataset.turn), '1');
  const asked = () => page.$$eval('#t-asked button', (b) => b.map((x) => x.dataset.value));
  const pressed = (row) => page.$eval(`#${row} [aria-pressed=true]`, (b) => b.dataset.value);
  assert.deepEqual(await asked(), ['2', '3', '4']);
  assert.equal(await pressed('t-asked'), '2', 'a legal other player is preselected');
  // 1 asks 3 for 2C: no; the turn is 3's, who is preselected to ask 4.
  await page.click('#t-asked button[data-value="3"]');
  await page.click('#t-set button[data-value="2"]');
  await page.click('#t-letter button[data-value="C"]');
  await page.click('#t-no');
  assert.equal(await page.$eval('#t-turn', (p) => p.dataset.turn), '3');
  assert.deepEqual(await asked(), ['1', '2', '4']);
  assert.equal(await pressed('t-asked'), '4');
  assert.equal(await pressed('t-set'), '2', 'the set picked stays');
  // Player 3 gets 1B, 1C, 1D (holding 1A) and lays set 1 aside: set 1 leaves the choices.
  for (const letter of 'BCD') {
    await page.click('#t-set button[data-value="1"]');
    await page.click(`#t-letter button[data-value="${letter}"]`);
    await page.click('#t-yes');
  }
  await page.click('#t-set button[data-value="1"]');
  await page.click('#t-lay');
  assert.equal(await page.$eval('#t-verdict', (v) => v.dataset.verdict), 'fair');
  await page.check('#t-all');
  const sets = await page.$$eval('#t-set button', (b) => b.map((x) => x.dataset.value));
  assert.ok(!sets.includes('1') && sets.includes('2'), sets.join());
  const lines = ['1 A 3 2C no', '3 A 4 1B yes', '3 A 4 1C yes', '3 A 4 1D yes', '3 Q 1'];
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('fairplay.table')).join('\n')), lines.join('\n'));
  const live = cli(['quartets', '--live', '--format', 'json'], lines.join('\n') + '\n');
  assert.equal(await page.$eval('#t-verdict', (v) => v.dataset.verdict), live.at(-2).verdict);
  await page.context().close();
});

test('at the table: a refused entry is announced and not kept; New game is undone by Undo; the game survives a reload', async () => {
  const page = await open();
  await page.click('#tab-table');
  await page.click('#t-no');
  await page.click('#t-no');
  const kept = () => page.evaluate(() => JSON.parse(localStorage.getItem('fairplay.table')));
  const before = await kept();
  assert.equal(before.length, 2);
  // A line the engine refuses (here one entered out of turn, as a stale page could send it).
  await page.evaluate(() => window.fairplay.table.enter('1 A 2 3C no'));
  const said = await page.$eval('#t-verdict', (v) => v.textContent);
  const expected = cli(['quartets', '--live', '--format', 'json'], [...before, '1 A 2 3C no'].join('\n') + '\n').find((e) => e.event === 'ignored');
  assert.match(said, /^Not entered: /);
  assert.ok(said.includes(expected.error.message), said);
  assert.match(said, /2: honest game still possible$/, 'the verdict stands beside the refusal');
  assert.deepEqual(await kept(), before);
  // New game, then Undo: the game is back.
  await page.click('#t-clear');
  assert.deepEqual(await kept(), []);
  assert.match(await page.$eval('#t-verdict', (v) => v.textContent), /Undo brings the last one back/);
  await page.click('#t-undo');
  assert.deepEqual(await kept(), before);
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  await page.click('#tab-table');
  assert.equal(await page.$$eval('#t-events li', (l) => l.length), 2);
  assert.equal(await page.$eval('#t-turn', (p) => p.dataset.turn), '3', 'player 1 asked 2, who asked 3: no, no');
  await page.context().close();
});

test('at the table: entries, the live verdict, undo, reload, export', async () => {
  const page = await open();
  await page.click('#tab-table');
  // Entered as lines (the taps are table.test.js's): what the table sends the engine.
  const enter = (asker, asked, card, answer) => page.evaluate((line) => window.fairplay.table.enter(line), `${asker} A ${asked} ${card} ${answer}`);
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

for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 740 }]) {
  test(`at the table, Sequence (full rules, ${viewport.width}x${viewport.height}): a move is a tap on a 44 px square and a tap on "place a chip"`, async () => {
    const page = await open('', { viewport, context: { hasTouch: true, isMobile: true } });
    await page.check('input[name=rules][value=full]');
    await page.tap('#tab-table');
    await page.check('input[name=t-game][value=sequence]');
    // The board is wider than the phone: it scrolls sideways in its own box, not the page.
    const widths = await page.$eval('#s-board', (box) => ({ box: box.scrollWidth, shown: box.clientWidth, page: document.documentElement.scrollWidth }));
    assert.ok(widths.box > widths.shown, `the board (${widths.box} px) scrolls in its box (${widths.shown} px)`);
    assert.ok(widths.page <= viewport.width, `the page is ${widths.page} px wide`);
    // Squares at both ends of a row: a tap reaches J4 too (the box scrolls to it).
    const squares = ['E5', 'G4', 'C5', 'J4'];
    const lines = [];
    let taps = 0;
    for (const [i, square] of squares.entries()) {
      const card = await page.$eval(`#s-board [data-square=${square}] .label`, (l) => l.textContent);
      await page.tap(`#s-board [data-square=${square}]`);
      assert.equal(await page.$eval(`#s-board [data-square=${square}]`, (c) => c.getAttribute('aria-selected')), 'true');
      await page.tap('#s-place');
      taps += 2;
      lines.push(`${i + 1} ${card} P ${square}`);
      assert.ok(await inView(page, '#t-verdict'), 'the answer is in sight');
    }
    assert.equal(taps, 8);
    assert.deepEqual(await smallControls(page), []);
    const size = await page.$eval('#s-board [data-square=A1]', (c) => c.getBoundingClientRect());
    assert.ok(size.width >= 44 && size.height >= 44, `a square is ${size.width}x${size.height} px`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= viewport.width, 'no sideways scroll of the page');
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('fairplay.table.sequence')).join('|')), lines.join('|'));
    const live = cli(['sequence', '--rules', 'full', '--teams', '2', '--live', '--format', 'json'], lines.join('\n') + '\n').filter((e) => e.event === 'step');
    assert.equal(await page.$eval('#t-verdict', (v) => v.dataset.verdict), live.at(-1).verdict);
    // The board shows the position after the moves, each chip named by its team.
    const chips = await page.$$eval('#s-board [role=gridcell]', (cells) => cells.filter((c) => / chip/.test(c.getAttribute('aria-label'))).map((c) => c.getAttribute('aria-label')));
    const named = (line, team) => { const [, card, , square] = line.split(' '); return `${square}, ${card}, ${team} chip`; };
    assert.deepEqual(chips.sort(), lines.map((line, i) => named(line, i % 2 ? 'green' : 'blue')).sort());
    // The keyboard chooses a square too: Enter on the focused one.
    await page.focus('#s-board [data-square=C5]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    assert.equal(await page.$eval('#s-square', (s) => s.value), 'D5');
    await page.context().close();
  });
}

test('at the table, Sequence: only the teams that play are offered (two: blue, green; three: red too)', async () => {
  const page = await open();
  await page.check('input[name=rules][value=full]');
  await page.click('#tab-table');
  await page.check('input[name=t-game][value=sequence]');
  const offered = () => page.$$eval('#s-team option', (o) => o.map((x) => x.value).filter(Boolean));
  assert.equal(await page.$eval('#s-teams [aria-pressed=true]', (b) => b.dataset.value), '2');
  assert.deepEqual(await offered(), ['blue', 'green']);
  await page.click('#s-teams button[data-value="3"]');
  assert.deepEqual(await offered(), ['blue', 'green', 'red']);
  // Three teams: red moves third, and the engine judges the entries as a three-team game.
  for (const team of ['blue', 'green', 'red']) {
    await page.selectOption('#s-team', team);
    await page.click(`#s-board [data-square=${{ blue: 'E5', green: 'G4', red: 'C5' }[team]}]`);
    await page.click('#s-place');
  }
  const lines = await page.evaluate(() => JSON.parse(localStorage.getItem('fairplay.table.sequence')));
  assert.deepEqual(lines.map((l) => l.split(' ').at(-1)), ['blue', 'green', 'red']);
  const live = cli(['sequence', '--rules', 'full', '--teams', '3', '--live', '--format', 'json'], lines.join('\n') + '\n').filter((e) => e.event === 'step');
  assert.equal(live.at(-1).verdict, 'fair');
  assert.equal(await page.$eval('#t-verdict', (v) => v.dataset.verdict), 'fair');
  // The choice survives a reload; back to two teams, red is no longer offered.
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  await page.check('input[name=rules][value=full]');
  await page.click('#tab-table');
  assert.deepEqual(await offered(), ['blue', 'green', 'red']);
  await page.click('#s-teams button[data-value="2"]');
  assert.deepEqual(await offered(), ['blue', 'green']);
  await page.context().close();
});

test('at the table, Sequence with three teams: "Step through it" judges the log as three teams before red has moved', async () => {
  const page = await open();
  await page.check('input[name=rules][value=full]');
  await page.click('#tab-table');
  await page.check('input[name=t-game][value=sequence]');
  await page.click('#s-teams button[data-value="3"]');
  // Blue, green, then blue again where red was due: a foul of three teams, fair play of two.
  for (const [team, square] of [['blue', 'E5'], ['green', 'G4'], ['blue', 'C5']]) {
    await page.selectOption('#s-team', team);
    await page.click(`#s-board [data-square=${square}]`);
    await page.click('#s-place');
  }
  const lines = await page.evaluate(() => JSON.parse(localStorage.getItem('fairplay.table.sequence')));
  const log = `${lines.length}\n${lines.join('\n')}\n`;
  assert.ok(!/ red$/m.test(log), log);
  const three = cli(['sequence', '--rules', 'full', '--teams', '3', '--format', 'json'], log);
  const two = cli(['sequence', '--rules', 'full', '--teams', '2', '--format', 'json'], log);
  assert.notEqual(three.verdict.kind, two.verdict.kind, 'the log tells two teams from three');
  await page.click('#t-open');
  await page.evaluate(() => window.fairplay.complete);
  assert.equal(await page.$eval('#log', (e) => e.value), log);
  assert.equal(await page.$eval('#seq-teams', (s) => s.value), '3');
  assert.equal(await page.$eval('#verdict', (v) => v.dataset.verdict), three.verdict.kind);
  // A share link of the judge view keeps the three teams.
  const link = await page.evaluate(async () => (await import('./app.js')).shareLink());
  const shared = await open(link.slice(link.indexOf('#')));
  await shared.evaluate(() => window.fairplay.complete);
  assert.equal(await shared.$eval('#seq-teams', (s) => s.value), '3');
  assert.equal(await shared.$eval('#verdict', (v) => v.dataset.verdict), three.verdict.kind);
  await shared.context().close();
  await page.context().close();
});
