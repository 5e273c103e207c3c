//! Validated actions: names checked against the game's [`Rules`].

use std::fmt;

use crate::notation::RawAction;
use crate::rules::{Card, Player, Rules, SetId};

/// A validated action: every player, set and card exists in the game it was checked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `asker` asks `target` for `card`; `granted` when the card is handed over.
    Ask {
        /// The player whose turn it is.
        asker: Player,
        /// The player asked.
        target: Player,
        /// The card asked for.
        card: Card,
        /// `true` for "yes": the card changes hands.
        granted: bool,
    },
    /// `player` lays `set` aside.
    LayAside {
        /// The player whose turn it is.
        player: Player,
        /// The set laid aside.
        set: SetId,
    },
}

impl Action {
    /// The player who acts (asks or lays aside).
    pub fn actor(self) -> Player {
        match self {
            Action::Ask { asker, .. } => asker,
            Action::LayAside { player, .. } => player,
        }
    }

    /// The action as written in a log.
    pub fn to_raw(self) -> RawAction {
        match self {
            Action::Ask {
                asker,
                target,
                card,
                granted,
            } => RawAction::Ask {
                asker: asker.number(),
                target: target.number(),
                set: card.set().number(),
                letter: card.letter,
                granted,
            },
            Action::LayAside { player, set } => RawAction::LayAside {
                player: player.number(),
                set: set.number(),
            },
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_raw().fmt(f)
    }
}

/// A name in an action that the game does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// A player number outside `1..=players`.
    #[error("there is no player {number}: players are numbered 1 to {players}")]
    Player {
        /// The number written.
        number: u32,
        /// Players in the game.
        players: usize,
    },
    /// A set number outside `1..=sets`.
    #[error("there is no set {number}: sets are numbered 1 to {sets}")]
    Set {
        /// The number written.
        number: u32,
        /// Sets in the game.
        sets: usize,
    },
    /// A letter beyond the set size.
    #[error("there is no card {set}{letter}: each set has cards A to {last}")]
    Letter {
        /// The set number written.
        set: u32,
        /// The letter written.
        letter: char,
        /// The last letter of a set.
        last: char,
    },
}

impl Rules {
    /// Checks the names in a parsed action against this game.
    ///
    /// ```
    /// use fairplay_quartets::{notation::parse_action, Rules};
    /// let rules = Rules::standard();
    /// let raw = parse_action(b"1 A 5 3C yes", 1).unwrap().unwrap();
    /// assert_eq!(
    ///     rules.check(raw).unwrap_err().to_string(),
    ///     "there is no player 5: players are numbered 1 to 4"
    /// );
    /// ```
    #[inline]
    pub fn check(&self, raw: RawAction) -> Result<Action, NameError> {
        let known = |number: u32, count: usize| number.wrapping_sub(1) < count as u32;
        let action = match raw {
            RawAction::Ask {
                asker,
                target,
                set,
                letter,
                granted,
            } => self
                .check_ask(asker, target, set, letter)
                .map(|(asker, target, card)| Action::Ask {
                    asker,
                    target,
                    card,
                    granted,
                }),
            RawAction::LayAside { player, set }
                if known(player, self.players()) && known(set, self.sets()) =>
            {
                Some(Action::LayAside {
                    player: Player((player - 1) as u8),
                    set: SetId(set - 1),
                })
            }
            RawAction::LayAside { .. } => None,
        };
        action.ok_or_else(|| self.name_error(raw))
    }

    /// The names of an ask, checked one by one: the referee's hot path builds no [`Action`].
    #[inline]
    pub(crate) fn check_ask(
        &self,
        asker: u32,
        target: u32,
        set: u32,
        letter: u8,
    ) -> Option<(Player, Player, Card)> {
        let players = self.players() as u32;
        let known = asker.wrapping_sub(1) < players
            && target.wrapping_sub(1) < players
            && set.wrapping_sub(1) < self.sets() as u32
            && (letter as usize) < self.cards_per_set();
        known.then(|| {
            (
                Player((asker - 1) as u8),
                Player((target - 1) as u8),
                Card {
                    set: set - 1,
                    letter,
                },
            )
        })
    }

    /// [`Rules::name_error`] of an ask with these names as written.
    #[cold]
    #[inline(never)]
    pub(crate) fn ask_name_error(
        &self,
        asker: u32,
        target: u32,
        set: u32,
        letter: u8,
    ) -> NameError {
        self.name_error(RawAction::Ask {
            asker,
            target,
            set,
            letter,
            granted: false,
        })
    }

    /// The first unknown name in `raw`.
    #[cold]
    pub(crate) fn name_error(&self, raw: RawAction) -> NameError {
        let player = |number: u32| NameError::Player {
            number,
            players: self.players(),
        };
        let set = |number: u32| NameError::Set {
            number,
            sets: self.sets(),
        };
        match raw {
            RawAction::Ask {
                asker,
                target,
                set: set_number,
                letter,
                ..
            } => {
                if self.player(asker).is_none() {
                    player(asker)
                } else if self.player(target).is_none() {
                    player(target)
                } else if self.set(set_number).is_none() {
                    set(set_number)
                } else {
                    NameError::Letter {
                        set: set_number,
                        letter: char::from(b'A' + letter),
                        last: char::from(b'A' + self.cards_per_set() as u8 - 1),
                    }
                }
            }
            RawAction::LayAside { player: p, set: s } => {
                if self.player(p).is_none() {
                    player(p)
                } else {
                    set(s)
                }
            }
        }
    }
}
