//! `judge`: the verdict of a whole log with its explanation, and the list of its actions.

use fairplay_core::{Game, LogError};
use fairplay_quartets::explain::{explain, explain_seat, ExplainError, Questions};
use fairplay_quartets::{Rules, SeatHand};
use fairplay_report::gofish::GoFishDetails;
use fairplay_report::json::{Document, ErrorDocument};
use fairplay_report::quartets::QuartetsDetails;
use fairplay_report::sequence::SequenceDetails;
use fairplay_sequence::explain::{explain_contract, explain_full};
use fairplay_sequence::SequenceRules;
use serde::Serialize;

use crate::choice::{Choice, Chosen, NoGame};
use crate::{refuse, to_json, usage};

/// How many actions the page lets the search for the fewest cheaters replay: far below the
/// command line's default, so that a verdict stays instant; past it the suspects say that the
/// minimum is a lower bound.
pub const SUSPECTS_WORK: usize = 1 << 16;

/// One action of a log, as the list of actions shows it.
#[derive(Debug, Serialize)]
pub struct ActionLine {
    /// Its 1-based line in the log.
    pub line: usize,
    /// The line as written, without surrounding blanks.
    pub text: String,
}

/// The response to `judge`: the document of `--format json --explain`, and the actions
/// (both only when the explanation was asked).
#[derive(Serialize)]
struct Judged<'a, D> {
    document: Document<'a, D>,
    #[serde(skip_serializing_if = "Option::is_none")]
    actions: Option<Vec<ActionLine>>,
    /// Quartets, cheating certain: the reason of the verdict with its parameters
    /// (`fairplay_quartets::Reason`), for translation tables.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<fairplay_quartets::Reason>,
}

/// The response to a log that cannot be judged: the error document of `--format json`.
#[derive(Serialize)]
pub(crate) struct Failed<'a> {
    document: ErrorDocument<'a>,
    /// The error's kind and parameters, for translation tables (`detail.rs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<serde_json::Value>,
}

/// The response for a log of `game` (when known) that cannot be judged.
pub(crate) fn failed(game: Option<&str>, error: &LogError) -> String {
    to_json(&Failed {
        document: ErrorDocument::new(game, error),
        detail: None,
    })
}

/// The response for a Quartets log that cannot be judged, with the error's parameters: the
/// engine's own error, read again from the log (the core's error carries only its words).
pub(crate) fn failed_quartets(
    log: &[u8],
    rules: &Rules,
    seat: Option<&SeatHand>,
    error: &LogError,
) -> String {
    let typed = match seat {
        Some(hand) => fairplay_quartets::audit_seat(log, hand).err(),
        None => fairplay_quartets::audit(log, rules).err(),
    };
    to_json(&Failed {
        document: ErrorDocument::new(Some("quartets"), error),
        detail: typed.as_ref().map(crate::detail::detail),
    })
}

/// The response for a Go Fish log that cannot be judged, with the error's parameters: the
/// log read again by the engine up to the line it refuses.
pub(crate) fn failed_gofish(
    log: &[u8],
    rules: &fairplay_gofish::Rules,
    error: &LogError,
) -> String {
    to_json(&Failed {
        document: ErrorDocument::new(Some("gofish"), error),
        detail: crate::detail::gofish_detail(log, rules),
    })
}

/// The response for a game that cannot be chosen.
pub(crate) fn no_game(why: NoGame) -> String {
    match why {
        NoGame::Usage(error) => refuse(&error),
        NoGame::Log(error) => failed(None, &error),
    }
}

/// The response for a Sequence log that cannot be judged, with the error's parameters: the
/// engine's own error, read again from the log by the rules chosen.
pub(crate) fn failed_sequence(log: &[u8], rules: SequenceRules, error: &LogError) -> String {
    let typed = match rules {
        SequenceRules::Contract => explain_contract(log).err(),
        SequenceRules::Full(teams) => explain_full(log, teams).err(),
    };
    to_json(&Failed {
        document: ErrorDocument::new(Some("sequence"), error),
        detail: typed.as_ref().map(crate::detail::sequence_detail),
    })
}

/// Judges `log` as `choice` says and, if asked, explains the verdict.
pub fn judge(log: &[u8], explained: bool, choice: &Choice) -> String {
    let chosen = match choice.choose(log) {
        Ok(chosen) => chosen,
        Err(why) => return no_game(why),
    };
    let game = chosen.game();
    let seat = match &chosen {
        Chosen::Quartets(quartets) => match choice.seat_hand(quartets.rules()) {
            Ok(seat) => seat,
            Err(error) => return refuse(&error.into()),
        },
        Chosen::Sequence(_) | Chosen::GoFish(_) => None,
    };
    let audited = match (&chosen, &seat) {
        // The log read as the seat knows the game: the same errors, the seat's verdict.
        (Chosen::Quartets(quartets), Some(hand)) => {
            quartets.judge_seat(log, hand).map_err(LogError::from)
        }
        _ => game.audit(log),
    };
    let judgement = match audited {
        Ok(judgement) => judgement,
        Err(error) => {
            return match &chosen {
                Chosen::Quartets(quartets) => {
                    failed_quartets(log, quartets.rules(), seat.as_ref(), &error)
                }
                Chosen::Sequence(sequence) => failed_sequence(log, sequence.rules(), &error),
                Chosen::GoFish(gofish) => failed_gofish(log, gofish.rules(), &error),
            }
        }
    };
    // The game's explanation as a JSON value: one response type for both games.
    let respond = |details: Option<serde_json::Value>, actions, reason| {
        to_json(&Judged {
            document: Document::new(game, &judgement, details),
            actions,
            reason,
        })
    };
    if !explained {
        return respond(None, None, None);
    }
    let actions = Some(actions(game, log));
    match &chosen {
        Chosen::Quartets(quartets) => {
            let questions = Questions {
                proof: true,
                suspects: true,
                deal: true,
                suspects_work: Some(SUSPECTS_WORK),
                ..Questions::default()
            };
            let explained = match &seat {
                Some(hand) => explain_seat(log, hand, &questions),
                None => explain(log, quartets.rules(), &questions),
            };
            match explained {
                Ok(explanation) => respond(
                    serde_json::to_value(QuartetsDetails::new(&explanation)).ok(),
                    actions,
                    explanation.contradiction.map(|c| c.reason),
                ),
                Err(ExplainError::Log(error)) => failed(Some(game.name()), &error.into()),
                Err(error) => usage(error.to_string()),
            }
        }
        Chosen::Sequence(sequence) => {
            let explained = match sequence.rules() {
                SequenceRules::Contract => explain_contract(log),
                SequenceRules::Full(teams) => explain_full(log, teams),
            };
            match explained {
                Ok(explanation) => respond(
                    serde_json::to_value(SequenceDetails::new(&explanation)).ok(),
                    actions,
                    None,
                ),
                Err(error) => failed(Some(game.name()), &error.into()),
            }
        }
        Chosen::GoFish(gofish) => {
            let questions = fairplay_gofish::explain::Questions {
                proof: true,
                suspects: true,
                deal: true,
                ..Default::default()
            };
            match fairplay_gofish::explain::explain(log, gofish.rules(), &questions) {
                Ok(explanation) => respond(
                    serde_json::to_value(GoFishDetails::new(&explanation)).ok(),
                    actions,
                    None,
                ),
                Err(error) => failed(Some(game.name()), &error),
            }
        }
    }
}

/// The action lines of a log that `game` judged: every line after the count line (for a game
/// that has one) that the game's notation reads as an action.
pub fn actions(game: &dyn Game, log: &[u8]) -> Vec<ActionLine> {
    let mut lines = fairplay_text::Lines::new(log);
    let mut referee = game.referee();
    let mut counted = false;
    let mut actions = Vec::new();
    while let Some(line) = lines.next_line() {
        let number = lines.number();
        let text = line.trim_ascii();
        if text.is_empty() {
            continue;
        }
        // A game without a count line (Go Fish) reads every line as an action.
        if game.counted() && !std::mem::replace(&mut counted, true) {
            if let Some(count) = fairplay_text::decimal(text) {
                referee.expect(count);
            }
            continue;
        }
        if referee.read_line(line, number).unwrap_or(false) {
            actions.push(ActionLine {
                line: number,
                text: String::from_utf8_lossy(text).into_owned(),
            });
        }
    }
    actions
}
