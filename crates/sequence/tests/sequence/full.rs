//! The full rules: every illegal-move kind, sequences, winning, the report.

use fairplay_sequence::{
    audit_full, Board, Cell, FullReport, IllegalKind, LogError, Square, Team, Teams, Verdict,
};

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

/// `P` line for the card shown on `sq` (written `card@square`), by `team`.
fn put(sq: &str, team: &str) -> String {
    let card = Board::standard().card_at(square(sq)).unwrap();
    format!("{card} P {card}@{sq} {team}")
}

/// A log from move lines without turn numbers: numbers and the count line are added.
fn log(moves: &[String]) -> String {
    let mut text = format!("{}\n", moves.len());
    for (i, line) in moves.iter().enumerate() {
        text.push_str(&format!("{} {line}\n", i + 1));
    }
    text
}

fn audit(moves: &[String], teams: Teams) -> FullReport {
    audit_full(log(moves).as_bytes(), Some(teams)).unwrap()
}

fn lines(moves: &[&str]) -> Vec<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

/// Interleaves the moves of two teams: blue's squares and green's squares, blue first.
fn alternate(blue: &[&str], green: &[&str]) -> Vec<String> {
    let mut moves = Vec::new();
    for i in 0..blue.len().max(green.len()) {
        if let Some(sq) = blue.get(i) {
            moves.push(put(sq, "blue"));
        }
        if let Some(sq) = green.get(i) {
            moves.push(put(sq, "green"));
        }
    }
    moves
}

fn invalid(report: &FullReport) -> (u64, IllegalKind) {
    match &report.verdict {
        Verdict::Invalid { turn, illegal, .. } => (*turn, illegal.kind()),
        Verdict::Valid => panic!("judged valid:\n{report}"),
    }
}

/// Green squares that never line up: for filling green's turns.
const GREEN: [&str; 8] = ["B6", "E6", "H6", "C8", "F8", "I8", "D10", "G10"];

#[test]
fn every_illegal_kind() {
    let with = |setup: &[&str], last: &str| {
        let mut moves = lines(setup);
        moves.push(last.to_string());
        moves
    };
    let cases: Vec<(Vec<String>, IllegalKind)> = vec![
        (
            with(&["5s P E1 blue", "5s P D9 green"], "5s P 5s@E1 blue"),
            IllegalKind::CardUsedUp,
        ),
        (with(&[], "5s R E1 blue"), IllegalKind::CannotRemove),
        (
            with(&["5s P E1 blue"], "Jc R E1 green"),
            IllegalKind::CannotRemove,
        ),
        (with(&[], "Jh P B2 blue"), IllegalKind::OneEyedPlaces),
        (with(&[], "5s P F1 blue"), IllegalKind::WrongSquare),
        (with(&[], "5s P A1 blue"), IllegalKind::WrongSquare),
        (with(&[], "Jd P A1 blue"), IllegalKind::Corner),
        (with(&[], "Jc P J10"), IllegalKind::Corner),
        (
            with(&["5s P E1 blue"], "Jd P E1 green"),
            IllegalKind::Occupied,
        ),
        (
            with(&["5s P E1 blue"], "5s P E1 green"),
            IllegalKind::Occupied,
        ),
        (with(&[], "Jh R E1 blue"), IllegalKind::NoToken),
        (with(&[], "Js R A10 blue"), IllegalKind::NoToken),
        (
            with(&["5s P E1 blue", "6s P F1 green"], "Jh R E1 blue"),
            IllegalKind::OwnToken,
        ),
        (
            with(&["5s P E1 blue"], "6s P F1 blue"),
            IllegalKind::OutOfTurn,
        ),
        (with(&[], "5s P E1 green"), IllegalKind::OutOfTurn),
        (with(&[], "Jd D blue"), IllegalKind::DiscardJack),
        (with(&[], "5s D blue"), IllegalKind::DiscardLive),
        (
            with(&["5s P E1 blue", "6s P F1 green"], "5s D blue"),
            IllegalKind::DiscardLive,
        ),
        (
            // 5s and 6s are dead once Jacks cover their other squares; one discard a turn.
            with(
                &[
                    "Jd P E1 blue",
                    "Jc P D9 green",
                    "Jd P F1 blue",
                    "Jc P C9 green",
                    "5s D blue",
                ],
                "6s D blue",
            ),
            IllegalKind::SecondDiscard,
        ),
    ];
    for (moves, kind) in &cases {
        let report = audit(moves, Teams::Two);
        let turn = moves.len() as u64;
        assert_eq!(invalid(&report), (turn, *kind), "{moves:?}\n{report}");
    }
    // In a sequence, and after a win: see the sequence tests below; recorded markings:
    // tests/marking_cases.rs.
    let shown: Vec<IllegalKind> = cases.iter().map(|c| c.1).collect();
    let elsewhere = [
        IllegalKind::InSequence,
        IllegalKind::GameOver,
        IllegalKind::BadMarking,
    ];
    assert!(IllegalKind::FULL
        .iter()
        .all(|k| shown.contains(k) || elsewhere.contains(k)));
}

#[test]
fn a_legal_discard_keeps_the_turn_and_uses_a_card() {
    let setup = ["Jd P E1 blue", "Jc P D9 green", "5s D blue"];
    let mut moves = lines(&setup);
    moves.push("7s P G1 blue".to_string());
    assert_eq!(audit(&moves, Teams::Two).verdict, Verdict::Valid);
    let mut moves = lines(&setup);
    moves.push("7s P G1 green".to_string());
    assert_eq!(
        invalid(&audit(&moves, Teams::Two)),
        (4, IllegalKind::OutOfTurn)
    );
    // Two plays of 5s in all: the discard and one more are both copies.
    let mut moves = lines(&setup);
    moves.extend(lines(&["7s P G1", "5s D green", "8s P H1", "5s D blue"]));
    assert_eq!(
        invalid(&audit(&moves, Teams::Two)),
        (7, IllegalKind::CardUsedUp)
    );
}

#[test]
fn removed_tokens_free_their_square_and_teams_may_go_unnamed() {
    let moves = lines(&["5s P E1", "Jh R E1", "5s P 5s@E1", "Jd P E1"]);
    let report = audit(&moves, Teams::Two);
    assert_eq!(invalid(&report), (4, IllegalKind::Occupied));
    assert_eq!(
        report.game.cell(square("E1")),
        Cell::Token {
            team: Team::BLUE,
            locked: false
        }
    );
}

#[test]
fn a_row_with_a_corner_is_a_sequence_and_its_tokens_are_locked() {
    let mut moves = alternate(&["B1", "C1", "D1", "E1"], &GREEN[..4]);
    let report = audit(&moves, Teams::Two);
    assert_eq!(report.verdict, Verdict::Valid);
    assert_eq!(report.game.sequence_count(Team::BLUE), 1);
    assert_eq!(report.game.winner(), None);
    assert_eq!(
        report.game.cell(square("C1")),
        Cell::Token {
            team: Team::BLUE,
            locked: true
        }
    );
    let last = |moves: &mut Vec<String>, line: &str| {
        moves.push(line.to_string());
        let verdict = invalid(&audit(moves, Teams::Two));
        moves.pop();
        verdict
    };
    // Move 9 is blue's.
    assert_eq!(
        last(&mut moves, "Js R C1 green"),
        (9, IllegalKind::OutOfTurn)
    );
    assert_eq!(last(&mut moves, "Js R C1 blue"), (9, IllegalKind::OwnToken));
    moves.push(put("J5", "blue"));
    assert_eq!(
        last(&mut moves, "Js R C1 green"),
        (10, IllegalKind::InSequence)
    );
    assert_eq!(
        last(&mut moves, "Js R B6 green"),
        (10, IllegalKind::OwnToken)
    );
    moves.push("Js R J5 green".to_string()); // not in a sequence: may go
    assert_eq!(audit(&moves, Teams::Two).verdict, Verdict::Valid);
}

#[test]
fn columns_and_both_diagonals_count() {
    for blue in [
        ["A2", "A3", "A4", "A5"], // column with the corner A1
        ["B2", "C3", "D4", "E5"], // diagonal down from A1
        ["I2", "H3", "G4", "F5"], // diagonal up to J1
        ["J6", "J7", "J8", "J9"], // column with the corner J10
    ] {
        let report = audit(&alternate(&blue, &GREEN[..4]), Teams::Two);
        assert_eq!(
            report.game.sequence_count(Team::BLUE),
            1,
            "{blue:?}\n{report}"
        );
        assert_eq!(report.game.sequences()[0].team, Team::BLUE);
    }
    // Four in a line without a corner are not a sequence; five are.
    let report = audit(
        &alternate(&["C5", "D5", "E5", "F5"], &GREEN[..4]),
        Teams::Two,
    );
    assert_eq!(report.game.sequence_count(Team::BLUE), 0);
    let report = audit(
        &alternate(&["C5", "D5", "E5", "F5", "G5"], &GREEN[..5]),
        Teams::Two,
    );
    assert_eq!(report.game.sequence_count(Team::BLUE), 1);
}

#[test]
fn corners_count_for_every_team() {
    let report = audit(
        &alternate(&["B1", "C1", "D1", "E1"], &["A2", "A3", "A4", "A5"]),
        Teams::Two,
    );
    assert_eq!(report.game.sequence_count(Team::BLUE), 1);
    assert_eq!(report.game.sequence_count(Team::GREEN), 1);
}

#[test]
fn two_sequences_win_and_no_move_follows() {
    // Row 1 and column A share the corner A1: one square, allowed.
    let mut moves = alternate(&["B1", "C1", "D1", "E1", "A2", "A3", "A4", "A5"], &GREEN);
    moves.pop(); // the game ends with blue's A5
    let report = audit(&moves, Teams::Two);
    assert_eq!(report.verdict, Verdict::Valid);
    assert_eq!(report.game.winner(), Some(Team::BLUE));
    assert_eq!(report.game.to_move(), None);
    assert!(report.to_string().starts_with(
        "VALID GAME\nwinner: blue\nsequences: blue 2, green 0\nboard after 15 moves:\n"
    ));
    moves.push(put("J5", "green"));
    let report = audit(&moves, Teams::Two);
    assert_eq!(invalid(&report), (16, IllegalKind::GameOver));
    assert_eq!(
        report.verdict.to_string(),
        "INVALID 16",
        "the verdict names the turn"
    );
    assert!(report
        .to_string()
        .contains("illegal: blue has already won: no move follows a win\n"));
}

#[test]
fn a_second_sequence_shares_at_most_one_square_with_the_first() {
    let blue = ["A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "I2"];
    let moves = alternate(&blue, &GREEN);
    let counts: Vec<usize> = (1..=blue.len())
        .map(|n| {
            let report = audit(&moves[..2 * n - 1], Teams::Two);
            report.game.sequence_count(Team::BLUE)
        })
        .collect();
    // A..E is one; F, G, H would share 4, 3, 2 squares with it; E..I shares one: the win.
    assert_eq!(counts, [0, 0, 0, 0, 1, 1, 1, 1, 2]);
    let report = audit(&moves[..17], Teams::Two);
    assert_eq!(report.game.winner(), Some(Team::BLUE));
    let squares: Vec<Vec<String>> = report
        .game
        .sequences()
        .iter()
        .map(|s| s.squares.iter().map(|q| q.to_string()).collect())
        .collect();
    assert_eq!(
        squares,
        [
            ["A2", "B2", "C2", "D2", "E2"],
            ["E2", "F2", "G2", "H2", "I2"]
        ]
    );
}

#[test]
fn nine_in_a_row_made_in_the_middle_are_two_sequences_at_once() {
    let blue = ["A3", "B3", "C3", "D3", "F3", "G3", "H3", "I3", "E3"];
    let report = audit(&alternate(&blue, &GREEN), Teams::Two);
    assert_eq!(report.verdict, Verdict::Valid);
    assert_eq!(report.game.sequence_count(Team::BLUE), 2);
    assert_eq!(report.game.winner(), Some(Team::BLUE));
}

#[test]
fn with_three_teams_one_sequence_wins() {
    let mut moves = Vec::new();
    let blue = ["B1", "C1", "D1", "E1"];
    let green = ["B6", "E6", "H6", "C8"];
    let red = ["F8", "I8", "D10", "G10"];
    for i in 0..4 {
        moves.push(put(blue[i], "blue"));
        if i < 3 {
            moves.push(put(green[i], "green"));
            moves.push(put(red[i], "red"));
        }
    }
    let report = audit_full(log(&moves).as_bytes(), None).unwrap();
    assert_eq!(report.game.teams(), Teams::Three); // inferred: the log names red
    assert_eq!(report.game.winner(), Some(Team::BLUE));
    moves.push(put(green[3], "green"));
    let report = audit(&moves, Teams::Three);
    assert_eq!(invalid(&report), (11, IllegalKind::GameOver));
}

#[test]
fn names_the_board_or_game_lacks_are_errors() {
    let error = |moves: &[&str], teams| {
        audit_full(log(&lines(moves)).as_bytes(), teams)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        error(&["5s P E1 red"], Some(Teams::Two)),
        "line 2: there is no team red in a 2-team game (blue, green)"
    );
    assert_eq!(
        error(&["5s P 5s"], None),
        "line 2: the full rules need the square of every placement and removal (such as `5s@B7` or `B7`), found only `5s`"
    );
    assert_eq!(
        error(&["5s P 6s@E1"], None),
        "line 2: square E1 shows 5s, not 6s"
    );
    // Names are checked on every line, even after the first illegal move.
    assert!(matches!(
        audit_full(log(&lines(&["5s P F1", "Jd P Jd@B2"])).as_bytes(), None),
        Err(LogError::Name { line: 3, .. })
    ));
}

#[test]
fn the_report_shows_the_board() {
    let moves = lines(&["5s P 5s@E1 blue", "Jd P A2 green", "Jh R B2 blue"]);
    let report = audit(&moves, Teams::Two);
    let expected = "\
INVALID 3
illegal: B2 holds no token to remove
sequences: blue 0, green 0
board before turn 3:
   A B C D E F G H I J
 1 * . . . b . . . . *
 2 g . . . . . . . . .
 3 . . . . . . . . . .
 4 . . . . . . . . . .
 5 . . . . . . . . . .
 6 . . . . . . . . . .
 7 . . . . . . . . . .
 8 . . . . . . . . . .
 9 . . . . . . . . . .
10 * . . . . . . . . *
";
    assert_eq!(report.to_string(), expected);

    let moves = alternate(&["B1", "C1", "D1", "E1"], &GREEN[..3]);
    let text = audit(&moves, Teams::Two).to_string();
    assert!(text.starts_with(
        "VALID GAME\nwinner: none yet\nsequences: blue 1, green 0\nboard after 7 moves:\n"
    ));
    assert!(text.contains("\n 1 * B B B B . . . . *\n"), "{text}");
    assert!(text.contains("\n 6 . g . . g . . g . .\n"), "{text}");
}
