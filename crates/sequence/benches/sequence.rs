//! Benchmarks of the Sequence referee: 104-move logs (every card of the two decks played)
//! audited in-process, parsing included.
//!
//! * `contract_104`: the contract format, every move legal, so every move is judged;
//! * `full_104`: the extended format under the full rules, a simulated two-team game of 104
//!   legal moves (teams named, squares given).
//!
//! Run with `cargo bench -p fairplay-sequence`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fairplay_sequence::{audit_contract, audit_full, Card, Teams, Verdict};
use fairplay_sim::sequence::{first_with_moves, Config};

/// 104 legal contract moves: each non-Jack card once, the one-eyed Jacks remove four tokens,
/// the two-eyed Jacks cover those spots again, then each non-Jack card a second time.
fn contract_104() -> String {
    let cards: Vec<Card> = Card::all().filter(|c| !c.is_jack()).collect();
    let jacks = |suits: [&str; 2]| -> Vec<Card> {
        [suits, suits]
            .concat()
            .iter()
            .map(|s| format!("J{s}").parse().unwrap())
            .collect()
    };
    let mut lines: Vec<String> = cards.iter().map(|c| format!("{c} P {c}")).collect();
    for (jack, spot) in jacks(["h", "s"]).iter().zip(&cards) {
        lines.push(format!("{jack} R {spot}"));
    }
    for (jack, spot) in jacks(["d", "c"]).iter().zip(&cards) {
        lines.push(format!("{jack} P {spot}"));
    }
    lines.extend(cards.iter().map(|c| format!("{c} P {c}")));
    let mut log = format!("{}\n", lines.len());
    for (turn, line) in lines.iter().enumerate() {
        log.push_str(&format!("{} {line}\n", turn + 1));
    }
    log
}

/// The first simulated two-team game, from `seed` on, with 104 moves.
fn full_104(seed: u64) -> String {
    first_with_moves(&Config::full(Teams::Two), seed, 104).log()
}

fn contract(c: &mut Criterion) {
    let log = contract_104();
    let report = audit_contract(log.as_bytes()).unwrap();
    assert_eq!((report.verdict, report.moves), (Verdict::Valid, 104));
    eprintln!("contract_104: {} bytes", log.len());
    let mut group = c.benchmark_group("contract_104");
    group.throughput(Throughput::Elements(104));
    group.bench_function("audit", |b| {
        b.iter(|| audit_contract(black_box(log.as_bytes())).unwrap())
    });
    group.finish();
}

fn full(c: &mut Criterion) {
    let log = full_104(1);
    let report = audit_full(log.as_bytes(), Some(Teams::Two)).unwrap();
    assert_eq!((report.verdict, report.moves), (Verdict::Valid, 104));
    eprintln!(
        "full_104: {} bytes, {} sequences",
        log.len(),
        report.game.sequences().len()
    );
    let mut group = c.benchmark_group("full_104");
    group.throughput(Throughput::Elements(104));
    group.bench_function("audit", |b| {
        b.iter(|| audit_full(black_box(log.as_bytes()), Some(Teams::Two)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, contract, full);
criterion_main!(benches);
