//! Long legal Sequence games for the stepper's tests and benchmark (`benches/sequence.rs`
//! includes this file too).

use fairplay_sequence::notation::parse_move;
use fairplay_sequence::{Board, Cell, FullGame, FullRules, Square, Teams, SQUARES};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A legal game of `moves` moves under the full rules with no cap on card plays, which no
/// team wins: random placements (two-eyed Jacks now and then) and removals by one-eyed Jacks,
/// a move that would win left out. Simulated games end within some hundred moves (a win, or
/// no card left to play); these run as long as asked, sequences made and kept on the way, so
/// that a step starts from many positions the stepper keeps. The engine only says whether a
/// move is legal; the stepper is checked against the replay, not against this.
pub fn long_game(teams: Teams, moves: usize, seed: u64) -> Vec<String> {
    let board = Board::standard();
    let mut game = FullGame::with_rules(FullRules::new(teams).with_card_plays(None));
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut lines = Vec::new();
    let mut tries = 0;
    while lines.len() < moves && tries < moves * 1000 {
        tries += 1;
        let square = Square::all().nth(rng.random_range(0..SQUARES)).unwrap();
        let mover = game.to_move().unwrap();
        let (card, verb) = match game.cell(square) {
            Cell::Empty if rng.random_range(0..10) == 0 => {
                (["Jd", "Jc"][rng.random_range(0..2)].to_string(), "P")
            }
            Cell::Empty => (board.card_at(square).unwrap().to_string(), "P"),
            Cell::Token {
                team,
                locked: false,
            } if team != mover => (["Jh", "Js"][rng.random_range(0..2)].to_string(), "R"),
            _ => continue,
        };
        let text = format!("{} {card} {verb} {square}", lines.len() + 1);
        let raw = parse_move(text.as_bytes(), 1).unwrap().unwrap();
        let mut next = game.clone();
        if next.feed(board.full_move(&raw, teams).unwrap()).is_ok() && next.winner().is_none() {
            game = next;
            lines.push(text);
        }
    }
    assert_eq!(lines.len(), moves, "a game of {moves} moves");
    lines
}

/// `lines` (moves without their turn numbers or with) as a log, turns numbered from 1.
pub fn as_log(lines: &[String]) -> String {
    let mut log = format!("{}\n", lines.len());
    for (i, line) in lines.iter().enumerate() {
        let rest = line.split_once(' ').map_or(line.as_str(), |(_, rest)| rest);
        log.push_str(&format!("{} {rest}\n", i + 1));
    }
    log
}
