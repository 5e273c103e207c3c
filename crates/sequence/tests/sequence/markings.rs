//! An independent checker of markings, against the full-rules engine.
//!
//! The checker below shares no code with the engine: it reads the log lines itself, reads the
//! board from the layout file, and judges by brute force. It keeps every *world*: one choice
//! of marking for every completed line of every team so far, joint over the teams. At each
//! placement every world grows by every maximal set of the completed windows that share at
//! most one square with each other and with the team's sequences in that world (all subsets
//! are enumerated, then the maximal ones kept); a removal keeps the worlds in which the token
//! is in none of its team's sequences, and is illegal if there are none; a team has won as
//! soon as some world gives it the sequences it needs. Recorded markings are binding.
//!
//! On simulated games (two and three teams, line builders making lines of six to ten, marks
//! recorded or not, reshuffled piles, other first teams, injected illegal moves) it must agree
//! with the engine on the verdict (turn and kind), the winner, and, square by square, which
//! tokens are marked in every world and which in only some.

use std::collections::BTreeSet;

use fairplay_sequence::{audit_full_with, Cell, FullOptions, IllegalKind, Square, Team, Teams};
use fairplay_sim::sequence::{simulate_seeded, Config};

const LAYOUT: &str = include_str!("../../data/board.txt");

/// Square index `row * 10 + column`; the board's cards as written in the layout.
struct Layout {
    shows: Vec<Option<String>>,
}

impl Layout {
    fn read() -> Layout {
        let mut shows = Vec::new();
        for line in LAYOUT
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            for token in line.split_whitespace() {
                shows.push((token != "--").then(|| token.to_string()));
            }
        }
        assert_eq!(shows.len(), 100);
        Layout { shows }
    }
}

fn square_of(name: &str) -> usize {
    let column = usize::from(name.as_bytes()[0] - b'A');
    let row: usize = name[1..].parse().unwrap();
    (row - 1) * 10 + column
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Place,
    Remove,
    Discard,
}

struct Line {
    card: String,
    kind: Kind,
    square: Option<usize>,
    team: Option<usize>,
    marks: Vec<[usize; 5]>,
}

/// The five squares from `a` to `b`, sorted.
fn five(a: usize, b: usize) -> [usize; 5] {
    let (a, b) = (a.min(b), a.max(b));
    let step = (b - a) / 4;
    let mut line = [0; 5];
    for (i, q) in line.iter_mut().enumerate() {
        *q = a + i * step;
    }
    line
}

fn read_line(text: &str) -> Line {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let card = fields[1].replace("10", "X");
    let kind = match fields[2] {
        "P" => Kind::Place,
        "R" => Kind::Remove,
        _ => Kind::Discard,
    };
    let mut rest = &fields[3..];
    let mut square = None;
    if kind != Kind::Discard {
        let spot = rest[0];
        square = Some(square_of(spot.rsplit('@').next().unwrap()));
        rest = &rest[1..];
    }
    let mut team = None;
    let mut marks = Vec::new();
    for field in rest {
        match *field {
            "blue" => team = Some(0),
            "green" => team = Some(1),
            "red" => team = Some(2),
            marked => {
                for part in marked.split('+') {
                    let (a, b) = part.split_once('-').unwrap();
                    marks.push(five(square_of(a), square_of(b)));
                }
            }
        }
    }
    Line {
        card,
        kind,
        square,
        team,
        marks,
    }
}

/// One choice of marking for every team: its sequences.
type World = Vec<Vec<[usize; 5]>>;

fn shared(a: &[usize; 5], b: &[usize; 5]) -> usize {
    a.iter().filter(|q| b.contains(q)).count()
}

struct Checker {
    layout: Layout,
    teams: usize,
    owner: [Option<usize>; 100],
    plays: std::collections::HashMap<String, u32>,
    cap: Option<u32>,
    worlds: Vec<World>,
    turn: usize,
    discarded: bool,
    winner: Option<usize>,
    /// The longest line of the mover's squares through a placement that completed a window.
    longest: usize,
}

impl Checker {
    fn new(teams: usize, first: usize, cap: Option<u32>) -> Checker {
        Checker {
            layout: Layout::read(),
            teams,
            owner: [None; 100],
            plays: Default::default(),
            cap,
            worlds: vec![vec![Vec::new(); teams]],
            turn: first,
            discarded: false,
            winner: None,
            longest: 0,
        }
    }

    fn corner(&self, q: usize) -> bool {
        self.layout.shows[q].is_none()
    }

    fn held(&self, team: usize, q: usize) -> bool {
        self.corner(q) || self.owner[q] == Some(team)
    }

    fn at(q: usize, dc: isize, dr: isize, k: isize) -> Option<usize> {
        let c = (q % 10) as isize + dc * k;
        let r = (q / 10) as isize + dr * k;
        ((0..10).contains(&c) && (0..10).contains(&r)).then(|| (r * 10 + c) as usize)
    }

    /// Every window of five through `q` that `team` holds.
    fn windows(&mut self, team: usize, q: usize) -> Vec<[usize; 5]> {
        let mut out = Vec::new();
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let run = |sign: isize| {
                (1..10)
                    .take_while(|&k| {
                        Self::at(q, dc, dr, sign * k).is_some_and(|s| self.held(team, s))
                    })
                    .count()
            };
            let length = 1 + run(1) + run(-1);
            for start in -4..=0 {
                let squares: Option<Vec<usize>> =
                    (0..5).map(|i| Self::at(q, dc, dr, start + i)).collect();
                if let Some(squares) = squares {
                    if squares.iter().all(|&s| self.held(team, s)) {
                        let mut w = [0; 5];
                        w.copy_from_slice(&squares);
                        w.sort_unstable();
                        out.push(w);
                        self.longest = self.longest.max(length);
                    }
                }
            }
        }
        out
    }

    /// The first rule the move breaks, or `None` (then it is applied).
    fn judge(&mut self, line: &Line) -> Option<IllegalKind> {
        if self.winner.is_some() {
            return Some(IllegalKind::GameOver);
        }
        if line.team.is_some_and(|t| t != self.turn) {
            return Some(IllegalKind::OutOfTurn);
        }
        let plays = self.plays.get(&line.card).copied().unwrap_or(0);
        if self.cap.is_some_and(|cap| plays >= cap) {
            return Some(IllegalKind::CardUsedUp);
        }
        let jack = line.card.starts_with('J');
        let one_eyed = line.card == "Jh" || line.card == "Js";
        let team = self.turn;
        match line.kind {
            Kind::Discard => {
                if self.discarded {
                    return Some(IllegalKind::SecondDiscard);
                }
                if jack {
                    return Some(IllegalKind::DiscardJack);
                }
                let squares =
                    (0..100).filter(|&q| self.layout.shows[q].as_deref() == Some(&line.card));
                if squares.into_iter().any(|q| self.owner[q].is_none()) {
                    return Some(IllegalKind::DiscardLive);
                }
                self.discarded = true;
            }
            Kind::Place => {
                let q = line.square.unwrap();
                if one_eyed {
                    return Some(IllegalKind::OneEyedPlaces);
                }
                if jack && self.corner(q) {
                    return Some(IllegalKind::Corner);
                }
                if !jack && self.layout.shows[q].as_deref() != Some(&line.card) {
                    return Some(IllegalKind::WrongSquare);
                }
                if self.owner[q].is_some() {
                    return Some(IllegalKind::Occupied);
                }
                self.owner[q] = Some(team);
                if let Err(kind) = self.mark(team, q, &line.marks) {
                    self.owner[q] = None;
                    return Some(kind);
                }
                self.end_turn();
            }
            Kind::Remove => {
                let q = line.square.unwrap();
                if !one_eyed {
                    return Some(IllegalKind::CannotRemove);
                }
                let Some(holder) = self.owner[q] else {
                    return Some(IllegalKind::NoToken);
                };
                if holder == team {
                    return Some(IllegalKind::OwnToken);
                }
                let free = |w: &World| w[holder].iter().all(|s| !s.contains(&q));
                if !self.worlds.iter().any(free) {
                    return Some(IllegalKind::InSequence);
                }
                self.worlds.retain(free);
                self.owner[q] = None;
                self.end_turn();
            }
        }
        *self.plays.entry(line.card.clone()).or_default() += 1;
        None
    }

    fn end_turn(&mut self) {
        self.turn = (self.turn + 1) % self.teams;
        self.discarded = false;
    }

    fn mark(&mut self, team: usize, q: usize, recorded: &[[usize; 5]]) -> Result<(), IllegalKind> {
        let needed = if self.teams == 2 { 2 } else { 1 };
        let mut next: BTreeSet<World> = BTreeSet::new();
        if recorded.is_empty() {
            let done = self.windows(team, q);
            for world in &self.worlds {
                let fits: Vec<[usize; 5]> = done
                    .iter()
                    .filter(|w| world[team].iter().all(|s| shared(s, w) <= 1))
                    .copied()
                    .collect();
                // Every subset of pairwise compatible windows; keep the maximal ones.
                let subsets: Vec<Vec<[usize; 5]>> = (0u32..1 << fits.len())
                    .map(|bits| {
                        (0..fits.len())
                            .filter(|i| bits >> i & 1 == 1)
                            .map(|i| fits[i])
                            .collect::<Vec<_>>()
                    })
                    .filter(|set| {
                        set.iter()
                            .enumerate()
                            .all(|(i, a)| set[i + 1..].iter().all(|b| shared(a, b) <= 1))
                    })
                    .collect();
                for set in &subsets {
                    let maximal = !subsets.iter().any(|bigger| {
                        bigger.len() > set.len() && set.iter().all(|w| bigger.contains(w))
                    });
                    if maximal {
                        let mut grown = world.clone();
                        grown[team].extend(set.iter().copied());
                        grown[team].sort_unstable();
                        next.insert(grown);
                    }
                }
            }
        } else {
            for (i, line) in recorded.iter().enumerate() {
                let ok = line.contains(&q)
                    && line.iter().all(|&s| self.held(team, s))
                    && recorded[..i].iter().all(|o| shared(o, line) <= 1);
                if !ok {
                    return Err(IllegalKind::BadMarking);
                }
            }
            for world in &self.worlds {
                if world[team]
                    .iter()
                    .all(|s| recorded.iter().all(|l| shared(s, l) <= 1))
                {
                    let mut grown = world.clone();
                    grown[team].extend(recorded.iter().copied());
                    grown[team].sort_unstable();
                    next.insert(grown);
                }
            }
            if next.is_empty() {
                return Err(IllegalKind::BadMarking);
            }
        }
        let mut next: Vec<World> = next.into_iter().collect();
        if next.iter().any(|w| w[team].len() >= needed) {
            next.retain(|w| w[team].len() >= needed);
            self.winner = Some(team);
        }
        self.worlds = next;
        Ok(())
    }

    /// Whether the token on `q` is in a sequence of its team in every world, and in some.
    fn marked(&self, q: usize) -> (bool, bool) {
        let Some(team) = self.owner[q] else {
            return (false, false);
        };
        let in_world = |w: &World| w[team].iter().any(|s| s.contains(&q));
        (
            self.worlds.iter().all(in_world),
            self.worlds.iter().any(in_world),
        )
    }
}

/// What the checker says of a log: the first illegal move (turn, kind), or none.
fn check(log: &str, checker: &mut Checker) -> Option<(u64, IllegalKind)> {
    for text in log.lines().skip(1) {
        let turn: u64 = text.split_whitespace().next().unwrap().parse().unwrap();
        if let Some(kind) = checker.judge(&read_line(text)) {
            return Some((turn, kind));
        }
    }
    None
}

/// The engine and the checker agree on `config`'s game from `seed`; returns the checker (for
/// statistics) and the number of the engine's marking choices.
fn agree(config: &Config, seed: u64) -> (Checker, usize, Option<IllegalKind>) {
    let game = simulate_seeded(config, seed);
    let log = game.log();
    let teams = config.teams.count();
    let first = config.first.index();
    let cap = config.card_plays.map(u32::from);
    let mut checker = Checker::new(teams, first, cap);
    let said = check(&log, &mut checker);
    let options = FullOptions {
        first: config.first,
        card_plays: config.card_plays,
    };
    let report = audit_full_with(log.as_bytes(), Some(config.teams), options).unwrap();
    let engine = match &report.verdict {
        fairplay_sequence::Verdict::Valid => None,
        fairplay_sequence::Verdict::Invalid { turn, illegal, .. } => Some((*turn, illegal.kind())),
    };
    assert_eq!(engine, said, "seed {seed}, {config:?}\n{log}");
    let winner = checker
        .winner
        .map(|t| [Team::BLUE, Team::GREEN, Team::RED][t]);
    assert_eq!(report.game.winner(), winner, "seed {seed}\n{log}");
    for q in 0..100 {
        let square = Square::from_index(q).unwrap();
        let (all, some) = checker.marked(q);
        let locked = matches!(report.game.cell(square), Cell::Token { locked: true, .. });
        assert_eq!(locked, all, "seed {seed}, {square}\n{log}");
        assert_eq!(
            report.game.possibly_marked(square),
            some && !all,
            "seed {seed}, {square}\n{log}"
        );
    }
    if said.is_none() && game.first_illegal().is_none() {
        // An honest game: the simulator's winner is the referee's.
        assert_eq!(game.winner, winner, "seed {seed}\n{log}");
    }
    let choices = report.game.choices().len();
    (checker, choices, said.map(|(_, k)| k))
}

/// The configuration of game `i`: two or three teams, line builders, marks recorded or not,
/// illegal moves injected, other first teams and caps.
fn config(i: u64) -> Config {
    let teams = if i % 3 == 0 { Teams::Three } else { Teams::Two };
    let first = [Team::BLUE, Team::GREEN, Team::RED][(i / 3 % teams.count() as u64) as usize];
    let cap = match i % 7 {
        0 => None,
        1 => Some(3),
        _ => Some(2),
    };
    Config::full(teams)
        .with_line_rate([0.3, 0.6, 0.9][(i % 5 % 3) as usize])
        .with_recorded_marks(i % 4 == 1)
        .with_named_teams(i % 8 != 3)
        .with_inject_rate(if i % 2 == 0 { 0.0 } else { 0.01 })
        .with_first(first)
        .with_card_plays(cap)
        .with_max_moves(if cap == Some(2) { 104 } else { 160 })
}

/// What the games of one thread showed.
#[derive(Default)]
struct Stats {
    /// Games by the longest line completed (capped at 10).
    longest: [usize; 11],
    /// Games whose judgement rests on a choice of marking.
    chosen: usize,
    won: usize,
    kinds: BTreeSet<IllegalKind>,
}

impl Stats {
    fn add(&mut self, other: Stats) {
        for (total, n) in self.longest.iter_mut().zip(other.longest) {
            *total += n;
        }
        self.chosen += other.chosen;
        self.won += other.won;
        self.kinds.extend(other.kinds);
    }
}

#[test]
fn the_engine_agrees_with_a_brute_force_checker_on_20_000_games() {
    const GAMES: u64 = 20_000;
    const THREADS: u64 = 2;
    let mut stats = Stats::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                scope.spawn(move || {
                    let mut stats = Stats::default();
                    for i in (t..GAMES).step_by(THREADS as usize) {
                        let (checker, choices, kind) = agree(&config(i), 7_000_000 + i);
                        stats.longest[checker.longest.min(10)] += 1;
                        stats.chosen += usize::from(choices > 0);
                        stats.won += usize::from(checker.winner.is_some());
                        stats.kinds.extend(kind);
                    }
                    stats
                })
            })
            .collect();
        for handle in handles {
            stats.add(handle.join().unwrap());
        }
    });
    let Stats {
        longest,
        chosen,
        won,
        kinds,
    } = stats;
    eprintln!("longest completed lines (games by length): {longest:?}; verdicts resting on a marking: {chosen}; won: {won}; kinds: {kinds:?}");
    for length in 6..=10 {
        assert!(
            longest[length] > 0,
            "no completed line of {length}: {longest:?}"
        );
    }
    assert!(
        chosen >= 20,
        "only {chosen} games rest on a choice of marking"
    );
    assert!(won > GAMES as usize / 2, "only {won} games won");
    for kind in [
        IllegalKind::BadMarking,
        IllegalKind::InSequence,
        IllegalKind::GameOver,
        IllegalKind::CardUsedUp,
    ] {
        assert!(kinds.contains(&kind), "no {kind:?} among {kinds:?}");
    }
}
