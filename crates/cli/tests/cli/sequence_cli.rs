//! `fairplay sequence` through the real binary: contract output, the full rules' report,
//! exit codes, error messages (as text, and as JSON documents with `--format json`).

use crate::common;

use std::path::PathBuf;

use common::{assert_valid, fairplay, validator};
use predicates::prelude::*;
use serde_json::json;

fn example(name: &str) -> PathBuf {
    common::example(&format!("sequence/{name}"))
}

/// Runs `fairplay sequence ARGS` on `input` (stdin); returns (status, stdout, stderr).
fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let output = fairplay()
        .arg("sequence")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn log(moves: &[&str]) -> String {
    let mut text = format!("{}\n", moves.len());
    for (i, line) in moves.iter().enumerate() {
        text.push_str(&format!("{} {line}\n", i + 1));
    }
    text
}

#[test]
fn the_four_spec_samples_byte_for_byte() {
    for (file, expected) in [
        ("sample1.log", "VALID GAME\n"),
        ("sample2.log", "INVALID 2\n"),
        ("sample3.log", "INVALID 3\n"),
        ("sample4.log", "INVALID 2\n"),
    ] {
        fairplay()
            .arg("sequence")
            .arg(example(file))
            .assert()
            .code(0)
            .stdout(expected)
            .stderr("");
    }
}

#[test]
fn reads_standard_input_with_or_without_a_dash() {
    let sample = std::fs::read_to_string(example("sample3.log")).unwrap();
    assert_eq!(run(&[], &sample), (0, "INVALID 3\n".into(), String::new()));
    assert_eq!(
        run(&["-"], &sample),
        (0, "INVALID 3\n".into(), String::new())
    );
    let crlf = sample.replace('\n', "\r\n");
    assert_eq!(run(&["--rules", "contract"], &crlf).1, "INVALID 3\n");
}

#[test]
fn every_contract_illegal_kind_is_a_verdict() {
    let cases: [(&[&str], &str); 7] = [
        (&["5s P 5s", "5s P 5s", "Jh R 5s", "5s P 5s"], "INVALID 4\n"), // third 5s
        (&["5s P 5s", "5s R 5s"], "INVALID 2\n"),                       // only Jh/Js remove
        (&["Js P 5s"], "INVALID 1\n"),                                  // one-eyed places
        (&["Jd P Jc"], "INVALID 1\n"),                                  // a Jack as the spot
        (&["5s P 5h"], "INVALID 1\n"),                                  // wrong spot
        (&["5s P 5s", "Jd P 5s", "Jc P 5s"], "INVALID 3\n"),            // both spots covered
        (&["Jh R 5s"], "INVALID 1\n"),                                  // nothing to remove
    ];
    for (moves, expected) in cases {
        assert_eq!(
            run(&[], &log(moves)),
            (0, expected.into(), String::new()),
            "{moves:?}"
        );
    }
}

#[test]
fn every_full_rules_illegal_kind_is_a_verdict_with_its_reason() {
    let cases: [(&[&str], &str); 14] = [
        (
            &["5s P E1", "5s P D9", "5s P E1"],
            "5s has already been played twice",
        ),
        (&["5s R E1"], "5s cannot remove a token"),
        (&["Jh P B2"], "Jh is a one-eyed Jack"),
        (&["5s P F1"], "5s is played on F1, which shows 6s"),
        (&["Jd P A1"], "a free corner"),
        (&["5s P E1", "Jd P E1"], "E1 already holds a blue token"),
        (&["Jh R E1"], "E1 holds no token to remove"),
        (
            &["5s P E1", "6s P F1", "Jh R E1"],
            "blue removes its own token on E1",
        ),
        (
            &[
                "2s P B1", "Xc P A6", "3s P C1", "Xs P B6", "4s P D1", "7h P D6", "5s P E1",
                "Js R C1",
            ],
            "the blue token on C1 is part of a completed sequence",
        ),
        (
            &["5s P E1 blue", "6s P F1 blue"],
            "blue moves, but it is green's turn",
        ),
        (
            &[
                "2s P B1", "Xc P A6", "3s P C1", "Xs P B6", "4s P D1", "7h P D6", "5s P E1",
                "2h P E6", "6c P A2", "Qc P A7", "7c P A3", "9s P B7", "8c P A4", "9c P C7",
                "9c P A5", "8h P D7",
            ],
            "blue has already won: no move follows a win",
        ),
        (&["Jd D"], "a Jack is never dead"),
        (
            &["5s D"],
            "5s is discarded, but it is not dead: E1 is empty",
        ),
        (
            &["Jd P E1", "Jc P D9", "Jd P F1", "Jc P C9", "5s D", "6s D"],
            "a second discard in one turn",
        ),
    ];
    for (moves, reason) in cases {
        let (code, out, err) = run(&["--rules", "full"], &log(moves));
        assert_eq!((code, err.as_str()), (0, ""), "{moves:?}");
        let turn = moves.len();
        assert!(
            out.starts_with(&format!("INVALID {turn}\nillegal: ")),
            "{moves:?}\n{out}"
        );
        assert!(out.contains(reason), "{moves:?}\n{out}");
        assert!(out.contains(&format!(
            "board before turn {turn}:\n   A B C D E F G H I J\n"
        )));
        assert_eq!(out.lines().count(), 4 + 11, "{out}");
    }
}

#[test]
fn full_rules_example_game_is_won_and_shows_the_board() {
    let expected = "\
VALID GAME
winner: blue
sequences: blue 2, green 1
board after 52 moves:
   A B C D E F G H I J
 1 * b g G g g b . . *
 2 . b . . G b g . g .
 3 . . g . g G b b . g
 4 . b B . g g G . b .
 5 . . B g B . . G . b
 6 . g B B g g . b b .
 7 . b B . . b . . g g
 8 g B B . . . . . . .
 9 B . . . . . . . . .
10 * . . b . . . . . *
";
    fairplay()
        .args(["sequence", "--rules", "full"])
        .arg(example("full-game.log"))
        .assert()
        .code(0)
        .stdout(expected);
    fairplay()
        .args(["sequence", "--rules", "full"])
        .arg(example("full-illegal.log"))
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(
            "INVALID 51\nillegal: the blue token on B8 is part of a completed sequence and cannot be removed\n",
        ));
    fairplay()
        .args(["sequence", "--rules", "full"])
        .arg(example("three-teams.log"))
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(
            "VALID GAME\nwinner: blue\nsequences: blue 1, green 0, red 0\n",
        ));
}

#[test]
fn teams_are_inferred_or_given() {
    let three = log(&["5s P E1 blue", "6s P F1 green", "7s P G1 red"]);
    let (code, out, _) = run(&["--rules", "full"], &three);
    assert_eq!(code, 0);
    assert!(out.contains("sequences: blue 0, green 0, red 0\n"), "{out}");
    let (code, out, err) = run(&["--rules", "full", "--teams", "2"], &three);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "fairplay: <stdin>: line 4: there is no team red in a 2-team game (blue, green)\n"
    );
    let two = log(&["5s P E1", "6s P F1", "7s P G1"]);
    let (_, out, _) = run(&["--rules", "full", "--teams", "3"], &two);
    assert!(out.contains("red 0"), "{out}");
}

#[test]
fn malformed_input_is_exit_2_naming_the_line() {
    let cases = [
        (
            "2\n1 5s P 5s\n",
            "line 3: expected 2 moves as line 1 says, found 1",
        ),
        ("1\n1 5z P 5s\n", "line 2: expected a card such as"),
        (
            "1\n1 5s X 5s\n",
            "line 2: expected `P` (place), `R` (remove)",
        ),
        ("1\n1 5s P 5s extra\n", "line 2: expected a team"),
        (
            "2\n1 5s P 5s\n1 7h P 7h\n",
            "line 3: expected a turn number above 1",
        ),
        ("2\n1 5s P 7s\n2 7h P\n", "line 3: expected a spot"), // after the first illegal move
        (
            "99999999999999999999999999999\n",
            "line 1: expected the number of moves",
        ),
        (
            "",
            "line 1: expected the number of moves, found an empty input",
        ),
    ];
    for (input, message) in cases {
        let (code, out, err) = run(&[], input);
        assert_eq!((code, out.as_str()), (2, ""), "{input:?}");
        assert!(
            err.starts_with(&format!("fairplay: <stdin>: {message}")),
            "{input:?}: {err}"
        );
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn bad_options_and_files_are_exit_2() {
    let (code, _, err) = run(&["--teams", "3"], "1\n1 5s P 5s\n");
    assert_eq!(
        (code, err.as_str()),
        (2, "fairplay: --teams: applies only with --rules full\n")
    );
    let (code, _, _) = run(&["--rules", "full", "--teams", "4"], "");
    assert_eq!(code, 2);
    let (code, _, _) = run(&["--rules", "partial"], "");
    assert_eq!(code, 2);
    fairplay()
        .args(["sequence", "/nonexistent/game.log"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "fairplay: /nonexistent/game.log: cannot read: ",
        ));
    let (code, _, err) = run(&["--rules", "full"], "1\n1 5s P 5s\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("line 2: the full rules need the square"),
        "{err}"
    );
}

#[test]
fn help_teaches_the_format_and_the_10_alias() {
    fairplay()
        .args(["sequence", "--help"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "`10` is accepted for `X` (10h = Xh)",
        ))
        .stdout(predicate::str::contains("--rules <RULES>"))
        .stdout(predicate::str::contains("5s@E1"));
    fairplay()
        .arg("--help")
        .assert()
        .stdout(predicate::str::contains(
            "Validate a Sequence log: find the first illegal move",
        ));
    assert_eq!(run(&[], "1\n1 10h P Xh\n").1, "VALID GAME\n");
}

/// With `--format json`, a log that cannot be judged is an error document on standard
/// output (following the schema), nothing on standard error, and exit status 2, under either
/// rules and with or without `--explain`.
#[test]
fn json_error_documents_for_malformed_logs_and_rule_errors() {
    let validator = validator();
    let cases: [(&[&str], String, serde_json::Value); 4] = [
        (
            &[],
            "1\n1 5z P 5s\n".to_string(),
            json!({
                "kind": "malformed",
                "line": 2,
                "action": null,
                "message": "expected a card such as `5s`, `Xh` or `10h` (rank 2-9, X or 10, J, Q, K, A; suit h, c, d, s), found `5z`",
            }),
        ),
        (
            &[],
            "2\n1 5s P 5s\n1 7h P 7h\n".to_string(),
            json!({
                "kind": "malformed",
                "line": 3,
                "action": null,
                "message": "expected a turn number above 1 (turns increase), found `1`",
            }),
        ),
        (
            &["--rules", "full"],
            "1\n1 5s P 5s\n".to_string(),
            json!({
                "kind": "rule",
                "line": 2,
                "action": null,
                "message": "the full rules need the square of every placement and removal (such as `5s@B7` or `B7`), found only `5s`",
            }),
        ),
        (
            &["--rules", "full", "--teams", "2"],
            log(&["5s P E1 blue", "6s P F1 green", "7s P G1 red"]),
            json!({
                "kind": "rule",
                "line": 4,
                "action": null,
                "message": "there is no team red in a 2-team game (blue, green)",
            }),
        ),
    ];
    for (rules, input, error) in cases {
        for explain in [&[][..], &["--explain"]] {
            let mut args = vec!["--format", "json"];
            args.extend_from_slice(rules);
            args.extend_from_slice(explain);
            let (code, out, err) = run(&args, &input);
            assert_eq!((code, err.as_str()), (2, ""), "{args:?} {input:?}");
            let document = assert_valid(&validator, &out);
            assert_eq!(
                document,
                json!({"schema_version": 1, "game": "sequence", "error": error}),
                "{args:?} {input:?}"
            );
            assert!(out.ends_with("}\n"), "one document and a line break");
        }
    }
}
