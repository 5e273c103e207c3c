// "At the table": the game entered as it is played, judged as a live game after each entry;
// the entries survive a reload (localStorage) and export as a log.
const KEY = 'fairplay.table';
const $ = (id) => document.getElementById(id);
let api = null;
let entries = [];

function option(value, text = value) {
  const node = document.createElement('option');
  node.value = value;
  node.textContent = text;
  return node;
}

/** The entries as a log: the count line, then one action per line. */
function asLog() {
  return `${entries.length}\n${entries.map((e) => `${e}\n`).join('')}`;
}

function save() {
  localStorage.setItem(KEY, JSON.stringify(entries));
  refresh();
}

function fillPickers() {
  const deck = api.call({ op: 'deck', quartets: api.choice().quartets });
  if (deck.usage) { $('t-verdict').textContent = deck.usage; return; }
  const keep = (id, build) => { const old = $(id).value; build($(id)); if (old) $(id).value = old; if ($(id).selectedIndex < 0) $(id).selectedIndex = 0; };
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

/** Shows the events of the entries so far, as the live referee reports them. */
function refresh() {
  if (!api) return;
  fillPickers();
  const list = $('t-events');
  list.replaceChildren();
  if (!entries.length) { $('t-verdict').textContent = api.t('tableEmpty'); $('t-verdict').className = 'verdict'; return; }
  const events = api.call({ op: 'live', game: 'quartets', lines: entries.map((e) => `${e}\n`).join(''), quartets: api.choice().quartets });
  if (!Array.isArray(events)) { $('t-verdict').textContent = events.usage ?? ''; return; }
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
  const reasonText = api.reason(event.foul.reason.kind, reason ?? {}, event.foul.reason.message);
  return event.foul.action === event.action ? `${api.reason('foul-step', event, `${event.action}: CHEATING CERTAIN`)}: ${reasonText}` : text;
}

export const table = {
  /** Starts the table with the page's engine and words. */
  start(with_) {
    api = with_;
    entries = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    const add = (line) => { entries.push(line); save(); };
    $('t-yes').addEventListener('click', () => add(`${$('t-asker').value} A ${$('t-asked').value} ${$('t-card').value} yes`));
    $('t-no').addEventListener('click', () => add(`${$('t-asker').value} A ${$('t-asked').value} ${$('t-card').value} no`));
    $('t-lay').addEventListener('click', () => add(`${$('t-player').value} Q ${$('t-set').value}`));
    $('t-undo').addEventListener('click', () => { entries.pop(); save(); });
    $('t-clear').addEventListener('click', () => { entries = []; save(); });
    $('t-export').addEventListener('click', () => {
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([asLog()], { type: 'text/plain' }));
      link.download = 'game.log';
      link.click();
    });
    $('t-open').addEventListener('click', () => api.open(asLog()));
  },
  refresh,
  /** The entries as a log (for the tests and the export). */
  log: asLog,
};
