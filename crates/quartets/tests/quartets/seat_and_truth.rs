//! The seat's view and the true-deal replay against brute force and the simulator's ground
//! truth (issue 13).
//!
//! * Seat: on simulated logs of small variants, for every seat, with its true hand and with a
//!   hand drawn from another deal (which may contradict the log), the seated verdict equals the
//!   brute-force verdict over every deal that gives the seat that hand; the seat's knowledge
//!   (after the last action some such deal fits) equals brute force; the seat is never certain
//!   later than a watcher; a seated proof leaves no such deal and is minimal, and the seated
//!   sole suspects are exactly right.
//! * True deal: on 20 000 simulated logs (small variants and the standard game), the replay on
//!   the simulator's deal names exactly the simulator's cheats and no impossible action; on the
//!   small variants every lie's exposure equals brute force (the first action after which no
//!   deal fits what everybody saw with that claim believed), and on a wrong deal the first
//!   physically impossible action is the oracle's.

use crate::support;

use fairplay_quartets::explain::{explain_seat, ClaimKind, Questions};
use fairplay_quartets::notation::RawAction;
use fairplay_quartets::truth::{replay, TrueDeal};
use fairplay_quartets::{audit, audit_seat, Card, Reason, Referee, Rules, SeatHand, Verdict};
use fairplay_sim::quartets::{simulate_seeded, Cheat, Config, Game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use support::oracle::{Oracle, OracleVerdict};

/// Small variants the oracle enumerates quickly: (players, sets, cards per set, hands).
fn small_variants() -> Vec<Rules> {
    vec![
        Rules::new(3, 3, 3, None).unwrap(),
        Rules::new(2, 4, 2, None).unwrap(),
        Rules::new(4, 2, 4, None).unwrap(),
        Rules::new(3, 4, 2, Some(vec![3, 3, 2])).unwrap(),
        Rules::new(4, 3, 3, Some(vec![0, 4, 3, 2])).unwrap(),
    ]
}

fn oracle_of(rules: &Rules) -> Oracle {
    Oracle::new(rules.sets(), rules.cards_per_set(), rules.hand_sizes())
}

fn config(rules: &Rules, rng: &mut SmallRng) -> Config {
    Config::new(rules.clone())
        .with_cheat_rate(rng.random_range(0.0..0.2))
        .with_foolish_rate(rng.random_range(0.0..0.3))
        .with_lay_aside_rate(rng.random_range(0.1..=1.0))
        .with_max_actions(rng.random_range(1..=60))
}

fn verdict(v: Verdict) -> OracleVerdict {
    match v {
        Verdict::Honest => OracleVerdict::Honest,
        Verdict::Cheated { since } => OracleVerdict::Cheated { since },
    }
}

fn since(v: Verdict) -> usize {
    match v {
        Verdict::Honest => usize::MAX,
        Verdict::Cheated { since } => since,
    }
}

/// The hand of player `p` (0-based) in `deal` (owner per card), as a mask and a seat hand.
fn hand_of(rules: &Rules, deal: &[u8], p: usize) -> (u64, SeatHand) {
    let cards: Vec<Card> = rules
        .all_cards()
        .filter(|&c| usize::from(deal[rules.card_index(c)]) == p)
        .collect();
    let mask = cards
        .iter()
        .fold(0u64, |m, &c| m | 1 << rules.card_index(c));
    let player = rules.player(p as u32 + 1).unwrap();
    (mask, SeatHand::new(rules, player, &cards).unwrap())
}

/// A deal as owners per card, drawn from the oracle's list.
fn some_deal(oracle: &Oracle, rng: &mut SmallRng) -> Vec<u8> {
    let deal = oracle
        .deals()
        .nth(rng.random_range(0..oracle.deal_count()))
        .unwrap();
    let deck = oracle.hands().iter().sum::<u32>() as usize;
    (0..deck)
        .map(|c| deal.iter().position(|h| h & (1 << c) != 0).unwrap() as u8)
        .collect()
}

/// The seat's knowledge after the longest prefix some deal with its hand fits, against brute
/// force over those deals.
fn check_seat_knowledge(rules: &Rules, seated: &Oracle, hand: &SeatHand, actions: &[RawAction]) {
    let believe_all = |_a: usize, _k: ClaimKind, _p: u32| true;
    let fit = match seated.first_unfit(actions, &believe_all) {
        None => actions.len(),
        Some(k) => k - 1,
    };
    let prefix = &actions[..fit];
    let mut referee = Referee::seated(hand);
    for &action in prefix {
        referee.apply_raw(action).unwrap();
    }
    let table = referee.knowledge_table().expect("a deal fits the prefix");
    let survivors: Vec<Vec<u64>> = seated
        .deals()
        .filter_map(|deal| seated.replay(deal, prefix, &believe_all))
        .collect();
    assert!(!survivors.is_empty());
    for card in rules.all_cards() {
        let c = rules.card_index(card);
        if !matches!(referee.place(card), fairplay_quartets::Place::Unmoved) {
            continue;
        }
        let holders = survivors.iter().fold(0u16, |m, h| {
            m | 1 << h.iter().position(|x| x & (1 << c) != 0).unwrap()
        });
        assert_eq!(table.possible[c], holders, "card {card}, seat {hand:?}");
    }
    let per = rules.cards_per_set();
    for s in 0..rules.sets() {
        let mask = ((1u64 << per) - 1) << (s * per);
        let certain = (0..rules.players()).fold(0u16, |m, p| {
            let all = survivors.iter().all(|h| h[p] & mask != 0);
            m | u16::from(all) << p
        });
        assert_eq!(table.certain[s], certain, "set {}, seat {hand:?}", s + 1);
    }
}

/// A seated proof leaves no deal with the hand, and believing all but any one claim some fits;
/// the seated sole suspects are exactly the players whose doubt lets some such deal fit.
fn check_seat_explanation(
    rules: &Rules,
    seated: &Oracle,
    hand: &SeatHand,
    actions: &[RawAction],
    log: &str,
) {
    let questions = Questions {
        proof: true,
        suspects: true,
        ..Questions::default()
    };
    let e = explain_seat(log.as_bytes(), hand, &questions).unwrap();
    let Verdict::Cheated { since } = e.verdict else {
        return;
    };
    let proof = e.proof.unwrap();
    let prefix = &actions[..since];
    let believes = |claims: &[fairplay_quartets::explain::Claim]| {
        let claims = claims.to_vec();
        move |a: usize, k: ClaimKind, p: u32| {
            claims
                .iter()
                .any(|c| c.action == a && c.kind == k && c.player.number() == p)
        }
    };
    assert!(
        seated
            .first_unfit(prefix, &believes(&proof.claims))
            .is_some(),
        "seated proof {:?} leaves a deal\n{log}",
        proof.claims
    );
    for i in 0..proof.claims.len() {
        let mut fewer = proof.claims.clone();
        fewer.remove(i);
        assert!(
            seated.first_unfit(prefix, &believes(&fewer)).is_none(),
            "seated proof not minimal\n{log}"
        );
    }
    let suspects = e.suspects.unwrap();
    let judged = &actions[..suspects.through];
    for p in rules.all_players() {
        let doubt = |_a: usize, _k: ClaimKind, q: u32| q != p.number();
        let fits = seated.first_unfit(judged, &doubt).is_none();
        assert_eq!(suspects.sole.contains(&p), fits, "player {p}\n{log}");
    }
}

#[test]
fn seat_view_against_brute_force() {
    let mut rng = SmallRng::seed_from_u64(0x5ea7);
    let (mut logs, mut earlier, mut against_hand) = (0, 0, 0);
    for rules in small_variants() {
        let oracle = oracle_of(&rules);
        for i in 0..160 {
            let game = simulate_seeded(&config(&rules, &mut rng), 0x5ea7 + i);
            let log = game.log();
            let watcher = audit(log.as_bytes(), &rules).unwrap().verdict();
            let wrong = some_deal(&oracle, &mut rng);
            for p in 0..rules.players() {
                for deal in [&game.deal, &wrong] {
                    let (mask, hand) = hand_of(&rules, deal, p);
                    let seated = oracle.with_hand(p, mask);
                    let report = audit_seat(log.as_bytes(), &hand).unwrap();
                    let expected = match seated.first_unfit(&game.actions, &|_, _, _| true) {
                        None => OracleVerdict::Honest,
                        Some(since) => OracleVerdict::Cheated { since },
                    };
                    assert_eq!(verdict(report.verdict()), expected, "seat {hand:?}\n{log}");
                    // The seat knows more than a watcher: never certain later.
                    assert!(since(report.verdict()) <= since(watcher), "{hand:?}\n{log}");
                    earlier += usize::from(since(report.verdict()) < since(watcher));
                    if let Some(c) = report.cheating {
                        if matches!(c.contradiction.reason, Reason::AgainstHand { .. }) {
                            against_hand += 1;
                            // A hand contradicting the log: what everybody saw, with the
                            // hand, is impossible by itself.
                            let none = |_a: usize, _k: ClaimKind, _p: u32| false;
                            assert_eq!(
                                seated.first_unfit(&game.actions, &none),
                                Some(c.contradiction.action),
                                "{hand:?}\n{log}"
                            );
                        }
                    }
                    if std::ptr::eq(deal, &game.deal) {
                        // The true hand fits until the first cheat.
                        assert!(since(report.verdict()) >= game.first_cheat.unwrap_or(0));
                    }
                    if i % 4 == 0 {
                        check_seat_knowledge(&rules, &seated, &hand, &game.actions);
                    }
                    if i % 8 == 0 {
                        check_seat_explanation(&rules, &seated, &hand, &game.actions, &log);
                    }
                    logs += 1;
                }
            }
        }
    }
    println!(
        "seat views: {logs}, earlier than a watcher: {earlier}, against the hand: {against_hand}"
    );
    assert!(
        earlier * 20 >= logs,
        "seats are rarely certain earlier: {earlier} of {logs}"
    );
    assert!(
        against_hand * 20 >= logs,
        "wrong hands rarely contradict: {against_hand}"
    );
}

/// The deal of a simulated game, as `--deal` prints it, read back.
fn true_deal(rules: &Rules, game: &Game) -> TrueDeal {
    TrueDeal::parse(rules, &game.deal_text(rules)).unwrap()
}

/// The replay on the simulator's deal names exactly its cheats; returns the replay.
fn check_truth(rules: &Rules, game: &Game) -> fairplay_quartets::truth::Replay {
    let log = game.log();
    let replayed = replay(log.as_bytes(), &true_deal(rules, game)).unwrap();
    let named: Vec<(usize, u32, ClaimKind)> = replayed
        .lies
        .iter()
        .map(|l| (l.claim.action, l.claim.player.number(), l.claim.kind))
        .collect();
    let truth: Vec<(usize, u32, ClaimKind)> = game
        .cheat_events()
        .map(|e| {
            let kind = match e.kind {
                Cheat::AskWithoutSet => ClaimKind::Ask,
                Cheat::DeniedHeldCard => ClaimKind::Denial,
            };
            (e.action, e.player, kind)
        })
        .collect();
    assert_eq!(named, truth, "\n{log}");
    assert!(replayed.impossible.is_empty());
    assert_eq!(replayed.actions, game.actions.len());
    // A watcher is certain only after some lie, and once every lie it can prove is told.
    let watcher = since(audit(log.as_bytes(), rules).unwrap().verdict());
    match replayed.lies.first() {
        None => assert_eq!(watcher, usize::MAX),
        Some(first) => assert!(watcher >= first.claim.action),
    }
    for lie in &replayed.lies {
        if let Some(at) = lie.exposed {
            assert!(at >= lie.claim.action && watcher <= at, "{lie:?}\n{log}");
        }
    }
    replayed
}

#[test]
fn true_deal_replay_against_the_simulator_and_brute_force() {
    let mut rng = SmallRng::seed_from_u64(0x7d13);
    let (mut logs, mut lies, mut exposed, mut impossible) = (0, 0, 0, 0);
    for rules in small_variants() {
        let oracle = oracle_of(&rules);
        for i in 0..2_000 {
            let game = simulate_seeded(&config(&rules, &mut rng), 0x7d + i);
            let replayed = check_truth(&rules, &game);
            logs += 1;
            lies += replayed.lies.len();
            for lie in &replayed.lies {
                let only =
                    |a: usize, k: ClaimKind, _p: u32| a == lie.claim.action && k == lie.claim.kind;
                let nothing = |_a: usize, _k: ClaimKind, _p: u32| false;
                let alone = oracle.first_unfit(&game.actions, &only);
                let seen = oracle.first_unfit(&game.actions, &nothing);
                let expected = alone.filter(|&k| seen.is_none_or(|s| k < s));
                assert_eq!(lie.exposed, expected, "{lie:?}\n{}", game.log());
                exposed += usize::from(lie.exposed.is_some());
            }
            // On a deal that is not the game's, the first impossible action is the oracle's.
            if i % 4 == 0 {
                let wrong = some_deal(&oracle, &mut rng);
                let hands: Vec<(usize, u32, Vec<String>)> = rules
                    .all_players()
                    .map(|p| {
                        let cards = rules
                            .all_cards()
                            .filter(|&c| usize::from(wrong[rules.card_index(c)]) == p.index())
                            .map(|c| c.to_string())
                            .collect();
                        (0, p.number(), cards)
                    })
                    .collect();
                let deal = TrueDeal::from_hands(
                    &rules,
                    hands
                        .iter()
                        .map(|(l, p, cards)| (*l, *p, cards.iter().map(String::as_str).collect())),
                )
                .unwrap();
                let replayed = replay(game.log().as_bytes(), &deal).unwrap();
                let single = oracle.first_impossible(&wrong, &game.actions);
                assert_eq!(
                    replayed.impossible.first().map(|x| x.action),
                    single,
                    "\n{}",
                    game.log()
                );
                impossible += replayed.impossible.len();
            }
        }
    }
    // The standard game: the simulator's record only (no brute force).
    let standard = Rules::standard();
    for i in 0..10_000 {
        let config = Config::new(standard.clone())
            .with_cheat_rate(rng.random_range(0.0..0.05))
            .with_max_actions(rng.random_range(1..=400));
        let game = simulate_seeded(&config, 0x57d + i);
        lies += check_truth(&standard, &game).lies.len();
        logs += 1;
    }
    println!("true deals: {logs} logs, {lies} lies ({exposed} provable by a watcher on small variants), {impossible} impossible actions on wrong deals");
    assert!(logs >= 20_000);
    assert!(exposed > 0 && exposed < lies && impossible > 0);
}

#[test]
fn bad_hands_and_deals_are_errors() {
    let rules = Rules::standard();
    let err = |text: &str| SeatHand::parse(&rules, 2, text).unwrap_err().to_string();
    assert_eq!(
        err("1A,1B"),
        "player 2 is dealt 8 cards, but the hand has 2"
    );
    assert_eq!(err("1A,1A"), "1A is given twice");
    assert_eq!(err("9A"), "there is no card 9A: sets are numbered 1 to 8");
    assert_eq!(
        err("1E"),
        "there is no card 1E: a set has the letters A to D"
    );
    assert_eq!(
        err("A1"),
        "`A1` is not written as a card (a set number and a letter, such as `3C`)"
    );
    let deal = |text: &str| TrueDeal::parse(&rules, text).unwrap_err().to_string();
    assert_eq!(
        deal("hello\n"),
        "line 1: expected `player N: CARD CARD ...`, found `hello`"
    );
    assert_eq!(
        deal("player 1: 1A\n"),
        "line 1: player 1 is dealt 8 cards, but the hand has 1"
    );
    let good = "player 1: 1A 1B 1C 1D 2A 2B 2C 2D\nplayer 2: 3A 3B 3C 3D 4A 4B 4C 4D\n\
                player 3: 5A 5B 5C 5D 6A 6B 6C 6D\n";
    assert_eq!(deal(good), "no hand for player 4");
    let twice = format!("{good}player 4: 1A 7B 7C 7D 8A 8B 8C 8D\n");
    assert_eq!(
        deal(&twice),
        "line 4: 1A is in the hands of player 1 and player 4"
    );
    let again = format!("{good}player 3: 7A 7B 7C 7D 8A 8B 8C 8D\n");
    assert_eq!(deal(&again), "line 4: a second hand for player 3");
    let fine = format!("yes\n\nA possible deal (every action honest):\n{good}  player 4: 7A 7B 7C 7D 8A 8B 8C 8D\n");
    assert!(TrueDeal::parse(&rules, &fine).is_ok());
    // At an action that breaks a public rule the replay stops, where the audit does: with an
    // error before cheating is certain, with its verdict after.
    let log = b"2\n1 A 2 3C no\n1 A 2 3B no\n";
    let d = TrueDeal::parse(&rules, &fine).unwrap();
    assert!(audit(log, &rules).is_err());
    let replayed = replay(log, &d).unwrap();
    assert_eq!((replayed.actions, replayed.broken), (1, Some(2)));
    let after = b"5\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n1 A 0 3B no\n";
    assert_eq!(audit(after, &rules).unwrap().contract(), "no\n4\n");
    let replayed = replay(after, &d).unwrap();
    assert_eq!((replayed.actions, replayed.broken), (4, Some(5)));
    // A malformed log stays an error.
    assert!(replay(b"2\n1 A 2 3C no\nhello\n", &d).is_err());
}
