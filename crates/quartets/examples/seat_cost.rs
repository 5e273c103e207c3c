//! Instruction counts of the seat's verdict and the true-deal replay against a watcher's
//! verdict, free of timing noise: run under `valgrind --tool=callgrind` with a mode and a
//! number of rounds, and subtract the run with mode `none` (the same setup, no judging):
//!
//! ```text
//! cargo build --profile bench -p fairplay-quartets --example seat_cost
//! for mode in none audit seat truth; do
//!   valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/seat_cost $mode 200
//! done
//! ```
//!
//! The log is the `standard_1000` benchmark's (a 1000-action standard game, 972 denials).

use std::hint::black_box;

use fairplay_quartets::truth::{replay, TrueDeal};
use fairplay_quartets::{audit, audit_seat, Rules, SeatHand, Verdict};
use fairplay_sim::quartets::{simulate_seeded, Config};

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "none".to_string());
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let rules = Rules::standard();
    let config = Config::new(rules.clone())
        .with_lay_aside_rate(0.0)
        .with_foolish_rate(0.1)
        .with_max_actions(1000);
    let game = (1..)
        .map(|seed| simulate_seeded(&config, seed))
        .find(|game| {
            game.actions.len() == 1000
                && audit(game.log().as_bytes(), &rules).map(|r| r.verdict()) == Ok(Verdict::Honest)
        })
        .expect("a long honest game");
    let log = game.log();
    let deal = TrueDeal::parse(&rules, &game.deal_text(&rules)).expect("the simulator's deal");
    let seat = rules.player(2).expect("player 2");
    let hand = SeatHand::new(&rules, seat, &deal.hand(seat)).expect("player 2's hand");
    for _ in 0..rounds {
        match mode.as_str() {
            "audit" => drop(black_box(audit(black_box(log.as_bytes()), &rules))),
            "seat" => drop(black_box(audit_seat(black_box(log.as_bytes()), &hand))),
            "truth" => drop(black_box(replay(black_box(log.as_bytes()), &deal))),
            _ => {}
        }
    }
}
