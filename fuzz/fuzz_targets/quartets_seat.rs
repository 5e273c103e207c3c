//! The seat's view (`audit_seat`, `explain_seat`) never panics on small games, and agrees with
//! a watcher's and with itself:
//!
//! * the seat fails when a watcher does, with the same error, but for a rule a watcher checks
//!   after the seat is certain (rules are checked only while cheating is not certain); the
//!   same action count;
//! * the seat is never certain later than a watcher;
//! * `explain_seat` gives the seat's verdict and contradiction, `watcher_since` a watcher's,
//!   `seat_since` the seat's, `against_hand` exactly when the reason is the hand's, a proof
//!   exactly when asked and the seat is certain, with actions at most `seat_since`;
//! * the hand is one of a deal chosen by the input: when every action is honest under that
//!   deal (replayed independently), the seat finds the log honest.
//!
//! Input: six header bytes (the rules among `fairplay_fuzz::EXPLAIN_VARIANTS`, the seat, the
//! deal's seed, the questions as bits, the `at` action), then a log; at most 2 KiB in all.

#![no_main]

use fairplay_fuzz::{deal_of, explain_rules, first_dishonest, questions};
use fairplay_quartets::explain::{explain_seat, ExplainError};
use fairplay_quartets::notation::LogReader;
use fairplay_quartets::{audit, audit_seat, Card, LogError, Reason, SeatHand, Verdict};
use libfuzzer_sys::fuzz_target;

/// Longest input judged (header included).
const MAX_INPUT: usize = 2048;

fn since(verdict: Verdict) -> Option<usize> {
    match verdict {
        Verdict::Honest => None,
        Verdict::Cheated { since } => Some(since),
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_INPUT {
        return;
    }
    let [selector, seat, lo, hi, bits, at, ref log @ ..] = *data else {
        return;
    };
    let rules = explain_rules(selector);
    let owner = deal_of(&rules, u16::from_le_bytes([lo, hi]));
    let p = usize::from(seat) % rules.players();
    let cards: Vec<Card> = rules
        .all_cards()
        .filter(|&c| usize::from(owner[rules.card_index(c)]) == p)
        .collect();
    let player = rules.player(p as u32 + 1).expect("a player of the game");
    let hand = SeatHand::new(&rules, player, &cards).expect("a hand of the deal");
    // Rules are checked only while cheating is not certain, and the seat may be certain
    // first: a watcher may then meet a rule error the seat does not check.
    let (watcher, seated) = match (audit(log, &rules), audit_seat(log, &hand)) {
        (Err(a), Err(b)) => {
            assert!(a == b || matches!(a, LogError::Rule { .. }), "{a:?}\n{b:?}");
            return;
        }
        (Err(LogError::Rule { action, .. }), Ok(seated)) => {
            let since = since(seated.verdict());
            assert!(since.is_some_and(|s| s < action), "{seated:?}");
            return;
        }
        (Ok(watcher), Ok(seated)) => (watcher, seated),
        (a, b) => panic!("watcher: {a:?}\nseat: {b:?}"),
    };
    assert_eq!(watcher.actions, seated.actions);
    let (w, s) = (since(watcher.verdict()), since(seated.verdict()));
    assert!(
        s.unwrap_or(usize::MAX) <= w.unwrap_or(usize::MAX),
        "the seat is certain after a watcher: {s:?} {w:?}"
    );
    if watcher.verdict() == Verdict::Honest {
        // Every action was judged, so every name is in range.
        let actions: Vec<_> = LogReader::new(log)
            .expect("audit read it")
            .map(|record| record.expect("audit read it").action)
            .collect();
        if first_dishonest(&rules, &owner, &actions).is_none() {
            assert_eq!(
                seated.verdict(),
                Verdict::Honest,
                "the seat's own deal fits"
            );
        }
    }
    let questions = questions(bits, at);
    let explanation = match explain_seat(log, &hand, &questions) {
        Ok(explanation) => explanation,
        Err(ExplainError::AtBeyondLog { at, actions }) => {
            assert!(questions.at == Some(at) && at > actions && actions == seated.actions);
            return;
        }
        Err(ExplainError::AtAfterCheating { at, since }) => {
            assert!(questions.at == Some(at) && s == Some(since) && at >= since);
            return;
        }
        Err(e) => panic!("explain_seat fails ({e}) on a log audit_seat judges"),
    };
    assert_eq!(explanation.verdict, seated.verdict());
    assert_eq!(
        explanation.contradiction,
        seated.cheating.map(|c| c.contradiction)
    );
    let view = explanation.seat.expect("a seat's view");
    assert_eq!((view.watcher_since, view.seat_since), (w, s));
    assert_eq!(view.player, player);
    assert_eq!(
        view.against_hand,
        matches!(
            explanation.contradiction.map(|c| c.reason),
            Some(Reason::AgainstHand { .. })
        )
    );
    assert_eq!(explanation.proof.is_some(), questions.proof && s.is_some());
    if let (Some(proof), Some(since)) = (&explanation.proof, s) {
        assert!(proof.actions.windows(2).all(|w| w[0] < w[1]));
        assert!(proof.actions.iter().all(|&a| a >= 1 && a <= since));
    }
});
