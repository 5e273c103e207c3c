//! The contract rules: spec samples, every illegal-move kind, malformed logs.

use fairplay_sequence::{audit_contract, IllegalKind, IllegalMove, LogError, Verdict};

/// A log from move lines: the count line is added.
fn log(moves: &[&str]) -> String {
    let mut text = format!("{}\n", moves.len());
    for line in moves {
        text.push_str(line);
        text.push('\n');
    }
    text
}

fn output(text: &str) -> String {
    audit_contract(text.as_bytes()).unwrap().to_string()
}

fn illegal(moves: &[&str]) -> (u64, IllegalMove) {
    match audit_contract(log(moves).as_bytes()).unwrap().verdict {
        Verdict::Invalid { turn, illegal, .. } => (turn, illegal),
        Verdict::Valid => panic!("judged valid: {moves:?}"),
    }
}

fn error(text: &str) -> String {
    audit_contract(text.as_bytes()).unwrap_err().to_string()
}

#[test]
fn spec_samples() {
    let samples = [
        (
            "5\n1 5s P 5s\n2 7h P 7h\n3 5s P 5s\n4 Jh R 5s\n5 Jd P 5s\n",
            "VALID GAME\n",
        ),
        (
            "6\n1 2h P 2h\n2 Js R 3h\n3 2h P 2h\n4 3h P 2h\n5 4h R Qd\n6 Qd P Kd\n",
            "INVALID 2\n",
        ),
        (
            "4\n1 2s P 2s\n2 Jd P 2s\n3 2s P 2s\n4 Jc P 3s\n",
            "INVALID 3\n",
        ),
        (
            "4\n1 6c P 6c\n2 Jc R 6c\n3 7h P 7h\n4 9d P 9d\n",
            "INVALID 2\n",
        ),
    ];
    for (input, expected) in samples {
        assert_eq!(output(input), expected, "{input:?}");
    }
}

#[test]
fn every_illegal_kind() {
    let cases: [(&[&str], u64, IllegalKind); 11] = [
        // A third play of the same card: only two decks exist.
        (
            &["1 5s P 5s", "2 Jh R 5s", "3 5s P 5s", "4 5s P 5s"],
            4,
            IllegalKind::CardUsedUp,
        ),
        (
            &["1 Jd P 2s", "2 Jd P 3s", "3 Jd P 4s"],
            3,
            IllegalKind::CardUsedUp,
        ),
        (&["1 5s P 5s", "2 5s R 5s"], 2, IllegalKind::CannotRemove),
        (&["1 5s P 5s", "2 Jc R 5s"], 2, IllegalKind::CannotRemove),
        (&["1 Js P 5s"], 1, IllegalKind::OneEyedPlaces),
        // A spot written as a Jack is an illegal move (no spot shows a Jack), not an error.
        (&["1 Jd P Jc"], 1, IllegalKind::JackSpot),
        (&["1 5s P 5s", "2 Jh R Js"], 2, IllegalKind::JackSpot),
        (&["1 5s P 5h"], 1, IllegalKind::WrongSpot),
        (
            &["1 5s P 5s", "2 Jd P 5s", "3 Jc P 5s"],
            3,
            IllegalKind::SpotsFull,
        ),
        (&["1 Jh R 5s"], 1, IllegalKind::NothingToRemove),
        (
            &["1 5s P 5s", "2 Jh R 5s", "3 Js R 5s"],
            3,
            IllegalKind::NothingToRemove,
        ),
    ];
    for (moves, turn, kind) in cases {
        let (got_turn, got) = illegal(moves);
        assert_eq!((got_turn, got.kind()), (turn, kind), "{moves:?}: {got}");
    }
    let covered = |k: &IllegalKind| cases.iter().any(|c| c.2 == *k);
    assert!(IllegalKind::CONTRACT.iter().all(covered));
}

#[test]
fn illegal_moves_explain_themselves() {
    let (_, third) = illegal(&["1 5s P 5s", "2 5s P 5s", "3 5s P 5s"]);
    assert_eq!(
        third.to_string(),
        "5s has already been played twice, and only two decks exist"
    );
    let (_, jack) = illegal(&["1 Jd P Jc"]);
    assert_eq!(jack.to_string(), "no spot shows Jc: the board has no Jacks");
}

#[test]
fn only_the_first_illegal_move_counts_but_every_line_is_read() {
    assert_eq!(
        output(&log(&["1 5s P 5h", "2 Js P 5s", "3 9c P 9c"])),
        "INVALID 1\n"
    );
    // A malformed line after the first illegal move is still an error.
    assert_eq!(
        error(&log(&["1 5s P 5h", "2 9c P 9x"])),
        "line 3: expected a spot: the card it shows (`5s`), its square (`B7`, columns A-J, rows 1-10) or both (`5s@B7`), found `9x`"
    );
    // So is a count that disagrees with the lines, or turns that do not increase.
    assert_eq!(
        error("3\n1 5s P 5h\n2 9c P 9c\n"),
        "line 4: expected 3 moves as line 1 says, found 2"
    );
    assert_eq!(
        error("3\n1 5s P 5h\n3 9c P 9c\n2 8c P 8c\n"),
        "line 4: expected a turn number above 3 (turns increase), found `2`"
    );
}

#[test]
fn ten_may_be_written_10() {
    assert_eq!(
        output("3\n1 10h P Xh\n2 Xh P 10h\n3 Jd P 10h\n"),
        "INVALID 3\n"
    );
    assert_eq!(
        output("2\r\n1\t10s  P\t10s\r\n\r\n2 Jh R Xs\r\n"),
        "VALID GAME\n"
    );
}

#[test]
fn malformed_logs_are_errors_naming_the_line() {
    let cases = [
        ("", "line 1: expected the number of moves, found an empty input"),
        ("2\n1 5s P 5s\n", "line 3: expected 2 moves as line 1 says, found 1"),
        (
            "1\n1 5s P 5s\n2 7h P 7h\n",
            "line 3: expected only 1 move as line 1 says, found move 2 (`2 7h P 7h`)",
        ),
        ("1\n1 5s\n", "line 2: expected `P` (place), `R` (remove) or `D` (discard a dead card), found the end of the line"),
        ("1\n1 5S P 5s\n", "line 2: expected a card such as `5s`, `Xh` or `10h` (rank 2-9, X or 10, J, Q, K, A; suit h, c, d, s), found `5S`"),
        ("1\n1 5s P 5s 5s\n", "line 2: expected a team (`blue`, `green`, `red`), the sequences marked (the first and last of five squares in a line, such as `A2-E2`, several joined by `+`) or the end of the line, found `5s`"),
        ("1\n1 5s D\n", "line 2: discards (`D`) belong to the full rules, not to the contract format"),
        ("1\n1 5s P 7h@E1\n", "line 2: square E1 shows 5s, not 7h"),
        ("1\n1 5s P A1\n", "line 2: square A1 is a free corner: it shows no card, and the contract rules judge cards"),
        ("1\n0 5s P 5s\n", "line 2: expected a turn number from 1 to 1, found `0`"),
        (
            "99999999999999999999999999\n1 5s P 5s\n",
            "line 1: expected the number of moves, found `99999999999999999999999999`, a number too large (the most is 18446744073709551615)",
        ),
        (
            "18446744073709551615\n18446744073709551615 5s P 5s\n",
            "line 3: expected 18446744073709551615 moves as line 1 says, found 1",
        ),
        (
            "2\n1 5s P 5s\n18446744073709551616 5s P 5s\n",
            "line 3: expected a turn number, found `18446744073709551616`",
        ),
        ("1\n1 5s P 5s\u{0}\n", "line 2: expected a spot: the card it shows (`5s`), its square (`B7`, columns A-J, rows 1-10) or both (`5s@B7`), found binary data (`5s\\x00`)"),
    ];
    for (input, message) in cases {
        assert_eq!(error(input), message, "{input:?}");
        assert!(matches!(
            audit_contract(input.as_bytes()),
            Err(LogError::Parse(_) | LogError::Name { .. })
        ));
    }
}

#[test]
fn extended_lines_are_judged_by_their_cards() {
    // Squares stand for the card they show; teams are read but not judged.
    assert_eq!(
        output("3\n1 5s P 5s@E1 blue\n2 5s P D9 blue\n3 Jd P 5s@E1 green\n"),
        "INVALID 3\n"
    );
}

#[test]
fn a_huge_count_allocates_nothing_and_is_reported() {
    let text = format!("{}\n1 5s P 5s\n", u64::MAX);
    assert!(error(&text).starts_with("line 3: expected 18446744073709551615 moves"));
}
