//! Simulated Go Fish games: real play by honest players, cheaters and fools.
//!
//! A game is played the way it is at a table: the deck (four cards of each rank) is shuffled,
//! each player is dealt [`Rules::hand`] cards, the rest is the stock, face down. Then:
//!
//! * books dealt in a hand are laid first; player 1 takes the first turn;
//! * a player whose hand is empty draws first (with an empty stock they are out); a player who
//!   holds cards while nobody else does passes the turn while the stock lasts, and the game is
//!   over when it is empty;
//! * the player on turn asks another player who holds cards for a rank; a handover keeps the
//!   turn, a "Go fish" makes the asker draw: a card of the rank asked for is shown and keeps the
//!   turn, any other is kept unseen and the turn passes (to the next player still in the game,
//!   or with [`FishTurn::Asked`] to the player who said "Go fish"); with an empty stock nothing
//!   is drawn and the turn passes;
//! * a player holding four of a rank lays the book at once, as the next action.
//!
//! So every log obeys the rules every watcher checks. Games go on after the stock is empty,
//! with asks and handovers only, until every book is laid.
//!
//! Honest players remember what everybody saw: who asked for which rank (so holds one), who
//! received or showed it, who said "Go fish" (so holds none, until they draw again). With
//! probability [`Config::memory`] a player asks someone known to hold one of their ranks;
//! otherwise, or when nobody is known to, they ask for a rank they hold, of a player not known
//! to lack it. A foolish ask ([`Config::foolish_rate`]) is honest but ignores all that.
//!
//! Cheats are the four false claims a player can make about their own cards ([`Cheat`]), at a
//! rate per opportunity ([`Config::cheat_rates`]) or at one action ([`Config::cheat_at`]). The
//! [`Game`] records every cheat: that is the ground truth, not the verdict, since a cheat may
//! never be exposed by the log.
//!
//! ```
//! use fairplay_sim::gofish::{simulate_seeded, Config, Rules};
//!
//! let config = Config::new(Rules::standard()).with_cheat_rate(0.02);
//! let game = simulate_seeded(&config, 7);
//! assert_eq!(game.log().lines().count(), game.actions.len());
//! if game.cheats.is_empty() {
//!     assert!(game.finished); // honest games end with every book laid
//! }
//! ```

use std::fmt;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// The ranks in their order, as logs write them.
pub const RANK_NAMES: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

/// Where the turn goes after a "Go fish" without a catch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FishTurn {
    /// To the next player in the order 1-2-..-P who is still in the game.
    #[default]
    Next,
    /// To the player who said "Go fish".
    Asked,
}

/// The sizes of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Players, 2 to 10.
    pub players: usize,
    /// Ranks, 1 to 13 (the first ones of `A 2 .. 10 J Q K`), four cards each.
    pub ranks: usize,
    /// Cards dealt to each player.
    pub hand: usize,
    /// Where the turn goes after a "Go fish" without a catch.
    pub fish_turn: FishTurn,
}

impl Rules {
    /// The game's sizes, or `None` when they are not a game: players outside 2..=10, ranks
    /// outside 1..=13, or more cards dealt than the deck holds. Without `hand`, 7 cards each
    /// for 3 players or fewer, else 5.
    ///
    /// ```
    /// use fairplay_sim::gofish::{FishTurn, Rules};
    /// assert_eq!(Rules::new(3, 13, None, FishTurn::Next).unwrap().hand, 7);
    /// assert!(Rules::new(2, 3, Some(7), FishTurn::Next).is_none()); // 14 cards of 12
    /// ```
    pub fn new(
        players: usize,
        ranks: usize,
        hand: Option<usize>,
        fish_turn: FishTurn,
    ) -> Option<Rules> {
        let hand = hand.unwrap_or(if players <= 3 { 7 } else { 5 });
        let fits = (2..=10).contains(&players)
            && (1..=13).contains(&ranks)
            && players
                .checked_mul(hand)
                .is_some_and(|cards| cards <= 4 * ranks);
        fits.then_some(Rules {
            players,
            ranks,
            hand,
            fish_turn,
        })
    }

    /// Four players, 13 ranks, 5 cards each, the turn to the next player after "Go fish".
    pub fn standard() -> Rules {
        Rules::new(4, 13, None, FishTurn::Next).expect("the standard game")
    }

    /// Cards in the stock after the deal.
    pub fn stock(&self) -> usize {
        4 * self.ranks - self.players * self.hand
    }
}

/// One action, as a log line (players 1-based, ranks 0-based into [`RANK_NAMES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `x A y r k`: `asker` asks `target` for `rank`, who hands over `given` cards; `x A y r
    /// fish` when `given` is 0.
    Ask {
        asker: u32,
        target: u32,
        rank: u8,
        given: u8,
    },
    /// `x D` (unseen) or `x D r` (shown: the rank just asked for).
    Draw { player: u32, shown: Option<u8> },
    /// `x B r`: a book laid down.
    Book { player: u32, rank: u8 },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |rank: u8| RANK_NAMES[usize::from(rank)];
        match *self {
            Action::Ask {
                asker,
                target,
                rank,
                given: 0,
            } => write!(f, "{asker} A {target} {} fish", name(rank)),
            Action::Ask {
                asker,
                target,
                rank,
                given,
            } => write!(f, "{asker} A {target} {} {given}", name(rank)),
            Action::Draw {
                player,
                shown: None,
            } => write!(f, "{player} D"),
            Action::Draw {
                player,
                shown: Some(rank),
            } => write!(f, "{player} D {}", name(rank)),
            Action::Book { player, rank } => write!(f, "{player} B {}", name(rank)),
        }
    }
}

/// The four false claims a player can make about their own cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cheat {
    /// Asking for a rank while holding none of it.
    AskWithoutRank,
    /// Handing over fewer cards of the rank than one holds ("Go fish" while holding some).
    ShortHandover,
    /// Not showing a drawn card of the rank just asked for (and so passing the turn).
    HiddenCatch,
    /// Holding four of a rank without laying the book as the next action.
    KeptBook,
}

impl Cheat {
    /// Every kind, in the order of the rules.
    pub const ALL: [Cheat; 4] = [
        Cheat::AskWithoutRank,
        Cheat::ShortHandover,
        Cheat::HiddenCatch,
        Cheat::KeptBook,
    ];

    /// A stable kebab-case name, for programs.
    ///
    /// ```
    /// use fairplay_sim::gofish::Cheat;
    /// let names: Vec<_> = Cheat::ALL.iter().map(|c| c.name()).collect();
    /// assert_eq!(names, ["ask-without-rank", "short-handover", "hidden-catch", "kept-book"]);
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Cheat::AskWithoutRank => "ask-without-rank",
            Cheat::ShortHandover => "short-handover",
            Cheat::HiddenCatch => "hidden-catch",
            Cheat::KeptBook => "kept-book",
        }
    }

    /// The kind of a [`Cheat::name`].
    pub fn from_name(name: &str) -> Option<Cheat> {
        Cheat::ALL.into_iter().find(|c| c.name() == name)
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One cheat of a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheatEvent {
    /// The 1-based action that makes the false claim: the ask, the answer, the unseen draw, or
    /// the action after the four were held that is not their book.
    pub action: usize,
    /// The 1-based player who made it.
    pub player: u32,
    /// Which false claim it is.
    pub kind: Cheat,
}

/// How the simulated players behave, and how long the log runs.
///
/// Rates are probabilities in `0.0..=1.0`, drawn afresh at every opportunity.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The sizes of the game.
    pub rules: Rules,
    /// Per opportunity, the probability of each cheat, indexed in the order of [`Cheat::ALL`]:
    /// per ask (asking for a rank one holds none of, when there is one), per answer of a
    /// player holding the rank (handing over fewer), per drawn catch (keeping it unseen), per
    /// four of a rank in hand (not laying it).
    pub cheat_rates: [f64; 4],
    /// Per honest ask: the probability of using what everybody saw (asking a player known to
    /// hold one of one's ranks, not asking one known to hold none).
    pub memory: f64,
    /// Per honest ask: the probability of a foolish one (a random rank of one's own, from a
    /// random player, whatever is known).
    pub foolish_rate: f64,
    /// The log stops after this many actions if the game is not over.
    pub max_actions: usize,
    /// After each action, the probability that the log stops there.
    pub stop_rate: f64,
    /// The 1-based action that carries a cheat, whatever the rates, of one of
    /// [`Config::cheat_at_kinds`] possible there (see [`Game::cheat_at`]).
    pub cheat_at: Option<usize>,
    /// The kinds of cheat [`Config::cheat_at`] may make.
    pub cheat_at_kinds: Vec<Cheat>,
}

impl Config {
    /// Honest players with a perfect memory, logs of at most 1000 actions that stop only when
    /// the game is over.
    pub fn new(rules: Rules) -> Config {
        Config {
            rules,
            cheat_rates: [0.0; 4],
            memory: 1.0,
            foolish_rate: 0.0,
            max_actions: 1000,
            stop_rate: 0.0,
            cheat_at: None,
            cheat_at_kinds: Cheat::ALL.to_vec(),
        }
    }

    /// Sets every cheat's rate to `rate`.
    pub fn with_cheat_rate(mut self, rate: f64) -> Config {
        self.cheat_rates = [rate; 4];
        self
    }

    /// Sets the rate of one kind of cheat.
    pub fn with_cheat_rate_of(mut self, kind: Cheat, rate: f64) -> Config {
        self.cheat_rates[kind.index()] = rate;
        self
    }

    /// Sets how often honest players use what they remember.
    pub fn with_memory(mut self, memory: f64) -> Config {
        self.memory = memory;
        self
    }

    /// Sets the rate of foolish asks.
    pub fn with_foolish_rate(mut self, rate: f64) -> Config {
        self.foolish_rate = rate;
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

    /// Makes the 1-based action `action` a cheat of one of `kinds` (all four when empty).
    pub fn with_cheat_at(mut self, action: usize, kinds: &[Cheat]) -> Config {
        self.cheat_at = Some(action);
        self.cheat_at_kinds = if kinds.is_empty() {
            Cheat::ALL.to_vec()
        } else {
            kinds.to_vec()
        };
        self
    }
}

/// Why [`Config::cheat_at`] could not be met in a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheatAtMissed {
    /// The log has only this many actions: the game was over, or the log stopped, before.
    TooShort {
        /// The number of actions of the log.
        actions: usize,
        /// Whether the game was over.
        finished: bool,
    },
    /// No cheat of the kinds asked for was possible at the action (a draw into an empty hand,
    /// a draw that is not of the rank asked for, ...).
    NoChance,
    /// The game was not simulated with [`Config::cheat_at`] set to the action.
    NotAsked,
}

/// One simulated game: the log and the ground truth behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The sizes of the game.
    pub rules: Rules,
    /// The actions, as the log writes them.
    pub actions: Vec<Action>,
    /// Each player's dealt ranks (0-based), in increasing order.
    pub deal: Vec<Vec<u8>>,
    /// The stock's ranks from the top (the first card drawn first).
    pub stock: Vec<u8>,
    /// Every false claim, in order.
    pub cheats: Vec<CheatEvent>,
    /// Whether the game was over at the end of the log.
    pub finished: bool,
    /// The action [`Config::cheat_at`] asked for, when it could not be made: why.
    missed: Option<CheatAtMissed>,
    cheat_at: Option<usize>,
}

impl Game {
    /// The 1-based action of the first cheat, if any (ground truth, not the verdict).
    pub fn first_cheat(&self) -> Option<usize> {
        self.cheats.first().map(|c| c.action)
    }

    /// The log: one action per line.
    pub fn log(&self) -> String {
        render_log(&self.actions)
    }

    /// Whether the game carries the cheat [`Config::cheat_at`] asked for at `action`, and if
    /// not, why.
    pub fn cheat_at(&self, action: usize) -> Result<(), CheatAtMissed> {
        if self.cheat_at != Some(action) {
            return Err(CheatAtMissed::NotAsked);
        }
        match self.missed {
            Some(missed) => Err(missed),
            None => Ok(()),
        }
    }
}

/// One action per line.
///
/// ```
/// use fairplay_sim::gofish::{render_log, Action};
/// let actions = [
///     Action::Ask { asker: 1, target: 2, rank: 0, given: 0 },
///     Action::Draw { player: 1, shown: Some(0) },
///     Action::Ask { asker: 1, target: 2, rank: 9, given: 2 },
///     Action::Book { player: 1, rank: 9 },
///     Action::Draw { player: 2, shown: None },
/// ];
/// assert_eq!(render_log(&actions), "1 A 2 A fish\n1 D A\n1 A 2 10 2\n1 B 10\n2 D\n");
/// ```
pub fn render_log(actions: &[Action]) -> String {
    use fmt::Write as _;
    let mut text = String::with_capacity(actions.len() * 10);
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
pub fn simulate<R: Rng + ?Sized>(config: &Config, rng: &mut R) -> Game {
    let rules = config.rules;
    let mut deck: Vec<u8> = (0..rules.ranks as u8).flat_map(|r| [r; 4]).collect();
    deck.shuffle(rng);
    let mut table = Table::new(rules, &deck);
    let mut deal: Vec<Vec<u8>> = deck[..rules.players * rules.hand]
        .chunks(rules.hand.max(1))
        .map(|hand| hand.to_vec())
        .collect();
    deal.resize(rules.players, Vec::new());
    for hand in &mut deal {
        hand.sort_unstable();
    }
    let mut sim = Sim {
        config,
        table,
        actions: Vec::new(),
        cheats: Vec::new(),
        kept: Vec::new(),
        stopped: config.max_actions == 0,
    };
    sim.play(rng);
    table = sim.table;
    let finished = table.over;
    Game {
        rules,
        actions: sim.actions,
        deal,
        stock: deck[rules.players * rules.hand..].to_vec(),
        cheats: sim.cheats.clone(),
        finished,
        missed: config.cheat_at.and_then(|at| {
            if sim.cheats.iter().any(|c| c.action == at) {
                None
            } else if table.actions < at {
                Some(CheatAtMissed::TooShort {
                    actions: table.actions,
                    finished,
                })
            } else {
                Some(CheatAtMissed::NoChance)
            }
        }),
        cheat_at: config.cheat_at,
    }
}

fn chance<R: Rng + ?Sized>(rng: &mut R, rate: f64) -> bool {
    rate > 0.0 && rng.random::<f64>() < rate
}

fn pick<T: Copy, R: Rng + ?Sized>(items: &[T], rng: &mut R) -> Option<T> {
    (!items.is_empty()).then(|| items[rng.random_range(0..items.len())])
}

/// What everybody knows of a hand's rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    Unknown,
    /// Holds at least one (asked for it, received it, showed it).
    Has,
    /// Holds none (said "Go fish", handed them all over), until the next unseen draw.
    Lacks,
}

/// The real table: every hand's cards, the stock, and the public turn.
struct Table {
    rules: Rules,
    /// `counts[p * ranks + r]`: cards of rank `r` in hand `p`.
    counts: Vec<u8>,
    sizes: Vec<usize>,
    stock: Vec<u8>,
    top: usize,
    booked: Vec<bool>,
    books: usize,
    turn: usize,
    over: bool,
    /// What everybody saw of each hand's ranks.
    known: Vec<Known>,
    /// Actions written so far.
    actions: usize,
}

impl Table {
    fn new(rules: Rules, deck: &[u8]) -> Table {
        let ranks = rules.ranks;
        let mut counts = vec![0; rules.players * ranks];
        for (i, &rank) in deck[..rules.players * rules.hand].iter().enumerate() {
            counts[(i / rules.hand) * ranks + usize::from(rank)] += 1;
        }
        Table {
            rules,
            counts,
            sizes: vec![rules.hand; rules.players],
            stock: deck[rules.players * rules.hand..].to_vec(),
            top: 0,
            booked: vec![false; ranks],
            books: 0,
            turn: 0,
            over: false,
            known: vec![Known::Unknown; rules.players * ranks],
            actions: 0,
        }
    }

    fn count(&self, p: usize, r: usize) -> u8 {
        self.counts[p * self.rules.ranks + r]
    }

    fn stock_left(&self) -> usize {
        self.stock.len() - self.top
    }

    /// The next player after `from` still in the game (holds a card, or the stock is not
    /// empty), `from` itself last.
    fn next_in_game(&self, from: usize) -> Option<usize> {
        let players = self.rules.players;
        (1..=players)
            .map(|step| (from + step) % players)
            .find(|&q| self.sizes[q] > 0 || self.stock_left() > 0)
    }

    /// Settles whose turn it is and what they must do: `Some((player, must_draw))`, or `None`
    /// when the game is over.
    fn due(&mut self) -> Option<(usize, bool)> {
        loop {
            if self.books == self.rules.ranks {
                return None;
            }
            let t = self.turn;
            if self.sizes[t] == 0 {
                if self.stock_left() > 0 {
                    return Some((t, true));
                }
                self.turn = self.next_in_game(t)?;
                continue;
            }
            if (0..self.rules.players).all(|q| q == t || self.sizes[q] == 0) {
                if self.stock_left() == 0 {
                    return None;
                }
                self.turn = self.next_in_game(t)?;
                continue;
            }
            return Some((t, false));
        }
    }

    /// Draws the top card into `player`'s hand.
    fn draw(&mut self, player: usize) -> u8 {
        let rank = self.stock[self.top];
        self.top += 1;
        self.counts[player * self.rules.ranks + usize::from(rank)] += 1;
        self.sizes[player] += 1;
        for r in 0..self.rules.ranks {
            let known = &mut self.known[player * self.rules.ranks + r];
            if *known == Known::Lacks {
                *known = Known::Unknown;
            }
        }
        rank
    }

    fn pass_after_fish(&mut self, asker: usize, asked: usize) {
        self.turn = match self.rules.fish_turn {
            FishTurn::Asked => asked,
            FishTurn::Next => self.next_in_game(asker).unwrap_or(asker),
        };
    }
}

/// A game being simulated.
struct Sim<'a> {
    config: &'a Config,
    table: Table,
    actions: Vec<Action>,
    cheats: Vec<CheatEvent>,
    /// Fours held and not laid: `(player, rank)`; the next action is a cheat of each.
    kept: Vec<(usize, usize)>,
    stopped: bool,
}

/// What the player on turn decided to ask.
struct Ask {
    target: usize,
    rank: usize,
}

impl Sim<'_> {
    fn number(&self) -> usize {
        self.actions.len() + 1
    }

    /// Whether the next action is the one [`Config::cheat_at`] names.
    fn cheat_now(&self) -> bool {
        self.config.cheat_at == Some(self.number())
    }

    fn allowed(&self, kind: Cheat) -> bool {
        self.config.cheat_at_kinds.contains(&kind)
    }

    fn cheat(&mut self, player: usize, kind: Cheat) {
        let action = self.number();
        self.cheats.push(CheatEvent {
            action,
            player: player as u32 + 1,
            kind,
        });
    }

    /// Writes an action; a four kept from before makes it a cheat of its keeper, unless it is
    /// a book (only dealt books may follow one another: the kept four is then a dealt one).
    fn push(&mut self, action: Action, rng: &mut (impl Rng + ?Sized)) {
        if !matches!(action, Action::Book { .. }) {
            let mut keepers: Vec<usize> = self.kept.iter().map(|&(p, _)| p).collect();
            keepers.dedup();
            for p in keepers {
                self.cheat(p, Cheat::KeptBook);
            }
            // The keeper is not recorded again for the same four.
            self.kept.clear();
        }
        self.actions.push(action);
        self.table.actions += 1;
        if self.actions.len() >= self.config.max_actions || chance(rng, self.config.stop_rate) {
            self.stopped = true;
        }
    }

    fn play<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        self.opening(rng);
        while !self.stopped {
            let Some((t, must_draw)) = self.table.due() else {
                self.table.over = true;
                return;
            };
            if must_draw {
                self.table.draw(t);
                self.push(
                    Action::Draw {
                        player: t as u32 + 1,
                        shown: None,
                    },
                    rng,
                );
                continue;
            }
            self.turn(t, rng);
        }
        if self.table.due().is_none() {
            self.table.over = true;
        }
    }

    /// Books dealt in a hand, laid before anything else (unless kept, a cheat).
    fn opening<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let rules = self.table.rules;
        let mut fours = Vec::new();
        for p in 0..rules.players {
            for r in 0..rules.ranks {
                if self.table.count(p, r) == 4 {
                    fours.push((p, r));
                }
            }
        }
        fours.shuffle(rng);
        let mut kept = Vec::new();
        let mut forced = false;
        for (p, r) in fours {
            if self.stopped {
                break;
            }
            // Kept at action N: every four left is kept, so that N is the first action that
            // is not a book.
            forced |= self.cheat_now() && self.allowed(Cheat::KeptBook);
            if forced || chance(rng, self.config.cheat_rates[Cheat::KeptBook.index()]) {
                kept.push((p, r));
                continue;
            }
            self.lay(p, r, rng);
        }
        self.kept = kept;
    }

    fn lay<R: Rng + ?Sized>(&mut self, p: usize, r: usize, rng: &mut R) {
        let ranks = self.table.rules.ranks;
        self.table.counts[p * ranks + r] = 0;
        self.table.sizes[p] -= 4;
        self.table.booked[r] = true;
        self.table.books += 1;
        self.kept.retain(|&(q, b)| (q, b) != (p, r));
        for q in 0..self.table.rules.players {
            self.table.known[q * ranks + r] = Known::Lacks;
        }
        self.push(
            Action::Book {
                player: p as u32 + 1,
                rank: r as u8,
            },
            rng,
        );
    }

    /// `p` just got cards of rank `r`: four of it are laid at once, or kept (a cheat at the
    /// next action); a four kept from before may be laid now.
    fn after_gain<R: Rng + ?Sized>(&mut self, p: usize, r: usize, rng: &mut R) {
        if self.stopped {
            return;
        }
        if self.table.count(p, r) == 4 {
            let forced = self.cheat_now() && self.allowed(Cheat::KeptBook);
            if forced || chance(rng, self.config.cheat_rates[Cheat::KeptBook.index()]) {
                self.kept.push((p, r));
            } else {
                self.lay(p, r, rng);
            }
            return;
        }
        // A four kept earlier is laid at the first chance, half the time.
        let ranks = self.table.rules.ranks;
        let old: Vec<usize> = (0..ranks)
            .filter(|&b| self.table.count(p, b) == 4)
            .collect();
        if let Some(b) = pick(&old, rng) {
            if rng.random::<bool>() {
                self.lay(p, b, rng);
            }
        }
    }

    /// Player `t` (holding cards, another player too) asks, and the turn plays out.
    fn turn<R: Rng + ?Sized>(&mut self, t: usize, rng: &mut R) {
        let forced = self.cheat_now();
        let (ask, force_short) = self.choose(t, forced, rng);
        let (target, rank) = (ask.target, ask.rank);
        let held = usize::from(self.table.count(target, rank));
        // The answer: all the cards held (a kept book can only be shorted: at most 3 go).
        let short_rate = self.config.cheat_rates[Cheat::ShortHandover.index()];
        let short = held > 0 && (force_short || held == 4 || chance(rng, short_rate));
        let given = if short {
            rng.random_range(0..held.min(4))
        } else {
            held
        };
        if given < held {
            self.cheat(target, Cheat::ShortHandover);
        }
        let ranks = self.table.rules.ranks;
        self.table.counts[target * ranks + rank] -= given as u8;
        self.table.counts[t * ranks + rank] += given as u8;
        self.table.sizes[target] -= given;
        self.table.sizes[t] += given;
        // What everybody saw: the asker says they hold the rank, the answer that none is left.
        self.table.known[t * ranks + rank] = Known::Has;
        self.table.known[target * ranks + rank] = Known::Lacks;
        self.push(
            Action::Ask {
                asker: t as u32 + 1,
                target: target as u32 + 1,
                rank: rank as u8,
                given: given as u8,
            },
            rng,
        );
        if given > 0 {
            self.after_gain(t, rank, rng);
            return;
        }
        if self.table.stock_left() == 0 {
            self.table.pass_after_fish(t, target);
            return;
        }
        if self.stopped {
            return;
        }
        let top = self.table.stock[self.table.top];
        let catch = usize::from(top) == rank;
        let forced = self.cheat_now();
        let hide = catch
            && ((forced && self.allowed(Cheat::HiddenCatch))
                || chance(rng, self.config.cheat_rates[Cheat::HiddenCatch.index()]));
        let drawn = self.table.draw(t);
        if hide {
            self.cheat(t, Cheat::HiddenCatch);
        }
        let shown = catch && !hide;
        if shown {
            self.table.known[t * ranks + rank] = Known::Has;
        }
        self.push(
            Action::Draw {
                player: t as u32 + 1,
                shown: shown.then_some(rank as u8),
            },
            rng,
        );
        if !shown {
            self.table.pass_after_fish(t, target);
        }
        self.after_gain(t, usize::from(drawn), rng);
    }

    /// An honest ask by `t` that makes a cheat of [`Config::cheat_at_kinds`] possible at the
    /// next action: a handover that keeps the turn (to ask without the rank, or be shorted), one
    /// that completes four (to keep them), or a "Go fish" for the stock's top rank (to hide the
    /// catch). `None` when none is possible.
    fn set_up<R: Rng + ?Sized>(
        &self,
        t: usize,
        targets: &[usize],
        own: &[usize],
        rng: &mut R,
    ) -> Option<(usize, usize)> {
        let table = &self.table;
        let pairs = |keep: &dyn Fn(usize, usize) -> bool| -> Vec<(usize, usize)> {
            targets
                .iter()
                .flat_map(|&q| own.iter().map(move |&r| (q, r)))
                .filter(|&(q, r)| keep(q, r))
                .collect()
        };
        let mut choices = Vec::new();
        let (mine, theirs) = (|r| table.count(t, r), |q, r| table.count(q, r));
        if self.allowed(Cheat::AskWithoutRank) || self.allowed(Cheat::ShortHandover) {
            choices.push(pairs(&|q, r| {
                theirs(q, r) > 0 && mine(r) + theirs(q, r) < 4
            }));
        }
        if self.allowed(Cheat::KeptBook) {
            choices.push(pairs(&|q, r| {
                theirs(q, r) > 0 && mine(r) + theirs(q, r) == 4
            }));
        }
        if self.allowed(Cheat::HiddenCatch) && table.stock_left() > 0 {
            let top = usize::from(table.stock[table.top]);
            choices.push(pairs(&|q, r| r == top && theirs(q, r) == 0));
        }
        choices.retain(|c| !c.is_empty());
        let choice = pick(&(0..choices.len()).collect::<Vec<_>>(), rng)?;
        pick(&choices[choice], rng)
    }

    /// What player `t` asks, and whether the answer must be short: honest, foolish, or a cheat
    /// (forced by [`Config::cheat_at`]).
    fn choose<R: Rng + ?Sized>(&mut self, t: usize, forced: bool, rng: &mut R) -> (Ask, bool) {
        let rules = self.table.rules;
        let ranks = rules.ranks;
        let targets: Vec<usize> = (0..rules.players)
            .filter(|&q| q != t && self.table.sizes[q] > 0)
            .collect();
        let own: Vec<usize> = (0..ranks).filter(|&r| self.table.count(t, r) > 0).collect();
        let lacking: Vec<usize> = (0..ranks)
            .filter(|&r| !self.table.booked[r] && self.table.count(t, r) == 0)
            .collect();
        let ask = |target, rank| (Ask { target, rank }, false);
        // A four kept from before makes this action a cheat already.
        if forced && self.kept.is_empty() {
            // The cheats possible here: asking for a rank one lacks, or a player holding one
            // of one's ranks handing over fewer.
            let mut kinds = Vec::new();
            if self.allowed(Cheat::AskWithoutRank) && !lacking.is_empty() {
                kinds.push(Cheat::AskWithoutRank);
            }
            let shortable: Vec<(usize, usize)> = targets
                .iter()
                .flat_map(|&q| own.iter().map(move |&r| (q, r)))
                .filter(|&(q, r)| self.table.count(q, r) > 0)
                .collect();
            if self.allowed(Cheat::ShortHandover) && !shortable.is_empty() {
                kinds.push(Cheat::ShortHandover);
            }
            match pick(&kinds, rng) {
                Some(Cheat::AskWithoutRank) => {
                    self.cheat(t, Cheat::AskWithoutRank);
                    let rank = pick(&lacking, rng).expect("a rank lacked");
                    return ask(pick(&targets, rng).expect("a target"), rank);
                }
                Some(_) => {
                    let (q, r) = pick(&shortable, rng).expect("a holder");
                    return (Ask { target: q, rank: r }, true);
                }
                None => {}
            }
        }
        if self.config.cheat_at == Some(self.number() + 1) {
            if let Some(pair) = self.set_up(t, &targets, &own, rng) {
                return ask(pair.0, pair.1);
            }
        }
        if !lacking.is_empty()
            && chance(rng, self.config.cheat_rates[Cheat::AskWithoutRank.index()])
        {
            self.cheat(t, Cheat::AskWithoutRank);
            // A sly cheat asks for a rank someone is known to hold.
            let known: Vec<(usize, usize)> = targets
                .iter()
                .flat_map(|&q| lacking.iter().map(move |&r| (q, r)))
                .filter(|&(q, r)| self.table.known[q * ranks + r] == Known::Has)
                .collect();
            return match pick(&known, rng) {
                Some((q, r)) => ask(q, r),
                None => ask(
                    pick(&targets, rng).expect("a target"),
                    pick(&lacking, rng).expect("a rank"),
                ),
            };
        }
        if chance(rng, self.config.foolish_rate) {
            return ask(
                pick(&targets, rng).expect("a target"),
                pick(&own, rng).expect("a rank in hand"),
            );
        }
        if chance(rng, self.config.memory) {
            let pairs = |want: &dyn Fn(Known) -> bool| -> Vec<(usize, usize)> {
                targets
                    .iter()
                    .flat_map(|&q| own.iter().map(move |&r| (q, r)))
                    .filter(|&(q, r)| want(self.table.known[q * ranks + r]))
                    .collect()
            };
            let known = pairs(&|k| k == Known::Has);
            let open = pairs(&|k| k != Known::Lacks);
            if let Some((q, r)) = pick(&known, rng).or_else(|| pick(&open, rng)) {
                return ask(q, r);
            }
        }
        ask(
            pick(&targets, rng).expect("a target"),
            pick(&own, rng).expect("a rank in hand"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_game() {
        let config = Config::new(Rules::standard()).with_cheat_rate(0.05);
        assert_eq!(simulate_seeded(&config, 42), simulate_seeded(&config, 42));
        assert_ne!(simulate_seeded(&config, 42), simulate_seeded(&config, 43));
    }

    #[test]
    fn the_deal_and_stock_are_the_deck() {
        for rules in [
            Rules::standard(),
            Rules::new(3, 5, Some(0), FishTurn::Asked).unwrap(),
            Rules::new(2, 2, Some(4), FishTurn::Next).unwrap(),
        ] {
            let game = simulate_seeded(&Config::new(rules).with_max_actions(0), 3);
            assert!(game.actions.is_empty());
            assert!(game.deal.iter().all(|hand| hand.len() == rules.hand));
            assert_eq!(game.stock.len(), rules.stock());
            let mut counts = vec![0; rules.ranks];
            for &r in game.deal.iter().flatten().chain(&game.stock) {
                counts[usize::from(r)] += 1;
            }
            assert!(counts.iter().all(|&n| n == 4));
        }
    }

    #[test]
    fn honest_games_end_with_every_book_laid() {
        for seed in 0..200 {
            let game = simulate_seeded(&Config::new(Rules::standard()), seed);
            assert!(game.finished && game.cheats.is_empty());
            let books = game
                .actions
                .iter()
                .filter(|a| matches!(a, Action::Book { .. }))
                .count();
            assert_eq!(books, 13, "seed {seed}");
        }
    }

    #[test]
    fn limits_and_stopping() {
        let config = Config::new(Rules::standard()).with_max_actions(7);
        assert!((0..50).all(|seed| simulate_seeded(&config, seed).actions.len() <= 7));
        let config = Config::new(Rules::standard()).with_stop_rate(0.5);
        let total: usize = (0..200)
            .map(|seed| simulate_seeded(&config, seed).actions.len())
            .sum();
        assert!(total < 200 * 5);
    }

    #[test]
    fn cheat_names_round_trip() {
        for kind in Cheat::ALL {
            assert_eq!(Cheat::from_name(kind.name()), Some(kind));
        }
        assert_eq!(Cheat::from_name("other"), None);
    }
}
