//! Every hidden state an honest game can be in, after each action.
//!
//! A hidden state is the count of every rank in every hand (`players x ranks` numbers); the
//! stock's content is what the hands and books leave of each rank's four cards. The stock's
//! order is chosen one card at a time, at each draw, among the ranks left in it: every order of
//! the stock is one path of choices, and every path is an order, so the states reached are
//! exactly those of every deal and stock order under which every action so far is honest.

use std::collections::HashSet;

use super::table::Event;
use super::Variant;

/// A hidden state: `counts[p * ranks + r]` cards of rank `r` in hand `p`.
pub type State = Vec<u8>;

/// Every deal of the hands: each hand holds `hand` cards, no rank more than four in all.
pub fn deals(variant: &Variant) -> Vec<State> {
    fn fill(
        variant: &Variant,
        cell: usize,
        left_in_hand: usize,
        state: &mut State,
        out: &mut Vec<State>,
    ) {
        let (players, ranks) = (variant.players, variant.ranks);
        if cell == players * ranks {
            out.push(state.clone());
            return;
        }
        let (p, r) = (cell / ranks, cell % ranks);
        let used: usize = (0..p).map(|q| usize::from(state[q * ranks + r])).sum();
        let last = r + 1 == ranks;
        for n in 0..=(4 - used).min(left_in_hand) {
            if last && n != left_in_hand {
                continue;
            }
            state[cell] = n as u8;
            let left = if last { variant.hand } else { left_in_hand - n };
            fill(variant, cell + 1, left, state, out);
        }
        state[cell] = 0;
    }
    let mut out = Vec::new();
    let mut state = vec![0; variant.players * variant.ranks];
    fill(variant, 0, variant.hand, &mut state, &mut out);
    out
}

/// How many cards of rank `r` are in the stock in `state`, given which ranks are booked.
pub fn in_stock(state: &[u8], variant: &Variant, booked: &[bool], r: usize) -> usize {
    if booked[r] {
        return 0;
    }
    let held: usize = (0..variant.players)
        .map(|p| usize::from(state[p * variant.ranks + r]))
        .sum();
    4 - held
}

/// Whether some player holds four of a rank (and how many such holdings there are).
fn fours(state: &[u8], variant: &Variant) -> Vec<(usize, usize)> {
    let ranks = variant.ranks;
    state
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n == 4)
        .map(|(i, _)| (i / ranks, i % ranks))
        .collect()
}

/// A claim an action makes about a player's own cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// The asker holds the rank.
    Ask(usize),
    /// The asked player holds no more of the rank than handed over.
    Answer(usize),
    /// An unseen draw after "Go fish" is not of the rank asked for.
    Catch(usize),
    /// A player who held four of a rank (player, rank) laid them as this action.
    Book(usize, usize),
}

/// The states after an honest `event` from any of `states`. `booked` is the books before it.
/// `known_draw`: the seat's own draws, when the rank drawn is known to the viewer.
pub fn step(
    states: &HashSet<State>,
    variant: &Variant,
    booked: &[bool],
    event: Event,
    known_draw: Option<usize>,
) -> HashSet<State> {
    step_believing(states, variant, booked, event, known_draw, &|_| true)
}

/// [`step`] believing only the claims `believe` accepts: what everybody saw (cards handed
/// over, shown draws, books, every hand's size) always holds.
pub fn step_believing(
    states: &HashSet<State>,
    variant: &Variant,
    booked: &[bool],
    event: Event,
    known_draw: Option<usize>,
    believe: &dyn Fn(Claim) -> bool,
) -> HashSet<State> {
    let ranks = variant.ranks;
    let mut next = HashSet::new();
    for state in states {
        // A player holding four of a rank lays it at once: the next action is that book (a
        // dealt one before the first action that is not a book, in any order).
        let four = fours(state, variant);
        if !four.is_empty() {
            let ok = match event {
                Event::Book { x, r, opening } => {
                    four.contains(&(x, r)) && (opening || four.len() == 1)
                }
                _ => false,
            };
            let laying = |p, r| matches!(event, Event::Book { x, r: b, .. } if (x, b) == (p, r));
            let excused = four
                .iter()
                .all(|&(p, r)| laying(p, r) || !believe(Claim::Book(p, r)));
            if !ok && !excused {
                continue;
            }
        }
        match event {
            Event::Book { x, r, .. } => {
                if state[x * ranks + r] == 4 {
                    let mut s = state.clone();
                    s[x * ranks + r] = 0;
                    next.insert(s);
                }
            }
            Event::Ask { x, y, r, k } => {
                let asks = state[x * ranks + r] >= 1 || !believe(Claim::Ask(x));
                let held = usize::from(state[y * ranks + r]);
                let answers = held == k || (held > k && !believe(Claim::Answer(y)));
                if asks && answers {
                    let mut s = state.clone();
                    s[x * ranks + r] += k as u8;
                    s[y * ranks + r] -= k as u8;
                    next.insert(s);
                }
            }
            Event::EmptyDraw { x } | Event::FishDraw { x, .. } => {
                for d in 0..ranks {
                    let allowed = match event {
                        Event::FishDraw { asked, shown, x } => {
                            (d == asked) == shown || (!shown && !believe(Claim::Catch(x)))
                        }
                        _ => true,
                    };
                    if !allowed || known_draw.is_some_and(|known| known != d) {
                        continue;
                    }
                    if in_stock(state, variant, booked, d) > 0 {
                        let mut s = state.clone();
                        s[x * ranks + d] += 1;
                        next.insert(s);
                    }
                }
            }
        }
    }
    next
}
