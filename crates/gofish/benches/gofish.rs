//! Benchmarks of the Go Fish referee: whole logs judged in-process, parsing included.
//!
//! * `standard`: 1000 honest standard games (4 players, 13 ranks, 5 cards each) from the
//!   simulator, judged one after the other as `fairplay batch` judges them
//!   ([`Game::audit`](fairplay_core::Game::audit), one thread);
//! * `long`: a game that goes on with an empty stock (3 players, 3 ranks, 4 cards each: every
//!   ask is answered "Go fish"), honest throughout, at 10^3 .. 10^6 actions;
//! * `knowledge`: what a watcher knows (the range of every count) after action 50 of each of
//!   100 standard games, the log read and judged up to there, as `--knowledge --at 50` does;
//!   and the same knowledge from each game's [`Stepper`] made beforehand, as a step of the page
//!   gets it (the log judged once when opened, not at each step);
//! * `stepper`: what a watcher knows after action 60 000 of the long game of 120 000
//!   actions: by `explain` (the log read and judged, then judged again up to there: each step
//!   of the page before the stepper), by [`Stepper::knowledge`] (replaying at most 255 actions
//!   from a state kept), and the stepper made (once per log); then the same on a standard
//!   game of 10^6 actions (its stock drawn unseen, then "Go fish" again and again): 64
//!   steps spread over it, and the stepper made;
//! * `tiny`: 200 simulated games of a tiny deck (3 players, 3 ranks, 3 cards each; and 2
//!   players, 4 ranks, 5 cards each), judged by the engine and by the brute force of the
//!   tests (`tests/oracle`, every hidden state kept), on the same logs. The brute force cannot
//!   judge a standard game: its hidden states grow exponentially with the deck.
//!
//! Run with `cargo bench -p fairplay-gofish`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use fairplay_core::Game as _;
use fairplay_gofish::explain::{explain, Questions};
use fairplay_gofish::{judge, FishTurn, GoFish, Rules, Stepper, Verdict};
use fairplay_sim::gofish::{simulate_seeded, Config};

#[path = "../tests/oracle/mod.rs"]
mod oracle;

/// `games` honest simulated logs of `rules`.
fn honest_logs(rules: fairplay_sim::gofish::Rules, games: u64) -> Vec<String> {
    let config = Config::new(rules);
    (0..games)
        .map(|seed| simulate_seeded(&config, seed).log())
        .collect()
}

fn standard(c: &mut Criterion) {
    let logs = honest_logs(fairplay_sim::gofish::Rules::standard(), 1000);
    let game = GoFish::new(Rules::standard());
    let honest = logs
        .iter()
        .filter(|log| game.audit(log.as_bytes()).unwrap().verdict.foul().is_none())
        .count();
    let actions: usize = logs.iter().map(|log| log.lines().count()).sum();
    eprintln!("standard: 1000 games, {actions} actions, {honest} judged honest");
    let mut group = c.benchmark_group("standard");
    group.throughput(Throughput::Elements(logs.len() as u64));
    group.bench_function("audit_1000_games", |b| {
        b.iter(|| {
            for log in &logs {
                black_box(game.audit(black_box(log.as_bytes())).unwrap());
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

fn knowledge(c: &mut Criterion) {
    let logs = honest_logs(fairplay_sim::gofish::Rules::standard(), 100);
    let rules = Rules::standard();
    let questions = Questions {
        knowledge: true,
        at: Some(50),
        ..Questions::default()
    };
    let mut group = c.benchmark_group("knowledge");
    group.throughput(Throughput::Elements(logs.len() as u64));
    group.bench_function("at_50_of_100_games", |b| {
        b.iter(|| {
            for log in &logs {
                black_box(explain(black_box(log.as_bytes()), &rules, &questions).unwrap());
            }
        })
    });
    let steppers: Vec<Stepper> = logs
        .iter()
        .map(|log| Stepper::new(log.as_bytes(), &rules).unwrap())
        .collect();
    for (log, stepper) in logs.iter().zip(&steppers) {
        let explained = explain(log.as_bytes(), &rules, &questions).unwrap();
        assert_eq!(Some(stepper.knowledge(50)), explained.knowledge);
    }
    group.bench_function("stepper_at_50_of_100_games", |b| {
        b.iter(|| {
            for stepper in &steppers {
                black_box(stepper.knowledge(black_box(50)));
            }
        })
    });
    group.finish();
}

fn stepper(c: &mut Criterion) {
    let rules = Rules::new(3, 3, Some(4), FishTurn::Next).unwrap();
    let log = long_log(40_000);
    let at = 60_000;
    let questions = Questions {
        knowledge: true,
        at: Some(at),
        ..Questions::default()
    };
    let stepper = Stepper::new(log.as_bytes(), &rules).unwrap();
    let explained = explain(log.as_bytes(), &rules, &questions).unwrap();
    assert_eq!(Some(stepper.knowledge(at)), explained.knowledge);
    let mut group = c.benchmark_group("stepper");
    group.sample_size(10);
    group.bench_function("explain_at_60000_of_120000", |b| {
        b.iter(|| black_box(explain(black_box(log.as_bytes()), &rules, &questions).unwrap()))
    });
    group.bench_function("knowledge_at_60000_of_120000", |b| {
        b.iter(|| black_box(stepper.knowledge(black_box(at))))
    });
    group.bench_function("new_120000", |b| {
        b.iter(|| black_box(Stepper::new(black_box(log.as_bytes()), &rules).unwrap()))
    });
    // A standard game of 10^6 actions (its stock drawn unseen, then "Go fish" again and
    // again): the deal model at its largest, and the states kept thinned.
    let rules = Rules::standard();
    let log = standard_long_log(1_000_000);
    let stepper = Stepper::new(log.as_bytes(), &rules).unwrap();
    // Steps at every distance from the state kept before them.
    let steps: Vec<usize> = (0..64).map(|i| i * 15_607 + 1).collect();
    group.bench_function("standard_knowledge_64_of_1000000", |b| {
        b.iter(|| {
            for &at in &steps {
                black_box(stepper.knowledge(black_box(at)));
            }
        })
    });
    group.bench_function("standard_new_1000000", |b| {
        b.iter(|| black_box(Stepper::new(black_box(log.as_bytes()), &rules).unwrap()))
    });
    group.finish();
}

/// A standard game whose stock is drawn unseen in its first 64 actions, then "Go fish" again
/// and again: `actions` lines.
fn standard_long_log(actions: usize) -> String {
    let draws = "1 A 2 A fish\n1 D\n2 A 3 5 fish\n2 D\n3 A 4 9 fish\n3 D\n4 A 1 K fish\n4 D\n";
    let again = "1 A 2 A fish\n2 A 3 5 fish\n3 A 4 9 fish\n4 A 1 K fish\n";
    draws.repeat(8) + &again.repeat((actions - 64) / 4)
}

fn tiny(c: &mut Criterion) {
    let mut group = c.benchmark_group("tiny");
    for (players, ranks, hand) in [(3, 3, 3), (2, 4, 5)] {
        let sim = fairplay_sim::gofish::Rules::new(
            players,
            ranks,
            Some(hand),
            fairplay_sim::gofish::FishTurn::Next,
        )
        .unwrap();
        let logs = honest_logs(sim, 200);
        let game = GoFish::new(Rules::new(players, ranks, Some(hand), FishTurn::Next).unwrap());
        let variant = oracle::Variant::new(players, ranks, Some(hand), false).unwrap();
        // Both say the same of every log (the cross-check in the tests does it on 100 000).
        for log in &logs {
            let engine = game.audit(log.as_bytes()).unwrap();
            assert_eq!(
                game.contract(&engine.verdict),
                oracle::judge(log, &variant).outcome.contract().unwrap()
            );
        }
        let name = format!("{players}p_{ranks}r_{hand}c_200_games");
        group.throughput(Throughput::Elements(logs.len() as u64));
        group.bench_function(BenchmarkId::new("engine", &name), |b| {
            b.iter(|| {
                for log in &logs {
                    black_box(game.audit(black_box(log.as_bytes())).unwrap());
                }
            })
        });
        group.sample_size(10);
        group.bench_function(BenchmarkId::new("oracle", &name), |b| {
            b.iter(|| {
                for log in &logs {
                    black_box(oracle::judge(black_box(log), &variant).outcome);
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, standard, long, knowledge, stepper, tiny);
criterion_main!(benches);
