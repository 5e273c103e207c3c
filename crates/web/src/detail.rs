//! A Quartets log error with its kind and parameters, for the page's translation tables: the
//! same error the command line reports (`fairplay_quartets::LogError`), as data rather than a
//! sentence. The sentence stays in the error document's `message`.

use fairplay_quartets::{LogError, NameError, RuleError};
use serde_json::{json, Value};

/// The error's kind and parameters: `{"kind": "parse", "line", "expected", "found"}` for a
/// line that is not an action, `{"kind": "rule:out-of-turn", "line", "action", "actor",
/// "turn"}` and so on for an action that breaks a rule any watcher can check.
pub fn detail(error: &LogError) -> Value {
    match error {
        LogError::Parse(parse) => json!({
            "kind": "parse",
            "line": parse.line(),
            "expected": parse.expected(),
            "found": parse.found(),
        }),
        LogError::Rule {
            line,
            action,
            error,
        } => {
            let (kind, params) = rule(error);
            let mut value =
                json!({ "kind": format!("rule:{kind}"), "line": line, "action": action });
            if let (Value::Object(into), Value::Object(from)) = (&mut value, params) {
                into.extend(from);
            }
            value
        }
    }
}

/// A rule error's kind and its parameters.
fn rule(error: &RuleError) -> (&'static str, Value) {
    match error {
        RuleError::Name(NameError::Player { number, players }) => (
            "no-such-player",
            json!({ "number": number, "players": players }),
        ),
        RuleError::Name(NameError::Set { number, sets }) => {
            ("no-such-set", json!({ "number": number, "sets": sets }))
        }
        RuleError::Name(NameError::Letter { set, letter, last }) => (
            "no-such-card",
            json!({ "set": set, "letter": letter.to_string(), "last": last.to_string() }),
        ),
        RuleError::GameOver { actor } => ("game-over", json!({ "actor": actor.number() })),
        RuleError::OutOfTurn { actor, turn } => (
            "out-of-turn",
            json!({ "actor": actor.number(), "turn": turn.number() }),
        ),
        RuleError::AsksSelf(player) => ("asks-self", json!({ "player": player.number() })),
        RuleError::AsksAbsent { asker, target } => (
            "asks-absent",
            json!({ "asker": asker.number(), "target": target.number() }),
        ),
        RuleError::CardGone(card) => ("card-gone", json!({ "card": card.to_string() })),
        RuleError::SetGone(set) => ("set-gone", json!({ "set": set.to_string() })),
    }
}

/// A Sequence log error's kind and parameters: `{"kind": "parse", "line", "expected",
/// "found"}` for a line that is not a move, `{"kind": "name:mismatch", "line", "square",
/// "shows", "written"}` and so on for a move naming what the board or the game does not have.
pub fn sequence_detail(error: &fairplay_sequence::LogError) -> Value {
    use fairplay_sequence::NameError as Name;
    match error {
        fairplay_sequence::LogError::Parse(parse) => json!({
            "kind": "parse",
            "line": parse.line,
            "expected": parse.expected,
            "found": parse.found,
        }),
        fairplay_sequence::LogError::Name { line, error } => {
            let (kind, mut params) = match error {
                Name::Mismatch {
                    square,
                    shows,
                    written,
                } => (
                    "mismatch",
                    json!({
                        "square": square.to_string(),
                        "shows": shows.map(|c| c.to_string()),
                        "written": written.to_string(),
                    }),
                ),
                Name::CornerSpot(square) => {
                    ("corner-spot", json!({ "square": square.to_string() }))
                }
                Name::MarksWithoutPlacement => ("marks-without-placement", json!({})),
                Name::DiscardInContract => ("discard-in-contract", json!({})),
                Name::SquareNeeded { card } => {
                    ("square-needed", json!({ "card": card.to_string() }))
                }
                Name::NoSuchTeam { team, teams } => (
                    "no-such-team",
                    json!({ "team": team.name(), "teams": teams.count() }),
                ),
            };
            if let Value::Object(map) = &mut params {
                map.insert("kind".into(), json!(format!("name:{kind}")));
                map.insert("line".into(), json!(line));
            }
            params
        }
    }
}
