//! `explain` never panics on small games, and agrees with `audit`: the same verdict,
//! contradiction and action count, or the same error; `--at` errors only when the knowledge
//! asked for is beyond the log or after the contradiction. What it answers is well-formed:
//!
//! * a proof is given exactly when asked and cheating is certain: its actions are increasing
//!   and at most the contradiction's, its claims belong to them;
//! * suspects exactly when asked and cheating is certain: sole suspects make the minimum 1;
//! * a deal exactly when asked and the log is honest: the hand sizes of the rules, every card
//!   once, and every action is honest under it (replayed independently);
//! * knowledge exactly when asked: every card still in play, with one possible holder if it
//!   has moved and at least one if not, and every player.
//!
//! Input: three header bytes (the rules among `fairplay_fuzz::EXPLAIN_VARIANTS`, the
//! questions as bits, the `at` action), then a log; at most 2 KiB in all, so runs stay fast.

#![no_main]

use fairplay_fuzz::{explain_rules, first_dishonest, questions};
use fairplay_quartets::explain::{explain, ExplainError};
use fairplay_quartets::notation::LogReader;
use fairplay_quartets::{audit, Verdict};
use libfuzzer_sys::fuzz_target;

/// Longest input judged (header included).
const MAX_INPUT: usize = 2048;

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_INPUT {
        return;
    }
    let [selector, bits, at, ref log @ ..] = *data else {
        return;
    };
    let rules = explain_rules(selector);
    let questions = questions(bits, at);
    let explained = explain(log, &rules, &questions);
    let audited = audit(log, &rules);
    let report = match (audited, &explained) {
        (Err(a), Err(ExplainError::Log(b))) => {
            assert_eq!(&a, b, "audit and explain fail differently");
            return;
        }
        (Ok(report), _) => report,
        (audited, explained) => panic!("audit: {audited:?}\nexplain: {explained:?}"),
    };
    let explanation = match explained {
        Ok(explanation) => explanation,
        Err(ExplainError::AtBeyondLog { at, actions }) => {
            assert_eq!(actions, report.actions);
            assert!(questions.knowledge && questions.at == Some(at) && at > actions);
            return;
        }
        Err(ExplainError::AtAfterCheating { at, since }) => {
            assert_eq!(report.verdict(), Verdict::Cheated { since });
            assert!(questions.knowledge && questions.at == Some(at) && at >= since);
            return;
        }
        Err(e) => panic!("explain fails ({e}) on a log audit judges: {report:?}"),
    };
    assert_eq!(
        explanation.verdict,
        report.verdict(),
        "explain and audit disagree"
    );
    let contradiction = report.cheating.map(|c| c.contradiction);
    assert_eq!(explanation.contradiction, contradiction);
    assert_eq!(explanation.actions, report.actions);

    let cheated = match report.verdict() {
        Verdict::Honest => None,
        Verdict::Cheated { since } => Some(since),
    };
    match (&explanation.proof, cheated) {
        (Some(proof), Some(since)) => {
            assert!(questions.proof, "a proof nobody asked for");
            assert!(
                proof.actions.windows(2).all(|w| w[0] < w[1]),
                "proof actions in order: {:?}",
                proof.actions
            );
            assert!(
                proof.actions.iter().all(|&a| a >= 1 && a <= since),
                "proof actions {:?} beyond the contradiction at {since}",
                proof.actions
            );
            assert_eq!(proof.written.len(), proof.actions.len());
            assert!(
                proof
                    .claims
                    .iter()
                    .all(|c| proof.actions.contains(&c.action)),
                "claims {:?} outside the proof's actions {:?}",
                proof.claims,
                proof.actions
            );
        }
        (None, Some(_)) => assert!(!questions.proof, "no proof though asked"),
        (None, None) => {}
        (Some(_), None) => panic!("a proof of an honest log"),
    }
    match (&explanation.suspects, cheated) {
        (Some(suspects), Some(_)) => {
            assert!(questions.suspects, "suspects nobody asked for");
            assert!(suspects.through <= report.actions);
            assert!(suspects.sole.windows(2).all(|w| w[0] < w[1]));
            if !suspects.sole.is_empty() {
                assert_eq!(suspects.minimum, Some(1));
            }
            if let Some(minimum) = suspects.minimum {
                assert!(minimum >= 1 && minimum <= rules.players());
                assert!(!suspects.minimum_groups.is_empty());
                assert!(suspects.minimum_groups.iter().all(|g| g.len() == minimum));
            } else {
                assert!(suspects.sole.is_empty() && suspects.minimum_groups.is_empty());
            }
        }
        (None, Some(_)) => assert!(!questions.suspects, "no suspects though asked"),
        (None, None) => {}
        (Some(_), None) => panic!("suspects in an honest log"),
    }
    match (&explanation.deal, cheated) {
        (Some(hands), None) => {
            assert!(questions.deal, "a deal nobody asked for");
            assert_eq!(hands.len(), rules.players());
            let mut owner = vec![u8::MAX; rules.deck_size()];
            for (i, hand) in hands.iter().enumerate() {
                assert_eq!(hand.player.index(), i);
                assert_eq!(hand.cards.len() as u32, rules.hand_size(hand.player));
                for &card in &hand.cards {
                    let index = rules.card_index(card);
                    assert_eq!(owner[index], u8::MAX, "card {card} dealt twice");
                    owner[index] = i as u8;
                }
            }
            let actions: Vec<_> = LogReader::new(log)
                .expect("judged")
                .map(|r| r.expect("judged").action)
                .collect();
            assert_eq!(
                first_dishonest(&rules, &owner, &actions),
                None,
                "the deal explain gives does not make every action honest"
            );
        }
        (None, None) => assert!(!questions.deal, "no deal though asked"),
        (None, Some(_)) => {}
        (Some(_), Some(_)) => panic!("a deal for a log with cheating"),
    }
    match &explanation.knowledge {
        Some(knowledge) => {
            assert!(questions.knowledge, "knowledge nobody asked for");
            let expected = questions.at.unwrap_or(match cheated {
                None => report.actions,
                Some(since) => since - 1,
            });
            assert_eq!(knowledge.after, expected);
            assert_eq!(knowledge.players.len(), rules.players());
            for card in &knowledge.cards {
                if card.moved {
                    assert_eq!(card.possible.len(), 1, "a moved card is seen: {card:?}");
                } else {
                    assert!(!card.possible.is_empty(), "nobody may hold {card:?}");
                }
            }
        }
        None => assert!(!questions.knowledge, "no knowledge though asked"),
    }
});
