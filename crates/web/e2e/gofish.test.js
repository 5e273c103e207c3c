// Go Fish in the page (issue 33, point 5): the verdict of simulated logs, honest and cheating,
// the knowledge grid at a step, the explanation of a foul and a game recorded at the table,
// each against the command line on the same log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useBrowser, open, paste, cli, english, setField, grid, expectedGrid } from './helpers.js';

useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'fairplay-gofish-'));

/** A simulated Go Fish log (standard rules), and the file holding it for the command line. */
function simulated(seed, ...options) {
  const log = cli(['simulate', 'gofish', '--seed', String(seed), ...options]);
  const file = join(dir, `${seed}${options.join('')}.log`);
  writeFileSync(file, log);
  return { log, file };
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

test('Go Fish: the verdict of simulated logs, honest and cheating, is the command line\'s', async () => {
  const page = await open();
  // Go Fish chosen: its rules are shown.
  await page.selectOption('#game', 'gofish');
  const seen = new Set();
  for (const [seed, options] of [[1, []], [2, []], [3, ['--cheat-rate', '0.05']], [4, ['--cheat-rate', '0.05']], [5, ['--cheat-rate', '0.2']], [6, ['--players', '3', '--cheat-rate', '0.05']]]) {
    const { log, file } = simulated(seed, ...options);
    const players = options.includes('--players') ? ['--players', '3'] : [];
    await page.fill('#gf-players', players.length ? '3' : '4');
    await paste(page, log);
    const expected = cli(['gofish', file, ...players, '--format', 'json']);
    const shown = await page.$eval('#verdict', (v) => ({ ...v.dataset, text: v.textContent }));
    assert.equal(shown.contract, cli(['gofish', file, ...players]), `seed ${seed}`);
    assert.equal(shown.verdict, expected.verdict.kind);
    seen.add(expected.verdict.kind);
    if (expected.verdict.kind === 'foul') {
      assert.equal(shown.text, `Cheating is certain after action ${expected.verdict.action}: ${expected.verdict.reason.message}`);
      // The list marks the foul, and opens there.
      assert.equal(await page.$eval('#action-list li.foul', (li) => li.dataset.step), String(expected.verdict.action));
      assert.equal(await page.$eval('#slider', (s) => s.value), String(expected.verdict.action));
    } else {
      assert.equal(shown.text, 'Fair: some deal and order of the stock make every action honest.');
    }
    assert.equal(await page.$eval('#slider', (s) => s.max), String(log.trim().split('\n').length));
  }
  assert.deepEqual([...seen].sort(), ['fair', 'foul']);
  await page.context().close();
});

test('Go Fish: the explanation of a foul is the command line\'s proof, suspects and deal', async () => {
  const { log, file } = simulated(4, '--cheat-rate', '0.05');
  const expected = cli(['gofish', file, '--explain', '--deal', '--format', 'json']).explanation;
  const page = await open();
  await paste(page, log);
  const proof = await page.$$eval('#proof li', (items) => items.map((li) => li.textContent));
  assert.deepEqual(proof, expected.proof.map((s) => `action ${s.action} (line ${s.line}) ${s.text}: ${s.claims.join('; ')}`));
  // The list opens at the foul, the last action of the proof, marked so.
  assert.equal(await page.$eval('#action-list li[aria-current=step]', (li) => li.className), 'foul proof');
  assert.equal(await page.$eval('#suspects', (p) => p.textContent), expected.suspects.text);
  const deal = await page.$$eval('#deal li', (items) => items.map((li) => li.textContent));
  assert.deepEqual(deal, [...expected.deal.hands.map((h, i) => `Player ${i + 1}: ${h.join(' ')}`), `stock, from the top: ${expected.deal.stock.join(' ')}`]);
  // In Hebrew: the reason and the suspects in Hebrew, from their parameters.
  await page.selectOption('#lang', 'he');
  await page.evaluate(() => window.fairplay.complete);
  const verdict = await page.$eval('#verdict', (v) => v.textContent);
  assert.match(verdict, /^רמאות ודאית אחרי פעולה \d+: אין חלוקה/);
  assert.doesNotMatch(verdict.replace(/`[^`]*`/g, ''), /[A-Za-z]{4,}/);
  assert.doesNotMatch(await page.$eval('#suspects', (p) => p.textContent), /[A-Za-z]{4,}/);
  await page.context().close();
});

/** Simulated cheating logs (standard rules) whose proofs hold every kind of claim between
 * them (the test checks that they do). */
const CLAIM_LOGS = [[2, ['--cheat-rate', '0.05']], [6, ['--cheat-rate', '0.2']], [3, ['--cheat-rate', '0.1', '--cheat-kind', 'hidden-catch']]];

/** The kind of a proof's claim as the page translates it (`gofishClaim` in i18n.js): an
 * answer of "Go fish" and a hand as dealt are kinds of their own. */
const claimKind = (c) => (c.kind === 'exactly' && c.cards === 0 ? 'exactly-fish' : c.kind === 'no-four' && c.dealt ? 'no-four-dealt' : c.kind);

test('Go Fish proofs in Hebrew (he-IL): every kind of claim in Hebrew, no English left; in English the command line\'s words', async () => {
  // Cheating logs whose proofs hold every kind of claim between them.
  const logs = CLAIM_LOGS.map(([seed, options]) => simulated(seed, ...options));
  const en = await open();
  const he = await open('', { context: { locale: 'he-IL' } });
  assert.equal(await he.evaluate(() => document.documentElement.lang), 'he');
  const kinds = new Set();
  for (const { log, file } of logs) {
    const expected = cli(['gofish', file, '--explain', '--format', 'json']).explanation;
    // The JSON's claims, in words and as kinds with their parameters, one for one.
    for (const step of expected.proof) {
      assert.equal(step.details.length, step.claims.length);
      for (const c of step.details) kinds.add(claimKind(c));
    }
    await paste(en, log);
    const shown = await en.$$eval('#proof li', (items) => items.map((li) => li.textContent));
    assert.deepEqual(shown, expected.proof.map((s) => `action ${s.action} (line ${s.line}) ${s.text}: ${s.claims.join('; ')}`));
    await paste(he, log);
    const hebrew = await he.$$eval('#proof li', (items) => items.map((li) => li.textContent));
    assert.equal(hebrew.length, expected.proof.length);
    for (const [i, s] of expected.proof.entries()) {
      const head = `פעולה ${s.action} (שורה ${s.line}) ${s.text}: `;
      assert.ok(hebrew[i].startsWith(head), hebrew[i]);
      const claims = hebrew[i].slice(head.length);
      assert.ok(!english(claims), `English left in a claim: ${claims}`);
      assert.equal(claims.split('; ').length, s.claims.length, claims);
    }
  }
  assert.deepEqual([...kinds].sort(), ['exactly', 'exactly-fish', 'holds', 'no-four', 'no-four-dealt', 'not-drawn']);
  await en.context().close();
  await he.context().close();
});

test('Go Fish: the knowledge grid at a step is the command line\'s --knowledge --at K', async () => {
  const { log, file } = simulated(4, '--cheat-rate', '0.05');
  const actions = log.trim().split('\n').length;
  const page = await open();
  await paste(page, log);
  const foul = Number(await page.$eval('#slider', (s) => s.value));
  for (const k of [0, 1, 12, 30, foul - 1, foul, actions]) {
    await page.evaluate((step) => document.getElementById('slider').value = String(step), k);
    await page.dispatchEvent('#slider', 'input');
    await page.evaluate(() => window.fairplay.stepped);
    const knowledge = cli(['gofish', file, '--knowledge', '--at', String(k), '--format', 'json']).explanation.knowledge;
    const shown = await grid(page);
    const want = expectedGrid(knowledge, RANKS);
    assert.deepEqual(shown.heads, want.heads, `heads after ${k}`);
    assert.deepEqual(shown.rows, want.rows, `cells after ${k}`);
    // At or past the foul, what was known just before it, and the page says so.
    assert.equal(shown.note, k >= foul, `note after ${k}`);
    assert.equal(knowledge.after, Math.min(k, foul - 1));
  }
  // The arrow keys and Home/End step too.
  await page.focus('#slider');
  await page.keyboard.press('Home');
  await page.evaluate(() => window.fairplay.stepped);
  assert.equal(await page.$eval('#slider', (s) => s.value), '0');
  await page.keyboard.press('ArrowRight');
  await page.evaluate(() => window.fairplay.stepped);
  const knowledge = cli(['gofish', file, '--knowledge', '--at', '1', '--format', 'json']).explanation.knowledge;
  assert.deepEqual((await grid(page)).rows, expectedGrid(knowledge, RANKS).rows);
  await page.context().close();
});

/** Enters Go Fish action `line` by tapping what the table offers; returns the taps it took. */
async function tapFish(page, line) {
  const [actor, verb, ...rest] = line.trim().split(/\s+/);
  if (verb !== 'B') assert.equal(await page.$eval('#g-turn', (p) => p.dataset.turn), actor, `the table follows the turn: ${line}`);
  let taps = 0;
  const pick = async (row, value) => {
    const selector = `#${row} button[data-value="${value}"]`;
    if (!(await page.$(selector))) { await page.tap('#g-all'); taps++; }
    if (await page.$eval(selector, (b) => b.getAttribute('aria-pressed')) !== 'true') { await page.tap(selector); taps++; }
  };
  if (verb === 'D') {
    await page.tap(rest.length ? '#g-show' : '#g-draw');
    return taps + 1;
  }
  if (verb === 'B') {
    const book = `#g-books button`;
    const text = `player ${actor} lays the book of ${rest[0]}`;
    const offered = () => page.$$eval(book, (bs, t) => bs.some((b) => b.textContent === t), text);
    if (!(await offered())) await pick('g-rank', rest[0]);
    if (!(await offered())) { await page.tap('#g-all'); taps++; }
    await page.getByRole('button', { name: text, exact: true }).tap();
    return taps + 1;
  }
  const [asked, rank, answer] = rest;
  await pick('g-asked', asked);
  await pick('g-rank', rank);
  await page.tap(answer === 'fish' ? '#g-fish' : `#g-give${answer}`);
  return taps + 1;
}

/** The controls of the table view smaller than 44x44 px. */
async function smallControls(page) {
  return page.$$eval('#table button, #table select, #table input', (all) => all
    .filter((e) => e.getClientRects().length)
    .map((e) => [e.id || e.value || e.textContent.trim().slice(0, 20), (e.tagName === 'INPUT' ? e.closest('label') : e).getBoundingClientRect()])
    .filter(([, r]) => r.width < 44 || r.height < 44)
    .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`));
}

test('Go Fish at the table on a phone (390x844): a cheating game tapped in, the live answer after each action, undo, reload', async () => {
  const { log } = simulated(4, '--cheat-rate', '0.05');
  const lines = log.trim().split('\n').slice(0, 60);
  for (const kind of [/ A \d+ \S+ fish$/, / A \d+ \S+ \d$/, / D$/, / D \S+$/, / B /]) assert.ok(lines.some((l) => kind.test(l)), `a game with ${kind}`);
  const live = cli(['gofish', '--live', '--format', 'json'], lines.join('\n') + '\n').filter((e) => e.event === 'step');
  const page = await open('', { viewport: { width: 390, height: 844 }, context: { hasTouch: true, isMobile: true } });
  await page.tap('#tab-table');
  await page.tap('input[name=t-game][value=gofish]');
  let taps = 0;
  for (const [i, line] of lines.entries()) {
    taps += await tapFish(page, line);
    assert.equal(await page.$eval('#t-verdict', (v) => v.dataset.verdict), live[i].verdict, line);
    assert.match(await page.$eval('#t-verdict', (v) => v.textContent), new RegExp(`^${i + 1}: `), line);
    if (i % 10 === 0) assert.deepEqual(await smallControls(page), [], `after ${line}`);
  }
  // The foul, in the engine's words, in the answer box.
  const foul = live.find((e) => e.verdict === 'foul');
  assert.ok(foul, 'the cheat is in the first 60 actions');
  assert.equal(await page.$eval(`#t-events li:nth-child(${foul.action})`, (li) => li.textContent), `${foul.action}: CHEATING CERTAIN: ${foul.foul.reason.message}`);
  console.log(`Go Fish taps: ${taps} for ${lines.length} actions`);
  assert.ok(taps <= 2.5 * lines.length, `${taps} taps`);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('fairplay.table.gofish')).join('\n')), lines.join('\n'));
  await page.tap('#t-undo');
  assert.equal(await page.$$eval('#t-events li', (l) => l.length), lines.length - 1);
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  await page.tap('#tab-table');
  assert.equal(await page.$$eval('#t-events li', (l) => l.length), lines.length - 1);
  assert.equal(await page.$eval('#t-gofish', (d) => d.hidden), false);
  // A line the rules refuse is not kept, and the answer says why.
  await page.evaluate(() => window.fairplay.table.enter('9 D'));
  assert.match(await page.$eval('#t-verdict', (v) => v.textContent), /^Not entered: /);
  assert.equal(await page.$$eval('#t-events li', (l) => l.length), lines.length - 1);
  // Step through it: the log, without a count line.
  await page.tap('#t-open');
  await page.evaluate(() => window.fairplay.complete);
  assert.equal(await page.$eval('#log', (e) => e.value), `${lines.slice(0, -1).join('\n')}\n`);
  assert.equal(await page.$eval('#verdict', (v) => v.dataset.verdict), 'foul');
  await page.context().close();
});

test('Go Fish at the table: only what the rules allow is offered', async () => {
  const page = await open();
  await page.click('#tab-table');
  await page.check('input[name=t-game][value=gofish]');
  // Player 1 asks; the others are asked; the ranks of the deck; every answer allowed (a hand of 5).
  assert.equal(await page.$eval('#g-turn', (p) => p.dataset.turn), '1');
  assert.deepEqual(await page.$$eval('#g-asked button', (b) => b.map((x) => x.dataset.value)), ['2', '3', '4']);
  assert.equal(await page.$$eval('#g-rank button', (b) => b.length), 13);
  assert.equal(await page.$eval('#g-draws', (d) => d.hidden), true);
  await page.click('#g-fish');
  // After "Go fish", player 1 draws: nothing else is offered.
  assert.equal(await page.$eval('#g-turn', (p) => p.textContent), 'Player 1 draws from the stock');
  assert.equal(await page.$eval('#g-asking', (d) => d.hidden), true);
  assert.equal(await page.$eval('#g-show', (b) => b.textContent), 'draws A and shows it');
  await page.click('#g-draw');
  assert.equal(await page.$eval('#g-turn', (p) => p.dataset.turn), '2');
  assert.deepEqual(await page.$$eval('#g-asked button', (b) => b.map((x) => x.dataset.value)), ['1', '3', '4']);
  // Player 1 has 6 cards now; player 3 has 5: handing over 1 to 3 is allowed, as is "Go fish".
  await page.click('#g-asked button[data-value="3"]');
  assert.deepEqual(await page.$$eval('#g-answers button:not([disabled])', (b) => b.map((x) => x.id)), ['g-fish', 'g-give1', 'g-give2', 'g-give3']);
  await page.context().close();
});

test('Go Fish: a shared link restores the log, the rules and the step', async () => {
  const { log, file } = simulated(6, '--players', '3', '--cheat-rate', '0.05');
  const page = await open('', { context: { permissions: ['clipboard-read', 'clipboard-write'] } });
  await page.selectOption('#game', 'gofish');
  await setField(page, '#gf-players', '3');
  await paste(page, log);
  await page.focus('#slider');
  await page.keyboard.press('Home');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  // The worker's answer for step 5 drawn (a step asked while one is under way waits for it).
  await page.waitForFunction(() => window.fairplay.view?.asked === 5);
  await page.evaluate(() => window.fairplay.stepped);
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share').dataset.state === 'copied');
  const link = await page.$eval('#share', (b) => b.dataset.link);
  const shown = await grid(page);
  await page.context().close();
  const again = await open(link.slice(link.indexOf('#')));
  await again.evaluate(() => window.fairplay.complete);
  await again.waitForFunction(() => window.fairplay.view?.asked === 5);
  await again.evaluate(() => window.fairplay.stepped);
  assert.equal(await again.$eval('#gf-players', (i) => i.value), '3');
  assert.equal(await again.$eval('#slider', (s) => s.value), '5');
  assert.equal(await again.$eval('#verdict', (v) => v.dataset.contract), cli(['gofish', file, '--players', '3']));
  assert.deepEqual(await grid(again), shown);
  const knowledge = cli(['gofish', file, '--players', '3', '--knowledge', '--at', '5', '--format', 'json']).explanation.knowledge;
  assert.deepEqual(shown.rows, expectedGrid(knowledge, RANKS).rows);
  await again.context().close();
});

test('Go Fish in Hebrew: a refused line, in the editor and at the table, keeps no English', async () => {
  const page = await open('', { locale: 'he-IL' });
  for (const log of ['2 A 1 7 fish\n', '1 A 2 7 fish\n2 A 1 7 fish\n', '1 A 2 7 4\n', '1 A 2 7 fish\n1 D 8\n']) {
    await paste(page, log);
    const error = await page.$eval('#error', (e) => e.textContent);
    assert.match(error, /^שורה \d+: /, log);
    assert.ok(!english(error), `${log}: ${error}`);
  }
  await page.click('#tab-table');
  await page.check('input[name=t-game][value=gofish]');
  await page.click('#g-fish');
  await page.evaluate(() => window.fairplay.table.enter('2 D'));
  const answer = await page.$eval('#t-verdict', (v) => v.textContent);
  assert.match(answer, /^לא נרשם: /);
  assert.ok(!english(answer), answer);
  await page.context().close();
});
