//! `live`: lines entered at the table, judged as a live game, one event per line.
//!
//! Each event is its line of `--live` (`text`) and its object of `--live --format json`
//! (`event`); a step once cheating is certain (Quartets) or once a move was illegal (Sequence)
//! also carries `reason`: the engine's reason with its parameters, which the event gives only
//! in words (the `fairplay_quartets::Reason`, as `reason` of `judge`; the Sequence illegal move,
//! as `explanation.illegal` of `judge`). A Quartets line skipped as an error carries `detail`:
//! the engine's error as its kind and parameters (as `detail` of `judge`, without the line and
//! action, which the event's `error` has).
//!
//! Everything comes from one pass of the live driver over the lines, the referee recording on
//! the way what the words leave out, so that the time is linear in the lines.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_core::live::Event;
use fairplay_core::{Game, LogError, Referee, Step, Verdict, Words};
use fairplay_gofish::GoFishReferee;
use fairplay_quartets::QuartetsReferee;
use fairplay_report::live::{json, line};
use fairplay_report::sequence::SequenceDetails;
use fairplay_sequence::explain::{explain_contract, explain_full};
use fairplay_sequence::SequenceRules;

use crate::choice::{Choice, Chosen};
use crate::judge::no_game;
use crate::to_json;

/// The events of the lines entered so far, as a JSON array.
pub fn live(lines: &[u8], choice: &Choice) -> String {
    let chosen = match choice.choose(lines) {
        Ok(chosen) => chosen,
        Err(why) => return no_game(why),
    };
    let recording = Recording {
        chosen: &chosen,
        record: Mutex::default(),
    };
    let words = chosen.game().words();
    // Each event's JSON object without its closing brace, and whether it is a step after a
    // foul: the reason is added at the end (a Sequence move is explained only then).
    let mut events: Vec<(bool, String)> = Vec::new();
    let run = fairplay_core::live::run(&recording, lines, DEFAULT_MAX_LINE, |event| {
        let foul = matches!(&event, Event::Step { verdict, .. } if verdict.foul().is_some());
        let detail = match &event {
            Event::Ignored(_) => recording.record().detail.take(),
            _ => None,
        };
        let mut object = String::from("{\"text\":");
        object.push_str(&to_json(&line(words, &event)));
        object.push_str(",\"event\":");
        object.push_str(&json(&event));
        if let Some(detail) = detail {
            object.push_str(",\"detail\":");
            object.push_str(&to_json(&detail));
        }
        events.push((foul, object));
        Ok(())
    });
    if let Err(error) = run {
        return crate::usage(format!("cannot read the lines: {error}"));
    }
    let record = recording
        .record
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    let reason = match &chosen {
        Chosen::Quartets(_) | Chosen::GoFish(_) => record.reason,
        Chosen::Sequence(sequence) if record.illegal => {
            sequence_illegal(&record.taken, record.moves, sequence.rules())
        }
        Chosen::Sequence(_) => None,
    }
    .map(|reason| to_json(&reason));
    let size = events
        .iter()
        .map(|(_, object)| object.len() + 2)
        .sum::<usize>();
    let mut out = String::with_capacity(size + 2);
    out.push('[');
    for (i, (foul, object)) in events.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(object);
        if let (true, Some(reason)) = (foul, &reason) {
            out.push_str(",\"reason\":");
            out.push_str(reason);
        }
        out.push('}');
    }
    out.push(']');
    out
}

/// The chosen game as the live driver plays it, its referees recording what the events say
/// only in words.
struct Recording<'a> {
    chosen: &'a Chosen,
    record: Mutex<Record>,
}

/// What the referee recorded.
#[derive(Default)]
struct Record {
    /// Quartets, Go Fish: the engine's reason of the first foul, with its parameters.
    reason: Option<serde_json::Value>,
    /// Quartets: the error of the line just skipped, as its kind and parameters (taken by the
    /// driver's event for that line, which follows at once).
    detail: Option<serde_json::Value>,
    /// Sequence: the lines judged as moves up to the first illegal one, as a log's body (the
    /// illegal move is explained from them), and how many they are.
    taken: Vec<u8>,
    moves: usize,
    /// Sequence: whether a move was illegal.
    illegal: bool,
}

impl Recording<'_> {
    fn record(&self) -> MutexGuard<'_, Record> {
        // Nothing panics while the record is held; should it, the record is still whole.
        self.record.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Game for Recording<'_> {
    fn name(&self) -> &'static str {
        self.chosen.game().name()
    }

    fn rules(&self) -> Arc<str> {
        self.chosen.game().rules()
    }

    fn words(&self) -> &'static Words {
        self.chosen.game().words()
    }

    fn recognises(&self, line: &[u8]) -> bool {
        self.chosen.game().recognises(line)
    }

    fn counted(&self) -> bool {
        self.chosen.game().counted()
    }

    fn contract(&self, verdict: &Verdict) -> String {
        self.chosen.game().contract(verdict)
    }

    fn referee(&self) -> Box<dyn Referee + '_> {
        let inner = match self.chosen {
            Chosen::Quartets(quartets) => {
                Inner::Quartets(Box::new(QuartetsReferee::new(quartets.rules().clone())))
            }
            Chosen::Sequence(sequence) => Inner::Other(sequence.referee()),
            Chosen::GoFish(gofish) => Inner::GoFish(Box::new(GoFishReferee::new(*gofish.rules()))),
        };
        Box::new(RecordingReferee {
            inner,
            recording: self,
        })
    }
}

/// The game's own referee.
enum Inner<'a> {
    /// Quartets: its errors are the engine's own (`apply_typed`), with their parameters.
    Quartets(Box<QuartetsReferee>),
    /// Go Fish: the reason of a foul is the engine's, with its parameters.
    GoFish(Box<GoFishReferee>),
    Other(Box<dyn Referee + 'a>),
}

struct RecordingReferee<'a> {
    inner: Inner<'a>,
    recording: &'a Recording<'a>,
}

impl Referee for RecordingReferee<'_> {
    fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, LogError> {
        match &mut self.inner {
            Inner::Quartets(referee) => match referee.apply_typed(line, number) {
                Ok(step) => {
                    let fresh = step.as_ref().is_some_and(|step| step.foul.is_some());
                    let mut record = self.recording.record();
                    if fresh && record.reason.is_none() {
                        record.reason = referee
                            .engine()
                            .contradiction()
                            .and_then(|c| serde_json::to_value(c.reason).ok());
                    }
                    Ok(step)
                }
                Err(error) => {
                    let mut detail = crate::detail::detail(&error);
                    if let serde_json::Value::Object(map) = &mut detail {
                        map.remove("line");
                        map.remove("action");
                    }
                    self.recording.record().detail = Some(detail);
                    Err(error.into())
                }
            },
            Inner::GoFish(referee) => {
                let applied = referee.apply_line(line, number);
                if applied.is_err() {
                    // The line's error as its kind and parameters (the referee is unchanged).
                    self.recording.record().detail =
                        crate::detail::gofish_line(referee.engine(), line).err();
                }
                if let Ok(Some(step)) = &applied {
                    let mut record = self.recording.record();
                    if step.foul.is_some() && record.reason.is_none() {
                        record.reason = referee
                            .engine()
                            .contradiction()
                            .and_then(|c| serde_json::to_value(c.reason).ok());
                    }
                }
                applied
            }
            Inner::Other(referee) => {
                let applied = referee.apply_line(line, number);
                if let Ok(Some(step)) = &applied {
                    let mut record = self.recording.record();
                    if !record.illegal {
                        record.taken.extend_from_slice(line);
                        record.taken.push(b'\n');
                        record.moves += 1;
                        record.illegal = step.foul.is_some();
                    }
                }
                applied
            }
        }
    }

    fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, LogError> {
        match &mut self.inner {
            Inner::Quartets(referee) => referee.read_line(line, number),
            Inner::GoFish(referee) => referee.read_line(line, number),
            Inner::Other(referee) => referee.read_line(line, number),
        }
    }

    fn actions(&self) -> usize {
        match &self.inner {
            Inner::Quartets(referee) => referee.actions(),
            Inner::GoFish(referee) => referee.actions(),
            Inner::Other(referee) => referee.actions(),
        }
    }

    fn verdict(&self) -> &Verdict {
        match &self.inner {
            Inner::Quartets(referee) => referee.verdict(),
            Inner::GoFish(referee) => referee.verdict(),
            Inner::Other(referee) => referee.verdict(),
        }
    }
}

/// The illegal move of a live Sequence game with its parameters: the `moves` lines taken in
/// up to the first illegal one (`body`), explained by the engine as a whole log.
fn sequence_illegal(body: &[u8], moves: usize, rules: SequenceRules) -> Option<serde_json::Value> {
    let mut log = format!("{moves}\n").into_bytes();
    log.extend_from_slice(body);
    let explanation = match rules {
        SequenceRules::Contract => explain_contract(&log),
        SequenceRules::Full(teams) => explain_full(&log, teams),
    }
    .ok()?;
    let mut details = serde_json::to_value(SequenceDetails::new(&explanation)).ok()?;
    let illegal = details.get_mut("illegal")?.take();
    (!illegal.is_null()).then_some(illegal)
}
