//! A Quartets log error with its kind and parameters, for the page's translation tables: the
//! same error the command line reports (`fairplay_quartets::LogError`), as data rather than a
//! sentence. The sentence stays in the error document's `message`. Also a usage error (an
//! impossible variant or hand) as its kind and parameters.

use fairplay_quartets::{HandError, LogError, NameError, RuleError, RulesError};
use fairplay_quartets::{MAX_CARDS, MAX_CARDS_PER_SET, MAX_PLAYERS};
use fairplay_text::CountError;
use serde_json::{json, Value};

use crate::choice::Usage;

/// The error's kind and parameters: `{"kind": "parse", "line", "expected", "found"}` for a
/// line that is not an action, `{"kind": "count:too-few", "line", "declared", ...}` for a log
/// that disagrees with its count line ([`count`]), `{"kind": "rule:out-of-turn", "line",
/// "action", "actor", "turn"}` and so on for an action that breaks a rule any watcher can
/// check.
pub fn detail(error: &LogError) -> Value {
    match error {
        LogError::Parse(parse) => match parse.count() {
            Some(wrong) => count(parse.line(), parse.expected(), wrong, "action"),
            None => json!({
                "kind": "parse",
                "line": parse.line(),
                "expected": parse.expected(),
                "found": parse.found(),
            }),
        },
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
        fairplay_sequence::LogError::Parse(parse) => match &parse.count {
            Some(wrong) => count(parse.line, &parse.expected, wrong, "move"),
            None => json!({
                "kind": "parse",
                "line": parse.line,
                "expected": parse.expected,
                "found": parse.found,
            }),
        },
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

/// A count that cannot be, or that the log disagrees with, on `line`; `noun` is what the log
/// counts (`action`, `move`):
///
/// * `{"kind": "count:too-few", "line", "noun", "declared", "declared_line", "found"}`: the log
///   ends after `found` of the `declared` actions that line `declared_line` announces;
/// * `{"kind": "count:too-many", "line", "noun", "declared", "declared_line", "extra",
///   "text"}`: line `line` holds action `extra` (`declared + 1`), written `text`;
/// * `{"kind": "count:too-large", "line", "expected", "text", "max"}`: the count line's number
///   `text` does not fit in 64 bits (`max` is the most, as a string of digits).
///
/// Counts beyond what JavaScript reads exactly (2^53) are strings of digits.
fn count(line: usize, expected: &str, count: &CountError, noun: &str) -> Value {
    match count {
        CountError::TooFew {
            declared,
            declared_line,
            found,
        } => json!({
            "kind": "count:too-few",
            "line": line,
            "noun": noun,
            "declared": exact(*declared),
            "declared_line": declared_line,
            "found": exact(*found),
        }),
        CountError::TooMany {
            declared,
            declared_line,
            text,
        } => json!({
            "kind": "count:too-many",
            "line": line,
            "noun": noun,
            "declared": exact(*declared),
            "declared_line": declared_line,
            "extra": exact(declared.saturating_add(1)),
            "text": text,
        }),
        CountError::TooLarge { text } => json!({
            "kind": "count:too-large",
            "line": line,
            "expected": expected,
            "text": text,
            "max": u64::MAX.to_string(),
        }),
    }
}

/// `n` as a JSON number when JavaScript reads it exactly, else as a string of its digits.
fn exact(n: u64) -> Value {
    const SAFE: u64 = (1 << 53) - 1;
    if n <= SAFE {
        json!(n)
    } else {
        json!(n.to_string())
    }
}

/// A usage error's kind and parameters:
///
/// * an impossible Quartets variant (`fairplay_quartets::RulesError`): `variant:players`
///   (`players`, `max`), `variant:sets` (`sets`, `cards_per_set`, `max`),
///   `variant:cards-per-set` (`cards_per_set`, `max`), `variant:uneven` (`deck`, `players`,
///   `example`), `variant:hand-count` (`given`, `players`), `variant:hand-sum` (`sum`, `deck`);
/// * a seat's hand that is not one (`fairplay_quartets::HandError`): `hand:no-such-seat`
///   (`seat`, `players`), `hand:not-a-card` (`text`), `hand:no-such-set` (`text`, `sets`),
///   `hand:no-such-letter` (`text`, `last`), `hand:twice` (`card`), `hand:wrong-size` (`seat`,
///   `dealt`, `given`);
/// * `usage:teams` (`teams`), `usage:sequence-rules` (`rules`), `usage:unknown-game` (`game`).
pub fn usage(error: &Usage) -> Value {
    let (kind, mut params) = match error {
        Usage::Rules(error) => variant(error),
        Usage::Hand(error) => hand(error),
        Usage::Teams(teams) => ("usage:teams", json!({ "teams": teams })),
        Usage::SequenceRules(rules) => ("usage:sequence-rules", json!({ "rules": rules })),
        Usage::Game(game) => ("usage:unknown-game", json!({ "game": game })),
        Usage::FishTurn(turn) => ("usage:fish-turn", json!({ "turn": turn })),
        Usage::GoFishRules(error) => gofish_rules(error),
    };
    if let Value::Object(map) = &mut params {
        map.insert("kind".into(), json!(kind));
    }
    params
}

/// Impossible Go Fish rules: their kind and parameters.
fn gofish_rules(error: &fairplay_gofish::RulesError) -> (&'static str, Value) {
    use fairplay_gofish::RulesError as E;
    match error {
        E::Players(players) => (
            "gofish:players",
            json!({ "players": players, "max": fairplay_gofish::MAX_PLAYERS }),
        ),
        E::Ranks(ranks) => (
            "gofish:ranks",
            json!({ "ranks": ranks, "max": fairplay_gofish::MAX_RANKS }),
        ),
        E::Hand {
            players,
            ranks,
            hand,
        } => (
            "gofish:hand",
            json!({
                "players": players,
                "ranks": ranks,
                "hand": hand,
                "need": players * hand,
                "deck": ranks * fairplay_gofish::CARDS_PER_RANK,
            }),
        ),
    }
}

/// An impossible variant's kind and parameters.
fn variant(error: &RulesError) -> (&'static str, Value) {
    match error {
        RulesError::Players(players) => (
            "variant:players",
            json!({ "players": players, "max": MAX_PLAYERS }),
        ),
        RulesError::Sets {
            sets,
            cards_per_set,
        } => (
            "variant:sets",
            json!({
                "sets": sets,
                "cards_per_set": cards_per_set,
                "max": MAX_CARDS / (*cards_per_set).max(1),
            }),
        ),
        RulesError::CardsPerSet(cards) => (
            "variant:cards-per-set",
            json!({ "cards_per_set": cards, "max": MAX_CARDS_PER_SET }),
        ),
        RulesError::Uneven {
            deck,
            players,
            example,
        } => (
            "variant:uneven",
            json!({ "deck": deck, "players": players, "example": example }),
        ),
        RulesError::HandCount { given, players } => (
            "variant:hand-count",
            json!({ "given": given, "players": players }),
        ),
        RulesError::HandSum { sum, deck } => (
            "variant:hand-sum",
            json!({ "sum": exact(*sum), "deck": deck }),
        ),
    }
}

/// A hand that is not one: its kind and parameters.
fn hand(error: &HandError) -> (&'static str, Value) {
    match error {
        HandError::NoSuchSeat { seat, players } => (
            "hand:no-such-seat",
            json!({ "seat": seat, "players": players }),
        ),
        HandError::NotACard(text) => ("hand:not-a-card", json!({ "text": text })),
        HandError::NoSuchSet { text, sets } => {
            ("hand:no-such-set", json!({ "text": text, "sets": sets }))
        }
        HandError::NoSuchLetter { text, last } => (
            "hand:no-such-letter",
            json!({ "text": text, "last": last.to_string() }),
        ),
        HandError::Twice(card) => ("hand:twice", json!({ "card": card.to_string() })),
        HandError::WrongSize { seat, dealt, given } => (
            "hand:wrong-size",
            json!({ "seat": seat.number(), "dealt": dealt, "given": given }),
        ),
    }
}

/// A Go Fish log error with its kind and parameters (the first line the engine refuses before
/// cheating is certain: after it nothing is judged), as [`detail`] gives a Quartets one: `{"kind":
/// "parse", "line", "expected", "found"}` or `{"kind": "gofish:rule:out-of-turn", "line",
/// "action", "actor", "turn"}` and so on.
pub fn gofish_detail(log: &[u8], rules: &fairplay_gofish::Rules) -> Option<Value> {
    let mut referee = fairplay_gofish::Referee::new(*rules);
    let mut lines = fairplay_text::Lines::new(log);
    while let Some(line) = lines.next_line() {
        if referee.contradiction().is_some() {
            return None;
        }
        let number = lines.number();
        match gofish_line(&referee, line) {
            Ok(None) => {}
            // Allowed by the public rules, so applied.
            Ok(Some(action)) => {
                referee.apply(action).ok()?;
            }
            Err(mut detail) => {
                if let Value::Object(map) = &mut detail {
                    map.insert("line".into(), json!(number));
                    map.insert("action".into(), json!(referee.actions() + 1));
                }
                return Some(detail);
            }
        }
    }
    None
}

/// The action `line` holds when the public rules allow it after `referee`'s actions, nothing
/// for a blank line, or why the line is refused: its kind and parameters.
pub fn gofish_line(
    referee: &fairplay_gofish::Referee,
    line: &[u8],
) -> Result<Option<fairplay_gofish::Action>, Value> {
    let raw = match fairplay_gofish::notation::parse_action(line, 0) {
        Ok(None) => return Ok(None),
        Ok(Some(raw)) => raw,
        Err(error) => {
            return Err(json!({
                "kind": "parse",
                "expected": error.expected(),
                "found": error.found(),
            }))
        }
    };
    let action = referee
        .rules()
        .check(raw)
        .map_err(|error| gofish_rule(&error.into()))?;
    referee
        .allows(action)
        .map_err(|error| gofish_rule(&error))?;
    Ok(Some(action))
}

/// A Go Fish rule error's kind (`gofish:rule:*`) and parameters.
fn gofish_rule(error: &fairplay_gofish::RuleError) -> Value {
    use fairplay_gofish::{NameError, RuleError as E};
    let n = |p: &fairplay_gofish::Player| p.number();
    let (kind, params) = match error {
        E::Name(NameError::Player { number, players }) => (
            "no-such-player",
            json!({ "number": number, "players": players }),
        ),
        E::Name(NameError::Rank { rank, ranks }) => (
            "no-such-rank",
            json!({ "rank": rank.to_string(), "ranks": ranks }),
        ),
        E::AllBooked { actor, books } => {
            ("all-booked", json!({ "actor": n(actor), "books": books }))
        }
        E::LoneHolder { actor, holder } => (
            "lone-holder",
            json!({ "actor": n(actor), "holder": n(holder) }),
        ),
        E::OutOfTurn { actor, turn } => {
            ("out-of-turn", json!({ "actor": n(actor), "turn": n(turn) }))
        }
        E::AsksSelf(player) => ("asks-self", json!({ "player": n(player) })),
        E::AsksEmptyHand { asker, target } => (
            "asks-empty-hand",
            json!({ "asker": n(asker), "target": n(target) }),
        ),
        E::AsksBooked { asker, rank } => (
            "asks-booked",
            json!({ "asker": n(asker), "rank": rank.to_string() }),
        ),
        E::HandsOverTooMany {
            target,
            cards,
            holds,
        } => (
            "hands-over-too-many",
            json!({ "target": n(target), "cards": cards, "holds": holds }),
        ),
        E::AsksEmpty(player) => ("asks-empty", json!({ "player": n(player) })),
        E::DrawIntoEmptyDue { actor, player } => (
            "draw-into-empty-due",
            json!({ "actor": n(actor), "player": n(player) }),
        ),
        E::MissingDraw { player } => ("missing-draw", json!({ "player": n(player) })),
        E::DrawNotDue(player) => ("draw-not-due", json!({ "player": n(player) })),
        E::StockEmpty(player) => ("stock-empty", json!({ "player": n(player) })),
        E::ShownWrongRank {
            player,
            shown,
            asked,
        } => (
            "shown-wrong-rank",
            json!({ "player": n(player), "shown": shown.to_string(), "asked": asked.to_string() }),
        ),
        E::ShownIntoEmpty(player) => ("shown-into-empty", json!({ "player": n(player) })),
        E::BookTooFew { player, holds } => (
            "book-too-few",
            json!({ "player": n(player), "holds": holds }),
        ),
        E::BookedTwice(rank) => ("booked-twice", json!({ "rank": rank.to_string() })),
        E::BookOutOfPlace(player) => ("book-out-of-place", json!({ "player": n(player) })),
    };
    let mut value = json!({ "kind": format!("gofish:rule:{kind}") });
    if let (Value::Object(into), Value::Object(from)) = (&mut value, params) {
        into.extend(from);
    }
    value
}
