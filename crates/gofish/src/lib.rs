//! # fairplay-gofish
//!
//! An exact referee for recorded games of Go Fish: given the log a watcher sees (asks,
//! answers, draws and books), it decides whether *some* deal — the hands and the order of the
//! stock — makes every action honest, and if not, after which action cheating became certain.
//!
//! Cards enter the hands unseen from the stock, so what a player holds is known only as a
//! range per rank. The crate is split the way the problem is:
//!
//! * [`notation`]: reading and printing logs ([`RawAction`](notation::RawAction), syntax only);
//! * [`Rules`] and [`Action`]: the game's sizes and actions whose players and ranks are checked;
//! * the public rules (turns, draws due, books, hand and stock sizes): a [`RuleError`] when a
//!   log breaks them;
//! * [`Referee`]: the streaming engine. Every claim bounds how many cards of one rank lie in a
//!   prefix of one player's hidden cards (dealt hand, then unseen draws); the deal model keeps
//!   a flow with lower bounds over these nested prefixes and repairs it by augmenting cycles
//!   when a claim breaks it, so the verdict is exact over every deal and stock order, one
//!   action at a time;
//! * [`explain`]: a minimal proof, the suspects, a possible deal with the stock's order, and
//!   the range of every count, each by judging the log again with distrusted claims;
//! * [`truth`]: the log replayed on the deal really made, every lie named at its action;
//! * [`GoFish`]: the game behind the core's [`Game`](fairplay_core::Game) trait.
//!
//! ```
//! use fairplay_gofish::{judge, FishTurn, Rules, Verdict};
//! let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
//! let report = judge(b"1 A 2 A fish\n1 D\n2 A 1 A 1\n", &rules).unwrap();
//! assert_eq!(report.verdict(), Verdict::Cheated { since: 3 });
//! assert_eq!(report.verdict().contract(), "no\n3\n");
//! let honest = b"1 A 2 A fish\n1 D\n2 A 1 2 fish\n2 D\n1 A 2 3 1\n";
//! assert_eq!(judge(honest, &rules).unwrap().verdict(), Verdict::Honest);
//! ```

#![warn(missing_docs)]

mod action;
mod ahead;
mod deal;
pub mod explain;
mod game;
pub mod notation;
mod referee;
mod rules;
#[cfg(feature = "serde")]
mod serialize;
mod stepper;
mod table;
pub mod truth;
mod watch;

pub use action::{Action, Answer, NameError};
pub use game::{GoFish, GoFishReferee};
pub use referee::{Claim, Contradiction, Reason, Referee, Seat, SeatError, Trust, Verdict};
pub use rules::{
    FishTurn, Player, Rank, Rules, RulesError, CARDS_PER_RANK, MAX_PLAYERS, MAX_RANKS,
};
pub use stepper::Stepper;
pub use table::RuleError;
pub use watch::{KnowingReferee, KnowledgeWatch};

use ahead::{judge_ahead, Ahead};
use fairplay_core::LogError;
use fairplay_text::Lines;

/// The result of judging a whole log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// Actions in the log.
    pub actions: usize,
    /// When cheating is certain: why, and the line of that action. `None` when some deal makes
    /// every action honest.
    pub cheating: Option<(Contradiction, usize)>,
}

impl Report {
    /// Whether an honest deal exists for the whole log, or since when none does.
    pub fn verdict(&self) -> Verdict {
        match self.cheating {
            None => Verdict::Honest,
            Some((c, _)) => Verdict::Cheated { since: c.action },
        }
    }
}

/// Judges a whole log: one action per line (no count line), blank lines skipped. Actions are
/// judged until cheating is certain; the lines after it are only counted (every line that is
/// not blank is an action): the rules count a malformed line among the rule errors, and no
/// rule error changes a settled verdict.
pub fn judge(log: &[u8], rules: &Rules) -> Result<Report, LogError> {
    with_spare(rules, |referee, ahead| {
        judge_ahead(referee, log, ahead, |_, _| {})
    })
}

/// [`judge`] (or [`judge_seat`]) with a [`KnowledgeWatch`] fed every action judged, in one
/// pass: the report and the knowledge after action `at` (or after the last action some deal
/// fits), as [`explain`](explain::explain) answers `Questions { knowledge: true, at, .. }`.
pub(crate) fn judge_knowing(
    log: &[u8],
    rules: &Rules,
    seat: Option<&Seat>,
    at: Option<usize>,
) -> Result<(Report, explain::Knowledge), LogError> {
    let knowing = |referee: &mut Referee, ahead: &mut Ahead| {
        let mut watch = KnowledgeWatch::new(referee, at);
        let report = judge_ahead(referee, log, ahead, |referee, raw| {
            watch.judged(referee, raw);
        })?;
        Ok((report, watch.knowledge(referee)))
    };
    match seat {
        None => with_spare(rules, knowing),
        Some(seat) => knowing(&mut Referee::seated(*rules, seat), &mut Ahead::default()),
    }
}

/// Runs `judge` with this thread's spare referee, reset for `rules`, and buffer of actions:
/// judging log after log of one game allocates nothing once they have grown to a game's size.
fn with_spare<T>(rules: &Rules, judge: impl FnOnce(&mut Referee, &mut Ahead) -> T) -> T {
    thread_local! {
        static SPARE: std::cell::RefCell<(Option<Referee>, Ahead)> =
            const { std::cell::RefCell::new((None, Ahead::new())) };
    }
    SPARE.with_borrow_mut(|(spare, ahead)| {
        let referee = match spare {
            Some(referee) if referee.rules() == rules => {
                referee.reset();
                referee
            }
            _ => spare.insert(Referee::new(*rules)),
        };
        // Only the verdict and the deal model are read.
        referee.note_claims(false);
        judge(referee, ahead)
    })
}

/// [`judge`] as the player of `seat` knows the game: what everybody saw, plus their dealt hand
/// and their own unseen draws ([`Referee::seated`]).
///
/// ```
/// use fairplay_gofish::{judge, judge_seat, FishTurn, Rules, Seat, Verdict};
/// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// // A watcher finds nothing wrong:
/// let log = b"1 A 2 A fish\n1 D\n2 A 1 2 fish\n2 D\n1 A 2 3 1\n1 A 2 A fish\n";
/// assert_eq!(judge(log, &rules).unwrap().verdict(), Verdict::Honest);
/// // Player 2 drew an A at action 4, so its "Go fish" to A at action 6 is a lie it knows of.
/// let seat = Seat::new(&rules, 2, &["2", "2", "3"], &["A"]).unwrap();
/// assert_eq!(judge_seat(log, &rules, &seat).unwrap().verdict(), Verdict::Cheated { since: 6 });
/// ```
pub fn judge_seat(log: &[u8], rules: &Rules, seat: &Seat) -> Result<Report, LogError> {
    judge_with(&mut Referee::seated(*rules, seat), log)
}

fn judge_with(referee: &mut Referee, log: &[u8]) -> Result<Report, LogError> {
    let mut lines = Lines::new(log);
    let mut cheating = None;
    let mut actions = 0;
    while let Some(line) = lines.next_line() {
        let number = lines.number();
        if cheating.is_some() {
            actions += usize::from(!line.trim_ascii().is_empty());
            continue;
        }
        let Some(raw) = notation::parse_action(line, number)? else {
            continue;
        };
        actions += 1;
        referee
            .apply_raw(raw)
            .map_err(|error| game::rule_error(error, number, actions))?;
        if let Some(c) = referee.contradiction() {
            cheating = Some((c, number));
        }
    }
    Ok(Report { actions, cheating })
}

#[cfg(test)]
mod tests;
