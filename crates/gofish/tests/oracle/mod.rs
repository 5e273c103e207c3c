//! A brute-force Go Fish referee for tiny decks, sharing no code with the engine.
//!
//! It reads the log itself ([`notation`]), applies the public rules a watcher checks
//! ([`table`]), and for the hidden part keeps *every* hidden state an honest game can be in
//! ([`hidden`]): each hand's count of every rank, after each action, over every deal and every
//! stock order. An action prefix is honest for some deal exactly when that set is not empty.
//! [`literal`] does the same the slow way, one whole deal (hands and stock order) at a time,
//! and the tests check the two against each other on the smallest decks.
//!
//! Written from the rules alone:
//! * an ask claims the asker holds the rank; the answer claims the asked player holds exactly
//!   the cards handed over (none for "Go fish");
//! * an unseen draw after "Go fish" is not the asked rank, a shown one is; a draw into an empty
//!   hand is any rank the stock still holds;
//! * a player holding four of a rank lays the book as the very next action (a dealt book before
//!   the first action that is not a book, in any order); a book shows four cards of the rank.

#![allow(dead_code)]

pub mod hidden;
pub mod literal;
pub mod notation;
pub mod table;

use std::collections::HashSet;

use hidden::State;
use notation::Act;
use table::{Event, Table};

/// The sizes of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    pub players: usize,
    pub ranks: usize,
    pub hand: usize,
    /// `--fish-turn asked`: after a "Go fish" without a catch the turn goes to the asked player.
    pub fish_to_asked: bool,
}

impl Variant {
    /// A variant, or `None` when the options are a usage error (the hand's default: 7 cards
    /// with 3 players or fewer, else 5).
    pub fn new(
        players: usize,
        ranks: usize,
        hand: Option<usize>,
        fish_to_asked: bool,
    ) -> Option<Variant> {
        let hand = hand.unwrap_or(if players <= 3 { 7 } else { 5 });
        let ok =
            (2..=10).contains(&players) && (1..=13).contains(&ranks) && players * hand <= 4 * ranks;
        ok.then_some(Variant {
            players,
            ranks,
            hand,
            fish_to_asked,
        })
    }
}

/// What the referee says about a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Some deal makes every action honest.
    Yes,
    /// No deal makes actions 1..=k honest, and k is the smallest such.
    No(usize),
    /// The line (1-based, counting blank lines) breaks the public rules or is not an action.
    RuleError { line: usize, why: String },
}

impl Outcome {
    /// The contract's text, for the verdicts.
    pub fn contract(&self) -> Option<String> {
        match self {
            Outcome::Yes => Some("yes\n".into()),
            Outcome::No(k) => Some(format!("no\n{k}\n")),
            Outcome::RuleError { .. } => None,
        }
    }
}

/// A log judged action by action, with the public state and the hidden states after each.
pub struct Run {
    pub variant: Variant,
    pub outcome: Outcome,
    /// The actions judged (up to the verdict's action, or before the rule error).
    pub acts: Vec<Act>,
    pub events: Vec<Event>,
    /// The 1-based line of each judged action.
    pub lines: Vec<usize>,
    /// `tables[i]`, `states[i]`: after `i` actions (`states[0]` is every deal).
    pub tables: Vec<Table>,
    pub states: Vec<HashSet<State>>,
    /// Per judged action: the rank of the card drawn there, when the seat judged as knows it
    /// (its own unseen draws; always `None` for a watcher).
    pub known: Vec<Option<usize>>,
}

/// What the seat knows of the game besides the log: its dealt hand (a count per rank) and the
/// rank of each of its unseen draws, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub player: usize,
    pub hand: Vec<u8>,
    pub draws: Vec<usize>,
}

/// Judges `log` for a watcher.
pub fn judge(log: &str, variant: &Variant) -> Run {
    judge_as(log, variant, None)
}

/// Judges `log` as a watcher, or as `seat` (the deals are then those that give it its hand,
/// and its unseen draws are the ranks it saw).
pub fn judge_as(log: &str, variant: &Variant, seat: Option<&Seat>) -> Run {
    let mut table = Table::new(*variant);
    let mut states: HashSet<State> = hidden::deals(variant)
        .into_iter()
        .filter(|state| {
            seat.is_none_or(|seat| {
                let r = variant.ranks;
                state[seat.player * r..(seat.player + 1) * r] == seat.hand[..]
            })
        })
        .collect();
    let mut run = Run {
        variant: *variant,
        outcome: Outcome::Yes,
        acts: Vec::new(),
        events: Vec::new(),
        lines: Vec::new(),
        tables: vec![table.clone()],
        states: Vec::new(),
        known: Vec::new(),
    };
    let mut seat_draws = seat.map(|seat| seat.draws.iter().copied());
    for (index, line) in log.lines().enumerate() {
        let number = index + 1;
        let act = match notation::read(line, variant) {
            Ok(None) => continue,
            Ok(Some(act)) => act,
            Err(e) => {
                run.outcome = Outcome::RuleError {
                    line: number,
                    why: e.0,
                };
                break;
            }
        };
        let booked = table.booked.clone();
        let event = match table.apply(act) {
            Ok(event) => event,
            Err(why) => {
                run.outcome = Outcome::RuleError { line: number, why };
                break;
            }
        };
        let known = match (event, seat, seat_draws.as_mut()) {
            (
                Event::EmptyDraw { x }
                | Event::FishDraw {
                    x, shown: false, ..
                },
                Some(seat),
                Some(draws),
            ) if x == seat.player => {
                // A seat without a record of this draw knows nothing of it (an empty record).
                Some(draws.next().unwrap_or(usize::MAX))
            }
            _ => None,
        };
        let known = known.filter(|&d| d != usize::MAX);
        let next = hidden::step(&states, variant, &booked, event, known);
        run.known.push(known);
        run.states.push(std::mem::replace(&mut states, next));
        run.acts.push(act);
        run.events.push(event);
        run.lines.push(number);
        run.tables.push(table.clone());
        if states.is_empty() {
            run.outcome = Outcome::No(run.acts.len());
            break;
        }
    }
    run.states.push(states);
    run
}

/// The least and the most cards of a kind.
pub type Range = (usize, usize);

/// The range (least, most) of a count over a set of states.
fn range(states: &HashSet<State>, count: impl Fn(&State) -> usize) -> Option<(usize, usize)> {
    states.iter().map(count).fold(None, |acc, n| match acc {
        None => Some((n, n)),
        Some((lo, hi)) => Some((lo.min(n), hi.max(n))),
    })
}

impl Run {
    /// The actions judged that every deal of the verdict leaves honest: all of them for `yes`,
    /// `k - 1` for `no k`.
    pub fn fitting(&self) -> usize {
        match self.outcome {
            Outcome::No(k) => k - 1,
            _ => self.acts.len(),
        }
    }

    /// What a watcher knows after `after` actions (`after <= fitting()`): for each player and
    /// rank, the least and most cards of it in hand, then for each rank the stock's.
    pub fn knowledge(&self, after: usize) -> (Vec<Vec<Range>>, Vec<Range>) {
        let v = &self.variant;
        let states = &self.states[after];
        let booked = &self.tables[after].booked;
        let hands = (0..v.players)
            .map(|p| {
                (0..v.ranks)
                    .map(|r| range(states, |s| usize::from(s[p * v.ranks + r])).expect("a state"))
                    .collect()
            })
            .collect();
        let stock = (0..v.ranks)
            .map(|r| range(states, |s| hidden::in_stock(s, v, booked, r)).expect("a state"))
            .collect();
        (hands, stock)
    }
}

/// Every action the public rules allow next (a book, an ask, a draw), in a fixed order.
pub fn legal_acts(table: &Table) -> Vec<Act> {
    let v = table.variant;
    let mut acts = Vec::new();
    for x in 0..v.players {
        for r in 0..v.ranks {
            acts.push(Act::Book { x, r });
            for y in 0..v.players {
                for k in 0..=3 {
                    acts.push(Act::Ask { x, y, r, k });
                }
            }
        }
        acts.push(Act::Draw { x, shown: None });
        for r in 0..v.ranks {
            acts.push(Act::Draw { x, shown: Some(r) });
        }
    }
    acts.retain(|&act| table.clone().apply(act).is_ok());
    acts
}

/// The public rules alone (no hidden state): every action's event, or the first rule error.
pub fn public_events(log: &str, variant: &Variant) -> Result<Vec<Event>, Outcome> {
    let mut table = Table::new(*variant);
    let mut events = Vec::new();
    for (index, line) in log.lines().enumerate() {
        let error = |why| Outcome::RuleError {
            line: index + 1,
            why,
        };
        match notation::read(line, variant) {
            Ok(None) => {}
            Ok(Some(act)) => events.push(table.apply(act).map_err(error)?),
            Err(e) => return Err(error(e.0)),
        }
    }
    Ok(events)
}

/// A whole deal (hands, stock order) as the oracle's replay takes it, from each player's dealt
/// ranks and the stock's ranks from the top.
pub fn deal_of(variant: &Variant, hands: &[Vec<u8>], stock: &[u8]) -> literal::Deal {
    let mut counts = vec![vec![0u8; variant.ranks]; variant.players];
    for (p, hand) in hands.iter().enumerate() {
        for &r in hand {
            counts[p][usize::from(r)] += 1;
        }
    }
    literal::Deal {
        hands: counts,
        stock: stock.iter().map(|&r| usize::from(r)).collect(),
    }
}

impl Run {
    /// Whether some deal fits actions `1..=upto` believing only the claims `believe` accepts
    /// (by 0-based action index); what everybody saw always holds, and so does what the seat
    /// judged as knows (its hand, its draws).
    pub fn fits_believing(
        &self,
        upto: usize,
        believe: &dyn Fn(usize, hidden::Claim) -> bool,
    ) -> bool {
        let mut states = self.states[0].clone();
        for (i, &event) in self.events[..upto].iter().enumerate() {
            let booked = &self.tables[i].booked;
            let known = self.known[i];
            states = hidden::step_believing(&states, &self.variant, booked, event, known, &|c| {
                believe(i, c)
            });
            if states.is_empty() {
                return false;
            }
        }
        true
    }
}
