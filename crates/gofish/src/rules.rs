//! The sizes of a Go Fish game and the validated names of its players and ranks.

use std::fmt;

/// Most players a game may have.
pub const MAX_PLAYERS: usize = 10;
/// Most ranks in a deck: `A 2 3 4 5 6 7 8 9 10 J Q K`.
pub const MAX_RANKS: usize = 13;
/// Cards of each rank: suits do not matter, so the four cards of a rank are alike.
pub const CARDS_PER_RANK: usize = 4;

/// The rank names, in order, as logs write them.
pub(crate) const RANK_NAMES: [&str; MAX_RANKS] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

/// A player, validated against the [`Rules`] it came from. Printed 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Player(pub(crate) u8);

impl Player {
    /// The 0-based index of this player.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The player number as written in logs (1-based).
    pub fn number(self) -> u32 {
        u32::from(self.0) + 1
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A rank, validated against its [`Rules`]. Printed as logs write it (`A`, `10`, `K`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(pub(crate) u8);

impl Rank {
    /// The 0-based index of this rank (`A` is 0, `K` is 12).
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The rank's name as logs write it.
    pub fn name(self) -> &'static str {
        RANK_NAMES[self.index()]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whose turn it is after a "Go fish" that caught nothing (an unseen draw, or nothing left to
/// draw).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FishTurn {
    /// The next player in the order 1-2-...-P who is still in the game (the default).
    #[default]
    Next,
    /// The player who said "Go fish" (a common family variant).
    Asked,
}

impl FishTurn {
    /// `next` or `asked`, as the option `--fish-turn` writes it.
    pub fn name(self) -> &'static str {
        match self {
            FishTurn::Next => "next",
            FishTurn::Asked => "asked",
        }
    }
}

/// The rules of a game: players, ranks, cards dealt to each player, and whose turn follows a
/// "Go fish".
///
/// ```
/// use fairplay_gofish::{FishTurn, Rules};
/// let standard = Rules::standard();
/// assert_eq!((standard.players(), standard.ranks(), standard.hand()), (4, 13, 5));
/// assert_eq!(standard.stock(), 32);
/// let small = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// assert_eq!((small.deck(), small.stock()), (12, 6));
/// assert_eq!(Rules::new(3, 13, None, FishTurn::Next).unwrap().hand(), 7);
/// assert!(Rules::new(4, 3, Some(4), FishTurn::Next).is_err()); // 16 cards dealt from 12
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    players: u8,
    ranks: u8,
    hand: u8,
    fish_turn: FishTurn,
}

/// Why game sizes are not a playable game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Fewer than 2 or more than [`MAX_PLAYERS`] players.
    #[error("a game has 2 to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
    /// No ranks or more than [`MAX_RANKS`].
    #[error("a deck has 1 to {MAX_RANKS} ranks, not {0}")]
    Ranks(usize),
    /// More cards dealt than the deck holds.
    #[error("{players} hands of {hand} cards need {} cards, but {ranks} ranks make a deck of {}", players * hand, ranks * CARDS_PER_RANK)]
    Hand {
        /// Players.
        players: usize,
        /// Ranks.
        ranks: usize,
        /// Cards dealt to each player.
        hand: usize,
    },
}

impl Rules {
    /// The standard game: 4 players, 13 ranks (52 cards), 5 cards each, the turn passing to
    /// the next player after a "Go fish".
    pub fn standard() -> Rules {
        Rules {
            players: 4,
            ranks: 13,
            hand: 5,
            fish_turn: FishTurn::Next,
        }
    }

    /// The hand dealt by default: 7 cards with 2 or 3 players, else 5.
    pub fn default_hand(players: usize) -> usize {
        if players <= 3 {
            7
        } else {
            5
        }
    }

    /// A game of `players` players (2 to 10), `ranks` ranks (1 to 13: the first of `A 2 ...
    /// K`), `hand` cards each (`None`: [`Rules::default_hand`]), and `fish_turn`.
    pub fn new(
        players: usize,
        ranks: usize,
        hand: Option<usize>,
        fish_turn: FishTurn,
    ) -> Result<Rules, RulesError> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(RulesError::Players(players));
        }
        if !(1..=MAX_RANKS).contains(&ranks) {
            return Err(RulesError::Ranks(ranks));
        }
        let hand = hand.unwrap_or_else(|| Rules::default_hand(players));
        if players.saturating_mul(hand) > ranks * CARDS_PER_RANK {
            return Err(RulesError::Hand {
                players,
                ranks,
                hand,
            });
        }
        Ok(Rules {
            players: players as u8,
            ranks: ranks as u8,
            hand: hand as u8,
            fish_turn,
        })
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.players.into()
    }
    /// Number of ranks.
    pub fn ranks(&self) -> usize {
        self.ranks.into()
    }
    /// Cards dealt to each player.
    pub fn hand(&self) -> usize {
        self.hand.into()
    }
    /// Whose turn follows a "Go fish" that caught nothing.
    pub fn fish_turn(&self) -> FishTurn {
        self.fish_turn
    }
    /// Cards in the deck.
    pub fn deck(&self) -> usize {
        self.ranks() * CARDS_PER_RANK
    }
    /// Cards in the stock after the deal.
    pub fn stock(&self) -> usize {
        self.deck() - self.players() * self.hand()
    }

    /// The player with this 1-based number, if the game has it.
    pub fn player(&self, number: u32) -> Option<Player> {
        (number >= 1 && number <= u32::from(self.players)).then(|| Player((number - 1) as u8))
    }
    /// The rank with this 0-based index, if the game has it.
    pub fn rank(&self, index: usize) -> Option<Rank> {
        (index < self.ranks()).then_some(Rank(index as u8))
    }
    /// All players, player 1 first.
    pub fn all_players(&self) -> impl Iterator<Item = Player> {
        (0..self.players).map(Player)
    }
    /// All ranks, `A` first.
    pub fn all_ranks(&self) -> impl Iterator<Item = Rank> {
        (0..self.ranks).map(Rank)
    }

    /// The rules in words: `4 players, 13 ranks, 5 cards each`, and `, fish turn asked` for
    /// the variant.
    pub fn describe(&self) -> String {
        let mut words = format!(
            "{} players, {} ranks, {} cards each",
            self.players, self.ranks, self.hand
        );
        if self.fish_turn == FishTurn::Asked {
            words.push_str(", fish turn asked");
        }
        words
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::standard()
    }
}
