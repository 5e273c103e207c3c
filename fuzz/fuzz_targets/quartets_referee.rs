//! The streaming `Referee` keeps its promises, action by action:
//!
//! * once the verdict is `Cheated { since }` it stays so, with the same `since` and the same
//!   contradiction; a new contradiction is at the action just applied;
//! * an action refused with a `RuleError` changes nothing observable: verdict, contradiction,
//!   `actions()`, `turn()`, every player's `card_count`, every card's `place`, the witness;
//! * an accepted action counts one more action and returns the verdict `verdict()` gives;
//! * whose turn it is: nobody exactly when nobody has cards, else a player with cards; while
//!   every action may be honest, cards in hands plus cards laid aside make the deck;
//! * refused actions are skipped and the rest fed on; at the end, when `audit` judges the log,
//!   its verdict is the streaming one; when it fails, it names the first refused action (or
//!   the syntax error) the stream met.
//!
//! Input: one byte choosing the rules (`fairplay_fuzz::VARIANTS`), then action lines *without*
//! the count line: the harness counts the actions and writes the count line itself, so that
//! mutations need not keep it right.

#![no_main]

use fairplay_fuzz::quartets_rules;
use fairplay_quartets::notation::LogReader;
use fairplay_quartets::{audit, Contradiction, LogError, Place, Player, Referee, Verdict};
use libfuzzer_sys::fuzz_target;

/// Everything a watcher can ask a referee about its state.
#[derive(Debug, PartialEq)]
struct Seen {
    verdict: Verdict,
    contradiction: Option<Contradiction>,
    actions: usize,
    turn: Option<Player>,
    counts: Vec<u32>,
    places: Vec<Place>,
    witness: Option<Vec<Player>>,
}

/// The part of [`Seen`] checked after every accepted action.
struct Brief {
    verdict: Verdict,
    contradiction: Option<Contradiction>,
    actions: usize,
}

impl Brief {
    fn of(referee: &Referee) -> Brief {
        Brief {
            verdict: referee.verdict(),
            contradiction: referee.contradiction(),
            actions: referee.actions(),
        }
    }
}

fn observe(referee: &Referee) -> Seen {
    let rules = referee.rules();
    Seen {
        verdict: referee.verdict(),
        contradiction: referee.contradiction(),
        actions: referee.actions(),
        turn: referee.turn(),
        counts: rules.all_players().map(|p| referee.card_count(p)).collect(),
        places: rules.all_cards().map(|c| referee.place(c)).collect(),
        witness: referee.witness(),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    let rules = quartets_rules(selector);

    // Count the actions the body holds (up to a syntax error), and write the count line.
    let mut counting = b"4294967295\n".to_vec();
    counting.extend_from_slice(body);
    let count = LogReader::new(&counting)
        .expect("a count line")
        .take_while(Result::is_ok)
        .count();
    let mut log = format!("{count}\n").into_bytes();
    log.extend_from_slice(body);

    let mut referee = Referee::new(rules.clone());
    let mut first_failure: Option<LogError> = None;
    let mut records = 0;
    for record in LogReader::new(&log).expect("a count line") {
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                first_failure.get_or_insert(LogError::Parse(e));
                break;
            }
        };
        records += 1;
        // A copy, observed only if the action is refused (observing costs more than copying).
        let copy = referee.clone();
        let before = Brief::of(&copy);
        match referee.apply_raw(record.action) {
            Ok(verdict) => {
                let after = Brief::of(&referee);
                assert_eq!(verdict, after.verdict, "apply_raw returns the verdict");
                assert_eq!(after.actions, before.actions + 1, "an action is counted");
                match before.verdict {
                    Verdict::Cheated { .. } => {
                        assert_eq!(after.verdict, before.verdict, "cheating stays certain");
                        assert_eq!(after.contradiction, before.contradiction);
                    }
                    Verdict::Honest => {
                        if let Verdict::Cheated { since } = after.verdict {
                            assert_eq!(since, after.actions, "cheating is certain since now");
                        }
                    }
                }
                match after.contradiction {
                    None => assert_eq!(after.verdict, Verdict::Honest),
                    Some(c) => assert_eq!(after.verdict, Verdict::Cheated { since: c.action }),
                }
                check_table(&referee);
            }
            Err(error) => {
                assert_eq!(
                    observe(&referee),
                    observe(&copy),
                    "the refused action {} ({error}) changed the referee",
                    record.action
                );
                if before.verdict == Verdict::Honest && first_failure.is_none() {
                    first_failure = Some(LogError::Rule {
                        line: record.line,
                        action: records,
                        error,
                    });
                }
            }
        }
    }

    match audit(&log, &rules) {
        Ok(report) => {
            assert_eq!(
                first_failure, None,
                "audit judged a log the stream could not"
            );
            assert_eq!(
                report.verdict(),
                referee.verdict(),
                "audit and the stream disagree"
            );
            let contradiction = report.cheating.map(|c| c.contradiction);
            assert_eq!(contradiction, referee.contradiction());
            assert_eq!(report.actions, records);
        }
        Err(error) => assert_eq!(Some(error), first_failure, "audit fails elsewhere"),
    }
});

/// Public-state invariants after an accepted action.
fn check_table(referee: &Referee) {
    let rules = referee.rules();
    let counts: Vec<u32> = rules.all_players().map(|p| referee.card_count(p)).collect();
    match referee.turn() {
        None => assert!(
            counts.iter().all(|&c| c == 0),
            "nobody's turn while someone has cards: {counts:?}"
        ),
        Some(p) => assert!(counts[p.index()] > 0, "player {p}'s turn, who has no cards"),
    }
    if referee.verdict() == Verdict::Honest {
        let mut seen_in_hand = vec![0u32; rules.players()];
        let mut out = 0u64;
        for card in rules.all_cards() {
            match referee.place(card) {
                Place::Out => out += 1,
                Place::Hand(p) => seen_in_hand[p.index()] += 1,
                Place::Unmoved => {}
            }
        }
        let held: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        assert_eq!(
            held + out,
            rules.deck_size() as u64,
            "cards held and laid aside"
        );
        for (count, seen) in counts.iter().zip(&seen_in_hand) {
            assert!(
                count >= seen,
                "a player holds fewer cards than seen in hand"
            );
        }
    }
}
