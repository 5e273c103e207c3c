//! A log whose lines end in CR LF judges as the same log with LF line ends, in every game: the
//! promise that lets `batch` judge a JSON Lines record as its CR LF twin (each `\n` escape read
//! as two bytes) and judge the exact text again only when the twin gives an error.
//!
//! Logs of both games from the simulators (honest players, cheaters, fools, illegal moves), and
//! the same logs damaged (a byte changed, a line dropped or doubled, blanks and spaces added).

use fairplay_core::batch::{Batch, Judged};
use fairplay_core::Registry;
use fairplay_quartets::{Quartets, Rules};
use fairplay_sequence::{Sequence, SequenceRules, Teams};
use fairplay_sim::{quartets, sequence};

/// The log with every line break written as CR LF.
fn twin(log: &str) -> String {
    log.replace('\n', "\r\n")
}

/// A small deterministic generator, so that a failure names its seed.
fn damaged(log: &str, seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n.max(1) as u64) as usize
    };
    let mut lines: Vec<String> = log.lines().map(String::from).collect();
    let at = next(lines.len());
    match next(6) {
        0 if !lines.is_empty() => drop(lines.remove(at)),
        1 if !lines.is_empty() => lines.insert(at, lines[at].clone()),
        2 => lines.insert(at, String::new()),
        3 if !lines.is_empty() => lines[at].push_str("  "),
        4 if !lines.is_empty() => {
            let mut bytes = lines[at].clone().into_bytes();
            if !bytes.is_empty() {
                let i = next(bytes.len());
                bytes[i] = b" 0123456789AQxyzno\t"[next(19)];
            }
            lines[at] = String::from_utf8(bytes).unwrap();
        }
        _ => return log.trim_end().to_string(),
    }
    lines.join("\n") + "\n"
}

fn assert_twins_agree(batch: &Batch<'_>, log: &str, what: &str) -> Judged {
    let judged = batch.judge(log.as_bytes(), None);
    let twin = batch.judge(twin(log).as_bytes(), None);
    if twin.result.is_ok() {
        assert_eq!(twin, judged, "{what}:\n{log}");
    }
    twin
}

/// Checks a simulated log and a damaged copy; gives whether the log is a foul. The undamaged
/// twin must be judged, not refused.
fn check(batch: &Batch<'_>, log: &str, seed: u64, what: &str) -> bool {
    let twin = assert_twins_agree(batch, log, &format!("{what} seed {seed}"));
    let judgement = twin.result.expect("a simulated log's twin is judged");
    let damaged = damaged(log, seed);
    assert_twins_agree(batch, &damaged, &format!("{what} seed {seed}, damaged"));
    judgement.verdict.foul().is_some()
}

#[test]
fn crlf_twins_judge_as_their_logs() {
    let mut games = Registry::new();
    games
        .register(Quartets::new(Rules::standard()))
        .register(Sequence::new(SequenceRules::Contract));
    let batch = Batch::new(&games, None).unwrap();
    let mut fouls = Vec::new();
    let inject = |seed: u64| if seed % 2 == 0 { 0.02 } else { 0.0 };
    for seed in 0..600u64 {
        let config = quartets::Config::new(Rules::standard())
            .with_cheat_rate([0.0, 0.01, 0.05][seed as usize % 3])
            .with_foolish_rate(if seed % 4 == 0 { 0.2 } else { 0.0 })
            .with_max_actions(300);
        let log = quartets::simulate_seeded(&config, seed).log();
        fouls.push(check(&batch, &log, seed, "quartets"));
        let config = sequence::Config::contract().with_inject_rate(inject(seed));
        let log = sequence::simulate_seeded(&config, seed).log();
        fouls.push(check(&batch, &log, seed, "sequence"));
    }
    // The full rules on the real board, teams told from the log.
    let mut full = Registry::new();
    full.register(Sequence::new(SequenceRules::Full(None)));
    let batch = Batch::new(&full, None).unwrap();
    for seed in 0..200u64 {
        let teams = [Teams::Two, Teams::Three][seed as usize % 2];
        let config = sequence::Config::full(teams).with_inject_rate(inject(seed));
        let log = sequence::simulate_seeded(&config, seed).log();
        fouls.push(check(&batch, &log, seed, "full sequence"));
    }
    // Both verdicts were met.
    let foul = fouls.iter().filter(|&&foul| foul).count();
    assert!(
        foul > 100 && fouls.len() - foul > 100,
        "{foul} fouls of {}",
        fouls.len()
    );
}
