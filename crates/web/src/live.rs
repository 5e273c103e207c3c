//! `live`: lines entered at the table, judged as a live game, one event per line.

use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_core::live::Event;
use fairplay_quartets::Rules;
use fairplay_report::live::{json, line};
use fairplay_report::sequence::SequenceDetails;
use fairplay_sequence::explain::{explain_contract, explain_full};
use fairplay_sequence::SequenceRules;
use serde::Serialize;

use crate::choice::{Choice, Chosen};
use crate::judge::no_game;
use crate::to_json;

/// One event of a live game: its line of `--live` and its object of `--live --format json`.
#[derive(Serialize)]
struct LiveEvent {
    text: String,
    event: serde_json::Value,
    /// A step once cheating is certain (Quartets) or once a move was illegal (Sequence): the
    /// engine's reason with its parameters, which the event carries only in words: the
    /// `fairplay_quartets::Reason` (as `reason` of `judge`), the Sequence illegal move (as
    /// `explanation.illegal` of `judge`: its kind, parameters, `what` and `rule`).
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<serde_json::Value>,
    /// Quartets, a line skipped as an error: the error's kind and parameters (as `detail` of
    /// a `judge` response, without the line and action: the event's `error` has them).
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<serde_json::Value>,
}

/// What the live run saw that the foul's reason is worked out from.
#[derive(Default)]
struct Seen {
    /// Whether the first non-blank line was a count line, and skipped.
    count_skipped: bool,
    /// Lines skipped as errors.
    ignored: Vec<usize>,
    /// The line of the first foul.
    foul_line: Option<usize>,
}

/// The events of the lines entered so far.
pub fn live(lines: &[u8], choice: &Choice) -> String {
    let chosen = match choice.choose(lines) {
        Ok(chosen) => chosen,
        Err(why) => return no_game(why),
    };
    let game = chosen.game();
    let words = game.words();
    let mut events = Vec::new();
    let mut seen = Seen::default();
    let run = fairplay_core::live::run(game, lines, DEFAULT_MAX_LINE, |event| {
        match &event {
            Event::CountSkipped => seen.count_skipped = true,
            Event::Ignored(error) => seen.ignored.push(error.line),
            Event::Step { verdict, .. } if seen.foul_line.is_none() => {
                seen.foul_line = verdict.foul().map(|foul| foul.line);
            }
            _ => {}
        }
        let foul = matches!(&event, Event::Step { verdict, .. } if verdict.foul().is_some());
        events.push((
            foul,
            LiveEvent {
                text: line(words, &event),
                event: serde_json::from_str(&json(&event)).unwrap_or_default(),
                reason: None,
                detail: None,
            },
        ));
        Ok(())
    });
    if let Err(error) = run {
        return crate::usage(format!("cannot read the lines: {error}"));
    }
    let replayed = match &chosen {
        Chosen::Quartets(quartets) => replay(lines, quartets.rules(), &seen),
        Chosen::Sequence(sequence) => Replayed {
            reason: sequence_illegal(lines, sequence.rules(), &seen),
            ignored: Vec::new(),
        },
    };
    let events: Vec<LiveEvent> = events
        .into_iter()
        .map(|(foul, mut event)| {
            if foul {
                event.reason.clone_from(&replayed.reason);
            }
            let line = event.event["error"]["line"].as_u64();
            if let Some((_, detail)) = replayed
                .ignored
                .iter()
                .find(|(number, _)| Some(*number as u64) == line)
            {
                event.detail = Some(detail.clone());
            }
            event
        })
        .collect();
    to_json(&events)
}

/// What the engine says, with parameters, about the lines of a live Quartets game: the reason
/// of the first foul, and the error of each line skipped as one. Both come from the lines the
/// live game took in, judged as a whole log by the engine (the live events carry them in
/// words only).
struct Replayed {
    reason: Option<serde_json::Value>,
    /// Per skipped line: its number and its error's kind and parameters.
    ignored: Vec<(usize, serde_json::Value)>,
}

/// `taken` as a log: its count line, then the lines.
fn as_log(taken: &[&[u8]]) -> Vec<u8> {
    let mut log = format!("{}\n", taken.len()).into_bytes();
    for text in taken {
        log.extend_from_slice(text);
        log.push(b'\n');
    }
    log
}

/// The illegal move of a live Sequence game with its parameters: the lines taken in up to the
/// first illegal one, explained by the engine as a whole log.
fn sequence_illegal(lines: &[u8], rules: SequenceRules, seen: &Seen) -> Option<serde_json::Value> {
    let until = seen.foul_line?;
    let mut reader = fairplay_text::Lines::new(lines);
    let mut taken: Vec<&[u8]> = Vec::new();
    let mut first = true;
    while let Some(text) = reader.next_line() {
        let number = reader.number();
        if number > until {
            break;
        }
        if text.trim_ascii().is_empty() {
            continue;
        }
        if std::mem::take(&mut first) && seen.count_skipped {
            continue;
        }
        if !seen.ignored.contains(&number) {
            taken.push(text);
        }
    }
    let log = as_log(&taken);
    let explanation = match rules {
        SequenceRules::Contract => explain_contract(&log),
        SequenceRules::Full(teams) => explain_full(&log, teams),
    }
    .ok()?;
    let mut details = serde_json::to_value(SequenceDetails::new(&explanation)).ok()?;
    let illegal = details.get_mut("illegal")?.take();
    (!illegal.is_null()).then_some(illegal)
}

fn replay(lines: &[u8], rules: &Rules, seen: &Seen) -> Replayed {
    let mut replayed = Replayed {
        reason: None,
        ignored: Vec::new(),
    };
    let mut reader = fairplay_text::Lines::new(lines);
    let mut taken: Vec<&[u8]> = Vec::new();
    let mut first = true;
    while let Some(text) = reader.next_line() {
        let number = reader.number();
        if text.trim_ascii().is_empty() {
            continue;
        }
        if std::mem::take(&mut first) && seen.count_skipped {
            continue;
        }
        if seen.ignored.contains(&number) {
            // Only a line the engine reads as an action can be judged again.
            if text.len() <= DEFAULT_MAX_LINE {
                taken.push(text);
                if let Err(error) = fairplay_quartets::audit(&as_log(&taken), rules) {
                    let mut detail = crate::detail::detail(&error);
                    // The line and action are those of the log made here: the page's are the
                    // event's own.
                    if let serde_json::Value::Object(map) = &mut detail {
                        map.remove("line");
                        map.remove("action");
                    }
                    replayed.ignored.push((number, detail));
                }
                taken.pop();
            }
            continue;
        }
        taken.push(text);
        if Some(number) == seen.foul_line {
            replayed.reason = fairplay_quartets::audit(&as_log(&taken), rules)
                .ok()
                .and_then(|report| report.cheating)
                .and_then(|cheating| serde_json::to_value(cheating.contradiction.reason).ok());
        }
    }
    replayed
}
