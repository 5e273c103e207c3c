//! The vocabulary of a proof: claims, the facts a certificate cites, and the certificate itself.

use crate::action::Action;
use crate::rules::{Card, Player, SetId};

/// Who claimed what: the part of an action that may be a lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, schemars::JsonSchema),
    serde(rename_all = "kebab-case")
)]
pub enum ClaimKind {
    /// The asker claims to hold a card of the asked card's set (none is seen in their hand).
    Ask,
    /// The asked player claims not to hold the card.
    Denial,
}

/// One claim of one action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Claim {
    /// The 1-based action number.
    pub action: usize,
    /// Ask or denial.
    pub kind: ClaimKind,
    /// The player who claims: the asker of an ask, the asked player of a denial.
    pub player: Player,
    /// The card asked for.
    pub card: Card,
}

/// A player needed a card of a set: they asked for one holding none in sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Need {
    /// Who asked.
    pub player: Player,
    /// The set.
    pub set: SetId,
    /// The action of the ask.
    pub action: usize,
}

/// Room in a player's hand for never-moved cards other than those their needs take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Room {
    /// The player.
    pub player: Player,
    /// How many such cards the player holds.
    pub cards: u32,
}

/// A card that was dealt to a player, as everybody saw: it left their hand before it had ever
/// moved (handed over, or laid aside in a set).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Shown {
    /// The card.
    pub card: Card,
    /// Who was dealt it.
    pub player: Player,
    /// The action at which it first moved.
    pub action: usize,
}

/// A denial that rules out a card for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Denied {
    /// The card.
    pub card: Card,
    /// Who denied it.
    pub player: Player,
    /// The action of the denial.
    pub action: usize,
}

/// Why the claims of a proof cannot all be true.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, schemars::JsonSchema),
    serde(tag = "kind", rename_all = "kebab-case")
)]
pub enum Why {
    /// Physically impossible: `giver` handed over `card`, which everybody saw go to `holder` at
    /// action `received_at`.
    HandedOverFromElsewhere {
        /// The card.
        card: Card,
        /// Who handed it over.
        giver: Player,
        /// Who holds it as everybody saw.
        holder: Player,
        /// When it went to `holder`.
        received_at: usize,
    },
    /// Physically impossible: `player` laid aside a set with `card`, which is in `holder`'s
    /// hand since action `received_at`.
    LaidAsideFromElsewhere {
        /// The card.
        card: Card,
        /// Who laid the set aside.
        player: Player,
        /// Who holds the card as everybody saw.
        holder: Player,
        /// When it went to `holder`.
        received_at: usize,
    },
    /// `player` denied `card`, which they received at action `received_at` and still hold.
    DeniedCardInHand {
        /// The card.
        card: Card,
        /// Who denied it.
        player: Player,
        /// When it went to them.
        received_at: usize,
    },
    /// Physically impossible with the hand given for `seat` (a seat's view): the never-moved
    /// `card` left `player`'s hand at action `action`, which that hand rules out (it is not in
    /// the hand and `player` is `seat`, or it is in the hand and `player` is another).
    AgainstHand {
        /// The card.
        card: Card,
        /// Whose hand it left.
        player: Player,
        /// The seat whose hand was given.
        seat: Player,
        /// The action.
        action: usize,
    },
    /// A player denied a never-moved card that later turned out to have been dealt to them.
    DeniedThenShown {
        /// The denial.
        denied: Denied,
        /// How the card turned out to be theirs.
        shown: Shown,
    },
    /// A player has fewer never-moved cards left than sets they needed a card of (or gave away
    /// more never-moved cards than they were dealt).
    Overfull {
        /// The player.
        player: Player,
        /// Cards they were dealt.
        dealt: u32,
        /// Their dealt cards that have moved.
        shown: Vec<Shown>,
        /// Their needs.
        needs: Vec<Need>,
    },
    /// Hall's condition fails on the hand side: these needs and rooms must be filled by more
    /// never-moved cards than can go there (`available`); the other cards are ruled out because
    /// they were dealt elsewhere (`shown`) or denied (`denied`).
    Shortage {
        /// Needs to fill.
        needs: Vec<Need>,
        /// Rooms to fill.
        rooms: Vec<Room>,
        /// The only never-moved cards that may fill them.
        available: Vec<Card>,
        /// Cards of the needed sets dealt to other players.
        shown: Vec<Shown>,
        /// Denials that rule cards out.
        denied: Vec<Denied>,
    },
    /// Hall's condition fails on the card side: these never-moved cards must be somewhere, but
    /// the needs and rooms they may go to take fewer.
    Surplus {
        /// The cards.
        cards: Vec<Card>,
        /// Denials that keep them from other players.
        denied: Vec<Denied>,
        /// The needs they may fill.
        needs: Vec<Need>,
        /// The rooms they may fill.
        rooms: Vec<Room>,
    },
}

impl Why {
    /// Whether no claim is involved: what everybody saw is impossible by itself.
    pub fn is_physical(&self) -> bool {
        matches!(
            self,
            Why::HandedOverFromElsewhere { .. }
                | Why::LaidAsideFromElsewhere { .. }
                | Why::AgainstHand { .. }
        ) || matches!(self, Why::Overfull { needs, .. } if needs.is_empty())
    }
}

/// A minimal set of actions whose claims cannot all be true.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct Proof {
    /// The actions, in order. Empty when what everybody saw is impossible by itself.
    pub actions: Vec<usize>,
    /// The same actions as written, in the same order.
    pub written: Vec<Action>,
    /// The claims of those actions that the contradiction rests on (also minimal), in order.
    pub claims: Vec<Claim>,
    /// Why they cannot all be true.
    pub why: Why,
}
