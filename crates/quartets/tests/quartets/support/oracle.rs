//! A brute-force referee for small games, sharing no code with the engine's deal model.
//!
//! It takes the spec literally: enumerate every deal (every assignment of the cards to the
//! players with the exact hand sizes), replay the log on each with real hands (cards move on
//! "yes", leave on a lay-aside) and keep the deals under which every action is honest:
//!
//! * an ask is honest when the asker holds a card of the set at that moment;
//! * a "yes" is possible only when the asked player holds the card (then it changes hands);
//! * a "no" is honest when the asked player does not hold the card;
//! * a lay-aside is possible only when the player holds the whole set.
//!
//! The verdict is `Honest` when some deal survives the whole log, else `Cheated { since: k }`
//! for the smallest `k` such that no deal survives actions `1..=k`. Since a dead deal stays dead,
//! that is the action after which the set of surviving deals first becomes empty.
//!
//! Only [`RawAction`] (the notation) and [`ClaimKind`] (the names of the two kinds of claim) are
//! borrowed from the engine crate; hands are bit masks of card indices
//! `(set - 1) * cards_per_set + letter`. Public turn rules are not checked: the oracle judges
//! honesty only.

use fairplay_quartets::explain::ClaimKind;
use fairplay_quartets::notation::RawAction;

/// The oracle's answer, mirroring the contract: `yes`, or `no` and the action number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OracleVerdict {
    /// Some deal makes every action honest.
    Honest,
    /// No deal makes actions `1..=since` honest, and `since` is the smallest such number.
    Cheated {
        /// The first action after which no deal fits (1-based).
        since: usize,
    },
}

impl OracleVerdict {
    /// The verdict in the contract format.
    pub fn contract(self) -> String {
        match self {
            OracleVerdict::Honest => "yes\n".to_string(),
            OracleVerdict::Cheated { since } => format!("no\n{since}\n"),
        }
    }
}

/// Most deals the oracle agrees to enumerate.
const MAX_DEALS: usize = 5_000_000;

/// Every deal of a small game, ready to judge logs against.
#[derive(Clone, Debug)]
pub struct Oracle {
    players: usize,
    sets: usize,
    cards_per_set: usize,
    hands: Vec<u32>,
    /// All deals, flattened: `players` hand masks per deal.
    deals: Vec<u64>,
    /// Scratch: the surviving deals' current hands, same layout.
    alive: Vec<u64>,
}

impl Oracle {
    /// Enumerates every deal of `sets` sets of `cards_per_set` cards to players with the given
    /// hand sizes (one per player, adding up to the deck).
    ///
    /// # Panics
    ///
    /// If the deck has more than 64 cards, the sizes do not add up, or there are more than
    /// [`MAX_DEALS`] deals.
    pub fn new(sets: usize, cards_per_set: usize, hands: &[u32]) -> Oracle {
        let players = hands.len();
        let deck = sets * cards_per_set;
        assert!(deck <= 64, "the oracle handles decks of at most 64 cards");
        assert!(players >= 1);
        assert_eq!(
            hands.iter().map(|&h| h as usize).sum::<usize>(),
            deck,
            "hand sizes must add up to the deck"
        );
        let count = multinomial(hands);
        assert!(
            count <= MAX_DEALS,
            "{count} deals are too many to enumerate"
        );
        let mut deals = Vec::with_capacity(count * players);
        let mut left: Vec<u32> = hands.to_vec();
        let mut current = vec![0u64; players];
        enumerate(0, deck, &mut left, &mut current, &mut deals);
        assert_eq!(deals.len(), count * players);
        Oracle {
            players,
            sets,
            cards_per_set,
            hands: hands.to_vec(),
            deals,
            alive: Vec::new(),
        }
    }

    /// Number of deals enumerated.
    pub fn deal_count(&self) -> usize {
        self.deals.len() / self.players
    }

    /// The hand sizes, player 1 first.
    pub fn hands(&self) -> &[u32] {
        &self.hands
    }

    /// Judges a log: all deals are replayed together, action by action, dropping dead ones.
    pub fn judge(&mut self, actions: &[RawAction]) -> OracleVerdict {
        let stride = self.players;
        let ops: Vec<Op> = actions.iter().map(|a| self.op(a)).collect();
        let Some((first, rest)) = ops.split_first() else {
            return OracleVerdict::Honest;
        };
        // Action 1 filters the full list into the scratch list (the full list stays intact).
        let mut alive = std::mem::take(&mut self.alive);
        alive.clear();
        let mut hand = vec![0u64; stride];
        for deal in self.deals.chunks_exact(stride) {
            hand.copy_from_slice(deal);
            if first.play(&mut hand) {
                alive.extend_from_slice(&hand);
            }
        }
        let mut verdict = OracleVerdict::Honest;
        if alive.is_empty() {
            verdict = OracleVerdict::Cheated { since: 1 };
        } else {
            for (i, op) in rest.iter().enumerate() {
                let mut kept = 0;
                let total = alive.len() / stride;
                for d in 0..total {
                    let at = d * stride;
                    if op.play(&mut alive[at..at + stride]) {
                        if kept != d {
                            alive.copy_within(at..at + stride, kept * stride);
                        }
                        kept += 1;
                    }
                }
                alive.truncate(kept * stride);
                if kept == 0 {
                    verdict = OracleVerdict::Cheated { since: i + 2 };
                    break;
                }
            }
        }
        self.alive = alive;
        verdict
    }

    /// Replays the log on one deal (the 0-based player dealt each card, by card index): the
    /// 1-based number of the first action that is not honest under it, or `None`.
    pub fn first_failure(&self, deal: &[u8], actions: &[RawAction]) -> Option<usize> {
        assert_eq!(deal.len(), self.sets * self.cards_per_set);
        let mut hand = vec![0u64; self.players];
        for (card, &p) in deal.iter().enumerate() {
            hand[p as usize] |= 1 << card;
        }
        actions
            .iter()
            .position(|action| !self.op(action).play(&mut hand))
            .map(|i| i + 1)
    }

    /// Replays the log on one deal (as [`Oracle::first_failure`]) checking no claim: the
    /// 1-based number of the first action that cannot have happened (a card handed over or a
    /// set laid aside by a player not holding it), or `None`.
    pub fn first_impossible(&self, deal: &[u8], actions: &[RawAction]) -> Option<usize> {
        let mut hand = vec![0u64; self.players];
        for (card, &p) in deal.iter().enumerate() {
            hand[p as usize] |= 1 << card;
        }
        actions
            .iter()
            .position(|action| !self.op(action).play_believing(&mut hand, false, false))
            .map(|i| i + 1)
    }

    /// Every deal, as each player's hand (a bit mask of card indices), player 1 first.
    pub fn deals(&self) -> impl Iterator<Item = &[u64]> {
        self.deals.chunks_exact(self.players)
    }

    /// Replays `actions` on the hands `deal`, checking only the claims `believed` accepts
    /// (1-based action, kind of claim, number of the claiming player); what everybody saw (a
    /// card handed over, a set laid aside) is always checked. The hands at the end, or `None`
    /// if the deal does not fit.
    pub fn replay(
        &self,
        deal: &[u64],
        actions: &[RawAction],
        believed: &dyn Fn(usize, ClaimKind, u32) -> bool,
    ) -> Option<Vec<u64>> {
        let mut hand = deal.to_vec();
        for (i, action) in actions.iter().enumerate() {
            if !self.play_believed(&mut hand, i + 1, action, believed) {
                return None;
            }
        }
        Some(hand)
    }

    /// The same game restricted to the deals that give player `player` (0-based) exactly the
    /// cards of `hand` (a bit mask of card indices): what that player knows of the deal.
    pub fn with_hand(&self, player: usize, hand: u64) -> Oracle {
        let deals = self
            .deals
            .chunks_exact(self.players)
            .filter(|deal| deal[player] == hand)
            .flatten()
            .copied()
            .collect();
        Oracle {
            deals,
            alive: Vec::new(),
            hands: self.hands.clone(),
            ..*self
        }
    }

    /// The first action after which no deal fits `actions` when only the claims `believed`
    /// accepts are checked (see [`Oracle::replay`]), or `None` if some deal fits them all: the
    /// latest action at which a deal fails, over all deals.
    pub fn first_unfit(
        &self,
        actions: &[RawAction],
        believed: &dyn Fn(usize, ClaimKind, u32) -> bool,
    ) -> Option<usize> {
        let mut latest = 0;
        for deal in self.deals() {
            let mut hand = deal.to_vec();
            let failed = actions
                .iter()
                .enumerate()
                .position(|(i, action)| !self.play_believed(&mut hand, i + 1, action, believed));
            match failed {
                None => return None,
                Some(i) => latest = latest.max(i + 1),
            }
        }
        (latest > 0).then_some(latest)
    }

    /// Plays action `number` (1-based) on `hand`, checking only the claims `believed` accepts;
    /// `false` if it does not fit.
    fn play_believed(
        &self,
        hand: &mut [u64],
        number: usize,
        action: &RawAction,
        believed: &dyn Fn(usize, ClaimKind, u32) -> bool,
    ) -> bool {
        let op = self.op(action);
        let (ask, denial) = match op {
            Op::Ask { asker, target, .. } => (
                believed(number, ClaimKind::Ask, asker as u32 + 1),
                believed(number, ClaimKind::Denial, target as u32 + 1),
            ),
            Op::LayAside { .. } => (true, true),
        };
        op.play_believing(hand, ask, denial)
    }

    /// Whether `deal` has the hand sizes of this game.
    pub fn is_deal(&self, deal: &[u8]) -> bool {
        let mut counts = vec![0u32; self.players];
        for &p in deal {
            match counts.get_mut(p as usize) {
                Some(c) => *c += 1,
                None => return false,
            }
        }
        deal.len() == self.sets * self.cards_per_set && counts == self.hands
    }

    fn set_mask(&self, set: u32) -> u64 {
        assert!(set >= 1 && set as usize <= self.sets, "no set {set}");
        let first = (set as usize - 1) * self.cards_per_set;
        (u64::MAX >> (64 - self.cards_per_set)) << first
    }

    fn player(&self, number: u32) -> usize {
        assert!(
            number >= 1 && number as usize <= self.players,
            "no player {number}"
        );
        number as usize - 1
    }

    /// An action with its names checked and turned into hand indices and masks.
    fn op(&self, action: &RawAction) -> Op {
        match *action {
            RawAction::Ask {
                asker,
                target,
                set,
                letter,
                granted,
            } => {
                assert!((letter as usize) < self.cards_per_set, "no letter {letter}");
                Op::Ask {
                    asker: self.player(asker),
                    target: self.player(target),
                    set: self.set_mask(set),
                    card: 1 << ((set as usize - 1) * self.cards_per_set + letter as usize),
                    granted,
                }
            }
            RawAction::LayAside { player, set } => Op::LayAside {
                player: self.player(player),
                set: self.set_mask(set),
            },
        }
    }
}

/// One action on real hands: player indices and card masks.
#[derive(Clone, Copy, Debug)]
enum Op {
    Ask {
        asker: usize,
        target: usize,
        set: u64,
        card: u64,
        granted: bool,
    },
    LayAside {
        player: usize,
        set: u64,
    },
}

impl Op {
    /// Plays the action on the real hands `hand`; `false` if it cannot be honest under them.
    #[inline]
    fn play(self, hand: &mut [u64]) -> bool {
        self.play_believing(hand, true, true)
    }

    /// [`Op::play`] that checks the asker's claim only if `ask`, and the denier's only if
    /// `denial`; a card handed over or a set laid aside is always checked.
    #[inline]
    fn play_believing(self, hand: &mut [u64], ask: bool, denial: bool) -> bool {
        match self {
            Op::Ask {
                asker,
                target,
                set,
                card,
                granted,
            } => {
                if ask && hand[asker] & set == 0 {
                    return false; // cheat 1: asks without holding a card of the set
                }
                let has = hand[target] & card != 0;
                if granted {
                    if !has {
                        return false; // hands over a card they do not hold
                    }
                    hand[target] &= !card;
                    hand[asker] |= card;
                    true
                } else {
                    !(denial && has) // cheat 2 when they hold it
                }
            }
            Op::LayAside { player, set } => {
                if hand[player] & set != set {
                    return false; // lays aside a set they do not hold whole
                }
                hand[player] &= !set;
                true
            }
        }
    }
}

/// Number of deals: deck! / (h1! h2! ...), computed as a product of binomials.
fn multinomial(hands: &[u32]) -> usize {
    let mut total: u128 = 1;
    let mut n: u128 = 0;
    for &h in hands {
        for k in 1..=u128::from(h) {
            n += 1;
            total = total * n / k;
            if total > MAX_DEALS as u128 {
                return usize::MAX;
            }
        }
    }
    total as usize
}

/// Assigns cards `card..deck` to players with `left` slots, appending each complete deal.
fn enumerate(card: usize, deck: usize, left: &mut [u32], current: &mut [u64], out: &mut Vec<u64>) {
    if card == deck {
        out.extend_from_slice(current);
        return;
    }
    for p in 0..left.len() {
        if left[p] > 0 {
            left[p] -= 1;
            current[p] |= 1 << card;
            enumerate(card + 1, deck, left, current, out);
            current[p] &= !(1 << card);
            left[p] += 1;
        }
    }
}
