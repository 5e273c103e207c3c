//! # fairplay-quartets
//!
//! An exact referee for recorded games of Quartets: given the log a watcher sees (asks,
//! answers and sets laid aside), it decides whether *some* deal of the cards makes every
//! action honest, and if not, after which action cheating became certain.
//!
//! The crate is split the way the problem is:
//!
//! * [`notation`]: reading and printing logs ([`RawAction`](notation::RawAction), syntax only);
//! * [`Rules`] and [`Action`]: the game's sizes and actions whose names are checked against them;
//! * [`Referee`]: the streaming engine. It follows the public state (turns, counts, where moved
//!   cards are) and keeps a *witness deal* consistent with every fact learnt so far, repairing
//!   it by augmenting paths when a fact breaks it (the deal model, `src/deal.rs`). One pass, no replays.
//!
//! ```
//! use fairplay_quartets::{audit, Rules, Verdict};
//! let log = "4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
//! let report = audit(log.as_bytes(), &Rules::standard()).unwrap();
//! assert_eq!(report.verdict(), Verdict::Cheated { since: 4 });
//! assert_eq!(report.contract(), "no\n4\n");
//! ```

#![warn(missing_docs)]

mod action;
mod deal;
pub mod explain;
mod game;
pub mod notation;
mod referee;
mod reveal;
mod rules;
mod seat;
#[cfg(feature = "serde")]
mod serialize;
pub mod truth;

pub use action::{Action, NameError};
pub use deal::KnowledgeTable;
pub use game::{Quartets, QuartetsReferee};
pub use referee::{Contradiction, Established, Place, Reason, Referee, RuleError, Trust, Verdict};
pub use rules::{
    Card, Player, Rules, RulesBuilder, RulesError, SetId, MAX_CARDS, MAX_CARDS_PER_SET, MAX_PLAYERS,
};
pub use seat::{parse_card, HandError, SeatHand};

use notation::{LogReader, ParseError, RawAction};

/// Why a log could not be judged: it is malformed, or breaks a rule any watcher can check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    /// The text is not a log.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// An action breaks a rule that does not depend on the deal.
    #[error("line {line} (action {action}): {error}")]
    Rule {
        /// 1-based line number in the input.
        line: usize,
        /// 1-based action number.
        action: usize,
        /// The broken rule.
        error: RuleError,
    },
}

/// The result of judging a whole log.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// Number of actions in the log.
    pub actions: usize,
    /// When cheating is certain: what made it so, and where. `None` when some deal makes every
    /// action honest.
    pub cheating: Option<Cheating>,
}

/// The point where cheating became certain, as [`audit`] found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Cheating {
    /// The action and the reason.
    pub contradiction: Contradiction,
    /// The 1-based line of that action in the input.
    pub line: usize,
}

impl Report {
    /// Whether an honest deal exists for the whole log, or since when none does.
    pub fn verdict(&self) -> Verdict {
        match self.cheating {
            None => Verdict::Honest,
            Some(c) => Verdict::Cheated {
                since: c.contradiction.action,
            },
        }
    }

    /// The verdict in the contract format: `yes\n`, or `no\n<action>\n`.
    pub fn contract(&self) -> String {
        self.verdict().contract()
    }
}

impl Verdict {
    /// The verdict in the contract format: `yes\n`, or `no\n<action>\n`.
    ///
    /// ```
    /// use fairplay_quartets::Verdict;
    /// assert_eq!(Verdict::Cheated { since: 4 }.contract(), "no\n4\n");
    /// ```
    pub fn contract(self) -> String {
        match self {
            Verdict::Honest => "yes\n".to_string(),
            Verdict::Cheated { since } => format!("no\n{since}\n"),
        }
    }
}

/// Judges a whole log in one pass.
///
/// Actions are judged until cheating is certain; the lines after that are still read, so a
/// malformed file is reported rather than half-judged, but their rules are not checked. The
/// referee's first witness deal is the one the log's card moves reveal (found by a quick scan
/// of its bytes, not a second parse), which spares the repairs of an honest game and changes
/// no verdict.
pub fn audit(input: &[u8], rules: &Rules) -> Result<Report, LogError> {
    with_spare(rules, |referee, guess| {
        // The whole log is at hand: the witness starts as the deal it reveals.
        let guessed = reveal::first_holders(input, rules, guess);
        if guessed > 0 {
            referee.reset_dealt(guess);
        } else {
            referee.reset();
        }
        // A guess of every card is the true deal of an honest game: every fact agrees with
        // it, and the referee's agreeing path judges the log. Cards left to be dealt in order
        // soon make a fact disagree, and the general path would take over at once.
        judge_with(referee, input, guessed == rules.deck_size())
    })
}

/// [`audit`] as the player of `hand` judges the log: a watcher's facts plus their dealt hand
/// (see [`Referee::seated`]), in the same single pass.
///
/// ```
/// use fairplay_quartets::{audit, audit_seat, Rules, SeatHand, Verdict};
/// let rules = Rules::builder().players(3).sets(3).cards_per_set(2).build().unwrap();
/// let log = b"2\n1 A 2 1A no\n2 A 1 1B no\n";
/// let hand = SeatHand::parse(&rules, 3, "1A,2A").unwrap();
/// assert_eq!(audit_seat(log, &hand).unwrap().verdict(), Verdict::Cheated { since: 2 });
/// assert_eq!(audit(log, &rules).unwrap().verdict(), Verdict::Honest);
/// ```
pub fn audit_seat(input: &[u8], hand: &SeatHand) -> Result<Report, LogError> {
    with_spare(hand.rules(), |referee, _| {
        referee.reset();
        referee.sit(hand);
        judge_with(referee, input, false)
    })
}

/// Runs `judge` with this thread's spare referee for `rules` and its spare buffer for a
/// guessed deal. `judge` resets the referee to the start of a game, as it needs it.
fn with_spare(
    rules: &Rules,
    judge: impl FnOnce(&mut Referee, &mut Vec<u8>) -> Result<Report, LogError>,
) -> Result<Report, LogError> {
    // Each thread keeps its last referee and buffer: judging log after log of one game
    // allocates nothing for them. They are judged with in place (a referee is a few hundred
    // bytes, moving it out and back cost more than the rest of a short log's set-up).
    thread_local! {
        static SPARE: std::cell::RefCell<(Option<Referee>, Vec<u8>)> =
            const { std::cell::RefCell::new((None, Vec::new())) };
    }
    SPARE.with_borrow_mut(|(spare, guess)| {
        let referee = match spare {
            Some(referee) if referee.rules() == rules => referee,
            _ => spare.insert(Referee::new(rules.clone())),
        };
        judge(referee, guess)
    })
}

/// [`audit`] with a referee at the start of the game; `agree`: try the referee's agreeing
/// path first ([`Referee::agree_all`]), while every fact agrees with its witness.
fn judge_with(referee: &mut Referee, input: &[u8], agree: bool) -> Result<Report, LogError> {
    let mut reader = LogReader::new(input)?;
    let rule_error = |reader: &LogReader, referee: &Referee, error| LogError::Rule {
        line: reader.line(),
        action: referee.actions() + 1,
        error,
    };
    let mut line = 0;
    // While every fact agrees with the guessed witness, an action is judged by the referee's
    // agreeing path; the first that does not (or the end of the log) leaves it.
    if agree && referee.agreeing() {
        let Some(pending) = referee.agree_all(&mut reader)? else {
            // Every action agreed with one deal: the game is honest.
            return Ok(Report {
                actions: referee.actions(),
                cheating: None,
            });
        };
        referee.resume();
        let verdict = apply_outlined(referee, pending)
            .map_err(|error| rule_error(&reader, referee, error))?;
        if verdict != Verdict::Honest {
            let line = reader.line();
            return finish(referee, reader, line);
        }
    }
    // Judge while every action so far may be honest. Canonical lines, nearly all of a real log,
    // are decoded and judged in registers in the inner loop; any other line goes the general way.
    'judging: loop {
        while let Some(action) = reader.next_canonical() {
            let verdict = referee
                .apply_raw(action)
                .map_err(|error| rule_error(&reader, referee, error))?;
            if verdict != Verdict::Honest {
                line = reader.line();
                break 'judging;
            }
        }
        let Some(action) = reader.next_action() else {
            break;
        };
        let verdict = apply_outlined(referee, action?)
            .map_err(|error| rule_error(&reader, referee, error))?;
        if verdict != Verdict::Honest {
            line = reader.line();
            break;
        }
    }
    finish(referee, reader, line)
}

/// The end of [`judge_with`] once cheating is certain (`line` holds the action that made it
/// so) or the log is read: the rest is only read, so a malformed file is still reported.
fn finish(referee: &Referee, mut reader: LogReader, line: usize) -> Result<Report, LogError> {
    /// Counts the actions it is handed, refusing none.
    struct Count(usize);
    impl notation::Take for Count {
        #[inline(always)]
        fn take(&mut self, _: RawAction) -> bool {
            self.0 += 1;
            true
        }
    }
    // The canonical lines are read in a loop of their own, the reader's state in locals.
    let mut actions = Count(referee.actions());
    loop {
        reader.canonical_until(&mut actions);
        let Some(action) = reader.next_action() else {
            break;
        };
        action?;
        actions.0 += 1;
    }
    let actions = actions.0;
    Ok(Report {
        actions,
        cheating: referee.contradiction().map(|contradiction| Cheating {
            contradiction,
            line,
        }),
    })
}

/// [`Referee::apply_raw`] for the rare line off the canonical path, kept out of the hot loop.
#[inline(never)]
fn apply_outlined(referee: &mut Referee, action: RawAction) -> Result<Verdict, RuleError> {
    referee.apply_raw(action)
}
