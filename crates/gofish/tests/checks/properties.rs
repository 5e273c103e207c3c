//! Properties of the engine on generated logs: what the rules promise whatever the log.
//!
//! * once impossible, always impossible: every prefix of a log is judged as the log's verdict
//!   says (`yes` before the first impossible action, `no k` from it on);
//! * the four cards of a rank are interchangeable: renaming the ranks by any permutation, or
//!   spelling them otherwise (`1` for A, lower case), changes nothing, rule errors included;
//! * blank lines, tabs, doubled spaces and CR LF change nothing but the lines' numbers;
//! * honest play, on any variant, is always judged honest.

use fairplay_core::Game as _;
use fairplay_gofish::{FishTurn as EngineFishTurn, GoFish, Rules as EngineRules};
use fairplay_sim::gofish::{simulate_seeded, Config, FishTurn, Rules};
use proptest::prelude::*;

use crate::oracle::notation::RANK_NAMES;

fn engine(rules: &Rules) -> GoFish {
    let fish = match rules.fish_turn {
        FishTurn::Next => EngineFishTurn::Next,
        FishTurn::Asked => EngineFishTurn::Asked,
    };
    GoFish::new(EngineRules::new(rules.players, rules.ranks, Some(rules.hand), fish).unwrap())
}

/// The contract text, or the error's line.
fn outcome(game: &GoFish, log: &str) -> Result<String, usize> {
    game.audit(log.as_bytes())
        .map(|judgement| game.contract(&judgement.verdict))
        .map_err(|e| e.line)
}

/// Any variant: 2 to 10 players, 1 to 13 ranks, any hand that fits, either fish-turn rule.
fn rules() -> impl Strategy<Value = Rules> {
    (2usize..=10, 1usize..=13, any::<bool>(), any::<u8>()).prop_map(|(players, ranks, asked, h)| {
        let most = 4 * ranks / players;
        let hand = usize::from(h) % (most + 1);
        let fish = if asked {
            FishTurn::Asked
        } else {
            FishTurn::Next
        };
        Rules::new(players, ranks, Some(hand), fish).unwrap()
    })
}

/// A simulated log of `rules`: honest or cheating, attentive or not, cut anywhere.
fn game_log(rules: Rules, seed: u64, cheat: f64, memory: f64, stop: f64) -> String {
    let config = Config::new(rules)
        .with_cheat_rate(cheat)
        .with_memory(memory)
        .with_stop_rate(stop)
        .with_max_actions(400);
    simulate_seeded(&config, seed).log()
}

/// Replaces every rank token (the fourth of an ask, the third of a draw or a book).
fn rename(log: &str, name: impl Fn(usize) -> String) -> String {
    let mut out = String::new();
    for line in log.lines() {
        let mut tokens: Vec<String> = line.split(' ').map(str::to_string).collect();
        let at = if tokens.get(1).is_some_and(|t| t == "A") {
            3
        } else {
            2
        };
        if let Some(token) = tokens.get_mut(at) {
            if let Some(r) = RANK_NAMES.iter().position(|n| n == token) {
                *token = name(r);
            }
        }
        out.push_str(&tokens.join(" "));
        out.push('\n');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_prefix_is_judged_as_the_verdict_says(
        rules in rules(), seed in any::<u64>(), cheat in 0.0..0.2f64, memory in 0.0..1.0f64,
    ) {
        let game = engine(&rules);
        let log = game_log(rules, seed, cheat, memory, 0.0);
        let lines: Vec<&str> = log.lines().collect();
        let whole = outcome(&game, &log).expect("a simulated log obeys the rules");
        let k = whole.strip_prefix("no\n").map(|k| k.trim_end().parse::<usize>().unwrap());
        // Every prefix up to 60 actions, then every tenth.
        for n in (0..=lines.len()).filter(|&n| n <= 60 || n % 10 == 0) {
            let prefix: String = lines[..n].iter().map(|l| format!("{l}\n")).collect();
            let expected = match k {
                Some(k) if n >= k => format!("no\n{k}\n"),
                _ => "yes\n".to_string(),
            };
            prop_assert_eq!(outcome(&game, &prefix), Ok(expected), "prefix of {} actions", n);
        }
    }

    #[test]
    fn ranks_are_interchangeable(
        rules in rules(), seed in any::<u64>(), cheat in 0.0..0.3f64,
        order in Just((0..13).collect::<Vec<usize>>()).prop_shuffle(),
        junk in 0usize..40, line_no in any::<prop::sample::Index>(),
    ) {
        let game = engine(&rules);
        let mut log = game_log(rules, seed, cheat, 0.5, 0.02);
        // Sometimes a line that breaks a rule (or names an unknown rank), somewhere.
        if junk < 10 {
            let mut lines: Vec<String> = log.lines().map(str::to_string).collect();
            let at = line_no.index(lines.len() + 1);
            lines.insert(at, ["1 D", "2 B A", "1 A 1 A fish", "2 A 1 K 1", "1 D 2"][junk % 5].into());
            log = lines.join("\n") + "\n";
        }
        let expected = outcome(&game, &log);
        // A permutation of the variant's ranks (the first `ranks` of the shuffled 13).
        let ranks = rules.ranks;
        let mut perm: Vec<usize> = order.into_iter().filter(|&r| r < ranks).collect();
        perm.extend(ranks..13);
        let permuted = rename(&log, |r| RANK_NAMES[perm[r]].to_string());
        prop_assert_eq!(outcome(&game, &permuted), expected.clone(), "{}", permuted);
        let respelled = rename(&log, |r| match r {
            0 => "1".to_string(),
            10 => "11".to_string(),
            11 => "q".to_string(),
            12 => "13".to_string(),
            r => RANK_NAMES[r].to_lowercase(),
        });
        prop_assert_eq!(outcome(&game, &respelled), expected, "{}", respelled);
    }

    #[test]
    fn spacing_and_blank_lines_change_only_line_numbers(
        rules in rules(), seed in any::<u64>(), cheat in 0.0..0.2f64,
        blank in any::<prop::sample::Index>(),
    ) {
        let game = engine(&rules);
        let log = game_log(rules, seed, cheat, 0.5, 0.0);
        let expected = outcome(&game, &log);
        let spaced = log.replace(' ', " \t ").replace('\n', "\r\n");
        prop_assert_eq!(outcome(&game, &spaced), expected.clone());
        let mut lines: Vec<&str> = log.lines().collect();
        lines.insert(blank.index(lines.len() + 1), "   ");
        let blanked = lines.join("\n") + "\n";
        prop_assert_eq!(outcome(&game, &blanked), expected);
    }

    #[test]
    fn honest_play_is_judged_honest(rules in rules(), seed in any::<u64>(), memory in 0.0..1.0f64,
                                    foolish in 0.0..0.5f64) {
        let config = Config::new(rules).with_memory(memory).with_foolish_rate(foolish);
        let log = simulate_seeded(&config, seed).log();
        prop_assert_eq!(outcome(&engine(&rules), &log), Ok("yes\n".to_string()), "{}", log);
    }
}
