//! The streamed knowledge (`KnowledgeWatch`, what `--knowledge [--at K]` runs since it
//! streams) of Quartets and Go Fish never panics and equals the whole-log explanation's
//! (`explain` with `Questions { knowledge: true, at }`): the same knowledge, or the same
//! error. The watch is fed as the CLI feeds it: by the engine's `KnowingReferee` (the game's
//! streaming referee with the watch), driven by `fairplay_core::audit_reader_with`. Each input
//! is checked twice: after the action its `at` byte names, and (no `at`) after the last action
//! some deal fits.
//!
//! Input: two header bytes, then a log: the game and its rules (even: Quartets, the variant
//! `fairplay_fuzz::explain_rules(byte / 2)`; odd: Go Fish, `fairplay_fuzz::gofish_rules(byte /
//! 2)`), and `at`. Quartets inputs over 2 KiB are skipped (an explanation re-runs the referee).

#![no_main]

use fairplay_core::{audit_reader_with, LogError};
use fairplay_fuzz::{explain_rules, gofish_rules};
use libfuzzer_sys::fuzz_target;

/// The longest line read (the CLI's default is far longer; any line of the inputs fits).
const MAX_LINE: usize = 1 << 16;

fn quartets(selector: u8, at: Option<usize>, log: &[u8]) {
    use fairplay_quartets::explain::{explain, ExplainError, KnowingReferee, Questions};
    let rules = explain_rules(selector);
    let game = fairplay_quartets::Quartets::new(rules.clone());
    let questions = Questions {
        knowledge: true,
        at,
        ..Questions::default()
    };
    let watcher = fairplay_quartets::QuartetsReferee::new(rules.clone());
    let mut streamed = KnowingReferee::new(watcher, &questions);
    // An error: the log's (`Err`, as the game-neutral model words it) or the question's.
    let streamed = match audit_reader_with(&game, &mut streamed, log, MAX_LINE) {
        Ok(judgement) => streamed
            .knowledge(judgement.actions)
            .expect("knowledge was asked")
            .map_err(Ok),
        Err(error) => Err(Err(error)),
    };
    let whole = match explain(log, &rules, &questions) {
        Ok(explanation) => Ok(explanation.knowledge.expect("knowledge was asked")),
        Err(ExplainError::Log(error)) => Err(Err(LogError::from(error))),
        Err(error) => Err(Ok(error)),
    };
    assert_eq!(streamed, whole, "at {at:?}");
}

fn gofish(selector: u8, at: Option<usize>, log: &[u8]) {
    use fairplay_gofish::explain::{explain, Questions};
    use fairplay_gofish::KnowingReferee;
    let rules = gofish_rules(selector);
    let game = fairplay_gofish::GoFish::new(rules);
    let questions = Questions {
        knowledge: true,
        at,
        ..Questions::default()
    };
    let mut streamed = KnowingReferee::new(fairplay_gofish::GoFishReferee::new(rules), &questions);
    let streamed = audit_reader_with(&game, &mut streamed, log, MAX_LINE).map(|judgement| {
        streamed
            .knowledge(judgement.actions)
            .expect("knowledge was asked")
    });
    let whole = explain(log, &rules, &questions).map(|e| e.knowledge.expect("knowledge was asked"));
    assert_eq!(streamed, whole, "at {at:?}");
}

fuzz_target!(|data: &[u8]| {
    let [game, at, ref log @ ..] = *data else {
        return;
    };
    for at in [Some(usize::from(at)), None] {
        if game % 2 == 0 {
            if data.len() > 2048 {
                return;
            }
            quartets(game / 2, at, log);
        } else {
            gofish(game / 2, at, log);
        }
    }
});
