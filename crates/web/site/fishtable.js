// "At the table", Go Fish: the choices of the player on turn, from the engine (`moves`: what
// the public rules allow next, and what a watcher knows). An ask is a rank, a player and the
// answer (the rank and the player stay picked while they are allowed); a draw or a book is
// one tap (the books of the rank picked are offered).

const $ = (id) => document.getElementById(id);

/** The Go Fish part of the table, entering lines through `add`; `api` is the page's engine
 * and words. */
export function fishTable(api, add) {
  let moves = null;
  const picked = { rank: null, asked: null };

  function button(text, onClick, attrs = {}) {
    const node = document.createElement('button');
    node.type = 'button';
    node.textContent = text;
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    node.addEventListener('click', onClick);
    return node;
  }

  /** A row of toggle buttons for `values`, the one equal to `chosen` pressed. */
  function choices(id, values, chosen, text, pick) {
    $(id).replaceChildren(...values.map((value) => button(text(value), () => { pick(value); draw(); },
      { class: 'choice', 'data-value': value, 'aria-pressed': String(value === chosen) })));
  }

  /** Draws the choices of `moves` with the picks, keeping each pick while it is allowed. */
  function draw() {
    const { turn = null, asks = [], draws = [], books = [], knowledge = null } = moves ?? {};
    const turnBox = $('g-turn');
    turnBox.dataset.turn = turn === null ? '' : String(turn);
    turnBox.textContent = moves?.usage ? api.refusal(moves)
      : turn === null ? (books.length ? '' : api.t('gfOver'))
        : draws.length ? api.t('drawDue', { player: turn }) : api.t('turnOf', { player: turn });
    // The ranks asked for: those the asker may hold (every rank allowed on demand).
    const hand = knowledge?.hands.find((h) => h.player === turn);
    const mayHold = (rank) => (hand?.ranks.find((r) => r.rank === rank)?.max ?? 0) > 0;
    const all = $('g-all').checked;
    const ranks = [...new Set(asks.map((a) => a.rank))].filter((rank) => all || mayHold(rank));
    if (!ranks.includes(picked.rank)) picked.rank = ranks[0] ?? null;
    const targets = asks.filter((a) => a.rank === picked.rank).map((a) => a.target);
    // The asked: kept while allowed, else the next player after the asker.
    if (!targets.includes(picked.asked)) picked.asked = targets.find((p) => p > turn) ?? targets[0] ?? null;
    choices('g-rank', ranks, picked.rank, (r) => r, (r) => { picked.rank = r; });
    choices('g-asked', targets, picked.asked, (p) => `${api.t('player')} ${p}`, (p) => { picked.asked = p; });
    const answers = asks.find((a) => a.rank === picked.rank && a.target === picked.asked)?.answers ?? [];
    $('g-asking').hidden = !asks.length;
    $('g-fish').disabled = !answers.includes('fish');
    for (const n of [1, 2, 3]) {
      const give = $(`g-give${n}`);
      give.textContent = api.count('handover', n);
      give.disabled = !answers.includes(n);
    }
    $('g-draws').hidden = !draws.length;
    $('g-draw').disabled = !draws.some((d) => d.shown === null);
    const shown = draws.find((d) => d.shown !== null);
    $('g-show').hidden = !shown;
    $('g-show').textContent = shown ? api.t('drawShow', { rank: shown.shown }) : '';
    // The books: of the rank picked while asking is allowed (at the start every player may
    // lay any book by the rules: 52 buttons), by a player who may hold all four (any on demand).
    const mayHoldFour = (b) => (knowledge?.hands.find((h) => h.player === b.player)?.ranks.find((r) => r.rank === b.rank)?.max ?? 0) === 4;
    const shownBooks = books.filter((b) => (!asks.length || b.rank === picked.rank) && (all || mayHoldFour(b)));
    $('g-books').replaceChildren(...shownBooks.map((b) => button(api.t('layBook', b), () => add(`${b.player} B ${b.rank}`), { class: 'big' })));
    $('g-books').hidden = !shownBooks.length;
  }

  const ask = (answer) => add(`${moves.turn} A ${picked.asked} ${picked.rank} ${answer}`);
  $('g-fish').addEventListener('click', () => ask('fish'));
  for (const n of [1, 2, 3]) $(`g-give${n}`).addEventListener('click', () => ask(n));
  $('g-draw').addEventListener('click', () => add(`${moves.turn} D`));
  $('g-show').addEventListener('click', () => add(`${moves.turn} D ${moves.draws.find((d) => d.shown !== null).shown}`));
  $('g-all').addEventListener('change', draw);

  return {
    /** The choices after `entries`. */
    fill(entries) {
      moves = api.call({ op: 'moves', lines: entries.map((e) => `${e}\n`).join(''), game: 'gofish', gofish: api.choice().gofish });
      draw();
    },
    /** Whose turn the table shows. */
    turn: () => moves?.turn ?? null,
  };
}
