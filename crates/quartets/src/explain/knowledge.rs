//! What a watcher knows: where each card may be, and which sets each player certainly holds.

use super::log::Log;
use crate::referee::{Place, Referee};
use crate::rules::{Card, Player, SetId};

/// What a watcher knows about one card still in play.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct CardKnowledge {
    /// The card.
    pub card: Card,
    /// Whether it has moved (then everybody saw where it is).
    pub moved: bool,
    /// The players who possibly hold it, in order; exactly one when it is certain.
    pub possible: Vec<Player>,
}

impl CardKnowledge {
    /// The player who certainly holds the card, if only one may.
    pub fn holder(&self) -> Option<Player> {
        match self.possible[..] {
            [only] => Some(only),
            _ => None,
        }
    }
}

/// What a watcher knows about one player.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct PlayerKnowledge {
    /// The player.
    pub player: Player,
    /// How many cards they hold.
    pub cards: u32,
    /// The sets they certainly hold a card of.
    pub sets: Vec<SetId>,
}

/// What a watcher knows after some action.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct Knowledge {
    /// After this many actions.
    pub after: usize,
    /// Every card still in play, in deck order.
    pub cards: Vec<CardKnowledge>,
    /// Every player.
    pub players: Vec<PlayerKnowledge>,
}

impl Log {
    pub(super) fn knowledge(&self, after: usize) -> Knowledge {
        knowledge_of(&self.state_after(after), after)
    }
}

/// What `referee`, which has judged the first `after` actions of a log, knows.
pub(super) fn knowledge_of(referee: &Referee, after: usize) -> Knowledge {
    let rules = referee.rules();
    // One pass for every card and player; nobody is possible once cheating is certain.
    let table = referee.knowledge_table();
    let possible = |index: usize| table.as_ref().map_or(0, |t| t.possible[index]);
    let certain = |set: SetId| table.as_ref().map_or(0, |t| t.certain[set.index()]);
    let players_in = |mask: u16| {
        rules
            .all_players()
            .filter(move |p| mask & (1 << p.index()) != 0)
    };
    let cards = rules
        .all_cards()
        .filter_map(|card| match referee.place(card) {
            Place::Out => None,
            Place::Hand(p) => Some(CardKnowledge {
                card,
                moved: true,
                possible: vec![p],
            }),
            Place::Unmoved => Some(CardKnowledge {
                card,
                moved: false,
                possible: players_in(possible(rules.card_index(card))).collect(),
            }),
        })
        .collect();
    let live_sets: Vec<SetId> = (0..rules.sets() as u32)
        .map(SetId)
        .filter(|&s| rules.cards_of(s).any(|c| referee.place(c) != Place::Out))
        .collect();
    let players = rules
        .all_players()
        .map(|player| PlayerKnowledge {
            player,
            cards: referee.card_count(player),
            sets: live_sets
                .iter()
                .copied()
                .filter(|&s| certain(s) & (1 << player.index()) != 0)
                .collect(),
        })
        .collect();
    Knowledge {
        after,
        cards,
        players,
    }
}
