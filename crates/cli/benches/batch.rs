//! Benchmarks of `fairplay batch` on corpora from the simulators.
//!
//! * `engine_1_thread`: the engines in-process on one core over the Quartets corpus held in
//!   memory: parsing alone (`LogReader`) against the whole audit, to show which costs what;
//! * `read_files`: reading every file of the corpus, in parallel, and nothing else;
//! * `batch_cli`: the real `fairplay batch` binary (process start included) over a directory of
//!   files and over one JSON Lines file, for Quartets and Sequence corpora.
//!
//! Each corpus holds `FAIRPLAY_BENCH_LOGS` logs (default 10 000): standard Quartets games with
//! a cheat rate of 1% (at most 1000 actions; as played to the end they run 10 to ~170
//! actions), and contract Sequence games with an illegal-move rate of 1% (at most 104 moves).
//! Logs per second come from criterion's `thrpt`; MB per second from the corpus sizes printed
//! at the start. The full-size figures (100 000 logs) in docs/batch-and-live.md were measured
//! with `hyperfine` on the release binary; the commands are there.
//!
//! Run with `cargo bench -p fairplay --bench batch`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fairplay_quartets::notation::LogReader;
use fairplay_quartets::{audit, Rules};
use fairplay_sim::{quartets as sim_quartets, sequence as sim_sequence};
use rayon::prelude::*;

const BIN: &str = env!("CARGO_BIN_EXE_fairplay");

fn logs() -> u64 {
    std::env::var("FAIRPLAY_BENCH_LOGS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000)
}

struct Corpus {
    _dir: tempfile::TempDir,
    quartets_dir: PathBuf,
    quartets_jsonl: PathBuf,
    sequence_dir: PathBuf,
    quartets: Vec<String>,
    quartets_files: Vec<PathBuf>,
    quartets_bytes: u64,
    sequence_bytes: u64,
}

fn write_corpus(dir: &Path, game: &str, logs: &[String]) -> (PathBuf, Vec<PathBuf>) {
    let sub = dir.join(game);
    std::fs::create_dir_all(&sub).unwrap();
    let files: Vec<PathBuf> = (0..logs.len())
        .map(|i| sub.join(format!("{game}-{i:06}.log")))
        .collect();
    files
        .par_iter()
        .zip(logs)
        .for_each(|(path, log)| std::fs::write(path, log).unwrap());
    (sub, files)
}

fn corpus() -> Corpus {
    let n = logs();
    let dir = tempfile::tempdir().unwrap();
    let config = sim_quartets::Config::new(Rules::standard()).with_cheat_rate(0.01);
    let quartets: Vec<String> = (0..n)
        .into_par_iter()
        .map(|seed| sim_quartets::simulate_seeded(&config, seed).log())
        .collect();
    let config = sim_sequence::Config::contract().with_inject_rate(0.01);
    let sequence: Vec<String> = (0..n)
        .into_par_iter()
        .map(|seed| sim_sequence::simulate_seeded(&config, seed).log())
        .collect();
    let (quartets_dir, quartets_files) = write_corpus(dir.path(), "quartets", &quartets);
    let (sequence_dir, _) = write_corpus(dir.path(), "sequence", &sequence);
    let quartets_jsonl = dir.path().join("quartets.jsonl");
    let jsonl: String = quartets
        .iter()
        .enumerate()
        .map(|(i, log)| {
            let record = serde_json::json!({"id": format!("q{i}"), "log": log});
            format!("{record}\n")
        })
        .collect();
    std::fs::write(&quartets_jsonl, &jsonl).unwrap();
    let bytes = |logs: &[String]| logs.iter().map(|l| l.len() as u64).sum::<u64>();
    let (quartets_bytes, sequence_bytes) = (bytes(&quartets), bytes(&sequence));
    let actions: usize = quartets.iter().map(|l| l.lines().count() - 1).sum();
    eprintln!(
        "corpus: {n} Quartets logs, {quartets_bytes} bytes, {actions} actions ({:.1} per log); \
         the same as JSON Lines: {} bytes; {n} Sequence logs, {sequence_bytes} bytes",
        actions as f64 / n as f64,
        jsonl.len()
    );
    Corpus {
        _dir: dir,
        quartets_dir,
        quartets_jsonl,
        sequence_dir,
        quartets,
        quartets_files,
        quartets_bytes,
        sequence_bytes,
    }
}

fn batch(args: &[&Path]) {
    let status = Command::new(BIN)
        .args(["batch", "--format", "csv", "--no-progress"])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
}

fn benches(c: &mut Criterion) {
    let corpus = corpus();
    let n = corpus.quartets.len() as u64;
    let rules = Rules::standard();

    let mut group = c.benchmark_group("engine_1_thread");
    group.throughput(Throughput::Bytes(corpus.quartets_bytes));
    group.bench_function("quartets_parse_only", |b| {
        b.iter(|| {
            let mut lines = 0;
            for log in &corpus.quartets {
                for record in LogReader::new(black_box(log.as_bytes())).unwrap() {
                    lines += record.unwrap().line;
                }
            }
            lines
        })
    });
    group.bench_function("quartets_audit", |b| {
        b.iter(|| {
            corpus
                .quartets
                .iter()
                .filter(|log| {
                    audit(black_box(log.as_bytes()), &rules).unwrap().verdict()
                        != fairplay_quartets::Verdict::Honest
                })
                .count()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("read_files");
    group.throughput(Throughput::Bytes(corpus.quartets_bytes));
    group.bench_function("quartets_parallel", |b| {
        b.iter(|| {
            corpus
                .quartets_files
                .par_iter()
                .map(|path| std::fs::read(path).unwrap().len())
                .sum::<usize>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("batch_cli");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(15));
    group.throughput(Throughput::Elements(n));
    group.bench_function("quartets_files", |b| {
        b.iter(|| batch(&[&corpus.quartets_dir]))
    });
    group.bench_function("quartets_jsonl", |b| {
        b.iter(|| batch(&[&corpus.quartets_jsonl]))
    });
    group.bench_function("sequence_files", |b| {
        b.iter(|| batch(&[&corpus.sequence_dir]))
    });
    group.finish();
    eprintln!(
        "MB per log set: quartets {:.2}, sequence {:.2}",
        corpus.quartets_bytes as f64 / 1e6,
        corpus.sequence_bytes as f64 / 1e6
    );
}

criterion_group!(batch_benches, benches);
criterion_main!(batch_benches);
