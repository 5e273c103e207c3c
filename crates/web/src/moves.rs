//! `moves`: what the public rules of Go Fish allow next after the lines entered at the table,
//! so that the table offers only those: the asks (each target and rank with the answers the
//! asked player's hand allows), the draws and the books, each checked by the engine
//! ([`Referee::allows`]), and what a watcher knows after the lines (the ranks the player on
//! turn may hold).

use fairplay_gofish::explain::{explain, Knowledge, Questions};
use fairplay_gofish::notation::parse_action;
use fairplay_gofish::{Action, Answer, GoFish, Referee};
use fairplay_text::Lines;
use serde::Serialize;

use crate::choice::{Choice, Chosen};
use crate::judge::{failed, no_game};
use crate::{to_json, usage};

/// An ask the rules allow: `target` asked for `rank`, with the answers allowed (`fish`, or
/// the number of cards handed over).
#[derive(Serialize)]
struct Ask {
    target: u32,
    rank: String,
    answers: Vec<serde_json::Value>,
}

/// A draw the rules allow: unseen (`shown` null) or shown.
#[derive(Serialize)]
struct Draw {
    player: u32,
    shown: Option<String>,
}

/// A book the rules allow.
#[derive(Serialize)]
struct Book {
    player: u32,
    rank: String,
}

/// The response to `moves`.
#[derive(Serialize)]
struct Moves {
    game: &'static str,
    /// Whose turn it is to ask or draw; `null` when the game is over.
    turn: Option<u32>,
    /// The asks allowed (all by `turn`).
    asks: Vec<Ask>,
    /// The draws allowed (all by `turn`).
    draws: Vec<Draw>,
    /// The books allowed (by any player at the start, else by the one just given cards).
    books: Vec<Book>,
    /// What a watcher knows after the lines (before the foul, if cheating is certain).
    knowledge: Option<Knowledge>,
}

/// The moves the rules allow after `lines` (lines the rules refuse are skipped, as the live
/// referee skips them).
pub fn moves(lines: &[u8], choice: &Choice) -> String {
    let mut choice = choice.clone();
    choice.game = Some("gofish".into());
    let gofish = match choice.choose(lines) {
        Ok(Chosen::GoFish(gofish)) => gofish,
        Ok(_) => return usage("moves are offered for Go Fish only"),
        Err(why) => return no_game(why),
    };
    let (referee, accepted) = replay(&gofish, lines);
    let rules = *gofish.rules();
    let mut answer = Moves {
        game: "gofish",
        turn: None,
        asks: Vec::new(),
        draws: Vec::new(),
        books: Vec::new(),
        knowledge: None,
    };
    let allowed = |action: Action| referee.allows(action).is_ok();
    for player in rules.all_players() {
        for rank in rules.all_ranks() {
            if allowed(Action::Book { player, rank }) {
                answer.books.push(Book {
                    player: player.number(),
                    rank: rank.to_string(),
                });
            }
        }
        for shown in std::iter::once(None).chain(rules.all_ranks().map(Some)) {
            if allowed(Action::Draw { player, shown }) {
                answer.turn = Some(player.number());
                answer.draws.push(Draw {
                    player: player.number(),
                    shown: shown.map(|r| r.to_string()),
                });
            }
        }
        for target in rules.all_players() {
            for rank in rules.all_ranks() {
                let answers: Vec<serde_json::Value> = std::iter::once(Answer::Fish)
                    .chain((1..=3).map(Answer::Cards))
                    .filter(|&answer| {
                        allowed(Action::Ask {
                            asker: player,
                            target,
                            rank,
                            answer,
                        })
                    })
                    .map(|answer| match answer {
                        Answer::Fish => serde_json::json!("fish"),
                        Answer::Cards(n) => serde_json::json!(n),
                    })
                    .collect();
                if !answers.is_empty() {
                    answer.turn = Some(player.number());
                    answer.asks.push(Ask {
                        target: target.number(),
                        rank: rank.to_string(),
                        answers,
                    });
                }
            }
        }
    }
    let questions = Questions {
        knowledge: true,
        ..Questions::default()
    };
    match explain(&accepted, &rules, &questions) {
        Ok(explanation) => answer.knowledge = explanation.knowledge,
        Err(error) => return failed(Some("gofish"), &error),
    }
    to_json(&answer)
}

/// The referee after the lines the rules accept, and those lines as a log.
fn replay(gofish: &GoFish, lines: &[u8]) -> (Referee, Vec<u8>) {
    let mut referee = Referee::new(*gofish.rules());
    let mut accepted = Vec::new();
    let mut reader = Lines::new(lines);
    while let Some(line) = reader.next_line() {
        let Ok(Some(raw)) = parse_action(line, reader.number()) else {
            continue;
        };
        if referee.apply_raw(raw).is_ok() {
            accepted.extend_from_slice(line.trim_ascii());
            accepted.push(b'\n');
        }
    }
    (referee, accepted)
}
