//! `explain::Stepper`: the knowledge at every action, as `explain` (and `explain_seat`)
//! answers it, on simulated games (honest and cheating, standard and small variants) long
//! enough for many kept states, and with the same errors past the end and the contradiction.

use fairplay_quartets::explain::{explain, explain_seat, ExplainError, Questions, Stepper};
use fairplay_quartets::{Rules, SeatHand};
use fairplay_sim::quartets::{simulate_seeded, Config};

fn at(at: usize) -> Questions {
    Questions {
        knowledge: true,
        at: Some(at),
        ..Questions::default()
    }
}

/// The same answer, or the same error, as `expected`.
fn same(
    got: Result<fairplay_quartets::explain::Knowledge, ExplainError>,
    expected: Result<fairplay_quartets::explain::Explanation, ExplainError>,
    what: &str,
) {
    match (got, expected) {
        (Ok(knowledge), Ok(explained)) => {
            assert_eq!(Some(knowledge), explained.knowledge, "{what}")
        }
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{what}"),
        (got, expected) => panic!("{what}: {got:?} against {expected:?}"),
    }
}

#[test]
fn stepper_knows_what_explain_knows_at_every_action() {
    let variants = [
        Rules::standard(),
        Rules::builder()
            .players(3)
            .sets(4)
            .cards_per_set(3)
            .build()
            .unwrap(),
    ];
    for rules in &variants {
        for seed in 0..12u64 {
            let config = Config::new(rules.clone())
                .with_lay_aside_rate(if seed % 3 == 0 { 0.2 } else { 0.0 })
                .with_cheat_rate(if seed % 2 == 0 { 0.004 } else { 0.0 })
                .with_max_actions(700);
            let game = simulate_seeded(&config, 0x57e9 + seed);
            let log = game.log();
            let stepper = Stepper::new(log.as_bytes(), rules).unwrap();
            assert_eq!(stepper.actions(), game.actions.len());
            for k in 0..=game.actions.len() + 1 {
                same(
                    stepper.knowledge(k),
                    explain(log.as_bytes(), rules, &at(k)),
                    &format!("seed {seed}, at {k}"),
                );
            }
            // From player 1's seat, dealt what the simulator dealt them.
            let cards: Vec<_> = rules
                .all_cards()
                .filter(|&c| game.deal[rules.card_index(c)] == 0)
                .collect();
            let hand = SeatHand::new(rules, rules.player(1).unwrap(), &cards).unwrap();
            let seated = Stepper::seated(log.as_bytes(), &hand).unwrap();
            for k in (0..=game.actions.len()).step_by(7) {
                same(
                    seated.knowledge(k),
                    explain_seat(log.as_bytes(), &hand, &at(k)),
                    &format!("seat, seed {seed}, at {k}"),
                );
            }
        }
    }
}
