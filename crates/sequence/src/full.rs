//! The full-rules engine: squares, teams, sequences and winning.

use crate::board::{Board, Square, SIDE, SQUARES};
use crate::card::{Card, Jack, CARDS};
use crate::illegal::IllegalMove;
use crate::moves::{FullAction, FullMove};
use crate::notation::RawMarks;
use crate::team::{Team, Teams};

/// Squares in a sequence.
pub const SEQUENCE_LENGTH: usize = 5;

/// What is on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A free corner: counts for every team, never holds a token.
    Corner,
    /// No token.
    Empty,
    /// A team's token.
    Token {
        /// Whose token it is.
        team: Team,
        /// Whether it is part of a completed sequence (then it can never be removed).
        locked: bool,
    },
}

/// Five squares in a line, in increasing square order (`A1` first, row by row): one
/// sequence, whichever end it is written from.
pub type Line = [Square; SEQUENCE_LENGTH];

/// One way a team may have marked its sequences: each five squares in a line.
pub type Marking = Vec<Line>;

/// The rules of a full-rules game beyond the board: teams, who plays first, how often a card
/// may be played.
///
/// ```
/// use fairplay_sequence::{FullRules, Team, Teams};
/// let rules = FullRules::new(Teams::Three).with_first(Team::RED).with_card_plays(None);
/// assert_eq!((rules.teams, rules.first, rules.card_plays), (Teams::Three, Team::RED, None));
/// assert_eq!(FullRules::new(Teams::Two).card_plays, Some(2)); // two decks, no reshuffle
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FullRules {
    /// The teams playing.
    pub teams: Teams,
    /// The team that plays first (blue by default).
    pub first: Team,
    /// How often each card may be played or discarded: `Some(2)` (the default: two decks,
    /// never reshuffled), another cap, or `None` for no cap (the draw pile is reshuffled
    /// whenever it runs out).
    pub card_plays: Option<u8>,
}

impl FullRules {
    /// Plays per card by default: two decks, no reshuffle.
    pub const DEFAULT_CARD_PLAYS: u8 = 2;

    /// The default rules for `teams`: blue first, each card at most twice.
    pub fn new(teams: Teams) -> FullRules {
        FullRules {
            teams,
            first: Team::BLUE,
            card_plays: Some(FullRules::DEFAULT_CARD_PLAYS),
        }
    }

    /// The same rules with another first team.
    pub fn with_first(self, first: Team) -> FullRules {
        FullRules { first, ..self }
    }

    /// The same rules with another cap of plays per card (`None`: no cap).
    pub fn with_card_plays(self, card_plays: Option<u8>) -> FullRules {
        FullRules { card_plays, ..self }
    }
}

/// Why a move narrowed the markings a team may have made: the verdict rests on that choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceCause {
    /// An opponent removed the token on this square: legal only if the team's sequence does
    /// not include it.
    Removal(Square),
    /// The team's win: only some of its possible markings give it the sequences it needs.
    Win,
    /// A marking recorded in the log, which shares at most one square with only some of the
    /// team's possible sequences.
    Recorded,
}

/// A move that is legal, or a win that happens, only under some of the markings consistent
/// with the log before it: the judgement rests on the team having marked one of `kept`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MarkingChoice {
    /// The team whose marking is in question.
    pub team: Team,
    /// The legal move (1-based, discards included) that completed the sequence in question.
    pub made_by: usize,
    /// The legal move (1-based) whose judgement rests on the choice.
    pub rests: usize,
    /// What that move does.
    pub cause: ChoiceCause,
    /// The sequences the team may have marked before it.
    pub before: Vec<Line>,
    /// Those under which the move is judged as it is.
    pub kept: Vec<Line>,
}

/// A completed sequence: five squares in a line held by one team (corners included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sequence {
    /// The team it counts for.
    pub team: Team,
    /// Its squares, in line order.
    pub squares: [Square; SEQUENCE_LENGTH],
}

/// A game under the full rules. Feed it moves in order; it follows the board, whose turn it
/// is, the sequences and the winner.
///
/// * Teams move in turn: blue, green (, red), from [`FullRules::first`]. A move may name its
///   team; if it does, it must be the team on turn.
/// * A non-Jack card places on an empty square showing it; a two-eyed Jack (`Jd`, `Jc`) on
///   any empty square but a corner; a one-eyed Jack (`Jh`, `Js`) removes an opponent's token
///   that is not part of a completed sequence.
/// * Five in a row, column or diagonal held by one team (corners count for everybody) make a
///   sequence; a team's sequences may share at most one square with each other. Two sequences
///   win with two teams, one with three; no move follows a win.
/// * Before playing, a team may discard one dead card (both its squares covered) per turn.
/// * Each card is played (or discarded) at most [`FullRules::card_plays`] times (twice: there
///   are two decks).
///
/// **Markings.** A placement that completes a line of six or more lets the team choose which
/// five it marks. A log may record the choice ([`FullMove::marks`]); then it is binding and
/// checked. When it does not, the game follows every marking consistent with the log: a move
/// is legal if one of them allows it (and then only those that do remain), and a team has won
/// at the first move after which one of them gives it the sequences it needs.
///
/// The set of consistent markings is kept per team (markings of different teams never
/// constrain each other: tokens are owned, and the sharing rule is within a team), as a
/// deduplicated list of alternatives, each the team's sequences. It stays small:
///
/// * with three teams, one sequence wins: before the win no team has a sequence, so each
///   team has exactly one alternative (no sequence);
/// * with two teams, two win: before the win a team has either no sequence (one alternative)
///   or one. A placement that does not win for the team marks exactly one sequence (marking
///   is not optional) among the windows of five it completes. All contain the placed square,
///   and any two of them share at least two squares (else marking both would win). Two
///   windows in different directions share only the placed square, so all lie in one
///   direction; two windows of one line through the placed square whose starts differ by
///   four or more share at most one square, so their starts lie within four consecutive
///   offsets: **at most 4 alternatives**. Later moves only remove alternatives (a removal
///   keeps those that allow it, a recorded marking those it is compatible with);
/// * at the win the alternatives giving the win are kept for the board and the report: per
///   prior alternative, a choice of maximal compatible windows in each of the 4 directions
///   (at most 4 choices each: the pair of windows sharing only the placed square, or one of
///   the windows no other window fits with), so at most 4 × 4⁴ = 1024, made once, at the end.
///
/// The cost of a placement (issue 15 asked for no more than 20 % over the engine before
/// markings): a placement first scans the runs of the team's squares through the placed one
/// in the four directions (a byte per square saying which teams it counts for, and a table of
/// how far the board reaches). Most placements complete nothing and stop there; one that
/// completes a line of exactly five while the team has one marking (every sequence but those
/// of lines of six or more) extends that marking in place; only the rest build the lists of
/// alternatives above. A debug build checks each in-place marking against the general one.
///
/// ```
/// use fairplay_sequence::{notation::parse_move, Board, FullGame, IllegalMove, Team, Teams};
/// let board = Board::standard();
/// let mut game = FullGame::new(Teams::Two);
/// let mut play = |line: &str| {
///     let raw = parse_move(line.as_bytes(), 1).unwrap().unwrap();
///     game.feed(board.full_move(&raw, Teams::Two).unwrap()).map(|g| g.to_move())
/// };
/// assert_eq!(play("1 5s P 5s@E1 blue"), Ok(Some(Team::GREEN)));
/// assert_eq!(play("2 Jh R E1"), Ok(Some(Team::BLUE))); // green removes blue's token
/// assert_eq!(
///     play("3 Js R F1 blue"),
///     Err(IllegalMove::NoToken { square: "F1".parse().unwrap() })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FullGame {
    board: Board,
    rules: FullRules,
    cells: [Cell; SQUARES],
    /// Per square, the teams it counts for in a line (bit `1 << team.index()`): every team
    /// for a corner, the holder for a token, none for an empty square. The same facts as
    /// `cells`, in the form the line scans read.
    teams_at: [u8; SQUARES],
    /// Squares in some but not every consistent marking of their token's team.
    maybe: u128,
    plays: [u8; CARDS],
    /// Per team, the markings consistent with the log (see the type's documentation).
    markings: [Vec<Marking>; 3],
    /// Per team, the legal move (1-based) that made its sequences' alternatives, if any.
    made_by: [usize; 3],
    /// The moves whose judgement rested on a choice of marking.
    choices: Vec<MarkingChoice>,
    turn: Team,
    discarded: bool,
    winner: Option<Team>,
    moves: usize,
}

/// The four line directions as (column, row) steps: row, column, two diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Per square and direction, how many steps (at most four) stay on the board backwards and
/// forwards: the reach of a line scan from that square.
const REACH: [[[u8; 2]; 4]; SQUARES] = reach();

const fn reach() -> [[[u8; 2]; 4]; SQUARES] {
    let side = SIDE as isize;
    let mut table = [[[0u8; 2]; 4]; SQUARES];
    let mut index = 0;
    while index < SQUARES {
        let (column, row) = ((index % SIDE) as isize, (index / SIDE) as isize);
        let mut d = 0;
        while d < DIRECTIONS.len() {
            let (dc, dr) = DIRECTIONS[d];
            let mut side_index = 0;
            while side_index < 2 {
                let sign = if side_index == 0 { -1 } else { 1 };
                let mut k: isize = 0;
                while k < SEQUENCE_LENGTH as isize - 1 {
                    let (c, r) = (column + dc * sign * (k + 1), row + dr * sign * (k + 1));
                    if c < 0 || c >= side || r < 0 || r >= side {
                        break;
                    }
                    k += 1;
                }
                table[index][d][side_index] = k as u8;
                side_index += 1;
            }
            d += 1;
        }
        index += 1;
    }
    table
}

/// The four directions as steps of a square's index (`column + row * SIDE`).
const DELTAS: [isize; 4] = {
    let mut deltas = [0; 4];
    let mut d = 0;
    while d < DIRECTIONS.len() {
        deltas[d] = DIRECTIONS[d].0 + DIRECTIONS[d].1 * SIDE as isize;
        d += 1;
    }
    deltas
};

/// [`FullGame::teams_at`] of a corner: it counts for every team.
const EVERY_TEAM: u8 = 0b111;

fn team_bit(team: Team) -> u8 {
    1 << team.index()
}

/// Per direction, how many squares next to a placed one, backwards and forwards (at most
/// four each), the team holds in an unbroken run.
type Runs = [(isize, isize); 4];

fn step(square: Square, (dc, dr): (isize, isize), times: isize) -> Option<Square> {
    let column = square.column() as isize + dc * times;
    let row = square.row() as isize + dr * times;
    if (0..SIDE as isize).contains(&column) && (0..SIDE as isize).contains(&row) {
        Square::new(column as usize, row as usize)
    } else {
        None
    }
}

/// The five squares from `first` to `last` (the ends of a line of five), in square order;
/// `None` if they are not.
pub fn line_between(first: Square, last: Square) -> Option<Line> {
    if !crate::notation::is_line_of_five(first, last) {
        return None;
    }
    let (a, b) = if first <= last {
        (first, last)
    } else {
        (last, first)
    };
    let unit = |from: usize, to: usize| (to as isize - from as isize).signum();
    let direction = (unit(a.column(), b.column()), unit(a.row(), b.row()));
    let mut line = [a; SEQUENCE_LENGTH];
    for (i, slot) in line.iter_mut().enumerate() {
        *slot = step(a, direction, i as isize)?;
    }
    Some(line)
}

/// Squares two lines share.
fn shared(a: &Line, b: &Line) -> usize {
    a.iter().filter(|q| b.contains(q)).count()
}

fn bit(square: Square) -> u128 {
    1u128 << square.index()
}

/// The windows of five completed through a placed square, by direction (at most five each).
#[derive(Default)]
struct Completed {
    by_direction: [Vec<Line>; 4],
}

impl FullGame {
    /// A new game on the standard board, blue first, each card at most twice.
    pub fn new(teams: Teams) -> FullGame {
        FullGame::with_rules(FullRules::new(teams))
    }

    /// A new game on the standard board under `rules`.
    pub fn with_rules(rules: FullRules) -> FullGame {
        FullGame::with_board_and_rules(Board::standard().clone(), rules)
    }

    /// A new game on any board, blue first, each card at most twice.
    pub fn with_board(board: Board, teams: Teams) -> FullGame {
        FullGame::with_board_and_rules(board, FullRules::new(teams))
    }

    /// A new game on any board under `rules`. A first team that does not play is taken as
    /// blue.
    pub fn with_board_and_rules(board: Board, rules: FullRules) -> FullGame {
        let rules = FullRules {
            first: if rules.teams.contains(rules.first) {
                rules.first
            } else {
                Team::BLUE
            },
            ..rules
        };
        let mut cells = [Cell::Empty; SQUARES];
        let mut teams_at = [0u8; SQUARES];
        for square in Square::all().filter(|s| board.card_at(*s).is_none()) {
            cells[square.index()] = Cell::Corner;
            teams_at[square.index()] = EVERY_TEAM;
        }
        FullGame {
            board,
            rules,
            cells,
            teams_at,
            maybe: 0,
            plays: [0; CARDS],
            markings: std::array::from_fn(|_| vec![Vec::new()]),
            made_by: [0; 3],
            choices: Vec::new(),
            turn: rules.first,
            discarded: false,
            winner: None,
            moves: 0,
        }
    }

    /// Judges one move. A legal move is applied and the new state returned; an illegal one
    /// leaves the state as it was.
    pub fn feed(&mut self, mv: FullMove) -> Result<&FullGame, IllegalMove> {
        let FullMove {
            team,
            card,
            action,
            marks,
        } = mv;
        if let Some(winner) = self.winner {
            return Err(IllegalMove::GameOver { winner });
        }
        let turn = self.turn;
        if let Some(team) = team {
            if team != turn {
                return Err(IllegalMove::OutOfTurn { team, turn });
            }
        }
        match self.rules.card_plays {
            Some(plays) if self.plays[card.index()] >= plays => {
                return Err(match plays {
                    FullRules::DEFAULT_CARD_PLAYS => IllegalMove::CardUsedUp { card },
                    _ => IllegalMove::CardCapReached { card, plays },
                })
            }
            _ => {}
        }
        match action {
            FullAction::Discard => {
                if self.discarded {
                    return Err(IllegalMove::SecondDiscard { card });
                }
                let Some(squares) = self.board.squares_of(card) else {
                    return Err(IllegalMove::DiscardJack { card });
                };
                if let Some(&square) = squares.iter().find(|s| self.cell(**s) == Cell::Empty) {
                    return Err(IllegalMove::DiscardLive { card, square });
                }
                self.discarded = true;
            }
            FullAction::Place(square) => {
                match card.jack() {
                    Some(Jack::OneEyed) => return Err(IllegalMove::OneEyedPlaces { card }),
                    Some(Jack::TwoEyed) if self.cell(square) == Cell::Corner => {
                        return Err(IllegalMove::Corner { card, square })
                    }
                    Some(Jack::TwoEyed) => {}
                    None => {
                        let shows = self.board.card_at(square);
                        if shows != Some(card) {
                            return Err(IllegalMove::WrongSquare {
                                card,
                                square,
                                shows,
                            });
                        }
                    }
                }
                if let Cell::Token { team: holder, .. } = self.cell(square) {
                    return Err(IllegalMove::Occupied { square, holder });
                }
                self.cells[square.index()] = Cell::Token {
                    team: turn,
                    locked: false,
                };
                self.teams_at[square.index()] = team_bit(turn);
                if let Err(illegal) = self.mark_sequences(square, turn, &marks) {
                    self.cells[square.index()] = Cell::Empty;
                    self.teams_at[square.index()] = 0;
                    return Err(illegal);
                }
                self.end_turn();
            }
            FullAction::Remove(square) => {
                if card.jack() != Some(Jack::OneEyed) {
                    return Err(IllegalMove::CannotRemove { card });
                }
                match self.cell(square) {
                    Cell::Corner | Cell::Empty => return Err(IllegalMove::NoToken { square }),
                    Cell::Token { team, .. } if team == turn => {
                        return Err(IllegalMove::OwnToken { team, square })
                    }
                    Cell::Token {
                        team: holder,
                        locked: true,
                    } => return Err(IllegalMove::InSequence { square, holder }),
                    Cell::Token { team: holder, .. } => {
                        if self.maybe & bit(square) != 0 {
                            self.narrow(holder, ChoiceCause::Removal(square), |marking| {
                                marking.iter().all(|line| !line.contains(&square))
                            });
                        }
                        self.cells[square.index()] = Cell::Empty;
                        self.teams_at[square.index()] = 0;
                    }
                }
                self.end_turn();
            }
        }
        self.plays[card.index()] = self.plays[card.index()].saturating_add(1);
        self.moves += 1;
        Ok(self)
    }

    fn end_turn(&mut self) {
        self.turn = self.rules.teams.after(self.turn);
        self.discarded = false;
    }

    fn holds(&self, team: Team, square: Option<Square>) -> bool {
        square.is_some_and(|s| self.teams_at[s.index()] & team_bit(team) != 0)
    }

    /// The runs of `team`'s squares on either side of `placed`, in each direction (the edge
    /// of the board, [`REACH`], ends a run).
    fn runs(&self, placed: Square, team: Team) -> Runs {
        let mine = team_bit(team);
        let reach = &REACH[placed.index()];
        std::array::from_fn(|d| {
            let delta = DELTAS[d];
            let run = |sign: isize, most: u8| {
                let mut at = placed.index() as isize;
                let mut k = 0;
                while k < most {
                    at += sign * delta;
                    if self.teams_at[at as usize] & mine == 0 {
                        break;
                    }
                    k += 1;
                }
                k as isize
            };
            (run(-1, reach[d][0]), run(1, reach[d][1]))
        })
    }

    /// The windows of five through `placed` (whose runs are `runs`), by direction.
    fn completed(placed: Square, runs: &Runs) -> Completed {
        let mut completed = Completed::default();
        let span = SEQUENCE_LENGTH as isize - 1;
        for (d, direction) in DIRECTIONS.into_iter().enumerate() {
            let (back, ahead) = runs[d];
            for first in -back..=(ahead - span).min(0) {
                let mut line: Line = std::array::from_fn(|i| {
                    step(placed, direction, first + i as isize).unwrap_or(placed)
                });
                line.sort_unstable();
                completed.by_direction[d].push(line);
            }
        }
        completed
    }

    /// Keeps the markings of `team` that `keep` accepts (at least one does, or nothing
    /// changes), noting the choice if some are dropped.
    fn narrow(&mut self, team: Team, cause: ChoiceCause, keep: impl Fn(&Marking) -> bool) {
        let all = &self.markings[team.index()];
        let kept: Vec<Marking> = all.iter().filter(|m| keep(m)).cloned().collect();
        if kept.is_empty() || kept.len() == all.len() {
            return;
        }
        let lines = |markings: &[Marking]| -> Vec<Line> {
            let mut lines: Vec<Line> = markings.iter().flatten().copied().collect();
            lines.sort_unstable();
            lines.dedup();
            lines
        };
        let before = lines(all);
        let kept_lines = lines(&kept);
        self.choices.push(MarkingChoice {
            team,
            made_by: self.made_by[team.index()],
            rests: self.moves + 1,
            cause,
            before: before.clone(),
            kept: if cause == ChoiceCause::Win {
                // The earlier sequences the win needs, not the ones it makes.
                kept_lines
                    .into_iter()
                    .filter(|l| before.contains(l))
                    .collect()
            } else {
                kept_lines
            },
        });
        self.markings[team.index()] = kept;
        self.refresh_locks(team);
    }

    /// Marks the sequences a token of `team` just placed on `placed` completes: those
    /// `recorded` (checked), or every consistent choice of them. On error nothing changed.
    fn mark_sequences(
        &mut self,
        placed: Square,
        team: Team,
        recorded: &RawMarks,
    ) -> Result<(), IllegalMove> {
        if recorded.is_empty() {
            let runs = self.runs(placed, team);
            let windows = |&(back, ahead): &(isize, isize)| {
                (back + ahead + 2 - SEQUENCE_LENGTH as isize).max(0)
            };
            match runs.iter().map(windows).sum::<isize>() {
                // The common case: no five in a line through the placed square.
                0 => return Ok(()),
                // A line of exactly five, and one marking so far.
                1 if self.markings[team.index()].len() == 1 => {
                    #[cfg(debug_assertions)]
                    let general = {
                        let mut general = self.clone();
                        general.mark_any(placed, team, recorded, &runs)?;
                        general
                    };
                    self.mark_one(placed, team, &runs);
                    #[cfg(debug_assertions)]
                    debug_assert_eq!(*self, general, "fast marking of {placed} differs");
                    return Ok(());
                }
                _ => {}
            }
            return self.mark_any(placed, team, recorded, &runs);
        }
        self.mark_any(placed, team, recorded, &[(0, 0); 4])
    }

    /// [`FullGame::mark_sequences`] when the runs through `placed` complete exactly one window
    /// of five and `team` has one marking: the window is marked if it shares at most one square
    /// with each sequence of that marking, else nothing is; as [`FullGame::mark_any`] decides
    /// it with one alternative, without its lists (a debug build checks that both agree).
    fn mark_one(&mut self, placed: Square, team: Team, runs: &Runs) {
        let needed = self.rules.teams.sequences_to_win();
        let Some(d) = runs
            .iter()
            .position(|&(back, ahead)| back + ahead + 1 >= SEQUENCE_LENGTH as isize)
        else {
            return;
        };
        let back = runs[d].0;
        let mut line: Line = std::array::from_fn(|i| {
            step(placed, DIRECTIONS[d], i as isize - back).unwrap_or(placed)
        });
        line.sort_unstable();
        let marking = &mut self.markings[team.index()][0];
        if marking.iter().all(|old| shared(old, &line) <= 1) {
            if marking.is_empty() {
                self.made_by[team.index()] = self.moves + 1;
            }
            marking.push(line);
            marking.sort_unstable();
            // One marking: its squares are locked, none only possibly marked.
            for square in line {
                if let Cell::Token { locked, .. } = &mut self.cells[square.index()] {
                    *locked = true;
                }
            }
        }
        if marking.len() >= needed {
            self.winner = Some(team);
        }
    }

    /// [`FullGame::mark_sequences`] in general: `runs` are those through `placed` when nothing
    /// is `recorded`.
    fn mark_any(
        &mut self,
        placed: Square,
        team: Team,
        recorded: &RawMarks,
        runs: &Runs,
    ) -> Result<(), IllegalMove> {
        let needed = self.rules.teams.sequences_to_win();
        let prior = &self.markings[team.index()];
        // Each new marking with the index of the prior one it extends.
        let options: Vec<(usize, Marking)> = if recorded.is_empty() {
            let completed = FullGame::completed(placed, runs);
            if completed.by_direction.iter().all(Vec::is_empty) {
                return Ok(());
            }
            prior
                .iter()
                .enumerate()
                .flat_map(|(i, marking)| {
                    extensions(marking, &completed)
                        .into_iter()
                        .map(move |m| (i, m))
                })
                .collect()
        } else {
            let lines = self.recorded_lines(placed, team, recorded)?;
            let fits = |m: &Marking| {
                m.iter()
                    .all(|old| lines.iter().all(|l| shared(old, l) <= 1))
            };
            let fitting: Vec<(usize, Marking)> = prior
                .iter()
                .enumerate()
                .filter(|(_, m)| fits(m))
                .map(|(i, m)| (i, m.iter().chain(&lines).copied().collect()))
                .collect();
            if fitting.is_empty() {
                return Err(self.misfit(placed, team, recorded, &lines));
            }
            fitting
        };
        let mut options = dedup(options);
        let best = options.iter().map(|(_, m)| m.len()).max().unwrap_or(0);
        if best >= needed {
            self.winner = Some(team);
            options.retain(|(_, m)| m.len() >= needed);
        }
        let had = prior.first().map_or(0, Vec::len);
        let used: Vec<usize> = {
            let mut used: Vec<usize> = options.iter().map(|(i, _)| *i).collect();
            used.dedup();
            used
        };
        if had > 0 && used.len() < prior.len() {
            let lines = |pick: &mut dyn Iterator<Item = &Marking>| -> Vec<Line> {
                let mut lines: Vec<Line> = pick.flatten().copied().collect();
                lines.sort_unstable();
                lines.dedup();
                lines
            };
            let before = lines(&mut prior.iter());
            let kept = lines(&mut used.iter().filter_map(|&i| prior.get(i)));
            self.choices.push(MarkingChoice {
                team,
                made_by: self.made_by[team.index()],
                rests: self.moves + 1,
                cause: match recorded.is_empty() {
                    true => ChoiceCause::Win,
                    false => ChoiceCause::Recorded,
                },
                before,
                kept,
            });
        }
        if had == 0 && options.iter().any(|(_, m)| !m.is_empty()) {
            self.made_by[team.index()] = self.moves + 1;
        }
        self.markings[team.index()] = options.into_iter().map(|(_, m)| m).collect();
        self.refresh_locks(team);
        Ok(())
    }

    /// The error of recorded sequences that fit no earlier marking of `team`: one of them
    /// shares more than one square with a sequence of the first earlier marking.
    fn misfit(
        &self,
        placed: Square,
        team: Team,
        recorded: &RawMarks,
        lines: &[Line],
    ) -> IllegalMove {
        let first_marking = self.markings[team.index()].first();
        for old in first_marking.into_iter().flatten() {
            for ((first, last), line) in recorded.iter().zip(lines) {
                let n = shared(old, line);
                if n > 1 {
                    return IllegalMove::MarkShares {
                        first,
                        last,
                        team,
                        other_first: old[0],
                        other_last: old[SEQUENCE_LENGTH - 1],
                        shared: n as u8,
                    };
                }
            }
        }
        // Unreachable: a marking that does not fit shares too much with a recorded line. Were
        // it reached, the move is still refused, naming the first recorded sequence.
        let (first, last) = recorded.iter().next().unwrap_or((placed, placed));
        IllegalMove::MarkMisses {
            first,
            last,
            square: placed,
        }
    }

    /// The lines of the sequences a placement records, checked: each holds the placed square,
    /// is all the team's, and shares at most one square with the others recorded.
    fn recorded_lines(
        &self,
        placed: Square,
        team: Team,
        recorded: &RawMarks,
    ) -> Result<Vec<Line>, IllegalMove> {
        let mut lines: Vec<Line> = Vec::with_capacity(recorded.len());
        for (first, last) in recorded.iter() {
            let Some(line) = line_between(first, last) else {
                // RawMarks holds only lines of five; a foreign value is refused all the same.
                return Err(IllegalMove::MarkMisses {
                    first,
                    last,
                    square: placed,
                });
            };
            if !line.contains(&placed) {
                return Err(IllegalMove::MarkMisses {
                    first,
                    last,
                    square: placed,
                });
            }
            if let Some(&square) = line.iter().find(|q| !self.holds(team, Some(**q))) {
                return Err(IllegalMove::MarkNotHeld {
                    first,
                    last,
                    team,
                    square,
                });
            }
            let ends = recorded.iter();
            if let Some(((other_first, other_last), other)) =
                ends.zip(&lines).find(|(_, other)| shared(other, &line) > 1)
            {
                return Err(IllegalMove::MarkShares {
                    first,
                    last,
                    team,
                    other_first,
                    other_last,
                    shared: shared(other, &line) as u8,
                });
            }
            lines.push(line);
        }
        Ok(lines)
    }

    /// Recomputes which of `team`'s tokens are locked in every consistent marking and which
    /// in only some.
    fn refresh_locks(&mut self, team: Team) {
        let markings = &self.markings[team.index()];
        let mut all = u128::MAX;
        let mut any = 0u128;
        for marking in markings {
            let squares = marking.iter().flatten().fold(0u128, |b, &q| b | bit(q));
            all &= squares;
            any |= squares;
        }
        if markings.is_empty() {
            all = 0;
        }
        for square in Square::all() {
            if let Cell::Token { team: t, locked } = &mut self.cells[square.index()] {
                if *t == team {
                    *locked = all & bit(square) != 0;
                    let maybe = any & !all & bit(square) != 0;
                    self.maybe = (self.maybe & !bit(square)) | if maybe { bit(square) } else { 0 };
                }
            }
        }
    }

    /// What is on `square`. A token is `locked` when every marking consistent with the log
    /// includes it in a sequence.
    pub fn cell(&self, square: Square) -> Cell {
        self.cells[square.index()]
    }

    /// Whether the token on `square` is in a sequence under some markings consistent with the
    /// log but not all: the log does not say which five squares were marked.
    pub fn possibly_marked(&self, square: Square) -> bool {
        self.maybe & bit(square) != 0
    }

    /// The board played on.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The teams playing.
    pub fn teams(&self) -> Teams {
        self.rules.teams
    }

    /// The rules played by.
    pub fn rules(&self) -> FullRules {
        self.rules
    }

    /// The team whose turn it is; `None` once a team has won.
    pub fn to_move(&self) -> Option<Team> {
        self.winner.is_none().then_some(self.turn)
    }

    /// The team that has won, if one has.
    pub fn winner(&self) -> Option<Team> {
        self.winner
    }

    /// Whether the team on turn has already discarded a dead card this turn.
    pub fn has_discarded(&self) -> bool {
        self.discarded
    }

    /// The sequences in every marking consistent with the log (certainly marked), team by
    /// team.
    pub fn sequences(&self) -> Vec<Sequence> {
        let mut certain = Vec::new();
        for team in self.rules.teams.all() {
            let markings = &self.markings[team.index()];
            if let Some((first, rest)) = markings.split_first() {
                for line in first {
                    if rest.iter().all(|m| m.contains(line)) {
                        certain.push(Sequence {
                            team,
                            squares: *line,
                        });
                    }
                }
            }
        }
        certain
    }

    /// The markings of `team` consistent with the log: each the team's sequences (lines in
    /// square order). One empty marking when it has none; after a win, those that win.
    pub fn markings(&self, team: Team) -> &[Marking] {
        self.markings.get(team.index()).map_or(&[][..], |m| &m[..])
    }

    /// The legal move (1-based) that made the alternatives of `team`'s sequence; 0 if none.
    pub fn markings_made_by(&self, team: Team) -> usize {
        self.made_by.get(team.index()).copied().unwrap_or(0)
    }

    /// The moves whose judgement rested on a choice of marking the log does not record, in
    /// order.
    pub fn choices(&self) -> &[MarkingChoice] {
        &self.choices
    }

    /// How many sequences `team` has completed: under every consistent marking alike before a
    /// win; for the winner, the most any winning marking gives.
    pub fn sequence_count(&self, team: Team) -> usize {
        self.markings(team).iter().map(Vec::len).max().unwrap_or(0)
    }

    /// How many times `card` has been played or discarded.
    pub fn plays(&self, card: Card) -> u8 {
        self.plays[card.index()]
    }

    /// Legal moves applied so far (discards included).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Tokens on the board.
    pub fn tokens(&self) -> usize {
        self.cells
            .iter()
            .filter(|c| matches!(c, Cell::Token { .. }))
            .count()
    }
}

/// The markings `marking` may become when windows are `completed` through a placed square:
/// for each direction, a maximal set of its windows sharing at most one square with each
/// other and with `marking`'s sequences (marking is not optional).
fn extensions(marking: &Marking, completed: &Completed) -> Vec<Marking> {
    let mut out = vec![marking.clone()];
    for windows in &completed.by_direction {
        let fits: Vec<&Line> = windows
            .iter()
            .filter(|w| marking.iter().all(|old| shared(old, w) <= 1))
            .collect();
        if fits.is_empty() {
            continue;
        }
        // Within a direction, two windows share at most one square only as a pair sharing
        // the placed square; a window fitting with no other is a choice alone.
        let mut choices: Vec<Vec<Line>> = Vec::new();
        for (i, a) in fits.iter().enumerate() {
            let partners: Vec<&Line> = fits[i + 1..]
                .iter()
                .filter(|b| shared(a, b) <= 1)
                .copied()
                .collect();
            for b in &partners {
                choices.push(vec![**a, **b]);
            }
            let alone = fits
                .iter()
                .all(|b| std::ptr::eq(*a, *b) || shared(a, b) > 1);
            if alone {
                choices.push(vec![**a]);
            }
        }
        out = out
            .iter()
            .flat_map(|m| {
                choices.iter().map(move |c| {
                    let mut next = m.clone();
                    next.extend_from_slice(c);
                    next
                })
            })
            .collect();
    }
    out
}

/// The markings without repeats (each marking's lines sorted), each with the index of the
/// earlier marking it extends, in the order of those indices.
fn dedup(mut markings: Vec<(usize, Marking)>) -> Vec<(usize, Marking)> {
    for (_, marking) in &mut markings {
        marking.sort_unstable();
    }
    markings.sort_unstable_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    markings.dedup_by(|a, b| a.1 == b.1);
    markings.sort_unstable();
    markings
}
