//! The true deal: who really lied, replaying a log on the cards that were really dealt.
//!
//! A dealer, or an online table that recorded the deal, knows every hand. Then nothing is
//! left to infer: [`replay`] follows the real cards action by action and checks every claim
//! literally (an ask is false when the asker holds no card of the set, a "no" when the asked
//! player holds the card) and every card that changes hands (handed over or laid aside by a
//! player who does not hold it: physically impossible). For each false claim it also says
//! whether, and after which action, a watcher could prove that very claim false: the first
//! action after which what everybody saw, with that claim believed and no other, leaves no
//! deal (decided by the exact [`Referee`], believing that one claim).

use crate::action::Action;
use crate::explain::{Claim, ClaimKind};
use crate::notation::{LogReader, RawAction};
use crate::referee::{Reason, Referee, RuleError, Trust};
use crate::rules::{Card, Player, Rules};
use crate::seat::{parse_card, HandError};
use crate::LogError;

/// In [`Table::holder`]: laid aside.
const OUT: u8 = u8::MAX;
/// The turn once nobody has cards left.
const NOBODY: u8 = u8::MAX;

/// Why a text is not a deal of the game. Lines are 1-based; 0 when the problem is on no line
/// (a hand missing, or a deal given as data).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A line that is not a hand.
    #[error("line {line}: expected `player N: CARD CARD ...`, found `{found}`")]
    NotAHand {
        /// The line.
        line: usize,
        /// What it holds (shortened).
        found: String,
    },
    /// A player the game does not have, or a card that is not one of its cards.
    #[error("{}{error}", at(*line))]
    Hand {
        /// The line.
        line: usize,
        /// What is wrong.
        error: HandError,
    },
    /// Two hands for one player.
    #[error("{}a second hand for player {player}", at(*line))]
    PlayerTwice {
        /// The line of the second hand.
        line: usize,
        /// The player.
        player: Player,
    },
    /// A card in two players' hands.
    #[error("{}{card} is in the hands of player {first} and player {second}", at(*line))]
    CardTwice {
        /// The line of the second hand.
        line: usize,
        /// The card.
        card: Card,
        /// The first player it was given to.
        first: Player,
        /// The second.
        second: Player,
    },
    /// No hand for a player.
    #[error("no hand for player {0}")]
    Missing(Player),
}

/// `line N: `, or nothing for line 0 (a deal given as data).
fn at(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!("line {line}: ")
    }
}

impl DealError {
    /// The 1-based line the error is on, 0 for none.
    pub fn line(&self) -> usize {
        match *self {
            DealError::NotAHand { line, .. }
            | DealError::Hand { line, .. }
            | DealError::PlayerTwice { line, .. }
            | DealError::CardTwice { line, .. } => line,
            DealError::Missing(_) => 0,
        }
    }
}

/// Every player's dealt hand: who was dealt each card.
///
/// ```
/// use fairplay_quartets::truth::TrueDeal;
/// use fairplay_quartets::Rules;
/// let rules = Rules::builder().players(2).sets(2).cards_per_set(2).build().unwrap();
/// let deal = TrueDeal::parse(&rules, "player 1: 1A 2B\nplayer 2: 1B 2A\n").unwrap();
/// assert_eq!(deal.to_string(), "  player 1: 1A 2B\n  player 2: 1B 2A\n");
/// let error = TrueDeal::parse(&rules, "player 1: 1A 2B\nplayer 2: 1A 2A\n").unwrap_err();
/// assert_eq!(error.to_string(), "line 2: 1A is in the hands of player 1 and player 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueDeal {
    rules: Rules,
    /// The player dealt each card, by [`Rules::card_index`].
    owners: Vec<Player>,
}

impl TrueDeal {
    /// The deal of `hands`: for each player (1-based) the cards as written, with the line they
    /// come from (0 when none). Every player once, every card once, as many as the rules deal.
    pub fn from_hands<'a>(
        rules: &Rules,
        hands: impl IntoIterator<Item = (usize, u32, Vec<&'a str>)>,
    ) -> Result<TrueDeal, DealError> {
        const NONE: u8 = u8::MAX;
        let mut owner = vec![NONE; rules.deck_size()];
        let mut seen = vec![false; rules.players()];
        for (line, number, cards) in hands {
            let player = rules.player(number).ok_or(DealError::Hand {
                line,
                error: HandError::NoSuchSeat {
                    seat: number,
                    players: rules.players(),
                },
            })?;
            if std::mem::replace(&mut seen[player.index()], true) {
                return Err(DealError::PlayerTwice { line, player });
            }
            for text in &cards {
                let card =
                    parse_card(rules, text).map_err(|error| DealError::Hand { line, error })?;
                let slot = &mut owner[rules.card_index(card)];
                match *slot {
                    NONE => *slot = player.0,
                    p if p == player.0 => {
                        return Err(DealError::Hand {
                            line,
                            error: HandError::Twice(card),
                        })
                    }
                    p => {
                        return Err(DealError::CardTwice {
                            line,
                            card,
                            first: Player(p),
                            second: player,
                        })
                    }
                }
            }
            let dealt = rules.hand_size(player);
            if cards.len() != dealt as usize {
                return Err(DealError::Hand {
                    line,
                    error: HandError::WrongSize {
                        seat: player,
                        dealt,
                        given: cards.len(),
                    },
                });
            }
        }
        if let Some(p) = seen.iter().position(|&s| !s) {
            return Err(DealError::Missing(Player(p as u8)));
        }
        // Every player's hand has its size and no card is twice: every card is dealt.
        Ok(TrueDeal {
            rules: rules.clone(),
            owners: owner.into_iter().map(Player).collect(),
        })
    }

    /// Reads a deal as `fairplay quartets --deal` prints it: one line `player N: CARD CARD
    /// ...` per player (leading spaces, blank lines, lines starting with `#`, and the lines
    /// `yes` and `A possible deal (every action honest):` that `--deal` prints before the
    /// hands, are skipped).
    pub fn parse(rules: &Rules, text: &str) -> Result<TrueDeal, DealError> {
        let mut hands = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let line = line.trim();
            if line.is_empty()
                || line.starts_with('#')
                || line == "yes"
                || line == "A possible deal (every action honest):"
            {
                continue;
            }
            let hand = line
                .strip_prefix("player")
                .and_then(|rest| rest.split_once(':'))
                .and_then(|(player, cards)| {
                    let player = player.trim();
                    let digits = !player.is_empty() && player.bytes().all(|b| b.is_ascii_digit());
                    let player = player.parse::<u32>().ok().filter(|_| digits)?;
                    Some((number, player, cards.split_whitespace().collect()))
                });
            match hand {
                Some(hand) => hands.push(hand),
                None => {
                    return Err(DealError::NotAHand {
                        line: number,
                        found: line.chars().take(60).collect(),
                    })
                }
            }
        }
        TrueDeal::from_hands(rules, hands)
    }

    /// The rules the deal was checked against.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The player dealt `card`.
    pub fn owner(&self, card: Card) -> Player {
        self.owners[self.rules.card_index(card)]
    }

    /// The cards dealt to `player`, in deck order.
    pub fn hand(&self, player: Player) -> Vec<Card> {
        self.rules
            .all_cards()
            .filter(|&c| self.owner(c) == player)
            .collect()
    }
}

impl std::fmt::Display for TrueDeal {
    /// The deal as `fairplay quartets --deal` prints its hands.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for player in self.rules.all_players() {
            write!(f, "  player {player}:")?;
            for card in self.hand(player) {
                write!(f, " {card}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A false claim of the log, and when a watcher could prove it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Lie {
    /// Who claimed what, at which action.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub claim: Claim,
    /// The first action after which a watcher could prove this claim false (what everybody
    /// saw up to it, with this claim believed, leaves no deal); `None` when the log never
    /// lets a watcher prove it.
    pub exposed: Option<usize>,
}

/// An action that could not have happened with the true deal: a card left the hand of a
/// player who did not hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
pub struct Impossible {
    /// The 1-based action.
    pub action: usize,
    /// The card.
    pub card: Card,
    /// Who handed it over, or laid its set aside.
    pub player: Player,
    /// Who really held it then.
    pub holder: Player,
}

/// What the true deal says about a log: see [`replay`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct Replay {
    /// Actions replayed: the log's, or those before [`Replay::broken`].
    pub actions: usize,
    /// The action that breaks a rule anyone can check (such as asking a player who does not
    /// exist), where the replay stopped; `None` when every action was replayed. A log whose
    /// verdict is certain before such an action is judged (the rest is not), so the replay
    /// stops there too.
    pub broken: Option<usize>,
    /// Every false claim, in the order of the log (an action may carry two: an ask without
    /// the set that is also falsely denied).
    pub lies: Vec<Lie>,
    /// Every action that was physically impossible with this deal, in order. The replay goes
    /// on after one, the card moving from where it really was.
    pub impossible: Vec<Impossible>,
}

/// The cards as they really are during a replay, and the public state the rules need.
#[derive(Clone, Debug)]
struct Table {
    rules: Rules,
    /// Who really holds each card, or [`OUT`].
    holder: Vec<u8>,
    /// Per `(player, set)`: cards of the set really in the player's hand.
    held: Vec<u32>,
    /// Cards in each hand as everybody counts them (they differ from the real ones only
    /// after a physically impossible action).
    counted: Vec<u32>,
    turn: u8,
}

impl Table {
    /// The table at the start of the game dealt as `deal`.
    fn new(deal: &TrueDeal) -> Table {
        let rules = &deal.rules;
        let sets = rules.sets();
        let mut table = Table {
            rules: rules.clone(),
            holder: deal.owners.iter().map(|p| p.0).collect(),
            held: vec![0; rules.players() * sets],
            counted: rules.hand_sizes().to_vec(),
            turn: NOBODY,
        };
        for (index, owner) in deal.owners.iter().enumerate() {
            table.held[owner.index() * sets + index / rules.cards_per_set()] += 1;
        }
        table.turn = table.next_with_cards(rules.players() - 1);
        table
    }

    fn next_with_cards(&self, after: usize) -> u8 {
        let n = self.rules.players();
        (1..=n)
            .map(|step| (after + step) % n)
            .find(|&p| self.counted[p] > 0)
            .map_or(NOBODY, |p| p as u8)
    }

    /// Whether `actor` may act now.
    fn on_turn(&self, actor: Player) -> Result<(), RuleError> {
        match self.turn {
            t if t == actor.0 => Ok(()),
            NOBODY => Err(RuleError::GameOver { actor }),
            t => Err(RuleError::OutOfTurn {
                actor,
                turn: Player(t),
            }),
        }
    }

    /// `card` leaves `from`'s hand as the log says; it goes to `to` (or out of the game).
    /// Returns who really held it, if that was not `from`.
    fn take(&mut self, index: usize, from: Player, to: u8) -> Option<Player> {
        let sets = self.rules.sets();
        let set = index / self.rules.cards_per_set();
        let real = self.holder[index];
        self.held[real as usize * sets + set] -= 1;
        if to != OUT {
            self.held[to as usize * sets + set] += 1;
        }
        self.holder[index] = to;
        (real != from.0).then_some(Player(real))
    }

    /// One action as written: its names and rule checks, then its claims and card moves
    /// against the real hands.
    #[inline(always)]
    fn act(&mut self, raw: RawAction, number: usize, replay: &mut Replay) -> Result<(), RuleError> {
        let sets = self.rules.sets();
        let action = self.rules.check(raw)?;
        match action {
            Action::Ask {
                asker,
                target,
                card,
                granted,
            } => {
                self.on_turn(asker)?;
                if asker == target {
                    return Err(RuleError::AsksSelf(asker));
                }
                if self.counted[target.index()] == 0 {
                    return Err(RuleError::AsksAbsent { asker, target });
                }
                let index = self.rules.card_index(card);
                if self.holder[index] == OUT {
                    return Err(RuleError::CardGone(card));
                }
                let claim = |kind, player| Lie {
                    claim: Claim {
                        action: number,
                        kind,
                        player,
                        card,
                    },
                    exposed: None,
                };
                if self.held[asker.index() * sets + card.set().index()] == 0 {
                    replay.lies.push(claim(ClaimKind::Ask, asker));
                }
                if !granted {
                    if self.holder[index] == target.0 {
                        replay.lies.push(claim(ClaimKind::Denial, target));
                    }
                    self.turn = target.0;
                    return Ok(());
                }
                if let Some(holder) = self.take(index, target, asker.0) {
                    replay.impossible.push(Impossible {
                        action: number,
                        card,
                        player: target,
                        holder,
                    });
                }
                self.counted[target.index()] -= 1;
                self.counted[asker.index()] += 1;
            }
            Action::LayAside { player, set } => {
                self.on_turn(player)?;
                let first = self.rules.card_index(Card {
                    set: set.0,
                    letter: 0,
                });
                if self.holder[first] == OUT {
                    return Err(RuleError::SetGone(set));
                }
                for index in first..first + self.rules.cards_per_set() {
                    if let Some(holder) = self.take(index, player, OUT) {
                        replay.impossible.push(Impossible {
                            action: number,
                            card: self.rules.card_at(index),
                            player,
                            holder,
                        });
                    }
                }
                let counted = &mut self.counted[player.index()];
                *counted = counted.saturating_sub(self.rules.cards_per_set() as u32);
                if *counted == 0 {
                    self.turn = self.next_with_cards(player.index());
                }
            }
        }
        Ok(())
    }
}

/// Replays a log literally on the true `deal`: every false claim (who, which action, which
/// claim) and every physically impossible action, in one pass; then, for each false claim,
/// whether and after which action a watcher could prove it (one run of the [`Referee`] per
/// false claim). Unlike [`audit`](crate::audit), every action is judged, also after cheating
/// is certain, up to the first action that breaks a rule anyone can check: the replay stops
/// there ([`Replay::broken`]; the audit reports it as an error unless cheating was certain
/// before it). A malformed log is an error.
///
/// ```
/// use fairplay_quartets::truth::{replay, TrueDeal};
/// use fairplay_quartets::Rules;
/// let rules = Rules::standard();
/// let deal = TrueDeal::parse(&rules, "\
/// player 1: 1A 1B 1C 1D 2A 2B 3B 5A
/// player 2: 2C 2D 3C 4A 4B 4C 4D 5C
/// player 3: 3A 5D 6A 6B 6C 6D 7A 7B
/// player 4: 3D 5B 7C 7D 8A 8B 8C 8D
/// ").unwrap();
/// let log = b"4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
/// let replay = replay(log, &deal).unwrap();
/// let lie = replay.lies[0]; // player 2 held 3C when they said no at action 1
/// assert_eq!((replay.lies.len(), lie.claim.action, lie.claim.player.number()), (1, 1, 2));
/// assert_eq!(lie.exposed, None); // a watcher never proves that one false
/// ```
pub fn replay(input: &[u8], deal: &TrueDeal) -> Result<Replay, LogError> {
    let rules = &deal.rules;
    let mut reader = LogReader::new(input)?;
    let mut table = Table::new(deal);
    let mut replay = Replay {
        actions: 0,
        broken: None,
        lies: Vec::new(),
        impossible: Vec::new(),
    };
    // Canonical lines, nearly all of a real log, the word-at-a-time way; any other line (and
    // the end of the log) the general way.
    loop {
        let raw = match reader.next_canonical() {
            Some(raw) => raw,
            None => match reader.next_action() {
                Some(raw) => raw?,
                None => break,
            },
        };
        let number = replay.actions + 1;
        if table.act(raw, number, &mut replay).is_err() {
            replay.broken = Some(number);
            break;
        }
        replay.actions = number;
    }
    if !replay.lies.is_empty() {
        expose(input, rules, replay.actions, &mut replay.lies)?;
    }
    Ok(replay)
}

/// For each lie: the first action after which a watcher believing only that claim has no
/// deal, unless what everybody saw is impossible by then whatever anyone claimed. Only the
/// `replayed` actions count: the log after an action that breaks a rule is not judged, not
/// even read.
fn expose(input: &[u8], rules: &Rules, replayed: usize, lies: &mut [Lie]) -> Result<(), LogError> {
    let mut actions: Vec<RawAction> = Vec::new();
    let mut reader = LogReader::new(input)?;
    while actions.len() < replayed {
        match reader.next_action() {
            Some(raw) => actions.push(raw?),
            None => break,
        }
    }
    let run = |trust: Trust| {
        let mut referee = Referee::with_trust(rules.clone(), trust);
        for &raw in &actions {
            if referee.apply_raw(raw).is_err() || referee.contradiction().is_some() {
                break;
            }
        }
        referee.contradiction()
    };
    let nobody = {
        let mut trust = Trust::everyone();
        for p in rules.all_players() {
            trust.distrust_player(p);
        }
        trust
    };
    // What everybody saw alone: after its contradiction no claim can be proven false.
    let seen = run(nobody).map(|c| c.action);
    for lie in lies {
        let mut trust = Trust::everyone();
        for number in 1..=actions.len() {
            if number != lie.claim.action {
                trust.distrust_action(number);
            }
        }
        match lie.claim.kind {
            ClaimKind::Ask => trust.distrust_denial(lie.claim.action),
            ClaimKind::Denial => trust.distrust_ask(lie.claim.action),
        }
        lie.exposed = run(trust)
            .filter(|c| !matches!(c.reason, Reason::AgainstHand { .. }))
            .map(|c| c.action)
            .filter(|&at| seen.is_none_or(|seen| at < seen));
    }
    Ok(())
}

/// [`replay`] as the log is read: fed one action at a time ([`Replaying::step`]), it gives
/// the same [`Replay`] ([`Replaying::finish`]) without keeping the log. Memory holds the real
/// table, a referee of what everybody saw, the false claims found, and one referee per false
/// claim a watcher has not proven yet and still may ([`Replaying::held`]): where [`replay`]
/// judges the log again for each false claim, this judges every claim's watcher in step.
///
/// ```
/// use fairplay_quartets::notation::LogReader;
/// use fairplay_quartets::truth::{replay, Replaying, TrueDeal};
/// use fairplay_quartets::Rules;
/// let rules = Rules::builder().players(2).sets(2).cards_per_set(2).build().unwrap();
/// let deal = TrueDeal::parse(&rules, "player 1: 1A 2B\nplayer 2: 1B 2A\n").unwrap();
/// let log = b"2\n1 A 2 1B no\n2 A 1 1A no\n";
/// let mut replaying = Replaying::new(&deal);
/// for record in LogReader::new(log).unwrap() {
///     replaying.step(record.unwrap().action);
/// }
/// let streamed = replaying.finish();
/// assert_eq!(streamed, replay(log, &deal).unwrap());
/// ```
#[derive(Clone, Debug)]
pub struct Replaying {
    table: Table,
    replay: Replay,
    /// A referee believing no claim, fed every action until it errs or is certain of
    /// cheating: what everybody saw.
    seen: Referee,
    /// Whether `seen` is still fed.
    seeing: bool,
    /// Per false claim not yet settled: its index in `replay.lies`, and a referee believing
    /// that claim alone, fed every action since.
    pending: Vec<(usize, Referee)>,
    /// The estimated bytes of one pending referee.
    footprint: usize,
}

impl Replaying {
    /// A replay at the start of the game dealt as `deal`.
    pub fn new(deal: &TrueDeal) -> Replaying {
        let rules = &deal.rules;
        Replaying {
            table: Table::new(deal),
            replay: Replay {
                actions: 0,
                broken: None,
                lies: Vec::new(),
                impossible: Vec::new(),
            },
            seen: Referee::with_trust(rules.clone(), nobody_but(rules, None)),
            seeing: true,
            pending: Vec::new(),
            footprint: footprint(rules),
        }
    }

    /// Replays the log's next action (nothing once an action broke a rule anyone can check:
    /// the replay stopped there).
    pub fn step(&mut self, raw: RawAction) {
        if self.replay.broken.is_some() {
            return;
        }
        let number = self.replay.actions + 1;
        let found = self.replay.lies.len();
        if self.table.act(raw, number, &mut self.replay).is_err() {
            self.replay.broken = Some(number);
            return;
        }
        self.replay.actions = number;
        if !self.seeing && self.pending.is_empty() {
            // Nothing more can be proven: what everybody saw is impossible already (or broke
            // a rule for a watcher's referee, as it would for every claim's).
            return;
        }
        let rules = self.table.rules.clone();
        let mut exposing = true;
        if self.seeing {
            // A watcher believing one claim alone believed nothing before it: it starts from
            // what everybody saw, and believes the claimant at this action only.
            for index in found..self.replay.lies.len() {
                let mut referee = self.seen.clone();
                let claimant = self.replay.lies[index].claim.player;
                referee.set_trust(nobody_but(&rules, Some(claimant)));
                self.pending.push((index, referee));
            }
            let seen = self.seen.apply_raw(raw).map(|_| self.seen.contradiction());
            // A claim is proven false only before what everybody saw is impossible.
            exposing = !matches!(seen, Ok(Some(_)));
            self.seeing = matches!(seen, Ok(None));
        }
        let lies = &mut self.replay.lies;
        self.pending.retain_mut(|(index, referee)| {
            let applied = referee.apply_raw(raw);
            if *index >= found {
                // Found at this action: from now on it believes nobody, as before it.
                referee.set_trust(nobody_but(&rules, None));
            }
            match (applied, referee.contradiction()) {
                (Err(_), _) => false,
                (Ok(_), Some(c)) => {
                    let proven = !matches!(c.reason, Reason::AgainstHand { .. });
                    lies[*index].exposed = (exposing && proven).then_some(c.action);
                    false
                }
                // Once what everybody saw is impossible, no claim can be proven any more.
                (Ok(_), None) => exposing,
            }
        });
    }

    /// The bytes the replay holds beyond its fixed state, about: the false claims and
    /// impossible actions found, and a referee per false claim not yet settled.
    pub fn held(&self) -> usize {
        self.replay.lies.capacity() * std::mem::size_of::<Lie>()
            + self.replay.impossible.capacity() * std::mem::size_of::<Impossible>()
            + self.pending.capacity() * std::mem::size_of::<(usize, Referee)>()
            + self.pending.len() * self.footprint
    }

    /// The replay of the actions stepped: what [`replay`] gives on the whole log.
    pub fn finish(self) -> Replay {
        self.replay
    }
}

/// A trust that believes no claim but those of `claimant`. Set for one action only, it
/// believes the one claim of that action the claimant made (an action's ask and denial are
/// made by two players).
fn nobody_but(rules: &Rules, claimant: Option<Player>) -> Trust {
    let mut trust = Trust::everyone();
    for p in rules.all_players().filter(|&p| Some(p) != claimant) {
        trust.distrust_player(p);
    }
    trust
}

/// About the bytes one referee of `rules` holds beyond its own size: a few words per card,
/// per player and set, and per pair of players (the deal model's tables), and the
/// allocator's words. On the standard game a pending referee took about 1.8 KiB (the peak of
/// an endless log of lies against the estimate), this says 2.9 KiB.
fn footprint(rules: &Rules) -> usize {
    let players = rules.players();
    48 * rules.deck_size() + 24 * players * rules.sets() + 8 * players * players + 512
}
