//! Peak memory of a [`Stepper`] on a long log, for `/usr/bin/time -v` (its maximum resident
//! set size): the same run with mode `none` makes the log only, so the difference is the
//! stepper's.
//!
//! ```text
//! cargo build --release -p fairplay-gofish --example stepper_memory
//! for mode in none stepper; do
//!   /usr/bin/time -v target/release/examples/stepper_memory standard 1000000 $mode
//! done
//! ```
//!
//! `standard N`: a standard game (4 players, 13 ranks, 5 cards each) whose stock is drawn
//! unseen in its first 64 actions, then goes on with "Go fish" to N actions; `small N`: the
//! `long` benchmark's game (3 players, 3 ranks, 4 cards each) of N actions.

use std::hint::black_box;
use std::time::{Duration, Instant};

use fairplay_gofish::{FishTurn, Rules, Stepper};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (kind, actions, mode) = match &args[1..] {
        [kind, actions, mode] => (kind.as_str(), actions.parse::<usize>().unwrap(), mode),
        _ => panic!("usage: stepper_memory standard|small ACTIONS none|stepper"),
    };
    let (rules, log) = match kind {
        "standard" => (Rules::standard(), standard_long_log(actions)),
        "small" => (
            Rules::new(3, 3, Some(4), FishTurn::Next).unwrap(),
            "1 A 2 A fish\n2 A 3 3 fish\n3 A 1 2 fish\n".repeat(actions / 3),
        ),
        _ => panic!("kind: standard or small"),
    };
    if mode == "none" {
        black_box(&log);
        return;
    }
    let start = Instant::now();
    let stepper = Stepper::new(log.as_bytes(), &rules).unwrap();
    let made = start.elapsed();
    let start = Instant::now();
    let steps = 1000;
    let mut slowest = Duration::ZERO;
    for i in 0..steps {
        let one = Instant::now();
        black_box(stepper.knowledge(black_box(i * 7919 % stepper.actions())));
        slowest = slowest.max(one.elapsed());
    }
    let step = start.elapsed() / steps as u32;
    println!(
        "{kind} {} actions: made in {made:.2?}, a step {step:.2?} (mean of {steps}, slowest {slowest:.2?}); \
         Stepper::bytes {}",
        stepper.actions(),
        stepper.bytes()
    );
}

/// A standard game drawing its stock unseen, then "Go fish" again and again: `actions` lines.
fn standard_long_log(actions: usize) -> String {
    let draws = "1 A 2 A fish\n1 D\n2 A 3 5 fish\n2 D\n3 A 4 9 fish\n3 D\n4 A 1 K fish\n4 D\n";
    let again = [
        "1 A 2 A fish\n",
        "2 A 3 5 fish\n",
        "3 A 4 9 fish\n",
        "4 A 1 K fish\n",
    ];
    let mut log = draws.repeat(8);
    for i in 0..actions.saturating_sub(64) {
        log.push_str(again[i % 4]);
    }
    log
}
