//! Validated actions: players and ranks checked against the game's [`Rules`].

use std::fmt;

use crate::notation::{RawAction, RawAnswer, RawRank};
use crate::rules::{Player, Rank, Rules};

/// The answer to an ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// "Go fish": the asked player says they hold none of the rank.
    Fish,
    /// This many cards handed over (1 to 3): all the asked player holds of the rank.
    Cards(u8),
}

/// A validated action: its players and rank exist in the game it was checked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `asker` asks `target` for `rank`.
    Ask {
        /// Who asks.
        asker: Player,
        /// Who is asked.
        target: Player,
        /// The rank asked for.
        rank: Rank,
        /// The answer.
        answer: Answer,
    },
    /// `player` draws from the stock: unseen, or shown (`shown`).
    Draw {
        /// Who draws.
        player: Player,
        /// The rank shown, if the card is shown.
        shown: Option<Rank>,
    },
    /// `player` lays down the book of `rank`.
    Book {
        /// Who lays it down.
        player: Player,
        /// Its rank.
        rank: Rank,
    },
}

impl Action {
    /// The player who acts.
    pub fn actor(self) -> Player {
        match self {
            Action::Ask { asker, .. } => asker,
            Action::Draw { player, .. } | Action::Book { player, .. } => player,
        }
    }

    /// The action as written in a log.
    pub fn to_raw(self) -> RawAction {
        let rank = |r: Rank| RawRank(r.0 as u32 + 1);
        match self {
            Action::Ask {
                asker,
                target,
                rank: r,
                answer,
            } => RawAction::Ask {
                asker: asker.number(),
                target: target.number(),
                rank: rank(r),
                answer: match answer {
                    Answer::Fish => RawAnswer::Fish,
                    Answer::Cards(k) => RawAnswer::Cards(k),
                },
            },
            Action::Draw { player, shown } => RawAction::Draw {
                player: player.number(),
                shown: shown.map(rank),
            },
            Action::Book { player, rank: r } => RawAction::Book {
                player: player.number(),
                rank: rank(r),
            },
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_raw().fmt(f)
    }
}

/// A player or rank that the game does not have.
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
    /// A rank beyond the game's ranks.
    #[error("there is no rank {rank}: the ranks are {ranks}")]
    Rank {
        /// The rank written.
        rank: RawRank,
        /// The game's ranks in words (`A 2 3`).
        ranks: String,
    },
}

impl Rules {
    /// Checks the players and ranks of a parsed action against this game.
    ///
    /// ```
    /// use fairplay_gofish::{notation::parse_action, FishTurn, Rules};
    /// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
    /// let raw = parse_action(b"1 A 2 4 fish", 1).unwrap().unwrap();
    /// assert_eq!(rules.check(raw).unwrap_err().to_string(), "there is no rank 4: the ranks are A 2 3");
    /// let raw = parse_action(b"3 D", 1).unwrap().unwrap();
    /// assert_eq!(rules.check(raw).unwrap_err().to_string(), "there is no player 3: players are numbered 1 to 2");
    /// ```
    pub fn check(&self, raw: RawAction) -> Result<Action, NameError> {
        let player = |number: u32| {
            self.player(number).ok_or(NameError::Player {
                number,
                players: self.players(),
            })
        };
        let rank = |raw: RawRank| {
            raw.0
                .checked_sub(1)
                .and_then(|i| self.rank(i as usize))
                .ok_or_else(|| NameError::Rank {
                    rank: raw,
                    ranks: self
                        .all_ranks()
                        .map(Rank::name)
                        .collect::<Vec<_>>()
                        .join(" "),
                })
        };
        Ok(match raw {
            RawAction::Ask {
                asker,
                target,
                rank: r,
                answer,
            } => Action::Ask {
                asker: player(asker)?,
                target: player(target)?,
                rank: rank(r)?,
                answer: match answer {
                    RawAnswer::Fish => Answer::Fish,
                    RawAnswer::Cards(k) => Answer::Cards(k),
                },
            },
            RawAction::Draw { player: p, shown } => Action::Draw {
                player: player(p)?,
                shown: shown.map(rank).transpose()?,
            },
            RawAction::Book { player: p, rank: r } => Action::Book {
                player: player(p)?,
                rank: rank(r)?,
            },
        })
    }
}
