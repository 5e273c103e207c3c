//! Benchmarks of the Go Fish referee: whole logs judged in-process, parsing included.
//!
//! * `standard`: 1000 honest standard games (4 players, 13 ranks, 5 cards each) from the
//!   simulator, judged one after the other;
//! * `long`: a game that goes on with an empty stock (3 players, 3 ranks, 4 cards each: every
//!   ask is answered "Go fish"), honest throughout, at 10^3 .. 10^6 actions.
//!
//! Run with `cargo bench -p fairplay-gofish`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use fairplay_gofish::{judge, FishTurn, Rules, Verdict};
use fairplay_sim::gofish::{simulate_seeded, Config};

fn standard(c: &mut Criterion) {
    let sim = fairplay_sim::gofish::Rules::standard();
    let config = Config::new(sim);
    let logs: Vec<String> = (0..1000)
        .map(|seed| simulate_seeded(&config, seed).log())
        .collect();
    let rules = Rules::standard();
    let honest = logs
        .iter()
        .filter(|log| judge(log.as_bytes(), &rules).unwrap().verdict() == Verdict::Honest)
        .count();
    let actions: usize = logs.iter().map(|log| log.lines().count()).sum();
    eprintln!("standard: 1000 games, {actions} actions, {honest} judged honest");
    let mut group = c.benchmark_group("standard");
    group.throughput(Throughput::Elements(logs.len() as u64));
    group.bench_function("judge_1000_games", |b| {
        b.iter(|| {
            for log in &logs {
                black_box(judge(black_box(log.as_bytes()), &rules).unwrap());
            }
        })
    });
    group.finish();
}

/// `repeats` rounds of three "Go fish" with an empty stock: player 1 holds A A 3 3, player 2
/// holds 2 2 3 3, player 3 holds A A 2 2, and each asks the next for a rank it lacks.
fn long_log(repeats: usize) -> String {
    "1 A 2 A fish\n2 A 3 3 fish\n3 A 1 2 fish\n".repeat(repeats)
}

fn long(c: &mut Criterion) {
    let rules = Rules::new(3, 3, Some(4), FishTurn::Next).unwrap();
    let mut group = c.benchmark_group("long");
    group.sample_size(10);
    for actions in [1_000usize, 10_000, 100_000, 1_000_000] {
        let log = long_log(actions / 3);
        assert_eq!(
            judge(log.as_bytes(), &rules).unwrap().verdict(),
            Verdict::Honest
        );
        group.throughput(Throughput::Elements((actions / 3 * 3) as u64));
        group.bench_with_input(BenchmarkId::from_parameter(actions), &log, |b, log| {
            b.iter(|| black_box(judge(black_box(log.as_bytes()), &rules).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, standard, long);
criterion_main!(benches);
