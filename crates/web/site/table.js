// "At the table": the game entered as it is played (Quartets, Sequence or Go Fish), judged as a live
// game after each entry; the entries survive a reload (localStorage) and export as a log.
import { refusal, count, gofishReason } from './i18n.js';
import { squareName, buildBoard } from './board.js';
import { fishTable } from './fishtable.js';

const KEY = 'fairplay.table';
const $ = (id) => document.getElementById(id);
let api = null;
let game = 'quartets';
let entries = [];

// The Jacks are in the notation but not on the board (whose squares the engine lists).
const JACKS = ['Jc', 'Jd', 'Jh', 'Js'];
const TEAMS = ['blue', 'green', 'red'];

function option(value, text = value) {
  const node = document.createElement('option');
  node.value = value;
  node.textContent = text;
  return node;
}

/** Where each game's entries are kept. */
function keyOf(name) { return name === 'quartets' ? KEY : `${KEY}.${name}`; }

/** The entries as a log: the count line (Go Fish logs have none), then one action per line. */
function asLog() {
  const lines = entries.map((e) => `${e}\n`).join('');
  return game === 'gofish' ? lines : `${entries.length}\n${lines}`;
}

/** The Go Fish part of the table (fishtable.js), made when the table starts. */
let fish = null;

function save() {
  localStorage.setItem(keyOf(game), JSON.stringify(entries));
  refresh();
}

/** Sequence: the teams playing (2 or 3), chosen at the table and kept with its entries;
 * without a choice, three when an entry names red. */
let teams = 2;

/** The Sequence rules chosen under "Judge a log", with the table's teams. */
function sequenceRules() {
  return { ...api.choice().sequence, teams };
}

/** Switches the table to `name`'s entries and pickers. */
function choose(name) {
  notice = null;
  game = ['sequence', 'gofish'].includes(name) ? name : 'quartets';
  localStorage.setItem(`${KEY}.game`, game);
  entries = JSON.parse(localStorage.getItem(keyOf(game)) ?? '[]');
  const kept = Number(localStorage.getItem(`${KEY}.sequence.teams`));
  teams = kept === 2 || kept === 3 ? kept : (game === 'sequence' && entries.some((e) => / red$/.test(e)) ? 3 : 2);
  document.querySelector(`input[name=t-game][value=${game}]`).checked = true;
  $('t-quartets').hidden = game !== 'quartets';
  $('t-sequence').hidden = game !== 'sequence';
  $('t-gofish').hidden = game !== 'gofish';
  refresh();
}

const keep = (id, build) => {
  const old = $(id).value;
  build($(id));
  if (old) $(id).value = old;
  if ($(id).selectedIndex < 0) $(id).selectedIndex = 0;
};

/** What the player on turn may choose, from the engine: the knowledge after the entries
 * (players still holding cards, cards still in play, who possibly holds each) and whose turn
 * it is (the engine's answer to a probe line). */
function position() {
  const quartets = api.choice().quartets;
  const log = `${entries.length}\n${entries.map((e) => `${e}\n`).join('')}`;
  const step = api.call({ op: 'step', log, after: entries.length, game: 'quartets', quartets });
  if (!step.knowledge) return { usage: step };
  const players = step.knowledge.players.filter((p) => p.cards > 0).map((p) => p.player);
  const cards = step.knowledge.cards;
  // A probe: the first player still in the game asks the next; the engine accepts it, or
  // says whose turn it is.
  let turn = null;
  const [actor, target] = players;
  if (cards.length && players.length > 1) {
    const probe = api.call({ op: 'live', game: 'quartets', quartets, lines: entries.map((e) => `${e}\n`).join('') + `${actor} A ${target} ${cards[0].card} no\n` });
    const last = Array.isArray(probe) ? probe.filter((e) => e.event.event !== 'end').at(-1) : null;
    if (last?.event.event === 'step') turn = actor;
    else if (last?.detail?.kind === 'rule:out-of-turn') turn = Number(last.detail.turn);
  }
  return { players, cards, turn };
}

/** The choices of the table: what is picked stays picked while it is still legal. */
const picked = { asked: null, set: null, letter: null };

/** A row of toggle buttons for `values`, the one equal to `chosen` pressed. */
function choices(id, values, chosen, text, pick) {
  $(id).replaceChildren(...values.map((value) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'choice';
    button.dataset.value = value;
    button.textContent = text(value);
    button.setAttribute('aria-pressed', String(value === chosen));
    button.addEventListener('click', () => { pick(value); refreshChoices(); });
    return button;
  }));
}

let current = null;

function fillQuartets() {
  current = position();
  refreshChoices();
}

const setOf = (card) => card.replace(/[A-Z]+$/, '');
const letterOf = (card) => card.slice(setOf(card).length);

/** Draws the choices of `current` with the picks, keeping each pick while it is legal. */
function refreshChoices() {
  const { players = [], cards = [], turn = null } = current ?? {};
  const on = turn !== null;
  $('t-turn').textContent = on ? api.t('turnOf', { player: turn }) : (current?.usage ? refusal(current.usage) : api.t('gameOver'));
  $('t-turn').dataset.turn = on ? String(turn) : '';
  const others = players.filter((p) => p !== turn);
  // The asked: kept while still in the game, else the next player after the asker.
  if (!others.includes(picked.asked)) picked.asked = others.find((p) => p > turn) ?? others[0] ?? null;
  // The sets: those the asker possibly holds a card of (all in play on demand).
  const all = $('t-all').checked;
  const sets = [...new Set(cards.filter((c) => all || c.possible.includes(turn)).map((c) => setOf(c.card)))];
  if (!sets.includes(picked.set)) picked.set = sets[0] ?? null;
  const letters = cards.filter((c) => setOf(c.card) === picked.set).map((c) => letterOf(c.card));
  if (!letters.includes(picked.letter)) picked.letter = letters[0] ?? null;
  choices('t-asked', others, picked.asked, (p) => `${api.t('player')} ${p}`, (p) => { picked.asked = p; });
  choices('t-set', sets, picked.set, (s) => s, (s) => { picked.set = s; });
  choices('t-letter', letters, picked.letter, (l) => `${picked.set}${l}`, (l) => { picked.letter = l; });
  const ready = on && picked.asked !== null && picked.letter !== null;
  $('t-yes').disabled = $('t-no').disabled = !ready;
  $('t-lay').disabled = !on || picked.set === null;
  $('t-lay').textContent = api.t('layAsideSet', { set: picked.set ?? '–' });
}

/** The board's squares and the cards they show, from the engine (asked once). */
let board = null;

function fillSequence() {
  if (!board) board = api.call({ op: 'step', log: '0\n', after: 0, game: 'sequence', sequence: { rules: 'full' } }).squares ?? [];
  const names = board.map((_, i) => squareName(i));
  // Only the teams that play: blue and green, or blue, green and red.
  choices('s-teams', [2, 3], teams, (n) => api.t(n === 2 ? 'twoTeams' : 'threeTeams'), (n) => {
    teams = n;
    localStorage.setItem(`${KEY}.sequence.teams`, String(n));
    refresh();
  });
  keep('s-team', (select) => select.replaceChildren(option('', api.t('teamOnTurn')), ...TEAMS.slice(0, teams).map((team) => option(team, api.t(team)))));
  const cards = [...new Set(board.filter(Boolean))].sort();
  keep('s-card', (select) => select.replaceChildren(...[...cards, ...JACKS].map((c) => option(c))));
  keep('s-square', (select) => select.replaceChildren(option('', api.t('bySpot')),
    ...names.map((name, i) => option(name, board[i] ? `${name} · ${board[i]}` : `${name} ★`))));
  showTableBoard();
}

/** The board at the table (the full rules know squares): the position after the entries, a
 * tap on a square choosing it and its card (a Jack chosen stays). */
let tableBoard = null;

function showTableBoard() {
  const sequence = sequenceRules();
  const box = $('s-board');
  box.hidden = sequence.rules !== 'full';
  if (box.hidden) return;
  const key = api.t('boardLabel');
  if (tableBoard?.key !== key) {
    tableBoard = { key, ...buildBoard(board, api.t, { id: 's-board-grid', pick: (name, card) => {
      $('s-square').value = name;
      if (card && !JACKS.includes($('s-card').value)) $('s-card').value = card;
    } }) };
    box.replaceChildren(tableBoard.element);
  }
  const log = `${entries.length}\n${entries.map((e) => `${e}\n`).join('')}`;
  const position = api.call({ op: 'step', log, after: entries.length, game: 'sequence', sequence });
  if (position.board?.rows) tableBoard.update(position.board.rows.join(''), null);
  tableBoard.select($('s-square').value || null);
}

/** A Sequence entry: `turn card P|R spot [team]` or `turn card D [team]`, as the notation
 * writes it; the spot is the square when one is picked, else the card. */
function sequenceLine(act) {
  const turn = entries.length + 1;
  const card = $('s-card').value;
  const team = $('s-team').value ? ` ${$('s-team').value}` : '';
  if (act === 'D') return `${turn} ${card} D${team}`;
  const square = $('s-square').value;
  return `${turn} ${card} ${act} ${square || card}${team}`;
}

/** The live referee's events for the entries so far. */
function judged() {
  const { quartets, gofish } = api.choice();
  return api.call({ op: 'live', game, lines: entries.map((e) => `${e}\n`).join(''), quartets, sequence: sequenceRules(), gofish });
}

/** What the answer box says besides the verdict (an entry refused, a game put away). */
let notice = null;

/** Shows the events of the entries so far, as the live referee reports them, and in the
 * answer box (a live region, at the top of the view) the answer to the newest entry. */
function refresh() {
  if (!api) return;
  if (game === 'sequence') fillSequence();
  else if (game === 'gofish') fish.fill(entries);
  else fillQuartets();
  const list = $('t-events');
  list.replaceChildren();
  const box = $('t-verdict');
  const show = (text, verdict = '') => {
    box.className = `verdict ${verdict}`;
    box.dataset.verdict = verdict;
    box.textContent = notice ? `${notice} ${text}` : text;
  };
  if (!entries.length) { show(api.t('tableEmpty')); return; }
  const events = judged();
  if (!Array.isArray(events)) { show(events.usage ? refusal(events) : ''); return; }
  let last = null;
  for (const { text, event, reason, detail } of events) {
    if (event.event === 'end') continue;
    const li = document.createElement('li');
    li.textContent = words(event, text, reason, detail);
    li.className = event.event === 'ignored' ? 'ignored' : event.verdict;
    list.append(li);
    if (event.event === 'step') last = { text, event, reason };
  }
  show(last ? words(last.event, last.text, last.reason) : '', last?.event.verdict ?? '');
}

/** A live line in the language in use: by its event and reason kind with the parameters the
 * engine gives (`reason` of a foul, `detail` of a skipped line), else as written. */
function words(event, text, reason = null, detail = null) {
  if (event.event === 'ignored') return api.reason('ignored', { line: event.error.line, message: api.error(detail, event.error.message) }, text);
  if (event.event !== 'step') return text;
  if (event.verdict === 'fair') return api.reason('fair-step', event, text);
  if (game === 'sequence') {
    // The illegal move with its parameters (as the judge's explanation gives it).
    if (!reason || event.foul.action !== event.action) return text;
    return `${api.reason('illegal-step', event, `turn ${event.action}: ILLEGAL`)}: ${api.reason(reason.kind, reason, event.foul.reason.message)}`;
  }
  const reasonText = game === 'gofish' ? gofishReason(reason, event.foul.reason.message)
    : api.reason(event.foul.reason.kind, reason ?? {}, event.foul.reason.message);
  return event.foul.action === event.action ? `${api.reason('foul-step', event, `${event.action}: CHEATING CERTAIN`)}: ${reasonText}` : text;
}

export const table = {
  /** Starts the table with the page's engine and words. */
  start(with_) {
    api = with_;
    // An entry the engine refuses (a line it skips) is not kept: the answer box says why.
    const add = (line) => {
      entries.push(line);
      const events = judged();
      const last = Array.isArray(events) ? events.filter((e) => e.event.event !== 'end').at(-1) : null;
      notice = null;
      if (last?.event.event === 'ignored') {
        entries.pop();
        notice = `${api.t('notEntered')} ${words(last.event, last.text, null, last.detail)}`;
      }
      save();
    };
    const ask = (answer) => add(`${current.turn} A ${picked.asked} ${picked.set}${picked.letter} ${answer}`);
    $('t-yes').addEventListener('click', () => ask('yes'));
    $('t-no').addEventListener('click', () => ask('no'));
    $('t-lay').addEventListener('click', () => add(`${current.turn} Q ${picked.set}`));
    $('t-all').addEventListener('change', refreshChoices);
    // For the browser tests: an entry as a line, and whose turn the table shows.
    fish = fishTable({ ...api, count, refusal }, add);
    window.fairplay.table = { enter: add, turn: () => (game === 'gofish' ? fish.turn() : current?.turn ?? null) };
    $('s-place').addEventListener('click', () => add(sequenceLine('P')));
    $('s-remove').addEventListener('click', () => add(sequenceLine('R')));
    $('s-discard').addEventListener('click', () => add(sequenceLine('D')));
    // Undo takes back the last entry; after New game, it brings the whole game back.
    $('t-undo').addEventListener('click', () => {
      const previous = JSON.parse(localStorage.getItem(`${keyOf(game)}.before`) ?? 'null');
      if (!entries.length && previous) {
        entries = previous;
        localStorage.removeItem(`${keyOf(game)}.before`);
      } else entries.pop();
      notice = null;
      save();
    });
    $('t-clear').addEventListener('click', () => {
      if (!entries.length) return;
      localStorage.setItem(`${keyOf(game)}.before`, JSON.stringify(entries));
      entries = [];
      notice = api.t('newGameUndo');
      save();
    });
    $('t-export').addEventListener('click', () => {
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([asLog()], { type: 'text/plain' }));
      link.download = `${game}.log`;
      link.click();
    });
    $('t-open').addEventListener('click', () => api.open(asLog(), game, game === 'sequence' ? teams : undefined));
    for (const radio of document.querySelectorAll('input[name=t-game]')) radio.addEventListener('change', () => choose(radio.value));
    choose(localStorage.getItem(`${KEY}.game`) ?? 'quartets');
  },
  refresh,
  /** The entries as a log (for the tests and the export). */
  log: asLog,
};
