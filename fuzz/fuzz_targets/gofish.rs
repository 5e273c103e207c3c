//! The Go Fish parser and engine on any bytes:
//!
//! * `GoFish::audit` (the `fairplay_core::Game` path every front end takes) and
//!   `fairplay_gofish::judge` never panic and agree: the same verdict and line, or the same
//!   error (kind and line);
//! * the streaming referee, fed the lines one by one: an action refused with an error changes
//!   neither the verdict nor the action count, and the stream goes on; once a foul is found it
//!   stays the same; its first error (before the foul) or its verdict is the audit's;
//! * on the tiny decks, the verdict or the rule error's line is the brute-force oracle's of
//!   `crates/gofish/tests/oracle` (every hidden state over every deal and stock order, no code
//!   shared with the engine), for UTF-8 inputs up to 4 KiB without a carriage return outside a
//!   CR LF (which the reader, as for every game, takes for a blank).
//!
//! Input: one byte choosing the rules (`fairplay_fuzz::GOFISH_VARIANTS`), then a log (no count line).

#![no_main]

#[allow(dead_code, clippy::all)]
#[path = "../../crates/gofish/tests/oracle/mod.rs"]
mod oracle;

use fairplay_core::{Game as _, Verdict as CoreVerdict};
use fairplay_fuzz::{gofish_rules, GOFISH_TINY, GOFISH_VARIANTS};
use fairplay_gofish::GoFish;
use fairplay_text::Lines;
use libfuzzer_sys::fuzz_target;

/// What a log comes to: a verdict (`None`: fair, `Some(k)`) or an error's kind and line.
type Outcome = Result<Option<u64>, (&'static str, usize)>;

fn verdict(verdict: &CoreVerdict) -> Option<u64> {
    match verdict {
        CoreVerdict::Fair => None,
        CoreVerdict::Foul(foul) => Some(foul.action),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, log)) = data.split_first() else {
        return;
    };
    let index = usize::from(selector) % GOFISH_VARIANTS.len();
    let (players, ranks, hand, asked) = GOFISH_VARIANTS[index];
    let rules = gofish_rules(selector);
    let game = GoFish::new(rules);

    let audited: Outcome = match game.audit(log) {
        Ok(judgement) => Ok(verdict(&judgement.verdict)),
        Err(e) => Err((e.kind.name(), e.line)),
    };
    let judged: Outcome = match fairplay_gofish::judge(log, &rules) {
        Ok(report) => Ok(match report.verdict() {
            fairplay_gofish::Verdict::Honest => None,
            fairplay_gofish::Verdict::Cheated { since } => Some(since as u64),
        }),
        Err(e) => Err((e.kind.name(), e.line)),
    };
    assert_eq!(audited, judged, "audit and judge disagree");

    // The stream: every line, judged until the foul, then only read.
    let mut referee = game.referee();
    let mut lines = Lines::new(log);
    let mut first_error = None;
    let mut foul = None;
    while let Some(line) = lines.next_line() {
        let number = lines.number();
        if foul.is_some() {
            if let Err(e) = referee.read_line(line, number) {
                first_error.get_or_insert((e.kind.name(), e.line));
            }
            continue;
        }
        let (before, actions) = (referee.verdict().clone(), referee.actions());
        match referee.apply_line(line, number) {
            Ok(step) => {
                let step_foul = step.and_then(|s| s.foul).map(|f| f.action);
                if let Some(k) = step_foul {
                    assert_eq!(
                        k as usize,
                        referee.actions(),
                        "a foul at the action just read"
                    );
                }
                foul = verdict(referee.verdict());
                assert_eq!(foul, step_foul, "the step tells the foul the verdict holds");
            }
            Err(e) => {
                assert_eq!(
                    *referee.verdict(),
                    before,
                    "a refused line changed the verdict"
                );
                assert_eq!(referee.actions(), actions, "a refused line was counted");
                first_error.get_or_insert((e.kind.name(), e.line));
            }
        }
    }
    let streamed = match first_error {
        Some(error) => Err(error),
        None => Ok(foul),
    };
    assert_eq!(streamed, audited, "the stream and the audit disagree");

    // The oracle, on the tiny decks. It reads text; a byte-order mark is the reader's
    // convention, not part of the log.
    let Ok(text) = std::str::from_utf8(log) else {
        return;
    };
    if index < GOFISH_TINY || log.len() > 4096 {
        return;
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // The project's reader takes a carriage return anywhere for a blank (fairplay_text), where
    // the rules name only spaces and tabs and the CR of a CR LF: such inputs are not compared.
    if text.replace("\r\n", "\n").contains('\r') {
        return;
    }
    let variant = oracle::Variant::new(players, ranks, hand, asked).expect("a variant");
    let run = oracle::judge(text, &variant);
    let expected: Result<Option<u64>, usize> = match run.outcome {
        oracle::Outcome::Yes => Ok(None),
        oracle::Outcome::No(k) => Ok(Some(k as u64)),
        oracle::Outcome::RuleError { line, .. } => Err(line),
    };
    let got = audited.map_err(|(_, line)| line);
    assert_eq!(got, expected, "the engine and the oracle disagree");
});
