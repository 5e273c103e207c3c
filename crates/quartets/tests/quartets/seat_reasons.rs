//! The seat's reasons and its two moments (`seat_since`, `watcher_since`) against brute force
//! (issue 29, point 1).
//!
//! `seat_and_truth.rs` compares the seat's verdicts with brute force; a verdict can be right
//! while its reason is wrong: `--seat 3 --hand 1B,1C` on `1 A 2 1A no`, `2 A 1 1B yes` was
//! certain at action 2 as it should be, but for `no-deal` instead of the hand (player 1 hands
//! over 1B, which the seat holds). Here every simulated seat view (honest players, cheaters and
//! fools; even and uneven deals, up to 5 players) is judged by the engine (`audit_seat` and
//! `explain_seat`) and by brute force, which enumerates every deal and shares no code with the
//! engine:
//!
//! * `watcher_since` is the first action after which no deal fits the log; `seat_since` the
//!   same over the deals giving the seat its hand;
//! * the hand contradicts the log (`against_hand`, reason `against-hand`) exactly when what
//!   everybody saw, believing no claim at all, fits no deal with that hand through
//!   `seat_since`; its card and player are the first card of that action that had never moved
//!   and left a hand the seat's hand rules out, as a literal replay of the public moves finds;
//! * otherwise the reason is `denied-card-in-hand` exactly when the action at `seat_since` is a
//!   "no" for a card everybody saw move into the denier's hand, and `no-deal` in every other
//!   case (simulated logs never show a card handed over or laid aside from the wrong hand).
//!
//! The watcher's reasons are checked by the same rules, without the hand.

use crate::support;

use fairplay_quartets::explain::{explain_seat, ClaimKind, Questions};
use fairplay_quartets::notation::RawAction;
use fairplay_quartets::{audit, audit_seat, Card, Reason, Rules, SeatHand};
use fairplay_sim::quartets::{simulate_seeded, Config};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use support::oracle::Oracle;

/// Tiny games brute force enumerates in a moment: even deals (as the standard game deals) and
/// uneven ones, 2 to 5 players.
fn variants() -> Vec<Rules> {
    vec![
        Rules::new(3, 2, 3, None).unwrap(),
        Rules::new(3, 3, 3, None).unwrap(),
        Rules::new(2, 4, 2, None).unwrap(),
        Rules::new(4, 2, 4, None).unwrap(),
        Rules::new(5, 2, 5, None).unwrap(),
        Rules::new(5, 2, 4, Some(vec![2, 2, 2, 1, 1])).unwrap(),
        Rules::new(3, 4, 2, Some(vec![3, 3, 2])).unwrap(),
        Rules::new(4, 3, 3, Some(vec![0, 4, 3, 2])).unwrap(),
    ]
}

/// Honest players, cheaters or fools (or a mix), as the simulator plays them.
fn config(rules: &Rules, rng: &mut SmallRng) -> Config {
    let config = Config::new(rules.clone())
        .with_lay_aside_rate(rng.random_range(0.1..=1.0))
        .with_max_actions(rng.random_range(1..=40));
    match rng.random_range(0..4) {
        0 => config,
        1 => config.with_cheat_rate(rng.random_range(0.02..0.3)),
        2 => config.with_foolish_rate(rng.random_range(0.1..0.6)),
        _ => config
            .with_cheat_rate(rng.random_range(0.0..0.2))
            .with_foolish_rate(rng.random_range(0.0..0.4)),
    }
}

/// A reason as brute force names it: kind, then the card (set, letter index) and the players
/// (1-based) it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expected {
    NoDeal,
    Denied {
        card: (u32, usize),
        player: u32,
    },
    Against {
        card: (u32, usize),
        player: u32,
        seat: u32,
    },
}

fn engine_reason(reason: Reason) -> Expected {
    let card = |c: Card| (c.set().number(), c.letter_index());
    match reason {
        Reason::NoDeal => Expected::NoDeal,
        Reason::DeniedCardInHand { card: c, player } => Expected::Denied {
            card: card(c),
            player: player.number(),
        },
        Reason::AgainstHand {
            card: c,
            player,
            seat,
        } => Expected::Against {
            card: card(c),
            player: player.number(),
            seat: seat.number(),
        },
        other => panic!("a simulated log shows no card moving from the wrong hand: {other:?}"),
    }
}

/// The public moves of a log replayed literally: for every card (by `(set - 1) * per + letter`)
/// whether it has moved and who holds it since.
struct Public {
    per: usize,
    moved: Vec<bool>,
    holder: Vec<Option<u32>>,
}

impl Public {
    fn new(deck: usize, per: usize) -> Public {
        Public {
            per,
            moved: vec![false; deck],
            holder: vec![None; deck],
        }
    }

    fn index(&self, set: u32, letter: usize) -> usize {
        (set as usize - 1) * self.per + letter
    }

    /// The cards an action takes out of a hand, in letter order, and whose hand.
    fn leaving(&self, action: &RawAction) -> (Vec<(u32, usize)>, u32) {
        match *action {
            RawAction::Ask {
                target,
                set,
                letter,
                granted: true,
                ..
            } => (vec![(set, letter as usize)], target),
            RawAction::Ask { target, .. } => (Vec::new(), target),
            RawAction::LayAside { player, set } => {
                ((0..self.per).map(|l| (set, l)).collect(), player)
            }
        }
    }

    fn play(&mut self, action: &RawAction) {
        let (cards, _) = self.leaving(action);
        for (set, letter) in cards {
            let i = self.index(set, letter);
            self.moved[i] = true;
            self.holder[i] = match *action {
                RawAction::Ask { asker, .. } => Some(asker),
                RawAction::LayAside { .. } => None,
            };
        }
    }
}

/// Brute force's reason for the contradiction at action `since` (1-based) of `actions`: the
/// seat's hand first (`hand`: the seat, 1-based, and a mask of its cards), then a denial of a
/// card seen in the denier's hand, else no deal.
fn expected_reason(
    rules: &Rules,
    actions: &[RawAction],
    since: usize,
    against: bool,
    hand: Option<(u32, u64)>,
) -> Expected {
    let mut public = Public::new(rules.deck_size(), rules.cards_per_set());
    for action in &actions[..since - 1] {
        public.play(action);
    }
    let action = &actions[since - 1];
    if against {
        let (seat, mask) = hand.expect("only a seat has a hand to contradict");
        let (cards, from) = public.leaving(action);
        let card = cards
            .into_iter()
            .find(|&(set, letter)| {
                let i = public.index(set, letter);
                !public.moved[i] && (from == seat) != (mask & (1 << i) != 0)
            })
            .expect("the hand contradicts the log by a card leaving the wrong hand");
        return Expected::Against {
            card,
            player: from,
            seat,
        };
    }
    match *action {
        RawAction::Ask {
            target,
            set,
            letter,
            granted: false,
            ..
        } if public.holder[public.index(set, letter as usize)] == Some(target) => {
            Expected::Denied {
                card: (set, letter as usize),
                player: target,
            }
        }
        _ => Expected::NoDeal,
    }
}

/// The mask and the [`SeatHand`] of player `p` (0-based) in `deal` (owner per card).
fn hand_of(rules: &Rules, deal: &[u8], p: usize) -> (u64, SeatHand) {
    let cards: Vec<Card> = rules
        .all_cards()
        .filter(|&c| usize::from(deal[rules.card_index(c)]) == p)
        .collect();
    let mask = (0..deal.len())
        .filter(|&i| usize::from(deal[i]) == p)
        .fold(0u64, |m, i| m | 1 << i);
    let player = rules.player(p as u32 + 1).unwrap();
    (mask, SeatHand::new(rules, player, &cards).unwrap())
}

/// A deal drawn from brute force's list, as owners per card.
fn some_deal(oracle: &Oracle, deck: usize, rng: &mut SmallRng) -> Vec<u8> {
    let deal = oracle
        .deals()
        .nth(rng.random_range(0..oracle.deal_count()))
        .unwrap();
    (0..deck)
        .map(|c| deal.iter().position(|h| h & (1 << c) != 0).unwrap() as u8)
        .collect()
}

#[derive(Debug, Default)]
struct Counts {
    views: usize,
    watcher_foul: usize,
    seat_foul: usize,
    earlier: usize,
    against: usize,
    denied: usize,
    no_deal: usize,
    five_players: usize,
}

#[test]
fn the_issue_case_is_against_the_hand() {
    let rules = Rules::new(3, 2, 3, None).unwrap();
    let hand = SeatHand::parse(&rules, 3, "1B,1C").unwrap();
    let log = b"2\n1 A 2 1A no\n2 A 1 1B yes\n";
    let report = audit_seat(log, &hand).unwrap();
    let c = report.cheating.unwrap().contradiction;
    assert_eq!(c.action, 2);
    assert_eq!(
        c.reason.to_string(),
        "the hand given for player 3 contradicts the log: 1B left player 1's hand, but it is \
         in player 3's hand and had never moved"
    );
    let seat = explain_seat(log, &hand, &Questions::default())
        .unwrap()
        .seat
        .unwrap();
    assert!(seat.against_hand);
    // A watcher believes player 1 was dealt 1B and player 2 1C.
    assert_eq!((seat.seat_since, seat.watcher_since), (Some(2), None));
    // Laying a set aside: player 1 needs 2B (the seat holds 2A, player 2 needs 2C), so 1B
    // overfills player 1's hand; but 1C is the seat's, and the hand is checked first.
    let log = b"3\n1 A 2 2B no\n2 A 1 2C no\n1 Q 1\n";
    let hand = SeatHand::parse(&rules, 3, "1C,2A").unwrap();
    let c = audit_seat(log, &hand)
        .unwrap()
        .cheating
        .unwrap()
        .contradiction;
    assert_eq!(
        (c.action, engine_reason(c.reason)),
        (
            3,
            Expected::Against {
                card: (1, 2),
                player: 1,
                seat: 3
            }
        )
    );
}

#[test]
fn seat_reasons_and_moments_against_brute_force() {
    let mut rng = SmallRng::seed_from_u64(0x29_01);
    let mut counts = Counts::default();
    let believe = |_a: usize, _k: ClaimKind, _p: u32| true;
    let doubt = |_a: usize, _k: ClaimKind, _p: u32| false;
    for rules in variants() {
        let oracle = Oracle::new(rules.sets(), rules.cards_per_set(), rules.hand_sizes());
        let deck = rules.deck_size();
        for i in 0..140 {
            let game = simulate_seeded(&config(&rules, &mut rng), 0x2901 + i);
            let log = game.log();
            let watcher = oracle.first_unfit(&game.actions, &believe);
            let report = audit(log.as_bytes(), &rules).unwrap();
            let engine_watcher = report.cheating.map(|c| c.contradiction);
            assert_eq!(engine_watcher.map(|c| c.action), watcher, "watcher\n{log}");
            if let (Some(c), Some(since)) = (engine_watcher, watcher) {
                let want = expected_reason(&rules, &game.actions, since, false, None);
                assert_eq!(engine_reason(c.reason), want, "watcher's reason\n{log}");
            }
            let wrong = some_deal(&oracle, deck, &mut rng);
            for p in 0..rules.players() {
                for deal in [&game.deal, &wrong] {
                    let (mask, hand) = hand_of(&rules, deal, p);
                    let seated = oracle.with_hand(p, mask);
                    let seat_since = seated.first_unfit(&game.actions, &believe);
                    let seen_only = seated.first_unfit(&game.actions, &doubt);
                    let against = seat_since.is_some() && seen_only == seat_since;
                    let view = explain_seat(log.as_bytes(), &hand, &Questions::default())
                        .unwrap()
                        .seat
                        .unwrap();
                    let context = || format!("seat {hand:?}\n{log}");
                    assert_eq!(view.watcher_since, watcher, "{}", context());
                    assert_eq!(view.seat_since, seat_since, "{}", context());
                    assert_eq!(view.against_hand, against, "{}", context());
                    let engine = audit_seat(log.as_bytes(), &hand)
                        .unwrap()
                        .cheating
                        .map(|c| c.contradiction);
                    assert_eq!(engine.map(|c| c.action), seat_since, "{}", context());
                    if let (Some(c), Some(since)) = (engine, seat_since) {
                        let seat = Some((p as u32 + 1, mask));
                        let want = expected_reason(&rules, &game.actions, since, against, seat);
                        assert_eq!(engine_reason(c.reason), want, "{}", context());
                        match want {
                            Expected::Against { .. } => counts.against += 1,
                            Expected::Denied { .. } => counts.denied += 1,
                            Expected::NoDeal => counts.no_deal += 1,
                        }
                        counts.seat_foul += 1;
                    }
                    counts.watcher_foul += usize::from(watcher.is_some());
                    counts.earlier += usize::from(
                        seat_since.unwrap_or(usize::MAX) < watcher.unwrap_or(usize::MAX),
                    );
                    counts.five_players += usize::from(rules.players() == 5);
                    counts.views += 1;
                }
            }
        }
    }
    println!("{counts:?}");
    // Every kind of answer is exercised, often.
    assert!(counts.views >= 5_000, "{counts:?}");
    assert!(counts.five_players >= 1_000, "{counts:?}");
    for n in [
        counts.watcher_foul,
        counts.earlier,
        counts.against,
        counts.no_deal,
    ] {
        assert!(n * 50 >= counts.views, "{counts:?}");
    }
    // A "no" for a card seen in the denier's hand is a rare lie of the simulator's.
    assert!(counts.denied >= 20, "{counts:?}");
}
