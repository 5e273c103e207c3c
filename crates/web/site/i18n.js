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
    seatPlayer: 'I am player', seatHand: 'and was dealt', seatTitle: 'From a seat',
    seatIs: 'I am player {player} and was dealt {hand}',
    team: 'Team', square: 'Square', place: 'place a chip', remove: 'remove a chip',
    discard: 'discard a dead card', teamOnTurn: 'the team on turn',
    teamsPlaying: 'Teams', teamsFromLog: 'told from the log', twoTeams: 'two: blue, green', threeTeams: 'three: blue, green, red', bySpot: '— (the card\'s spot)',
    tableSeqRules: 'The Sequence rules are those chosen under "Judge a log".',
    // table: the board's and the grid's names (board.js, app.js).
    views: 'Views', boardLabel: 'Sequence board', gridLabel: 'What each player holds', freeCorner: 'free corner',
    chipOf: '{team} chip', emptySquare: 'empty', inSequence: 'in a completed sequence',
    illegalHere: 'the illegal move', blueLetter: 'B', greenLetter: 'G', redLetter: 'R',
    asks: 'asks', forSet: 'for a card of set', allSets: 'every set still in play (to record a suspected cheat)',
    turnOf: 'Player {player} is on turn', gameOver: 'Nobody holds cards: the game is over.',
    layAsideSet: 'lay set {set} aside', notEntered: 'Not entered:',
    newGameUndo: 'A new game: Undo brings the last one back.',
    // Go Fish: the rules, the ranges grid and the table.
    gofish: 'Go Fish', gfRules: 'Go Fish rules', ranks: 'Ranks', handSize: 'Cards dealt',
    fishTurn: 'After "Go fish"', fishNext: 'the next player', fishAsked: 'the asked player',
    fairGf: 'Fair: some deal and order of the stock make every action honest.',
    rank: 'Rank', stock: 'Stock', booked: 'book laid', booksLaid: 'Books laid',
    gfGridLabel: 'The cards of each rank every player and the stock may hold',
    cellExact: '{rank}, {who}: exactly {n}', cellRange: '{rank}, {who}: {min} to {max}', cellNone: '{rank}, {who}: none',
    tableGfRules: 'The Go Fish rules are those chosen under "Judge a log".',
    forRank: 'for', allRanks: 'every rank still in play (to record a suspected cheat)',
    goFish: 'Go fish', drawUnseen: 'draws a card, unseen', drawShow: 'draws {rank} and shows it',
    layBook: 'player {player} lays the book of {rank}', drawDue: 'Player {player} draws from the stock',
    gfOver: 'The game is over.', stockFromTop: 'stock, from the top', dealFits: 'A deal that makes actions 1 to {n} honest', proofAt: 'action {action} (line {line})',
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
    seatPlayer: 'אני שחקן', seatHand: 'וקיבלתי', seatTitle: 'מהמושב של שחקן',
    seatIs: 'אני שחקן {player} וקיבלתי {hand}',
    team: 'קבוצה', square: 'משבצת', place: 'הנחת אסימון', remove: 'הסרת אסימון',
    discard: 'השלכת קלף מת', teamOnTurn: 'הקבוצה שבתור',
    teamsPlaying: 'קבוצות', teamsFromLog: 'לפי היומן', twoTeams: 'שתיים: כחול, ירוק', threeTeams: 'שלוש: כחול, ירוק, אדום', bySpot: '— (המשבצת של הקלף)',
    tableSeqRules: 'חוקי הסיקוונס הם אלה שנבחרו ב"שפיטת משחק".',
    // table: the board's and the grid's names (board.js, app.js).
    views: 'תצוגות', boardLabel: 'לוח הסיקוונס', gridLabel: 'מה כל שחקן מחזיק', freeCorner: 'פינה חופשית',
    chipOf: 'אסימון {team}', emptySquare: 'ריקה', inSequence: 'ברצף שהושלם',
    illegalHere: 'המהלך הלא חוקי', blueLetter: 'כ', greenLetter: 'י', redLetter: 'א',
    asks: 'שואל את', forSet: 'על קלף מרביעייה', allSets: 'כל הרביעיות שעדיין במשחק (כדי לרשום רמאות חשודה)',
    turnOf: 'התור של שחקן {player}', gameOver: 'לאף אחד לא נשארו קלפים: המשחק נגמר.',
    layAsideSet: 'הנחת רביעייה {set} בצד', notEntered: 'לא נרשם:',
    newGameUndo: 'משחק חדש: "ביטול" מחזיר את הקודם.',
    gofish: 'לך תדוג', gfRules: 'חוקי לך תדוג', ranks: 'דרגות', handSize: 'קלפים לכל שחקן',
    fishTurn: 'אחרי "לך תדוג"', fishNext: 'השחקן הבא', fishAsked: 'השחקן הנשאל',
    fairGf: 'הוגן: יש חלוקה וסדר ערימה שבהם כל הפעולות כנות.',
    rank: 'דרגה', stock: 'ערימה', booked: 'הרביעייה הונחה', booksLaid: 'רביעיות שהונחו',
    gfGridLabel: 'הקלפים מכל דרגה שכל שחקן והערימה יכולים להחזיק',
    cellExact: '{rank}, {who}: בדיוק {n}', cellRange: '{rank}, {who}: {min} עד {max}', cellNone: '{rank}, {who}: אין',
    tableGfRules: 'חוקי לך תדוג הם אלה שנבחרו ב"שפיטת משחק".',
    forRank: 'על', allRanks: 'כל הדרגות שעדיין במשחק (כדי לרשום רמאות חשודה)',
    goFish: 'לך תדוג', drawUnseen: 'שולף קלף, בלי להראות', drawShow: 'שולף {rank} ומראה אותו',
    layBook: 'שחקן {player} מניח את הרביעייה של {rank}', drawDue: 'שחקן {player} שולף מהערימה',
    gfOver: 'המשחק נגמר.', stockFromTop: 'הערימה, מלמעלה', dealFits: 'חלוקה שבה פעולות 1 עד {n} כנות', proofAt: 'פעולה {action} (שורה {line})',
  },
};

// page: the judge view's own words (share states, a damaged link, storage, legends, marks).
const PAGE = {
  en: {
    copying: 'Copying…', copyFailed: 'Could not copy: the link is below',
    linkLabel: 'Link to this view', emptyLog: 'Paste, type, drop or open a log: the verdict appears here.',
    linkDamaged: 'This link is damaged: its log could not be read whole.',
    linkNothing: 'Nothing of its log could be recovered.',
    notKept: 'This log is too long to be kept in the browser: it will not survive a reload.',
    legendSeen: 'moved: everybody saw where it is', legendCertain: 'never moved, only this player can hold it',
    legendPossible: 'this player possibly holds it', legendTitle: 'Key',
    marksKey: '✓ consistent so far · ✗ cheating certain · ★ proof · – not judged',
    marksKeySeq: '✓ legal · ✗ illegal · – not judged',
    symFair: '✓', symFoul: '✗', symProof: '★', symAfter: '–',
    legendExact: 'exactly this many', legendSome: 'at least one for sure: from the fewest to the most',
    legendMaybe: 'perhaps none: at most this many', legendNone: 'empty: none',
    print: 'Print the verdict',
    windowShown: 'A long log: the editor holds lines {from} to {to} of {n} at a time; scroll for the others.',
  },
  he: {
    copying: 'מעתיק…', copyFailed: 'ההעתקה נכשלה: הקישור למטה',
    linkLabel: 'קישור לתצוגה הזאת', emptyLog: 'הדביקו, הקלידו, גררו או פתחו יומן: הפסיקה תופיע כאן.',
    linkDamaged: 'הקישור הזה פגום: לא היה אפשר לקרוא את היומן שלו במלואו.',
    linkNothing: 'לא היה אפשר לשחזר דבר מהיומן שלו.',
    notKept: 'היומן הזה ארוך מכדי להישמר בדפדפן: הוא לא יישאר אחרי טעינה מחדש.',
    legendSeen: 'זז: כולם ראו היכן הוא', legendCertain: 'לא זז מעולם, רק השחקן הזה יכול להחזיק אותו',
    legendPossible: 'ייתכן שהשחקן הזה מחזיק אותו', legendTitle: 'מקרא',
    marksKey: '✓ עקבי עד כאן · ✗ רמאות ודאית · ★ הוכחה · – לא נשפט',
    marksKeySeq: '✓ חוקי · ✗ לא חוקי · – לא נשפט',
    symFair: '✓', symFoul: '✗', symProof: '★', symAfter: '–',
    legendExact: 'בדיוק כך', legendSome: 'לפחות אחד בוודאות: מהמעט ביותר עד הרב ביותר',
    legendMaybe: 'אולי אף אחד: לכל היותר כך', legendNone: 'ריק: אין',
    print: 'הדפסת הפסיקה',
    windowShown: 'יומן ארוך: העורך מחזיק בכל פעם את השורות {from} עד {to} מתוך {n}; גללו לשאר.',
  },
};

// page: counted nouns, by the language's plural rules (Intl.PluralRules: Hebrew has a form
// for one, for two and for the rest).
const COUNTS = {
  en: {
    card: { one: '{n} card', other: '{n} cards' },
    recovered: { one: 'Recovered the first line; the rest is lost.', other: 'Recovered the first {n} lines; the rest is lost.' },
    handover: { one: 'hands over {n} card', other: 'hands over {n} cards' },
  },
  he: {
    card: { one: 'קלף אחד', two: 'שני קלפים', other: '{n} קלפים' },
    recovered: { one: 'שוחזרה השורה הראשונה; השאר אבד.', two: 'שוחזרו שתי השורות הראשונות; השאר אבד.', other: 'שוחזרו {n} השורות הראשונות; השאר אבד.' },
    handover: { one: 'מוסר קלף אחד', two: 'מוסר שני קלפים', other: 'מוסר {n} קלפים' },
  },
};

/** `n` things called `noun` (`card`; `recovered`: lines of a damaged link) in the language in use: `1 card`, `3 cards`,
 * `קלף אחד`, `שני קלפים`, `3 קלפים`. */
export function count(noun, n) {
  const forms = COUNTS[current]?.[noun] ?? COUNTS.en[noun];
  const form = new Intl.PluralRules(current).select(n);
  return fill(forms[form] ?? forms.other, { n });
}

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
    'card-cap-reached': 'הקלף {card} כבר שוחק {plays} פעמים, והחוקים מתירים {plays}',
    'mark-not-held': 'הרצף {first}-{last} שסימן {team} כולל את {square}, שאינה של {team}',
    'mark-misses': 'הרצף {first}-{last} אינו כולל את {square}, המשבצת שהמהלך הזה מכסה',
    'mark-shares': 'הרצף {first}-{last} חולק {shared} משבצות עם הרצף {other_first}-{other_last} של {team}; רצפים של קבוצה חולקים לכל היותר משבצת אחת',
    'rule:card-cap-reached': 'כל קלף משוחק (או מושלך) לכל היותר כמה פעמים שהחוקים מתירים',
    'rule:mark-not-held': 'רצף מסומן הוא חמש משבצות בשורה, כולן של הקבוצה, כולל המשבצת שכוסתה, וחולק לכל היותר משבצת אחת עם רצפיה האחרים',
    'rule:mark-misses': 'רצף מסומן הוא חמש משבצות בשורה, כולן של הקבוצה, כולל המשבצת שכוסתה, וחולק לכל היותר משבצת אחת עם רצפיה האחרים',
    'rule:mark-shares': 'רצף מסומן הוא חמש משבצות בשורה, כולן של הקבוצה, כולל המשבצת שכוסתה, וחולק לכל היותר משבצת אחת עם רצפיה האחרים',
    // What an illegal move did (`what`): its turn, then the move's reason by its kind.
    what: 'תור {turn}: {text}',
    // The suspects (`suspects` of an explanation) when no single player could be the only one.
    'suspects-none': 'אף אחד: מה שכולם ראו בלתי אפשרי, מה שלא יטען מישהו',
    'suspects-groups': 'אף שחקן יחיד אינו יכול להיות הרמאי היחיד; לפחות {minimum} שחקנים רימו: {groups}',
    'suspects-groups-stopped': 'אף שחקן יחיד אינו יכול להיות הרמאי היחיד; לפחות {minimum} שחקנים רימו: {groups}, ואחרים (החיפוש נעצר)',
    'suspects-stopped': 'אף שחקן יחיד אינו יכול להיות הרמאי היחיד; לפחות {minimum} שחקנים רימו (החיפוש נעצר)',
    'suspects-through': ' (נשפט על פעולות 1..{through}: פעולה {next} מפרה חוק שכל אחד יכול לבדוק)',
    'group-and': ' ו-',
    'group-or': ' או ',
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
    'out-of-turn': '{team} משחק, אבל התור של {turn_of}',
    'game-over': '{winner} כבר ניצח: אין מהלכים אחרי ניצחון',
    'discard-jack': '{card} הושלך, אבל נסיך אף פעם אינו מת',
    'discard-live': '{card} הושלך, אבל אינו מת: {square} ריקה',
    'second-discard': '{card} הוא השלכה שנייה באותו תור; מותרת אחת',
    ask: 'שחקן {player} ביקש את {card} בלי קלף גלוי מהרביעייה',
    denial: 'שחקן {player} הכחיש שהוא מחזיק את {card}',
    sole: 'שחקנים {players} יכולים להיות הרמאי היחיד; לפחות {minimum} רימו',
    'fair-step': 'פעולה {action}: משחק כן עדיין אפשרי',
    'foul-step': 'פעולה {action}: רמאות ודאית',
    'illegal-step': 'תור {action}: מהלך לא חוקי',
    ignored: 'שורה {line}: {message} (השורה לא נקלטה)',
    'against-hand': 'היד שניתנה לשחקן {seat} סותרת את היומן: {card} יצא מהיד של שחקן {player}',
    // The seat's verdict beside a watcher's (SeatView's fields).
    'seat-against-hand': 'היד שניתנה לשחקן {player} סותרת את היומן בפעולה {seat_since} (זו הכרעה, לא שגיאה: היומן לא ייתכן עם היד הזאת).',
    'seat-both': 'צופה בטוח אחרי פעולה {watcher_since}; שחקן {player} אחרי פעולה {seat_since}.',
    'seat-only': 'צופה לעולם אינו בטוח; שחקן {player} בטוח אחרי פעולה {seat_since}.',
    'seat-never': 'צופה בטוח אחרי פעולה {watcher_since}; שחקן {player} לעולם לא.',
    // Errors by the kinds of the engine's `detail` (a Quartets log error with its parameters).
    parse: 'ציפינו ל{expected}, נמצא {found}',
    'rule:no-such-player': 'אין שחקן {number}: השחקנים ממוספרים 1 עד {players}',
    'rule:no-such-set': 'אין רביעייה {number}: הרביעיות ממוספרות 1 עד {sets}',
    'rule:no-such-card': 'אין קלף {set}{letter}: בכל רביעייה הקלפים A עד {last}',
    'rule:game-over': 'המשחק נגמר (לאף אחד לא נשארו קלפים), אבל שחקן {actor} משחק',
    'rule:out-of-turn': 'שחקן {actor} משחק, אבל התור של שחקן {turn}',
    'rule:asks-self': 'שחקן {player} שואל את עצמו',
    'rule:asks-absent': 'שחקן {asker} שואל את שחקן {target}, שיצא מהמשחק (אין לו קלפים)',
    'rule:card-gone': 'הקלף {card} כבר יצא מהמשחק (הרביעייה שלו הונחה בצד)',
    'rule:set-gone': 'רביעייה {set} כבר הונחה בצד',
    'name:mismatch': 'המשבצת {square} מראה {shows}, לא {written}',
    'name:corner-spot': 'המשבצת {square} היא פינה חופשית: היא אינה מראה קלף, וחוקי החוזה שופטים קלפים',
    'name:marks-without-placement': 'רק הנחה (`P`) משלימה רצף, ולכן רק היא יכולה לציין משבצות מסומנות',
    'name:discard-in-contract': 'השלכות (`D`) שייכות לחוקים המלאים, לא לפורמט החוזה',
    'name:square-needed': 'החוקים המלאים דורשים את המשבצת של כל הנחה והסרה (כמו `{card}@B7` או `B7`), נמצא רק `{card}`',
    'name:no-such-team': 'אין קבוצה {team} במשחק של {teams} קבוצות',
    // A log that disagrees with its count line (`detail` kinds `count:*`; the counts are
    // worded by NOUNS), and a count line's number too large.
    'count:too-few': 'שורה {declared_line} מודיעה על {declared}, אבל ביומן יש רק {found}',
    'count:too-many': 'שורה {declared_line} מודיעה על {declared} בלבד, אבל כאן יש {extra} ({text})',
    'count:too-large': 'ציפינו ל{expected}, נמצא {text}, מספר גדול מדי (המקסימום הוא {max})',
    // A request refused (a `usage` response's `detail`): an impossible variant or hand, rules
    // or a game that do not exist.
    'variant:players': 'במשחק יש 2 עד {max} שחקנים, לא {players}',
    'variant:sets': 'במשחק יש 1 עד {max} רביעיות של {cards_per_set} קלפים, לא {sets}',
    'variant:cards-per-set': 'ברביעייה יש 1 עד {max} קלפים (האותיות A עד Z), לא {cards_per_set}',
    'variant:uneven': '{deck} קלפים אינם מתחלקים שווה בשווה בין {players} שחקנים: יש לציין את הידיים (למשל {example})',
    'variant:hand-count': 'ניתנו {given} גדלי ידיים ל-{players} שחקנים',
    'variant:hand-sum': 'גדלי הידיים מסתכמים ב-{sum}, אבל בחפיסה יש {deck} קלפים',
    'hand:no-such-seat': 'אין שחקן {seat}: השחקנים ממוספרים 1 עד {players}',
    'hand:not-a-card': '`{text}` אינו כתוב כקלף (מספר רביעייה ואות, כמו `3C`)',
    'hand:no-such-set': 'אין קלף {text}: הרביעיות ממוספרות 1 עד {sets}',
    'hand:no-such-letter': 'אין קלף {text}: בכל רביעייה הקלפים A עד {last}',
    'hand:twice': 'הקלף {card} ניתן פעמיים',
    'hand:wrong-size': 'שחקן {seat} מקבל {dealt}, אבל ביד שניתנה יש {given}',
    'usage:teams': 'בסיקוונס משחקות 2 או 3 קבוצות, לא {teams}',
    'usage:sequence-rules': 'אין חוקי סיקוונס `{rules}`: `contract` או `full`',
    'usage:unknown-game': 'אין משחק `{game}`: `quartets`, `sequence`, `gofish` או `auto`',
    'usage:fish-turn': 'אין תור `{turn}` אחרי "לך תדוג": `next` או `asked`',
    'gofish:players': 'במשחק יש 2 עד {max} שחקנים, לא {players}',
    'gofish:ranks': 'בחפיסה יש 1 עד {max} דרגות, לא {ranks}',
    'gofish:hand': '{players} ידיים של {hand} קלפים דורשות {need} קלפים, אבל {ranks} דרגות הן חפיסה של {deck} קלפים',
    // Errors of the core's kinds that have no parameters beyond the line.
    'error:unknown-game': 'אי אפשר לזהות את המשחק: השורה אינה פעולה של רביעיות, אינה מהלך של סיקוונס ואינה פעולה של לך תדוג',
    'error:line-too-long': 'השורה ארוכה מדי',
    // Go Fish: the reason of a foul by its kind (`reason` of the explanation, of a live foul).
    'gofish:ask-without': 'אין חלוקה שבה כל הפעולות עד כאן כנות: שחקן {player} מבקש {rank}, אבל בכל חלוקה שמתאימה לפעולות הקודמות אין בידו אף קלף כזה',
    'gofish:wrong-answer-fish': 'אין חלוקה שבה כל הפעולות עד כאן כנות: שחקן {player} אומר "לך תדוג" על {rank}, אבל בכל חלוקה שמתאימה לפעולות הקודמות יש בידו קלף כזה',
    'gofish:wrong-answer': 'אין חלוקה שבה כל הפעולות עד כאן כנות: שחקן {player} מוסר {cards} קלפי {rank}, אבל בכל חלוקה שמתאימה לפעולות הקודמות יש בידו מספר אחר שלהם',
    'gofish:hid-drawn-rank': 'אין חלוקה שבה כל הפעולות עד כאן כנות: שחקן {player} שומר את הקלף ששלף בלי להראות, אבל בכל חלוקה שמתאימה הוא {rank}, הדרגה שזה עתה ביקש, ואותה מראים',
    'gofish:shown-not-in-stock': 'אין חלוקה שבה כל הפעולות עד כאן כנות: שחקן {player} מראה {rank} ששלף, אבל בשום חלוקה שמתאימה לא נשאר {rank} בערימה',
    'gofish:book-without': 'אין חלוקה שבה כל הפעולות עד כאן כנות: שחקן {player} מניח את הרביעייה של {rank}, אבל בכל חלוקה שמתאימה יש בידו פחות מארבעה',
    'gofish:book-not-laid-dealt': 'אין חלוקה שבה כל הפעולות עד כאן כנות: שחקן {player} קיבל בחלוקה את כל ארבעת הקלפים של {rank} בכל חלוקה שמתאימה, אבל לא הניח את הרביעייה לפני הפעולה הראשונה האחרת',
    'gofish:book-not-laid': 'אין חלוקה שבה כל הפעולות עד כאן כנות: שחקן {player} מחזיק את כל ארבעת הקלפים של {rank} בכל חלוקה שמתאימה, אבל לא הניח את הרביעייה מיד',
    'gofish:against-seat': 'אין חלוקה שבה כל הפעולות עד כאן כנות: הקלף ששחקן {seat} שלף בלי להראות, כפי שניתן למושב שלו, לא ייתכן שנשלף שם',
    // Go Fish log errors by the kinds of the engine's `detail` (`gofish:rule:*`; `parse` as above).
    'gofish:rule:no-such-player': 'אין שחקן {number}: השחקנים ממוספרים 1 עד {players}',
    'gofish:rule:no-such-rank': 'אין דרגה {rank}: הדרגות הן {ranks}',
    'gofish:rule:all-booked': 'המשחק נגמר (כל {books} הרביעיות הונחו), אבל שחקן {actor} משחק',
    'gofish:rule:lone-holder': 'המשחק נגמר (שחקן {holder} מחזיק את כל הקלפים שנשארו והערימה ריקה), אבל שחקן {actor} משחק',
    'gofish:rule:out-of-turn': 'שחקן {actor} משחק, אבל התור לבקש הוא של שחקן {turn}',
    'gofish:rule:asks-self': 'שחקן {player} מבקש מעצמו',
    'gofish:rule:asks-empty-hand': 'שחקן {asker} מבקש משחקן {target}, שאין בידו קלפים',
    'gofish:rule:asks-booked': 'שחקן {asker} מבקש {rank}, שהרביעייה שלה כבר הונחה',
    'gofish:rule:hands-over-too-many': 'שחקן {target} מוסר {cards} קלפים, אבל בידו רק {holds}',
    'gofish:rule:asks-empty': 'שחקן {player} מבקש כשידו ריקה: עליו לשלוף מהערימה קודם',
    'gofish:rule:draw-into-empty-due': 'שחקן {actor} משחק, אבל התור של שחקן {player}, שחייב לשלוף (ידו ריקה)',
    'gofish:rule:missing-draw': 'שחקן {player} חייב לשלוף מהערימה אחרי "לך תדוג", אבל הפעולה הבאה אינה השליפה הזאת',
    'gofish:rule:draw-not-due': 'שחקן {player} שולף, אבל אין שליפה בתור (שולפים אחרי "לך תדוג" למבקש, או בתחילת התור של שחקן שידו ריקה)',
    'gofish:rule:stock-empty': 'שחקן {player} שולף, אבל הערימה ריקה',
    'gofish:rule:shown-wrong-rank': 'שחקן {player} מראה {shown} ששלף, אבל מראים רק קלף מהדרגה שזה עתה ביקש ({asked})',
    'gofish:rule:shown-into-empty': 'שחקן {player} מראה קלף ששלף לתוך יד ריקה, וקלף כזה נשמר בלי להראות',
    'gofish:rule:book-too-few': 'שחקן {player} מניח רביעייה, אבל בידו רק {holds} קלפים',
    'gofish:rule:booked-twice': 'הרביעייה של {rank} כבר הונחה',
    'gofish:rule:book-out-of-place': 'שחקן {player} מניח רביעייה, אבל מניחים רביעייה רק בתחילת היומן או מיד אחרי פעולה שנתנה לשחקן הזה קלפים',
    // The claims of a Go Fish proof (`details` of a proof step: each claim's kind and parameters).
    'gofish:claim:holds': 'שחקן {player} מחזיק קלף מהדרגה {rank}',
    'gofish:claim:exactly-fish': 'לשחקן {player} אין אף קלף מהדרגה {rank}',
    'gofish:claim:exactly': 'לשחקן {player} לא היו יותר מ-{cards} הקלפים מהדרגה {rank} שמסר',
    'gofish:claim:not-drawn': 'הקלף ששחקן {player} שלף בלי להראות אינו מהדרגה {rank}',
    'gofish:claim:no-four-dealt': 'שחקן {player} לא קיבל בחלוקה ארבעה קלפים מאותה דרגה (לא הונחה רביעייה)',
    'gofish:claim:no-four': 'אין בידי שחקן {player} ארבעה קלפים מאותה דרגה (לא הונחה רביעייה מיד)',
    'gofish:suspects-one': 'רק שחקן {players} יכול להיות הרמאי היחיד: כשמתעלמים מהטענות שלו, יש חלוקה שמתאימה',
    'gofish:suspects-many': 'שחקנים {players} יכולים כל אחד להיות הרמאי היחיד: כשמתעלמים מהטענות של כל אחד מהם, יש חלוקה שמתאימה',
    'gofish:suspects-none': 'אף שחקן לבדו: גם כשמתעלמים מהטענות של כל שחקן אחד, אין חלוקה שמתאימה, ולכן לפחות שני שחקנים טענו טענות שקריות',
  },
};

// What a malformed line should have held (the `expected` of a parse error, Quartets or
// Sequence), by the engine's words.
const EXPECTED = {
  he: {
    'a player number': 'מספר שחקן',
    "the asked player's number": 'מספר השחקן הנשאל',
    'a card such as `3C` (set number, letter)': 'קלף כמו `3C` (מספר רביעייה, אות)',
    '`yes` or `no`': '`yes` או `no`',
    'a set number': 'מספר רביעייה',
    '`A` (ask) or `Q` (lay a set aside)': '`A` (בקשה) או `Q` (הנחת רביעייה בצד)',
    'the end of the line': 'סוף השורה',
    'the number of cards handed over (1, 2 or 3) or `fish`': 'מספר הקלפים שנמסרו (1, 2 או 3) או `fish`',
    'the end of the line or the rank shown (A 2 3 4 5 6 7 8 9 10 J Q K)': 'סוף השורה או הדרגה שהוצגה (A 2 3 4 5 6 7 8 9 10 J Q K)',
    '`A` (ask), `D` (draw) or `B` (book) after the player': '`A` (בקשה), `D` (שליפה) או `B` (רביעייה) אחרי השחקן',
    'a rank (A 2 3 4 5 6 7 8 9 10 J Q K)': 'דרגה (A 2 3 4 5 6 7 8 9 10 J Q K)',
    'the number of actions': 'מספר הפעולות',
    'only the number of actions': 'מספר הפעולות בלבד',
    'the number of moves': 'מספר המהלכים',
    'only the number of moves': 'מספר המהלכים בלבד',
    'a turn number': 'מספר תור',
    'a card such as `5s`, `Xh` or `10h` (rank 2-9, X or 10, J, Q, K, A; suit h, c, d, s)': 'קלף כמו `5s`, `Xh` או `10h` (דרגה 2-9, X או 10, J, Q, K, A; צורה h, c, d, s)',
    'a spot: the card it shows (`5s`), its square (`B7`, columns A-J, rows 1-10) or both (`5s@B7`)': 'מקום: הקלף שהמשבצת מראה (`5s`), המשבצת (`B7`, עמודות A-J, שורות 1-10) או שניהם (`5s@B7`)',
    '`P` (place), `R` (remove) or `D` (discard a dead card)': '`P` (הנחה), `R` (הסרה) או `D` (השלכת קלף מת)',
    'a team (`blue`, `green`, `red`) or the end of the line': 'קבוצה (`blue`, `green`, `red`) או סוף השורה',
    'the sequences marked (the first and last of five squares in a line, such as `A2-E2`, several joined by `+`) or the end of the line': 'הרצפים המסומנים (הראשונה והאחרונה מחמש משבצות בקו, כמו `A2-E2`, כמה מחוברים ב-`+`) או סוף השורה',
    'a team (`blue`, `green`, `red`), the sequences marked (the first and last of five squares in a line, such as `A2-E2`, several joined by `+`) or the end of the line': 'קבוצה (`blue`, `green`, `red`), הרצפים המסומנים (הראשונה והאחרונה מחמש משבצות בקו, כמו `A2-E2`, כמה מחוברים ב-`+`) או סוף השורה',
  },
};

// What a log counts (the `noun` of a `count:*` error) and the cards of a hand, counted: one,
// several ({n}), and the one numbered {n}.
const NOUNS = {
  he: {
    action: { one: 'פעולה אחת', many: '{n} פעולות', nth: 'פעולה {n}' },
    move: { one: 'מהלך אחד', many: '{n} מהלכים', nth: 'מהלך {n}' },
    card: { one: 'קלף אחד', many: '{n} קלפים', nth: 'קלף {n}' },
  },
};

/** `n` things called `noun` in the language in use (`3 פעולות`, `פעולה אחת`); `n` alone
 * when the language has no words for them. */
function counted(noun, n) {
  const words = NOUNS[current]?.[noun];
  if (!words) return n;
  // A count past 2^53 comes as a string of digits: never one.
  const one = typeof n === 'number' ? new Intl.PluralRules(current).select(n) === 'one' : n === '1';
  return fill(one ? words.one : words.many, { n });
}

// The certificate of a proof (`why` of the explanation) by its kind, from its parameters; the
// parts of the longer ones (needs, rooms, cards dealt elsewhere, denials) each by a template.
const WHY = {
  he: {
    'handed-over-from-elsewhere': 'בלתי אפשרי פיזית: בפעולה {at} שחקן {giver} מסר את {card}, אבל {card} עבר לשחקן {holder} בפעולה {received_at} ולא זז מאז',
    'laid-aside-from-elsewhere': 'בלתי אפשרי פיזית: בפעולה {at} שחקן {player} הניח רביעייה בצד, אבל {card} עבר לשחקן {holder} בפעולה {received_at} ולא זז מאז',
    'denied-card-in-hand': 'שחקן {player} הכחיש שהוא מחזיק את {card} בפעולה {at}, אבל {card} עבר אליו בפעולה {received_at} ולא זז מאז',
    'against-hand': 'היד שניתנה לשחקן {seat} סותרת את היומן: בפעולה {action} {card} יצא מהיד של שחקן {player}, בניגוד ליד הזאת',
    'denied-then-shown': 'שחקן {dplayer} הכחיש את {dcard} בפעולה {daction}, אבל {scard} חולק לשחקן {splayer}: הוא יצא מידו בפעולה {saction} לפני שזז אי פעם',
    'overfull-physical': 'בלתי אפשרי פיזית: שחקן {player} קיבל {dealt} קלפים, אבל {count} קלפים שלא זזו מעולם יצאו מידו: {gone}',
    overfull: 'שחקן {player} קיבל {dealt} קלפים ו-{count} מהם יצאו מידו ({gone}), כך שנשארו בידו {left} קלפים שלא זזו; אבל {needs}',
    shortage: '{parts}; לכן נדרשים שם {places} קלפים, אבל רק {available} קלפים שלא זזו יכולים למלא אותם: {cards}',
    surplus: 'הקלפים שלא זזו {cards} חייבים להיות ביד של מישהו; {parts}; המקומות היחידים שנותרו להם: {places}, שמכילים {room} קלפים',
    need: 'שחקן {player} היה צריך קלף מרביעייה {set} (ביקש בפעולה {action} בלי קלף גלוי ממנה)',
    room: 'לשחקן {player} יש {cards} קלפים אחרים שלא זזו',
    shown: '{card} חולק לשחקן {player} (יצא מידו בפעולה {action})',
    denied: 'שחקן {player} הכחיש את {card} (פעולה {action})',
    gone: '{card} (פעולה {action})',
    and: ' ו',
  },
};

/** The certificate of a proof (after the contradiction at action `at`) in the language in
 * use, from its kind and parameters; `english` (the engine's sentence) when there is no
 * table for the language or the kind. */
export function why(w, at, english) {
  const table = WHY[current];
  if (!table) return english;
  const part = (kind, params) => fill(table[kind], params);
  const list = (items) => items.join('; ');
  switch (w.kind) {
    case 'handed-over-from-elsewhere': case 'laid-aside-from-elsewhere': case 'denied-card-in-hand': case 'against-hand':
      return part(w.kind, { ...w, at });
    case 'denied-then-shown':
      return part(w.kind, { dplayer: w.denied.player, dcard: w.denied.card, daction: w.denied.action, scard: w.shown.card, splayer: w.shown.player, saction: w.shown.action });
    case 'overfull': {
      const gone = w.shown.map((s) => part('gone', s)).join(', ');
      const params = { player: w.player, dealt: w.dealt, count: w.shown.length, gone, left: Math.max(0, w.dealt - w.shown.length), needs: list(w.needs.map((n) => part('need', n))) };
      return part(w.needs.length ? 'overfull' : 'overfull-physical', params);
    }
    case 'shortage': {
      const parts = [...w.needs.map((n) => part('need', n)), ...w.rooms.map((r) => part('room', r)), ...w.shown.map((s) => part('shown', s)), ...w.denied.map((d) => part('denied', d))];
      const places = w.needs.length + w.rooms.reduce((sum, r) => sum + r.cards, 0);
      return part('shortage', { parts: list(parts), places, available: w.available.length, cards: w.available.join(', ') });
    }
    case 'surplus': {
      const places = [...w.needs.map((n) => part('need', n)), ...w.rooms.map((r) => part('room', r))];
      const room = w.needs.length + w.rooms.reduce((sum, r) => sum + r.cards, 0);
      return part('surplus', { cards: w.cards.join(', '), parts: list(w.denied.map((d) => part('denied', d))) || '—', places: list(places) || '—', room });
    }
    default: return english;
  }
}

/** An engine's error (a Quartets `detail`: its kind and parameters) in the language in use,
 * else `english`, the error document's message. */
export function error(detail, english, kind = null) {
  if (!detail) return kind ? reason(`error:${kind}`, {}, english) : english;
  const expected = EXPECTED[current]?.[detail.expected] ?? detail.expected;
  const params = { ...detail, expected };
  if (detail.noun) {
    // A log that disagrees with its count line: the counts in words.
    params.declared = counted(detail.noun, detail.declared);
    params.found = counted(detail.noun, detail.found);
    params.extra = fill(NOUNS[current]?.[detail.noun]?.nth ?? '{n}', { n: detail.extra });
  }
  return reason(detail.kind, params, english);
}

/** A request refused (a `usage` response: the command line's words, and in `detail` their
 * kind and parameters, such as an impossible variant or hand) in the language in use, else
 * the words as written. */
export function refusal(response) {
  const detail = response.detail;
  if (!detail?.kind) return response.usage;
  const params = detail.kind === 'hand:wrong-size'
    ? { ...detail, dealt: counted('card', detail.dealt), given: counted('card', detail.given) }
    : detail;
  return reason(detail.kind, params, response.usage);
}

/** What an illegal Sequence move did (`illegal` of an explanation: its turn, kind and
 * parameters) in the language in use, else the engine's sentence (`what`). */
export function illegalWhat(illegal) {
  const text = reason(illegal.kind, illegal, null);
  return text == null ? illegal.what : reason('what', { turn: illegal.turn, text }, illegal.what);
}

/** The suspects' paragraph (`suspects` of an explanation, over `judged` actions) in the
 * language in use, else `english`, the engine's paragraph: the same cases, by its fields. */
export function suspects(s, judged, english) {
  const table = REASONS[current];
  if (!table) return english;
  const groups = (s.minimum_groups ?? []).map((g) => g.join(table['group-and'])).join(table['group-or']);
  const kind = s.minimum == null ? 'suspects-none'
    : s.sole.length ? 'sole'
      : !s.stopped ? 'suspects-groups'
        : groups ? 'suspects-groups-stopped' : 'suspects-stopped';
  const params = { players: s.sole, minimum: s.minimum, groups, through: s.through, next: s.through + 1 };
  const text = fill(table[kind], params);
  return s.through < judged ? text + fill(table['suspects-through'], params) : text;
}

/** A Go Fish reason (`reason` of an explanation or a live foul: its kind and parameters) in
 * the language in use, else `english`, the engine's sentence. */
export function gofishReason(r, english) {
  if (!r) return english;
  const kind = r.kind === 'wrong-answer' && r.cards === 0 ? 'wrong-answer-fish'
    : r.kind === 'book-not-laid' && r.dealt ? 'book-not-laid-dealt' : r.kind;
  return reason(`gofish:${kind}`, r, english);
}

/** A claim of a Go Fish proof (`details[i]` of a proof step: its kind and parameters) in the
 * language in use, else `english`, the engine's words (`claims[i]`). */
export function gofishClaim(c, english) {
  if (!c) return english;
  const kind = c.kind === 'exactly' && c.cards === 0 ? 'exactly-fish'
    : c.kind === 'no-four' && c.dealt ? 'no-four-dealt' : c.kind;
  return reason(`gofish:claim:${kind}`, c, english);
}

/** The Go Fish suspects (`suspects` of an explanation: the players, and the engine's
 * sentence) in the language in use. */
export function gofishSuspects(s) {
  const kind = s.players.length === 0 ? 'none' : s.players.length === 1 ? 'one' : 'many';
  return reason(`gofish:suspects-${kind}`, s, s.text);
}

/** The seat's verdict beside a watcher's (`seat` of an explanation) in the language in use,
 * else `english`, the engine's sentence (`null` when there is nothing to say). */
export function seatLine(seat, english) {
  if (!english) return english;
  const kind = seat.against_hand ? 'seat-against-hand'
    : seat.watcher_since == null ? 'seat-only' : seat.seat_since == null ? 'seat-never' : 'seat-both';
  return reason(kind, seat, english);
}

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
  return fill(UI[current][key] ?? PAGE[current]?.[key] ?? UI.en[key] ?? PAGE.en[key] ?? key, params);
}

/** An engine's text in the language in use: by its kind and parameters, else as written. */
export function reason(kind, params, english) {
  const template = REASONS[current]?.[kind];
  return template ? fill(template, params) : english;
}
