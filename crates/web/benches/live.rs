//! The page's `live` request (the table's lines judged as a live game) on long games: its time
//! grows with the lines, not with their square. Each game alternates an action of a simulated
//! honest game with a line the referee skips (a rule broken, a line that is no action), the
//! shape that made every skipped line cost a judgement of all the lines before it.
//!
//! `cargo bench -p fairplay-web --bench live`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use fairplay_quartets::Rules;
use fairplay_sim::quartets::{simulate_seeded, Config};

/// `lines` lines: actions of a long honest game, each followed by a skipped line.
fn lines(lines: usize) -> String {
    let config = Config::new(Rules::standard())
        .with_lay_aside_rate(0.0)
        .with_max_actions(lines / 2);
    let game = simulate_seeded(&config, 7).log();
    let mut out = String::new();
    for (i, action) in game.lines().skip(1).take(lines / 2).enumerate() {
        out.push_str(action);
        out.push('\n');
        out.push_str(if i % 2 == 0 {
            "1 A 1 1A no"
        } else {
            "not an action"
        });
        out.push('\n');
    }
    out
}

fn live(c: &mut Criterion) {
    let mut group = c.benchmark_group("live");
    group.sample_size(10);
    for n in [10_000, 20_000, 40_000] {
        let text = lines(n);
        assert_eq!(text.lines().count(), n, "the game is long enough");
        let request =
            serde_json::json!({"op": "live", "game": "quartets", "lines": text}).to_string();
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &request, |b, request| {
            b.iter(|| fairplay_web::handle(request));
        });
    }
    group.finish();
}

criterion_group!(benches, live);
criterion_main!(benches);
