//! Sequence as a `fairplay_core::Game`: the audits and the line-by-line referee, driven by the
//! core's generic audit, give the same judgement (or the same error) on simulated games with
//! injected illegal moves, by both rule sets, and with a line broken.

use fairplay_core::{audit_lines, audit_reader, Game};
use fairplay_sequence::{Sequence, SequenceRules, Teams};
use fairplay_sim::sequence::{simulate_seeded, Config};

#[test]
fn audits_and_streaming_referee_agree() {
    let cases = [
        (SequenceRules::Contract, Config::contract()),
        (
            SequenceRules::Full(Some(Teams::Two)),
            Config::full(Teams::Two),
        ),
        (
            SequenceRules::Full(Some(Teams::Three)),
            Config::full(Teams::Three),
        ),
    ];
    for (rules, config) in cases {
        let game = Sequence::new(rules);
        let config = config.with_inject_rate(0.02);
        let mut fouls = 0;
        for seed in 0..600u64 {
            let log = simulate_seeded(&config, seed).log();
            let fast = game.audit(log.as_bytes());
            assert_eq!(fast, audit_lines(&game, log.as_bytes()), "{log}");
            let trickle = std::io::BufReader::with_capacity(5, log.as_bytes());
            assert_eq!(fast, audit_reader(&game, trickle, 4096), "{log}");
            fouls += usize::from(fast.unwrap().verdict.foul().is_some());
            let mut lines: Vec<&str> = log.lines().collect();
            if lines.len() > 2 {
                let middle = lines.len() / 2;
                lines[middle] = "7 5s Q 5s";
                let broken = lines.join("\n");
                assert_eq!(
                    game.audit(broken.as_bytes()),
                    audit_lines(&game, broken.as_bytes())
                );
                // A turn beyond the count, and turns out of order.
                for turn in ["99", "1"] {
                    let mut lines: Vec<String> = log.lines().map(str::to_string).collect();
                    let rest = lines[middle].split_once(' ').unwrap().1.to_string();
                    lines[middle] = format!("{turn} {rest}");
                    let log = lines.join("\n");
                    let fast = game.audit(log.as_bytes());
                    assert!(fast.is_err(), "{log}");
                    assert_eq!(fast, audit_lines(&game, log.as_bytes()), "{log}");
                }
            }
            // A count line that disagrees: one short (the last move is one too many, whatever
            // its turn says: as written, or out of order), or one over (a move is missing).
            let mut lines: Vec<String> = log.lines().map(str::to_string).collect();
            let declared: u64 = lines[0].trim().parse().unwrap();
            let last = lines.len() - 1;
            let rest = lines[last].split_once(' ').unwrap().1.to_string();
            for (count, turn) in [
                (declared - 1, None),
                (declared - 1, Some("1")),
                (declared + 1, None),
            ] {
                lines[0] = count.to_string();
                if let Some(turn) = turn {
                    lines[last] = format!("{turn} {rest}");
                }
                let log = lines.join("\n");
                let fast = game.audit(log.as_bytes());
                assert!(fast.is_err(), "{log}");
                assert_eq!(fast, audit_lines(&game, log.as_bytes()), "{log}");
            }
        }
        assert!(fouls > 60 && fouls < 590, "{rules:?}: {fouls} fouls");
    }
}
