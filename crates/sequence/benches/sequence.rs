//! Benchmarks of the Sequence referee: 104-move logs (every card of the two decks played)
//! audited in-process, parsing included.
//!
//! * `contract_104`: the contract format, every move legal, so every move is judged;
//! * `full_104`: the extended format under the full rules, a simulated two-team game of 104
//!   legal moves (teams named, squares given).
//!
//! * `stepper_40000`: the board after K moves of a legal two-team game of 40 000 moves (full
//!   rules, no cap on card plays; `tests/sequence/long_game.rs`): `board_after`, which reads
//!   and plays the log from its start, against [`Stepper::board_after`] (the log read once,
//!   the position kept every [`Stepper::EVERY`] moves), and the stepper's making.
//!
//! Run with `cargo bench -p fairplay-sequence`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fairplay_sequence::explain::{board_after, board_after_with, Mode, Stepper};
use fairplay_sequence::{audit_contract, audit_full, Card, FullOptions, Teams, Verdict};
use fairplay_sim::sequence::{first_with_moves, Config};

#[path = "../tests/sequence/long_game.rs"]
mod long_game;

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

fn stepper(c: &mut Criterion) {
    const MOVES: usize = 40_000;
    let log = long_game::as_log(&long_game::long_game(Teams::Two, MOVES, 1));
    let unlimited = FullOptions {
        card_plays: None,
        ..FullOptions::default()
    };
    let teams = Some(Teams::Two);
    let stepper = Stepper::with_options(log.as_bytes(), Mode::Full, teams, unlimited).unwrap();
    assert_eq!((stepper.moves(), stepper.legal()), (MOVES, MOVES));
    eprintln!("stepper_40000: {} bytes", log.len());
    // The slowest step: the most moves after a kept position, late in the game.
    let after = MOVES - 1 - MOVES % Stepper::EVERY;
    let mut group = c.benchmark_group("stepper_40000");
    group.bench_function("stepper_board_after", |b| {
        b.iter(|| stepper.board_after(black_box(after)))
    });
    // The same board by a replay from the start, as each step was before the stepper.
    assert_eq!(
        stepper.board_after(after),
        board_after_with(log.as_bytes(), Mode::Full, teams, unlimited, after).unwrap()
    );
    group.sample_size(10);
    group.bench_function("replay_board_after", |b| {
        b.iter(|| {
            board_after_with(
                black_box(log.as_bytes()),
                Mode::Full,
                teams,
                unlimited,
                black_box(after),
            )
            .unwrap()
        })
    });
    // The page's rules (two plays per card): the log breaks a rule at a card's third play,
    // early; a step read the whole log all the same, and now plays at most those moves.
    let capped = Stepper::new(log.as_bytes(), Mode::Full, teams).unwrap();
    assert_eq!(
        capped.board_after(after),
        board_after(log.as_bytes(), Mode::Full, teams, after).unwrap()
    );
    eprintln!(
        "stepper_40000: {} legal moves with two plays per card",
        capped.legal()
    );
    group.bench_function("capped_replay_board_after", |b| {
        b.iter(|| {
            board_after(
                black_box(log.as_bytes()),
                Mode::Full,
                teams,
                black_box(after),
            )
            .unwrap()
        })
    });
    group.bench_function("capped_stepper_board_after", |b| {
        b.iter(|| capped.board_after(black_box(after)))
    });
    group.bench_function("stepper_new", |b| {
        b.iter(|| {
            Stepper::with_options(black_box(log.as_bytes()), Mode::Full, teams, unlimited).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, contract, full, stepper);
criterion_main!(benches);
