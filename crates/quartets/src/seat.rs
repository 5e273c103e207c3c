//! What one player at the table knows besides the log: the cards they were dealt.
//!
//! A [`SeatHand`] is one player's dealt hand, checked against the [`Rules`]: the right number of
//! cards, each a card of the game, none twice. Given to a [`Referee`](crate::Referee) at the
//! start ([`Referee::seated`](crate::Referee::seated)), it becomes facts of the same deal model
//! a watcher's facts go to: every card of the hand was dealt to the seat (banned from everyone
//! else), every other card was not (banned from the seat). The referee then answers as that
//! player knows, in the same single pass.

use crate::rules::{Card, Player, Rules};

/// Why a text is not a card of the game, or a hand is not one a player could be dealt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandError {
    /// The seat is not a player of the game.
    #[error("there is no player {seat}: players are numbered 1 to {players}")]
    NoSuchSeat {
        /// The seat asked for (1-based, as written).
        seat: u32,
        /// Players in the game.
        players: usize,
    },
    /// A word that is not written as a card (`3C`: set number, then a letter). The message
    /// shows at most 40 bytes of it, as for a line.
    #[error("{} is not written as a card (a set number and a letter, such as `3C`)", fairplay_text::show(.0.as_bytes()))]
    NotACard(String),
    /// A card of a set the game does not have.
    #[error("there is no card {text}: sets are numbered 1 to {sets}")]
    NoSuchSet {
        /// The card as written.
        text: String,
        /// Sets in the game.
        sets: usize,
    },
    /// A card letter beyond the set's size.
    #[error("there is no card {text}: a set has the letters A to {last}")]
    NoSuchLetter {
        /// The card as written.
        text: String,
        /// The last letter of a set.
        last: char,
    },
    /// A card given twice.
    #[error("{0} is given twice")]
    Twice(Card),
    /// A hand of the wrong size.
    #[error("player {seat} is dealt {dealt} card{}, but the hand has {given}", if *.dealt == 1 { "" } else { "s" })]
    WrongSize {
        /// The seat.
        seat: Player,
        /// Cards the rules deal them.
        dealt: u32,
        /// Cards given.
        given: usize,
    },
}

/// Reads one card as logs write it (`3C`, `12A`), checked against `rules`.
///
/// ```
/// use fairplay_quartets::{parse_card, Rules};
/// let rules = Rules::standard();
/// assert_eq!(parse_card(&rules, "3C").unwrap().to_string(), "3C");
/// assert!(parse_card(&rules, "9C").is_err());
/// assert!(parse_card(&rules, "3E").is_err());
/// assert!(parse_card(&rules, "C3").is_err());
/// ```
pub fn parse_card(rules: &Rules, text: &str) -> Result<Card, HandError> {
    let bytes = text.as_bytes();
    let written = match bytes.split_last() {
        Some((&letter, digits))
            if letter.is_ascii_uppercase()
                && !digits.is_empty()
                && digits.len() <= 9
                && digits.iter().all(u8::is_ascii_digit) =>
        {
            text[..digits.len()]
                .parse::<u32>()
                .ok()
                .map(|set| (set, letter - b'A'))
        }
        _ => None,
    };
    let (set, letter) = written.ok_or_else(|| HandError::NotACard(text.to_string()))?;
    if rules.set(set).is_none() {
        return Err(HandError::NoSuchSet {
            text: text.to_string(),
            sets: rules.sets(),
        });
    }
    rules
        .card(set, letter)
        .ok_or_else(|| HandError::NoSuchLetter {
            text: text.to_string(),
            last: char::from(b'A' + rules.cards_per_set() as u8 - 1),
        })
}

/// The cards one player was dealt, checked against the rules.
///
/// ```
/// use fairplay_quartets::{Rules, SeatHand};
/// let rules = Rules::standard();
/// let hand = SeatHand::parse(&rules, 2, "3B,3C,1A,1B,1C,1D,2A,2B").unwrap();
/// assert_eq!(hand.seat().number(), 2);
/// assert_eq!(hand.to_string(), "1A,1B,1C,1D,2A,2B,3B,3C");
/// assert!(SeatHand::parse(&rules, 2, "3B,3C").is_err()); // 2 cards, not 8
/// assert!(SeatHand::parse(&rules, 5, "").is_err()); // no player 5
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatHand {
    rules: Rules,
    seat: Player,
    /// The cards, in deck order.
    cards: Vec<Card>,
    /// Per card (by [`Rules::card_index`]): whether the seat was dealt it.
    held: Vec<bool>,
}

impl SeatHand {
    /// The hand `cards` of player `seat`: every card once, as many as the rules deal them.
    pub fn new(rules: &Rules, seat: Player, cards: &[Card]) -> Result<SeatHand, HandError> {
        if seat.index() >= rules.players() {
            return Err(HandError::NoSuchSeat {
                seat: seat.number(),
                players: rules.players(),
            });
        }
        let mut held = vec![false; rules.deck_size()];
        for &card in cards {
            // A card checked against other rules is checked again against these.
            let card = rules
                .card(card.set().number(), card.letter_index() as u8)
                .ok_or_else(|| HandError::NotACard(card.to_string()))?;
            let index = rules.card_index(card);
            if std::mem::replace(&mut held[index], true) {
                return Err(HandError::Twice(card));
            }
        }
        let dealt = rules.hand_size(seat);
        if cards.len() != dealt as usize {
            return Err(HandError::WrongSize {
                seat,
                dealt,
                given: cards.len(),
            });
        }
        let cards = rules
            .all_cards()
            .filter(|&c| held[rules.card_index(c)])
            .collect();
        Ok(SeatHand {
            rules: rules.clone(),
            seat,
            cards,
            held,
        })
    }

    /// Player `seat` (1-based) with the cards written in `text`, separated by commas or
    /// spaces (`3A,3D,5B`).
    pub fn parse(rules: &Rules, seat: u32, text: &str) -> Result<SeatHand, HandError> {
        let player = rules.player(seat).ok_or(HandError::NoSuchSeat {
            seat,
            players: rules.players(),
        })?;
        let cards = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|word| !word.is_empty())
            .map(|word| parse_card(rules, word))
            .collect::<Result<Vec<Card>, HandError>>()?;
        SeatHand::new(rules, player, &cards)
    }

    /// The player who was dealt the hand.
    pub fn seat(&self) -> Player {
        self.seat
    }

    /// The cards, in deck order.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// Per card (by [`Rules::card_index`]): whether the seat was dealt it.
    pub(crate) fn held(&self) -> &[bool] {
        &self.held
    }

    /// The rules the hand was checked against.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
}

impl std::fmt::Display for SeatHand {
    /// The cards as `--hand` takes them: `1A,1B,3C`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, card) in self.cards.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}
