// The page: presentation only. Every verdict, reason and explanation comes from the engines
// through engine.js; this file lays them out, steps through them and keeps the user's input.
import { load, call, inWorker } from './engine.js';
import { t, count, reason, why, error as errorText, refusal, seatLine, setLang, preferred, lang, illegalWhat, suspects, gofishReason, gofishSuspects, gofishClaim } from './i18n.js';
import { buildRanges } from './ranges.js';
import { fragment, parse } from './share.js';
import { table } from './table.js';
import { buildBoard } from './board.js';
import { tabs } from './tabs.js';

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
};

/** localStorage that never throws: a value it cannot hold (too long, no room, no storage)
 * is dropped, and the page says that the log will not survive a reload. */
const KEEP = 1 << 21;
function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return value !== null;
  } catch {
    try { localStorage.removeItem(key); } catch { /* no storage at all */ }
    return false;
  }
}
function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

/** Keeps the editor's text for a reload: written a moment after the last change (a long log
 * is not written at every key) and when the page is left. */
const keeping = { log: null, timer: 0 };
function keep(log) {
  keeping.log = log;
  clearTimeout(keeping.timer);
  keeping.timer = setTimeout(flushKeep, 300);
  if (log.length > KEEP) $('kept-notice').hidden = false;
}
function flushKeep() {
  if (keeping.log === null) return;
  const log = keeping.log;
  keeping.log = null;
  $('kept-notice').hidden = store('fairplay.log', log.length <= KEEP ? log : null) || log.length === 0;
}

/** What the page shows: the last judgement and the step. Read by the browser tests. */
const state = { result: null, step: 0, deck: null, judgeMs: 0, stepMs: 0, engineMs: 0, embed: null, ticket: 0, complete: null, stepped: Promise.resolve(true) };
window.fairplay = state;
state.call = (request) => call(request);
/** The judge view's engine, in a Web Worker: every request it sends resolves later. */
const ask = inWorker();
state.ask = ask;
state.editorText = () => editor.text();

/** The game and rules the controls choose, as a request's fields. */
export function choice() {
  const number = (id) => ($(id).value === '' ? undefined : Number($(id).value));
  const hands = $('hands').value.trim();
  const seat = $('seat').value === '' || $('hand').value.trim() === '' ? undefined : { player: Number($('seat').value), hand: $('hand').value.trim() };
  return {
    seat,
    game: $('game').value,
    quartets: {
      players: number('players'), sets: number('sets'), cards_per_set: number('cps'),
      hands: hands ? hands.split(/[ ,]+/).map(Number) : undefined,
    },
    sequence: { rules: document.querySelector('input[name=rules]:checked').value, teams: number('seq-teams') },
    gofish: { players: number('gf-players'), ranks: number('gf-ranks'), hand: number('gf-hand'), fish_turn: $('gf-turn').value },
  };
}

function actionCount() { return state.result?.actions?.count ?? 0; }

/** Action `i` (0-based) of the judged log: its line and its text (the worker packs them). */
function actionAt(i) {
  const a = state.result.actions;
  return { line: a.lines[i], text: a.text.slice(a.starts[i], a.starts[i + 1] - 1) };
}
function documentOf() { return state.result?.document; }

/** Judges the log in the editor, in the worker: first the verdict alone, shown as soon as it
 * comes, then the explanation and the actions, and the step. While a log is being judged, a
 * newer text waits for it and only the newest is judged next (typing into a long log queues
 * no work). `state.complete` resolves once the newest text is shown whole. */
export function judge(step = null) {
  const log = editor.text();
  keep(log);
  // A link's fragment describes the log it was opened with, not one edited since.
  if (location.hash && !state.embed && state.restored) history.replaceState(null, '', location.pathname + location.search);
  if (!log.trim()) return clearAll();
  judging.wanted = { step, ticket: ++state.ticket };
  if (!judging.busy) judging.done = new Promise((resolve) => { judging.resolve = resolve; });
  state.complete = judging.done;
  if (!judging.busy) judgeNext();
  return state.complete;
}

const judging = { busy: false, wanted: null, done: null, resolve: null };
/** Logs up to this many characters get their verdict on the page's thread. */
const AT_ONCE = 1 << 16;

async function judgeNext() {
  judging.busy = true;
  while (judging.wanted) {
    const { step, ticket } = judging.wanted;
    judging.wanted = null;
    const log = editor.text();
    const chosen = choice();
    const started = performance.now();
    // A short log's verdict is worked out at once on this thread (about a millisecond for
    // 1000 actions: a round trip to the worker would wait for the frame in between); a long
    // one's in the worker. The explanation and the steps always come from the worker.
    const request = { op: 'judge', log, explain: false, ...chosen };
    const verdict = log.length <= AT_ONCE ? call(request) : await ask(request);
    if (judging.wanted) continue;
    state.result = verdict;
    showVerdict();
    state.judgeMs = performance.now() - started;
    state.verdictShown = performance.now();
    if (verdict.document?.error || verdict.usage) {
      clearExplanation();
      continue;
    }
    const explained = await ask({ op: 'judge', log, ...chosen });
    if (judging.wanted || ticket !== state.ticket) continue;
    state.result = explained;
    showVerdict();
    showActions();
    showExplanation();
    state.step = -1;
    await goTo(step ?? defaultStep(), true);
  }
  judging.busy = false;
  judging.resolve(true);
}

function clearExplanation() {
  $('action-list').replaceChildren();
  $('action-list').style.height = '0px';
  $('marks-key').textContent = '';
  $('explain').replaceChildren();
  clearView();
}

/** An empty editor: no verdict, no error, nothing to step through; a word on what to do. */
function clearAll() {
  state.result = null;
  showRules();
  state.ticket++;
  judging.wanted = null;
  showGutter(0);
  $('error').hidden = true;
  $('stepper').hidden = true;
  const box = $('verdict');
  box.className = 'verdict hint';
  box.textContent = t('emptyLog');
  delete box.dataset.verdict;
  delete box.dataset.contract;
  clearExplanation();
  state.verdictShown = performance.now();
  state.complete = judging.busy ? judging.done : Promise.resolve(true);
  return state.complete;
}

/** The step a verdict opens at: the action after which cheating is certain, else the end. */
function defaultStep() {
  const doc = documentOf();
  if (doc?.verdict?.kind !== 'foul') return actionCount();
  return foulIndex();
}

/** The position (1-based) of the foul in the action list. */
function foulIndex() {
  const foul = documentOf()?.verdict;
  return state.result.actions.lines.indexOf(foul.line) + 1;
}

/** The editor's line numbers: only those in view (a 5 MB log has 400 000 lines), in a gutter
 * of a fixed width by the digits of the line count, so that a new text neither lays out
 * thousands of numbers nor changes the editor's width (which laid the page out again). */
const gutter = { lines: 1, offset: 0, bad: 0, digits: 0, row: 0, top: 0, height: 0, key: '' };

/** How many line breaks `text` holds. */
function newlines(text) {
  let n = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/** The editor's text. A log over `BIG` characters is not put in the textarea whole (the
 * browser takes seconds to take in and lay out 5 MB of text, and as long again at each key):
 * the textarea holds a window of `WINDOW` lines around where the user is, the lines before
 * and after it are kept beside it, and the window moves as the user scrolls to its edges. */
const BIG = 1 << 19;
const WINDOW = 4000;
const editor = {
  before: '', after: '', beforeLines: 0, afterLines: 0,
  /** The whole text. */
  text() { return this.before + $('log').value + this.after; },
  windowed() { return this.before !== '' || this.after !== ''; },
  /** Whether the user selected all (Ctrl+A) and the whole window is still selected: the
   * selection is then the whole text, not only the part in the textarea. */
  all: false,
  allSelected() {
    const area = $('log');
    if (!this.all || area.selectionStart !== 0 || area.selectionEnd !== area.value.length) return (this.all = false);
    return this.windowed();
  },
  /** The selection in the whole text: [from, to). */
  selected() {
    if (this.allSelected()) return [0, this.text().length];
    const area = $('log');
    return [this.before.length + area.selectionStart, this.before.length + area.selectionEnd];
  },
  /** Puts `text` in the editor with the caret at `caret`, the window around it. */
  set(text, caret = 0) {
    this.all = false;
    const area = $('log');
    if (text.length <= BIG) {
      this.before = this.after = '';
      this.beforeLines = this.afterLines = 0;
      area.value = text;
    } else {
      // The window: whole lines, half of them before the caret's line.
      let start = text.lastIndexOf('\n', Math.max(0, caret - 1)) + 1;
      for (let i = 0; i < WINDOW / 2 && start > 0; i++) start = text.lastIndexOf('\n', start - 2) + 1;
      let end = start;
      for (let i = 0; i < WINDOW && end < text.length; i++) {
        const next = text.indexOf('\n', end);
        end = next === -1 ? text.length : next + 1;
      }
      this.before = text.slice(0, start);
      this.after = text.slice(end);
      this.beforeLines = newlines(this.before);
      this.afterLines = newlines(this.after);
      area.value = text.slice(start, end);
      const at = Math.min(Math.max(caret - start, 0), area.value.length);
      area.setSelectionRange(at, at);
    }
    $('window-notice').hidden = !this.windowed();
    if (this.windowed()) {
      const total = this.beforeLines + newlines(area.value) + this.afterLines + 1;
      $('window-notice').textContent = t('windowShown', { from: this.beforeLines + 1, to: this.beforeLines + newlines(area.value), n: total });
    }
  },
  /** Moves the window when the user has scrolled near one of its edges, keeping in view
   * the line they see and the caret where it was. */
  follow() {
    if (!this.windowed() || !gutter.row) return;
    const area = $('log');
    const seen = Math.floor(area.scrollTop / gutter.row);
    const lines = newlines(area.value);
    const near = WINDOW / 8;
    if (!((seen < near && this.before) || (seen + gutter.height / gutter.row > lines - near && this.after))) return;
    const text = this.text();
    const all = this.allSelected();
    const caret = [area.selectionStart, area.selectionEnd].map((x) => x + this.before.length);
    // The absolute line in view, then the window around it.
    let at = 0;
    for (let i = 0; i < seen; i++) at = area.value.indexOf('\n', at) + 1;
    const line = this.beforeLines + seen;
    this.set(text, this.before.length + at);
    const top = (line - this.beforeLines) * gutter.row;
    area.scrollTop = top;
    gutter.top = top;
    const [from, to] = caret.map((x) => x - this.before.length);
    if (all) { this.all = true; area.setSelectionRange(0, area.value.length); }
    else if (from >= 0 && to <= area.value.length) area.setSelectionRange(from, to);
    showGutter(documentOf()?.error?.line);
  },
};

/** Counts the lines of the editor's text and shows the numbers in view, `bad` marked. */
function showGutter(bad) {
  // The lines of the window in the textarea, numbered from those before it.
  gutter.lines = newlines($('log').value) + 1;
  gutter.offset = editor.beforeLines;
  gutter.bad = (bad ?? 0) - editor.beforeLines;
  const digits = String(editor.beforeLines + gutter.lines + editor.afterLines).length;
  if (digits !== gutter.digits) {
    gutter.digits = digits;
    $('gutter').style.width = `calc(${Math.max(digits, 2)}ch + .8rem)`;
  }
  renderGutter();
}

function measureGutter() {
  const area = $('log');
  gutter.row = parseFloat(getComputedStyle(area).lineHeight) || 18;
  gutter.height = area.clientHeight;
  gutter.top = area.scrollTop;
}

/** Puts the numbers of the lines in view (and two each side) in the gutter, at the place
 * the editor has scrolled to. */
function renderGutter() {
  // The row's height and the editor's are read once (and on a resize), its scroll position
  // on each scroll: reading them here would lay the new text out at once.
  if (!gutter.row) measureGutter();
  const first = Math.max(1, Math.floor(gutter.top / gutter.row) - 1);
  const last = Math.min(gutter.lines, first + Math.ceil(gutter.height / gutter.row) + 3);
  const key = `${first}|${last}|${gutter.bad}|${gutter.offset}`;
  const inner = $('gutter-lines');
  inner.style.transform = `translateY(${(first - 1) * gutter.row - gutter.top}px)`;
  if (key === gutter.key) return;
  gutter.key = key;
  const numbers = (from, to) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => `${gutter.offset + from + i}\n`).join('');
  const bad = gutter.bad;
  if (bad >= first && bad <= last) inner.replaceChildren(numbers(first, bad - 1), el('span', { class: 'bad', text: `${gutter.offset + bad}\n` }), numbers(bad + 1, last));
  else inner.replaceChildren(numbers(first, last));
}

/** The Go Fish rules are shown when Go Fish is chosen or told from the log. */
function showRules() {
  // Rules refused stay in sight to be mended.
  const refused = state.result?.usage && !$('gfrules').hidden;
  $('gfrules').hidden = !refused && $('game').value !== 'gofish' && documentOf()?.game !== 'gofish';
}

function showVerdict() {
  showRules();
  const box = $('verdict');
  const error = $('error');
  const doc = documentOf();
  showGutter(doc?.error?.line);
  error.hidden = true;
  box.className = 'verdict';
  $('stepper').hidden = true;
  if (state.result.usage) {
    error.hidden = false;
    error.textContent = refusal(state.result);
    box.textContent = '';
    return;
  }
  if (doc.error) {
    error.hidden = false;
    const message = errorText(state.result.detail, doc.error.message, doc.error.kind);
    // An error of no line (the log has no action line) is said without one.
    error.textContent = doc.error.line >= 1 ? t('lineError', { line: doc.error.line, message }) : message;
    error.dataset.line = doc.error.line;
    box.textContent = '';
    return;
  }
  $('stepper').hidden = false;
  const sequence = doc.game === 'sequence';
  if (doc.verdict.kind === 'fair') {
    box.textContent = t(sequence ? 'fairSeq' : doc.game === 'gofish' ? 'fairGf' : 'fair');
    box.classList.add('fair');
  } else if (doc.game === 'gofish') {
    // The engine's reason with its parameters comes with the explanation.
    box.textContent = `${t('foul', { n: doc.verdict.action })}: ${gofishReason(doc.explanation?.reason, doc.verdict.reason.message)}`;
    box.classList.add('foul');
  } else {
    const r = doc.verdict.reason;
    // The reason's parameters: the illegal move (Sequence), the engine's reason (Quartets).
    const params = (sequence ? doc.explanation?.illegal : state.result.reason) ?? {};
    box.textContent = `${t(sequence ? 'foulSeq' : 'foul', { n: doc.verdict.action })}: ${reason(r.kind, params, r.message)}`;
    box.classList.add('foul');
  }
  box.dataset.verdict = doc.verdict.kind;
  box.dataset.contract = doc.contract;
}

/** The action list shows only the rows in view (a 1000-action log keeps about 40 in the
 * page): its rows are of one fixed height, so where each is follows by arithmetic and a step
 * reads no layout. */
const list = { top: 0, row: 0, height: 0, first: -1, last: -1, foul: Infinity, proof: new Set() };

function showActions() {
  const box = $('actions');
  const ol = $('action-list');
  list.first = list.last = -1;
  ol.replaceChildren();
  const doc = documentOf();
  if (!doc || doc.error) { ol.style.height = '0px'; $('marks-key').textContent = ''; return; }
  list.foul = doc.verdict.kind === 'foul' ? foulIndex() : Infinity;
  const proof = doc.explanation?.proof;
  list.proof = new Set(Array.isArray(proof) ? proof.map((s) => s.action) : proof?.actions ?? []);
  list.row = parseFloat(getComputedStyle(document.documentElement).fontSize) * 1.5;
  list.height = box.clientHeight;
  list.top = box.scrollTop = 0;
  ol.style.height = `${actionCount() * list.row}px`;
  $('marks-key').textContent = t(doc.game === 'sequence' ? 'marksKeySeq' : 'marksKey');
  renderRows();
  $('slider').max = String(actionCount());
}

/** One row of the action list: action `number` with its marks, as one text (one text run
 * per row: rows of several inline parts cost several times more to lay out). */
function actionItem(number) {
  return fillItem(document.createElement('li'), number);
}

/** Makes `item` the row of action `number` (rows are reused when the list jumps). */
function fillItem(item, number) {
  const doc = documentOf();
  const action = actionAt(number - 1);
  const foul = list.foul;
  const proof = list.proof.has(number);
  const kind = number < foul ? 'fair' : number === foul ? 'foul' : 'unjudged';
  const marks = [t({ fair: 'markFair', foul: doc.game === 'sequence' ? 'markIllegal' : 'markFoul', unjudged: 'markAfter' }[kind])];
  if (proof) marks.push(t('markProof'));
  // The row shows the marks as symbols (the words do not fit a phone's row; the key is above
  // the list), and says them in words to screen readers and as its tooltip.
  const symbols = t({ fair: 'symFair', foul: 'symFoul', unjudged: 'symAfter' }[kind]) + (proof ? ` ${t('symProof')}` : '');
  const width = String(actionCount()).length + 1;
  item.className = kind + (proof ? ' proof' : '');
  item.dataset.step = number;
  item.dataset.line = action.line;
  item.setAttribute('aria-posinset', number);
  item.setAttribute('aria-setsize', actionCount());
  item.textContent = `${`${number}.`.padStart(width)} ${symbols} ${action.text}`;
  item.setAttribute('aria-label', `${action.text}: ${marks.join(', ')}`);
  item.title = marks.join(' · ');
  if (number === state.step) item.setAttribute('aria-current', 'step');
  else item.removeAttribute('aria-current');
  return item;
}

/** Puts the rows in view (and a margin of three each side) in the list; rows already there
 * stay, so that a step by one adds at most one row. */
function renderRows() {
  const n = actionCount();
  if (!list.row) return;
  const first = Math.max(0, Math.floor(list.top / list.row) - 3);
  const last = Math.min(n, Math.ceil((list.top + Math.max(list.height, 20 * list.row)) / list.row) + 3);
  if (first === list.first && last === list.last) return;
  const ol = $('action-list');
  ol.style.paddingTop = `${first * list.row}px`;
  if (last <= list.first || first >= list.last || list.first < 0) {
    // A jump: the rows there are, refilled; any missing made, any left over dropped.
    const rows = [...ol.children];
    for (let number = first + 1; number <= last; number++) {
      const row = rows[number - first - 1];
      if (row) fillItem(row, number); else ol.append(actionItem(number));
    }
    for (const row of rows.slice(last - first)) row.remove();
  } else {
    // Rows numbered list.first+1..list.last are in the list: drop those out of the window,
    // add the new ones at either end.
    for (let number = list.first + 1; number <= first; number++) ol.firstChild.remove();
    for (let number = list.last; number > last; number--) ol.lastChild.remove();
    const head = [];
    for (let number = first + 1; number <= Math.min(list.first, last); number++) head.push(actionItem(number));
    ol.prepend(...head);
    for (let number = Math.max(list.last, first) + 1; number <= last; number++) ol.append(actionItem(number));
  }
  list.first = first;
  list.last = last;
}

/** Shows the state after the first `k` actions: the list and the counter at once, the grid or
 * board when the worker answers (`state.stepped` then resolves). Steps asked while one is
 * under way wait for it, and only the last of them is shown. */
export function goTo(k, force = false) {
  const n = actionCount();
  const doc = documentOf();
  if (!doc || doc.error) { clearView(); return Promise.resolve(false); }
  k = Math.max(0, Math.min(n, k));
  if (k === state.step && !force) return state.stepped;
  state.stepStarted = performance.now();
  state.step = k;
  $('slider').value = String(k);
  $('at').textContent = k === 0 ? t('start') : t('atStep', { k, n });
  current(k);
  stepping.wanted = { k, result: state.result };
  if (!stepping.busy) {
    stepping.busy = true;
    state.stepped = stepNext();
  }
  return state.stepped;
}

const stepping = { busy: false, wanted: null };

async function stepNext() {
  while (stepping.wanted) {
    const { k, result } = stepping.wanted;
    stepping.wanted = null;
    const asked = performance.now();
    const response = await ask({ op: 'step', after: k, ...choice(), game: result.document.game });
    state.engineMs = performance.now() - asked;
    // A newer step, or another log judged since: this answer is not shown.
    if (stepping.wanted || result !== state.result) continue;
    if (response.usage || response.document) { clearView(); continue; }
    state.view = response;
    if (response.game === 'gofish') showRanges(response);
    else if (response.knowledge) showGrid(response);
    else if (response.board) showBoard(response, k);
    state.stepMs = performance.now() - state.stepStarted;
  }
  stepping.busy = false;
  return true;
}

/** The view is built once per log and game and updated in place at each step. */
let view = null;

function clearView() {
  view = null;
  $('view').replaceChildren();
}

/** Marks action `k` as the current one and scrolls it into view, by arithmetic on the
 * list's fixed row height (no `scrollIntoView`, which lays out the list first). */
function current(k) {
  const box = $('actions');
  const top = (k - 1) * list.row;
  const before = list.top;
  if (k === 0) list.top = 0;
  else if (top < list.top) list.top = top;
  else if (top + list.row > list.top + list.height) list.top = top + list.row - list.height;
  renderRows();
  $('action-list').querySelector('[aria-current]')?.removeAttribute('aria-current');
  $('action-list').querySelector(`[data-step="${k}"]`)?.setAttribute('aria-current', 'step');
  // Scrolled before the next frame's layout: setting it now would lay the page out twice.
  if (list.top !== before) requestAnimationFrame(() => { box.scrollTop = list.top; });
}

function deckFor() {
  const key = JSON.stringify(choice().quartets);
  if (state.deck?.key !== key) state.deck = { key, deck: call({ op: 'deck', quartets: choice().quartets }) };
  return state.deck.deck;
}

/** The grid's rows and heads for `deck` and `players`, built once. */
function buildGrid(deck, players, key) {
  const heads = new Map();
  const head = el('tr', {}, el('th', { scope: 'col', text: t('card') }), ...players.map((p) => {
    const count = el('span', { class: 'count' });
    const sets = el('span', { class: 'sets' });
    const th = el('th', { scope: 'col', 'data-player': p }, `${t('player')} ${p}`, count, sets);
    heads.set(p, { count, sets });
    return th;
  }));
  const rows = new Map();
  const body = el('tbody');
  for (const set of deck.sets ?? []) {
    for (const card of set.cards) {
      const row = el('tr', { 'data-card': card }, el('th', { scope: 'row', text: card }));
      rows.set(card, { row, cells: null });
      body.append(row);
    }
  }
  const note = el('p', { class: 'error' });
  note.hidden = true;
  // The key: each mark drawn as the cells draw it (style.css), with its meaning.
  const mark = (kind, text) => el('span', { class: 'key' }, el('span', { class: `swatch ${kind}`, 'aria-hidden': 'true' }), text);
  const legend = el('p', { class: 'legend', id: 'legend' }, mark('seen', t('legendSeen')), mark('certain', t('legendCertain')), mark('possible', t('legendPossible')));
  // Fixed column widths (style.css, from --players), so that a head's new text does not
  // size the columns again.
  const table = el('table', { class: 'grid', id: 'grid', 'aria-label': t('quartets'), style: `--players: ${players.length}` }, el('thead', {}, head), body);
  $('view').replaceChildren(note, legend, el('div', { class: 'gridwrap', tabindex: '0', role: 'region', 'aria-label': t('gridLabel') }, table));
  return { kind: 'grid', key, players, heads, rows, note };
}

/** Sets `node`'s text (and its label) only when it changes: a step touches only what moved. */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function showGrid(response) {
  const knowledge = response.knowledge;
  const deck = deckFor();
  const players = knowledge.players.map((p) => p.player);
  const key = `${state.deck.key}|${players.join(',')}|${lang()}`;
  if (view?.key !== key) view = buildGrid(deck, players, key);
  for (const p of knowledge.players) {
    const head = view.heads.get(p.player);
    setText(head.count, count('card', p.cards));
    setText(head.sets, p.sets.length ? `${t('setsHeld')} ${p.sets.join(', ')}` : '');
  }
  const byCard = new Map(knowledge.cards.map((c) => [c.card, c]));
  for (const [card, entry] of view.rows) {
    const known = byCard.get(card);
    if (!known) {
      // Laid aside: one cell across the players (a set leaves the game only once).
      if (entry.cells !== 'out') {
        entry.row.replaceChildren(entry.row.firstChild, el('td', { colspan: players.length, text: t('out') }));
        entry.cells = 'out';
      }
      continue;
    }
    if (!Array.isArray(entry.cells)) {
      entry.cells = players.map((p) => el('td', { 'data-player': p }));
      entry.kinds = players.map(() => null);
      entry.row.replaceChildren(entry.row.firstChild, ...entry.cells);
    }
    players.forEach((p, i) => {
      const cell = entry.cells[i];
      const has = known.possible.includes(p);
      const kind = !has ? '' : known.moved ? 'seen' : known.holder ? 'certain' : 'possible';
      if (entry.kinds[i] === kind) return;
      entry.kinds[i] = kind;
      // The class alone: its dot or ring is the cell's background (style.css), so that a
      // change repaints the cell without laying the table out again.
      cell.className = kind;
      if (kind) cell.setAttribute('aria-label', `${card}: ${t('player')} ${p} ${t(kind)}`);
      else cell.removeAttribute('aria-label');
    });
  }
  const before = knowledge.after < response.asked;
  view.note.hidden = !before;
  if (before) setText(view.note, t('knowledgeBefore', { k: knowledge.after }));
}

/** The Go Fish ranges (ranges.js), built once per game's size and language. */
function showRanges(response) {
  const knowledge = response.knowledge;
  const players = knowledge.hands.map((h) => h.player);
  const key = `ranges|${response.ranks.join(',')}|${players.join(',')}|${lang()}`;
  if (view?.key !== key) {
    view = { kind: 'ranges', key, ...buildRanges(response.ranks, players, t, count) };
    $('view').replaceChildren(view.element);
  }
  view.update(knowledge, response.asked);
}

/** The 10x10 board (board.js), built once per language. */
function buildSequenceBoard(squares, key) {
  const board = buildBoard(squares, t);
  const sequences = el('p');
  const illegal = el('p', { class: 'error', id: 'illegal' });
  sequences.hidden = illegal.hidden = true;
  $('view').replaceChildren(board.element, sequences, illegal);
  return { kind: 'board', key, board, sequences, illegal };
}

function showBoard(response, k) {
  const doc = documentOf();
  const illegal = doc.explanation?.illegal;
  const atIllegal = illegal && doc.verdict.kind === 'foul' && k >= foulIndex();
  if (response.board.rows) {
    const key = `board|${lang()}`;
    if (view?.key !== key) view = buildSequenceBoard(response.squares, key);
    view.board.update(response.board.rows.join(''), atIllegal ? illegal.square : null);
  } else if (response.board.tokens) {
    // The contract rules: tokens on each card's two squares (48 cells, rebuilt).
    const suits = ['h', 'c', 'd', 's'];
    const ranks = ['2', '3', '4', '5', '6', '7', '8', '9', 'X', 'Q', 'K', 'A'];
    const grid = el('table', { class: 'grid tokens', id: 'board', 'aria-label': t('tokensTitle') },
      el('tr', {}, el('td'), ...ranks.map((r) => el('th', { scope: 'col', text: r }))),
      ...suits.map((s) => el('tr', {}, el('th', { scope: 'row', text: s }),
        ...ranks.map((r) => { const n = response.board.tokens[r + s] ?? 0; return el('td', { class: `n${n}`, 'data-card': r + s, text: n ? String(n) : '·' }); }))));
    const sequences = el('p');
    const illegalBox = el('p', { class: 'error', id: 'illegal' });
    $('view').replaceChildren(el('p', { text: t('tokensTitle') }), grid, sequences, illegalBox);
    view = { kind: 'tokens', key: null, sequences, illegal: illegalBox };
  }
  view.sequences.hidden = !response.sequences.length;
  setText(view.sequences, response.sequences.length ? `${t('sequencesDone')}: ${response.sequences.map(([team, n]) => `${t(team)} ${n}`).join(', ')}` : '');
  view.illegal.hidden = !atIllegal;
  setText(view.illegal, atIllegal ? `${illegalWhat(illegal)} — ${t('rule')}: ${reason(`rule:${illegal.kind}`, illegal, illegal.rule)}` : '');
}

function showExplanation() {
  const box = $('explain');
  box.replaceChildren();
  const doc = documentOf();
  const e = doc?.explanation;
  if (!e) return;
  if (doc.game === 'quartets' && e.seat) {
    const line = seatLine(e.seat, e.seat.text);
    box.append(el('h2', { text: t('seatTitle') }),
      el('p', { id: 'seat-is', text: t('seatIs', { player: e.seat.player, hand: e.seat.hand.join(' ') }) }),
      ...(line ? [el('p', { id: 'seat-line', text: line })] : []));
  }
  if (doc.game === 'quartets' && e.proof) {
    const certificate = why(e.proof.why, doc.verdict.action, e.proof.why.text);
    box.append(el('h2', { text: t('proof') }),
      el('ul', { id: 'proof' }, ...e.proof.claims.map((c) => el('li', { text: `${c.action}: ${reason(c.kind, c, c.text)}` }))),
      el('p', { id: 'why', lang: certificate === e.proof.why.text ? 'en' : lang(), text: certificate }));
  }
  if (doc.game === 'quartets' && e.suspects) {
    const s = e.suspects;
    const text = suspects(s, doc.actions, s.text);
    box.append(el('h2', { text: t('suspects') }), el('p', { id: 'suspects', text }));
  }
  if (doc.game === 'quartets' && e.deal) {
    box.append(el('h2', { text: t('deal') }),
      el('ul', { id: 'deal' }, ...e.deal.map((h) => el('li', { text: `${t('player')} ${h.player}: ${h.cards.join(' ')}` }))));
  }
  if (doc.game === 'gofish') showGoFishExplanation(box, e);
  if (doc.game === 'sequence' && e.illegal) {
    box.append(el('h2', { text: t('rule') }), el('p', { text: `${illegalWhat(e.illegal)}. ${t('rule')}: ${reason(`rule:${e.illegal.kind}`, e.illegal, e.illegal.rule)}` }));
  }
  if (doc.game === 'sequence' && e.winner) box.append(el('p', { text: `${t('winner')}: ${t(e.winner)}` }));
}

/** The explanation of a Go Fish verdict: the proof (each action with its claims, in the
 * engine's words), the suspects, or a possible deal with the stock's order. */
function showGoFishExplanation(box, e) {
  // The log's text and the ranks read left to right, also in Hebrew; the claims are in the
  // language in use, from their kinds (the engine's English words where there is no
  // translation, read left to right).
  const ltr = (text, attrs = {}) => el('bdi', { dir: 'ltr', ...attrs, text });
  const claims = (s) => {
    const text = s.claims.map((english, i) => gofishClaim(s.details?.[i], english)).join('; ');
    return text === s.claims.join('; ') ? ltr(text, { lang: 'en' }) : el('bdi', { text });
  };
  if (e.proof) {
    box.append(el('h2', { text: t('proof') }), el('ul', { id: 'proof' }, ...e.proof.map((s) => el('li', {},
      `${t('proofAt', s)} `, ltr(s.text, { class: 'code' }), ': ', claims(s)))));
  }
  if (e.suspects) box.append(el('h2', { text: t('suspects') }), el('p', { id: 'suspects', text: gofishSuspects(e.suspects) }));
  if (e.deal) {
    box.append(el('h2', { text: t('dealFits', { n: e.deal.fits }) }), el('ul', { id: 'deal' },
      ...e.deal.hands.map((hand, i) => el('li', {}, `${t('player')} ${i + 1}: `, ltr(hand.join(' ') || '–'))),
      el('li', {}, `${t('stockFromTop')}: `, ltr(e.deal.stock.join(' ') || '–'))));
  }
}

/** Copies the link to this view: the button says so for a moment, then is itself again; when
 * the browser does not let the page write to the clipboard, the link is shown to copy. */
let shareShown = 0;
async function share() {
  const button = $('share');
  const field = $('share-link');
  clearTimeout(shareShown);
  button.textContent = t('copying');
  button.dataset.state = 'copying';
  const link = await shareLink();
  button.dataset.link = link;
  const copied = await (navigator.clipboard?.writeText(link).then(() => true, () => false) ?? false);
  button.dataset.state = copied ? 'copied' : 'failed';
  button.textContent = t(copied ? 'copied' : 'copyFailed');
  // Said by screen readers too (a button's new text is not announced), and cleared with it.
  $('share-status').textContent = t(copied ? 'copied' : 'copyFailed');
  field.hidden = copied;
  if (!copied) {
    field.value = link;
    field.focus();
    field.select();
  }
  shareShown = setTimeout(() => {
    $('share-status').textContent = '';
    button.textContent = t('share');
    button.dataset.state = '';
  }, 2500);
}

/** The link that restores this view. */
export async function shareLink(embed = null) {
  const c = choice();
  const frag = await fragment({
    log: editor.text(), step: state.step, game: documentOf()?.game ?? c.game,
    players: c.quartets.players, sets: c.quartets.sets, cps: c.quartets.cards_per_set,
    hands: $('hands').value.trim(), rules: c.sequence.rules, teams: c.sequence.teams, embed,
    gfPlayers: c.gofish.players, gfRanks: c.gofish.ranks, gfHand: c.gofish.hand, gfTurn: c.gofish.fish_turn === 'asked' ? 'asked' : undefined,
    seat: c.seat?.player, hand: c.seat?.hand,
  });
  return `${location.origin}${location.pathname}#${frag}`;
}

async function restore() {
  const settings = await parse(location.hash);
  if (!settings) return false;
  editor.set(settings.log);
  // A damaged link (cut short by a mail or chat program, most often): say so, and what of
  // its log could be read.
  const notice = $('link-notice');
  notice.hidden = !settings.damaged;
  if (settings.damaged) {
    const lines = settings.log ? settings.log.split('\n').length - 1 : 0;
    notice.textContent = `${t('linkDamaged')} ${lines ? count('recovered', lines) : t('linkNothing')}`;
  }
  if (settings.game) $('game').value = settings.game;
  if (settings.players) $('players').value = settings.players;
  if (settings.sets) $('sets').value = settings.sets;
  if (settings.cps) $('cps').value = settings.cps;
  $('hands').value = settings.hands ?? '';
  $('seat').value = settings.seat ?? '';
  $('hand').value = settings.hand ?? '';
  if (settings.gfPlayers) $('gf-players').value = settings.gfPlayers;
  if (settings.gfRanks) $('gf-ranks').value = settings.gfRanks;
  $('gf-hand').value = settings.gfHand ?? '';
  $('gf-turn').value = settings.gfTurn === 'asked' ? 'asked' : 'next';
  if (settings.rules) document.querySelector(`input[name=rules][value=${settings.rules === 'full' ? 'full' : 'contract'}]`).checked = true;
  $('seq-teams').value = settings.teams === '2' || settings.teams === '3' ? settings.teams : '';
  if (settings.embed) { state.embed = settings.embed; document.body.classList.add('embed'); }
  await judge(Number(settings.step ?? 0));
  state.restored = true;
  return true;
}

/** The stepping keys, in the stepper and the action list only (elsewhere the arrows are the
 * focused control's own: the tabs', the board's, a button's none). */
function keys(event) {
  const target = event.target;
  if (!target.closest?.('#stepper, #actions')) return;
  if (target.tagName === 'TEXTAREA' || (target.tagName === 'INPUT' && target.type !== 'range') || target.tagName === 'SELECT') return;
  if (!documentOf() || documentOf().error) return;
  const rtl = lang() === 'he';
  const moves = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 };
  if (event.key in moves) goTo(state.step + moves[event.key]);
  else if (event.key === 'Home') goTo(0);
  else if (event.key === 'End') goTo(actionCount());
  else return;
  event.preventDefault();
}

async function examples() {
  const list = await fetch('examples/index.json').then((r) => r.json()).catch(() => []);
  for (const name of list) $('example').append(el('option', { value: name, text: name }));
  $('example').addEventListener('change', async () => {
    if (!$('example').value) return;
    editor.set(await fetch(`examples/${$('example').value}`).then((r) => r.text()));
    // The examples written for the full rules are named so (full-*.log, three-teams.log).
    const full = /^sequence\/(full|three)/.test($('example').value);
    document.querySelector(`input[name=rules][value=${full ? 'full' : 'contract'}]`).checked = true;
    $('seq-teams').value = '';
    // The Go Fish examples the page offers are of the standard rules.
    if ($('example').value.startsWith('gofish/')) {
      $('gf-players').value = 4; $('gf-ranks').value = 13; $('gf-hand').value = ''; $('gf-turn').value = 'next';
    }
    judge();
  });
}

function bind() {
  $('log').addEventListener('input', () => judge());
  // A long text pasted goes into the editor's model, not whole into the textarea.
  $('log').addEventListener('paste', (event) => {
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (text.length <= BIG / 4 && !editor.windowed()) return;
    event.preventDefault();
    const area = $('log');
    const [from, to] = editor.selected();
    // The model's work in a task of its own, the judging in the next: no task holds the
    // page's thread for long.
    setTimeout(() => {
      const all = editor.text();
      editor.set(all.slice(0, from) + text + all.slice(to), from + text.length);
      setTimeout(() => judge());
    });
  });
  // Select all (Ctrl+A) in a windowed editor selects the whole log, not only the window: a
  // paste, a key or a delete then replaces all of it, and a copy or cut takes all of it.
  $('log').addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a') editor.all = true;
  });
  $('log').addEventListener('mousedown', () => { editor.all = false; });
  $('log').addEventListener('beforeinput', (event) => {
    if (!editor.allSelected() || event.inputType === 'insertFromPaste') return;
    const typed = event.inputType === 'insertText' ? event.data ?? ''
      : event.inputType === 'insertLineBreak' ? '\n'
      : event.inputType.startsWith('delete') ? '' : null;
    if (typed === null) return;
    event.preventDefault();
    editor.set(typed, typed.length);
    judge();
  });
  for (const kind of ['copy', 'cut']) {
    $('log').addEventListener(kind, (event) => {
      if (!editor.allSelected() || !event.clipboardData) return;
      event.preventDefault();
      event.clipboardData.setData('text/plain', editor.text());
      if (kind === 'cut') { editor.set(''); judge(); }
    });
  }
  addEventListener('pagehide', flushKeep);
  document.addEventListener('visibilitychange', () => { if (document.hidden) flushKeep(); });
  $('log').addEventListener('scroll', () => {
    gutter.top = $('log').scrollTop;
    requestAnimationFrame(() => { editor.follow(); renderGutter(); });
  }, { passive: true });
  $('actions').addEventListener('scroll', () => {
    list.top = $('actions').scrollTop;
    requestAnimationFrame(renderRows);
  }, { passive: true });
  $('action-list').addEventListener('click', (event) => {
    const item = event.target.closest('li[data-step]');
    if (item) goTo(Number(item.dataset.step));
  });
  window.addEventListener('resize', () => { list.height = $('actions').clientHeight; renderRows(); measureGutter(); renderGutter(); });
  for (const id of ['game', 'players', 'sets', 'cps', 'hands', 'seat', 'hand', 'gf-players', 'gf-ranks', 'gf-hand', 'gf-turn', 'seq-teams']) $(id).addEventListener('change', () => judge());
  for (const radio of document.querySelectorAll('input[name=rules]')) radio.addEventListener('change', () => judge());
  $('slider').addEventListener('input', () => goTo(Number($('slider').value)));
  $('first').addEventListener('click', () => goTo(0));
  $('prev').addEventListener('click', () => goTo(state.step - 1));
  $('next').addEventListener('click', () => goTo(state.step + 1));
  $('last').addEventListener('click', () => goTo(actionCount()));
  document.addEventListener('keydown', keys);
  $('file').addEventListener('change', async () => {
    const file = $('file').files[0];
    if (file) { editor.set(await file.text()); judge(); }
  });
  $('editor').addEventListener('dragover', (e) => e.preventDefault());
  $('editor').addEventListener('drop', async (e) => {
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    if (file) { editor.set(await file.text()); judge(); }
  });
  $('share').addEventListener('click', share);
  $('print').addEventListener('click', () => window.print());
  $('lang').addEventListener('change', () => {
    store('fairplay.lang', $('lang').value);
    setLang($('lang').value);
    if (state.result) judge(Math.max(state.step, 0));
    table.refresh();
  });
  tabs(document.querySelector('[role=tablist]'), (panel) => { if (panel === 'table') table.refresh(); });
}

/** Runs every request once on a tiny log, so that the browser compiles the engines' code
 * before the first real log (WebAssembly functions are compiled on first call). */
function warmUp() {
  for (const [game, log] of [['quartets', '2\n1 A 2 3C no\n2 A 1 3C no\n'], ['sequence', '1\n1 5s P 5s\n']]) {
    for (const rules of ['contract', 'full']) {
      const request = { log, game, quartets: {}, sequence: { rules } };
      call({ op: 'judge', explain: false, ...request });
      call({ op: 'judge', ...request });
      call({ op: 'step', after: 1, ...request });
    }
  }
  call({ op: 'live', lines: '1 A 2 3C no\n', game: 'quartets', quartets: {} });
  call({ op: 'moves', lines: '1 A 2 7 fish\n', game: 'gofish' });
  for (const request of [{ op: 'judge', explain: false }, { op: 'judge' }, { op: 'step', after: 1 }]) {
    call({ ...request, log: '1 A 2 7 fish\n1 D\n', game: 'gofish' });
    ask({ ...request, log: '1 A 2 7 fish\n1 D\n', game: 'gofish' });
  }
  // The worker's engine too, in its own time.
  for (const [game, log] of [['quartets', '2\n1 A 2 3C no\n2 A 1 3C no\n'], ['sequence', '1\n1 5s P 5s\n']]) {
    const request = { log, game, quartets: {}, sequence: { rules: 'contract' } };
    ask({ op: 'judge', explain: false, ...request });
    ask({ op: 'judge', ...request });
    ask({ op: 'step', after: 1, ...request });
  }
}

async function main() {
  const code = stored('fairplay.lang') ?? preferred();
  $('lang').value = code;
  setLang(code);
  await load();
  warmUp();
  bind();
  table.start({ call, choice, t, reason, error: errorText, open: (log, game, teams) => {
    editor.set(log);
    $('game').value = game ?? 'auto';
    // The table's teams go with its log: a log cannot say that red plays before red moves.
    $('seq-teams').value = teams ? String(teams) : '';
    $('tab-judge').click();
    judge();
  } });
  await examples();
  if (!(await restore())) {
    editor.set(stored('fairplay.log') ?? '');
    if (editor.text()) await judge();
  }
  document.body.dataset.ready = 'true';
  // Offline after one visit (sw.js); a page served without a secure context goes without.
  navigator.serviceWorker?.register('sw.js').catch(() => {});
}

main();
