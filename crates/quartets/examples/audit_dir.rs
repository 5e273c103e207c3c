//! Instructions of `audit` per log over a directory of Quartets logs, without the batch around
//! it: reads every file of the directory (in name order) into memory, then audits each log
//! `rounds` times with the standard rules. Run under `valgrind --tool=callgrind` with 1 round
//! and with 0 (the same reading, no judging); the difference over the logs is one audit:
//!
//! ```text
//! cargo build --profile profiling -p fairplay-quartets --example audit_dir
//! fairplay simulate quartets --seed 1 --count 2000 --cheat-rate 0.01 --out-dir /tmp/std2000
//! for rounds in 0 1; do
//!   valgrind --tool=callgrind target/profiling/examples/audit_dir /tmp/std2000 $rounds
//! done
//! ```
//!
//! The profiling build keeps line tables, so `callgrind_annotate --auto=yes` shows where in the
//! engine the instructions go. It prints a checksum of the verdicts, to compare two builds.

use std::hint::black_box;

use fairplay_quartets::{audit, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: audit_dir DIR [ROUNDS]");
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("a directory")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    paths.sort();
    let logs: Vec<Vec<u8>> = paths
        .iter()
        .map(|path| std::fs::read(path).expect("a readable log"))
        .collect();
    let rules = Rules::standard();
    let mut checksum = 0usize;
    for _ in 0..rounds {
        for log in &logs {
            if let Ok(report) = audit(black_box(log), &rules) {
                checksum += report.actions + report.cheating.map_or(0, |c| c.contradiction.action);
            }
        }
    }
    println!("{checksum}");
}
