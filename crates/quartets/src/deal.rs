//! The hidden deal as a constraint problem, kept feasible incrementally.
//!
//! The unknown part of the deal is the owner of every card that has not moved yet ("free"
//! cards). A watcher's facts about it are of three kinds:
//!
//! * a card is *pinned*: it moved out of a player's hand, so that player was dealt it;
//! * a card is *banned* from a player: the player denied it while it had not moved;
//! * a *need* `(p, s)`: player `p` asked for a set-`s` card while holding no moved card of the
//!   set, so `p` was dealt one of the set-`s` cards that were free then. Free cards only ever
//!   leave the pool, so the need reads "one of the set-`s` cards that are free *now*, unless a
//!   set-`s` card has since been pinned to `p`" (which settles it for good).
//!
//! With `r_p` the number of free cards `p` still holds and `k_p` its unsettled needs, a deal is a
//! perfect bipartite b-matching of free cards onto slots: one slot of capacity 1 per need
//! `(p, s)` (for set-`s` cards only) and one "wild" slot of capacity `r_p - k_p` per player.
//! Needs of one player are of different sets, so no card can serve two of them.
//!
//! [`DealModel`] keeps one such matching (the *witness*). A new fact breaks at most a few
//! assignments; each displaced card is re-seated by one augmenting-path search. By Berge's
//! theorem, when no augmenting path exists from a displaced card no perfect matching exists,
//! so the answer is exact.

/// Marks a need slot that does not exist (no unsettled need).
const NO_NEED: u32 = u32::MAX;
/// Marks an unsettled need whose slot holds no card yet.
const EMPTY: u32 = u32::MAX - 1;
/// Owner of a free card that is momentarily unseated during a repair.
const UNSEATED: u8 = u8::MAX;

/// The first fact that made a [`DealModel`] infeasible: what [`DealModel::failure`] reports.
/// Indices are the model's (0-based players, cards set-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// `card` was pinned to `player`, who is banned from it.
    PinnedBanned {
        /// The card.
        card: usize,
        /// The player.
        player: usize,
    },
    /// `player` has fewer free cards left than unsettled needs (or was pinned more cards than
    /// dealt).
    Overfull {
        /// The player.
        player: usize,
    },
    /// The free `card` found no seat: the cards reached by the failed search
    /// ([`DealModel::reached`]) are more than the slots they may take (Hall's condition).
    NoSeat {
        /// The card that could not be seated.
        card: usize,
    },
}

/// The witness deal and the facts it must satisfy. Sizes are indices: players `0..players`,
/// cards `0..sets * cards_per_set` (set-major).
#[derive(Clone, Debug)]
pub struct DealModel {
    players: usize,
    sets: usize,
    cards_per_set: usize,
    /// Everything known of each card, together: one allocation, and a denial reads and writes
    /// one record.
    seats: Vec<Seat>,
    /// Per `(player, set)`: `NO_NEED`, `EMPTY` or the card seated in the need slot.
    need: Vec<u32>,
    /// Free cards each player holds in the witness, with each card's position in its list.
    members: Vec<Vec<u32>>,
    /// Per player: free cards left, unsettled needs, cards in the wild slot.
    slots: Vec<Slots>,
    feasible: bool,
    failure: Option<Failure>,
    search: Search,
}

/// Scratch space of the augmenting-path search, reused to keep repairs allocation-free.
#[derive(Clone, Debug, Default)]
struct Search {
    epoch: u32,
    /// Per card: the search that last reached it, and the card that displaces it then.
    marks: Vec<Mark>,
    wild_seen: Vec<u32>,
    queue: Vec<u32>,
    unseated: Vec<u32>,
}

/// What is known of one card.
#[derive(Clone, Copy, Debug)]
struct Seat {
    /// The players it may not have been dealt to.
    banned: u16,
    /// Witness owner of a free card ([`UNSEATED`] during a repair); dealt owner of a pinned one.
    owner: u8,
    /// Never moved.
    free: bool,
    /// Seated in its owner's need slot (rather than the wild slot).
    in_need: bool,
    /// Where it stands in its owner's list of members.
    position: u32,
}

/// How one player's slots stand: the wild slot holds `free_left - needs_open` cards.
#[derive(Clone, Copy, Debug)]
struct Slots {
    free_left: i64,
    needs_open: i64,
    wild_load: i64,
}

/// Where a search left a card: the search's epoch, and which card would take its slot.
#[derive(Clone, Copy, Debug, Default)]
struct Mark {
    seen: u32,
    came_from: u32,
}

#[derive(Clone, Copy)]
enum Slot {
    Wild(usize),
    Need(usize),
}

impl DealModel {
    /// A model with no facts yet; the witness deals cards in order (player 1 gets the first
    /// `hands[0]` cards, ...). `hands` must add up to `sets * cards_per_set`.
    pub fn new(sets: usize, cards_per_set: usize, hands: &[u32]) -> DealModel {
        let players = hands.len();
        let deck = sets * cards_per_set;
        let mut members: Vec<Vec<u32>> = hands
            .iter()
            .map(|&h| Vec::with_capacity(h as usize))
            .collect();
        let mut seats = Vec::with_capacity(deck);
        for (p, &h) in hands.iter().enumerate() {
            for _ in 0..h {
                let position = members[p].len() as u32;
                members[p].push(seats.len() as u32);
                seats.push(Seat {
                    banned: 0,
                    owner: p as u8,
                    free: true,
                    in_need: false,
                    position,
                });
            }
        }
        debug_assert_eq!(seats.len(), deck);
        let slots = hands
            .iter()
            .map(|&h| Slots {
                free_left: i64::from(h),
                needs_open: 0,
                wild_load: i64::from(h),
            })
            .collect();
        DealModel {
            players,
            sets,
            cards_per_set,
            seats,
            need: vec![NO_NEED; players * sets],
            members,
            slots,
            feasible: true,
            failure: None,
            search: Search {
                wild_seen: vec![0; players],
                marks: vec![Mark::default(); deck],
                ..Search::default()
            },
        }
    }

    /// Whether some deal satisfies every fact given so far.
    pub fn is_feasible(&self) -> bool {
        self.feasible
    }

    /// The owner of every card in the witness deal (dealt owner, 0-based), when feasible.
    pub fn witness(&self) -> Option<Vec<u8>> {
        self.feasible
            .then(|| self.seats.iter().map(|seat| seat.owner).collect())
    }

    /// The owner of `card` in the witness deal, when feasible.
    pub fn witness_owner(&self, card: usize) -> Option<u8> {
        self.feasible.then(|| self.seats[card].owner)
    }

    /// Whether `card` is still free (has never moved).
    pub fn is_free(&self, card: usize) -> bool {
        self.seats[card].free
    }

    /// The players `card` may not have been dealt, as a bit mask.
    pub fn banned(&self, card: usize) -> u16 {
        self.seats[card].banned
    }

    /// Whether `player` has an unsettled need in `set`.
    pub fn needs(&self, player: usize, set: usize) -> bool {
        self.need[player * self.sets + set] != NO_NEED
    }

    /// The first fact that made the model infeasible, if it is.
    pub fn failure(&self) -> Option<Failure> {
        self.failure
    }

    /// After a [`Failure::NoSeat`]: the free cards the failed search reached, the unseated card
    /// included. Every slot any of them may take is full of cards of this list, so they are
    /// more than those slots hold. Empty otherwise.
    pub fn reached(&self) -> Vec<usize> {
        if !matches!(self.failure, Some(Failure::NoSeat { .. })) {
            return Vec::new();
        }
        let epoch = self.search.epoch;
        (0..self.seats.len())
            .filter(|&c| self.seats[c].free && self.search.marks[c].seen == epoch)
            .collect()
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// How many free (never-moved) cards `player` still holds in every deal: cards dealt
    /// minus cards pinned to them.
    pub fn free_left(&self, player: usize) -> i64 {
        self.slots[player].free_left
    }

    /// Capacity of `player`'s wild slot: free cards left minus unsettled needs.
    pub fn wild_capacity(&self, player: usize) -> i64 {
        self.wild_cap(player)
    }

    fn wild_cap(&self, p: usize) -> i64 {
        self.slots[p].free_left - self.slots[p].needs_open
    }

    /// Fact: `player` was dealt one of the free cards of `set`. Returns feasibility.
    #[inline(always)]
    pub fn require(&mut self, player: usize, set: usize) -> bool {
        let key = player * self.sets + set;
        if !self.feasible || self.need[key] != NO_NEED {
            return self.feasible;
        }
        self.add_need(player, set, key)
    }

    #[inline(never)]
    fn add_need(&mut self, player: usize, set: usize, key: usize) -> bool {
        self.need[key] = EMPTY;
        self.slots[player].needs_open += 1;
        let first = set * self.cards_per_set;
        let held = (first..first + self.cards_per_set).find(|&c| {
            self.seats[c].free && !self.seats[c].in_need && self.seats[c].owner as usize == player
        });
        if let Some(card) = held {
            // The card stays in `player`'s hand, moving from the wild slot to the need slot.
            self.seats[card].in_need = true;
            self.need[key] = card as u32;
            self.slots[player].wild_load -= 1;
        } else {
            self.swap_into_need(player, set);
        }
        self.rebalance(player)
    }

    /// Fills `player`'s empty need slot for `set` by one swap when there is one: a card of the
    /// set seated as a wild card elsewhere moves in, and a wild card of `player` that its
    /// holder may have takes its place. Saves a search in the common case.
    fn swap_into_need(&mut self, player: usize, set: usize) {
        let first = set * self.cards_per_set;
        for card in first..first + self.cards_per_set {
            if !self.seats[card].free
                || self.seats[card].in_need
                || self.seats[card].banned & (1 << player) != 0
            {
                continue;
            }
            let holder = self.seats[card].owner as usize;
            let swap = self.members[player].iter().copied().find(|&other| {
                !self.seats[other as usize].in_need
                    && self.seats[other as usize].banned & (1 << holder) == 0
            });
            if let Some(other) = swap {
                self.unseat(card);
                self.unseat(other as usize);
                self.seat(card, player, true);
                self.seat(other as usize, holder, false);
                return;
            }
        }
    }

    /// Fact: `player` was not dealt `card` (a free card). Returns feasibility.
    #[inline(always)]
    pub fn ban(&mut self, card: usize, player: usize) -> bool {
        if !self.feasible {
            return false;
        }
        self.seats[card].banned |= 1 << player;
        if self.seats[card].owner as usize != player {
            return true; // the witness already agrees
        }
        self.reseat(card)
    }

    /// Records "`player` was not dealt `card`" when `applies`, without branching on it; returns
    /// whether the witness gives `card` to `player`, so that [`DealModel::reseat`] must follow.
    /// For a feasible model (the caller checks).
    #[inline(always)]
    pub(crate) fn ban_if(&mut self, applies: bool, card: usize, player: usize) -> bool {
        self.seats[card].banned |= u16::from(applies) << player;
        applies & (self.seats[card].owner as usize == player)
    }

    /// Moves `card` out of its owner's hand in the witness (after a ban) and repairs.
    #[inline(never)]
    pub(crate) fn reseat(&mut self, card: usize) -> bool {
        let holder = self.seats[card].owner as usize;
        let in_need = self.seats[card].in_need;
        self.unseat(card);
        // Most often one swap does: a wild card of another player takes the freed seat.
        if !self.swap_into(holder, in_need, card) {
            self.search.unseated.push(card as u32);
        }
        self.repair()
    }

    /// A wild card of `player` that may take `holder`'s empty seat: its need slot for `set`
    /// when `in_need`, else its wild slot.
    fn wild_fitting(
        &self,
        player: usize,
        holder: usize,
        in_need: bool,
        set: usize,
    ) -> Option<usize> {
        self.members[player].iter().map(|&c| c as usize).find(|&c| {
            let seat = &self.seats[c];
            !seat.in_need
                && seat.banned & (1 << holder) == 0
                && (!in_need || c / self.cards_per_set == set)
        })
    }

    /// Seats the unseated `card` by one swap if there is one: a wild card of a player `card`
    /// may go to, which may take `holder`'s empty seat (its need slot for `card`'s set when
    /// `in_need`, else its wild slot), moves there and `card` takes its place.
    fn swap_into(&mut self, holder: usize, in_need: bool, card: usize) -> bool {
        let set = card / self.cards_per_set;
        let mut allowed = self.everyone() & !self.seats[card].banned;
        while allowed != 0 {
            let p = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            if let Some(other) = self.wild_fitting(p, holder, in_need, set) {
                self.unseat(other);
                self.seat(other, holder, in_need);
                self.seat(card, p, false);
                return true;
            }
        }
        false
    }

    /// Fact: `player` was dealt `card`, which now leaves the pool of free cards (it moved).
    /// Settles `player`'s need in the card's set. Returns feasibility.
    pub fn pin(&mut self, card: usize, player: usize) -> bool {
        if !self.feasible {
            return false;
        }
        if self.seats[card].banned & (1 << player) != 0 {
            self.feasible = false;
            self.failure = Some(Failure::PinnedBanned { card, player });
            return false;
        }
        let (holder, in_need) = (self.seats[card].owner as usize, self.seats[card].in_need);
        self.unseat(card);
        self.seats[card].free = false;
        self.seats[card].owner = player as u8;
        self.slots[player].free_left -= 1;
        let set = card / self.cards_per_set;
        let key = player * self.sets + set;
        let seated = self.need[key];
        if seated != NO_NEED {
            if seated != EMPTY {
                // The card that served the need stays in `player`'s hand, as a wild card.
                self.seats[seated as usize].in_need = false;
                self.slots[player].wild_load += 1;
            }
            self.need[key] = NO_NEED;
            self.slots[player].needs_open -= 1;
        }
        if holder != player && self.slots[player].wild_load > self.wild_cap(player) {
            // Most often one move does: a wild card of `player` takes the seat `card` left.
            if let Some(other) = self.wild_fitting(player, holder, in_need, set) {
                self.unseat(other);
                self.seat(other, holder, in_need);
            }
        }
        self.rebalance(player)
    }

    /// Unseats wild cards of `player` beyond its wild capacity, then repairs.
    fn rebalance(&mut self, player: usize) -> bool {
        if self.wild_cap(player) < 0 {
            self.feasible = false;
            self.failure = Some(Failure::Overfull { player });
            return false;
        }
        while self.slots[player].wild_load > self.wild_cap(player) {
            // Prefer a card that a slot with room takes as it is: then no search is needed.
            let mut wild = self.members[player]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !self.seats[c].in_need);
            let first = wild
                .clone()
                .next()
                .expect("a wild slot over capacity holds a card");
            match wild.find_map(|c| self.spare_slot(c).map(|slot| (c, slot))) {
                Some((card, Slot::Wild(p))) => {
                    self.unseat(card);
                    self.seat(card, p, false);
                }
                Some((card, Slot::Need(p))) => {
                    self.unseat(card);
                    self.seat(card, p, true);
                }
                None => {
                    self.unseat(first);
                    self.search.unseated.push(first as u32);
                }
            }
        }
        self.repair()
    }

    #[inline]
    fn repair(&mut self) -> bool {
        while let Some(card) = self.search.unseated.pop() {
            if !self.augment(card as usize) {
                self.search.unseated.clear();
                self.feasible = false;
                self.failure = Some(Failure::NoSeat {
                    card: card as usize,
                });
                return false;
            }
        }
        true
    }

    #[inline]
    fn unseat(&mut self, card: usize) {
        let p = self.seats[card].owner;
        if p == UNSEATED || !self.seats[card].free {
            return;
        }
        let p = p as usize;
        if self.seats[card].in_need {
            self.need[p * self.sets + card / self.cards_per_set] = EMPTY;
            self.seats[card].in_need = false;
        } else {
            self.slots[p].wild_load -= 1;
        }
        let list = &mut self.members[p];
        let at = self.seats[card].position as usize;
        list.swap_remove(at);
        if let Some(&moved) = list.get(at) {
            self.seats[moved as usize].position = at as u32;
        }
        self.seats[card].owner = UNSEATED;
    }

    #[inline]
    fn seat(&mut self, card: usize, player: usize, in_need: bool) {
        self.seats[card].owner = player as u8;
        self.seats[card].in_need = in_need;
        if in_need {
            self.need[player * self.sets + card / self.cards_per_set] = card as u32;
        } else {
            self.slots[player].wild_load += 1;
        }
        self.seats[card].position = self.members[player].len() as u32;
        self.members[player].push(card as u32);
    }

    fn everyone(&self) -> u16 {
        if self.players == 16 {
            u16::MAX
        } else {
            (1 << self.players) - 1
        }
    }

    /// A slot with room that `card` may take, if any.
    #[inline]
    fn spare_slot(&self, card: usize) -> Option<Slot> {
        let set = card / self.cards_per_set;
        let mut allowed = self.everyone() & !self.seats[card].banned;
        while allowed != 0 {
            let p = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            if self.need[p * self.sets + set] == EMPTY {
                return Some(Slot::Need(p));
            }
            if self.slots[p].wild_load < self.wild_cap(p) {
                return Some(Slot::Wild(p));
            }
        }
        None
    }

    /// Breadth-first search for a chain of moves that seats `start`: the last card of the
    /// chain and the slot with room it moves into. Each card is tested for a free slot as soon
    /// as it is reached, so short chains (the common case) end the search early.
    fn search_path(&self, s: &mut Search, start: usize) -> Option<(usize, Slot)> {
        s.epoch = s.epoch.wrapping_add(1);
        if s.epoch == 0 {
            s.marks.fill(Mark::default());
            s.wild_seen.fill(0);
            s.epoch = 1;
        }
        let epoch = s.epoch;
        if let Some(slot) = self.spare_slot(start) {
            return Some((start, slot));
        }
        s.queue.clear();
        s.queue.push(start as u32);
        s.marks[start].seen = epoch;
        let mut head = 0;
        while let Some(&card) = s.queue.get(head) {
            head += 1;
            let card = card as usize;
            let set = card / self.cards_per_set;
            let mut allowed = self.everyone() & !self.seats[card].banned;
            while allowed != 0 {
                let p = allowed.trailing_zeros() as usize;
                allowed &= allowed - 1;
                let seated = self.need[p * self.sets + set];
                if seated != NO_NEED && seated != EMPTY && s.marks[seated as usize].seen != epoch {
                    let seated = seated as usize;
                    s.marks[seated].seen = epoch;
                    s.marks[seated].came_from = card as u32;
                    if let Some(slot) = self.spare_slot(seated) {
                        return Some((seated, slot));
                    }
                    s.queue.push(seated as u32);
                }
                if s.wild_seen[p] != epoch {
                    s.wild_seen[p] = epoch;
                    for &other in &self.members[p] {
                        let other = other as usize;
                        if !self.seats[other].in_need && s.marks[other].seen != epoch {
                            s.marks[other].seen = epoch;
                            s.marks[other].came_from = card as u32;
                            if let Some(slot) = self.spare_slot(other) {
                                return Some((other, slot));
                            }
                            s.queue.push(other as u32);
                        }
                    }
                }
            }
        }
        None
    }

    /// Re-seats the unseated `start` by one augmenting path; `false` if none exists.
    fn augment(&mut self, start: usize) -> bool {
        let mut s = std::mem::take(&mut self.search);
        let found = self.search_path(&mut s, start);
        self.search = s;
        let Some((last, target)) = found else {
            return false;
        };
        // Shift every card on the path one slot along, from the end back to `start`.
        let (mut card, mut target) = (last, target);
        loop {
            let previous = if self.seats[card].in_need {
                Slot::Need(self.seats[card].owner as usize)
            } else {
                Slot::Wild(self.seats[card].owner as usize)
            };
            self.unseat(card);
            match target {
                Slot::Wild(p) => self.seat(card, p, false),
                Slot::Need(p) => self.seat(card, p, true),
            }
            if card == start {
                return true;
            }
            target = previous;
            card = self.search.marks[card].came_from as usize;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DealModel;

    /// Checks the witness against every fact the model was given.
    fn assert_witness(model: &DealModel, hands: &[u32], pins: &[(usize, usize)]) {
        let owners = model.witness().expect("feasible");
        for (p, &h) in hands.iter().enumerate() {
            assert_eq!(
                owners.iter().filter(|&&o| o as usize == p).count(),
                h as usize
            );
        }
        for (card, &owner) in owners.iter().enumerate() {
            assert_eq!(
                model.banned(card) & (1 << owner),
                0,
                "card {card} on a banned owner"
            );
        }
        for &(card, player) in pins {
            assert_eq!(owners[card] as usize, player);
        }
    }

    #[test]
    fn hand_sizes_are_exact() {
        // 2 players, one set of 4, 2 cards each: player 0 may only have card 3 left.
        let mut model = DealModel::new(1, 4, &[2, 2]);
        assert!(model.ban(0, 0));
        assert!(model.ban(1, 0));
        assert_witness(&model, &[2, 2], &[]);
        assert!(!model.ban(2, 0));
        assert!(!model.is_feasible());
    }

    #[test]
    fn a_need_is_met_by_a_free_card_of_the_set() {
        // 2 players, 2 sets of 2; cards 0,1 are set 0 and 2,3 set 1.
        let mut model = DealModel::new(2, 2, &[2, 2]);
        assert!(model.require(1, 0));
        assert!(model.require(0, 0));
        let owners = model.witness().unwrap();
        assert_ne!(owners[0], owners[1], "each player holds one set-0 card");
        // Card 0 moves from player 1: the need of player 1 is settled, player 0 keeps card 1.
        assert!(model.pin(0, 1));
        assert!(!model.needs(1, 0));
        assert!(model.needs(0, 0));
        assert_witness(&model, &[2, 2], &[(0, 1)]);
        // Card 1 moving from player 1 too leaves player 0 without a set-0 card.
        assert!(!model.pin(1, 1));
    }

    #[test]
    fn repairs_follow_long_augmenting_paths() {
        // 4 players, 4 sets of 4, 4 each. Ban every player from its own initial cards one by
        // one; a rotation of the whole deal always exists.
        let hands = [4, 4, 4, 4];
        let mut model = DealModel::new(4, 4, &hands);
        for card in 0..16 {
            assert!(model.ban(card, card / 4));
            assert_witness(&model, &hands, &[]);
        }
        for set in 0..4 {
            assert!(model.require(set, (set + 1) % 4));
            assert_witness(&model, &hands, &[]);
        }
        // Player 0 needs set 0 but is banned from its cards.
        let mut model = DealModel::new(4, 4, &hands);
        for card in 1..4 {
            assert!(model.ban(card, 0));
        }
        assert!(model.require(0, 0));
        assert_eq!(model.witness().unwrap()[0], 0);
        assert!(!model.ban(0, 0));
    }

    #[test]
    fn pinning_beyond_a_hand_is_impossible() {
        let mut model = DealModel::new(2, 2, &[2, 2]);
        assert!(model.pin(0, 0));
        assert!(model.pin(3, 0));
        assert_witness(&model, &[2, 2], &[(0, 0), (3, 0)]);
        assert!(!model.pin(1, 0));
    }
}

#[cfg(test)]
mod regressions {
    use super::DealModel;

    #[test]
    fn settling_a_need_by_another_card_frees_its_slot() {
        // Player 0 holds cards 0 and 1 (set 0) in the witness; card 0 serves its need. Card 1
        // then moves from player 0: the need is settled and must not linger as an empty slot.
        let mut model = DealModel::new(2, 2, &[2, 2]);
        assert!(model.require(0, 0));
        let seated = (0..2).find(|&c| model.witness().unwrap()[c] == 0).unwrap();
        assert!(model.pin(1 - seated, 0));
        assert!(!model.needs(0, 0));
        assert!(model.ban(2, 1));
        let owners = model.witness().unwrap();
        assert_eq!(owners.iter().filter(|&&o| o == 0).count(), 2);
    }
}
