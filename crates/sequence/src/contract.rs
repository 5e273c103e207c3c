//! The contract engine: tokens counted per card, as the spec's log format sees the game.

use crate::card::{Card, Jack, CARDS};
use crate::illegal::IllegalMove;
use crate::moves::{Action, ContractMove};

/// The state of a game as the contract format sees it: how many of each card's two spots
/// are covered, and how often each card has been played. Feed it moves in order.
///
/// ```
/// use fairplay_sequence::{Action, Card, ContractGame, ContractMove, IllegalMove};
/// let card = |s: &str| s.parse::<Card>().unwrap();
/// let mut game = ContractGame::new();
/// let place = |c, spot| ContractMove { card: card(c), action: Action::Place, spot: card(spot) };
/// game.feed(place("2s", "2s")).unwrap();
/// let state = game.feed(place("Jd", "2s")).unwrap();
/// assert_eq!(state.tokens(card("2s")), 2);
/// assert_eq!(
///     game.feed(place("2s", "2s")),
///     Err(IllegalMove::SpotsFull { spot: card("2s") })
/// );
/// assert_eq!(game.moves(), 2); // the illegal move changed nothing
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractGame {
    tokens: [u8; CARDS],
    plays: [u8; CARDS],
    moves: usize,
}

impl Default for ContractGame {
    fn default() -> Self {
        ContractGame::new()
    }
}

impl ContractGame {
    /// An empty board, no card played.
    pub fn new() -> ContractGame {
        ContractGame {
            tokens: [0; CARDS],
            plays: [0; CARDS],
            moves: 0,
        }
    }

    /// Judges one move. A legal move is applied and the new state returned; an illegal one
    /// leaves the state as it was.
    pub fn feed(&mut self, mv: ContractMove) -> Result<&ContractGame, IllegalMove> {
        let ContractMove { card, action, spot } = mv;
        if self.plays[card.index()] >= 2 {
            return Err(IllegalMove::CardUsedUp { card });
        }
        match (action, card.jack()) {
            (Action::Remove, None | Some(Jack::TwoEyed)) => {
                return Err(IllegalMove::CannotRemove { card })
            }
            (Action::Place, Some(Jack::OneEyed)) => {
                return Err(IllegalMove::OneEyedPlaces { card })
            }
            _ => {}
        }
        if spot.is_jack() {
            return Err(IllegalMove::JackSpot { spot });
        }
        if !card.is_jack() && card != spot {
            return Err(IllegalMove::WrongSpot { card, spot });
        }
        let tokens = &mut self.tokens[spot.index()];
        match action {
            Action::Place if *tokens >= 2 => return Err(IllegalMove::SpotsFull { spot }),
            Action::Remove if *tokens == 0 => return Err(IllegalMove::NothingToRemove { spot }),
            Action::Place => *tokens += 1,
            Action::Remove => *tokens -= 1,
        }
        self.plays[card.index()] += 1;
        self.moves += 1;
        Ok(self)
    }

    /// How many of the two spots showing `card` are covered (0 for a Jack).
    pub fn tokens(&self, card: Card) -> u8 {
        self.tokens[card.index()]
    }

    /// How many times `card` has been played (0, 1 or 2).
    pub fn plays(&self, card: Card) -> u8 {
        self.plays[card.index()]
    }

    /// Tokens on the board.
    pub fn total_tokens(&self) -> usize {
        self.tokens.iter().map(|&t| usize::from(t)).sum()
    }

    /// Legal moves applied so far.
    pub fn moves(&self) -> usize {
        self.moves
    }
}
