//! The engine against the oracle on many logs of tiny decks: simulated honest and cheating
//! play, foolish play, random legal play, and logs broken at one line. Every verdict and every
//! rule error's line must agree.
//!
//! The default count keeps `cargo test` short; the full run of issue 33 (100 000 logs) is
//! `GOFISH_CROSS_CHECK_LOGS=100000 cargo test -p fairplay-gofish --test checks cross_check -- --nocapture`.

use fairplay_core::Game as _;
use fairplay_gofish::{FishTurn as EngineFishTurn, GoFish, Rules as EngineRules};
use fairplay_sim::gofish::{simulate_seeded, Cheat, Config, FishTurn, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::oracle::notation::{Act, RANK_NAMES};
use crate::oracle::{self, judge, Outcome, Variant};
use crate::sim_logs::variant_of;

/// Tiny decks the oracle judges fast: 2 to 4 players, 1 to 4 ranks, both fish-turn rules.
pub fn variants() -> Vec<Rules> {
    let mut out = Vec::new();
    for (players, ranks, hands) in [
        (2, 1, &[0, 1, 2][..]),
        (2, 2, &[0, 1, 2, 3, 4]),
        (2, 3, &[1, 2, 3, 4, 6]),
        (3, 2, &[0, 1, 2]),
        (3, 3, &[1, 2, 3, 4]),
        (2, 4, &[2, 3, 5]),
        (3, 4, &[2, 3]),
        (4, 2, &[1, 2]),
        (4, 3, &[1, 2, 3]),
    ] {
        for &hand in hands {
            for fish in [FishTurn::Next, FishTurn::Asked] {
                out.push(Rules::new(players, ranks, Some(hand), fish).expect("a variant"));
            }
        }
    }
    out
}

pub fn engine(rules: &Rules) -> GoFish {
    let fish = match rules.fish_turn {
        FishTurn::Next => EngineFishTurn::Next,
        FishTurn::Asked => EngineFishTurn::Asked,
    };
    GoFish::new(
        EngineRules::new(rules.players, rules.ranks, Some(rules.hand), fish).expect("rules"),
    )
}

/// What the engine says, in the oracle's terms.
fn engine_outcome(game: &GoFish, log: &str) -> Outcome {
    match game.audit(log.as_bytes()) {
        Ok(judgement) => match game.contract(&judgement.verdict).as_str() {
            "yes\n" => Outcome::Yes,
            text => Outcome::No(
                text.strip_prefix("no\n")
                    .and_then(|k| k.trim_end().parse().ok())
                    .unwrap_or_else(|| panic!("not a contract: {text:?}")),
            ),
        },
        Err(e) => Outcome::RuleError {
            line: e.line,
            why: format!("{}: {}", e.kind.name(), e.message),
        },
    }
}

fn same(engine: &Outcome, oracle: &Outcome) -> bool {
    match (engine, oracle) {
        (Outcome::RuleError { line: a, .. }, Outcome::RuleError { line: b, .. }) => a == b,
        (a, b) => a == b,
    }
}

/// One log of the kind `kind` (0..8) for `rules`.
pub fn log_of(kind: u64, rules: Rules, seed: u64, rng: &mut SmallRng) -> String {
    let variant = variant_of(&rules);
    match kind {
        // Honest, with perfect, partial or no memory.
        0 => simulate_seeded(&Config::new(rules).with_memory(rng.random()), seed).log(),
        // Cheating at a rate (one kind or all four), stopping anywhere.
        1 | 2 => {
            let rate = [0.02, 0.05, 0.15, 0.4][rng.random_range(0..4)];
            let config = if kind == 1 {
                Config::new(rules).with_cheat_rate(rate)
            } else {
                let kind = Cheat::ALL[rng.random_range(0..4)];
                Config::new(rules).with_cheat_rate_of(kind, rate)
            };
            let config = config
                .with_memory(rng.random())
                .with_stop_rate([0.0, 0.05][rng.random_range(0..2)]);
            simulate_seeded(&config, seed).log()
        }
        // One cheat at one action.
        3 => {
            let at = rng.random_range(1..20);
            simulate_seeded(&Config::new(rules).with_cheat_at(at, &[]), seed).log()
        }
        // Foolish play.
        4 => {
            let config = Config::new(rules)
                .with_foolish_rate(0.5)
                .with_memory(0.3)
                .with_cheat_rate(0.02);
            simulate_seeded(&config, seed).log()
        }
        // Random legal play: any action the public rules allow.
        5 | 6 => random_legal(variant, rng, 30),
        // A legal log broken at one line (a random action, or a malformed one), or cut.
        _ => broken(variant, rules, seed, rng),
    }
}

fn random_legal(variant: Variant, rng: &mut SmallRng, len: usize) -> String {
    let mut table = oracle::table::Table::new(variant);
    let mut log = String::new();
    for _ in 0..rng.random_range(0..=len) {
        let acts = oracle::legal_acts(&table);
        if acts.is_empty() {
            break;
        }
        let act = acts[rng.random_range(0..acts.len())];
        table.apply(act).expect("legal");
        log.push_str(&act.line());
        log.push('\n');
    }
    log
}

/// Any action of the variant's players and ranks, legal or not.
fn any_act(variant: Variant, rng: &mut SmallRng) -> Act {
    let x = rng.random_range(0..variant.players);
    let r = rng.random_range(0..variant.ranks);
    match rng.random_range(0..4) {
        0 => Act::Book { x, r },
        1 => Act::Draw {
            x,
            shown: rng.random::<bool>().then_some(r),
        },
        _ => Act::Ask {
            x,
            y: rng.random_range(0..variant.players),
            r,
            k: rng.random_range(0..4),
        },
    }
}

fn broken(variant: Variant, rules: Rules, seed: u64, rng: &mut SmallRng) -> String {
    let log = if rng.random::<bool>() {
        random_legal(variant, rng, 30)
    } else {
        simulate_seeded(&Config::new(rules).with_cheat_rate(0.05), seed).log()
    };
    let mut lines: Vec<String> = log.lines().map(str::to_string).collect();
    let at = rng.random_range(0..=lines.len());
    let line = match rng.random_range(0..10) {
        0 => ["1 A", "x D", "1 A 2 A 4", "1 Q 2", "1 D A A"][rng.random_range(0..5)].to_string(),
        1 => format!("{} D", variant.players + 1),
        2 => format!("1 B {}", RANK_NAMES.get(variant.ranks).unwrap_or(&"Z")),
        3 => String::new(),
        _ => any_act(variant, rng).line(),
    };
    if rng.random_range(0..4) == 0 {
        lines.truncate(at);
    } else {
        lines.insert(at, line);
    }
    lines.join("\n") + "\n"
}

/// Where the engine and the oracle part: the first log of `count` on which they disagree.
fn cross_check(count: u64) -> Vec<String> {
    let variants = variants();
    let games: Vec<GoFish> = variants.iter().map(engine).collect();
    let mut rng = SmallRng::seed_from_u64(33);
    let mut tally = [[0usize; 3]; 8];
    let mut disagreements = Vec::new();
    for seed in 0..count {
        let v = (seed as usize) % variants.len();
        let kind = (seed / variants.len() as u64) % 8;
        let log = log_of(kind, variants[v], seed, &mut rng);
        let expected = judge(&log, &variant_of(&variants[v])).outcome;
        let got = engine_outcome(&games[v], &log);
        tally[kind as usize][match expected {
            Outcome::Yes => 0,
            Outcome::No(_) => 1,
            Outcome::RuleError { .. } => 2,
        }] += 1;
        if !same(&got, &expected) && disagreements.len() < 20 {
            disagreements.push(format!(
                "{:?}: engine {got:?}, oracle {expected:?}\n{log}",
                variants[v]
            ));
        }
    }
    eprintln!("{count} logs, per kind [yes, no, rule error]: {tally:?}");
    // Every kind of log gives every kind of answer it can: honest play only `yes`.
    assert!(tally[0][1] == 0 && tally[0][2] == 0, "{tally:?}");
    if count >= 8_000 {
        assert!(tally.iter().skip(1).all(|t| t[1] > 0), "{tally:?}");
        assert!(tally[7][2] > 0 && tally[5][1] > 0, "{tally:?}");
    }
    disagreements
}

#[test]
fn the_engine_agrees_with_the_oracle() {
    let count = std::env::var("GOFISH_CROSS_CHECK_LOGS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(16_000);
    let disagreements = cross_check(count);
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}
