//! The suspects in words, when the search for the fewest cheaters finishes and when it stops.

use fairplay_quartets::explain::{explain, Questions};
use fairplay_quartets::Rules;
use fairplay_report::quartets::suspects;

/// The standard game: players 2, 3 and 4 each deny a card and later hand it over.
const THREE_LONE_CHEATERS: &str = "7\n1 A 2 2A no\n2 A 3 3A no\n3 A 4 4A no\n\
                                   4 A 2 2A yes\n4 A 3 3A yes\n4 A 1 1A no\n1 A 4 4A yes\n";

fn words(budget: Option<usize>) -> String {
    let questions = Questions {
        suspects: true,
        suspects_work: budget,
        ..Questions::default()
    };
    let e = explain(
        THREE_LONE_CHEATERS.as_bytes(),
        &Rules::standard(),
        &questions,
    )
    .unwrap();
    suspects(e.suspects.as_ref().unwrap(), e.actions)
}

#[test]
fn a_finished_search_names_the_groups() {
    assert_eq!(
        words(None),
        "no single player could be the only cheater; at least 3 players cheated: players 2, 3 and 4"
    );
}

#[test]
fn a_stopped_search_gives_a_lower_bound_and_says_so() {
    assert_eq!(
        words(Some(1)),
        "no single player could be the only cheater; at least 2 players cheated (search stopped)"
    );
}
