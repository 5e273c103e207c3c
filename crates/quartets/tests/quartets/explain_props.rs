//! Properties of `explain` on small variants, checked by brute force over every deal:
//!
//! * the proof is really inconsistent and minimal, at the level of actions and of claims;
//! * each suspect really makes the log consistent, the others do not, and the minimum groups
//!   are exactly the smallest groups that do; with a small budget, a stopped search claims
//!   no more than that (a lower bound, and only real groups);
//! * the deal makes every action honest (the oracle of `support/oracle.rs` replays it);
//! * knowledge matches brute force exactly, after every action while some deal fits (not only
//!   after the last one), so that the deal model's one-pass knowledge table meets many states:
//!   needs, denials, cards dealt elsewhere, uneven hands and players dealt nothing.
//!
//! `FAIRPLAY_EXPLAIN_SEEDS=N` runs `N` simulated logs per variant instead of the default.
//!
//! The brute force here replays real hands like the oracle, but may leave some claims unchecked
//! (asks and denials not believed), which the oracle cannot.

use crate::support;

use fairplay_quartets::explain::{explain, ClaimKind, Explanation, Knowledge, Questions};
use fairplay_quartets::notation::{LogReader, RawAction};
use fairplay_quartets::{Rules, Verdict};
use fairplay_sim::quartets::{simulate_seeded, Config};
use support::oracle::{Oracle, OracleVerdict};

/// Whether some deal fits `actions` with only the claims `believed` accepts checked.
fn fits(
    oracle: &Oracle,
    actions: &[RawAction],
    believed: &dyn Fn(usize, ClaimKind, u32) -> bool,
) -> bool {
    oracle
        .deals()
        .any(|deal| oracle.replay(deal, actions, believed).is_some())
}

fn raw_actions(log: &str) -> Vec<RawAction> {
    LogReader::new(log.as_bytes())
        .unwrap()
        .map(|r| r.unwrap().action)
        .collect()
}

fn check(rules: &Rules, oracle: &mut Oracle, log: &str) -> Explanation {
    let actions = raw_actions(log);
    let everything = Questions {
        proof: true,
        suspects: true,
        deal: true,
        knowledge: true,
        at: None,
        suspects_work: None,
    };
    let e = explain(log.as_bytes(), rules, &everything).expect("simulated logs are valid");
    // The verdict is the oracle's.
    let expected = match oracle.judge(&actions) {
        OracleVerdict::Honest => Verdict::Honest,
        OracleVerdict::Cheated { since } => Verdict::Cheated { since },
    };
    assert_eq!(e.verdict, expected, "{log}");
    if let Verdict::Cheated { since } = e.verdict {
        let prefix = &actions[..since];
        let proof = e.proof.as_ref().expect("a proof");
        let claims = proof.claims.clone();
        let only = |kept: Vec<(usize, ClaimKind)>| {
            move |a: usize, k: ClaimKind, _p: u32| kept.contains(&(a, k))
        };
        let claim_keys: Vec<(usize, ClaimKind)> =
            claims.iter().map(|c| (c.action, c.kind)).collect();
        // Really inconsistent, with only the proof's claims believed.
        assert!(!fits(oracle, prefix, &only(claim_keys.clone())), "{log}");
        // Minimal: drop any one claim and some deal fits.
        for i in 0..claim_keys.len() {
            let mut fewer = claim_keys.clone();
            fewer.remove(i);
            assert!(
                fits(oracle, prefix, &only(fewer)),
                "claim {i} is not needed\n{log}"
            );
        }
        // Minimal at the level of actions: believe every claim of the proof's actions...
        let of_actions =
            |acts: Vec<usize>| move |a: usize, _k: ClaimKind, _p: u32| acts.contains(&a);
        assert!(
            !fits(oracle, prefix, &of_actions(proof.actions.clone())),
            "{log}"
        );
        for i in 0..proof.actions.len() {
            let mut fewer = proof.actions.clone();
            fewer.remove(i);
            assert!(fits(oracle, prefix, &of_actions(fewer)), "{log}");
        }
        for c in &claims {
            assert!(proof.actions.contains(&c.action));
        }
        // Suspects: exactly the players whose distrust makes the judged log fit.
        let suspects = e.suspects.as_ref().expect("suspects");
        let judged = &actions[..suspects.through];
        let without =
            |group: u32| move |_a: usize, _k: ClaimKind, p: u32| group & (1 << (p - 1)) == 0;
        for p in 1..=rules.players() as u32 {
            let sole = suspects.sole.iter().any(|s| s.number() == p);
            assert_eq!(fits(oracle, judged, &without(1 << (p - 1))), sole, "{log}");
        }
        let everyone = (1u32 << rules.players()) - 1;
        let groups: Vec<u32> = (1..=everyone)
            .filter(|&g| fits(oracle, judged, &without(g)))
            .collect();
        let minimum = groups.iter().map(|g| g.count_ones() as usize).min();
        assert_eq!(suspects.minimum, minimum, "{log}");
        let mut smallest: Vec<Vec<u32>> = groups
            .iter()
            .filter(|g| Some(g.count_ones() as usize) == minimum)
            .map(|&g| {
                (1..=rules.players() as u32)
                    .filter(|p| g & (1 << (p - 1)) != 0)
                    .collect()
            })
            .collect();
        smallest.sort();
        let reported: Vec<Vec<u32>> = suspects
            .minimum_groups
            .iter()
            .map(|g| g.iter().map(|p| p.number()).collect())
            .collect();
        assert_eq!(reported, smallest, "{log}");
        assert!(!suspects.stopped);
        // With a small budget the search may stop: it then claims no more than it proved.
        for budget in [1, 3 * actions.len(), 8 * actions.len()] {
            let tight = Questions {
                suspects: true,
                suspects_work: Some(budget),
                ..Questions::default()
            };
            let e = explain(log.as_bytes(), rules, &tight).expect("simulated logs are valid");
            let tight = e.suspects.expect("suspects");
            assert_eq!(tight.sole, suspects.sole, "{log}");
            if !tight.stopped {
                assert_eq!(&tight, suspects, "{log}");
                continue;
            }
            let (bound, exact) = (tight.minimum.expect("a bound"), minimum.expect("a minimum"));
            assert!(bound <= exact, "{log}");
            for group in &tight.minimum_groups {
                assert_eq!(bound, exact, "{log}");
                let numbers: Vec<u32> = group.iter().map(|p| p.number()).collect();
                assert!(smallest.contains(&numbers), "{log}");
            }
        }
        assert!(e.deal.is_none());
    } else {
        // The deal makes every action honest.
        let hands = e.deal.as_ref().expect("a deal");
        let mut deal = vec![0u8; rules.deck_size()];
        for hand in hands {
            for &card in &hand.cards {
                deal[rules.card_index(card)] = hand.player.index() as u8;
            }
        }
        assert!(oracle.is_deal(&deal));
        assert_eq!(oracle.first_failure(&deal, &actions), None, "{log}");
    }
    // Knowledge matches brute force exactly.
    let k = e.knowledge.as_ref().expect("knowledge");
    check_knowledge(rules, oracle, &actions, k, log);
    e
}

/// Checks knowledge after `k.after` actions against brute force over every deal.
fn check_knowledge(
    rules: &Rules,
    oracle: &Oracle,
    actions: &[RawAction],
    k: &Knowledge,
    log: &str,
) {
    let prefix = &actions[..k.after];
    let believe_all = |_a: usize, _k: ClaimKind, _p: u32| true;
    let survivors: Vec<Vec<u64>> = oracle
        .deals()
        .filter_map(|deal| oracle.replay(deal, prefix, &believe_all))
        .collect();
    assert!(!survivors.is_empty());
    let in_play: Vec<usize> = (0..rules.deck_size())
        .filter(|&c| survivors[0].iter().any(|h| h & (1 << c) != 0))
        .collect();
    assert_eq!(
        k.cards
            .iter()
            .map(|c| rules.card_index(c.card))
            .collect::<Vec<_>>(),
        in_play,
        "{log}"
    );
    for card in &k.cards {
        let c = rules.card_index(card.card);
        let mut holders: Vec<u32> = survivors
            .iter()
            .map(|h| h.iter().position(|m| m & (1 << c) != 0).unwrap() as u32 + 1)
            .collect();
        holders.sort_unstable();
        holders.dedup();
        let reported: Vec<u32> = card.possible.iter().map(|p| p.number()).collect();
        assert_eq!(
            reported, holders,
            "card {} after {}\n{log}",
            card.card, k.after
        );
    }
    let per = rules.cards_per_set();
    for pk in &k.players {
        let p = pk.player.index();
        let certain: Vec<u32> = (0..rules.sets())
            .filter(|&s| {
                let mask = ((1u64 << per) - 1) << (s * per);
                in_play.iter().any(|&c| c / per == s) && survivors.iter().all(|h| h[p] & mask != 0)
            })
            .map(|s| s as u32 + 1)
            .collect();
        let reported: Vec<u32> = pk.sets.iter().map(|s| s.number()).collect();
        assert_eq!(
            reported,
            certain,
            "player {} after {}\n{log}",
            p + 1,
            k.after
        );
        assert_eq!(pk.cards, survivors[0][p].count_ones());
    }
}

fn run_variant(rules: Rules, seeds: u64, max_actions: usize) -> (usize, usize) {
    // Short games cheat often; long ones rarely, so that cheating becomes certain late.
    let cheat_rate = if max_actions > 100 { 0.01 } else { 0.15 };
    run_variant_with(rules, seeds, max_actions, cheat_rate)
}

fn run_variant_with(
    rules: Rules,
    seeds: u64,
    max_actions: usize,
    cheat_rate: f64,
) -> (usize, usize) {
    let mut oracle = Oracle::new(rules.sets(), rules.cards_per_set(), rules.hand_sizes());
    let (mut cheated, mut honest) = (0, 0);
    let seeds = std::env::var("FAIRPLAY_EXPLAIN_SEEDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(seeds);
    for seed in 0..seeds {
        let config = Config::new(rules.clone())
            .with_cheat_rate(if seed % 3 == 0 { 0.0 } else { cheat_rate })
            .with_foolish_rate(0.2)
            .with_max_actions(max_actions);
        // Long logs: sets stay in hand, so the game goes on.
        let config = if max_actions > 100 {
            config.with_lay_aside_rate(0.0)
        } else {
            config
        };
        let game = simulate_seeded(&config, seed);
        let log = game.log();
        let e = check(&rules, &mut oracle, &log);
        // Knowledge after every action while some deal fits.
        let actions = raw_actions(&log);
        let consistent = match e.verdict {
            Verdict::Honest => actions.len(),
            Verdict::Cheated { since } => since - 1,
        };
        // Knowledge after every action of a short log; after about 40 spread over a long one,
        // and after the last one some deal fits.
        let stride = 1 + consistent / 40;
        for at in (0..=consistent).step_by(stride).chain([consistent]) {
            let question = Questions {
                knowledge: true,
                at: Some(at),
                ..Questions::default()
            };
            let e = explain(log.as_bytes(), &rules, &question).expect("simulated logs are valid");
            let k = e.knowledge.as_ref().expect("knowledge");
            assert_eq!(k.after, at);
            check_knowledge(&rules, &oracle, &actions, k, &log);
        }
        match e.verdict {
            Verdict::Honest => honest += 1,
            Verdict::Cheated { .. } => cheated += 1,
        }
    }
    (cheated, honest)
}

#[test]
fn three_players_three_sets_of_three() {
    let (cheated, honest) = run_variant(Rules::new(3, 3, 3, None).unwrap(), 300, 24);
    assert!(
        cheated >= 20 && honest >= 20,
        "{cheated} cheated, {honest} honest"
    );
}

#[test]
fn two_players_two_sets_of_four() {
    let (cheated, honest) = run_variant(Rules::new(2, 2, 4, None).unwrap(), 200, 20);
    assert!(
        cheated >= 10 && honest >= 10,
        "{cheated} cheated, {honest} honest"
    );
}

#[test]
fn four_players_four_sets_of_two() {
    let rules = Rules::new(4, 4, 2, None).unwrap();
    let (cheated, honest) = run_variant(rules, 200, 24);
    assert!(
        cheated >= 10 && honest >= 10,
        "{cheated} cheated, {honest} honest"
    );
}

#[test]
fn three_players_uneven_hands() {
    let rules = Rules::new(3, 2, 4, Some(vec![3, 3, 2])).unwrap();
    let (cheated, honest) = run_variant(rules, 200, 20);
    assert!(
        cheated >= 10 && honest >= 10,
        "{cheated} cheated, {honest} honest"
    );
}

#[test]
fn three_players_one_dealt_nothing() {
    let rules = Rules::new(3, 3, 3, Some(vec![5, 4, 0])).unwrap();
    let (cheated, honest) = run_variant(rules, 200, 20);
    assert!(
        cheated >= 10 && honest >= 10,
        "{cheated} cheated, {honest} honest"
    );
}

#[test]
fn four_players_uneven_hands_of_three_sets() {
    let rules = Rules::new(4, 3, 3, Some(vec![3, 3, 2, 1])).unwrap();
    let (cheated, honest) = run_variant(rules, 150, 20);
    assert!(
        cheated >= 10 && honest >= 10,
        "{cheated} cheated, {honest} honest"
    );
}

#[test]
fn five_players_two_sets_of_four() {
    let rules = Rules::new(5, 2, 4, Some(vec![2, 2, 2, 1, 1])).unwrap();
    let (cheated, honest) = run_variant(rules, 150, 20);
    assert!(
        cheated >= 10 && honest >= 10,
        "{cheated} cheated, {honest} honest"
    );
}

#[test]
fn long_logs_three_players_three_sets_of_three() {
    // Hundreds of actions: explain keeps states of the referee along the way for knowledge.
    let (cheated, honest) = run_variant(Rules::new(3, 3, 3, None).unwrap(), 60, 400);
    assert!(
        cheated >= 5 && honest >= 5,
        "{cheated} cheated, {honest} honest"
    );
}

#[test]
fn the_first_sample() {
    let rules = Rules::standard();
    let log = "4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
    let q = Questions {
        proof: true,
        suspects: true,
        ..Questions::default()
    };
    let e = explain(log.as_bytes(), &rules, &q).unwrap();
    let proof = e.proof.unwrap();
    assert_eq!(proof.actions, vec![1, 2, 4]);
    assert_eq!(proof.claims.len(), 4);
    let suspects = e.suspects.unwrap();
    assert_eq!(suspects.minimum, Some(1));
    assert_eq!(suspects.sole.len(), 2);
}
