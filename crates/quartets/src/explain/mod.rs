//! Explaining a verdict: the proof, the suspects, a possible deal and what a watcher knows.
//!
//! [`explain`] judges a log like [`audit`](crate::audit) and answers the questions asked in
//! [`Questions`]; the answer is one [`Explanation`], which printers (text, JSON) render. Nothing
//! here is a heuristic: every part is decided by re-running the exact
//! [`Referee`](crate::Referee) with some claims no longer believed ([`Trust`](crate::Trust)) or
//! by asking its deal model.
//!
//! The parts live in one file each: `log.rs` reads the log once and re-runs the
//! referee believing only some claims; `conflict.rs` poses the claims at one point as a static
//! matching problem and shrinks them; `proof.rs` finds the minimal proof, `why.rs` its
//! certificate; `suspects.rs`, `deal.rs` and `knowledge.rs` answer the other questions
//! (`watch.rs` the knowledge of a log judged as a stream); the result types of a proof are in
//! `model.rs`.
//!
//! * **Claims** are what cheating can falsify: an ask ("I hold a card of this set", which says
//!   something only when no card of the set is seen in the asker's hand) and a denial ("I do
//!   not hold this card", which says something only about a card that has not moved or that is
//!   seen in the denier's hand). What everybody saw (cards handed over, sets laid aside) is
//!   never in doubt.
//! * **The proof** is a set of actions whose claims cannot all be true, given what everybody
//!   saw up to the contradiction, and that is *minimal*: believe the claims of all but any one of
//!   them and some deal fits. It is found by deletion over the actions, then over the claims of
//!   those kept (also minimal), on the static matching problem of `conflict.rs` rather than by
//!   replaying the log per question. Its [`Why`] comes from the engine's
//!   certificate: a direct contradiction, or a group of cards and hand slots violating Hall's
//!   condition.
//! * **Suspects** are the players who could be the only cheater: believing none of their asks
//!   and denials makes the whole log fit some deal; and the fewest players who must have cheated,
//!   found from conflicts and smallest hitting sets within a budget (`suspects.rs`).
//! * **Knowledge** is exact: a never-moved card may be with a player exactly when some deal
//!   fitting every claim gives it to them, and a player certainly holds a card of a set when
//!   one is seen in their hand or every such deal gives them one. The deal model decides it for
//!   every card, player and set in one pass (see
//!   [`Referee::knowledge_table`](crate::Referee::knowledge_table)).

mod conflict;
mod deal;
mod knowledge;
mod log;
mod model;
mod proof;
mod stepper;
mod suspects;
mod watch;
mod why;

pub use deal::Hand;
pub use knowledge::{CardKnowledge, Knowledge, PlayerKnowledge};
pub use model::{Claim, ClaimKind, Denied, Need, Proof, Room, Shown, Why};
pub use stepper::Stepper;
pub use suspects::Suspects;
pub use watch::{KnowingReferee, KnowledgeWatch};

use crate::referee::{Contradiction, Verdict};
use crate::rules::{Card, Player, Rules};
use crate::seat::SeatHand;
use crate::LogError;
use log::{Keep, Log};
use suspects::DEFAULT_SUSPECTS_WORK;

/// What [`explain`] should work out besides the verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Questions {
    /// The proof, when cheating is certain.
    pub proof: bool,
    /// The suspects, when cheating is certain.
    pub suspects: bool,
    /// A deal that makes every action honest, when there is one.
    pub deal: bool,
    /// What a watcher knows about the cards.
    pub knowledge: bool,
    /// Knowledge after this action (1-based) instead of after the last consistent one.
    pub at: Option<usize>,
    /// How many actions the search for the fewest cheaters may replay, `None` for the
    /// default (2^26, a few seconds at most); past it, [`Suspects::stopped`] is set and the
    /// minimum is a lower bound. Deterministic: the same log gets the same answer anywhere.
    pub suspects_work: Option<usize>,
}

/// The verdict on a log and the answers to the [`Questions`] asked.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// Actions in the log.
    pub actions: usize,
    /// The verdict (as [`audit`](crate::audit) gives it).
    pub verdict: Verdict,
    /// What made cheating certain.
    pub contradiction: Option<Contradiction>,
    /// The proof, if asked and cheating is certain.
    pub proof: Option<Proof>,
    /// The suspects, if asked and cheating is certain.
    pub suspects: Option<Suspects>,
    /// A possible deal, if asked and the whole log is consistent.
    pub deal: Option<Vec<Hand>>,
    /// What a watcher knows (or, from a seat, what that player knows), if asked.
    pub knowledge: Option<Knowledge>,
    /// From a seat ([`explain_seat`]): whose view, and a watcher's verdict beside it.
    pub seat: Option<SeatView>,
}

/// The view of one player at the table ([`explain_seat`]): the verdict, proof, suspects and
/// knowledge of an [`Explanation`] are theirs, and a watcher's verdict is given beside them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct SeatView {
    /// The player.
    pub player: Player,
    /// The cards they were dealt, in deck order.
    pub hand: Vec<Card>,
    /// The verdict of a watcher, who knows only the log.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub watcher: Verdict,
    /// The first action after which a watcher is certain someone cheated, if ever.
    pub watcher_since: Option<usize>,
    /// The first action after which this player is certain, if ever: never later than a
    /// watcher's.
    pub seat_since: Option<usize>,
    /// Whether the hand contradicts the log (a card that never moved left a hand the seat's
    /// hand rules out): then `seat_since` is where.
    pub against_hand: bool,
}

/// Why a question could not be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExplainError {
    /// The log could not be judged.
    #[error(transparent)]
    Log(#[from] LogError),
    /// Knowledge was asked after an action the log does not have.
    #[error("knowledge after action {at} was asked, but the log has {actions} actions")]
    AtBeyondLog {
        /// The action asked for.
        at: usize,
        /// Actions in the log.
        actions: usize,
    },
    /// Knowledge was asked after the point where no deal fits.
    #[error(
        "knowledge after action {at} was asked, but no deal fits actions 1..{at} (cheating is certain since action {since})"
    )]
    AtAfterCheating {
        /// The action asked for.
        at: usize,
        /// The first action after which no deal fits.
        since: usize,
    },
}

/// Judges a log and answers `questions` about it.
///
/// ```
/// use fairplay_quartets::explain::{explain, Questions};
/// use fairplay_quartets::Rules;
/// let log = "4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
/// let questions = Questions { proof: true, suspects: true, ..Questions::default() };
/// let explanation = explain(log.as_bytes(), &Rules::standard(), &questions).unwrap();
/// assert_eq!(explanation.proof.unwrap().actions, vec![1, 2, 4]);
/// let sole: Vec<u32> = explanation.suspects.unwrap().sole.iter().map(|p| p.number()).collect();
/// assert_eq!(sole, vec![1, 2]);
/// ```
pub fn explain(
    input: &[u8],
    rules: &Rules,
    questions: &Questions,
) -> Result<Explanation, ExplainError> {
    explain_from(input, rules, None, questions)
}

/// [`explain`] from the seat of the player of `hand`: the verdict, proof, suspects and
/// knowledge are that player's (a watcher's facts plus their dealt hand), and
/// [`Explanation::seat`] gives a watcher's verdict beside it.
///
/// ```
/// use fairplay_quartets::explain::{explain_seat, Questions};
/// use fairplay_quartets::{Rules, SeatHand, Verdict};
/// let rules = Rules::builder().players(3).sets(3).cards_per_set(2).build().unwrap();
/// let hand = SeatHand::parse(&rules, 3, "1A,2A").unwrap();
/// let log = b"2\n1 A 2 1A no\n2 A 1 1B no\n";
/// let questions = Questions { proof: true, ..Questions::default() };
/// let e = explain_seat(log, &hand, &questions).unwrap();
/// assert_eq!(e.verdict, Verdict::Cheated { since: 2 });
/// assert_eq!(e.proof.unwrap().actions, vec![1, 2]);
/// let seat = e.seat.unwrap();
/// assert_eq!((seat.seat_since, seat.watcher_since), (Some(2), None));
/// ```
pub fn explain_seat(
    input: &[u8],
    hand: &SeatHand,
    questions: &Questions,
) -> Result<Explanation, ExplainError> {
    let watcher = crate::audit(input, hand.rules())?.verdict();
    let mut explanation = explain_from(input, hand.rules(), Some(hand), questions)?;
    explanation.seat = Some(SeatView::new(hand, watcher, explanation.contradiction));
    Ok(explanation)
}

impl Explanation {
    /// The explanation of a verdict when no question is asked: what [`explain`] (or
    /// [`explain_seat`], with [`Explanation::seat`] set) gives with [`Questions::default`],
    /// built from the contradiction a [`Referee`](crate::Referee) found on a log of `actions`
    /// actions judged as a stream.
    ///
    /// ```
    /// use fairplay_quartets::explain::{explain, Explanation, Questions};
    /// use fairplay_quartets::Rules;
    /// let log = "2\n1 A 2 3C no\n2 A 1 3C no\n";
    /// let asked = explain(log.as_bytes(), &Rules::standard(), &Questions::default()).unwrap();
    /// assert_eq!(Explanation::of_verdict(2, None), asked);
    /// ```
    pub fn of_verdict(actions: usize, contradiction: Option<Contradiction>) -> Explanation {
        Explanation {
            actions,
            verdict: contradiction
                .map_or(Verdict::Honest, |c| Verdict::Cheated { since: c.action }),
            contradiction,
            proof: None,
            suspects: None,
            deal: None,
            knowledge: None,
            seat: None,
        }
    }
}

impl SeatView {
    /// The view of the player of `hand`, who is certain of cheating as `seat` says, beside a
    /// watcher's verdict `watcher`.
    pub fn new(hand: &SeatHand, watcher: Verdict, seat: Option<Contradiction>) -> SeatView {
        let since = |verdict: Verdict| match verdict {
            Verdict::Honest => None,
            Verdict::Cheated { since } => Some(since),
        };
        SeatView {
            player: hand.seat(),
            hand: hand.cards().to_vec(),
            watcher,
            watcher_since: since(watcher),
            seat_since: seat.map(|c| c.action),
            against_hand: matches!(
                seat,
                Some(Contradiction {
                    reason: crate::Reason::AgainstHand { .. },
                    ..
                })
            ),
        }
    }
}

fn explain_from(
    input: &[u8],
    rules: &Rules,
    seat: Option<&SeatHand>,
    questions: &Questions,
) -> Result<Explanation, ExplainError> {
    let keep = match (questions.knowledge, questions.at) {
        (false, _) => Keep::Nothing,
        (true, Some(at)) => Keep::After(at),
        (true, None) => Keep::Last,
    };
    // The suspects are judged on the whole log, and a proof cites cards that moved after the
    // contradiction: only then is the rest of the log judged too.
    let log = Log::read(
        input,
        rules,
        keep,
        questions.proof || questions.suspects,
        seat,
    )?;
    let verdict = match log.contradiction {
        None => Verdict::Honest,
        Some(c) => Verdict::Cheated { since: c.action },
    };
    let mut explanation = Explanation {
        actions: log.total,
        verdict,
        contradiction: log.contradiction,
        proof: None,
        suspects: None,
        deal: None,
        knowledge: None,
        seat: None,
    };
    if let Some(contradiction) = log.contradiction {
        if questions.proof {
            explanation.proof = Some(log.proof(contradiction.action));
        }
        if questions.suspects {
            explanation.suspects =
                Some(log.suspects(questions.suspects_work.unwrap_or(DEFAULT_SUSPECTS_WORK)));
        }
    } else if questions.deal {
        explanation.deal = Some(log.deal());
    }
    if questions.knowledge {
        let since = log.contradiction.map(|c| c.action);
        let at = match questions.at {
            Some(at) if at > log.total => {
                return Err(ExplainError::AtBeyondLog {
                    at,
                    actions: log.total,
                })
            }
            Some(at) => match since {
                Some(since) if at >= since => {
                    return Err(ExplainError::AtAfterCheating { at, since })
                }
                _ => at,
            },
            None => since.map_or(log.total, |since| since - 1),
        };
        explanation.knowledge = Some(log.knowledge(at));
    }
    Ok(explanation)
}
