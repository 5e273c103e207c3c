// The Sequence board as a WAI-ARIA grid: ten rows of ten cells, one of them in the tab order
// at a time (a roving tabindex), the arrow keys, Home and End moving between them. Each
// square's name says what a sighted user sees on it: its card (or a free corner), the chip and
// its team, a completed sequence, the illegal move.

const TEAMS = { b: 'blue', g: 'green', r: 'red' };
const SIZE = 10;

/** The name of square `i` (columns A-J, rows 1-10), as the notation writes it. */
export function squareName(i) {
  return String.fromCharCode(65 + (i % SIZE)) + (Math.floor(i / SIZE) + 1);
}

/** The board for `squares` (the card each square shows, '' for a corner), labelled in the
 * words of `t`; `update` then shows the marks of a position. With `pick`, a square is chosen
 * by a tap, Enter or Space (`pick(name, card)`) and shown selected (`select`). */
export function buildBoard(squares, t, { id = 'board', pick = null } = {}) {
  const board = document.createElement('div');
  board.className = 'board';
  board.id = id;
  board.setAttribute('role', 'grid');
  board.setAttribute('aria-label', t('boardLabel'));
  board.setAttribute('aria-rowcount', String(SIZE));
  board.setAttribute('aria-colcount', String(SIZE));
  const cells = squares.map((card, i) => {
    const square = document.createElement('div');
    square.className = 'sq';
    square.setAttribute('role', 'gridcell');
    square.dataset.square = squareName(i);
    square.tabIndex = i === 0 ? 0 : -1;
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = card || '★';
    square.append(label);
    return { square, name: squareName(i), card, mark: null, bad: null, chip: null };
  });
  for (let row = 0; row < SIZE; row++) {
    const line = document.createElement('div');
    line.setAttribute('role', 'row');
    line.setAttribute('aria-rowindex', String(row + 1));
    line.className = 'row';
    line.append(...cells.slice(row * SIZE, row * SIZE + SIZE).map((c) => c.square));
    board.append(line);
  }
  let focused = 0;
  const focus = (i) => {
    cells[focused].square.tabIndex = -1;
    focused = i;
    cells[i].square.tabIndex = 0;
    cells[i].square.focus();
  };
  board.addEventListener('keydown', (event) => {
    const i = cells.findIndex((c) => c.square === event.target);
    if (i < 0) return;
    const row = Math.floor(i / SIZE);
    const col = i % SIZE;
    // The board is drawn left to right in every language (its columns are A to J).
    const to = {
      ArrowRight: col < SIZE - 1 ? i + 1 : i,
      ArrowLeft: col > 0 ? i - 1 : i,
      ArrowDown: row < SIZE - 1 ? i + SIZE : i,
      ArrowUp: row > 0 ? i - SIZE : i,
      Home: event.ctrlKey ? 0 : row * SIZE,
      End: event.ctrlKey ? cells.length - 1 : row * SIZE + SIZE - 1,
      PageUp: col,
      PageDown: (SIZE - 1) * SIZE + col,
    }[event.key];
    if (pick && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      select(cells[i].name);
      pick(cells[i].name, cells[i].card);
      return;
    }
    if (to === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    focus(to);
  });
  board.addEventListener('click', (event) => {
    const i = cells.findIndex((c) => c.square === event.target.closest('.sq'));
    if (i < 0) return;
    focus(i);
    if (pick) { select(cells[i].name); pick(cells[i].name, cells[i].card); }
  });

  /** Shows square `name` (or none) as the one chosen. */
  function select(name) {
    for (const cell of cells) {
      if (pick) cell.square.setAttribute('aria-selected', String(cell.name === name));
    }
  }

  /** Shows `marks` (one per square: `*` a corner, `.` empty, `b`/`g`/`r` a team's chip,
   * upper case in a completed sequence) with square `illegal` (a name, or null) marked. */
  function update(marks, illegal) {
    cells.forEach((cell, i) => {
      const mark = marks[i];
      const bad = illegal === cell.name;
      if (cell.mark === mark && cell.bad === bad) return;
      cell.mark = mark;
      cell.bad = bad;
      const team = TEAMS[mark.toLowerCase()];
      const locked = Boolean(team) && mark !== mark.toLowerCase();
      cell.square.className = 'sq' + (mark === '*' ? ' corner' : '') + (bad ? ' illegal' : '');
      cell.square.dataset.mark = mark;
      cell.chip?.remove();
      cell.chip = null;
      if (team) {
        cell.chip = document.createElement('span');
        cell.chip.className = `chip ${mark.toLowerCase()}${locked ? ' locked' : ''}`;
        cell.chip.setAttribute('aria-hidden', 'true');
        // Not by colour alone: each team's chip has its letter and its shape (style.css); the
        // letter is drawn by the style sheet, so that the square's name stays its own words.
        cell.chip.dataset.letter = t(`${team}Letter`);
        cell.square.append(cell.chip);
      }
      const parts = [cell.name, cell.card || t('freeCorner')];
      if (team) parts.push(t('chipOf', { team: t(team) }));
      else if (mark !== '*') parts.push(t('emptySquare'));
      if (locked) parts.push(t('inSequence'));
      if (bad) parts.push(t('illegalHere'));
      cell.square.setAttribute('aria-label', parts.join(', '));
    });
  }

  if (pick) select(null);
  return { element: board, cells, update, select };
}
