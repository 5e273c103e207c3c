//! The replay on a true deal (`fairplay_quartets::truth::replay`, `--true-deal`) never panics,
//! on every rules variant, and agrees with `audit` and with an independent replay:
//!
//! * a log `audit` refuses is refused by the replay, with the same error unless the replay's
//!   is a rule `audit` no longer checks (after its verdict); the same action count otherwise;
//! * lies and impossible actions come in the order of the log, within it, and a lie is exposed
//!   (if ever) no earlier than it was told;
//! * when a watcher finds cheating certain after action `k`, the deal (which cannot make
//!   actions 1..=k honest) has a lie or an impossible action by `k`; when it has neither, the
//!   log is honest;
//! * on a log a watcher finds honest, the first lie or impossible action is the first action
//!   an independent replay on real hands finds dishonest;
//! * the replay as a stream (`Replaying`, what the CLI runs), fed the log's actions, gives the
//!   same replay, lies exposed at the same actions.
//!
//! Input: three header bytes (the rules among `fairplay_fuzz::VARIANTS`, the deal's seed), then
//! a log.

#![no_main]

use fairplay_fuzz::{deal_of, first_dishonest, quartets_rules};
use fairplay_quartets::notation::LogReader;
use fairplay_quartets::truth::{replay, Replaying, TrueDeal};
use fairplay_quartets::{audit, LogError, Verdict};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [selector, lo, hi, ref log @ ..] = *data else {
        return;
    };
    let rules = quartets_rules(selector);
    let owner = deal_of(&rules, u16::from_le_bytes([lo, hi]));
    let names: Vec<(u32, Vec<String>)> = rules
        .all_players()
        .map(|p| {
            let cards = rules
                .all_cards()
                .filter(|&c| usize::from(owner[rules.card_index(c)]) == p.index())
                .map(|c| c.to_string())
                .collect();
            (p.number(), cards)
        })
        .collect();
    let deal = TrueDeal::from_hands(
        &rules,
        names
            .iter()
            .map(|(p, cards)| (0, *p, cards.iter().map(String::as_str).collect())),
    )
    .expect("a deal of the rules");
    let audited = audit(log, &rules);
    let replayed = replay(log, &deal);
    let (report, replayed) = match (audited, replayed) {
        // The replay checks the rules to the end, audit while cheating is not certain: audit
        // may read on to a later malformed line.
        (Err(a), Err(b)) => {
            assert!(a == b || matches!(b, LogError::Rule { .. }), "{a:?}\n{b:?}");
            return;
        }
        // The replay stops at an action that breaks a rule anyone can check (`broken`): the
        // one audit refuses, or, after a certain verdict, one audit no longer judges (it may
        // then read on to a later malformed line).
        (Err(LogError::Rule { action, .. }), Ok(b)) => {
            assert_eq!(b.broken, Some(action), "{b:?}");
            assert_eq!(b.actions, action - 1, "{b:?}");
            return;
        }
        (Err(a), Ok(b)) => {
            assert!(
                b.broken.is_some(),
                "audit fails ({a}), the replay does not: {b:?}"
            );
            return;
        }
        // The replay reads the lines after a verdict too, where audit may stop.
        (Ok(report), Err(_)) => {
            assert!(report.verdict() != Verdict::Honest, "{report:?}");
            return;
        }
        (Ok(report), Ok(replayed)) => (report, replayed),
    };
    let mut replaying = Replaying::new(&deal);
    for record in LogReader::new(log).expect("audit read it") {
        // The replay stops at an action that breaks a rule: the lines after it are not read.
        let Ok(record) = record else { break };
        replaying.step(record.action);
    }
    assert_eq!(
        replaying.finish(),
        replayed,
        "streamed and whole-log replays differ"
    );
    match replayed.broken {
        // A rule broken after cheating is certain: audit does not judge it, the replay stops.
        Some(action) => {
            assert!(
                matches!(report.verdict(), Verdict::Cheated { since } if since < action),
                "{report:?} {replayed:?}"
            );
            assert_eq!(replayed.actions, action - 1);
        }
        None => assert_eq!(report.actions, replayed.actions),
    }
    let lies: Vec<usize> = replayed.lies.iter().map(|l| l.claim.action).collect();
    let impossible: Vec<usize> = replayed.impossible.iter().map(|i| i.action).collect();
    for list in [&lies, &impossible] {
        assert!(
            list.windows(2).all(|w| w[0] <= w[1]),
            "out of order: {list:?}"
        );
        assert!(list.iter().all(|&a| a >= 1 && a <= report.actions));
    }
    for lie in &replayed.lies {
        assert!(
            lie.exposed.is_none_or(|at| at >= lie.claim.action),
            "{lie:?}"
        );
    }
    let first = lies.iter().chain(&impossible).min().copied();
    match report.verdict() {
        Verdict::Cheated { since } => assert!(first.is_some_and(|a| a <= since), "{first:?}"),
        Verdict::Honest => {
            let actions: Vec<_> = LogReader::new(log)
                .expect("audit read it")
                .map(|record| record.expect("audit read it").action)
                .collect();
            assert_eq!(first, first_dishonest(&rules, &owner, &actions));
        }
    }
});
