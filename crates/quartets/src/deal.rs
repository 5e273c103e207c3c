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
//!
//! A witness dealt from a guess ([`DealModel::deal_as`], the deal a whole log reveals) is
//! often right about every card, and then no fact ever breaks it. Until one does, the model
//! keeps only the facts and the witness's owners, and checks each new fact against them in a
//! few instructions; the slots (which free card serves which need, the members and loads) are
//! built from the owners when a fact first disagrees ([`DealModel::build_slots`]). The
//! witness is the same either way: a fact that agrees with it moves no card.
//!
//! [`DealModel::knowledge`] tells, for every free card and player at once, whether some deal
//! gives the card to the player, and for every player and set whether every deal gives the
//! player a free card of the set. The first is read off the strongly connected components of
//! the witness's alternating graph (one pass); the second is one rerouting attempt per player
//! and set the witness gives them cards of.

/// Marks a need slot that does not exist (no unsettled need).
const NO_NEED: u32 = u32::MAX;
/// Marks an unsettled need whose slot holds no card yet.
const EMPTY: u32 = u32::MAX - 1;
/// Owner of a free card that is momentarily unseated during a repair.
const UNSEATED: u8 = u8::MAX;
/// A free card with no facts, dealt to player 0, first of its owner's list.
const BLANK: Seat = Seat {
    banned: 0,
    owner: 0,
    free: true,
    in_need: false,
    position: 0,
};
/// In a guess for [`DealModel::deal_as`]: no guess for this card.
pub(crate) const NO_GUESS: u8 = u8::MAX;

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

/// What every deal fitting the facts has in common, for all cards and players at once: see
/// [`DealModel::knowledge`]. Indices are the model's (0-based players, cards set-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnowledgeTable {
    /// Per card: the players some deal gives it to, as a bit mask (bit `p` for player `p`).
    pub possible: Vec<u16>,
    /// Per set: the players every deal gives a card of the set to, as a bit mask.
    pub certain: Vec<u16>,
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
    /// The free cards in each player's wild slot in the witness (each card knows its position
    /// in its list). Cards seated in need slots are not listed: a scan for a wild card then
    /// never walks past them, however many needs a long log opens.
    members: Vec<Vec<u32>>,
    /// Per `(player, holder)`: where the last scan of `player`'s wild cards for one `holder`
    /// may take ([`DealModel::wild_fitting`]) stopped. The next starts there, so the cards
    /// `holder` may not take (banned from them for good) are not walked again and again.
    fit_cursor: Vec<u32>,
    /// Per player: free cards left, unsettled needs, cards in the wild slot.
    slots: Vec<Slots>,
    feasible: bool,
    /// Every fact so far agrees with the witness as [`DealModel::deal_as`] dealt it, and only
    /// the owners, `free`, bans, `free_left`, `needs_open` and which needs are open (`EMPTY`)
    /// are kept up to date: members, positions, `in_need`, wild loads and the cards in need
    /// slots are built by [`DealModel::build_slots`] when a fact first disagrees.
    unbuilt: bool,
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
pub(crate) struct Seat {
    /// The players it may not have been dealt to.
    pub(crate) banned: u16,
    /// Witness owner of a free card ([`UNSEATED`] during a repair); dealt owner of a pinned one.
    pub(crate) owner: u8,
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
        let mut model = DealModel {
            players,
            sets,
            cards_per_set,
            seats: Vec::with_capacity(deck),
            need: Vec::with_capacity(players * sets),
            members: hands
                .iter()
                .map(|&h| Vec::with_capacity(h as usize))
                .collect(),
            slots: Vec::with_capacity(players),
            fit_cursor: vec![0; players * players],
            feasible: true,
            unbuilt: false,
            failure: None,
            search: Search::default(),
        };
        model.reset(hands);
        model
    }

    /// Back to no facts, for the same sizes and `hands` as [`DealModel::new`] took, keeping
    /// the memory: a batch judges log after log without allocating.
    pub fn reset(&mut self, hands: &[u32]) {
        self.clear_facts(hands);
        let mut first = 0;
        for (p, &h) in hands.iter().enumerate() {
            let h = h as usize;
            let members = &mut self.members[p];
            members.clear();
            members.extend(first as u32..(first + h) as u32);
            for (position, seat) in self.seats[first..first + h].iter_mut().enumerate() {
                *seat = Seat {
                    owner: p as u8,
                    position: position as u32,
                    ..BLANK
                };
            }
            first += h;
        }
        debug_assert_eq!(first, self.seats.len());
    }

    /// [`DealModel::reset`] and [`DealModel::deal_as`] in one pass over the cards: the model
    /// ends as those two calls leave it, its slots unbuilt, without first dealing the witness
    /// in order and listing the members that [`DealModel::build_slots`] would list anew.
    pub(crate) fn reset_as(&mut self, hands: &[u32], guess: &[u8]) {
        self.clear_facts(hands);
        debug_assert_eq!(guess.len(), self.seats.len());
        for members in &mut self.members {
            members.clear();
        }
        let mut room: [u32; crate::MAX_PLAYERS] = [0; crate::MAX_PLAYERS];
        room[..hands.len()].copy_from_slice(hands);
        let mut unseated = false;
        for (seat, &owner) in self.seats.iter_mut().zip(guess) {
            let owner = usize::from(owner);
            let dealt = if owner < hands.len() && room[owner] > 0 {
                room[owner] -= 1;
                owner as u8
            } else {
                unseated = true;
                UNSEATED
            };
            *seat = Seat {
                owner: dealt,
                ..BLANK
            };
        }
        if unseated {
            self.deal_rest(room);
        }
        self.unbuilt = true;
    }

    /// The state of a model with no facts, but for the cards' owners and the members of the
    /// wild slots, which the caller deals. The search's marks are left as they are: a search
    /// starts a new epoch, so the marks of earlier logs are never taken for its own.
    fn clear_facts(&mut self, hands: &[u32]) {
        let deck = self.sets * self.cards_per_set;
        // Written in place: after the first log, no length changes and no capacity checks.
        self.seats.resize(deck, BLANK);
        self.need.resize(self.players * self.sets, NO_NEED);
        self.need.fill(NO_NEED);
        self.slots.clear();
        self.slots.extend(hands.iter().map(|&h| Slots {
            free_left: i64::from(h),
            needs_open: 0,
            wild_load: i64::from(h),
        }));
        self.fit_cursor.fill(0);
        self.feasible = true;
        self.unbuilt = false;
        self.failure = None;
        let search = &mut self.search;
        search.marks.resize(deck, Mark::default());
        search.wild_seen.resize(self.players, 0);
        search.queue.clear();
        search.unseated.clear();
    }

    /// Facts of a player who knows their own hand, given before any other: `seat` was dealt
    /// exactly the cards `held` marks. Each of them is banned from everyone else and every
    /// other card from `seat`, so every deal of the model gives `seat` that hand (its hand
    /// size is the number of marked cards, which the caller checked). The witness is dealt
    /// afresh: `seat` gets its hand, the others the rest in order.
    pub(crate) fn seat_hand(&mut self, seat: usize, held: &[bool]) {
        debug_assert!(self.feasible && self.failure.is_none() && !self.unbuilt);
        let others = self.everyone() & !(1 << seat);
        let mut room: Vec<usize> = self.members.iter().map(Vec::len).collect();
        for members in &mut self.members {
            members.clear();
        }
        let mut next = 0;
        for (card, (record, &mine)) in self.seats.iter_mut().zip(held).enumerate() {
            let owner = if mine {
                record.banned = others;
                seat
            } else {
                record.banned = 1 << seat;
                while next == seat || room[next] == 0 {
                    next += 1;
                }
                room[next] -= 1;
                next
            };
            record.owner = owner as u8;
            record.in_need = false;
            record.position = self.members[owner].len() as u32;
            self.members[owner].push(card as u32);
        }
    }

    /// Deals the witness afresh, before any fact: card `c` goes to player `guess[c]` while that
    /// player has room ([`NO_GUESS`] or no room: the card is dealt later, in order, to the
    /// first player with room). Any deal of the right hand sizes is a witness of a model with
    /// no facts, so the guess changes no answer; a good one (the deal a log reveals, see
    /// [`crate::Referee::guess_deal`]) spares the repairs that facts would otherwise make, and
    /// the slots are not built until a fact disagrees with it (see the module's notes).
    #[cfg(test)]
    pub(crate) fn deal_as(&mut self, hands: &[u32], guess: &[u8]) {
        debug_assert!(self.feasible && self.need.iter().all(|&n| n == NO_NEED));
        debug_assert_eq!(guess.len(), self.seats.len());
        let mut room: [u32; crate::MAX_PLAYERS] = [0; crate::MAX_PLAYERS];
        room[..hands.len()].copy_from_slice(hands);
        for (seat, &owner) in self.seats.iter_mut().zip(guess) {
            let owner = usize::from(owner);
            seat.owner = if owner < hands.len() && room[owner] > 0 {
                room[owner] -= 1;
                owner as u8
            } else {
                UNSEATED
            };
        }
        self.deal_rest(room);
        self.unbuilt = true;
    }

    /// Deals the cards a guess left [`UNSEATED`], in order, to the first player with `room`.
    fn deal_rest(&mut self, mut room: [u32; crate::MAX_PLAYERS]) {
        let mut next = 0;
        for seat in self.seats.iter_mut().filter(|seat| seat.owner == UNSEATED) {
            while room[next] == 0 {
                next += 1;
            }
            room[next] -= 1;
            seat.owner = next as u8;
        }
    }

    /// Builds the slots of an [`DealModel::unbuilt`] model from its owners: every free card in
    /// its owner's wild slot, except, for each open need `(p, s)`, the first free set-`s` card
    /// of `p`'s, which serves it. Such a card exists, and the loads come out at capacity,
    /// because every fact so far agreed with the owners.
    #[cold]
    #[inline(never)]
    fn build_slots(&mut self) {
        self.unbuilt = false;
        for members in &mut self.members {
            members.clear();
        }
        for slots in &mut self.slots {
            slots.wild_load = 0;
        }
        for card in 0..self.seats.len() {
            if self.seats[card].free {
                self.seat(card, self.seats[card].owner as usize, false);
            }
        }
        for player in 0..self.players {
            for set in 0..self.sets {
                let key = player * self.sets + set;
                if self.need[key] == NO_NEED {
                    continue;
                }
                let card = self
                    .held_in(player, set)
                    .expect("an open need agrees with the witness");
                self.unseat(card);
                self.seat(card, player, true);
            }
            debug_assert_eq!(self.slots[player].wild_load, self.wild_cap(player));
        }
    }

    /// The first free card of `set` that the witness gives `player` and that serves no need.
    #[inline]
    fn held_in(&self, player: usize, set: usize) -> Option<usize> {
        let first = set * self.cards_per_set;
        (first..first + self.cards_per_set).find(|&c| {
            self.seats[c].free && !self.seats[c].in_need && self.seats[c].owner as usize == player
        })
    }

    /// Whether the model is as [`DealModel::reset_as`] left it plus facts that all agreed with
    /// its witness: the state [`crate::Referee`]'s agreeing path works on.
    #[inline]
    pub(crate) fn is_unbuilt(&self) -> bool {
        self.unbuilt && self.feasible
    }

    /// The cards' records of an unbuilt model, for [`crate::Referee`]'s agreeing path, which
    /// reads their witness owners (never unseated in an unbuilt model) and writes bans only:
    /// a ban on a card the witness gives someone else, as [`DealModel::ban_if`] records it.
    #[inline(always)]
    pub(crate) fn seats_mut(&mut self) -> &mut [Seat] {
        debug_assert!(self.is_unbuilt());
        &mut self.seats
    }

    /// After facts given by [`crate::Referee`]'s agreeing path, which records only bans: the
    /// rest of an unbuilt model's state from the referee's. A card never moved when its
    /// `place` is `unmoved`; the need `(player, set)` is held when its byte of `hand` (by
    /// `player * sets + set`, as the model's needs) has the bit `needed`. The model is then as
    /// the facts one by one through [`DealModel::pin_of`], [`DealModel::ban_if`] and
    /// [`DealModel::require`] would have left it (a test compares the two).
    #[cold]
    #[inline(never)]
    pub(crate) fn resume_unbuilt(&mut self, place: &[u8], unmoved: u8, hand: &[u8], needed: u8) {
        debug_assert!(self.is_unbuilt());
        debug_assert_eq!(
            (place.len(), hand.len()),
            (self.seats.len(), self.need.len())
        );
        let mut free_left = [0i64; crate::MAX_PLAYERS];
        for (seat, &place) in self.seats.iter_mut().zip(place) {
            seat.free = place == unmoved;
            free_left[usize::from(seat.owner) & (crate::MAX_PLAYERS - 1)] += i64::from(seat.free);
        }
        for (need, &held) in self.need.iter_mut().zip(hand) {
            *need = if held & needed != 0 { EMPTY } else { NO_NEED };
        }
        for ((slots, row), &free_left) in self
            .slots
            .iter_mut()
            .zip(hand.chunks_exact(self.sets))
            .zip(&free_left)
        {
            slots.free_left = free_left;
            slots.needs_open = row.iter().filter(|&&held| held & needed != 0).count() as i64;
        }
    }

    /// Whether some deal satisfies every fact given so far.
    #[cfg(test)]
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
        if self.unbuilt && self.held_in(player, set).is_some() {
            // The witness agrees: the card serving the need is found when the slots are built.
            self.need[key] = EMPTY;
            self.slots[player].needs_open += 1;
            return true;
        }
        self.add_need(player, set, key)
    }

    #[inline(never)]
    fn add_need(&mut self, player: usize, set: usize, key: usize) -> bool {
        // An unbuilt witness that agrees was settled by `require`: this one disagrees.
        if self.unbuilt {
            self.build_slots();
        }
        self.need[key] = EMPTY;
        self.slots[player].needs_open += 1;
        if let Some(card) = self.held_in(player, set) {
            // The card stays in `player`'s hand, moving from the wild slot to the need slot.
            self.unseat(card);
            self.seat(card, player, true);
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
            if let Some(other) = self.wild_fitting(player, holder, false, set) {
                self.unseat(card);
                self.unseat(other);
                self.seat(card, player, true);
                self.seat(other, holder, false);
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
        if self.unbuilt {
            self.build_slots();
        }
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
    /// when `in_need` (a card of `set`, found among the set's cards), else its wild slot (any
    /// card not banned from `holder`, found from where the last such scan stopped).
    fn wild_fitting(
        &mut self,
        player: usize,
        holder: usize,
        in_need: bool,
        set: usize,
    ) -> Option<usize> {
        let fits = |seat: &Seat| !seat.in_need && seat.banned & (1 << holder) == 0;
        if in_need {
            let first = set * self.cards_per_set;
            return (first..first + self.cards_per_set).find(|&c| {
                let seat = &self.seats[c];
                seat.free && seat.owner as usize == player && fits(seat)
            });
        }
        let list = &self.members[player];
        let cursor = &mut self.fit_cursor[player * self.players + holder];
        let start = (*cursor as usize).min(list.len());
        let at = (start..list.len())
            .chain(0..start)
            .find(|&i| fits(&self.seats[list[i] as usize]))?;
        *cursor = at as u32;
        Some(list[at] as usize)
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
    #[inline]
    pub fn pin(&mut self, card: usize, player: usize) -> bool {
        self.pin_of(card, card / self.cards_per_set, player)
    }

    /// [`DealModel::pin`] of a card of `set`, which the caller knows (no division for it).
    #[inline(always)]
    pub(crate) fn pin_of(&mut self, card: usize, set: usize, player: usize) -> bool {
        debug_assert_eq!(set, card / self.cards_per_set);
        let seat = &mut self.seats[card];
        if self.unbuilt & self.feasible
            && seat.owner as usize == player
            && seat.banned & (1 << player) == 0
        {
            // The witness agrees: the card leaves the pool where it was, and settles the
            // player's need in its set.
            seat.free = false;
            let slots = &mut self.slots[player];
            slots.free_left -= 1;
            let key = player * self.sets + set;
            if self.need[key] != NO_NEED {
                self.need[key] = NO_NEED;
                slots.needs_open -= 1;
            }
            return true;
        }
        self.pin_repairing(card, player)
    }

    /// [`DealModel::pin`] when the witness may have to change.
    #[inline(never)]
    fn pin_repairing(&mut self, card: usize, player: usize) -> bool {
        if !self.feasible {
            return false;
        }
        if self.seats[card].banned & (1 << player) != 0 {
            self.feasible = false;
            self.failure = Some(Failure::PinnedBanned { card, player });
            return false;
        }
        if self.unbuilt {
            self.build_slots();
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
                self.unseat(seated as usize);
                self.seat(seated as usize, player, false);
            }
            self.need[key] = NO_NEED;
            self.slots[player].needs_open -= 1;
        }
        if holder != player && self.slots[player].wild_load > self.wild_cap(player) {
            // Most often one move does: a wild card of `player` takes the seat `card` left.
            if let Some(other) = self.wild_fitting(player, holder, in_need, set) {
                self.unseat(other);
                self.seat(other, holder, in_need);
            } else if in_need {
                self.refill_need(player, holder, set);
            }
        }
        self.rebalance(player)
    }

    /// After a pin took the card serving `holder`'s need in `set` and `player` has no wild card
    /// of the set for it, tries the usual two moves before a search: a set-`set` card that is
    /// wild elsewhere (with `other`) moves into the need slot, and a wild card of `player`
    /// takes its place with `other`.
    fn refill_need(&mut self, player: usize, holder: usize, set: usize) {
        let first = set * self.cards_per_set;
        for card in first..first + self.cards_per_set {
            let seat = self.seats[card];
            if !seat.free || seat.in_need || seat.banned & (1 << holder) != 0 {
                continue;
            }
            let other = seat.owner as usize;
            if other == player {
                continue;
            }
            if let Some(wild) = self.wild_fitting(player, other, false, set) {
                self.unseat(card);
                self.seat(card, holder, true);
                self.unseat(wild);
                self.seat(wild, other, false);
                return;
            }
        }
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
            let list = &mut self.members[p];
            let at = self.seats[card].position as usize;
            list.swap_remove(at);
            if let Some(&moved) = list.get(at) {
                self.seats[moved as usize].position = at as u32;
            }
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
            self.seats[card].position = self.members[player].len() as u32;
            self.members[player].push(card as u32);
        }
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

    /// What a watcher knows of the free cards, when the model is feasible: for every free card
    /// the players some deal gives it to ([`KnowledgeTable::possible`]; 0 for a card that is
    /// not free), and for every set the players every deal gives a free card of the set to
    /// ([`KnowledgeTable::certain`]). Exact, like [`DealModel::pin`] and [`DealModel::ban`]
    /// on a copy of the model for every question, but in about the time of one copy.
    ///
    /// *Possible holders.* Expand every wild slot into unit slots; a deal is then a perfect
    /// matching of free cards onto slots, and the witness is one. A pair (card, slot) outside
    /// the witness is in some perfect matching exactly when it lies on an alternating cycle:
    /// in the graph with an edge from every card to every slot it may take and from every slot
    /// to the card the witness seats there, when the slot reaches the card, that is when both
    /// are in one strongly connected component. The unit slots of a wild slot all have the same
    /// cards next to them, so they are one node; a need slot holds one card, so it is merged
    /// into that card. Then `c` may be with `p` exactly when the witness gives it to `p`, or
    /// `c` shares a component with `p`'s wild node (with room) or with the card in `p`'s need
    /// slot of `c`'s set. One pass of Tarjan's algorithm (iterative) decides every pair.
    ///
    /// *Certain sets.* Player `p` holds a free card of set `s` in every deal when `p` has a
    /// need in `s`; otherwise when no deal gives `p` none of the set's free cards, that is when
    /// the model with `s`'s free cards banned from `p` is infeasible. That is decided from the
    /// witness by taking the set-`s` cards out of `p`'s wild slot and re-seating each by one
    /// augmenting path with the bans in force (exact by Berge's theorem, as for every fact). A
    /// success leaves a witness that is also one of the unchanged model; after a failure the
    /// cards not re-seated go back to `p`. No copy per question: one copy of the model for the
    /// whole table, and one augmenting-path search per card re-seated (a card rerouted away
    /// from one holder of its set may be rerouted again from the next); a card only `p` may
    /// hold settles the question without a search.
    pub fn knowledge(&self) -> Option<KnowledgeTable> {
        if !self.feasible {
            return None;
        }
        if self.unbuilt {
            let mut built = self.clone();
            built.build_slots();
            return built.knowledge();
        }
        let possible = self.possible_holders();
        let certain = self.clone().certain_sets(&possible);
        Some(KnowledgeTable { possible, certain })
    }

    /// Whether a wild slot may take `card` as an alternating-graph edge from `card`: not the
    /// wild slot `card` is in (its own seat).
    #[inline]
    fn wild_edge(&self, card: usize, player: usize) -> bool {
        let seat = &self.seats[card];
        self.wild_cap(player) > 0 && (seat.owner as usize != player || seat.in_need)
    }

    /// The card in `player`'s need slot of `set`, if the need is open and filled.
    #[inline]
    fn need_card(&self, player: usize, set: usize) -> Option<usize> {
        let seated = self.need[player * self.sets + set];
        (seated != NO_NEED && seated != EMPTY).then_some(seated as usize)
    }

    /// The next out-edge of `node` in the alternating graph from edge number `*cursor` on, and
    /// the cursor moved past it. Nodes `0..deck` are the cards (a card merged with the need
    /// slot it fills), `deck + p` is player `p`'s wild slot. A card's edges are numbered `2p`
    /// (to the card in `p`'s need slot of its set) and `2p + 1` (to `p`'s wild slot); a wild
    /// slot's edges are the positions in its owner's list of members.
    #[inline]
    fn next_edge(&self, node: usize, cursor: &mut u32) -> Option<usize> {
        let deck = self.seats.len();
        if node >= deck {
            let members = &self.members[node - deck];
            while let Some(&card) = members.get(*cursor as usize) {
                *cursor += 1;
                if !self.seats[card as usize].in_need {
                    return Some(card as usize);
                }
            }
            return None;
        }
        let set = node / self.cards_per_set;
        let banned = self.seats[node].banned;
        while (*cursor as usize) < 2 * self.players {
            let edge = *cursor as usize;
            *cursor += 1;
            let p = edge / 2;
            if banned & (1 << p) != 0 {
                *cursor += 1 - (edge % 2) as u32; // neither edge to `p`
                continue;
            }
            if edge % 2 == 0 {
                match self.need_card(p, set) {
                    Some(m) if m != node => return Some(m),
                    _ => {}
                }
            } else if self.wild_edge(node, p) {
                return Some(deck + p);
            }
        }
        None
    }

    /// The strongly connected component of every node of the alternating graph (see
    /// [`DealModel::next_edge`]); `u32::MAX` for a card that is not free. Tarjan's algorithm
    /// with an explicit stack: decks may have a million cards.
    fn components(&self) -> Vec<u32> {
        const NONE: u32 = u32::MAX;
        let deck = self.seats.len();
        let nodes = deck + self.players;
        // DFS number + 1 (0: not visited yet), lowest DFS number reached, component.
        let mut order = vec![0u32; nodes];
        let mut low = vec![0u32; nodes];
        let mut component = vec![NONE; nodes];
        let mut open: Vec<u32> = Vec::new();
        let mut calls: Vec<(u32, u32)> = Vec::new();
        let (mut visited, mut components) = (0u32, 0u32);
        for root in 0..nodes {
            if order[root] != 0 || (root < deck && !self.seats[root].free) {
                continue;
            }
            visited += 1;
            order[root] = visited;
            low[root] = visited;
            open.push(root as u32);
            calls.push((root as u32, 0));
            while let Some((node, cursor)) = calls.last_mut() {
                let v = *node as usize;
                if let Some(w) = self.next_edge(v, cursor) {
                    if order[w] == 0 {
                        visited += 1;
                        order[w] = visited;
                        low[w] = visited;
                        open.push(w as u32);
                        calls.push((w as u32, 0));
                    } else if component[w] == NONE {
                        low[v] = low[v].min(order[w]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    let parent = parent as usize;
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == order[v] {
                    while let Some(w) = open.pop() {
                        component[w as usize] = components;
                        if w as usize == v {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
        component
    }

    /// Per card, the players some deal gives it to: see [`DealModel::knowledge`].
    fn possible_holders(&self) -> Vec<u16> {
        let component = self.components();
        let deck = self.seats.len();
        (0..deck)
            .map(|card| {
                let seat = &self.seats[card];
                if !seat.free {
                    return 0;
                }
                let set = card / self.cards_per_set;
                let mut possible = 1u16 << seat.owner;
                let mut allowed = self.everyone() & !seat.banned & !possible;
                while allowed != 0 {
                    let p = allowed.trailing_zeros() as usize;
                    allowed &= allowed - 1;
                    let via_need = self
                        .need_card(p, set)
                        .is_some_and(|m| component[m] == component[card]);
                    let via_wild = self.wild_cap(p) > 0 && component[deck + p] == component[card];
                    if via_need || via_wild {
                        possible |= 1 << p;
                    }
                }
                possible
            })
            .collect()
    }

    /// Seats `card`, taken out of `p`'s wild slot, by one swap if there is one: a wild card
    /// of a player `card` may go to, which `p` may take, moves to `p`, and `card` takes its
    /// place. The scan of a player's cards starts at `cursor[player]`, where the last one
    /// stopped: cards `p` may not take are not scanned again at once.
    fn swap_out(&mut self, p: usize, card: usize, cursor: &mut [usize]) -> bool {
        let mut allowed = self.everyone() & !self.seats[card].banned;
        while allowed != 0 {
            let q = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            let members = &self.members[q];
            let start = cursor[q].min(members.len());
            let fits = |&i: &usize| {
                let seat = &self.seats[members[i] as usize];
                !seat.in_need && seat.banned & (1 << p) == 0
            };
            if let Some(i) = (start..members.len()).chain(0..start).find(fits) {
                let other = members[i] as usize;
                cursor[q] = i;
                self.unseat(other);
                self.seat(other, p, false);
                self.seat(card, q, false);
                return true;
            }
        }
        false
    }

    /// Per set, the players every deal gives a free card of it to (see
    /// [`DealModel::knowledge`]), on a copy of the model whose witness it may change.
    fn certain_sets(&mut self, possible: &[u16]) -> Vec<u16> {
        let per_set = self.cards_per_set;
        let mut certain = vec![0u16; self.sets];
        // The set's free cards with their own bans, and the cards that found no seat yet.
        let mut free: Vec<(usize, u16)> = Vec::with_capacity(per_set);
        let mut unseated: Vec<u32> = Vec::with_capacity(per_set);
        let mut cursor = vec![0usize; self.players];
        for (set, certain) in certain.iter_mut().enumerate() {
            free.clear();
            let mut holders = 0u16;
            for card in set * per_set..(set + 1) * per_set {
                if self.seats[card].free {
                    free.push((card, self.seats[card].banned));
                    holders |= 1 << self.seats[card].owner;
                }
            }
            for p in 0..self.players {
                if self.need_card(p, set).is_some() {
                    *certain |= 1 << p;
                    holders &= !(1 << p);
                }
            }
            while holders != 0 {
                let p = holders.trailing_zeros() as usize;
                holders &= holders - 1;
                // A card only `p` may hold settles it without a search.
                if free
                    .iter()
                    .any(|&(c, _)| self.seats[c].owner as usize == p && possible[c] == 1 << p)
                {
                    *certain |= 1 << p;
                    continue;
                }
                // Ban the set from `p` for a while and move `p`'s cards of it elsewhere.
                for &(c, banned) in &free {
                    self.seats[c].banned = banned | 1 << p;
                    if self.seats[c].owner as usize == p {
                        self.unseat(c);
                        unseated.push(c as u32);
                    }
                }
                // Most often one swap does (a wild card of another player comes to `p`),
                // else one augmenting path.
                while let Some(&c) = unseated.last() {
                    if !self.swap_out(p, c as usize, &mut cursor) && !self.augment(c as usize) {
                        break;
                    }
                    unseated.pop();
                }
                if !unseated.is_empty() {
                    *certain |= 1 << p;
                    // The wild slot has room for exactly the cards that found no seat.
                    for c in unseated.drain(..) {
                        self.seat(c as usize, p, false);
                    }
                }
                for &(c, banned) in &free {
                    self.seats[c].banned = banned;
                }
            }
        }
        certain
    }
}

#[cfg(test)]
mod tests {
    use super::DealModel;

    /// Checks the witness against every fact the model was given.
    pub(super) fn assert_witness(model: &DealModel, hands: &[u32], pins: &[(usize, usize)]) {
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
    fn knowledge_of_forced_cards_and_needs() {
        // 2 players, one set of 4, 2 cards each; player 0 denied cards 0 and 1, so holds 2, 3.
        let mut model = DealModel::new(1, 4, &[2, 2]);
        assert!(model.ban(0, 0) && model.ban(1, 0));
        let table = model.knowledge().unwrap();
        assert_eq!(table.possible, vec![0b10, 0b10, 0b01, 0b01]);
        assert_eq!(table.certain, vec![0b11]);
        // 2 players, 2 sets of 2; player 1 needs set 0: it holds one of cards 0, 1, so player 0
        // cannot hold both and holds a card of set 1.
        let mut model = DealModel::new(2, 2, &[2, 2]);
        assert!(model.require(1, 0));
        let table = model.knowledge().unwrap();
        assert_eq!(table.possible, vec![0b11; 4]);
        assert_eq!(table.certain, vec![0b10, 0b01]);
        // Player 0 also needs set 0: one card each, and so one card of set 1 each.
        assert!(model.require(0, 0));
        let table = model.knowledge().unwrap();
        assert_eq!(table.possible, vec![0b11; 4]);
        assert_eq!(table.certain, vec![0b11, 0b11]);
        // Player 0 denied card 2: it holds card 3, and player 1 card 2.
        assert!(model.ban(2, 0));
        let table = model.knowledge().unwrap();
        assert_eq!(table.possible, vec![0b11, 0b11, 0b10, 0b01]);
        assert_eq!(table.certain, vec![0b11, 0b11]);
        // An infeasible model knows nothing.
        assert!(!model.ban(3, 0));
        assert_eq!(model.knowledge(), None);
    }

    #[test]
    fn knowledge_leaves_the_witness_alone() {
        let mut model = DealModel::new(4, 4, &[4, 4, 4, 4]);
        for card in 0..16 {
            assert!(model.ban(card, card / 4));
        }
        let before = model.witness();
        assert!(model.knowledge().is_some());
        assert_eq!(model.witness(), before);
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

/// A model dealt from a guess keeps its slots unbuilt while facts agree with it; it must answer
/// every fact and question as a model dealt in order does.
#[cfg(test)]
mod unbuilt {
    use super::{DealModel, NO_GUESS};
    use proptest::prelude::*;

    /// One fact as the referee gives it: pins and bans of free cards only.
    #[derive(Clone, Debug)]
    enum Fact {
        Pin(usize, usize),
        Ban(usize, usize),
        Require(usize, usize),
    }

    fn give(model: &mut DealModel, fact: &Fact) -> bool {
        match *fact {
            Fact::Pin(card, player) => model.pin(card, player),
            Fact::Ban(card, player) => model.ban(card, player),
            Fact::Require(player, set) => model.require(player, set),
        }
    }

    /// The witness keeps every fact: hand sizes, bans, pins (dealt owners), open needs.
    fn assert_witness_keeps(model: &DealModel, hands: &[u32], pins: &[(usize, usize)]) {
        super::tests::assert_witness(model, hands, pins);
        let owners = model.witness().expect("feasible");
        for p in 0..model.players {
            for s in (0..model.sets).filter(|&s| model.needs(p, s)) {
                let mut cards = s * model.cards_per_set..(s + 1) * model.cards_per_set;
                assert!(cards.any(|c| model.is_free(c) && owners[c] as usize == p));
            }
        }
    }

    /// A game's sizes, a guess for its witness and raw facts: `(kind, card or set, player)`.
    #[derive(Clone, Debug)]
    struct Game {
        sets: usize,
        per_set: usize,
        hands: Vec<u32>,
        guess: Vec<u8>,
        facts: Vec<(u8, usize, usize)>,
    }

    fn game() -> impl Strategy<Value = Game> {
        (2usize..=4, 1usize..=4, 1usize..=4).prop_flat_map(|(players, sets, per_set)| {
            let deck = sets * per_set;
            // Hand sizes: the deck dealt round the table.
            let hands: Vec<u32> = (0..players)
                .map(|p| ((deck + players - 1 - p) / players) as u32)
                .collect();
            let guess =
                proptest::collection::vec(prop_oneof![0..players as u8 + 1, Just(NO_GUESS)], deck);
            let facts = proptest::collection::vec((0u8..3, 0..deck.max(sets), 0..players), 0..40);
            (guess, facts).prop_map(move |(guess, facts)| Game {
                sets,
                per_set,
                hands: hands.clone(),
                guess,
                facts,
            })
        })
    }

    #[test]
    fn facts_that_agree_leave_the_slots_unbuilt() {
        // 2 players, 2 sets of 2; the guess deals cards 1 and 2 to player 0.
        let mut model = DealModel::new(2, 2, &[2, 2]);
        model.deal_as(&[2, 2], &[1, 0, 0, 1]);
        assert!(model.require(0, 0) && model.require(1, 1));
        assert!(model.ban(0, 0));
        assert!(model.pin(1, 0) && model.pin(0, 1));
        assert!(model.unbuilt && !model.needs(0, 0) && model.needs(1, 1));
        // Player 1 denying card 3, its only set-1 card in the witness, breaks it: the slots
        // are built and card 3 changes hands with card 2.
        assert!(model.ban(3, 1));
        assert!(!model.unbuilt);
        assert_eq!(model.witness().unwrap(), vec![1, 0, 1, 0]);
        assert_witness_keeps(&model, &[2, 2], &[(1, 0), (0, 1)]);
    }

    /// Raw facts as facts of `model`: pins and bans of its cards, needs, for its players.
    fn facts_of(model: &DealModel, facts: &[(u8, usize, usize)]) -> Vec<Fact> {
        let (sets, deck) = (model.sets, model.seats.len());
        facts
            .iter()
            .filter(|&&(_, _, player)| player < model.players)
            .filter_map(|&(kind, index, player)| match kind {
                0 if index < deck => Some(Fact::Pin(index, player)),
                1 if index < deck => Some(Fact::Ban(index, player)),
                2 => Some(Fact::Require(player, index % sets)),
                _ => None,
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// `reset_as` on a model used before (facts given, slots built or not, searches run)
        /// leaves it as a new model dealt by `deal_as`: the same answer to every fact, the
        /// same witness and failure after each.
        #[test]
        fn reset_as_is_a_new_model_dealt_as(game in game(), before in game()) {
            let Game { sets, per_set, hands, guess, facts } = game;
            let mut reused = DealModel::new(sets, per_set, &hands);
            // Used first: dealt from another guess, then its facts, as a batch's last log.
            if before.guess.len() == guess.len() {
                reused.deal_as(&hands, &before.guess);
            }
            for fact in facts_of(&reused, &before.facts) {
                if matches!(fact, Fact::Pin(c, _) | Fact::Ban(c, _) if !reused.is_free(c)) {
                    continue;
                }
                if !give(&mut reused, &fact) {
                    break;
                }
            }
            reused.reset_as(&hands, &guess);
            let mut fresh = DealModel::new(sets, per_set, &hands);
            fresh.deal_as(&hands, &guess);
            prop_assert_eq!(reused.witness(), fresh.witness());
            for fact in facts_of(&fresh, &facts) {
                if matches!(fact, Fact::Pin(c, _) | Fact::Ban(c, _) if !fresh.is_free(c)) {
                    continue;
                }
                let feasible = give(&mut fresh, &fact);
                prop_assert_eq!(give(&mut reused, &fact), feasible, "{:?}", fact);
                prop_assert_eq!(reused.witness(), fresh.witness());
                prop_assert_eq!(reused.failure(), fresh.failure());
                prop_assert_eq!(reused.reached(), fresh.reached());
                if !feasible {
                    break;
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn answers_as_a_model_dealt_in_order(game in game()) {
            let Game { sets, per_set, hands, guess, facts } = game;
            let mut guessed = DealModel::new(sets, per_set, &hands);
            guessed.deal_as(&hands, &guess);
            let mut in_order = DealModel::new(sets, per_set, &hands);
            let mut pins = Vec::new();
            for (kind, index, player) in facts {
                let fact = match kind {
                    0 | 1 if index >= sets * per_set || !in_order.is_free(index) => continue,
                    0 => Fact::Pin(index, player),
                    1 => Fact::Ban(index, player),
                    _ => Fact::Require(player, index % sets),
                };
                let feasible = give(&mut in_order, &fact);
                prop_assert_eq!(give(&mut guessed, &fact), feasible, "{:?}", fact);
                if !feasible {
                    break;
                }
                if let Fact::Pin(card, player) = fact {
                    pins.push((card, player));
                }
                assert_witness_keeps(&guessed, &hands, &pins);
                prop_assert_eq!(guessed.knowledge(), in_order.knowledge());
            }
        }
    }
}
