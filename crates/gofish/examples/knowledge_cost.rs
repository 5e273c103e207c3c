//! Instruction counts of the knowledge at a step (the `knowledge` benchmark's work: every
//! count's range after action 50 of 100 honest standard games, each log read and judged),
//! free of timing noise: run under `valgrind --tool=callgrind` with a mode and a number of
//! rounds, and subtract the run with mode `none` (the same setup, no explanation):
//!
//! ```text
//! cargo build --profile bench -p fairplay-gofish --example knowledge_cost
//! for mode in none judge knowledge; do
//!   valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/knowledge_cost $mode 1
//! done
//! ```
//!
//! Mode `judge` judges the same logs without explaining them.

use std::hint::black_box;

use fairplay_gofish::explain::{explain, Questions};
use fairplay_gofish::{judge, Rules};
use fairplay_sim::gofish::{simulate_seeded, Config};

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "none".to_string());
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let config = Config::new(fairplay_sim::gofish::Rules::standard());
    let logs: Vec<String> = (0..100)
        .map(|seed| simulate_seeded(&config, seed).log())
        .collect();
    let rules = Rules::standard();
    let questions = Questions {
        knowledge: true,
        at: Some(50),
        ..Questions::default()
    };
    for _ in 0..rounds {
        for log in &logs {
            match mode.as_str() {
                "judge" => drop(black_box(judge(black_box(log.as_bytes()), &rules))),
                "knowledge" => drop(black_box(explain(
                    black_box(log.as_bytes()),
                    &rules,
                    &questions,
                ))),
                _ => {}
            }
        }
    }
}
