//! The seat's view (`fairplay_gofish::judge_seat`: a player's dealt hand and unseen draws
//! known) against the oracle judging over the deals that give the seat its hand and draws.

use fairplay_gofish::{judge_seat, Seat, Verdict};
use fairplay_sim::gofish::{simulate_seeded, Config};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::cross_check::variants;
use crate::explain_check::engine_rules;
use crate::oracle::notation::RANK_NAMES;
use crate::oracle::table::Event;
use crate::oracle::{self, judge_as, Outcome};
use crate::sim_logs::variant_of;

#[test]
fn the_seat_view_agrees_with_the_oracle() {
    let variants = variants();
    let mut rng = SmallRng::seed_from_u64(36);
    let (mut fouls, mut earlier) = (0, 0);
    for seed in 0..3000u64 {
        let rules = variants[seed as usize % variants.len()];
        let v = variant_of(&rules);
        let config = Config::new(rules)
            .with_cheat_rate([0.0, 0.05, 0.2][seed as usize % 3])
            .with_memory(rng.random());
        let game = simulate_seeded(&config, seed);
        let log = game.log();
        let p = rng.random_range(0..v.players);
        // The seat's unseen draws, from the true stock; sometimes only the first few.
        let events = oracle::public_events(&log, &v).expect("legal");
        let mut top = 0;
        let mut draws = Vec::new();
        for event in events {
            match event {
                Event::EmptyDraw { x }
                | Event::FishDraw {
                    x, shown: false, ..
                } => {
                    if x == p {
                        draws.push(usize::from(game.stock[top]));
                    }
                    top += 1;
                }
                Event::FishDraw { .. } => top += 1,
                _ => {}
            }
        }
        if rng.random::<bool>() {
            draws.truncate(rng.random_range(0..=draws.len()));
        }
        let mut hand = vec![0u8; v.ranks];
        for &r in &game.deal[p] {
            hand[usize::from(r)] += 1;
        }
        let seat = oracle::Seat {
            player: p,
            hand,
            draws: draws.clone(),
        };
        let expected = judge_as(&log, &v, Some(&seat)).outcome;
        let names =
            |ranks: &[usize]| -> Vec<&str> { ranks.iter().map(|&r| RANK_NAMES[r]).collect() };
        let dealt: Vec<usize> = game.deal[p].iter().map(|&r| usize::from(r)).collect();
        let engine_seat = Seat::new(
            &engine_rules(&rules),
            p as u32 + 1,
            &names(&dealt),
            &names(&draws),
        )
        .expect("a seat");
        let report =
            judge_seat(log.as_bytes(), &engine_rules(&rules), &engine_seat).expect("judged");
        let got = match report.verdict() {
            Verdict::Honest => Outcome::Yes,
            Verdict::Cheated { since } => Outcome::No(since),
        };
        assert_eq!(
            got,
            expected,
            "{rules:?}, seat {} hand {dealt:?} draws {draws:?}\n{log}",
            p + 1
        );
        if let Outcome::No(k) = expected {
            fouls += 1;
            let watcher = oracle::judge(&log, &v).outcome;
            earlier += usize::from(!matches!(watcher, Outcome::No(w) if w <= k));
        }
    }
    // The seat knows more: some cheats it sees earlier than a watcher, or at all.
    assert!(
        fouls > 300 && earlier > 50,
        "{fouls} fouls, {earlier} seen earlier by the seat"
    );
}
