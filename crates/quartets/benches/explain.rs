//! Benchmarks of `explain`: proof and suspects, and knowledge, on a standard game of 1000
//! actions in which cheating becomes certain late, from the simulator; and knowledge of a big
//! game (16 players, 1000 sets of 16 cards) before any action, where every card may be anywhere.
//!
//! The `explain_blow_ups` group holds the logs of issue 10 built to make naive proof and
//! suspect searches quadratic or exponential: a proof of 50 001 claims in a log of 100 002
//! actions, and sixteen lone cheaters after a million actions; and the honest log of issue 29
//! whose denials made the deal model's repairs quadratic (524 288 actions, two players, 40 329
//! sets of 26), explained as `--explain` does (proof and suspects).
//!
//! Run with `cargo bench -p fairplay-quartets --bench explain`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use fairplay_quartets::explain::{explain, Questions};
use fairplay_quartets::{audit, Rules, Verdict};
use fairplay_sim::blow_ups::{denial_rounds, many_asks, sixteen_lone_cheaters};
use fairplay_sim::quartets::{simulate_seeded, Config};

/// The first seed from `seed` whose game has exactly 1000 actions and where cheating becomes
/// certain after action 500 (so the proof search works on a long prefix).
fn long_cheating_log(config: &Config, mut seed: u64) -> (String, usize) {
    loop {
        let game = simulate_seeded(config, seed);
        if game.actions.len() == 1000 {
            let log = game.log();
            let report = audit(log.as_bytes(), &config.rules).expect("simulated logs are valid");
            if let Verdict::Cheated { since } = report.verdict() {
                if since > 500 {
                    return (log, since);
                }
            }
        }
        seed += 1;
    }
}

fn standard(c: &mut Criterion) {
    let config = Config::new(Rules::standard())
        .with_lay_aside_rate(0.0)
        .with_foolish_rate(0.1)
        .with_cheat_rate(0.002)
        .with_max_actions(1000);
    let (log, since) = long_cheating_log(&config, 1);
    let questions = Questions {
        proof: true,
        suspects: true,
        ..Questions::default()
    };
    let explanation = explain(log.as_bytes(), &config.rules, &questions).unwrap();
    eprintln!(
        "explain standard_1000: cheating certain after action {since}; proof: actions {:?}",
        explanation.proof.as_ref().map(|p| &p.actions)
    );
    let mut group = c.benchmark_group("explain_standard_1000");
    group.bench_function("proof_and_suspects", |b| {
        b.iter(|| explain(black_box(log.as_bytes()), &config.rules, &questions).unwrap())
    });
    let knowledge = Questions {
        knowledge: true,
        ..Questions::default()
    };
    group.bench_function("knowledge", |b| {
        b.iter(|| explain(black_box(log.as_bytes()), &config.rules, &knowledge).unwrap())
    });
    // The floor of both: reading and judging the log, no question asked.
    let nothing = Questions::default();
    group.bench_function("verdict_only", |b| {
        b.iter(|| explain(black_box(log.as_bytes()), &config.rules, &nothing).unwrap())
    });
    group.finish();
}

fn big_empty(c: &mut Criterion) {
    let rules = Rules::new(16, 1000, 16, None).unwrap();
    let knowledge = Questions {
        knowledge: true,
        ..Questions::default()
    };
    let mut group = c.benchmark_group("explain_16x1000x16_empty");
    group.sample_size(20);
    group.bench_function("knowledge", |b| {
        b.iter(|| explain(black_box(b"0\n"), &rules, &knowledge).unwrap())
    });
    group.finish();
}

fn blow_ups(c: &mut Criterion) {
    let mut group = c.benchmark_group("explain_blow_ups");
    group.sample_size(10);
    let proof = Questions {
        proof: true,
        ..Questions::default()
    };
    for sets in [20_000, 100_000] {
        let rules = Rules::new(2, sets, 1, None).unwrap();
        let log = many_asks(sets);
        group.bench_function(format!("proof_{}_actions", sets + 2), |b| {
            b.iter(|| explain(black_box(log.as_bytes()), &rules, &proof).unwrap())
        });
    }
    let suspects = Questions {
        suspects: true,
        ..Questions::default()
    };
    let rules = Rules::new(16, 16, 4, None).unwrap();
    for prefix in [100_000, 1_000_000] {
        let log = sixteen_lone_cheaters(prefix);
        group.bench_function(format!("suspects_16_cheaters_after_{prefix}"), |b| {
            b.iter(|| explain(black_box(log.as_bytes()), &rules, &suspects).unwrap())
        });
    }
    let rules = Rules::new(2, 40_329, 26, None).unwrap();
    let log = denial_rounds(40_329, 1 << 18);
    let both = Questions {
        proof: true,
        suspects: true,
        ..Questions::default()
    };
    group.bench_function("denial_rounds_524288_actions", |b| {
        b.iter(|| explain(black_box(log.as_bytes()), &rules, &both).unwrap())
    });
    group.finish();
}

criterion_group!(benches, standard, big_empty, blow_ups);
criterion_main!(benches);
