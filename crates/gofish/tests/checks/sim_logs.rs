//! The simulator's logs, read by the oracle: they obey the public rules, honest ones are
//! judged honest, and the cheats it records are the false claims a replay of the true deal
//! finds.

use fairplay_sim::gofish::{simulate_seeded, Cheat, CheatAtMissed, Config, FishTurn, Game, Rules};

use crate::oracle::literal::{self, Finding};
use crate::oracle::{self, judge, Outcome, Variant};

pub fn variant_of(rules: &Rules) -> Variant {
    Variant::new(
        rules.players,
        rules.ranks,
        Some(rules.hand),
        rules.fish_turn == FishTurn::Asked,
    )
    .expect("the simulator's rules are a variant")
}

fn rules(players: usize, ranks: usize, hand: usize, fish_turn: FishTurn) -> Rules {
    Rules::new(players, ranks, Some(hand), fish_turn).expect("rules")
}

/// Variants large and small, both fish-turn rules, a hand of 0 and a deck dealt out.
pub fn variants() -> Vec<Rules> {
    vec![
        Rules::standard(),
        Rules::new(2, 13, None, FishTurn::Next).unwrap(),
        Rules::new(10, 13, Some(5), FishTurn::Asked).unwrap(),
        rules(3, 6, 4, FishTurn::Asked),
        rules(2, 3, 3, FishTurn::Next),
        rules(2, 2, 4, FishTurn::Next),
        rules(3, 2, 0, FishTurn::Asked),
        rules(2, 1, 1, FishTurn::Next),
    ]
}

/// The first false claim and whether everything seen was possible, replaying the true deal.
fn first_lie(game: &Game, variant: &Variant) -> Option<usize> {
    let events = oracle::public_events(&game.log(), variant)
        .unwrap_or_else(|e| panic!("{e:?}\n{}", game.log()));
    assert_eq!(events.len(), game.actions.len());
    let deal = oracle::deal_of(variant, &game.deal, &game.stock);
    let findings = literal::replay(&deal, variant, &events);
    assert!(
        !findings.iter().any(|(_, f)| *f == Finding::Impossible),
        "{findings:?}\n{}",
        game.log()
    );
    findings.first().map(|&(i, _)| i + 1)
}

#[test]
fn logs_obey_the_rules_and_record_their_cheats() {
    let mut cheated = 0;
    let mut kinds = [0usize; 4];
    for (v, rules) in variants().into_iter().enumerate() {
        let variant = variant_of(&rules);
        for seed in 0..150u64 {
            let rate = [0.0, 0.01, 0.05, 0.2][seed as usize % 4];
            let config = Config::new(rules)
                .with_cheat_rate(rate)
                .with_memory([1.0, 0.5, 0.0][seed as usize % 3])
                .with_foolish_rate(0.1 * (seed % 2) as f64)
                .with_max_actions(400);
            let game = simulate_seeded(&config, seed * 13 + v as u64);
            assert_eq!(
                first_lie(&game, &variant),
                game.first_cheat(),
                "{}",
                game.log()
            );
            if game.cheats.is_empty() && game.actions.len() < 400 {
                assert!(game.finished, "an honest game ends\n{}", game.log());
            }
            for c in &game.cheats {
                kinds[c.kind as usize] += 1;
            }
            cheated += usize::from(!game.cheats.is_empty());
        }
    }
    assert!(cheated > 400, "{cheated}");
    assert!(kinds.iter().all(|&n| n > 20), "{kinds:?}");
}

#[test]
fn honest_games_are_judged_honest_by_brute_force() {
    for rules in [
        rules(2, 3, 3, FishTurn::Next),
        rules(2, 2, 2, FishTurn::Asked),
        rules(3, 3, 2, FishTurn::Next),
        rules(3, 4, 3, FishTurn::Asked),
    ] {
        let variant = variant_of(&rules);
        for seed in 0..100 {
            let config = Config::new(rules).with_memory(0.5).with_foolish_rate(0.2);
            let game = simulate_seeded(&config, seed);
            assert!(game.finished);
            let run = judge(&game.log(), &variant);
            assert_eq!(run.outcome, Outcome::Yes, "{}", game.log());
        }
    }
}

#[test]
fn cheats_are_never_exposed_before_they_happen() {
    for rules in [
        rules(2, 3, 3, FishTurn::Next),
        rules(3, 3, 2, FishTurn::Asked),
    ] {
        let variant = variant_of(&rules);
        for seed in 0..300 {
            let config = Config::new(rules).with_cheat_rate(0.1).with_memory(0.7);
            let game = simulate_seeded(&config, seed);
            match judge(&game.log(), &variant).outcome {
                Outcome::No(k) => assert!(game.first_cheat().is_some_and(|c| c <= k)),
                Outcome::Yes => {}
                e => panic!("{e:?}\n{}", game.log()),
            }
        }
    }
}

#[test]
fn cheat_at_puts_the_cheat_there() {
    let mut made = [0usize; 4];
    // Per kind asked for (the last: any): cheats made, chances missed.
    let mut tally = [(0usize, 0usize); 5];
    for (v, rules) in variants().into_iter().enumerate() {
        let variant = variant_of(&rules);
        for seed in 0..120u64 {
            let at = 1 + (seed as usize * 7 + v) % 25;
            let kinds: &[Cheat] = match seed % 5 {
                4 => &[],
                k => &Cheat::ALL[k as usize..=k as usize],
            };
            let config = Config::new(rules).with_cheat_at(at, kinds);
            let game = simulate_seeded(&config, seed);
            match game.cheat_at(at) {
                Ok(()) => {
                    assert_eq!(game.first_cheat(), Some(at), "{}", game.log());
                    assert_eq!(first_lie(&game, &variant), Some(at), "{}", game.log());
                    let kind = game.cheats[0].kind;
                    assert!(kinds.is_empty() || kinds.contains(&kind));
                    made[kind as usize] += 1;
                    tally[seed as usize % 5].0 += 1;
                }
                Err(CheatAtMissed::TooShort { actions, .. }) => {
                    assert!(actions < at);
                }
                Err(CheatAtMissed::NoChance) => {
                    assert!(game.actions.len() >= at);
                    assert!(game.cheats.iter().all(|c| c.action != at));
                    tally[seed as usize % 5].1 += 1;
                }
                Err(CheatAtMissed::NotAsked) => panic!("asked"),
            }
        }
    }
    assert!(made.iter().all(|&n| n > 10), "{made:?}, {tally:?}");
    // Asking without the rank or being shorted is possible at most actions (not at draws);
    // hiding a catch or keeping a book only when the cards fall so; any kind at most actions.
    for (kind, (hit, miss)) in tally.into_iter().enumerate() {
        let share = [0.6, 0.5, 0.08, 0.1, 0.8][kind];
        assert!(
            hit as f64 >= share * (hit + miss) as f64,
            "{made:?}, {tally:?}"
        );
    }
}

#[test]
fn disbelieving_the_cheaters_makes_every_log_fit() {
    use crate::oracle::hidden::Claim;
    let owner = |claim: Claim| match claim {
        Claim::Ask(p) | Claim::Answer(p) | Claim::Catch(p) | Claim::Book(p, _) => p,
    };
    let mut exposed = 0;
    for rules in [
        rules(2, 3, 3, FishTurn::Next),
        rules(3, 3, 2, FishTurn::Asked),
    ] {
        let variant = variant_of(&rules);
        for seed in 0..200 {
            let config = Config::new(rules).with_cheat_rate(0.1).with_memory(0.7);
            let game = simulate_seeded(&config, seed);
            let run = judge(&game.log(), &variant);
            let n = run.events.len();
            assert!(run.fits_believing(run.fitting(), &|_, _| true));
            // What everybody saw is always possible: the true deal shows it.
            assert!(run.fits_believing(n, &|_, _| false), "{}", game.log());
            let cheaters: Vec<usize> = game.cheats.iter().map(|c| c.player as usize - 1).collect();
            assert!(run.fits_believing(n, &|_, c| !cheaters.contains(&owner(c))));
            if let Outcome::No(k) = run.outcome {
                exposed += 1;
                assert!(!run.fits_believing(k, &|_, _| true));
            }
        }
    }
    assert!(exposed > 100, "{exposed}");
}
