//! Every explanation the engine offers, against the oracle, on logs of tiny decks: the
//! possible deal (hands and stock order) makes every action honest when replayed card by card;
//! the knowledge is exactly the least and most of every count over every deal that fits (after
//! the log and after a random earlier action); the proof's claims admit no deal and each one of
//! them is needed, with the claims placed as the rules place them (a player holding four of a
//! rank claims at every action that is not that book that they hold no four, as long as they
//! hold it); the suspects are exactly the players whose claims, all disbelieved,
//! leave a deal that fits.
//!
//! `GOFISH_EXPLAIN_LOGS=N` sets how many logs (default 3 000).

use std::collections::HashSet;

use fairplay_gofish::explain::{explain, Explanation, Questions};
use fairplay_gofish::{FishTurn as EngineFishTurn, Rules as EngineRules};
use fairplay_sim::gofish::{FishTurn, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::cross_check::{log_of, variants};
use crate::oracle::hidden::Claim;
use crate::oracle::literal::{self, Deal};
use crate::oracle::notation::RANK_NAMES;
use crate::oracle::{judge, Outcome, Run};
use crate::sim_logs::variant_of;

pub fn engine_rules(rules: &Rules) -> EngineRules {
    let fish = match rules.fish_turn {
        FishTurn::Next => EngineFishTurn::Next,
        FishTurn::Asked => EngineFishTurn::Asked,
    };
    EngineRules::new(rules.players, rules.ranks, Some(rules.hand), fish).unwrap()
}

pub fn rank_of(name: &str) -> usize {
    RANK_NAMES
        .iter()
        .position(|&n| n == name)
        .unwrap_or_else(|| panic!("a rank: {name}"))
}

fn owner(claim: Claim) -> usize {
    match claim {
        Claim::Ask(p) | Claim::Answer(p) | Claim::Catch(p) | Claim::Book(p, _) => p,
    }
}

/// The players whose claims a proof step keeps, read from its words ("player N ...").
fn players_of(claims: &[String]) -> Vec<usize> {
    claims
        .iter()
        .map(|claim| {
            let rest = claim
                .split("player ")
                .nth(1)
                .unwrap_or_else(|| panic!("{claim}"));
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse::<usize>().unwrap() - 1
        })
        .collect()
}

/// Checks `explanation` of `log` against the oracle's `run` (a watcher's, or a seat's: the
/// deals are then those that give the seat what it saw); `Err` says what is wrong.
pub fn check(run: &Run, explanation: &Explanation) -> Result<(), String> {
    let v = run.variant;
    let fitting = run.fitting();
    // The deal.
    let deal = explanation.deal.as_ref().ok_or("no deal")?;
    if deal.fits != fitting {
        return Err(format!(
            "the deal fits {} actions, not {fitting}",
            deal.fits
        ));
    }
    let mut hands = vec![vec![0u8; v.ranks]; v.players];
    for (p, hand) in deal.hands.iter().enumerate() {
        if hand.len() != v.hand {
            return Err(format!("player {} dealt {} cards", p + 1, hand.len()));
        }
        for name in hand {
            hands[p][rank_of(name)] += 1;
        }
    }
    let stock: Vec<usize> = deal.stock.iter().map(|n| rank_of(n)).collect();
    let mut counts = vec![0; v.ranks];
    for &r in hands
        .iter()
        .flat_map(|h| {
            h.iter()
                .enumerate()
                .flat_map(|(r, &n)| std::iter::repeat_n(r, n.into()))
        })
        .collect::<Vec<_>>()
        .iter()
        .chain(&stock)
    {
        counts[r] += 1;
    }
    if counts.iter().any(|&n| n != 4) {
        return Err(format!("the deal is not the deck: {counts:?}"));
    }
    let replayed = literal::replay(&Deal { hands, stock }, &v, &run.events[..fitting]);
    if !replayed.is_empty() {
        return Err(format!("the deal makes actions dishonest: {replayed:?}"));
    }
    // The knowledge, after the actions that fit.
    let knowledge = explanation.knowledge.as_ref().ok_or("no knowledge")?;
    if knowledge.after != fitting {
        return Err(format!(
            "knowledge after {}, not {fitting}",
            knowledge.after
        ));
    }
    let (ranges, stock_ranges) = run.knowledge(fitting);
    let booked = &run.tables[fitting].booked;
    for (holding, expected) in knowledge
        .hands
        .iter()
        .map(|h| (h, h.player.map(|p| &ranges[p as usize - 1])))
        .chain(std::iter::once((&knowledge.stock, None)))
    {
        let expected = expected.unwrap_or(&stock_ranges);
        let open: Vec<usize> = (0..v.ranks).filter(|&r| !booked[r]).collect();
        let got: Vec<(usize, usize, usize)> = holding
            .ranks
            .iter()
            .map(|range| {
                (
                    rank_of(range.rank),
                    usize::from(range.min),
                    usize::from(range.max),
                )
            })
            .collect();
        let want: Vec<(usize, usize, usize)> = open
            .iter()
            .map(|&r| (r, expected[r].0, expected[r].1))
            .collect();
        if got != want {
            return Err(format!(
                "knowledge of {:?}: {got:?}, not {want:?}",
                holding.player
            ));
        }
    }
    let Outcome::No(k) = run.outcome else {
        return match (&explanation.proof, &explanation.suspects) {
            (None, None) => Ok(()),
            _ => Err("a proof or suspects for a fair log".into()),
        };
    };
    // The proof: its claims admit no deal; without any one of them, some deal fits.
    let proof = explanation.proof.as_ref().ok_or("no proof")?;
    let kept: HashSet<(usize, usize)> = proof
        .iter()
        .flat_map(|step| {
            players_of(&step.claims)
                .into_iter()
                .map(move |p| (step.action - 1, p))
        })
        .collect();
    if proof.iter().any(|step| step.action > k) {
        return Err(format!("a proof step after action {k}"));
    }
    if run.fits_believing(k, &|i, c| kept.contains(&(i, owner(c)))) {
        return Err(format!("the proof's claims {kept:?} admit a deal"));
    }
    // Minimal: without any one of its (action, player) claims, some deal fits.
    for &one in &kept {
        if !run.fits_believing(k, &|i, c| {
            (i, owner(c)) != one && kept.contains(&(i, owner(c)))
        }) {
            return Err(format!("the proof's claims {kept:?} need not {one:?}"));
        }
    }
    // The suspects: exactly those whose claims, disbelieved, leave a deal.
    let suspects: Vec<usize> = explanation
        .suspects
        .as_ref()
        .ok_or("no suspects")?
        .iter()
        .map(|p| p.index())
        .collect();
    let sole: Vec<usize> = (0..v.players)
        .filter(|&p| run.fits_believing(k, &|_, c| owner(c) != p))
        .collect();
    if suspects != sole {
        return Err(format!("suspects {suspects:?}, not {sole:?}"));
    }
    Ok(())
}

#[test]
fn every_explanation_agrees_with_the_oracle() {
    let count: u64 = std::env::var("GOFISH_EXPLAIN_LOGS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3_000);
    let variants = variants();
    let mut rng = SmallRng::seed_from_u64(34);
    let questions = Questions {
        proof: true,
        suspects: true,
        deal: true,
        knowledge: true,
        at: None,
    };
    let (mut fouls, mut failures) = (0, Vec::new());
    for seed in 0..count {
        let rules = variants[seed as usize % variants.len()];
        let kind = (seed / variants.len() as u64) % 7;
        let log = log_of(kind, rules, seed, &mut rng);
        let run = judge(&log, &variant_of(&rules));
        if matches!(run.outcome, Outcome::RuleError { .. }) {
            continue;
        }
        fouls += usize::from(matches!(run.outcome, Outcome::No(_)));
        let explanation = explain(log.as_bytes(), &engine_rules(&rules), &questions).unwrap();
        if let Err(why) = check(&run, &explanation) {
            if failures.len() < 10 {
                failures.push(format!("{rules:?}: {why}\n{log}"));
            }
        }
        // Knowledge at an earlier action too, alone (judged as a verdict alone is), or asked
        // past the last action some deal fits (then after that action).
        let asked_at = rng.random_range(0..=run.fitting() + 2);
        let at = asked_at.min(run.fitting());
        let asked = Questions {
            knowledge: true,
            at: Some(asked_at),
            ..Questions::default()
        };
        let e = explain(log.as_bytes(), &engine_rules(&rules), &asked).unwrap();
        let verdict = (e.verdict, e.actions, e.contradiction);
        let whole = (
            explanation.verdict,
            explanation.actions,
            explanation.contradiction,
        );
        if verdict != whole && failures.len() < 10 {
            failures.push(format!(
                "{rules:?}: knowledge alone {verdict:?}, not {whole:?}\n{log}"
            ));
        }
        let knowledge = e.knowledge.unwrap();
        if knowledge.after != at && failures.len() < 10 {
            failures.push(format!(
                "{rules:?}: at {asked_at}: knowledge after {}, not {at}\n{log}",
                knowledge.after
            ));
        }
        let (ranges, stock_ranges) = run.knowledge(at);
        let holdings = knowledge.hands.iter().zip(&ranges);
        for (holding, expected) in holdings.chain([(&knowledge.stock, &stock_ranges)]) {
            for range in &holding.ranks {
                let want = expected[rank_of(range.rank)];
                if (usize::from(range.min), usize::from(range.max)) != want && failures.len() < 10 {
                    failures.push(format!(
                        "{rules:?}: at {at}, player {:?} (None: the stock) {}: {}..{}, not \
                         {want:?}\n{log}",
                        holding.player, range.rank, range.min, range.max
                    ));
                }
            }
        }
    }
    eprintln!("{count} logs: {fouls} fouls explained");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(fouls > count as usize / 4, "{fouls}");
}
