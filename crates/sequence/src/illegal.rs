//! Illegal moves: why an engine refused a move.

use crate::board::Square;
use crate::card::Card;
use crate::team::Team;

/// `once`, `twice`, `3 times`.
fn times(n: u8) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    }
}

/// Why a move is illegal. Engines check in a fixed order and report the first rule broken:
/// the game state (game over, turn), then the card (copies left, what it can do), then the
/// spot or square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, schemars::JsonSchema),
    serde(tag = "kind", rename_all = "kebab-case")
)]
pub enum IllegalMove {
    /// Both modes: a third play of a card; only two decks exist.
    #[error("{card} has already been played twice, and only two decks exist")]
    CardUsedUp {
        /// The card.
        card: Card,
    },
    /// Full rules with a cap other than two plays per card: the card has been played (or
    /// discarded) as often as the rules allow.
    #[error("{card} has already been played {}, the most these rules allow", times(*.plays))]
    CardCapReached {
        /// The card.
        card: Card,
        /// The cap: plays (and discards) allowed per card.
        plays: u8,
    },
    /// Full rules: the sequence a placement records as marked is not one: one of its squares
    /// is not the team's (nor a free corner).
    #[error(
        "the sequence {first}-{last} marked by {team} includes {square}, which is not {team}'s"
    )]
    MarkNotHeld {
        /// The first square of the marked sequence, as written.
        first: Square,
        /// The last square of the marked sequence, as written.
        last: Square,
        /// The team marking.
        team: Team,
        /// A square of the sequence the team does not hold.
        square: Square,
    },
    /// Full rules: the sequence a placement records as marked does not include the square
    /// just covered (a sequence is marked by the move that completes it).
    #[error("the sequence {first}-{last} does not include {square}, the square this move covers")]
    MarkMisses {
        /// The first square of the marked sequence, as written.
        first: Square,
        /// The last square of the marked sequence, as written.
        last: Square,
        /// The square covered.
        square: Square,
    },
    /// Full rules: the sequence a placement records as marked shares more than one square
    /// with another sequence of the team (one marked earlier, or on the same line).
    #[error("the sequence {first}-{last} shares {shared} squares with {team}'s sequence {other_first}-{other_last}; a team's sequences share at most one")]
    MarkShares {
        /// The first square of the marked sequence, as written.
        first: Square,
        /// The last square of the marked sequence, as written.
        last: Square,
        /// The team marking.
        team: Team,
        /// The first square of the other sequence.
        other_first: Square,
        /// The last square of the other sequence.
        other_last: Square,
        /// Squares the two share (2 to 5).
        shared: u8,
    },
    /// Both modes: a non-Jack card or a two-eyed Jack removes a token.
    #[error("{card} cannot remove a token: only the one-eyed Jacks (Jh, Js) remove")]
    CannotRemove {
        /// The card.
        card: Card,
    },
    /// Both modes: a one-eyed Jack places a token.
    #[error("{card} is a one-eyed Jack: it removes a token, it cannot place one")]
    OneEyedPlaces {
        /// The card.
        card: Card,
    },
    /// Contract: the spot is written as a Jack, which no spot shows.
    #[error("no spot shows {spot}: the board has no Jacks")]
    JackSpot {
        /// The spot written.
        spot: Card,
    },
    /// Contract: a non-Jack card is played on a spot showing another card.
    #[error("{card} is played on a spot showing {spot}")]
    WrongSpot {
        /// The card played.
        card: Card,
        /// The spot.
        spot: Card,
    },
    /// Contract: a token is placed where both spots of the card are covered.
    #[error("both {spot} spots are already covered")]
    SpotsFull {
        /// The spot.
        spot: Card,
    },
    /// Contract: a token is removed from a card whose spots are both empty.
    #[error("both {spot} spots are empty: there is no token to remove")]
    NothingToRemove {
        /// The spot.
        spot: Card,
    },
    /// Full rules: a non-Jack card is played on a square that shows another card (or on a
    /// corner).
    #[error("{card} is played on {square}, which shows {}", match shows { Some(c) => c.to_string(), None => "nothing (a free corner)".to_string() })]
    WrongSquare {
        /// The card played.
        card: Card,
        /// The square.
        square: Square,
        /// What the square shows (`None`: a corner).
        shows: Option<Card>,
    },
    /// Full rules: a two-eyed Jack places on a free corner.
    #[error(
        "{card} places on {square}, a free corner that counts for everybody and takes no token"
    )]
    Corner {
        /// The Jack.
        card: Card,
        /// The corner.
        square: Square,
    },
    /// Full rules: a token is placed on an occupied square.
    #[error("{square} already holds a {holder} token")]
    Occupied {
        /// The square.
        square: Square,
        /// The team whose token is there.
        holder: Team,
    },
    /// Full rules: a removal from a square without a token (empty or a corner).
    #[error("{square} holds no token to remove")]
    NoToken {
        /// The square.
        square: Square,
    },
    /// Full rules: a team removes one of its own tokens.
    #[error("{team} removes its own token on {square}: only opponents' tokens may be removed")]
    OwnToken {
        /// The team removing.
        team: Team,
        /// The square.
        square: Square,
    },
    /// Full rules: the token to remove is part of a completed sequence.
    #[error(
        "the {holder} token on {square} is part of a completed sequence and cannot be removed"
    )]
    InSequence {
        /// The square.
        square: Square,
        /// The team whose token it is.
        holder: Team,
    },
    /// Full rules: the team named is not the team whose turn it is.
    #[error("{team} moves, but it is {turn}'s turn")]
    OutOfTurn {
        /// The team named in the log.
        team: Team,
        /// The team whose turn it is (`turn_of` in JSON, beside the move's turn number).
        #[cfg_attr(feature = "serde", serde(rename = "turn_of"))]
        turn: Team,
    },
    /// Full rules: a move after a team has won.
    #[error("{winner} has already won: no move follows a win")]
    GameOver {
        /// The winner.
        winner: Team,
    },
    /// Full rules: a Jack is discarded; Jacks are never dead.
    #[error("{card} is discarded, but a Jack is never dead")]
    DiscardJack {
        /// The Jack.
        card: Card,
    },
    /// Full rules: a card is discarded while one of its squares is empty.
    #[error("{card} is discarded, but it is not dead: {square} is empty")]
    DiscardLive {
        /// The card.
        card: Card,
        /// An empty square showing it.
        square: Square,
    },
    /// Full rules: a second discard in one turn.
    #[error("{card} is a second discard in one turn; one per turn is allowed")]
    SecondDiscard {
        /// The card.
        card: Card,
    },
}

/// The kind of an [`IllegalMove`], without its details: for tests and statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IllegalKind {
    /// A third play of a card. See [`IllegalMove::CardUsedUp`].
    CardUsedUp,
    /// A removal by a card that cannot remove. See [`IllegalMove::CannotRemove`].
    CannotRemove,
    /// A placement by a one-eyed Jack. See [`IllegalMove::OneEyedPlaces`].
    OneEyedPlaces,
    /// Contract: a spot written as a Jack. See [`IllegalMove::JackSpot`].
    JackSpot,
    /// Contract: a card on a spot showing another card. See [`IllegalMove::WrongSpot`].
    WrongSpot,
    /// Contract: both spots of the card covered. See [`IllegalMove::SpotsFull`].
    SpotsFull,
    /// Contract: both spots of the card empty. See [`IllegalMove::NothingToRemove`].
    NothingToRemove,
    /// Full rules: a card on a square showing another card, or on a corner. See [`IllegalMove::WrongSquare`].
    WrongSquare,
    /// Full rules: a two-eyed Jack on a corner. See [`IllegalMove::Corner`].
    Corner,
    /// Full rules: a placement on an occupied square. See [`IllegalMove::Occupied`].
    Occupied,
    /// Full rules: a removal where there is no token. See [`IllegalMove::NoToken`].
    NoToken,
    /// Full rules: a removal of the team's own token. See [`IllegalMove::OwnToken`].
    OwnToken,
    /// Full rules: a removal of a token of a completed sequence. See [`IllegalMove::InSequence`].
    InSequence,
    /// Full rules: a move by a team whose turn it is not. See [`IllegalMove::OutOfTurn`].
    OutOfTurn,
    /// Full rules: a move after the win. See [`IllegalMove::GameOver`].
    GameOver,
    /// Full rules: a Jack discarded. See [`IllegalMove::DiscardJack`].
    DiscardJack,
    /// Full rules: a card discarded that is not dead. See [`IllegalMove::DiscardLive`].
    DiscardLive,
    /// Full rules: a second discard in one turn. See [`IllegalMove::SecondDiscard`].
    SecondDiscard,
    /// Full rules: a recorded marking that is not a sequence of the team. See
    /// [`IllegalMove::MarkNotHeld`], [`IllegalMove::MarkMisses`], [`IllegalMove::MarkShares`].
    BadMarking,
}

impl IllegalKind {
    /// The kinds the contract engine reports.
    pub const CONTRACT: [IllegalKind; 7] = [
        IllegalKind::CardUsedUp,
        IllegalKind::CannotRemove,
        IllegalKind::OneEyedPlaces,
        IllegalKind::JackSpot,
        IllegalKind::WrongSpot,
        IllegalKind::SpotsFull,
        IllegalKind::NothingToRemove,
    ];

    /// The kinds the full-rules engine reports.
    pub const FULL: [IllegalKind; 15] = [
        IllegalKind::CardUsedUp,
        IllegalKind::CannotRemove,
        IllegalKind::OneEyedPlaces,
        IllegalKind::WrongSquare,
        IllegalKind::Corner,
        IllegalKind::Occupied,
        IllegalKind::NoToken,
        IllegalKind::OwnToken,
        IllegalKind::InSequence,
        IllegalKind::OutOfTurn,
        IllegalKind::GameOver,
        IllegalKind::DiscardJack,
        IllegalKind::DiscardLive,
        IllegalKind::SecondDiscard,
        IllegalKind::BadMarking,
    ];
}

impl IllegalKind {
    /// A stable kebab-case name of the kind, for statistics. Verdicts and JSON name the move
    /// itself ([`IllegalMove::name`]), which is finer for a capped card and a bad marking.
    ///
    /// ```
    /// assert_eq!(fairplay_sequence::IllegalKind::CardUsedUp.name(), "card-used-up");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            IllegalKind::CardUsedUp => "card-used-up",
            IllegalKind::CannotRemove => "cannot-remove",
            IllegalKind::OneEyedPlaces => "one-eyed-places",
            IllegalKind::JackSpot => "jack-spot",
            IllegalKind::WrongSpot => "wrong-spot",
            IllegalKind::SpotsFull => "spots-full",
            IllegalKind::NothingToRemove => "nothing-to-remove",
            IllegalKind::WrongSquare => "wrong-square",
            IllegalKind::Corner => "corner",
            IllegalKind::Occupied => "occupied",
            IllegalKind::NoToken => "no-token",
            IllegalKind::OwnToken => "own-token",
            IllegalKind::InSequence => "in-sequence",
            IllegalKind::OutOfTurn => "out-of-turn",
            IllegalKind::GameOver => "game-over",
            IllegalKind::DiscardJack => "discard-jack",
            IllegalKind::DiscardLive => "discard-live",
            IllegalKind::SecondDiscard => "second-discard",
            IllegalKind::BadMarking => "bad-marking",
        }
    }
}

impl IllegalMove {
    /// A stable kebab-case name of this illegal move: the reason's kind of a verdict, and the
    /// `kind` of the move in JSON. Finer than [`IllegalMove::kind`]: a cap other than two plays
    /// (`card-cap-reached`) and each way a recorded marking is wrong (`mark-not-held`,
    /// `mark-misses`, `mark-shares`) have their own.
    ///
    /// ```
    /// use fairplay_sequence::IllegalMove;
    /// let card = "Jd".parse().unwrap();
    /// assert_eq!(IllegalMove::CannotRemove { card }.name(), "cannot-remove");
    /// assert_eq!(IllegalMove::CardCapReached { card, plays: 3 }.name(), "card-cap-reached");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            IllegalMove::CardCapReached { .. } => "card-cap-reached",
            IllegalMove::MarkNotHeld { .. } => "mark-not-held",
            IllegalMove::MarkMisses { .. } => "mark-misses",
            IllegalMove::MarkShares { .. } => "mark-shares",
            other => other.kind().name(),
        }
    }

    /// The kind of this illegal move.
    ///
    /// ```
    /// use fairplay_sequence::{IllegalKind, IllegalMove};
    /// let card = "Jd".parse().unwrap();
    /// assert_eq!(IllegalMove::CannotRemove { card }.kind(), IllegalKind::CannotRemove);
    /// ```
    pub fn kind(&self) -> IllegalKind {
        match self {
            IllegalMove::CardUsedUp { .. } | IllegalMove::CardCapReached { .. } => {
                IllegalKind::CardUsedUp
            }
            IllegalMove::MarkNotHeld { .. }
            | IllegalMove::MarkMisses { .. }
            | IllegalMove::MarkShares { .. } => IllegalKind::BadMarking,
            IllegalMove::CannotRemove { .. } => IllegalKind::CannotRemove,
            IllegalMove::OneEyedPlaces { .. } => IllegalKind::OneEyedPlaces,
            IllegalMove::JackSpot { .. } => IllegalKind::JackSpot,
            IllegalMove::WrongSpot { .. } => IllegalKind::WrongSpot,
            IllegalMove::SpotsFull { .. } => IllegalKind::SpotsFull,
            IllegalMove::NothingToRemove { .. } => IllegalKind::NothingToRemove,
            IllegalMove::WrongSquare { .. } => IllegalKind::WrongSquare,
            IllegalMove::Corner { .. } => IllegalKind::Corner,
            IllegalMove::Occupied { .. } => IllegalKind::Occupied,
            IllegalMove::NoToken { .. } => IllegalKind::NoToken,
            IllegalMove::OwnToken { .. } => IllegalKind::OwnToken,
            IllegalMove::InSequence { .. } => IllegalKind::InSequence,
            IllegalMove::OutOfTurn { .. } => IllegalKind::OutOfTurn,
            IllegalMove::GameOver { .. } => IllegalKind::GameOver,
            IllegalMove::DiscardJack { .. } => IllegalKind::DiscardJack,
            IllegalMove::DiscardLive { .. } => IllegalKind::DiscardLive,
            IllegalMove::SecondDiscard { .. } => IllegalKind::SecondDiscard,
        }
    }
}
