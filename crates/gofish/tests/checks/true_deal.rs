//! The true-deal replay (`fairplay_gofish::truth`) against the oracle's literal replay of the
//! same deal: every false claim named at its action, of the right kind, and every action the
//! cards make impossible, up to the first one (where the oracle's replay stops).

use fairplay_gofish::truth::{replay, TrueDeal};
use fairplay_sim::gofish::{simulate_seeded, Config};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::cross_check::{log_of, variants};
use crate::oracle::literal::{self, Deal, Finding, Lie};
use crate::oracle::notation::RANK_NAMES;
use crate::oracle::{self, Outcome};
use crate::sim_logs::variant_of;

/// What one named wrong is: a lie's kind, or `None` for an impossible action.
fn kind_of(lie: bool, what: &str) -> Option<Lie> {
    if !lie {
        return None;
    }
    Some(if what.contains("asks for rank") {
        Lie::AskWithout
    } else if what.contains("while holding") {
        Lie::ShortHandover
    } else if what.contains("keeps the drawn") {
        Lie::HiddenCatch
    } else if what.contains("does not lay the book") {
        Lie::KeptBook
    } else {
        panic!("a lie of no known kind: {what}")
    })
}

/// The oracle's findings as (action, kind), a kept four named once per streak of actions.
fn expected(findings: &[(usize, Finding)]) -> Vec<(usize, Option<Lie>)> {
    let mut out: Vec<(usize, Option<Lie>)> = Vec::new();
    for &(i, finding) in findings {
        match finding {
            Finding::Lie(p, Lie::KeptBook) => {
                let before =
                    findings.contains(&(i.wrapping_sub(1), Finding::Lie(p, Lie::KeptBook)));
                if !before {
                    out.push((i + 1, Some(Lie::KeptBook)));
                }
            }
            Finding::Lie(_, lie) => out.push((i + 1, Some(lie))),
            Finding::Impossible => out.push((i + 1, None)),
        }
    }
    out.sort();
    out.dedup();
    out
}

fn names(ranks: &[usize]) -> Vec<&'static str> {
    ranks.iter().map(|&r| RANK_NAMES[r]).collect()
}

#[test]
fn the_true_deal_replay_names_what_the_oracle_finds() {
    let variants = variants();
    let mut rng = SmallRng::seed_from_u64(35);
    let (mut lies, mut impossible) = (0, 0);
    for seed in 0..3000u64 {
        let rules = variants[seed as usize % variants.len()];
        let v = variant_of(&rules);
        // Simulated games on their own deal; random legal logs on a random deal.
        let (log, deal) = if seed % 2 == 0 {
            let config = Config::new(rules)
                .with_cheat_rate(0.1)
                .with_memory(rng.random());
            let game = simulate_seeded(&config, seed);
            (game.log(), oracle::deal_of(&v, &game.deal, &game.stock))
        } else {
            let log = log_of(5, rules, seed, &mut rng);
            let mut deck: Vec<u8> = (0..v.ranks as u8).flat_map(|r| [r; 4]).collect();
            deck.shuffle(&mut rng);
            let hands: Vec<Vec<u8>> = (0..v.players)
                .map(|p| deck[p * v.hand..(p + 1) * v.hand].to_vec())
                .collect();
            let deal = oracle::deal_of(&v, &hands, &deck[v.players * v.hand..]);
            (log, deal)
        };
        if matches!(oracle::judge(&log, &v).outcome, Outcome::RuleError { .. }) {
            continue;
        }
        let events = oracle::public_events(&log, &v).expect("legal");
        let findings = literal::replay(&deal, &v, &events);
        let want = expected(&findings);
        let Deal { hands, stock } = &deal;
        let hand_names: Vec<Vec<&str>> = hands
            .iter()
            .map(|h| {
                names(
                    &h.iter()
                        .enumerate()
                        .flat_map(|(r, &n)| std::iter::repeat_n(r, n.into()))
                        .collect::<Vec<_>>(),
                )
            })
            .collect();
        let engine_rules = crate::explain_check::engine_rules(&rules);
        let true_deal = TrueDeal::new(&engine_rules, &hand_names, &names(stock)).expect("a deal");
        let replayed = replay(log.as_bytes(), &engine_rules, &true_deal).expect("replayed");
        let mut got: Vec<(usize, Option<Lie>)> = replayed
            .wrong
            .iter()
            .map(|w| (w.action, kind_of(w.lie, &w.what)))
            .collect();
        // The oracle's replay stops at the first impossible action.
        if let Some(&(stop, None)) = want.iter().find(|(_, k)| k.is_none()) {
            got.retain(|&(a, _)| a <= stop);
            impossible += 1;
        }
        got.sort();
        got.dedup();
        // A kept four is named once per four (the oracle: at every action while held, shown
        // here once per streak of actions): each named where the oracle finds one, and each
        // streak's first action named.
        let kept = |list: &[(usize, Option<Lie>)]| -> Vec<usize> {
            list.iter()
                .filter(|(_, k)| *k == Some(Lie::KeptBook))
                .map(|&(a, _)| a)
                .collect()
        };
        let held: Vec<usize> = findings
            .iter()
            .filter(|(_, f)| matches!(f, Finding::Lie(_, Lie::KeptBook)))
            .map(|&(i, _)| i + 1)
            .collect();
        let named = kept(&got);
        assert!(
            named.iter().all(|a| held.contains(a)),
            "{rules:?}\n{log}{deal:?}\n{:?}",
            replayed.wrong
        );
        assert!(
            kept(&want).iter().all(|a| named.contains(a)),
            "{rules:?}\n{log}{deal:?}\n{:?}",
            replayed.wrong
        );
        let other = |list: &[(usize, Option<Lie>)]| -> Vec<(usize, Option<Lie>)> {
            list.iter()
                .copied()
                .filter(|(_, k)| *k != Some(Lie::KeptBook))
                .collect()
        };
        assert_eq!(
            other(&got),
            other(&want),
            "{rules:?}\n{log}{deal:?}\n{:?}",
            replayed.wrong
        );
        lies += want.iter().filter(|(_, k)| k.is_some()).count();
    }
    assert!(
        lies > 1000 && impossible > 300,
        "{lies} lies, {impossible} impossible"
    );
}
