//! Instruction counts of judging standard games, free of timing noise: run under
//! `valgrind --tool=callgrind` with a mode, and subtract the run with mode `none` (the same
//! setup, no judging):
//!
//! ```text
//! cargo build --profile bench -p fairplay-gofish --example standard_cost
//! for mode in none audit; do
//!   valgrind --tool=callgrind --callgrind-out-file=/tmp/gf.$mode target/release/examples/standard_cost $mode
//! done
//! ```
//!
//! The logs are the `standard` benchmark's: 1000 simulated honest standard games (4 players,
//! 13 ranks, 5 cards each), judged one after the other as `fairplay batch` judges them; the
//! difference between the two runs, divided by 1000, is one game. Mode `long` judges the
//! `long` benchmark's game of 10^6 actions once instead. A second argument judges the 1000
//! games that many times (`audit 50`), for timing whole processes against each other
//! (`farm-bench --vs`), where one round is too short for the operating system's accounting.

use std::hint::black_box;

use fairplay_core::Game as _;
use fairplay_gofish::{judge, FishTurn, GoFish, Rules};
use fairplay_sim::gofish::{simulate_seeded, Config};

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "none".to_string());
    // Rounds over the 1000 games: more for timing whole processes (farm-bench).
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let config = Config::new(fairplay_sim::gofish::Rules::standard());
    let logs: Vec<String> = (0..1000)
        .map(|seed| simulate_seeded(&config, seed).log())
        .collect();
    let game = GoFish::new(Rules::standard());
    let long = "1 A 2 A fish\n2 A 3 3 fish\n3 A 1 2 fish\n".repeat(1_000_000 / 3);
    let three = Rules::new(3, 3, Some(4), FishTurn::Next).expect("a variant");
    match mode.as_str() {
        "audit" => {
            for _ in 0..rounds {
                for log in &logs {
                    drop(black_box(game.audit(black_box(log.as_bytes()))));
                }
            }
        }
        "long" => drop(black_box(judge(black_box(long.as_bytes()), &three))),
        _ => drop(black_box((&logs, &long))),
    }
}
