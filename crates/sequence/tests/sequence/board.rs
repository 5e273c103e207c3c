//! The shipped board layout is the real Sequence board.

use std::collections::HashMap;

use fairplay_sequence::{Board, Card, Square, STANDARD_LAYOUT};

#[test]
fn the_shipped_board_has_96_card_squares_each_card_twice_and_4_corners() {
    let board = Board::standard();
    let mut shown: HashMap<Card, Vec<Square>> = HashMap::new();
    let mut free = Vec::new();
    for square in Square::all() {
        match board.card_at(square) {
            Some(card) => shown.entry(card).or_default().push(square),
            None => free.push(square.to_string()),
        }
    }
    assert_eq!(shown.values().map(Vec::len).sum::<usize>(), 96);
    assert_eq!(free, ["A1", "J1", "A10", "J10"]);
    let non_jacks: Vec<Card> = Card::all().filter(|c| !c.is_jack()).collect();
    assert_eq!(non_jacks.len(), 48);
    for card in non_jacks {
        let squares = &shown[&card];
        assert_eq!(squares.len(), 2, "{card}");
        assert_eq!(board.squares_of(card), Some([squares[0], squares[1]]));
    }
    assert!(Card::all()
        .filter(|c| c.is_jack())
        .all(|j| !shown.contains_key(&j)));
}

#[test]
fn the_layout_is_the_documented_one() {
    // Spot checks against the product's board file (row 1 on top, columns A..J).
    let board = Board::standard();
    let at = |s: &str| board.card_at(s.parse().unwrap()).map(|c| c.to_string());
    assert_eq!(at("B1").as_deref(), Some("2s"));
    assert_eq!(at("A2").as_deref(), Some("6c"));
    assert_eq!(at("J2").as_deref(), Some("Xs"));
    assert_eq!(at("E5").as_deref(), Some("5h"));
    assert_eq!(at("I10").as_deref(), Some("6d"));
    assert_eq!(at("J9").as_deref(), Some("5d"));
    let rows = STANDARD_LAYOUT
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .count();
    assert_eq!(rows, 10);
    assert_eq!(Board::parse(STANDARD_LAYOUT).as_ref(), Ok(board));
}
