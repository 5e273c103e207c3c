//! `deck`: the players and cards of a Quartets variant, for the table's picker.

use serde::Serialize;

use crate::choice::Variant;
use crate::{refuse, to_json};

/// A set and its cards, as logs write them.
#[derive(Serialize)]
struct SetCards {
    set: u32,
    cards: Vec<String>,
}

/// The deck of a variant.
#[derive(Serialize)]
struct Deck {
    /// The players, by number.
    players: Vec<u32>,
    /// Cards dealt to each player.
    hands: Vec<u32>,
    /// Every set with its cards.
    sets: Vec<SetCards>,
}

/// The deck of `variant`, or why it is not a playable game.
pub fn deck(variant: &Variant) -> String {
    let rules = match variant.rules() {
        Ok(rules) => rules,
        Err(error) => return refuse(&error.into()),
    };
    let sets = (1..=rules.sets() as u32)
        .filter_map(|number| rules.set(number))
        .map(|set| SetCards {
            set: set.number(),
            cards: rules.cards_of(set).map(|c| c.to_string()).collect(),
        })
        .collect();
    to_json(&Deck {
        players: rules.all_players().map(|p| p.number()).collect(),
        hands: rules.hand_sizes().to_vec(),
        sets,
    })
}
