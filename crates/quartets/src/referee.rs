//! The streaming referee: public state of the table plus the hidden-deal model.

use crate::action::{Action, NameError};
use crate::deal::{DealModel, KnowledgeTable};
use crate::notation::{LogReader, ParseError, RawAction};
use crate::rules::{Card, Player, Rules, SetId, MAX_PLAYERS};
use crate::seat::SeatHand;

/// In `Referee::place`: the card has never moved.
const UNMOVED: u8 = 0xFE;
/// In `Referee::place`: the card was laid aside with its set.
const OUT: u8 = 0xFF;
/// In `Referee::hand`: the deal model holds this player's need in this set.
const NEEDED: u8 = 0x80;
/// The turn once nobody has cards left.
const NOBODY: u8 = 0xFF;

/// A player index as an index into a per-player array of [`MAX_PLAYERS`]; player indices are
/// below it, and the mask lets the compiler drop the bounds check.
#[inline(always)]
fn seat(player: usize) -> usize {
    player & (MAX_PLAYERS - 1)
}

/// Where a card is, as far as a watcher can see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Never moved: still with whoever was dealt it, unseen.
    Unmoved,
    /// Moved at least once; now in this player's hand.
    Hand(Player),
    /// Laid aside in a set.
    Out,
}

/// An action that breaks a rule every watcher can check, whatever the deal. The referee's
/// state is unchanged by it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// A player, set or card the game does not have.
    #[error(transparent)]
    Name(#[from] NameError),
    /// Nobody has cards left, so nobody may act.
    #[error("the game is over (nobody has cards left), but player {actor} acts")]
    GameOver {
        /// Who tried to act.
        actor: Player,
    },
    /// Someone acts while it is another player's turn.
    #[error("player {actor} acts, but it is player {turn}'s turn")]
    OutOfTurn {
        /// Who tried to act.
        actor: Player,
        /// Whose turn it is.
        turn: Player,
    },
    /// A player asks themselves.
    #[error("player {0} asks themselves")]
    AsksSelf(Player),
    /// A player asks someone who has no cards left.
    #[error("player {asker} asks player {target}, who has left the game (no cards)")]
    AsksAbsent {
        /// Who asked.
        asker: Player,
        /// Who has left.
        target: Player,
    },
    /// Asking for a card that has been laid aside.
    #[error("card {0} has left the game (its set was laid aside)")]
    CardGone(Card),
    /// Laying aside a set that already was.
    #[error("set {0} has already been laid aside")]
    SetGone(SetId),
}

/// Why no deal makes every action so far honest.
///
/// With feature `serde` it serializes as its kind ([`Reason::kind`]) with its parameters, for
/// programs and translation tables: `{"kind": "denied-card-in-hand", "card": "3C", "player": 2}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, schemars::JsonSchema),
    serde(tag = "kind", rename_all = "kebab-case")
)]
pub enum Reason {
    /// A card was handed over by `giver` but is known to be in `holder`'s hand.
    HandedOverFromElsewhere {
        /// The card.
        card: Card,
        /// Who handed it over.
        giver: Player,
        /// Who is known to hold it.
        holder: Player,
    },
    /// A set was laid aside by `player` but one of its cards is known to be in `holder`'s hand.
    LaidAsideFromElsewhere {
        /// The card.
        card: Card,
        /// Who laid the set aside.
        player: Player,
        /// Who is known to hold the card.
        holder: Player,
    },
    /// `player` denied a card that is known to be in their hand.
    DeniedCardInHand {
        /// The card.
        card: Card,
        /// Who denied it.
        player: Player,
    },
    /// The facts on the deal (who was dealt what, who denied what, who needed a card of which
    /// set, hand sizes) admit no deal.
    NoDeal,
    /// A referee seated with a player's hand ([`Referee::seated`]): a card that had never
    /// moved left `player`'s hand, which the hand of `seat` rules out (`player` is `seat` and
    /// the card is not in the hand, or `player` is another and the card is in it). The hand
    /// contradicts the log: what everybody saw cannot have happened with that hand.
    AgainstHand {
        /// The card.
        card: Card,
        /// Whose hand it left.
        player: Player,
        /// The seat whose hand was given.
        seat: Player,
    },
}

impl Reason {
    /// A stable kebab-case name of the reason, for programs and translation tables.
    pub fn kind(&self) -> &'static str {
        match self {
            Reason::HandedOverFromElsewhere { .. } => "handed-over-from-elsewhere",
            Reason::LaidAsideFromElsewhere { .. } => "laid-aside-from-elsewhere",
            Reason::DeniedCardInHand { .. } => "denied-card-in-hand",
            Reason::NoDeal => "no-deal",
            Reason::AgainstHand { .. } => "against-hand",
        }
    }
}

impl std::fmt::Display for Reason {
    /// Why cheating is certain, in a few words.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Reason::HandedOverFromElsewhere {
                card,
                giver,
                holder,
            } => write!(
                f,
                "player {giver} handed over {card}, but it is known to be in player {holder}'s hand"
            ),
            Reason::LaidAsideFromElsewhere {
                card,
                player,
                holder,
            } => write!(
                f,
                "player {player} laid set {} aside, but {card} is known to be in player {holder}'s hand",
                card.set()
            ),
            Reason::DeniedCardInHand { card, player } => write!(
                f,
                "player {player} denied holding {card}, which is known to be in their hand"
            ),
            Reason::NoDeal => f.write_str("no deal of the cards makes every action so far honest"),
            Reason::AgainstHand { card, player, seat } if player == seat => write!(
                f,
                "the hand given for player {seat} contradicts the log: {card} left their hand, \
                 but they were not dealt it and it had never moved"
            ),
            Reason::AgainstHand { card, player, seat } => write!(
                f,
                "the hand given for player {seat} contradicts the log: {card} left player \
                 {player}'s hand, but it is in player {seat}'s hand and had never moved"
            ),
        }
    }
}

/// The first point at which cheating became certain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction {
    /// The 1-based number of the action after which no deal fits.
    pub action: usize,
    /// What made it certain.
    pub reason: Reason,
}

/// The state of knowledge after an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Some deal makes every action so far honest.
    Honest,
    /// No deal does, since the given action (1-based). Stays so for good.
    Cheated {
        /// The first action after which no deal fits.
        since: usize,
    },
}

/// Whose claims a referee believes. Cheating is a false claim: an ask says "I hold a card of
/// this set", a "no" says "I do not hold this card". A referee built with
/// [`Referee::with_trust`] ignores the claims of distrusted players and of distrusted actions:
/// such an ask adds no need, such a denial adds no ban and is never a
/// [`Reason::DeniedCardInHand`]. What everybody saw (cards changing hands, sets laid aside,
/// counts, turns) is always applied.
///
/// ```
/// use fairplay_quartets::{Referee, Rules, Trust, Verdict, notation::LogReader};
/// let log = b"4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
/// let mut trust = Trust::everyone();
/// trust.distrust_denial(4); // player 1's "no" at action 4
/// let mut referee = Referee::with_trust(Rules::standard(), trust);
/// for record in LogReader::new(log).unwrap() {
///     referee.apply_raw(record.unwrap().action).unwrap();
/// }
/// assert_eq!(referee.verdict(), Verdict::Honest);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trust {
    players: u16,
    /// Per action (index `action - 1`): bit 0 the ask is distrusted, bit 1 the denial.
    actions: Vec<u8>,
}

const ASK: u8 = 1;
const DENIAL: u8 = 2;

impl Trust {
    /// Every claim is believed (what [`Referee::new`] does).
    pub fn everyone() -> Trust {
        Trust::default()
    }

    /// Believe none of `player`'s asks and denials.
    pub fn distrust_player(&mut self, player: Player) {
        self.players |= 1 << player.index();
    }

    fn mark(&mut self, action: usize, bits: u8) {
        let Some(index) = action.checked_sub(1) else {
            return;
        };
        if self.actions.len() <= index {
            self.actions.resize(index + 1, 0);
        }
        self.actions[index] |= bits;
    }

    /// Do not believe the ask of action `action` (1-based): the asker may hold no card of the set.
    pub fn distrust_ask(&mut self, action: usize) {
        self.mark(action, ASK);
    }

    /// Do not believe the "no" of action `action` (1-based): the asked player may hold the card.
    pub fn distrust_denial(&mut self, action: usize) {
        self.mark(action, DENIAL);
    }

    /// Believe no claim of action `action` (1-based).
    pub fn distrust_action(&mut self, action: usize) {
        self.mark(action, ASK | DENIAL);
    }

    fn trusts(&self, action: usize, player: Player, bit: u8) -> bool {
        self.players & (1 << player.index()) == 0
            && !matches!(
                action.checked_sub(1).and_then(|i| self.actions.get(i)),
                Some(&bits) if bits & bit != 0
            )
    }

    /// Whether the ask of action `action`, by `asker`, is believed.
    pub fn trusts_ask(&self, action: usize, asker: Player) -> bool {
        self.trusts(action, asker, ASK)
    }

    /// Whether the denial of action `action`, by `denier`, is believed.
    pub fn trusts_denial(&self, action: usize, denier: Player) -> bool {
        self.trusts(action, denier, DENIAL)
    }
}

/// What one action established besides the verdict: which of its claims say something about
/// the deal, and which cards it showed to have been dealt to whom. Explanations are built from
/// these steps, so they never re-derive what the referee decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Established {
    /// The verdict after the action.
    pub verdict: Verdict,
    /// An ask's claim "I hold a card of this set" says something: no card of the set was seen
    /// in the asker's hand.
    pub ask_claim: bool,
    /// A "no" says something: the card had never moved, or was seen in the denier's hand.
    pub denial_claim: bool,
    /// Cards that moved for the first time, so everybody saw they had been dealt to this
    /// player: the set, and its letters as a bit mask (bit 0 is `A`).
    pub dealt: Option<(Player, SetId, u32)>,
}

/// A referee for one game: feed it actions in order, learn after each whether an honest deal
/// still exists.
///
/// ```
/// use fairplay_quartets::{Referee, Rules, Verdict, notation::LogReader};
/// let log = b"4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
/// let mut referee = Referee::new(Rules::standard());
/// let mut verdicts = Vec::new();
/// for record in LogReader::new(log).unwrap() {
///     verdicts.push(referee.apply_raw(record.unwrap().action).unwrap());
/// }
/// assert_eq!(verdicts[2], Verdict::Honest);
/// assert_eq!(verdicts[3], Verdict::Cheated { since: 4 });
/// ```
#[derive(Clone, Debug)]
pub struct Referee {
    rules: Rules,
    /// Where each card is: the index of the player holding it once it has moved, else
    /// `UNMOVED` or `OUT`.
    place: Vec<u8>,
    /// Cards in each player's hand, by player index (masked: no bounds check on the hot path).
    count: [u32; MAX_PLAYERS],
    /// Per `(player, set)`: how many moved cards of the set are in the player's hand (the low
    /// bits), and [`NEEDED`] while the deal model holds the player's need in the set. One byte
    /// tells whether an ask adds a fact.
    hand: Vec<u8>,
    /// Index of the player whose turn it is, or [`NOBODY`]: a byte, so that one comparison
    /// checks a turn.
    turn: u8,
    actions: usize,
    deal: DealModel,
    contradiction: Option<Contradiction>,
    /// `None`: every claim is believed (the fast path).
    trust: Option<Box<Trust>>,
    /// The hand of the player this referee judges as, if any ([`Referee::seated`]).
    seat: Option<Box<SeatHand>>,
}

impl Referee {
    /// A referee at the start of a game played by `rules`.
    pub fn new(rules: Rules) -> Referee {
        let deal = DealModel::new(rules.sets(), rules.cards_per_set(), rules.hand_sizes());
        let mut referee = Referee {
            place: Vec::with_capacity(rules.deck_size()),
            hand: Vec::with_capacity(rules.players() * rules.sets()),
            count: [0; MAX_PLAYERS],
            turn: NOBODY,
            actions: 0,
            deal,
            contradiction: None,
            trust: None,
            seat: None,
            rules,
        };
        referee.reset();
        referee
    }

    /// Back to the start of the game, believing every claim, as [`Referee::new`] makes it but
    /// keeping the memory (a batch judges log after log without allocating).
    ///
    /// ```
    /// use fairplay_quartets::{Referee, Rules, Verdict, notation::LogReader};
    /// let mut referee = Referee::new(Rules::standard());
    /// for record in LogReader::new(b"2\n1 A 2 3C no\n2 A 1 3C no\n").unwrap() {
    ///     referee.apply_raw(record.unwrap().action).unwrap();
    /// }
    /// referee.reset();
    /// assert_eq!((referee.actions(), referee.verdict()), (0, Verdict::Honest));
    /// ```
    pub fn reset(&mut self) {
        self.reset_public();
        self.deal.reset(self.rules.hand_sizes());
    }

    /// [`Referee::reset`], then [`Referee::guess_deal`], in one pass over the deal model.
    pub(crate) fn reset_dealt(&mut self, guess: &[u8]) {
        self.reset_public();
        self.deal.reset_as(self.rules.hand_sizes(), guess);
    }

    /// [`Referee::reset`] of everything but the deal model.
    fn reset_public(&mut self) {
        let rules = &self.rules;
        self.place.resize(rules.deck_size(), UNMOVED);
        self.place.fill(UNMOVED);
        self.hand.resize(rules.players() * rules.sets(), 0);
        self.hand.fill(0);
        self.count = [0; MAX_PLAYERS];
        self.count[..rules.players()].copy_from_slice(rules.hand_sizes());
        self.actions = 0;
        self.contradiction = None;
        self.trust = None;
        self.seat = None;
        self.turn = self.next_with_cards(self.rules.players() - 1);
    }

    /// A referee that judges as the player of `hand` knows the game: a watcher's facts plus
    /// the hand that player was dealt (every deal it considers gives them exactly that hand).
    /// The same single pass as a watcher's; that player's own claims are judged like
    /// everyone's. A card that never moved leaving a hand the seat's hand rules out is
    /// [`Reason::AgainstHand`].
    ///
    /// ```
    /// use fairplay_quartets::{audit, Referee, Rules, SeatHand, Verdict, notation::LogReader};
    /// let rules = Rules::builder().players(3).sets(3).cards_per_set(2).build().unwrap();
    /// // Player 3 holds 1A and 2A. Player 1 asks for 1A (so holds 1B, as player 3 knows) and
    /// // player 2 denies it; player 1's "no" to 1B is a lie player 3 sees at once. A watcher
    /// // can believe player 1 holds 1A and player 2 holds 1B.
    /// let log = b"2\n1 A 2 1A no\n2 A 1 1B no\n";
    /// let hand = SeatHand::parse(&rules, 3, "1A,2A").unwrap();
    /// let mut referee = Referee::seated(&hand);
    /// for record in LogReader::new(log).unwrap() {
    ///     referee.apply_raw(record.unwrap().action).unwrap();
    /// }
    /// assert_eq!(referee.verdict(), Verdict::Cheated { since: 2 });
    /// assert_eq!(audit(log, &rules).unwrap().contract(), "yes\n"); // a watcher sees no lie
    /// ```
    pub fn seated(hand: &SeatHand) -> Referee {
        Referee::seated_with_trust(hand, Trust::everyone())
    }

    /// [`Referee::seated`] believing only the claims `trust` believes.
    pub fn seated_with_trust(hand: &SeatHand, trust: Trust) -> Referee {
        let mut referee = Referee::with_trust(hand.rules().clone(), trust);
        referee.sit(hand);
        referee
    }

    /// Gives the referee, at the start of a game, the hand of the player it judges as.
    pub(crate) fn sit(&mut self, hand: &SeatHand) {
        debug_assert!(self.actions == 0 && hand.rules() == &self.rules);
        self.deal.seat_hand(hand.seat().index(), hand.held());
        self.seat = Some(Box::new(hand.clone()));
    }

    /// Deals the witness as `guess` says (per card, the index of the player to deal it to, if
    /// that player has room), at the start of a game. No verdict depends on the witness; a
    /// witness close to the true deal spares repairs ([`crate::reveal`]).
    #[cfg(test)]
    pub(crate) fn guess_deal(&mut self, guess: &[u8]) {
        debug_assert!(self.actions == 0 && self.seat.is_none());
        self.deal.deal_as(self.rules.hand_sizes(), guess);
    }

    /// The hand this referee judges with, if it was [`Referee::seated`].
    pub fn seat(&self) -> Option<&SeatHand> {
        self.seat.as_deref()
    }

    /// A referee that believes only the claims `trust` believes (see [`Trust`]).
    pub fn with_trust(rules: Rules, trust: Trust) -> Referee {
        let mut referee = Referee::new(rules);
        if trust != Trust::everyone() {
            referee.trust = Some(Box::new(trust));
        }
        referee
    }

    /// From the next action on, believe only the claims `trust` believes (a streamed true-deal
    /// replay changes which claims a copy of its referee believes as it goes).
    pub(crate) fn set_trust(&mut self, trust: Trust) {
        self.trust = (trust != Trust::everyone()).then(|| Box::new(trust));
    }

    /// The model of the hidden deal (read-only): the facts learnt and a witness deal.
    pub(crate) fn deal_model(&self) -> &DealModel {
        &self.deal
    }

    /// Whether, as far as everything so far goes, the never-moved `card` may have been dealt
    /// to `player` (and so still be in their hand): some deal making every believed claim
    /// true does so. `false` for a card that has moved, and once cheating is certain. Decided
    /// on a copy of the deal model; [`Referee::knowledge_table`] answers for every card and
    /// player at once.
    pub fn could_hold_unmoved(&self, card: Card, player: Player) -> bool {
        let index = self.rules.card_index(card);
        if self.contradiction.is_some() || self.place[index] != UNMOVED {
            return false;
        }
        if self.deal.witness_owner(index) == Some(player.0) {
            return true;
        }
        self.deal.clone().pin(index, player.index())
    }

    /// Whether `player` holds a card of `set` in every deal that fits everything so far: a
    /// moved card of the set is in their hand, or no deal gives them none of the set's
    /// never-moved cards. `false` once cheating is certain. Decided on a copy of the deal
    /// model; [`Referee::knowledge_table`] answers for every player and set at once.
    pub fn must_hold_set(&self, player: Player, set: SetId) -> bool {
        if self.contradiction.is_some() {
            return false;
        }
        let sets = self.rules.sets();
        if self.hand[player.index() * sets + set.index()] & !NEEDED > 0 {
            return true;
        }
        let first = set.index() * self.rules.cards_per_set();
        let mut deal = self.deal.clone();
        for index in first..first + self.rules.cards_per_set() {
            if self.place[index] == UNMOVED && !deal.ban(index, player.index()) {
                return true;
            }
        }
        false
    }

    /// [`Referee::could_hold_unmoved`] and [`Referee::must_hold_set`] for every card, player
    /// and set at once, in about the time of one copy of the deal model (see
    /// [`DealModel::knowledge`]); `None` once cheating is certain. Per card (by
    /// [`Rules::card_index`]), the players who may hold it: the holder of a moved card, those
    /// some deal gives a never-moved card to, nobody for a card laid aside. Per set (by
    /// [`SetId::index`]), the players who certainly hold a card of it.
    pub fn knowledge_table(&self) -> Option<KnowledgeTable> {
        if self.contradiction.is_some() {
            return None;
        }
        let mut table = self.deal.knowledge()?;
        for (possible, &place) in table.possible.iter_mut().zip(&self.place) {
            match place {
                UNMOVED => {}
                OUT => *possible = 0,
                p => *possible = 1 << p,
            }
        }
        let sets = self.rules.sets();
        for (p, hand) in self.hand.chunks_exact(sets).enumerate() {
            for (certain, &held) in table.certain.iter_mut().zip(hand) {
                if held & !NEEDED > 0 {
                    *certain |= 1 << p;
                }
            }
        }
        Some(table)
    }

    #[inline]
    fn trusts_ask(&self, asker: Player) -> bool {
        match &self.trust {
            None => true,
            Some(trust) => trust.trusts_ask(self.actions, asker),
        }
    }

    #[inline]
    fn trusts_denial(&self, denier: Player) -> bool {
        match &self.trust {
            None => true,
            Some(trust) => trust.trusts_denial(self.actions, denier),
        }
    }

    /// The rules of this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Number of actions applied so far.
    pub fn actions(&self) -> usize {
        self.actions
    }

    /// The current verdict.
    pub fn verdict(&self) -> Verdict {
        match self.contradiction {
            None => Verdict::Honest,
            Some(c) => Verdict::Cheated { since: c.action },
        }
    }

    /// The first contradiction, if cheating is certain.
    pub fn contradiction(&self) -> Option<Contradiction> {
        self.contradiction
    }

    /// Whose turn it is; `None` once nobody has cards.
    pub fn turn(&self) -> Option<Player> {
        (self.turn != NOBODY).then_some(Player(self.turn))
    }

    /// How many cards `player` holds now (public: everyone can count).
    pub fn card_count(&self, player: Player) -> u32 {
        self.count[seat(player.index())]
    }

    /// Where `card` is as far as a watcher can see.
    pub fn place(&self, card: Card) -> Place {
        match self.place[self.rules.card_index(card)] {
            UNMOVED => Place::Unmoved,
            OUT => Place::Out,
            p => Place::Hand(Player(p)),
        }
    }

    /// A deal (owner of each card, by [`Rules::card_index`]) under which every action so far
    /// is honest, while there is one.
    pub fn witness(&self) -> Option<Vec<Player>> {
        if self.contradiction.is_some() {
            return None;
        }
        self.deal
            .witness()
            .map(|owners| owners.into_iter().map(Player).collect())
    }

    /// Checks the names in `raw` and applies it.
    // Always inlined: a judge's loop keeps the action in registers only if this is part of it.
    #[inline(always)]
    pub fn apply_raw(&mut self, raw: RawAction) -> Result<Verdict, RuleError> {
        let (asker, target, set, letter, granted) = match raw {
            RawAction::Ask {
                asker,
                target,
                set,
                letter,
                granted,
            } => (asker, target, set, letter, granted),
            // As plain values, as the names of an ask below: handing `raw` to a function made
            // the loop write every action to memory.
            RawAction::LayAside { player, set } => return self.apply_lay_aside(player, set),
        };
        // Asks are most actions: their names are checked as plain values, without building an
        // `Action` (an enum the compiler would pack into memory and read back).
        // The names are passed to the error path as plain values: a closure over `raw` made
        // the loop write the action to memory at every ask.
        let Some((asker, target, card)) = self.rules.check_ask(asker, target, set, letter) else {
            return Err(self.rules.ask_name_error(asker, target, set, letter).into());
        };
        self.ask(asker, target, card, granted)?;
        Ok(self.verdict())
    }

    /// [`Referee::apply_raw`] of `player Q set`, out of the loop over the asks.
    #[inline(never)]
    fn apply_lay_aside(&mut self, player: u32, set: u32) -> Result<Verdict, RuleError> {
        let action = self.rules.check(RawAction::LayAside { player, set })?;
        self.apply_checked(action)
    }

    /// Whether [`Referee::agree`] may be used: a watcher's referee (every claim believed, no
    /// seat) dealt a guessed witness ([`Referee::reset_dealt`]) that every fact so far agreed
    /// with, so the deal model's slots are still unbuilt.
    pub(crate) fn agreeing(&self) -> bool {
        self.deal.is_unbuilt()
            && self.contradiction.is_none()
            && self.trust.is_none()
            && self.seat.is_none()
    }

    /// Judges the actions `reader` reads next while each breaks no rule and its every fact
    /// agrees with the witness: `Ok(None)` when the log ends so (then it is honest),
    /// `Ok(Some(action))` for the first action that does not, which is not applied, and the
    /// reader's error if a line is malformed. The action not applied (a rule broken, a fact
    /// the witness does not satisfy, cheating made certain) goes to [`Referee::resume`], then
    /// [`Referee::apply_raw`], which judge it the general way.
    ///
    /// Only for an [`agreeing`](Referee::agreeing) referee. The public state (turn, counts,
    /// places, moved cards per hand and the needs held) is kept as the general path keeps it;
    /// of the deal model only the bans are written, and [`Referee::resume`] derives the rest
    /// (which cards never moved, which needs are open, the slots' counts) when it is needed.
    /// A verdict needs nothing more: every fact agreeing with one deal, the game so far is
    /// honest.
    // Not inlined: the general loop of `judge_with` is compiled as it was without it.
    #[inline(never)]
    pub(crate) fn agree_all(
        &mut self,
        reader: &mut LogReader,
    ) -> Result<Option<RawAction>, ParseError> {
        let mut table = self.agreeing_table();
        let left = if (table.players, table.sets, table.per_set) == (4, 8, 4) {
            // The standard game, its sizes constants in this copy of the loop: indices are
            // shifts, and most bounds checks are proved away.
            let mut standard = Agreeing {
                players: 4,
                sets: 8,
                per_set: 4,
                place: &mut table.place[..32],
                hand: &mut table.hand[..32],
                count: table.count,
                seats: &mut table.seats[..32],
                turn: table.turn,
                actions: table.actions,
            };
            let left = standard.run::<true>(reader);
            (table.turn, table.actions) = (standard.turn, standard.actions);
            left
        } else {
            table.run::<false>(reader)
        };
        (self.turn, self.actions) = (table.turn, table.actions);
        left
    }

    /// [`Referee::agree_all`] of one action: whether it was applied.
    #[cfg(test)]
    pub(crate) fn agree(&mut self, raw: RawAction) -> bool {
        let mut table = self.agreeing_table();
        let agreed = table.agree(raw);
        (self.turn, self.actions) = (table.turn, table.actions);
        agreed
    }

    /// The state [`Referee::agree_all`] works on; its turn and number of actions are copied
    /// back by the caller.
    #[inline(always)]
    fn agreeing_table(&mut self) -> Agreeing<'_> {
        Agreeing {
            players: self.rules.players(),
            sets: self.rules.sets(),
            per_set: self.rules.cards_per_set(),
            place: &mut self.place,
            hand: &mut self.hand,
            count: &mut self.count,
            seats: self.deal.seats_mut(),
            turn: self.turn,
            actions: self.actions,
        }
    }

    /// After [`Referee::agree`]: brings the deal model up to date with the facts it took, so
    /// that the general path goes on from there.
    pub(crate) fn resume(&mut self) {
        self.deal
            .resume_unbuilt(&self.place, UNMOVED, &self.hand, NEEDED);
    }

    /// Applies one action. A [`RuleError`] leaves the referee as it was; otherwise the verdict
    /// after the action is returned. An action whose names were checked against other rules is
    /// refused unless it names a player, set and card of these rules:
    ///
    /// ```
    /// use fairplay_quartets::{notation::parse_action, Referee, Rules, RuleError};
    /// let wide = Rules::builder().players(4).sets(8).cards_per_set(26).build().unwrap();
    /// let card_1z = wide.check(parse_action(b"1 A 2 1Z no", 1).unwrap().unwrap()).unwrap();
    /// let mut standard = Referee::new(Rules::standard());
    /// assert!(matches!(standard.apply(card_1z), Err(RuleError::Name(_))));
    /// assert_eq!(standard.actions(), 0);
    /// ```
    /// After cheating is certain the public state is still
    /// followed (turns, counts, where moved cards are), so a game can be watched to its end.
    #[inline]
    pub fn apply(&mut self, action: Action) -> Result<Verdict, RuleError> {
        // An action checked against other rules is checked again against these: a card `1Z`
        // of a 26-card set is no card of the standard game, whatever index it would map to.
        let action = self.rules.check(action.to_raw())?;
        self.apply_checked(action)
    }

    /// Applies one action like [`Referee::apply`] and says what it established.
    ///
    /// ```
    /// use fairplay_quartets::{notation::parse_action, Referee, Rules};
    /// let rules = Rules::standard();
    /// let mut referee = Referee::new(rules.clone());
    /// let action = |line: &[u8]| rules.check(parse_action(line, 1).unwrap().unwrap()).unwrap();
    /// let step = referee.step(action(b"1 A 2 3C yes")).unwrap();
    /// assert!(step.ask_claim && !step.denial_claim);
    /// let (player, set, letters) = step.dealt.unwrap(); // 3C was dealt to player 2
    /// assert_eq!((player.number(), set.number(), letters), (2, 3, 0b100));
    /// let step = referee.step(action(b"1 A 3 3D no")).unwrap();
    /// assert!(!step.ask_claim && step.denial_claim); // 3C is seen in player 1's hand now
    /// ```
    pub fn step(&mut self, action: Action) -> Result<Established, RuleError> {
        let action = self.rules.check(action.to_raw())?;
        self.step_checked(action)
    }

    /// [`Referee::step`] on an action as written: its names are checked, and the checked
    /// action is returned with what it established.
    #[inline(always)]
    pub fn step_raw(&mut self, raw: RawAction) -> Result<(Action, Established), RuleError> {
        let action = self.rules.check(raw)?;
        Ok((action, self.step_checked(action)?))
    }

    #[inline(always)]
    fn step_checked(&mut self, action: Action) -> Result<Established, RuleError> {
        let sets = self.rules.sets();
        let (ask_claim, denial_claim, dealt) = match action {
            Action::Ask {
                asker,
                target,
                card,
                granted,
            } => {
                let place = self.place[self.rules.card_index(card)];
                let seen = self.hand[asker.index() * sets + card.set().index()] & !NEEDED;
                let denial = !granted && (place == UNMOVED || place == target.0);
                let dealt = (granted && place == UNMOVED)
                    .then(|| (target, card.set(), 1 << card.letter_index()));
                (seen == 0, denial, dealt)
            }
            Action::LayAside { player, set } => (false, false, self.dealt_in(player, set)),
        };
        let verdict = self.apply_checked(action)?;
        Ok(Established {
            verdict,
            ask_claim,
            denial_claim,
            dealt,
        })
    }

    /// The cards of `set` that never moved, as letters: laid aside by `player`, they were
    /// dealt to them.
    #[inline(never)]
    fn dealt_in(&self, player: Player, set: SetId) -> Option<(Player, SetId, u32)> {
        let letters = self
            .rules
            .cards_of(set)
            .filter(|&c| self.place[self.rules.card_index(c)] == UNMOVED)
            .fold(0, |mask, c| mask | 1 << c.letter_index());
        (letters != 0).then_some((player, set, letters))
    }

    /// [`Referee::apply`] for an action whose names were checked against these rules.
    // Always inlined: a judge's loop keeps the action in registers only if this is part of it.
    #[inline(always)]
    fn apply_checked(&mut self, action: Action) -> Result<Verdict, RuleError> {
        match action {
            Action::Ask {
                asker,
                target,
                card,
                granted,
            } => self.ask(asker, target, card, granted)?,
            Action::LayAside { player, set } => {
                self.check_turn(player)?;
                self.lay_aside(player, set)?;
            }
        }
        Ok(self.verdict())
    }

    fn check_turn(&self, actor: Player) -> Result<(), RuleError> {
        if self.turn == actor.0 {
            Ok(())
        } else {
            Err(self.turn_error(actor))
        }
    }

    #[cold]
    fn turn_error(&self, actor: Player) -> RuleError {
        match self.turn() {
            None => RuleError::GameOver { actor },
            Some(turn) => RuleError::OutOfTurn { actor, turn },
        }
    }

    /// The rule checks of an ask, then its effect. The common action, a "no" while every
    /// action so far may be honest, is handled here in a few dozen instructions; the rest
    /// (cards changing hands, play after cheating is certain) goes through [`Referee::follow`].
    #[inline(always)]
    fn ask(
        &mut self,
        asker: Player,
        target: Player,
        card: Card,
        granted: bool,
    ) -> Result<(), RuleError> {
        self.check_turn(asker)?;
        if asker == target {
            return Err(RuleError::AsksSelf(asker));
        }
        if self.count[seat(target.index())] == 0 {
            return Err(RuleError::AsksAbsent { asker, target });
        }
        let index = self.rules.card_index(card);
        let place = self.place[index];
        if place == OUT {
            return Err(RuleError::CardGone(card));
        }
        self.actions += 1;
        if granted | self.contradiction.is_some() {
            self.follow(asker, target, card, index, granted);
            return Ok(());
        }
        self.turn = target.0;
        let (x, y, set) = (asker.index(), target.index(), card.set().index());
        let trusted = self.trusts_denial(target);
        if trusted & (place as usize == y) {
            // A "no" for a card everybody saw go into the denier's hand: certain by itself,
            // whatever the ask claims, so it is the reason.
            self.contradict(Reason::DeniedCardInHand {
                card,
                player: target,
            });
            return Ok(());
        }
        // The asker must hold a card of the set: one is seen in hand, or one was dealt (a need,
        // which the model may already hold).
        if self.hand[x * self.rules.sets() + set] == 0 && !self.claim_need(asker, set) {
            return Ok(());
        }
        // Whether the card moved or not varies from one action to the next: the ban is recorded
        // without branching on it, and only a witness it breaks is repaired.
        if self.deal.ban_if(trusted & (place == UNMOVED), index, y) && !self.deal.reseat(index) {
            self.contradict(Reason::NoDeal);
        }
        Ok(())
    }

    /// The asker's claim to hold a card of `set`, none of which is seen in their hand: they
    /// were dealt one. Returns whether a deal still fits.
    #[inline(never)]
    fn claim_need(&mut self, asker: Player, set: usize) -> bool {
        if !self.trusts_ask(asker) {
            return true;
        }
        if !self.deal.require(asker.index(), set) {
            self.contradict(Reason::NoDeal);
            return false;
        }
        self.hand[asker.index() * self.rules.sets() + set] |= NEEDED;
        true
    }

    /// The deal model learns that `player` was dealt the free card `index`; this settles their
    /// need in its set.
    #[inline(always)]
    fn pin(&mut self, index: usize, set: usize, player: usize) -> bool {
        self.hand[player * self.rules.sets() + set] &= !NEEDED;
        self.deal.pin_of(index, set, player)
    }

    /// An ask whose card changes hands, or any ask once cheating is certain: the public state
    /// is followed, and the deal model learns from it while every action may still be honest.
    #[inline(never)]
    fn follow(&mut self, asker: Player, target: Player, card: Card, index: usize, granted: bool) {
        let (x, y, set) = (asker.index(), target.index(), card.set().index());
        let sets = self.rules.sets();
        if granted && self.contradiction.is_none() {
            // What everybody saw comes before the claims: a card leaving a hand the seat's
            // hand rules out, or a moved card handed over by someone who does not hold it, is
            // the reason, whatever the ask claims.
            let place = self.place[index];
            if place == UNMOVED {
                self.check_against_hand(index, index + 1, y);
            } else if place as usize != y {
                self.contradict(Reason::HandedOverFromElsewhere {
                    card,
                    giver: target,
                    holder: Player(place),
                });
            }
        }
        if self.contradiction.is_none() && self.hand[x * sets + set] == 0 {
            self.claim_need(asker, set);
        }
        if !granted {
            self.turn = target.0;
            return;
        }
        self.take_from(index, set, y);
        self.place[index] = x as u8;
        self.hand[x * sets + set] += 1;
        self.count[seat(y)] -= 1;
        self.count[seat(x)] += 1;
    }

    #[inline(never)]
    fn lay_aside(&mut self, player: Player, set: SetId) -> Result<(), RuleError> {
        let first = self.rules.card_index(Card {
            set: set.0,
            letter: 0,
        });
        let cards = first..first + self.rules.cards_per_set();
        if self.place[first] == OUT {
            return Err(RuleError::SetGone(set));
        }
        self.actions += 1;
        let x = player.index();
        // As for a card handed over, what everybody saw first: the seat's hand, then a moved
        // card of the set held by someone else, before any card is pinned (an earlier card's
        // failure to fit the deal would hide them).
        self.check_against_hand(cards.start, cards.end, x);
        if self.contradiction.is_none() {
            let elsewhere = cards.clone().find(|&index| {
                let place = self.place[index];
                place != UNMOVED && place as usize != x
            });
            if let Some(index) = elsewhere {
                self.contradict(Reason::LaidAsideFromElsewhere {
                    card: self.rules.card_at(index),
                    player,
                    holder: Player(self.place[index]),
                });
            }
        }
        for index in cards {
            self.take_from(index, set.index(), x);
            self.place[index] = OUT;
        }
        let count = &mut self.count[seat(x)];
        *count = count.saturating_sub(self.rules.cards_per_set() as u32);
        if *count == 0 {
            self.turn = self.next_with_cards(x);
        }
        Ok(())
    }

    /// Card `index` leaves player `from`'s hand, as everybody sees: if it never moved, `from`
    /// was dealt it. The caller checked first what needs no deal (a moved card must be in
    /// `from`'s hand, a seat's hand may rule `from` out), so a deal that no longer fits is
    /// [`Reason::NoDeal`]. The card is no longer counted where it was; the caller says where
    /// it goes.
    #[inline(always)]
    fn take_from(&mut self, index: usize, set: usize, from: usize) {
        let place = self.place[index];
        if self.contradiction.is_none() && place == UNMOVED && !self.pin(index, set, from) {
            self.contradict(Reason::NoDeal);
        }
        if place != UNMOVED {
            // The card is in `place`'s hand, so counted there.
            self.hand[place as usize * self.rules.sets() + set] -= 1;
        }
    }

    /// For a seated referee while every action so far may be honest: the first never-moved
    /// card of `cards` (card indices `first..end`) leaving `from`'s hand against the seat's
    /// hand makes cheating certain, with [`Reason::AgainstHand`].
    #[inline]
    fn check_against_hand(&mut self, first: usize, end: usize, from: usize) {
        if self.seat.is_none() || self.contradiction.is_some() {
            return;
        }
        let reason = (first..end)
            .filter(|&index| self.place[index] == UNMOVED)
            .find_map(|index| self.against_hand(index, from));
        if let Some(reason) = reason {
            self.contradict(reason);
        }
    }

    /// Whether the never-moved card `index` leaving `from`'s hand contradicts the seat's hand.
    #[cold]
    fn against_hand(&self, index: usize, from: usize) -> Option<Reason> {
        let hand = self.seat.as_deref()?;
        let seat = hand.seat();
        (hand.held()[index] != (from == seat.index())).then(|| Reason::AgainstHand {
            card: self.rules.card_at(index),
            player: Player(from as u8),
            seat,
        })
    }

    fn contradict(&mut self, reason: Reason) {
        self.contradiction.get_or_insert(Contradiction {
            action: self.actions,
            reason,
        });
    }

    /// The first player after `index` in seating order who still has cards, or [`NOBODY`].
    fn next_with_cards(&self, index: usize) -> u8 {
        let n = self.rules.players();
        (1..=n)
            .map(|step| (index + step) % n)
            .find(|&p| self.count[seat(p)] > 0)
            .map_or(NOBODY, |p| p as u8)
    }
}

/// The state [`Referee::agree_all`] works on, borrowed from the referee as plain slices and
/// values, so that its loop keeps them in registers.
struct Agreeing<'a> {
    players: usize,
    sets: usize,
    per_set: usize,
    place: &'a mut [u8],
    hand: &'a mut [u8],
    count: &'a mut [u32; MAX_PLAYERS],
    seats: &'a mut [crate::deal::Seat],
    turn: u8,
    actions: usize,
}

/// [`Agreeing`] of a game of at most 9 players and sets (the standard game's copy of the
/// loop), whose lines are read without checking their digits: a name in the game's range is a
/// digit (`byte ^ b'0'` from 1 to 9 only for `1` to `9`), so [`Take::known`] checks both.
struct StandardNames<'s, 'a>(&'s mut Agreeing<'a>);

impl crate::notation::Take for StandardNames<'_, '_> {
    const UNCHECKED: bool = true;

    #[inline(always)]
    fn known(&self, action: RawAction) -> bool {
        let table = &self.0;
        debug_assert!(table.players <= 9 && table.sets <= 9);
        let (players, sets) = (table.players as u32, table.sets as u32);
        match action {
            RawAction::Ask {
                asker,
                target,
                set,
                letter,
                ..
            } => {
                asker.wrapping_sub(1) < players
                    && target.wrapping_sub(1) < players
                    && set.wrapping_sub(1) < sets
                    && usize::from(letter) < table.per_set
            }
            RawAction::LayAside { player, set } => {
                player.wrapping_sub(1) < players && set.wrapping_sub(1) < sets
            }
        }
    }

    #[inline(always)]
    fn take(&mut self, action: RawAction) -> bool {
        self.0.agree(action)
    }
}

impl crate::notation::Take for Agreeing<'_> {
    #[inline(always)]
    fn take(&mut self, action: RawAction) -> bool {
        self.agree(action)
    }
}

impl Agreeing<'_> {
    /// The loop of [`Referee::agree_all`]; `STANDARD`: for the standard game's sizes, whose
    /// names' checks are also those of the lines' digits ([`StandardNames`]).
    #[inline(always)]
    fn run<const STANDARD: bool>(
        &mut self,
        reader: &mut LogReader,
    ) -> Result<Option<RawAction>, ParseError> {
        loop {
            let refused = if STANDARD {
                reader.canonical_until(&mut StandardNames(self))
            } else {
                reader.canonical_until(self)
            };
            if let Some(refused) = refused {
                return Ok(Some(refused));
            }
            let action = match reader.next_action() {
                Some(Ok(action)) => action,
                Some(Err(error)) => return Err(error),
                None => return Ok(None),
            };
            if !self.agree(action) {
                return Ok(Some(action));
            }
        }
    }

    /// One action of [`Referee::agree_all`]: applied if it breaks no rule and every fact of it
    /// agrees with the witness, as the general path would apply it; else `false` and nothing
    /// changes.
    #[inline(always)]
    fn agree(&mut self, raw: RawAction) -> bool {
        let (asker, target, set, letter, granted) = match raw {
            RawAction::Ask {
                asker,
                target,
                set,
                letter,
                granted,
            } => (asker, target, set, letter, granted),
            RawAction::LayAside { player, set } => return self.lay_aside(player, set),
        };
        // The names, as `Rules::check_ask` checks them.
        let (x, y, s) = (
            asker.wrapping_sub(1) as usize,
            target.wrapping_sub(1) as usize,
            set.wrapping_sub(1) as usize,
        );
        let letter = letter as usize;
        if x >= self.players || y >= self.players || s >= self.sets || letter >= self.per_set {
            return false;
        }
        if self.turn as usize != x || x == y || self.count[seat(y)] == 0 {
            return false;
        }
        let index = s * self.per_set + letter;
        let place = self.place[index];
        let unmoved = place == UNMOVED;
        // An asker with no moved card of the set claims one they were dealt, which must be a
        // card the witness gives them that never moved (as `DealModel::require` finds it).
        let asked = x * self.sets + s;
        let need = self.hand[asked] == 0;
        if need && !self.dealt_unmoved(x, s) {
            return false;
        }
        if granted {
            // The card leaves the target's hand: seen there, or dealt there by the witness
            // and not denied by them (`place == OUT` is neither: a rule broken).
            let holds = if unmoved {
                let record = &self.seats[index];
                record.owner as usize == y && record.banned & (1 << y) == 0
            } else {
                place as usize == y
            };
            if !holds {
                return false;
            }
            if need {
                self.hand[asked] = NEEDED;
            }
            let given = y * self.sets + s;
            if unmoved {
                // Pinned to the target: it settles their need in the set.
                self.hand[given] &= !NEEDED;
            } else {
                self.hand[given] -= 1;
            }
            self.place[index] = x as u8;
            self.hand[asked] += 1;
            self.count[seat(y)] -= 1;
            self.count[seat(x)] += 1;
        } else {
            // `place == OUT` is a rule broken, `place == y` a denial of a card seen in hand.
            if place == OUT || place as usize == y {
                return false;
            }
            if unmoved {
                let record = &mut self.seats[index];
                if record.owner as usize == y {
                    return false;
                }
                record.banned |= 1 << y;
            }
            if need {
                self.hand[asked] = NEEDED;
            }
            self.turn = y as u8;
        }
        self.actions += 1;
        true
    }

    /// Whether the witness gives `player` a card of `set` that never moved.
    #[inline(always)]
    fn dealt_unmoved(&self, player: usize, set: usize) -> bool {
        let first = set * self.per_set;
        let cards = first..first + self.per_set;
        self.place[cards.clone()]
            .iter()
            .zip(&self.seats[cards])
            .any(|(&place, record)| place == UNMOVED && record.owner as usize == player)
    }

    /// [`Agreeing::agree`] of `player Q set`.
    #[inline(always)]
    fn lay_aside(&mut self, player: u32, set: u32) -> bool {
        let (x, s) = (
            player.wrapping_sub(1) as usize,
            set.wrapping_sub(1) as usize,
        );
        if x >= self.players || s >= self.sets || self.turn as usize != x {
            return false;
        }
        let first = s * self.per_set;
        let cards = first..first + self.per_set;
        // Every card of the set is in `x`'s hand: seen there, or dealt there by the witness
        // and not denied by them (a set laid aside has every card `OUT`, which is neither).
        let held = self.place[cards.clone()]
            .iter()
            .zip(&self.seats[cards.clone()])
            .all(|(&place, record)| match place {
                UNMOVED => record.owner as usize == x && record.banned & (1 << x) == 0,
                place => place as usize == x,
            });
        if !held {
            return false;
        }
        let key = x * self.sets + s;
        let mut hand = self.hand[key];
        for place in &mut self.place[cards] {
            if *place == UNMOVED {
                hand &= !NEEDED;
            } else {
                hand -= 1;
            }
            *place = OUT;
        }
        self.hand[key] = hand;
        let count = &mut self.count[seat(x)];
        *count = count.saturating_sub(self.per_set as u32);
        if *count == 0 {
            // `Referee::next_with_cards`.
            let n = self.players;
            self.turn = (1..=n)
                .map(|step| (x + step) % n)
                .find(|&p| self.count[seat(p)] > 0)
                .map_or(NOBODY, |p| p as u8);
        }
        self.actions += 1;
        true
    }
}

#[cfg(test)]
mod agreeing_tests {
    //! The agreeing path ([`Referee::agree`], then [`Referee::resume`]) against the general
    //! path, state for state, on random games of real play with cheats and broken rules.

    use super::Referee;
    use crate::notation::{LogReader, RawAction};
    use crate::rules::Rules;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// A random game: a random deal played by players who mostly ask for a card of a set they
    /// hold and answer truthfully, and sometimes cheat, ask foolishly or break a rule.
    fn random_game(rules: &Rules, rng: &mut SmallRng) -> Vec<RawAction> {
        let (players, sets, per_set) = (rules.players(), rules.sets(), rules.cards_per_set());
        let deck = rules.deck_size();
        let mut cards: Vec<usize> = (0..deck).collect();
        for i in (1..deck).rev() {
            cards.swap(i, rng.random_range(0..=i));
        }
        let mut owner = vec![0usize; deck];
        let mut next = 0;
        for (p, &h) in rules.hand_sizes().iter().enumerate() {
            for &card in &cards[next..next + h as usize] {
                owner[card] = p;
            }
            next += h as usize;
        }
        let mut out = vec![false; deck];
        let cheat = rng.random_range(0.0..0.2);
        let mut turn = 0;
        let mut actions = Vec::new();
        for _ in 0..rng.random_range(1..4 * deck) {
            let holds = |p: usize, owner: &[usize], out: &[bool]| {
                (0..deck).filter(|&c| !out[c] && owner[c] == p).count()
            };
            if holds(turn, &owner, &out) == 0 {
                break;
            }
            // A full set in hand is laid aside (now and then, any set is).
            let full = (0..sets).find(|&s| {
                (0..per_set).all(|l| owner[s * per_set + l] == turn && !out[s * per_set + l])
            });
            let wild = rng.random_bool(0.02);
            if let Some(s) = full
                .filter(|_| rng.random_bool(0.8))
                .or(wild.then(|| rng.random_range(0..sets)))
            {
                actions.push(RawAction::LayAside {
                    player: turn as u32 + 1,
                    set: s as u32 + 1,
                });
                for l in 0..per_set {
                    out[s * per_set + l] = true;
                }
                if holds(turn, &owner, &out) == 0 {
                    match (1..=players)
                        .map(|d| (turn + d) % players)
                        .find(|&p| holds(p, &owner, &out) > 0)
                    {
                        Some(p) => turn = p,
                        None => break,
                    }
                }
                continue;
            }
            let targets: Vec<usize> = (0..players)
                .filter(|&p| p != turn && holds(p, &owner, &out) > 0)
                .collect();
            let broken = rng.random_bool(0.01);
            let target = if broken || targets.is_empty() {
                rng.random_range(0..players)
            } else {
                targets[rng.random_range(0..targets.len())]
            };
            let mine: Vec<usize> = (0..deck).filter(|&c| !out[c] && owner[c] == turn).collect();
            let card = if rng.random_bool(cheat) || broken || mine.is_empty() {
                rng.random_range(0..deck)
            } else {
                let s = mine[rng.random_range(0..mine.len())] / per_set;
                s * per_set + rng.random_range(0..per_set)
            };
            let has = owner[card] == target && !out[card];
            let granted = if rng.random_bool(cheat) { !has } else { has };
            actions.push(RawAction::Ask {
                asker: turn as u32 + 1,
                target: target as u32 + 1,
                set: (card / per_set) as u32 + 1,
                letter: (card % per_set) as u8,
                granted,
            });
            if granted && has {
                owner[card] = turn;
            } else if !granted {
                turn = target;
            }
        }
        actions
    }

    fn text(actions: &[RawAction]) -> Vec<u8> {
        let mut text = format!("{}\n", actions.len());
        for action in actions {
            text.push_str(&format!("{action}\n"));
        }
        text.into_bytes()
    }

    #[test]
    fn agreeing_then_resumed_is_the_general_path() {
        let variants = [
            Rules::standard(),
            Rules::standard(),
            Rules::new(3, 3, 2, None).unwrap(),
            Rules::new(3, 4, 2, Some(vec![3, 3, 2])).unwrap(),
            Rules::new(2, 4, 2, None).unwrap(),
            Rules::new(5, 6, 3, Some(vec![4, 4, 4, 3, 3])).unwrap(),
        ];
        let mut rng = SmallRng::seed_from_u64(31);
        let (mut agreed, mut left) = (0, 0);
        for round in 0..4000 {
            let rules = &variants[round % variants.len()];
            let actions = random_game(rules, &mut rng);
            let log = text(&actions);
            let mut guess = Vec::new();
            if crate::reveal::first_holders(&log, rules, &mut guess) == 0 {
                continue;
            }
            let mut fast = Referee::new(rules.clone());
            fast.reset_dealt(&guess);
            let mut general = fast.clone();
            // The whole audit (the standard game's loop has its own copy) against the general
            // path alone, on the log and on it cut short.
            for text in [&log[..], &log[..log.len() * 2 / 3]] {
                let mut alone = general.clone();
                let judged = crate::judge_with(&mut alone, text, false);
                assert_eq!(crate::audit(text, rules), judged);
            }
            for record in LogReader::new(&log).unwrap() {
                let action = record.unwrap().action;
                if fast.agreeing() {
                    let mut trial = fast.clone();
                    if trial.agree(action) {
                        agreed += 1;
                        fast = trial;
                        assert_eq!(general.apply_raw(action), Ok(super::Verdict::Honest));
                        let mut resumed = fast.clone();
                        resumed.resume();
                        assert_eq!(format!("{resumed:?}"), format!("{general:?}"), "{action}");
                        continue;
                    }
                    left += 1;
                    assert_eq!(
                        format!("{trial:?}"),
                        format!("{fast:?}"),
                        "refused: unchanged"
                    );
                    fast.resume();
                }
                let (a, b) = (fast.apply_raw(action), general.apply_raw(action));
                assert_eq!(a, b);
                assert_eq!(format!("{fast:?}"), format!("{general:?}"));
                if a.is_err() {
                    break;
                }
            }
        }
        // Both paths are taken often.
        assert!(agreed > 5_000 && left > 1_000, "{agreed} {left}");
    }
}
