//! Benchmarks of the Quartets referee: whole logs audited in-process, parsing included.
//!
//! * `standard_1000`: one standard game (4 players, 8 sets of 4) of 1000 actions, long play with
//!   many denials, from the simulator;
//!   `standard_1000/seat_audit` judges it as player 2 with their true hand (issue 13: within
//!   10 % of `audit`), `standard_1000/true_deal` replays it on the true deal;
//! * `scaling`: 10 players, 250 sets of 4, 100 cards each, at 10^3 .. 10^6 actions;
//! * `denial_rounds`: the log of issue 29 that made the deal model's repairs quadratic (two
//!   players, 40 329 sets of 26 cards, player 2 asking for card after card and player 1
//!   denying each), at 2^15 .. 2^19 actions; 2^19 = 524 288 is the log.
//!
//! Run with `cargo bench -p fairplay-quartets`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use fairplay_quartets::notation::LogReader;
use fairplay_quartets::truth::{replay, TrueDeal};
use fairplay_quartets::{audit, audit_seat, Rules, SeatHand, Verdict};
use fairplay_sim::blow_ups::denial_rounds;
use fairplay_sim::quartets::{simulate_seeded, Config, Game};

/// The first seed from `seed` whose game has exactly `actions` actions and is judged honest
/// (honest logs are the most work: every action is judged).
fn long_honest_log(config: &Config, actions: usize, seed: u64) -> String {
    long_honest_game(config, actions, seed).log()
}

/// [`long_honest_log`]'s game, with its deal.
fn long_honest_game(config: &Config, actions: usize, mut seed: u64) -> Game {
    loop {
        let game = simulate_seeded(config, seed);
        if game.actions.len() == actions {
            let report =
                audit(game.log().as_bytes(), &config.rules).expect("simulated logs are valid");
            if report.verdict() == Verdict::Honest {
                return game;
            }
        }
        seed += 1;
    }
}

fn standard(c: &mut Criterion) {
    let config = Config::new(Rules::standard())
        .with_lay_aside_rate(0.0)
        .with_foolish_rate(0.1)
        .with_max_actions(1000);
    let game = long_honest_game(&config, 1000, 1);
    let log = game.log();
    let deal = TrueDeal::parse(&config.rules, &game.deal_text(&config.rules)).unwrap();
    let seat = config.rules.player(2).unwrap();
    let hand = SeatHand::new(&config.rules, seat, &deal.hand(seat)).unwrap();
    let denials = log.lines().filter(|l| l.ends_with("no")).count();
    eprintln!("standard_1000: {} bytes, {denials} denials", log.len());
    let mut group = c.benchmark_group("standard_1000");
    group.throughput(Throughput::Elements(1000));
    group.bench_function("audit", |b| {
        b.iter(|| audit(black_box(log.as_bytes()), &config.rules).unwrap())
    });
    group.bench_function("seat_audit", |b| {
        b.iter(|| audit_seat(black_box(log.as_bytes()), &hand).unwrap())
    });
    group.bench_function("true_deal", |b| {
        b.iter(|| replay(black_box(log.as_bytes()), &deal).unwrap())
    });
    group.bench_function("parse_only", |b| {
        b.iter(|| {
            // Every action is consumed, so no decoding is optimised away; `next_action` takes
            // the word-at-a-time path `audit` takes for canonical lines.
            let mut reader = LogReader::new(black_box(log.as_bytes())).unwrap();
            while let Some(action) = reader.next_action() {
                black_box(action.unwrap());
            }
        })
    });
    group.finish();
}

fn scaling(c: &mut Criterion) {
    let rules = Rules::new(10, 250, 4, None).unwrap();
    let mut group = c.benchmark_group("scaling_10p_250x4");
    group.sample_size(10);
    for actions in [1_000, 10_000, 100_000, 1_000_000] {
        let config = Config::new(rules.clone())
            .with_lay_aside_rate(0.0)
            .with_foolish_rate(0.1)
            .with_max_actions(actions);
        let log = long_honest_log(&config, actions, 1);
        group.throughput(Throughput::Elements(actions as u64));
        group.bench_with_input(BenchmarkId::from_parameter(actions), &log, |b, log| {
            b.iter(|| audit(black_box(log.as_bytes()), &rules).unwrap())
        });
    }
    group.finish();
}

fn denials(c: &mut Criterion) {
    let sets = 40_329;
    let rules = Rules::new(2, sets, 26, None).unwrap();
    let mut group = c.benchmark_group("denial_rounds_2p_40329x26");
    group.sample_size(10);
    for actions in [1 << 15, 1 << 17, 1 << 19] {
        let log = denial_rounds(sets, actions / 2);
        assert_eq!(
            audit(log.as_bytes(), &rules).unwrap().verdict(),
            Verdict::Honest
        );
        group.throughput(Throughput::Elements(actions as u64));
        group.bench_with_input(BenchmarkId::from_parameter(actions), &log, |b, log| {
            b.iter(|| audit(black_box(log.as_bytes()), &rules).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, standard, scaling, denials);
criterion_main!(benches);
