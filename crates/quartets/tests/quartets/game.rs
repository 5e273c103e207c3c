//! Quartets as a `fairplay_core::Game`: the fast audit and the line-by-line referee, driven by
//! the core's generic audit (from a slice and from a stream), give the same judgement (or the
//! same error) on simulated logs, on logs with a wrong count line, and on logs with a line
//! broken.

use fairplay_core::{audit_lines, audit_reader, Game};
use fairplay_quartets::{Quartets, Rules};
use fairplay_sim::quartets::{simulate_seeded, Config};

fn variants() -> Vec<Rules> {
    vec![
        Rules::standard(),
        Rules::new(3, 3, 3, None).unwrap(),
        Rules::new(3, 4, 2, Some(vec![3, 3, 2])).unwrap(),
    ]
}

fn agree(game: &Quartets, log: &str) {
    let fast = game.audit(log.as_bytes());
    assert_eq!(fast, audit_lines(game, log.as_bytes()), "{log}");
    // Read as a stream, a few bytes at a time.
    let trickle = std::io::BufReader::with_capacity(7, log.as_bytes());
    assert_eq!(fast, audit_reader(game, trickle, 4096), "{log}");
}

#[test]
fn fast_audit_and_streaming_referee_agree() {
    let mut fouls = 0;
    for rules in variants() {
        let game = Quartets::new(rules.clone());
        for seed in 0..1500u64 {
            let config = Config::new(rules.clone()).with_cheat_rate(0.05);
            let log = simulate_seeded(&config, seed).log();
            agree(&game, &log);
            fouls += usize::from(game.audit(log.as_bytes()).unwrap().verdict.foul().is_some());
            // A count line that disagrees, and a line broken in the middle of the log.
            let mut lines: Vec<&str> = log.lines().collect();
            let count: usize = lines[0].parse().unwrap();
            let wrong = format!("{}\n{}", count + 1, lines[1..].join("\n"));
            assert!(game.audit(wrong.as_bytes()).is_err());
            agree(&game, &wrong);
            if lines.len() > 2 {
                let middle = lines.len() / 2;
                lines[middle] = "1 A 2 3C maybe";
                agree(&game, &lines.join("\n"));
            }
        }
    }
    // A count of one, held by no action or by two: the sentence counts in the singular.
    let game = Quartets::new(Rules::standard());
    for log in ["1\n", "1\n1 A 2 3C no\n2 A 1 3B no\n"] {
        agree(&game, log);
        let error = game.audit(log.as_bytes()).unwrap_err().to_string();
        assert!(error.contains("1 action as line 1 says"), "{error}");
    }
    // The logs exercise both verdicts.
    assert!(fouls > 500 && fouls < 4000, "{fouls} fouls");
}
