//! The true-deal replay: the log played on the deal that was really made (the hands and the
//! stock's order), naming every false claim and every action the cards make impossible, at
//! its action.

use fairplay_core::LogError;
use fairplay_text::Lines;

use crate::action::{Action, Answer};
use crate::game::rule_error;
use crate::notation::{parse_action, parse_rank};
use crate::rules::{Rank, Rules, CARDS_PER_RANK, MAX_RANKS};
use crate::{Referee, Verdict};

/// The deal that was really made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueDeal {
    hands: Vec<[u8; MAX_RANKS]>,
    stock: Vec<Rank>,
}

/// Why a deal is not one of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A line or field that is not a hand or the stock.
    #[error("{0}")]
    Syntax(String),
    /// A rank the game does not have.
    #[error("`{0}` is not a rank of this game")]
    Rank(String),
    /// A hand of the wrong size.
    #[error("player {player} is dealt {cards} cards, but each player is dealt {hand}")]
    HandSize {
        /// The player.
        player: usize,
        /// Cards given.
        cards: usize,
        /// Cards dealt to each player.
        hand: usize,
    },
    /// Hands given for the wrong players.
    #[error("the deal gives {given} hands for {players} players")]
    Hands {
        /// Hands given.
        given: usize,
        /// Players.
        players: usize,
    },
    /// A stock of the wrong size.
    #[error("the stock holds {cards} cards, but {stock} are left after the deal")]
    StockSize {
        /// Cards given.
        cards: usize,
        /// Cards left after the deal.
        stock: usize,
    },
    /// A rank with other than four cards.
    #[error("the deal holds {cards} cards of rank {rank}, not four")]
    NotFour {
        /// The rank.
        rank: Rank,
        /// Cards of it.
        cards: usize,
    },
}

impl TrueDeal {
    /// A deal of `hands` (player 1 first) and `stock` (from the top), as rank names.
    pub fn new<S: AsRef<str>>(
        rules: &Rules,
        hands: &[Vec<S>],
        stock: &[S],
    ) -> Result<TrueDeal, DealError> {
        let rank = |name: &str| {
            parse_rank(name.as_bytes())
                .and_then(|r| r.0.checked_sub(1))
                .and_then(|i| rules.rank(i as usize))
                .ok_or_else(|| DealError::Rank(name.to_string()))
        };
        if hands.len() != rules.players() {
            return Err(DealError::Hands {
                given: hands.len(),
                players: rules.players(),
            });
        }
        let mut total = [0usize; MAX_RANKS];
        let mut counted = Vec::with_capacity(hands.len());
        for (i, hand) in hands.iter().enumerate() {
            if hand.len() != rules.hand() {
                return Err(DealError::HandSize {
                    player: i + 1,
                    cards: hand.len(),
                    hand: rules.hand(),
                });
            }
            let mut counts = [0u8; MAX_RANKS];
            for name in hand {
                let r = rank(name.as_ref())?;
                counts[r.index()] += 1;
                total[r.index()] += 1;
            }
            counted.push(counts);
        }
        if stock.len() != rules.stock() {
            return Err(DealError::StockSize {
                cards: stock.len(),
                stock: rules.stock(),
            });
        }
        let stock: Vec<Rank> = stock
            .iter()
            .map(|n| rank(n.as_ref()))
            .collect::<Result<_, _>>()?;
        for r in &stock {
            total[r.index()] += 1;
        }
        for r in rules.all_ranks() {
            if total[r.index()] != CARDS_PER_RANK {
                return Err(DealError::NotFour {
                    rank: r,
                    cards: total[r.index()],
                });
            }
        }
        Ok(TrueDeal {
            hands: counted,
            stock,
        })
    }

    /// A deal as `--deal` prints it: `player N: A A 3` lines and `stock, from the top: ...`
    /// (the word `nothing` or `empty` for none); other lines are skipped.
    ///
    /// ```
    /// use fairplay_gofish::{truth::TrueDeal, FishTurn, Rules};
    /// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
    /// let text = "player 1: A A 3\nplayer 2: 2 2 3\nstock, from the top: 3 A A 2 2 3\n";
    /// assert!(TrueDeal::parse(&rules, text).is_ok());
    /// ```
    pub fn parse(rules: &Rules, text: &str) -> Result<TrueDeal, DealError> {
        fn words(rest: &str) -> Vec<&str> {
            rest.split_whitespace()
                .filter(|w| !matches!(*w, "nothing" | "empty"))
                .collect()
        }
        let mut hands: Vec<Vec<&str>> = Vec::new();
        let mut stock = None;
        for line in text.lines() {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("stock, from the top:") {
                stock = Some(words(rest));
            } else if let Some(rest) = line.strip_prefix("player ") {
                let (number, cards) = rest.split_once(':').ok_or_else(|| {
                    DealError::Syntax(format!("expected `player N: ranks`, found `{line}`"))
                })?;
                let number: usize = number.trim().parse().map_err(|_| {
                    DealError::Syntax(format!("expected a player number, found `{number}`"))
                })?;
                if number != hands.len() + 1 {
                    return Err(DealError::Syntax(format!(
                        "expected the hand of player {}, found player {number}",
                        hands.len() + 1
                    )));
                }
                hands.push(words(cards));
            }
        }
        let stock = stock.ok_or_else(|| {
            DealError::Syntax("expected a line `stock, from the top: ...`".to_string())
        })?;
        TrueDeal::new(rules, &hands, &stock)
    }
}

/// What one action did wrong with the true deal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Wrong {
    /// The 1-based action.
    pub action: usize,
    /// Its line.
    pub line: usize,
    /// The action as written.
    pub text: String,
    /// A false claim (`true`), or an action the cards make impossible (`false`).
    pub lie: bool,
    /// What was wrong, in plain words.
    pub what: String,
}

/// The log replayed on its true deal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Replay {
    /// Every false claim and impossible action, in order.
    pub wrong: Vec<Wrong>,
    /// The action after which a watcher can prove cheating, if one can.
    pub proved: Option<usize>,
}

/// Replays `log` on `deal`: the rules are checked as when judging (a rule error is an error).
///
/// ```
/// use fairplay_gofish::{truth::{replay, TrueDeal}, FishTurn, Rules};
/// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// let deal = TrueDeal::parse(&rules, "player 1: A A 3\nplayer 2: A 2 2\nstock, from the top: 3 A 2 2 3 3\n").unwrap();
/// let replayed = replay(b"1 A 2 A fish\n1 D\n", &rules, &deal).unwrap();
/// assert_eq!(replayed.wrong[0].what, "player 2 says \"Go fish\" while holding 1 of rank A");
/// ```
pub fn replay(log: &[u8], rules: &Rules, deal: &TrueDeal) -> Result<Replay, LogError> {
    let mut replaying = Replaying::new(rules, deal);
    let mut lines = Lines::new(log);
    while let Some(line) = lines.next_line() {
        replaying.step(line, lines.number())?;
    }
    Ok(replaying.finish())
}

/// [`replay`] as the log is read, line by line ([`Replaying::step`]): memory holds the real
/// hands, the referee's state and what was found wrong ([`Replaying::held`]), not the log.
///
/// ```
/// use fairplay_gofish::{truth::{replay, Replaying, TrueDeal}, FishTurn, Rules};
/// let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
/// let deal = TrueDeal::parse(&rules, "player 1: A A 3\nplayer 2: A 2 2\nstock, from the top: 3 A 2 2 3 3\n").unwrap();
/// let mut replaying = Replaying::new(&rules, &deal);
/// replaying.step(b"1 A 2 A fish", 1).unwrap();
/// replaying.step(b"1 D", 2).unwrap();
/// assert_eq!(replaying.finish(), replay(b"1 A 2 A fish\n1 D\n", &rules, &deal).unwrap());
/// ```
#[derive(Clone, Debug)]
pub struct Replaying {
    rules: Rules,
    referee: Referee,
    /// The cards really in each hand, per rank.
    held: Vec<[u8; MAX_RANKS]>,
    stock: Vec<Rank>,
    /// The next card of the stock.
    top: usize,
    wrong: Vec<Wrong>,
    /// The bytes the strings of `wrong` hold, about.
    bytes: usize,
    actions: usize,
    /// Whether only books were laid so far (the dealt fours).
    opening: bool,
    /// The rank just asked for, when the answer was "Go fish".
    fished: Option<Rank>,
    /// Per player: the ranks whose unlaid four was already named.
    told: Vec<u16>,
}

impl Replaying {
    /// A replay at the start of the game played by `rules`, dealt as `deal`.
    pub fn new(rules: &Rules, deal: &TrueDeal) -> Replaying {
        Replaying {
            rules: *rules,
            referee: Referee::new(*rules),
            held: deal.hands.clone(),
            stock: deal.stock.clone(),
            top: 0,
            wrong: Vec::new(),
            bytes: 0,
            actions: 0,
            opening: true,
            fished: None,
            told: vec![0u16; rules.players()],
        }
    }

    /// Replays line `number` of the log (a blank line is skipped); an error for a line that
    /// is not an action or breaks a rule.
    pub fn step(&mut self, line: &[u8], number: usize) -> Result<(), LogError> {
        let rules = self.rules;
        let Some(raw) = parse_action(line, number)? else {
            return Ok(());
        };
        self.actions += 1;
        let actions = self.actions;
        let action = rules
            .check(raw)
            .map_err(|e| rule_error(e.into(), number, actions))?;
        self.referee
            .apply(action)
            .map_err(|e| rule_error(e, number, actions))?;
        let (held, told, wrong, bytes) = (
            &mut self.held,
            &mut self.told,
            &mut self.wrong,
            &mut self.bytes,
        );
        let mut note = |lie: bool, what: String| {
            let text = action.to_string();
            // Each string is an allocation of its capacity, and a few words of the allocator's.
            *bytes += text.capacity() + what.capacity() + 32;
            wrong.push(Wrong {
                action: actions,
                line: number,
                text,
                lie,
                what,
            })
        };
        let is_book = matches!(action, Action::Book { .. });
        // Fours not laid: owed by the very next action (dealt ones: before the first other).
        if !(self.opening && is_book) {
            for p in rules.all_players() {
                for r in rules.all_ranks() {
                    let booking = action == Action::Book { player: p, rank: r };
                    let four = held[p.index()][r.index()] == 4;
                    let bit = 1u16 << r.index();
                    if !four {
                        told[p.index()] &= !bit;
                    }
                    // Told once: holding on to the four is the same lie.
                    if four && !booking && told[p.index()] & bit == 0 {
                        told[p.index()] |= bit;
                        let when = if self.opening { "was dealt" } else { "holds" };
                        note(
                        true,
                        format!("player {p} {when} all four cards of rank {r} but does not lay the book"),
                    );
                    }
                }
            }
        }
        if !is_book {
            self.opening = false;
        }
        let was_fish = self.fished.take();
        match action {
            Action::Ask {
                asker,
                target,
                rank,
                answer,
            } => {
                let said = match answer {
                    Answer::Fish => 0,
                    Answer::Cards(k) => k,
                };
                let (a, t, r) = (asker.index(), target.index(), rank.index());
                if held[a][r] == 0 {
                    note(
                        true,
                        format!("player {asker} asks for rank {rank} while holding none"),
                    );
                }
                let has = held[t][r];
                if has > said {
                    let what = match answer {
                        Answer::Fish => format!(
                            "player {target} says \"Go fish\" while holding {has} of rank {rank}"
                        ),
                        Answer::Cards(k) => format!(
                            "player {target} hands over {k} of rank {rank} while holding {has}"
                        ),
                    };
                    note(true, what);
                } else if has < said {
                    note(
                        false,
                        format!(
                            "player {target} hands over {said} of rank {rank} but holds only {has}"
                        ),
                    );
                }
                let moved = said.min(has);
                held[t][r] -= moved;
                held[a][r] += moved;
                if said == 0 {
                    self.fished = Some(rank);
                }
            }
            Action::Draw { player, shown } => {
                let card = self.stock.get(self.top).copied();
                self.top += 1;
                let Some(card) = card else { return Ok(()) };
                match shown {
                Some(rank) if rank != card => note(
                    false,
                    format!("player {player} shows a drawn {rank}, but the card drawn is {card}"),
                ),
                None if was_fish == Some(card) => note(
                    true,
                    format!("player {player} keeps the drawn {card} unseen, the rank just asked for"),
                ),
                _ => {}
            }
                held[player.index()][card.index()] += 1;
            }
            Action::Book { player, rank } => {
                let h = &mut held[player.index()][rank.index()];
                if *h < 4 {
                    note(
                        false,
                        format!(
                            "player {player} lays down the book of {rank}, but holds {h} of it"
                        ),
                    );
                }
                *h = 0;
            }
        }
        Ok(())
    }

    /// The bytes of what was found wrong so far, about (the rest is fixed by the rules).
    pub fn held(&self) -> usize {
        self.bytes + self.wrong.capacity() * std::mem::size_of::<Wrong>()
    }

    /// The replay of the lines stepped: what [`replay`] gives on the whole log.
    pub fn finish(self) -> Replay {
        let proved = match self.referee.verdict() {
            Verdict::Honest => None,
            Verdict::Cheated { since } => Some(since),
        };
        Replay {
            wrong: self.wrong,
            proved,
        }
    }
}
