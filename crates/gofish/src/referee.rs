//! The streaming referee: the public table plus the deal model.

use crate::action::{Action, Answer};
use crate::deal::DealModel;
use crate::notation::RawAction;
use crate::rules::{Player, Rank, Rules, CARDS_PER_RANK, MAX_PLAYERS, MAX_RANKS};
use crate::table::{Move, RuleError, Table};

/// The state of knowledge after an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Some deal (hands and stock order) makes every action so far honest.
    Honest,
    /// No deal does since this action (1-based); it stays so for good.
    Cheated {
        /// The first action after which no deal fits.
        since: usize,
    },
}

impl Verdict {
    /// The verdict in the contract format: `yes\n`, or `no\n<action>\n`.
    ///
    /// ```
    /// use fairplay_gofish::Verdict;
    /// assert_eq!(Verdict::Cheated { since: 3 }.contract(), "no\n3\n");
    /// assert_eq!(Verdict::Honest.contract(), "yes\n");
    /// ```
    pub fn contract(self) -> String {
        match self {
            Verdict::Honest => "yes\n".to_string(),
            Verdict::Cheated { since } => format!("no\n{since}\n"),
        }
    }
}

/// The claim that no deal can make true any more, given every earlier action: the last straw
/// of a contradiction (its other facts are earlier actions).
///
/// With feature `serde` it serializes as its kind ([`Reason::kind`]) with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, schemars::JsonSchema),
    serde(tag = "kind", rename_all = "kebab-case")
)]
pub enum Reason {
    /// An ask for a rank the asker holds none of.
    AskWithout {
        /// Who asks.
        player: Player,
        /// The rank.
        rank: Rank,
    },
    /// An answer (a handover of `cards`, or "Go fish" for 0) that is not all the player holds.
    WrongAnswer {
        /// Who answers.
        player: Player,
        /// The rank.
        rank: Rank,
        /// Cards handed over (0 for "Go fish").
        cards: u8,
    },
    /// A card drawn after "Go fish" kept unseen, although it can only be of the rank asked for.
    HidDrawnRank {
        /// Who draws.
        player: Player,
        /// The rank asked for.
        rank: Rank,
    },
    /// A card shown as drawn when no card of its rank can be left in the stock.
    ShownNotInStock {
        /// Who draws.
        player: Player,
        /// The rank shown.
        rank: Rank,
    },
    /// A book laid by a player who cannot hold all four cards.
    BookWithout {
        /// Who lays it down.
        player: Player,
        /// The rank.
        rank: Rank,
    },
    /// The hand or the draws given for a seat ([`Referee::seated`]) cannot be, given the log.
    AgainstSeat {
        /// The seat.
        seat: Player,
    },
    /// A player who must hold all four cards of a rank did not lay the book at once.
    BookNotLaid {
        /// Who holds them.
        player: Player,
        /// The rank.
        rank: Rank,
        /// Whether the four were dealt (and not laid before the first other action).
        dealt: bool,
    },
}

impl Reason {
    /// A stable kebab-case name of the reason, for programs and translation tables.
    pub fn kind(&self) -> &'static str {
        match self {
            Reason::AskWithout { .. } => "ask-without",
            Reason::WrongAnswer { .. } => "wrong-answer",
            Reason::HidDrawnRank { .. } => "hid-drawn-rank",
            Reason::ShownNotInStock { .. } => "shown-not-in-stock",
            Reason::BookWithout { .. } => "book-without",
            Reason::BookNotLaid { .. } => "book-not-laid",
            Reason::AgainstSeat { .. } => "against-seat",
        }
    }
}

impl std::fmt::Display for Reason {
    /// The claim no deal makes true, in a sentence.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no deal makes every action so far honest: ")?;
        match *self {
            Reason::AskWithout { player, rank } => write!(
                f,
                "player {player} asks for rank {rank}, but holds none of it in every deal that fits the earlier actions"
            ),
            Reason::WrongAnswer {
                player,
                rank,
                cards: 0,
            } => write!(
                f,
                "player {player} says \"Go fish\" to rank {rank}, but holds some of it in every deal that fits the earlier actions"
            ),
            Reason::WrongAnswer {
                player,
                rank,
                cards,
            } => write!(
                f,
                "player {player} hands over {cards} of rank {rank}, but holds another number of them in every deal that fits the earlier actions"
            ),
            Reason::HidDrawnRank { player, rank } => write!(
                f,
                "player {player} keeps the drawn card unseen, but in every deal that fits it is of rank {rank}, the rank just asked for, which is shown"
            ),
            Reason::ShownNotInStock { player, rank } => write!(
                f,
                "player {player} shows a drawn {rank}, but no card of rank {rank} is left in the stock in any deal that fits"
            ),
            Reason::BookWithout { player, rank } => write!(
                f,
                "player {player} lays down the book of {rank}, but holds fewer than four of it in every deal that fits"
            ),
            Reason::BookNotLaid {
                player,
                rank,
                dealt: true,
            } => write!(
                f,
                "player {player} was dealt all four cards of rank {rank} in every deal that fits, but did not lay the book before the first other action"
            ),
            Reason::AgainstSeat { seat } => write!(
                f,
                "the card player {seat} drew unseen, as given for their seat, cannot have been drawn there"
            ),
            Reason::BookNotLaid { player, rank, .. } => write!(
                f,
                "player {player} holds all four cards of rank {rank} in every deal that fits, but did not lay the book at once"
            ),
        }
    }
}

/// The first point at which cheating became certain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction {
    /// The 1-based number of the action after which no deal fits.
    pub action: usize,
    /// The claim that broke.
    pub reason: Reason,
}

/// Whose claims a referee believes. A claim is what an action says about the speaker's own
/// hidden cards: an ask ("I hold one"), an answer ("that is all I hold": a distrusted handover
/// still proves the cards handed over), an unseen draw after "Go fish" ("it is not the rank
/// asked for"), and holding no four of a rank (made at every action but the book, while a
/// four may be held and no such claim of that player was believed since). A referee built with
/// [`Referee::with_trust`] ignores the claims of distrusted players and the claims checked at
/// distrusted actions; what everybody saw (hand and stock sizes, cards handed over or shown,
/// books) always counts.
///
/// ```
/// use fairplay_gofish::{notation::parse_action, FishTurn, Referee, Rules, Trust, Verdict};
/// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// let mut trust = Trust::everyone();
/// trust.distrust_action(3); // player 2's ask at action 3
/// let mut referee = Referee::with_trust(rules, trust);
/// for (i, line) in ["1 A 2 A fish", "1 D", "2 A 1 A 1"].iter().enumerate() {
///     referee.apply_raw(parse_action(line.as_bytes(), i + 1).unwrap().unwrap()).unwrap();
/// }
/// assert_eq!(referee.verdict(), Verdict::Honest);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trust {
    players: u16,
    /// Per action (index `action - 1`): the players whose claims checked there are distrusted.
    actions: Vec<u16>,
}

impl Trust {
    /// Every claim is believed.
    pub fn everyone() -> Trust {
        Trust::default()
    }
    /// Believe none of `player`'s claims.
    pub fn distrust_player(&mut self, player: Player) {
        self.players |= 1 << player.index();
    }
    fn mark(&mut self, action: usize, players: u16, on: bool) {
        let Some(index) = action.checked_sub(1) else {
            return;
        };
        if self.actions.len() <= index {
            self.actions.resize(index + 1, 0);
        }
        if on {
            self.actions[index] |= players;
        } else {
            self.actions[index] &= !players;
        }
    }
    /// Believe none of the claims checked at action `action` (1-based).
    pub fn distrust_action(&mut self, action: usize) {
        self.mark(action, u16::MAX, true);
    }
    /// Believe none of `player`'s claims checked at action `action`.
    pub fn distrust_claims(&mut self, action: usize, player: Player) {
        self.mark(action, 1 << player.index(), true);
    }
    /// Believe `player`'s claims checked at action `action` again.
    pub fn trust_claims(&mut self, action: usize, player: Player) {
        self.mark(action, 1 << player.index(), false);
    }
    /// Whether `player`'s claim checked at action `action` is believed.
    pub fn trusts(&self, action: usize, player: Player) -> bool {
        let at = action
            .checked_sub(1)
            .and_then(|i| self.actions.get(i))
            .copied()
            .unwrap_or(0);
        (self.players | at) & (1 << player.index()) == 0
    }
}

/// A claim an action made about hidden cards, as a proof keeps it (`ProofStep::details`); its
/// words are its `Display` (`ProofStep::claims`).
///
/// With feature `serde` it serializes as its kind ([`Claim::kind`]) with its parameters, for
/// programs and translation tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, schemars::JsonSchema),
    serde(tag = "kind", rename_all = "kebab-case"),
    schemars(rename = "GoFishClaim")
)]
pub enum Claim {
    /// An ask: the asker holds a card of the rank.
    Holds {
        /// Who asks.
        player: Player,
        /// The rank asked for.
        rank: Rank,
    },
    /// An answer: the asked player held exactly this many (0: "Go fish").
    Exactly {
        /// Who answers.
        player: Player,
        /// The rank asked for.
        rank: Rank,
        /// Cards handed over (0 for "Go fish").
        cards: u8,
    },
    /// An unseen draw after "Go fish": not of the rank asked for.
    NotDrawn {
        /// Who draws.
        player: Player,
        /// The rank asked for.
        rank: Rank,
    },
    /// No book owed: the player holds no four of a rank.
    NoFour {
        /// Who holds the cards.
        player: Player,
        /// Whether it is about the dealt hand (no book laid before the first other action).
        dealt: bool,
    },
}

/// What one player knows besides what everybody saw: the hand they were dealt and the ranks
/// of the cards they drew unseen, in order (as many as given).
///
/// ```
/// use fairplay_gofish::{FishTurn, Rules, Seat};
/// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// let seat = Seat::new(&rules, 2, &["2", "2", "3"], &["A"]).unwrap();
/// assert_eq!(seat.player().number(), 2);
/// assert!(Seat::new(&rules, 2, &["2", "2"], &[]).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    player: Player,
    hand: [u8; MAX_RANKS],
    draws: Vec<Rank>,
}

/// Why a seat's hand or draws are not of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatError {
    /// No such player.
    #[error("there is no player {number}: players are numbered 1 to {players}")]
    Player {
        /// The number given.
        number: u32,
        /// Players.
        players: usize,
    },
    /// A rank the game does not have.
    #[error("`{0}` is not a rank of this game")]
    Rank(String),
    /// A hand of the wrong size.
    #[error("{cards} cards given, but each player is dealt {hand}")]
    HandSize {
        /// Cards given.
        cards: usize,
        /// Cards dealt.
        hand: usize,
    },
    /// More than four cards of a rank.
    #[error("more than four cards of rank {0} given")]
    TooMany(Rank),
    /// More draws than the stock holds.
    #[error("{draws} draws given, but the stock holds {stock} cards")]
    Draws {
        /// Draws given.
        draws: usize,
        /// Cards in the stock.
        stock: usize,
    },
}

impl Seat {
    /// Player `number`'s dealt `hand` and unseen `draws` (rank names), checked against `rules`.
    pub fn new<S: AsRef<str>>(
        rules: &Rules,
        number: u32,
        hand: &[S],
        draws: &[S],
    ) -> Result<Seat, SeatError> {
        let player = rules.player(number).ok_or(SeatError::Player {
            number,
            players: rules.players(),
        })?;
        let rank = |name: &str| {
            crate::notation::parse_rank(name.trim().as_bytes())
                .and_then(|r| r.0.checked_sub(1))
                .and_then(|i| rules.rank(i as usize))
                .ok_or_else(|| SeatError::Rank(name.to_string()))
        };
        if hand.len() != rules.hand() {
            return Err(SeatError::HandSize {
                cards: hand.len(),
                hand: rules.hand(),
            });
        }
        let mut counts = [0u8; MAX_RANKS];
        let mut total = [0u8; MAX_RANKS];
        for name in hand {
            let r = rank(name.as_ref())?;
            counts[r.index()] += 1;
            total[r.index()] += 1;
        }
        if draws.len() > rules.stock() {
            return Err(SeatError::Draws {
                draws: draws.len(),
                stock: rules.stock(),
            });
        }
        let draws: Vec<Rank> = draws
            .iter()
            .map(|n| rank(n.as_ref()))
            .collect::<Result<_, _>>()?;
        for r in &draws {
            total[r.index()] += 1;
        }
        if let Some(r) = rules.all_ranks().find(|r| total[r.index()] > 4) {
            return Err(SeatError::TooMany(r));
        }
        Ok(Seat {
            player,
            hand: counts,
            draws,
        })
    }

    /// Whose seat it is.
    pub fn player(&self) -> Player {
        self.player
    }

    /// The dealt hand, ranks in order.
    pub fn hand(&self) -> Vec<Rank> {
        (0..MAX_RANKS)
            .flat_map(|r| std::iter::repeat_n(Rank(r as u8), self.hand[r].into()))
            .collect()
    }

    /// The ranks of the cards drawn unseen, in order (as many as given).
    pub fn draws(&self) -> &[Rank] {
        &self.draws
    }
}

/// A card drawn from the stock, in the order of the draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Drawn {
    /// Drawn unseen by this player.
    Hidden(Player),
    /// Drawn and shown.
    Shown(Rank),
}

/// The claims "holds no four" not yet believed: per player, the ranks whose count may have
/// reached four since that player last claimed holding none. The rules make the claim at
/// every action after which a player holds four of a rank, except the one laying that book
/// (and the books laid before the first other action); until the count changes, every such
/// claim is the same bound, so the first one believed settles it. Believing every claim, that
/// is the action right after the cards came; believing some only ([`Trust`]), the claim carries
/// on to the next action, as the rules place it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Owed {
    /// Only books so far: dealt fours may be laid before the first other action.
    opening: bool,
    /// Players with ranks owed.
    players: u16,
    /// Per player, the ranks owed.
    ranks: [u16; MAX_PLAYERS],
    /// Players whose owed ranks all come from the deal.
    dealt: u16,
}

impl Owed {
    /// After the deal: every rank of every player.
    fn new(rules: &Rules) -> Owed {
        let players = (1u16 << rules.players()) - 1;
        Owed {
            opening: true,
            players,
            ranks: [(1u16 << rules.ranks()) - 1; MAX_PLAYERS],
            dealt: players,
        }
    }
    /// `player`'s count of the ranks `mask` may have gone up.
    fn up(&mut self, player: Player, mask: u16) {
        self.players |= 1 << player.index();
        self.ranks[player.index()] |= mask;
        self.dealt &= !(1 << player.index());
    }
    /// `player`'s count of `rank` went down or is known: nothing owed for it.
    fn settle(&mut self, player: Player, rank: Rank) {
        self.ranks[player.index()] &= !(1 << rank.index());
        if self.ranks[player.index()] == 0 {
            self.players &= !(1 << player.index());
        }
    }
    /// Nothing owed by `player`.
    fn clear(&mut self, player: Player) {
        self.ranks[player.index()] = 0;
        self.players &= !(1 << player.index());
    }
    /// The ranks `player` owes now, but for the book `book` this action lays.
    fn of(&self, player: Player, book: Option<(Player, Rank)>) -> u16 {
        let mut ranks = self.ranks[player.index()];
        if let Some((p, r)) = book.filter(|&(p, _)| p == player) {
            debug_assert_eq!(p, player);
            ranks &= !(1 << r.index());
        }
        ranks
    }
}

/// A referee for one game: feed it actions in order, learn after each whether an honest deal
/// still exists.
///
/// ```
/// use fairplay_gofish::{notation::parse_action, FishTurn, Referee, Rules, Verdict};
/// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// let mut referee = Referee::new(rules);
/// let mut verdicts = Vec::new();
/// for (i, line) in ["1 A 2 A fish", "1 D", "2 A 1 A 1"].iter().enumerate() {
///     let action = parse_action(line.as_bytes(), i + 1).unwrap().unwrap();
///     verdicts.push(referee.apply_raw(action).unwrap());
/// }
/// assert_eq!(verdicts, [Verdict::Honest, Verdict::Honest, Verdict::Cheated { since: 3 }]);
/// ```
#[derive(Clone, Debug)]
pub struct Referee {
    rules: Rules,
    table: Table,
    deal: DealModel,
    /// Per player and rank: the part of the count everybody saw (cards received and shown,
    /// minus cards given and booked); the count is this plus the hidden cards of the rank.
    seen: [[i8; MAX_RANKS]; MAX_PLAYERS],
    owed: Owed,
    actions: usize,
    contradiction: Option<Contradiction>,
    /// `None`: every claim is believed.
    trust: Option<Box<Trust>>,
    /// The draws so far, in order (at most the stock's size).
    drawn: Vec<Drawn>,
    /// The claims of the last action.
    claims: Vec<Claim>,
    /// The seat this referee judges as, if any, and how many of its unseen draws were seen.
    seat: Option<(Box<Seat>, usize)>,
    /// The rank (1-based, as written) the next unseen draw's drawer asks for next, if known.
    hint: Option<u32>,
    /// Whether the claims of each action are noted, for explanations (a batch judge reads
    /// only the verdict).
    note_claims: bool,
}

impl Claim {
    /// A stable kebab-case name of the claim, for programs and translation tables.
    pub fn kind(&self) -> &'static str {
        match self {
            Claim::Holds { .. } => "holds",
            Claim::Exactly { .. } => "exactly",
            Claim::NotDrawn { .. } => "not-drawn",
            Claim::NoFour { .. } => "no-four",
        }
    }

    /// Whose claim it is.
    pub fn player(self) -> Player {
        match self {
            Claim::Holds { player, .. }
            | Claim::Exactly { player, .. }
            | Claim::NotDrawn { player, .. }
            | Claim::NoFour { player, .. } => player,
        }
    }
}

impl Referee {
    /// A referee at the start of a game played by `rules`.
    pub fn new(rules: Rules) -> Referee {
        Referee {
            rules,
            table: Table::new(rules),
            deal: DealModel::new(&rules),
            seen: [[0; MAX_RANKS]; MAX_PLAYERS],
            owed: Owed::new(&rules),
            actions: 0,
            contradiction: None,
            trust: None,
            drawn: Vec::new(),
            claims: Vec::new(),
            seat: None,
            hint: None,
            note_claims: true,
        }
    }

    /// A referee that believes only the claims `trust` trusts.
    pub fn with_trust(rules: Rules, trust: Trust) -> Referee {
        let mut referee = Referee::new(rules);
        referee.trust = Some(Box::new(trust));
        referee
    }

    /// A referee that judges as the player of `seat` knows the game: what everybody saw,
    /// plus their dealt hand and their own unseen draws (the first ones, as many as given).
    /// What they know can make cheating certain earlier than for a watcher.
    pub fn seated(rules: Rules, seat: &Seat) -> Referee {
        let mut referee = Referee::new(rules);
        for r in rules.all_ranks() {
            let n = i32::from(seat.hand[r.index()]);
            // A hand of the right size always fits the deal before any action.
            referee.deal.constrain(seat.player.index(), r.index(), n, n);
        }
        referee.seat = Some((Box::new(seat.clone()), 0));
        referee
    }

    /// From now on, believe only the claims `trust` trusts.
    pub(crate) fn set_trust(&mut self, trust: Trust) {
        self.trust = Some(Box::new(trust));
    }

    fn trusts(&self, player: Player) -> bool {
        match &self.trust {
            None => true,
            Some(trust) => trust.trusts(self.actions, player),
        }
    }

    /// Back to the start of the game, keeping the memory.
    pub fn reset(&mut self) {
        self.table = Table::new(self.rules);
        self.deal.reset();
        self.seen = [[0; MAX_RANKS]; MAX_PLAYERS];
        self.owed = Owed::new(&self.rules);
        self.actions = 0;
        self.contradiction = None;
        self.trust = None;
        self.drawn.clear();
        self.claims.clear();
        self.seat = None;
        self.hint = None;
    }

    /// The rank (1-based) the drawer of the next unseen draw asks for next: the witness deal
    /// gives them that rank if it can. A guess about the witness only, never a claim.
    pub(crate) fn hint_draw(&mut self, rank: Option<u32>) {
        self.hint = rank;
    }

    /// Before the first action: the witness deals each player what the first actions show
    /// them holding ([`DealModel::seed`]). A guess about the witness only, never a claim.
    pub(crate) fn seed_deal(&mut self, hands: &crate::ahead::FirstHands) {
        if self.actions == 0 {
            self.deal.seed(hands);
        }
    }

    /// Whether to note the claims of each action ([`Referee::last_claims`]); on unless set.
    pub(crate) fn note_claims(&mut self, on: bool) {
        self.note_claims = on;
    }

    /// Bytes this referee takes: itself and what it holds on the heap (its buffers'
    /// capacities), for a budget of states kept. Every field is named, so that a new one is
    /// counted or said to hold nothing.
    pub(crate) fn bytes(&self) -> usize {
        fn bytes<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        let Referee {
            rules: _,
            table: _,
            deal,
            seen: _,
            owed: _,
            actions: _,
            contradiction: _,
            trust,
            drawn,
            claims,
            seat,
            hint: _,
            note_claims: _,
        } = self;
        let trust = trust.as_deref().map_or(0, |trust| {
            std::mem::size_of::<Trust>() + bytes(&trust.actions)
        });
        let seat = seat.as_ref().map_or(0, |(seat, _)| {
            std::mem::size_of::<Seat>() + bytes(&seat.draws)
        });
        std::mem::size_of::<Referee>()
            + deal.heap_bytes()
            + trust
            + bytes(drawn)
            + bytes(claims)
            + seat
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// Actions applied so far.
    pub fn actions(&self) -> usize {
        self.actions
    }
    /// Cards in `player`'s hand now.
    pub fn hand_size(&self, player: Player) -> usize {
        self.table.size(player)
    }
    /// Cards in the stock now.
    pub fn stock_size(&self) -> usize {
        self.table.stock()
    }
    /// Whether the book of `rank` is laid.
    pub fn is_booked(&self, rank: Rank) -> bool {
        self.table.is_booked(rank)
    }
    /// The verdict so far.
    pub fn verdict(&self) -> Verdict {
        match self.contradiction {
            None => Verdict::Honest,
            Some(c) => Verdict::Cheated { since: c.action },
        }
    }
    /// Since when and why no deal fits, if none does.
    pub fn contradiction(&self) -> Option<Contradiction> {
        self.contradiction
    }

    /// Whether the public rules allow `action` next (turns, draws due, books, hand and stock
    /// sizes), whatever the hidden cards: what a table offers to enter. The referee is
    /// unchanged.
    ///
    /// ```
    /// use fairplay_gofish::notation::parse_action;
    /// use fairplay_gofish::{Referee, Rules};
    /// let rules = Rules::standard();
    /// let action = |text: &str| rules.check(parse_action(text.as_bytes(), 1).unwrap().unwrap()).unwrap();
    /// let referee = Referee::new(rules);
    /// assert!(referee.allows(action("1 A 2 7 fish")).is_ok());
    /// assert!(referee.allows(action("2 A 1 7 fish")).is_err()); // player 1's turn
    /// assert_eq!(referee.actions(), 0);
    /// ```
    pub fn allows(&self, action: Action) -> Result<(), RuleError> {
        let mut table = self.table;
        table.apply(action).map(|_| ())
    }

    /// Checks an action's names against the rules, then applies it ([`Referee::apply`]).
    pub fn apply_raw(&mut self, raw: RawAction) -> Result<Verdict, RuleError> {
        let action = self.rules.check(raw)?;
        self.apply(action)
    }

    /// Applies one action: a rule error leaves the referee unchanged; otherwise the verdict
    /// after it. Once cheating is certain only the public rules are checked.
    pub fn apply(&mut self, action: Action) -> Result<Verdict, RuleError> {
        let mut table = self.table;
        let done = table.apply(action)?;
        let before = std::mem::replace(&mut self.table, table);
        self.actions += 1;
        self.claims.clear();
        if self.contradiction.is_none() {
            if let Err(reason) = self.judge(&before, action, done) {
                self.contradiction = Some(Contradiction {
                    action: self.actions,
                    reason,
                });
            }
        }
        Ok(self.verdict())
    }

    /// The count of `rank` in `player`'s hand is `lo..=hi`.
    fn claim(
        &mut self,
        player: Player,
        rank: Rank,
        lo: i32,
        hi: i32,
        reason: Reason,
    ) -> Result<(), Reason> {
        if !self.trusts(player) {
            return Ok(());
        }
        let seen = i32::from(self.seen[player.index()][rank.index()]);
        if self
            .deal
            .constrain(player.index(), rank.index(), lo - seen, hi - seen)
        {
            Ok(())
        } else {
            Err(reason)
        }
    }

    /// Settles the books the last action may have owed, then the claims of this one.
    fn judge(&mut self, before: &Table, action: Action, done: Move) -> Result<(), Reason> {
        let book = match action {
            Action::Book { player, rank } => Some((player, rank)),
            _ => None,
        };
        if self.note_claims {
            self.record_claims(before, book, done);
        }
        if !(self.owed.opening && book.is_some()) {
            self.owed.opening = false;
            let mut players = self.owed.players;
            while players != 0 {
                let player = Player(players.trailing_zeros() as u8);
                players &= players - 1;
                // A hand of fewer than four cards holds no four of anything.
                if before.size(player) < CARDS_PER_RANK {
                    self.owed.clear(player);
                } else if self.trusts(player) {
                    let dealt = self.owed.dealt & (1 << player.index()) != 0;
                    self.no_four(player, self.owed.of(player, book), dealt)?;
                    self.owed.clear(player);
                }
            }
        }
        match done {
            Move::Ask {
                asker,
                target,
                rank,
                answer,
            } => {
                let four = CARDS_PER_RANK as i32;
                self.claim(
                    asker,
                    rank,
                    1,
                    four,
                    Reason::AskWithout {
                        player: asker,
                        rank,
                    },
                )?;
                let cards = match answer {
                    Answer::Fish => 0,
                    Answer::Cards(k) => k,
                };
                let reason = Reason::WrongAnswer {
                    player: target,
                    rank,
                    cards,
                };
                if self.trusts(target) {
                    self.claim(target, rank, cards.into(), cards.into(), reason)?;
                } else if cards > 0 {
                    // The cards handed over were seen: at least that many were held.
                    self.fact(target, rank, cards.into(), reason)?;
                }
                self.seen[target.index()][rank.index()] -= cards as i8;
                self.seen[asker.index()][rank.index()] += cards as i8;
                if cards > 0 {
                    self.owed.settle(target, rank);
                    self.owed.up(asker, 1 << rank.index());
                }
            }
            Move::Hidden { player, not } => {
                self.drawn.push(Drawn::Hidden(player));
                let not = not.filter(|_| self.trusts(player));
                let mut only = None;
                if let Some((seat, seen)) = &mut self.seat {
                    if seat.player == player {
                        only = seat.draws.get(*seen).map(|r| r.index());
                        *seen += 1;
                    }
                }
                // The rank the drawer asks for next, unless the witness gives them one already.
                let prefer = self
                    .hint
                    .take()
                    .and_then(|r| r.checked_sub(1))
                    .map(|r| r as usize)
                    .filter(|&r| {
                        r < self.rules.ranks()
                            && i32::from(self.seen[player.index()][r])
                                + i32::from(self.deal.count(player.index(), r))
                                < 1
                    });
                if !self.deal.hidden_draw_of(
                    player.index(),
                    not.map(Rank::index),
                    only,
                    prefer,
                    self.table.booked(),
                ) {
                    if only.is_some() && only != not.map(Rank::index) {
                        return Err(Reason::AgainstSeat { seat: player });
                    }
                    // Only a draw that must not be of one rank can fail: the stock holds
                    // nothing else.
                    let rank = not.unwrap_or(Rank(0));
                    return Err(Reason::HidDrawnRank { player, rank });
                }
                self.owed.up(player, u16::MAX >> (16 - self.rules.ranks()));
            }
            Move::Shown { player, rank } => {
                self.drawn.push(Drawn::Shown(rank));
                if !self.deal.shown_draw(rank.index()) {
                    return Err(Reason::ShownNotInStock { player, rank });
                }
                self.seen[player.index()][rank.index()] += 1;
                self.owed.up(player, 1 << rank.index());
            }
            Move::Book { player, rank } => {
                let four = CARDS_PER_RANK as i32;
                // The four cards are shown: a fact, whoever is trusted.
                let seen = i32::from(self.seen[player.index()][rank.index()]);
                if !self
                    .deal
                    .constrain(player.index(), rank.index(), four - seen, four - seen)
                {
                    return Err(Reason::BookWithout { player, rank });
                }
                self.seen[player.index()][rank.index()] -= four as i8;
                self.owed.settle(player, rank);
            }
        }
        Ok(())
    }

    /// Notes the claims this action makes, for explanations.
    fn record_claims(&mut self, before: &Table, book: Option<(Player, Rank)>, done: Move) {
        self.claims.clear();
        if !(self.owed.opening && book.is_some()) {
            let mut players = self.owed.players;
            while players != 0 {
                let player = Player(players.trailing_zeros() as u8);
                players &= players - 1;
                if before.size(player) >= CARDS_PER_RANK && self.owed.of(player, book) != 0 {
                    self.claims.push(Claim::NoFour {
                        player,
                        dealt: self.owed.dealt & (1 << player.index()) != 0,
                    });
                }
            }
        }
        match done {
            Move::Ask {
                asker,
                target,
                rank,
                answer,
            } => {
                let cards = match answer {
                    Answer::Fish => 0,
                    Answer::Cards(k) => k,
                };
                self.claims.push(Claim::Holds {
                    player: asker,
                    rank,
                });
                self.claims.push(Claim::Exactly {
                    player: target,
                    rank,
                    cards,
                });
            }
            Move::Hidden {
                player,
                not: Some(rank),
            } => self.claims.push(Claim::NotDrawn { player, rank }),
            _ => {}
        }
    }

    /// At least `lo` cards of `rank` in `player`'s hand: seen, so believed whatever the trust.
    fn fact(&mut self, player: Player, rank: Rank, lo: i32, reason: Reason) -> Result<(), Reason> {
        let seen = i32::from(self.seen[player.index()][rank.index()]);
        let four = CARDS_PER_RANK as i32;
        if self
            .deal
            .constrain(player.index(), rank.index(), lo - seen, four - seen)
        {
            Ok(())
        } else {
            Err(reason)
        }
    }

    /// After the last action `player` holds at most three of each rank of `ranks` not booked.
    /// Only called for a player whose claims are believed.
    fn no_four(&mut self, player: Player, ranks: u16, dealt: bool) -> Result<(), Reason> {
        let mut ranks = ranks & !self.table.booked();
        let seen = self.seen[player.index()];
        let three = CARDS_PER_RANK as i32 - 1;
        while ranks != 0 {
            let r = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            let seen = i32::from(seen[r]);
            if !self.deal.constrain(player.index(), r, -seen, three - seen) {
                return Err(Reason::BookNotLaid {
                    player,
                    rank: Rank(r as u8),
                    dealt,
                });
            }
        }
        Ok(())
    }

    /// The deal model.
    pub(crate) fn deal_model(&self) -> &DealModel {
        &self.deal
    }

    /// The claims of the last action applied.
    pub(crate) fn last_claims(&self) -> &[Claim] {
        &self.claims
    }

    /// The draws so far, in order.
    pub(crate) fn drawn(&self) -> &[Drawn] {
        &self.drawn
    }

    /// The part of `player`'s count of `rank` that everybody saw.
    pub(crate) fn seen(&self, player: Player, rank: Rank) -> i32 {
        self.seen[player.index()][rank.index()].into()
    }
}
