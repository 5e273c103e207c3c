//! The Go Fish true-deal replay (`fairplay_gofish::truth`, `--true-deal`) never panics, on
//! every variant of the `gofish` target, and agrees with itself and with `judge`:
//!
//! * the replay as a stream (`Replaying`, what the CLI runs), fed the log line by line, gives
//!   exactly what `replay` gives on the whole log, or stops at the same error;
//! * an error `judge` finds (before its verdict is settled) is the replay's error too;
//! * on a log the replay accepts, `judge` accepts it too, with `proved` its verdict;
//! * what the replay finds wrong comes in log order, each at an action of the log and with
//!   that action's line.
//!
//! Input: three header bytes (the rules among `fairplay_fuzz::GOFISH_VARIANTS`, the deal's
//! seed for `fairplay_fuzz::gofish_deal_of`), then a log (no count line).

#![no_main]

use fairplay_fuzz::{gofish_deal_of, gofish_rules};
use fairplay_gofish::truth::{replay, Replaying};
use fairplay_gofish::Verdict;
use fairplay_text::Lines;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [selector, lo, hi, ref log @ ..] = *data else {
        return;
    };
    let rules = gofish_rules(selector);
    let deal = gofish_deal_of(&rules, u16::from_le_bytes([lo, hi]));
    let whole = replay(log, &rules, &deal);

    // The stream, line by line, until its first error.
    let mut replaying = Replaying::new(&rules, &deal);
    let mut lines = Lines::new(log);
    let mut streamed = None;
    let mut numbers = Vec::new();
    while let Some(line) = lines.next_line() {
        if let Err(error) = replaying.step(line, lines.number()) {
            streamed = Some(error);
            break;
        }
        if !line.trim_ascii().is_empty() {
            numbers.push(lines.number());
        }
    }
    let streamed = match streamed {
        Some(error) => Err(error),
        None => Ok(replaying.finish()),
    };
    assert_eq!(streamed, whole, "streamed and whole-log replays differ");

    match (fairplay_gofish::judge(log, &rules), &whole) {
        (Err(judged), replayed) => assert_eq!(
            replayed.as_ref().err(),
            Some(&judged),
            "judge fails, the replay does not fail alike"
        ),
        (Ok(report), Ok(replayed)) => {
            let verdict = match replayed.proved {
                None => Verdict::Honest,
                Some(since) => Verdict::Cheated { since },
            };
            assert_eq!(report.verdict(), verdict, "{replayed:?}");
            let actions: Vec<usize> = replayed.wrong.iter().map(|w| w.action).collect();
            assert!(actions.windows(2).all(|w| w[0] <= w[1]), "{actions:?}");
            for wrong in &replayed.wrong {
                assert!(
                    wrong.action >= 1 && wrong.action <= numbers.len(),
                    "{wrong:?}"
                );
                assert_eq!(wrong.line, numbers[wrong.action - 1], "{wrong:?}");
            }
        }
        // The replay checks every line's rules, judge only until its verdict is settled.
        (Ok(report), Err(_)) => assert!(report.verdict() != Verdict::Honest, "{report:?}"),
    }
});
