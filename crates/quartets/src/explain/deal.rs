//! A possible deal: the witness of the referee's deal model, as starting hands.

use super::log::Log;
use crate::referee::Trust;
use crate::rules::{Card, Player};

/// The starting hand of one player in a possible deal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct Hand {
    /// The player.
    pub player: Player,
    /// The cards dealt to them, in deck order.
    pub cards: Vec<Card>,
}

impl Log {
    pub(super) fn deal(&self) -> Vec<Hand> {
        let referee = self.run(Trust::everyone(), self.actions.len());
        let owners = referee.witness().expect("an honest log has a witness deal");
        self.rules
            .all_players()
            .map(|player| Hand {
                player,
                cards: self
                    .rules
                    .all_cards()
                    .filter(|&c| owners[self.rules.card_index(c)] == player)
                    .collect(),
            })
            .collect()
    }
}
