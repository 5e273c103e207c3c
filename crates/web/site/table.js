// "At the table": the game entered as it is played (Quartets or Sequence), judged as a live
// game after each entry; the entries survive a reload (localStorage) and export as a log.
import { refusal } from './i18n.js';
import { squareName } from './board.js';

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
function keyOf(name) { return name === 'sequence' ? `${KEY}.sequence` : KEY; }

/** The entries as a log: the count line, then one action per line. */
function asLog() {
  return `${entries.length}\n${entries.map((e) => `${e}\n`).join('')}`;
}

function save() {
  localStorage.setItem(keyOf(game), JSON.stringify(entries));
  refresh();
}

/** Switches the table to `name`'s entries and pickers. */
function choose(name) {
  game = name === 'sequence' ? 'sequence' : 'quartets';
  localStorage.setItem(`${KEY}.game`, game);
  entries = JSON.parse(localStorage.getItem(keyOf(game)) ?? '[]');
  document.querySelector(`input[name=t-game][value=${game}]`).checked = true;
  $('t-quartets').hidden = game !== 'quartets';
  $('t-sequence').hidden = game !== 'sequence';
  refresh();
}

const keep = (id, build) => {
  const old = $(id).value;
  build($(id));
  if (old) $(id).value = old;
  if ($(id).selectedIndex < 0) $(id).selectedIndex = 0;
};

function fillQuartets() {
  const deck = api.call({ op: 'deck', quartets: api.choice().quartets });
  if (deck.usage) { $('t-verdict').textContent = refusal(deck); return; }
  const players = (select) => select.replaceChildren(...deck.players.map((p) => option(p, `${api.t('player')} ${p}`)));
  keep('t-asker', players);
  keep('t-asked', players);
  keep('t-player', players);
  keep('t-card', (select) => select.replaceChildren(...deck.sets.map((set) => {
    const group = document.createElement('optgroup');
    group.label = `${api.t('set')} ${set.set}`;
    group.append(...set.cards.map((c) => option(c)));
    return group;
  })));
  keep('t-set', (select) => select.replaceChildren(...deck.sets.map((set) => option(set.set))));
}

/** The board's squares and the cards they show, from the engine (asked once). */
let board = null;

function fillSequence() {
  if (!board) board = api.call({ op: 'step', log: '0\n', after: 0, game: 'sequence', sequence: { rules: 'full' } }).squares ?? [];
  const names = board.map((_, i) => squareName(i));
  keep('s-team', (select) => select.replaceChildren(option('', api.t('teamOnTurn')), ...TEAMS.map((team) => option(team, api.t(team)))));
  const cards = [...new Set(board.filter(Boolean))].sort();
  keep('s-card', (select) => select.replaceChildren(...[...cards, ...JACKS].map((c) => option(c))));
  keep('s-square', (select) => select.replaceChildren(option('', api.t('bySpot')),
    ...names.map((name, i) => option(name, board[i] ? `${name} · ${board[i]}` : `${name} ★`))));
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

/** Shows the events of the entries so far, as the live referee reports them. */
function refresh() {
  if (!api) return;
  if (game === 'sequence') fillSequence(); else fillQuartets();
  const list = $('t-events');
  list.replaceChildren();
  if (!entries.length) { $('t-verdict').textContent = api.t('tableEmpty'); $('t-verdict').className = 'verdict'; $('t-verdict').dataset.verdict = ''; return; }
  const events = api.call({ op: 'live', game, lines: entries.map((e) => `${e}\n`).join(''), quartets: api.choice().quartets, sequence: api.choice().sequence });
  if (!Array.isArray(events)) { $('t-verdict').textContent = events.usage ? refusal(events) : ''; return; }
  let verdict = null;
  for (const { text, event, reason, detail } of events) {
    if (event.event === 'end') continue;
    const li = document.createElement('li');
    li.textContent = words(event, text, reason, detail);
    li.className = event.event === 'ignored' ? 'ignored' : event.verdict;
    list.append(li);
    if (event.event === 'step') verdict = event;
  }
  const box = $('t-verdict');
  box.className = `verdict ${verdict?.verdict ?? ''}`;
  box.dataset.verdict = verdict?.verdict ?? '';
  const last = events.filter((e) => e.event.event === 'step').at(-1);
  box.textContent = verdict ? words(verdict, last.text, last.reason) : '';
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
  const reasonText = api.reason(event.foul.reason.kind, reason ?? {}, event.foul.reason.message);
  return event.foul.action === event.action ? `${api.reason('foul-step', event, `${event.action}: CHEATING CERTAIN`)}: ${reasonText}` : text;
}

export const table = {
  /** Starts the table with the page's engine and words. */
  start(with_) {
    api = with_;
    const add = (line) => { entries.push(line); save(); };
    $('t-yes').addEventListener('click', () => add(`${$('t-asker').value} A ${$('t-asked').value} ${$('t-card').value} yes`));
    $('t-no').addEventListener('click', () => add(`${$('t-asker').value} A ${$('t-asked').value} ${$('t-card').value} no`));
    $('t-lay').addEventListener('click', () => add(`${$('t-player').value} Q ${$('t-set').value}`));
    $('s-place').addEventListener('click', () => add(sequenceLine('P')));
    $('s-remove').addEventListener('click', () => add(sequenceLine('R')));
    $('s-discard').addEventListener('click', () => add(sequenceLine('D')));
    $('t-undo').addEventListener('click', () => { entries.pop(); save(); });
    $('t-clear').addEventListener('click', () => { entries = []; save(); });
    $('t-export').addEventListener('click', () => {
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([asLog()], { type: 'text/plain' }));
      link.download = `${game}.log`;
      link.click();
    });
    $('t-open').addEventListener('click', () => api.open(asLog(), game));
    for (const radio of document.querySelectorAll('input[name=t-game]')) radio.addEventListener('change', () => choose(radio.value));
    choose(localStorage.getItem(`${KEY}.game`) ?? 'quartets');
  },
  refresh,
  /** The entries as a log (for the tests and the export). */
  log: asLog,
};
