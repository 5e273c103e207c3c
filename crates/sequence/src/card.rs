//! The cards of the two standard decks: ranks, suits and the two kinds of Jacks.

use std::fmt;
use std::str::FromStr;

/// A rank, from `2` to `A`. Ten is written `X` (`10` is accepted when reading).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// `2`
    Two,
    /// `3`
    Three,
    /// `4`
    Four,
    /// `5`
    Five,
    /// `6`
    Six,
    /// `7`
    Seven,
    /// `8`
    Eight,
    /// `9`
    Nine,
    /// `X` (or `10`)
    Ten,
    /// `J`
    Jack,
    /// `Q`
    Queen,
    /// `K`
    King,
    /// `A`
    Ace,
}

impl Rank {
    /// All ranks, `2` first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's letter or digit as printed: `2`..`9`, `X`, `J`, `Q`, `K`, `A`.
    pub fn symbol(self) -> char {
        b"23456789XJQKA"[self as usize] as char
    }

    /// The rank of a printed symbol (`X` for ten; `10` is handled by [`Card::parse`]).
    pub fn from_symbol(symbol: u8) -> Option<Rank> {
        let at = b"23456789XJQKA".iter().position(|&s| s == symbol)?;
        Some(Rank::ALL[at])
    }
}

/// A suit, printed as a lowercase letter: `h c d s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// `h`
    Hearts,
    /// `c`
    Clubs,
    /// `d`
    Diamonds,
    /// `s`
    Spades,
}

impl Suit {
    /// All suits in the order `h c d s`.
    pub const ALL: [Suit; 4] = [Suit::Hearts, Suit::Clubs, Suit::Diamonds, Suit::Spades];

    /// The suit's letter: `h`, `c`, `d` or `s`.
    pub fn letter(self) -> char {
        b"hcds"[self as usize] as char
    }

    /// The suit of a letter.
    pub fn from_letter(letter: u8) -> Option<Suit> {
        let at = b"hcds".iter().position(|&s| s == letter)?;
        Some(Suit::ALL[at])
    }
}

/// What a Jack does: the board shows no Jacks, they are wild.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Jack {
    /// Diamonds and clubs: places a token on any free spot.
    TwoEyed,
    /// Hearts and spades: removes a token.
    OneEyed,
}

/// One of the 52 different cards; each exists twice (two decks).
///
/// ```
/// use fairplay_sequence::{Card, Jack, Rank, Suit};
/// let ten: Card = "10h".parse().unwrap();
/// assert_eq!(ten, Card::new(Rank::Ten, Suit::Hearts));
/// assert_eq!(ten.to_string(), "Xh"); // printed with X
/// assert_eq!("Jd".parse::<Card>().unwrap().jack(), Some(Jack::TwoEyed));
/// assert_eq!("Js".parse::<Card>().unwrap().jack(), Some(Jack::OneEyed));
/// assert!("1h".parse::<Card>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    rank: Rank,
    suit: Suit,
}

/// Number of different cards.
pub const CARDS: usize = 52;

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// The rank.
    pub fn rank(self) -> Rank {
        self.rank
    }

    /// The suit.
    pub fn suit(self) -> Suit {
        self.suit
    }

    /// A dense index `0..52` (rank-major), for tables indexed by card.
    pub fn index(self) -> usize {
        self.rank as usize * 4 + self.suit as usize
    }

    /// The card of a dense index, `None` from 52 on.
    pub fn from_index(index: usize) -> Option<Card> {
        (index < CARDS).then(|| Card::new(Rank::ALL[index / 4], Suit::ALL[index % 4]))
    }

    /// All 52 cards, by index.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..CARDS).filter_map(Card::from_index)
    }

    /// Whether this is a Jack (which the board never shows).
    pub fn is_jack(self) -> bool {
        self.rank == Rank::Jack
    }

    /// For a Jack, what it does; `None` for every other card.
    pub fn jack(self) -> Option<Jack> {
        match (self.rank, self.suit) {
            (Rank::Jack, Suit::Diamonds | Suit::Clubs) => Some(Jack::TwoEyed),
            (Rank::Jack, Suit::Hearts | Suit::Spades) => Some(Jack::OneEyed),
            _ => None,
        }
    }

    /// Reads a card token: a rank `2`-`9`, `X` or `10`, `J`, `Q`, `K`, `A`, then a suit
    /// `h c d s`. Nothing else (no uppercase suits, no spaces).
    pub fn parse(token: &[u8]) -> Option<Card> {
        let (rank, suit) = match token {
            [b'1', b'0', suit] => (Rank::Ten, *suit),
            [rank, suit] => (Rank::from_symbol(*rank)?, *suit),
            _ => return None,
        };
        Some(Card::new(rank, Suit::from_letter(suit)?))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.symbol(), self.suit.letter())
    }
}

/// A token that is not a card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a card: write a rank 2-9, X (or 10), J, Q, K, A and a suit h, c, d, s")]
pub struct NotACard(pub String);

impl FromStr for Card {
    type Err = NotACard;

    fn from_str(s: &str) -> Result<Card, NotACard> {
        Card::parse(s.as_bytes()).ok_or_else(|| NotACard(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips() {
        for card in Card::all() {
            assert_eq!(Card::from_index(card.index()), Some(card));
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        assert_eq!(Card::all().count(), CARDS);
        assert_eq!(Card::from_index(CARDS), None);
    }

    #[test]
    fn ten_has_two_spellings() {
        for suit in Suit::ALL {
            let x = format!("X{}", suit.letter());
            let ten = format!("10{}", suit.letter());
            assert_eq!(x.parse::<Card>(), ten.parse::<Card>());
        }
        for bad in ["", "1h", "100h", "XH", "Xx", "h5", "5", "5hh", "10", "0h"] {
            assert!(Card::parse(bad.as_bytes()).is_none(), "{bad}");
        }
    }
}
