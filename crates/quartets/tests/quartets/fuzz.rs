//! Robustness: no input makes the parser or the referee panic, and the streaming referee keeps
//! its promises (a rule error changes nothing; once cheating is certain it stays certain).

use fairplay_quartets::explain::{explain, Questions};
use fairplay_quartets::notation::{parse_action, LogReader};
use fairplay_quartets::{audit, Referee, Rules, Verdict};
use fairplay_sim::quartets::{simulate_seeded, Config};
use proptest::prelude::*;

/// Small and odd game sizes, to meet edge cases (one set, one card per set, empty hands).
fn rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::standard()),
        Just(Rules::new(2, 1, 1, Some(vec![1, 0])).unwrap()),
        Just(Rules::new(3, 3, 3, None).unwrap()),
        Just(Rules::new(3, 4, 2, Some(vec![0, 5, 3])).unwrap()),
        Just(Rules::new(16, 16, 26, None).unwrap()),
    ]
}

/// A line made of tokens that are almost right: numbers near the limits, cards with odd sets
/// and letters, answers and kinds that may be wrong.
fn line() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        4 => 0u64..6,
        1 => 6u64..20,
        1 => Just(4_294_967_296u64),
        1 => any::<u64>(),
    ];
    let letter = prop::sample::select(vec!['A', 'B', 'C', 'D', 'E', 'Z', 'a', '@']);
    let kind = prop::sample::select(vec!["A", "A", "A", "Q", "B", ""]);
    let answer = prop::sample::select(vec!["yes", "no", "no", "maybe", ""]);
    let space = prop::sample::select(vec![" ", " ", " ", "  ", "\t", ""]);
    (
        number.clone(),
        kind,
        number.clone(),
        number,
        letter,
        answer,
        space,
        prop::sample::select(vec!["\n", "\n", "\r\n", "\n\n"]),
    )
        .prop_map(|(x, kind, y, set, letter, answer, sp, end)| {
            if kind == "Q" {
                format!("{x}{sp}Q {set}{end}")
            } else {
                format!("{x} {kind}{sp}{y} {set}{letter} {answer}{end}")
            }
        })
}

/// A log of such lines, with a count that is usually right.
fn log() -> impl Strategy<Value = String> {
    (prop::collection::vec(line(), 0..60), -1i64..=1).prop_map(|(lines, skew)| {
        let count = (lines.iter().filter(|l| !l.trim().is_empty()).count() as i64 + skew).max(0);
        format!("{count}\n{}", lines.concat())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_bytes_never_panic(rules in rules(), bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = audit(&bytes, &rules);
        for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
            let _ = parse_action(line, i + 1);
        }
    }

    #[test]
    fn near_miss_logs_never_panic(rules in rules(), log in log()) {
        let _ = audit(log.as_bytes(), &rules);
        let everything = Questions { proof: true, suspects: true, deal: true, knowledge: true, at: None, suspects_work: None };
        let _ = explain(log.as_bytes(), &rules, &everything);
    }

    /// The explanations (proof, suspects, deal, knowledge) hold no panic either, on logs that
    /// play by the turn rules, honest or not (the near-miss logs above mostly stop early).
    #[test]
    fn explanations_never_panic(
        seed in any::<u64>(),
        cheat in 0.0f64..0.5,
        at in 0usize..40,
        small in any::<bool>(),
    ) {
        let rules = if small { Rules::new(3, 3, 3, None).unwrap() } else { Rules::standard() };
        let config = Config::new(rules.clone())
            .with_cheat_rate(cheat)
            .with_foolish_rate(0.2)
            .with_lay_aside_rate(0.5)
            .with_max_actions(60);
        let log = simulate_seeded(&config, seed).log();
        let everything = Questions { proof: true, suspects: true, deal: true, knowledge: true, at: None, suspects_work: None };
        prop_assert!(explain(log.as_bytes(), &rules, &everything).is_ok());
        let _ = explain(log.as_bytes(), &rules, &Questions { at: Some(at), ..everything });
    }

    /// Actions in a small game, whatever they are: the referee accepts or refuses each one,
    /// a refused action leaves everything as it was, and once cheating is certain the verdict
    /// never changes again.
    #[test]
    fn the_streaming_referee_keeps_its_promises(
        rules in rules(),
        actions in prop::collection::vec((1u32..=4, 1u32..=4, 1u32..=4, 0u8..4, any::<bool>(), 0u8..8), 0..200),
    ) {
        let mut referee = Referee::new(rules.clone());
        let mut settled: Option<usize> = None;
        let mut accepted = 0;
        for (x, y, set, letter, granted, kind) in actions {
            // Mostly the player whose turn it is, so that play goes deep into the game.
            let x = if kind % 4 != 3 { referee.turn().map_or(x, |p| p.number()) } else { x };
            let line = if kind == 0 {
                format!("{x} Q {set}")
            } else {
                format!("{x} A {y} {set}{} {}", char::from(b'A' + letter), if granted { "yes" } else { "no" })
            };
            let raw = parse_action(line.as_bytes(), 1).unwrap().unwrap();
            let before = (referee.verdict(), referee.turn(), referee.actions(), referee.witness());
            match referee.apply_raw(raw) {
                Err(_) => {
                    let after = (referee.verdict(), referee.turn(), referee.actions(), referee.witness());
                    prop_assert_eq!(before, after, "a refused action changed the referee");
                }
                Ok(Verdict::Honest) => {
                    accepted += 1;
                    prop_assert_eq!(settled, None, "cheating was certain before");
                }
                Ok(Verdict::Cheated { since }) => {
                    accepted += 1;
                    prop_assert!(since <= referee.actions());
                    prop_assert_eq!(*settled.get_or_insert(since), since);
                }
            }
        }
        prop_assert_eq!(referee.actions(), accepted);
    }
}

#[test]
fn huge_counts_allocate_nothing_up_front() {
    // A count of a billion with two actions: an error naming the end, not an allocation.
    let log = b"1000000000\n1 A 2 3C no\n2 A 1 3B no\n";
    let err = LogReader::new(log).unwrap().find_map(Result::err).unwrap();
    assert_eq!(err.line(), 4);
    assert!(audit(b"99999999999999999999\n", &Rules::standard()).is_err());
}
