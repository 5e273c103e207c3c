//! The log the page steps through, kept between requests: a `step` without a `log` is about
//! the last log judged, so that a step sends its action number only (a 5 MB log is not sent,
//! read and judged again at each step), and the state after K actions comes from a stepper
//! made once for that log and its rules: the Quartets knowledge from a
//! [`fairplay_quartets::explain::Stepper`], the Sequence board from a
//! [`fairplay_sequence::explain::Stepper`], the Go Fish knowledge from a
//! [`fairplay_gofish::Stepper`] (a step then replays at most a few hundred actions, however
//! long the log).

use std::cell::RefCell;

use fairplay_gofish::Stepper as GoFishStepper;
use fairplay_quartets::explain::{ExplainError, Stepper as QuartetsStepper};
use fairplay_sequence::explain::Stepper as SequenceStepper;

thread_local! {
    static SESSION: RefCell<Session> = RefCell::new(Session::default());
}

/// A stepper of the log kept, and the rules (and seat) it was made for.
type Slot<T> = Option<(String, T)>;

#[derive(Default)]
struct Session {
    /// The last log judged (or stepped through with its text).
    log: Option<Vec<u8>>,
    /// Its Quartets stepper.
    quartets: Slot<Result<QuartetsStepper, ExplainError>>,
    /// Its Sequence stepper.
    sequence: Slot<Result<SequenceStepper, fairplay_sequence::LogError>>,
    /// Its Go Fish stepper.
    gofish: Slot<Result<GoFishStepper, fairplay_core::LogError>>,
}

/// Keeps `log` as the one to step through (the steppers made for another log are dropped).
pub fn keep(log: Vec<u8>) {
    SESSION.with_borrow_mut(|session| {
        if session.log.as_deref() != Some(&log[..]) {
            session.quartets = None;
            session.sequence = None;
            session.gofish = None;
            session.log = Some(log);
        }
    });
}

/// `answer` of the log kept, or `None` when no log was judged yet.
pub fn with_log<R>(answer: impl FnOnce(&[u8]) -> R) -> Option<R> {
    SESSION.with_borrow(|session| session.log.as_deref().map(answer))
}

/// `answer` of the Quartets stepper of the log kept for the variant and seat named `key`,
/// made by `make` when there is none yet for them.
pub fn with_quartets_stepper<R>(
    key: String,
    make: impl FnOnce(&[u8]) -> Result<QuartetsStepper, ExplainError>,
    answer: impl FnOnce(&[u8], &Result<QuartetsStepper, ExplainError>) -> R,
) -> Option<R> {
    with_slot(|session| &mut session.quartets, key, make, answer)
}

/// `answer` of the Sequence stepper of the log kept for the rules named `key`, made by
/// `make` when there is none yet for them.
pub fn with_sequence_stepper<R>(
    key: String,
    make: impl FnOnce(&[u8]) -> Result<SequenceStepper, fairplay_sequence::LogError>,
    answer: impl FnOnce(&[u8], &Result<SequenceStepper, fairplay_sequence::LogError>) -> R,
) -> Option<R> {
    with_slot(|session| &mut session.sequence, key, make, answer)
}

/// `answer` of the Go Fish stepper of the log kept for the rules named `key`, made by `make`
/// when there is none yet for them.
pub fn with_gofish_stepper<R>(
    key: String,
    make: impl FnOnce(&[u8]) -> Result<GoFishStepper, fairplay_core::LogError>,
    answer: impl FnOnce(&[u8], &Result<GoFishStepper, fairplay_core::LogError>) -> R,
) -> Option<R> {
    with_slot(|session| &mut session.gofish, key, make, answer)
}

fn with_slot<T, R>(
    slot: impl FnOnce(&mut Session) -> &mut Slot<T>,
    key: String,
    make: impl FnOnce(&[u8]) -> T,
    answer: impl FnOnce(&[u8], &T) -> R,
) -> Option<R> {
    SESSION.with_borrow_mut(|session| {
        let log = session.log.take()?;
        let kept = slot(session);
        if kept.as_ref().map(|(k, _)| k) != Some(&key) {
            *kept = Some((key, make(&log)));
        }
        let answered = kept.as_ref().map(|(_, stepper)| answer(&log, stepper));
        session.log = Some(log);
        answered
    })
}
