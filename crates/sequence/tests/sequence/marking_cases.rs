//! Issue 15, by hand: a line longer than five is not judged by an arbitrary choice of the five
//! squares marked; recorded markings are binding; the rule options (first team, plays per
//! card).

use fairplay_sequence::explain::explain_full;
use fairplay_sequence::{
    audit_full, audit_full_with, Board, Cell, FullOptions, FullReport, IllegalKind, IllegalMove,
    Square, Team, Teams, Verdict,
};
use fairplay_sim::sequence::{simulate_seeded, Config};

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

/// `card P card@square`, for the card shown on `sq`.
fn put(sq: &str) -> String {
    let card = Board::standard().card_at(square(sq)).unwrap();
    format!("{card} P {card}@{sq}")
}

/// Green squares that never line up: for filling green's turns.
const GREEN: [&str; 8] = ["B6", "E6", "H6", "C8", "F8", "I8", "D10", "G10"];

/// Blue plays `blue` (each a square, or a full move), green fills its turns in between;
/// `then` follows blue's last move instead of green's filler.
fn game(blue: &[&str], then: &[&str]) -> String {
    let mut moves = Vec::new();
    for (i, b) in blue.iter().enumerate() {
        moves.push(if b.contains(' ') {
            b.to_string()
        } else {
            put(b)
        });
        if i + 1 < blue.len() {
            moves.push(put(GREEN[i]));
        }
    }
    moves.extend(then.iter().map(|m| m.to_string()));
    let mut log = format!("{}\n", moves.len());
    for (i, line) in moves.iter().enumerate() {
        log.push_str(&format!("{} {line}\n", i + 1));
    }
    log
}

fn audit(log: &str) -> FullReport {
    audit_full(log.as_bytes(), Some(Teams::Two)).unwrap()
}

fn invalid(report: &FullReport) -> (u64, IllegalMove) {
    match &report.verdict {
        Verdict::Invalid { turn, illegal, .. } => (*turn, *illegal),
        Verdict::Valid => panic!("judged valid:\n{report}"),
    }
}

/// Blue covers D2, E2, F2, H2, I2, then G2: six in a row completed inside (turn 11).
const SIX: [&str; 6] = ["D2", "E2", "F2", "H2", "I2", "G2"];

#[test]
fn a_line_of_six_leaves_both_markings_open() {
    let report = audit(&game(&SIX, &[]));
    assert_eq!(report.verdict, Verdict::Valid);
    assert_eq!(report.game.sequence_count(Team::BLUE), 1);
    assert!(report.game.sequences().is_empty(), "no sequence is certain");
    for sq in ["E2", "F2", "G2", "H2"] {
        assert!(matches!(
            report.game.cell(square(sq)),
            Cell::Token { locked: true, .. }
        ));
    }
    for sq in ["D2", "I2"] {
        assert!(report.game.possibly_marked(square(sq)), "{sq}");
        assert!(matches!(
            report.game.cell(square(sq)),
            Cell::Token { locked: false, .. }
        ));
    }
    let text = report.to_string();
    assert!(text.contains("\n 2 . . . ? B B B B ? .\n"), "{text}");
    assert!(
        text.ends_with("possible markings: blue D2-H2 or E2-I2\n"),
        "{text}"
    );
}

#[test]
fn the_two_mirror_games_are_both_won() {
    // D2..I2 completed at G2, then C2, B2, A2: A2-E2 shares only E2 with E2-I2.
    let left = game(&[&SIX[..], &["C2", "B2", "A2"]].concat(), &[]);
    let report = audit(&left);
    assert_eq!(
        (report.verdict.clone(), report.game.winner()),
        (Verdict::Valid, Some(Team::BLUE))
    );
    assert_eq!(report.moves, 17);
    // B2..G2 completed at D2, then H2, I2, J2: F2-J2 shares only F2 with B2-F2.
    let right = game(&["B2", "C2", "E2", "F2", "G2", "D2", "H2", "I2", "J2"], &[]);
    let report = audit(&right);
    assert_eq!(
        (report.verdict.clone(), report.game.winner()),
        (Verdict::Valid, Some(Team::BLUE))
    );
    assert_eq!(report.moves, 17);
    // A move after either win is illegal.
    for log in [left, right] {
        let more = log.replacen("17\n", "18\n", 1) + "18 9h P E7 green\n";
        assert!(matches!(
            invalid(&audit(&more)),
            (18, IllegalMove::GameOver { winner: Team::BLUE })
        ));
    }
}

#[test]
fn the_wins_rest_on_the_marking_and_explain_says_which() {
    let left = game(&[&SIX[..], &["C2", "B2", "A2"]].concat(), &[]);
    let explanation = explain_full(left.as_bytes(), Some(Teams::Two)).unwrap();
    assert_eq!(
        explanation.marking,
        ["turn 17: blue wins only if blue marked E2-I2 at turn 11, not D2-H2"]
    );
    // Without the last move nothing rests on the choice yet; it is still open.
    let open = explain_full(game(&SIX, &[]).as_bytes(), Some(Teams::Two)).unwrap();
    assert_eq!(
        open.marking,
        ["blue's sequence of turn 11 is D2-H2 or E2-I2: the log does not say which"]
    );
}

#[test]
fn either_end_of_a_line_of_six_may_be_removed_but_not_its_middle() {
    for (end, kept) in [("D2", "E2-I2"), ("I2", "D2-H2")] {
        let log = game(&SIX, &[&format!("Jh R {end} green")]);
        let report = audit(&log);
        assert_eq!(report.verdict, Verdict::Valid, "{end}:\n{report}");
        assert!(report.game.sequences().len() == 1 && report.game.choices().len() == 1);
        let explanation = explain_full(log.as_bytes(), None).unwrap();
        let dropped = if kept == "E2-I2" { "D2-H2" } else { "E2-I2" };
        assert_eq!(
            explanation.marking,
            [format!(
                "turn 12: the removal of blue's token on {end} is legal only if blue marked {kept} at turn 11, not {dropped}"
            )]
        );
        // The other end is now certainly marked.
        let other = if end == "D2" { "I2" } else { "D2" };
        assert!(matches!(
            report.game.cell(square(other)),
            Cell::Token { locked: true, .. }
        ));
    }
    for middle in ["E2", "F2", "G2", "H2"] {
        let report = audit(&game(&SIX, &[&format!("Jh R {middle} green")]));
        assert!(
            matches!(invalid(&report), (12, IllegalMove::InSequence { .. })),
            "{middle}"
        );
    }
}

#[test]
fn the_issue_game_of_seed_1000646_is_won_by_green_at_turn_58() {
    let game = simulate_seeded(&Config::full(Teams::Two), 1_000_646);
    assert_eq!(game.winner, Some(Team::GREEN));
    let log = game.log();
    let report = audit_full(log.as_bytes(), Some(Teams::Two)).unwrap();
    assert_eq!((report.verdict.clone(), report.moves), (Verdict::Valid, 58));
    assert_eq!(report.game.winner(), Some(Team::GREEN));
    let explanation = explain_full(log.as_bytes(), None).unwrap();
    assert_eq!(
        explanation.marking,
        ["turn 58: green wins only if green marked E5-I1 at turn 20, not D6-H2"]
    );
}

#[test]
fn a_recorded_marking_is_binding() {
    let marked = |mark: &str| {
        let mut blue: Vec<String> = SIX.iter().map(|s| s.to_string()).collect();
        blue[5] = format!("{} blue {mark}", put("G2"));
        blue.extend(["C2", "B2", "A2"].map(String::from));
        let blue: Vec<&str> = blue.iter().map(String::as_str).collect();
        audit(&game(&blue, &[]))
    };
    // Marked E2-I2 (written from either end): A2 makes the second sequence.
    for mark in ["E2-I2", "I2-E2"] {
        let report = marked(mark);
        assert_eq!(report.game.winner(), Some(Team::BLUE), "{mark}");
    }
    // Marked D2-H2: A2-E2 would share D2 and E2 with it. No win, and D2 is locked.
    let report = marked("D2-H2");
    assert_eq!(
        (report.verdict.clone(), report.game.winner()),
        (Verdict::Valid, None)
    );
    assert!(matches!(
        report.game.cell(square("D2")),
        Cell::Token { locked: true, .. }
    ));
    assert!(!report.to_string().contains("possible markings"));
}

#[test]
fn a_recorded_marking_is_checked() {
    let last = |tail: &str| {
        let mut blue: Vec<String> = SIX.iter().map(|s| s.to_string()).collect();
        blue[5] = format!("{} blue {tail}", put("G2"));
        let blue: Vec<&str> = blue.iter().map(String::as_str).collect();
        invalid(&audit(&game(&blue, &[])))
    };
    assert!(
        matches!(last("C2-G2"), (11, IllegalMove::MarkNotHeld { square: s, .. }) if s == square("C2"))
    );
    assert!(matches!(
        last("G6-G2"),
        (11, IllegalMove::MarkNotHeld { .. })
    ));
    assert!(matches!(
        last("A1-E1"),
        (11, IllegalMove::MarkMisses { .. })
    ));
    assert!(matches!(
        last("D2-H2+E2-I2"),
        (11, IllegalMove::MarkShares { shared: 4, .. })
    ));
    // A second sequence sharing more than one square with the first one recorded.
    let mut blue: Vec<String> = SIX.iter().map(|s| s.to_string()).collect();
    blue[5] = format!("{} blue D2-H2", put("G2"));
    blue.push(format!("{} blue C2-G2", put("C2")));
    let blue: Vec<&str> = blue.iter().map(String::as_str).collect();
    let (turn, illegal) = invalid(&audit(&game(&blue, &[])));
    assert_eq!((turn, illegal.kind()), (13, IllegalKind::BadMarking));
    assert_eq!(
        illegal.to_string(),
        "the sequence C2-G2 shares 4 squares with blue's sequence D2-H2; a team's sequences share at most one"
    );
    // Marks on a removal are a broken log, not an illegal move.
    let log = "2\n1 5s P E1\n2 Jh R E1 A1-E1\n";
    assert!(audit_full(log.as_bytes(), None).is_err());
}

#[test]
fn three_teams_win_with_either_marking() {
    // Blue D2..I2 completed at G2; green and red fill.
    let fill = [
        "B6", "E6", "H6", "C8", "F8", "I8", "D10", "G10", "B9", "J5", "A7",
    ];
    let mut moves = Vec::new();
    let mut fillers = fill.iter();
    for (i, sq) in SIX.iter().enumerate() {
        moves.push(put(sq));
        if i + 1 < SIX.len() {
            moves.push(put(fillers.next().unwrap()));
            moves.push(put(fillers.next().unwrap()));
        }
    }
    let mut log = format!("{}\n", moves.len());
    for (i, line) in moves.iter().enumerate() {
        log.push_str(&format!("{} {line}\n", i + 1));
    }
    let report = audit_full(log.as_bytes(), Some(Teams::Three)).unwrap();
    assert_eq!(report.game.winner(), Some(Team::BLUE));
    assert!(report.game.choices().is_empty(), "either marking wins");
    assert!(report
        .to_string()
        .ends_with("possible markings: blue D2-H2 or E2-I2\n"));
}

#[test]
fn the_first_team_and_the_plays_per_card_are_options() {
    let log = "3\n1 5s P E1 green\n2 5s P D9 blue\n3 Jd P A2 green\n";
    let green = FullOptions {
        first: Team::GREEN,
        ..FullOptions::default()
    };
    assert_eq!(
        audit_full_with(log.as_bytes(), None, green)
            .unwrap()
            .verdict,
        Verdict::Valid
    );
    let report = audit_full(log.as_bytes(), None).unwrap();
    assert!(matches!(
        invalid(&report),
        (1, IllegalMove::OutOfTurn { .. })
    ));
    // Red first makes a three-team game; with two teams it is an error.
    let red = FullOptions {
        first: Team::RED,
        ..FullOptions::default()
    };
    let report = audit_full_with(b"1\n1 5s P E1 red\n", None, red).unwrap();
    assert_eq!(
        (report.verdict, report.game.teams()),
        (Verdict::Valid, Teams::Three)
    );
    let error = audit_full_with(b"1\n1 5s P E1\n", Some(Teams::Two), red).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1: there is no team red in a 2-team game (blue, green)"
    );

    // A third 5s: illegal by default, legal with no cap or a cap of 3.
    let third = "4\n1 5s P E1\n2 Jh R E1\n3 5s P E1\n4 5s P D9\n";
    let default = audit_full(third.as_bytes(), None).unwrap();
    assert!(matches!(
        invalid(&default),
        (4, IllegalMove::CardUsedUp { .. })
    ));
    for cap in [None, Some(3)] {
        let options = FullOptions {
            card_plays: cap,
            ..FullOptions::default()
        };
        let report = audit_full_with(third.as_bytes(), None, options).unwrap();
        assert_eq!(report.verdict, Verdict::Valid, "{cap:?}");
    }
    let once = FullOptions {
        card_plays: Some(1),
        ..FullOptions::default()
    };
    let (turn, illegal) = invalid(&audit_full_with(third.as_bytes(), None, once).unwrap());
    assert_eq!((turn, illegal.kind()), (3, IllegalKind::CardUsedUp));
    assert_eq!(
        illegal.to_string(),
        "5s has already been played once, the most these rules allow"
    );
}
