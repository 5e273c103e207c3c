//! Validated moves: what was written, checked against the board (and the teams playing).

use std::fmt;

use crate::board::{Board, Square};
use crate::card::Card;
use crate::notation::{RawAction, RawMarks, RawMove, RawSpot};
use crate::team::{Team, Teams};

/// Placing or removing a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `P`
    Place,
    /// `R`
    Remove,
}

/// A move of the contract format: a card, `P`/`R`, and the card the spot shows.
///
/// The spot may be any card, even a Jack (no spot shows one: that move is illegal, which is
/// the engine's business, not the notation's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContractMove {
    /// The card played.
    pub card: Card,
    /// Place or remove.
    pub action: Action,
    /// The card shown by the spot.
    pub spot: Card,
}

/// What a move of the full rules does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FullAction {
    /// Place a token on the square.
    Place(Square),
    /// Remove the token from the square.
    Remove(Square),
    /// Discard a dead card (to draw another); no token moves.
    Discard,
}

/// A move of the full rules: who (if the log says), which card, and what it does where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FullMove {
    /// The team named in the log; `None` means "whoever's turn it is".
    pub team: Option<Team>,
    /// The card played.
    pub card: Card,
    /// What the card does.
    pub action: FullAction,
    /// The sequences a placement marks, if the log records them (binding when it does).
    pub marks: RawMarks,
}

impl fmt::Display for FullMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(team) = self.team {
            write!(f, "{team} ")?;
        }
        match self.action {
            FullAction::Place(square) => write!(f, "{} P {square}", self.card)?,
            FullAction::Remove(square) => write!(f, "{} R {square}", self.card)?,
            FullAction::Discard => write!(f, "{} D", self.card)?,
        }
        if !self.marks.is_empty() {
            write!(f, " {}", self.marks)?;
        }
        Ok(())
    }
}

/// A move that names something the board or the game does not have. Unlike an illegal move,
/// this is a broken log: it is reported as an error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// `card@square` where the square shows another card (or is a corner).
    #[error("square {square} shows {}, not {written}", shown(*.shows))]
    Mismatch {
        /// The square written.
        square: Square,
        /// What it shows (`None`: a free corner).
        shows: Option<Card>,
        /// The card written before `@`.
        written: Card,
    },
    /// A contract move whose spot is a bare corner square: it shows no card.
    #[error("square {0} is a free corner: it shows no card, and the contract rules judge cards")]
    CornerSpot(Square),
    /// Marked sequences on a line that places no token (only a placement completes one).
    #[error("only a placement (`P`) completes a sequence, so only it may record marked squares")]
    MarksWithoutPlacement,
    /// A discard in a contract log.
    #[error("discards (`D`) belong to the full rules, not to the contract format")]
    DiscardInContract,
    /// A full-rules placement or removal that names no square.
    #[error("the full rules need the square of every placement and removal (such as `{card}@B7` or `B7`), found only `{card}`")]
    SquareNeeded {
        /// The card written as the spot.
        card: Card,
    },
    /// A team that does not play.
    #[error("there is no team {team} in a {teams}")]
    NoSuchTeam {
        /// The team named.
        team: Team,
        /// The teams playing.
        teams: Teams,
    },
}

fn shown(card: Option<Card>) -> String {
    match card {
        Some(card) => card.to_string(),
        None => "nothing (a free corner)".to_string(),
    }
}

impl Board {
    /// The square of a spot written `card@square`, after checking that it shows that card.
    fn checked(&self, spot: RawSpot) -> Result<RawSpot, NameError> {
        if let RawSpot::Both(written, square) = spot {
            let shows = self.card_at(square);
            if shows != Some(written) {
                return Err(NameError::Mismatch {
                    square,
                    shows,
                    written,
                });
            }
        }
        Ok(spot)
    }

    /// Checks a move for the contract rules. A square, if written, stands for the card it
    /// shows; a team, if written, is not judged.
    ///
    /// ```
    /// use fairplay_sequence::{notation::parse_move, Action, Board};
    /// let board = Board::standard();
    /// let raw = parse_move(b"1 Jd P 5s@E1 blue", 2).unwrap().unwrap();
    /// let checked = board.contract_move(&raw).unwrap();
    /// assert_eq!((checked.action, checked.spot.to_string()), (Action::Place, "5s".into()));
    /// let wrong = parse_move(b"1 Jd P 7h@E1", 2).unwrap().unwrap();
    /// assert_eq!(board.contract_move(&wrong).unwrap_err().to_string(), "square E1 shows 5s, not 7h");
    /// ```
    pub fn contract_move(&self, raw: &RawMove) -> Result<ContractMove, NameError> {
        let (action, spot) = match raw.action {
            RawAction::Place(spot) => (Action::Place, spot),
            RawAction::Remove(spot) => (Action::Remove, spot),
            RawAction::Discard => return Err(NameError::DiscardInContract),
        };
        let spot = match self.checked(spot)? {
            RawSpot::Card(card) | RawSpot::Both(card, _) => card,
            RawSpot::Square(square) => self.card_at(square).ok_or(NameError::CornerSpot(square))?,
        };
        Ok(ContractMove {
            card: raw.card,
            action,
            spot,
        })
    }

    /// Checks a move for the full rules played by `teams`: placements and removals must name
    /// their square, and a team named must play.
    ///
    /// ```
    /// use fairplay_sequence::{notation::parse_move, Board, FullAction, Teams};
    /// let board = Board::standard();
    /// let raw = parse_move(b"1 5s P E1 green", 2).unwrap().unwrap();
    /// let checked = board.full_move(&raw, Teams::Two).unwrap();
    /// assert!(matches!(checked.action, FullAction::Place(square) if square.to_string() == "E1"));
    /// let red = parse_move(b"1 5s P E1 red", 2).unwrap().unwrap();
    /// assert!(board.full_move(&red, Teams::Two).is_err());
    /// assert!(board.full_move(&red, Teams::Three).is_ok());
    /// ```
    pub fn full_move(&self, raw: &RawMove, teams: Teams) -> Result<FullMove, NameError> {
        if let Some(team) = raw.team {
            if !teams.contains(team) {
                return Err(NameError::NoSuchTeam { team, teams });
            }
        }
        let square = |spot: RawSpot| match self.checked(spot)? {
            RawSpot::Square(square) | RawSpot::Both(_, square) => Ok(square),
            RawSpot::Card(card) => Err(NameError::SquareNeeded { card }),
        };
        let action = match raw.action {
            RawAction::Place(spot) => FullAction::Place(square(spot)?),
            RawAction::Remove(spot) => FullAction::Remove(square(spot)?),
            RawAction::Discard => FullAction::Discard,
        };
        if !raw.marks.is_empty() && !matches!(action, FullAction::Place(_)) {
            return Err(NameError::MarksWithoutPlacement);
        }
        Ok(FullMove {
            team: raw.team,
            card: raw.card,
            action,
            marks: raw.marks,
        })
    }
}
