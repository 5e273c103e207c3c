//! Instruction counts of the full-rules audit of the `full_104` benchmark's log (the first
//! simulated two-team game from seed 1 with 104 moves), free of timing noise: run under
//! `valgrind --tool=callgrind` with a mode and a number of rounds, and subtract the run with
//! mode `none` (the same setup, no judging); divide by the rounds for one audit:
//!
//! ```text
//! cargo build --profile bench -p fairplay-sequence --example full_cost
//! for mode in none audit; do
//!   valgrind --tool=callgrind --callgrind-out-file=/dev/null target/bench/examples/full_cost $mode 1000
//! done
//! ```
//!
//! A third argument names a log file to audit instead (mode `print` writes the benchmark's
//! log), so that two builds can be measured on the same log.

use std::hint::black_box;

use fairplay_sequence::{audit_full, Teams, Verdict};
use fairplay_sim::sequence::{first_with_moves, Config};

/// The first simulated two-team game, from `seed` on, with 104 moves (as the benchmark's).
fn full_104(seed: u64) -> String {
    first_with_moves(&Config::full(Teams::Two), seed, 104).log()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "none".to_string());
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let log = match args.next() {
        Some(path) => std::fs::read_to_string(path).expect("a readable log"),
        None => full_104(1),
    };
    let report = audit_full(log.as_bytes(), Some(Teams::Two)).expect("a well-formed log");
    assert_eq!(report.verdict, Verdict::Valid, "a valid log");
    match mode.as_str() {
        "print" => print!("{log}"),
        "audit" => {
            for _ in 0..rounds {
                drop(black_box(audit_full(
                    black_box(log.as_bytes()),
                    Some(Teams::Two),
                )));
            }
        }
        _ => {}
    }
}
