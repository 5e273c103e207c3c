//! Writes the seed corpus of every fuzz target from simulated games (`fairplay-sim`) and the
//! sample logs in `examples/`: `cargo run --example seed -- [DIR]` (default `corpus`, relative
//! to the current directory, normally `fuzz/`). Deterministic: the same files every time.
//!
//! * `quartets_audit`, `quartets_referee`: every rules variant (`fairplay_fuzz::VARIANTS`), by
//!   honest players, cheaters at several rates, fools, players keeping their sets, logs cut
//!   short; a few respelled (`\r\n`, extra spaces and blank lines) for the general parser.
//!   Each input starts with the variant's selector byte; the referee's have no count line.
//! * `quartets_explain`: the small variants, logs of at most 2 KiB, questions cycling through
//!   proof, suspects, deal and knowledge (with and without `at`).
//! * `quartets_seat`: the inputs of `quartets_explain` with a seat and a deal's seed as well;
//!   `quartets_truth`: the inputs of `quartets_audit` with a deal's seed after the selector
//!   (the deal is most often not the game's: lies and impossible actions are then many).
//! * `knowledge`: the inputs of `quartets_explain` (game byte even) and of `gofish` (odd),
//!   with `at` half-way through the log; `gofish_truth`: the inputs of `gofish` with a deal's
//!   seed after the selector.
//! * `sequence`: contract and full-rules games (two and three teams, teams named or not,
//!   discards written or not), honest and with illegal moves injected.
//!
//! Files already in the directories (what the fuzzer found) are left alone.

use std::fs;
use std::path::{Path, PathBuf};

use fairplay_fuzz::{
    explain_selector, variant_rules, AT, DEAL, KNOWLEDGE, PROOF, SUSPECTS, VARIANTS,
};
use fairplay_quartets::Rules;
use fairplay_sequence::Teams;
use fairplay_sim::{quartets, sequence};

/// Games per (variant, behaviour) for the Quartets targets.
const SEEDS: u64 = 3;
/// Longest `quartets_explain` input (its harness skips longer ones).
const EXPLAIN_MAX: usize = 2048;

struct Corpus {
    root: PathBuf,
    written: Vec<(&'static str, usize)>,
}

impl Corpus {
    fn write(&mut self, target: &'static str, name: &str, bytes: &[u8]) {
        let dir = self.root.join(target);
        fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
        let path = dir.join(name);
        fs::write(&path, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
        match self.written.iter_mut().find(|(t, _)| *t == target) {
            Some((_, n)) => *n += 1,
            None => self.written.push((target, 1)),
        }
    }

    /// A Quartets log for the audit and referee targets (selector byte first).
    fn quartets(&mut self, variant: usize, name: &str, log: &str) {
        let selector = variant as u8;
        self.write(
            "quartets_audit",
            name,
            &[&[selector], log.as_bytes()].concat(),
        );
        // The true deal's target: a deal's seed after the selector.
        let seed = name
            .bytes()
            .fold(0u16, |h, b| h.wrapping_mul(31).wrapping_add(b.into()));
        self.write(
            "quartets_truth",
            name,
            &[&[selector], &seed.to_le_bytes()[..], log.as_bytes()].concat(),
        );
        // The referee's harness writes the count line itself.
        let body = log.split_once('\n').map_or("", |(_, rest)| rest);
        self.write(
            "quartets_referee",
            name,
            &[&[selector], body.as_bytes()].concat(),
        );
    }

    /// A Quartets log for the explain target, if the variant is one of its and it fits.
    fn explain(&mut self, variant: usize, name: &str, log: &str, n: usize, actions: usize) {
        let Some(selector) = explain_selector(variant) else {
            return;
        };
        const QUESTIONS: [u8; 6] = [
            PROOF | SUSPECTS,
            DEAL | KNOWLEDGE,
            PROOF,
            KNOWLEDGE | AT,
            PROOF | SUSPECTS | DEAL | KNOWLEDGE,
            SUSPECTS | KNOWLEDGE | AT,
        ];
        let bits = QUESTIONS[n % QUESTIONS.len()];
        let at = (actions / 2).min(255) as u8;
        let input = [&[selector, bits, at], log.as_bytes()].concat();
        if input.len() <= EXPLAIN_MAX {
            self.write("quartets_explain", name, &input);
        }
        // The seat's target: the same rules, questions and log, a seat and a deal's seed.
        let input = [&[selector, n as u8, n as u8, 0, bits, at], log.as_bytes()].concat();
        if input.len() <= EXPLAIN_MAX {
            self.write("quartets_seat", name, &input);
        }
        // The knowledge target: the game byte (even: Quartets) and `at`.
        let input = [&[2 * selector, at], log.as_bytes()].concat();
        if input.len() <= EXPLAIN_MAX {
            self.write("knowledge", name, &input);
        }
    }
}

/// A simulated behaviour: a name, and the configuration for some rules.
type Behaviour = (&'static str, fn(Rules) -> quartets::Config);

fn behaviours() -> Vec<Behaviour> {
    vec![
        ("honest", quartets::Config::new),
        ("cheat1", |r| quartets::Config::new(r).with_cheat_rate(0.01)),
        ("cheat5", |r| quartets::Config::new(r).with_cheat_rate(0.05)),
        ("fools", |r| {
            quartets::Config::new(r)
                .with_foolish_rate(0.3)
                .with_cheat_rate(0.02)
        }),
        ("keepers", |r| {
            quartets::Config::new(r)
                .with_lay_aside_rate(0.2)
                .with_cheat_rate(0.01)
        }),
        ("cut", |r| {
            quartets::Config::new(r)
                .with_stop_rate(0.03)
                .with_cheat_rate(0.03)
        }),
    ]
}

/// The same log with `\r\n` line ends, doubled spaces and a blank line: the general parser's.
fn respell(log: &str) -> String {
    let mut out = String::new();
    for (i, line) in log.lines().enumerate() {
        out.push_str(&line.replace(' ', "  "));
        out.push_str("\r\n");
        if i == 2 {
            out.push_str("\r\n");
        }
    }
    out
}

fn quartets_seeds(corpus: &mut Corpus) {
    let mut n = 0;
    for variant in 0..VARIANTS.len() {
        let rules = variant_rules(variant);
        // Keep the inputs of the largest variant short (its lines are long, its games longer).
        let most = if rules.players() > 10 { 250 } else { 400 };
        for (behaviour, config) in behaviours() {
            for i in 0..SEEDS {
                let config = config(rules.clone());
                let seed = i + 100 * variant as u64;
                let name = format!("v{variant:02}-{behaviour}-{seed}");

                let game = quartets::simulate_seeded(&config.clone().with_max_actions(most), seed);
                let log = game.log();
                corpus.quartets(variant, &name, &log);
                if i == 0 && behaviour != "honest" {
                    corpus.quartets(variant, &format!("{name}-respelled"), &respell(&log));
                }

                let short = config.with_max_actions(120);
                let game = quartets::simulate_seeded(&short, seed);
                corpus.explain(variant, &name, &game.log(), n, game.actions.len());
                n += 1;
            }
        }
    }
    // Degenerate logs.
    for (name, log) in [("empty", "0\n"), ("no-newline", "1\n1 A 2 1A no")] {
        corpus.quartets(0, name, log);
        corpus.explain(0, name, log, 4, 1);
    }
}

fn sequence_seeds(corpus: &mut Corpus) {
    let contract = sequence::Config::contract;
    let full = sequence::Config::full;
    let configs: Vec<(&str, sequence::Config)> = vec![
        ("contract", contract()),
        ("contract-illegal", contract().with_inject_rate(0.02)),
        ("contract-illegal-often", contract().with_inject_rate(0.1)),
        (
            "contract-illegal-at",
            contract().with_inject_at(vec![5, 40]),
        ),
        ("full2", full(Teams::Two)),
        ("full3", full(Teams::Three)),
        ("full2-unnamed", full(Teams::Two).with_named_teams(false)),
        (
            "full3-quiet",
            full(Teams::Three).with_logged_discards(false),
        ),
        ("full2-illegal", full(Teams::Two).with_inject_rate(0.03)),
        ("full3-illegal", full(Teams::Three).with_inject_rate(0.05)),
        (
            "full2-after-win",
            full(Teams::Two).with_inject_at(vec![200]),
        ),
        (
            "full3-illegal-at",
            full(Teams::Three).with_inject_at(vec![3, 30]),
        ),
    ];
    for (name, config) in &configs {
        for seed in 0..16 {
            let game = sequence::simulate_seeded(config, seed);
            corpus.write("sequence", &format!("{name}-{seed}"), game.log().as_bytes());
        }
    }
}

/// The hand-written samples of the repository.
fn samples(corpus: &mut Corpus, examples: &Path) {
    let logs = |dir: &str| -> Vec<(String, String)> {
        let mut logs: Vec<(String, String)> = fs::read_dir(examples.join(dir))
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter_map(|e| {
                        let name = e.file_name().into_string().ok()?;
                        Some((name, fs::read_to_string(e.path()).ok()?))
                    })
                    .collect()
            })
            .unwrap_or_default();
        logs.sort();
        logs
    };
    for (i, (name, log)) in logs("quartets").iter().enumerate() {
        let actions = log.lines().count().saturating_sub(1);
        corpus.quartets(0, &format!("sample-{name}"), log);
        corpus.explain(0, &format!("sample-{name}"), log, i, actions);
    }
    for (name, log) in logs("sequence") {
        corpus.write("sequence", &format!("sample-{name}"), log.as_bytes());
    }
    // Every sample as a JSON Lines record, written by serde_json as an archive would be.
    for (game, dir) in [("quartets", "quartets"), ("sequence", "sequence")] {
        for (name, log) in logs(dir) {
            let record = serde_json::json!({"id": name, "game": game, "log": log});
            corpus.write(
                "json_fields",
                &format!("sample-{name}"),
                record.to_string().as_bytes(),
            );
        }
    }
    // And the escapes and shapes a JSON Lines record may hold.
    let shapes = [
        r#"{"log":"2\n1 A 2 3C no\r\n\t\"\\\/\b\f","id":null}"#,
        r#" { "id" : "\u00e9\uD83C\uDCA1" , "game" : "quartets" , "log" : "" } "#,
        r#"{"log":"\ud83c","id":7,"deal":[{"player":1,"cards":["1A"]}]}"#,
        r#"{"lo\u0067":"x","log":"y","log":"z"}"#,
    ];
    for (i, shape) in shapes.iter().enumerate() {
        corpus.write("json_fields", &format!("shape-{i}"), shape.as_bytes());
    }
}

/// Go Fish games for the `gofish` target, one per variant of its table (the selector byte
/// first): honest players, cheaters of every kind, fools, logs cut short, one respelled.
fn gofish_seeds(corpus: &mut Corpus) {
    use fairplay_sim::gofish::{simulate_seeded, Config, FishTurn, Rules};
    // The `gofish` target's variants, in its order.
    let variants: [(usize, usize, Option<usize>, bool); 12] = [
        (4, 13, None, false),
        (2, 13, None, true),
        (10, 13, Some(5), false),
        (3, 6, Some(4), true),
        (2, 1, Some(1), false),
        (2, 2, Some(2), true),
        (2, 2, Some(0), false),
        (2, 2, Some(4), false),
        (2, 3, Some(3), false),
        (3, 2, Some(2), true),
        (3, 3, Some(1), false),
        (3, 3, Some(3), true),
    ];
    for (v, &(players, ranks, hand, asked)) in variants.iter().enumerate() {
        let fish = if asked {
            FishTurn::Asked
        } else {
            FishTurn::Next
        };
        let rules = Rules::new(players, ranks, hand, fish).expect("a variant");
        let configs = [
            ("honest", Config::new(rules)),
            ("cheat", Config::new(rules).with_cheat_rate(0.05)),
            (
                "fool",
                Config::new(rules).with_foolish_rate(0.3).with_memory(0.3),
            ),
            (
                "short",
                Config::new(rules)
                    .with_cheat_rate(0.02)
                    .with_stop_rate(0.05),
            ),
        ];
        for (name, config) in configs {
            for seed in 0..SEEDS {
                let log = simulate_seeded(&config.clone().with_max_actions(300), seed).log();
                let log = if name == "fool" && seed == 0 {
                    log.replace('\n', "\r\n").replace(' ', "  ")
                } else {
                    log
                };
                let bytes = [&[v as u8][..], log.as_bytes()].concat();
                corpus.write("gofish", &format!("{v}-{name}-{seed}"), &bytes);
                // The true deal's target: a deal's seed after the selector (most often not
                // the game's deal, so lies and impossible actions are many).
                let bytes = [&[v as u8, seed as u8, v as u8][..], log.as_bytes()].concat();
                corpus.write("gofish_truth", &format!("{v}-{name}-{seed}"), &bytes);
                // The knowledge target: the game byte (odd: Go Fish) and `at`.
                let at = (log.lines().count() / 2).min(255) as u8;
                let bytes = [&[2 * v as u8 + 1, at][..], log.as_bytes()].concat();
                corpus.write("knowledge", &format!("gofish-{v}-{name}-{seed}"), &bytes);
            }
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "corpus".into()));
    let mut corpus = Corpus {
        root,
        written: Vec::new(),
    };
    quartets_seeds(&mut corpus);
    sequence_seeds(&mut corpus);
    gofish_seeds(&mut corpus);
    samples(
        &mut corpus,
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples"),
    );
    for (target, n) in &corpus.written {
        println!("{n:5} seeds in {}", corpus.root.join(target).display());
    }
}
