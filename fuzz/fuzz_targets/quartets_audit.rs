//! `audit` never panics, and agrees with a `Referee` fed the actions one by one (same verdict,
//! contradiction, action count, same error); an honest verdict comes with a witness deal under
//! which every action is honest; on tiny games the verdict is the brute-force oracle's.
//!
//! Input: one byte choosing the rules (`fairplay_fuzz::VARIANTS`), then a log. Every input is
//! also judged by the standard rules.

#![no_main]

use fairplay_fuzz::{first_dishonest, quartets_variant, variant_rules, Oracle};
use fairplay_quartets::notation::{LogReader, RawAction};
use fairplay_quartets::{audit, Contradiction, LogError, Referee, Rules, Verdict};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, log)) = data.split_first() else {
        return;
    };
    let variant = quartets_variant(selector);
    check(log, variant);
    if variant != 0 {
        check(log, 0);
    }
});

fn check(log: &[u8], variant: usize) {
    let rules = variant_rules(variant);
    let audited = audit(log, &rules);
    let (streamed, applied) = stream(log, &rules);
    match (&audited, &streamed) {
        (Ok(report), Ok(stream)) => {
            let verdict = report.verdict();
            assert_eq!(
                verdict, stream.verdict,
                "audit and the streaming referee disagree"
            );
            let cheating = report.cheating.map(|c| (c.contradiction, c.line));
            assert_eq!(cheating, stream.cheating, "contradiction or its line");
            assert_eq!(report.actions, stream.actions);
            let declared = LogReader::new(log).expect("audit read it").declared();
            assert_eq!(
                report.actions, declared,
                "a judged log has the declared actions"
            );
            match verdict {
                Verdict::Honest => assert_eq!(applied.len(), report.actions),
                Verdict::Cheated { since } => {
                    assert!(since >= 1 && since <= report.actions);
                    assert_eq!(applied.len(), since, "judging stops at the contradiction");
                }
            }
            check_witness(&rules, &applied, verdict);
            if let Some(oracle) = Oracle::of_variant(variant) {
                let expected = oracle.first_cheat(&applied);
                let got = match verdict {
                    Verdict::Honest => None,
                    Verdict::Cheated { since } => Some(since),
                };
                assert_eq!(
                    got, expected,
                    "the referee and the brute-force oracle disagree"
                );
            }
        }
        (Err(a), Err(b)) => assert_eq!(a, b, "audit and the streaming referee fail differently"),
        _ => panic!("audit: {audited:?}\nstreaming referee: {streamed:?}"),
    }
}

/// What feeding a log to a `Referee` one action at a time gives.
#[derive(Debug)]
struct Stream {
    verdict: Verdict,
    /// The contradiction and the line of its action.
    cheating: Option<(Contradiction, usize)>,
    actions: usize,
}

/// The log's actions fed to a `Referee` one by one until cheating is certain (the rest is only
/// read), as `audit` promises to judge; also the actions the referee accepted.
fn stream(log: &[u8], rules: &Rules) -> (Result<Stream, LogError>, Vec<RawAction>) {
    let mut applied = Vec::new();
    let reader = match LogReader::new(log) {
        Ok(reader) => reader,
        Err(e) => return (Err(LogError::Parse(e)), applied),
    };
    let mut referee = Referee::new(rules.clone());
    let mut actions = 0;
    let mut cheating = None;
    for record in reader {
        let record = match record {
            Ok(record) => record,
            Err(e) => return (Err(LogError::Parse(e)), applied),
        };
        actions += 1;
        if referee.verdict() != Verdict::Honest {
            continue;
        }
        match referee.apply_raw(record.action) {
            Ok(verdict) => {
                assert_eq!(verdict, referee.verdict());
                applied.push(record.action);
                if let Some(c) = referee.contradiction() {
                    assert_eq!(verdict, Verdict::Cheated { since: c.action });
                    assert_eq!(c.action, actions, "cheating certain since this action");
                    cheating = Some((c, record.line));
                }
            }
            Err(error) => {
                let error = LogError::Rule {
                    line: record.line,
                    action: actions,
                    error,
                };
                return (Err(error), applied);
            }
        }
    }
    let verdict = referee.verdict();
    (
        Ok(Stream {
            verdict,
            cheating,
            actions,
        }),
        applied,
    )
}

/// While every action may be honest, the referee's witness deal has the right hand sizes and
/// makes every action honest: after the whole log if it is honest, else after the actions
/// before the contradiction.
fn check_witness(rules: &Rules, applied: &[RawAction], verdict: Verdict) {
    let honest = match verdict {
        Verdict::Honest => applied,
        Verdict::Cheated { since } => &applied[..since - 1],
    };
    let mut referee = Referee::new(rules.clone());
    for &action in honest {
        referee.apply_raw(action).expect("accepted before");
    }
    assert_eq!(referee.verdict(), Verdict::Honest);
    let witness: Vec<u8> = referee
        .witness()
        .expect("an honest referee has a witness deal")
        .iter()
        .map(|p| p.index() as u8)
        .collect();
    assert_eq!(witness.len(), rules.deck_size());
    let mut counts = vec![0u32; rules.players()];
    for &p in &witness {
        counts[p as usize] += 1;
    }
    assert_eq!(
        counts,
        rules.hand_sizes(),
        "the witness deal has the hand sizes"
    );
    assert_eq!(
        first_dishonest(rules, &witness, honest),
        None,
        "the witness deal does not make every action honest"
    );
}
