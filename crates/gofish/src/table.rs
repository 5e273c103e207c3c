//! The public state of the table: hand sizes, the stock, the books, whose turn it is and what
//! is due. Everything here is seen by every watcher; a log that breaks it is not a game.

use crate::action::{Action, Answer, NameError};
use crate::rules::{FishTurn, Player, Rank, Rules, MAX_PLAYERS};

/// An action that breaks a rule every watcher can check, whatever the hidden cards. The
/// referee is unchanged by it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// A player or rank the game does not have.
    #[error(transparent)]
    Name(#[from] NameError),
    /// All books are laid: the game is over.
    #[error("the game is over (all {books} books are laid), but player {actor} acts")]
    AllBooked {
        /// Who acts.
        actor: Player,
        /// Books in the game.
        books: usize,
    },
    /// One player holds every card left and the stock is empty: the game is over.
    #[error(
        "the game is over (player {holder} holds every card left and the stock is empty), \
         but player {actor} acts"
    )]
    LoneHolder {
        /// Who acts.
        actor: Player,
        /// Who holds the cards.
        holder: Player,
    },
    /// Someone acts while it is another player's turn to ask.
    #[error("player {actor} acts, but it is player {turn}'s turn to ask")]
    OutOfTurn {
        /// Who acts.
        actor: Player,
        /// Whose turn it is.
        turn: Player,
    },
    /// A player asks themselves.
    #[error("player {0} asks themselves")]
    AsksSelf(Player),
    /// A player asks someone whose hand is empty.
    #[error("player {asker} asks player {target}, who holds no cards")]
    AsksEmptyHand {
        /// Who asks.
        asker: Player,
        /// Who holds nothing.
        target: Player,
    },
    /// A rank whose book is laid is asked for.
    #[error("player {asker} asks for {rank}, whose book is already laid")]
    AsksBooked {
        /// Who asks.
        asker: Player,
        /// The rank.
        rank: Rank,
    },
    /// More cards handed over than the asked player's hand holds.
    #[error("player {target} hands over {cards} cards, but holds only {holds}")]
    HandsOverTooMany {
        /// Who hands over.
        target: Player,
        /// Cards handed over.
        cards: u8,
        /// Cards in their hand.
        holds: usize,
    },
    /// The player whose turn it is asks with an empty hand: a draw was due.
    #[error("player {0} asks with an empty hand: they must draw from the stock first")]
    AsksEmpty(Player),
    /// Someone else acts while the player whose turn it is must draw into an empty hand.
    #[error("player {actor} acts, but it is player {player}'s turn, who must draw (their hand is empty)")]
    DrawIntoEmptyDue {
        /// Who acts.
        actor: Player,
        /// Who must draw.
        player: Player,
    },
    /// A draw after "Go fish" is missing.
    #[error("player {player} must draw from the stock after \"Go fish\", but the next action is not that draw")]
    MissingDraw {
        /// Who must draw.
        player: Player,
    },
    /// A draw that is not due.
    #[error("player {0} draws, but no draw is due (a draw follows a \"Go fish\" to the asker, or starts the turn of a player with an empty hand)")]
    DrawNotDue(Player),
    /// A draw from an empty stock.
    #[error("player {0} draws, but the stock is empty")]
    StockEmpty(Player),
    /// A drawn card shown that is not of the rank just asked for.
    #[error("player {player} shows a drawn {shown}, but only a card of the rank just asked for ({asked}) is shown")]
    ShownWrongRank {
        /// Who draws.
        player: Player,
        /// The rank shown.
        shown: Rank,
        /// The rank asked for.
        asked: Rank,
    },
    /// A drawn card shown when it fills an empty hand.
    #[error("player {0} shows a card drawn into an empty hand, which is kept unseen")]
    ShownIntoEmpty(Player),
    /// A book laid with fewer than four cards in hand.
    #[error("player {player} lays down a book, but holds only {holds} cards")]
    BookTooFew {
        /// Who lays it down.
        player: Player,
        /// Cards in their hand.
        holds: usize,
    },
    /// A book of a rank already laid.
    #[error("the book of {0} is already laid")]
    BookedTwice(Rank),
    /// A book laid at another moment than the start of the log or right after an action
    /// that gave that player cards.
    #[error("player {0} lays down a book, but a book is laid only at the start of the log or right after an action that gave that player cards")]
    BookOutOfPlace(Player),
}

/// What the turn is at, before the next action other than a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing but books so far: player 1's turn comes.
    Opening,
    /// `0`'s turn begins or goes on.
    Turn(Player),
    /// The turn passes on from `0`.
    Pass(Player),
    /// A draw is due after `player` asked `asked` for `rank` and heard "Go fish".
    Fish {
        player: Player,
        asked: Player,
        rank: Rank,
    },
}

/// The next action other than a book, as the rules make it due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Due {
    /// `0` asks.
    Ask(Player),
    /// `0` draws into an empty hand, unseen.
    Draw(Player),
    /// `player` draws after "Go fish" to `rank`.
    FishDraw {
        player: Player,
        asked: Player,
        rank: Rank,
    },
    /// The game is over: all books are laid (`None`), or this player holds every card left.
    Over(Option<Player>),
}

/// What a legal action does to the hidden cards, for the deal model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Move {
    /// An ask (the asker claims the rank; the answer tells the asked player's count).
    Ask {
        asker: Player,
        target: Player,
        rank: Rank,
        answer: Answer,
    },
    /// A card drawn unseen; after "Go fish" it is not of the rank asked for (`not`).
    Hidden { player: Player, not: Option<Rank> },
    /// A card drawn and shown.
    Shown { player: Player, rank: Rank },
    /// A book laid down.
    Book { player: Player, rank: Rank },
}

/// The public state of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Table {
    rules: Rules,
    size: [u8; MAX_PLAYERS],
    stock: u8,
    booked: u16,
    books: u8,
    phase: Phase,
    /// Who may lay a book now: the player the last action gave cards to.
    bookable: Option<Player>,
}

impl Table {
    /// The table after the deal.
    pub(crate) fn new(rules: Rules) -> Table {
        let mut size = [0; MAX_PLAYERS];
        size[..rules.players()].fill(rules.hand() as u8);
        Table {
            rules,
            size,
            stock: rules.stock() as u8,
            booked: 0,
            books: 0,
            phase: Phase::Opening,
            bookable: None,
        }
    }

    /// Cards in `player`'s hand.
    pub(crate) fn size(&self, player: Player) -> usize {
        self.size[player.index()].into()
    }
    /// Cards in the stock.
    pub(crate) fn stock(&self) -> usize {
        self.stock.into()
    }
    /// Whether the book of `rank` is laid.
    pub(crate) fn is_booked(&self, rank: Rank) -> bool {
        self.booked & (1 << rank.index()) != 0
    }
    /// The ranks whose books are laid, one bit each.
    pub(crate) fn booked(&self) -> u16 {
        self.booked
    }
    /// Whether only books have been laid so far.
    pub(crate) fn opening(&self) -> bool {
        self.phase == Phase::Opening
    }

    fn next_player(&self, player: Player) -> Player {
        Player(((player.index() + 1) % self.rules.players()) as u8)
    }

    /// The next action other than a book, as the rules make it due now.
    pub(crate) fn due(&self) -> Due {
        if usize::from(self.books) == self.rules.ranks() {
            return Due::Over(None);
        }
        let mut phase = self.phase;
        // Each step either answers or moves to a phase that answers within two more steps.
        loop {
            match phase {
                Phase::Opening => phase = Phase::Turn(Player(0)),
                Phase::Fish {
                    player,
                    asked,
                    rank,
                } => {
                    return Due::FishDraw {
                        player,
                        asked,
                        rank,
                    }
                }
                Phase::Pass(from) => {
                    let mut next = self.next_player(from);
                    let mut tried = 0;
                    while self.size(next) == 0 && self.stock == 0 {
                        tried += 1;
                        if tried > self.rules.players() {
                            return Due::Over(None);
                        }
                        next = self.next_player(next);
                    }
                    phase = Phase::Turn(next);
                }
                Phase::Turn(player) => {
                    if self.size(player) == 0 {
                        if self.stock > 0 {
                            return Due::Draw(player);
                        }
                        phase = Phase::Pass(player);
                    } else if self
                        .rules
                        .all_players()
                        .all(|p| p == player || self.size(p) == 0)
                    {
                        if self.stock == 0 {
                            return Due::Over(Some(player));
                        }
                        phase = Phase::Pass(player);
                    } else {
                        return Due::Ask(player);
                    }
                }
            }
        }
    }

    /// Applies a legal action, or says which rule it breaks (and changes nothing).
    pub(crate) fn apply(&mut self, action: Action) -> Result<Move, RuleError> {
        let actor = action.actor();
        if let Action::Book { player, rank } = action {
            if usize::from(self.books) == self.rules.ranks() {
                return Err(RuleError::AllBooked {
                    actor,
                    books: self.rules.ranks(),
                });
            }
            if !self.opening() && self.bookable != Some(player) {
                return Err(RuleError::BookOutOfPlace(player));
            }
            if self.is_booked(rank) {
                return Err(RuleError::BookedTwice(rank));
            }
            if self.size(player) < 4 {
                return Err(RuleError::BookTooFew {
                    player,
                    holds: self.size(player),
                });
            }
            self.size[player.index()] -= 4;
            self.booked |= 1 << rank.index();
            self.books += 1;
            self.bookable = None;
            return Ok(Move::Book { player, rank });
        }
        let fish_turn = self.rules.fish_turn();
        let after_fish = move |player: Player, asked: Player| match fish_turn {
            FishTurn::Next => Phase::Pass(player),
            FishTurn::Asked => Phase::Turn(asked),
        };
        match (self.due(), action) {
            (Due::Over(None), _) => Err(RuleError::AllBooked {
                actor,
                books: self.rules.ranks(),
            }),
            (Due::Over(Some(holder)), _) => Err(RuleError::LoneHolder { actor, holder }),
            (Due::Ask(turn), _) if actor != turn => Err(RuleError::OutOfTurn { actor, turn }),
            (Due::Ask(_), Action::Draw { player, .. }) if self.stock == 0 => {
                Err(RuleError::StockEmpty(player))
            }
            (Due::Ask(_), Action::Draw { player, .. }) => Err(RuleError::DrawNotDue(player)),
            (
                Due::Ask(_),
                Action::Ask {
                    asker,
                    target,
                    rank,
                    answer,
                },
            ) => {
                if target == asker {
                    return Err(RuleError::AsksSelf(asker));
                }
                if self.size(target) == 0 {
                    return Err(RuleError::AsksEmptyHand { asker, target });
                }
                if self.is_booked(rank) {
                    return Err(RuleError::AsksBooked { asker, rank });
                }
                match answer {
                    Answer::Cards(cards) => {
                        if usize::from(cards) > self.size(target) {
                            return Err(RuleError::HandsOverTooMany {
                                target,
                                cards,
                                holds: self.size(target),
                            });
                        }
                        self.size[target.index()] -= cards;
                        self.size[asker.index()] += cards;
                        self.phase = Phase::Turn(asker);
                        self.bookable = Some(asker);
                    }
                    Answer::Fish => {
                        self.phase = if self.stock > 0 {
                            Phase::Fish {
                                player: asker,
                                asked: target,
                                rank,
                            }
                        } else {
                            after_fish(asker, target)
                        };
                        self.bookable = None;
                    }
                }
                Ok(Move::Ask {
                    asker,
                    target,
                    rank,
                    answer,
                })
            }
            (Due::Draw(player), _) if actor != player => {
                Err(RuleError::DrawIntoEmptyDue { actor, player })
            }
            (Due::Draw(player), Action::Ask { .. }) => Err(RuleError::AsksEmpty(player)),
            (Due::Draw(player), Action::Draw { shown: Some(_), .. }) => {
                Err(RuleError::ShownIntoEmpty(player))
            }
            (Due::Draw(player), Action::Draw { shown: None, .. }) => {
                self.draw(player);
                self.phase = Phase::Turn(player);
                Ok(Move::Hidden { player, not: None })
            }
            (Due::FishDraw { player, .. }, _) if actor != player => {
                Err(RuleError::MissingDraw { player })
            }
            (Due::FishDraw { player, .. }, Action::Ask { .. }) => {
                Err(RuleError::MissingDraw { player })
            }
            (
                Due::FishDraw {
                    player,
                    asked,
                    rank,
                },
                Action::Draw { shown, .. },
            ) => match shown {
                Some(shown) if shown != rank => Err(RuleError::ShownWrongRank {
                    player,
                    shown,
                    asked: rank,
                }),
                Some(_) => {
                    self.draw(player);
                    self.phase = Phase::Turn(player);
                    Ok(Move::Shown { player, rank })
                }
                None => {
                    self.draw(player);
                    self.phase = after_fish(player, asked);
                    Ok(Move::Hidden {
                        player,
                        not: Some(rank),
                    })
                }
            },
            // Books returned above; this arm only completes the match.
            (_, Action::Book { player, .. }) => Err(RuleError::BookOutOfPlace(player)),
        }
    }

    fn draw(&mut self, player: Player) {
        self.stock -= 1;
        self.size[player.index()] += 1;
        self.bookable = Some(player);
    }
}
