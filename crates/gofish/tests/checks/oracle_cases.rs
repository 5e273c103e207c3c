//! The oracle on games worked out by hand from the rules, and against its literal self.

use crate::oracle::{self, judge, literal, Outcome, Variant};

fn variant(players: usize, ranks: usize, hand: usize) -> Variant {
    Variant::new(players, ranks, Some(hand), false).expect("a variant")
}

fn outcome(log: &str, v: Variant) -> Outcome {
    judge(log, &v).outcome
}

fn error_line(log: &str, v: Variant) -> usize {
    match outcome(log, v) {
        Outcome::RuleError { line, .. } => line,
        other => panic!("expected a rule error for\n{log}got {other:?}"),
    }
}

#[test]
fn the_two_samples() {
    let v = variant(2, 3, 3);
    assert_eq!(outcome("1 A 2 A fish\n1 D\n2 A 1 A 1\n", v), Outcome::No(3));
    let honest = "1 A 2 A fish\n1 D\n2 A 1 2 fish\n2 D\n1 A 2 3 1\n";
    assert_eq!(outcome(honest, v), Outcome::Yes);
}

#[test]
fn counts_are_exact_when_a_rank_is_all_accounted_for() {
    // One rank, two cards each, no stock: the asked player holds exactly two.
    let v = variant(2, 1, 2);
    assert_eq!(outcome("1 A 2 A 1\n", v), Outcome::No(1));
    assert_eq!(outcome("1 A 2 A 2\n1 B A\n", v), Outcome::Yes);
    // The book completed by the last action may still come.
    assert_eq!(outcome("1 A 2 A 2\n", v), Outcome::Yes);
    // After the last book the game is over.
    assert_eq!(error_line("1 A 2 A 2\n1 B A\n2 D\n", v), 3);
    // Player 1 holds every card left and the stock is empty: over, but for the book.
    assert_eq!(error_line("1 A 2 A 2\n2 D\n", v), 2);
    // Not laying the book: the next action is the cheat (a rule error here: the game is over).
    let v = variant(2, 1, 1);
    let long = "1 A 2 A 1\n2 D\n2 A 1 A 2\n1 D\n1 A 2 A 3\n1 B A\n";
    assert_eq!(outcome(long, v), Outcome::Yes);
    assert_eq!(outcome("1 A 2 A 1\n2 D\n2 A 1 A fish\n", v), Outcome::No(3));
}

#[test]
fn a_turn_passes_to_an_empty_hand_while_the_stock_lasts() {
    let v = variant(2, 3, 3);
    // Player 2 gave away its hand: player 1 cannot ask, player 2 draws.
    assert_eq!(outcome("1 A 2 A 3\n1 B A\n2 D\n", v), Outcome::Yes);
    assert_eq!(error_line("1 A 2 A 3\n1 B A\n1 A 2 2 fish\n", v), 3);
    assert_eq!(error_line("1 A 2 A 3\n1 B A\n1 D\n", v), 3);
}

#[test]
fn dealt_books_come_first_in_any_order() {
    // Eight cards dealt, four each, no stock.
    let v = variant(2, 2, 4);
    assert_eq!(outcome("1 B A\n2 B 2\n", v), Outcome::Yes);
    assert_eq!(outcome("2 B 2\n1 B A\n", v), Outcome::Yes);
    // "Go fish" to A: player 2 holds the four 2s, which it did not lay first.
    assert_eq!(outcome("1 A 2 A fish\n", v), Outcome::No(1));
    // With A A 2 2 each, play goes on.
    assert_eq!(
        outcome("1 A 2 A 2\n1 B A\n1 A 2 2 2\n1 B 2\n", v),
        Outcome::Yes
    );
    // After player 1's book, player 2 holds every card left: the game is over but for books.
    assert_eq!(error_line("1 B A\n1 A 2 2 fish\n", v), 2);
}

#[test]
fn an_unseen_draw_is_not_the_rank_asked_for() {
    // Player 2 holds no A, so three 2s; player 1's unseen draw is not an A, so the stock's top
    // was the last 2 and player 1 held the three other As: every later count is forced.
    let v = variant(2, 2, 3);
    let log = "1 A 2 A fish\n1 D\n2 A 1 2 1\n2 B 2\n2 D\n2 A 1 A 3\n2 B A\n";
    assert_eq!(outcome(log, v), Outcome::Yes);
    let run = judge(log, &v);
    let (hands, stock) = run.knowledge(2);
    assert_eq!(hands[0], vec![(3, 3), (1, 1)]);
    assert_eq!(hands[1], vec![(0, 0), (3, 3)]);
    assert_eq!(stock, vec![(1, 1), (0, 0)]);
    assert_eq!(
        outcome("1 A 2 A fish\n1 D\n2 A 1 2 fish\n", v),
        Outcome::No(3)
    );
    // A shown draw of the rank: the stock's top was an A.
    let shown = "1 A 2 A fish\n1 D A\n";
    assert_eq!(outcome(shown, v), Outcome::Yes);
    let (hands, _) = judge(shown, &v).knowledge(2);
    assert_eq!(hands[0][0], (3, 4)); // at most one 2 was left for player 1
}

#[test]
fn rule_errors() {
    let v = variant(2, 3, 3);
    for (log, line) in [
        ("2 A 1 A fish\n", 1),                                // the wrong player
        ("1 A 1 A fish\n", 1),                                // asking oneself
        ("1 D\n", 1),                                         // a draw not due
        ("1 A 2 A fish\n2 A 1 A fish\n", 2),                  // a missing draw
        ("1 A 2 A fish\n1 D 2\n", 2),                         // shown, not the rank asked for
        ("1 A 2 A 4\n", 1),                                   // malformed
        ("1 A 3 A fish\n", 1),                                // unknown player
        ("1 A 2 4 fish\n", 1),                                // unknown rank
        ("1 A 2 K fish\n", 1),                                // unknown rank
        ("1 B A\n", 1),                                       // a book of three cards
        ("1 A 2 A 3\n1 B A\n2 D\n2 D\n", 4),                  // a draw not due
        ("1 A 2 A 3\n1 B A\n2 D\n2 A 1 A fish\n", 4),         // a booked rank
        ("1 A 2 A fish\n1 D\n2 A 1 2 fish\n2 D\n1 B A\n", 5), // a book after another's action
        ("1 A 2 A fish\n\n2 D\n", 3),                         // lines count blank ones
        ("1 X 2 A fish\n", 1),
        ("1 A 2 A fish extra\n", 1),
    ] {
        assert_eq!(error_line(log, v), line, "{log}");
    }
    // Publicly a book (four cards, right after a handover), but player 1 held an A.
    assert_eq!(outcome("1 A 2 A 1\n1 B 2\n", v), Outcome::No(2));
    // A shown draw into an empty hand.
    assert_eq!(error_line("1 A 2 A 3\n1 B A\n2 D A\n", v), 3);
    // Ranks in either case and by number; tabs and CR LF.
    assert_eq!(
        outcome("1 A 2 a fish\r\n1\tD\n2 A 1 1 1\n", v),
        Outcome::No(3)
    );
}

#[test]
fn the_verdict_is_fixed_at_the_first_impossible_action() {
    let v = variant(2, 3, 3);
    assert_eq!(
        outcome("1 A 2 A fish\n1 D\n2 A 1 A 1\nnonsense\n", v),
        Outcome::No(3)
    );
    assert_eq!(
        outcome("1 A 2 A fish\n\n1 D\n2 A 1 A 1\n", v),
        Outcome::No(3)
    );
}

#[test]
fn fish_turn_asked_passes_to_the_asked_player() {
    let next = variant(3, 3, 3);
    let asked = Variant::new(3, 3, Some(3), true).unwrap();
    let log = "1 A 3 A fish\n1 D\n3 A 1 2 fish\n3 D\n";
    assert_eq!(error_line(log, next), 3);
    assert_eq!(outcome(log, asked), Outcome::Yes);
    assert_eq!(
        outcome("1 A 3 A fish\n1 D\n2 A 3 2 fish\n2 D\n", next),
        Outcome::Yes
    );
}

#[test]
fn usage_errors() {
    assert!(Variant::new(2, 3, Some(7), false).is_none());
    assert!(Variant::new(1, 3, Some(1), false).is_none());
    assert!(Variant::new(11, 13, Some(1), false).is_none());
    assert!(Variant::new(4, 0, Some(0), false).is_none());
    assert_eq!(Variant::new(4, 13, None, false).unwrap().hand, 5);
    assert_eq!(Variant::new(3, 13, None, false).unwrap().hand, 7);
    assert_eq!(Variant::new(2, 3, Some(6), false).unwrap().hand, 6);
}

/// Random logs that obey the public rules, from every legal action at each step.
fn random_legal(v: Variant, seed: u64, len: usize) -> String {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut table = oracle::table::Table::new(v);
    let mut log = String::new();
    for _ in 0..len {
        let acts = oracle::legal_acts(&table);
        if acts.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let act = acts[(rng % acts.len() as u64) as usize];
        table.apply(act).expect("legal");
        log.push_str(&act.line());
        log.push('\n');
    }
    log
}

#[test]
fn state_sets_agree_with_every_deal_replayed() {
    for (v, logs) in [
        (variant(2, 2, 2), 300),
        (variant(2, 2, 3), 300),
        (variant(3, 2, 2), 300),
        (variant(2, 1, 1), 100),
        (Variant::new(3, 2, Some(1), true).unwrap(), 200),
    ] {
        for seed in 0..logs {
            let log = random_legal(v, seed, 14);
            let run = judge(&log, &v);
            let best = literal::best_prefix(&v, &run.events);
            let expected = if best == run.events.len() {
                run.fitting()
            } else {
                best
            };
            assert_eq!(run.fitting(), expected, "{v:?}\n{log}");
            if let Outcome::No(k) = run.outcome {
                assert_eq!(best + 1, k, "{v:?}\n{log}");
            }
        }
    }
}
