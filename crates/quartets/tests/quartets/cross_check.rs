//! The engine against a brute-force oracle (every deal replayed literally), on random logs of
//! real play from the simulator and on hand-written cases from the spec.
//!
//! `FAIRPLAY_CROSS_CHECK_LOGS=N` sets the total number of random logs (default 30,000), shared
//! among the variants in proportion to their weights. Run with `--nocapture` to see the
//! distribution of verdicts per variant.

use crate::support;

use std::time::Instant;

use fairplay_quartets::notation::{LogReader, RawAction};
use fairplay_quartets::{audit, Referee, Rules, Verdict};
use fairplay_sim::quartets::{render_log, simulate, Config, Game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use support::oracle::{Oracle, OracleVerdict};

const DEFAULT_LOGS: usize = 30_000;

fn total_logs() -> usize {
    match std::env::var("FAIRPLAY_CROSS_CHECK_LOGS") {
        Ok(text) => text
            .trim()
            .replace('_', "")
            .parse()
            .expect("FAIRPLAY_CROSS_CHECK_LOGS must be a number"),
        Err(_) => DEFAULT_LOGS,
    }
}

/// A small game the oracle can enumerate, and its share of the random logs.
struct Variant {
    name: &'static str,
    players: usize,
    sets: usize,
    cards_per_set: usize,
    hands: Option<Vec<u32>>,
    /// Relative share of the random logs (weights add up to [`TOTAL_WEIGHT`]).
    weight: usize,
    /// Longest log generated (each log stops at a random point up to this).
    max_actions: usize,
}

const TOTAL_WEIGHT: usize = 100;

impl Variant {
    fn rules(&self) -> Rules {
        Rules::new(
            self.players,
            self.sets,
            self.cards_per_set,
            self.hands.clone(),
        )
        .unwrap()
    }

    fn logs(&self) -> usize {
        (total_logs() * self.weight).div_ceil(TOTAL_WEIGHT)
    }
}

fn verdict_of(v: Verdict) -> OracleVerdict {
    match v {
        Verdict::Honest => OracleVerdict::Honest,
        Verdict::Cheated { since } => OracleVerdict::Cheated { since },
    }
}

/// Everything the engine says about a log.
#[derive(Debug)]
struct EngineAnswer {
    /// The verdict of `audit` on the log text.
    audit: OracleVerdict,
    /// The verdict of a stepwise [`Referee`] after each action.
    steps: Vec<OracleVerdict>,
    /// The witness deal at the end, when honest.
    witness: Option<Vec<u8>>,
}

/// Runs the engine on a log; `Err` if it rejects an action by the public rules.
fn engine(rules: &Rules, actions: &[RawAction]) -> Result<EngineAnswer, String> {
    let text = render_log(actions);
    let report = audit(text.as_bytes(), rules).map_err(|e| e.to_string())?;
    let mut referee = Referee::new(rules.clone());
    let mut steps = Vec::with_capacity(actions.len());
    for (i, &action) in actions.iter().enumerate() {
        let verdict = referee
            .apply_raw(action)
            .map_err(|e| format!("action {}: {e}", i + 1))?;
        steps.push(verdict_of(verdict));
    }
    let witness = referee
        .witness()
        .map(|deal| deal.iter().map(|p| p.index() as u8).collect());
    Ok(EngineAnswer {
        audit: verdict_of(report.verdict()),
        steps,
        witness,
    })
}

/// Compares the engine with the oracle on one log; a description of the first difference.
fn disagreement(oracle: &mut Oracle, rules: &Rules, actions: &[RawAction]) -> Option<String> {
    let expected = oracle.judge(actions);
    compare(oracle, rules, actions, expected)
}

/// Compares the engine with the oracle's verdict `expected` on one log.
fn compare(
    oracle: &Oracle,
    rules: &Rules,
    actions: &[RawAction],
    expected: OracleVerdict,
) -> Option<String> {
    let answer = match engine(rules, actions) {
        Ok(answer) => answer,
        Err(e) => return Some(format!("the engine rejects the log: {e}")),
    };
    if answer.audit != expected {
        return Some(format!(
            "verdict: engine (audit) says {:?}, oracle says {expected:?}",
            answer.audit
        ));
    }
    // After action i the verdict must be Honest before the oracle's k and Cheated{k} from it.
    for (i, &step) in answer.steps.iter().enumerate() {
        let want = match expected {
            OracleVerdict::Cheated { since } if since <= i + 1 => expected,
            _ => OracleVerdict::Honest,
        };
        if step != want {
            return Some(format!(
                "stepwise: after action {} the referee says {step:?}, expected {want:?}",
                i + 1
            ));
        }
    }
    match (expected, &answer.witness) {
        (OracleVerdict::Honest, None) => Some("the engine is honest but has no witness".into()),
        (OracleVerdict::Honest, Some(deal)) => {
            if !oracle.is_deal(deal) {
                Some(format!("the witness {deal:?} is not a deal of this game"))
            } else {
                oracle
                    .first_failure(deal, actions)
                    .map(|k| format!("the engine's witness deal {deal:?} fails at action {k}"))
            }
        }
        (OracleVerdict::Cheated { .. }, Some(_)) => {
            Some("the engine has a witness after cheating".into())
        }
        (OracleVerdict::Cheated { .. }, None) => None,
    }
}

/// Shrinks a log on which engine and oracle disagree: shortest disagreeing prefix, then single
/// actions dropped while the engine still accepts the log and the disagreement stays.
fn shrink(oracle: &mut Oracle, rules: &Rules, actions: &[RawAction]) -> Vec<RawAction> {
    let mut log = actions.to_vec();
    if let Some(len) = (1..=log.len()).find(|&n| disagreement(oracle, rules, &log[..n]).is_some()) {
        log.truncate(len);
    }
    loop {
        let mut changed = false;
        let mut i = 0;
        while i < log.len() {
            let mut shorter = log.clone();
            shorter.remove(i);
            let accepted = engine(rules, &shorter).is_ok();
            if accepted && disagreement(oracle, rules, &shorter).is_some() {
                log = shorter;
                changed = true;
            } else {
                i += 1;
            }
        }
        if !changed {
            return log;
        }
    }
}

/// A random mix of behaviours: a quarter of the games honest, the rest with varied cheat rates
/// (some so low that a cheat is rare and may come late, some high).
fn random_config<R: Rng>(variant: &Variant, rng: &mut R) -> Config {
    let honest = rng.random_range(0..4) == 0;
    let (ask, deny) = if honest {
        (0.0, 0.0)
    } else {
        match rng.random_range(0..4) {
            0 => (rng.random_range(0.02..0.3), 0.0),
            1 => (0.0, rng.random_range(0.05..0.6)),
            2 => (rng.random_range(0.0..0.04), rng.random_range(0.0..0.08)),
            _ => (rng.random_range(0.0..0.3), rng.random_range(0.0..0.6)),
        }
    };
    Config {
        rules: variant.rules(),
        cheat_ask_rate: ask,
        cheat_deny_rate: deny,
        foolish_rate: rng.random_range(0.0..0.3),
        // Some players keep their sets for long: long games with late exposures.
        lay_aside_rate: if rng.random_range(0..4) == 0 {
            rng.random_range(0.0..0.05)
        } else {
            rng.random_range(0.1..=1.0)
        },
        max_actions: rng.random_range(1..=variant.max_actions),
        stop_rate: 0.0,
        cheat_at: None,
    }
}

/// Tallies of one variant's run.
#[derive(Default)]
struct Tally {
    logs: usize,
    honest: usize,
    cheated: usize,
    /// Logs with a cheat that the verdict never exposed.
    unexposed: usize,
    /// Sum of (exposure action - first cheat action) over exposed logs.
    delay_sum: usize,
    max_delay: usize,
    /// Exposure action numbers seen (distinct), to show they vary.
    exposure_points: std::collections::BTreeSet<usize>,
    actions: usize,
}

/// Checks one simulated game: the simulator's ground truth, then engine against oracle.
/// Returns the oracle's verdict.
fn check_game(
    oracle: &mut Oracle,
    rules: &Rules,
    game: &Game,
    seed: u64,
) -> Result<OracleVerdict, String> {
    // The simulator's ground truth: its real deal fails exactly at the first cheat.
    let real = oracle.first_failure(&game.deal, &game.actions);
    if real != game.first_cheat {
        return Err(format!(
            "simulator ground truth: first cheat {:?}, but the real deal fails at {real:?}",
            game.first_cheat
        ));
    }
    let verdict = oracle.judge(&game.actions);
    if let (OracleVerdict::Cheated { since }, Some(first)) = (verdict, game.first_cheat) {
        if since < first {
            return Err(format!(
                "oracle says no from action {since}, before the first cheat at {first}"
            ));
        }
    }
    if verdict != OracleVerdict::Honest && !game.cheated() {
        return Err(format!("oracle says {verdict:?} on a game without cheats"));
    }
    if let Some(problem) = compare(oracle, rules, &game.actions, verdict) {
        let minimal = shrink(oracle, rules, &game.actions);
        let oracle_says = oracle.judge(&minimal).contract();
        let engine_says = match engine(rules, &minimal) {
            Ok(answer) => format!("{:?}", answer.audit),
            Err(e) => e,
        };
        return Err(format!(
            "engine and oracle disagree (seed {seed}): {problem}\n--- log ---\n{}\
             --- minimal log ---\n{}oracle: {oracle_says:?}, engine: {engine_says}\n\
             problem on the minimal log: {:?}",
            game.log(),
            render_log(&minimal),
            disagreement(oracle, rules, &minimal),
        ));
    }
    Ok(verdict)
}

fn run_variant(variant: &Variant, seed: u64) {
    let started = Instant::now();
    let rules = variant.rules();
    let mut oracle = Oracle::new(variant.sets, variant.cards_per_set, rules.hand_sizes());
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut tally = Tally::default();
    let logs = variant.logs();
    for i in 0..logs {
        let game_seed = seed ^ ((i as u64 + 1) << 20);
        let mut game_rng = SmallRng::seed_from_u64(game_seed);
        let config = random_config(variant, &mut rng);
        let game = simulate(&config, &mut game_rng);
        let verdict = check_game(&mut oracle, &rules, &game, game_seed).unwrap_or_else(|message| {
            panic!(
                "variant {} (log {i}, config {config:?}):\n{message}",
                variant.name
            )
        });
        tally.logs += 1;
        tally.actions += game.actions.len();
        match verdict {
            OracleVerdict::Honest => {
                tally.honest += 1;
                tally.unexposed += usize::from(game.cheated());
            }
            OracleVerdict::Cheated { since } => {
                tally.cheated += 1;
                let first = game.first_cheat.expect("a `no` needs a cheat");
                let delay = since - first;
                tally.delay_sum += delay;
                tally.max_delay = tally.max_delay.max(delay);
                tally.exposure_points.insert(since);
            }
        }
    }
    let share = |n: usize| 100.0 * n as f64 / tally.logs.max(1) as f64;
    println!(
        "cross-check {}: {} logs ({} deals each, {:.1} actions on average) agree; \
         yes {:.1}% / no {:.1}% (cheats never exposed: {}); exposure at {} distinct actions, \
         {:.1} actions after the first cheat on average (max {}); {:.2?}",
        variant.name,
        tally.logs,
        oracle.deal_count(),
        tally.actions as f64 / tally.logs.max(1) as f64,
        share(tally.honest),
        share(tally.cheated),
        tally.unexposed,
        tally.exposure_points.len(),
        tally.delay_sum as f64 / tally.cheated.max(1) as f64,
        tally.max_delay,
        started.elapsed(),
    );
    assert_eq!(tally.logs, logs);
    // Both verdicts must be common, and exposures must happen at varied points.
    assert!(
        tally.honest * 5 >= tally.logs && tally.cheated * 5 >= tally.logs,
        "{}: verdicts too lopsided: {} yes, {} no",
        variant.name,
        tally.honest,
        tally.cheated
    );
    if tally.logs >= 500 {
        assert!(tally.exposure_points.len() >= 8, "exposures too uniform");
        assert!(tally.max_delay >= 3, "no exposure well after its cheat");
    }
}

/// The variants, each with its share of the random logs and a seed of its own.
fn variants() -> Vec<(Variant, u64)> {
    let v = |name, players, sets, cards_per_set, hands: Option<Vec<u32>>, weight| Variant {
        name,
        players,
        sets,
        cards_per_set,
        hands,
        weight,
        max_actions: 150,
    };
    vec![
        (v("3 players, 3 sets of 3", 3, 3, 3, None, 20), 0x333),
        (v("2 players, 4 sets of 2", 2, 4, 2, None, 10), 0x242),
        (v("4 players, 2 sets of 4", 4, 2, 4, None, 15), 0x424),
        (v("3 players, 4 sets of 3", 3, 4, 3, None, 20), 0x343),
        (
            v(
                "3 players, 4 sets of 2, hands 3,3,2",
                3,
                4,
                2,
                Some(vec![3, 3, 2]),
                15,
            ),
            0x342,
        ),
        (
            v(
                "4 players, 3 sets of 3, hands 0,4,3,2",
                4,
                3,
                3,
                Some(vec![0, 4, 3, 2]),
                10,
            ),
            0x433,
        ),
        (v("4 players, 3 sets of 4", 4, 3, 4, None, 10), 0x434),
    ]
}

fn run_variant_number(index: usize) {
    let (variant, seed) = &variants()[index];
    run_variant(variant, *seed);
}

#[test]
fn weights_add_up() {
    let variants = variants();
    assert_eq!(
        variants.iter().map(|(v, _)| v.weight).sum::<usize>(),
        TOTAL_WEIGHT
    );
    let logs: usize = variants.iter().map(|(v, _)| v.logs()).sum();
    assert!(logs >= total_logs());
    if std::env::var("FAIRPLAY_CROSS_CHECK_LOGS").is_err() {
        assert!(
            logs >= 20_000,
            "the default run checks at least 20,000 logs"
        );
    }
}

#[test]
fn random_logs_3_players_3_sets_of_3() {
    run_variant_number(0);
}

#[test]
fn random_logs_2_players_4_sets_of_2() {
    run_variant_number(1);
}

#[test]
fn random_logs_4_players_2_sets_of_4() {
    run_variant_number(2);
}

#[test]
fn random_logs_3_players_4_sets_of_3() {
    run_variant_number(3);
}

#[test]
fn random_logs_uneven_hands_3_3_2() {
    run_variant_number(4);
}

#[test]
fn random_logs_player_1_dealt_nothing() {
    run_variant_number(5);
}

#[test]
fn random_logs_4_players_3_sets_of_4() {
    run_variant_number(6);
}

fn parse(text: &str) -> Vec<RawAction> {
    LogReader::new(text.as_bytes())
        .unwrap()
        .map(|record| record.unwrap().action)
        .collect()
}

/// A hand-written case: what it shows, the game (`PxSxC`, optionally ` hands H1,H2,..`), the
/// actions and the expected contract output.
struct Case {
    name: &'static str,
    game: &'static str,
    log: &'static [&'static str],
    expected: &'static str,
}

impl Case {
    fn rules(&self) -> Rules {
        let (sizes, hands) = match self.game.split_once(" hands ") {
            Some((sizes, hands)) => (
                sizes,
                Some(hands.split(',').map(|h| h.parse().unwrap()).collect()),
            ),
            None => (self.game, None),
        };
        let sizes: Vec<usize> = sizes.split('x').map(|n| n.parse().unwrap()).collect();
        Rules::new(sizes[0], sizes[1], sizes[2], hands).unwrap()
    }

    fn text(&self) -> String {
        let mut text = format!("{}\n", self.log.len());
        for line in self.log {
            text.push_str(line);
            text.push('\n');
        }
        text
    }
}

/// Cases from the spec's "Points that decide correctness", on games small enough for the oracle.
/// Players are P1, P2, ...; "needs set s" means "asked for a set-s card holding no moved one".
const CASES: &[Case] = &[
    Case {
        // P1 and P3 both need a set-1 card; two "yes" answers show 1B and 1C were dealt to
        // P2, leaving only 1A for both of them. The cheat (action 1 or 5) shows at 6.
        name: "exposure several actions later via a yes",
        game: "3x3x3",
        log: &[
            "1 A 2 1A no",
            "2 A 3 2A no",
            "3 A 1 3A no",
            "1 A 3 3B no",
            "3 A 2 1B yes",
            "3 A 2 1C yes",
        ],
        expected: "no\n6\n",
    },
    Case {
        name: "the same log one action shorter is honest",
        game: "3x3x3",
        log: &[
            "1 A 2 1A no",
            "2 A 3 2A no",
            "3 A 1 3A no",
            "1 A 3 3B no",
            "3 A 2 1B yes",
        ],
        expected: "yes\n",
    },
    Case {
        // P1 asked for set 1 at action 1; at action 5 P3 lays aside the whole set, all of
        // it never moved, so P3 was dealt it and P1 held no set-1 card.
        name: "exposure via a lay-aside",
        game: "3x3x3",
        log: &[
            "1 A 2 1A no",
            "2 A 1 2A no",
            "1 A 2 3A no",
            "2 A 3 3B no",
            "3 Q 1",
        ],
        expected: "no\n5\n",
    },
    Case {
        name: "the same log before the lay-aside is honest",
        game: "3x3x3",
        log: &["1 A 2 1A no", "2 A 1 2A no", "1 A 2 3A no", "2 A 3 3B no"],
        expected: "yes\n",
    },
    Case {
        // P3 is dealt 2 cards and needs sets 2, 4 and then 3.
        name: "hand sizes count (uneven hands 3,3,2)",
        game: "3x4x2 hands 3,3,2",
        log: &[
            "1 A 3 1A no",
            "3 A 1 2A no",
            "1 A 3 3A no",
            "3 A 2 4A no",
            "2 A 3 1B no",
            "3 A 1 3B no",
        ],
        expected: "no\n6\n",
    },
    Case {
        name: "the same log is honest when player 3 is dealt 3 cards (hands 3,2,3)",
        game: "3x4x2 hands 3,2,3",
        log: &[
            "1 A 3 1A no",
            "3 A 1 2A no",
            "1 A 3 3A no",
            "3 A 2 4A no",
            "2 A 3 1B no",
            "3 A 1 3B no",
        ],
        expected: "yes\n",
    },
    Case {
        // P1 needs sets 1, 2, 3 (3 cards); then 1A and 1B both come out of P1's hand.
        name: "hand sizes count (two cards of a set plus two needs in a hand of 3)",
        game: "3x3x3",
        log: &[
            "1 A 2 1A no",
            "2 A 1 2A no",
            "1 A 2 2B no",
            "2 A 1 3A no",
            "1 A 3 3B no",
            "3 A 1 1A yes",
            "3 A 1 1B yes",
        ],
        expected: "no\n7\n",
    },
    Case {
        // 1A was dealt to P2 and moved to P1, then to P3: P2's later "no" about it is true.
        name: "denying a card that moved away is harmless",
        game: "3x3x3",
        log: &["1 A 2 1A yes", "1 A 3 2A no", "3 A 1 1A yes", "3 A 2 1A no"],
        expected: "yes\n",
    },
    Case {
        // 1A moved to P1 at action 1 and is still there when P1 denies it.
        name: "denying a card known to be in hand is certain cheating",
        game: "3x3x3",
        log: &["1 A 2 1A yes", "1 A 3 2A no", "3 A 1 1A no"],
        expected: "no\n3\n",
    },
    Case {
        // P1 was dealt 1B (handed over at 3) and gave away 1A (at 4); 1C is P3's (P3's need at 3),
        // so P1 holds no set-1 card when asking at 6.
        name: "a card given away no longer counts as holding its set",
        game: "3x3x3",
        log: &[
            "1 A 2 1A yes",
            "1 A 3 2A no",
            "3 A 1 1B yes",
            "3 A 1 1A yes",
            "3 A 1 2B no",
            "1 A 2 1C no",
        ],
        expected: "no\n6\n",
    },
    Case {
        // As above without action 4: P1 still holds 1A, so asking for set 1 is honest.
        name: "a card received earlier counts while still in hand",
        game: "3x3x3",
        log: &[
            "1 A 2 1A yes",
            "1 A 3 2A no",
            "3 A 1 1B yes",
            "3 A 1 2B no",
            "1 A 2 1C no",
        ],
        expected: "yes\n",
    },
    Case {
        name: "handing over a card known to be elsewhere",
        game: "3x3x3",
        log: &["1 A 2 1A yes", "1 A 3 2A no", "3 A 2 1A yes"],
        expected: "no\n3\n",
    },
    Case {
        name: "laying aside a set with a card known to be elsewhere",
        game: "3x3x3",
        log: &["1 A 2 1A yes", "1 A 3 2A no", "3 Q 1"],
        expected: "no\n3\n",
    },
    Case {
        // P2 denied 1A while it had never moved, then hands it over.
        name: "handing over a never-moved card one denied",
        game: "3x3x3",
        log: &["1 A 2 1A no", "2 A 1 2A no", "1 A 2 1A yes"],
        expected: "no\n3\n",
    },
    Case {
        // Sample 1 of the spec, on 4 players with 2 sets of 4 (set 3 becomes set 1).
        name: "the spec's first sample, scaled down",
        game: "4x2x4",
        log: &["1 A 2 1C no", "2 A 3 1A yes", "2 A 4 1D yes", "2 A 1 1C no"],
        expected: "no\n4\n",
    },
    Case {
        name: "the spec's first sample, scaled down, with 1B denied instead",
        game: "4x2x4",
        log: &["1 A 2 1C no", "2 A 3 1A yes", "2 A 4 1D yes", "2 A 1 1B no"],
        expected: "yes\n",
    },
    Case {
        // The "yes" at 3 shows P1 was dealt 1A: P1 asked for a card in hand, which is honest.
        name: "asking for one's own card is foolish, not cheating",
        game: "3x3x3",
        log: &["1 A 2 1A no", "2 A 3 2A no", "3 A 1 1A yes"],
        expected: "yes\n",
    },
    Case {
        // 1A never moves and all three players deny it.
        name: "nobody holds a card all three denied",
        game: "3x3x3",
        log: &["1 A 2 1A no", "2 A 1 1A no", "1 A 3 1A no"],
        expected: "no\n3\n",
    },
    Case {
        // P1 has no cards, so P2 has the first turn.
        name: "a player dealt nothing does not start",
        game: "3x2x3 hands 0,3,3",
        log: &["2 A 3 1A no", "3 A 2 1B no"],
        expected: "yes\n",
    },
    Case {
        // P1 has no cards; P3 and P2 both deny 1A.
        name: "everyone denies a card that never moved",
        game: "3x2x3 hands 0,3,3",
        log: &["2 A 3 1A no", "3 A 2 1A no", "2 A 3 2A no"],
        expected: "no\n2\n",
    },
    Case {
        // P2 denied 1A, so P1 was dealt it; P1 then hands over 1B as well, so P2 held no set-1
        // card when asking. Found by the random cross-check: P1's set-1 need (action 1) is
        // settled by the pin of 1B, and the engine must not reopen it as a free slot.
        name: "asking for a set all of whose cards are known to be elsewhere",
        game: "2x4x2",
        log: &["1 A 2 1A no", "2 A 1 1B yes"],
        expected: "no\n2\n",
    },
    Case {
        name: "the same with a card of the set left: honest",
        game: "3x3x3",
        log: &["1 A 2 1A no", "2 A 1 1B yes"],
        expected: "yes\n",
    },
];

/// Each hand-written case is judged by the oracle and by the engine; both must give the
/// expected contract output (and agree stepwise and on the witness).
#[test]
fn targeted_cases() {
    for case in CASES {
        let rules = case.rules();
        let text = case.text();
        let actions = parse(&text);
        let mut oracle = Oracle::new(rules.sets(), rules.cards_per_set(), rules.hand_sizes());
        let oracle_says = oracle.judge(&actions).contract();
        assert_eq!(
            oracle_says, case.expected,
            "oracle on `{}`:\n{text}",
            case.name
        );
        let report =
            audit(text.as_bytes(), &rules).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert_eq!(
            report.contract(),
            case.expected,
            "engine on `{}`:\n{text}",
            case.name
        );
        assert_eq!(
            disagreement(&mut oracle, &rules, &actions),
            None,
            "engine vs oracle on `{}`",
            case.name
        );
    }
}

/// The spec's samples and one regression, on the standard game (too many deals for the oracle:
/// engine only).
#[test]
fn spec_samples_on_the_standard_game() {
    let rules = Rules::standard();
    let sample1 = "4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
    let sample2 = "6\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3B no\n1 A 4 5B yes\n1 Q 5\n";
    assert_eq!(
        audit(sample1.as_bytes(), &rules).unwrap().contract(),
        "no\n4\n"
    );
    assert_eq!(
        audit(sample2.as_bytes(), &rules).unwrap().contract(),
        "yes\n"
    );
    // P2 denies 1A, 1C and 1D while they never moved, then asks for set 1 and P1 hands over
    // 1B: P2 was dealt no set-1 card and received none, so the ask at 6 is certainly a lie.
    // (Found by the cross-check: an engine that reopens a need settled by a pin says `yes`.)
    let settled_need =
        "6\n1 A 2 1A no\n2 A 1 2A no\n1 A 2 1C no\n2 A 1 2B no\n1 A 2 1D no\n2 A 1 1B yes\n";
    assert_eq!(
        audit(settled_need.as_bytes(), &rules).unwrap().contract(),
        "no\n6\n"
    );
}

/// The oracle itself: deal counts and a few verdicts worked out by hand.
#[test]
fn oracle_sanity() {
    assert_eq!(Oracle::new(3, 3, &[3, 3, 3]).deal_count(), 1680);
    assert_eq!(Oracle::new(4, 2, &[4, 4]).deal_count(), 70);
    assert_eq!(Oracle::new(4, 2, &[3, 3, 2]).deal_count(), 560);
    assert_eq!(Oracle::new(4, 3, &[4, 4, 4]).deal_count(), 34_650);
    let mut oracle = Oracle::new(2, 2, &[2, 2]);
    // P1 asks for 1A: P1 must hold 1B (or 1A itself). P2 says no: P2 lacks 1A.
    assert_eq!(
        oracle.judge(&parse("1\n1 A 2 1A no\n")),
        OracleVerdict::Honest
    );
    // ... so P1 holds 1A, and denying it next is certain cheating.
    assert_eq!(
        oracle.judge(&parse("2\n1 A 2 1A no\n2 A 1 1A no\n")),
        OracleVerdict::Cheated { since: 2 }
    );
    // P1 holds 1A; P2 asks for set 2 and P1 lacks 2A, so P2 holds 2A; P1 asks for set 2, so
    // P1 holds 2B (honest so far); P1 then denying 2B is certain cheating.
    let log = "1 A 2 1A no\n2 A 1 2A no\n1 A 2 2B no\n2 A 1 2B no\n";
    assert_eq!(
        oracle.judge(&parse(&format!("3\n{}", &log[..log.len() - 12]))),
        OracleVerdict::Honest
    );
    assert_eq!(
        oracle.judge(&parse(&format!("4\n{log}"))),
        OracleVerdict::Cheated { since: 4 }
    );
    assert_eq!(oracle.judge(&[]), OracleVerdict::Honest);
    assert_eq!(
        oracle.first_failure(&[0, 0, 1, 1], &parse("1\n1 A 2 2A no\n")),
        Some(1)
    );
    assert_eq!(
        oracle.first_failure(&[0, 1, 1, 0], &parse("1\n1 A 2 2A no\n")),
        Some(1)
    );
    assert_eq!(
        oracle.first_failure(&[0, 1, 0, 1], &parse("1\n1 A 2 2A no\n")),
        None
    );
}
