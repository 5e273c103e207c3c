//! The log the page steps through, kept between requests: a `step` without a `log` is about
//! the last log judged, so that a step sends its action number only (a 5 MB log is not sent,
//! read and judged again at each step), and the Quartets knowledge comes from a
//! [`Stepper`] made once for that log and its variant (a step then replays at most a few
//! hundred actions, however long the log).

use std::cell::RefCell;

use fairplay_quartets::explain::{ExplainError, Stepper};

thread_local! {
    static SESSION: RefCell<Session> = RefCell::new(Session::default());
}

#[derive(Default)]
struct Session {
    /// The last log judged (or stepped through with its text).
    log: Option<Vec<u8>>,
    /// The stepper of that log, and the variant and seat it was made for.
    stepper: Option<(String, Result<Stepper, ExplainError>)>,
}

/// Keeps `log` as the one to step through (a stepper made for another log is dropped).
pub fn keep(log: Vec<u8>) {
    SESSION.with_borrow_mut(|session| {
        if session.log.as_deref() != Some(&log[..]) {
            session.stepper = None;
            session.log = Some(log);
        }
    });
}

/// `answer` of the log kept, or `None` when no log was judged yet.
pub fn with_log<R>(answer: impl FnOnce(&[u8]) -> R) -> Option<R> {
    SESSION.with_borrow(|session| session.log.as_deref().map(answer))
}

/// `answer` of the stepper of the log kept for the variant and seat named `key`, made by
/// `make` when there is none yet for them.
pub fn with_stepper<R>(
    key: String,
    make: impl FnOnce(&[u8]) -> Result<Stepper, ExplainError>,
    answer: impl FnOnce(&[u8], &Result<Stepper, ExplainError>) -> R,
) -> Option<R> {
    SESSION.with_borrow_mut(|session| {
        let log = session.log.as_deref()?;
        if session.stepper.as_ref().map(|(k, _)| k) != Some(&key) {
            session.stepper = Some((key, make(log)));
        }
        let (_, stepper) = session.stepper.as_ref()?;
        Some(answer(log, stepper))
    })
}
