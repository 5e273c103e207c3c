//! `step`: the state after the first K actions, for stepping through a game.

use fairplay_quartets::explain::{ExplainError, Stepper};
use fairplay_quartets::{Rules, SeatHand};
use fairplay_report::quartets::KnowledgeDetails;
use fairplay_report::sequence::BoardDetails;
use fairplay_sequence::explain::{BoardView, Mode, Stepper as SequenceStepper};
use fairplay_sequence::{Board, SequenceRules, Square, Team};
use serde::Serialize;

use crate::choice::{Choice, Chosen};
use crate::judge::{failed, no_game};
use crate::session;
use crate::{refuse, to_json, usage};

/// The Quartets state after some actions: what a watcher knows.
#[derive(Serialize)]
struct QuartetsStep<'a> {
    game: &'static str,
    /// The actions asked for.
    asked: usize,
    /// Who certainly or possibly holds each card, hand counts and sets held, after
    /// `knowledge.after` actions: `asked`, or the last action some deal fits when cheating is
    /// certain by `asked` (no deal fits after it, so nobody possibly holds anything).
    knowledge: KnowledgeDetails<'a>,
}

/// The Go Fish state after some actions: what a watcher knows.
#[derive(Serialize)]
struct GoFishStep<'a> {
    game: &'static str,
    /// The actions asked for.
    asked: usize,
    /// The ranks of the game, in order (the rows of the page's grid).
    ranks: Vec<String>,
    /// The range of every count after `knowledge.after` actions: `asked`, or the last action
    /// some deal fits when cheating is certain by `asked` (as `--knowledge --at K`).
    knowledge: &'a fairplay_gofish::explain::Knowledge,
}

/// The Sequence board after some moves.
#[derive(Serialize)]
struct SequenceStep {
    game: &'static str,
    /// The moves asked for.
    asked: usize,
    /// The legal moves on the board: `asked`, or those before the first illegal move.
    played: usize,
    /// The board (the `board` of `--explain --format json`, at this moment).
    board: BoardDetails,
    /// The card each square shows, `A1` first, row by row; empty for a free corner.
    squares: Vec<String>,
    /// Full rules: completed sequences, by team.
    sequences: Vec<(Team, usize)>,
}

/// The state after the first `after` actions of `log`, or of the log kept by the last
/// `judge` (or `step` with a log) when there is none (`session.rs`).
pub fn step(log: Option<String>, after: usize, choice: &Choice) -> String {
    if let Some(log) = log {
        session::keep(log.into_bytes());
    }
    let Some(chosen) = session::with_log(|log| choice.choose(log)) else {
        return usage("no log to step through: judge one first");
    };
    match chosen {
        Err(why) => no_game(why),
        Ok(Chosen::Quartets(quartets)) => match choice.seat_hand(quartets.rules()) {
            Ok(seat) => quartets_step(after, quartets.rules(), seat.as_ref()),
            Err(error) => refuse(&error.into()),
        },
        Ok(Chosen::GoFish(gofish)) => gofish_step(after, &gofish),
        Ok(Chosen::Sequence(sequence)) => sequence_step(after, sequence.rules()),
    }
}

/// The knowledge after `after` actions of the log kept: a watcher's, or the seat's when there
/// is one; past the end, that at the end; at or past the contradiction, that just before it.
fn quartets_step(after: usize, rules: &Rules, seat: Option<&SeatHand>) -> String {
    let key = format!("{rules:?}|{seat:?}");
    let make = |log: &[u8]| match seat {
        Some(hand) => Stepper::seated(log, hand),
        None => Stepper::new(log, rules),
    };
    session::with_quartets_stepper(key, make, |log, stepper| {
        let stepper = match stepper {
            Ok(stepper) => stepper,
            Err(ExplainError::Log(error)) => {
                return crate::judge::failed_quartets(log, rules, seat, &error.clone().into())
            }
            Err(error) => return usage(error.to_string()),
        };
        let mut at = after.min(stepper.actions());
        if let Some(contradiction) = stepper.contradiction() {
            at = at.min(contradiction.action - 1);
        }
        match stepper.knowledge(at) {
            Ok(knowledge) => to_json(&QuartetsStep {
                game: "quartets",
                asked: after,
                knowledge: KnowledgeDetails::new(&knowledge),
            }),
            Err(error) => usage(error.to_string()),
        }
    })
    .unwrap_or_else(|| usage("no log to step through: judge one first"))
}

/// What a watcher knows after `after` actions of the log kept, as `--knowledge --at K` answers
/// it (past the end, at the end; at or past the foul, just before it): from the Go Fish stepper
/// of that log and those rules (made at the first step).
fn gofish_step(after: usize, gofish: &fairplay_gofish::GoFish) -> String {
    let rules = gofish.rules();
    let make = |log: &[u8]| fairplay_gofish::Stepper::new(log, rules);
    session::with_gofish_stepper(format!("{rules:?}"), make, |_, stepper| match stepper {
        Ok(stepper) => to_json(&GoFishStep {
            game: "gofish",
            asked: after,
            ranks: rules.all_ranks().map(|r| r.to_string()).collect(),
            knowledge: &stepper.knowledge(after),
        }),
        Err(error) => failed(Some("gofish"), error),
    })
    .unwrap_or_else(|| usage("no log to step through: judge one first"))
}

/// The board after `after` moves of the log kept, by `rules`: from the Sequence stepper of
/// that log and those rules (made at the first step), as `board_after` gives it.
fn sequence_step(after: usize, rules: SequenceRules) -> String {
    let (mode, teams) = match rules {
        SequenceRules::Contract => (Mode::Contract, None),
        SequenceRules::Full(teams) => (Mode::Full, teams),
    };
    let key = format!("{mode:?}|{teams:?}");
    let make = |log: &[u8]| SequenceStepper::new(log, mode, teams);
    session::with_sequence_stepper(key, make, |_, stepper| match stepper {
        Ok(stepper) => to_json(&board_step(&stepper.board_after(after), after)),
        Err(error) => failed(Some("sequence"), &error.clone().into()),
    })
    .unwrap_or_else(|| usage("no log to step through: judge one first"))
}

fn board_step(view: &BoardView, asked: usize) -> SequenceStep {
    let (played, sequences) = match view {
        BoardView::Contract(game) => (game.moves(), Vec::new()),
        BoardView::Full(game) => (
            game.moves(),
            game.teams()
                .all()
                .map(|team| (team, game.sequence_count(team)))
                .collect(),
        ),
    };
    let board = Board::standard();
    SequenceStep {
        game: "sequence",
        asked,
        played,
        board: BoardDetails::after(view, played),
        squares: Square::all()
            .map(|square| {
                board
                    .card_at(square)
                    .map(|c| c.to_string())
                    .unwrap_or_default()
            })
            .collect(),
        sequences,
    }
}
