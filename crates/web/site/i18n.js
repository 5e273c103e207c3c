// The page's own labels in English and Hebrew, and the translation table of the engines'
// reasons: keyed by the model's reason kinds, filled in from their parameters. A reason the
// table lacks is shown as the engine wrote it (in English).

export const LANGS = { en: 'ltr', he: 'rtl' };

const UI = {
  en: {
    title: 'fairplay', tabJudge: 'Judge a log', tabTable: 'At the table', language: 'Language',
    example: 'Example', pick: '…', open: 'Open a file', game: 'Game', auto: 'recognise',
    quartets: 'Quartets', sequence: 'Sequence', variant: 'Quartets variant', players: 'Players',
    sets: 'Sets', cardsPerSet: 'Cards per set', hands: 'Hands', seqRules: 'Sequence rules',
    contract: 'contract', full: 'full rules', logLabel: 'Log', first: 'First action',
    prev: 'Previous action', next: 'Next action', last: 'Last action', step: 'Step',
    actions: 'Actions', share: 'Copy link', copied: 'Link copied',
    fair: 'Fair: some deal makes every action honest.', fairSeq: 'Every move is legal.',
    foul: 'Cheating is certain after action {n}', foulSeq: 'Illegal move at turn {n}',
    because: 'Why', atStep: 'after {k} of {n}', start: 'start',
    markFair: 'consistent so far', markFoul: 'cheating certain', markProof: 'proof',
    markAfter: 'not judged', markIllegal: 'illegal',
    card: 'Card', player: 'Player', cardsInHand: 'cards', setsHeld: 'holds a card of sets',
    seen: 'holds it (seen)', certain: 'certainly holds it', possible: 'possibly holds it',
    out: 'laid aside', knowledgeBefore: 'Cheating is certain: what was known after action {k}.',
    proof: 'Proof', suspects: 'Suspects', deal: 'A possible deal', rule: 'Rule',
    sequencesDone: 'Completed sequences', winner: 'Winner', lineError: 'Line {line}: {message}',
    tableIntro: 'Enter the game as it is played; the referee answers after each action.',
    asker: 'Asker', asked: 'Asked', yes: 'yes, handed over', no: 'no', set: 'Set',
    layAside: 'lay the set aside', undo: 'Undo', export: 'Export as log',
    openInReferee: 'Step through it', clear: 'New game', tableEmpty: 'No action yet.',
    blue: 'blue', green: 'green', red: 'red', tokensTitle: 'tokens on each card\'s two squares',
  },
  he: {
    title: 'fairplay — שופט', tabJudge: 'שפיטת משחק', tabTable: 'ליד השולחן', language: 'שפה',
    example: 'דוגמה', pick: '…', open: 'פתיחת קובץ', game: 'משחק', auto: 'זיהוי',
    quartets: 'רביעיות', sequence: 'סיקוונס', variant: 'גרסת רביעיות', players: 'שחקנים',
    sets: 'רביעיות', cardsPerSet: 'קלפים ברביעייה', hands: 'ידיים', seqRules: 'חוקי סיקוונס',
    contract: 'חוזה', full: 'חוקים מלאים', logLabel: 'יומן המשחק', first: 'פעולה ראשונה',
    prev: 'הפעולה הקודמת', next: 'הפעולה הבאה', last: 'פעולה אחרונה', step: 'צעד',
    actions: 'פעולות', share: 'העתקת קישור', copied: 'הקישור הועתק',
    fair: 'הוגן: יש חלוקה שבה כל הפעולות כנות.', fairSeq: 'כל המהלכים חוקיים.',
    foul: 'רמאות ודאית אחרי פעולה {n}', foulSeq: 'מהלך לא חוקי בתור {n}',
    because: 'למה', atStep: 'אחרי {k} מתוך {n}', start: 'התחלה',
    markFair: 'עקבי עד כאן', markFoul: 'רמאות ודאית', markProof: 'הוכחה',
    markAfter: 'לא נשפט', markIllegal: 'לא חוקי',
    card: 'קלף', player: 'שחקן', cardsInHand: 'קלפים', setsHeld: 'מחזיק קלף מהרביעיות',
    seen: 'מחזיק (נראה)', certain: 'מחזיק בוודאות', possible: 'אולי מחזיק',
    out: 'הונחה בצד', knowledgeBefore: 'הרמאות ודאית: מה שהיה ידוע אחרי פעולה {k}.',
    proof: 'הוכחה', suspects: 'חשודים', deal: 'חלוקה אפשרית', rule: 'חוק',
    sequencesDone: 'רצפים שהושלמו', winner: 'מנצח', lineError: 'שורה {line}: {message}',
    tableIntro: 'הזינו את המשחק תוך כדי; השופט עונה אחרי כל פעולה.',
    asker: 'שואל', asked: 'נשאל', yes: 'כן, נמסר', no: 'לא', set: 'רביעייה',
    layAside: 'הנחת הרביעייה בצד', undo: 'ביטול', export: 'ייצוא ליומן',
    openInReferee: 'מעבר צעד אחר צעד', clear: 'משחק חדש', tableEmpty: 'אין עדיין פעולות.',
    blue: 'כחול', green: 'ירוק', red: 'אדום', tokensTitle: 'אסימונים על שתי המשבצות של כל קלף',
  },
};

// Reasons by the model's kinds (Reason.kind, IllegalMove.kind, claim kinds), Hebrew only:
// English is the engine's own text.
const REASONS = {
  he: {
    'no-deal': 'אין חלוקה של הקלפים שבה כל הפעולות עד כאן כנות',
    'handed-over-from-elsewhere': 'שחקן {giver} מסר את {card}, אבל ידוע שהקלף ביד של שחקן {holder}',
    'laid-aside-from-elsewhere': 'שחקן {player} הניח רביעייה בצד, אבל ידוע ש-{card} ביד של שחקן {holder}',
    'denied-card-in-hand': 'שחקן {player} הכחיש שהוא מחזיק את {card}, שידוע שהוא בידו',
    'rule:card-used-up': 'כל קלף קיים פעמיים (שתי חפיסות), ולכן משוחק לכל היותר פעמיים',
    'rule:cannot-remove': 'רק נסיך בעל עין אחת (Jh, Js) מסיר אסימון',
    'rule:one-eyed-places': 'נסיך בעל עין אחת (Jh, Js) מסיר אסימון; הוא אף פעם אינו מניח',
    'rule:jack-spot': 'על הלוח אין נסיכים: משבצת נכתבת כקלף שהיא מראה',
    'rule:wrong-spot': 'קלף שאינו נסיך משוחק על משבצת שמראה אותו קלף',
    'rule:spots-full': 'אסימון מונח רק כשאחת משתי המשבצות של הקלף פנויה',
    'rule:nothing-to-remove': 'אסימון מוסר רק מקלף שיש אסימון על אחת ממשבצותיו',
    'rule:wrong-square': 'קלף שאינו נסיך משוחק על משבצת שמראה אותו קלף',
    'rule:corner': 'ארבע הפינות נחשבות לכולם ואין מניחים עליהן אסימון',
    'rule:occupied': 'על משבצת יש לכל היותר אסימון אחד',
    'rule:no-token': 'נסיך בעל עין אחת מסיר אסימון שנמצא על הלוח',
    'rule:own-token': 'נסיך בעל עין אחת מסיר אסימון של יריב, אף פעם לא של הקבוצה עצמה',
    'rule:in-sequence': 'אי אפשר להסיר אסימון של רצף שהושלם',
    'rule:out-of-turn': 'הקבוצות משחקות בתורן, הכחולה ראשונה',
    'rule:game-over': 'אין מהלך אחרי ניצחון',
    'rule:discard-jack': 'נסיך אף פעם אינו מת, ולכן אי אפשר להשליך אותו',
    'rule:discard-live': 'רק קלף מת (שתי משבצותיו מכוסות) מותר להשליך',
    'rule:second-discard': 'השלכה אחת בכל תור',
    'card-used-up': 'הקלף {card} כבר שוחק פעמיים, ויש רק שתי חפיסות',
    'cannot-remove': '{card} אינו יכול להסיר אסימון: רק הנסיכים בעלי העין האחת (Jh, Js) מסירים',
    'one-eyed-places': '{card} הוא נסיך בעל עין אחת: הוא מסיר אסימון ואינו מניח',
    'jack-spot': 'אין משבצת שמראה {spot}: אין נסיכים על הלוח',
    'wrong-spot': '{card} שוחק על משבצת שמראה {spot}',
    'spots-full': 'שתי המשבצות של {spot} כבר מכוסות',
    'nothing-to-remove': 'שתי המשבצות של {spot} ריקות: אין אסימון להסיר',
    'wrong-square': '{card} שוחק על {square}, שמראה {shows}',
    corner: '{card} מונח על {square}, פינה חופשית שנחשבת לכולם',
    occupied: 'על {square} כבר יש אסימון {holder}',
    'no-token': 'על {square} אין אסימון להסיר',
    'own-token': '{team} מסיר את האסימון שלו מ-{square}: מותר להסיר רק של היריבים',
    'in-sequence': 'האסימון ה{holder} על {square} הוא חלק מרצף שהושלם ואי אפשר להסירו',
    'out-of-turn': '{team} משחק, אבל התור של {turn}',
    'game-over': '{winner} כבר ניצח: אין מהלכים אחרי ניצחון',
    'discard-jack': '{card} הושלך, אבל נסיך אף פעם אינו מת',
    'discard-live': '{card} הושלך, אבל אינו מת: {square} ריקה',
    'second-discard': '{card} הוא השלכה שנייה באותו תור; מותרת אחת',
    ask: 'שחקן {player} ביקש את {card} בלי קלף גלוי מהרביעייה',
    denial: 'שחקן {player} הכחיש שהוא מחזיק את {card}',
    sole: 'שחקנים {players} יכולים להיות הרמאי היחיד; לפחות {minimum} רימו',
    'fair-step': 'פעולה {action}: משחק כן עדיין אפשרי',
    'foul-step': 'פעולה {action}: רמאות ודאית',
    ignored: 'שורה {line}: {message} (השורה לא נקלטה)',
  },
};

// Team names inside reasons.
const TEAMS = { he: { blue: 'כחול', green: 'ירוק', red: 'אדום' } };

let current = 'en';

/** The language in use. */
export function lang() { return current; }

/** Chooses `code` (en or he) and sets the document's language and direction. */
export function setLang(code) {
  current = code in UI ? code : 'en';
  document.documentElement.lang = current;
  document.documentElement.dir = LANGS[current];
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll('[data-tl]')) el.setAttribute('aria-label', t(el.dataset.tl));
}

/** The language the browser prefers, of those the page has. */
export function preferred() {
  return (navigator.languages || [navigator.language]).some((l) => /^(he|iw)\b/i.test(l)) ? 'he' : 'en';
}

function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, key) => {
    const value = params[key];
    const team = TEAMS[current]?.[value];
    return team ?? (Array.isArray(value) ? value.join(', ') : value ?? '');
  });
}

/** A label of the page. */
export function t(key, params = {}) {
  return fill(UI[current][key] ?? UI.en[key] ?? key, params);
}

/** An engine's text in the language in use: by its kind and parameters, else as written. */
export function reason(kind, params, english) {
  const template = REASONS[current]?.[kind];
  return template ? fill(template, params) : english;
}
