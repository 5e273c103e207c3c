//! Shrinking a set of claims that leaves no deal to a minimal one, without replaying the log.
//!
//! At a fixed point of the log, what everybody saw is settled: which cards have moved and who
//! was dealt each of them. What the believed claims add is then a static problem about the
//! cards that are still free: a denial bans a card from a player, an ask needs the asker to
//! hold a free card of its set (see `deal.rs`). A deal is a matching of free cards into
//! *slots*: one per need (cards of its set only), and a "wild" slot per player holding the
//! rest of their free cards. Taken from the slots' side, every slot unit must be filled; the
//! *deficit* is how many a maximum matching leaves empty, and some deal fits exactly when the
//! deficit is zero and no believed claim is false on its face.
//!
//! Dropping a claim only relaxes the problem (a ban or a need goes), and then raises the
//! matching by at most one, along an augmenting path. With the matching kept maximum, such a
//! path exists exactly when a slot that could be left short (reachable from an empty one by
//! alternating steps: the set `reached`) can take a card that could be replaced (from whose
//! slot an unmatched card is reachable: the set `good`). Both sets only grow while claims are
//! dropped, so deciding "does dropping this claim make a deal fit?" costs, over a whole
//! deletion pass, about as much as one search, instead of a replay of the log per question.
//! A drop that turns out to make a deal fit is undone from a journal.

use std::collections::HashMap;

use super::model::{Claim, ClaimKind};
use crate::rules::Card;

/// What one believed claim says about the free cards at the point judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fact {
    /// The free card was not dealt to the player.
    Ban { card: u32, player: u8 },
    /// The player was dealt a free card of the set.
    Need { player: u8, set: u32 },
    /// False whatever the deal: the card was seen in the denier's hand, or later left it
    /// before it had ever moved.
    False,
    /// True whatever the deal: the card went to someone else, or the need was met by a card
    /// seen to leave the asker's hand.
    Idle,
}

/// Marks a card in no slot.
const UNMATCHED: u32 = u32::MAX;
/// Marks a need slot holding no card.
const EMPTY: u32 = u32::MAX;

/// One undoable change to a [`Problem`].
#[derive(Clone, Copy, Debug)]
enum Change {
    Reached(u32),
    Good(u32),
    SlotOf(u32, u32),
    Holder(u32, u32),
    Load(u8, i64),
    Needs(u8, i64),
    Banned(u32, u16),
    BanCount(u32, u32),
    NeedCount(u32, u32),
    False(u32),
    EmptyNeeds(i64),
}

/// Whether dropping facts made a deal fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dropped {
    /// Some deal fits without them: they were put back.
    Needed,
    /// Still no deal: they stay dropped.
    Dropped,
}

/// The static problem over the free cards, with a maximum matching and its two reachable
/// sets. Slot `p` is player `p`'s wild slot; slot `players + p * sets + s` their need in set
/// `s`.
pub(super) struct Problem {
    players: usize,
    sets: usize,
    cards_per_set: usize,
    /// The free cards.
    free: Vec<u32>,
    is_free: Vec<bool>,
    banned: Vec<u16>,
    /// How many believed claims make each ban and each need (a fact goes with the last).
    ban_count: Vec<u32>,
    need_count: Vec<u32>,
    /// Per player: free cards they hold, needs, cards in the wild slot.
    room: Vec<i64>,
    needs: Vec<i64>,
    load: Vec<i64>,
    /// Per need slot: its card, or [`EMPTY`].
    holder: Vec<u32>,
    /// Per card: its slot, or [`UNMATCHED`].
    slot_of: Vec<u32>,
    /// Need slots holding no card.
    empty_needs: i64,
    /// Believed claims false on their face.
    false_claims: u32,
    reached: Vec<bool>,
    good: Vec<bool>,
    /// Whether an augmenting path was met while the sets grew.
    augmenting: bool,
    journal: Vec<Change>,
    queue: Vec<u32>,
}

impl Problem {
    /// The problem of `room[p]` free cards in each player's hand (the free cards are those
    /// `is_free` marks) under `facts`; `None` when a player holds fewer free cards than none.
    pub(super) fn new(
        players: usize,
        sets: usize,
        cards_per_set: usize,
        is_free: Vec<bool>,
        room: Vec<i64>,
        facts: impl IntoIterator<Item = Fact>,
    ) -> Option<Problem> {
        if room.iter().any(|&r| r < 0) {
            return None;
        }
        let deck = is_free.len();
        let mut problem = Problem {
            players,
            sets,
            cards_per_set,
            free: (0..deck as u32).filter(|&c| is_free[c as usize]).collect(),
            is_free,
            banned: vec![0; deck],
            ban_count: vec![0; deck * players],
            need_count: vec![0; players * sets],
            room,
            needs: vec![0; players],
            load: vec![0; players],
            holder: vec![EMPTY; players * sets],
            slot_of: vec![UNMATCHED; deck],
            empty_needs: 0,
            false_claims: 0,
            reached: vec![false; players + players * sets],
            good: vec![false; players + players * sets],
            augmenting: false,
            journal: Vec::new(),
            queue: Vec::new(),
        };
        for fact in facts {
            match problem.effective(fact) {
                Fact::Ban { card, player } => {
                    problem.ban_count[card as usize * players + player as usize] += 1;
                    problem.banned[card as usize] |= 1 << player;
                }
                Fact::Need { player, set } => {
                    let key = player as usize * sets + set as usize;
                    if problem.need_count[key] == 0 {
                        problem.needs[player as usize] += 1;
                    }
                    problem.need_count[key] += 1;
                }
                Fact::False => problem.false_claims += 1,
                Fact::Idle => {}
            }
        }
        problem.rebuild();
        Some(problem)
    }

    /// Whether some deal fits the believed facts.
    pub(super) fn fits(&self) -> bool {
        self.false_claims == 0 && self.deficit() == 0
    }

    /// Drops `facts` together, unless that makes a deal fit: then they are kept.
    pub(super) fn drop_unless_needed(&mut self, facts: &[Fact]) -> Dropped {
        debug_assert!(!self.fits());
        // Most claims repeat one made before, or say nothing here: only a count changes.
        let mut counted = 0;
        while counted < facts.len() && self.repeats(facts[counted]) {
            self.count_out(facts[counted]);
            counted += 1;
        }
        if counted == facts.len() {
            return Dropped::Dropped;
        }
        for &fact in &facts[..counted] {
            self.count_in(fact);
        }
        let deficit = self.deficit();
        let mark = self.journal.len();
        self.augmenting = false;
        // Facts dropped so far: after an augmenting path, the rest are not.
        let mut dropped = 0;
        while dropped < facts.len() && !self.augmenting {
            self.drop_fact(facts[dropped]);
            dropped += 1;
        }
        if !self.augmenting {
            if self.fits() {
                self.undo(mark);
                return Dropped::Needed;
            }
            self.journal.clear();
            return Dropped::Dropped;
        }
        // One drop opened an augmenting path: the others are applied to the counts and the
        // matching is found again (rare: the deficit falls, and it starts small).
        let false_left = facts[dropped..]
            .iter()
            .filter(|&&f| f == Fact::False)
            .count();
        let false_after = self.false_claims - false_left as u32;
        if deficit == 1 && false_after == 0 {
            self.undo(mark);
            return Dropped::Needed;
        }
        self.undo(mark);
        for &fact in facts {
            self.count_out(fact);
        }
        self.rebuild();
        if self.fits() {
            for &fact in facts {
                self.count_in(fact);
            }
            self.rebuild();
            return Dropped::Needed;
        }
        Dropped::Dropped
    }

    /// `fact`, or [`Fact::Idle`] for a ban of a card that is not free (it says nothing more).
    fn effective(&self, fact: Fact) -> Fact {
        match fact {
            Fact::Ban { card, .. } if !self.is_free[card as usize] => Fact::Idle,
            fact => fact,
        }
    }

    /// Whether dropping `fact` leaves the problem as it is.
    fn repeats(&self, fact: Fact) -> bool {
        match self.effective(fact) {
            Fact::Idle => true,
            Fact::False => self.false_claims > 1,
            Fact::Ban { card, player } => {
                self.ban_count[card as usize * self.players + player as usize] > 1
            }
            Fact::Need { player, set } => {
                self.need_count[player as usize * self.sets + set as usize] > 1
            }
        }
    }

    fn deficit(&self) -> i64 {
        let wild: i64 = (0..self.players)
            .map(|p| (self.cap(p) - self.load[p]).max(0))
            .sum();
        wild + self.empty_needs
    }

    /// Capacity of player `p`'s wild slot.
    fn cap(&self, p: usize) -> i64 {
        (self.room[p] - self.needs[p]).max(0)
    }

    fn set_of(&self, card: u32) -> usize {
        card as usize / self.cards_per_set
    }

    fn need_slot(&self, player: usize, set: usize) -> u32 {
        (self.players + player * self.sets + set) as u32
    }

    fn is_active(&self, slot: u32) -> bool {
        let slot = slot as usize;
        slot < self.players || self.need_count[slot - self.players] > 0
    }

    /// Whether `slot` may take `card` (ignoring room).
    fn accepts(&self, slot: u32, card: u32) -> bool {
        let s = slot as usize;
        if s < self.players {
            return self.banned[card as usize] & (1 << s) == 0;
        }
        let key = s - self.players;
        let (p, set) = (key / self.sets, key % self.sets);
        self.need_count[key] > 0
            && self.set_of(card) == set
            && self.banned[card as usize] & (1 << p) == 0
    }

    /// The cards `slot` may take, other than its own.
    fn takers(&self, slot: u32) -> Vec<u32> {
        let s = slot as usize;
        let candidates: Box<dyn Iterator<Item = u32>> = if s < self.players {
            Box::new(self.free.iter().copied())
        } else {
            let set = (s - self.players) % self.sets;
            let first = (set * self.cards_per_set) as u32;
            Box::new(
                (first..first + self.cards_per_set as u32).filter(|&c| self.is_free[c as usize]),
            )
        };
        candidates
            .filter(|&c| self.slot_of[c as usize] != slot && self.accepts(slot, c))
            .collect()
    }

    /// The cards in `slot`.
    fn members(&self, slot: u32) -> Vec<u32> {
        let s = slot as usize;
        if s < self.players {
            self.free
                .iter()
                .copied()
                .filter(|&c| self.slot_of[c as usize] == slot)
                .collect()
        } else {
            let h = self.holder[s - self.players];
            if h == EMPTY {
                Vec::new()
            } else {
                vec![h]
            }
        }
    }

    /// The slots with room that may take `card`, other than its own.
    fn homes(&self, card: u32) -> impl Iterator<Item = u32> + '_ {
        let set = self.set_of(card);
        (0..self.players).flat_map(move |p| {
            let wild = (self.cap(p) > 0).then_some(p as u32);
            let need = self.need_slot(p, set);
            let need = self.is_active(need).then_some(need);
            wild.into_iter()
                .chain(need)
                .filter(move |&s| s != self.slot_of[card as usize] && self.accepts(s, card))
        })
    }

    fn is_short(&self, slot: u32) -> bool {
        let s = slot as usize;
        if s < self.players {
            self.load[s] < self.cap(s)
        } else {
            self.holder[s - self.players] == EMPTY
        }
    }

    fn log(&mut self, change: Change) {
        self.journal.push(change);
    }

    /// `slot` could be left short: so could the slots of the cards it may take.
    fn reach(&mut self, slot: u32) {
        if self.reached[slot as usize] {
            return;
        }
        self.reached[slot as usize] = true;
        self.log(Change::Reached(slot));
        self.queue.push(slot);
        while let Some(s) = self.queue.pop() {
            if self.good[s as usize] {
                self.augmenting = true;
            }
            if self.augmenting {
                self.queue.clear();
                return;
            }
            for card in self.takers(s) {
                let t = self.slot_of[card as usize];
                if t == UNMATCHED {
                    self.augmenting = true;
                } else if !self.reached[t as usize] {
                    self.reached[t as usize] = true;
                    self.log(Change::Reached(t));
                    self.queue.push(t);
                }
            }
        }
    }

    /// `card` could be replaced: every slot that may take it could take a card then.
    fn card_is_good(&mut self, card: u32) {
        let homes: Vec<u32> = self.homes(card).collect();
        for slot in homes {
            self.make_good(slot);
        }
    }

    /// `slot` could take a card if one of its own left: so could those that may take its own.
    fn make_good(&mut self, slot: u32) {
        if self.good[slot as usize] {
            return;
        }
        self.good[slot as usize] = true;
        self.log(Change::Good(slot));
        self.queue.push(slot);
        while let Some(s) = self.queue.pop() {
            if self.reached[s as usize] {
                self.augmenting = true;
            }
            if self.augmenting {
                self.queue.clear();
                return;
            }
            for card in self.members(s) {
                let homes: Vec<u32> = self.homes(card).collect();
                for t in homes {
                    if !self.good[t as usize] {
                        self.good[t as usize] = true;
                        self.log(Change::Good(t));
                        self.queue.push(t);
                    }
                }
            }
        }
    }

    fn is_card_good(&self, card: u32) -> bool {
        let slot = self.slot_of[card as usize];
        slot == UNMATCHED || self.good[slot as usize]
    }

    fn move_card(&mut self, card: u32, to: u32) {
        let from = self.slot_of[card as usize];
        self.log(Change::SlotOf(card, from));
        if from != UNMATCHED {
            self.leave(from);
        }
        self.slot_of[card as usize] = to;
        if to != UNMATCHED {
            let s = to as usize;
            if s < self.players {
                self.log(Change::Load(s as u8, self.load[s]));
                self.load[s] += 1;
            } else {
                let key = s - self.players;
                self.log(Change::Holder(key as u32, self.holder[key]));
                self.holder[key] = card;
                self.count_empty(-1);
            }
        }
    }

    fn leave(&mut self, slot: u32) {
        let s = slot as usize;
        if s < self.players {
            self.log(Change::Load(s as u8, self.load[s]));
            self.load[s] -= 1;
        } else {
            let key = s - self.players;
            self.log(Change::Holder(key as u32, self.holder[key]));
            self.holder[key] = EMPTY;
            if self.is_active(slot) {
                self.count_empty(1);
            }
        }
    }

    fn count_empty(&mut self, change: i64) {
        self.log(Change::EmptyNeeds(self.empty_needs));
        self.empty_needs += change;
    }

    /// Drops one fact, growing the reachable sets; sets `augmenting` when that opens a path.
    fn drop_fact(&mut self, fact: Fact) {
        match self.effective(fact) {
            Fact::Idle => {}
            Fact::False => {
                self.log(Change::False(self.false_claims));
                self.false_claims -= 1;
            }
            Fact::Ban { card, player } => {
                let key = card as usize * self.players + player as usize;
                let count = self.ban_count[key];
                self.log(Change::BanCount(key as u32, count));
                self.ban_count[key] = count - 1;
                if count > 1 {
                    return;
                }
                self.log(Change::Banned(card, self.banned[card as usize]));
                self.banned[card as usize] &= !(1 << player);
                let p = player as usize;
                let need = self.need_slot(p, self.set_of(card));
                let new_homes = [
                    (self.cap(p) > 0).then_some(p as u32),
                    self.is_active(need).then_some(need),
                ];
                for slot in new_homes.into_iter().flatten() {
                    if self.reached[slot as usize] {
                        match self.slot_of[card as usize] {
                            UNMATCHED => self.augmenting = true,
                            from => self.reach(from),
                        }
                    }
                    if self.is_card_good(card) {
                        self.make_good(slot);
                    }
                    if self.augmenting {
                        return;
                    }
                }
            }
            Fact::Need { player, set } => {
                let (p, set) = (player as usize, set as usize);
                let key = p * self.sets + set;
                let count = self.need_count[key];
                self.log(Change::NeedCount(key as u32, count));
                self.need_count[key] = count - 1;
                if count > 1 {
                    return;
                }
                let slot = self.need_slot(p, set);
                let held = self.holder[key];
                let overfull = self.room[p] < self.needs[p];
                self.log(Change::Needs(player, self.needs[p]));
                self.needs[p] -= 1;
                let (was_reached, was_good) =
                    (self.reached[slot as usize], self.good[slot as usize]);
                if overfull {
                    // No room to gain: the need's card, if any, is left without a slot. If
                    // the slot could be left short, shifting along that path first empties
                    // it, and dropping an empty slot lowers the deficit.
                    if was_reached {
                        self.augmenting = true;
                        return;
                    }
                    if held != EMPTY {
                        self.move_card(held, UNMATCHED);
                        self.card_is_good(held);
                    }
                    return;
                }
                // The wild slot gains the need's room, and its card.
                let wild = p as u32;
                if held == EMPTY {
                    self.count_empty(-1);
                    self.reach(wild);
                    return;
                }
                self.move_card(held, wild);
                if was_reached {
                    self.reach(wild);
                }
                if was_good {
                    self.make_good(wild);
                }
                if self.good[wild as usize] && !self.augmenting {
                    self.card_is_good(held);
                }
            }
        }
    }

    /// Takes `fact` out of the counts only (before a [`Problem::rebuild`]).
    fn count_out(&mut self, fact: Fact) {
        self.count(fact, false);
    }

    fn count_in(&mut self, fact: Fact) {
        self.count(fact, true);
    }

    fn count(&mut self, fact: Fact, add: bool) {
        match self.effective(fact) {
            Fact::Idle => {}
            Fact::False if add => self.false_claims += 1,
            Fact::False => self.false_claims -= 1,
            Fact::Ban { card, player } => {
                let count = &mut self.ban_count[card as usize * self.players + player as usize];
                if add {
                    *count += 1;
                } else {
                    *count -= 1;
                }
                if *count == 0 {
                    self.banned[card as usize] &= !(1 << player);
                } else {
                    self.banned[card as usize] |= 1 << player;
                }
            }
            Fact::Need { player, set } => {
                let key = player as usize * self.sets + set as usize;
                let before = self.need_count[key] > 0;
                if add {
                    self.need_count[key] += 1;
                } else {
                    self.need_count[key] -= 1;
                }
                let after = self.need_count[key] > 0;
                self.needs[player as usize] += i64::from(after) - i64::from(before);
            }
        }
    }

    fn undo(&mut self, mark: usize) {
        while self.journal.len() > mark {
            match self.journal.pop().expect("a change") {
                Change::Reached(s) => self.reached[s as usize] = false,
                Change::Good(s) => self.good[s as usize] = false,
                Change::SlotOf(c, s) => self.slot_of[c as usize] = s,
                Change::Holder(k, h) => self.holder[k as usize] = h,
                Change::Load(p, l) => self.load[p as usize] = l,
                Change::Needs(p, n) => self.needs[p as usize] = n,
                Change::Banned(c, b) => self.banned[c as usize] = b,
                Change::BanCount(k, n) => self.ban_count[k as usize] = n,
                Change::NeedCount(k, n) => self.need_count[k as usize] = n,
                Change::False(n) => self.false_claims = n,
                Change::EmptyNeeds(n) => self.empty_needs = n,
            }
        }
        self.augmenting = false;
    }

    /// A maximum matching for the believed facts, found afresh, and its reachable sets.
    fn rebuild(&mut self) {
        self.slot_of.fill(UNMATCHED);
        self.holder.fill(EMPTY);
        self.load.fill(0);
        self.empty_needs = self.need_count.iter().filter(|&&n| n > 0).count() as i64;
        // Needs first, then the cards banned somewhere, then the rest: few paths are left to
        // find.
        for p in 0..self.players {
            for set in 0..self.sets {
                let slot = self.need_slot(p, set);
                if !self.is_active(slot) {
                    continue;
                }
                if let Some(card) = self
                    .takers(slot)
                    .into_iter()
                    .find(|&c| self.slot_of[c as usize] == UNMATCHED)
                {
                    self.move_card(card, slot);
                }
            }
        }
        for constrained in [true, false] {
            for i in 0..self.free.len() {
                let card = self.free[i];
                if self.slot_of[card as usize] != UNMATCHED
                    || (self.banned[card as usize] != 0) != constrained
                {
                    continue;
                }
                let home = (0..self.players)
                    .filter(|&p| self.accepts(p as u32, card) && self.load[p] < self.cap(p))
                    .max_by_key(|&p| self.cap(p) - self.load[p]);
                if let Some(p) = home {
                    self.move_card(card, p as u32);
                }
            }
        }
        let slots = (self.players + self.players * self.sets) as u32;
        for slot in 0..slots {
            while self.is_active(slot) && self.is_short(slot) && self.augment_from(slot) {}
        }
        self.journal.clear();
        self.reached.fill(false);
        self.good.fill(false);
        self.augmenting = false;
        for slot in 0..slots {
            if self.is_active(slot) && self.is_short(slot) {
                self.reach(slot);
            }
        }
        for i in 0..self.free.len() {
            let card = self.free[i];
            if self.slot_of[card as usize] == UNMATCHED {
                self.card_is_good(card);
            }
        }
        debug_assert!(!self.augmenting, "the matching is maximum");
        self.journal.clear();
    }

    /// One augmenting path from the short `start`, if there is one: then it is applied.
    fn augment_from(&mut self, start: u32) -> bool {
        let mut via: HashMap<u32, (u32, u32)> = HashMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(slot) = queue.pop_front() {
            for card in self.takers(slot) {
                let from = self.slot_of[card as usize];
                if from == UNMATCHED {
                    // Each card moves into the slot its successor leaves: from the start.
                    let mut moves = vec![(card, slot)];
                    let mut at = slot;
                    while at != start {
                        let (moved, parent) = via[&at];
                        moves.push((moved, parent));
                        at = parent;
                    }
                    for (moved, to) in moves.into_iter().rev() {
                        self.move_card(moved, to);
                    }
                    return true;
                }
                if from != start && !via.contains_key(&from) {
                    via.insert(from, (card, slot));
                    queue.push_back(from);
                }
            }
        }
        false
    }
}

impl super::log::Log {
    /// What `claim` says about the free cards after action `upto`.
    pub(super) fn fact(&self, claim: &Claim, upto: usize) -> Fact {
        let index = self.rules.card_index(claim.card);
        let player = claim.player.index() as u8;
        match claim.kind {
            ClaimKind::Denial => match self.first_move[index] {
                // A live denial of a card that had moved: it was in the denier's hand.
                Some((_, moved)) if moved < claim.action => Fact::False,
                Some((dealt, moved)) if moved <= upto => {
                    if dealt == claim.player {
                        Fact::False
                    } else {
                        Fact::Idle
                    }
                }
                // Free at `upto`. The seat knows its hand: its own denial is false exactly for a
                // card of the hand; nobody else can hold a card of the hand.
                _ => match self.held(index) {
                    Some(held) if claim.player == self.seat_player() => {
                        if held {
                            Fact::False
                        } else {
                            Fact::Idle
                        }
                    }
                    Some(true) => Fact::Idle,
                    _ => Fact::Ban {
                        card: index as u32,
                        player,
                    },
                },
            },
            ClaimKind::Ask => {
                let set = claim.card.set();
                let first = self.rules.card_index(Card {
                    set: set.0,
                    letter: 0,
                });
                let met = (first..first + self.rules.cards_per_set()).any(|c| {
                    matches!(self.first_move[c],
                        Some((dealt, moved)) if dealt == claim.player
                            && claim.action < moved && moved <= upto)
                });
                if met {
                    Fact::Idle
                } else if self.seat.is_some() && claim.player == self.seat_player() {
                    // The seat's own ask: true exactly when a card of the set in its hand had
                    // not left it by then.
                    let holds = (first..first + self.rules.cards_per_set()).any(|c| {
                        self.held(c) == Some(true)
                            && self.first_move[c].is_none_or(|(_, moved)| claim.action < moved)
                    });
                    if holds {
                        Fact::Idle
                    } else {
                        Fact::False
                    }
                } else {
                    Fact::Need {
                        player,
                        set: set.index() as u32,
                    }
                }
            }
        }
    }

    /// The problem after action `upto` under `facts`; `None` when what everybody saw leaves
    /// no deal whatever the claims.
    pub(super) fn problem(
        &self,
        upto: usize,
        facts: impl IntoIterator<Item = Fact>,
    ) -> Option<Problem> {
        let rules = &self.rules;
        let mut room: Vec<i64> = rules.hand_sizes().iter().map(|&h| i64::from(h)).collect();
        let mut is_free = vec![true; rules.deck_size()];
        for (card, first) in self.first_move.iter().enumerate() {
            match *first {
                Some((dealt, moved)) if moved <= upto => {
                    is_free[card] = false;
                    room[dealt.index()] -= 1;
                }
                // A seat's view: the cards of the hand still free are the seat's, settled.
                _ if self.held(card) == Some(true) => {
                    is_free[card] = false;
                    room[self.seat_player().index()] -= 1;
                }
                _ => {}
            }
        }
        Problem::new(
            rules.players(),
            rules.sets(),
            rules.cards_per_set(),
            is_free,
            room,
            facts,
        )
    }

    /// A minimal subset of `claims`, which leave no deal after action `upto`: first by
    /// actions if `by_actions` (drop all of an action's claims unless that lets a deal fit,
    /// from the last action back), then by claims. `None` if the static problem disagrees with the referee
    /// (it never should; the caller then falls back on replays).
    pub(super) fn shrink(
        &self,
        claims: &[Claim],
        upto: usize,
        by_actions: bool,
    ) -> Option<Vec<Claim>> {
        let facts: Vec<Fact> = claims.iter().map(|c| self.fact(c, upto)).collect();
        let mut problem = self.problem(upto, facts.iter().copied())?;
        if problem.fits() {
            return None;
        }
        let mut kept = vec![true; claims.len()];
        let mut end = if by_actions { claims.len() } else { 0 };
        while end > 0 {
            let action = claims[end - 1].action;
            let start = claims[..end]
                .iter()
                .rposition(|c| c.action != action)
                .map_or(0, |i| i + 1);
            if problem.drop_unless_needed(&facts[start..end]) == Dropped::Dropped {
                kept[start..end].fill(false);
            }
            end = start;
        }
        for i in (0..claims.len()).rev() {
            if kept[i] && problem.drop_unless_needed(&facts[i..=i]) == Dropped::Dropped {
                kept[i] = false;
            }
        }
        Some(
            claims
                .iter()
                .zip(kept)
                .filter_map(|(c, k)| k.then_some(*c))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether some deal of the free cards gives each player exactly `room` of them and meets
    /// every fact: by trying every deal.
    fn brute_fits(cps: usize, is_free: &[bool], room: &[i64], facts: &[Fact]) -> bool {
        if facts.contains(&Fact::False) {
            return false;
        }
        let free: Vec<usize> = (0..is_free.len()).filter(|&c| is_free[c]).collect();
        let players = room.len();
        let mut owner = vec![0usize; free.len()];
        loop {
            let mut held = vec![0i64; players];
            for &o in &owner {
                held[o] += 1;
            }
            let fits = held == room
                && facts.iter().all(|f| match *f {
                    Fact::Ban { card, player } => free
                        .iter()
                        .zip(&owner)
                        .all(|(&c, &o)| c != card as usize || o != player as usize),
                    Fact::Need { player, set } => free
                        .iter()
                        .zip(&owner)
                        .any(|(&c, &o)| c / cps == set as usize && o == player as usize),
                    _ => true,
                });
            if fits {
                return true;
            }
            // The next deal, as a number in base `players`.
            let mut i = 0;
            loop {
                if i == owner.len() {
                    return false;
                }
                owner[i] += 1;
                if owner[i] < players {
                    break;
                }
                owner[i] = 0;
                i += 1;
            }
        }
    }

    fn fact(players: usize, sets: usize, cps: usize) -> impl Strategy<Value = Fact> {
        prop_oneof![
            6 => (0..sets * cps, 0..players).prop_map(|(c, p)| Fact::Ban { card: c as u32, player: p as u8 }),
            4 => (0..players, 0..sets).prop_map(|(p, s)| Fact::Need { player: p as u8, set: s as u32 }),
            1 => Just(Fact::False),
            1 => Just(Fact::Idle),
        ]
    }

    /// A small problem: players, sets, cards per set, free cards, room per player, facts, and
    /// how the facts are grouped when dropped (group sizes of 1 or 2).
    type Case = (
        usize,
        usize,
        usize,
        Vec<bool>,
        Vec<i64>,
        Vec<Fact>,
        Vec<bool>,
    );

    fn problem() -> impl Strategy<Value = Case> {
        (2..=3usize, 1..=3usize, 1..=3usize).prop_flat_map(|(players, sets, cps)| {
            let deck = sets * cps;
            (
                Just(players),
                Just(sets),
                Just(cps),
                proptest::collection::vec(prop::bool::weighted(0.8), deck),
                proptest::collection::vec(0..players, deck),
                proptest::collection::vec(fact(players, sets, cps), 0..10),
                proptest::collection::vec(any::<bool>(), 10),
            )
                .prop_map(|(players, sets, cps, is_free, dealt, facts, pair)| {
                    // Room: the free cards of a deal, so that hands add up.
                    let mut room = vec![0i64; players];
                    for c in 0..is_free.len() {
                        if is_free[c] {
                            room[dealt[c]] += 1;
                        }
                    }
                    (players, sets, cps, is_free, room, facts, pair)
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The matching decides feasibility like brute force, and every drop, kept or undone,
        /// leaves the problem as brute force says it is.
        #[test]
        fn drops_agree_with_brute_force((players, sets, cps, is_free, room, facts, pair) in problem()) {
            let mut problem = Problem::new(players, sets, cps, is_free.clone(), room.clone(), facts.iter().copied()).unwrap();
            let mut believed = facts.clone();
            prop_assert_eq!(problem.fits(), brute_fits(cps, &is_free, &room, &believed));
            if problem.fits() {
                return Ok(());
            }
            // Drop from the last fact back, one or two at a time.
            let mut end = facts.len();
            let mut g = 0;
            while end > 0 {
                let start = if pair[g % pair.len()] && end >= 2 { end - 2 } else { end - 1 };
                g += 1;
                let mut without = believed.clone();
                for f in &facts[start..end] {
                    let at = without.iter().position(|x| x == f).unwrap();
                    without.remove(at);
                }
                let fits_without = brute_fits(cps, &is_free, &room, &without);
                let outcome = problem.drop_unless_needed(&facts[start..end]);
                prop_assert_eq!(outcome == Dropped::Needed, fits_without);
                if outcome == Dropped::Dropped {
                    believed = without;
                }
                prop_assert!(!problem.fits());
                prop_assert!(!brute_fits(cps, &is_free, &room, &believed));
                end = start;
            }
        }
    }
}
