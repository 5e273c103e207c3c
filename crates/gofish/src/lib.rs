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

use fairplay_core::LogError;
use fairplay_text::Lines;
use notation::{RawAction, RawAnswer};

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
        Some(seat) => knowing(&mut Referee::seated(*rules, seat), &mut Vec::new()),
    }
}

/// Runs `judge` with this thread's spare referee, reset for `rules`, and buffer of actions:
/// judging log after log of one game allocates nothing once they have grown to a game's size.
fn with_spare<T>(rules: &Rules, judge: impl FnOnce(&mut Referee, &mut Ahead) -> T) -> T {
    thread_local! {
        static SPARE: std::cell::RefCell<(Option<Referee>, Ahead)> =
            const { std::cell::RefCell::new((None, Vec::new())) };
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

/// Actions read ahead, with their lines.
type Ahead = Vec<(RawAction, usize)>;

/// Actions read ahead of the one judged: enough for a drawer's next ask, few enough that
/// memory does not grow with the log.
const AHEAD: usize = 64;

/// [`judge`] with the log read a little ahead, so that the witness deal can follow what the
/// actions reveal: an unseen draw is given, where the witness allows, the rank its drawer asks
/// for next. Any witness gives the same verdicts; a good one spares repairs. `judged` is
/// told of every action judged, the referee's state after it.
fn judge_ahead(
    referee: &mut Referee,
    log: &[u8],
    ahead: &mut Ahead,
    mut judged: impl FnMut(&Referee, RawAction),
) -> Result<Report, LogError> {
    ahead.clear();
    let mut lines = Lines::new(log);
    // The first malformed line, reported only if no verdict comes before it.
    let mut malformed = None;
    let mut read_all = false;
    let mut next = 0;
    let mut actions = 0;
    loop {
        while !read_all && ahead.len() - next < AHEAD {
            match lines.next_line() {
                None => read_all = true,
                Some(line) => match notation::parse_action(line, lines.number()) {
                    Ok(Some(raw)) => ahead.push((raw, lines.number())),
                    Ok(None) => {}
                    Err(error) => {
                        malformed = Some(error);
                        read_all = true;
                    }
                },
            }
        }
        if next == ahead.len() {
            break;
        }
        if actions == 0 {
            referee.seed_deal(&FirstHands::read(ahead, referee.rules()));
        }
        if next >= 16 * AHEAD {
            // Forget the actions judged: the buffer stays within a few windows.
            ahead.drain(..next);
            next = 0;
        }
        let (raw, number) = ahead[next];
        next += 1;
        actions += 1;
        if let RawAction::Draw {
            player,
            shown: None,
        } = raw
        {
            referee.hint_draw(next_ask(&ahead[next..], player));
        }
        referee
            .apply_raw(raw)
            .map_err(|error| game::rule_error(error, number, actions))?;
        judged(referee, raw);
        if let Some(c) = referee.contradiction() {
            // The lines after the verdict are only counted: every line not blank is an action.
            let mut lines = Lines::new(log);
            while let Some(line) = lines.next_line() {
                if lines.number() > number {
                    actions += usize::from(!line.trim_ascii().is_empty());
                }
            }
            return Ok(Report {
                actions,
                cheating: Some((c, number)),
            });
        }
    }
    match malformed {
        Some(error) => Err(error.into()),
        None => Ok(Report {
            actions,
            cheating: None,
        }),
    }
}

/// What the first actions of a log show of the dealt hands, for the first witness deal
/// ([`Referee::seed_deal`]).
pub(crate) struct FirstHands {
    /// Per player and rank, the cards they ask for or hand over before any card of the rank
    /// reached them in sight, at most a hand in all.
    pub(crate) want: [[u8; MAX_RANKS]; MAX_PLAYERS],
    /// Per player, the ranks of `want`, one bit each.
    pub(crate) mine: [u16; MAX_PLAYERS],
    /// Per player, the ranks they answer "Go fish" to and do not want.
    pub(crate) avoid: [u16; MAX_PLAYERS],
}

impl FirstHands {
    /// Reads `actions` until every hand is full.
    fn read(actions: &[(RawAction, usize)], rules: &Rules) -> FirstHands {
        let mut hands = FirstHands {
            want: [[0; MAX_RANKS]; MAX_PLAYERS],
            mine: [0; MAX_PLAYERS],
            avoid: [0; MAX_PLAYERS],
        };
        let (players, ranks, hand) = (rules.players(), rules.ranks(), rules.hand());
        let mut size = [0usize; MAX_PLAYERS];
        // Per player, the ranks that reached them in sight.
        let mut got = [0u16; MAX_PLAYERS];
        let mut open = players;
        // 1-based as written, to 0-based within `limit`.
        let index = |n: u32, limit: usize| {
            let i = n.wrapping_sub(1) as usize;
            (i < limit).then_some(i)
        };
        for &(raw, _) in actions {
            match raw {
                RawAction::Ask {
                    asker,
                    target,
                    rank,
                    answer,
                } => {
                    let (Some(a), Some(t), Some(r)) = (
                        index(asker, players),
                        index(target, players),
                        index(rank.0, ranks),
                    ) else {
                        continue;
                    };
                    let held = match answer {
                        RawAnswer::Fish => {
                            if hands.mine[t] & (1 << r) == 0 {
                                hands.avoid[t] |= 1 << r;
                            }
                            0
                        }
                        RawAnswer::Cards(k) => k.min(CARDS_PER_RANK as u8 - 1),
                    };
                    for (p, n) in [(a, 1), (t, held)] {
                        if n > hands.want[p][r] && got[p] & (1 << r) == 0 && size[p] < hand {
                            let more = usize::from(n - hands.want[p][r]).min(hand - size[p]);
                            hands.want[p][r] += more as u8;
                            hands.mine[p] |= 1 << r;
                            size[p] += more;
                            if size[p] == hand {
                                open -= 1;
                                if open == 0 {
                                    return hands;
                                }
                            }
                        }
                    }
                    if held > 0 {
                        got[a] |= 1 << r;
                    }
                }
                RawAction::Draw {
                    player,
                    shown: Some(rank),
                } => {
                    if let (Some(p), Some(r)) = (index(player, players), index(rank.0, ranks)) {
                        got[p] |= 1 << r;
                    }
                }
                RawAction::Draw { .. } | RawAction::Book { .. } => {}
            }
        }
        hands
    }
}

/// The rank `player` asks for next in `actions`, before their next unseen draw.
fn next_ask(actions: &[(RawAction, usize)], player: u32) -> Option<u32> {
    for &(raw, _) in actions {
        match raw {
            RawAction::Ask { asker, rank, .. } if asker == player => return Some(rank.0),
            RawAction::Draw {
                player: p,
                shown: None,
            } if p == player => return None,
            _ => {}
        }
    }
    None
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
