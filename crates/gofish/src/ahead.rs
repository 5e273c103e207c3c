//! A log judged with its next actions read ahead, so that the witness deal follows what they
//! reveal: the first hands are dealt what the first actions show them holding
//! ([`FirstHands`]), and an unseen draw is given, where the witness allows, the rank its
//! drawer asks for next. Any witness gives the same verdicts; a good one spares repairs.

use fairplay_core::LogError;
use fairplay_text::Lines;

use crate::notation::{self, RawAction, RawAnswer};
use crate::{game, Referee, Report, Rules, CARDS_PER_RANK, MAX_PLAYERS, MAX_RANKS};

/// Actions read ahead of the one judged: enough for a drawer's next ask, few enough that
/// memory does not grow with the log.
const AHEAD: usize = 64;

/// The actions read ahead, kept from log to log so that judging allocates nothing once it has
/// grown to a game's size.
#[derive(Debug, Default)]
pub(crate) struct Ahead {
    read: Vec<Read>,
}

/// An action read, with its line and, for an unseen draw, the rank (1-based, as written) its
/// drawer asks for next, once read.
#[derive(Clone, Copy, Debug)]
struct Read {
    raw: RawAction,
    line: usize,
    next_ask: Option<u32>,
}

impl Ahead {
    pub(crate) const fn new() -> Ahead {
        Ahead { read: Vec::new() }
    }
}

/// Judges `log` with `referee` (at the start of a game), reading ahead. `judged` is told of
/// every action judged, the referee's state after it.
pub(crate) fn judge_ahead(
    referee: &mut Referee,
    log: &[u8],
    ahead: &mut Ahead,
    mut judged: impl FnMut(&Referee, RawAction),
) -> Result<Report, LogError> {
    let read = &mut ahead.read;
    read.clear();
    let players = referee.rules().players();
    // Per player, the unseen draw (its index in `read`) still waiting for its drawer's next
    // ask: the ask read next by that player, before another unseen draw of theirs, is its hint.
    let mut waiting = [None::<usize>; MAX_PLAYERS];
    let mut lines = Lines::new(log);
    // The first malformed line, reported only if no verdict comes before it.
    let mut malformed = None;
    let mut read_all = false;
    let mut next = 0;
    let mut actions = 0;
    loop {
        while !read_all && read.len() - next < AHEAD {
            match lines.next_line() {
                None => read_all = true,
                Some(line) => match notation::parse_action(line, lines.number()) {
                    Ok(Some(raw)) => {
                        let player = raw.actor().wrapping_sub(1) as usize;
                        if player < players {
                            match raw {
                                RawAction::Draw { shown: None, .. } => {
                                    waiting[player] = Some(read.len());
                                }
                                RawAction::Ask { rank, .. } => {
                                    if let Some(draw) = waiting[player].take() {
                                        read[draw].next_ask = Some(rank.0);
                                    }
                                }
                                _ => {}
                            }
                        }
                        read.push(Read {
                            raw,
                            line: lines.number(),
                            next_ask: None,
                        });
                    }
                    Ok(None) => {}
                    Err(error) => {
                        malformed = Some(error);
                        read_all = true;
                    }
                },
            }
        }
        if next == read.len() {
            break;
        }
        if actions == 0 {
            referee.seed_deal(&FirstHands::read(read, referee.rules()));
        }
        if next >= 16 * AHEAD {
            // Forget the actions judged: the buffer stays within a few windows.
            read.drain(..next);
            for draw in waiting.iter_mut().flatten() {
                *draw -= next;
            }
            next = 0;
        }
        let Read {
            raw,
            line: number,
            next_ask,
        } = read[next];
        next += 1;
        actions += 1;
        if let RawAction::Draw { shown: None, .. } = raw {
            referee.hint_draw(next_ask);
        }
        referee
            .apply_raw(raw)
            .map_err(|error| game::rule_error(error, number, actions))?;
        judged(referee, raw);
        if let Some(c) = referee.contradiction() {
            // The lines after the verdict are only counted: every line not blank is an action.
            let mut lines = Lines::new(log);
            while let Some(line) = lines.next_line() {
                if lines.number() > number {
                    actions += usize::from(!line.trim_ascii().is_empty());
                }
            }
            return Ok(Report {
                actions,
                cheating: Some((c, number)),
            });
        }
    }
    match malformed {
        Some(error) => Err(error.into()),
        None => Ok(Report {
            actions,
            cheating: None,
        }),
    }
}

/// What the first actions of a log show of the dealt hands, for the first witness deal
/// ([`Referee::seed_deal`]).
pub(crate) struct FirstHands {
    /// Per player and rank, the cards they ask for or hand over before any card of the rank
    /// reached them in sight, at most a hand in all.
    pub(crate) want: [[u8; MAX_RANKS]; MAX_PLAYERS],
    /// Per player, the ranks of `want`, one bit each.
    pub(crate) mine: [u16; MAX_PLAYERS],
    /// Per player, the ranks they answer "Go fish" to and do not want.
    pub(crate) avoid: [u16; MAX_PLAYERS],
}

impl FirstHands {
    /// Reads `actions` until every hand is full.
    fn read(actions: &[Read], rules: &Rules) -> FirstHands {
        let mut hands = FirstHands {
            want: [[0; MAX_RANKS]; MAX_PLAYERS],
            mine: [0; MAX_PLAYERS],
            avoid: [0; MAX_PLAYERS],
        };
        let (players, ranks, hand) = (rules.players(), rules.ranks(), rules.hand());
        let mut size = [0usize; MAX_PLAYERS];
        // Per player, the ranks that reached them in sight.
        let mut got = [0u16; MAX_PLAYERS];
        let mut open = players;
        // 1-based as written, to 0-based within `limit`.
        let index = |n: u32, limit: usize| {
            let i = n.wrapping_sub(1) as usize;
            (i < limit).then_some(i)
        };
        for read in actions {
            match read.raw {
                RawAction::Ask {
                    asker,
                    target,
                    rank,
                    answer,
                } => {
                    let (Some(a), Some(t), Some(r)) = (
                        index(asker, players),
                        index(target, players),
                        index(rank.0, ranks),
                    ) else {
                        continue;
                    };
                    let held = match answer {
                        RawAnswer::Fish => {
                            if hands.mine[t] & (1 << r) == 0 {
                                hands.avoid[t] |= 1 << r;
                            }
                            0
                        }
                        RawAnswer::Cards(k) => k.min(CARDS_PER_RANK as u8 - 1),
                    };
                    for (p, n) in [(a, 1), (t, held)] {
                        if n > hands.want[p][r] && got[p] & (1 << r) == 0 && size[p] < hand {
                            let more = usize::from(n - hands.want[p][r]).min(hand - size[p]);
                            hands.want[p][r] += more as u8;
                            hands.mine[p] |= 1 << r;
                            size[p] += more;
                            if size[p] == hand {
                                open -= 1;
                                if open == 0 {
                                    return hands;
                                }
                            }
                        }
                    }
                    if held > 0 {
                        got[a] |= 1 << r;
                    }
                }
                RawAction::Draw {
                    player,
                    shown: Some(rank),
                } => {
                    if let (Some(p), Some(r)) = (index(player, players), index(rank.0, ranks)) {
                        got[p] |= 1 << r;
                    }
                }
                RawAction::Draw { .. } | RawAction::Book { .. } => {}
            }
        }
        hands
    }
}
