// The Go Fish knowledge grid: for every rank (a row) and every player and the stock (a
// column), the range of cards of that rank held there in every deal that fits, as the engine
// gives it (`--knowledge --at K`). Each cell shows its range and a mark, by the Quartets
// grid's conventions (a shape on a coloured ground, keys in the legend): ■ exactly this many,
// ● at least one for sure, ○ perhaps none; an empty cell, none.

const MARKS = { exact: '■', some: '●', maybe: '○' };

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** The kind and text of a range. */
function cell({ min, max }) {
  if (max === 0) return { kind: '', text: '' };
  if (min === max) return { kind: 'exact', text: `${MARKS.exact} ${min}` };
  return { kind: min > 0 ? 'some' : 'maybe', text: `${MARKS[min > 0 ? 'some' : 'maybe']} ${min}–${max}` };
}

/** The grid for `ranks` (their names, in order) and `players` (their numbers), built once;
 * `update(knowledge)` changes only the cells and heads that changed. `t` and `count` are the
 * page's words. */
export function buildRanges(ranks, players, t, count) {
  const columns = [...players.map((p) => ({ player: p, name: `${t('player')} ${p}` })), { player: null, name: t('stock') }];
  const heads = columns.map((c) => {
    const size = el('span', { class: 'count' });
    return { size, th: el('th', { scope: 'col', 'data-player': c.player ?? 'stock' }, c.name, size) };
  });
  const rows = new Map();
  const body = el('tbody');
  for (const rank of ranks) {
    const cells = columns.map((c) => el('td', { 'data-player': c.player ?? 'stock' }));
    const row = el('tr', { 'data-rank': rank }, el('th', { scope: 'row', text: rank }), ...cells);
    rows.set(rank, { row, cells, booked: false, texts: cells.map(() => null) });
    body.append(row);
  }
  const key = (kind, text) => el('span', { class: 'key' }, el('span', { class: `swatch ${kind}`, 'aria-hidden': 'true', text: MARKS[kind] ?? '' }), text);
  const legend = el('p', { class: 'legend', id: 'legend' }, key('exact', t('legendExact')), key('some', t('legendSome')), key('maybe', t('legendMaybe')), key('none', t('legendNone')));
  const note = el('p', { class: 'error' });
  note.hidden = true;
  const table = el('table', { class: 'grid ranges', id: 'grid', 'aria-label': t('gofish'), style: `--players: ${columns.length}` },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: t('rank') }), ...heads.map((h) => h.th))), body);
  const element = el('div', {}, note, legend, el('div', { class: 'gridwrap', tabindex: '0', role: 'region', 'aria-label': t('gfGridLabel') }, table));

  function update(knowledge, asked) {
    const holdings = [...knowledge.hands, knowledge.stock];
    holdings.forEach((h, i) => {
      const text = count('card', h.cards);
      if (heads[i].size.textContent !== text) heads[i].size.textContent = text;
    });
    const booked = new Set(knowledge.booked);
    for (const [rank, entry] of rows) {
      if (booked.has(rank) !== entry.booked) {
        entry.booked = booked.has(rank);
        entry.texts = entry.cells.map(() => null);
        entry.row.replaceChildren(entry.row.firstChild, ...(entry.booked ? [el('td', { colspan: columns.length, class: 'booked', text: t('booked') })] : entry.cells));
      }
      if (entry.booked) continue;
      holdings.forEach((h, i) => {
        const range = h.ranks.find((r) => r.rank === rank) ?? { min: 0, max: 0 };
        const { kind, text } = cell(range);
        const label = `${text}|${kind}`;
        if (entry.texts[i] === label) return;
        entry.texts[i] = label;
        const td = entry.cells[i];
        td.className = kind;
        td.textContent = text;
        const who = columns[i].name;
        td.setAttribute('aria-label', range.max === 0 ? t('cellNone', { rank, who })
          : range.min === range.max ? t('cellExact', { rank, who, n: range.min }) : t('cellRange', { rank, who, min: range.min, max: range.max }));
      });
    }
    const before = knowledge.after < asked;
    note.hidden = !before;
    note.textContent = before ? t('knowledgeBefore', { k: knowledge.after }) : '';
  }
  return { element, update };
}
