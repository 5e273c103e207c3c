//! The full-rules engine: squares, teams, sequences and winning.

use crate::board::{Board, Square, SIDE, SQUARES};
use crate::card::{Card, Jack, CARDS};
use crate::illegal::IllegalMove;
use crate::moves::{FullAction, FullMove};
use crate::team::{Team, Teams};

/// Squares in a sequence.
pub const SEQUENCE_LENGTH: usize = 5;

/// What is on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A free corner: counts for every team, never holds a token.
    Corner,
    /// No token.
    Empty,
    /// A team's token.
    Token {
        /// Whose token it is.
        team: Team,
        /// Whether it is part of a completed sequence (then it can never be removed).
        locked: bool,
    },
}

/// A completed sequence: five squares in a line held by one team (corners included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sequence {
    /// The team it counts for.
    pub team: Team,
    /// Its squares, in line order.
    pub squares: [Square; SEQUENCE_LENGTH],
}

/// A game under the full rules. Feed it moves in order; it follows the board, whose turn it
/// is, the sequences and the winner.
///
/// * Teams move in turn: blue, green (, red), blue first. A move may name its team; if it
///   does, it must be the team on turn.
/// * A non-Jack card places on an empty square showing it; a two-eyed Jack (`Jd`, `Jc`) on
///   any empty square but a corner; a one-eyed Jack (`Jh`, `Js`) removes an opponent's token
///   that is not part of a completed sequence.
/// * Five in a row, column or diagonal held by one team (corners count for everybody) make a
///   sequence; a team's sequences may share at most one square with each other. Two sequences
///   win with two teams, one with three; no move follows a win.
/// * Before playing, a team may discard one dead card (both its squares covered) per turn.
/// * Each card is played (or discarded) at most twice: there are two decks.
///
/// ```
/// use fairplay_sequence::{notation::parse_move, Board, FullGame, IllegalMove, Team, Teams};
/// let board = Board::standard();
/// let mut game = FullGame::new(Teams::Two);
/// let mut play = |line: &str| {
///     let raw = parse_move(line.as_bytes(), 1).unwrap().unwrap();
///     game.feed(board.full_move(&raw, Teams::Two).unwrap()).map(|g| g.to_move())
/// };
/// assert_eq!(play("1 5s P 5s@E1 blue"), Ok(Some(Team::GREEN)));
/// assert_eq!(play("2 Jh R E1"), Ok(Some(Team::BLUE))); // green removes blue's token
/// assert_eq!(
///     play("3 Js R F1 blue"),
///     Err(IllegalMove::NoToken { square: "F1".parse().unwrap() })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FullGame {
    board: Board,
    teams: Teams,
    cells: [Cell; SQUARES],
    plays: [u8; CARDS],
    sequences: Vec<Sequence>,
    turn: Team,
    discarded: bool,
    winner: Option<Team>,
    moves: usize,
}

/// The four line directions as (column, row) steps: row, column, two diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

fn step(square: Square, (dc, dr): (isize, isize), times: isize) -> Option<Square> {
    let column = square.column() as isize + dc * times;
    let row = square.row() as isize + dr * times;
    if (0..SIDE as isize).contains(&column) && (0..SIDE as isize).contains(&row) {
        Square::new(column as usize, row as usize)
    } else {
        None
    }
}

impl FullGame {
    /// A new game on the standard board.
    pub fn new(teams: Teams) -> FullGame {
        FullGame::with_board(Board::standard().clone(), teams)
    }

    /// A new game on any board.
    pub fn with_board(board: Board, teams: Teams) -> FullGame {
        let mut cells = [Cell::Empty; SQUARES];
        for square in Square::all().filter(|s| board.card_at(*s).is_none()) {
            cells[square.index()] = Cell::Corner;
        }
        FullGame {
            board,
            teams,
            cells,
            plays: [0; CARDS],
            sequences: Vec::new(),
            turn: Team::BLUE,
            discarded: false,
            winner: None,
            moves: 0,
        }
    }

    /// Judges one move. A legal move is applied and the new state returned; an illegal one
    /// leaves the state as it was.
    pub fn feed(&mut self, mv: FullMove) -> Result<&FullGame, IllegalMove> {
        let FullMove { team, card, action } = mv;
        if let Some(winner) = self.winner {
            return Err(IllegalMove::GameOver { winner });
        }
        let turn = self.turn;
        if let Some(team) = team {
            if team != turn {
                return Err(IllegalMove::OutOfTurn { team, turn });
            }
        }
        if self.plays[card.index()] >= 2 {
            return Err(IllegalMove::CardUsedUp { card });
        }
        match action {
            FullAction::Discard => {
                if self.discarded {
                    return Err(IllegalMove::SecondDiscard { card });
                }
                let Some(squares) = self.board.squares_of(card) else {
                    return Err(IllegalMove::DiscardJack { card });
                };
                if let Some(&square) = squares.iter().find(|s| self.cell(**s) == Cell::Empty) {
                    return Err(IllegalMove::DiscardLive { card, square });
                }
                self.discarded = true;
            }
            FullAction::Place(square) => {
                match card.jack() {
                    Some(Jack::OneEyed) => return Err(IllegalMove::OneEyedPlaces { card }),
                    Some(Jack::TwoEyed) if self.cell(square) == Cell::Corner => {
                        return Err(IllegalMove::Corner { card, square })
                    }
                    Some(Jack::TwoEyed) => {}
                    None => {
                        let shows = self.board.card_at(square);
                        if shows != Some(card) {
                            return Err(IllegalMove::WrongSquare {
                                card,
                                square,
                                shows,
                            });
                        }
                    }
                }
                if let Cell::Token { team: holder, .. } = self.cell(square) {
                    return Err(IllegalMove::Occupied { square, holder });
                }
                self.cells[square.index()] = Cell::Token {
                    team: turn,
                    locked: false,
                };
                self.find_sequences(square, turn);
                self.end_turn();
            }
            FullAction::Remove(square) => {
                if card.jack() != Some(Jack::OneEyed) {
                    return Err(IllegalMove::CannotRemove { card });
                }
                match self.cell(square) {
                    Cell::Corner | Cell::Empty => return Err(IllegalMove::NoToken { square }),
                    Cell::Token { team, .. } if team == turn => {
                        return Err(IllegalMove::OwnToken { team, square })
                    }
                    Cell::Token {
                        team: holder,
                        locked: true,
                    } => return Err(IllegalMove::InSequence { square, holder }),
                    Cell::Token { .. } => self.cells[square.index()] = Cell::Empty,
                }
                self.end_turn();
            }
        }
        self.plays[card.index()] += 1;
        self.moves += 1;
        Ok(self)
    }

    fn end_turn(&mut self) {
        self.turn = self.teams.after(self.turn);
        self.discarded = false;
    }

    /// Records the sequences that a token of `team` just placed on `placed` completes.
    ///
    /// In each direction, the windows of five through `placed` held by `team` are taken from
    /// the first; one counts if it shares at most one square with every sequence `team`
    /// already has (including one found just before in the same line).
    fn find_sequences(&mut self, placed: Square, team: Team) {
        let holds = |game: &FullGame, square: Option<Square>| match square.map(|s| game.cell(s)) {
            Some(Cell::Corner) => true,
            Some(Cell::Token { team: t, .. }) => t == team,
            _ => false,
        };
        for direction in DIRECTIONS {
            let span = SEQUENCE_LENGTH as isize - 1;
            let back = (1..=span)
                .take_while(|&k| holds(self, step(placed, direction, -k)))
                .count() as isize;
            let ahead = (1..=span)
                .take_while(|&k| holds(self, step(placed, direction, k)))
                .count() as isize;
            for first in -back..=(ahead - span).min(0) {
                let squares: [Square; SEQUENCE_LENGTH] = std::array::from_fn(|i| {
                    step(placed, direction, first + i as isize).unwrap_or(placed)
                });
                let fits = self
                    .sequences
                    .iter()
                    .filter(|s| s.team == team)
                    .all(|s| s.squares.iter().filter(|q| squares.contains(q)).count() <= 1);
                if fits {
                    for square in squares {
                        if let Cell::Token { locked, .. } = &mut self.cells[square.index()] {
                            *locked = true;
                        }
                    }
                    self.sequences.push(Sequence { team, squares });
                }
            }
        }
        if self.sequence_count(team) >= self.teams.sequences_to_win() {
            self.winner = Some(team);
        }
    }

    /// What is on `square`.
    pub fn cell(&self, square: Square) -> Cell {
        self.cells[square.index()]
    }

    /// The board played on.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The teams playing.
    pub fn teams(&self) -> Teams {
        self.teams
    }

    /// The team whose turn it is; `None` once a team has won.
    pub fn to_move(&self) -> Option<Team> {
        self.winner.is_none().then_some(self.turn)
    }

    /// The team that has won, if one has.
    pub fn winner(&self) -> Option<Team> {
        self.winner
    }

    /// Whether the team on turn has already discarded a dead card this turn.
    pub fn has_discarded(&self) -> bool {
        self.discarded
    }

    /// The completed sequences, in the order they were made.
    pub fn sequences(&self) -> &[Sequence] {
        &self.sequences
    }

    /// How many sequences `team` has completed.
    pub fn sequence_count(&self, team: Team) -> usize {
        self.sequences.iter().filter(|s| s.team == team).count()
    }

    /// How many times `card` has been played or discarded (0, 1 or 2).
    pub fn plays(&self, card: Card) -> u8 {
        self.plays[card.index()]
    }

    /// Legal moves applied so far (discards included).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Tokens on the board.
    pub fn tokens(&self) -> usize {
        self.cells
            .iter()
            .filter(|c| matches!(c, Cell::Token { .. }))
            .count()
    }
}
