//! Simulated Quartets games: real play by honest players, cheaters and fools.
//!
//! A game is simulated the way it is played at a table. The deck is shuffled and dealt with the
//! exact hand sizes of the [`Rules`]; the players then take turns by the rules every watcher can
//! check, so every log produced here is accepted by the referee's rule checks:
//!
//! * player 1 (the first player with cards) starts;
//! * a "yes" keeps the turn with the asker, a "no" gives it to the asked player;
//! * only the player whose turn it is asks or lays a set aside; nobody asks themselves, a player
//!   without cards, or for a card that has been laid aside;
//! * a player who lays aside their last cards passes the turn to the next player in the order
//!   1-2-..-n-1 who still has cards; the game is over when nobody has cards.
//!
//! Cards really change hands: a "yes" is only ever answered by a player holding the card. What a
//! player *claims* may be false, at the rates of the [`Config`]:
//!
//! * cheat 1: asking for a card of a set the asker holds no card of;
//! * cheat 2: answering "no" while holding the requested card.
//!
//! Besides cheats, players may ask foolishly (for a card they hold themselves, or for any card of
//! a set they hold), which is honest. The [`Game`] records whether and where somebody cheated:
//! that is the ground truth, not the verdict, since a cheat may never be exposed by the log.
//!
//! ```
//! use fairplay_quartets::{audit, Rules};
//! use fairplay_sim::quartets::{simulate_seeded, Config};
//!
//! let config = Config::new(Rules::standard()).with_cheat_rate(0.05).with_max_actions(200);
//! let game = simulate_seeded(&config, 7);
//! let report = audit(game.log().as_bytes(), &config.rules).unwrap(); // never a rule error
//! assert_eq!(report.actions, game.actions.len());
//! if game.first_cheat.is_none() {
//!     assert_eq!(report.contract(), "yes\n"); // an honest game is always judged honest
//! }
//! ```

use std::fmt::Write as _;

use fairplay_quartets::notation::RawAction;
use fairplay_quartets::Rules;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Marks a card that has been laid aside in [`Table::owner`].
const OUT: u8 = u8::MAX;
/// How many random draws are tried before falling back to a full scan.
const TRIES: usize = 16;

/// How the simulated players behave, and how long the log runs.
///
/// Rates are probabilities in `0.0..=1.0`; values outside are clamped in effect (a rate of 2 acts
/// like 1). Every decision draws afresh, so rates are per opportunity, not per game.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The sizes of the game.
    pub rules: Rules,
    /// Per ask: probability that the asker asks for a card of a set they hold no card of
    /// (cheat 1). Falls back to an honest ask when every set left is one they hold.
    pub cheat_ask_rate: f64,
    /// Per ask of a card the asked player holds: probability that they deny it (cheat 2).
    pub cheat_deny_rate: f64,
    /// Per (non-cheating) ask: probability that the ask is foolish: for a card the asker holds
    /// themselves, or any card of a set they hold. Honest, but tells the others little.
    pub foolish_rate: f64,
    /// Per turn step on which the player holds a complete set: probability of laying one aside.
    /// Laying aside is optional: a player who keeps their sets and has nothing sensible left to
    /// ask for (every set in hand complete) asks for a card of their own. Only the last player
    /// with cards must lay sets aside. With a rate of 0, games are long: they end only if all
    /// players but one give their cards away.
    pub lay_aside_rate: f64,
    /// The log stops after this many actions even if the game is not over.
    pub max_actions: usize,
    /// After each action, probability that the log stops there (a random stopping point).
    pub stop_rate: f64,
    /// The 1-based action that carries a cheat, whatever the rates: the player on turn then
    /// does not lay a set aside, and either asks for a card of a set they hold no card of or
    /// asks honestly for a card another player holds, who denies it (one of the two that is
    /// possible, at random). No cheat is possible when that player is the only one with cards
    /// left (they must lay a set aside), and none is made when the log ends before; see
    /// [`Game::cheat_at`].
    pub cheat_at: Option<usize>,
}

impl Config {
    /// Honest, attentive players who always lay complete sets aside; logs of at most 1000
    /// actions (the contract's limit) that stop only when the game is over.
    pub fn new(rules: Rules) -> Config {
        Config {
            rules,
            cheat_ask_rate: 0.0,
            cheat_deny_rate: 0.0,
            foolish_rate: 0.0,
            lay_aside_rate: 1.0,
            max_actions: 1000,
            stop_rate: 0.0,
            cheat_at: None,
        }
    }

    /// Sets both cheat rates (asking without holding the set, denying a held card) to `rate`.
    pub fn with_cheat_rate(mut self, rate: f64) -> Config {
        self.cheat_ask_rate = rate;
        self.cheat_deny_rate = rate;
        self
    }

    /// Sets the rate of foolish asks.
    pub fn with_foolish_rate(mut self, rate: f64) -> Config {
        self.foolish_rate = rate;
        self
    }

    /// Sets the probability of laying a complete set aside when possible.
    pub fn with_lay_aside_rate(mut self, rate: f64) -> Config {
        self.lay_aside_rate = rate;
        self
    }

    /// Sets the most actions a log may have.
    pub fn with_max_actions(mut self, actions: usize) -> Config {
        self.max_actions = actions;
        self
    }

    /// Sets the per-action probability of stopping the log early.
    pub fn with_stop_rate(mut self, rate: f64) -> Config {
        self.stop_rate = rate;
        self
    }

    /// Makes the 1-based action `action` a cheat (see [`Config::cheat_at`]).
    pub fn with_cheat_at(mut self, action: usize) -> Config {
        self.cheat_at = Some(action);
        self
    }
}

/// Which false claim a cheat was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cheat {
    /// Cheat 1: asked for a card of a set the asker held no card of.
    AskWithoutSet,
    /// Cheat 2: answered "no" while holding the requested card.
    DeniedHeldCard,
}

impl Cheat {
    /// A stable kebab-case name of the cheat, for programs.
    ///
    /// ```
    /// use fairplay_sim::quartets::Cheat;
    /// assert_eq!(Cheat::AskWithoutSet.name(), "ask-without-set");
    /// assert_eq!(Cheat::DeniedHeldCard.name(), "denied-held-card");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Cheat::AskWithoutSet => "ask-without-set",
            Cheat::DeniedHeldCard => "denied-held-card",
        }
    }
}

/// One cheat of a [`Game`], with the player who made the false claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheatEvent {
    /// The 1-based number of the action.
    pub action: usize,
    /// The 1-based player who cheated: the asker of an ask without the set, the asked player
    /// of a false denial.
    pub player: u32,
    /// Which false claim it was.
    pub kind: Cheat,
}

/// Why [`Config::cheat_at`] could not be met in a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheatAtMissed {
    /// The log has only this many actions: the game was over, or the log stopped
    /// ([`Config::max_actions`], [`Config::stop_rate`]), before the action.
    TooShort {
        /// The number of actions of the log.
        actions: usize,
        /// Whether the game was over (nobody had cards left).
        finished: bool,
    },
    /// At the action, only this 1-based player had cards left: they had to lay a set aside.
    LastPlayer {
        /// The player.
        player: u32,
    },
    /// The action is an honest ask: the game was not simulated with [`Config::cheat_at`] set
    /// to it.
    NotAsked,
}

/// One simulated game: the log and the ground truth behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The actions, as they would be written in the log.
    pub actions: Vec<RawAction>,
    /// The deal: the 0-based player dealt each card, indexed by [`Rules::card_index`].
    pub deal: Vec<u8>,
    /// Every cheat: its 1-based action number and kind, in order. An action can carry two
    /// cheats (asking without the set and being denied a held card).
    pub cheats: Vec<(usize, Cheat)>,
    /// The 1-based number of the first action with a cheat, if any. This is ground truth, not
    /// the verdict: the referee can only say `no` at or after it, and may never.
    pub first_cheat: Option<usize>,
    /// Whether the game reached its end (nobody has cards) within the log.
    pub finished: bool,
}

impl Game {
    /// Whether anybody cheated.
    pub fn cheated(&self) -> bool {
        self.first_cheat.is_some()
    }

    /// The log text: the number of actions, then one action per line.
    pub fn log(&self) -> String {
        render_log(&self.actions)
    }

    /// The deal as `fairplay quartets --deal` prints its hands: `player 1: 1A 1C ...`, one
    /// line per player (what `--true-deal` reads).
    pub fn deal_text(&self, rules: &Rules) -> String {
        let mut text = String::new();
        for (p, player) in rules.all_players().enumerate() {
            let _ = write!(text, "player {player}:");
            for card in rules.all_cards() {
                if usize::from(self.deal[rules.card_index(card)]) == p {
                    let _ = write!(text, " {card}");
                }
            }
            text.push('\n');
        }
        text
    }

    /// The cheats with the player who made each, in order.
    ///
    /// ```
    /// use fairplay_quartets::notation::RawAction;
    /// use fairplay_quartets::Rules;
    /// use fairplay_sim::quartets::{simulate_seeded, Cheat, Config};
    ///
    /// let game = simulate_seeded(&Config::new(Rules::standard()).with_cheat_at(5), 1);
    /// let events: Vec<_> = game.cheat_events().collect();
    /// assert_eq!(events.len(), 1);
    /// assert_eq!(events[0].action, 5);
    /// let RawAction::Ask { asker, target, .. } = game.actions[4] else { panic!("an ask") };
    /// let cheater = if events[0].kind == Cheat::AskWithoutSet { asker } else { target };
    /// assert_eq!(events[0].player, cheater);
    /// ```
    pub fn cheat_events(&self) -> impl Iterator<Item = CheatEvent> + '_ {
        self.cheats.iter().map(|&(action, kind)| {
            let player = match (self.actions[action - 1], kind) {
                (RawAction::Ask { asker, .. }, Cheat::AskWithoutSet) => asker,
                (RawAction::Ask { target, .. }, Cheat::DeniedHeldCard) => target,
                (RawAction::LayAside { player, .. }, _) => player,
            };
            CheatEvent {
                action,
                player,
                kind,
            }
        })
    }

    /// Whether the game carries a cheat at the 1-based action `action` (as
    /// [`Config::cheat_at`] asks), and if not, why.
    pub fn cheat_at(&self, action: usize) -> Result<(), CheatAtMissed> {
        if self.cheats.iter().any(|&(a, _)| a == action) {
            return Ok(());
        }
        match self.actions.get(action.wrapping_sub(1)) {
            Some(&RawAction::LayAside { player, .. }) => Err(CheatAtMissed::LastPlayer { player }),
            Some(RawAction::Ask { .. }) => Err(CheatAtMissed::NotAsked),
            None => Err(CheatAtMissed::TooShort {
                actions: self.actions.len(),
                finished: self.finished,
            }),
        }
    }
}

/// Renders a log: `n`, a line break, then each action on its own line.
///
/// ```
/// use fairplay_quartets::notation::RawAction;
/// let actions = [
///     RawAction::Ask { asker: 1, target: 2, set: 3, letter: 2, granted: false },
///     RawAction::LayAside { player: 2, set: 3 },
/// ];
/// assert_eq!(fairplay_sim::quartets::render_log(&actions), "2\n1 A 2 3C no\n2 Q 3\n");
/// ```
pub fn render_log(actions: &[RawAction]) -> String {
    let mut text = String::with_capacity(4 + actions.len() * 14);
    let _ = writeln!(text, "{}", actions.len());
    for action in actions {
        let _ = writeln!(text, "{action}");
    }
    text
}

/// Simulates one game with a [`SmallRng`] seeded from `seed` (same seed, same game).
pub fn simulate_seeded(config: &Config, seed: u64) -> Game {
    simulate(config, &mut SmallRng::seed_from_u64(seed))
}

/// Simulates one game drawing from `rng`.
///
/// # Panics
///
/// If the rules have more than 255 players (they have at most 16).
pub fn simulate<R: Rng + ?Sized>(config: &Config, rng: &mut R) -> Game {
    let mut table = Table::deal(&config.rules, rng);
    let deal = table.owner.clone();
    let mut game = Game {
        actions: Vec::new(),
        deal,
        cheats: Vec::new(),
        first_cheat: None,
        finished: false,
    };
    while game.actions.len() < config.max_actions {
        let Some(player) = table.turn else {
            game.finished = true;
            break;
        };
        let action = table.play(
            player,
            config,
            rng,
            &mut game.cheats,
            game.actions.len() + 1,
        );
        game.actions.push(action);
        if config.stop_rate > 0.0 && chance(rng, config.stop_rate) {
            break;
        }
    }
    if table.turn.is_none() {
        game.finished = true;
    }
    game.first_cheat = game.cheats.first().map(|&(action, _)| action);
    game
}

fn chance<R: Rng + ?Sized>(rng: &mut R, rate: f64) -> bool {
    rate > 0.0 && rng.random::<f64>() < rate
}

/// The real state of the table: who holds which card, whose turn it is.
struct Table {
    players: usize,
    sets: usize,
    cards_per_set: usize,
    /// Current holder of each card, or [`OUT`].
    owner: Vec<u8>,
    /// Cards in each player's hand, with each card's position in its holder's list.
    hands: Vec<Vec<u32>>,
    position: Vec<u32>,
    /// Cards of each `(player, set)` in hand.
    held: Vec<u32>,
    /// Complete sets in each player's hand.
    complete: Vec<u32>,
    turn: Option<usize>,
    /// Scratch list of candidates.
    scratch: Vec<u32>,
}

impl Table {
    fn deal<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Table {
        assert!(rules.players() < usize::from(OUT), "too many players");
        let deck = rules.deck_size();
        let mut cards: Vec<u32> = (0..deck as u32).collect();
        cards.shuffle(rng);
        let mut table = Table {
            players: rules.players(),
            sets: rules.sets(),
            cards_per_set: rules.cards_per_set(),
            owner: vec![0; deck],
            hands: vec![Vec::new(); rules.players()],
            position: vec![0; deck],
            held: vec![0; rules.players() * rules.sets()],
            complete: vec![0; rules.players()],
            turn: None,
            scratch: Vec::new(),
        };
        let mut dealt = cards.into_iter();
        for (p, &size) in rules.hand_sizes().iter().enumerate() {
            for card in dealt.by_ref().take(size as usize) {
                table.give(card as usize, p);
            }
        }
        table.turn = table.next_with_cards(table.players - 1);
        table
    }

    fn set_of(&self, card: usize) -> usize {
        card / self.cards_per_set
    }

    fn count(&self, player: usize) -> usize {
        self.hands[player].len()
    }

    /// Puts `card` (in nobody's hand) into `player`'s hand.
    fn give(&mut self, card: usize, player: usize) {
        self.owner[card] = player as u8;
        self.position[card] = self.hands[player].len() as u32;
        self.hands[player].push(card as u32);
        let held = &mut self.held[player * self.sets + card / self.cards_per_set];
        *held += 1;
        if *held as usize == self.cards_per_set {
            self.complete[player] += 1;
        }
    }

    /// Takes `card` out of its holder's hand; it is then in nobody's (marked [`OUT`]).
    fn take(&mut self, card: usize) {
        let player = self.owner[card] as usize;
        let hand = &mut self.hands[player];
        let at = self.position[card] as usize;
        hand.swap_remove(at);
        if let Some(&moved) = hand.get(at) {
            self.position[moved as usize] = at as u32;
        }
        let held = &mut self.held[player * self.sets + card / self.cards_per_set];
        if *held as usize == self.cards_per_set {
            self.complete[player] -= 1;
        }
        *held -= 1;
        self.owner[card] = OUT;
    }

    /// The first player after `index` in seating order who still has cards.
    fn next_with_cards(&self, index: usize) -> Option<usize> {
        (1..=self.players)
            .map(|step| (index + step) % self.players)
            .find(|&p| self.count(p) > 0)
    }

    fn is_complete(&self, player: usize, set: usize) -> bool {
        self.held[player * self.sets + set] as usize == self.cards_per_set
    }

    /// A uniformly random complete set in `player`'s hand, if any.
    fn complete_set<R: Rng + ?Sized>(&mut self, player: usize, rng: &mut R) -> Option<usize> {
        if self.complete[player] == 0 {
            return None;
        }
        self.scratch.clear();
        for &card in &self.hands[player] {
            let set = card as usize / self.cards_per_set;
            // One representative card per set: its first card.
            if card as usize % self.cards_per_set == 0 && self.is_complete(player, set) {
                self.scratch.push(set as u32);
            }
        }
        pick(&self.scratch, rng).map(|set| set as usize)
    }

    /// A random set `player` holds but not completely (weighted by cards held), if any.
    fn incomplete_set<R: Rng + ?Sized>(&mut self, player: usize, rng: &mut R) -> Option<usize> {
        let hand = &self.hands[player];
        if hand.len() == self.complete[player] as usize * self.cards_per_set {
            return None;
        }
        for _ in 0..TRIES.min(hand.len()) {
            let set = self.set_of(hand[rng.random_range(0..hand.len())] as usize);
            if !self.is_complete(player, set) {
                return Some(set);
            }
        }
        self.scratch.clear();
        for &card in hand {
            if !self.is_complete(player, card as usize / self.cards_per_set) {
                self.scratch.push(card);
            }
        }
        pick(&self.scratch, rng).map(|card| card as usize / self.cards_per_set)
    }

    /// A random card still in play of a set `player` holds no card of (for cheat 1), if any.
    fn card_outside_hand_sets<R: Rng + ?Sized>(
        &mut self,
        player: usize,
        rng: &mut R,
    ) -> Option<usize> {
        let ok = |t: &Table, card: usize| {
            t.owner[card] != OUT && t.held[player * t.sets + t.set_of(card)] == 0
        };
        let deck = self.owner.len();
        for _ in 0..TRIES {
            let card = rng.random_range(0..deck);
            if ok(self, card) {
                return Some(card);
            }
        }
        self.scratch.clear();
        for card in 0..deck {
            if ok(self, card) {
                self.scratch.push(card as u32);
            }
        }
        pick(&self.scratch, rng).map(|card| card as usize)
    }

    /// A random player other than `player` who has cards, if any.
    fn other_with_cards<R: Rng + ?Sized>(&mut self, player: usize, rng: &mut R) -> Option<usize> {
        for _ in 0..TRIES {
            let p = rng.random_range(0..self.players);
            if p != player && self.count(p) > 0 {
                return Some(p);
            }
        }
        self.scratch.clear();
        for p in 0..self.players {
            if p != player && self.count(p) > 0 {
                self.scratch.push(p as u32);
            }
        }
        pick(&self.scratch, rng).map(|p| p as usize)
    }

    /// Plays one action of `player`, whose turn it is; records its cheats as action `number`.
    fn play<R: Rng + ?Sized>(
        &mut self,
        player: usize,
        config: &Config,
        rng: &mut R,
        cheats: &mut Vec<(usize, Cheat)>,
        number: usize,
    ) -> RawAction {
        let Some(target) = self.other_with_cards(player, rng) else {
            // Everyone else is out: this player holds every card left, all in complete sets.
            let set = self
                .complete_set(player, rng)
                .expect("the last player with cards holds complete sets");
            return self.lay_aside(player, set);
        };
        if config.cheat_at == Some(number) {
            return self.forced_cheat(player, target, config, rng, cheats, number);
        }
        if chance(rng, config.lay_aside_rate) {
            if let Some(set) = self.complete_set(player, rng) {
                return self.lay_aside(player, set);
            }
        }
        let cps = self.cards_per_set;
        let mut cheat_ask = false;
        let card = if chance(rng, config.cheat_ask_rate) {
            let card = self.card_outside_hand_sets(player, rng);
            cheat_ask = card.is_some();
            card
        } else {
            None
        };
        let card = match card {
            Some(card) => card,
            None if chance(rng, config.foolish_rate) => {
                // Any card of a set in hand, or (half the time) a card in hand itself.
                let hand = &self.hands[player];
                let own = hand[rng.random_range(0..hand.len())] as usize;
                if rng.random::<bool>() {
                    own
                } else {
                    self.set_of(own) * cps + rng.random_range(0..cps)
                }
            }
            None => match self.incomplete_set(player, rng) {
                Some(set) => {
                    // A card of the set that someone else holds, uniformly.
                    let missing = cps - self.held[player * self.sets + set] as usize;
                    let mut skip = rng.random_range(0..missing);
                    let mut card = set * cps;
                    loop {
                        if self.owner[card] as usize != player {
                            if skip == 0 {
                                break card;
                            }
                            skip -= 1;
                        }
                        card += 1;
                    }
                }
                None => {
                    // Every set in hand is complete and the player keeps them: nothing
                    // sensible is left to ask for, so they ask for a card of their own.
                    let hand = &self.hands[player];
                    hand[rng.random_range(0..hand.len())] as usize
                }
            },
        };
        if cheat_ask {
            cheats.push((number, Cheat::AskWithoutSet));
        }
        let deny = self.owner[card] as usize == target && chance(rng, config.cheat_deny_rate);
        self.ask(player, target, card, deny, cheats, number)
    }

    /// The cheat of [`Config::cheat_at`]: `player` (on turn, `target` another player with
    /// cards) asks for a card of a set they hold no card of, or asks for a card of a set they
    /// hold from the player who has it, who denies it; one of the two that is possible, at
    /// random (at least one is: the cards `player` lacks are of sets they hold or not).
    fn forced_cheat<R: Rng + ?Sized>(
        &mut self,
        player: usize,
        target: usize,
        config: &Config,
        rng: &mut R,
        cheats: &mut Vec<(usize, Cheat)>,
        number: usize,
    ) -> RawAction {
        self.scratch.clear();
        for card in 0..self.owner.len() {
            let holder = self.owner[card];
            if holder != OUT
                && holder as usize != player
                && self.held[player * self.sets + self.set_of(card)] > 0
            {
                self.scratch.push(card as u32);
            }
        }
        let denied = pick(&self.scratch, rng).map(|card| card as usize);
        let outside = match denied {
            Some(_) if rng.random::<bool>() => None,
            _ => self.card_outside_hand_sets(player, rng),
        };
        match (outside, denied) {
            (Some(card), _) => {
                cheats.push((number, Cheat::AskWithoutSet));
                let deny =
                    self.owner[card] as usize == target && chance(rng, config.cheat_deny_rate);
                self.ask(player, target, card, deny, cheats, number)
            }
            (None, Some(card)) => {
                let holder = self.owner[card] as usize;
                self.ask(player, holder, card, true, cheats, number)
            }
            (None, None) => unreachable!("another player holds cards, of sets held or not"),
        }
    }

    /// `player` asks `target` for `card`; the answer is true unless `deny` (which is then a
    /// false denial: `target` holds the card).
    fn ask(
        &mut self,
        player: usize,
        target: usize,
        card: usize,
        deny: bool,
        cheats: &mut Vec<(usize, Cheat)>,
        number: usize,
    ) -> RawAction {
        let mut granted = self.owner[card] as usize == target;
        if deny {
            granted = false;
            cheats.push((number, Cheat::DeniedHeldCard));
        }
        if granted {
            self.take(card);
            self.give(card, player);
        } else {
            self.turn = Some(target);
        }
        let cps = self.cards_per_set;
        RawAction::Ask {
            asker: player as u32 + 1,
            target: target as u32 + 1,
            set: self.set_of(card) as u32 + 1,
            letter: (card % cps) as u8,
            granted,
        }
    }

    fn lay_aside(&mut self, player: usize, set: usize) -> RawAction {
        let first = set * self.cards_per_set;
        for card in first..first + self.cards_per_set {
            self.take(card);
        }
        if self.count(player) == 0 {
            self.turn = self.next_with_cards(player);
        }
        RawAction::LayAside {
            player: player as u32 + 1,
            set: set as u32 + 1,
        }
    }
}

fn pick<R: Rng + ?Sized>(items: &[u32], rng: &mut R) -> Option<u32> {
    (!items.is_empty()).then(|| items[rng.random_range(0..items.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairplay_quartets::{audit, Referee, Verdict};

    fn small() -> Rules {
        Rules::new(3, 3, 3, None).unwrap()
    }

    /// Variants with even and uneven hands, and a player dealt nothing.
    fn variants() -> [Rules; 5] {
        [
            Rules::standard(),
            small(),
            Rules::new(2, 4, 2, None).unwrap(),
            Rules::new(3, 4, 2, Some(vec![3, 3, 2])).unwrap(),
            Rules::new(5, 7, 3, Some(vec![0, 6, 5, 5, 5])).unwrap(),
        ]
    }

    /// Replays `game` on its real deal: whether each action's claims were true, and checks that
    /// every "yes" and lay-aside is physically possible.
    fn first_false_claim(rules: &Rules, game: &Game) -> Option<usize> {
        let mut owner: Vec<Option<u8>> = game.deal.iter().map(|&p| Some(p)).collect();
        let cps = rules.cards_per_set();
        let mut first = None;
        for (i, action) in game.actions.iter().enumerate() {
            let honest = match *action {
                RawAction::Ask {
                    asker,
                    target,
                    set,
                    letter,
                    granted,
                } => {
                    let (x, y) = ((asker - 1) as u8, (target - 1) as u8);
                    let base = (set as usize - 1) * cps;
                    let card = base + letter as usize;
                    let holds_set = (base..base + cps).any(|c| owner[c] == Some(x));
                    let has = owner[card] == Some(y);
                    if granted {
                        assert!(has, "action {}: a yes without the card", i + 1);
                        owner[card] = Some(x);
                    }
                    holds_set && granted == has
                }
                RawAction::LayAside { player, set } => {
                    let base = (set as usize - 1) * cps;
                    for place in &mut owner[base..base + cps] {
                        assert_eq!(
                            *place,
                            Some((player - 1) as u8),
                            "incomplete set laid aside"
                        );
                        *place = None;
                    }
                    true
                }
            };
            if !honest && first.is_none() {
                first = Some(i + 1);
            }
        }
        first
    }

    #[test]
    fn same_seed_same_game() {
        let config = Config::new(Rules::standard()).with_cheat_rate(0.1);
        assert_eq!(simulate_seeded(&config, 42), simulate_seeded(&config, 42));
        assert_ne!(simulate_seeded(&config, 42), simulate_seeded(&config, 43));
    }

    #[test]
    fn deal_has_exact_hand_sizes() {
        let rules = Rules::new(3, 4, 2, Some(vec![3, 3, 2])).unwrap();
        let game = simulate_seeded(&Config::new(rules).with_max_actions(0), 1);
        assert!(game.actions.is_empty());
        let mut counts = [0; 3];
        for &p in &game.deal {
            counts[p as usize] += 1;
        }
        assert_eq!(counts, [3, 3, 2]);
    }

    #[test]
    fn honest_games_finish_and_are_judged_honest() {
        for rules in [Rules::standard(), small()] {
            let config = Config::new(rules.clone());
            for seed in 0..200 {
                let game = simulate_seeded(&config, seed);
                assert!(
                    game.finished,
                    "seed {seed}: an honest game with laying aside ends"
                );
                assert!(!game.cheated());
                let report = audit(game.log().as_bytes(), &rules).unwrap();
                assert_eq!(
                    report.verdict(),
                    Verdict::Honest,
                    "seed {seed}\n{}",
                    game.log()
                );
                assert_eq!(first_false_claim(&rules, &game), None);
            }
        }
    }

    #[test]
    fn every_log_obeys_the_public_rules_and_cheats_are_recorded() {
        let variants = variants();
        let mut cheated = 0;
        for (v, rules) in variants.iter().enumerate() {
            for seed in 0..300u64 {
                let config = Config::new(rules.clone())
                    .with_cheat_rate(0.05 * (seed % 4) as f64)
                    .with_foolish_rate(0.1)
                    .with_lay_aside_rate(0.5)
                    .with_max_actions(300);
                let game = simulate_seeded(&config, seed * 7 + v as u64);
                let mut referee = Referee::new(rules.clone());
                for (i, &action) in game.actions.iter().enumerate() {
                    if let Err(e) = referee.apply_raw(action) {
                        panic!("seed {seed}, action {}: {e}\n{}", i + 1, game.log());
                    }
                }
                assert_eq!(game.finished, referee.turn().is_none());
                assert_eq!(first_false_claim(rules, &game), game.first_cheat);
                if let Verdict::Cheated { since } = referee.verdict() {
                    assert!(game.first_cheat.is_some_and(|c| c <= since));
                }
                cheated += usize::from(game.cheated());
            }
        }
        assert!(cheated > 300, "only {cheated} games with a cheat");
    }

    #[test]
    fn cheat_at_makes_exactly_that_action_a_cheat() {
        let variants = variants();
        let (mut made, mut kinds) = (0, [0; 2]);
        for (v, rules) in variants.iter().enumerate() {
            for seed in 0..200u64 {
                let at = 1 + (seed as usize * 7 + v) % 20;
                let config = Config::new(rules.clone())
                    .with_foolish_rate(0.1)
                    .with_lay_aside_rate(0.7)
                    .with_cheat_at(at);
                let game = simulate_seeded(&config, seed);
                match game.cheat_at(at) {
                    Ok(()) => {
                        made += 1;
                        let events: Vec<CheatEvent> = game.cheat_events().collect();
                        assert_eq!(events.len(), 1, "seed {seed}: one cheat, no rates");
                        assert_eq!(events[0].action, at);
                        kinds[events[0].kind as usize] += 1;
                        // Ground truth, replayed on the deal: the first false claim is there.
                        assert_eq!(first_false_claim(rules, &game), Some(at));
                        let report = audit(game.log().as_bytes(), rules).unwrap();
                        if let Verdict::Cheated { since } = report.verdict() {
                            assert!(since >= at, "seed {seed}: exposed at {since} < {at}");
                        }
                    }
                    Err(CheatAtMissed::TooShort { actions, finished }) => {
                        assert!(actions < at && finished && !game.cheated());
                    }
                    Err(CheatAtMissed::LastPlayer { player }) => {
                        assert!(matches!(game.actions[at - 1],
                            RawAction::LayAside { player: p, .. } if p == player));
                        assert!(!game.cheated());
                    }
                    Err(CheatAtMissed::NotAsked) => panic!("seed {seed}: cheat_at ignored"),
                }
            }
        }
        assert!(made > 650, "only {made} of 1000 games carry the cheat");
        assert!(
            kinds.iter().all(|&n| n > 100),
            "both kinds of cheat: {kinds:?}"
        );
        let honest = simulate_seeded(&Config::new(Rules::standard()), 3);
        assert_eq!(honest.cheat_at(1), Err(CheatAtMissed::NotAsked));
        assert!(matches!(
            honest.cheat_at(10_000),
            Err(CheatAtMissed::TooShort { finished: true, .. })
        ));
    }

    #[test]
    fn limits_and_stopping() {
        let config = Config::new(small()).with_max_actions(5);
        for seed in 0..50 {
            assert!(simulate_seeded(&config, seed).actions.len() <= 5);
        }
        let config = Config::new(Rules::standard()).with_stop_rate(0.5);
        let total: usize = (0..200)
            .map(|seed| simulate_seeded(&config, seed).actions.len())
            .sum();
        assert!(
            total < 200 * 5,
            "stopping early at rate 1/2 gives short logs"
        );
    }

    #[test]
    fn log_text_parses_back() {
        let config = Config::new(Rules::standard()).with_cheat_rate(0.1);
        let game = simulate_seeded(&config, 5);
        let text = game.log();
        let reader = fairplay_quartets::notation::LogReader::new(text.as_bytes()).unwrap();
        let parsed: Vec<RawAction> = reader.map(|r| r.unwrap().action).collect();
        assert_eq!(parsed, game.actions);
    }
}
