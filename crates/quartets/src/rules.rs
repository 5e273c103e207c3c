//! The sizes of a Quartets game and the validated names of its players and cards.

use std::fmt;
use std::sync::Arc;

/// Most players a game may have: player sets are kept as 16-bit masks.
pub const MAX_PLAYERS: usize = 16;
/// Most cards in one set: card letters run from `A` to `Z`.
pub const MAX_CARDS_PER_SET: usize = 26;
/// Most cards in a deck. Bounds the memory a referee needs (a few bytes per card).
pub const MAX_CARDS: usize = 1 << 20;

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

/// A set ("quartet"), validated against its [`Rules`]. Printed 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SetId(pub(crate) u32);

impl SetId {
    /// The 0-based index of this set.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The set number as written in logs (1-based).
    pub fn number(self) -> u32 {
        self.0 + 1
    }
}

impl fmt::Display for SetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A card, validated against its [`Rules`]: set number and letter, printed `3C` or `12A`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    pub(crate) set: u32,
    pub(crate) letter: u8,
}

impl Card {
    /// The set this card belongs to.
    pub fn set(self) -> SetId {
        SetId(self.set)
    }
    /// The 0-based letter index (`A` is 0).
    pub fn letter_index(self) -> usize {
        self.letter as usize
    }
    /// The card letter, `A`..`Z`.
    pub fn letter(self) -> char {
        char::from(b'A' + self.letter)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.set + 1, self.letter())
    }
}

/// The sizes of a game: players, sets, cards per set and how many cards each player is dealt.
///
/// ```
/// use fairplay_quartets::Rules;
/// let standard = Rules::standard();
/// assert_eq!((standard.players(), standard.sets(), standard.cards_per_set()), (4, 8, 4));
/// assert_eq!(standard.hand_size(standard.player(1).unwrap()), 8);
///
/// let small = Rules::new(3, 3, 3, None).unwrap(); // 9 cards, 3 each
/// assert_eq!(small.deck_size(), 9);
/// assert!(Rules::new(3, 4, 2, None).is_err()); // 8 cards do not split evenly among 3
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    players: usize,
    sets: usize,
    cards_per_set: usize,
    /// Shared: a referee per log clones the rules, and that should cost no allocation.
    hands: Arc<[u32]>,
}

/// Why a set of game sizes is not a playable game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Fewer than 2 or more than [`MAX_PLAYERS`] players.
    #[error("a game has 2 to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
    /// No sets, or more cards than [`MAX_CARDS`].
    #[error("a game has 1 to {} sets of {cards_per_set} cards, not {sets}", MAX_CARDS / cards_per_set.max(&1))]
    Sets {
        /// Sets asked for.
        sets: usize,
        /// Cards per set.
        cards_per_set: usize,
    },
    /// A set with fewer than 1 or more than 26 cards.
    #[error("a set has 1 to {MAX_CARDS_PER_SET} cards (letters A..Z), not {0}")]
    CardsPerSet(usize),
    /// The deck does not split evenly and no hand sizes were given.
    #[error("{deck} cards do not split evenly among {players} players: give the hand sizes (e.g. --hands {example})")]
    Uneven {
        /// Cards in the deck.
        deck: usize,
        /// Number of players.
        players: usize,
        /// A suggestion of hand sizes that do add up.
        example: String,
    },
    /// Hand sizes given for the wrong number of players.
    #[error("{given} hand sizes given for {players} players")]
    HandCount {
        /// How many sizes were given.
        given: usize,
        /// Number of players.
        players: usize,
    },
    /// Hand sizes that do not add up to the deck.
    #[error("the hand sizes add up to {sum}, but the deck has {deck} cards")]
    HandSum {
        /// Sum of the given hand sizes.
        sum: u64,
        /// Cards in the deck.
        deck: usize,
    },
}

impl Rules {
    /// The standard game: 4 players, 8 sets of 4 cards, 8 cards each.
    pub fn standard() -> Rules {
        Rules {
            players: 4,
            sets: 8,
            cards_per_set: 4,
            hands: Arc::from([8; 4]),
        }
    }

    /// A game of the given sizes. Without `hands` the deck is split evenly (an error if it
    /// cannot be); with `hands` there must be one size per player, adding up to the deck.
    pub fn new(
        players: usize,
        sets: usize,
        cards_per_set: usize,
        hands: Option<Vec<u32>>,
    ) -> Result<Rules, RulesError> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(RulesError::Players(players));
        }
        if !(1..=MAX_CARDS_PER_SET).contains(&cards_per_set) {
            return Err(RulesError::CardsPerSet(cards_per_set));
        }
        if sets == 0 || sets.saturating_mul(cards_per_set) > MAX_CARDS {
            return Err(RulesError::Sets {
                sets,
                cards_per_set,
            });
        }
        let deck = sets * cards_per_set;
        let hands = match hands {
            Some(hands) => {
                if hands.len() != players {
                    return Err(RulesError::HandCount {
                        given: hands.len(),
                        players,
                    });
                }
                let sum: u64 = hands.iter().map(|&h| u64::from(h)).sum();
                if sum != deck as u64 {
                    return Err(RulesError::HandSum { sum, deck });
                }
                hands
            }
            None if deck % players == 0 => vec![(deck / players) as u32; players],
            None => {
                let (q, r) = (deck / players, deck % players);
                let example = (0..players)
                    .map(|i| (q + usize::from(i < r)).to_string())
                    .collect::<Vec<_>>()
                    .join(",");
                return Err(RulesError::Uneven {
                    deck,
                    players,
                    example,
                });
            }
        };
        Ok(Rules {
            players,
            sets,
            cards_per_set,
            hands: hands.into(),
        })
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.players
    }
    /// Number of sets.
    pub fn sets(&self) -> usize {
        self.sets
    }
    /// Cards in each set.
    pub fn cards_per_set(&self) -> usize {
        self.cards_per_set
    }
    /// Cards in the deck.
    pub fn deck_size(&self) -> usize {
        self.sets * self.cards_per_set
    }
    /// How many cards `player` is dealt.
    pub fn hand_size(&self, player: Player) -> u32 {
        self.hands[player.index()]
    }
    /// The hand sizes, player 1 first.
    pub fn hand_sizes(&self) -> &[u32] {
        &self.hands
    }

    /// The player with this 1-based number, if the game has it.
    pub fn player(&self, number: u32) -> Option<Player> {
        (number >= 1 && number as usize <= self.players).then(|| Player((number - 1) as u8))
    }
    /// The set with this 1-based number, if the game has it.
    pub fn set(&self, number: u32) -> Option<SetId> {
        (number >= 1 && number as usize <= self.sets).then(|| SetId(number - 1))
    }
    /// The card of set `number` (1-based) and 0-based `letter`, if the game has it.
    pub fn card(&self, set_number: u32, letter: u8) -> Option<Card> {
        let set = self.set(set_number)?;
        ((letter as usize) < self.cards_per_set).then_some(Card { set: set.0, letter })
    }

    /// All players, player 1 first.
    pub fn all_players(&self) -> impl Iterator<Item = Player> {
        (0..self.players as u8).map(Player)
    }
    /// The cards of `set`, `A` first.
    pub fn cards_of(&self, set: SetId) -> impl Iterator<Item = Card> {
        (0..self.cards_per_set as u8).map(move |letter| Card { set: set.0, letter })
    }
    /// Every card of the deck, set 1 first.
    pub fn all_cards(&self) -> impl Iterator<Item = Card> + '_ {
        (0..self.sets as u32).flat_map(move |s| self.cards_of(SetId(s)))
    }

    /// A dense index of `card` in `0..deck_size()`.
    pub fn card_index(&self, card: Card) -> usize {
        card.set as usize * self.cards_per_set + card.letter as usize
    }
    /// The card with dense index `index` (inverse of [`Rules::card_index`]).
    pub fn card_at(&self, index: usize) -> Card {
        Card {
            set: (index / self.cards_per_set) as u32,
            letter: (index % self.cards_per_set) as u8,
        }
    }
}

/// Builds [`Rules`] by name: `Rules::builder().players(3).sets(4).cards_per_set(2).hands([3, 3,
/// 2]).build()`. Unset sizes are the standard game's (4 players, 8 sets of 4); unset hands
/// split the deck evenly.
///
/// ```
/// use fairplay_quartets::Rules;
/// let small = Rules::builder().players(3).sets(3).cards_per_set(3).build().unwrap();
/// assert_eq!((small.deck_size(), small.hand_sizes()), (9, &[3, 3, 3][..]));
/// let uneven = Rules::builder().players(3).sets(4).cards_per_set(2).hands([3, 3, 2]).build();
/// assert_eq!(uneven.unwrap().hand_sizes(), &[3, 3, 2]);
/// assert!(Rules::builder().players(3).sets(4).cards_per_set(2).build().is_err()); // 8 cards, 3 players
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct RulesBuilder {
    players: usize,
    sets: usize,
    cards_per_set: usize,
    hands: Option<Vec<u32>>,
}

impl RulesBuilder {
    /// Number of players (2 to [`MAX_PLAYERS`]).
    pub fn players(mut self, players: usize) -> RulesBuilder {
        self.players = players;
        self
    }
    /// Number of sets.
    pub fn sets(mut self, sets: usize) -> RulesBuilder {
        self.sets = sets;
        self
    }
    /// Cards in each set (1 to [`MAX_CARDS_PER_SET`]).
    pub fn cards_per_set(mut self, cards_per_set: usize) -> RulesBuilder {
        self.cards_per_set = cards_per_set;
        self
    }
    /// Cards dealt to each player, player 1 first.
    pub fn hands(mut self, hands: impl Into<Vec<u32>>) -> RulesBuilder {
        self.hands = Some(hands.into());
        self
    }
    /// The rules, or why these sizes are not a playable game.
    pub fn build(self) -> Result<Rules, RulesError> {
        Rules::new(self.players, self.sets, self.cards_per_set, self.hands)
    }
}

impl Rules {
    /// A builder of rules, starting from the standard sizes.
    pub fn builder() -> RulesBuilder {
        RulesBuilder {
            players: 4,
            sets: 8,
            cards_per_set: 4,
            hands: None,
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::standard()
    }
}
