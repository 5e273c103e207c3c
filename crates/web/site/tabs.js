// The page's views as a WAI-ARIA tabs pattern: a tab list whose tabs each control a tab
// panel, one tab in the tab order (the selected one), the arrow keys moving between tabs (in
// the reading direction: right to left in Hebrew), Home and End to the first and last, and
// a tab selected as it gets focus.

/** Makes the tabs of `list` work; `shown(panelId)` is called after a panel is shown. */
export function tabs(list, shown) {
  const all = [...list.querySelectorAll('[role=tab]')];
  const select = (tab, focus = false) => {
    for (const other of all) {
      const on = other === tab;
      other.setAttribute('aria-selected', String(on));
      other.tabIndex = on ? 0 : -1;
      document.getElementById(other.getAttribute('aria-controls')).hidden = !on;
    }
    if (focus) tab.focus();
    shown(tab.getAttribute('aria-controls'));
  };
  for (const tab of all) tab.addEventListener('click', () => select(tab));
  list.addEventListener('keydown', (event) => {
    const i = all.indexOf(event.target);
    if (i < 0) return;
    const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
    const to = { [forward]: (i + 1) % all.length, [back]: (i - 1 + all.length) % all.length, Home: 0, End: all.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    select(all[to], true);
  });
}
