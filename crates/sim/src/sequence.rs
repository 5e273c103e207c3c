//! Simulated Sequence games: legal play on the real board, with illegal moves injected on
//! request.
//!
//! A game is played the way it is at a table. Two decks are shuffled; each team (one seat per
//! team) holds a hand (7 cards with two teams, 6 with three) and draws after every play.
//! Teams move in turn, blue first. On its turn a team:
//!
//! * discards one dead card (both its squares covered), if it holds one, and draws again;
//! * plays the card that helps it most, greedily: a non-Jack on an empty square showing it, a
//!   two-eyed Jack (`Jd`, `Jc`) on any empty square but a corner, a one-eyed Jack (`Jh`,
//!   `Js`) to remove an opponent's token that is not part of a completed sequence.
//!
//! Five in a line held by a team (corners count for everybody) make a sequence, sharing at
//! most one square with the team's earlier ones; 2 sequences win with two teams, 1 with three.
//! A placement completing a line of six or more lets the team choose which five it marks:
//! with [`Config::record_marks`] the player picks one and the log says so (`A2-E2`);
//! otherwise the players keep every choice open, as a referee reading the log must, and a
//! team has won as soon as one of its possible markings gives it the sequences it needs (a
//! one-eyed Jack then removes only tokens some marking leaves out of every sequence).
//! Under the full rules the game stops at the win; in the contract format (which knows nothing
//! of winning) play goes on until the cards run out. The log also stops at
//! [`Config::max_moves`], or when the team on turn has nothing it can play.
//!
//! This module keeps its own game state and rules: it uses the referee crate only for the
//! board layout and to write log lines, so tests comparing the two compare independent code.
//!
//! Illegal moves are injected at chosen line indices ([`Config::inject_at`]) and/or at random
//! ([`Config::inject_rate`]). Each is built so that the first rule it breaks, in the order the
//! referee checks them, is of a kind picked at random among those possible at that point; it is
//! *refused*, as a referee would: the simulated game goes on from the state before it. [`Game::injections`] says where and what
//! they are: the verdict of a referee is the first of them.
//!
//! ```
//! use fairplay_sequence::{audit_contract, audit_full, Verdict};
//! use fairplay_sim::sequence::{simulate_seeded, Config};
//! use fairplay_sequence::Teams;
//!
//! let config = Config::full(Teams::Two).with_inject_at(vec![30]);
//! let game = simulate_seeded(&config, 7);
//! let report = audit_full(game.log().as_bytes(), Some(Teams::Two)).unwrap();
//! let first = game.first_illegal().unwrap();
//! assert!(matches!(report.verdict, Verdict::Invalid { turn, illegal, .. }
//!     if turn == first.index as u64 + 1 && illegal.kind() == first.kind));
//!
//! let honest = simulate_seeded(&Config::contract(), 7);
//! assert_eq!(audit_contract(honest.log().as_bytes()).unwrap().to_string(), "VALID GAME\n");
//! ```

use fairplay_sequence::notation::{format_log, RawAction, RawMarks, RawMove, RawSpot};
use fairplay_sequence::{Board, Card, IllegalKind, Jack, Square, Team, Teams, CARDS, SQUARES};
use rand::rngs::SmallRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};

/// Which log format the simulator writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The spec's format: `turn card P|R spot`, the spot written as the card it shows.
    Contract,
    /// The extended format for the full rules: spots as `card@square`, teams named if
    /// [`Config::name_teams`], discards of dead cards if [`Config::log_discards`].
    Full,
}

/// How the simulated game is played and written.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The log format (and rules) of the game.
    pub format: Format,
    /// The teams playing.
    pub teams: Teams,
    /// Cards in each team's hand.
    pub hand_size: usize,
    /// Full format: write the team that moved at the end of each line.
    pub name_teams: bool,
    /// Full format: write discards of dead cards (`D` lines). Otherwise they happen unlogged.
    pub log_discards: bool,
    /// The log stops after this many lines even if the game is not over.
    pub max_moves: usize,
    /// 0-based line indices at which an illegal move is written. An index past the end of a
    /// game won under the full rules gives a move after the win (illegal: the game is over).
    pub inject_at: Vec<usize>,
    /// Per line, the probability of writing an illegal move there.
    pub inject_rate: f64,
    /// Per move, the probability of playing a random legal move rather than the best one.
    pub careless_rate: f64,
    /// Per move, the probability of placing where it makes the team's longest line (a line
    /// builder: lines of six to ten, often completed from inside).
    pub line_rate: f64,
    /// Full format: write the squares marked when a sequence is completed (`A2-E2`); the
    /// player picks one of its markings at random, preferring a winning one. Otherwise the
    /// players keep every marking open, as a referee of the log must.
    pub record_marks: bool,
    /// The team that plays first.
    pub first: Team,
    /// Plays (and discards) allowed per card; `None`: no cap. Unless it is `Some(2)` (two
    /// decks, no reshuffle), the played cards are reshuffled into a new draw pile when it
    /// runs out.
    pub card_plays: Option<u8>,
}

impl Config {
    /// Two teams, contract format, no illegal moves, logs of at most 104 lines (one per card
    /// of the two decks).
    pub fn contract() -> Config {
        Config {
            format: Format::Contract,
            teams: Teams::Two,
            hand_size: 7,
            name_teams: false,
            log_discards: false,
            max_moves: 104,
            inject_at: Vec::new(),
            inject_rate: 0.0,
            careless_rate: 0.1,
            line_rate: 0.0,
            record_marks: false,
            first: Team::BLUE,
            card_plays: Some(2),
        }
    }

    /// A full-rules game of `teams`, teams named and discards written, no illegal moves.
    pub fn full(teams: Teams) -> Config {
        Config {
            format: Format::Full,
            teams,
            hand_size: if teams == Teams::Two { 7 } else { 6 },
            name_teams: true,
            log_discards: true,
            ..Config::contract()
        }
    }

    /// Sets the line indices of injected illegal moves.
    pub fn with_inject_at(mut self, indices: Vec<usize>) -> Config {
        self.inject_at = indices;
        self
    }

    /// Sets the per-line probability of an injected illegal move.
    pub fn with_inject_rate(mut self, rate: f64) -> Config {
        self.inject_rate = rate;
        self
    }

    /// Sets the most lines a log may have.
    pub fn with_max_moves(mut self, moves: usize) -> Config {
        self.max_moves = moves;
        self
    }

    /// Sets whether full-format lines name their team.
    pub fn with_named_teams(mut self, named: bool) -> Config {
        self.name_teams = named;
        self
    }

    /// Sets the per-move probability of playing as a line builder ([`Config::line_rate`]).
    pub fn with_line_rate(mut self, rate: f64) -> Config {
        self.line_rate = rate;
        self
    }

    /// Sets whether completed sequences are written with their marked squares.
    pub fn with_recorded_marks(mut self, record: bool) -> Config {
        self.record_marks = record;
        self
    }

    /// Sets the team that plays first.
    pub fn with_first(mut self, first: Team) -> Config {
        self.first = first;
        self
    }

    /// Sets the plays allowed per card (`None`: no cap; reshuffles unless `Some(2)`).
    pub fn with_card_plays(mut self, plays: Option<u8>) -> Config {
        self.card_plays = plays;
        self
    }

    /// Sets whether discards of dead cards are written.
    pub fn with_logged_discards(mut self, logged: bool) -> Config {
        self.log_discards = logged;
        self
    }
}

/// An illegal move written into the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Injection {
    /// Its 0-based line index among the moves (its turn number is `index + 1`).
    pub index: usize,
    /// The one rule it breaks, as the referee names it.
    pub kind: IllegalKind,
}

/// Why an illegal move asked for at a line ([`Config::inject_at`]) is not in a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InjectionMissed {
    /// The log has only this many moves: the cards ran out, the team on turn had nothing to
    /// play, the log reached [`Config::max_moves`], or (full rules) a team won, after which
    /// the next line, if asked for, is the illegal move.
    TooShort {
        /// The number of moves (lines) of the log.
        moves: usize,
        /// The team that won, under the full rules.
        winner: Option<Team>,
    },
    /// The move there is legal: no illegal move could be built at that point, or none was
    /// asked for there.
    Legal,
}

/// One simulated game: the log and the truth behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The format the moves are written in.
    pub format: Format,
    /// The teams that played.
    pub teams: Teams,
    /// The moves, as written in the log (turn numbers `1..`).
    pub moves: Vec<RawMove>,
    /// The illegal moves among them, in order.
    pub injections: Vec<Injection>,
    /// The team that won by the legal moves (full format only; a contract game plays on).
    pub winner: Option<Team>,
}

impl Game {
    /// The first illegal move: a referee's verdict points at it.
    pub fn first_illegal(&self) -> Option<Injection> {
        self.injections.first().copied()
    }

    /// The log text: the number of moves, then one move per line.
    pub fn log(&self) -> String {
        format_log(&self.moves)
    }

    /// Whether the move at the 0-based line `index` is illegal (as [`Config::inject_at`]
    /// asks), and if not, why.
    ///
    /// ```
    /// use fairplay_sim::sequence::{simulate_seeded, Config, InjectionMissed};
    ///
    /// let game = simulate_seeded(&Config::contract().with_inject_at(vec![9]), 1);
    /// assert_eq!(game.injection_at(9), Ok(()));
    /// assert_eq!(game.injection_at(10), Err(InjectionMissed::Legal));
    /// assert!(matches!(game.injection_at(500), Err(InjectionMissed::TooShort { .. })));
    /// ```
    pub fn injection_at(&self, index: usize) -> Result<(), InjectionMissed> {
        if self.injections.iter().any(|i| i.index == index) {
            Ok(())
        } else if index < self.moves.len() {
            Err(InjectionMissed::Legal)
        } else {
            Err(InjectionMissed::TooShort {
                moves: self.moves.len(),
                winner: self.winner,
            })
        }
    }
}

/// Simulates one game with a [`SmallRng`] seeded from `seed` (same seed, same game).
pub fn simulate_seeded(config: &Config, seed: u64) -> Game {
    simulate(config, &mut SmallRng::seed_from_u64(seed))
}

/// The first game simulated from `seed` on (`seed`, `seed + 1`, ...) with exactly `moves`
/// moves: a fixed input of a chosen length, as benchmarks want. Loops for ever if no seed
/// gives that length (a game of the config cannot be that long).
///
/// ```
/// use fairplay_sequence::Teams;
/// use fairplay_sim::sequence::{first_with_moves, Config};
/// let game = first_with_moves(&Config::full(Teams::Two), 1, 104);
/// assert_eq!(game.moves.len(), 104);
/// ```
pub fn first_with_moves(config: &Config, seed: u64, moves: usize) -> Game {
    (seed..)
        .map(|seed| simulate_seeded(config, seed))
        .find(|game| game.moves.len() == moves)
        .expect("some seed gives a game of that length")
}

/// Simulates one game drawing from `rng`.
pub fn simulate<R: Rng + ?Sized>(config: &Config, rng: &mut R) -> Game {
    let mut table = Table::deal(config, rng);
    let mut game = Game {
        format: config.format,
        teams: config.teams,
        moves: Vec::new(),
        injections: Vec::new(),
        winner: None,
    };
    let full = config.format == Format::Full;
    while game.moves.len() < config.max_moves {
        let index = game.moves.len();
        let forced = config.inject_at.contains(&index);
        if full && table.winner.is_some() {
            if config.inject_at.iter().any(|&i| i >= index) || chance(rng, config.inject_rate) {
                let (play, kind) = table.after_win(rng);
                game.injections.push(Injection { index, kind });
                game.moves.push(table.write(play, index, table.turn));
            }
            break;
        }
        if forced || chance(rng, config.inject_rate) {
            if let Some((play, kind, team)) = table.illegal(rng) {
                game.injections.push(Injection { index, kind });
                game.moves.push(table.write(play, index, team));
                continue;
            }
        }
        match table.legal(rng) {
            Some((play, team)) => game.moves.push(table.write(play, index, team)),
            None => break,
        }
    }
    game.winner = table.winner.filter(|_| full).map(|t| TEAMS[t]);
    game
}

fn chance<R: Rng + ?Sized>(rng: &mut R, rate: f64) -> bool {
    rate > 0.0 && rng.random::<f64>() < rate
}

const TEAMS: [Team; 3] = [Team::BLUE, Team::GREEN, Team::RED];
const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
/// Value of a window of five for its team, by how many of its squares the team holds.
const OWN: [i64; 5] = [1, 5, 25, 125, 10_000];
/// Value of blocking an opponent's window, by how many squares the opponent holds there.
const BLOCK: [i64; 5] = [0, 2, 10, 60, 3_000];
/// What playing a Jack costs (they are worth keeping for when they matter).
const JACK_COST: i64 = 40;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Spot {
    Corner,
    Empty,
    Token { team: usize },
}

/// One way a team may have marked its sequences (squares of each in increasing order).
type Marked = Vec<[usize; 5]>;

/// A move before it is written: which card, doing what, where (square indices).
#[derive(Clone, Copy)]
enum Play {
    Place(Card, usize),
    Remove(Card, usize),
    Discard(Card),
    /// A contract move whose spot is written as a Jack (no square shows one).
    OnJack {
        card: Card,
        remove: bool,
        spot: Card,
    },
}

/// The square `times` steps from `square` in `direction`, if on the board.
fn offset(square: usize, (dc, dr): (isize, isize), times: isize) -> Option<usize> {
    let column = (square % 10) as isize + dc * times;
    let row = (square / 10) as isize + dr * times;
    ((0..10).contains(&column) && (0..10).contains(&row)).then(|| (row * 10 + column) as usize)
}

/// The windows of five squares containing `square`, all on the board, in line order.
fn windows(square: usize) -> impl Iterator<Item = [usize; 5]> {
    DIRECTIONS.into_iter().flat_map(move |d| {
        (-4..=0).filter_map(move |first| {
            let mut window = [0; 5];
            for (i, slot) in window.iter_mut().enumerate() {
                *slot = offset(square, d, first + i as isize)?;
            }
            Some(window)
        })
    })
}

fn square(index: usize) -> Square {
    Square::from_index(index).expect("simulator squares are on the board")
}

/// The real state of the table.
struct Table<'a> {
    config: &'a Config,
    board: &'static Board,
    cells: [Spot; SQUARES],
    /// Per team, every marking it may have made (one, if marks are recorded).
    markings: Vec<Vec<Marked>>,
    /// The sequences the last placement marked, to be written with it.
    marked_now: Marked,
    /// Cards played or discarded, to be reshuffled into a new draw pile.
    played: Vec<Card>,
    /// Plays and discards of each card written in the log.
    plays: [u8; CARDS],
    deck: Vec<Card>,
    hands: Vec<Vec<Card>>,
    turn: usize,
    discarded: bool,
    winner: Option<usize>,
}

impl<'a> Table<'a> {
    fn deal<R: Rng + ?Sized>(config: &'a Config, rng: &mut R) -> Table<'a> {
        let board = Board::standard();
        let mut deck: Vec<Card> = Card::all().chain(Card::all()).collect();
        deck.shuffle(rng);
        let teams = config.teams.count();
        let mut hands = vec![Vec::new(); teams];
        for hand in &mut hands {
            for _ in 0..config.hand_size {
                hand.extend(deck.pop());
            }
        }
        let mut cells = [Spot::Empty; SQUARES];
        for (i, cell) in cells.iter_mut().enumerate() {
            if board.card_at(square(i)).is_none() {
                *cell = Spot::Corner;
            }
        }
        Table {
            config,
            board,
            cells,
            markings: vec![vec![Vec::new()]; teams],
            marked_now: Vec::new(),
            played: Vec::new(),
            plays: [0; CARDS],
            deck,
            hands,
            turn: TEAMS
                .iter()
                .position(|&t| t == config.first)
                .filter(|&t| t < teams)
                .unwrap_or(0),
            discarded: false,
            winner: None,
        }
    }

    fn full(&self) -> bool {
        self.config.format == Format::Full
    }

    /// Writes a move by `team` as a log line of the configured format.
    fn write(&self, play: Play, index: usize, team: usize) -> RawMove {
        let spot = |s: usize| match (self.full(), self.board.card_at(square(s))) {
            (true, Some(card)) => RawSpot::Both(card, square(s)),
            (true, None) => RawSpot::Square(square(s)),
            (false, Some(card)) => RawSpot::Card(card),
            (false, None) => unreachable!("contract moves never name a corner"),
        };
        let (card, action) = match play {
            Play::Place(card, s) => (card, RawAction::Place(spot(s))),
            Play::Remove(card, s) => (card, RawAction::Remove(spot(s))),
            Play::Discard(card) => (card, RawAction::Discard),
            Play::OnJack { card, remove, spot } => match remove {
                true => (card, RawAction::Remove(RawSpot::Card(spot))),
                false => (card, RawAction::Place(RawSpot::Card(spot))),
            },
        };
        let mut marks = RawMarks::default();
        if let (true, Play::Place(..)) = (self.full(), play) {
            for line in &self.marked_now {
                marks.push(square(line[0]), square(line[4]));
            }
        }
        RawMove {
            turn: index as u64 + 1,
            card,
            action,
            team: (self.full() && self.config.name_teams).then_some(TEAMS[team]),
            marks,
        }
    }

    fn holds(&self, team: usize, s: usize) -> bool {
        match self.cells[s] {
            Spot::Corner => true,
            Spot::Token { team: t } => t == team,
            Spot::Empty => false,
        }
    }

    /// Whether the token on `s` is in a sequence under every marking its team may have made.
    fn locked(&self, s: usize) -> bool {
        match self.cells[s] {
            Spot::Token { team } => self.markings[team]
                .iter()
                .all(|m| m.iter().any(|line| line.contains(&s))),
            _ => false,
        }
    }

    /// Plays a card may still have.
    fn playable(&self, card: Card) -> bool {
        self.config
            .card_plays
            .is_none_or(|cap| self.plays[card.index()] < cap)
    }

    /// Draws a card into `team`'s hand, reshuffling the played cards when the pile is empty
    /// (unless the rules are two decks and no reshuffle).
    fn draw<R: Rng + ?Sized>(&mut self, team: usize, rng: &mut R) {
        if self.deck.is_empty() && self.config.card_plays != Some(2) {
            self.deck = std::mem::take(&mut self.played);
            self.deck.shuffle(rng);
        }
        self.hands[team].extend(self.deck.pop());
    }

    fn is_dead(&self, card: Card) -> bool {
        self.board
            .squares_of(card)
            .is_some_and(|sq| sq.iter().all(|s| self.cells[s.index()] != Spot::Empty))
    }

    /// The next legal line for the team on turn (a logged discard, or a play), applied.
    fn legal<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<(Play, usize)> {
        let team = self.turn;
        if !self.discarded {
            let dead = |c: Card| self.is_dead(c) && (!self.full() || self.playable(c));
            if let Some(at) = self.hands[team].iter().position(|&c| dead(c)) {
                let card = self.hands[team].swap_remove(at);
                self.draw(team, rng);
                self.discarded = true;
                self.played.push(card);
                if self.full() && self.config.log_discards {
                    self.plays[card.index()] += 1;
                    return Some((Play::Discard(card), team));
                }
            }
        }
        let mut options: Vec<(i64, usize, Play)> = Vec::new();
        let builder = self.full() && chance(rng, self.config.line_rate);
        for (at, &card) in self.hands[team].iter().enumerate() {
            if self.full() && !self.playable(card) {
                continue;
            }
            match (card.jack(), self.board.squares_of(card)) {
                (None, Some(squares)) => {
                    for s in squares.map(Square::index) {
                        if self.cells[s] == Spot::Empty {
                            options.push((self.place_value(team, s), at, Play::Place(card, s)));
                        }
                    }
                }
                (Some(Jack::TwoEyed), _) => {
                    for s in (0..SQUARES).filter(|&s| self.cells[s] == Spot::Empty) {
                        let value = self.place_value(team, s) - JACK_COST;
                        options.push((value, at, Play::Place(card, s)));
                    }
                }
                (Some(Jack::OneEyed), _) => {
                    for s in 0..SQUARES {
                        if let Spot::Token { team: t } = self.cells[s] {
                            if t != team && !self.locked(s) {
                                let value = self.remove_value(t, s) - JACK_COST;
                                options.push((value, at, Play::Remove(card, s)));
                            }
                        }
                    }
                }
                (None, None) => {}
            }
        }
        if builder {
            for (value, _, play) in &mut options {
                *value = match *play {
                    Play::Place(_, s) => self.run_through(team, s) as i64 * 1000 + *value / 100,
                    _ => i64::MIN / 2,
                };
            }
        }
        let (_, at, play) = if !builder && chance(rng, self.config.careless_rate) {
            *options.choose(rng)?
        } else {
            let noisy = options
                .into_iter()
                .map(|(value, at, play)| (value + rng.random_range(0..8), at, play));
            noisy.max_by_key(|&(value, ..)| value)?
        };
        let card = self.hands[team].swap_remove(at);
        self.played.push(card);
        self.draw(team, rng);
        self.apply(play, rng);
        Some((play, team))
    }

    /// The longest line of `team`'s squares (corners included) through the empty `s` if
    /// `team` covered it.
    fn run_through(&self, team: usize, s: usize) -> usize {
        DIRECTIONS
            .into_iter()
            .map(|d| {
                let count = |sign: isize| {
                    (1..10)
                        .take_while(|&k| {
                            offset(s, d, sign * k).is_some_and(|q| self.holds(team, q))
                        })
                        .count()
                };
                1 + count(1) + count(-1)
            })
            .max()
            .unwrap_or(1)
    }

    /// Tokens of each team and corners in `window`, not counting `s`.
    fn census(&self, window: &[usize; 5], s: usize) -> ([usize; 3], usize) {
        let mut tokens = [0; 3];
        let mut corners = 0;
        for &q in window.iter().filter(|&&q| q != s) {
            match self.cells[q] {
                Spot::Corner => corners += 1,
                Spot::Token { team, .. } => tokens[team] += 1,
                Spot::Empty => {}
            }
        }
        (tokens, corners)
    }

    /// How much a token of `team` on the empty square `s` is worth: the team's lines through
    /// it, and the opponents' lines it blocks.
    fn place_value(&self, team: usize, s: usize) -> i64 {
        let mut value = 0;
        for window in windows(s) {
            let (tokens, corners) = self.census(&window, s);
            let total: usize = tokens.iter().sum();
            if tokens[team] == total {
                value += OWN[total + corners];
            } else if tokens[team] == 0 && tokens.iter().filter(|&&n| n > 0).count() == 1 {
                value += BLOCK[total + corners];
            }
        }
        value
    }

    /// How much removing the token of `owner` on `s` hurts `owner`.
    fn remove_value(&self, owner: usize, s: usize) -> i64 {
        windows(s)
            .map(|window| {
                let (tokens, corners) = self.census(&window, s);
                let total: usize = tokens.iter().sum();
                if tokens[owner] == total {
                    BLOCK[total + corners]
                } else {
                    0
                }
            })
            .sum()
    }

    /// Applies a legal move of the team on turn.
    fn apply<R: Rng + ?Sized>(&mut self, play: Play, rng: &mut R) {
        let team = self.turn;
        self.marked_now.clear();
        match play {
            Play::Discard(_) | Play::OnJack { .. } => return,
            Play::Place(card, s) => {
                self.plays[card.index()] = self.plays[card.index()].saturating_add(1);
                self.cells[s] = Spot::Token { team };
                self.complete_sequences(team, s, rng);
            }
            Play::Remove(card, s) => {
                self.plays[card.index()] = self.plays[card.index()].saturating_add(1);
                if let Spot::Token { team: owner } = self.cells[s] {
                    self.markings[owner].retain(|m| m.iter().all(|line| !line.contains(&s)));
                }
                self.cells[s] = Spot::Empty;
            }
        }
        self.turn = (self.turn + 1) % self.config.teams.count();
        self.discarded = false;
    }

    /// The sequences a token of `team` on `s` completes: each marking the team may have made
    /// grows by every maximal set of the completed windows that share at most one square with
    /// each other and with its sequences (a team marks what it completes). With recorded
    /// marks, one of them is picked (a winning one if there is one).
    fn complete_sequences<R: Rng + ?Sized>(&mut self, team: usize, s: usize, rng: &mut R) {
        let done: Vec<[usize; 5]> = windows(s)
            .filter(|w| w.iter().all(|&q| self.holds(team, q)))
            .map(|mut w| {
                w.sort_unstable();
                w
            })
            .collect();
        if done.is_empty() {
            return;
        }
        let needed = if self.config.teams.count() == 2 { 2 } else { 1 };
        let mut next: Vec<Marked> = Vec::new();
        for marking in &self.markings[team] {
            let fits: Vec<[usize; 5]> = done
                .iter()
                .filter(|w| marking.iter().all(|old| overlap(old, w) <= 1))
                .copied()
                .collect();
            for chosen in maximal_sets(&fits) {
                let mut grown = marking.clone();
                grown.extend(chosen);
                grown.sort_unstable();
                next.push(grown);
            }
        }
        next.sort_unstable();
        next.dedup();
        if next.iter().any(|m| m.len() >= needed) {
            next.retain(|m| m.len() >= needed);
            self.winner = Some(team);
        }
        if self.config.record_marks && self.full() {
            let pick = next.choose(rng).cloned().unwrap_or_default();
            let before = self.markings[team]
                .iter()
                .find(|m| m.iter().all(|line| pick.contains(line)))
                .cloned()
                .unwrap_or_default();
            self.marked_now = pick
                .iter()
                .filter(|l| !before.contains(l))
                .copied()
                .collect();
            next = vec![pick];
        }
        self.markings[team] = next;
    }

    /// A move after the win (any card, by the team that would be on turn).
    fn after_win<R: Rng + ?Sized>(&mut self, rng: &mut R) -> (Play, IllegalKind) {
        self.marked_now.clear();
        let card = *Card::all()
            .filter(|c| !c.is_jack())
            .collect::<Vec<_>>()
            .choose(rng)
            .expect("there are cards");
        let s = self.board.squares_of(card).expect("not a Jack")[0].index();
        (Play::Place(card, s), IllegalKind::GameOver)
    }

    fn card<R: Rng + ?Sized>(&self, rng: &mut R, keep: impl Fn(Card) -> bool) -> Option<Card> {
        let cards: Vec<Card> = Card::all().filter(|&c| keep(c)).collect();
        cards.choose(rng).copied()
    }

    fn square<R: Rng + ?Sized>(&self, rng: &mut R, keep: impl Fn(usize) -> bool) -> Option<usize> {
        let squares: Vec<usize> = (0..SQUARES).filter(|&s| keep(s)).collect();
        squares.choose(rng).copied()
    }

    /// An illegal move whose first broken rule (in the referee's order of checks) is of a kind
    /// chosen at random among those possible now; `None` if none is. The state does not
    /// change.
    fn illegal<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<(Play, IllegalKind, usize)> {
        let mut kinds: Vec<IllegalKind> = if self.full() {
            IllegalKind::FULL.to_vec()
        } else {
            IllegalKind::CONTRACT.to_vec()
        };
        kinds.shuffle(rng);
        self.marked_now.clear();
        kinds.into_iter().find_map(|kind| {
            let mut team = self.turn;
            let play = if !self.full() {
                self.contract_illegal(kind, rng)?
            } else if kind == IllegalKind::OutOfTurn {
                if !self.config.name_teams {
                    return None;
                }
                let teams = self.config.teams.count();
                team = (self.turn + rng.random_range(1..teams)) % teams;
                let card = self.card(rng, |_| true)?;
                Play::Place(card, rng.random_range(0..SQUARES))
            } else if kind == IllegalKind::BadMarking {
                let (play, marks) = self.bad_marking(rng)?;
                self.marked_now = marks;
                play
            } else {
                self.full_illegal(kind, rng)?
            };
            Some((play, kind, team))
        })
    }

    /// A legal placement by the team on turn that records a marked sequence it does not
    /// have: five squares through it that the team does not all hold, or five that miss it.
    fn bad_marking<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(Play, Marked)> {
        let team = self.turn;
        let card = self.card(rng, |c| {
            !c.is_jack()
                && self.fresh(c)
                && self
                    .board
                    .squares_of(c)
                    .is_some_and(|sq| sq.iter().any(|s| self.cells[s.index()] == Spot::Empty))
        })?;
        let squares = self.board.squares_of(card)?;
        let s = squares
            .iter()
            .map(|q| q.index())
            .find(|&q| self.cells[q] == Spot::Empty)?;
        let held = |q: usize| q == s || self.holds(team, q);
        let line: Vec<[usize; 5]> = if rng.random_bool(0.5) {
            windows(s).filter(|w| !w.iter().all(|&q| held(q))).collect()
        } else {
            let other = rng.random_range(0..SQUARES);
            windows(other).filter(|w| !w.contains(&s)).collect()
        };
        let mut line = *line.choose(rng)?;
        line.sort_unstable();
        Some((Play::Place(card, s), vec![line]))
    }

    fn fresh(&self, c: Card) -> bool {
        match self.full() {
            true => self.playable(c),
            false => self.plays[c.index()] < 2,
        }
    }

    /// Covered spots of a card, as the contract format counts them.
    fn covered(&self, c: Card) -> usize {
        self.board.squares_of(c).map_or(0, |sq| {
            sq.iter()
                .filter(|s| self.cells[s.index()] != Spot::Empty)
                .count()
        })
    }

    /// A contract move whose first broken rule is of `kind`, written through a square showing
    /// the spot card (the writer prints the card).
    fn contract_illegal<R: Rng + ?Sized>(&self, kind: IllegalKind, rng: &mut R) -> Option<Play> {
        let spot_of = |c: Card| self.board.squares_of(c).map(|sq| sq[0].index());
        let any_spot = |rng: &mut R| self.card(rng, |c| !c.is_jack()).and_then(spot_of);
        Some(match kind {
            IllegalKind::CardUsedUp => {
                let card = self.card(rng, |c| !self.fresh(c))?;
                Play::Place(card, any_spot(rng)?)
            }
            IllegalKind::CannotRemove => {
                let card = self.card(rng, |c| self.fresh(c) && c.jack() != Some(Jack::OneEyed))?;
                Play::Remove(card, any_spot(rng)?)
            }
            IllegalKind::OneEyedPlaces => {
                let card = self.card(rng, |c| self.fresh(c) && c.jack() == Some(Jack::OneEyed))?;
                Play::Place(card, any_spot(rng)?)
            }
            IllegalKind::WrongSpot => {
                let card = self.card(rng, |c| self.fresh(c) && !c.is_jack())?;
                let other = self.card(rng, |c| !c.is_jack() && c != card)?;
                Play::Place(card, spot_of(other)?)
            }
            IllegalKind::SpotsFull => {
                let spot = self.card(rng, |c| !c.is_jack() && self.covered(c) == 2)?;
                let card = if self.fresh(spot) && rng.random_bool(0.5) {
                    spot
                } else {
                    self.card(rng, |c| self.fresh(c) && c.jack() == Some(Jack::TwoEyed))?
                };
                Play::Place(card, spot_of(spot)?)
            }
            IllegalKind::NothingToRemove => {
                let spot = self.card(rng, |c| !c.is_jack() && self.covered(c) == 0)?;
                let card = self.card(rng, |c| self.fresh(c) && c.jack() == Some(Jack::OneEyed))?;
                Play::Remove(card, spot_of(spot)?)
            }
            IllegalKind::JackSpot => {
                let card = self.card(rng, |c| self.fresh(c))?;
                let spot = self.card(rng, |c| c.is_jack())?;
                let remove = card.jack() == Some(Jack::OneEyed);
                Play::OnJack { card, remove, spot }
            }
            _ => return None,
        })
    }

    /// A full-rules move by the team on turn whose first broken rule is of `kind`.
    fn full_illegal<R: Rng + ?Sized>(&self, kind: IllegalKind, rng: &mut R) -> Option<Play> {
        let team = self.turn;
        let one_eyed = |c: Card| self.fresh(c) && c.jack() == Some(Jack::OneEyed);
        let two_eyed = |c: Card| self.fresh(c) && c.jack() == Some(Jack::TwoEyed);
        let any_square = |rng: &mut R| rng.random_range(0..SQUARES);
        Some(match kind {
            IllegalKind::CardUsedUp => {
                let card = self.card(rng, |c| !self.fresh(c))?;
                Play::Place(card, any_square(rng))
            }
            IllegalKind::CannotRemove => {
                let card = self.card(rng, |c| self.fresh(c) && c.jack() != Some(Jack::OneEyed))?;
                Play::Remove(card, any_square(rng))
            }
            IllegalKind::OneEyedPlaces => Play::Place(self.card(rng, one_eyed)?, any_square(rng)),
            IllegalKind::WrongSquare => {
                let card = self.card(rng, |c| self.fresh(c) && !c.is_jack())?;
                let s = self.square(rng, |s| self.board.card_at(square(s)) != Some(card))?;
                Play::Place(card, s)
            }
            IllegalKind::Corner => {
                let s = self.square(rng, |s| self.cells[s] == Spot::Corner)?;
                Play::Place(self.card(rng, two_eyed)?, s)
            }
            IllegalKind::Occupied => {
                let s = self.square(rng, |s| matches!(self.cells[s], Spot::Token { .. }))?;
                let shows = self.board.card_at(square(s)).filter(|&c| self.fresh(c));
                let card = match shows {
                    Some(card) if rng.random_bool(0.5) => card,
                    _ => self.card(rng, two_eyed)?,
                };
                Play::Place(card, s)
            }
            IllegalKind::NoToken => {
                let s = self.square(rng, |s| !matches!(self.cells[s], Spot::Token { .. }))?;
                Play::Remove(self.card(rng, one_eyed)?, s)
            }
            IllegalKind::OwnToken => {
                let s = self.square(
                    rng,
                    |s| matches!(self.cells[s], Spot::Token { team: t } if t == team),
                )?;
                Play::Remove(self.card(rng, one_eyed)?, s)
            }
            IllegalKind::InSequence => {
                let s = self.square(rng, |s| {
                    matches!(self.cells[s], Spot::Token { team: t } if t != team) && self.locked(s)
                })?;
                Play::Remove(self.card(rng, one_eyed)?, s)
            }
            IllegalKind::DiscardJack if !self.discarded => {
                Play::Discard(self.card(rng, |c| self.fresh(c) && c.is_jack())?)
            }
            IllegalKind::DiscardLive if !self.discarded => Play::Discard(
                self.card(rng, |c| self.fresh(c) && !c.is_jack() && !self.is_dead(c))?,
            ),
            IllegalKind::SecondDiscard if self.discarded => {
                Play::Discard(self.card(rng, |c| self.fresh(c))?)
            }
            _ => return None,
        })
    }
}

/// Squares two windows share.
fn overlap(a: &[usize; 5], b: &[usize; 5]) -> usize {
    a.iter().filter(|q| b.contains(q)).count()
}

/// Every maximal set of `windows` whose members share at most one square with each other
/// (the one empty set if there are none).
fn maximal_sets(windows: &[[usize; 5]]) -> Vec<Marked> {
    fn grow(windows: &[[usize; 5]], at: usize, set: &mut Marked, out: &mut Vec<Marked>) {
        if at == windows.len() {
            let fits = |w: &[usize; 5]| set.iter().all(|s| overlap(s, w) <= 1);
            if windows.iter().all(|w| set.contains(w) || !fits(w)) {
                out.push(set.clone());
            }
            return;
        }
        let w = windows[at];
        if set.iter().all(|s| overlap(s, &w) <= 1) {
            set.push(w);
            grow(windows, at + 1, set, out);
            set.pop();
        }
        grow(windows, at + 1, set, out);
    }
    let mut out = Vec::new();
    grow(windows, 0, &mut Vec::new(), &mut out);
    out
}
