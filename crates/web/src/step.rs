//! `step`: the state after the first K actions, for stepping through a game.

use fairplay_quartets::explain::{explain, explain_seat, ExplainError, Questions};
use fairplay_quartets::{Rules, SeatHand};
use fairplay_report::quartets::{KnowledgeDetails, QuartetsDetails};
use fairplay_report::sequence::BoardDetails;
use fairplay_sequence::explain::{board_after, BoardView, Mode};
use fairplay_sequence::{Board, SequenceRules, Square, Team};
use serde::Serialize;

use crate::choice::{Choice, Chosen};
use crate::judge::{failed, no_game};
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

/// The state after the first `after` actions of `log`.
pub fn step(log: &[u8], after: usize, choice: &Choice) -> String {
    match choice.choose(log) {
        Err(why) => no_game(why),
        Ok(Chosen::Quartets(quartets)) => match choice.seat_hand(quartets.rules()) {
            Ok(seat) => quartets_step(log, after, quartets.rules(), seat.as_ref()),
            Err(error) => refuse(&error.into()),
        },
        Ok(Chosen::Sequence(sequence)) => {
            let (mode, teams) = match sequence.rules() {
                SequenceRules::Contract => (Mode::Contract, None),
                SequenceRules::Full(teams) => (Mode::Full, teams),
            };
            match board_after(log, mode, teams, after) {
                Err(error) => failed(Some("sequence"), &error.into()),
                Ok(view) => to_json(&sequence_step(&view, after)),
            }
        }
    }
}

/// The knowledge after `after` actions: a watcher's, or the seat's when there is one.
fn quartets_step(log: &[u8], after: usize, rules: &Rules, seat: Option<&SeatHand>) -> String {
    let mut at = after;
    // At most three tries: past the end, then past the contradiction, each only once.
    for _ in 0..3 {
        let questions = Questions {
            knowledge: true,
            at: Some(at),
            ..Questions::default()
        };
        let explained = match seat {
            Some(hand) => explain_seat(log, hand, &questions),
            None => explain(log, rules, &questions),
        };
        match explained {
            Ok(explanation) => {
                let details = QuartetsDetails::new(&explanation);
                let Some(knowledge) = details.knowledge else {
                    return usage("no knowledge was worked out");
                };
                return to_json(&QuartetsStep {
                    game: "quartets",
                    asked: after,
                    knowledge,
                });
            }
            Err(ExplainError::Log(error)) => {
                return crate::judge::failed_quartets(log, rules, seat, &error.into())
            }
            Err(ExplainError::AtBeyondLog { actions, .. }) => at = actions,
            Err(ExplainError::AtAfterCheating { since, .. }) => at = since - 1,
        }
    }
    usage(format!("no knowledge after action {after}"))
}

fn sequence_step(view: &BoardView, asked: usize) -> SequenceStep {
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
