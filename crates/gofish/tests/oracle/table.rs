//! The public rules, as a watcher applies them: hand sizes, the stock's size, books, whose turn
//! it is and what they must do. Nothing here depends on which cards are where.

use super::notation::Act;
use super::Variant;

/// What the public rules expect next (besides a book by the player who just got cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// The player on turn asks.
    Ask(usize),
    /// The player on turn has an empty hand and draws (unseen).
    EmptyDraw(usize),
    /// After a "Go fish" to `asker` for rank `rank`, `asker` draws.
    FishDraw {
        asker: usize,
        asked: usize,
        rank: usize,
    },
    /// The game is over.
    Over,
}

/// What an accepted action was, for the hidden layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A book; `opening` when no other kind of action came before it.
    Book { x: usize, r: usize, opening: bool },
    /// An ask, answered with `k` cards (0: "Go fish").
    Ask {
        x: usize,
        y: usize,
        r: usize,
        k: usize,
    },
    /// A draw into an empty hand, at the start of a turn or when a turn goes on: any rank.
    EmptyDraw { x: usize },
    /// The draw after a "Go fish" for `asked`: shown (of that rank) or not (another rank).
    FishDraw { x: usize, asked: usize, shown: bool },
}

/// The public state of a game.
#[derive(Clone, Debug)]
pub struct Table {
    pub variant: Variant,
    /// Cards in each hand.
    pub sizes: Vec<usize>,
    pub stock: usize,
    pub booked: Vec<bool>,
    pub books: usize,
    /// The player whose turn it is (or was, when the turn is still to be settled).
    turn: usize,
    /// A "Go fish" to this asker for this rank, from this player: the draw is due.
    fish: Option<(usize, usize, usize)>,
    /// No action but books so far.
    opening: bool,
    /// The player the last action gave cards: they may lay a book next.
    receiver: Option<usize>,
}

impl Table {
    pub fn new(variant: Variant) -> Table {
        let Variant {
            players,
            ranks,
            hand,
            ..
        } = variant;
        Table {
            variant,
            sizes: vec![hand; players],
            stock: 4 * ranks - players * hand,
            booked: vec![false; ranks],
            books: 0,
            turn: 0,
            fish: None,
            opening: true,
            receiver: None,
        }
    }

    /// The next player after `from` in the order 1-2-..-P-1 who is still in the game (holds a
    /// card, or the stock is not empty); `from` itself last.
    fn next_in_game(&self, from: usize) -> Option<usize> {
        let players = self.variant.players;
        (1..=players)
            .map(|step| (from + step) % players)
            .find(|&q| self.sizes[q] > 0 || self.stock > 0)
    }

    /// What is due now, passing the turn as the rules say (a player out, a lone holder).
    pub fn due(&mut self) -> Due {
        if let Some((asker, asked, rank)) = self.fish {
            return Due::FishDraw { asker, asked, rank };
        }
        loop {
            if self.books == self.variant.ranks {
                return Due::Over;
            }
            let t = self.turn;
            if self.sizes[t] == 0 {
                if self.stock > 0 {
                    return Due::EmptyDraw(t);
                }
                match self.next_in_game(t) {
                    Some(q) => self.turn = q,
                    None => return Due::Over,
                }
                continue;
            }
            let others = (0..self.variant.players).any(|q| q != t && self.sizes[q] > 0);
            if !others {
                if self.stock == 0 {
                    return Due::Over;
                }
                match self.next_in_game(t) {
                    Some(q) => self.turn = q,
                    None => return Due::Over,
                }
                continue;
            }
            return Due::Ask(t);
        }
    }

    /// The turn passes after a "Go fish" without a catch.
    fn pass_after_fish(&mut self, asker: usize, asked: usize) {
        self.turn = if self.variant.fish_to_asked {
            asked
        } else {
            self.next_in_game(asker).unwrap_or(asker)
        };
    }

    /// Applies `act` if the public rules allow it; otherwise says what was expected.
    pub fn apply(&mut self, act: Act) -> Result<Event, String> {
        if let Act::Book { x, r } = act {
            if !(self.opening || self.receiver == Some(x)) {
                return Err(
                    "a book only at the start or right after an action that gave cards".into(),
                );
            }
            if self.sizes[x] < 4 {
                return Err("a book needs four cards in hand".into());
            }
            if self.booked[r] {
                return Err("that rank is booked already".into());
            }
            self.sizes[x] -= 4;
            self.booked[r] = true;
            self.books += 1;
            self.receiver = None;
            return Ok(Event::Book {
                x,
                r,
                opening: self.opening,
            });
        }
        let due = self.due();
        let event = match (due, act) {
            (Due::Over, _) => return Err("nothing: the game is over".into()),
            (Due::Ask(t), Act::Ask { x, y, r, k }) => {
                if x != t {
                    return Err(format!("player {} to act", t + 1));
                }
                if y == x {
                    return Err("asking another player".into());
                }
                if self.sizes[y] == 0 {
                    return Err("asking a player who holds cards".into());
                }
                if self.booked[r] {
                    return Err("a rank not booked".into());
                }
                if k > self.sizes[y] {
                    return Err("no more cards than the asked hand holds".into());
                }
                self.sizes[x] += k;
                self.sizes[y] -= k;
                if k > 0 {
                    self.receiver = Some(x);
                } else if self.stock > 0 {
                    self.fish = Some((x, y, r));
                    self.receiver = None;
                } else {
                    self.receiver = None;
                    self.pass_after_fish(x, y);
                }
                Event::Ask { x, y, r, k }
            }
            (Due::EmptyDraw(t), Act::Draw { x, shown: None }) if x == t => {
                self.sizes[x] += 1;
                self.stock -= 1;
                self.receiver = Some(x);
                Event::EmptyDraw { x }
            }
            (Due::FishDraw { asker, asked, rank }, Act::Draw { x, shown }) if x == asker => {
                if shown.is_some_and(|s| s != rank) {
                    return Err("a shown draw only of the rank just asked for".into());
                }
                self.sizes[x] += 1;
                self.stock -= 1;
                self.fish = None;
                self.receiver = Some(x);
                if shown.is_none() {
                    self.pass_after_fish(x, asked);
                }
                Event::FishDraw {
                    x,
                    asked: rank,
                    shown: shown.is_some(),
                }
            }
            (due, _) => return Err(format!("{due:?}")),
        };
        self.opening = false;
        Ok(event)
    }
}
