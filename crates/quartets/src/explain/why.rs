//! The certificate of a proof: a direct contradiction, or the two sides of a Hall violation.

use std::collections::HashMap;

use super::log::Log;
use super::model::{Claim, ClaimKind, Denied, Need, Room, Shown, Why};
use crate::action::Action;
use crate::deal::Failure;
use crate::referee::{Reason, Referee};
use crate::rules::{Card, Player, SetId};

impl Log {
    pub(super) fn why(&self, referee: &Referee, claims: &[Claim], since: usize) -> Why {
        let contradiction = referee
            .contradiction()
            .expect("the proof's claims leave no deal");
        match contradiction.reason {
            Reason::HandedOverFromElsewhere {
                card,
                giver,
                holder,
            } => Why::HandedOverFromElsewhere {
                card,
                giver,
                holder,
                received_at: self.last_move(card, since),
            },
            Reason::LaidAsideFromElsewhere {
                card,
                player,
                holder,
            } => Why::LaidAsideFromElsewhere {
                card,
                player,
                holder,
                received_at: self.last_move(card, since),
            },
            Reason::DeniedCardInHand { card, player } => Why::DeniedCardInHand {
                card,
                player,
                received_at: self.last_move(card, since),
            },
            Reason::AgainstHand { card, player, seat } => Why::AgainstHand {
                card,
                player,
                seat,
                action: contradiction.action,
            },
            Reason::NoDeal => self.why_no_deal(referee, &ClaimIndex::new(claims)),
        }
    }

    /// The action at which `card` last moved before action `before` (1-based).
    fn last_move(&self, card: Card, before: usize) -> usize {
        (1..before)
            .rev()
            .find(|&a| match self.actions[a - 1] {
                Action::Ask {
                    card: c,
                    granted: true,
                    ..
                } => c == card,
                _ => false,
            })
            .unwrap_or(0)
    }

    fn shown(&self, index: usize) -> Option<Shown> {
        self.first_move[index].map(|(player, action)| Shown {
            card: self.rules.card_at(index),
            player,
            action,
        })
    }

    fn denial_of(&self, claims: &ClaimIndex, card: Card, player: Player) -> Option<Denied> {
        claims.denials.get(&(card, player)).map(|&action| Denied {
            card,
            player,
            action,
        })
    }

    fn need_of(&self, claims: &ClaimIndex, player: Player, set: SetId) -> Need {
        Need {
            player,
            set,
            action: claims.asks.get(&(player, set)).copied().unwrap_or(0),
        }
    }

    fn why_no_deal(&self, referee: &Referee, claims: &ClaimIndex) -> Why {
        let model = referee.deal_model();
        let rules = &self.rules;
        let player = |p: usize| rules.player(p as u32 + 1).expect("a player of the game");
        match model.failure().expect("an infeasible model says why") {
            Failure::PinnedBanned { card, player: p } => {
                let c = rules.card_at(card);
                Why::DeniedThenShown {
                    denied: self.denial_of(claims, c, player(p)).unwrap_or(Denied {
                        card: c,
                        player: player(p),
                        action: 0,
                    }),
                    shown: self.shown(card).unwrap_or(Shown {
                        card: c,
                        player: player(p),
                        action: referee.actions(),
                    }),
                }
            }
            Failure::Overfull { player: p } => {
                let who = player(p);
                let shown = (0..rules.deck_size())
                    .filter_map(|i| self.shown(i))
                    .filter(|s| s.player == who)
                    .collect();
                let needs = (0..rules.sets())
                    .filter(|&s| model.needs(p, s))
                    .map(|s| self.need_of(claims, who, SetId(s as u32)))
                    .collect();
                Why::Overfull {
                    player: who,
                    dealt: rules.hand_size(who),
                    shown,
                    needs,
                }
            }
            Failure::NoSeat { .. } => self.hall(referee, claims),
        }
    }

    /// The two sides of the Hall violation left by a failed search; the smaller one is told.
    fn hall(&self, referee: &Referee, claims: &ClaimIndex) -> Why {
        let model = referee.deal_model();
        let rules = &self.rules;
        let (players, sets, per_set) = (rules.players(), rules.sets(), rules.cards_per_set());
        let player = |p: usize| rules.player(p as u32 + 1).expect("a player of the game");
        let reached = model.reached();
        let mut in_reached = vec![false; rules.deck_size()];
        for &c in &reached {
            in_reached[c] = true;
        }
        let allowed = |c: usize, p: usize| model.banned(c) & (1 << p) == 0;
        // Slots next to the reached cards.
        let mut need_near = vec![false; players * sets];
        let mut wild_near = vec![false; players];
        for &c in &reached {
            for p in (0..players).filter(|&p| allowed(c, p)) {
                if model.needs(p, c / per_set) {
                    need_near[p * sets + c / per_set] = true;
                }
                if model.wild_capacity(p) > 0 {
                    wild_near[p] = true;
                }
            }
        }
        let free: Vec<usize> = (0..rules.deck_size())
            .filter(|&c| model.is_free(c))
            .collect();
        // Slot side: the slots not next to the reached cards, and the cards next to them.
        let far_needs: Vec<(usize, usize)> = (0..players)
            .flat_map(|p| (0..sets).map(move |s| (p, s)))
            .filter(|&(p, s)| model.needs(p, s) && !need_near[p * sets + s])
            .collect();
        let far_rooms: Vec<usize> = (0..players)
            .filter(|&p| model.wild_capacity(p) > 0 && !wild_near[p])
            .collect();
        // Per set, the players with a far need in it; the players with a far room or need.
        let mut far_need_in = vec![0u16; sets];
        for &(p, s) in &far_needs {
            far_need_in[s] |= 1 << p;
        }
        let far_need_players = far_needs.iter().fold(0u16, |m, &(p, _)| m | 1 << p);
        let far_room_players = far_rooms.iter().fold(0u16, |m, &p| m | 1 << p);
        let available: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&c| !model.banned(c) & (far_need_in[c / per_set] | far_room_players) != 0)
            .collect();
        let slot_side = far_needs.len() + far_rooms.len() + available.len();
        let card_side = reached.len()
            + need_near.iter().filter(|&&n| n).count()
            + wild_near.iter().filter(|&&n| n).count();
        let need = |(p, s): (usize, usize)| self.need_of(claims, player(p), SetId(s as u32));
        let room = |p: usize| Room {
            player: player(p),
            cards: model.wild_capacity(p) as u32,
        };
        if (!far_needs.is_empty() || !far_rooms.is_empty()) && slot_side <= card_side {
            let mut shown = Vec::new();
            let mut denied = Vec::new();
            let mut needed_sets: Vec<usize> = far_needs.iter().map(|&(_, s)| s).collect();
            needed_sets.sort_unstable();
            needed_sets.dedup();
            for &s in &needed_sets {
                for c in s * per_set..(s + 1) * per_set {
                    if !model.is_free(c) {
                        shown.extend(self.shown(c));
                    }
                }
            }
            for &c in &free {
                let card = rules.card_at(c);
                let banned = model.banned(c);
                let from_needs = banned & far_need_in[c / per_set];
                let from_rooms = banned & far_room_players & !far_need_players;
                for p in (0..players).filter(|&p| (from_needs | from_rooms) & (1 << p) != 0) {
                    denied.extend(self.denial_of(claims, card, player(p)));
                }
            }
            denied.sort_by_key(|d| (d.action, d.card));
            denied.dedup();
            return Why::Shortage {
                needs: far_needs.into_iter().map(need).collect(),
                rooms: far_rooms.into_iter().map(room).collect(),
                available: available.into_iter().map(|c| rules.card_at(c)).collect(),
                shown,
                denied,
            };
        }

        let mut denied = Vec::new();
        for &c in &reached {
            for p in (0..players).filter(|&p| !allowed(c, p)) {
                denied.extend(self.denial_of(claims, rules.card_at(c), player(p)));
            }
        }
        denied.sort_by_key(|d| (d.action, d.card));
        Why::Surplus {
            cards: reached.iter().map(|&c| rules.card_at(c)).collect(),
            denied,
            needs: (0..players)
                .flat_map(|p| (0..sets).map(move |s| (p, s)))
                .filter(|&(p, s)| need_near[p * sets + s])
                .map(need)
                .collect(),
            rooms: (0..players).filter(|&p| wild_near[p]).map(room).collect(),
        }
    }
}

/// The latest ask of each player in each set, and the latest denial of each card by each
/// player, among a proof's claims: what a certificate cites.
struct ClaimIndex {
    asks: HashMap<(Player, SetId), usize>,
    denials: HashMap<(Card, Player), usize>,
}

impl ClaimIndex {
    fn new(claims: &[Claim]) -> ClaimIndex {
        let mut index = ClaimIndex {
            asks: HashMap::new(),
            denials: HashMap::new(),
        };
        for c in claims {
            match c.kind {
                ClaimKind::Ask => index.asks.insert((c.player, c.card.set()), c.action),
                ClaimKind::Denial => index.denials.insert((c.card, c.player), c.action),
            };
        }
        index
    }
}
