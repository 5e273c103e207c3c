//! Explanations of logs built to make naive searches blow up (issue 10): a proof that needs
//! many claims, and many lone cheaters. Their speed is measured by `benches/explain.rs`; here
//! the answers are checked: the proof really is minimal (by the referee replayed with every
//! claim but the proof's doubted, then with each proof claim doubted in turn), the suspects are
//! every player, and a search out of budget says so without claiming too much.

use fairplay_quartets::explain::{explain, ClaimKind, Questions};
use fairplay_quartets::notation::LogReader;
use fairplay_quartets::{Referee, Rules, Trust, Verdict};
use fairplay_sim::blow_ups::{many_asks, sixteen_lone_cheaters};

/// Whether the referee finds no deal for the first `upto` actions of `log` when it believes
/// only `believed` (action, kind) claims.
fn contradicts(log: &str, rules: &Rules, upto: usize, believed: &[(usize, ClaimKind)]) -> bool {
    let mut trust = Trust::everyone();
    for action in 1..=upto {
        if !believed.contains(&(action, ClaimKind::Ask)) {
            trust.distrust_ask(action);
        }
        if !believed.contains(&(action, ClaimKind::Denial)) {
            trust.distrust_denial(action);
        }
    }
    let mut referee = Referee::with_trust(rules.clone(), trust);
    for record in LogReader::new(log.as_bytes()).unwrap().take(upto) {
        referee.apply_raw(record.unwrap().action).unwrap();
    }
    referee.verdict() != Verdict::Honest
}

#[test]
fn a_proof_of_many_claims_is_found_and_minimal() {
    let sets = 400;
    let rules = Rules::new(2, sets, 1, None).unwrap();
    let log = many_asks(sets);
    let questions = Questions {
        proof: true,
        ..Questions::default()
    };
    let e = explain(log.as_bytes(), &rules, &questions).unwrap();
    let Verdict::Cheated { since } = e.verdict else {
        panic!("player 1 claims more sets than they hold cards");
    };
    assert_eq!(since, sets + 1);
    let proof = e.proof.unwrap();
    // Each side of the contradiction needs one claim per set beyond the hand: 201 of them.
    assert_eq!(proof.claims.len(), sets / 2 + 1);
    let claims: Vec<(usize, ClaimKind)> = proof.claims.iter().map(|c| (c.action, c.kind)).collect();
    assert!(contradicts(&log, &rules, since, &claims));
    for i in 0..claims.len() {
        let mut fewer = claims.clone();
        fewer.remove(i);
        assert!(
            !contradicts(&log, &rules, since, &fewer),
            "claim {i} is not needed"
        );
    }
}

#[test]
fn sixteen_lone_cheaters_are_all_found() {
    let rules = Rules::new(16, 16, 4, None).unwrap();
    let log = sixteen_lone_cheaters(1000);
    let questions = Questions {
        suspects: true,
        ..Questions::default()
    };
    let suspects = explain(log.as_bytes(), &rules, &questions)
        .unwrap()
        .suspects
        .unwrap();
    assert!(suspects.sole.is_empty());
    assert_eq!(suspects.minimum, Some(16));
    assert!(!suspects.stopped);
    let everyone: Vec<u32> = (1..=16).collect();
    let groups: Vec<Vec<u32>> = suspects
        .minimum_groups
        .iter()
        .map(|g| g.iter().map(|p| p.number()).collect())
        .collect();
    assert_eq!(groups, vec![everyone]);
}

#[test]
fn a_search_out_of_budget_gives_a_lower_bound_and_says_it_stopped() {
    let rules = Rules::new(16, 16, 4, None).unwrap();
    let log = sixteen_lone_cheaters(1000);
    let actions = 1000 + 16 * 3;
    // Enough for the sole-suspect replays and a few more: not for sixteen conflicts.
    let questions = Questions {
        suspects: true,
        suspects_work: Some(6 * actions),
        ..Questions::default()
    };
    let suspects = explain(log.as_bytes(), &rules, &questions)
        .unwrap()
        .suspects
        .unwrap();
    assert!(suspects.stopped);
    let bound = suspects.minimum.unwrap();
    assert!((2..16).contains(&bound), "{bound}");
    assert!(suspects.minimum_groups.is_empty());
}
