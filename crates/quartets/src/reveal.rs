//! The deal a whole log reveals, as the referee's first witness.
//!
//! A card's first move shows who was dealt it, if everybody was honest: the asked player who
//! hands it over (`yes`), or the player who lays its set aside (`Q`). A game played to the end
//! moves every card, so an honest log reveals its whole deal. Starting the witness there, the
//! facts of an honest game never break it, and the referee makes no repairs. Any deal of the
//! right hand sizes is a witness before the first action, so the guess changes no verdict,
//! only the work.
//!
//! Parsing the log twice would cost more than the repairs it saves, so the guess reads only the
//! lines that move cards: it finds their `y` and `Q` bytes, which no other line of a log has,
//! sixteen bytes at a time, and reads the names at their places in a canonical line. It checks
//! nothing: a line of another spelling (two-digit numbers, more spaces) or a bad line at worst
//! puts a wrong name in the guess, which makes the guess worse and changes nothing else.

use crate::deal::NO_GUESS;
use crate::rules::{Card, Rules};
use wide::u8x16;

/// How far into a log the guess reads, per card of the deck. A standard game moves all its
/// cards within about 30 bytes a card; a game of mostly `no` lines moves few, and reading it
/// all would cost more than the guess saves (measured in instructions, README).
const READ_PER_CARD: usize = 64;

/// Writes into `guess`, per card (by [`Rules::card_index`]), the index of the player its first
/// move in `input` comes from, or [`NO_GUESS`] for a card no canonical line moves within the
/// first [`READ_PER_CARD`] bytes per card. Returns how many cards it guessed.
///
/// Games of more than 9 players or sets write two-digit numbers, which these fixed places
/// misread, and they are not read (measured: 3.7 % more instructions with a guess on logs of
/// 1000 actions of 10 players and 250 sets).
pub(crate) fn first_holders(input: &[u8], rules: &Rules, guess: &mut Vec<u8>) -> usize {
    if rules.players() > 9 || rules.sets() > 9 {
        return 0;
    }
    guess.clear();
    guess.resize(rules.deck_size(), NO_GUESS);
    let mut unknown = rules.deck_size();
    let read = input
        .len()
        .min(rules.deck_size().saturating_mul(READ_PER_CARD));
    for (block, bytes) in input[..read].chunks(64).enumerate() {
        let mut marks = match bytes.try_into() {
            Ok(full) => moving_bytes(full),
            Err(_) => {
                let mut last = [0; 64];
                last[..bytes.len()].copy_from_slice(bytes);
                moving_bytes(&last)
            }
        };
        while marks != 0 {
            let at = 64 * block + marks.trailing_zeros() as usize;
            marks &= marks - 1;
            unknown -= reveal(input, at, rules, guess);
            if unknown == 0 {
                return rules.deck_size();
            }
        }
    }
    rules.deck_size() - unknown
}

/// The `y` and `Q` bytes of `block`, as a bit mask (bit `i` for byte `i`), sixteen bytes
/// compared at once.
#[inline]
fn moving_bytes(block: &[u8; 64]) -> u64 {
    let (y, q) = (u8x16::splat(b'y'), u8x16::splat(b'Q'));
    let mut marks = 0;
    for (i, sixteen) in block.chunks_exact(16).enumerate() {
        let bytes = u8x16::new(sixteen.try_into().expect("sixteen bytes"));
        let found = (bytes.cmp_eq(y) | bytes.cmp_eq(q)).move_mask() as u16;
        marks |= u64::from(found) << (16 * i);
    }
    marks
}

/// Notes the cards that the line whose `y` (of `yes`) or `Q` is at `at` moves for the first
/// time, reading it as a canonical line (`1 A 2 3C yes`, `1 Q 3`: one digit a number); returns
/// how many. The line is not checked: a byte that is no such line, or a line of another
/// spelling, at worst puts a wrong name in the guess.
fn reveal(input: &[u8], at: usize, rules: &Rules, guess: &mut [u8]) -> usize {
    let digit = |byte: u8, zero: u8| usize::from(byte.wrapping_sub(zero));
    let (players, sets, letters) = (rules.players(), rules.sets(), rules.cards_per_set());
    if input[at] == b'y' {
        // `T A U SL yes`: the five bytes before the `y` are `U SL `.
        let Some(&[target, _, set, letter, _]) = at.checked_sub(5).map(|start| &input[start..at])
        else {
            return 0;
        };
        let (target, set, letter) = (digit(target, b'1'), digit(set, b'1'), digit(letter, b'A'));
        if target >= players || set >= sets || letter >= letters {
            return 0;
        }
        let first = &mut guess[rules.card_index(Card {
            set: set as u32,
            letter: letter as u8,
        })];
        if *first != NO_GUESS {
            return 0;
        }
        *first = target as u8;
        return 1;
    }
    let (Some(&player), Some(&set)) = (
        at.checked_sub(2).and_then(|at| input.get(at)),
        input.get(at + 2),
    ) else {
        return 0;
    };
    let (player, set) = (digit(player, b'1'), digit(set, b'1'));
    if player >= players || set >= sets {
        return 0;
    }
    let first = rules.card_index(Card {
        set: set as u32,
        letter: 0,
    });
    let cards = &mut guess[first..first + letters];
    let mut fresh = 0;
    for holder in cards.iter_mut().filter(|holder| **holder == NO_GUESS) {
        *holder = player as u8;
        fresh += 1;
    }
    fresh
}

#[cfg(test)]
mod tests {
    use super::first_holders;
    use crate::deal::NO_GUESS;
    use crate::notation::parse_action;
    use crate::{Referee, Rules, Verdict};
    use proptest::prelude::*;

    fn guess_of(log: &[u8], rules: &Rules) -> Vec<u8> {
        let mut guess = vec![7; 3]; // stale contents are replaced
        let guessed = first_holders(log, rules, &mut guess) > 0;
        assert_eq!(guessed, guess.iter().any(|&p| p != NO_GUESS));
        guess
    }

    #[test]
    fn first_moves_name_who_was_dealt_each_card() {
        let rules = Rules::new(3, 2, 2, Some(vec![2, 1, 1])).unwrap(); // cards 1A 1B 2A 2B
                                                                       // 1B moves from player 2, then from player 1 (who got it: no news); set 2 is laid aside
                                                                       // by player 3, whose 2A came from player 1 before.
        let log = b"4\n1 A 2 1B yes\n1 A 3 2A no\n2 A 1 1B yes\n3 A 1 2A yes\n3 Q 2";
        let guess = guess_of(log, &rules);
        assert_eq!(guess, vec![NO_GUESS, 1, 0, 2]);
    }

    #[test]
    fn lines_of_other_spellings_reveal_nothing_or_a_wrong_name_in_range() {
        let rules = Rules::new(3, 2, 2, Some(vec![2, 1, 1])).unwrap();
        // A `y` and a `Q` at the very start, a `yes` with extra spaces, a two-digit player, a
        // set and a letter the rules do not have, a `Q` line cut short.
        for log in [
            &b"y"[..],
            b"Q 1\n",
            b"2\n1 A 2  1B  yes\n1 A 2 1Z yes\n1 A 2 9A yes\n",
            b"1\n12 A 3 1A yes\n",
            b"1\n1 Q",
        ] {
            let guess = guess_of(log, &rules);
            assert_eq!(guess.len(), 4);
            assert!(guess.iter().all(|&p| p == NO_GUESS || p < 3), "{guess:?}");
        }
    }

    #[test]
    fn reading_stops_after_a_budget_per_card() {
        let rules = Rules::new(2, 1, 2, None).unwrap(); // two cards: 128 bytes are read
        let mut log = b"100\n".to_vec();
        log.extend(b"1 A 2 1A no\n2 A 1 1A no\n".repeat(10));
        let late = log.len();
        log.extend(b"1 A 2 1A yes\n");
        assert!(late > 128);
        assert_eq!(guess_of(&log, &rules), vec![NO_GUESS, NO_GUESS]);
        assert_eq!(guess_of(&log[late - 4..], &rules), vec![1, NO_GUESS]);
    }

    #[test]
    fn games_with_two_digit_names_are_not_read() {
        let log = b"1\n1 A 2 1A yes\n";
        let mut guess = Vec::new();
        for (players, sets) in [(10, 5), (2, 10)] {
            let rules = Rules::new(players, sets, 2, None).unwrap();
            assert_eq!(first_holders(log, &rules, &mut guess), 0);
        }
        assert!(first_holders(log, &Rules::new(9, 9, 2, None).unwrap(), &mut guess) > 0);
    }

    fn rules() -> impl Strategy<Value = Rules> {
        prop_oneof![
            Just(Rules::standard()),
            Just(Rules::new(3, 3, 3, None).unwrap()),
            Just(Rules::new(3, 4, 2, Some(vec![0, 5, 3])).unwrap()),
            Just(Rules::new(4, 3, 2, Some(vec![3, 1, 2, 0])).unwrap()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Whatever the first witness (guessed from the log, or any bytes at all), the referee
        /// says the same after every action as one that starts from the deal in order: the
        /// witness changes the work, never the answer.
        #[test]
        fn no_first_witness_changes_a_verdict(
            rules in rules(),
            actions in prop::collection::vec((1u32..=4, 1u32..=4, 1u32..=4, 0u8..4, any::<bool>(), 0u8..8), 0..120),
            noise in prop::collection::vec(any::<u8>(), 32),
            from_log in any::<bool>(),
        ) {
            let mut plain = Referee::new(rules.clone());
            let mut lines = Vec::new();
            for (x, y, set, letter, granted, kind) in actions {
                // Mostly the player whose turn it is, so that play goes deep into the game.
                let x = if kind % 4 != 3 { plain.turn().map_or(x, |p| p.number()) } else { x };
                let line = if kind == 0 {
                    format!("{x} Q {set}")
                } else {
                    let answer = if granted { "yes" } else { "no" };
                    format!("{x} A {y} {set}{} {answer}", char::from(b'A' + letter))
                };
                let raw = parse_action(line.as_bytes(), 1).unwrap().unwrap();
                if plain.apply_raw(raw).is_ok() {
                    lines.push(line);
                }
            }
            let log = format!("{}\n{}\n", lines.len(), lines.join("\n"));
            let guess: Vec<u8> = if from_log {
                guess_of(log.as_bytes(), &rules)
            } else {
                // Any byte: a player, no guess, or a name out of range.
                (0..rules.deck_size()).map(|c| noise[c % noise.len()] % 20).collect()
            };
            let (mut plain, mut guessed) = (Referee::new(rules.clone()), Referee::new(rules.clone()));
            guessed.guess_deal(&guess);
            for line in &lines {
                let raw = parse_action(line.as_bytes(), 1).unwrap().unwrap();
                let expected = plain.apply_raw(raw).unwrap();
                prop_assert_eq!(guessed.apply_raw(raw), Ok(expected), "{}", log);
                prop_assert_eq!(guessed.contradiction(), plain.contradiction());
            }
            prop_assert_eq!(guessed.witness().is_some(), plain.verdict() == Verdict::Honest);
        }
    }
}
